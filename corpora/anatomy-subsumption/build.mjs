#!/usr/bin/env node
// Builds the anatomy-subsumption track (Bio-ML style, He et al. 2022) from the OAEI anatomy
// equivalence reference: for a selection of reference cells mouse:s = human:t, the class t is
// deleted from human.owl and its named subclasses are re-attached to its named superclasses.
// The matcher then sees mouse:s without its equivalent, and the right answers are t's former
// superclasses: `s < p` (s skos:broadMatch p) for each named parent p of t.
//
// Selection, deterministic and independent of any matcher: cells are taken in the order of
// sha256(t) and a cell is kept when t has a named superclass other than owl:Thing and neither a
// parent nor a child of t was kept before (so every answer class survives and re-attachment is
// one level deep). Every fourth eligible cell in that order is used, keeping the target
// ontology mostly intact (a deleted class also loses its evidence as someone else's sibling).
//
// Usage (from the package root, after `npm run build`): node corpora/anatomy-subsumption/build.mjs
// Writes human-without-equivalents.ttl, reference.rdf and selection.tsv next to this script;
// running it twice gives byte-identical files.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import N3 from 'n3';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const { readRdfFile } = await import(join(root, 'dist', 'ontology', 'rdf-source.js'));
const { readAlignmentFile } = await import(join(root, 'dist', 'ontology', 'alignment-reader.js'));
const { loadVocabulary } = await import(join(root, 'dist', 'ontology', 'dispatch.js'));

const ANATOMY = join(root, 'corpora', 'anatomy');
const EVERY = 4;
const RDFS_SUBCLASS = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
const OWL_THING = 'http://www.w3.org/2002/07/owl#Thing';
const SYNONYM_LINKS = new Set([
  'http://www.geneontology.org/formats/oboInOwl#hasRelatedSynonym',
  'http://www.geneontology.org/formats/oboInOwl#hasExactSynonym',
  'http://www.geneontology.org/formats/oboInOwl#hasBroadSynonym',
  'http://www.geneontology.org/formats/oboInOwl#hasNarrowSynonym',
  'http://www.geneontology.org/formats/oboInOwl#hasDefinition',
]);

const human = await loadVocabulary(join(ANATOMY, 'human.owl'));
const mouse = await loadVocabulary(join(ANATOMY, 'mouse.owl'));
const reference = await readAlignmentFile(join(ANATOMY, 'reference.rdf'));
const { quads } = await readRdfFile(join(ANATOMY, 'human.owl'));

const namedParents = (iri) => (human.byIri.get(iri)?.parents ?? []).filter((p) => p !== OWL_THING && human.byIri.has(p));
const children = new Map();
for (const c of human.concepts) for (const p of c.parents) children.set(p, [...(children.get(p) ?? []), c.iri]);

const sha = (text) => createHash('sha256').update(text).digest('hex');
const cells = reference.cells
  .filter((c) => c.relation === '=' && human.byIri.has(c.entity2) && mouse.byIri.has(c.entity1) && namedParents(c.entity2).length > 0)
  .sort((a, b) => (sha(a.entity2) < sha(b.entity2) ? -1 : sha(a.entity2) > sha(b.entity2) ? 1 : 0));

const deleted = new Set();
const blocked = new Set();
const selected = [];
let eligible = 0;
for (const cell of cells) {
  const t = cell.entity2;
  if (deleted.has(t) || blocked.has(t)) continue;
  const parents = namedParents(t);
  if (parents.some((p) => deleted.has(p)) || (children.get(t) ?? []).some((c) => deleted.has(c))) continue;
  eligible += 1;
  if ((eligible - 1) % EVERY !== 0) continue;
  deleted.add(t);
  for (const p of parents) blocked.add(p);
  for (const c of children.get(t) ?? []) blocked.add(c);
  selected.push({ subject: cell.entity1, deleted: t, parents });
}

// The deleted classes' own annotation nodes (synonym and definition nodes) go with them.
const owned = new Set(deleted);
for (const q of quads) if (deleted.has(q.subject.value) && SYNONYM_LINKS.has(q.predicate.value)) owned.add(q.object.value);
// Restrictions mentioning a deleted class (part_of some t) are removed whole.
const deadRestrictions = new Set(quads.filter((q) => q.subject.termType === 'BlankNode' && deleted.has(q.object.value)).map((q) => q.subject.value));

const { namedNode, quad: makeQuad } = N3.DataFactory;
const kept = [];
for (const q of quads) {
  if (owned.has(q.subject.value) || deadRestrictions.has(q.subject.value)) continue;
  if (q.object.termType === 'BlankNode' && deadRestrictions.has(q.object.value)) continue;
  if (owned.has(q.object.value)) {
    // A named subclass of a deleted class moves up to the deleted class's parents.
    if (q.predicate.value === RDFS_SUBCLASS && deleted.has(q.object.value)) {
      for (const p of namedParents(q.object.value)) kept.push(makeQuad(q.subject, q.predicate, namedNode(p)));
    }
    continue;
  }
  kept.push(q);
}

const key = (q) => `${q.subject.termType === 'BlankNode' ? '_:' : ''}${q.subject.value}\u0000${q.predicate.value}\u0000${q.object.termType}:${q.object.value}\u0000${q.object.termType === 'Literal' ? `${q.object.language}|${q.object.datatype.value}` : ''}`;
const unique = new Map();
for (const q of kept) unique.set(key(q), q);
const sorted = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, q]) => q);

const writer = new N3.Writer({
  prefixes: {
    human: 'http://human.owl#',
    owl: 'http://www.w3.org/2002/07/owl#',
    rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
    rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
    xsd: 'http://www.w3.org/2001/XMLSchema#',
    oboInOwl: 'http://www.geneontology.org/formats/oboInOwl#',
  },
});
writer.addQuads(sorted);
writer.end((error, turtle) => {
  if (error) throw error;
  writeFileSync(join(here, 'human-without-equivalents.ttl'), `# Generated by build.mjs from ../anatomy/human.owl: ${deleted.size} classes deleted (see selection.tsv). Do not edit.\n${turtle}`);
});

const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const rows = selected.flatMap((s) => s.parents.map((p) => ({ subject: s.subject, object: p }))).sort((a, b) => (a.subject + a.object < b.subject + b.object ? -1 : 1));
const rdf = [
  '<?xml version="1.0" encoding="utf-8"?>',
  '<rdf:RDF xmlns="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:xsd="http://www.w3.org/2001/XMLSchema#">',
  '<Alignment>',
  '<xml>yes</xml>',
  '<level>0</level>',
  '<type>**</type>',
  ...rows.flatMap((r) => ['<map>', '\t<Cell>', `\t\t<entity1 rdf:resource="${xml(r.subject)}"/>`, `\t\t<entity2 rdf:resource="${xml(r.object)}"/>`, '\t\t<relation>&lt;</relation>', '\t</Cell>', '</map>']),
  '</Alignment>',
  '</rdf:RDF>',
  '',
];
writeFileSync(join(here, 'reference.rdf'), rdf.join('\n'));

const label = (index, iri) => index.byIri.get(iri)?.labels[0]?.text ?? iri;
const tsv = ['mouse_subject\tmouse_label\tdeleted_human_class\tdeleted_label\thuman_parents\tparent_labels'];
for (const s of [...selected].sort((a, b) => (a.subject < b.subject ? -1 : 1))) {
  tsv.push([s.subject, label(mouse, s.subject), s.deleted, label(human, s.deleted), s.parents.join('|'), s.parents.map((p) => label(human, p)).join('|')].join('\t'));
}
writeFileSync(join(here, 'selection.tsv'), `${tsv.join('\n')}\n`);
process.stderr.write(`${cells.length} reference cells with a named parent; ${eligible} eligible in hash order; ${selected.length} selected (every ${EVERY}th); ${rows.length} reference rows; ${unique.size} triples kept of ${quads.length}\n`);
