#!/usr/bin/env node
// Compares the three ways translate segments Chinese names (src/text/segment.ts) on both
// multilingual tracks: translate alone, top-10, micro Hits@1 and recall@10 as `ioa-align bench`
// computes them. Writes benchmarks/results/multilingual-segmentation.json.
// Usage: npm run build && node benchmarks/multilingual/segmentation.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { runBenchmark } = await import(join(root, 'dist', 'bench', 'runner.js'));
const rows = [];
for (const corpus of ['multilingual', 'multilingual-cldr']) {
  for (const segmentation of ['lattice', 'maxmatch', 'icu']) {
    const result = await runBenchmark({ corpus, generators: ['translate'], baselines: false, generatorConfig: { translate: { segmentation } } });
    const run = result.runs.find((r) => r.name === 'translate');
    const row = { corpus, segmentation, hitsAt1: run.micro.hitsAt['1'], recallAt10: run.micro.recallAt[9], wallMs: run.cost.wallMs };
    for (const p of run.perPair) row[p.id] = p.metrics.hitsAt['1'];
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
writeFileSync(join(root, 'benchmarks', 'results', 'multilingual-segmentation.json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`);
