/**
 * The benchmark harness: score generators — registered ones and your own — against reference
 * alignments (the bundled OAEI Conference and Anatomy tracks, the agents track, or your own
 * manifest, whose references may be Alignment RDF/XML or curated SSSOM/CSV/JSON mapping files)
 * with Hits@k, MRR, recall@k, mutual top-1 and selected-set precision/recall/F1 and an oracle F1,
 * plus time and memory, and write tables and charts.
 *
 * @packageDocumentation
 */
import { checkCallbacks, checkSignal, optionKeys, optionsObject } from '../model/options.js';
import { runBenchmark as run, type BenchOptions, type BenchResult, type GeneratorRegistry } from '../bench/runner.js';
import { GENERATORS } from '../generators/registry.js';
import type { Generator } from '../generators/types.js';
import { IoaError } from '../model/errors.js';

export {
  RULES, type BenchResult, type GeneratorRun, type LeaveOneOut, type PairResult, type ProgressEvent as BenchProgress, type ReferenceSummary, type RunCost, type ScoreBin,
  type SelectionScore,
} from '../bench/runner.js';
export { readReference, type ReferenceAlignment, type ReferenceCell } from '../bench/reference.js';
export { SELECTION_MODES, type SelectionMode } from '../selection/index.js';
export { SKOS_CLOSE_MATCH_IRI, SKOS_RELATED_MATCH_IRI, type AlignmentRelation } from '../ontology/alignment-reader.js';
export { formatMarkdown, writeReport, type WrittenReport } from '../bench/report.js';
export { knownCorpora, CORPORA_DIR, type BenchManifest, type ManifestPair } from '../bench/manifest.js';
export type { Metrics, RelationLevelMetrics, PerRelationMetrics, PrecisionRecall, OracleF1 } from '../bench/metrics.js';
export { IoaError, isIoaError, ERROR_CODES, type ErrorCode, type ErrorLocation } from '../model/errors.js';

/** Options of {@link runBenchmark}. */
export interface RunBenchmarkOptions extends Omit<BenchOptions, 'generators' | 'registry'> {
  /**
   * Registry names, your own `Generator` objects (see `ioa-align/generators`; benchmarked and fused like the built-in
   * ones), or `'all'`. Default: the lexical generators, `structure` and `description`, as `propose` uses by default.
   */
  generators?: 'all' | readonly (string | Generator)[];
}

/** The keys of RunBenchmarkOptions: any other is refused (optionsObject). */
const BENCH_OPTIONS = optionKeys<RunBenchmarkOptions>()('baselines', 'corporaDir', 'corpus', 'crossKind', 'directionalTopK', 'fusion', 'generatorConfig', 'generators', 'kinds', 'ks', 'manifest', 'minScore', 'now', 'onProgress', 'releases', 'repair', 'reviewBudget', 'reviewSeeds', 'select', 'selectDirectional', 'signal', 'structure', 'topK');

/**
 * Run a benchmark track: load each pair once, run the exact-label baselines and every selected
 * generator, score the candidates against the reference (headline metrics at object level —
 * right target, any relation, direction counts — and the same metrics counting the relation,
 * per reference relation), score the rank fusion of the generators that ran, and measure wall
 * time and memory per generator. With the default list or `'all'`, a generator that cannot
 * run here (model not built, optional packages not installed) is reported as skipped.
 *
 * @param options - Corpus (`conference`, `anatomy`, `anatomy-subsumption`, `agents` or a manifest path), generators,
 *   top-k, per-generator settings, progress callback and abort signal.
 * @returns The full result (what `ioa-align bench --json` prints).
 * @throws {@link IoaError} `E_UNKNOWN_CORPUS`, `E_BENCH_MANIFEST` (a malformed manifest or a
 *   missing file it names), `E_UNKNOWN_GENERATOR`, `E_GENERATOR_FAILED` (a generator failed or
 *   produced a malformed candidate), `E_EMBEDDING_UNAVAILABLE` (the embedding generator named
 *   explicitly without its packages), `E_USAGE` (a bad top-k or generator object), and the loading
 *   errors of the corpus files. Rejects with the signal's reason when aborted.
 */
export async function runBenchmark(options: RunBenchmarkOptions): Promise<BenchResult> {
  if (options === undefined) throw new IoaError('E_USAGE', 'runBenchmark needs { corpus }: a bundled corpus name or a manifest path', { path: '$' });
  options = optionsObject(options, '$', BENCH_OPTIONS);
  checkSignal(options.signal);
  checkCallbacks(options, ['onProgress']);
  if (typeof options.corpus !== 'string' || options.corpus === '') throw new IoaError('E_USAGE', 'corpus must be a bundled corpus name or a manifest path', { path: '$.corpus' });
  const { generators, ...rest } = options;
  if (generators === undefined) return run(rest);
  if (generators === 'all') return run({ ...rest, generators: ['all'] });
  if (!Array.isArray(generators) || generators.length === 0) throw new IoaError('E_USAGE', 'generators must be "all" or a non-empty array of names and generator objects', { path: '$.generators' });
  const own = generators.filter((g): g is Generator => typeof g !== 'string');
  if (own.length === 0) return run({ ...rest, generators: generators as string[] });
  // Your generators join the registry for this run, under their own names.
  const registry: Record<string, GeneratorRegistry[string]> = { ...(GENERATORS as GeneratorRegistry) };
  for (const [i, g] of own.entries()) {
    if (typeof g !== 'object' || g === null || typeof g.name !== 'string' || typeof g.propose !== 'function' || typeof g.measure !== 'string' || typeof g.justification !== 'string') {
      throw new IoaError('E_USAGE', 'a generator object needs name, justification, measure and propose()', { path: `$.generators[${generators.indexOf(g)}]` });
    }
    if (g.name in registry) throw new IoaError('E_USAGE', `generator "${g.name}" has the name of a registered generator: give yours another name`, { path: `$.generators[${i}].name` });
    registry[g.name] = async () => () => g;
  }
  return run({ ...rest, generators: generators.map((g) => (typeof g === 'string' ? g : g.name)), registry });
}
