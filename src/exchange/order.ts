/**
 * Deterministic row order for every writer (STYLE.md point 9): writers sort a copy, never their
 * input, and compare code units rather than using locale collation, so output is the same on
 * every machine.
 *
 * Candidate files (rows with a `candidate_rank`, candidate-slots.ts) read best first: by subject,
 * then rank, a candidate's own (`semapv:CompositeMatching`) row before its members' rows. Rows
 * without a rank come after the ranked rows of their subject, in the order below.
 */
import { objectTerm, subjectTerm, type MappingRecord } from '../model/mapping.js';
import { candidateRankOf } from './candidate-slots.js';

function cmp(a: string | number | undefined, b: string | number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return a < b ? -1 : 1;
}

/** Stable fingerprint of the fields the explicit keys do not cover, as the last tie-breaker. */
function rest(r: MappingRecord): string {
  return JSON.stringify([r.subjectId, r.subjectLabel, r.subjectType, r.objectId, r.objectLabel, r.objectType, r.confidence, r.mappingTool,
    r.reviewerId, r.reviewDate, r.comment,
    r.extra ? Object.entries(r.extra).sort((x, y) => cmp(x[0], y[0])) : undefined,
    r.extensions ? Object.entries(r.extensions).sort((x, y) => cmp(x[0], y[0])) : undefined]);
}

/** Ranked rows first, by rank; within one rank, the candidate's own row before its members'. */
function byRank(a: MappingRecord, b: MappingRecord): number {
  const ra = candidateRankOf(a);
  const rb = candidateRankOf(b);
  if (ra === undefined || rb === undefined) return ra === rb ? 0 : ra === undefined ? 1 : -1;
  return ra - rb || Number(b.justification === COMPOSITE) - Number(a.justification === COMPOSITE);
}

const COMPOSITE = 'semapv:CompositeMatching';

export function compareRecords(a: MappingRecord, b: MappingRecord): number {
  // A literal end sorts by its text (JSON-quoted, see subjectTerm).
  return cmp(subjectTerm(a), subjectTerm(b))
    || byRank(a, b)
    || cmp(a.predicateId, b.predicateId)
    || cmp(objectTerm(a), objectTerm(b))
    || cmp(a.predicateModifier, b.predicateModifier)
    || cmp(a.justification, b.justification)
    || cmp(a.similarityMeasure, b.similarityMeasure)
    // Higher raw score first within one measure: the order a reviewer reads in.
    || cmp(b.similarityScore, a.similarityScore)
    || cmp(rest(a), rest(b));
}

/** A sorted copy; the input array and its records are left untouched. */
export function sortedMappings<T extends MappingRecord>(mappings: readonly T[]): T[] {
  return [...mappings].sort(compareRecords);
}
