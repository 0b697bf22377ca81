// Loads both OAEI anatomy ontologies once, the whole process timed from outside
// (e.g. `/usr/bin/time -v node benchmarks/ingest/load-anatomy.mjs`). Needs `npm run build`.
import { loadOntologyFile } from '../../dist/ontology/load.js';

const root = new URL('../../corpora/anatomy/', import.meta.url);
const started = performance.now();
const [mouse, human] = await Promise.all([
  loadOntologyFile(new URL('mouse.owl', root).pathname),
  loadOntologyFile(new URL('human.owl', root).pathname),
]);
const ms = performance.now() - started;
console.log(JSON.stringify({
  mouseClasses: mouse.declaredCounts.class,
  humanClasses: human.declaredCounts.class,
  loadMs: Math.round(ms),
  peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
}));
