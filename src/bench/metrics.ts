/**
 * Benchmark metrics: pure functions over (subject, predicate, object) triples.
 *
 * Two levels, reported side by side (docs/relations.md):
 * - **Object level** (the headline `hitsAt`, `mrr`, `recallAt`, `candidateRecall`, `proposal`,
 *   `oracle`): a candidate finds a reference row when subject and object agree, whatever the
 *   relation. Candidates of one subject are reduced to one per object (its highest score) before
 *   ranking. On a reference of `=` rows scored against equivalence-only generators this is the
 *   triple-level metric this project reported before candidates carried relations.
 * - **Relation level** (`relation.*`, and the per-relation `rightRelationAt10`): the full triple
 *   must match, so `a skos:exactMatch b` does not find `a < b` (`skos:broadMatch`), and
 *   `b → a` never finds `a → b` (STYLE.md point 4).
 *
 * Conventions, fixed here so every number in results.json means one thing:
 * - **Ranking.** Candidates of one subject are ordered by raw score, descending. Equal scores are
 *   broken *against* the reference (non-reference candidates first), so a generator that gives
 *   ten objects the same score earns no Hits@1 by the luck of its output order. The generator's
 *   own `rank` field is not trusted for this reason.
 * - **Duplicates.** A triple proposed twice counts once, with its highest score.
 * - **Hits@k and MRR** are over reference subjects: a subject with no candidate at all
 *   (a "missing subject") counts as a miss with reciprocal rank 0.
 * - **recall@k** is over reference rows: the share found at positions ≤ k of their subject.
 * - **Per reference relation** (`byRelation`, keyed by predicate): the rows of that relation,
 *   their subjects' object-level Hits@1 and MRR (first position of one of the subject's objects
 *   of that relation), object-level recall@10, and `rightRelationAt10`: rows whose exact triple
 *   is among the subject's top 10 candidate rows.
 * - **top1ExactMatch**: of the reference subjects that have candidates, how many have a top-1
 *   candidate row (relation level ordering) labelled `skos:exactMatch`.
 * - **Proposal set: mutual top-1.** A candidate is proposed iff its score is the unique maximum
 *   among the generator's candidates for its subject *and* the unique maximum among the
 *   generator's candidates for its object. Ties abstain. The rule never looks at the reference.
 *   At object level it runs on (subject, object) pairs; at relation level on triples.
 * - **Oracle best F1.** The best F1 over all raw-score thresholds `score ≥ t` on the whole
 *   (object-level) candidate list. It looks at the reference to pick `t`, so it is an upper
 *   bound for information only, never a result.
 * - **Empty denominators** give 0 (precision of an empty proposal set is 0, not 1).
 * - **Micro** averages pool the counts of all pairs; **macro** averages are the mean of the
 *   per-pair values (macro F1 is the mean of per-pair F1, macro oracle lets each pair pick its
 *   own threshold).
 */
import { BROAD_MATCH, EXACT_MATCH, NARROW_MATCH, tripleKey } from '../model/mapping.js';

/** A mapping as the metrics see it. */
export interface Triple {
  subject: string;
  predicate: string;
  object: string;
}

/** A candidate as the metrics see it: a triple and its generator's raw score. */
export interface ScoredTriple extends Triple {
  score: number;
}

/** The reference alignment of one pair, deduplicated, with lookups the metrics need. */
export interface ReferenceSet {
  /** Triple keys. */
  keys: ReadonlySet<string>;
  /** (subject, object) keys, relation ignored. */
  pairs: ReadonlySet<string>;
  subjects: ReadonlySet<string>;
  /** Distinct reference triples (rows). */
  size: number;
  /** The distinct triples, in input order. */
  triples: readonly Triple[];
}

const pairKey = (subject: string, object: string): string => `${subject}\u0000${object}`;

export function referenceSet(triples: readonly Triple[]): ReferenceSet {
  const keys = new Set<string>();
  const pairs = new Set<string>();
  const subjects = new Set<string>();
  const distinct: Triple[] = [];
  for (const t of triples) {
    const key = tripleKey(t.subject, t.predicate, t.object);
    if (keys.has(key)) continue;
    keys.add(key);
    distinct.push({ subject: t.subject, predicate: t.predicate, object: t.object });
    pairs.add(pairKey(t.subject, t.object));
    subjects.add(t.subject);
  }
  return { keys, pairs, subjects, size: keys.size, triples: distinct };
}

export function keyOf(t: Triple): string {
  return tripleKey(t.subject, t.predicate, t.object);
}

/** One candidate after deduplication, with its metric position among its subject's candidates. */
export interface RankedCandidate extends ScoredTriple {
  correct: boolean;
  /** 1-based position after the ordering described in the module comment. */
  position: number;
}

/** Keeps the highest score per triple; the first occurrence wins on equal scores. */
export function dedupe(candidates: readonly ScoredTriple[]): ScoredTriple[] {
  const best = new Map<string, ScoredTriple>();
  for (const c of candidates) {
    const key = keyOf(c);
    const seen = best.get(key);
    if (!seen || c.score > seen.score) best.set(key, c);
  }
  return [...best.values()];
}

/**
 * One candidate per (subject, object): the highest-scoring of its relations (the first on equal
 * scores, after triple deduplication).
 */
export function dedupeObjects(candidates: readonly ScoredTriple[]): ScoredTriple[] {
  const best = new Map<string, ScoredTriple>();
  for (const c of dedupe(candidates)) {
    const key = pairKey(c.subject, c.object);
    const seen = best.get(key);
    if (!seen || c.score > seen.score) best.set(key, c);
  }
  return [...best.values()];
}

function rankGroups(unique: readonly ScoredTriple[], isCorrect: (c: ScoredTriple) => boolean): Map<string, RankedCandidate[]> {
  const groups = new Map<string, ScoredTriple[]>();
  for (const c of unique) {
    const list = groups.get(c.subject);
    if (list) list.push(c);
    else groups.set(c.subject, [c]);
  }
  const ranked = new Map<string, RankedCandidate[]>();
  for (const [subject, list] of groups) {
    const withTruth = list.map((c) => ({ ...c, correct: isCorrect(c), position: 0 }));
    withTruth.sort(
      (a, b) =>
        b.score - a.score ||
        Number(a.correct) - Number(b.correct) ||
        compareText(a.predicate, b.predicate) ||
        compareText(a.object, b.object),
    );
    withTruth.forEach((c, i) => (c.position = i + 1));
    ranked.set(subject, withTruth);
  }
  return ranked;
}

/** Candidate rows (triples) per subject, ordered by score with ties broken against the reference. */
export function rankBySubject(candidates: readonly ScoredTriple[], reference: ReferenceSet): Map<string, RankedCandidate[]> {
  return rankGroups(dedupe(candidates), (c) => reference.keys.has(keyOf(c)));
}

/** Objects per subject (one per object, its best relation), ties broken against the reference pairs. */
export function rankObjectsBySubject(candidates: readonly ScoredTriple[], reference: ReferenceSet): Map<string, RankedCandidate[]> {
  return rankGroups(dedupeObjects(candidates), (c) => reference.pairs.has(pairKey(c.subject, c.object)));
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The mutual top-1 proposal set (see the module comment). Works on the candidates alone; the
 * result is in input order of first occurrence after deduplication.
 */
export function mutualTopOne(candidates: readonly ScoredTriple[]): ScoredTriple[] {
  return mutualTopOneOf(dedupe(candidates));
}

function mutualTopOneOf(unique: readonly ScoredTriple[]): ScoredTriple[] {
  const bestOf = (keyFn: (c: ScoredTriple) => string): Map<string, { score: number; count: number }> => {
    const best = new Map<string, { score: number; count: number }>();
    for (const c of unique) {
      const key = keyFn(c);
      const seen = best.get(key);
      if (!seen || c.score > seen.score) best.set(key, { score: c.score, count: 1 });
      else if (c.score === seen.score) seen.count += 1;
    }
    return best;
  };
  const bySubject = bestOf((c) => c.subject);
  const byObject = bestOf((c) => c.object);
  return unique.filter((c) => {
    const s = bySubject.get(c.subject)!;
    const o = byObject.get(c.object)!;
    return s.count === 1 && s.score === c.score && o.count === 1 && o.score === c.score;
  });
}

export interface PrecisionRecall {
  proposed: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
}

export function f1Of(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? numerator / denominator : 0;
}

export function precisionRecallF1(correct: number, proposed: number, referenceSize: number): PrecisionRecall {
  const precision = ratio(correct, proposed);
  const recall = ratio(correct, referenceSize);
  return { proposed, correct, precision, recall, f1: f1Of(precision, recall) };
}

/** P/R/F1 of a set of triples against the reference, relation counted (duplicates count once). */
export function evaluateSet(proposal: readonly Triple[], reference: ReferenceSet): PrecisionRecall {
  const keys = new Set(proposal.map(keyOf));
  let correct = 0;
  for (const k of keys) if (reference.keys.has(k)) correct += 1;
  return precisionRecallF1(correct, keys.size, reference.size);
}

/** A candidate reduced to what threshold sweeps need. */
export interface ScoredOutcome {
  score: number;
  correct: boolean;
}

/** One point of the precision/recall curve: keep every candidate with score ≥ threshold. */
export interface ThresholdPoint extends PrecisionRecall {
  threshold: number;
}

/**
 * Precision/recall at every distinct raw-score threshold, highest threshold first.
 * `referenceSize` is the number of reference triples (found or not).
 */
export function thresholdSweep(outcomes: readonly ScoredOutcome[], referenceSize: number): ThresholdPoint[] {
  const sorted = [...outcomes].sort((a, b) => b.score - a.score);
  const points: ThresholdPoint[] = [];
  let proposed = 0;
  let correct = 0;
  for (let i = 0; i < sorted.length; ) {
    const threshold = sorted[i]!.score;
    while (i < sorted.length && sorted[i]!.score === threshold) {
      proposed += 1;
      if (sorted[i]!.correct) correct += 1;
      i += 1;
    }
    points.push({ threshold, ...precisionRecallF1(correct, proposed, referenceSize) });
  }
  return points;
}

/** Best F1 over thresholds; an oracle because it reads the reference to choose. */
export interface OracleF1 extends PrecisionRecall {
  /** `null` when there are no candidates. */
  threshold: number | null;
  oracle: true;
}

export function oracleBestF1(outcomes: readonly ScoredOutcome[], referenceSize: number): OracleF1 {
  let best: OracleF1 = { threshold: null, oracle: true, ...precisionRecallF1(0, 0, referenceSize) };
  for (const point of thresholdSweep(outcomes, referenceSize)) {
    // Better by more than rounding noise: on equal F1 the higher threshold (seen first) stays.
    if (point.f1 > best.f1 + 1e-12) best = { ...point, oracle: true };
  }
  return best;
}

/** The cut-off of the per-relation figures ("in the top 10"). */
export const RELATION_CUTOFF = 10;

/** Ranking counts at one level (object or relation). */
export interface RankingCounts {
  /** hits[i]: reference subjects with a correct candidate at position ≤ ks[i]. */
  hits: number[];
  reciprocalRankSum: number;
  /** foundAt[k-1]: reference rows found at positions ≤ k, for k = 1..maxK. */
  foundAt: number[];
  /** Reference rows found anywhere in the candidate list. */
  correctCandidates: number;
  /** Candidates after deduplication at this level (distinct objects, or distinct triples). */
  candidates: number;
  proposed: number;
  proposedCorrect: number;
}

/** Counts for the reference rows of one relation (object level unless named otherwise). */
export interface RelationCounts {
  rows: number;
  /** Reference subjects with at least one row of this relation. */
  subjects: number;
  /** Of those, how many have one of their objects of this relation at object position 1. */
  hitsAt1: number;
  reciprocalRankSum: number;
  /** Rows whose object is at object position ≤ 10 (any relation). */
  foundAt10: number;
  /** Rows whose exact triple is among the subject's top 10 candidate rows. */
  rightRelationAt10: number;
  /**
   * Subjects with one of their objects of this relation first among the candidates of the
   * relation's own kind: equivalence rows (`=`) among the equivalence candidates (exactMatch,
   * closeMatch, relatedMatch), broader and narrower rows among the broadMatch / narrowMatch ones.
   */
  hitsAt1OwnKind: number;
}

/** The kind of answer a relation gives: an equivalent, or a place in the other hierarchy. */
export function relationKind(predicate: string): 'equivalence' | 'directional' {
  return predicate === BROAD_MATCH || predicate === NARROW_MATCH ? 'directional' : 'equivalence';
}

/**
 * Counts for one pair and one generator. Counts add up across pairs (micro averaging); the
 * per-pair metrics are derived from them by `summarize`.
 */
export interface PairCounts {
  /** Cut-offs for Hits@k, e.g. [1, 5, 10]. */
  ks: number[];
  referenceTriples: number;
  referenceSubjects: number;
  /** Object level (see the module comment). */
  hits: number[];
  reciprocalRankSum: number;
  foundAt: number[];
  /** Distinct (subject, object) candidates. */
  candidates: number;
  subjectsWithCandidates: number;
  correctCandidates: number;
  proposed: number;
  proposedCorrect: number;
  /** Every object-level candidate's raw score and whether its pair is in the reference (for sweeps and charts). */
  outcomes: ScoredOutcome[];
  /** Relation level: the full triple must match. */
  relation: RankingCounts;
  /** Per reference predicate (e.g. `skos:broadMatch`). */
  byRelation: Record<string, RelationCounts>;
  /** Reference subjects with candidates, and those whose top-1 row is `skos:exactMatch`. */
  top1: { subjects: number; exactMatch: number };
}

export interface CountOptions {
  ks: readonly number[];
  /** Length of the recall@k curve; at least max(ks). */
  maxK: number;
}

function countRanking(ranked: Map<string, RankedCandidate[]>, reference: ReferenceSet, ks: readonly number[], maxK: number, positionOf: (t: Triple) => number | undefined): Omit<RankingCounts, 'proposed' | 'proposedCorrect'> {
  const hits = ks.map(() => 0);
  const foundAt = new Array<number>(maxK).fill(0);
  let reciprocalRankSum = 0;
  let candidates = 0;
  let correctCandidates = 0;
  for (const list of ranked.values()) candidates += list.length;
  for (const t of reference.triples) {
    const position = positionOf(t);
    if (position === undefined) continue;
    correctCandidates += 1;
    // A row found at position p counts for every k ≥ p.
    for (let k = position; k <= maxK; k++) foundAt[k - 1]! += 1;
  }
  for (const subject of reference.subjects) {
    const first = ranked.get(subject)?.find((c) => c.correct);
    if (!first) continue;
    reciprocalRankSum += 1 / first.position;
    ks.forEach((k, i) => {
      if (first.position <= k) hits[i]! += 1;
    });
  }
  return { hits, reciprocalRankSum, foundAt, candidates, correctCandidates };
}

function positions(ranked: Map<string, RankedCandidate[]>, key: (c: Triple) => string): Map<string, number> {
  const at = new Map<string, number>();
  for (const list of ranked.values()) for (const c of list) at.set(key(c), c.position);
  return at;
}

export function countPair(candidates: readonly ScoredTriple[], reference: ReferenceSet, options: CountOptions): PairCounts {
  const ks = [...options.ks];
  const maxK = Math.max(options.maxK, ...ks);
  const objects = rankObjectsBySubject(candidates, reference);
  const rows = rankBySubject(candidates, reference);
  const objectAt = positions(objects, (c) => pairKey(c.subject, c.object));
  const rowAt = positions(rows, keyOf);

  const objectLevel = countRanking(objects, reference, ks, maxK, (t) => objectAt.get(pairKey(t.subject, t.object)));
  const relationLevel = countRanking(rows, reference, ks, maxK, (t) => rowAt.get(keyOf(t)));

  const outcomes: ScoredOutcome[] = [];
  for (const list of objects.values()) for (const c of list) outcomes.push({ score: c.score, correct: c.correct });

  const objectProposal = mutualTopOneOf(dedupeObjects(candidates));
  const objectProposalCorrect = objectProposal.filter((c) => reference.pairs.has(pairKey(c.subject, c.object))).length;
  const relationProposal = evaluateSet(mutualTopOne(candidates), reference);

  // Each kind's own ranking: the subject's candidates of that kind alone, ranked as `objects` is.
  const kindRanking = { equivalence: new Map<string, RankedCandidate[]>(), directional: new Map<string, RankedCandidate[]>() };
  for (const kind of ['equivalence', 'directional'] as const) kindRanking[kind] = rankObjectsBySubject(candidates.filter((c) => relationKind(c.predicate) === kind), reference);
  const byRelation: Record<string, RelationCounts> = {};
  const rowsOf = new Map<string, Triple[]>();
  for (const t of reference.triples) {
    const list = rowsOf.get(t.predicate);
    if (list) list.push(t);
    else rowsOf.set(t.predicate, [t]);
  }
  for (const [predicate, list] of rowsOf) {
    const objectsOf = new Map<string, Set<string>>();
    for (const t of list) {
      const set = objectsOf.get(t.subject);
      if (set) set.add(t.object);
      else objectsOf.set(t.subject, new Set([t.object]));
    }
    let hitsAt1 = 0;
    let hitsAt1OwnKind = 0;
    let reciprocalRankSum = 0;
    const ownKind = kindRanking[relationKind(predicate)];
    for (const [subject, wanted] of objectsOf) {
      const top = ownKind.get(subject)?.[0];
      if (top && top.position === 1 && wanted.has(top.object)) hitsAt1OwnKind += 1;
      const first = objects.get(subject)?.find((c) => wanted.has(c.object));
      if (!first) continue;
      reciprocalRankSum += 1 / first.position;
      if (first.position === 1) hitsAt1 += 1;
    }
    byRelation[predicate] = {
      rows: list.length,
      subjects: objectsOf.size,
      hitsAt1,
      reciprocalRankSum,
      foundAt10: list.filter((t) => (objectAt.get(pairKey(t.subject, t.object)) ?? Infinity) <= RELATION_CUTOFF).length,
      rightRelationAt10: list.filter((t) => (rowAt.get(keyOf(t)) ?? Infinity) <= RELATION_CUTOFF).length,
      hitsAt1OwnKind,
    };
  }

  let top1Subjects = 0;
  let top1Exact = 0;
  for (const subject of reference.subjects) {
    const first = rows.get(subject)?.[0];
    if (!first) continue;
    top1Subjects += 1;
    if (first.predicate === EXACT_MATCH) top1Exact += 1;
  }

  return {
    ks,
    referenceTriples: reference.size,
    referenceSubjects: reference.subjects.size,
    hits: objectLevel.hits,
    reciprocalRankSum: objectLevel.reciprocalRankSum,
    foundAt: objectLevel.foundAt,
    candidates: objectLevel.candidates,
    subjectsWithCandidates: objects.size,
    correctCandidates: objectLevel.correctCandidates,
    proposed: objectProposal.length,
    proposedCorrect: objectProposalCorrect,
    outcomes,
    relation: { ...relationLevel, proposed: relationProposal.proposed, proposedCorrect: relationProposal.correct },
    byRelation,
    top1: { subjects: top1Subjects, exactMatch: top1Exact },
  };
}

const emptyRanking = (ks: number, maxK: number): RankingCounts => ({
  hits: new Array<number>(ks).fill(0),
  reciprocalRankSum: 0,
  foundAt: new Array<number>(maxK).fill(0),
  correctCandidates: 0,
  candidates: 0,
  proposed: 0,
  proposedCorrect: 0,
});

function addRanking(into: RankingCounts, from: RankingCounts): void {
  from.hits.forEach((h, i) => (into.hits[i]! += h));
  into.reciprocalRankSum += from.reciprocalRankSum;
  from.foundAt.forEach((f, i) => (into.foundAt[i]! += f));
  into.correctCandidates += from.correctCandidates;
  into.candidates += from.candidates;
  into.proposed += from.proposed;
  into.proposedCorrect += from.proposedCorrect;
}

/** Adds counts of several pairs (micro averaging). All must share `ks` and curve length. */
export function sumCounts(all: readonly PairCounts[]): PairCounts {
  const first = all[0];
  if (!first) throw new RangeError('sumCounts needs at least one pair');
  const sum: PairCounts = {
    ks: [...first.ks],
    referenceTriples: 0,
    referenceSubjects: 0,
    hits: first.ks.map(() => 0),
    reciprocalRankSum: 0,
    foundAt: first.foundAt.map(() => 0),
    candidates: 0,
    subjectsWithCandidates: 0,
    correctCandidates: 0,
    proposed: 0,
    proposedCorrect: 0,
    outcomes: [],
    relation: emptyRanking(first.ks.length, first.foundAt.length),
    byRelation: {},
    top1: { subjects: 0, exactMatch: 0 },
  };
  for (const c of all) {
    if (c.ks.join() !== sum.ks.join() || c.foundAt.length !== sum.foundAt.length) {
      throw new RangeError('sumCounts: pairs were counted with different cut-offs');
    }
    sum.referenceTriples += c.referenceTriples;
    sum.referenceSubjects += c.referenceSubjects;
    // A pair's object-level counts have the shape of its relation-level ones.
    addRanking(sum, c);
    sum.subjectsWithCandidates += c.subjectsWithCandidates;
    for (const o of c.outcomes) sum.outcomes.push(o);
    addRanking(sum.relation, c.relation);
    for (const [predicate, r] of Object.entries(c.byRelation)) {
      const into = (sum.byRelation[predicate] ??= { rows: 0, subjects: 0, hitsAt1: 0, reciprocalRankSum: 0, foundAt10: 0, rightRelationAt10: 0, hitsAt1OwnKind: 0 });
      into.rows += r.rows;
      into.subjects += r.subjects;
      into.hitsAt1 += r.hitsAt1;
      into.reciprocalRankSum += r.reciprocalRankSum;
      into.foundAt10 += r.foundAt10;
      into.rightRelationAt10 += r.rightRelationAt10;
      into.hitsAt1OwnKind += r.hitsAt1OwnKind;
    }
    sum.top1.subjects += c.top1.subjects;
    sum.top1.exactMatch += c.top1.exactMatch;
  }
  return sum;
}

/** Ranking metrics at the relation level (the full triple must match). */
export interface RelationLevelMetrics {
  hitsAt: Record<string, number>;
  mrr: number;
  recallAt: number[];
  candidateRecall: number;
  proposal: PrecisionRecall & { rule: 'mutual-top-1' };
}

/** Figures for the reference rows of one relation. Fractions in [0, 1]; `rows`, `subjects` and `rightRelationAt10` are counts. */
export interface PerRelationMetrics {
  rows: number;
  subjects: number;
  /** Object level, over this relation's subjects. */
  hitsAt1: number;
  mrr: number;
  /** Object level: share of rows whose object is in the subject's top 10 objects. */
  recallAt10: number;
  /** Rows whose exact triple is in the subject's top 10 candidate rows (count). */
  rightRelationAt10: number;
  /** The same as a share of this relation's rows. */
  rightRelationShare: number;
  /** Hits@1 over this relation's subjects in the ranking of the relation's own kind (RelationCounts.hitsAt1OwnKind). */
  hitsAt1OwnKind: number;
}

/** Metrics of one pair, or a micro or macro average over pairs. Fractions in [0, 1]. */
export interface Metrics {
  /** Object level: `hitsAt["1"]` = Hits@1, over reference subjects. */
  hitsAt: Record<string, number>;
  mrr: number;
  /** recallAt[k-1] = recall@k over reference rows, k = 1..maxK (object level). */
  recallAt: number[];
  /** Share of reference rows whose object is anywhere in the candidate list. */
  candidateRecall: number;
  /** Distinct candidate objects per subject that has at least one. */
  candidatesPerSubject: number;
  /** P/R/F1 of the mutual top-1 proposal set, at object level. */
  proposal: PrecisionRecall & { rule: 'mutual-top-1' };
  /** For information only: the best F1 any raw-score threshold reaches, chosen by looking at the reference. */
  oracle: OracleF1;
  /** The same ranking metrics counting the relation. */
  relation: RelationLevelMetrics;
  /** Per reference predicate (`skos:exactMatch` for `=`, `skos:broadMatch` for `<`, `skos:narrowMatch` for `>`). */
  byRelation: Record<string, PerRelationMetrics>;
  /** Share of reference subjects (with candidates) whose top-1 candidate row is `skos:exactMatch`. */
  top1ExactMatch: { subjects: number; exactMatch: number; share: number };
}

function hitsRecord(ks: readonly number[], hits: readonly number[], subjects: number): Record<string, number> {
  const out: Record<string, number> = {};
  ks.forEach((k, i) => (out[String(k)] = ratio(hits[i]!, subjects)));
  return out;
}

export function summarize(c: PairCounts): Metrics {
  const byRelation: Record<string, PerRelationMetrics> = {};
  for (const [predicate, r] of Object.entries(c.byRelation).sort(([a], [b]) => compareText(a, b))) {
    byRelation[predicate] = {
      rows: r.rows,
      subjects: r.subjects,
      hitsAt1: ratio(r.hitsAt1, r.subjects),
      mrr: ratio(r.reciprocalRankSum, r.subjects),
      recallAt10: ratio(r.foundAt10, r.rows),
      rightRelationAt10: r.rightRelationAt10,
      rightRelationShare: ratio(r.rightRelationAt10, r.rows),
      hitsAt1OwnKind: ratio(r.hitsAt1OwnKind, r.subjects),
    };
  }
  return {
    hitsAt: hitsRecord(c.ks, c.hits, c.referenceSubjects),
    mrr: ratio(c.reciprocalRankSum, c.referenceSubjects),
    recallAt: c.foundAt.map((f) => ratio(f, c.referenceTriples)),
    candidateRecall: ratio(c.correctCandidates, c.referenceTriples),
    candidatesPerSubject: ratio(c.candidates, c.subjectsWithCandidates),
    proposal: { rule: 'mutual-top-1', ...precisionRecallF1(c.proposedCorrect, c.proposed, c.referenceTriples) },
    oracle: oracleBestF1(c.outcomes, c.referenceTriples),
    relation: {
      hitsAt: hitsRecord(c.ks, c.relation.hits, c.referenceSubjects),
      mrr: ratio(c.relation.reciprocalRankSum, c.referenceSubjects),
      recallAt: c.relation.foundAt.map((f) => ratio(f, c.referenceTriples)),
      candidateRecall: ratio(c.relation.correctCandidates, c.referenceTriples),
      proposal: { rule: 'mutual-top-1', ...precisionRecallF1(c.relation.proposedCorrect, c.relation.proposed, c.referenceTriples) },
    },
    byRelation,
    top1ExactMatch: { subjects: c.top1.subjects, exactMatch: c.top1.exactMatch, share: ratio(c.top1.exactMatch, c.top1.subjects) },
  };
}

export function microAverage(all: readonly PairCounts[]): Metrics {
  return summarize(sumCounts(all));
}

const mean = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/**
 * Mean of per-pair metrics. Counts (`proposed`, `correct`, rows) are means too, so a macro row
 * reads as "an average pair". The macro oracle threshold is `null`: each pair chose its own.
 * A relation's figures are averaged over the pairs whose reference has that relation.
 */
export function macroAverage(perPair: readonly Metrics[]): Metrics {
  const first = perPair[0];
  if (!first) throw new RangeError('macroAverage needs at least one pair');
  const meanRecord = (pick: (m: Metrics) => Record<string, number>): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const k of Object.keys(pick(first))) out[k] = mean(perPair.map((m) => pick(m)[k] ?? 0));
    return out;
  };
  const pr = (pick: (m: Metrics) => PrecisionRecall): PrecisionRecall => ({
    proposed: mean(perPair.map((m) => pick(m).proposed)),
    correct: mean(perPair.map((m) => pick(m).correct)),
    precision: mean(perPair.map((m) => pick(m).precision)),
    recall: mean(perPair.map((m) => pick(m).recall)),
    f1: mean(perPair.map((m) => pick(m).f1)),
  });
  const byRelation: Record<string, PerRelationMetrics> = {};
  const predicates = [...new Set(perPair.flatMap((m) => Object.keys(m.byRelation)))].sort(compareText);
  for (const predicate of predicates) {
    const present = perPair.map((m) => m.byRelation[predicate]).filter((r): r is PerRelationMetrics => r !== undefined);
    const avg = (pick: (r: PerRelationMetrics) => number): number => mean(present.map(pick));
    byRelation[predicate] = {
      rows: avg((r) => r.rows),
      subjects: avg((r) => r.subjects),
      hitsAt1: avg((r) => r.hitsAt1),
      mrr: avg((r) => r.mrr),
      recallAt10: avg((r) => r.recallAt10),
      rightRelationAt10: avg((r) => r.rightRelationAt10),
      rightRelationShare: avg((r) => r.rightRelationShare),
      hitsAt1OwnKind: avg((r) => r.hitsAt1OwnKind),
    };
  }
  return {
    hitsAt: meanRecord((m) => m.hitsAt),
    mrr: mean(perPair.map((m) => m.mrr)),
    recallAt: first.recallAt.map((_, i) => mean(perPair.map((m) => m.recallAt[i] ?? 0))),
    candidateRecall: mean(perPair.map((m) => m.candidateRecall)),
    candidatesPerSubject: mean(perPair.map((m) => m.candidatesPerSubject)),
    proposal: { rule: 'mutual-top-1', ...pr((m) => m.proposal) },
    oracle: { threshold: null, oracle: true, ...pr((m) => m.oracle) },
    relation: {
      hitsAt: meanRecord((m) => m.relation.hitsAt),
      mrr: mean(perPair.map((m) => m.relation.mrr)),
      recallAt: first.relation.recallAt.map((_, i) => mean(perPair.map((m) => m.relation.recallAt[i] ?? 0))),
      candidateRecall: mean(perPair.map((m) => m.relation.candidateRecall)),
      proposal: { rule: 'mutual-top-1', ...pr((m) => m.relation.proposal) },
    },
    byRelation,
    top1ExactMatch: {
      subjects: mean(perPair.map((m) => m.top1ExactMatch.subjects)),
      exactMatch: mean(perPair.map((m) => m.top1ExactMatch.exactMatch)),
      share: mean(perPair.map((m) => m.top1ExactMatch.share)),
    },
  };
}
