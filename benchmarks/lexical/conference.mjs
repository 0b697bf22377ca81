#!/usr/bin/env node
// The 21 OAEI conference pairs (ra1 reference): precision/recall of each pair's rank-1 fused
// candidates, and Hits@1 / recall@10 over all reference cells. Conference is small and mostly
// about properties and classes named in camelCase, so it checks kinds and identifier splitting.
// `npm run build && node benchmarks/lexical/conference.mjs`
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { loadOntologyFile } from '../../dist/ontology/load.js';
import { readAlignmentFile } from '../../dist/ontology/alignment-reader.js';
import { runGenerators } from '../../dist/generators/run.js';
import { LEXICAL_GENERATORS } from '../../dist/generators/registry.js';
import { metrics } from './anatomy-metrics.mjs';

const dir = fileURLToPath(new URL('../../corpora/conference/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dir}manifest.json`, 'utf8'));
let cells = [];
let candidates = [];
const started = performance.now();
for (const pair of manifest.pairs) {
  const [s, t, ref] = await Promise.all([loadOntologyFile(dir + pair.source), loadOntologyFile(dir + pair.target), readAlignmentFile(dir + pair.reference)]);
  const result = await runGenerators(s, t, { generators: [...LEXICAL_GENERATORS], topK: 10 });
  cells = cells.concat(ref.cells.filter((c) => c.relation === '='));
  candidates = candidates.concat(result.fused);
}
const m = metrics(candidates, cells);
console.log(`conference: ${manifest.pairs.length} pairs, ${cells.length} reference cells, ${Math.round(performance.now() - started)} ms`);
console.log(`fused Hits@1 ${m.hitsAt1.toFixed(3)}  recall@10 ${m.recallAt10.toFixed(3)}  MRR ${m.mrr.toFixed(3)}  P(rank1) ${m.rank1Precision.toFixed(3)}`);
