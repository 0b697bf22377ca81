/**
 * `ioa-align review simulate CANDIDATES --reference REF`: the OAEI Interactive track's protocol
 * on a candidate file — an oracle answers the questions the review page would put first, from
 * the reference, wrongly with probability --error-rate — and the F1 before and after.
 */
import { defineCommand } from 'citty';
import { IoaError } from '../../api/index.js';
import { simulateReviewFile } from '../../api/review.js';
import { out, report } from '../io.js';

function integer(value: string | undefined, option: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) throw new IoaError('E_USAGE', `${option} must be an integer${min === 0 ? ' ≥ 0' : ''}, not "${value}"`, { path: option });
  return n;
}

const f = (x: number): string => x.toFixed(3);

export default defineCommand({
  meta: { name: 'simulate', description: 'Simulate a reviewer (OAEI Interactive track): an oracle answers from the reference alignment, wrongly with probability --error-rate (the same question always gets the same answer), the questions the review page puts first; prints precision/recall/F1 of the selected alignment before and after, and the F1-versus-questions curve.' },
  args: {
    candidates: { type: 'positional', description: 'Candidate file (as `propose` writes it)', required: true },
    reference: { type: 'string', description: 'Reference alignment (OAEI Alignment RDF/XML, or a SSSOM/CSV/JSON mapping file)', required: true },
    budget: { type: 'string', description: 'Questions at most (default 400)' },
    'error-rate': { type: 'string', description: 'Probability of a wrong answer, in [0, 1) (default 0)' },
    seed: { type: 'string', description: 'Seed of the oracle\'s answers (default 0)' },
    json: { type: 'boolean', description: 'Print one JSON object: f1_before, f1_after, questions, curve, …' },
  },
  async run({ args }) {
    const budget = integer(args.budget, '--budget', 400, 0);
    const seed = integer(args.seed, '--seed', 0, Number.MIN_SAFE_INTEGER);
    const errorRate = args['error-rate'] === undefined ? 0 : Number(args['error-rate']);
    if (args['error-rate'] !== undefined && (args['error-rate'].trim() === '' || !Number.isFinite(errorRate) || errorRate < 0 || errorRate >= 1)) {
      throw new IoaError('E_USAGE', `--error-rate must be a number in [0, 1), not "${args['error-rate']}"`, { path: '--error-rate' });
    }
    const result = await simulateReviewFile(args.candidates, args.reference, { budget, errorRate, seed });
    if (args.json) {
      out(JSON.stringify(result));
      return;
    }
    const lines = [
      `questions: ${result.questions} of ${result.budget} (error rate ${result.error_rate}, seed ${result.seed}; ${result.answers.accept} accepted, ${result.answers.reject} rejected, ${result.answers.wrong} wrong answers; ${result.closed} candidates closed by propagation)`,
      `scope: ${result.scope === 'equivalence' ? 'equivalence candidates (the reference holds only equivalences)' : 'all candidates'}, ${result.candidates} candidates`,
      '',
      '|        | precision | recall | F1    |',
      '|--------|-----------|--------|-------|',
      `| before | ${f(result.before.precision)}     | ${f(result.before.recall)}  | ${f(result.before.f1)} |`,
      `| after  | ${f(result.after.precision)}     | ${f(result.after.recall)}  | ${f(result.after.f1)} |`,
      '',
      `F1 by questions: ${result.curve.filter((p, i) => i === result.curve.length - 1 || p.questions % 50 === 0).map((p) => `${p.questions}:${f(p.f1)}`).join(' ')}`,
    ];
    report(lines.join('\n'));
  },
});
