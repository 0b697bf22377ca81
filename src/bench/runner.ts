/**
 * The benchmark runner: loads a track's pairs once, runs every selected generator (and the
 * exact-label baselines) on each pair, scores the candidates against the reference with
 * ./metrics.ts and measures wall time and memory per generator.
 *
 * It works against the registry and the Generator interface only, so whatever is registered in
 * GENERATORS can be benchmarked; tests inject their own registry.
 */
import { IoaError, isIoaError } from '../model/errors.js';
import { tripleKey, type Candidate, type MappingJustification } from '../model/mapping.js';
import { NS } from '../model/vocabulary.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { isIncompatible, PREDICATE_OF_RELATION, type AlignmentRelation } from '../ontology/alignment-reader.js';
import { readReference } from './reference.js';
import { select, type SelectionMode } from '../selection/index.js';
import { CoherenceChecker } from '../coherence/index.js';
import { loadVocabulary } from '../ontology/dispatch.js';
import type { ConceptKind } from '../model/concept.js';
import { kindsOf, selectKinds, type KindSelector } from '../model/kinds.js';
import { DEFAULT_GENERATORS, GENERATORS } from '../generators/registry.js';
import { commonSeries } from '../versions/identity.js';
import { fuseReleasesForPropose } from '../versions/diff.js';
import { needsTranslation } from '../generators/languages.js';
import type { Generator, GeneratorConfig, GeneratorFactory } from '../generators/types.js';
import { DEFAULT_CLAIMED_WEIGHT, DEFAULT_DIRECTIONAL_TOP_K, DEFAULT_ESTABLISHED_FACTOR, DEFAULT_FUSION_WEIGHTS, DEFAULT_MIN_FUSED_VALUE, DEFAULT_OWNED_WEIGHT, DEFAULT_SHARED_SIMILARITY, DEFAULT_UNESTABLISHED_BOOST, FUSION_GENERATOR, fusedValueMeasure } from '../generators/fusion.js';
import { fuseForVocabularies } from '../generators/record-relations.js';
import { exactLabelBaseline } from './baseline.js';
import { checkManifestFiles, loadManifest, type BenchManifest, type ManifestPair } from './manifest.js';
import {
  countPair,
  evaluateSet,
  macroAverage,
  precisionRecallF1,
  referenceSet,
  summarize,
  sumCounts,
  thresholdSweep,
  relationKind,
  type Metrics,
  type PairCounts,
  type PrecisionRecall,
  type ReferenceSet,
  type ScoredOutcome,
  type ScoredTriple,
  type Triple,
} from './metrics.js';
import { publishedFor, type PublishedPoint } from './published.js';
import { describeEnvironment, PACKAGE_ROOT, type Environment } from './environment.js';
import { simulateReviewSeries } from '../review/simulate.js';
import { startingSelectionWith } from '../review/policy.js';
import { isAbsolute, relative } from 'node:path';

/** A registry as the runner needs it: name → lazy factory. GENERATORS by default. */
export type GeneratorRegistry = Readonly<Record<string, () => Promise<GeneratorFactory>>>;

export interface BenchOptions {
  /** Corpus name (corpora/<name>/manifest.json) or manifest path. */
  corpus: string;
  /**
   * Registry keys to run, or `['all']` for every registered generator. Default: what `propose`
   * uses by default (DEFAULT_GENERATORS: the lexical generators, `structure` and `description`), or every key of an injected `registry`.
   */
  generators?: readonly string[];
  /** Candidates kept per subject (passed to every generator; the fused list's equivalence family); default 10. */
  topK?: number;
  /** Broader / narrower candidates the fused list keeps per subject besides them; default DEFAULT_DIRECTIONAL_TOP_K. */
  directionalTopK?: number;
  /** Hits@k cut-offs; default [1, 5, 10]. */
  ks?: readonly number[];
  /** Run the exact-label baselines; default true. */
  baselines?: boolean;
  /** Score the fusion of the generators when more than one ran; default true. */
  fusion?: boolean;
  /** Per-generator settings, by registry key; override the manifest's `generators` settings. */
  generatorConfig?: Readonly<Record<string, GeneratorConfig>>;
  registry?: GeneratorRegistry;
  corporaDir?: string;
  onProgress?: (event: ProgressEvent) => void;
  /** Injected clock for `date`, so a test can pin it. */
  now?: () => Date;
  /** Stops the run between pairs and inside generators (which check it between subjects); the run rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Match only concepts of these kinds (`--kinds`: classes, properties, individuals, capabilities …); default all. */
  kinds?: readonly KindSelector[];
  /** Let the draft's kinds meet (as relatedMatch); default false. */
  crossKind?: boolean;
  /** A track given directly (`bench --source --target --reference`) instead of `corpus`. */
  manifest?: BenchManifest;
  /** The selection scored as each run's selected set (default `one-to-one`). */
  select?: SelectionMode;
  /**
   * Threshold of the selection. Default: DEFAULT_MIN_FUSED_VALUE for the fused run (what
   * `propose --select` applies), none for a single generator (its raw score has its own scale).
   */
  minScore?: number;
  /** The selection also takes broader and narrower candidates (SelectionOptions.directional); default false. */
  selectDirectional?: boolean;
  /** Repair each selected set for coherence with the pair's ontologies (default: on with one-to-one, as `propose --select`). */
  repair?: boolean;
  /** Structural selection (default: on with one-to-one for the fused run, as `propose --select`; a single generator only when asked). */
  structure?: boolean;
  /**
   * Questions of the simulated review of the fused run (the review page's question policy, an
   * oracle from the reference: perfect, and wrong 10, 20 and 30 % of the time over REVIEW_SEEDS);
   * default 400, 0: none.
   */
  reviewBudget?: number;
  /** Seeds of the simulated oracle's wrong answers (default REVIEW_SEEDS). */
  reviewSeeds?: readonly number[];
  /**
   * Fuse a pair whose two ontologies are releases of one ontology as `propose` does (ProposeOptions.releases):
   * default when both name one ontology IRI, version segments aside; false never; true every pair.
   */
  releases?: boolean;
}

/** Progress of a run: `done`/`total` within the current pair, `pairIndex` of `pairCount` pairs. */
export interface ProgressEvent {
  stage: 'load' | 'generate';
  pair: string;
  pairIndex: number;
  pairCount: number;
  generator?: string;
  done: number;
  total: number;
}

/** Wall time and memory of one generator over the whole track. */
export interface RunCost {
  /** Sum over pairs of the time from calling `propose` to its last candidate. */
  wallMs: number;
  /** Highest resident set size sampled while this generator ran (includes what was loaded before it). */
  peakRssBytes: number;
  /** Resident set size just before its first pair, so the growth it caused is visible. */
  rssBeforeBytes: number;
  peakHeapUsedBytes: number;
}

/** One bin of the raw-score histogram: candidates in the reference (true) and not (false). */
export interface ScoreBin {
  lo: number;
  hi: number;
  true: number;
  false: number;
}

export interface PairResult {
  id: string;
  candidates: number;
  wallMs: number;
  metrics: Metrics;
}

export interface GeneratorRun {
  /** Registry key, or `baseline:…`. */
  name: string;
  /** `fusion` is the fusion of the other generators' lists; its cost is the fusion step alone. */
  kind: 'generator' | 'baseline' | 'fusion';
  status: 'ok' | 'skipped';
  /** Why it did not run (e.g. a model that is not built); only when skipped. */
  skipReason?: string;
  /** The generator's own `name` (may differ from the registry key), measure and justification. */
  generatorId?: string;
  measure?: string;
  justification?: MappingJustification;
  /** Model id for generators that use one (read from the generator's `modelId`/`model`, if it exposes one). */
  modelId?: string;
  config?: GeneratorConfig;
  /** Distinct warnings the generator reported (e.g. a resource it could not use). */
  warnings?: string[];
  cost?: RunCost;
  /** Pooled over all pairs. */
  micro?: Metrics;
  /** Mean of per-pair metrics. */
  macro?: Metrics;
  perPair?: PairResult[];
  /** Raw-score distribution of reference vs non-reference candidates, pooled over pairs. */
  scoreHistogram?: ScoreBin[];
  /** P/R/F1 of the run's candidates after selection (what `propose --select` would write). */
  selection?: SelectionScore;
  /** Precision/recall over raw-score thresholds, pooled (at most ~200 points, thresholds descending). */
  prCurve?: { threshold: number; precision: number; recall: number }[];
  /** The simulated review of the fused run, pooled over pairs (src/review/simulate.ts). */
  review?: ReviewSimulation[];
}

/**
 * One simulated review: the oracle's error rate, F1 before and after (the mean over the seeds
 * run, with its least and greatest), and the mean F1-versus-questions curve.
 */
export interface ReviewSimulation {
  errorRate: number;
  /** Seeds run (one for a perfect oracle). */
  seeds: number[];
  budget: number;
  /** Mean questions asked. */
  questions: number;
  scope: 'equivalence' | 'all';
  f1Before: number;
  f1After: number;
  f1AfterMin: number;
  f1AfterMax: number;
  precisionAfter: number;
  recallAfter: number;
  curve: { questions: number; f1: number }[];
}

/** A run's selected set scored against the reference. */
export interface SelectionScore {
  mode: SelectionMode;
  /** The threshold applied, if any. */
  minScore?: number;
  /** Object level, as the headline metrics (a selected pair finds a reference row of any relation), pooled over pairs. */
  micro: PrecisionRecall;
  /** Object level, mean of per-pair values. */
  macro: PrecisionRecall;
  /** Object level, per pair. */
  perPair: PrecisionRecall[];
  /** Relation level (the selected triple must be the reference's), pooled over pairs. */
  relation: PrecisionRecall;
}

export interface ReferenceSummary {
  id: string;
  source: string;
  target: string;
  reference: string;
  /** `alignment` (OAEI RDF/XML) or the mapping file format the reference was read from. */
  referenceFormat: string;
  /** Rows of a mapping-file reference left out: rejected (`Not`), literal, or of another predicate. */
  referenceRowsIgnored: number;
  referenceTriples: number;
  referenceSubjects: number;
  /** Reference cells per Alignment API relation, e.g. {"=": 15}. */
  relations: Partial<Record<AlignmentRelation, number>>;
  /** Reference subjects that the source ontology does not contain (no generator can find them). */
  subjectsNotInSource: number;
  objectsNotInTarget: number;
  sourceConcepts: number;
  targetConcepts: number;
}

export interface BenchResult {
  schema: 'ioa-align/bench-results@1';
  date: string;
  corpus: { name: string; description?: string; manifest: string; pairs: ReferenceSummary[] };
  config: {
    generators: string[];
    baselines: string[];
    /** Whether the fusion of the generators was scored as its own row. */
    fusion: boolean;
    topK: number;
    /** Broader / narrower candidates the fused list kept per subject besides the topK equivalence candidates. */
    directionalTopK?: number;
    ks: number[];
    /** Concept kinds matched, when restricted (`--kinds`). */
    kinds?: string[];
    /** Whether the draft's kinds were paired with each other. */
    crossKind?: boolean;
    rules: { ranking: string; proposal: string; oracle: string; averages: string; relations: string; selection: string };
    /** The selection scored as `selection` of each run. */
    selection: { mode: SelectionMode; directional?: boolean; minScore?: number; fusedMinScore?: number; repair: boolean; structure: boolean };
  };
  loading: { wallMs: number };
  runs: GeneratorRun[];
  /** Not measured here: figures from the literature, for orientation. */
  published: PublishedPoint[];
  environment: Environment;
  /** Whole-process peak RSS (resourceUsage().maxRSS) at the end of the run. */
  processMaxRssBytes: number;
  /**
   * What each member adds to the fused list: the fusion of every member but one, scored like the
   * fused run (with three or more members). A figure better without a member says that member
   * makes the track worse.
   */
  leaveOneOut?: LeaveOneOut[];
}

/** The fused list without one member generator, scored (micro). */
export interface LeaveOneOut {
  /** The member left out. */
  without: string;
  hitsAt1: number;
  recallAt10: number;
  /** Recall@10 counting the relation. */
  relationRecallAt10: number;
  /** Broader and narrower reference rows whose exact triple is in the subject's first 10 rows (count). */
  directionalRightAt10: number;
  /** `=` reference rows' Hits@1 in the equivalence candidates' own ranking, when the track has `=` rows. */
  equivalenceHitsAt1OwnKind?: number;
}

const EXACT_MATCH_PREDICATE = 'skos:exactMatch';

export const RULES: BenchResult['config']['rules'] = {
  ranking: 'per subject by raw score, descending; equal scores broken against the reference (non-reference first); a triple proposed twice counts once with its highest score. Object level (headline Hits@k, MRR, recall@k, F1): one candidate per object, any relation finds the row. Relation level: the full (subject, predicate, object) must match',
  proposal: 'mutual top-1: the unique highest-scoring candidate of its subject that is also the unique highest-scoring candidate of its object among the same generator\'s candidates; ties abstain; the reference is not consulted',
  oracle: 'best F1 over raw-score thresholds score >= t on all candidates, choosing t with the reference: an upper bound for information, not a result',
  averages: 'micro pools counts over pairs (one oracle threshold for all pairs); macro is the mean of per-pair values (each pair its own oracle threshold)',
  relations: 'per reference relation (= skos:exactMatch, < skos:broadMatch, > skos:narrowMatch): object-level Hits@1 and MRR over the subjects with rows of that relation, object-level recall@10, and the rows whose exact triple is among the top 10 candidate rows of their subject; top-1 exactMatch: reference subjects with candidates whose top-1 row is skos:exactMatch',
  selection: 'the selection `propose --select` applies (src/selection): one-to-one is greedy on the run\'s own score (equivalences, each subject and object at most once, one relation per pair; with selectDirectional, then, for subjects left without one, the best broader object and a narrower subject once per object); the fused run is thresholded at the default fused value unless told otherwise, a single generator only when told; with one-to-one, as in `propose`, structural selection (class candidates that agree with the first selection about parents, children or part_of-style restriction fillers move up; property mappings whose domains and ranges no selected class mapping relates are removed) and repair for coherence with the pair\'s ontologies (src/coherence) unless turned off; a generator that makes its own decision (the version diff: its alignment) is scored on that decision instead; the reference is not consulted. Scored at object level like the headline metrics (a selected pair finds a reference row of any relation) and at relation level (the triple must match)',
};

const DEFAULT_KS = [1, 5, 10] as const;

/**
 * With the default list or `all`, a generator that cannot run here (its model is not built, or
 * its optional packages are not installed) is reported as skipped rather than failing the track.
 */
const SKIPPABLE: ReadonlySet<string> = new Set(['E_MODEL_MISSING', 'E_MODEL_LOAD_FAILED', 'E_EMBEDDING_UNAVAILABLE']);

/** Paths inside the package are stored relative to it, so committed results do not name one machine's folders. */
function displayPath(path: string): string {
  const rel = relative(PACKAGE_ROOT, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** `http://www.w3.org/2004/02/skos/core#exactMatch` and `skos:exactMatch` are one predicate. */
export function normalisePredicate(predicate: string): string {
  return predicate.startsWith(NS.skos) ? `skos:${predicate.slice(NS.skos.length)}` : predicate;
}

/**
 * The mappings a reference asks to find. Incompatibility cells (`%`) are left out: they say two
 * entities must not be matched, not a mapping to find (the summary still counts them per relation).
 */
export function referenceTriples(cells: readonly { entity1: string; entity2: string; relation: AlignmentRelation }[]): Triple[] {
  return cells.flatMap((c) => (isIncompatible(c.relation) ? [] : [{ subject: c.entity1, predicate: PREDICATE_OF_RELATION[c.relation], object: c.entity2 }]));
}

interface LoadedPair {
  pair: ManifestPair;
  source: OntologyIndex;
  target: OntologyIndex;
  /** The pair's coherence checker, built on first use and shared by every run's selection. */
  checker?: CoherenceChecker;
  reference: ReferenceSet;
  summary: ReferenceSummary;
}

async function loadPairs(manifest: BenchManifest, onProgress: BenchOptions['onProgress'], signal?: AbortSignal, kinds?: ReadonlySet<ConceptKind>): Promise<LoadedPair[]> {
  const cache = new Map<string, Promise<OntologyIndex>>();
  const load = (path: string): Promise<OntologyIndex> => {
    let p = cache.get(path);
    if (!p) cache.set(path, (p = loadVocabulary(path).then((index) => (kinds ? selectKinds(index, kinds) : index))));
    return p;
  };
  const loaded: LoadedPair[] = [];
  for (const [i, pair] of manifest.pairs.entries()) {
    signal?.throwIfAborted();
    onProgress?.({ stage: 'load', pair: pair.id, pairIndex: i, pairCount: manifest.pairs.length, done: 0, total: 1 });
    const [source, target, alignment] = await Promise.all([load(pair.source), load(pair.target), readReference(pair.reference)]);
    const triples = referenceTriples(alignment.cells);
    const reference = referenceSet(triples);
    const relations: Partial<Record<AlignmentRelation, number>> = {};
    // Per distinct reference mapping, as referenceTriples counts them: a cell given twice is one.
    const counted = new Set<string>();
    for (const c of alignment.cells) {
      const key = `${c.entity1}\u0000${c.relation}\u0000${c.entity2}`;
      if (counted.has(key)) continue;
      counted.add(key);
      relations[c.relation] = (relations[c.relation] ?? 0) + 1;
    }
    const subjects = new Set(triples.map((t) => t.subject));
    const objects = new Set(triples.map((t) => t.object));
    loaded.push({
      pair,
      source,
      target,
      reference,
      summary: {
        id: pair.id,
        source: displayPath(pair.source),
        target: displayPath(pair.target),
        reference: displayPath(pair.reference),
        referenceFormat: alignment.format,
        referenceRowsIgnored: alignment.ignored,
        referenceTriples: reference.size,
        referenceSubjects: reference.subjects.size,
        relations,
        subjectsNotInSource: [...subjects].filter((s) => !source.byIri.has(s)).length,
        objectsNotInTarget: [...objects].filter((o) => !target.byIri.has(o)).length,
        sourceConcepts: source.concepts.length,
        targetConcepts: target.concepts.length,
      },
    });
  }
  onProgress?.({ stage: 'load', pair: '', pairIndex: manifest.pairs.length, pairCount: manifest.pairs.length, done: 0, total: 1 });
  return loaded;
}

/**
 * Samples memory while a generator runs: on a timer, and on every 256th candidate because a
 * generator that computes synchronously starves the timer.
 */
class MemorySampler {
  peakRss = 0;
  peakHeap = 0;
  private timer: NodeJS.Timeout | undefined;
  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), 20);
    this.timer.unref();
  }
  sample(): void {
    const m = process.memoryUsage();
    if (m.rss > this.peakRss) this.peakRss = m.rss;
    if (m.heapUsed > this.peakHeap) this.peakHeap = m.heapUsed;
  }
  stop(): void {
    this.sample();
    if (this.timer) clearInterval(this.timer);
  }
}

function optionalString(value: unknown, key: string): string | undefined {
  const v = (value as Record<string, unknown>)[key];
  return typeof v === 'string' && v ? v : undefined;
}

type Produce = (loaded: LoadedPair, onProgress: (done: number, total: number) => void) => AsyncIterable<Candidate> | Iterable<Candidate>;

interface RunOutcome {
  cost: RunCost;
  perPair: PairResult[];
  counts: PairCounts[];
  /** Each pair's candidates as produced, kept for fusion. */
  candidates: Candidate[][];
}

async function runOne(label: string, produce: Produce, pairs: readonly LoadedPair[], topK: number, ks: readonly number[], onProgress: BenchOptions['onProgress'], signal?: AbortSignal): Promise<RunOutcome> {
  const sampler = new MemorySampler();
  const rssBeforeBytes = process.memoryUsage().rss;
  sampler.start();
  let wallMs = 0;
  const perPair: PairResult[] = [];
  const counts: PairCounts[] = [];
  const kept: Candidate[][] = [];
  try {
    for (const [pairIndex, loaded] of pairs.entries()) {
      signal?.throwIfAborted();
      const list: Candidate[] = [];
      const scored: ScoredTriple[] = [];
      const started = performance.now();
      try {
        for await (const c of produce(loaded, (done, total) => onProgress?.({ stage: 'generate', pair: loaded.pair.id, pairIndex, pairCount: pairs.length, generator: label, done, total }))) {
          scored.push(checkCandidate(c, label, loaded.pair.id));
          list.push(c);
          if ((scored.length & 255) === 0) sampler.sample();
        }
      } catch (cause) {
        if (isIoaError(cause) || (signal?.aborted && cause === signal.reason)) throw cause;
        throw new IoaError('E_GENERATOR_FAILED', `generator "${label}" failed on pair "${loaded.pair.id}": ${(cause as Error)?.message ?? String(cause)}`, {}, { cause });
      }
      const pairMs = performance.now() - started;
      wallMs += pairMs;
      const pairCounts = countPair(scored, loaded.reference, { ks, maxK: topK });
      counts.push(pairCounts);
      kept.push(list);
      perPair.push({ id: loaded.pair.id, candidates: pairCounts.candidates, wallMs: round(pairMs), metrics: summarize(pairCounts) });
    }
  } finally {
    sampler.stop();
  }
  return { cost: { wallMs: round(wallMs), peakRssBytes: sampler.peakRss, rssBeforeBytes, peakHeapUsedBytes: sampler.peakHeap }, perPair, counts, candidates: kept };
}

/** The runner's minimal guard on what it scores; the generator test suite checks the rest. */
function checkCandidate(c: Candidate, generator: string, pair: string): ScoredTriple {
  if (typeof c.subject !== 'string' || typeof c.object !== 'string' || typeof c.predicate !== 'string' || !Number.isFinite(c.score)) {
    throw new IoaError('E_GENERATOR_FAILED', `generator "${generator}" produced a malformed candidate on pair "${pair}" (subject ${String(c.subject)}, object ${String(c.object)}, score ${String(c.score)})`);
  }
  return { subject: c.subject, predicate: normalisePredicate(c.predicate), object: c.object, score: c.score };
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

/** Equal-width bins between the lowest and highest raw score. */
export function scoreHistogram(outcomes: readonly ScoredOutcome[], bins = 20): ScoreBin[] {
  if (outcomes.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const o of outcomes) {
    if (o.score < lo) lo = o.score;
    if (o.score > hi) hi = o.score;
  }
  const n = hi > lo ? bins : 1;
  const width = hi > lo ? (hi - lo) / n : 1;
  const out: ScoreBin[] = Array.from({ length: n }, (_, i) => ({ lo: lo + i * width, hi: i === n - 1 ? hi : lo + (i + 1) * width, true: 0, false: 0 }));
  for (const o of outcomes) {
    const i = Math.min(n - 1, Math.floor((o.score - lo) / width));
    out[i]![o.correct ? 'true' : 'false'] += 1;
  }
  return out;
}

/**
 * The threshold sweep thinned for charts and results.json: a point is kept when precision or
 * recall moved visibly since the last kept one (so the shape survives, including the steep start
 * at low recall), then evenly if still more than `max`; the first and last points always stay.
 */
export function prCurve(outcomes: readonly ScoredOutcome[], referenceSize: number, max = 300): { threshold: number; precision: number; recall: number }[] {
  const sweep = thresholdSweep(outcomes, referenceSize);
  const visible: typeof sweep = [];
  for (const [i, p] of sweep.entries()) {
    const last = visible[visible.length - 1];
    if (!last || i === sweep.length - 1 || Math.abs(p.recall - last.recall) >= 0.002 || Math.abs(p.precision - last.precision) >= 0.005) visible.push(p);
  }
  const step = Math.max(1, Math.ceil(visible.length / max));
  return visible
    .filter((_, i) => i % step === 0 || i === visible.length - 1)
    .map((p) => ({ threshold: p.threshold, precision: p.precision, recall: p.recall }));
}

/** How each run's candidates are selected before they are scored. */
interface SelectionPolicy {
  mode: SelectionMode;
  directional: boolean;
  repair: boolean;
  structure: boolean;
}

/** The run's candidates of each pair after selection, scored against each pair's reference. */
function scoreSelection(outcome: RunOutcome, pairs: readonly LoadedPair[], policy: SelectionPolicy, minScore: number | undefined, decide?: Generator['decide']): SelectionScore {
  const { mode, directional, repair, structure } = policy;
  const relationLevel: PrecisionRecall[] = [];
  const perPair = pairs.map((p, i) => {
    const ontologies = repair || structure ? { ontologies: { source: p.source, target: p.target }, checker: (p.checker ??= new CoherenceChecker(p.source, p.target)) } : {};
    // A generator that decides (the version diff) is scored on its own decision.
    const chosen = decide ? decide(outcome.candidates[i] ?? []) : select(outcome.candidates[i] ?? [], { mode, directional, repair, structure, ...ontologies, ...(minScore !== undefined ? { minScore } : {}) });
    relationLevel.push(evaluateSet(chosen.map((c) => ({ subject: c.subject, predicate: normalisePredicate(c.predicate), object: c.object })), p.reference));
    // Selection keeps one relation per pair, so pairs are distinct; a pair finds a reference row of any relation.
    const selectedPairs = new Set(chosen.map((c) => `${c.subject}\u0000${c.object}`));
    let correct = 0;
    for (const pair of selectedPairs) if (p.reference.pairs.has(pair)) correct++;
    return precisionRecallF1(correct, selectedPairs.size, p.reference.size);
  });
  const sum = (list: readonly PrecisionRecall[], pick: (x: PrecisionRecall) => number): number => list.reduce((a, x) => a + pick(x), 0);
  const mean = (pick: (x: PrecisionRecall) => number): number => (perPair.length ? sum(perPair, pick) / perPair.length : 0);
  const size = pairs.reduce((a, p) => a + p.reference.size, 0);
  const micro = precisionRecallF1(sum(perPair, (x) => x.correct), sum(perPair, (x) => x.proposed), size);
  const relation = precisionRecallF1(sum(relationLevel, (x) => x.correct), sum(relationLevel, (x) => x.proposed), size);
  const macro: PrecisionRecall = { proposed: mean((x) => x.proposed), correct: mean((x) => x.correct), precision: mean((x) => x.precision), recall: mean((x) => x.recall), f1: mean((x) => x.f1) };
  return { mode, ...(minScore !== undefined ? { minScore } : {}), micro, macro, perPair, relation };
}

function finishRun(base: GeneratorRun, outcome: RunOutcome, selection: SelectionScore): GeneratorRun {
  const pooled = sumCounts(outcome.counts);
  return {
    ...base,
    cost: outcome.cost,
    micro: summarize(pooled),
    macro: macroAverage(outcome.perPair.map((p) => p.metrics)),
    perPair: outcome.perPair,
    scoreHistogram: scoreHistogram(pooled.outcomes),
    prCurve: prCurve(pooled.outcomes, pooled.referenceTriples),
    selection,
  };
}

export const DEFAULT_REVIEW_BUDGET = 400;
/** The error rates the benchmark simulates a reviewer with: a perfect oracle and one wrong 10, 20 and 30 % of the time (the OAEI Interactive track's settings). */
export const REVIEW_ERROR_RATES = [0, 0.1, 0.2, 0.3] as const;
/** Seeds of the oracle's wrong answers each error rate is run with; the table and chart give their mean. */
export const REVIEW_SEEDS = [0, 1, 2] as const;

/**
 * The review simulation on the fused candidates of every pair at once: with several pairs each
 * pair's IRIs are prefixed with its index, so one question policy ranks the questions of all
 * pairs together (and the oracle's draws differ from a per-pair `review simulate`).
 */
function simulateFusedReview(outcome: RunOutcome, pairs: readonly LoadedPair[], budget: number, seeds: readonly number[] = REVIEW_SEEDS): ReviewSimulation[] {
  // One pair keeps its IRIs, so the oracle draws what `review simulate` on that pair's file draws.
  const tag = (i: number, iri: string): string => (pairs.length > 1 ? `${i}\u0000${iri}` : iri);
  // Every pair's fused value is the same statistic in [0, 1], but its measure names the members
  // that proposed anything on that pair (a generator silent on one pair, as `description` is where
  // neither ontology has descriptions, is left out there): pooled, they are one measure.
  const measure = (c: Candidate): string => (pairs.length > 1 && c.generator === FUSION_GENERATOR ? FUSION_GENERATOR : c.measure);
  const candidates = outcome.candidates.flatMap((list, i) => list.map((c) => ({ subject: tag(i, c.subject), predicate: normalisePredicate(c.predicate), object: tag(i, c.object), score: c.score, rank: c.rank, measure: measure(c) })));
  const reference = pairs.flatMap((p, i) => p.reference.triples.map((t) => ({ subject: tag(i, t.subject), predicate: t.predicate, object: tag(i, t.object) })));
  // The review starts from each pair's selection with its ontologies, as `propose --select` and
  // the review page make it.
  const boosts = new Map<string, number>();
  const setAside = new Set<string>();
  outcome.candidates.forEach((list, i) => {
    const pair = pairs[i]!;
    const start = startingSelectionWith(list.map((c) => ({ ...c, predicate: normalisePredicate(c.predicate), measure: measure(c) })), (pair.checker ??= new CoherenceChecker(pair.source, pair.target)), DEFAULT_MIN_FUSED_VALUE);
    const tagged = (key: string): string => {
      const [s, p, o] = key.split('\u0000') as [string, string, string];
      return tripleKey(tag(i, s), p, tag(i, o));
    };
    for (const [k, b] of start.boosts) boosts.set(tagged(k), b);
    for (const k of start.setAside) setAside.add(tagged(k));
  });
  return simulateReviewSeries(candidates, reference, { budget, errorRates: REVIEW_ERROR_RATES, seeds, minScore: DEFAULT_MIN_FUSED_VALUE, start: { boosts, setAside } }).map((series) => ({
    errorRate: series.error_rate, seeds: series.seeds, budget, questions: series.questions.mean, scope: series.runs[0]!.scope, f1Before: series.f1_before,
    f1After: series.f1_after.mean, f1AfterMin: series.f1_after.min, f1AfterMax: series.f1_after.max,
    precisionAfter: series.precision_after.mean, recallAfter: series.recall_after.mean,
    curve: series.curve.map((p) => ({ questions: p.questions, f1: p.f1 })),
  }));
}

/** Runs a benchmark track. Throws IoaError for a bad manifest, unknown generator or failing generator. */
export async function runBenchmark(options: BenchOptions): Promise<BenchResult> {
  const registry: GeneratorRegistry = options.registry ?? (GENERATORS as GeneratorRegistry);
  const topK = options.topK ?? 10;
  if (!Number.isInteger(topK) || topK < 1) throw new IoaError('E_USAGE', `top-k must be a positive integer, got ${topK}`);
  const directionalTopK = options.directionalTopK ?? DEFAULT_DIRECTIONAL_TOP_K;
  if (!Number.isInteger(directionalTopK) || directionalTopK < 0) throw new IoaError('E_USAGE', `directional top-k must be a non-negative integer, got ${directionalTopK}`);
  const ks = [...(options.ks ?? DEFAULT_KS)];
  const all = options.generators?.length === 1 && options.generators[0] === 'all';
  // Named generators must run; with a default or `all`, one whose model is missing is skipped.
  const explicit = options.generators !== undefined && !all;
  const defaults = options.registry ? Object.keys(registry) : DEFAULT_GENERATORS.filter((g) => g in registry);
  const names = all ? Object.keys(registry) : [...new Set(options.generators ?? defaults)];
  for (const name of names) {
    if (!(name in registry)) {
      throw new IoaError('E_UNKNOWN_GENERATOR', `unknown generator "${name}"; registered: ${Object.keys(registry).join(', ') || 'none'}`);
    }
  }
  const manifest = options.manifest ?? await loadManifest(options.corpus, options.corporaDir);
  const mode = options.select ?? 'one-to-one';
  const directional = options.selectDirectional === true;
  const policy: SelectionPolicy = { mode, directional, repair: options.repair ?? mode === 'one-to-one', structure: options.structure ?? mode === 'one-to-one' };
  // As in `propose`: the structural boost is in units of the fused value, so a single generator's
  // (or a baseline's) raw score gets it only when asked.
  const policyFor = (kind: GeneratorRun['kind']): SelectionPolicy => (kind === 'fusion' || options.structure !== undefined ? policy : { ...policy, structure: false });
  const thresholdFor = (kind: GeneratorRun['kind']): number | undefined => options.minScore ?? (kind === 'fusion' ? DEFAULT_MIN_FUSED_VALUE : undefined);
  for (const key of Object.keys(manifest.generators ?? {})) {
    if (!(key in registry)) throw new IoaError('E_BENCH_MANIFEST', `settings for unknown generator "${key}"; registered: ${Object.keys(registry).join(', ')}`, { file: manifest.file, path: `$.generators.${key}` });
  }
  await checkManifestFiles(manifest);

  const loadStart = performance.now();
  const pairs = await loadPairs(manifest, options.onProgress, options.signal, options.kinds ? kindsOf(options.kinds) : undefined);
  const loadMs = performance.now() - loadStart;
  // As in `propose`: by default a track whose names are in Chinese and English adds `translate`.
  if (options.generators === undefined && !options.registry && 'translate' in registry && !names.includes('translate') && pairs.some((p) => needsTranslation(p.source, p.target))) {
    names.push('translate');
  }

  const runs: GeneratorRun[] = [];
  const baselines = options.baselines === false ? [] : [exactLabelBaseline(false), exactLabelBaseline(true)];
  for (const baseline of baselines) {
    const outcome = await runOne(baseline.name, (p, progress) => baseline.propose(p.source, p.target, { topK, onProgress: progress }), pairs, topK, ks, options.onProgress);
    runs.push(finishRun({ name: baseline.name, kind: 'baseline', status: 'ok', generatorId: baseline.name, measure: baseline.measure, justification: baseline.justification }, outcome, scoreSelection(outcome, pairs, policyFor('baseline'), thresholdFor('baseline'))));
  }
  const memberOutcomes: RunOutcome[] = [];
  for (const name of names) {
    // Manifest settings first, then the caller's (the CLI's) on top.
    const merged = { ...manifest.generators?.[name], ...options.generatorConfig?.[name] };
    const config: GeneratorConfig | undefined = Object.keys(merged).length ? merged : undefined;
    let generator: Generator;
    try {
      const factory = await registry[name]!();
      generator = factory(config);
    } catch (cause) {
      // With the default list or `all`, a generator whose model is not built is reported as
      // skipped rather than failing the track. One the user named must run.
      if (!explicit && isIoaError(cause) && SKIPPABLE.has(cause.code)) {
        runs.push({ name, kind: 'generator', status: 'skipped', skipReason: cause.message });
        continue;
      }
      // A setting the manifest gave (and the caller did not override) is the manifest's fault:
      // said at the manifest's own file and path, not at the generator's.
      const setting = isIoaError(cause) && cause.code === 'E_USAGE' ? /^\$\.generatorConfig\.[^.]+(?:\.(.+))?$/.exec(cause.location.path ?? '') : null;
      const own = manifest.generators?.[name];
      const key = setting?.[1];
      const overridden = key !== undefined && options.generatorConfig?.[name] !== undefined && Object.prototype.hasOwnProperty.call(options.generatorConfig[name], key);
      if (setting && own !== undefined && (key === undefined || Object.prototype.hasOwnProperty.call(own, key)) && !overridden) {
        throw new IoaError('E_BENCH_MANIFEST', (cause as IoaError).message, { file: manifest.file, path: `$.generators.${name}${key !== undefined ? `.${key}` : ''}` }, { cause });
      }
      if (isIoaError(cause)) throw cause;
      throw new IoaError('E_GENERATOR_FAILED', `generator "${name}" could not be created: ${(cause as Error)?.message ?? String(cause)}`, {}, { cause });
    }
    const warnings = new Set<string>();
    let outcome: RunOutcome;
    try {
      outcome = await runOne(
        name,
        (p, progress) => generator.propose(p.source, p.target, { topK, onProgress: progress, onWarning: (message) => warnings.add(message), ...(options.signal ? { signal: options.signal } : {}), ...(options.crossKind ? { crossKind: true } : {}) }),
        pairs,
        topK,
        ks,
        options.onProgress,
        options.signal,
      );
    } catch (cause) {
      if (!explicit && isIoaError(cause) && SKIPPABLE.has(cause.code)) {
        runs.push({ name, kind: 'generator', status: 'skipped', skipReason: cause.message });
        continue;
      }
      throw cause;
    }
    const base: GeneratorRun = { name, kind: 'generator', status: 'ok', generatorId: generator.name, measure: generator.measure, justification: generator.justification };
    const modelId = optionalString(generator, 'modelId') ?? optionalString(generator, 'model');
    if (modelId) base.modelId = modelId;
    if (config) base.config = config;
    if (warnings.size) base.warnings = [...warnings];
    runs.push(finishRun(base, outcome, scoreSelection(outcome, pairs, policyFor('generator'), thresholdFor('generator'), generator.decide?.bind(generator))));
    memberOutcomes.push(outcome);
  }

  // The fused list of the generators that ran, as `propose` would produce it: two releases of one
  // ontology with the version diff's identity and lineage evidence, any other pair as usual.
  const asReleases = (p: LoadedPair): boolean => options.releases ?? commonSeries(p.source, p.target) !== undefined;
  const fusePair = async function* (members: Candidate[], names: readonly string[], p: LoadedPair): AsyncIterable<Candidate> {
    if (asReleases(p)) yield* await fuseReleasesForPropose(p.source, p.target, members, { generators: names, topK, directionalTopK });
    else yield* fuseForVocabularies(members, { generators: names, topK, directionalTopK }, p.source, p.target);
  };
  const releasePairs = pairs.filter(asReleases).map((p) => p.pair.id);
  // The fused list of the generators that ran, as `propose` would produce it.
  let fusedOutcome: RunOutcome | undefined;
  if (memberOutcomes.length > 1 && options.fusion !== false) {
    const members = runs.filter((r) => r.kind === 'generator' && r.status === 'ok').map((r) => r.name);
    const outcome = await runOne(
      FUSION_GENERATOR,
      // Same call as `propose` (src/generators/run.ts): every generator that ran counts, default weights.
      (p) => fusePair(memberOutcomes.flatMap((m) => m.candidates[pairs.indexOf(p)] ?? []), members, p),
      pairs,
      topK,
      ks,
      options.onProgress,
    );
    fusedOutcome = outcome;
    runs.push(
      finishRun(
        {
          name: FUSION_GENERATOR,
          kind: 'fusion',
          status: 'ok',
          generatorId: FUSION_GENERATOR,
          measure: outcome.candidates.find((list) => list.length)?.[0]?.measure ?? fusedValueMeasure(members),
          justification: 'semapv:CompositeMatching',
          config: {
            members, value: 'mean', weights: Object.fromEntries(members.map((m) => [m, DEFAULT_FUSION_WEIGHTS[m] ?? 1])),
            directionalTopK, sharedSimilarity: DEFAULT_SHARED_SIMILARITY, ownedWeight: DEFAULT_OWNED_WEIGHT, claimedWeight: DEFAULT_CLAIMED_WEIGHT,
            unestablishedBoost: DEFAULT_UNESTABLISHED_BOOST, establishedFactor: DEFAULT_ESTABLISHED_FACTOR,
            ...(releasePairs.length > 0 ? { releases: releasePairs } : {}),
          },
        },
        outcome,
        scoreSelection(outcome, pairs, policyFor('fusion'), thresholdFor('fusion')),
      ),
    );
  }

  // Leave-one-out: the fusion of every member but one, for each member.
  const leaveOneOut: LeaveOneOut[] = [];
  const fusedMembers = runs.filter((r) => r.kind === 'generator' && r.status === 'ok').map((r) => r.name);
  if (fusedOutcome && fusedMembers.length >= 3) {
    for (const without of fusedMembers) {
      const others = fusedMembers.filter((m) => m !== without);
      const kept = memberOutcomes.filter((_, i) => fusedMembers[i] !== without);
      const outcome = await runOne(
        `${FUSION_GENERATOR} without ${without}`,
        (p) => fusePair(kept.flatMap((m) => m.candidates[pairs.indexOf(p)] ?? []), others, p),
        pairs,
        topK,
        ks,
        options.onProgress,
      );
      leaveOneOut.push(contributionOf(without, summarize(sumCounts(outcome.counts)), topK));
    }
  }

  const reviewBudget = options.reviewBudget ?? DEFAULT_REVIEW_BUDGET;
  const fused = runs.find((r) => r.kind === 'fusion');
  if (fused && fusedOutcome && reviewBudget > 0) fused.review = simulateFusedReview(fusedOutcome, pairs, reviewBudget, options.reviewSeeds);

  const result: BenchResult = {
    schema: 'ioa-align/bench-results@1',
    date: (options.now ?? (() => new Date()))().toISOString(),
    corpus: { name: manifest.name, manifest: displayPath(manifest.file), pairs: pairs.map((p) => p.summary) },
    config: {
      generators: names, baselines: baselines.map((b) => b.name), fusion: runs.some((r) => r.kind === 'fusion'), topK, ...(runs.some((r) => r.kind === 'fusion') ? { directionalTopK } : {}), ks,
      ...(options.kinds ? { kinds: [...options.kinds] } : {}),
      ...(options.crossKind ? { crossKind: true } : {}),
      rules: RULES,
      selection: { mode, ...(directional ? { directional } : {}), ...(options.minScore !== undefined ? { minScore: options.minScore } : { fusedMinScore: DEFAULT_MIN_FUSED_VALUE }), repair: policy.repair, structure: policy.structure },
    },
    loading: { wallMs: round(loadMs) },
    runs,
    published: publishedFor(manifest.name),
    environment: describeEnvironment(),
    processMaxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  if (manifest.description !== undefined) result.corpus.description = manifest.description;
  if (leaveOneOut.length > 0) result.leaveOneOut = leaveOneOut;
  return result;
}

/** The figures of a leave-one-out fusion (or of the full one, with `without` empty). */
export function contributionOf(without: string, m: Metrics, topK: number): LeaveOneOut {
  const directional = Object.entries(m.byRelation).filter(([p]) => relationKind(p) === 'directional');
  const out: LeaveOneOut = {
    without,
    hitsAt1: m.hitsAt['1'] ?? 0,
    recallAt10: m.recallAt[Math.min(topK, 10) - 1] ?? 0,
    relationRecallAt10: m.relation.recallAt[Math.min(topK, 10) - 1] ?? 0,
    directionalRightAt10: directional.reduce((n, [, r]) => n + r.rightRelationAt10, 0),
  };
  const equivalence = m.byRelation[EXACT_MATCH_PREDICATE];
  if (equivalence) out.equivalenceHitsAt1OwnKind = equivalence.hitsAt1OwnKind;
  return out;
}

