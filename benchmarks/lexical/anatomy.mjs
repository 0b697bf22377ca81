#!/usr/bin/env node
// Lexical generators on OAEI anatomy (mouse → human): Hits@1, recall@10 and MRR against the
// reference, per generator and fused, plus wall time and peak memory of a full fused run.
// Runs on the compiled library: `npm run build && node benchmarks/lexical/anatomy.mjs [--runs N] [--json] [--out DIR]`
// (--out writes the results with the resolved configuration to DIR/anatomy-lexical.json).
// Hits@1: share of reference pairs (s, t) whose t is s's rank-1 candidate; recall@10: share whose
// t is among s's top 10. Only `=` cells count; pairs are directional (mouse subject, human object).
import { fileURLToPath } from 'node:url';
import { loadOntologyFile } from '../../dist/ontology/load.js';
import { readAlignmentFile } from '../../dist/ontology/alignment-reader.js';
import { runGenerators } from '../../dist/generators/run.js';
import { LEXICAL_GENERATORS } from '../../dist/generators/registry.js';
import { metrics } from './anatomy-metrics.mjs';
import { DEFAULT_RRF_K, DEFAULT_FUSION_WEIGHTS, DEFAULT_TIE_BREAK } from '../../dist/generators/fusion.js';
import { DEFAULT_BUDGET } from '../../dist/generators/blocking.js';
import { FIELD_WEIGHTS } from '../../dist/generators/lexical-index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const corpus = fileURLToPath(new URL('../../corpora/anatomy/', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const generators = args.includes('--generators') ? args[args.indexOf('--generators') + 1].split(',') : [...LEXICAL_GENERATORS];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const loadStart = performance.now();
const loadCpu = process.cpuUsage();
const [mouse, human, reference] = await Promise.all([
  loadOntologyFile(`${corpus}mouse.owl`),
  loadOntologyFile(`${corpus}human.owl`),
  readAlignmentFile(`${corpus}reference.rdf`),
]);
const loadMs = performance.now() - loadStart;
const loadCpuMs = (process.cpuUsage(loadCpu).user + process.cpuUsage(loadCpu).system) / 1000;
const cells = reference.cells.filter((c) => c.relation === '=');

const times = [];
let last;
for (let i = 0; i < runs; i++) {
  // Fresh indexes each run: generators cache per-index work, and a warm run would flatter them.
  const [m, h] = i === 0 ? [mouse, human] : await Promise.all([loadOntologyFile(`${corpus}mouse.owl`), loadOntologyFile(`${corpus}human.owl`)]);
  const started = performance.now();
  const cpu = process.cpuUsage();
  last = await runGenerators(m, h, { generators, topK: 10 });
  const used = process.cpuUsage(cpu);
  // CPU time as well as wall time: the machine is shared, and wall time alone mostly measures load.
  times.push({ total: performance.now() - started, cpu: (used.user + used.system) / 1000, ...last.timings });
}
const perGenerator = {};
for (const g of generators) perGenerator[g] = metrics(last.members.filter((c) => c.generator === g), cells);
const fused = last.fused ? metrics(last.fused, cells) : undefined;
const report = {
  corpus: 'anatomy mouse→human', referencePairs: cells.length, runs, generators,
  loadMs: Math.round(loadMs), loadCpuMs: Math.round(loadCpuMs), loadAverage: (await import('node:os')).loadavg()[0],
  medianMs: Object.fromEntries(Object.keys(times[0]).map((k) => [k, Math.round(median(times.map((t) => t[k])))])),
  peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  perGenerator, fused,
};
// The resolved configuration goes beside the results (STYLE.md point 10).
report.config = { topK: 10, fusion: { k: DEFAULT_RRF_K, weights: DEFAULT_FUSION_WEIGHTS, tieBreak: DEFAULT_TIE_BREAK }, blockingBudget: DEFAULT_BUDGET, fieldWeights: FIELD_WEIGHTS, node: process.version };
if (args.includes('--out')) {
  const dir = args[args.indexOf('--out') + 1];
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'anatomy-lexical.json'), `${JSON.stringify(report, null, 2)}\n`);
}
if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`${report.corpus}: ${cells.length} reference pairs, load ${report.loadMs} ms (cpu ${report.loadCpuMs} ms), ${runs} runs, peak RSS ${report.peakRssMB} MB, load average ${report.loadAverage.toFixed(1)}`);
  console.log(`median ms: ${JSON.stringify(report.medianMs)}`);
  const row = (name, m) => console.log(`${name.padEnd(8)} Hits@1 ${m.hitsAt1.toFixed(3)}  recall@10 ${m.recallAt10.toFixed(3)}  MRR ${m.mrr.toFixed(3)}  P(rank1) ${m.rank1Precision.toFixed(3)}  subjects ${m.subjects}`);
  for (const [g, m] of Object.entries(perGenerator)) row(g, m);
  if (fused) row('fused', fused);
}
