#!/usr/bin/env node
// Interactive matching measured with a simulated reviewer (src/review/simulate.ts, the OAEI
// Interactive track's protocol): on each track, the fused candidates of the default generators
// (what `propose` writes), questions in the review page's order, answers from the reference,
// perfect and wrong 10, 20 and 30 % of the time, each error rate over five seeds (mean, least and
// greatest); F1 of the selected alignment before and after and the mean F1-versus-questions
// curves. Anatomy is also run through the CLI as a user would (`propose`, then `review simulate
// --source … --target … --error-rate 0,0.1,0.2,0.3 --seeds 5`), whole process, and must agree with
// the in-process figure. The review starts from each pair's selection with its ontologies, as the
// review page starts it.
// Needs `npm run build`.
//
//   node benchmarks/review/simulate.mjs [--tracks anatomy,conference,agents,…] [--budget 400] [--seeds 5] [--out benchmarks/results/review-simulation.json]
//
// Charts: benchmarks/results/review/<track>-review-curve.svg (beside --out).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir, cpus, totalmem } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenchmark } from '../../dist/bench/runner.js';
import { renderSvg, reviewCurveSpec } from '../../dist/bench/charts.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const tracks = flag('--tracks', 'anatomy,conference,agents,anatomy-subsumption,conference-subsumption,agents-subsumption').split(',');
const budget = Number(flag('--budget', '400'));
const seeds = Array.from({ length: Number(flag('--seeds', '5')) }, (_, i) => i);
const out = flag('--out', join(root, 'benchmarks', 'results', 'review-simulation.json'));
const f = (x) => x.toFixed(3);

const results = { date: new Date().toISOString(), machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: Math.round(totalmem() / 1024 ** 3), node: process.version }, budget, seeds, tracks: {} };
for (const corpus of tracks) {
  const started = performance.now();
  const bench = await runBenchmark({ corpus, baselines: false, reviewBudget: budget, reviewSeeds: seeds });
  const fused = bench.runs.find((r) => r.kind === 'fusion');
  results.tracks[corpus] = { wallMs: Math.round(performance.now() - started), review: fused.review };
  // The chart `bench --out` draws, one per track, beside the figures.
  const charts = join(dirname(out), 'review');
  mkdirSync(charts, { recursive: true });
  writeFileSync(join(charts, `${corpus}-review-curve.svg`), await renderSvg(reviewCurveSpec(bench)));
  for (const sim of fused.review) {
    const at = (q) => sim.curve.find((p) => p.questions === q)?.f1;
    console.log(`${corpus}: oracle ${sim.errorRate === 0 ? 'perfect' : `${Math.round(sim.errorRate * 100)} % wrong`} (${sim.seeds.length} seed${sim.seeds.length === 1 ? '' : 's'}), ${Math.round(sim.questions)} questions (${sim.scope}): F1 ${f(sim.f1Before)} → ${f(sim.f1After)} [${f(sim.f1AfterMin)}–${f(sim.f1AfterMax)}] (P ${f(sim.precisionAfter)}, R ${f(sim.recallAfter)}; after 100: ${at(100) === undefined ? '–' : f(at(100))}, 200: ${at(200) === undefined ? '–' : f(at(200))})`);
  }
}

if (tracks.includes('anatomy')) {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-review-sim-'));
  const candidates = join(dir, 'anatomy.sssom.tsv');
  const cli = join(root, 'bin', 'ioa-align.js');
  execFileSync(process.execPath, [cli, 'propose', 'corpora/anatomy/mouse.owl', 'corpora/anatomy/human.owl', '--out', candidates, '--quiet'], { cwd: root });
  const started = performance.now();
  const json = JSON.parse(execFileSync(process.execPath, [cli, 'review', 'simulate', candidates, '--reference', 'corpora/anatomy/reference.rdf', '--source', 'corpora/anatomy/mouse.owl', '--target', 'corpora/anatomy/human.owl', '--budget', String(budget), '--error-rate', '0,0.1,0.2,0.3', '--seeds', String(seeds.length), '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 }));
  const wallMs = Math.round(performance.now() - started);
  results.cli = { wallMs, f1_before: json.f1_before, series: json.series.map((s) => ({ error_rate: s.error_rate, f1_after: s.f1_after, questions: s.questions })) };
  for (const s of json.series) console.log(`anatomy via CLI: error rate ${s.error_rate}: F1 ${f(json.f1_before)} → ${f(s.f1_after.mean)} ± ${f(s.f1_after.sd)} [${f(s.f1_after.min)}–${f(s.f1_after.max)}] in ${Math.round(s.questions.mean)} questions`);
  console.log(`anatomy via CLI: ${(wallMs / 1000).toFixed(1)} s whole process for ${json.series.reduce((n, s) => n + s.runs.length, 0)} runs`);
}
results.loadAverage = loadavg();
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' / ')}; wrote ${out}`);
