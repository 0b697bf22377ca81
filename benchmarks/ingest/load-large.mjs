// Loads the NCIt disease module and ORDO (Turtle, corpora/large) one after the other, the whole
// process timed from outside (e.g. `/usr/bin/time -v node benchmarks/ingest/load-large.mjs`).
// Prints each file's load time measured inside the process. Needs `npm run build`.
import { loadOntologyFile } from '../../dist/ontology/load.js';

const root = new URL('../../corpora/large/', import.meta.url);
const result = {};
for (const file of ['ncit-disease-2018-06-08.ttl', 'ordo-2_6-2018-07-12.ttl']) {
  const started = performance.now();
  const index = await loadOntologyFile(new URL(file, root).pathname);
  result[file] = { classes: index.declaredCounts.class, loadMs: Math.round(performance.now() - started) };
}
console.log(JSON.stringify({ ...result, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }));
