#!/usr/bin/env node
// Where the wall time of `ioa-align propose` on anatomy goes: module imports, loading both
// ontologies, the four lexical generators (with fusion), building the SSSOM set and writing it.
// `npm run build && node benchmarks/lexical/propose-phases.mjs [--runs N]`
import { loadavg } from 'node:os';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 1;
const t0 = performance.now();
const { loadVocabulary } = await import('../../dist/ontology/dispatch.js');
const { runGenerators, candidatesForExport } = await import('../../dist/generators/run.js');
const { LEXICAL_GENERATORS } = await import('../../dist/generators/registry.js');
const { candidatesToMappingSet, serializeMappings } = await import('../../dist/exchange/index.js');
const imports = performance.now() - t0;
const corpus = new URL('../../corpora/anatomy/', import.meta.url).pathname;
const rows = [];
for (let i = 0; i < runs; i++) {
  const t1 = performance.now();
  const [m, h] = await Promise.all([loadVocabulary(`${corpus}mouse.owl`), loadVocabulary(`${corpus}human.owl`)]);
  const t2 = performance.now();
  const r = await runGenerators(m, h, { generators: [...LEXICAL_GENERATORS], topK: 10 });
  const t3 = performance.now();
  const candidates = candidatesForExport(r);
  const set = candidatesToMappingSet(candidates, { source: m, target: h });
  const t4 = performance.now();
  const text = serializeMappings(set, 'sssom');
  const t5 = performance.now();
  rows.push({ load: t2 - t1, generate: t3 - t2, ...r.timings, toMappingSet: t4 - t3, serialize: t5 - t4, total: t5 - t1, rows: candidates.length, bytes: text.length });
}
const median = (k) => Math.round([...rows.map((r) => r[k])].sort((a, b) => a - b)[Math.floor(rows.length / 2)]);
console.log(JSON.stringify({ runs, loadAverage: loadavg()[0], imports: Math.round(imports), ...Object.fromEntries(Object.keys(rows[0]).map((k) => [k, median(k)])), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }, null, 2));
