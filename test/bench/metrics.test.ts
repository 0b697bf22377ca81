/**
 * Metric functions on hand-computed cases. Every expected number below is worked out in the
 * comment beside it, from the conventions in src/bench/metrics.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  countPair,
  dedupe,
  evaluateSet,
  macroAverage,
  microAverage,
  mutualTopOne,
  oracleBestF1,
  rankBySubject,
  referenceSet,
  summarize,
  thresholdSweep,
  type ScoredTriple,
  type Triple,
} from '../../src/bench/metrics.js';

const EQ = 'skos:exactMatch';
const BROAD = 'skos:broadMatch';
const CLOSE = 'skos:closeMatch';
const t = (subject: string, object: string, predicate = EQ): Triple => ({ subject, predicate, object });
const c = (subject: string, object: string, score: number, predicate = EQ): ScoredTriple => ({ subject, predicate, object, score });
const opts = { ks: [1, 5, 10], maxK: 10 };

describe('ranking with ties', () => {
  // s1: o1 and o2 tie at 0.9, o2 is the reference. Ties break against the reference:
  // o1 takes position 1, o2 position 2 → Hits@1 = 0, Hits@5 = 1, MRR = 1/2.
  const reference = referenceSet([t('s1', 'o2')]);
  const candidates = [c('s1', 'o2', 0.9), c('s1', 'o1', 0.9), c('s1', 'o3', 0.5)];

  it('puts the non-reference candidate first among equal scores, whatever the input order', () => {
    const ranked = rankBySubject(candidates, reference).get('s1')!;
    expect(ranked.map((r) => [r.object, r.position, r.correct])).toEqual([
      ['o1', 1, false],
      ['o2', 2, true],
      ['o3', 3, false],
    ]);
  });

  it('gives no Hits@1 for a tie and MRR 1/2', () => {
    const m = summarize(countPair(candidates, reference, opts));
    expect(m.hitsAt).toEqual({ '1': 0, '5': 1, '10': 1 });
    expect(m.mrr).toBe(0.5);
    expect(m.recallAt.slice(0, 3)).toEqual([0, 1, 1]);
  });

  it('ranks a strictly higher reference candidate first', () => {
    const m = summarize(countPair([c('s1', 'o2', 0.91), c('s1', 'o1', 0.9)], reference, opts));
    expect(m.hitsAt['1']).toBe(1);
    expect(m.mrr).toBe(1);
  });
});

describe('missing subjects', () => {
  // Three reference subjects. s1 correct at position 1, s2 correct at position 3, s3 has no
  // candidate at all. Hits@1 = 1/3, Hits@5 = 2/3, MRR = (1 + 1/3 + 0) / 3 = 4/9.
  const reference = referenceSet([t('s1', 'o1'), t('s2', 'o2'), t('s3', 'o3')]);
  const candidates = [c('s1', 'o1', 3), c('s2', 'x', 0.9), c('s2', 'y', 0.8), c('s2', 'o2', 0.7)];
  const m = summarize(countPair(candidates, reference, opts));

  it('counts a subject without candidates as a miss', () => {
    expect(m.hitsAt['1']).toBeCloseTo(1 / 3, 12);
    expect(m.hitsAt['5']).toBeCloseTo(2 / 3, 12);
    expect(m.mrr).toBeCloseTo(4 / 9, 12);
  });

  it('recall@k is over reference triples; candidates per subject over subjects that have some', () => {
    expect(m.recallAt[0]).toBeCloseTo(1 / 3, 12);
    expect(m.recallAt[1]).toBeCloseTo(1 / 3, 12);
    expect(m.recallAt[2]).toBeCloseTo(2 / 3, 12);
    expect(m.candidateRecall).toBeCloseTo(2 / 3, 12);
    expect(m.candidatesPerSubject).toBe(2); // 4 candidates / 2 subjects
  });
});

describe('relations and direction are part of identity', () => {
  it('an exactMatch candidate finds a broadMatch (<) reference at object level only', () => {
    const reference = referenceSet([t('s1', 'o1', BROAD)]);
    const m = summarize(countPair([c('s1', 'o1', 1)], reference, opts));
    expect(m.hitsAt['1']).toBe(1);
    expect(m.proposal).toMatchObject({ proposed: 1, correct: 1 });
    expect(m.relation.hitsAt['1']).toBe(0);
    expect(m.relation.mrr).toBe(0);
    expect(m.relation.proposal).toMatchObject({ proposed: 1, correct: 0, precision: 0, recall: 0, f1: 0 });
    expect(m.byRelation[BROAD]).toMatchObject({ rows: 1, hitsAt1: 1, recallAt10: 1, rightRelationAt10: 0, rightRelationShare: 0 });
  });

  it('the same relation hits at both levels', () => {
    const reference = referenceSet([t('s1', 'o1', BROAD)]);
    const m = summarize(countPair([c('s1', 'o1', 1, BROAD)], reference, opts));
    expect(m.hitsAt['1']).toBe(1);
    expect(m.relation.hitsAt['1']).toBe(1);
    expect(m.relation.proposal.f1).toBe(1);
    expect(m.byRelation[BROAD]).toMatchObject({ rightRelationAt10: 1, rightRelationShare: 1 });
  });

  it('object level keeps one candidate per object (its best relation); relation level ranks every row', () => {
    // s: o1 as close (0.9) and as broad (0.8), then o2 exact (0.7). Reference s < o2 and s < o1.
    // Objects: o1 (0.9) at 1, o2 at 2. Rows: close o1 1, broad o1 2, exact o2 3.
    const reference = referenceSet([t('s', 'o1', BROAD), t('s', 'o2', BROAD)]);
    const m = summarize(countPair([c('s', 'o1', 0.9, CLOSE), c('s', 'o1', 0.8, BROAD), c('s', 'o2', 0.7)], reference, opts));
    expect(m.hitsAt['1']).toBe(1);
    expect(m.recallAt.slice(0, 2)).toEqual([0.5, 1]);
    expect(m.candidatesPerSubject).toBe(2);
    expect(m.relation.mrr).toBe(1 / 2);
    expect(m.relation.recallAt.slice(0, 3)).toEqual([0, 0.5, 0.5]);
    expect(m.byRelation[BROAD]).toMatchObject({ rows: 2, subjects: 1, hitsAt1: 1, rightRelationAt10: 1, rightRelationShare: 0.5 });
    expect(m.top1ExactMatch).toEqual({ subjects: 1, exactMatch: 0, share: 0 });
  });

  it('top-1 exactMatch counts reference subjects with candidates whose first row is exactMatch', () => {
    const reference = referenceSet([t('a', 'x'), t('b', 'y'), t('c', 'z')]);
    const m = summarize(countPair([c('a', 'x', 1), c('b', 'q', 0.9, CLOSE), c('b', 'y', 0.5)], reference, opts));
    expect(m.top1ExactMatch).toEqual({ subjects: 2, exactMatch: 1, share: 0.5 });
  });

  it('the reverse direction does not hit', () => {
    const reference = referenceSet([t('a', 'b')]);
    expect(evaluateSet([t('b', 'a')], reference).correct).toBe(0);
    expect(evaluateSet([t('a', 'b')], reference).correct).toBe(1);
  });

  it('a subject with both relations in the reference keeps both', () => {
    const reference = referenceSet([t('s', 'o'), t('s', 'o', BROAD)]);
    expect(reference.size).toBe(2);
    expect(reference.subjects.size).toBe(1);
  });
});

describe('mutual top-1 proposal set', () => {
  // Subject maxima: s1→o1 (0.9), s2→o1 (0.95), s3 tied (abstains), s4→o6.
  // Object maxima: o1←s2, so s1→o1 is not mutual. Proposed: s2→o1 and s4→o6.
  const candidates = [
    c('s1', 'o1', 0.9), c('s1', 'o2', 0.8),
    c('s2', 'o1', 0.95), c('s2', 'o3', 0.7),
    c('s3', 'o4', 0.6), c('s3', 'o5', 0.6),
    c('s4', 'o6', 0.5),
  ];
  const reference = referenceSet([t('s1', 'o2'), t('s2', 'o1'), t('s3', 'o4')]);

  it('keeps only unique maxima on both sides; ties abstain', () => {
    expect(mutualTopOne(candidates).map((x) => `${x.subject}>${x.object}`).sort()).toEqual(['s2>o1', 's4>o6']);
  });

  it('a shared object maximum abstains too', () => {
    expect(mutualTopOne([c('a', 'o', 1), c('b', 'o', 1)])).toEqual([]);
  });

  it('P = 1/2, R = 1/3, F1 = 0.4', () => {
    const m = summarize(countPair(candidates, reference, opts));
    expect(m.proposal.proposed).toBe(2);
    expect(m.proposal.correct).toBe(1);
    expect(m.proposal.precision).toBe(0.5);
    expect(m.proposal.recall).toBeCloseTo(1 / 3, 12);
    expect(m.proposal.f1).toBeCloseTo(0.4, 12);
  });

  it('ranking metrics on the same case: Hits@1 1/3, MRR 2/3, recall@2 = 1, 1.75 candidates per subject', () => {
    const m = summarize(countPair(candidates, reference, opts));
    expect(m.hitsAt['1']).toBeCloseTo(1 / 3, 12); // only s2 at position 1; s3's tie puts o5 first
    expect(m.mrr).toBeCloseTo((0.5 + 1 + 0.5) / 3, 12);
    expect(m.recallAt[0]).toBeCloseTo(1 / 3, 12);
    expect(m.recallAt[1]).toBe(1);
    expect(m.candidatesPerSubject).toBe(1.75);
  });

  it('the oracle picks threshold 0.8 (F1 2/3); the equal F1 at 0.6 does not displace it', () => {
    // ≥0.95: P 1, R 1/3 · ≥0.9: 1/2, 1/3 · ≥0.8: 2/3, 2/3 · ≥0.7: 1/2, 2/3 · ≥0.6: 1/2, 1 · ≥0.5: 3/7, 1
    const outcomes = countPair(candidates, reference, opts).outcomes;
    const sweep = thresholdSweep(outcomes, reference.size);
    expect(sweep.map((p) => p.threshold)).toEqual([0.95, 0.9, 0.8, 0.7, 0.6, 0.5]);
    expect(sweep.map((p) => p.proposed)).toEqual([1, 2, 3, 4, 6, 7]);
    expect(sweep[4]!.f1).toBeCloseTo(2 / 3, 12);
    const oracle = oracleBestF1(outcomes, reference.size);
    expect(oracle.oracle).toBe(true);
    expect(oracle.threshold).toBe(0.8);
    expect(oracle.f1).toBeCloseTo(2 / 3, 12);
  });

  it('the oracle of an empty list has no threshold and F1 0', () => {
    expect(oracleBestF1([], 3)).toMatchObject({ threshold: null, f1: 0, precision: 0, recall: 0 });
  });
});

describe('duplicates', () => {
  it('a triple proposed twice counts once with its highest score', () => {
    const list = dedupe([c('s', 'o', 0.4), c('s', 'p', 0.5), c('s', 'o', 0.9)]);
    expect(list).toHaveLength(2);
    expect(list.find((x) => x.object === 'o')!.score).toBe(0.9);
    const m = summarize(countPair([c('s', 'o', 0.4), c('s', 'p', 0.5), c('s', 'o', 0.9)], referenceSet([t('s', 'o')]), opts));
    expect(m.hitsAt['1']).toBe(1);
    expect(m.candidatesPerSubject).toBe(2);
  });
});

describe('micro and macro averages', () => {
  // Pair A: 1 reference triple, its one proposal is right → P 1, R 1, F1 1.
  // Pair B: 3 reference triples, one wrong proposal → P 0, R 0, F1 0.
  // Micro: 1 correct of 2 proposed, 4 reference → P 1/2, R 1/4, F1 1/3. Macro: P 1/2, R 1/2, F1 1/2.
  const a = countPair([c('a1', 'b1', 1)], referenceSet([t('a1', 'b1')]), opts);
  const b = countPair([c('x1', 'y9', 1)], referenceSet([t('x1', 'y1'), t('x2', 'y2'), t('x3', 'y3')]), opts);

  it('micro pools the counts', () => {
    const m = microAverage([a, b]);
    expect(m.proposal.precision).toBe(0.5);
    expect(m.proposal.recall).toBe(0.25);
    expect(m.proposal.f1).toBeCloseTo(1 / 3, 12);
    expect(m.hitsAt['1']).toBe(0.25); // 1 of 4 reference subjects
    expect(m.oracle.f1).toBeCloseTo(1 / 3, 12); // one threshold (1) for the pooled list
  });

  it('macro is the mean of per-pair values', () => {
    const m = macroAverage([summarize(a), summarize(b)]);
    expect(m.proposal.precision).toBe(0.5);
    expect(m.proposal.recall).toBe(0.5);
    expect(m.proposal.f1).toBe(0.5);
    expect(m.hitsAt['1']).toBe(0.5);
    expect(m.oracle.threshold).toBeNull();
  });

  it('per-relation figures pool over pairs (micro) and average over the pairs that have the relation (macro)', () => {
    // Pair A has a < row found as broadMatch; pair B has a < row found as exactMatch and a = row not found.
    const pa = countPair([c('a', 'x', 1, BROAD)], referenceSet([t('a', 'x', BROAD)]), opts);
    const pb = countPair([c('b', 'y', 1)], referenceSet([t('b', 'y', BROAD), t('d', 'w')]), opts);
    expect(microAverage([pa, pb]).byRelation[BROAD]).toMatchObject({ rows: 2, rightRelationAt10: 1, rightRelationShare: 0.5, recallAt10: 1 });
    const macro = macroAverage([summarize(pa), summarize(pb)]);
    expect(macro.byRelation[BROAD]!.rightRelationShare).toBe(0.5);
    expect(macro.byRelation[EQ]).toMatchObject({ rows: 1, recallAt10: 0 }); // only pair B has = rows
  });

  it('refuses to pool pairs counted with different cut-offs', () => {
    const other = countPair([], referenceSet([t('a', 'b')]), { ks: [1], maxK: 3 });
    expect(() => microAverage([a, other])).toThrow(RangeError);
  });
});
