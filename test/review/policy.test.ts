import { describe, expect, it } from 'vitest';
import { ReviewState } from '../../src/review/policy.js';
import { draw, simulateReview } from '../../src/review/simulate.js';

const M = 'fused';
const c = (subject: string, object: string, score: number, rank: number, predicate = 'skos:exactMatch') => ({ subject, predicate, object, score, rank, measure: M });

// s1 has two close equivalence candidates (o1, o2); s2 competes with s1 for o1; s3 is clear.
const CANDIDATES = [
  c('s1', 'o1', 0.5, 1), c('s1', 'o2', 0.48, 2), c('s1', 'o9', 0.3, 1, 'skos:broadMatch'),
  c('s2', 'o1', 0.45, 1), c('s2', 'o3', 0.2, 2),
  c('s3', 'o4', 0.95, 1),
];

describe('ReviewState', () => {
  it('accepting an exactMatch closes the subject\'s and the object\'s competing equivalences, and undo reopens them', () => {
    const state = new ReviewState(CANDIDATES, { minScore: 0.2 });
    const closed = state.decide(0, 'accept');
    expect(closed.map((i) => state.candidates[i]!.object).sort()).toEqual(['o1', 'o2']); // s1→o2 and s2→o1
    expect(closed.map((i) => state.candidates[i]!.subject).sort()).toEqual(['s1', 's2']);
    expect(state.status(2)).toBe('open'); // a broadMatch is not an equivalence competitor
    expect(state.status(1)).toBe('closed');
    expect(state.closedByOf(3)).toBe(0);
    expect(state.undo()).toBe(0);
    expect([0, 1, 3].map((i) => state.status(i))).toEqual(['open', 'open', 'open']);
    expect(state.undo()).toBeUndefined();
  });

  it('accepting under another relation closes only the other candidates of the same pair', () => {
    const state = new ReviewState([...CANDIDATES, c('s1', 'o1', 0.1, 3, 'skos:narrowMatch')], { minScore: 0.2 });
    expect(state.decide(0, 'accept', 'skos:broadMatch')).toEqual([6]);
    expect(state.decisionOf(0)?.predicate).toBe('skos:broadMatch');
  });

  it('asks first about the subject whose best candidate has the closest rival and lies nearest the threshold, and the alignment follows the answers', () => {
    const state = new ReviewState(CANDIDATES, { minScore: 0.2 });
    // s2: 0.45 against s1's 0.5 for o1 (margin 0.05) and 0.25 above the threshold: 0.30;
    // s1: 0.5 against 0.48 (0.02) but 0.30 above it: 0.32; s3: 0.95 alone: last.
    expect(state.uncertainOrder()).toEqual(['s2', 's1', 's3']);
    expect(state.nextQuestion()).toBe(3);
    const before = state.alignment().map((m) => `${m.subject}-${m.object}`).sort();
    expect(before).toEqual(['s1-o1', 's2-o3', 's3-o4']);
    state.decide(0, 'reject');
    const after = state.alignment().map((m) => `${m.subject}-${m.object}`).sort();
    expect(after).toEqual(['s1-o2', 's2-o1', 's3-o4']);
  });
});

describe('simulateReview', () => {
  const reference = [{ subject: 's1', predicate: 'skos:exactMatch', object: 'o2' }, { subject: 's2', predicate: 'skos:exactMatch', object: 'o1' }, { subject: 's3', predicate: 'skos:exactMatch', object: 'o4' }];

  it('a perfect oracle fixes the alignment and the curve records every step', () => {
    const r = simulateReview(CANDIDATES, reference, { minScore: 0.2, curveStep: 1 });
    expect(r.scope).toBe('equivalence');
    expect(r.f1_before).toBeCloseTo(1 / 3, 5);
    expect(r.f1_after).toBe(1);
    expect(r.curve[0]).toMatchObject({ questions: 0 });
    expect(r.curve.at(-1)!.questions).toBe(r.questions);
    expect(r.answers.wrong).toBe(0);
  });

  it('the same question always gets the same answer: a fixed seed gives the same run', () => {
    const a = simulateReview(CANDIDATES, reference, { minScore: 0.2, errorRate: 0.5, seed: 7 });
    const b = simulateReview(CANDIDATES, reference, { minScore: 0.2, errorRate: 0.5, seed: 7 });
    expect(a).toEqual(b);
    expect(draw(7, 's1', 'skos:exactMatch', 'o1')).toBe(draw(7, 's1', 'skos:exactMatch', 'o1'));
    expect(draw(7, 's1', 'skos:exactMatch', 'o1')).not.toBe(draw(8, 's1', 'skos:exactMatch', 'o1'));
  });

  it('stops at the budget', () => {
    expect(simulateReview(CANDIDATES, reference, { minScore: 0.2, budget: 1 }).questions).toBe(1);
  });

  it('refuses an error rate outside [0, 1)', () => {
    expect(() => simulateReview(CANDIDATES, reference, { errorRate: 1 })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });
});
