/**
 * ioa-align as a library: load ontologies, propose candidate mappings (fused over generators, your
 * own included), and read and write them in SSSOM TSV, Alignment API RDF/XML, JSON or CSV.
 *
 * The other entry points: `ioa-align/gate` (compatibility check, artifacts, keys, trust),
 * `ioa-align/envelope` (document validation, retrieval policy), `ioa-align/carriers` (A2A and
 * NLIP), `ioa-align/bench` (benchmarks), `ioa-align/generators` (the generator contract, fusion),
 * `ioa-align/versions` (version diff and artifact upgrade).
 *
 * Every function throws {@link IoaError} with a code from {@link ERROR_CODES} for bad input —
 * never a bare string — and reports where the fault lies.
 *
 * @packageDocumentation
 */
export { loadOntology, RDF_FORMATS, type LoadOntologyOptions, type OntologySource, type RdfFormat } from './ontology.js';
export {
  propose, listGenerators, DEFAULT_TOP_K, MAX_TOP_K,
  type ProposeOptions, type ProposedCandidate, type ProposeProgress, type FusionSettings, type GeneratorInfo,
} from './propose.js';
export {
  readMappings, writeMappings, formatMappings, formatMappingChunks, readCandidates, toMappingSet, EXCHANGE_FORMATS, EVIDENCE_LAYOUTS,
  type ExchangeFormat, type EvidenceLayout, type ReadCandidate, type ReadMappingsOptions, type WriteMappingsOptions, type MappingContext, type MappingsInput,
  type ExchangeWarning, type ExchangeWarningCode,
} from './mappings.js';
export {
  select, selectDetailed, describeSelection, SELECTION_MODES, STRUCTURAL_BOOST, relationFamily,
  type Selectable, type SelectionMode, type SelectionOptions, type RelationFamily,
  type OntologySelectionOptions, type RemovedCandidate, type SelectionOntologies, type SelectionOutcome,
} from '../selection/index.js';
export { DEFAULT_MIN_FUSED_VALUE } from '../generators/fusion.js';
export {
  checkCoherence, CoherenceChecker, describeConflict, describeAxiom, AXIOM_KINDS, SIDE_NAMES,
  type CheckCoherenceOptions, type CheckedMapping, type CoherenceFinding, type CoherenceResult,
  type AxiomKind, type AxiomCounts, type CoherenceConflict, type CoherenceMapping, type CoherenceReport, type OntologyAxioms, type RankedMapping, type RepairRemoval, type RepairResult,
  type SideName, type ToldAxiom, type NodeKind,
} from './coherence.js';
export { inspectOntology, formatInspection, type InspectionReport } from '../ontology/inspect.js';
export { exportVocabulary, EXPORT_FORMATS, type ExportFormat } from '../ontology/export.js';
export { IoaError, isIoaError, ERROR_CODES, type ErrorCode, type ErrorLocation } from '../model/errors.js';
export {
  tripleKey, statementKey, isLiteralSubject, isLiteralObject, hasEntityEnds, ENTITY_TYPES, LITERAL_TYPE, MAPPING_RELATIONS, inverseRelation,
  type MappingRelation, type Candidate, type Evidence, type RawScore, type MappingJustification, type MappingRecord, type MappingRecordBase, type EntitySubject, type LiteralSubject,
  type EntityObject, type LiteralObject, type EntityType, type LiteralType, type SlotValue, type ExtensionValue, type ExtensionDefinition,
  type MappingSet, type MappingSetMetadata, type EntityMappingRecord,
} from '../model/mapping.js';
export {
  CONCEPT_KINDS, type Concept, type ConceptKind, type Label, type LabelSource, type LangString, type Synonym, type SynonymKind, type Abbreviation, type Restriction,
  DEFINITION_SOURCES, DEFAULT_DEFINITION_SOURCE, PRODUCT_DESCRIPTION_FIELD, addDefinition, definitionSource, type DefinitionSource,
} from '../model/concept.js';
export type { OntologyIndex, IdentifierPolicy } from '../model/ontology-index.js';
export { RECORD_FORMATS, type AgentRecordEvidence, type DeclaredOasfTerm, type RecordFormat, type RecordProvenance } from '../model/record.js';
export { declaredMappings } from '../vocab/records/declared.js';
export { oasfRecordForCard, type AcceptedMapping, type OasfRecordExport } from '../vocab/records/oasf-export.js';
export { KIND_SELECTORS, type KindSelector } from '../model/kinds.js';
export type { Generator, GeneratorOptions, GeneratorConfig } from '../generators/types.js';
export type { GeneratorName } from '../generators/registry.js';
export { TOOL_VERSION } from '../version.js';
