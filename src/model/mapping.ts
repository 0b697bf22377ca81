/**
 * Mappings as they travel between generators, exchange formats, benchmarks and review.
 *
 * Direction is part of identity (STYLE.md point 4): every set and metric keys on
 * (subject, predicate, object), never on an unordered pair.
 */

/** SSSOM `mapping_justification` values this project writes or reads. */
export type MappingJustification =
  | 'semapv:LexicalMatching'
  | 'semapv:LexicalSimilarityThresholdMatching'
  | 'semapv:SemanticSimilarityThresholdMatching'
  | 'semapv:BackgroundKnowledgeBasedMatching'
  | 'semapv:StructuralMatching'
  | 'semapv:CompositeMatching'
  | 'semapv:ManualMappingCuration'
  | 'semapv:MappingReview'
  | 'semapv:MappingChaining'
  | 'semapv:UnspecifiedMatching';

/**
 * A generator's raw, uncalibrated score. The brand stops it from being passed where a
 * threshold, probability or verdict input is expected (draft Section 7.4): scores from
 * different generators share no calibration, and none of them is a confidence.
 */
export type RawScore = number & { readonly __brand: 'RawScore' };

export function rawScore(value: number): RawScore {
  return value as RawScore;
}

/**
 * The SKOS mapping relations a candidate proposes, read "subject RELATION object"
 * (DESIGN.md "Candidate relations"; which evidence yields which: docs/relations.md):
 * - `skos:exactMatch`: the two denote the same thing (OAEI `=`);
 * - `skos:broadMatch`: the object is broader than the subject (OAEI `<`, subject ⊑ object);
 * - `skos:narrowMatch`: the object is narrower than the subject (OAEI `>`);
 * - `skos:closeMatch`: similar enough to review, equivalence not established (SKOS makes every
 *   exactMatch a closeMatch, so this is the weaker claim of the same kind);
 * - `skos:relatedMatch`: associated, of different kinds (a capability and a domain).
 */
export const MAPPING_RELATIONS = ['skos:exactMatch', 'skos:closeMatch', 'skos:broadMatch', 'skos:narrowMatch', 'skos:relatedMatch'] as const;
export type MappingRelation = (typeof MAPPING_RELATIONS)[number];

export const EXACT_MATCH = 'skos:exactMatch' satisfies MappingRelation;
export const CLOSE_MATCH = 'skos:closeMatch' satisfies MappingRelation;
export const BROAD_MATCH = 'skos:broadMatch' satisfies MappingRelation;
export const NARROW_MATCH = 'skos:narrowMatch' satisfies MappingRelation;
export const RELATED_MATCH = 'skos:relatedMatch' satisfies MappingRelation;

export function isMappingRelation(value: string): value is MappingRelation {
  return (MAPPING_RELATIONS as readonly string[]).includes(value);
}

/** The relation read the other way round (object → subject): broad and narrow swap. */
export function inverseRelation(relation: MappingRelation): MappingRelation {
  return relation === BROAD_MATCH ? NARROW_MATCH : relation === NARROW_MATCH ? BROAD_MATCH : relation;
}

/** Which piece of text on each side matched. */
export interface Evidence {
  generator: string;
  subjectText: string;
  objectText: string;
  /** e.g. `label`, `synonym:exact`, `abbreviation`, `localName`, `definition` */
  subjectField: string;
  objectField: string;
  /**
   * Language of each matched text: its BCP 47 tag as written, or for a match across languages
   * the language its script shows (`zh` for untagged Han text). Absent for untagged text matched
   * within one language.
   */
  subjectLang?: string;
  objectLang?: string;
  /** For a match across languages: how one text was carried into the other's language, e.g. `zh→en CC-CEDICT 2026-09-10: 身高 → height (of person); 异常 → abnormal`. */
  translation?: string;
  /**
   * For a translated match: the translation renders the whole of both names, every character
   * that needs an English counterpart glossed, every English word matched, and every word of the
   * glosses used an English word of the name or a derivation of it (摘要 "summary" for
   * Summarization; not a synonym or definition word): the one name in two languages. Absent for a
   * partial translation, which resembles the other name but does not name it (机器翻译 "machine
   * translation" for Translation).
   */
  translationComplete?: boolean;
  /** SSSOM `subject_preprocessing` / `object_preprocessing`: semapv CURIEs of the steps applied to each text. */
  subjectPreprocessing?: string[];
  objectPreprocessing?: string[];
}

/** One proposal of one generator (or of fusion) for one subject. */
export interface Candidate {
  subject: string;
  /**
   * CURIE or IRI of the proposed relation: one of MAPPING_RELATIONS for every generator here;
   * `skos:exactMatch` only where the evidence establishes equivalence.
   */
  predicate: string;
  object: string;
  generator: string;
  score: RawScore;
  /** The score's meaning, written to SSSOM `similarity_measure`. */
  measure: string;
  /** 1-based rank among this generator's proposals for the subject. */
  rank: number;
  justification: MappingJustification;
  evidence: Evidence[];
}

/** Key for sets and metrics: direction and predicate are part of it. */
export function tripleKey(subject: string, predicate: string, object: string): string {
  return `${subject}\u0000${predicate}\u0000${object}`;
}

/**
 * One key for a statement however it is written: `a exactMatch b` and `b exactMatch a` (exact,
 * close and related matches are symmetric), `a broadMatch b` and `b narrowMatch a` (each the
 * other's inverse) get the same key. For recognising two rows as one claim — a rejection and an
 * acceptance of the same statement — never for keying candidates or metrics, where direction is
 * identity (tripleKey). A predicate that is not a SKOS mapping relation keys as written.
 */
export function statementKey(subject: string, predicate: string, object: string): string {
  if (!isMappingRelation(predicate)) return tripleKey(subject, predicate, object);
  const inverse = inverseRelation(predicate);
  const swap = object < subject || (object === subject && inverse < predicate);
  return swap ? tripleKey(object, inverse, subject) : tripleKey(subject, predicate, object);
}

/** SSSOM `entity_type_enum`: what kind of thing a subject, object or predicate is. */
export const ENTITY_TYPES = [
  'owl class', 'owl object property', 'owl data property', 'owl annotation property', 'owl named individual',
  'skos concept', 'rdfs resource', 'rdfs class', 'rdfs literal', 'rdfs datatype', 'rdf property', 'composed entity expression',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** The `subject_type`/`object_type` that makes a mapping end a literal (SSSOM 1.1 literal mappings). */
export const LITERAL_TYPE = 'rdfs literal';
export type LiteralType = typeof LITERAL_TYPE;

/**
 * The value of a standard SSSOM slot the record has no field for: text, a number (slots typed
 * `double`, e.g. `reviewer_agreement`) or a list (multivalued slots, e.g. `author_id`).
 */
export type SlotValue = string | number | string[];

/**
 * The value of an extension (non-standard) slot. SSSOM keeps them opaque: rows give text; a YAML
 * metadata block may also give a number or a boolean. Never a list or a map (SSSOM 1.1).
 */
export type ExtensionValue = string | number | boolean;

/** Slots every mapping record carries, whatever its two ends are. */
export interface MappingRecordBase {
  predicateId: string;
  /** `Not` marks a rejected mapping (SSSOM `predicate_modifier`). */
  predicateModifier?: 'Not';
  justification: string;
  /** A generator's raw score; NEVER copied into `confidence`. */
  similarityScore?: number;
  similarityMeasure?: string;
  /** A curator's statement; empty unless a reviewer wrote it. */
  confidence?: number;
  mappingTool?: string;
  reviewerId?: string[];
  reviewDate?: string;
  comment?: string;
  /**
   * Every other standard SSSOM slot, by its name, typed as the SSSOM model types it. Values of
   * entity-reference slots (`author_id`, `subject_source`, …) are kept as written (CURIEs).
   */
  extra?: Record<string, SlotValue>;
  /** Extension slots (SSSOM 1.1 "non-standard slots"), defined or not, by name, kept so round trips lose nothing. */
  extensions?: Record<string, ExtensionValue>;
}

/** The subject is an entity, named by its IRI. */
export interface EntitySubject {
  subjectId: string;
  subjectType?: Exclude<EntityType, LiteralType>;
  subjectLabel?: string;
}

/**
 * The subject is a literal (SSSOM 1.1 literal mapping): the text in `subjectLabel` is the
 * subject itself. It needs no identifier; one a file gives anyway is kept.
 */
export interface LiteralSubject {
  subjectType: LiteralType;
  subjectLabel: string;
  subjectId?: string;
}

/** The object is an entity, named by its IRI. */
export interface EntityObject {
  objectId: string;
  objectType?: Exclude<EntityType, LiteralType>;
  objectLabel?: string;
}

/** The object is a literal: the text in `objectLabel` is the object itself (see LiteralSubject). */
export interface LiteralObject {
  objectType: LiteralType;
  objectLabel: string;
  objectId?: string;
}

/**
 * A mapping in the exchange formats' neutral form (SSSOM's data model): what writers write and
 * readers return. Optional fields are absent rather than empty strings. Either end may be a
 * literal; narrow with {@link hasEntityEnds} (or on `subjectType`/`objectType`) before using an
 * end as an IRI.
 */
export type MappingRecord = MappingRecordBase & (EntitySubject | LiteralSubject) & (EntityObject | LiteralObject);

/** A mapping between two entities: what an alignment cell, an artifact rule or a metric can use. */
export type EntityMappingRecord = MappingRecordBase & EntitySubject & EntityObject;

export function isLiteralSubject(r: MappingRecord): r is MappingRecord & LiteralSubject {
  return r.subjectType === LITERAL_TYPE;
}

export function isLiteralObject(r: MappingRecord): r is MappingRecord & LiteralObject {
  return r.objectType === LITERAL_TYPE;
}

/** SSSOM's "there is no matching entity" (an end that states absence, never a concept). */
export const NO_TERM_FOUND: string = 'https://w3id.org/sssom/NoTermFound';
/** SSSOM's "this entity is not to be mapped" (an end that states absence, never a concept). */
export const NO_MAPPING: string = 'https://w3id.org/sssom/NoMapping';
/** The SSSOM terms that stand for "no term" at one end of a row (an Alignment cell, an artifact rule and a diff never hold them). */
export const NO_TERM_IDS: ReadonlySet<string> = new Set([NO_TERM_FOUND, NO_MAPPING]);

/** True when both ends are entities with IRIs (no literal mapping). */
export function hasEntityEnds(r: MappingRecord): r is EntityMappingRecord {
  return r.subjectType !== LITERAL_TYPE && r.objectType !== LITERAL_TYPE;
}

/**
 * One end as a single string, for keys, sorting and messages: the IRI of an entity, or a literal
 * as a JSON string (`"alice"`), which no IRI can equal.
 */
export function subjectTerm(r: MappingRecord): string {
  return r.subjectType === LITERAL_TYPE ? JSON.stringify(r.subjectLabel) : r.subjectId;
}

export function objectTerm(r: MappingRecord): string {
  return r.objectType === LITERAL_TYPE ? JSON.stringify(r.objectLabel) : r.objectId;
}

/** `tripleKey` of a record; literal ends keyed by their text (see subjectTerm). */
export function recordKey(r: MappingRecord): string {
  return tripleKey(subjectTerm(r), r.predicateId, objectTerm(r));
}

/** An extension slot's declaration (SSSOM 1.1 `extension_definitions`), as written (CURIEs). */
export interface ExtensionDefinition {
  slotName: string;
  property?: string;
  typeHint?: string;
}

export interface MappingSetMetadata {
  mappingSetId?: string;
  license?: string;
  mappingTool?: string;
  mappingToolVersion?: string;
  mappingDate?: string;
  subjectSource?: string;
  subjectSourceVersion?: string;
  objectSource?: string;
  objectSourceVersion?: string;
  /** prefix → namespace IRI */
  curieMap: Record<string, string>;
  extensionDefinitions?: ExtensionDefinition[];
  /** Set-level values of extension slots. */
  extensions?: Record<string, ExtensionValue>;
  /** Other standard metadata slots, typed as the SSSOM model types them. */
  extra?: Record<string, SlotValue>;
}

export interface MappingSet {
  metadata: MappingSetMetadata;
  mappings: MappingRecord[];
}
