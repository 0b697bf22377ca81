#!/usr/bin/env node
// Interactive matching measured with a simulated reviewer (src/review/simulate.ts, the OAEI
// Interactive track's protocol): on each track, the fused candidates of the default generators
// (what `propose` writes), questions in the review page's order, answers from the reference,
// once perfect and once wrong 20 % of the time; F1 of the selected alignment before and after
// and the F1-versus-questions curve. Anatomy is also run through the CLI as a user would
// (`propose`, then `review simulate`), whole process, and must agree with the in-process figure.
// Needs `npm run build`.
//
//   node benchmarks/review/simulate.mjs [--tracks anatomy,conference,agents] [--budget 400] [--out benchmarks/results/review-simulation.json]
//
// Charts: benchmarks/results/review/<track>-review-curve.svg (beside --out).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir, cpus, totalmem } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenchmark } from '../../dist/bench/runner.js';
import { renderSvg, reviewCurveSpec } from '../../dist/bench/charts.js';
import { mkdirSync } from 'node:fs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const tracks = flag('--tracks', 'anatomy,conference,agents').split(',');
const budget = Number(flag('--budget', '400'));
const out = flag('--out', join(root, 'benchmarks', 'results', 'review-simulation.json'));

const results = { date: new Date().toISOString(), machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: Math.round(totalmem() / 1024 ** 3), node: process.version }, budget, tracks: {} };
for (const corpus of tracks) {
  const started = performance.now();
  const bench = await runBenchmark({ corpus, baselines: false, reviewBudget: budget });
  const fused = bench.runs.find((r) => r.kind === 'fusion');
  results.tracks[corpus] = { wallMs: Math.round(performance.now() - started), review: fused.review };
  // The chart `bench --out` draws, one per track, beside the figures.
  const charts = join(dirname(out), 'review');
  mkdirSync(charts, { recursive: true });
  writeFileSync(join(charts, `${corpus}-review-curve.svg`), await renderSvg(reviewCurveSpec(bench)));
  for (const sim of fused.review) {
    const at = (q) => sim.curve.find((p) => p.questions === q)?.f1;
    console.log(`${corpus}: oracle ${sim.errorRate === 0 ? 'perfect' : `${sim.errorRate * 100}% wrong`}, ${sim.questions} questions (${sim.scope}): F1 ${sim.f1Before.toFixed(3)} → ${sim.f1After.toFixed(3)} (P ${sim.precisionAfter.toFixed(3)}, R ${sim.recallAfter.toFixed(3)}; after 100: ${at(100)?.toFixed(3)}, 200: ${at(200)?.toFixed(3)})`);
  }
}

if (tracks.includes('anatomy')) {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-review-sim-'));
  const candidates = join(dir, 'anatomy.sssom.tsv');
  const cli = join(root, 'bin', 'ioa-align.js');
  execFileSync(process.execPath, [cli, 'propose', 'corpora/anatomy/mouse.owl', 'corpora/anatomy/human.owl', '--out', candidates, '--quiet'], { cwd: root });
  results.cli = {};
  for (const errorRate of [0, 0.2]) {
    const started = performance.now();
    const json = JSON.parse(execFileSync(process.execPath, [cli, 'review', 'simulate', candidates, '--reference', 'corpora/anatomy/reference.rdf', '--budget', String(budget), '--error-rate', String(errorRate), '--json'], { cwd: root, encoding: 'utf8' }));
    const wallMs = Math.round(performance.now() - started);
    results.cli[String(errorRate)] = { wallMs, f1_before: json.f1_before, f1_after: json.f1_after, questions: json.questions };
    console.log(`anatomy via CLI (whole process ${(wallMs / 1000).toFixed(1)} s): error rate ${errorRate}: F1 ${json.f1_before.toFixed(3)} → ${json.f1_after.toFixed(3)} in ${json.questions} questions`);
  }
}
results.loadAverage = loadavg();
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' / ')}; wrote ${out}`);
