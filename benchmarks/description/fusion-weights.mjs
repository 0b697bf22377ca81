#!/usr/bin/env node
// The `description` generator's weight in the fused value, swept on the development tracks: the
// default generators run once per pair, their candidates are fused with each weight, and the
// fused list is scored as `ioa-align bench` scores it (src/bench/metrics.ts, micro over pairs).
// In process, after `npm run build`:
//
//   node benchmarks/description/fusion-weights.mjs [--tracks agents,agents-subsumption,conference] [--weights 0,0.25,0.5,1,2] [--encoder glove] [--out FILE]
//
// Weight 0 is the fusion without `description`. Quality figures are deterministic.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const tracks = arg('tracks', 'agents,agents-subsumption,conference').split(',');
const weights = arg('weights', '0,0.25,0.5,1,2').split(',').map(Number);
const encoder = arg('encoder');
const out = arg('out');

const { loadVocabulary } = await import(join(root, 'dist/ontology/dispatch.js'));
const { readReference } = await import(join(root, 'dist/bench/reference.js'));
const { referenceTriples } = await import(join(root, 'dist/bench/runner.js'));
const { countPair, referenceSet, sumCounts, summarize } = await import(join(root, 'dist/bench/metrics.js'));
const { runGenerators } = await import(join(root, 'dist/generators/run.js'));
const { DEFAULT_GENERATORS } = await import(join(root, 'dist/generators/registry.js'));
const { DEFAULT_FUSION_WEIGHTS, fuseCandidates } = await import(join(root, 'dist/generators/fusion.js'));

const normalise = (p) => (p.startsWith('http://www.w3.org/2004/02/skos/core#') ? `skos:${p.slice(36)}` : p);
const results = { measured: new Date().toISOString(), generators: [...DEFAULT_GENERATORS], encoder: encoder ?? null, tracks: {} };
for (const track of tracks) {
  const manifestPath = join(root, 'corpora', track, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const base = dirname(manifestPath);
  const pairs = [];
  for (const pair of manifest.pairs) {
    const [source, target, alignment] = await Promise.all([loadVocabulary(join(base, pair.source)), loadVocabulary(join(base, pair.target)), readReference(join(base, pair.reference))]);
    const { members } = await runGenerators(source, target, { generators: [...DEFAULT_GENERATORS], topK: 10, ...(encoder ? { config: { description: { encoder } } } : {}) });
    pairs.push({ members, reference: referenceSet(referenceTriples(alignment.cells)) });
  }
  const rows = [];
  for (const w of weights) {
    const counts = pairs.map(({ members, reference }) => {
      const fused = fuseCandidates(members, { generators: [...DEFAULT_GENERATORS], topK: 10, weights: { ...DEFAULT_FUSION_WEIGHTS, description: w } });
      return countPair(fused.map((c) => ({ subject: c.subject, predicate: normalise(c.predicate), object: c.object, score: c.score })), reference, { ks: [1, 5, 10], maxK: 10 });
    });
    const m = summarize(sumCounts(counts));
    const directional = Object.entries(m.byRelation).filter(([p]) => p === 'skos:broadMatch' || p === 'skos:narrowMatch');
    rows.push({
      weight: w,
      hitsAt1: +m.hitsAt['1'].toFixed(3),
      recallAt10: +m.recallAt[9].toFixed(3),
      relationRecallAt10: +m.relation.recallAt[9].toFixed(3),
      directionalRightAt10: directional.reduce((n, [, r]) => n + r.rightRelationAt10, 0),
      ...(m.byRelation['skos:exactMatch'] ? { equivalenceHitsAt1: +m.byRelation['skos:exactMatch'].hitsAt1.toFixed(3) } : {}),
    });
  }
  results.tracks[track] = rows;
  process.stderr.write(`${track}: ${rows.map((r) => JSON.stringify(r)).join('\n  ')}\n`);
}
if (out) writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
else console.log(JSON.stringify(results, null, 2));
