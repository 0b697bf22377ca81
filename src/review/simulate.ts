/**
 * Interactive matching with a simulated reviewer, after the OAEI Interactive track: an oracle
 * answers from the reference alignment, wrongly with probability `errorRate`, and the same
 * question always gets the same answer (the draw is a hash of the seed and the question, not a
 * stream, so the order of questions cannot change an answer). The simulation asks what the
 * review page would put first (ReviewState.nextQuestion), applies the same propagation, and
 * scores the current alignment (ReviewState.alignment) against the reference as it goes.
 *
 * A question the policy asks again (a second opinion where an answer went against strong
 * evidence) goes to another reviewer of a pool: the k-th answer on a question is drawn with k
 * in the hash, so it errs independently of the first, with the same probability. Every answer
 * counts against the budget.
 *
 * Scores are at object level, as the benchmark's headline: a selected pair counts when the
 * reference relates the same two concepts (any relation); relation level is reported beside it.
 */
import { createHash } from 'node:crypto';
import { IoaError } from '../model/errors.js';
import { optionKeys, optionsObject } from '../model/options.js';
import { relationFamily } from '../selection/index.js';
import { ReviewState, type ReviewCandidate, type StartingSelection } from './policy.js';

export interface ReferenceTriple {
  subject: string;
  predicate: string;
  object: string;
}

export interface SimulationOptions {
  /** Questions the oracle answers at most (default 400). */
  budget?: number;
  /** Probability of a wrong answer, in [0, 1) (default 0). */
  errorRate?: number;
  /** Seed of the oracle's answers (default 0). */
  seed?: number;
  /** The selection threshold (what the page's order and the selection use). */
  minScore?: number;
  /** What the two ontologies say of the candidates (`startingSelection`; none: the plain selection). */
  start?: StartingSelection;
  /** A point of the curve every this many questions (default 10). */
  curveStep?: number;
}

export interface Score {
  precision: number;
  recall: number;
  f1: number;
  /** Relation level: the selected triple must be the reference's. */
  relation_f1: number;
}

export interface CurvePoint extends Score {
  questions: number;
}

export interface SimulationResult {
  questions: number;
  budget: number;
  error_rate: number;
  seed: number;
  /** `equivalence` when the reference holds only equivalences (only those candidates take part), else `all`. */
  scope: 'equivalence' | 'all';
  /** Candidates that took part. */
  candidates: number;
  f1_before: number;
  f1_after: number;
  before: Score;
  after: Score;
  /** Answers the oracle gave: accepted, rejected, how many of them were wrong, and how many were second (or later) opinions. */
  answers: { accept: number; reject: number; wrong: number; again: number };
  /** The error rate the policy estimated from the answers (belief.ts). */
  estimated_error_rate: number;
  /** Candidates closed by propagation after accepted answers. */
  closed: number;
  curve: CurvePoint[];
}

/** A uniform draw in [0, 1) from the seed and the question. */
export function draw(seed: number, subject: string, predicate: string, object: string, reviewer = 0): number {
  const digest = createHash('sha256').update(`${seed}\u0000${subject}\u0000${predicate}\u0000${object}${reviewer === 0 ? '' : `\u0000${reviewer}`}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** The keys of SimulationOptions and SeriesOptions: any other is refused (optionsObject). */
const SIMULATION_OPTIONS = optionKeys<SimulationOptions>()('budget', 'curveStep', 'errorRate', 'minScore', 'seed', 'start');
const SERIES_OPTIONS = optionKeys<SeriesOptions>()('budget', 'curveStep', 'errorRates', 'minScore', 'seeds', 'start');

export function simulateReview(candidates: readonly Omit<ReviewCandidate, 'index'>[], reference: readonly ReferenceTriple[], options: SimulationOptions = {}): SimulationResult {
  options = optionsObject(options, '$', SIMULATION_OPTIONS);
  const budget = options.budget ?? 400;
  const errorRate = options.errorRate ?? 0;
  const seed = options.seed ?? 0;
  const step = options.curveStep ?? 10;
  if (!Number.isInteger(budget) || budget < 0) throw new IoaError('E_USAGE', `the budget must be a non-negative integer, not ${budget}`, { path: '$.budget' });
  if (!Number.isFinite(errorRate) || errorRate < 0 || errorRate >= 1) throw new IoaError('E_USAGE', `the error rate must lie in [0, 1), not ${errorRate}`, { path: '$.errorRate' });
  if (!Number.isInteger(seed)) throw new IoaError('E_USAGE', `the seed must be an integer, not ${seed}`, { path: '$.seed' });
  if (!Number.isInteger(step) || step < 1) throw new IoaError('E_USAGE', `the curve step must be a positive integer, not ${step}`, { path: '$.curveStep' });

  const pairs = new Map<string, string>();
  const triples = new Set<string>();
  for (const t of reference) {
    pairs.set(`${t.subject}\u0000${t.object}`, t.predicate);
    triples.add(`${t.subject}\u0000${t.predicate}\u0000${t.object}`);
  }
  // A reference of equivalences only (OAEI Anatomy, Conference) asks for an equivalence
  // alignment: broader and narrower candidates are outside the task, neither asked nor scored.
  const equivalenceOnly = reference.length > 0 && reference.every((t) => relationFamily(t.predicate) === 'equivalence');
  const pool = equivalenceOnly ? candidates.filter((c) => relationFamily(c.predicate) === 'equivalence') : candidates;
  const state = new ReviewState(pool, { ...(options.minScore !== undefined ? { minScore: options.minScore } : {}), ...(options.start ? { start: options.start } : {}) });
  const score = (): Score => {
    const chosen = state.alignment();
    const seenPairs = new Set<string>();
    let correct = 0;
    let relationCorrect = 0;
    for (const m of chosen) {
      const pair = `${m.subject}\u0000${m.object}`;
      if (seenPairs.has(pair)) continue;
      seenPairs.add(pair);
      if (pairs.has(pair)) correct++;
      if (triples.has(`${m.subject}\u0000${m.predicate}\u0000${m.object}`)) relationCorrect++;
    }
    return { ...prf(correct, seenPairs.size, pairs.size), relation_f1: prf(relationCorrect, seenPairs.size, triples.size).f1 };
  };
  const before = score();
  const curve: CurvePoint[] = [{ questions: 0, ...before }];
  const answers = { accept: 0, reject: 0, wrong: 0, again: 0 };
  let closed = 0;
  let questions = 0;
  while (questions < budget) {
    const index = state.nextQuestion();
    if (index === undefined) break;
    const c = state.candidates[index]!;
    const truth = pairs.get(`${c.subject}\u0000${c.object}`);
    const reviewer = state.answersOf(index).length;
    const wrong = errorRate > 0 && draw(seed, c.subject, c.predicate, c.object, reviewer) < errorRate;
    const accept = (truth !== undefined) !== wrong;
    questions++;
    if (wrong) answers.wrong++;
    if (accept) {
      answers.accept++;
      closed += state.decide(index, 'accept', truth ?? c.predicate, { reviewer: `#${reviewer}` }).length;
      if (reviewer > 0) answers.again++;
    } else {
      answers.reject++;
      state.decide(index, 'reject', undefined, { reviewer: `#${reviewer}` });
      if (reviewer > 0) answers.again++;
    }
    if (questions % step === 0) curve.push({ questions, ...score() });
  }
  const after = score();
  if (curve[curve.length - 1]!.questions !== questions) curve.push({ questions, ...after });
  return {
    questions, budget, error_rate: errorRate, seed, scope: equivalenceOnly ? 'equivalence' : 'all', candidates: pool.length, f1_before: before.f1, f1_after: after.f1, before, after, answers,
    estimated_error_rate: state.beliefParameters().error, closed, curve,
  };
}

/** Mean, standard deviation (population), least and greatest of some numbers. */
export interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  return { mean, sd, min: Math.min(...values), max: Math.max(...values) };
}

/** The runs of one error rate over several seeds. */
export interface SimulationSeries {
  error_rate: number;
  /** The seeds run (one when the oracle is perfect: its answers do not depend on the seed). */
  seeds: number[];
  f1_before: number;
  f1_after: Spread;
  precision_after: Spread;
  recall_after: Spread;
  questions: Spread;
  /** The mean F1 (and its least and greatest) every curve step, over the seeds. */
  curve: Array<{ questions: number; f1: number; min: number; max: number }>;
  runs: SimulationResult[];
}

export interface SeriesOptions extends Omit<SimulationOptions, 'errorRate' | 'seed'> {
  /** Error rates to simulate (default [0, 0.1, 0.2, 0.3]). */
  errorRates?: readonly number[];
  /** Seeds of the oracle's wrong answers (default [0, 1, 2, 3, 4]). */
  seeds?: readonly number[];
}

export const DEFAULT_ERROR_RATES: readonly number[] = [0, 0.1, 0.2, 0.3];
export const DEFAULT_SEEDS: readonly number[] = [0, 1, 2, 3, 4];

/**
 * The simulation at each error rate over several seeds, with the mean and spread of F1 after
 * and the mean curve: what one seed cannot say (an error rate's effect varies with which
 * answers happen to be wrong).
 */
export function simulateReviewSeries(candidates: readonly Omit<ReviewCandidate, 'index'>[], reference: readonly ReferenceTriple[], options: SeriesOptions = {}): SimulationSeries[] {
  options = optionsObject(options, '$', SERIES_OPTIONS);
  const rates = options.errorRates ?? DEFAULT_ERROR_RATES;
  const seeds = options.seeds ?? DEFAULT_SEEDS;
  if (rates.length === 0) throw new IoaError('E_USAGE', 'give at least one error rate', { path: '$.errorRates' });
  if (seeds.length === 0) throw new IoaError('E_USAGE', 'give at least one seed', { path: '$.seeds' });
  const { errorRates: _rates, seeds: _seeds, ...common } = options;
  return rates.map((errorRate) => {
    const used = errorRate === 0 ? [seeds[0]!] : [...seeds];
    const runs = used.map((seed) => simulateReview(candidates, reference, { ...common, errorRate, seed }));
    const steps = [...new Set(runs.flatMap((r) => r.curve.map((p) => p.questions)))].sort((a, b) => a - b);
    // A run that stopped early keeps its last F1 for the later steps.
    const at = (r: SimulationResult, q: number): number => [...r.curve].reverse().find((p) => p.questions <= q)!.f1;
    return {
      error_rate: errorRate, seeds: used, f1_before: runs[0]!.f1_before,
      f1_after: spread(runs.map((r) => r.f1_after)), precision_after: spread(runs.map((r) => r.after.precision)), recall_after: spread(runs.map((r) => r.after.recall)),
      questions: spread(runs.map((r) => r.questions)),
      curve: steps.map((q) => {
        const f = spread(runs.map((r) => at(r, q)));
        return { questions: q, f1: f.mean, min: f.min, max: f.max };
      }),
      runs,
    };
  });
}

function prf(correct: number, proposed: number, size: number): { precision: number; recall: number; f1: number } {
  const precision = proposed ? correct / proposed : 0;
  const recall = size ? correct / size : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}
