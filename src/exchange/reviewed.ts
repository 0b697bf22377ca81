/**
 * Reading a reviewed file's decisions: which row is whose decision on which candidate, where
 * reviewers agree and where they conflict. One reading for every command that uses reviews
 * (`review` resuming and carrying decisions, `review conflicts`, `propose --decisions`,
 * `artifact build`, `check --candidates`), so they never disagree about what a row says.
 *
 * A row is a decision when it carries `review_decision` (accept, reject, unsure; what `review`
 * writes), or, in a file written by hand, when it is rejected (`predicate_modifier Not`) or
 * has a review justification (`semapv:ManualMappingCuration`, `semapv:MappingReview`: accepted).
 * Other rows (a generator's candidates) are not decisions. A row whose `review_decision`
 * contradicts its `predicate_modifier` (reject without `Not`, accept or unsure with `Not`: one of
 * the two edited by hand, the other not) is refused (E_REVIEW_ROW_CONTRADICTION) by every reader,
 * never settled in favour of one column: `review` and `artifact build` would otherwise read one
 * row in opposite ways.
 *
 * - The reviewer of a row is its `reviewer_id` list (sorted, joined by `|`); rows without one
 *   are one anonymous reviewer. A reviewer has one decision per candidate: read from several
 *   reviews, her latest (latestPerReviewer); a row that replaced her carried decision says so in
 *   `replaces_decision`, which orders two of her rows of one day.
 * - The candidate a row decides is (subject, `candidate_predicate` or else `predicate_id`, object).
 * - A row with `review_role adjudicator` is an adjudicator's decision: it settles its pair.
 * - Two reviewers **conflict** on a pair (subject, object) when one accepts a relation the other
 *   rejects, or they accept different relations; a row written the other way round is read
 *   backwards (`b narrowMatch a` is `a broadMatch b`), so the order of a row never hides a conflict. A conflict is **settled** when an adjudicator
 *   decided the pair (and adjudicators do not conflict among themselves): the adjudicator's
 *   decision stands, the rows it overrules are left out of `artifact build`.
 * - Reviewers **agree** on a candidate when two or more of them made the same decision on it
 *   and nobody conflicts on its pair: those rows carry `reviewer_agreement` 1.0 (SSSOM 1.1: the
 *   reviewer fully agrees with the record), which `review` writes.
 */
import { hasEntityEnds, inverseRelation, isMappingRelation, type EntityMappingRecord, type MappingRecord, type MappingSet } from '../model/mapping.js';
import { canonicalTerm } from './curie.js';
import { joinMultivalued, splitMultivalued } from './slots.js';
import { IoaError, type ErrorLocation } from '../model/errors.js';
import { sourceLine } from './sssom-tsv.js';

export const REVIEW_DECISION_SLOT = 'review_decision';
export const CANDIDATE_PREDICATE_SLOT = 'candidate_predicate';
/** `adjudicator` on an adjudicator's decision. */
export const REVIEW_ROLE_SLOT = 'review_role';
/** On a decision carried from an earlier review: the `mapping_set_id` of the file it came from. */
export const DECISION_SOURCE_SLOT = 'decision_source';
/**
 * On a decision that replaced decisions of the same reviewer carried from earlier reviews: each
 * decision it replaced (see ReplacedDecision), `|`-joined. A row holds only the day, so this is
 * what tells which of her two rows of one day came later.
 */
export const REPLACES_DECISION_SLOT = 'replaces_decision';
export const ADJUDICATOR = 'adjudicator';
export const REVIEWER_AGREEMENT = 'reviewer_agreement';

export const REVIEW_DECISIONS = ['accept', 'reject', 'unsure'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Justifications that mean a person decided the row. */
const REVIEW_JUSTIFICATIONS = new Set(['semapv:ManualMappingCuration', 'semapv:MappingReview']);

/** One row of a reviewed file read as a decision. */
export interface ReviewedDecision {
  /** 0-based position among the set's mappings. */
  row: number;
  record: EntityMappingRecord;
  subject: string;
  object: string;
  /** The predicate of the candidate decided on (`candidate_predicate`, else `predicate_id`). */
  proposed: string;
  decision: ReviewDecision;
  /** The relation accepted, or rejected; the proposed one for an unsure row. */
  predicate: string;
  /** `reviewer_id` values sorted and joined by `|`; `''` when the row names none. */
  reviewer: string;
  date?: string;
  comment?: string;
  adjudicator: boolean;
  /** `decision_source`: the review this decision was carried from, when it was. */
  source?: string;
  /** `replaces_decision`: the decisions of the same reviewer this one replaced. */
  replaces?: ReplacedDecision[];
}

/**
 * A decision a later one of the same reviewer replaced, as `replaces_decision` records it:
 * `DECISION PREDICATE[ on DATE][ from SOURCE]` (`reject skos:exactMatch on 2026-12-01 from
 * https://…#reviewed`), SOURCE being the review it was carried from.
 */
export interface ReplacedDecision {
  decision: ReviewDecision;
  predicate: string;
  date?: string;
  source?: string;
}

/** One `replaces_decision` value (see ReplacedDecision). */
export function formatReplaced(r: ReplacedDecision): string {
  return `${r.decision} ${r.predicate}${r.date !== undefined ? ` on ${r.date}` : ''}${r.source !== undefined ? ` from ${r.source}` : ''}`;
}

/** A `replaces_decision` cell as the decisions it names. @throws IoaError E_SSSOM_BAD_ROW at `at` (a value of another form) */
export function parseReplaced(cell: string, at: ErrorLocation): ReplacedDecision[] {
  return splitMultivalued(cell).map((value, i) => {
    const m = /^(accept|reject|unsure) (\S+)(?: on (\S+))?(?: from (.+))?$/.exec(value.trim());
    if (!m) throw new IoaError('E_SSSOM_BAD_ROW', `${REPLACES_DECISION_SLOT} value ${i + 1} is ${JSON.stringify(value)}, not "DECISION PREDICATE on DATE from SOURCE" (e.g. "reject skos:exactMatch on 2026-12-01 from https://example.org/set#reviewed")`, at);
    const r: ReplacedDecision = { decision: m[1] as ReviewDecision, predicate: canonicalPredicate(m[2]!) };
    if (m[3] !== undefined) r.date = m[3];
    if (m[4] !== undefined) r.source = m[4];
    return r;
  });
}

/** A `replaces_decision` cell for the decisions a row replaced, each once. */
export function replacedCell(list: readonly ReplacedDecision[]): string {
  return joinMultivalued([...new Set(list.map(formatReplaced))]);
}

/** The reviewer key of a list of reviewer ids (as `ReviewedDecision.reviewer`). */
export function reviewerKey(ids: readonly string[] | undefined): string {
  return [...new Set(ids ?? [])].sort().join('|');
}

/** A predicate as a canonical CURIE of the standard vocabularies when it is one. */
function canonicalPredicate(predicate: string): string {
  return canonicalTerm(predicate);
}

/** Where a row was read from, for the error that refuses a contradictory row. */
export interface RowPlace {
  file?: string;
  /** 0-based position among the set's mappings (the path when the reader knows no line). */
  row?: number;
}

/**
 * What a row decides, if it is a decision (see the module comment).
 *
 * @throws IoaError E_REVIEW_ROW_CONTRADICTION (its review_decision contradicts its predicate_modifier)
 */
export function rowDecision(r: MappingRecord, place: RowPlace = {}): ReviewDecision | undefined {
  const written = r.extensions?.[REVIEW_DECISION_SLOT];
  // The line finds the row; a set read from elsewhere has only its position.
  const line = sourceLine(r);
  const at = line !== undefined ? { line } : place.row !== undefined ? { path: `$.mappings[${place.row}]` } : {};
  // A value the column does not hold ("Reject", "no") is a decision nobody can read: refused, never
  // passed over for the justification, which would build the row a reviewer may have rejected.
  if (written !== undefined && written !== '' && !(typeof written === 'string' && (REVIEW_DECISIONS as readonly string[]).includes(written))) {
    throw new IoaError('E_REVIEW_ROW_CONTRADICTION',
      `the row says ${REVIEW_DECISION_SLOT} ${JSON.stringify(written)}, which is none of ${REVIEW_DECISIONS.join(', ')}: write one of them (with predicate_modifier Not for reject), or decide the row again in \`review\``,
      { ...(place.file !== undefined ? { file: place.file } : {}), ...at });
  }
  if (typeof written === 'string' && (REVIEW_DECISIONS as readonly string[]).includes(written)) {
    const rejected = r.predicateModifier === 'Not';
    if ((written === 'reject') !== rejected) {
      const said = rejected ? 'its predicate_modifier Not rejects it' : 'it has no predicate_modifier Not, so it states the mapping';
      throw new IoaError('E_REVIEW_ROW_CONTRADICTION',
        `the row says ${REVIEW_DECISION_SLOT} ${written}, but ${said}: one of the two columns was changed without the other; make them agree (reject with Not, accept or unsure without) or decide the row again in \`review\``,
        { ...(place.file !== undefined ? { file: place.file } : {}), ...at });
    }
    return written as ReviewDecision;
  }
  if (r.predicateModifier === 'Not') return 'reject';
  if (REVIEW_JUSTIFICATIONS.has(r.justification)) return 'accept';
  return undefined;
}

/**
 * The decisions of a set's rows, in row order; rows that are no decision, and literal mappings,
 * are left out. `file` names the set in the error for a contradictory row (rowDecision).
 */
export function reviewedDecisions(set: MappingSet, options: { file?: string } = {}): ReviewedDecision[] {
  const out: ReviewedDecision[] = [];
  set.mappings.forEach((r, row) => {
    if (!hasEntityEnds(r)) return;
    const decision = rowDecision(r, { ...options, row });
    if (decision === undefined) return;
    const proposed = r.extensions?.[CANDIDATE_PREDICATE_SLOT];
    const d: ReviewedDecision = {
      row, record: r, subject: r.subjectId, object: r.objectId,
      proposed: canonicalPredicate(typeof proposed === 'string' && proposed !== '' ? proposed : r.predicateId),
      decision, predicate: canonicalPredicate(r.predicateId), reviewer: reviewerKey(r.reviewerId),
      adjudicator: r.extensions?.[REVIEW_ROLE_SLOT] === ADJUDICATOR,
    };
    if (r.reviewDate !== undefined) d.date = r.reviewDate;
    if (r.comment !== undefined) d.comment = r.comment;
    const source = r.extensions?.[DECISION_SOURCE_SLOT];
    if (typeof source === 'string' && source !== '') d.source = source;
    const replaces = r.extensions?.[REPLACES_DECISION_SLOT];
    if (typeof replaces === 'string' && replaces.trim() !== '') {
      const line = sourceLine(r);
      d.replaces = parseReplaced(replaces, { ...(options.file !== undefined ? { file: options.file } : {}), ...(line !== undefined ? { line } : {}), path: `$.mappings[${row}].${REPLACES_DECISION_SLOT}` });
    }
    out.push(d);
  });
  return out;
}

/** The decisions on one pair of concepts, and how they stand. */
export interface PairReview {
  subject: string;
  object: string;
  decisions: ReviewedDecision[];
  /** Two reviewers (not adjudicators) say different things about the pair. */
  conflict: boolean;
  /** The conflict is settled: an adjudicator decided (these rows), and no other adjudicator contradicts them. */
  settledBy?: ReviewedDecision[];
  /** Rows an adjudicator's decision overrules. */
  overruled: ReviewedDecision[];
}

/** Whether two decisions on one pair contradict each other. */
export function contradicts(a: Pick<ReviewedDecision, 'decision' | 'predicate'>, b: Pick<ReviewedDecision, 'decision' | 'predicate'>): boolean {
  if (a.decision === 'unsure' || b.decision === 'unsure') return false;
  if (a.decision === 'accept' && b.decision === 'accept') return a.predicate !== b.predicate;
  if (a.decision === 'reject' && b.decision === 'reject') return false;
  return a.predicate === b.predicate;
}

/**
 * True when decisions of different reviewers in the list contradict each other, or one reviewer
 * holds two different decisions on one candidate: reviews read as one where nothing tells which
 * of her two came later (latestPerReviewer keeps both), so neither may stand for her.
 */
function anyConflict(all: readonly Pick<ReviewedDecision, 'reviewer' | 'decision' | 'predicate' | 'proposed'>[]): boolean {
  // Whether two decisions conflict depends on these four fields alone, and equal ones never do:
  // each once, so that a file read several times (thousands of copies of a row) is no k² walk.
  const once = new Map<string, Pick<ReviewedDecision, 'reviewer' | 'decision' | 'predicate' | 'proposed'>>();
  for (const d of all) once.set(`${d.reviewer}\u0000${d.decision}\u0000${d.predicate}\u0000${d.proposed}`, d);
  const list = [...once.values()];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!;
      const b = list[j]!;
      if (a.reviewer !== b.reviewer ? contradicts(a, b) : a.reviewer !== '' && differsOnOneCandidate(a, b)) return true;
    }
  }
  return false;
}

/** Two decisions on the same candidate that say different things. */
function differsOnOneCandidate(a: Pick<ReviewedDecision, 'decision' | 'predicate' | 'proposed'>, b: Pick<ReviewedDecision, 'decision' | 'predicate' | 'proposed'>): boolean {
  return a.proposed === b.proposed && (a.decision !== b.decision || a.predicate !== b.predicate);
}

/**
 * A decision as read from one side of its pair: the concepts in a fixed order (the smaller IRI
 * first) and the relation read that way. `y narrowMatch x` is `x broadMatch y`, and the same
 * `exactMatch` either way round: written either way, two reviewers are on one pair. A predicate
 * outside the SKOS mapping relations has no known inverse; read backwards it is kept apart
 * (`^predicate`), so it is never taken for the same statement.
 */
function orientedView(d: ReviewedDecision): { key: string; view: ReviewedDecision } {
  if (d.subject <= d.object) return { key: `${d.subject}\u0000${d.object}`, view: d };
  const predicate = isMappingRelation(d.predicate) ? inverseRelation(d.predicate) : `^${d.predicate}`;
  return { key: `${d.object}\u0000${d.subject}`, view: { ...d, predicate } };
}

/**
 * The decisions grouped by pair of concepts, whichever way round each row is written, in order of
 * each pair's first row, each with its standing. `subject` and `object` are those of the pair's
 * first row; the decisions are the rows as written.
 */
export function pairReviews(decisions: readonly ReviewedDecision[]): PairReview[] {
  const groups = new Map<string, Array<{ row: ReviewedDecision; view: ReviewedDecision }>>();
  for (const d of decisions) {
    const { key, view } = orientedView(d);
    const list = groups.get(key);
    if (list) list.push({ row: d, view });
    else groups.set(key, [{ row: d, view }]);
  }
  const out: PairReview[] = [];
  for (const list of groups.values()) {
    const reviewers = list.filter((e) => !e.row.adjudicator);
    const adjudicators = list.filter((e) => e.row.adjudicator && e.row.decision !== 'unsure');
    const views = (entries: typeof list): ReviewedDecision[] => entries.map((e) => e.view);
    const review: PairReview = { subject: list[0]!.row.subject, object: list[0]!.row.object, decisions: list.map((e) => e.row), conflict: anyConflict(views(reviewers)), overruled: [] };
    if (review.conflict && adjudicators.length > 0 && !anyConflict(views(adjudicators))) {
      review.settledBy = adjudicators.map((e) => e.row);
      review.overruled = reviewers.filter((e) => adjudicators.some((a) => contradicts(a.view, e.view))).map((e) => e.row);
    }
    out.push(review);
  }
  return out;
}

/** For a row of a pair written the other way round: ` (written OBJECT → SUBJECT)`, else ''. */
export function writtenReversed(d: Pick<ReviewedDecision, 'subject' | 'object'>, pair: Pick<PairReview, 'subject' | 'object'>): string {
  return d.subject === pair.subject && d.object === pair.object ? '' : ` (written ${d.subject} → ${d.object})`;
}

/** Pairs whose reviewers conflict and no adjudicator settled (including adjudicators who conflict among themselves). */
export function unsettledConflicts(decisions: readonly ReviewedDecision[]): PairReview[] {
  return pairReviews(decisions).filter((p) => (p.conflict && p.settledBy === undefined) || anyConflict(p.decisions.filter((d) => d.adjudicator).map((d) => orientedView(d).view)));
}

/**
 * Rows on which two or more reviewers made the same decision on one candidate, with nobody
 * conflicting on its pair: they carry `reviewer_agreement` 1.0.
 */
export function agreeingRows(decisions: readonly ReviewedDecision[]): Set<number> {
  const rows = new Set<number>();
  for (const pair of pairReviews(decisions)) {
    if (pair.conflict || anyConflict(pair.decisions.map((d) => orientedView(d).view))) continue;
    const byCandidate = new Map<string, ReviewedDecision[]>();
    for (const d of pair.decisions) {
      if (d.decision === 'unsure') continue;
      const key = `${d.proposed}\u0000${d.decision}\u0000${d.predicate}`;
      const list = byCandidate.get(key);
      if (list) list.push(d);
      else byCandidate.set(key, [d]);
    }
    for (const list of byCandidate.values()) {
      if (new Set(list.map((d) => d.reviewer)).size >= 2) for (const d of list) rows.add(d.row);
    }
  }
  return rows;
}

/**
 * One decision per reviewer and candidate, from decisions gathered from several reviews: a
 * reviewer who decided one candidate in two files (her own, and a copy another review carried)
 * counts once, with her latest decision — the later `review_date`, and at the same date (or with
 * none) her own row before a carried copy (`decision_source`), and among her own rows of that day
 * the one that records replacing the other (`replaces_decision`, see `replacesOther`). Never the
 * order of the files: when that still leaves two of her rows of one day that decide differently,
 * nothing tells which came later, so both are kept, and they are her own conflict (pairReviews),
 * which an adjudicator, or she deciding again, settles; the same decision twice counts once (the
 * one whose comment sorts first).
 */
export function latestPerReviewer<D extends Pick<ReviewedDecision, 'reviewer' | 'subject' | 'object' | 'proposed' | 'date' | 'source' | 'decision' | 'predicate' | 'adjudicator' | 'comment' | 'replaces'>>(decisions: readonly D[]): D[] {
  const latest = new Map<string, D[]>();
  const rank = (d: D): string => `${d.date ?? ''}\u0000${d.source === undefined ? 1 : 0}`;
  const keyOf = (d: D): string => `${d.reviewer}\u0000${d.subject}\u0000${d.object}\u0000${d.proposed}`;
  for (const d of decisions) {
    if (d.reviewer === '') continue;
    const key = keyOf(d);
    const seen = latest.get(key);
    if (!seen || rank(d) > rank(seen[0]!)) latest.set(key, [d]);
    else if (rank(d) === rank(seen[0]!)) seen.push(d);
  }
  const kept = new Set<D>();
  // What replacesOther reads of a decision; two with the same signature never replace each other.
  const signature = (d: D): string => `${d.decision}\u0000${d.predicate}\u0000${d.date ?? ''}\u0000${JSON.stringify(d.replaces ?? [])}`;
  for (const tied of latest.values()) {
    // Compared once per signature, not per row: copies of one row (a file read several times)
    // would otherwise be compared pairwise, k² for k copies.
    const classes = new Map<string, D>();
    for (const d of tied) if (!classes.has(signature(d))) classes.set(signature(d), d);
    const representatives = [...classes.values()];
    const replaced = new Set<string>();
    for (const x of representatives) if (representatives.some((y) => y !== x && replacesOther(y, x))) replaced.add(signature(x));
    const standing = tied.filter((x) => !replaced.has(signature(x)));
    const distinct = new Map<string, D>();
    for (const d of standing) {
      const what = `${d.decision}\u0000${d.predicate}\u0000${d.adjudicator}`;
      const other = distinct.get(what);
      if (!other || (d.comment ?? '') < (other.comment ?? '')) distinct.set(what, d);
    }
    for (const d of distinct.values()) kept.add(d);
  }
  // Unnamed reviewers cannot be told apart: each of their rows stands.
  return decisions.filter((d) => d.reviewer === '' || kept.has(d));
}

/**
 * Whether `later` records replacing `earlier`, two decisions of one reviewer on one candidate of
 * the same day: it names `earlier`'s decision, relation and date among those it replaced, and
 * names more of that day than `earlier` does. A session that replaces a carried decision records
 * it with what that decision had replaced the same day, so each change of a day names one more
 * than the one before it: that is what orders a chain of changes (reject, then accept, then
 * reject again names both earlier ones), where the decision named alone could be the first row's
 * as well as the last's.
 */
export function replacesOther(later: Pick<ReviewedDecision, 'date' | 'replaces'>, earlier: Pick<ReviewedDecision, 'decision' | 'predicate' | 'date' | 'replaces'>): boolean {
  if (!later.replaces?.length || later.date !== earlier.date) return false;
  const sameDay = (d: Pick<ReviewedDecision, 'date' | 'replaces'>): number => (d.replaces ?? []).filter((r) => r.date === d.date).length;
  return later.replaces.some((r) => r.decision === earlier.decision && r.predicate === earlier.predicate && r.date === earlier.date) && sameDay(later) > sameDay(earlier);
}

/** The decisions an adjudicator's settlement overrules, among `decisions` (by identity). */
export function overruledDecisions<D extends ReviewedDecision>(decisions: readonly D[]): Set<D> {
  const out = new Set<D>();
  for (const pair of pairReviews(decisions)) for (const d of pair.overruled) out.add(d as D);
  return out;
}

/** Candidates (position and proposed predicate) by pair, keyed `subject\0object`, in list order. */
export function candidatesByPair(candidates: ReadonlyArray<{ index: number; subject: string; predicate: string; object: string }>): Map<string, Array<{ index: number; predicate: string }>> {
  const pairs = new Map<string, Array<{ index: number; predicate: string }>>();
  for (const c of candidates) {
    const key = `${c.subject}\u0000${c.object}`;
    const list = pairs.get(key);
    if (list) list.push({ index: c.index, predicate: c.predicate });
    else pairs.set(key, [{ index: c.index, predicate: c.predicate }]);
  }
  return pairs;
}

/**
 * Which candidate an earlier decision applies to: the one with the same proposed predicate, else
 * the one proposing the relation accepted (or rejected); an acceptance with neither applies to
 * the pair's first candidate (it decided the pair). Returns the position in `candidates`, or
 * undefined when none of them is about the pair.
 */
export function candidateOfDecision(
  d: Pick<ReviewedDecision, 'proposed' | 'predicate' | 'decision'>,
  pairCandidates: ReadonlyArray<{ index: number; predicate: string }>,
  options: { pairFallback?: boolean } = {},
): number | undefined {
  if (pairCandidates.length === 0) return undefined;
  const same = pairCandidates.find((c) => canonicalPredicate(c.predicate) === d.proposed) ?? pairCandidates.find((c) => canonicalPredicate(c.predicate) === d.predicate);
  if (same) return same.index;
  return d.decision === 'accept' && options.pairFallback !== false ? pairCandidates[0]!.index : undefined;
}

/**
 * The slots `propose --decisions` writes on a candidate an earlier review decided: a summary for
 * people and for `--select` (what the earlier reviews came to, who, the latest date).
 */
export const EARLIER_SLOTS = {
  decision: 'earlier_decision',
  predicate: 'earlier_predicate',
  reviewer: 'earlier_reviewer_id',
  date: 'earlier_review_date',
  source: 'earlier_source',
} as const;

/**
 * Beside the summary, each decision carried onto the candidate, one value per decision, aligned
 * across the columns (SSSOM multivalued cells: `|` between values, `\|` inside one): the
 * reviewer, what they decided, the relation, their own date, comment and role, the review it
 * came from, and the decisions of theirs it replaced (its `replaces_decision` cell, so a later
 * round still tells which of a reviewer's rows of one day came last). `review` writes each back as that reviewer's row, as `review --decisions` with the
 * reviewed files would; the summary alone could only invent one date for everyone.
 */
export const EARLIER_EACH_SLOTS = {
  reviewer: 'earlier_each_reviewer_id',
  decision: 'earlier_each_decision',
  predicate: 'earlier_each_predicate',
  date: 'earlier_each_review_date',
  comment: 'earlier_each_comment',
  role: 'earlier_each_review_role',
  source: 'earlier_each_source',
  replaces: 'earlier_each_replaces',
} as const;

/** One earlier decision carried onto a candidate (a value of each `earlier_each_*` column). */
export interface EarlierEach {
  /** The reviewer key (`reviewer_id` values sorted, `|`-joined; `''` for none). */
  reviewer: string;
  decision: 'accept' | 'reject';
  /** The relation accepted (or rejected). */
  predicate: string;
  date?: string;
  comment?: string;
  adjudicator: boolean;
  /** The review it came from: `mapping_set_id` (or the file name). */
  source: string;
  /** The decisions of the same reviewer it replaced (`replaces_decision`). */
  replaces?: ReplacedDecision[];
}

/** What earlier reviews decided on one candidate, as `propose --decisions` writes it. */
export interface EarlierDecision {
  /**
   * `conflict` when the earlier reviewers contradict each other (and no adjudicator settled it);
   * `overruled` when every decision on it is one an adjudicator overruled.
   */
  decision: 'accept' | 'reject' | 'conflict' | 'overruled';
  /** The relation accepted (or rejected); for a conflict, every relation in dispute, `|`-joined. */
  predicate: string;
  /** Every reviewer who decided it, each as written (reviewer keys split). */
  reviewers: string[];
  /** The latest of their review dates. */
  date?: string;
  /** The review(s) it came from: `mapping_set_id` (or the file name), `|`-joined. */
  source: string;
  /** Each decision carried onto the candidate, in the order `review --decisions` carries them. */
  each: EarlierEach[];
}

/** The `earlier_each_*` cells of a candidate's row for its carried decisions (absent cells: no value in any). */
export function earlierEachCells(each: readonly EarlierEach[]): Record<string, string> {
  const cells: Record<string, string> = {};
  const column = (slot: string, values: string[]): void => {
    if (values.some((v) => v !== '')) cells[slot] = joinMultivalued(values);
  };
  column(EARLIER_EACH_SLOTS.reviewer, each.map((e) => e.reviewer));
  column(EARLIER_EACH_SLOTS.decision, each.map((e) => e.decision));
  column(EARLIER_EACH_SLOTS.predicate, each.map((e) => e.predicate));
  column(EARLIER_EACH_SLOTS.date, each.map((e) => e.date ?? ''));
  column(EARLIER_EACH_SLOTS.comment, each.map((e) => e.comment ?? ''));
  column(EARLIER_EACH_SLOTS.role, each.map((e) => (e.adjudicator ? ADJUDICATOR : '')));
  column(EARLIER_EACH_SLOTS.source, each.map((e) => e.source));
  column(EARLIER_EACH_SLOTS.replaces, each.map((e) => (e.replaces?.length ? replacedCell(e.replaces) : '')));
  return cells;
}

/**
 * The carried decisions a candidate's row holds in its `earlier_each_*` columns, or undefined
 * when it holds none. A row whose columns do not line up (a hand edit) is refused with E_USAGE
 * at `at`: a value read against the wrong reviewer would credit one person with another's word.
 */
export function earlierEachOf(record: MappingRecord, at: ErrorLocation): EarlierEach[] | undefined {
  const ext = record.extensions ?? {};
  const cell = (slot: string): string | undefined => {
    const v = ext[slot];
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const decisions = cell(EARLIER_EACH_SLOTS.decision);
  if (decisions === undefined) {
    const other = Object.values(EARLIER_EACH_SLOTS).find((slot) => cell(slot) !== undefined);
    if (other !== undefined) throw new IoaError('E_USAGE', `${other} is set but ${EARLIER_EACH_SLOTS.decision} is empty: which decisions the values belong to cannot be told`, at);
    return undefined;
  }
  const list = splitMultivalued(decisions);
  const values = (slot: string): string[] => {
    const v = cell(slot);
    if (v === undefined) return list.map(() => '');
    const split = splitMultivalued(v);
    if (split.length !== list.length) throw new IoaError('E_USAGE', `${slot} has ${split.length} value(s) and ${EARLIER_EACH_SLOTS.decision} ${list.length}: the earlier decisions' columns must hold one value per decision, in the same order`, at);
    return split;
  };
  const reviewers = values(EARLIER_EACH_SLOTS.reviewer);
  const predicates = values(EARLIER_EACH_SLOTS.predicate);
  const dates = values(EARLIER_EACH_SLOTS.date);
  const comments = values(EARLIER_EACH_SLOTS.comment);
  const roles = values(EARLIER_EACH_SLOTS.role);
  const sources = values(EARLIER_EACH_SLOTS.source);
  const replaced = values(EARLIER_EACH_SLOTS.replaces);
  return list.map((decision, i) => {
    if (decision !== 'accept' && decision !== 'reject') throw new IoaError('E_USAGE', `${EARLIER_EACH_SLOTS.decision} value ${i + 1} is ${JSON.stringify(decision)}, not accept or reject`, at);
    if (roles[i] !== '' && roles[i] !== ADJUDICATOR) throw new IoaError('E_USAGE', `${EARLIER_EACH_SLOTS.role} value ${i + 1} is ${JSON.stringify(roles[i])}, not ${ADJUDICATOR} or empty`, at);
    const e: EarlierEach = {
      reviewer: reviewerKey(reviewers[i] ? reviewers[i]!.split('|') : []), decision,
      predicate: canonicalPredicate(predicates[i] || record.predicateId), adjudicator: roles[i] === ADJUDICATOR, source: sources[i]!,
    };
    if (dates[i]) e.date = dates[i]!;
    if (comments[i]) e.comment = comments[i]!;
    if (replaced[i]) e.replaces = parseReplaced(replaced[i]!, at);
    return e;
  });
}

/**
 * The earlier decisions on each candidate (keyed by position in `candidates`), from reviewed
 * sets read as one (latestPerReviewer): each decision applies to one candidate of its pair
 * (candidateOfDecision), one an adjudicator overruled only to its own candidate; unsure rows
 * are no decision and are told to `onUnmatched` with the reason `unsure`. Several decisions on
 * one candidate: an adjudicator's stands; else they agree, or the candidate is marked `conflict`.
 * `each` lists every decision carried onto the candidate, as `review --decisions` carries them.
 */
export function earlierDecisions(
  candidates: ReadonlyArray<{ subject: string; predicate: string; object: string }>,
  reviews: ReadonlyArray<{ set: MappingSet; source: string; file?: string }>,
  onUnmatched?: (d: ReviewedDecision & { from: string }, why: 'unproposed' | 'unsure') => void,
): Map<number, EarlierDecision> {
  const pairs = candidatesByPair(candidates.map((c, index) => ({ ...c, index })));
  const found = new Map<number, Array<ReviewedDecision & { from: string }>>();
  const carried = new Map<number, Array<ReviewedDecision & { from: string }>>();
  // All the reviews' decisions as one: each reviewer's latest on a candidate, and without what an
  // adjudicator overruled (the overruled acceptance must not come back on another relation).
  const all = latestPerReviewer(reviews.flatMap((review) => reviewedDecisions(review.set, review.file !== undefined ? { file: review.file } : {}).map((d) => ({ ...d, from: d.source ?? review.source }))));
  const overruled = overruledDecisions(all);
  const add = (map: Map<number, Array<ReviewedDecision & { from: string }>>, index: number, d: ReviewedDecision & { from: string }): void => {
    const list = map.get(index) ?? [];
    list.push(d);
    map.set(index, list);
  };
  for (const d of all) {
    if (d.decision === 'unsure') {
      onUnmatched?.(d, 'unsure');
      continue;
    }
    const isOverruled = overruled.has(d);
    const index = candidateOfDecision(d, pairs.get(`${d.subject}\u0000${d.object}`) ?? [], { pairFallback: !isOverruled });
    if (index === undefined) {
      if (!isOverruled) onUnmatched?.(d, 'unproposed');
      continue;
    }
    add(carried, index, d);
    if (!isOverruled) add(found, index, d);
  }
  const out = new Map<number, EarlierDecision>();
  for (const [index, each] of carried) {
    const list = found.get(index) ?? [];
    const adjudicated = list.filter((d) => d.adjudicator);
    const deciding = adjudicated.length > 0 && !anyConflict(adjudicated) ? adjudicated : list;
    const conflict = anyConflict(deciding);
    // Without a conflict an acceptance decides the candidate: a rejection beside it rejected
    // another relation ("not broader" beside "the same"), and is not what its reviewers accepted.
    // The decision names the relation accepted and only the reviewers who made it.
    const accepts = deciding.filter((d) => d.decision === 'accept');
    const basis = list.length === 0 ? each : conflict || accepts.length === 0 ? deciding : accepts;
    const first = basis[0]!;
    const dates = basis.map((d) => d.date).filter((d): d is string => d !== undefined).sort();
    const decision: EarlierDecision = {
      decision: list.length === 0 ? 'overruled' : conflict ? 'conflict' : first.decision === 'accept' ? 'accept' : 'reject',
      predicate: conflict ? joinMultivalued([...new Set(basis.map((d) => d.predicate))].sort()) : first.predicate,
      reviewers: [...new Set(basis.flatMap((d) => (d.reviewer ? d.reviewer.split('|') : [])))].sort(),
      source: [...new Set(basis.map((d) => d.from))].sort().join('|'),
      each: each.map((d) => {
        const e: EarlierEach = { reviewer: d.reviewer, decision: d.decision === 'accept' ? 'accept' : 'reject', predicate: d.predicate, adjudicator: d.adjudicator, source: d.from };
        if (d.date !== undefined) e.date = d.date;
        if (d.comment !== undefined) e.comment = d.comment;
        if (d.replaces?.length) e.replaces = d.replaces;
        return e;
      }),
    };
    if (dates.length) decision.date = dates.at(-1)!;
    out.set(index, decision);
  }
  return out;
}
