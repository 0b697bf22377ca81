/**
 * The JSON the review page reads, as the server sends it (src/review/session.ts and server.ts).
 * The page is compiled on its own, for the browser, so it declares the shapes it reads rather
 * than importing the server's modules; test/review/page/types.test.ts checks that the server's
 * views fit these. Members marked "newer servers" may be absent: the page works without them.
 */

export interface TermRef {
  id: string;
  curie: string;
  label: string;
}

export interface RestrictionRef {
  property_id: string;
  property_label: string;
  quantifier: 'some' | 'only';
  filler: TermRef;
}

export interface Concept {
  id: string;
  curie: string;
  label: string;
  synonyms: string[];
  definition?: string;
  /** Labels from the root down to the parent. */
  parents: string[];
  kind: string;
  parent_terms: TermRef[];
  children: TermRef[];
  children_count: number;
  restrictions: RestrictionRef[];
  link?: string;
}

/** One reviewer's decision on a candidate (newer servers). */
export interface DecisionRecord {
  reviewer_id?: string;
  review_date?: string;
  decision: string;
  predicate_id: string;
  comment?: string;
  source: string;
  /** This session's reviewer's own decision (newer servers): the one "save comment" changes. */
  mine?: boolean;
}

export interface AcceptedRival {
  subject_id: string;
  subject_label: string;
  predicate_id: string;
  object_id: string;
  object_label: string;
  equivalence: boolean;
  same_pair: boolean;
}

export interface Candidate {
  subject_id: string;
  predicate_id: string;
  object_id: string;
  score: number;
  rank: number;
  status: string;
  accepted_predicate?: string;
  closed_by?: { subject_id: string; subject_label: string; object_id: string; object_label: string; predicate_id: string };
  members: Array<{ generator: string; score?: number; rank?: number }>;
  match_string: string[];
  subject_match_field: string[];
  object_match_field: string[];
  /** The texts the candidate file says matched (its row's comment). */
  matched_text?: string;
  object: Concept;
  already_mapped: Array<{ subject_id: string; label: string; predicate_id: string }>;
  equivalence: boolean;
  accepted_rivals: AcceptedRival[];
  /** Every reviewer's decision on it (newer servers). */
  decisions?: DecisionRecord[];
  /** Reviewers disagree on it (newer servers). */
  conflict?: boolean;
  /** Accepted mappings that accepting this one would make incoherent with the ontologies' axioms. */
  incoherent_with?: Array<{ subject_id: string; subject_label: string; predicate_id: string; object_id: string; object_label: string; axiom: string; message: string }>;
}

export interface Progress {
  subjects: number;
  subjects_done: number;
  candidates: number;
  accepted: number;
  rejected: number;
  unsure: number;
  closed: number;
  saved: boolean;
  /** Why decisions are no longer being saved (newer servers): the page says so and the server takes no more. */
  save_error?: string;
  can_undo: boolean;
}

export interface Item {
  subject: Concept;
  done: boolean;
  candidates: Candidate[];
  progress: Progress;
}

export interface ItemSummary {
  subject_id: string;
  label: string;
  kind: string;
  candidates: number;
  open: number;
  best_score: number;
  best_predicate: string;
  decided: boolean;
  /** Reviewers disagree on one of its candidates (newer servers). */
  conflict?: boolean;
}

/** A window of an item list the server keeps (`GET /api/items?…&limit=`). */
export interface ItemsWindow {
  /** The list's id, to ask for its other windows. */
  list: string;
  total: number;
  /** The place of the window's first item in the list. */
  offset: number;
  items: ItemSummary[];
  /** Where the subject asked for (`around=`) is in the list; -1: not in it. */
  position?: number;
}

/** The answer that makes a new list: its first window, the filters' kinds and the progress. */
export interface ItemsAnswer extends ItemsWindow {
  kinds?: string[];
  progress: Progress;
}

export interface Triple {
  subject_id: string;
  predicate_id: string;
  object_id: string;
}

/** Whether a subject a decision (or an undo) can change is done now: the list's ✓ marks follow. */
export interface SubjectDone {
  subject_id: string;
  done: boolean;
}

export interface DecisionAnswer {
  decided: Triple & { decision: string; predicate?: string };
  closed: Triple[];
  subjects?: SubjectDone[];
  progress: Progress;
}

export interface UndoAnswer {
  undone: Triple | null;
  subjects?: SubjectDone[];
  progress: Progress;
}

export interface ErrorAnswer {
  error: { code: string; message: string; conflicts?: Triple[] };
}

/**
 * The match field of what ioa-align's gazetteer says a product an agent record names is: the
 * page's copy of PRODUCT_DESCRIPTION_FIELD (src/model/concept.ts; the page is compiled on its
 * own, and a test keeps the two equal).
 */
export const PRODUCT_FIELD = 'ioa-align:product';
