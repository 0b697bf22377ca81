/**
 * Exchange formats for review: SSSOM TSV, Alignment API RDF/XML, JSON and CSV.
 * Everything outside src/exchange imports from here.
 *
 * Readers return full IRIs for subjects and objects and canonical CURIEs (`skos:exactMatch`,
 * `semapv:LexicalMatching`) for predicates and justifications; writers contract IRIs with the
 * set's `curie_map`, sort rows deterministically and never modify their input.
 */
export {
  candidatesToMappingSet, candidatesFromMappingSet, candidateRowSet, candidateRowStream, EVIDENCE_LAYOUTS, UNSPECIFIED_LICENSE,
  type CandidateExportContext, type EvidenceLayout, type ExportCandidate, type ReadCandidate,
} from './candidates.js';
export {
  REVIEW_DECISION_SLOT, CANDIDATE_PREDICATE_SLOT, REVIEW_ROLE_SLOT, DECISION_SOURCE_SLOT, REPLACES_DECISION_SLOT, EARLIER_SLOTS, EARLIER_EACH_SLOTS, ADJUDICATOR, REVIEWER_AGREEMENT,
  reviewedDecisions, pairReviews, unsettledConflicts, agreeingRows, contradicts, candidateOfDecision, earlierDecisions, rowDecision, reviewerKey,
  type ReviewedDecision, type ReplacedDecision, type PairReview, type ReviewDecision, type EarlierDecision, type EarlierEach,
} from './reviewed.js';
export { CANDIDATE_NAMESPACE, CANDIDATE_PREFIX, CANDIDATE_RANK, FAMILY_RANK, SELECTION_REMOVED, candidateRankOf, memberRankSlot, memberScoreSlot, selectionRemovedOf } from './candidate-slots.js';
export { BUILTIN_PREFIXES, PrefixMap, REVIEW_PREFIXES, WELL_KNOWN_PREFIXES, buildCurieMap, canonicalTerm } from './curie.js';
export { compareRecords, sortedMappings } from './order.js';
export {
  parseSssom, serializeSssom, parseCsv, serializeCsv, parseMappingTable, serializeMappingTable, mappingTable, sourceLine,
  SSSOM_TSV, SSSOM_CSV, type ParseTableOptions, type TableDialect, type TableText, type TableWriteOptions,
} from './sssom-tsv.js';
export { parseJson, serializeJson, jsonChunks, EXTENSIONS_MARKER } from './json.js';
export {
  serializeAlignmentRdf, alignmentRdfChunks, readAlignmentAsMappingSet, parseAlignmentRdf, alignmentToMappingSet,
  ALIGNMENT_JUSTIFICATION, alignmentLosses, carriesReview, type AlignmentLosses, type AlignmentWriteOptions,
} from './alignment.js';
export {
  EXCHANGE_FORMATS, FORMAT_EXTENSION, isExchangeFormat, formatFromExtension, sniffFormat, parseMappings, sidecarPath,
  readMappingFile, mappingFileText, readExternalMetadata, writeMappingFile, writeFileAtomic, writeFilesAtomic, serializeMappings, serializeMappingChunks,
  type ExchangeFormat, type ReadFileOptions, type SerializeOptions, type WriteFileOptions,
} from './files.js';
export {
  REQUIRED_COLUMNS, REVIEW_COLUMNS, JUSTIFICATIONS, PROPAGATABLE, SLOTS, MAPPING_SLOTS, SET_SLOTS, deriveSetId, sharedSlot, propagateSet,
  splitMultivalued, joinMultivalued, type SortedRows, type ExchangeWarning, type ExchangeWarningCode, type ReadOptions, type WriteOptions, type SlotSpec,
} from './slots.js';
