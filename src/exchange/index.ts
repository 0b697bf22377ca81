/**
 * Exchange formats for review: SSSOM TSV, Alignment API RDF/XML, JSON and CSV.
 * Everything outside src/exchange imports from here.
 */
export { candidatesToMappingSet, UNSPECIFIED_LICENSE, type CandidateExportContext } from './candidates.js';
export { BUILTIN_PREFIXES, PrefixMap, buildCurieMap, canonicalTerm } from './curie.js';
export { compareRecords, sortedMappings } from './order.js';
