/**
 * Writing a benchmark result: results.json (everything, machine-readable), results.md (the
 * tables) and the charts, into one folder.
 */
import { makeOutputFolder, writeFileAtomic } from '../io/files.js';
import { join } from 'node:path';
import { escapeControls, IoaError } from '../model/errors.js';
import type { Metrics } from './metrics.js';
import { contributionOf, type BenchResult, type GeneratorRun, type LeaveOneOut } from './runner.js';
import { CHART_FILES, renderCharts } from './charts.js';
import { curieOf } from '../coherence/semantics.js';

/** Every file writeReport may write into its folder. */
export const REPORT_FILES: readonly string[] = ['results.json', 'results.md', ...CHART_FILES];

const pct = (x: number | undefined): string => (x === undefined ? '–' : (x * 100).toFixed(1));
const num = (x: number, digits = 2): string => x.toFixed(digits);
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
const secs = (ms: number): string => (ms / 1000).toFixed(2);

function table(header: string[], rows: string[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

const label = (run: GeneratorRun): string => (run.kind === 'baseline' ? `${run.name} (baseline)` : run.kind === 'fusion' ? `${run.name} (fused)` : run.name);

function rankingRows(runs: GeneratorRun[], pick: (r: GeneratorRun) => Metrics | undefined, ks: number[], topK: number): string[][] {
  return runs.map((run) => {
    const m = pick(run)!;
    return [label(run), ...ks.map((k) => pct(m.hitsAt[String(k)])), num(m.mrr, 3), pct(m.recallAt[topK - 1]), pct(m.candidateRecall), num(m.candidatesPerSubject, 1)];
  });
}

function proposalRows(runs: GeneratorRun[], pick: (r: GeneratorRun) => Metrics | undefined, micro: boolean): string[][] {
  return runs.map((run) => {
    const m = pick(run)!;
    const o = m.oracle;
    const oracle = `${pct(o.f1)}${micro && o.threshold !== null ? ` (t ≥ ${+o.threshold.toPrecision(4)}, P ${pct(o.precision)}, R ${pct(o.recall)})` : ''}`;
    return [label(run), micro ? String(m.proposal.proposed) : num(m.proposal.proposed, 1), micro ? String(m.proposal.correct) : num(m.proposal.correct, 1), pct(m.proposal.precision), pct(m.proposal.recall), pct(m.proposal.f1), oracle];
  });
}

// The Alignment API symbols of the predicates that have one (`%` is incompatibility, no predicate).
const SYMBOL: Record<string, string> = { 'skos:exactMatch': '=', 'skos:broadMatch': '<', 'skos:narrowMatch': '>' };

/** Relation-level ranking, the top-1 exactMatch share and the per-relation figures (micro). */
function relationSection(runs: GeneratorRun[], topK: number): string[] {
  const out: string[] = ['## Relations', '', `Relation level: the candidate's relation must be the reference's. Top-1 exactMatch: reference subjects with candidates whose first candidate row is labelled skos:exactMatch. Per reference relation: object-level Hits@1, MRR (over that relation's subjects) and recall@10, then the rows whose exact triple is among the subject's top 10 candidate rows ("right relation in top 10"), and Hits@1 in the ranking of the relation's own kind (an equivalent among the equivalence candidates, a broader or narrower concept among the broadMatch / narrowMatch ones).`, ''];
  out.push(
    table(
      ['generator', 'Hits@1', 'MRR', `recall@${topK}`, 'mutual top-1 F1', 'top-1 exactMatch'],
      runs.map((run) => {
        const m = run.micro!;
        return [label(run), pct(m.relation.hitsAt['1']), num(m.relation.mrr, 3), pct(m.relation.recallAt[topK - 1]), pct(m.relation.proposal.f1), `${pct(m.top1ExactMatch.share)} (${m.top1ExactMatch.exactMatch}/${m.top1ExactMatch.subjects})`];
      }),
    ),
    '',
  );
  const rows: string[][] = [];
  for (const run of runs) {
    for (const [predicate, r] of Object.entries(run.micro!.byRelation)) {
      rows.push([label(run), `${SYMBOL[predicate] ?? predicate} (${predicate})`, String(r.rows), pct(r.hitsAt1), num(r.mrr, 3), pct(r.recallAt10), `${r.rightRelationAt10} (${pct(r.rightRelationShare)})`, pct(r.hitsAt1OwnKind)]);
    }
  }
  out.push(table(['generator', 'reference relation', 'rows', 'Hits@1', 'MRR', 'recall@10', 'right relation in top 10', "Hits@1 in its kind's ranking"], rows), '');
  return out;
}

function selectionRows(runs: GeneratorRun[], multi: boolean): string[][] {
  return runs.map((run) => {
    const sel = run.selection;
    if (!sel) return [label(run), '–', '–', '–', '–', '–', '–', '–', ...(multi ? ['–'] : [])];
    const m = sel.micro;
    return [label(run), sel.minScore !== undefined ? `≥ ${sel.minScore}` : 'none', String(m.proposed), String(m.correct), pct(m.precision), pct(m.recall), pct(m.f1), pct(sel.relation.f1), ...(multi ? [pct(sel.macro.f1)] : [])];
  });
}

/** The tables of a result as Markdown. */
/** Each member's contribution: the fused list without it, beside the full one. */
function leaveOneOutSection(result: BenchResult): string[] {
  const fused = result.runs.find((r) => r.kind === 'fusion' && r.micro);
  if (!result.leaveOneOut?.length || !fused) return [];
  const all = contributionOf('', fused.micro!, result.config.topK);
  const delta = (x: number, y: number): string => {
    const d = Math.round((x - y) * 1000) / 10;
    return d === 0 ? '±0' : d > 0 ? `+${d.toFixed(1)}` : d.toFixed(1);
  };
  const withEquivalence = all.equivalenceHitsAt1OwnKind !== undefined;
  const row = (label: string, c: LeaveOneOut): string[] => [
    label,
    `${pct(c.hitsAt1)}${c === all ? '' : ` (${delta(c.hitsAt1, all.hitsAt1)})`}`,
    `${pct(c.recallAt10)}${c === all ? '' : ` (${delta(c.recallAt10, all.recallAt10)})`}`,
    `${pct(c.relationRecallAt10)}${c === all ? '' : ` (${delta(c.relationRecallAt10, all.relationRecallAt10)})`}`,
    `${c.directionalRightAt10}${c === all ? '' : ` (${c.directionalRightAt10 - all.directionalRightAt10 >= 0 ? '+' : ''}${c.directionalRightAt10 - all.directionalRightAt10})`}`,
    ...(withEquivalence ? [`${pct(c.equivalenceHitsAt1OwnKind)}${c === all ? '' : ` (${delta(c.equivalenceHitsAt1OwnKind ?? 0, all.equivalenceHitsAt1OwnKind ?? 0)})`}`] : []),
  ];
  return [
    '## Contribution of each generator (leave-one-out)',
    '',
    'The fused list of every member but one, scored like the fused run (micro), the change from the full fusion in brackets, in points: a figure that rises when a member is left out is one that member makes worse on this track.',
    '',
    table(['fused', 'Hits@1', 'recall@10', 'recall@10, relation counted', '< and > rows right in top 10', ...(withEquivalence ? ['= rows: Hits@1 among equivalence candidates'] : [])], [
      row('all members', all),
      ...result.leaveOneOut.map((c) => row(`without ${c.without}`, c)),
    ]),
    '',
  ];
}

export function formatMarkdown(result: BenchResult): string {
  const { corpus, config, environment: env } = result;
  const runs = result.runs.filter((r) => r.status === 'ok');
  const skipped = result.runs.filter((r) => r.status === 'skipped');
  const refTotal = corpus.pairs.reduce((a, p) => a + p.referenceTriples, 0);
  const subjTotal = corpus.pairs.reduce((a, p) => a + p.referenceSubjects, 0);
  const relations: Record<string, number> = {};
  for (const p of corpus.pairs) for (const [rel, n] of Object.entries(p.relations)) relations[rel] = (relations[rel] ?? 0) + (n ?? 0);
  const ignored = corpus.pairs.reduce((a, p) => a + p.referenceRowsIgnored, 0);
  const notInSource = corpus.pairs.reduce((a, p) => a + p.subjectsNotInSource, 0);
  const notInTarget = corpus.pairs.reduce((a, p) => a + p.objectsNotInTarget, 0);
  const multi = corpus.pairs.length > 1;
  const out: string[] = [];
  out.push(`# Benchmark: ${corpus.name}`, '');
  if (corpus.description) out.push(corpus.description, '');
  out.push(
    `- Date: ${result.date}`,
    `- Machine: ${env.machine.cpuModel} × ${env.machine.cpuCount}, ${(env.machine.totalMemoryBytes / 1024 ** 3).toFixed(1)} GiB, ${env.machine.platform} ${env.machine.release}, Node ${env.machine.node}, load average ${env.machine.loadAverage.map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end of the run`,
    `- ${env.tool.name} ${env.tool.version}, commit ${env.git.commit ? env.git.commit.slice(0, 12) : 'unknown'}${env.git.dirty ? ' (working tree had uncommitted changes)' : ''}`,
    `- Pairs: ${corpus.pairs.length}; reference mappings: ${refTotal} (${Object.entries(relations).map(([r, n]) => `${curieOf(r)} ${n}`).join(', ')}) over ${subjTotal} reference subjects${ignored ? `; ${ignored} reference rows not scored (rejected, literal or incompatibility rows)` : ''}${notInSource ? `; ${notInSource} reference subjects are not in their source ontology` : ''}${notInTarget ? `; ${notInTarget} reference objects are not in their target ontology (no generator can find them)` : ''}`,
    `- Candidates per subject (top-k): ${config.topK}; ontology loading ${secs(result.loading.wallMs)} s`,
    '',
    'Headline metrics are object level: a candidate finds a reference row when subject and object agree, whatever its relation (the reverse direction never does). The Relations section counts the relation too.',
    `Ranking: ${config.rules.ranking}.`,
    `Proposal set: ${config.rules.proposal}.`,
    `Oracle: ${config.rules.oracle}.`,
    '',
  );
  const ks = config.ks;
  const rankHeader = ['generator', ...ks.map((k) => `Hits@${k}`), 'MRR', `recall@${config.topK}`, 'candidate recall', 'cand./subject'];
  out.push(`## Ranking${multi ? ' (micro: pooled over pairs)' : ''}`, '', 'Percentages; Hits@k and MRR over reference subjects, recall over reference mappings.', '');
  // Published figures sit in the same tables, in italics and marked, with only their own column filled.
  const publishedValue = (p: BenchResult['published'][number]): string => `${p.approximate ? '≈ ' : ''}${p.value.toFixed(1)}`;
  const publishedRecall = config.topK === 10 ? result.published.filter((p) => p.metric === 'recall@10') : [];
  const publishedF1 = result.published.filter((p) => p.metric === 'F1');
  out.push(
    table(rankHeader, [
      ...rankingRows(runs, (r) => r.micro, ks, config.topK),
      ...publishedRecall.map((p) => [`*${p.system}* (published, not measured)`, ...ks.map(() => ''), '', publishedValue(p), '', '']),
    ]),
    '',
  );
  const propHeader = ['generator', 'proposed', 'correct', 'P', 'R', 'F1', 'oracle best F1 (information only)'];
  out.push(`## Proposal set: mutual top-1${multi ? ' (micro)' : ''}`, '');
  out.push(
    table(propHeader, [
      ...proposalRows(runs, (r) => r.micro, true),
      ...publishedF1.map((p) => [`*${p.system}* (published, not measured)`, '', '', '', '', publishedValue(p), '']),
    ]),
    '',
  );
  const selection = config.selection;
  out.push(`## Selected set: ${selection.mode}${multi ? ' (micro)' : ''}`, '', `Selection: ${config.rules.selection}.`, '');
  out.push(
    table(['generator', 'threshold', 'proposed', 'correct', 'P', 'R', 'F1', 'F1, relation counted', ...(multi ? ['macro F1'] : [])], [
      ...selectionRows(runs, multi),
      ...publishedF1.map((p) => [`*${p.system}* (published, not measured)`, '', '', '', '', '', publishedValue(p), '', ...(multi ? [''] : [])]),
    ]),
    '',
  );
  const reviewed = runs.find((r) => r.review?.length);
  if (reviewed?.review) {
    out.push('## Simulated review (fused candidates)', '',
      `An oracle answers from the reference the questions the review page puts first (\`ioa-align review simulate\`, pairs pooled), wrongly with the probability shown (mean over seeds ${[...new Set(reviewed.review.flatMap((s) => s.seeds))].join(', ')}, with the least and greatest; a perfect oracle runs once); ${reviewed.review[0]!.scope === 'equivalence' ? 'the reference holds only equivalences, so only equivalence candidates take part; ' : ''}F1 of the selected alignment (object level).`, '');
    out.push(table(['oracle', 'questions', 'F1 before', 'F1 after (min – max)', 'P after', 'R after', 'F1 after 100 / 200 questions'], reviewed.review.map((sim) => [
      sim.errorRate === 0 ? 'perfect' : `${Math.round(sim.errorRate * 100)} % wrong`, String(Math.round(sim.questions)), pct(sim.f1Before),
      `${pct(sim.f1After)}${sim.seeds.length > 1 ? ` (${pct(sim.f1AfterMin)} – ${pct(sim.f1AfterMax)})` : ''}`, pct(sim.precisionAfter), pct(sim.recallAfter),
      [100, 200].map((q) => pct(sim.curve.find((p) => p.questions === q)?.f1)).join(' / '),
    ])), '');
  }
  if (multi) {
    out.push('## Macro averages (mean over pairs)', '', 'Proposed and correct are per-pair means; each pair picks its own oracle threshold.', '');
    out.push(table(rankHeader, rankingRows(runs, (r) => r.macro, ks, config.topK)), '');
    out.push(table(propHeader, proposalRows(runs, (r) => r.macro, false)), '');
  }
  out.push(...relationSection(runs, config.topK));
  out.push(...leaveOneOutSection(result));
  out.push('## Cost', '', 'Wall time summed over pairs (ontology loading excluded). Peak RSS is sampled while the generator runs, in one process: it includes what was loaded before it (ontologies, earlier generators); the growth column is what the generator itself added. Fusion: the fusion step alone; the fused pipeline costs its members plus this.', '');
  out.push(
    table(
      ['generator', 'wall time (s)', 'peak RSS (MB)', 'RSS growth while running (MB)', 'peak heap (MB)'],
      runs.map((r) => [label(r), secs(r.cost!.wallMs), mb(r.cost!.peakRssBytes), mb(Math.max(0, r.cost!.peakRssBytes - r.cost!.rssBeforeBytes)), mb(r.cost!.peakHeapUsedBytes)]),
    ),
    '',
  );
  if (result.published.length) {
    out.push('## Published reference points (not measured by ioa-align)', '', 'Copied from corpora/README.md; other systems, other set-ups: orientation, not a like-for-like comparison.', '');
    out.push(table(['system (published)', 'metric', 'value (%)', 'source'], result.published.map((p) => [p.system, p.metric, publishedValue(p), p.source])), '');
  }
  if (multi) {
    out.push('## Per pair: mutual top-1 F1 (%)', '');
    out.push(
      table(
        ['pair', 'reference', ...runs.map((r) => r.name)],
        corpus.pairs.map((pair, i) => [pair.id, String(pair.referenceTriples), ...runs.map((r) => pct(r.perPair?.[i]?.metrics.proposal.f1))]),
      ),
      '',
    );
    out.push(`## Per pair: selected set (${selection.mode}) F1 (%)`, '');
    out.push(
      table(
        ['pair', 'reference', ...runs.map((r) => r.name)],
        corpus.pairs.map((pair, i) => [pair.id, String(pair.referenceTriples), ...runs.map((r) => pct(r.selection?.perPair[i]?.f1))]),
      ),
      '',
    );
  }
  if (skipped.length) {
    out.push('## Not run', '');
    for (const r of skipped) out.push(`- ${r.name}: ${r.skipReason ?? 'skipped'}`);
    out.push('');
  }
  const warned = result.runs.filter((r) => r.warnings?.length);
  if (warned.length) {
    out.push('## Generator warnings', '');
    for (const r of warned) for (const w of r.warnings!) out.push(`- ${r.name}: ${w}`);
    out.push('');
  }
  const withModel = runs.filter((r) => r.modelId);
  if (withModel.length) {
    out.push('## Models', '');
    for (const r of withModel) out.push(`- ${r.name}: ${r.modelId}`);
    out.push('');
  }
  return out.join('\n');
}

export interface WrittenReport {
  files: string[];
}

/** Writes results.json, results.md and (unless `charts` is false) the SVG charts into `dir`. */
export async function writeReport(result: BenchResult, dir: string, options: { charts?: boolean; inputs?: readonly string[] } = {}): Promise<WrittenReport> {
  // A report is what runBenchmark returned: anything else is refused before a file is replaced.
  if (typeof result !== 'object' || result === null || (result as { schema?: unknown }).schema !== 'ioa-align/bench-results@1' || !Array.isArray((result as { runs?: unknown }).runs)) {
    throw new IoaError('E_USAGE', 'writeReport takes what runBenchmark returns (schema ioa-align/bench-results@1)', { path: '$.result' });
  }
  if (typeof dir !== 'string' || dir === '') throw new IoaError('E_USAGE', 'writeReport needs a folder path', { path: '$.dir' });
  const files: string[] = [];
  const write = async (name: string, text: string): Promise<void> => {
    const file = join(dir, name);
    // The run's reference, manifest and ontologies are never written over (a reference is often kept beside its reports).
    await writeFileAtomic(file, text.endsWith('\n') ? text : `${text}\n`, { ...(options.inputs ? { inputs: options.inputs } : {}) });
    files.push(file);
  };
  await makeOutputFolder(dir);
  await write('results.json', JSON.stringify(result, null, 2));
  // results.md is read by people: what a manifest or ontology brought in is escaped (results.json stays exact).
  await write('results.md', escapeControls(formatMarkdown(result), { keepNewlines: true }));
  if (options.charts !== false) {
    for (const chart of await renderCharts(result)) await write(chart.file, chart.svg);
  }
  return { files };
}
