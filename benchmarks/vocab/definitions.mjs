#!/usr/bin/env node
// Do definitions help as match evidence? Issue #11 asks to measure before making it a default.
//
// Track: OASF skills, schema 1.0.0 → 1.1.0 (corpora/agents/manifest.json), the one corpus here
// where both sides define every concept (OASF `description`). For each generator, two runs:
//   names        the index as loaded (labels, split names)
//   names+def    each definition added as a `related` synonym: a weaker field than labels
//                (lexical weight 0.85 vs 1; the embedding generator embeds related synonyms too)
//   names+lbl:def the same with "label: definition" as one text (label + definition embedded together)
// Metrics are the bench harness's own (src/bench/metrics.ts: triples keyed with predicate, ties
// broken against the reference): Hits@1, MRR, recall@10. Lexical generators only propose
// skos:exactMatch, so the 41 `<`/`>` reference cells cap recall at 105/146.
//
// Usage: npm run build && node benchmarks/vocab/definitions.mjs [--generators a,b] [--json]
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = (p) => import(join(root, 'dist', p));
const { loadVocabulary } = await dist('ontology/dispatch.js');
const { readAlignmentFile } = await dist('ontology/alignment-reader.js');
const { buildOntologyIndex } = await dist('model/ontology-index.js');
const { GENERATORS, LEXICAL_GENERATORS } = await dist('generators/registry.js');
const { runGenerators } = await dist('generators/run.js');
const { referenceSet, countPair, summarize } = await dist('bench/metrics.js');
const { referenceTriples, normalisePredicate } = await dist('bench/runner.js');

const args = process.argv.slice(2);
const pick = args.includes('--generators') ? args[args.indexOf('--generators') + 1].split(',') : [...Object.keys(GENERATORS)];
const json = args.includes('--json');

const agents = join(root, 'corpora', 'agents');
const source = await loadVocabulary(join(agents, 'oasf/v1.0.4/schema/skills'));
const target = await loadVocabulary(join(agents, 'oasf/v1.1.1/schema/skills'));
const alignment = await readAlignmentFile(join(agents, 'reference/oasf-1.0.0-to-1.1.0.rdf'));
const triples = referenceTriples(alignment.cells);
const reference = referenceSet(triples);
// The sensitive subset: equivalences whose two skills share no label (renamed skills), where
// names alone cannot decide and a definition could.
const { labelKey } = await dist('model/ontology-index.js');
const names = (c) => new Set(c.labels.map((l) => labelKey(l.text)));
const renamedTriples = triples.filter((t) => {
  if (t.predicate !== 'skos:exactMatch') return false;
  const a = names(source.byIri.get(t.subject));
  return ![...names(target.byIri.get(t.object))].some((n) => a.has(n));
});
const renamed = referenceSet(renamedTriples);

function withDefinitions(index, joinLabel = false) {
  const concepts = index.concepts.map((c) => ({
    ...c,
    synonyms: [...c.synonyms, ...c.definitions.map((d) => ({ text: joinLabel ? `${c.labels[0].text}: ${d}` : d, kind: 'related' }))],
  }));
  return buildOntologyIndex({ source: `${index.source}+definitions`, concepts, iri: index.iri, version: index.version });
}

const variants = {
  names: [source, target],
  'names+def': [withDefinitions(source), withDefinitions(target)],
  'names+lbl:def': [withDefinitions(source, true), withDefinitions(target, true)],
};
const runs = [...pick.map((g) => [g]), ...(pick.filter((g) => LEXICAL_GENERATORS.includes(g)).length > 1 ? [pick.filter((g) => LEXICAL_GENERATORS.includes(g))] : [])];
const rows = [];
for (const generators of runs) {
  for (const [variant, [s, t]] of Object.entries(variants)) {
    const started = performance.now();
    let result;
    try {
      result = await runGenerators(s, t, { generators, topK: 10 });
    } catch (error) {
      rows.push({ generators: generators.join('+'), variant, error: error.message });
      continue;
    }
    const candidates = (result.fused ?? result.members).map((c) => ({ subject: c.subject, predicate: normalisePredicate(c.predicate), object: c.object, score: c.score }));
    const m = summarize(countPair(candidates, reference, { ks: [1, 10], maxK: 10 }));
    const onRenamed = candidates.filter((c) => renamed.subjects.has(c.subject));
    const r = summarize(countPair(onRenamed, renamed, { ks: [1, 10], maxK: 10 }));
    rows.push({
      generators: generators.length > 1 ? `fused(${generators.join(',')})` : generators[0], variant,
      hitsAt1: m.hitsAt['1'], mrr: m.mrr, recallAt10: m.recallAt[9],
      renamedHitsAt1: r.hitsAt['1'], renamedMrr: r.mrr, renamedRecallAt10: r.recallAt[9],
      seconds: (performance.now() - started) / 1000,
    });
  }
}
if (json) console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, config: { topK: 10, generators: pick, variants: Object.keys(variants), definitionField: 'synonym:related' }, track: 'oasf skills 1.0.0 -> 1.1.0', referenceTriples: reference.size, referenceSubjects: reference.subjects.size, renamedTriples: renamed.size, rows }, null, 2));
else {
  const f = (x) => (x === undefined ? '-' : x.toFixed(3));
  console.log(`OASF skills 1.0.0 → 1.1.0: ${reference.size} reference triples, ${reference.subjects.size} subjects; renamed equivalences (no shared label): ${renamed.size}`);
  console.log('generator                         variant       all: Hits@1  MRR    R@10 | renamed: Hits@1  MRR    R@10 |  s');
  for (const r of rows) console.log(`${r.generators.padEnd(34)}${r.variant.padEnd(14)}${r.error ? `error: ${r.error}` : `     ${f(r.hitsAt1)}  ${f(r.mrr)}  ${f(r.recallAt10)} |          ${f(r.renamedHitsAt1)}  ${f(r.renamedMrr)}  ${f(r.renamedRecallAt10)} | ${r.seconds.toFixed(1)}`}`);
}
