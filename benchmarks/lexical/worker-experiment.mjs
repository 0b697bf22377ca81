#!/usr/bin/env node
// Do worker threads pay on this machine? The issue allows them only if a benchmark shows it.
// Compares, on anatomy, the four lexical generators run one after another on the main thread
// with the same work split across two threads: `wordnet` (the most self-contained generator)
// in a worker that loads the ontologies itself, the other three on the main thread.
// `npm run build && node benchmarks/lexical/worker-experiment.mjs [--runs N]`
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { loadOntologyFile } from '../../dist/ontology/load.js';
import { runGenerators } from '../../dist/generators/run.js';

const corpus = fileURLToPath(new URL('../../corpora/anatomy/', import.meta.url));
const load = () => Promise.all([loadOntologyFile(`${corpus}mouse.owl`), loadOntologyFile(`${corpus}human.owl`)]);

if (!isMainThread) {
  const [m, h] = await load();
  const r = await runGenerators(m, h, { generators: workerData.generators, topK: 10 });
  parentPort.postMessage(r.members.length);
} else {
  const args = process.argv.slice(2);
  const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
  const sequential = [];
  const parallel = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    {
      const [m, h] = await load();
      await runGenerators(m, h, { generators: ['exact', 'edit', 'tfidf', 'wordnet'], topK: 10 });
    }
    sequential.push(performance.now() - t);
    t = performance.now();
    {
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { generators: ['wordnet'] } });
      const done = new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
      const [m, h] = await load();
      await runGenerators(m, h, { generators: ['exact', 'edit', 'tfidf'], topK: 10 });
      await done;
      await worker.terminate();
    }
    parallel.push(performance.now() - t);
  }
  const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
  console.log(JSON.stringify({ runs, loadAverage: loadavg()[0], sequentialMs: median(sequential), withWorkerMs: median(parallel), note: 'load + generate, fusion excluded' }));
}
