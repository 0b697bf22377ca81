/**
 * Exchange formats for review: SSSOM TSV, Alignment API RDF/XML, JSON and CSV.
 * Everything outside src/exchange imports from here.
 *
 * Readers return full IRIs for subjects and objects and canonical CURIEs (`skos:exactMatch`,
 * `semapv:LexicalMatching`) for predicates and justifications; writers contract IRIs with the
 * set's `curie_map`, sort rows deterministically and never modify their input.
 */
export { candidatesToMappingSet, UNSPECIFIED_LICENSE, type CandidateExportContext } from './candidates.js';
export { BUILTIN_PREFIXES, PrefixMap, buildCurieMap, canonicalTerm } from './curie.js';
export { compareRecords, sortedMappings } from './order.js';
export {
  parseSssom, serializeSssom, parseCsv, serializeCsv, parseMappingTable, serializeMappingTable, sourceLine,
  SSSOM_TSV, SSSOM_CSV, type ParseTableOptions, type TableDialect,
} from './sssom-tsv.js';
export { parseJson, serializeJson, EXTENSIONS_MARKER } from './json.js';
export {
  serializeAlignmentRdf, readAlignmentAsMappingSet, parseAlignmentRdf, alignmentToMappingSet,
  ALIGNMENT_JUSTIFICATION, type AlignmentWriteOptions,
} from './alignment.js';
export {
  EXCHANGE_FORMATS, FORMAT_EXTENSION, isExchangeFormat, formatFromExtension, sniffFormat, parseMappings,
  readMappingFile, readExternalMetadata, writeMappingFile, writeFileAtomic, serializeMappings, type ExchangeFormat, type SerializeOptions,
} from './files.js';
export {
  REQUIRED_COLUMNS, REVIEW_COLUMNS, JUSTIFICATIONS, PROPAGATABLE, SLOTS, MAPPING_SLOTS, SET_SLOTS, deriveSetId, sharedSlot, propagateSet,
  splitMultivalued, joinMultivalued, type ExchangeWarning, type ExchangeWarningCode, type ReadOptions, type WriteOptions, type SlotSpec,
} from './slots.js';
