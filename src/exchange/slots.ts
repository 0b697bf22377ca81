/**
 * The SSSOM data model as slots (column and metadata names), shared by the TSV, CSV and JSON
 * readers and writers so that all three validate the same way and lose nothing to each other.
 *
 * Readers hand over slot values already split into lists and numbers (each format has its own
 * syntax for those) with their location; this module checks them against the SSSOM 1.1 model,
 * propagates set-level values to the mappings and builds MappingRecords (expanding the
 * identifiers it models). Writers get the reverse: slot values per mapping and for the set,
 * where they are, or (when asked to condense) moved onto the set where every mapping agrees.
 */
import { createHash } from 'node:crypto';
import {
  ENTITY_TYPES, LITERAL_TYPE,
  type EntityType, type ExtensionDefinition, type ExtensionValue, type MappingRecord, type MappingSet, type MappingSetMetadata, type SlotValue,
} from '../model/mapping.js';
import { IoaError, type ErrorCode, type ErrorLocation } from '../model/errors.js';
import { BUILTIN_PREFIXES, canonicalTerm, isValidPrefix, PrefixMap, WELL_KNOWN_PREFIXES } from './curie.js';
import { uuidFromHash } from './ids.js';
import { sortedMappings } from './order.js';

// ---- the model ------------------------------------------------------------------------------

type SlotKind = 'text' | 'entity' | 'uri' | 'double' | 'date' | 'enum';

/** How the SSSOM model types one slot (sssom_schema.yaml). */
export interface SlotSpec {
  readonly kind: SlotKind;
  readonly multivalued?: boolean;
  /** Permissible values of an enum slot. */
  readonly values?: readonly string[];
  /** Inclusive bounds of a double slot. */
  readonly range?: readonly [number, number];
  /** A set-level value stands for every mapping (SSSOM "propagatable slot"). */
  readonly propagatable?: boolean;
}

/** SSSOM's mapping justifications: the `mapping_justification` values the model permits. */
export const JUSTIFICATIONS = [
  'semapv:LexicalMatching', 'semapv:LogicalReasoning', 'semapv:CompositeMatching', 'semapv:UnspecifiedMatching',
  'semapv:SemanticSimilarityThresholdMatching', 'semapv:LexicalSimilarityThresholdMatching', 'semapv:MappingChaining',
  'semapv:MappingReview', 'semapv:ManualMappingCuration', 'semapv:MappingInversion', 'semapv:StructuralMatching',
  'semapv:InstanceBasedMatching', 'semapv:BackgroundKnowledgeBasedMatching',
] as const;

const CARDINALITIES = ['1:1', '1:n', 'n:1', 'n:n', '1:0', '0:1', '0:0'] as const;
/** A predicate is never a literal nor a composed expression (sssom_schema.yaml, entity_type_enum). */
const PREDICATE_TYPES = ENTITY_TYPES.filter((t) => t !== LITERAL_TYPE && t !== 'composed entity expression');

const T: SlotSpec = { kind: 'text' };
const TM: SlotSpec = { kind: 'text', multivalued: true };
const E: SlotSpec = { kind: 'entity' };
const EM: SlotSpec = { kind: 'entity', multivalued: true };
const U: SlotSpec = { kind: 'uri' };
const UM: SlotSpec = { kind: 'uri', multivalued: true };
const D: SlotSpec = { kind: 'date' };
const P = (spec: SlotSpec): SlotSpec => ({ ...spec, propagatable: true });
const SCORE: SlotSpec = { kind: 'double', range: [0, 1] };

/** Every standard slot of `Mapping` and `MappingSet` (SSSOM 1.1). */
export const SLOTS: Readonly<Record<string, SlotSpec>> = {
  record_id: E,
  subject_id: E,
  subject_label: T,
  subject_category: T,
  predicate_id: E,
  predicate_label: T,
  predicate_modifier: { kind: 'enum', values: ['Not'] },
  object_id: E,
  object_label: T,
  object_category: T,
  mapping_justification: { kind: 'enum', values: JUSTIFICATIONS },
  author_id: EM,
  author_label: TM,
  reviewer_id: EM,
  reviewer_label: TM,
  creator_id: EM,
  creator_label: TM,
  license: U,
  subject_type: P({ kind: 'enum', values: ENTITY_TYPES }),
  subject_source: P(E),
  subject_source_version: P(T),
  object_type: P({ kind: 'enum', values: ENTITY_TYPES }),
  object_source: P(E),
  object_source_version: P(T),
  predicate_type: P({ kind: 'enum', values: PREDICATE_TYPES }),
  mapping_provider: P(U),
  mapping_source: E,
  mapping_cardinality: { kind: 'enum', values: CARDINALITIES },
  cardinality_scope: P(TM),
  mapping_tool: P(T),
  mapping_tool_id: P(E),
  mapping_tool_version: P(T),
  mapping_date: P(D),
  publication_date: D,
  review_date: D,
  confidence: SCORE,
  reviewer_agreement: { kind: 'double', range: [-1, 1] },
  curation_rule: P(EM),
  curation_rule_text: P(TM),
  subject_match_field: P(EM),
  object_match_field: P(EM),
  match_string: TM,
  subject_preprocessing: P(EM),
  object_preprocessing: P(EM),
  similarity_score: SCORE,
  similarity_measure: P(T),
  see_also: UM,
  issue_tracker_item: E,
  other: T,
  comment: T,
  // MappingSet only
  sssom_version: { kind: 'enum', values: ['1.0', '1.1'] },
  mapping_set_id: U,
  mapping_set_version: T,
  mapping_set_source: UM,
  mapping_set_title: T,
  mapping_set_description: T,
  mapping_set_confidence: SCORE,
  issue_tracker: U,
};

/** Slots of `Mapping`, in the model's order (the column order writers use). */
export const MAPPING_SLOTS: readonly string[] = [
  'record_id', 'subject_id', 'subject_label', 'subject_category', 'predicate_id', 'predicate_label', 'predicate_modifier',
  'object_id', 'object_label', 'object_category', 'mapping_justification', 'author_id', 'author_label', 'reviewer_id',
  'reviewer_label', 'creator_id', 'creator_label', 'license', 'subject_type', 'subject_source', 'subject_source_version',
  'object_type', 'object_source', 'object_source_version', 'predicate_type', 'mapping_provider', 'mapping_source',
  'mapping_cardinality', 'cardinality_scope', 'mapping_tool', 'mapping_tool_id', 'mapping_tool_version', 'mapping_date',
  'publication_date', 'review_date', 'confidence', 'reviewer_agreement', 'curation_rule', 'curation_rule_text',
  'subject_match_field', 'object_match_field', 'match_string', 'subject_preprocessing', 'object_preprocessing',
  'similarity_score', 'similarity_measure', 'see_also', 'issue_tracker_item', 'other', 'comment',
];

/** Slots of `MappingSet` apart from `mappings`, in the model's order (the metadata order writers use). */
export const SET_SLOTS: readonly string[] = [
  'sssom_version', 'curie_map', 'mapping_set_id', 'mapping_set_version', 'mapping_set_source', 'mapping_set_title',
  'mapping_set_description', 'mapping_set_confidence', 'creator_id', 'creator_label', 'license', 'subject_type',
  'subject_source', 'subject_source_version', 'object_type', 'object_source', 'object_source_version', 'predicate_type',
  'mapping_provider', 'cardinality_scope', 'mapping_tool', 'mapping_tool_id', 'mapping_tool_version', 'mapping_date',
  'publication_date', 'subject_match_field', 'object_match_field', 'subject_preprocessing', 'object_preprocessing',
  'similarity_measure', 'curation_rule', 'curation_rule_text', 'see_also', 'issue_tracker', 'other', 'comment',
  'extension_definitions',
];

const MAPPING_SLOT_SET = new Set(MAPPING_SLOTS);
const SET_SLOT_SET = new Set(SET_SLOTS);

/** Propagatable slots: a set-level value stands for every mapping that has none (SSSOM 1.1). */
export const PROPAGATABLE: readonly string[] = MAPPING_SLOTS.filter((s) => SLOTS[s]?.propagatable && SET_SLOT_SET.has(s));

/** Columns a review export always carries, filled or not, so reviewers have somewhere to write. */
export const REVIEW_COLUMNS = [
  'subject_id', 'subject_label', 'predicate_id', 'predicate_modifier', 'object_id', 'object_label',
  'mapping_justification', 'reviewer_id', 'review_date', 'mapping_tool', 'confidence',
  'similarity_score', 'similarity_measure', 'comment',
] as const;

/**
 * Slots every mapping needs whatever its ends. `subject_id` and `object_id` are required too,
 * except on a literal end (`subject_type`/`object_type` `rdfs literal`, SSSOM 1.1).
 */
export const REQUIRED_COLUMNS = ['predicate_id', 'mapping_justification'] as const;

/** Is `name` a slot of the standard model (of either class)? */
export function isStandardSlot(name: string): boolean {
  return MAPPING_SLOT_SET.has(name) || SET_SLOT_SET.has(name);
}

// ---- reading: options, warnings, strictness ---------------------------------------------------

/** What a reader tolerated rather than refused. In strict mode each of these is an error instead. */
export type ExchangeWarningCode =
  /** No `mapping_set_id`: one was derived from the content (see deriveSetId). */
  | 'SSSOM_DERIVED_SET_ID'
  /** Rows with fewer cells than the header: the missing trailing cells were read as empty. */
  | 'SSSOM_SHORT_ROWS'
  /** An extension definition SSSOM says to ignore (bad slot name, unexpected keys, unresolvable CURIEs). */
  | 'SSSOM_EXTENSION_DEFINITION_IGNORED'
  /** A well-known prefix (`orcid`, `oboInOwl`) used without a `curie_map` entry: read with its usual namespace. */
  | 'SSSOM_UNDECLARED_PREFIX'
  /** Alignment cells with relation HasInstance or InstanceOf, which SSSOM has no predicate for: read as skos:narrowMatch / skos:broadMatch. */
  | 'ALIGNMENT_INSTANCE_RELATION';

export interface ExchangeWarning {
  code: ExchangeWarningCode;
  message: string;
  location: ErrorLocation;
}

export interface ReadOptions {
  /**
   * Refuse what is otherwise read with a warning: a set without `mapping_set_id`
   * (E_SSSOM_MISSING_METADATA), rows missing trailing cells (E_SSSOM_BAD_ROW) and extension
   * definitions SSSOM says to ignore (E_SSSOM_BAD_METADATA).
   */
  strict?: boolean;
  /** Receives each warning of a lenient read. */
  onWarning?: (warning: ExchangeWarning) => void;
}

/** The error a warning becomes in strict mode. */
const STRICT_CODE: Record<ExchangeWarningCode, ErrorCode> = {
  SSSOM_DERIVED_SET_ID: 'E_SSSOM_MISSING_METADATA',
  SSSOM_SHORT_ROWS: 'E_SSSOM_BAD_ROW',
  SSSOM_EXTENSION_DEFINITION_IGNORED: 'E_SSSOM_BAD_METADATA',
  SSSOM_UNDECLARED_PREFIX: 'E_SSSOM_UNKNOWN_PREFIX',
  ALIGNMENT_INSTANCE_RELATION: 'E_ALIGNMENT_BAD_CELL',
};

/** Warn, or in strict mode throw the matching error. */
export function tolerate(options: ReadOptions, code: ExchangeWarningCode, message: string, location: ErrorLocation, strictMessage = message): void {
  if (options.strict) throw new IoaError(STRICT_CODE[code], strictMessage, location);
  options.onWarning?.({ code, message, location });
}

/**
 * The id given to a set that has none: `https://w3id.org/sssom/mappings/<uuid>` (the namespace
 * sssom-py uses for generated sets), the UUID taken from the SHA-256 of the text read, so the
 * same file always gets the same id and another file another one.
 */
export function deriveSetId(text: string): string {
  return `https://w3id.org/sssom/mappings/${uuidFromHash(createHash('sha256').update(text).digest('hex'))}`;
}

/** Where a metadata slot or a mapping value sits, for error messages. */
export type Locator = (slot?: string) => ErrorLocation;

// ---- reading: values ------------------------------------------------------------------------

/**
 * A multivalued cell split on `|`. SSSOM 1.1 escapes a `|` inside a value as `\|` and a
 * backslash as `\\`; a backslash before anything else stands for itself.
 */
export function splitMultivalued(cell: string): string[] {
  if (!cell.includes('\\')) return cell.split('|');
  const values: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    if (c === '\\' && (cell[i + 1] === '|' || cell[i + 1] === '\\')) {
      current += cell[i + 1];
      i++;
    } else if (c === '|') {
      values.push(current);
      current = '';
    } else current += c;
  }
  values.push(current);
  return values;
}

/** The inverse of splitMultivalued. */
export function joinMultivalued(values: readonly string[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // Nearly every value holds neither character (a writer joins a few lists per row).
    const escaped = v.includes('\\') || v.includes('|') ? v.replace(/\\/g, '\\\\').replace(/\|/g, '\\|') : v;
    out = i === 0 ? escaped : `${out}|${escaped}`;
  }
  return out;
}

/** Where a value's fault lies, and which codes to use there (rows and metadata differ). */
export interface Site {
  at: ErrorLocation;
  /** Code for a value of the wrong form. */
  bad: ErrorCode;
}

/** A decimal number as xsd:double writes it (no hex, no `Infinity`). */
const DECIMAL = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

function number(slot: string, value: string, site: Site): number {
  if (!DECIMAL.test(value)) throw new IoaError(site.bad, `${slot} "${value}" is not a number`, site.at);
  return Number(value);
}

/** A TSV/CSV cell (not empty) as the model types its slot. */
export function cellValue(slot: string, spec: SlotSpec, cell: string, site: Site): SlotValue {
  if (spec.multivalued) return splitMultivalued(cell).map((v) => (spec.kind === 'entity' || spec.kind === 'uri' ? v.trim() : v));
  if (spec.kind === 'double') return number(slot, cell, site);
  return spec.kind === 'text' ? cell : cell.trim();
}

/**
 * A metadata (YAML or JSON) or JSON-row value as the model types its slot. A multivalued slot
 * given a single scalar is read as a one-item list (SSSOM/TSV: parsers SHOULD accept that form).
 * Returns undefined for null.
 */
export function structuredValue(slot: string, spec: SlotSpec, value: unknown, site: Site, typeCode: ErrorCode): SlotValue | undefined {
  if (value === null || value === undefined) return undefined;
  const scalar = (v: unknown): string => {
    if (typeof v === 'string') return v;
    // YAML reads `mapping_tool_version: 1.2` as a number; the slot is a string.
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v === 'boolean') return String(v);
    throw new IoaError(typeCode, `${slot} must be ${spec.multivalued ? 'a list of strings' : 'a single value'}`, site.at);
  };
  if (spec.multivalued) {
    const list = Array.isArray(value) ? value : [value];
    return list.map((v) => (spec.kind === 'entity' || spec.kind === 'uri' ? scalar(v).trim() : scalar(v)));
  }
  if (Array.isArray(value)) throw new IoaError(typeCode, `${slot} must be a single value, not a list`, site.at);
  if (spec.kind === 'double') return typeof value === 'number' ? (Number.isFinite(value) ? value : number(slot, String(value), site)) : number(slot, scalar(value), site);
  return spec.kind === 'text' ? scalar(value) : scalar(value).trim();
}

function isDate(value: string): boolean {
  // Every row of a candidate file repeats one mapping_date: the last valid one is not worked out again.
  if (value === lastValidDate) return true;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const valid = d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
  if (valid) lastValidDate = value;
  return valid;
}

let lastValidDate = '';

/** Check a value against its slot's type: declared prefixes, enum members, dates, number ranges. */
function checkValue(slot: string, spec: SlotSpec, value: SlotValue, prefixes: PrefixMap, site: Site): void {
  const each = Array.isArray(value) ? value : [value];
  for (const v of each) {
    if (typeof v === 'number') {
      const range = spec.range;
      if (range !== undefined && (v < range[0] || v > range[1])) throw new IoaError('E_SSSOM_SCORE_RANGE', `${slot} ${v} lies outside [${range[0]}, ${range[1]}]`, site.at);
      continue;
    }
    if (v === '') throw new IoaError(site.bad, `${slot} has an empty value`, site.at);
    switch (spec.kind) {
      case 'entity': requireKnownPrefix(prefixes, v, slot, site.at); break;
      case 'date': if (!isDate(v)) throw new IoaError(site.bad, `${slot} "${v}" is not a date (YYYY-MM-DD)`, site.at); break;
      case 'enum':
        if (slot !== 'mapping_justification' && !spec.values!.includes(v)) {
          throw new IoaError(site.bad, `${slot} "${v}" is not one of ${spec.values!.map((x) => `"${x}"`).join(', ')}`, site.at);
        }
        break;
      default: break;
    }
  }
}

/**
 * Readers register here how a prefix the file does not declare is handled (a well-known one is
 * read with a warning, see readSetSlots); a PrefixMap without an entry knows only its own.
 */
const undeclaredHandlers = new WeakMap<PrefixMap, (prefix: string, where: ErrorLocation) => string | undefined>();

export function requireKnownPrefix(prefixes: PrefixMap, value: string, slot: string, where: ErrorLocation): string {
  const r = prefixes.expand(value);
  if (!r.ok && r.prefix !== value) {
    const ns = undeclaredHandlers.get(prefixes)?.(r.prefix, where);
    if (ns !== undefined) return ns + value.slice(r.prefix.length + 1);
  }
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

// ---- reading: the set's metadata --------------------------------------------------------------

/** The metadata of a set being read, before its propagatable values move to the mappings. */
export interface SetSlots {
  /** The declared prefixes, plus each well-known one the file used undeclared (so a writer declares it). */
  curieMap: Record<string, string>;
  /** The prefixes to read the mappings with (undeclared well-known ones handled as readSetSlots says). */
  prefixes: PrefixMap;
  /** Standard slots (not curie_map, not extension_definitions). */
  slots: Record<string, SlotValue>;
  definitions: ExtensionDefinition[];
  extensions: Record<string, ExtensionValue>;
}

export interface MetadataContext extends ReadOptions {
  at: Locator;
  /** Code for a value of the wrong JSON/YAML type. */
  typeCode: ErrorCode;
  /** The text read, for a derived mapping_set_id. */
  text: string;
}

const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const DEFINITION_KEYS = new Set(['slot_name', 'property', 'type_hint']);

/** Valid extension definitions; SSSOM says to ignore the others (we warn, or refuse when strict). */
function readDefinitions(value: unknown, prefixes: PrefixMap, ctx: MetadataContext): ExtensionDefinition[] {
  if (value === null || value === undefined) return [];
  const at = ctx.at('extension_definitions');
  if (!Array.isArray(value)) throw new IoaError('E_SSSOM_BAD_METADATA', 'extension_definitions must be a list of definitions', at);
  const definitions: ExtensionDefinition[] = [];
  const names = new Set<string>();
  const properties = new Set<string>();
  value.forEach((raw: unknown, i) => {
    const ignore = (why: string): void => tolerate(ctx, 'SSSOM_EXTENSION_DEFINITION_IGNORED', `extension definition ${i + 1} ignored: ${why}`, at, `extension definition ${i + 1} is invalid: ${why}`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return ignore('it is not a map');
    const def = raw as Record<string, unknown>;
    const unexpected = Object.keys(def).filter((k) => !DEFINITION_KEYS.has(k));
    if (unexpected.length) return ignore(`unexpected key ${unexpected.map((k) => `"${k}"`).join(', ')}`);
    const name = def.slot_name;
    if (typeof name !== 'string' || !NCNAME.test(name)) return ignore('slot_name is missing or not an XML NCName');
    if (isStandardSlot(name)) return ignore(`slot_name "${name}" is a standard SSSOM slot`);
    const out: ExtensionDefinition = { slotName: name };
    for (const [key, field] of [['property', 'property'], ['type_hint', 'typeHint']] as const) {
      const v = def[key];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string' || !prefixes.expand(v).ok) return ignore(`${key} ${JSON.stringify(v)} is not a CURIE that curie_map resolves`);
      out[field] = v;
    }
    const property = propertyOf(out, prefixes);
    if (names.has(name) || properties.has(property)) return ignore(`slot_name "${name}" or its property is defined twice`);
    names.add(name);
    properties.add(property);
    definitions.push(out);
  });
  return definitions;
}

/** An extension's property IRI; `http://sssom.invalid/<name>` when it has none (SSSOM 1.1). */
export function propertyOf(definition: ExtensionDefinition | undefined, prefixes: PrefixMap, name = definition?.slotName ?? ''): string {
  if (definition?.property !== undefined) {
    const r = prefixes.expand(definition.property);
    if (r.ok) return r.iri;
  }
  return `http://sssom.invalid/${name}`;
}

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const URIORCURIE = 'https://w3id.org/linkml/Uriorcurie';

/**
 * What a read works out once per prefix map and reuses on every row: type hints as IRIs, subject
 * and object IRIs, predicates and justifications as canonical terms. Keyed by the PrefixMap, which
 * each read makes afresh (readSetSlots), so nothing carries from one file's prefixes to another's.
 */
interface PrefixMemo {
  hints: Map<string, string | undefined>;
  entities: Map<string, string>;
  predicate_id: Map<string, string>;
  mapping_justification: Map<string, string>;
}

const memos = new WeakMap<PrefixMap, PrefixMemo>();

function memoOf(prefixes: PrefixMap): PrefixMemo {
  let memo = memos.get(prefixes);
  if (memo === undefined) memos.set(prefixes, (memo = { hints: new Map(), entities: new Map(), predicate_id: new Map(), mapping_justification: new Map() }));
  return memo;
}

/**
 * A definition's type hint as an IRI, worked out once per prefix map: a candidate
 * file checks a dozen typed extension cells on each of its rows against the same few hints.
 */
function typeHintIri(typeHint: string, prefixes: PrefixMap): string | undefined {
  const known = memoOf(prefixes).hints;
  if (known.has(typeHint)) return known.get(typeHint);
  const hint = prefixes.expand(typeHint);
  const iri = hint.ok ? hint.iri : undefined;
  known.set(typeHint, iri);
  return iri;
}

/** An extension value checked against its definition's type hint (the checks SSSOM 1.1 suggests). */
function checkExtension(name: string, value: ExtensionValue, definition: ExtensionDefinition | undefined, prefixes: PrefixMap, site: Site): void {
  if (definition?.typeHint === undefined || typeof value !== 'string') return;
  const hint = typeHintIri(definition.typeHint, prefixes);
  if (hint === undefined) return;
  const text = value.trim();
  const fail = (what: string): never => { throw new IoaError(site.bad, `${name} "${value}" is not ${what} (its type_hint is ${definition.typeHint})`, site.at); };
  switch (hint) {
    case URIORCURIE: requireKnownPrefix(prefixes, text, name, site.at); break;
    case `${XSD}integer`: if (!/^[+-]?\d+$/.test(text)) fail('an integer'); break;
    case `${XSD}double`: if (!DECIMAL.test(text)) fail('a number'); break;
    case `${XSD}boolean`: if (!['true', 'false', '1', '0'].includes(text)) fail('a boolean'); break;
    case `${XSD}date`: if (!isDate(text)) fail('a date (YYYY-MM-DD)'); break;
    default: break;
  }
}

function extensionValue(name: string, value: unknown, at: ErrorLocation, typeCode: ErrorCode): ExtensionValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw new IoaError(typeCode, `extension slot ${name} must hold a single string, number or boolean (SSSOM allows no lists or maps there)`, at);
}

/**
 * Validate the metadata slots. `license` is required; a missing `mapping_set_id` is derived with
 * a warning (or refused when strict); `curie_map` must map prefixes to namespace strings, and
 * may declare a built-in prefix (BUILTIN_PREFIXES) only with its own IRI.
 */
export function readSetSlots(raw: Readonly<Record<string, unknown>>, ctx: MetadataContext): SetSlots {
  const { at } = ctx;
  const curieMap: Record<string, string> = {};
  const cm = raw.curie_map;
  if (cm !== undefined && cm !== null) {
    if (typeof cm !== 'object' || Array.isArray(cm)) throw new IoaError('E_SSSOM_BAD_METADATA', 'curie_map must be a map from prefix to namespace IRI', at('curie_map'));
    for (const [prefix, ns] of Object.entries(cm)) {
      if (!isValidPrefix(prefix)) throw new IoaError('E_SSSOM_BAD_METADATA', `curie_map has an invalid prefix "${prefix}"`, at('curie_map'));
      if (typeof ns !== 'string' || ns === '') throw new IoaError('E_SSSOM_BAD_METADATA', `curie_map entry "${prefix}" must be a namespace IRI string`, at('curie_map'));
      // SSSOM's built-in prefixes keep their IRI when declared: `skos` made to mean another
      // namespace would turn every skos:exactMatch of the file into some other predicate.
      const builtin = Object.prototype.hasOwnProperty.call(BUILTIN_PREFIXES, prefix) ? BUILTIN_PREFIXES[prefix] : undefined;
      if (builtin !== undefined && ns !== builtin) {
        throw new IoaError('E_SSSOM_BAD_METADATA', `curie_map redefines the built-in SSSOM prefix "${prefix}" as ${ns}; it must be ${builtin} (or left out): use another prefix name for ${ns}`, at(`curie_map.${prefix}`));
      }
      curieMap[prefix] = ns;
    }
  }
  const prefixes = new PrefixMap(curieMap);
  // A well-known prefix used undeclared (a reviewer's `orcid:…`): read with its usual namespace,
  // one warning per prefix, and declared in the set read so that writing it back declares it.
  undeclaredHandlers.set(prefixes, (prefix, where) => {
    const ns = WELL_KNOWN_PREFIXES[prefix];
    if (ns === undefined) return undefined;
    if (curieMap[prefix] === undefined) {
      tolerate(ctx, 'SSSOM_UNDECLARED_PREFIX', `prefix "${prefix}" is not declared in curie_map; read as the well-known ${ns}`, where,
        `prefix "${prefix}" is not declared in curie_map (the well-known ${ns} is accepted only without options.strict)`);
      curieMap[prefix] = ns;
    }
    return ns;
  });
  const definitions = readDefinitions(raw.extension_definitions, prefixes, ctx);
  const byName = new Map(definitions.map((d) => [d.slotName, d]));
  const slots: Record<string, SlotValue> = {};
  const extensions: Record<string, ExtensionValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'curie_map' || key === 'extension_definitions') continue;
    const site: Site = { at: at(key), bad: 'E_SSSOM_BAD_METADATA' };
    if (!SET_SLOT_SET.has(key)) {
      const v = extensionValue(key, value, site.at, ctx.typeCode);
      if (v === undefined) continue;
      checkExtension(key, v, byName.get(key), prefixes, site);
      extensions[key] = v;
      continue;
    }
    const spec = SLOTS[key]!;
    const v = key === 'sssom_version' && typeof value === 'number' ? value.toFixed(1) : structuredValue(key, spec, value, site, ctx.typeCode);
    // An empty value is no value (`license: ""` is as missing as an absent license).
    if (v === undefined || (typeof v === 'string' && v.trim() === '' && spec.kind !== 'text')) continue;
    checkValue(key, spec, v, prefixes, site);
    slots[key] = v;
  }
  const license = slots.license;
  if (typeof license !== 'string' || license.trim() === '') throw new IoaError('E_SSSOM_MISSING_METADATA', 'required metadata slot license is missing', at('license'));
  const id = slots.mapping_set_id;
  if (typeof id !== 'string' || id.trim() === '') {
    slots.mapping_set_id = deriveSetId(ctx.text);
    tolerate(ctx, 'SSSOM_DERIVED_SET_ID', `required metadata slot mapping_set_id is missing; using the derived id ${slots.mapping_set_id}`, at('mapping_set_id'),
      'required metadata slot mapping_set_id is missing');
  }
  return { curieMap, prefixes, slots, definitions, extensions };
}

// ---- reading: mappings ------------------------------------------------------------------------

/** One mapping as a reader found it. */
export interface RowSlots {
  /** Standard slots with a value (empty cells left out). */
  slots: Record<string, SlotValue>;
  extensions: Record<string, ExtensionValue>;
  /** Location of the row, or of one of its slots. */
  at: Locator;
  /** Location to report a required slot that the row (or the table's header) lacks entirely. */
  missing: Locator;
  /** Slots the row has no place for at all (a column missing from the header, a key missing from the object). */
  absent: ReadonlySet<string>;
}

/**
 * Propagation (SSSOM 1.1): a set-level value of a propagatable slot moves to every mapping,
 * unless some mapping has its own value for that slot (then the slot is not propagatable and the
 * set keeps its value). A set without mappings keeps its values, so that nothing is lost.
 */
export function propagate(set: Record<string, SlotValue>, rows: readonly Record<string, SlotValue>[]): void {
  if (rows.length === 0) return;
  for (const slot of PROPAGATABLE) {
    const value = set[slot];
    if (value === undefined || rows.some((r) => r[slot] !== undefined)) continue;
    for (const r of rows) r[slot] = Array.isArray(value) ? [...value] : value;
    delete set[slot];
  }
}

/** Typed record fields that are not kept in `extra`. */
const MODELLED = new Set([
  'subject_id', 'subject_label', 'subject_type', 'predicate_id', 'predicate_modifier', 'object_id', 'object_label', 'object_type',
  'mapping_justification', 'similarity_score', 'similarity_measure', 'confidence', 'mapping_tool', 'reviewer_id', 'review_date', 'comment',
]);

/** One end (subject or object) of a mapping: entity IRI, or literal text. */
function readEnd(side: 'subject' | 'object', row: RowSlots, prefixes: PrefixMap, out: Record<string, unknown>): void {
  const type = row.slots[`${side}_type`] as EntityType | undefined;
  const idSlot = `${side}_id`;
  const labelSlot = `${side}_label`;
  const id = row.slots[idSlot] as string | undefined;
  const label = row.slots[labelSlot] as string | undefined;
  if (type !== undefined) out[`${side}Type`] = type;
  if (label !== undefined) out[`${side}Label`] = label;
  if (type === LITERAL_TYPE) {
    // SSSOM 1.1 literal mapping: the label is the end itself and the id may be left out.
    if (label === undefined) {
      throw new IoaError('E_SSSOM_BAD_ROW', `a literal ${side} (${side}_type rdfs literal) needs its text in ${labelSlot}`, row.at(labelSlot));
    }
  } else if (id === undefined) {
    if (row.absent.has(idSlot)) {
      throw new IoaError('E_SSSOM_MISSING_COLUMN', `required slot ${idSlot} is missing (only a literal ${side}, ${side}_type rdfs literal, may go without)`, row.missing(idSlot));
    }
    throw new IoaError('E_SSSOM_BAD_ROW', `mapping has an empty ${idSlot}`, row.at(idSlot));
  }
  if (id !== undefined) out[`${side}Id`] = entityIdentifier(prefixes, id, idSlot, row);
}

/**
 * Subject and object identifiers read, remembered per prefix map: a candidate file names each
 * subject on a dozen rows and each object on many more, and one IRI string per term (rather
 * than one built per row) is both less to hold and faster to look up later. Bounded, as a
 * PrefixMap's contractions are.
 */
const ENTITY_IDENTIFIER_LIMIT = 1 << 20;

function entityIdentifier(prefixes: PrefixMap, raw: string, slot: string, row: RowSlots): string {
  const known = memoOf(prefixes).entities;
  const hit = known.get(raw);
  if (hit !== undefined) return hit;
  const iri = identifier(prefixes, raw, slot, row.at(slot));
  if (known.size >= ENTITY_IDENTIFIER_LIMIT) known.clear();
  known.set(raw, iri);
  return iri;
}

/**
 * One mapping from its slot values. Identifiers come out as full IRIs; predicate and
 * justification as canonical CURIEs of the standard vocabularies (`skos:exactMatch`).
 */
export function recordFromRow(row: RowSlots, prefixes: PrefixMap, definitions: ReadonlyMap<string, ExtensionDefinition>): MappingRecord {
  for (const slot of REQUIRED_COLUMNS) {
    if (row.slots[slot] !== undefined) continue;
    if (row.absent.has(slot)) throw new IoaError('E_SSSOM_MISSING_COLUMN', `required slot ${slot} is missing`, row.missing(slot));
    throw new IoaError('E_SSSOM_BAD_ROW', `mapping has an empty ${slot}`, row.at(slot));
  }
  // for…in rather than Object.entries: a candidate file has hundreds of thousands of rows, and the
  // entries' pair arrays were a good part of what reading one allocated.
  const slots = row.slots;
  for (const slot in slots) {
    if (slot !== 'subject_id' && slot !== 'object_id' && slot !== 'predicate_id' && slot !== 'mapping_justification') {
      checkValue(slot, SLOTS[slot]!, slots[slot]!, prefixes, { at: row.at(slot), bad: 'E_SSSOM_BAD_ROW' });
    }
  }
  const out: Record<string, unknown> = {};
  readEnd('subject', row, prefixes, out);
  out.predicateId = vocabularyTerm(prefixes, slots.predicate_id as string, 'predicate_id', row);
  readEnd('object', row, prefixes, out);
  const justification = vocabularyTerm(prefixes, slots.mapping_justification as string, 'mapping_justification', row);
  if (!(JUSTIFICATIONS as readonly string[]).includes(justification)) {
    throw new IoaError('E_SSSOM_BAD_ROW', `mapping_justification "${row.slots.mapping_justification as string}" is not one of SSSOM's justifications (${JUSTIFICATIONS.join(', ')})`, row.at('mapping_justification'));
  }
  out.justification = justification;
  const extra: Record<string, SlotValue> = {};
  for (const slot in slots) {
    const value = slots[slot]!;
    switch (slot) {
      case 'predicate_modifier': out.predicateModifier = 'Not'; break;
      case 'similarity_score': out.similarityScore = value; break;
      case 'confidence': out.confidence = value; break;
      case 'similarity_measure': out.similarityMeasure = value; break;
      case 'mapping_tool': out.mappingTool = value; break;
      case 'reviewer_id': out.reviewerId = (value as string[]).map((v) => identifier(prefixes, v, slot, row.at(slot))); break;
      case 'review_date': out.reviewDate = value; break;
      case 'comment': out.comment = value; break;
      default: if (!MODELLED.has(slot)) extra[slot] = value;
    }
  }
  if (hasKeys(extra)) out.extra = extra;
  const extensions: Record<string, ExtensionValue> = {};
  let anyExtension = false;
  for (const name in row.extensions) {
    const value = row.extensions[name]!;
    checkExtension(name, value, definitions.get(name), prefixes, { at: row.at(name), bad: 'E_SSSOM_BAD_ROW' });
    extensions[name] = value;
    anyExtension = true;
  }
  if (anyExtension) out.extensions = extensions;
  return out as unknown as MappingRecord;
}

function hasKeys(object: object): boolean {
  for (const _ in object) return true;
  return false;
}

/**
 * A predicate or justification as the canonical CURIE of its vocabulary. A file repeats a handful
 * of them on every row, so each one read is remembered for the prefix map it was read with (only
 * those that are valid: an invalid one is refused where it stands, every time).
 */
function vocabularyTerm(prefixes: PrefixMap, raw: string, slot: 'predicate_id' | 'mapping_justification', row: RowSlots): string {
  const known = memoOf(prefixes);
  const hit = known[slot].get(raw);
  if (hit !== undefined) return hit;
  const term = canonicalTerm(identifier(prefixes, raw, slot, row.at(slot)));
  known[slot].set(raw, term);
  return term;
}

/** Metadata slots the model has typed fields for. */
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

/**
 * A whole set from what a reader found: propagation, then records. Row order is kept; record_id
 * values must be unique within the set.
 */
export function assembleSet(meta: SetSlots, rows: readonly RowSlots[]): MappingSet {
  propagate(meta.slots, rows.map((r) => r.slots));
  const prefixes = meta.prefixes;
  const definitions = new Map(meta.definitions.map((d) => [d.slotName, d]));
  const seen = new Set<string>();
  const mappings = rows.map((row) => {
    const id = row.slots.record_id;
    if (typeof id === 'string') {
      if (seen.has(id)) throw new IoaError('E_SSSOM_BAD_ROW', `record_id "${id}" is used by an earlier mapping; record ids are unique within a set`, row.at('record_id'));
      seen.add(id);
    }
    return recordFromRow(row, prefixes, definitions);
  });
  const metadata: MappingSetMetadata = { curieMap: meta.curieMap };
  const extra: Record<string, SlotValue> = {};
  for (const [slot, value] of Object.entries(meta.slots)) {
    const field = (METADATA_FIELDS as Record<string, keyof MappingSetMetadata>)[slot];
    if (field && typeof value === 'string') (metadata as unknown as Record<string, string>)[field] = value;
    else extra[slot] = value;
  }
  if (meta.definitions.length) metadata.extensionDefinitions = meta.definitions;
  if (Object.keys(meta.extensions).length) metadata.extensions = meta.extensions;
  if (Object.keys(extra).length) metadata.extra = extra;
  return { metadata, mappings };
}

/** Record fields of the propagatable slots the record models itself (the others live in `extra`). */
const RECORD_FIELD: Readonly<Record<string, string>> = {
  mapping_tool: 'mappingTool', similarity_measure: 'similarityMeasure', subject_type: 'subjectType', object_type: 'objectType',
};

/**
 * The set in the form readers return it: every set-level value of a propagatable slot that no
 * mapping overrides moved onto the mappings (see propagate). A set built in memory may hold such
 * values on the set (candidatesToMappingSet does); both forms mean the same. Returns a new set.
 */
export function propagateSet(set: MappingSet): MappingSet {
  const metadata: MappingSetMetadata = { ...set.metadata, ...(set.metadata.extra ? { extra: { ...set.metadata.extra } } : {}) };
  const mappings = set.mappings.map((r) => ({ ...r, ...(r.extra ? { extra: { ...r.extra } } : {}) }) as MappingRecord);
  if (mappings.length === 0) return { metadata, mappings };
  const fields = metadata as unknown as Record<string, SlotValue | undefined>;
  for (const slot of PROPAGATABLE) {
    const field = (METADATA_FIELDS as Record<string, string>)[slot];
    const value = field ? fields[field] : metadata.extra?.[slot];
    if (value === undefined) continue;
    const own = (r: MappingRecord): unknown => (RECORD_FIELD[slot] ? (r as unknown as Record<string, unknown>)[RECORD_FIELD[slot]!] : r.extra?.[slot]);
    if (mappings.some((r) => own(r) !== undefined)) continue;
    for (const r of mappings) {
      const copy = Array.isArray(value) ? [...value] : value;
      if (RECORD_FIELD[slot]) (r as unknown as Record<string, unknown>)[RECORD_FIELD[slot]!] = copy;
      else r.extra = { ...r.extra, [slot]: copy };
    }
    if (field) delete fields[field];
    else delete metadata.extra![slot];
  }
  if (metadata.extra && Object.keys(metadata.extra).length === 0) delete metadata.extra;
  return { metadata, mappings };
}

// ---- writing ----------------------------------------------------------------------------------

export interface WriteOptions {
  /**
   * Condense (SSSOM 1.1): write a propagatable slot that every mapping shares once, at the set
   * level, as SSSOM recommends for files. Off by default: a writer writes each value where the
   * set holds it, so a review export keeps every row's values in its row (and a reviewer who
   * fills one row's cell does not silently take the set's value away from the others).
   * `convert` condenses unless told `--no-condense`.
   */
  condense?: boolean;
}

/**
 * Mappings a writer iterates (twice: once to find its columns, once to write) with their count:
 * an array, or rows made again on each iteration (see SortedRows).
 */
export interface MappingRows extends Iterable<MappingRecord> {
  readonly length: number;
}

/**
 * A set whose rows are already in the writers' order (order.ts) and need not be held: what a
 * writer streams candidates from (candidateRowStream).
 */
export interface SortedRows {
  metadata: MappingSetMetadata;
  rows: MappingRows;
  /** What the rows use, when known from the pass that made the metadata. */
  usage?: SlotUsage;
}

/** The rows of a set in the writers' order: a MappingSet's sorted (a copy), SortedRows' as they come. */
function rowsInOrder(set: MappingSet | SortedRows): MappingRows {
  return 'rows' in set ? set.rows : sortedMappings(set.mappings);
}

/** setToSlots of a set, or of rows in order with what they use when it is known. */
export function tableOf(set: MappingSet | SortedRows, options: WriteOptions = {}): SlotTable {
  return setToSlots(set.metadata, rowsInOrder(set), options, 'rows' in set ? set.usage : undefined);
}

/** One mapping as slot values (identifiers contracted), as a writer writes it. */
export interface RowValues {
  slots: Record<string, SlotValue>;
  extensions: Record<string, ExtensionValue>;
}

/**
 * A set as slot values, ready for a format: metadata in model order, then each mapping. The
 * mappings' values are made one row at a time when `rows()` is iterated, so a writer that streams
 * never holds the whole table (a 50k × 50k run has half a million rows).
 */
export interface SlotTable {
  /** Standard metadata slots in writing order (curie_map and extension_definitions included). */
  metadata: Record<string, unknown>;
  /** Set-level extension values, in writing order. */
  extensions: Record<string, ExtensionValue>;
  /**
   * Each mapping's values, in the order given (each iteration makes them afresh). Lists and the
   * extension values are the records' own, in the record's key order (extensionColumns gives the
   * writing order): a writer reads them and never modifies them.
   */
  rows(): Generator<RowValues>;
  rowCount: number;
  /** Standard mapping slots used by any row (after condensation). */
  usedSlots: ReadonlySet<string>;
  /** Extension slot names used by any mapping, in writing order. */
  extensionColumns: string[];
}

/**
 * Each order's positions by key, made once: the JSON writer orders the keys of every row, and
 * an indexOf per comparison made that quadratic in the number of slots.
 */
const positions = new WeakMap<readonly string[], Map<string, number>>();

function positionsOf(order: readonly string[]): Map<string, number> {
  let map = positions.get(order);
  if (!map) {
    map = new Map();
    // The first occurrence of a key counts, as indexOf finds it.
    for (let i = order.length - 1; i >= 0; i--) map.set(order[i]!, i);
    positions.set(order, map);
  }
  return map;
}

/** Keys in the given order; keys the order does not name come last, in code-unit order. */
export function orderedKeys(keys: Iterable<string>, order: readonly string[]): string[] {
  const at = positionsOf(order);
  const index = (key: string): number => at.get(key) ?? order.length;
  return [...keys].sort((a, b) => index(a) - index(b) || (a < b ? -1 : a > b ? 1 : 0));
}

function sortedObject(map: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/** Canonical CURIEs (`skos:…`) stay; full IRIs are contracted with the set's own prefixes. */
function compactTerm(term: string, prefixes: PrefixMap): string {
  // The indexOf rules out nearly every term (a CURIE) before the regular expression runs.
  return term.indexOf('://') > 0 && /^[a-z]+:\/\//i.test(term) ? prefixes.contract(term) : term;
}

/** A mapping's standard slots (identifiers contracted) and its extension values, copied from the record. */
export function recordToSlots(r: MappingRecord, prefixes: PrefixMap): { slots: Record<string, SlotValue>; extensions: Record<string, ExtensionValue> } {
  const { slots, extensions } = slotsOfRecord(r, prefixes);
  if (r.extra) {
    for (const k in r.extra) {
      const v = slots[k];
      if (Array.isArray(v) && v === r.extra[k]) slots[k] = [...v];
    }
  }
  return { slots, extensions: { ...extensions } };
}

/**
 * recordToSlots without copies, for the writers: the lists and the extension object are the
 * record's own, to be read and never modified. A writer makes these for every row of a file
 * (twice: once to find the columns, once to write), so what it does not allocate matters.
 * Without `prefixes`, identifiers stay as the record holds them: enough to learn which slots
 * are used and what the propagatable ones hold (none of those is a contracted identifier).
 */
function slotsOfRecord(r: MappingRecord, prefixes: PrefixMap | undefined): RowValues {
  const slots: Record<string, SlotValue> = {};
  if (r.subjectId !== undefined) slots.subject_id = prefixes ? prefixes.contract(r.subjectId) : r.subjectId;
  if (r.subjectLabel !== undefined) slots.subject_label = r.subjectLabel;
  if (r.subjectType !== undefined) slots.subject_type = r.subjectType;
  slots.predicate_id = prefixes ? compactTerm(r.predicateId, prefixes) : r.predicateId;
  if (r.predicateModifier !== undefined) slots.predicate_modifier = r.predicateModifier;
  if (r.objectId !== undefined) slots.object_id = prefixes ? prefixes.contract(r.objectId) : r.objectId;
  if (r.objectLabel !== undefined) slots.object_label = r.objectLabel;
  if (r.objectType !== undefined) slots.object_type = r.objectType;
  slots.mapping_justification = prefixes ? compactTerm(r.justification, prefixes) : r.justification;
  if (r.similarityScore !== undefined) slots.similarity_score = r.similarityScore;
  if (r.similarityMeasure !== undefined) slots.similarity_measure = r.similarityMeasure;
  if (r.confidence !== undefined) slots.confidence = r.confidence;
  if (r.mappingTool !== undefined) slots.mapping_tool = r.mappingTool;
  if (r.reviewerId?.length) slots.reviewer_id = prefixes ? r.reviewerId.map((id) => prefixes.contract(id)) : r.reviewerId;
  if (r.reviewDate !== undefined) slots.review_date = r.reviewDate;
  if (r.comment !== undefined) slots.comment = r.comment;
  if (r.extra) for (const k in r.extra) if (!(k in slots)) slots[k] = r.extra[k]!;
  return { slots, extensions: r.extensions ?? NO_EXTENSIONS };
}

const NO_EXTENSIONS: Readonly<Record<string, ExtensionValue>> = Object.freeze({});

/**
 * What a writer must know of the rows before it writes the first: the slots and extension slots
 * they use, and for condensation each propagatable slot's value (as JSON) when every row gives
 * it the same, else null. Gathered row by row (slotUsage), by setToSlots itself or by whoever
 * makes the rows in an earlier pass (candidateRowStream), so streamed rows are not made once more.
 */
export interface SlotUsage {
  rows: number;
  used: ReadonlySet<string>;
  extensions: ReadonlySet<string>;
  shared: ReadonlyMap<string, string | null>;
}

/** SlotUsage gathered one record at a time. */
export interface SlotScan {
  add(record: MappingRecord): void;
  usage: SlotUsage;
}

export function slotUsage(): SlotScan {
  const used = new Set<string>();
  const extensions = new Set<string>();
  const shared = new Map<string, string | null>();
  const usage = { rows: 0, used, extensions, shared };
  // Slots whose value every row so far shares; after a few rows usually none is left to compare.
  let live: string[] = [...PROPAGATABLE];
  return {
    usage,
    add(r) {
      const row = slotsOfRecord(r, undefined);
      for (const k in row.slots) used.add(k);
      for (const k in row.extensions) extensions.add(k);
      if (live.length > 0) {
        const first = usage.rows === 0;
        for (const slot of live) {
          const value = row.slots[slot];
          const key = value === undefined ? null : JSON.stringify(value);
          if (first || shared.get(slot) === key) shared.set(slot, key);
          else shared.set(slot, null);
        }
        live = live.filter((slot) => shared.get(slot) !== null);
      }
      usage.rows++;
    },
  };
}

function scanRows(mappings: Iterable<MappingRecord>): SlotUsage {
  const scan = slotUsage();
  for (const r of mappings) scan.add(r);
  return scan.usage;
}

/**
 * The set as slot values for a writer: each value where the set holds it, condensed first when
 * `options.condense` is true. The input is not modified. One pass over the mappings here finds
 * the slots in use and what condenses; the rows themselves are made again, one at a time, when
 * the writer iterates `rows()`.
 */
export function setToSlots(metadata: MappingSetMetadata, mappings: MappingRows, options: WriteOptions = {}, given?: SlotUsage): SlotTable {
  const prefixes = new PrefixMap(metadata.curieMap);
  const set: Record<string, SlotValue> = {};
  for (const [key, value] of Object.entries(metadata.extra ?? {})) set[key] = Array.isArray(value) ? [...value] : value;
  for (const [slot, field] of Object.entries(METADATA_FIELDS)) {
    const value = metadata[field];
    if (value !== undefined) set[slot] = value;
  }
  // Condensation, the inverse of propagation: a propagatable slot every mapping gives the same
  // value moves to the set. A slot the set already holds is left as it is, even with the same
  // value: SSSOM would allow condensing it, but the set's value was then not propagated when
  // read (the mappings had their own), and writing it back the way it came keeps a round trip exact.
  const usage = given ?? scanRows(mappings);
  const used = new Set(usage.used);
  const condensed = new Set<string>();
  if (options.condense === true && usage.rows > 0) {
    for (const [slot, key] of usage.shared) {
      if (key === null || set[slot] !== undefined) continue;
      set[slot] = JSON.parse(key) as SlotValue;
      condensed.add(slot);
      used.delete(slot);
    }
  }
  const out: Record<string, unknown> = { curie_map: sortedObject(metadata.curieMap), ...set };
  if (metadata.extensionDefinitions?.length) {
    out.extension_definitions = metadata.extensionDefinitions.map((d) => ({
      slot_name: d.slotName,
      ...(d.property !== undefined ? { property: d.property } : {}),
      ...(d.typeHint !== undefined ? { type_hint: d.typeHint } : {}),
    }));
  }
  const ordered = Object.fromEntries(orderedKeys(Object.keys(out), SET_SLOTS).map((k) => [k, out[k]]));
  const byProperty = extensionOrder(metadata, prefixes);
  const extensions = Object.fromEntries(byProperty(Object.keys(metadata.extensions ?? {})).map((k) => [k, metadata.extensions![k]!]));
  const extensionColumns = byProperty(usage.extensions);
  return {
    metadata: ordered,
    extensions,
    rowCount: mappings.length,
    usedSlots: used,
    extensionColumns,
    *rows() {
      for (const r of mappings) {
        const row = slotsOfRecord(r, prefixes);
        if (condensed.size > 0) for (const slot of condensed) delete row.slots[slot];
        yield row;
      }
    },
  };
}

/** Extension slots sort on their property IRI (SSSOM's canonical order), then on name. */
function extensionOrder(metadata: MappingSetMetadata, prefixes: PrefixMap): (names: Iterable<string>) => string[] {
  const defs = new Map((metadata.extensionDefinitions ?? []).map((d) => [d.slotName, d]));
  return (names) => [...names]
    .map((n) => [propertyOf(defs.get(n), prefixes, n), n] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([, n]) => n);
}

/** The standard columns to write: the review columns, then every other slot in use, in model order. */
export function columnsFor(usedSlots: Iterable<string>): string[] {
  return orderedKeys(new Set<string>([...REVIEW_COLUMNS, ...usedSlots]), MAPPING_SLOTS);
}

const NINE_ZEROS = '000000000';

/**
 * A number as String() writes it, found faster for what a candidate file holds by the hundred
 * thousand: scores in [1e-6, 1) with at most nine decimals (the generators round them so). Two
 * numbers of nine decimals lie at least 1e-9 apart, far more than a double's precision there, so
 * when the nine-decimal value n / 1e9 reads back as x, its digits are the shortest that do, which
 * are the digits String() writes (in fixed notation from 1e-6 up). Any other number goes to String().
 */
export function numberText(x: number): string {
  if (x >= 1e-6 && x < 1) {
    const n = Math.round(x * 1e9);
    if (n / 1e9 === x) {
      const digits = String(n);
      let end = digits.length;
      while (digits.charCodeAt(end - 1) === 48) end--;
      return `0.${NINE_ZEROS.slice(digits.length)}${digits.slice(0, end)}`;
    }
  }
  return String(x);
}

/** A slot value as one TSV/CSV cell: lists joined with `|` (escaped as SSSOM 1.1 says), numbers as JS writes them. */
export function cellText(value: SlotValue | ExtensionValue | undefined): string {
  // Most cells hold text already (a file has millions of cells: no String() call for those).
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (Array.isArray(value)) return joinMultivalued(value);
  return typeof value === 'number' ? numberText(value) : String(value);
}

/**
 * A set-level value from the mappings' point of view: the set's own value, else the value every
 * mapping shares (what condensation would put on the set). For a propagatable slot such as
 * `subject_source`, which a reader moves from the set to every mapping.
 */
export function sharedSlot(set: MappingSet, slot: string): SlotValue | undefined {
  const field = (METADATA_FIELDS as Record<string, keyof MappingSetMetadata>)[slot];
  const own = field ? (set.metadata[field] as string | undefined) : set.metadata.extra?.[slot];
  if (own !== undefined || !PROPAGATABLE.includes(slot) || set.mappings.length === 0) return own;
  const valueOf = (r: MappingRecord): SlotValue | undefined =>
    (RECORD_FIELD[slot] ? (r as unknown as Record<string, SlotValue | undefined>)[RECORD_FIELD[slot]!] : r.extra?.[slot]);
  const first = valueOf(set.mappings[0]!);
  if (first === undefined) return undefined;
  const key = JSON.stringify(first);
  return set.mappings.every((r) => JSON.stringify(valueOf(r)) === key) ? first : undefined;
}
