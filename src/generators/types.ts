/**
 * The generator contract (STYLE.md point 1): a small interface, one file per generator, each
 * ending in `export default defineGenerator(...)`. Generators are allowed to be clever and wrong:
 * their scores are raw and uncalibrated, and only ranks cross generator boundaries (fusion).
 */
import type { Candidate, MappingJustification } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';

export interface GeneratorOptions {
  /** Candidates kept per subject. */
  topK: number;
  /** Upper bound on concurrently running asynchronous work (p-limit). */
  concurrency?: number;
  /**
   * Progress of this call: `done` of `total` source concepts. A long preparation, and work
   * started ahead (startAhead), report their own steps first, named by `note`, each counting
   * from 0; the count of source concepts has no note.
   */
  onProgress?: (done: number, total: number, note?: string) => void;
  /** Non-fatal findings about the input (duplicate IRIs, unnamed concepts, cut names). */
  onWarning?: (message: string) => void;
  signal?: AbortSignal;
  /**
   * Let the draft's kinds (capability, intent, domain, concept) be paired with each other, as
   * `skos:relatedMatch`. Default false: each is matched only with its own kind.
   */
  crossKind?: boolean;
  /**
   * Pair a concept with the target concept of the same IRI. Default false: two ontologies that
   * share an IRI share that concept, which is no candidate. Between two releases of one ontology
   * (the version diff) it is the first candidate, and what the names say must count for it as for
   * any other: left out, a neighbour with a like name (tonsil, palatine tonsil) outscored it.
   * A target concept the release deprecates is still never paired with itself: a retired concept
   * is no successor (what replaces it is). See pairsWithItself.
   */
  pairSameIri?: boolean;
}

export interface Generator {
  readonly name: string;
  readonly justification: MappingJustification;
  /** What `score` means, written to SSSOM `similarity_measure`. */
  readonly measure: string;
  /** The model behind the scores, for generators that use one (recorded with benchmark results). */
  readonly modelId?: string;
  /**
   * Candidates from `source` concepts (subjects) to `target` concepts (objects), at most
   * `topK` per subject, ranks 1..k per subject in descending score. Direction matters:
   * propose(a, b) is not propose(b, a) with the columns swapped.
   */
  propose(source: OntologyIndex, target: OntologyIndex, options: GeneratorOptions): AsyncIterable<Candidate>;
  /**
   * Start work that can go on on another thread while other generators run, for a `propose`
   * call on the same two indexes and options to pick up. Resolves once the work is under way.
   * `options.signal` stops it when the run ends without that `propose` call (runGenerators), or
   * when the run is stopped: stopped before it resolves, it rejects with the signal's reason.
   * Whatever stopped work left undone, `propose` does.
   */
  startAhead?(source: OntologyIndex, target: OntologyIndex, options: GeneratorOptions): Promise<void>;
  /**
   * The candidates this generator's own decision keeps, for generators that make one beyond a
   * ranking (the version diff's alignment), given candidates it proposed. Benchmarks score it as
   * the run's selected set instead of the generic selection. Still candidates, never accepted.
   */
  decide?(candidates: readonly Candidate[]): Candidate[];
}

/** Per-generator settings from the CLI or a benchmark manifest. */
export type GeneratorConfig = Readonly<Record<string, unknown>>;
export type GeneratorFactory = (config?: GeneratorConfig) => Generator;

export function defineGenerator(factory: GeneratorFactory): GeneratorFactory {
  return factory;
}
