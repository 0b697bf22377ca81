/**
 * The generator contract: what a candidate generator is, so you can write your own and have
 * `propose` and `runBenchmark` fuse and score it like the built-in ones. A generator is a plain
 * object — `name`, `justification`, `measure` and an async-iterable `propose(source, target,
 * options)` — no class to extend. Scores are raw and uncalibrated, each on its generator's own
 * scale; fusion combines them into one value per candidate (the weighted mean over the members
 * of each one's raw score over the square root of its rank), a ranking statistic, never a
 * confidence.
 *
 * Also here: fusion itself, the registry's names, and the embedding model tooling
 * (`ensureEmbeddingModel`, what `ioa-align models build` runs).
 *
 * @packageDocumentation
 */
export { defineGenerator, type Generator, type GeneratorOptions, type GeneratorConfig, type GeneratorFactory } from '../generators/types.js';
export { type GeneratorName, LEXICAL_GENERATORS, DEFAULT_GENERATORS } from '../generators/registry.js';
export {
  fuseCandidates, fusionMeasure, fusedValueMeasure, fusedEquivalence, DEFAULT_RRF_K, DEFAULT_FUSION_WEIGHTS, DEFAULT_TIE_BREAK, DEFAULT_MIN_FUSED_VALUE, FUSION_GENERATOR,
  DEFAULT_SHARED_SIMILARITY, DEFAULT_OWNED_WEIGHT, DEFAULT_CLAIMED_WEIGHT, DEFAULT_UNESTABLISHED_BOOST, DEFAULT_ESTABLISHED_FACTOR, DEFAULT_DIRECTIONAL_TOP_K,
  AGREEMENT_FROM, AGREEMENT_RANK, type FusedCandidate, type FusedValueKind, type FusionOptions,
} from '../generators/fusion.js';
export {
  rawScore, tripleKey, MAPPING_RELATIONS, inverseRelation, type MappingRelation, type Candidate, type Evidence, type RawScore, type MappingJustification,
} from '../model/mapping.js';
export type { OntologyIndex, IdentifierPolicy } from '../model/ontology-index.js';
export type { AxiomCounts, OntologyAxioms } from '../model/axioms.js';
export type { Concept } from '../model/concept.js';
export { listGenerators, type GeneratorInfo } from './propose.js';
export { EMBEDDING_PACKAGES, missingEmbeddingPackages, embeddingInstallCommand } from '../embedding/availability.js';
export { ensureEmbeddingModel, embeddingModelStatus, DEFAULT_EMBEDDING_MODEL_ID, defaultModelsDir, type EnsureModelOptions, type EmbeddingModelStatus, type BuildStamp } from './models.js';
export { IoaError, isIoaError, ERROR_CODES, type ErrorCode, type ErrorLocation } from '../model/errors.js';
