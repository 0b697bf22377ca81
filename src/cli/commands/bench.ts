import { descriptionConfigFromCli, EMBEDDING_CLI_ARGS, EMBEDDING_FLAGS, embeddingConfigFromCli } from '../embedding-options.js';
import { asFlagText, withFlags } from '../flags.js';
import { defineCommand } from 'citty';
import { DEFAULT_MIN_FUSED_VALUE, IoaError, listGenerators, SELECTION_MODES } from '../../api/index.js';
import { formatMarkdown, runBenchmark, writeReport, type BenchManifest, type BenchProgress as ProgressEvent } from '../../api/bench.js';
import { parseGeneratorChoice } from '../../generators/run.js';
import { DEFAULT_GENERATORS, GENERATORS } from '../../generators/registry.js';
import { err, out, report } from '../io.js';
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { loadManifest } from '../../bench/manifest.js';
import { runBenchmark as runWithRegistry } from '../../bench/runner.js';
import { REPORT_FILES } from '../../bench/report.js';
import { parseMinScore, parseSelectionStep, parseSelectMode } from '../selection-options.js';
import { progress, type Progress } from '../progress.js';
import { openOutput, outputFolder } from '../output.js';
import { KIND_SELECTORS, parseKindList } from '../../model/kinds.js';
import { DEFAULT_DIRECTIONAL_TOP_K } from '../../generators/fusion.js';

function parseTopK(text: string | undefined, option = '--top-k', min = 1): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min) throw new IoaError('E_USAGE', `${option} must be ${min === 0 ? 'a non-negative' : 'a positive'} integer, got "${text}"`, { path: option });
  return n;
}

/** `--generators` as the runner takes it: undefined for the default, `'all'` for every one. */
function parseGenerators(text: string | undefined): 'all' | string[] | undefined {
  const choice = parseGeneratorChoice(text);
  return choice.kind === 'default' ? undefined : choice.kind === 'all' ? 'all' : choice.names;
}

export default defineCommand({
  meta: {
    name: 'bench',
    description: `Score generators against a reference alignment (OAEI Alignment RDF/XML, or a curated SSSOM/CSV/JSON mapping file): Hits@k, MRR, recall@k, mutual top-1 and selected-set P/R/F1, an oracle F1, time and memory. Generators: ${listGenerators().map((g) => g.name).join(', ')}.`,
  },
  args: {
    corpus: { type: 'string', description: 'conference, anatomy, agents, anatomy-subsumption, conference-subsumption, agents-subsumption, multilingual, multilingual-cldr, agentworld-dev (any folder of corpora/ with a manifest.json), or a path to a manifest.json', default: 'conference' },
    generators: { type: 'string', description: `comma-separated registry names, or "all" (default, as in propose: ${DEFAULT_GENERATORS.join(',')})` },
    'top-k': { type: 'string', description: 'equivalence candidates (exact, close, related) per subject (default 10)' },
    'directional-top-k': { type: 'string', description: `broader / narrower candidates per subject besides them, in the fused list (default ${DEFAULT_DIRECTIONAL_TOP_K}; 0 for none)` },
    json: { type: 'boolean', description: 'print one JSON object (the full result) instead of tables' },
    out: { type: 'string', description: 'folder for results.json, results.md and SVG charts' },
    charts: { type: 'boolean', description: 'draw SVG charts into --out (use --no-charts to skip)', default: true },
    kinds: { type: 'string', description: `match only these kinds of concept: ${Object.keys(KIND_SELECTORS).join(', ')} (default: all)` },
    'cross-kind': { type: 'boolean', description: 'also pair capabilities, intents, domains and concepts with each other (as skos:relatedMatch)' },
    source: { type: 'string', description: 'one pair instead of a corpus: the source ontology (with --target and --reference)' },
    target: { type: 'string', description: 'one pair instead of a corpus: the target ontology' },
    reference: { type: 'string', description: 'one pair instead of a corpus: the reference (Alignment RDF/XML, or a SSSOM TSV/CSV/JSON mapping file)' },
    select: { type: 'string', description: `selection scored as each run's selected set: ${SELECTION_MODES.join(' | ')} (default one-to-one)` },
    'select-directional': { type: 'boolean', description: 'that selection also takes broader and narrower candidates for the subjects left without an equivalence (default: equivalences only; the version diff always does)' },
    'min-score': { type: 'string', description: `threshold of that selection (default: ${DEFAULT_MIN_FUSED_VALUE} on the fused value, none on a single generator)` },
    repair: { type: 'boolean', description: 'repair that selection for coherence with each pair\'s ontologies, as propose --select does (default on with one-to-one; --no-repair scores the raw selection)' },
    structure: { type: 'boolean', description: 'structural selection, as propose --select does (default on with one-to-one; --no-structure for none)' },
    'review-budget': { type: 'string', description: 'questions of the simulated review of the fused candidates (a perfect oracle and 10, 20 and 30 % wrong answers, mean over three seeds; table and review-curve.svg); default 400, 0 for none' },
    releases: { type: 'boolean', description: 'fuse a pair of two releases of one ontology as propose does, with the version diff\'s identity and lineage evidence (default: when both name one ontology IRI, version segments aside; --releases: every pair; --no-releases: never)' },
    diff: { type: 'boolean', description: 'score the version diff (ioa-align diff) instead: each pair is two releases of one ontology; --generators names the generators it fuses besides identity and lineage; its selected set is its version alignment' },
    ...EMBEDDING_CLI_ARGS,
  },
  async run({ args, rawArgs }) {
    const topK = parseTopK(args['top-k']);
    const select = parseSelectMode(args.select);
    const minScore = parseMinScore(args['min-score']);
    const selectDirectional = args['select-directional'] === true;
    const repair = parseSelectionStep(args.repair, 'repair', select ?? 'one-to-one');
    const structure = parseSelectionStep(args.structure, 'structure', select ?? 'one-to-one');
    const pair = [args.source, args.target, args.reference];
    let manifest: BenchManifest | undefined;
    if (pair.some((p) => p !== undefined)) {
      if (pair.some((p) => p === undefined)) throw new IoaError('E_USAGE', 'one pair needs all three of --source, --target and --reference', { path: pair[0] === undefined ? '--source' : pair[1] === undefined ? '--target' : '--reference' });
      if (rawArgs.some((a) => a === '--corpus' || a.startsWith('--corpus='))) throw new IoaError('E_USAGE', 'give either --corpus or --source/--target/--reference, not both', { path: '--corpus' });
      const [source, target, reference] = pair.map((p) => resolve(p!));
      manifest = { name: basename(reference!).replace(/\.[^.]+$/, '').replace(/\.sssom$/, ''), file: reference!, pairs: [{ id: `${basename(source!)}→${basename(target!)}`, source: source!, target: target!, reference: reference! }] };
    }
    const directionalTopK = parseTopK(args['directional-top-k'], '--directional-top-k', 0);
    const reviewBudget = parseTopK(args['review-budget'], '--review-budget', 0);
    const parsed = parseGenerators(args.generators);
    // --diff: one run, the version diff, fusing the named generators (or its defaults).
    const diffRegistry = args.diff ? { ...GENERATORS, diff: async () => (await import('../../versions/diff-generator.js')).default } : undefined;
    if (args.diff && parsed === 'all') throw new IoaError('E_USAGE', 'with --diff, --generators names the generators the diff fuses: list them (all would include the embedding generator and translate)', { path: '--generators' });
    const generators = args.diff ? ['diff'] : parsed;
    const embeddingConfig = embeddingConfigFromCli(args);
    const descriptionConfig = descriptionConfigFromCli(args);
    const generatorConfig = { ...(embeddingConfig ? { embedding: embeddingConfig } : {}), ...(descriptionConfig ? { description: descriptionConfig } : {}) };
    // The report's files, checked before the work: never over an input (the reference is often
    // kept beside its reports; an ontology may be a folder) nor over reviewers' decisions.
    let inputs: string[] = [];
    if (args.out !== undefined) {
      await outputFolder(args.out);
      const read = manifest ?? await loadManifest(args.corpus);
      inputs = [read.file, ...read.pairs.flatMap((p) => [p.source, p.target, p.reference])];
      if (existsSync(args.out)) for (const name of REPORT_FILES) await openOutput(join(args.out, name), { inputs });
    }
    const kinds = args.kinds === undefined ? undefined : parseKindList(args.kinds);
    let bar: Progress | undefined;
    let stage = '';
    // One bar per stage (loading, then each generator) across all pairs; the note names the pair.
    const onProgress = (e: ProgressEvent): void => {
      const name = e.stage === 'load' ? 'loading ontologies' : (e.generator ?? 'generator');
      if (name !== stage) {
        bar?.done();
        bar = progress(name);
        stage = name;
      }
      const within = e.total > 0 ? Math.min(1, e.done / e.total) : 0;
      bar?.update(e.pairIndex + within, e.pairCount, e.pair);
    };
    const options = {
      corpus: args.corpus,
      ...(manifest ? { manifest } : {}),
      ...(select ? { select } : {}),
      ...(minScore !== undefined ? { minScore } : {}),
      ...(selectDirectional ? { selectDirectional } : {}),
      ...(repair !== undefined ? { repair } : {}),
      ...(structure !== undefined ? { structure } : {}),
      ...(generators ? { generators } : {}),
      ...(topK ? { topK } : {}),
      ...(directionalTopK !== undefined ? { directionalTopK } : {}),
      ...(reviewBudget !== undefined ? { reviewBudget } : {}),
      ...(kinds ? { kinds } : {}),
      ...(args['cross-kind'] ? { crossKind: true } : {}),
      ...(typeof args.releases === 'boolean' ? { releases: args.releases } : {}),
      ...(diffRegistry ? (parsed ? { generatorConfig: { diff: { generators: parsed } } } : {}) : Object.keys(generatorConfig).length > 0 ? { generatorConfig } : {}),
      onProgress,
    };
    // The version diff is a generator of the CLI's own, not a registered one: it runs through the
    // runner with a registry that holds it (runBenchmark takes no registry from its callers).
    const ran = await withFlags(EMBEDDING_FLAGS, () => (diffRegistry ? runWithRegistry({ ...options, generators: ['diff'], registry: diffRegistry }) : runBenchmark(options)));
    // Why a generator was skipped (its model is not built) is said as the command says it.
    const result = { ...ran, runs: ran.runs.map((run) => (run.skipReason === undefined ? run : { ...run, skipReason: asFlagText(run.skipReason, EMBEDDING_FLAGS) })) };
    bar?.done();
    for (const run of result.runs) if (run.status === 'skipped') err(`ioa-align: skipped generator "${run.name}": ${run.skipReason ?? ''}`);
    if (args.out) {
      const written = await writeReport(result, args.out, { charts: args.charts, inputs });
      err(`wrote ${written.files.join(', ')}`);
    }
    if (args.json) out(JSON.stringify(result));
    else report(formatMarkdown(result));
  },
});
