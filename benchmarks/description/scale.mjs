#!/usr/bin/env node
// The `description` generator at scale, where the bundled large pair has no descriptions: NCIt's
// disease module and ORDO (corpora/large) each given one synthetic definition per concept, built
// from the concept's own names, its parent's label and another concept's label ("A <parent> that
// is characterized by <name> and involves <other>, including <other's synonym>."), then
// `description` alone. In process (loading excluded from the time), after `npm run build`:
//
//   node benchmarks/description/scale.mjs
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { loadOntology, propose } = await import(join(root, 'dist/api/index.js'));
const [a, b] = await Promise.all([
  loadOntology(join(root, 'corpora/large/ncit-disease-2018-06-08.ttl')),
  loadOntology(join(root, 'corpora/large/ordo-2_6-2018-07-12.ttl')),
]);
for (const index of [a, b]) {
  const label = (iri) => index.byIri.get(iri)?.labels[0]?.text ?? 'disease';
  index.concepts.forEach((c, i) => {
    const other = index.concepts[(i * 7919) % index.concepts.length];
    c.definitions.push(`A ${label(c.parents[0])} that is characterized by ${c.labels[0].text.toLowerCase()} and involves ${other.labels[0].text.toLowerCase()}, including ${other.synonyms[0]?.text ?? 'other forms'}.`);
  });
}
const load = loadavg()[0];
const started = performance.now();
const candidates = await propose(a, b, { generators: ['description'], topK: 10 });
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ concepts: [a.concepts.length, b.concepts.length], candidates: candidates.length, seconds: +seconds.toFixed(1), rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20), load1m: +load.toFixed(1) }));
