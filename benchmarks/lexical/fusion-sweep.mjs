#!/usr/bin/env node
// How the fusion constant k and member weights change anatomy Hits@1 / recall@10: the sweep
// behind DEFAULT_FUSION_WEIGHTS (src/generators/fusion.ts). Members run once; fusion is redone
// per setting. `npm run build && node benchmarks/lexical/fusion-sweep.mjs [generator-config-json]`
import { loadOntologyFile } from '../../dist/ontology/load.js';
import { readAlignmentFile } from '../../dist/ontology/alignment-reader.js';
import { runGenerators } from '../../dist/generators/run.js';
import { fuseCandidates } from '../../dist/generators/fusion.js';
import { metrics } from './anatomy-metrics.mjs';

const c = new URL('../../corpora/anatomy/', import.meta.url).pathname;
const [m, h, ref] = await Promise.all([loadOntologyFile(c + 'mouse.owl'), loadOntologyFile(c + 'human.owl'), readAlignmentFile(c + 'reference.rdf')]);
const generators = ['exact', 'edit', 'tfidf', 'wordnet'];
const r = await runGenerators(m, h, { generators, topK: 10, config: JSON.parse(process.argv[2] ?? '{}') });
for (const g of generators) {
  const x = metrics(r.members.filter((cand) => cand.generator === g), ref.cells);
  console.log(`${g.padEnd(8)} Hits@1 ${x.hitsAt1.toFixed(3)} recall@10 ${x.recallAt10.toFixed(3)}`);
}
const settings = [{}, { exact: 2 }, { exact: 2, wordnet: 2 }, { exact: 3, wordnet: 3 }, { exact: 2, wordnet: 2, edit: 0.5 }, { tfidf: 2 }];
for (const k of [1, 10, 60]) {
  for (const weights of settings) {
    const x = metrics(fuseCandidates(r.members, { topK: 10, k, weights }), ref.cells);
    console.log(`k=${k} weights=${JSON.stringify(weights)} Hits@1 ${x.hitsAt1.toFixed(3)} recall@10 ${x.recallAt10.toFixed(3)}`);
  }
}
