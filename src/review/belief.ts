/**
 * How much a review's answers are believed: a small model fitted to the answers themselves, so
 * that one wrong answer neither removes a right candidate nor lets a wrong one in.
 *
 * - Before any answer, a candidate is right with a probability read from what is known of it
 *   (FEATURES: its fused value, whether the one-to-one selection keeps it, its margins over its
 *   rivals), through a logistic model. Review tracks differ a lot here (a kept candidate at 0.5
 *   is right 97 % of the time on anatomy, 70 % on conference, never on a track built from deleted
 *   equivalents), so the weights are fitted to the answers given so far, drawn towards a general
 *   default where answers are few.
 * - An answer is wrong with probability `e`, the same for every reviewer and question. Each
 *   "yes" adds `ln((1 − e) / e)` to the candidate's log-odds, each "no" takes it away.
 * - Weights and `e` are one maximum a posteriori fit of a latent-truth model: each answered
 *   candidate is right or wrong, its answers are readings of that with error `e`. The weights
 *   have a Gaussian prior around the default, `e` a Beta prior (ERROR_PRIOR). The fit alternates
 *   (expectation–maximisation): the weights by gradient ascent with `e` held, then `e` in closed
 *   form, the expected share of answers that went against each candidate's believed truth.
 *   Where two answers on one candidate disagree, one of them is wrong whatever the candidate is,
 *   so second opinions measure `e` directly; answers against strong evidence measure it too, as
 *   far as the evidence is trusted. With one answer per candidate and no strong evidence `e`
 *   stays near its prior: a flatter calibration explains a surprising answer as well as a wrong
 *   one does. Warm-started from the last fit, at most FIT_ROUNDS rounds per refit (the anatomy
 *   simulation's 16 runs of 400 answers, a refit after each, whole process: 83 s).
 */

/**
 * What the prior reads of a candidate, every value known before any answer:
 * 0 bias; 1 kept by the one-to-one selection at the threshold; 2 ln(value / threshold);
 * 3 kept × ln(value / threshold); 4 margin over the subject's best other equivalence candidate;
 * 5 margin over the object's best other equivalence candidate (both clipped to ±1);
 * 6 a broader or narrower candidate (never in a plain selection); 7 structural agreement: how many
 * of its parents, children and restriction fillers the starting selection maps alike (0–2, from
 * its structural boost; 0 without the ontologies).
 */
export const FEATURES = 8;

/**
 * Default weights: what the fit is drawn towards while answers are few. Read off logistic fits of
 * the equivalence candidates of anatomy, conference and the OASF migration (values at least half
 * the threshold) against their references, and rounded towards each other: margins matter most,
 * a kept candidate gains with its value, a left-out one hardly. Structural agreement (the last):
 * on anatomy the kept equivalence candidates with one agreement or more are right 97–100 % of the
 * time against 90 % without (left-out ones 21 % against 8 %), on conference 91 % against 76 %:
 * about 1.2 in log-odds on both.
 */
const DEFAULT_THETA: readonly number[] = [-1.5, 0, 0.1, 1.2, 3.5, 2, -1.5, 1.2];
/**
 * Standard deviation of the Gaussian prior on each weight. Measured on an earlier form of the
 * policy (conference, 20 % wrong answers, mean of five seeds): 1.5 gave F1 0.679, 0.7 0.687, 0.4
 * 0.690. 0.4 holds the weights near a default read off the bundled tracks themselves, which a
 * held-back track would not share; 0.7 keeps most of the gain and lets the answers move them.
 */
const THETA_SPREAD = 0.7;
/**
 * Beta prior of the error rate, as pseudo-answers: `wrong` of `answers` went wrong (its mode,
 * 0.1, is the error rate before any answer). Twenty answers' worth: a few hundred answers
 * outweigh it.
 */
const ERROR_PRIOR = { answers: 20, wrong: 2 };
/** Rounds of the alternating fit at most, and the change of `e` under which it stops. */
const FIT_ROUNDS = 8;
const ERROR_TOLERANCE = 1e-4;
const MIN_ERROR = 0.01;
const MAX_ERROR = 0.45;
/** ln(value / threshold) is clipped to this range (values of 0, or far above the threshold). */
const MAX_LOG_RATIO = 3;

export interface AnsweredCandidate {
  features: readonly number[];
  yes: number;
  no: number;
}

export interface BeliefParameters {
  /** One weight per feature. */
  theta: number[];
  /** The estimated probability that an answer is wrong. */
  error: number;
}

/** The prior's features of a candidate (see FEATURES). */
export function priorFeatures(kept: boolean, directional: boolean, score: number, threshold: number | undefined, subjectMargin: number, objectMargin: number, agreement = 0): number[] {
  const x = logRatio(score, threshold);
  const k = kept ? 1 : 0;
  const clip = (m: number): number => Math.max(-1, Math.min(1, m));
  return [1, k, x, k * x, clip(subjectMargin), clip(objectMargin), directional ? 1 : 0, Math.min(2, agreement)];
}

function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

export const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** ln(value / threshold), clipped to ±MAX_LOG_RATIO; 0 when there is no threshold. */
export function logRatio(score: number, threshold: number | undefined): number {
  if (threshold === undefined || threshold <= 0) return 0;
  if (!(score > 0)) return -MAX_LOG_RATIO;
  return Math.max(-MAX_LOG_RATIO, Math.min(MAX_LOG_RATIO, Math.log(score / threshold)));
}

/**
 * The error rate that best explains the answers given the weights: the expected number of
 * answers against each candidate's truth (weighed by the probability that it is right, after
 * its answers), with the Beta prior's pseudo-answers, over all answers.
 */
export function fitErrorRate(answered: readonly AnsweredCandidate[], theta: readonly number[], e: number): number {
  let wrong = ERROR_PRIOR.wrong;
  let total = ERROR_PRIOR.answers;
  for (const c of answered) {
    const right = posteriorRight(dot(theta, c.features), c.yes, c.no, e);
    wrong += right * c.no + (1 - right) * c.yes;
    total += c.yes + c.no;
  }
  return clipError(wrong / total);
}

/** The probability that a candidate is right, from its prior log-odds and its answers. */
function posteriorRight(priorLogit: number, yes: number, no: number, e: number): number {
  return sigmoid(priorLogit + (yes - no) * Math.log((1 - e) / e));
}

const clipError = (e: number): number => Math.max(MIN_ERROR, Math.min(MAX_ERROR, e));

/** The error rate before any answer: the mode of its prior. */
export const PRIOR_ERROR = ERROR_PRIOR.wrong / ERROR_PRIOR.answers;

export class Belief {
  private params: BeliefParameters = { theta: [...DEFAULT_THETA], error: PRIOR_ERROR };

  get parameters(): Readonly<BeliefParameters> {
    return this.params;
  }

  /** Log-odds of being right before any answer. */
  priorLogit(features: readonly number[]): number {
    return dot(this.params.theta, features);
  }

  /** What one answer adds to (a yes) or takes from (a no) the log-odds. */
  answerWeight(): number {
    const e = this.params.error;
    return Math.log((1 - e) / e);
  }

  /** Log-odds of being right after `yes` and `no` answers. */
  logit(features: readonly number[], yes: number, no: number): number {
    return this.priorLogit(features) + (yes - no) * this.answerWeight();
  }

  /**
   * Fit the calibration and the error rate to the answered candidates (see the module comment).
   * With no answers the parameters go back to their priors.
   */
  fit(answered: readonly AnsweredCandidate[], iterations = 40): void {
    if (answered.length === 0) {
      this.params = { theta: [...DEFAULT_THETA], error: PRIOR_ERROR };
      return;
    }
    let { theta, error } = this.params;
    for (let round = 0; round < FIT_ROUNDS; round++) {
      theta = fitWeights(answered, theta, error, iterations);
      const next = fitErrorRate(answered, theta, error);
      const moved = Math.abs(next - error);
      error = next;
      if (moved < ERROR_TOLERANCE) break;
    }
    this.params = { theta, error };
  }
}

/** The weights of greatest posterior with the error rate held: backtracking gradient ascent from `start`. */
function fitWeights(answered: readonly AnsweredCandidate[], start: readonly number[], e: number, iterations: number): number[] {
  let theta = [...start];
  let current = objective(answered, theta, e);
  let step = 0.5;
  for (let it = 0; it < iterations; it++) {
    const g = gradient(answered, theta, e);
    const norm = Math.sqrt(g.reduce((s, x) => s + x * x, 0));
    if (norm < 1e-6) break;
    // Backtracking: halve the step until the objective improves.
    let improved = false;
    for (let tries = 0; tries < 20; tries++) {
      const next = theta.map((v, i) => v + (step * g[i]!) / norm);
      const value = objective(answered, next, e);
      if (value > current) {
        theta = next;
        current = value;
        step *= 1.5;
        improved = true;
        break;
      }
      step /= 2;
    }
    if (!improved) break;
  }
  return theta;
}

/** Log posterior (up to a constant) of the weights given the answers. */
function objective(answered: readonly AnsweredCandidate[], theta: readonly number[], e: number): number {
  let total = 0;
  for (const c of answered) {
    const p = sigmoid(dot(theta, c.features));
    const right = (1 - e) ** c.yes * e ** c.no;
    const wrong = e ** c.yes * (1 - e) ** c.no;
    total += Math.log(p * right + (1 - p) * wrong + 1e-300);
  }
  for (let i = 0; i < theta.length; i++) total -= (theta[i]! - DEFAULT_THETA[i]!) ** 2 / (2 * THETA_SPREAD ** 2);
  return total;
}

function gradient(answered: readonly AnsweredCandidate[], theta: readonly number[], e: number): number[] {
  const g = theta.map((v, i) => -(v - DEFAULT_THETA[i]!) / THETA_SPREAD ** 2);
  for (const c of answered) {
    const p = sigmoid(dot(theta, c.features));
    const right = (1 - e) ** c.yes * e ** c.no;
    const wrong = e ** c.yes * (1 - e) ** c.no;
    const dp = ((right - wrong) * p * (1 - p)) / (p * right + (1 - p) * wrong + 1e-300);
    for (let i = 0; i < g.length; i++) g[i] = g[i]! + dp * c.features[i]!;
  }
  return g;
}
