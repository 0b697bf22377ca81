#!/usr/bin/env node
// Error analysis on anatomy: every reference pair whose target is not the rank-1 candidate, with
// the names on both sides, what was ranked first, and which members ranked what (e.g. [tfidf1]).
// `npm run build && node benchmarks/lexical/errors.mjs [generators] [fusion-weights-json]`
import { loadOntologyFile } from '../../dist/ontology/load.js';
import { readAlignmentFile } from '../../dist/ontology/alignment-reader.js';
import { runGenerators } from '../../dist/generators/run.js';

const c = new URL('../../corpora/anatomy/', import.meta.url).pathname;
const generators = (process.argv[2] ?? 'exact,edit,tfidf,wordnet').split(',');
const fusion = process.argv[3] ? { weights: JSON.parse(process.argv[3]) } : undefined;
const [m, h, ref] = await Promise.all([loadOntologyFile(c + 'mouse.owl'), loadOntologyFile(c + 'human.owl'), readAlignmentFile(c + 'reference.rdf')]);
const r = await runGenerators(m, h, { generators, topK: 10, ...(fusion ? { fusion } : {}) });
const list = r.fused ?? r.members;
const by = new Map();
for (const x of list) {
  if (!by.has(x.subject)) by.set(x.subject, []);
  by.get(x.subject).push(x);
}
const names = (o, iri) => {
  const k = o.byIri.get(iri);
  return k ? [k.labels[0]?.text, ...k.synonyms.map((s) => s.text)].slice(0, 4).join(' | ') : iri;
};
const members = (x) => (x.members ?? [x]).map((y) => y.generator + y.rank).join(',');
let missing = 0;
let lower = 0;
const out = [];
for (const cell of ref.cells) {
  const l = by.get(cell.entity1) ?? [];
  const f = l.find((x) => x.object === cell.entity2);
  if (f?.rank === 1) continue;
  if (!f) missing++;
  else lower++;
  const top = l[0];
  out.push(`${f ? `rank ${f.rank}` : 'MISS'}: ${names(m, cell.entity1)}  =>  ${names(h, cell.entity2)}   TOP: ${top ? `${names(h, top.object)} [${members(top)}]` : '-'}${f ? ` EXPECTED: [${members(f)}]` : ''}`);
}
console.log(`${missing} reference pairs not in the top 10, ${lower} below rank 1`);
console.log(out.sort().join('\n'));
