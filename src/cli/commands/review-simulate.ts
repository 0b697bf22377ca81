/**
 * `ioa-align review simulate CANDIDATES --reference REF`: the OAEI Interactive track's protocol
 * on a candidate file — an oracle answers the questions the review page would put first, from
 * the reference, wrongly with probability --error-rate — and the F1 before and after. Several
 * error rates and seeds give the mean and spread of each rate.
 */
import { defineCommand } from 'citty';
import { IoaError } from '../../api/index.js';
import { simulateReviewFile, simulateReviewFileSeries } from '../../api/review.js';
import { err, out, report } from '../io.js';
import { loadingWarning } from '../ontology-input.js';

function integer(value: string, option: string, min: number): number {
  const n = Number(value);
  // The bound is named whenever there is one: `--seeds 0` is an integer, and the message must say why it is refused.
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) throw new IoaError('E_USAGE', `${option} must be an integer${min > Number.MIN_SAFE_INTEGER ? ` ≥ ${min}` : ''}, not "${value}"`, { path: option });
  return n;
}

/** `0,0.1,0.2`: each a number in [0, 1). */
export function parseErrorRates(value: string | undefined): number[] {
  if (value === undefined) return [0];
  const rates = value.split(',').map((part) => {
    const n = Number(part);
    if (part.trim() === '' || !Number.isFinite(n) || n < 0 || n >= 1) throw new IoaError('E_USAGE', `--error-rate must be a number in [0, 1) or a comma-separated list of them, not "${value}"`, { path: '--error-rate' });
    return n;
  });
  return once(rates, '--error-rate', value);
}

/** A list that names one value twice is refused: run once, it would report fewer runs than asked for. */
function once(values: number[], option: string, given: string): number[] {
  const twice = values.find((v, i) => values.indexOf(v) !== i);
  if (twice !== undefined) throw new IoaError('E_USAGE', `${option} names ${twice} twice ("${given}"); each value is run once`, { path: option });
  return values;
}

/** `--seeds N` (seeds 0 … N−1) or `--seeds 3,7,11`; `--seed S` alone is one seed. */
export function parseSeeds(seeds: string | undefined, seed: string | undefined): number[] {
  if (seeds !== undefined && seed !== undefined) throw new IoaError('E_USAGE', 'give --seed or --seeds, not both', { path: '--seeds' });
  if (seed !== undefined) return [integer(seed, '--seed', Number.MIN_SAFE_INTEGER)];
  if (seeds === undefined) return [0];
  if (seeds.includes(',')) return once(seeds.split(',').map((s) => integer(s, '--seeds', Number.MIN_SAFE_INTEGER)), '--seeds', seeds);
  const n = integer(seeds, '--seeds', 1);
  if (n > 1000) throw new IoaError('E_USAGE', `--seeds must be at most 1000, not ${n}`, { path: '--seeds' });
  return Array.from({ length: n }, (_, i) => i);
}

const f = (x: number): string => x.toFixed(3);

export default defineCommand({
  meta: { name: 'simulate', description: 'Simulate a reviewer (OAEI Interactive track): an oracle answers from the reference alignment, wrongly with probability --error-rate (the same question always gets the same answer; a second opinion goes to another reviewer), the questions the review page puts first; prints precision/recall/F1 of the selected alignment before and after, and the F1-versus-questions curve. Several error rates or seeds: mean and spread of each rate.' },
  args: {
    candidates: { type: 'positional', description: 'Candidate file (as `propose` writes it)', required: true },
    reference: { type: 'string', description: 'Reference alignment (OAEI Alignment RDF/XML, or a SSSOM/CSV/JSON mapping file)', required: true },
    source: { type: 'string', description: 'Source ontology (the candidates\' subjects); with --target the review starts from the selection propose --select one-to-one makes with the ontologies (structural agreement, repair), as the review page does' },
    target: { type: 'string', description: 'Target ontology (the candidates\' objects); see --source' },
    budget: { type: 'string', description: 'Questions at most (default 400)' },
    'error-rate': { type: 'string', description: 'Probability of a wrong answer, in [0, 1), or a list: 0,0.1,0.2,0.3 (default 0)' },
    seed: { type: 'string', description: 'Seed of the oracle\'s answers (default 0)' },
    seeds: { type: 'string', description: 'Several seeds: a count N (0 … N−1) or a list 3,7,11; each error rate is run with each and reported as mean, spread and range' },
    'skip-invalid': { type: 'boolean', description: 'Agent record files as --source or --target: leave bad records out (a summary per reason on stderr), as propose --skip-invalid did' },
    json: { type: 'boolean', description: 'Print one JSON object: one run (f1_before, f1_after, questions, curve, …), or for several rates or seeds {f1_before, budget, series: [{error_rate, seeds, f1_after: {mean, sd, min, max}, curve, runs}]}' },
  },
  async run({ args }) {
    const budget = args.budget === undefined ? 400 : integer(args.budget, '--budget', 0);
    const rates = parseErrorRates(args['error-rate']);
    const seeds = parseSeeds(args.seeds, args.seed);
    if ((args.source === undefined) !== (args.target === undefined)) throw new IoaError('E_USAGE', 'give both --source and --target, or neither', { path: args.source === undefined ? '--source' : '--target' });
    if (args['skip-invalid'] && args.source === undefined) throw new IoaError('E_USAGE', '--skip-invalid means something only with --source and --target (the record files it reads)', { path: '--skip-invalid' });
    const ontologies = {
      ...(args.source !== undefined ? { source: args.source } : {}), ...(args.target !== undefined ? { target: args.target } : {}),
      ...(args['skip-invalid'] ? { skipInvalid: true, onWarning: (message: string) => err(`ioa-align: warning: ${loadingWarning(message)}`) } : {}),
    };
    if (rates.length === 1 && seeds.length === 1) {
      const result = await simulateReviewFile(args.candidates, args.reference, { budget, errorRate: rates[0]!, seed: seeds[0]!, ...ontologies });
      if (args.json) {
        out(JSON.stringify(result));
        return;
      }
      report([
        `questions: ${result.questions} of ${result.budget} (error rate ${result.error_rate}, seed ${result.seed}; ${result.answers.accept} accepted, ${result.answers.reject} rejected, ${result.answers.wrong} wrong answers, ${result.answers.again} second opinions; ${result.closed} candidates closed by propagation; estimated error rate ${f(result.estimated_error_rate)})`,
        `scope: ${result.scope === 'equivalence' ? 'equivalence candidates (the reference holds only equivalences)' : 'all candidates'}, ${result.candidates} candidates`,
        '',
        '|        | precision | recall | F1    |',
        '|--------|-----------|--------|-------|',
        `| before | ${f(result.before.precision)}     | ${f(result.before.recall)}  | ${f(result.before.f1)} |`,
        `| after  | ${f(result.after.precision)}     | ${f(result.after.recall)}  | ${f(result.after.f1)} |`,
        '',
        `F1 by questions: ${result.curve.filter((p, i) => i === result.curve.length - 1 || p.questions % 50 === 0).map((p) => `${p.questions}:${f(p.f1)}`).join(' ')}`,
      ].join('\n'));
      return;
    }
    const series = await simulateReviewFileSeries(args.candidates, args.reference, { budget, errorRates: rates, seeds, ...ontologies });
    if (args.json) {
      out(JSON.stringify({ f1_before: series[0]!.f1_before, budget, series }));
      return;
    }
    const lines = [
      `F1 before: ${f(series[0]!.f1_before)}; ${budget} questions at most; seeds ${seeds.join(', ')} (a perfect oracle runs once)`,
      '',
      '| error rate | runs | questions (mean) | F1 after: mean ± sd | min – max | P / R after (mean) |',
      '|---:|---:|---:|---:|---:|---:|',
      ...series.map((s) => `| ${s.error_rate} | ${s.runs.length} | ${s.questions.mean.toFixed(0)} | ${f(s.f1_after.mean)} ± ${f(s.f1_after.sd)} | ${f(s.f1_after.min)} – ${f(s.f1_after.max)} | ${f(s.precision_after.mean)} / ${f(s.recall_after.mean)} |`),
    ];
    report(lines.join('\n'));
  },
});
