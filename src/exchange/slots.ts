/**
 * The SSSOM data model as slots (column and metadata names), shared by the TSV, CSV and JSON
 * readers and writers so that all three validate the same way and lose nothing to each other.
 * Readers hand over raw string values with their location; this module turns them into
 * MappingRecords (expanding CURIEs) and back (contracting them with the set's `curie_map`).
 */
import type { MappingRecord, MappingSetMetadata } from '../model/mapping.js';
import { IoaError, type ErrorLocation } from '../model/errors.js';
import { canonicalTerm, isValidPrefix, PrefixMap } from './curie.js';

/** Slots every mapping must have (SSSOM 1.0 required slots of `Mapping`). */
export const REQUIRED_COLUMNS = ['subject_id', 'predicate_id', 'object_id', 'mapping_justification'] as const;

/** Columns a review export always carries, filled or not, so reviewers have somewhere to write. */
export const REVIEW_COLUMNS = [
  'subject_id', 'subject_label', 'predicate_id', 'predicate_modifier', 'object_id', 'object_label',
  'mapping_justification', 'reviewer_id', 'review_date', 'mapping_tool', 'confidence',
  'similarity_score', 'similarity_measure', 'comment',
] as const;

/** SSSOM slot order of `Mapping`, used to order columns; unknown columns follow alphabetically. */
export const COLUMN_ORDER: readonly string[] = [
  'record_id', 'subject_id', 'subject_label', 'subject_category', 'predicate_id', 'predicate_label', 'predicate_modifier',
  'object_id', 'object_label', 'object_category', 'mapping_justification', 'author_id', 'author_label', 'reviewer_id',
  'reviewer_label', 'creator_id', 'creator_label', 'license', 'subject_type', 'subject_source', 'subject_source_version',
  'object_type', 'object_source', 'object_source_version', 'mapping_provider', 'mapping_source', 'mapping_cardinality',
  'mapping_tool', 'mapping_tool_id', 'mapping_tool_version', 'mapping_date', 'publication_date', 'review_date', 'confidence',
  'reviewer_agreement', 'curation_rule', 'curation_rule_text', 'subject_match_field', 'object_match_field', 'match_string',
  'subject_preprocessing', 'object_preprocessing', 'similarity_score', 'similarity_measure', 'see_also',
  'issue_tracker_item', 'other', 'comment', 'predicate_type',
];

/** Multivalued slots: `|`-separated in TSV/CSV, arrays in JSON. */
export const MULTIVALUED = new Set([
  'author_id', 'author_label', 'reviewer_id', 'reviewer_label', 'creator_id', 'creator_label', 'curation_rule',
  'curation_rule_text', 'subject_match_field', 'object_match_field', 'match_string', 'subject_preprocessing',
  'object_preprocessing', 'see_also',
]);

/** Extra slots whose values are entity references: their prefixes must be declared. */
const ENTITY_REFERENCE_EXTRAS = new Set([
  'author_id', 'creator_id', 'curation_rule', 'subject_match_field', 'object_match_field',
  'subject_preprocessing', 'object_preprocessing', 'mapping_tool_id', 'subject_source', 'object_source',
]);

/** Metadata slots the model names; everything else is kept verbatim in `extra`. */
const METADATA_FIELDS = {
  mapping_set_id: 'mappingSetId',
  license: 'license',
  mapping_tool: 'mappingTool',
  mapping_tool_version: 'mappingToolVersion',
  mapping_date: 'mappingDate',
  subject_source: 'subjectSource',
  subject_source_version: 'subjectSourceVersion',
  object_source: 'objectSource',
  object_source_version: 'objectSourceVersion',
} as const satisfies Record<string, keyof MappingSetMetadata>;

/** Metadata key order on writing (SSSOM `MappingSet` slot order). */
const METADATA_ORDER = [
  'sssom_version', 'curie_map', 'mapping_set_id', 'mapping_set_version', 'mapping_set_title', 'mapping_set_description',
  'creator_id', 'creator_label', 'license', 'subject_type', 'subject_source', 'subject_source_version', 'object_type',
  'object_source', 'object_source_version', 'mapping_provider', 'mapping_tool', 'mapping_tool_version', 'mapping_date',
  'publication_date', 'see_also', 'issue_tracker', 'other', 'comment',
];

/** Where a metadata slot or a mapping value sits, for error messages. */
export type Locator = (slot?: string) => ErrorLocation;

function orderIndex(order: readonly string[], key: string): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}

export function orderedKeys(keys: Iterable<string>, order: readonly string[]): string[] {
  return [...keys].sort((a, b) => orderIndex(order, a) - orderIndex(order, b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Validate the metadata slots and build the model. `mapping_set_id` and `license` are required
 * (SSSOM 1.0); `curie_map` must map prefixes to namespace strings.
 */
export function metadataFromSlots(raw: Readonly<Record<string, unknown>>, at: Locator): MappingSetMetadata {
  const curieMap: Record<string, string> = {};
  const cm = raw.curie_map;
  if (cm !== undefined && cm !== null) {
    if (typeof cm !== 'object' || Array.isArray(cm)) throw new IoaError('E_SSSOM_BAD_METADATA', 'curie_map must be a map from prefix to namespace IRI', at('curie_map'));
    for (const [prefix, ns] of Object.entries(cm)) {
      if (!isValidPrefix(prefix)) throw new IoaError('E_SSSOM_BAD_METADATA', `curie_map has an invalid prefix "${prefix}"`, at('curie_map'));
      if (typeof ns !== 'string' || ns === '') throw new IoaError('E_SSSOM_BAD_METADATA', `curie_map entry "${prefix}" must be a namespace IRI string`, at('curie_map'));
      curieMap[prefix] = ns;
    }
  }
  const metadata: MappingSetMetadata = { curieMap };
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'curie_map' || value === null || value === undefined) continue;
    const field = (METADATA_FIELDS as Record<string, keyof MappingSetMetadata>)[key];
    if (!field) {
      extra[key] = value;
      continue;
    }
    // YAML reads `mapping_tool_version: 1.2` as a number; the slot is a string.
    if (typeof value !== 'string' && typeof value !== 'number') throw new IoaError('E_SSSOM_BAD_METADATA', `${key} must be a single string`, at(key));
    (metadata as unknown as Record<string, string>)[field] = String(value);
  }
  if (Object.keys(extra).length) metadata.extra = extra;
  for (const key of ['mapping_set_id', 'license'] as const) {
    const value = metadata[METADATA_FIELDS[key]];
    if (value === undefined || value.trim() === '') {
      throw new IoaError('E_SSSOM_MISSING_METADATA', `required metadata slot ${key} is missing`, at(key));
    }
  }
  const prefixes = new PrefixMap(curieMap);
  for (const key of ['subject_source', 'object_source'] as const) {
    const value = metadata[METADATA_FIELDS[key]];
    if (value !== undefined) requireKnownPrefix(prefixes, value, key, at(key));
  }
  return metadata;
}

/** Metadata slots in writing order, for YAML or JSON. */
export function metadataToSlots(metadata: MappingSetMetadata): Record<string, unknown> {
  const slots: Record<string, unknown> = { curie_map: sortedObject(metadata.curieMap) };
  for (const [slot, field] of Object.entries(METADATA_FIELDS)) {
    const value = metadata[field];
    if (value !== undefined) slots[slot] = value;
  }
  for (const [key, value] of Object.entries(metadata.extra ?? {})) if (!(key in slots)) slots[key] = value;
  return Object.fromEntries(orderedKeys(Object.keys(slots), METADATA_ORDER).map((k) => [k, slots[k]]));
}

function sortedObject(map: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

function requireKnownPrefix(prefixes: PrefixMap, value: string, slot: string, where: ErrorLocation): string {
  const r = prefixes.expand(value);
  if (!r.ok) {
    throw new IoaError('E_SSSOM_UNKNOWN_PREFIX', r.prefix === value
      ? `${slot} "${value}" is neither a CURIE nor an IRI`
      : `${slot} "${value}" uses prefix "${r.prefix}", which curie_map does not declare`, where);
  }
  return r.iri;
}

function identifier(prefixes: PrefixMap, raw: string, slot: string, where: ErrorLocation): string {
  // Spreadsheets pad cells; surrounding whitespace is never part of an identifier.
  const value = raw.trim();
  const iri = requireKnownPrefix(prefixes, value, slot, where);
  // SSSOM identifiers are single-valued; `a|b` in subject_id/object_id is two mappings in one row.
  if (/[\s|<>"{}]/.test(iri)) throw new IoaError('E_SSSOM_BAD_ROW', `${slot} "${value}" is not a single identifier`, where);
  return iri;
}

function score(value: string, slot: string, where: ErrorLocation): number {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) throw new IoaError('E_SSSOM_BAD_ROW', `${slot} "${value}" is not a number`, where);
  if (n < 0 || n > 1) throw new IoaError('E_SSSOM_SCORE_RANGE', `${slot} ${value} lies outside [0, 1]`, where);
  return n;
}

/**
 * One mapping from its non-empty slot values. Identifiers come out as full IRIs; predicate and
 * justification as canonical CURIEs of the standard vocabularies (`skos:exactMatch`).
 */
export function recordFromSlots(values: Readonly<Record<string, string>>, prefixes: PrefixMap, at: Locator): MappingRecord {
  for (const slot of REQUIRED_COLUMNS) {
    if (values[slot] === undefined) throw new IoaError('E_SSSOM_MISSING_COLUMN', `required slot ${slot} is missing`, at(slot));
    if (values[slot]!.trim() === '') throw new IoaError('E_SSSOM_BAD_ROW', `mapping has an empty ${slot}`, at(slot));
  }
  const record: MappingRecord = {
    subjectId: identifier(prefixes, values.subject_id!, 'subject_id', at('subject_id')),
    predicateId: canonicalTerm(identifier(prefixes, values.predicate_id!, 'predicate_id', at('predicate_id'))),
    objectId: identifier(prefixes, values.object_id!, 'object_id', at('object_id')),
    justification: canonicalTerm(identifier(prefixes, values.mapping_justification!, 'mapping_justification', at('mapping_justification'))),
  };
  const extra: Record<string, string> = {};
  for (const [slot, value] of Object.entries(values)) {
    if (value === '') continue;
    switch (slot) {
      case 'subject_id': case 'predicate_id': case 'object_id': case 'mapping_justification':
        break;
      case 'subject_label': record.subjectLabel = value; break;
      case 'object_label': record.objectLabel = value; break;
      case 'predicate_modifier':
        if (value !== 'Not') throw new IoaError('E_SSSOM_BAD_ROW', `predicate_modifier must be "Not", not "${value}"`, at(slot));
        record.predicateModifier = 'Not';
        break;
      case 'similarity_score': record.similarityScore = score(value, slot, at(slot)); break;
      case 'confidence': record.confidence = score(value, slot, at(slot)); break;
      case 'similarity_measure': record.similarityMeasure = value; break;
      case 'mapping_tool': record.mappingTool = value; break;
      case 'reviewer_id':
        record.reviewerId = value.split('|').map((v) => identifier(prefixes, v.trim(), slot, at(slot)));
        break;
      case 'review_date': record.reviewDate = value; break;
      case 'comment': record.comment = value; break;
      default:
        if (ENTITY_REFERENCE_EXTRAS.has(slot)) for (const part of value.split('|')) requireKnownPrefix(prefixes, part.trim(), slot, at(slot));
        extra[slot] = value;
    }
  }
  if (Object.keys(extra).length) record.extra = extra;
  return record;
}

/** A mapping's slots as strings (multivalued joined with `|`), identifiers contracted. */
export function recordToSlots(r: MappingRecord, prefixes: PrefixMap): Record<string, string> {
  const slots: Record<string, string> = {
    subject_id: prefixes.contract(r.subjectId),
    predicate_id: compactTerm(r.predicateId, prefixes),
    object_id: prefixes.contract(r.objectId),
    mapping_justification: compactTerm(r.justification, prefixes),
  };
  if (r.subjectLabel !== undefined) slots.subject_label = r.subjectLabel;
  if (r.objectLabel !== undefined) slots.object_label = r.objectLabel;
  if (r.predicateModifier !== undefined) slots.predicate_modifier = r.predicateModifier;
  if (r.similarityScore !== undefined) slots.similarity_score = String(r.similarityScore);
  if (r.similarityMeasure !== undefined) slots.similarity_measure = r.similarityMeasure;
  if (r.confidence !== undefined) slots.confidence = String(r.confidence);
  if (r.mappingTool !== undefined) slots.mapping_tool = r.mappingTool;
  if (r.reviewerId?.length) slots.reviewer_id = r.reviewerId.map((id) => prefixes.contract(id)).join('|');
  if (r.reviewDate !== undefined) slots.review_date = r.reviewDate;
  if (r.comment !== undefined) slots.comment = r.comment;
  for (const [k, v] of Object.entries(r.extra ?? {})) if (!(k in slots)) slots[k] = v;
  return slots;
}

/** Canonical CURIEs (`skos:…`) stay; full IRIs are contracted with the set's own prefixes. */
function compactTerm(term: string, prefixes: PrefixMap): string {
  return /^[a-z]+:\/\//i.test(term) ? prefixes.contract(term) : term;
}

/** The columns to write: the review columns, then every other slot in use, in SSSOM order. */
export function columnsFor(rows: readonly Record<string, string>[]): string[] {
  const used = new Set<string>(REVIEW_COLUMNS);
  for (const row of rows) for (const k of Object.keys(row)) used.add(k);
  return orderedKeys(used, COLUMN_ORDER);
}
