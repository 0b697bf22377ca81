#!/usr/bin/env node
/**
 * Embedding generator alone on OAEI Anatomy (mouse → human): Hits@1, recall@10 and MRR over the
 * reference equivalences, for a ladder of model/comparison variants, so each improvement over
 * the plain SIF mean is measured. Builds each variant's model once under benchmarks/out/models.
 *
 *   npm run build && node benchmarks/embedding/anatomy-recall.mjs [variant …]
 *
 * Writes benchmarks/out/embedding/anatomy-recall.json (resolved settings beside the results).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const dist = resolve(process.env.IOA_DIST ?? join(root, 'dist'));
const { loadOntologyFile } = await import(join(dist, 'ontology/load.js'));
const { readAlignmentFile } = await import(join(dist, 'ontology/alignment-reader.js'));
const { ensureModel, DEFAULT_MODEL_SETTINGS } = await import(join(dist, 'embedding/model-store.js'));
const { DEFAULT_BUILD_SETTINGS, settingsHash } = await import(join(dist, 'embedding/build.js'));
const { DEFAULT_RETROFIT } = await import(join(dist, 'embedding/retrofit.js'));
const { default: embedding } = await import(join(dist, 'generators/embedding.js'));
const { buildModel } = await import(join(dist, 'embedding/build.js'));
const { locateSource, readWinkVectors } = await import(join(dist, 'embedding/source-vectors.js'));
const { wordnetPairs } = await import(join(dist, 'embedding/wordnet-pairs.js'));
const { synonymWordPairs } = await import(join(dist, 'embedding/ontology-pairs.js'));

const plain = { ...DEFAULT_BUILD_SETTINGS, subwords: null, hashedPieces: null, retrofit: null };
const VARIANTS = {
  'plain-sif-mean': { build: plain, mode: 'mean' },
  'plain-sif-best-pair': { build: plain, mode: 'best' },
  '+subwords': { build: { ...plain, subwords: DEFAULT_BUILD_SETTINGS.subwords }, mode: 'best' },
  '+subwords+hashed-pieces': { build: { ...plain, subwords: DEFAULT_BUILD_SETTINGS.subwords, hashedPieces: DEFAULT_BUILD_SETTINGS.hashedPieces }, mode: 'best' },
  '+wordnet-retrofit': { build: { ...plain, retrofit: DEFAULT_RETROFIT }, mode: 'best' },
  'all words, subwords+hashed+retrofit': { build: { ...DEFAULT_MODEL_SETTINGS, maxWords: undefined }, mode: 'best' },
  'default (120k words, subwords+hashed+retrofit, best pair)': { build: DEFAULT_MODEL_SETTINGS, mode: 'best' },
  '200k words, subwords+hashed+retrofit': { build: { ...DEFAULT_MODEL_SETTINGS, maxWords: 200_000 }, mode: 'best' },
  'hashed pieces weight 1.0': { build: { ...DEFAULT_MODEL_SETTINGS, hashedPieces: { maxLength: 3, weight: 1 } }, mode: 'best' },
  'hashed pieces weight 0.25': { build: { ...DEFAULT_MODEL_SETTINGS, hashedPieces: { maxLength: 3, weight: 0.25 } }, mode: 'best' },
  'subword pieces weight 1.0': { build: { ...DEFAULT_MODEL_SETTINGS, subwords: { ...DEFAULT_MODEL_SETTINGS.subwords, weight: 1 } }, mode: 'best' },
  'no common-component removal': { build: { ...DEFAULT_MODEL_SETTINGS, removeComponents: 0 }, mode: 'best' },
  'SIF a = 1e-4': { build: { ...DEFAULT_MODEL_SETTINGS, sifA: 1e-4 }, mode: 'best' },
  'SIF a = 1e-2': { build: { ...DEFAULT_MODEL_SETTINGS, sifA: 1e-2 }, mode: 'best' },
  'retrofit beta 3': { build: { ...DEFAULT_MODEL_SETTINGS, retrofit: { ...DEFAULT_RETROFIT, beta: 3 } }, mode: 'best' },
  // Retrofitting also to word pairs from both ontologies' own label/synonym variants (self-supervised,
  // transductive): built directly, since the pairs depend on the input ontologies.
  '+own synonym word pairs': { build: { ...DEFAULT_MODEL_SETTINGS, retrofit: { ...DEFAULT_RETROFIT, lexicons: [...DEFAULT_RETROFIT.lexicons, 'anatomy-own-synonyms'] } }, mode: 'best', ownPairs: true },
  'default, mean': { build: DEFAULT_MODEL_SETTINGS, mode: 'mean' },
  'default, label only': { build: DEFAULT_MODEL_SETTINGS, mode: 'label' },
};
const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : Object.keys(VARIANTS);

const corpus = join(root, 'corpora/anatomy');
const source = await loadOntologyFile(join(corpus, 'mouse.owl'));
const target = await loadOntologyFile(join(corpus, 'human.owl'));
const reference = (await readAlignmentFile(join(corpus, 'reference.rdf'))).cells.filter((c) => c.relation === '=');
const modelsDir = join(root, 'benchmarks/out/models');
const results = [];
for (const name of names) {
  const v = VARIANTS[name];
  if (!v) throw new Error(`unknown variant ${name}; known: ${Object.keys(VARIANTS).join(', ')}`);
  const modelId = `anatomy-${settingsHash(v.build)}`;
  const t0 = Date.now();
  const built = v.ownPairs
    ? { built: true, stamp: await buildModel(await readWinkVectors(await locateSource(), { limit: v.build.maxWords }), {
      outDir: join(modelsDir, modelId),
      settings: v.build,
      synonymPairs: async () => [...await wordnetPairs({ synonyms: true, pertainyms: true }), ...synonymWordPairs([...source.concepts, ...target.concepts])],
    }) }
    : await ensureModel({ modelsDir, modelId, settings: v.build });
  const buildMs = Date.now() - t0;
  const gen = embedding({ modelsDir, modelId, autoBuild: false, mode: v.mode, cache: false });
  const t1 = Date.now();
  const ranks = new Map();
  for await (const c of gen.propose(source, target, { topK: 10 })) ranks.set(`${c.subject} ${c.object}`, c.rank);
  const proposeMs = Date.now() - t1;
  let hits1 = 0, hits10 = 0, rr = 0;
  for (const cell of reference) {
    const r = ranks.get(`${cell.entity1} ${cell.entity2}`);
    if (r === undefined) continue;
    if (r === 1) hits1++;
    hits10++;
    rr += 1 / r;
  }
  const n = reference.length;
  const row = { variant: name, mode: v.mode, build: v.build, hitsAt1: +(hits1 / n).toFixed(4), recallAt10: +(hits10 / n).toFixed(4), mrrAt10: +(rr / n).toFixed(4), references: n, buildMs: built.built ? buildMs : null, proposeMs };
  results.push(row);
  console.log(`${name.padEnd(42)} Hits@1 ${row.hitsAt1.toFixed(3)}  R@10 ${row.recallAt10.toFixed(3)}  MRR ${row.mrrAt10.toFixed(3)}  propose ${proposeMs} ms${built.built ? `  (built in ${buildMs} ms)` : ''}`);
}
await mkdir(join(root, 'benchmarks/out/embedding'), { recursive: true });
await writeFile(join(root, 'benchmarks/out/embedding/anatomy-recall.json'), `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
