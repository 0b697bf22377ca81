#!/usr/bin/env node
// Runs the benchmark tracks through the real CLI (as a user would), stores each result under
// benchmarks/results/<run>/ and rewrites benchmarks/README.md with the latest tables, date and
// machine. Benchmarks are programs, not tests (STYLE.md point 10): `npm run build && npm run bench`.
//
// Usage: node benchmarks/run-all.mjs [run-name ...]   (default: every run below whose corpus exists)
//        node benchmarks/run-all.mjs --stored         (rewrite README.md from stored results, run nothing)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'bin', 'ioa-align.js');
if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const { GENERATORS, LEXICAL_GENERATORS, DEFAULT_GENERATORS } = await import(join(root, 'dist', 'generators', 'registry.js'));
const registered = Object.keys(GENERATORS);
const lexical = [...LEXICAL_GENERATORS];
const beyondDefault = registered.filter((g) => !DEFAULT_GENERATORS.includes(g));

/**
 * name, corpus, generators (undefined = all registered), budget in seconds from issue #5's acceptance
 * criteria (set when the default generators were the lexical ones; a run over it is reported, not failed).
 */
const RUNS = [
  { name: 'conference', corpus: 'conference', generators: undefined, budget: 20, what: 'the default generators (lexical + structure + description)' },
  ...(beyondDefault.length ? [{ name: 'conference-all', corpus: 'conference', generators: ['all'], what: 'all registered generators' }] : []),
  { name: 'anatomy', corpus: 'anatomy', generators: undefined, budget: 30, what: 'the default generators (lexical + structure + description)' },
  { name: 'anatomy-lexical', corpus: 'anatomy', generators: lexical, what: 'the lexical generators alone' },
  ...(beyondDefault.length ? [{ name: 'anatomy-all', corpus: 'anatomy', generators: ['all'], what: 'all registered generators' }] : []),
  { name: 'agents', corpus: 'agents', generators: undefined, what: 'the default generators (lexical + structure + description), fused as two releases of one ontology (identity and lineage join them, as `propose` does)' },
  ...(beyondDefault.length ? [{ name: 'agents-all', corpus: 'agents', generators: ['all'], what: 'all registered generators' }] : []),
  { name: 'multilingual', corpus: 'multilingual', generators: undefined, what: 'the default generators (lexical + structure + description + translate)' },
  { name: 'multilingual-cldr', corpus: 'multilingual-cldr', generators: undefined, what: 'the default generators (lexical + structure + description + translate)' },
  { name: 'anatomy-subsumption', corpus: 'anatomy-subsumption', generators: undefined, args: ['--select-directional'], what: 'the default generators (lexical + structure + description); the selection takes broader candidates' },
  { name: 'conference-subsumption', corpus: 'conference-subsumption', generators: undefined, args: ['--select-directional'], what: 'the default generators (lexical + structure + description); the selection takes broader candidates' },
  { name: 'agents-subsumption', corpus: 'agents-subsumption', generators: undefined, args: ['--select-directional'], what: 'the default generators (lexical + structure + description), fused as two releases of one ontology (the pruned target keeps the 1.1.0 ontology IRI); the selection takes broader candidates' },
  { name: 'agents-diff', corpus: 'agents', generators: undefined, args: ['--diff'], what: 'the version diff (identity, lineage and its default generators)' },
  { name: 'agentworld-dev', corpus: 'agentworld-dev', generators: undefined, what: 'the default generators (lexical + structure + description) on real MCP servers and A2A skills' },
];

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`Usage: node benchmarks/run-all.mjs [run-name ...]   (default: every run whose corpus exists)\n       node benchmarks/run-all.mjs --stored         (rewrite benchmarks/README.md from stored results, run nothing)\nRuns: ${RUNS.map((r) => r.name).join(', ')}`);
  process.exit(0);
}
// `--stored`: run nothing, rewrite README.md from the results already stored.
const storedOnly = process.argv.includes('--stored');
const wanted = process.argv.slice(2).filter((a) => a !== '--stored');
// A misspelt run or option must not quietly run nothing and still rewrite the README.
const unknown = wanted.filter((w) => !RUNS.some((r) => r.name === w));
if (unknown.length > 0) {
  console.error(`unknown run or option: ${unknown.join(', ')} (runs: ${RUNS.map((r) => r.name).join(', ')}; options: --stored, --help)`);
  process.exit(2);
}
const runs = storedOnly ? [] : RUNS.filter((r) => (wanted.length ? wanted.includes(r.name) : true)).filter((r) => existsSync(join(root, 'corpora', r.corpus, 'manifest.json')));

const done = [];
for (const run of runs) {
  const out = join(root, 'benchmarks', 'results', run.name);
  mkdirSync(out, { recursive: true });
  const args = ['bench', '--corpus', run.corpus, '--out', out, '--json', ...(run.generators ? ['--generators', run.generators.join(',')] : []), ...(run.args ?? [])];
  process.stderr.write(`ioa-align ${args.join(' ')}\n`);
  const loadBefore = loadavg()[0];
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (child.status !== 0) {
    process.stderr.write(child.stderr);
    console.error(`run ${run.name} failed with exit code ${child.status}`);
    process.exit(1);
  }
  JSON.parse(child.stdout); // --json must print exactly one JSON object
  const command = `ioa-align ${args.filter((a, i) => !(a === '--out' || args[i - 1] === '--out') && a !== '--json').join(' ')}`;
  writeFileSync(join(out, 'command.json'), `${JSON.stringify({ command, wallSeconds: Math.round(seconds * 10) / 10, budgetSeconds: run.budget ?? null, loadAverage1mBefore: Math.round(loadBefore * 10) / 10, cpuCount: cpus().length }, null, 2)}\n`);
  process.stderr.write(`  ${seconds.toFixed(1)} s${run.budget ? ` (budget ${run.budget} s${seconds > run.budget ? ': over budget' : ''})` : ''}\n`);
  done.push({ ...run, seconds, command });
}

// The review file and the streaming writer (benchmarks/exchange), with the tracks or by name.
const extras = [
  { name: 'review-file', script: 'exchange/review-file.mjs', node: [] },
  { name: 'streaming-write', script: 'exchange/streaming-write.mjs', node: ['--expose-gc'] },
  { name: 'upgrade', script: 'versions/upgrade.mjs', node: [], folder: 'versions' },
  { name: 'upgrade-timing', script: 'versions/upgrade-timing.mjs', node: [], folder: 'versions' },
  // Whole-process `propose` beside the sparse TF-IDF baseline (minutes; NCIt → ORDO is a separate run, see the script).
  { name: 'whole-process', script: 'baseline/whole-process.mjs', node: [], folder: 'speed' },
  // Anatomy speed and the tracks' quality of smaller generator sets (minutes).
  { name: 'generator-subsets', script: 'selection/generator-subsets.mjs', node: [], folder: 'speed' },
  // The agentworld-dev track beside the baseline that reads descriptions (needs python3 with numpy and scipy).
  { name: 'agentworld-dev', script: 'agentworld/run.mjs', node: [], folder: 'agentworld' },
  // The same on the blind set (corpora/README.md, "The blind set").
  { name: 'agentworld-dev-blind', script: 'agentworld/run.mjs', node: [], args: ['--blind'], folder: 'agentworld' },
  // 10,000 synthetic agent records against OASF 1.1.0, whole process (a minute or two).
  { name: 'scale', script: 'agentworld/scale.mjs', node: [], folder: 'agentworld' },
];
for (const extra of extras.filter((e) => !storedOnly && (wanted.length ? wanted.includes(e.name) : true))) {
  const file = join(root, 'benchmarks', 'results', extra.folder ?? 'exchange', `${extra.name}.json`);
  mkdirSync(dirname(file), { recursive: true });
  process.stderr.write(`node ${extra.script}\n`);
  const child = spawnSync(process.execPath, [...extra.node, join(root, 'benchmarks', extra.script), ...(extra.args ?? []), '--out', file], { cwd: root, encoding: 'utf8' });
  if (child.status !== 0) {
    process.stderr.write(child.stderr);
    console.error(`${extra.name} failed with exit code ${child.status}`);
    process.exit(1);
  }
}
const stored = (name, folder = 'exchange') => {
  const file = join(root, 'benchmarks', 'results', folder, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};
const review = stored('review-file');
const streaming = stored('streaming-write');
const upgrade = stored('upgrade', 'versions');
const upgradeTiming = stored('upgrade-timing', 'versions');
const wholeProcess = stored('whole-process', 'speed');
// The ratios are medians of the pair-by-pair ratios where the pairs were kept (with their range).
const ratioCell = (c, key) => (c.ratio?.[key] === undefined ? '–' : `${c.ratio[key]}×${c.ratio.pairByPair?.[key] ? ` (${c.ratio.pairByPair[key].join('–')})` : ''}`);
const wholeProcessTable = (w) => [
  '| case | runs (ours / baseline) | ours: wall s | CPU s | peak RSS MiB | baseline: wall s | CPU s | peak RSS MiB | wall ours / baseline | CPU ours / baseline | load (1 min) | measured |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...Object.entries(w.cases).map(([name, c]) => `| ${name}: ${c.what} | ${c.runs} / ${c.baselineRuns ?? 0} | ${c.ours.wallS} | ${c.ours.cpuS} | ${c.ours.peakRssMiB.toLocaleString('en')} | ${c.baseline?.wallS ?? '–'} | ${c.baseline?.cpuS ?? '–'} | ${c.baseline ? c.baseline.peakRssMiB.toLocaleString('en') : '–'} | ${ratioCell(c, 'wall')} | ${ratioCell(c, 'cpu')} | ${c.load1m}${c.load1mRange ? ` (${c.load1mRange.join('–')})` : ''} | ${c.measured} |`),
  '',
  `Method: ${w.method}`,
].join('\n');
const generatorSubsets = stored('generator-subsets', 'speed');
const agentworld = stored('agentworld-dev', 'agentworld');
const agentworldScale = stored('scale', 'agentworld');
const agentworldTable = (a) => {
  const row = (name, f) => `| ${name} | ${f.hitsAt1.toFixed(3)} | ${f.recallAt5.toFixed(3)} | ${f.recallAt10.toFixed(3)} | ${f.mrr.toFixed(3)} | ${f.relationRightAt5.toFixed(3)} | ${f.relationRightAt5OfFound.toFixed(3)} |`;
  return [
    '| run | Hits@1 | recall@5 | recall@10 | MRR | relation right in top 5 (of all rows) | of the rows found in the top 5 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row(`ioa-align, ${a.ours.run} (default generators)`, a.ours),
    ...Object.entries(a.perGenerator).filter(([name]) => name !== a.ours.run && !name.startsWith('baseline:')).map(([name, f]) => row(`${name} alone`, f)),
    row('baseline: word TF-IDF over name + description + tags (every row as <)', a.baseline),
    '',
    `Targets: Hits@1 ${a.targets.hitsAt1.target}: ${a.targets.hitsAt1.met ? 'met' : '**not met**'}; recall@5 ${a.targets.recallAt5.target}: ${a.targets.recallAt5.met ? 'met' : '**not met**'}; relation right in the top 5 ${a.targets.relationRightAt5.target}: ${a.targets.relationRightAt5.met ? 'met' : '**not met**'}. Measured ${a.measured} (${a.machine.cpus} cores, ${a.machine.node}); quality figures are deterministic. \`${a.command}\`.`,
  ].join('\n');
};
const agentworldScaleLine = (x) => `Median of ${x.runs} run(s) ${x.wallS} s wall, ${x.cpuS} CPU-s, ${x.peakRssMiB.toLocaleString('en')} MiB peak RSS, ${x.rowsWritten.toLocaleString('en')} rows written (targets ≤ ${x.targets.wallS} s, ≤ ${x.targets.peakRssMiB.toLocaleString('en')} MiB); 1-minute load average ${x.load1m.join(', ')} when the runs started, measured ${x.measured} — ${x.note}.`;
const SUBSET_TRACKS = ['anatomy', 'conference', 'agents'];
const generatorSubsetsTable = (g) => [
  `| generators | anatomy: wall s | CPU s | wall / baseline (${g.baseline.wallS} s) | ${SUBSET_TRACKS.map((t) => `${t}: Hits@1 | recall@10`).join(' | ')} |`,
  `|---|---:|---:|---:|${SUBSET_TRACKS.map(() => '---:|---:').join('|')}|`,
  ...g.rows.map((r) => `| ${r.generators.join(', ')} | ${r.wallS} | ${r.cpuS} | ${r.ratio}× | ${SUBSET_TRACKS.map((t) => `${r.quality[t].hitsAt1} | ${r.quality[t].recallAt10}`).join(' | ')} |`),
  '',
  `Measured ${g.measured} (${g.machine.cpus} cores, ${g.machine.node}): ${g.method}.`,
].join('\n');
const upgradeTable = (u) => [
  '| artifact | definitions | rules | carried | carried right (target and relation) | carried with a changed relation | review recall: (from, to) / with the relation | dropped |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...u.results.map((x) => `| ${x.artifact} | ${x.strictDefinitions ? 'same text only' : 'reworded allowed'} | ${x.rules} | ${x.carried} (${x.carriedShare} %) | ${x.carriedRight} (${x.carriedRightShare ?? '–'} %) | ${x.carriedWithChangedRelation + x.carriedToWrongTarget} | ${x.reviewRecallPair} % / ${x.reviewRecallTriple} % of ${x.expectedInReview} | ${x.dropped} |`),
].join('\n');

/**
 * The anchor GitHub gives a heading (as github-slugger does): lower-cased, every character but
 * letters, digits, `_`, `-` and spaces dropped, each space a hyphen. The heading below is
 * `### ${run.name}: ${run.corpus}, ${run.what}`.
 */
const githubSlug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');

// README: every stored run, not only the ones just made, so a partial re-run keeps the others.
const sections = [];
const pct = (x) => (x === undefined ? '–' : (x * 100).toFixed(1));
const summary = ['| run | pairs | best mutual top-1 F1 | fusion F1 | fusion one-to-one F1 | fusion Hits@1 | fusion recall@10 | fusion recall@10, relation counted | fusion top-1 exactMatch | baseline:label F1 | command (s) |', '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|'];
const relations = ['| run | run (generator) | reference relation | rows | Hits@1 | MRR | recall@10 | right relation in top 10 | Hits@1 in its kind\'s ranking |', '|---|---|---|---:|---:|---:|---:|---:|---:|'];
const SYMBOL = { 'skos:exactMatch': '=', 'skos:broadMatch': '<', 'skos:narrowMatch': '>' };
for (const run of RUNS) {
  const dir = join(root, 'benchmarks', 'results', run.name);
  if (!existsSync(join(dir, 'results.json'))) continue;
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  const meta = existsSync(join(dir, 'command.json')) ? JSON.parse(readFileSync(join(dir, 'command.json'), 'utf8')) : {};
  const ok = r.runs.filter((x) => x.status === 'ok' && x.kind !== 'baseline');
  const best = ok.reduce((a, b) => (!a || b.micro.proposal.f1 > a.micro.proposal.f1 ? b : a), undefined);
  // The version diff has no fusion row of its own: its one run stands in the fused columns.
  const fusion = r.runs.find((x) => x.kind === 'fusion') ?? r.runs.find((x) => x.name === 'diff' && x.status === 'ok');
  const baseline = r.runs.find((x) => x.name === 'baseline:label');
  summary.push(
    `| [${run.name}](#${githubSlug(`${run.name}: ${run.corpus}, ${run.what}`)}) | ${r.corpus.pairs.length} | ${best ? `${best.name} ${pct(best.micro.proposal.f1)}` : '–'} | ${pct(fusion?.micro.proposal.f1)} | ${pct(fusion?.selection?.micro.f1)} | ${pct(fusion?.micro.hitsAt['1'])} | ${pct(fusion?.micro.recallAt[9])} | ${pct(fusion?.micro.relation?.recallAt[9])} | ${pct(fusion?.micro.top1ExactMatch?.share)} | ${pct(baseline?.micro.proposal.f1)} | ${meta.wallSeconds ?? '?'} |`,
  );
  // Per reference relation, for the fused list and, where it ran, the structure generator alone.
  for (const x of [fusion, r.runs.find((y) => y.name === 'structure' && y.status === 'ok')].filter(Boolean)) {
    for (const [predicate, m] of Object.entries(x.micro.byRelation ?? {})) {
      relations.push(`| ${run.name} | ${x.name} | ${SYMBOL[predicate] ?? predicate} | ${m.rows} | ${pct(m.hitsAt1)} | ${m.mrr.toFixed(3)} | ${pct(m.recallAt10)} | ${m.rightRelationAt10} (${pct(m.rightRelationShare)}) | ${m.hitsAt1OwnKind === undefined ? '–' : pct(m.hitsAt1OwnKind)} |`);
    }
  }
}
for (const run of RUNS) {
  const dir = join(root, 'benchmarks', 'results', run.name);
  if (!existsSync(join(dir, 'results.md'))) continue;
  const meta = existsSync(join(dir, 'command.json')) ? JSON.parse(readFileSync(join(dir, 'command.json'), 'utf8')) : {};
  const md = readFileSync(join(dir, 'results.md'), 'utf8')
    .replace(/^# Benchmark: .*\n/, '')
    .replace(/^## /gm, '#### ');
  sections.push(
    `### ${run.name}: ${run.corpus}, ${run.what}\n\n` +
      `\`${meta.command ?? `ioa-align bench --corpus ${run.corpus}`}\` — whole command ${meta.wallSeconds ?? '?'} s` +
      `${meta.budgetSeconds ? ` (budget ${meta.budgetSeconds} s${meta.wallSeconds > meta.budgetSeconds ? ': **over budget**' : ''})` : ''}` +
      `${meta.loadAverage1mBefore !== undefined ? `, 1-minute load average ${meta.loadAverage1mBefore} on ${meta.cpuCount} cores when it started` : ''}. Charts: ` +
      ['score-distribution', 'recall-at-k', 'precision-recall'].map((c) => `[${c}](results/${run.name}/${c}.svg)`).join(', ') +
      `; full result: [results.json](results/${run.name}/results.json).\n\n${md.trim()}\n`,
  );
}

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
} catch {}
// The tracks are stored run by run, and a partial re-run keeps the others: the page names the
// span of dates, commits and machines the stored runs come from, not one run's.
const storedRuns = RUNS.map((run) => join(root, 'benchmarks', 'results', run.name, 'results.json')).filter((file) => existsSync(file)).map((file) => JSON.parse(readFileSync(file, 'utf8')));
const dates = storedRuns.map((r) => r.date?.slice(0, 10)).filter(Boolean).sort();
const commits = new Set(storedRuns.map((r) => r.environment?.git?.commit?.slice(0, 12) ?? 'unknown'));
const dirty = storedRuns.filter((r) => r.environment?.git?.dirty).length;
const machines = new Set(storedRuns.map(({ environment: { machine: m } = {} }) => (m ? `${m.cpuModel?.trim() ?? 'unknown CPU'} × ${m.cpuCount}, ${(m.totalMemoryBytes / 1024 ** 3).toFixed(1)} GiB RAM, ${m.platform} ${m.release}, Node ${m.node}` : 'machine not recorded')));
const storedLine = storedRuns.length === 0
  ? 'No track run is stored yet.'
  : `The ${storedRuns.length} track runs below are stored run by run: they come from ${commits.size} commit${commits.size === 1 ? '' : 's'}${dirty ? ` (${dirty} of the runs made with uncommitted changes in the working tree)` : ''}, run between ${dates[0]} and ${dates.at(-1)} on ${[...machines].join('; ')}. Each run's section names its own date, commit and load average. This page was written on ${new Date().toISOString().slice(0, 10)} at commit ${commit} from the stored results.`;
// Each budgeted run's stored whole-command time against its budget, so a miss is said where the budgets are.
const budgets = RUNS.filter((run) => run.budget).map((run) => {
  const file = join(root, 'benchmarks', 'results', run.name, 'command.json');
  if (!existsSync(file)) return `${run.name}: not run yet (budget ${run.budget} s)`;
  const meta = JSON.parse(readFileSync(file, 'utf8'));
  return `${run.name} ${meta.wallSeconds} s against ${meta.budgetSeconds ?? run.budget} s, ${meta.wallSeconds > (meta.budgetSeconds ?? run.budget) ? '**over budget**' : 'within budget'} (1-minute load average ${meta.loadAverage1mBefore ?? '?'} when it started)`;
});
const header = readFileSync(join(root, 'benchmarks', 'README.header.md'), 'utf8')
  .replace('{{stored-runs}}', storedLine)
  .replace('{{budgets}}', budgets.join('; '))
  .replace('{{anatomy-review}}', review
    ? `${review.rows.toLocaleString('en')} rows = ${review.distinctTriples.toLocaleString('en')} distinct triples, ${review.bestFirst ? 'best first in every subject' : 'NOT best first'}, ${review.megabytes} MB; whole command ${review.wallSeconds} s (load ${review.loadAverage1mBefore} on ${review.cpuCount} cores)`
    : 'not measured yet')
  .replace('{{streaming}}', streaming
    ? `peak heap above the set: ${streaming.streaming.peakHeapAboveBaselineMB} MB streaming, ${streaming.oneString.peakHeapAboveBaselineMB} MB as one string (${(streaming.fileBytes / 1e6).toFixed(1)} MB file)`
    : 'not measured yet')
  .replace('{{upgrade}}', upgrade ? upgradeTable(upgrade) : 'not measured yet')
  .replace('{{whole-process}}', wholeProcess ? wholeProcessTable(wholeProcess) : 'not measured yet')
  .replace('{{generator-subsets}}', generatorSubsets ? generatorSubsetsTable(generatorSubsets) : 'not measured yet')
  .replace('{{agentworld}}', agentworld ? agentworldTable(agentworld) : 'not measured yet')
  .replace('{{agentworld-scale}}', agentworldScale ? agentworldScaleLine(agentworldScale) : 'not measured yet')
  .replace('{{upgrade-timing}}', upgradeTiming
    ? `${upgradeTiming.rules.toLocaleString('en')}-rule artifact: median ${upgradeTiming.wallSeconds.median} s whole command (min ${upgradeTiming.wallSeconds.min}, max ${upgradeTiming.wallSeconds.max}, ${upgradeTiming.runs} runs; load ${upgradeTiming.loadAverage1mBefore} on ${upgradeTiming.cpuCount} cores when it started); ${upgradeTiming.summary.replace(/^.*\): /, '')}`
    : 'not measured yet');
writeFileSync(
  join(root, 'benchmarks', 'README.md'),
  `${header.trim()}\n\n### Summary\n\nMicro averages, percentages. Details and cost per generator in each run's section.\n\n${summary.join('\n')}\n\n### Relations\n\nPer reference relation, micro, percentages: object-level Hits@1, MRR and recall@10, and the rows found with the right relation among the subject's first 10 candidate rows.\n\n${relations.join('\n')}\n\n${sections.join('\n')}`,
);
process.stderr.write(`wrote benchmarks/README.md (${sections.length} runs)\n`);
