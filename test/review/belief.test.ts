import { describe, expect, it } from 'vitest';
import { Belief, PRIOR_ERROR, fitErrorRate, priorFeatures, type AnsweredCandidate } from '../../src/review/belief.js';

/** A small deterministic generator (the answers must not change from run to run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// A kept candidate with a clear margin (the default calibration believes it) and a left-out one
// behind a rival (the default calibration doubts it).
const STRONG = priorFeatures(true, false, 0.8, 0.2, 0.6, 0.6);
const WEAK = priorFeatures(false, false, 0.15, 0.2, -0.4, -0.4);

/**
 * Candidates whose truth follows the evidence (strong ones right, weak ones wrong, as the default
 * calibration expects), answered `answers` times each by reviewers wrong with probability `error`.
 */
function answered(error: number, count: number, answers: (i: number) => number, seed = 1): AnsweredCandidate[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const right = i % 2 === 0;
    let yes = 0;
    let no = 0;
    for (let k = 0; k < answers(i); k++) {
      const says = next() < error ? !right : right;
      if (says) yes++;
      else no++;
    }
    return { features: right ? STRONG : WEAK, yes, no };
  });
}

describe('Belief: the error rate is fitted with the calibration', () => {
  it('with no answers the error rate is its prior, and fitting nothing goes back to it', () => {
    const belief = new Belief();
    expect(belief.parameters.error).toBe(PRIOR_ERROR);
    belief.fit(answered(0.3, 200, () => 2));
    expect(belief.parameters.error).not.toBeCloseTo(PRIOR_ERROR, 2);
    belief.fit([]);
    expect(belief.parameters.error).toBe(PRIOR_ERROR);
  });

  it('answers against strong evidence raise it; with second opinions on a fifth of the candidates it comes near the true rate, and near zero for a perfect reviewer', () => {
    const single = new Belief();
    single.fit(answered(0.3, 400, () => 1));
    // One answer each: a flatter calibration explains part of the surprises, but not all.
    expect(single.parameters.error).toBeGreaterThan(PRIOR_ERROR + 0.02);
    const audited = new Belief();
    audited.fit(answered(0.3, 400, (i) => (i % 5 === 0 ? 2 : 1)));
    expect(audited.parameters.error).toBeGreaterThan(0.2);
    expect(audited.parameters.error).toBeLessThan(0.36);
    const perfect = new Belief();
    perfect.fit(answered(0, 400, (i) => (i % 5 === 0 ? 2 : 1)));
    expect(perfect.parameters.error).toBeLessThan(0.03);
  });

  it('second opinions measure it where the evidence says nothing: one of two disagreeing answers is wrong whatever the truth', () => {
    // Every candidate alike (no evidence either way), each answered twice; a quarter of the
    // pairs disagree, which two answers wrong with probability e do when 2e(1 − e) = 0.25.
    const neutral = priorFeatures(false, false, 0.2, 0.2, 0, 0);
    const pairs: AnsweredCandidate[] = Array.from({ length: 200 }, (_, i) => (i % 4 === 0 ? { features: neutral, yes: 1, no: 1 } : { features: neutral, yes: i % 2 === 0 ? 2 : 0, no: i % 2 === 0 ? 0 : 2 }));
    const belief = new Belief();
    belief.fit(pairs);
    const expected = (1 - Math.sqrt(1 - 2 * 0.25)) / 2; // 0.146
    expect(belief.parameters.error).toBeGreaterThan(expected - 0.03);
    expect(belief.parameters.error).toBeLessThan(expected + 0.03);
  });

  it('the fitted rate weighs each answer: "yes" answers that agree with the evidence lower it, the same number against it raise it', () => {
    const agreeing: AnsweredCandidate[] = Array.from({ length: 100 }, () => ({ features: STRONG, yes: 1, no: 0 }));
    const against: AnsweredCandidate[] = Array.from({ length: 100 }, () => ({ features: STRONG, yes: 0, no: 1 }));
    const theta = new Belief().parameters.theta;
    expect(fitErrorRate(agreeing, theta, PRIOR_ERROR)).toBeLessThan(PRIOR_ERROR);
    expect(fitErrorRate(against, theta, PRIOR_ERROR)).toBeGreaterThan(PRIOR_ERROR);
  });

  it('a single "yes" is worth less where answers are often wrong', () => {
    const noisy = new Belief();
    noisy.fit(answered(0.3, 400, () => 2));
    const careful = new Belief();
    careful.fit(answered(0.05, 400, () => 2));
    expect(noisy.answerWeight()).toBeLessThan(careful.answerWeight() / 2);
    // On a weak candidate one "yes" from a noisy pool leaves it more likely wrong than right.
    expect(noisy.logit(WEAK, 1, 0)).toBeLessThan(0);
  });
});
