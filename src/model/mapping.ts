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
  | 'semapv:CompositeMatching'
  | 'semapv:ManualMappingCuration'
  | 'semapv:MappingReview'
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
  /** SSSOM `subject_preprocessing` / `object_preprocessing`: semapv CURIEs of the steps applied to each text. */
  subjectPreprocessing?: string[];
  objectPreprocessing?: string[];
}

/** One proposal of one generator (or of fusion) for one subject. */
export interface Candidate {
  subject: string;
  /** CURIE or IRI of the predicate; `skos:exactMatch` for equivalence candidates. */
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
 * A mapping in the exchange formats' neutral form (SSSOM's data model): what writers write and
 * readers return. Optional fields are absent rather than empty strings.
 */
export interface MappingRecord {
  subjectId: string;
  subjectLabel?: string;
  predicateId: string;
  /** `Not` marks a rejected mapping (SSSOM `predicate_modifier`). */
  predicateModifier?: 'Not';
  objectId: string;
  objectLabel?: string;
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
  /** Any other SSSOM slot, by its column name, kept so round trips lose nothing. */
  extra?: Record<string, string>;
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
  /** Other metadata slots, kept verbatim. */
  extra?: Record<string, unknown>;
}

export interface MappingSet {
  metadata: MappingSetMetadata;
  mappings: MappingRecord[];
}
