#!/usr/bin/env node
/**
 * How much the embedding generator should count in rank fusion: fused Hits@1 and recall@10 of
 * the lexical generators plus `embedding` at several RRF weights, on anatomy and conference.
 * Ties are broken against the reference (a reference pair ranks below every candidate with an
 * equal fused score), as in `ioa-align bench`; metrics are over reference mappings.
 *
 *   npm run build && node benchmarks/embedding/fusion-weights.mjs [weight …]
 *
 * Writes benchmarks/out/embedding/fusion-weights.json.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const dist = resolve(process.env.IOA_DIST ?? join(root, 'dist'));
const { loadOntologyFile } = await import(join(dist, 'ontology/load.js'));
const { readAlignmentFile } = await import(join(dist, 'ontology/alignment-reader.js'));
const { fuseCandidates, DEFAULT_FUSION_WEIGHTS } = await import(join(dist, 'generators/fusion.js'));
const { GENERATORS } = await import(join(dist, 'generators/registry.js'));

const MEMBERS = ['exact', 'edit', 'tfidf', 'wordnet', 'embedding'];
const weights = process.argv.slice(2).map(Number);
const ladder = weights.length ? weights : [0, 0.001, 0.02, 0.1, 0.5, 1];

async function corpus(name) {
  const file = join(root, 'corpora', name, 'manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8'));
  const pairs = [];
  for (const p of manifest.pairs) {
    const at = (f) => join(dirname(file), f);
    const src = await loadOntologyFile(at(p.source));
    const tgt = await loadOntologyFile(at(p.target));
    const ref = (await readAlignmentFile(at(p.reference))).cells.filter((c) => c.relation === '=');
    const members = [];
    for (const g of MEMBERS) for await (const c of (await GENERATORS[g]())({}).propose(src, tgt, { topK: 10 })) members.push(c);
    pairs.push({ ref, members });
  }
  return pairs;
}

function evaluate(pairs, w) {
  const weightsUsed = { ...DEFAULT_FUSION_WEIGHTS, embedding: w };
  let h1 = 0, r10 = 0, n = 0;
  for (const { ref, members } of pairs) {
    const fused = fuseCandidates(members.filter((c) => (weightsUsed[c.generator] ?? 1) > 0), { topK: 10, weights: weightsUsed });
    const by = new Map();
    for (const c of fused) by.set(c.subject, [...(by.get(c.subject) ?? []), c]);
    for (const cell of ref) {
      n++;
      const list = by.get(cell.entity1) ?? [];
      const hit = list.find((c) => c.object === cell.entity2);
      if (!hit) continue;
      const rank = 1 + list.filter((c) => c !== hit && c.score >= hit.score).length;
      if (rank === 1) h1++;
      if (rank <= 10) r10++;
    }
  }
  return { embeddingWeight: w, hitsAt1: +(h1 / n).toFixed(4), recallAt10: +(r10 / n).toFixed(4), references: n };
}

const results = {};
for (const name of ['anatomy', 'conference']) {
  const pairs = await corpus(name);
  results[name] = ladder.map((w) => evaluate(pairs, w));
  for (const r of results[name]) console.log(`${name.padEnd(11)} embedding weight ${String(r.embeddingWeight).padEnd(6)} Hits@1 ${r.hitsAt1.toFixed(4)}  R@10 ${r.recallAt10.toFixed(4)}${r.embeddingWeight === 0 ? '  (lexical only)' : ''}`);
}
await mkdir(join(root, 'benchmarks/out/embedding'), { recursive: true });
await writeFile(join(root, 'benchmarks/out/embedding/fusion-weights.json'), `${JSON.stringify({ date: new Date().toISOString(), baseWeights: DEFAULT_FUSION_WEIGHTS, results }, null, 2)}\n`);
