#!/usr/bin/env node
// How the fused value and the selection behave, and how the default threshold was chosen:
// DEFAULT_MIN_FUSED_VALUE (src/generators/fusion.ts) is tuned on ONE track (`--tune`, default
// conference) and then only checked on the others, so the figures on the other tracks say how
// well it carries to ontologies it was not chosen on. Members run once per pair; fusion and
// selection are redone per setting. Needs `npm run build`.
//
//   node benchmarks/selection/fused-value.mjs [--tune conference] [--tracks conference,anatomy,agents,multilingual,multilingual-cldr] [--out results.json]
//
// For each track and each fused value (`mean`, the default; `rrf`, the former reciprocal rank
// fusion): ranking as `bench` scores it (Hits@1, recall@10, mutual top-1 F1), the selected set at
// the default threshold (one-to-one and mutual), the threshold that would be best on that track
// (an oracle, for information), and the F1 on every track at the threshold tuned on `--tune`.
// F1 is at object level, as bench's headline (a selected pair finds a reference row of any
// relation); `relationF1` also requires the relation.
import { writeFileSync } from 'node:fs';
import { loadManifest } from '../../dist/bench/manifest.js';
import { readReference } from '../../dist/bench/reference.js';
import { loadVocabulary } from '../../dist/ontology/dispatch.js';
import { PREDICATE_OF_RELATION } from '../../dist/ontology/alignment-reader.js';
import { runGenerators } from '../../dist/generators/run.js';
import { defaultGenerators } from '../../dist/generators/languages.js';
import { fuseCandidates, DEFAULT_MIN_FUSED_VALUE } from '../../dist/generators/fusion.js';
import { select } from '../../dist/selection/index.js';
import { countPair, referenceSet, sumCounts, summarize } from '../../dist/bench/metrics.js';
import { normalisePredicate } from '../../dist/bench/runner.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const tune = flag('--tune', 'conference');
const tracks = flag('--tracks', 'conference,anatomy,agents,multilingual,multilingual-cldr').split(',');
const out = flag('--out', undefined);
const grid = Array.from({ length: 201 }, (_, i) => Math.round(i * 0.005 * 1000) / 1000);
const key = (s, p, o) => `${s}\u0000${p}\u0000${o}`;

async function loadTrack(name) {
  const manifest = await loadManifest(name);
  const pairs = [];
  for (const pair of manifest.pairs) {
    const [source, target, reference] = await Promise.all([loadVocabulary(pair.source), loadVocabulary(pair.target), readReference(pair.reference)]);
    const generators = defaultGenerators(source, target);
    const run = await runGenerators(source, target, { generators, topK: 10 });
    const triples = reference.cells.map((c) => ({ subject: c.entity1, predicate: PREDICATE_OF_RELATION[c.relation], object: c.entity2 }));
    pairs.push({ id: pair.id, generators, members: run.members, reference: referenceSet(triples), ref: new Set(triples.map((t) => key(t.subject, t.predicate, t.object))) });
  }
  return pairs;
}

/** Ranking as `bench` scores it (src/bench/metrics.ts): ties broken against the reference. */
function ranking(pairs, fused) {
  const counts = pairs.map((p, i) => countPair(fused[i].map((c) => ({ subject: c.subject, predicate: normalisePredicate(c.predicate), object: c.object, score: c.score })), p.reference, { ks: [1], maxK: 10 }));
  const m = summarize(sumCounts(counts));
  return { hitsAt1: m.hitsAt['1'], recallAt10: m.recallAt[9], mutualTopOneF1: m.proposal.f1 };
}

function f1(pairs, fused, mode, minScore) {
  let proposed = 0, correct = 0, correctRelation = 0, size = 0;
  pairs.forEach((p, i) => {
    size += p.reference.size;
    for (const c of select(fused[i], { mode, minScore })) {
      proposed++;
      if (p.reference.pairs.has(`${c.subject}\u0000${c.object}`)) correct++;
      if (p.ref.has(key(c.subject, normalisePredicate(c.predicate), c.object))) correctRelation++;
    }
  });
  const score = (n) => {
    const precision = proposed ? n / proposed : 0;
    const recall = n / size;
    return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  };
  return { proposed, correct, precision: proposed ? correct / proposed : 0, recall: correct / size, f1: score(correct), relationF1: score(correctRelation) };
}

const r3 = (x) => Math.round(x * 1000) / 1000;
const loaded = {};
for (const t of tracks) loaded[t] = await loadTrack(t);
const results = { benchmark: 'selection/fused-value', tune, defaultMinScore: DEFAULT_MIN_FUSED_VALUE, values: {} };
for (const value of ['mean', 'rrf']) {
  const perTrack = {};
  for (const t of tracks) {
    const pairs = loaded[t];
    const fused = pairs.map((p) => fuseCandidates(p.members, { generators: p.generators, topK: 10, value }));
    const sweep = grid.map((threshold) => ({ threshold, ...f1(pairs, fused, 'one-to-one', threshold) }));
    const best = sweep.reduce((a, b) => (b.f1 > a.f1 + 1e-12 ? b : a));
    perTrack[t] = {
      ...Object.fromEntries(Object.entries(ranking(pairs, fused)).map(([k, v]) => [k, r3(v)])),
      distinctValues: new Set(fused.flat().map((c) => c.score)).size,
      oneToOneNoThreshold: r3(f1(pairs, fused, 'one-to-one', undefined).f1),
      oneToOneAtDefault: value === 'mean' ? Object.fromEntries(Object.entries(f1(pairs, fused, 'one-to-one', DEFAULT_MIN_FUSED_VALUE)).map(([k, v]) => [k, r3(v)])) : undefined,
      mutualAtDefault: value === 'mean' ? r3(f1(pairs, fused, 'mutual', DEFAULT_MIN_FUSED_VALUE).f1) : undefined,
      oracle: { threshold: best.threshold, f1: r3(best.f1), precision: r3(best.precision), recall: r3(best.recall) },
      sweep: sweep.map((s) => [s.threshold, r3(s.f1)]),
    };
  }
  const tuned = perTrack[tune]?.oracle.threshold;
  for (const t of tracks) perTrack[t].atThresholdTunedOn = { track: tune, threshold: tuned, f1: perTrack[t].sweep.find(([x]) => x === tuned)?.[1] };
  results.values[value] = perTrack;
}
const text = JSON.stringify(results, (k, v) => (k === 'sweep' ? undefined : v), 2);
if (out) writeFileSync(out, `${JSON.stringify(results, null, 1)}\n`);
console.log(text);
