/**
 * Benchmark metrics: pure functions over (subject, predicate, object) triples.
 *
 * Identity is the full triple (STYLE.md point 4): a candidate `a skos:exactMatch b` does not
 * hit a reference `a skos:broadMatch b` (OAEI `<`), and `b → a` does not hit `a → b`.
 *
 * Conventions, fixed here so every number in results.json means one thing:
 * - **Ranking.** Candidates of one subject (all predicates together) are ordered by raw score,
 *   descending. Equal scores are broken *against* the reference (non-reference candidates
 *   first), so a generator that gives ten objects the same score earns no Hits@1 by the luck of
 *   its output order. The generator's own `rank` field is not trusted for this reason.
 * - **Duplicates.** A triple proposed twice counts once, with its highest score.
 * - **Hits@k and MRR** are over reference subjects: a subject with no candidate at all
 *   (a "missing subject") counts as a miss with reciprocal rank 0.
 * - **recall@k** is over reference triples: the share found at positions ≤ k of their subject.
 * - **Proposal set: mutual top-1.** A candidate is proposed iff its score is the unique maximum
 *   among the generator's candidates for its subject *and* the unique maximum among the
 *   generator's candidates for its object. Ties abstain. The rule never looks at the reference.
 * - **Oracle best F1.** The best F1 over all raw-score thresholds `score ≥ t` on the whole
 *   candidate list. It looks at the reference to pick `t`, so it is an upper bound for
 *   information only, never a result.
 * - **Empty denominators** give 0 (precision of an empty proposal set is 0, not 1).
 * - **Micro** averages pool the counts of all pairs; **macro** averages are the mean of the
 *   per-pair values (macro F1 is the mean of per-pair F1, macro oracle lets each pair pick its
 *   own threshold).
 */
import { tripleKey } from '../model/mapping.js';

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
  keys: ReadonlySet<string>;
  subjects: ReadonlySet<string>;
  size: number;
}

export function referenceSet(triples: readonly Triple[]): ReferenceSet {
  const keys = new Set<string>();
  const subjects = new Set<string>();
  for (const t of triples) {
    keys.add(tripleKey(t.subject, t.predicate, t.object));
    subjects.add(t.subject);
  }
  return { keys, subjects, size: keys.size };
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

/** Candidates per subject, ordered by score with ties broken against the reference. */
export function rankBySubject(candidates: readonly ScoredTriple[], reference: ReferenceSet): Map<string, RankedCandidate[]> {
  const groups = new Map<string, ScoredTriple[]>();
  for (const c of dedupe(candidates)) {
    const list = groups.get(c.subject);
    if (list) list.push(c);
    else groups.set(c.subject, [c]);
  }
  const ranked = new Map<string, RankedCandidate[]>();
  for (const [subject, list] of groups) {
    const withTruth = list.map((c) => ({ ...c, correct: reference.keys.has(keyOf(c)), position: 0 }));
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

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The mutual top-1 proposal set (see the module comment). Works on the candidates alone; the
 * result is in input order of first occurrence after deduplication.
 */
export function mutualTopOne(candidates: readonly ScoredTriple[]): ScoredTriple[] {
  const unique = dedupe(candidates);
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

/** P/R/F1 of a set of triples against the reference (duplicates count once). */
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

/**
 * Counts for one pair and one generator. Counts add up across pairs (micro averaging); the
 * per-pair metrics are derived from them by `summarize`.
 */
export interface PairCounts {
  /** Cut-offs for Hits@k, e.g. [1, 5, 10]. */
  ks: number[];
  referenceTriples: number;
  referenceSubjects: number;
  /** hits[i]: reference subjects with a correct candidate at position ≤ ks[i]. */
  hits: number[];
  reciprocalRankSum: number;
  /** foundAt[k-1]: reference triples found at positions ≤ k, for k = 1..maxK. */
  foundAt: number[];
  /** Deduplicated candidate triples. */
  candidates: number;
  subjectsWithCandidates: number;
  /** Reference triples anywhere in the candidate list. */
  correctCandidates: number;
  proposed: number;
  proposedCorrect: number;
  /** Every candidate's raw score and whether it is in the reference (for sweeps and charts). */
  outcomes: ScoredOutcome[];
}

export interface CountOptions {
  ks: readonly number[];
  /** Length of the recall@k curve; at least max(ks). */
  maxK: number;
}

export function countPair(candidates: readonly ScoredTriple[], reference: ReferenceSet, options: CountOptions): PairCounts {
  const ks = [...options.ks];
  const maxK = Math.max(options.maxK, ...ks);
  const ranked = rankBySubject(candidates, reference);
  const hits = ks.map(() => 0);
  const foundAt = new Array<number>(maxK).fill(0);
  let reciprocalRankSum = 0;
  let candidateCount = 0;
  let correctCandidates = 0;
  const outcomes: ScoredOutcome[] = [];
  for (const list of ranked.values()) {
    for (const c of list) {
      candidateCount += 1;
      outcomes.push({ score: c.score, correct: c.correct });
      if (!c.correct) continue;
      correctCandidates += 1;
      // A correct candidate at position p counts for every k ≥ p.
      for (let k = c.position; k <= maxK; k++) foundAt[k - 1]! += 1;
    }
  }
  for (const subject of reference.subjects) {
    const first = ranked.get(subject)?.find((c) => c.correct);
    if (!first) continue;
    reciprocalRankSum += 1 / first.position;
    ks.forEach((k, i) => {
      if (first.position <= k) hits[i]! += 1;
    });
  }
  const proposal = evaluateSet(mutualTopOne(candidates), reference);
  return {
    ks,
    referenceTriples: reference.size,
    referenceSubjects: reference.subjects.size,
    hits,
    reciprocalRankSum,
    foundAt,
    candidates: candidateCount,
    subjectsWithCandidates: ranked.size,
    correctCandidates,
    proposed: proposal.proposed,
    proposedCorrect: proposal.correct,
    outcomes,
  };
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
  };
  for (const c of all) {
    if (c.ks.join() !== sum.ks.join() || c.foundAt.length !== sum.foundAt.length) {
      throw new RangeError('sumCounts: pairs were counted with different cut-offs');
    }
    sum.referenceTriples += c.referenceTriples;
    sum.referenceSubjects += c.referenceSubjects;
    c.hits.forEach((h, i) => (sum.hits[i]! += h));
    sum.reciprocalRankSum += c.reciprocalRankSum;
    c.foundAt.forEach((f, i) => (sum.foundAt[i]! += f));
    sum.candidates += c.candidates;
    sum.subjectsWithCandidates += c.subjectsWithCandidates;
    sum.correctCandidates += c.correctCandidates;
    sum.proposed += c.proposed;
    sum.proposedCorrect += c.proposedCorrect;
    for (const o of c.outcomes) sum.outcomes.push(o);
  }
  return sum;
}

/** Metrics of one pair, or a micro or macro average over pairs. Fractions in [0, 1]. */
export interface Metrics {
  /** `hitsAt["1"]` = Hits@1, over reference subjects. */
  hitsAt: Record<string, number>;
  mrr: number;
  /** recallAt[k-1] = recall@k over reference triples, k = 1..maxK. */
  recallAt: number[];
  /** Share of reference triples anywhere in the candidate list. */
  candidateRecall: number;
  /** Candidates per subject that has at least one. */
  candidatesPerSubject: number;
  /** P/R/F1 of the mutual top-1 proposal set. */
  proposal: PrecisionRecall & { rule: 'mutual-top-1' };
  /** For information only: the best F1 any raw-score threshold reaches, chosen by looking at the reference. */
  oracle: OracleF1;
}

export function summarize(c: PairCounts): Metrics {
  const hitsAt: Record<string, number> = {};
  c.ks.forEach((k, i) => (hitsAt[String(k)] = ratio(c.hits[i]!, c.referenceSubjects)));
  return {
    hitsAt,
    mrr: ratio(c.reciprocalRankSum, c.referenceSubjects),
    recallAt: c.foundAt.map((f) => ratio(f, c.referenceTriples)),
    candidateRecall: ratio(c.correctCandidates, c.referenceTriples),
    candidatesPerSubject: ratio(c.candidates, c.subjectsWithCandidates),
    proposal: { rule: 'mutual-top-1', ...precisionRecallF1(c.proposedCorrect, c.proposed, c.referenceTriples) },
    oracle: oracleBestF1(c.outcomes, c.referenceTriples),
  };
}

export function microAverage(all: readonly PairCounts[]): Metrics {
  return summarize(sumCounts(all));
}

const mean = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/**
 * Mean of per-pair metrics. Counts (`proposed`, `correct`) are means too, so a macro row reads
 * as "an average pair". The macro oracle threshold is `null`: each pair chose its own.
 */
export function macroAverage(perPair: readonly Metrics[]): Metrics {
  const first = perPair[0];
  if (!first) throw new RangeError('macroAverage needs at least one pair');
  const hitsAt: Record<string, number> = {};
  for (const k of Object.keys(first.hitsAt)) hitsAt[k] = mean(perPair.map((m) => m.hitsAt[k] ?? 0));
  const pr = (pick: (m: Metrics) => PrecisionRecall): PrecisionRecall => ({
    proposed: mean(perPair.map((m) => pick(m).proposed)),
    correct: mean(perPair.map((m) => pick(m).correct)),
    precision: mean(perPair.map((m) => pick(m).precision)),
    recall: mean(perPair.map((m) => pick(m).recall)),
    f1: mean(perPair.map((m) => pick(m).f1)),
  });
  return {
    hitsAt,
    mrr: mean(perPair.map((m) => m.mrr)),
    recallAt: first.recallAt.map((_, i) => mean(perPair.map((m) => m.recallAt[i] ?? 0))),
    candidateRecall: mean(perPair.map((m) => m.candidateRecall)),
    candidatesPerSubject: mean(perPair.map((m) => m.candidatesPerSubject)),
    proposal: { rule: 'mutual-top-1', ...pr((m) => m.proposal) },
    oracle: { threshold: null, oracle: true, ...pr((m) => m.oracle) },
  };
}
