import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from '@huggingface/transformers';
import embedding, { parseSettings } from '../../src/generators/embedding.js';
import { GENERATORS } from '../../src/generators/registry.js';
import { emptyConcept, type Concept, type ConceptKind } from '../../src/model/concept.js';
import { IoaError } from '../../src/model/errors.js';
import type { Candidate } from '../../src/model/mapping.js';
import { buildOntologyIndex, type OntologyIndex } from '../../src/model/ontology-index.js';
import { CachedEmbedder } from '../../src/embedding/cache.js';
import { DEFAULT_MODEL_ID, defaultModelsDir } from '../../src/embedding/model-store.js';
import { handleOf, loadEmbedder, openModel } from '../../src/embedding/runtime.js';
import { copiedSmallModel, SMALL_SETTINGS, type SmallModel } from './small-model.js';

function concept(iri: string, label: string, synonyms: string[] = [], kind: ConceptKind = 'class'): Concept {
  const c = emptyConcept(iri, kind, iri.split('#')[1]!);
  c.labels.push({ text: label, source: 'rdfs:label' });
  for (const s of synonyms) c.synonyms.push({ text: s, kind: 'related' });
  return c;
}

const mouse = (): OntologyIndex => buildOntologyIndex({
  source: 'mouse-test',
  concepts: [
    concept('http://m#heart', 'heart'),
    concept('http://m#lung', 'lung'),
    concept('http://m#kidney_artery', 'kidney artery'),
    concept('http://m#bone', 'bone'),
    concept('http://m#partOf', 'part of', [], 'objectProperty'),
  ],
});
const human = (): OntologyIndex => buildOntologyIndex({
  source: 'human-test',
  concepts: [
    concept('http://h#Lung', 'Lung'),
    concept('http://h#Heart', 'Cardiac_Organ', ['Heart']),
    concept('http://h#Renal_Artery', 'Renal_Artery', ['Kidney Artery']),
    concept('http://h#Bone', 'Bone_Tissue'),
    concept('http://h#Skin', 'Skin'),
    concept('http://h#has_part', 'has part', [], 'objectProperty'),
  ],
});

async function collect(it: AsyncIterable<Candidate>): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for await (const c of it) out.push(c);
  return out;
}

let model: SmallModel;
let cacheDir: string;
beforeAll(async () => {
  // Its own copy: these tests load the model and check what the load set.
  model = await copiedSmallModel();
  cacheDir = await mkdtemp(join(tmpdir(), 'ioa-embcache-'));
});
afterAll(async () => {
  await model?.cleanup();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('embedding generator', () => {
  it('is registered', async () => {
    expect(Object.keys(GENERATORS)).toContain('embedding');
    const factory = await GENERATORS.embedding();
    expect(factory({ autoBuild: false }).name).toBe('embedding');
  });

  it('loads the model from the local models folder with remote loading disabled', async () => {
    const gen = embedding({ modelsDir: model.modelsDir, modelId: model.modelId, cacheDir });
    const out = await collect(gen.propose(mouse(), human(), { topK: 3 }));
    expect(out.length).toBeGreaterThan(0);
    expect(env.allowRemoteModels).toBe(false);
    expect(env.localModelPath).toBe(`${model.modelsDir}/`);
  });

  it('the default models folder is the package\'s models/', () => {
    if (process.env.IOA_ALIGN_MODELS) return; // moved on purpose by the environment
    expect(defaultModelsDir()).toBe(join(fileURLToPath(new URL('../../', import.meta.url)), 'models'));
  });

  it('without settings, reads the default model from the models folder (IOA_ALIGN_MODELS moves it), offline', async () => {
    const { cp } = await import('node:fs/promises');
    const dir = await mkdtemp(join(tmpdir(), 'ioa-default-'));
    const before = process.env.IOA_ALIGN_MODELS;
    try {
      await cp(model.folder, join(dir, DEFAULT_MODEL_ID), { recursive: true });
      process.env.IOA_ALIGN_MODELS = dir;
      expect(defaultModelsDir()).toBe(dir);
      // autoBuild off: the small test model must not be replaced by a full build
      const out = await collect(embedding({ autoBuild: false, cache: false }).propose(mouse(), human(), { topK: 1 }));
      expect(out.find((c) => c.subject === 'http://m#heart')!.object).toBe('http://h#Heart');
      expect(env.allowRemoteModels).toBe(false);
      expect(env.localModelPath).toBe(`${dir}/`);
    } finally {
      if (before === undefined) delete process.env.IOA_ALIGN_MODELS;
      else process.env.IOA_ALIGN_MODELS = before;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails with E_MODEL_MISSING naming the folder when the model is absent', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'ioa-nomodel-'));
    try {
      const gen = embedding({ modelsDir: empty, autoBuild: false, cache: false });
      const run = collect(gen.propose(mouse(), human(), { topK: 3 }));
      await expect(run).rejects.toBeInstanceOf(IoaError);
      await expect(run).rejects.toMatchObject({ code: 'E_MODEL_MISSING', location: { file: join(empty, DEFAULT_MODEL_ID) } });
      await expect(run).rejects.toThrow(join(empty, DEFAULT_MODEL_ID));
      // a hub id is not fetched without the explicit opt-in: it is just a missing local folder
      const hub = embedding({ modelsDir: empty, modelId: 'Xenova/all-MiniLM-L6-v2', cache: false });
      await expect(collect(hub.propose(mouse(), human(), { topK: 3 }))).rejects.toMatchObject({ code: 'E_MODEL_MISSING' });
      // --model <dir> pointing at a folder that does not exist
      const dir = join(empty, 'nowhere');
      await expect(collect(embedding({ model: dir, cache: false }).propose(mouse(), human(), { topK: 1 }))).rejects.toMatchObject({ code: 'E_MODEL_MISSING', location: { file: dir } });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('finds semantic neighbours with cosine scores, label evidence, ranks 1..k and the SSSOM justification', async () => {
    const gen = embedding({ model: model.folder, cacheDir });
    expect(gen.justification).toBe('semapv:SemanticSimilarityThresholdMatching');
    const out = await collect(gen.propose(mouse(), human(), { topK: 2 }));
    const top = (s: string) => out.find((c) => c.subject === s && c.rank === 1)!;
    expect(top('http://m#heart').object).toBe('http://h#Heart');
    expect(top('http://m#heart').evidence[0]).toMatchObject({ generator: 'embedding', subjectText: 'heart', objectText: 'Heart', subjectField: 'label', objectField: 'synonym:related' });
    expect(top('http://m#heart').score).toBeCloseTo(1, 4);
    expect(top('http://m#kidney_artery').object).toBe('http://h#Renal_Artery');
    expect(top('http://m#lung').object).toBe('http://h#Lung');
    for (const c of out) {
      expect(c.generator).toBe('embedding');
      expect(c.measure).toBe('cosine-similarity');
      expect(c.score).toBeGreaterThan(0);
      expect(c.score).toBeLessThanOrEqual(1.000001);
    }
    // properties only meet properties
    const prop = out.filter((c) => c.subject === 'http://m#partOf');
    expect(prop.map((c) => c.object)).toEqual(['http://h#has_part']);
    // ranks 1..n per subject in descending score
    for (const s of new Set(out.map((c) => c.subject))) {
      const rows = out.filter((c) => c.subject === s);
      expect(rows.map((c) => c.rank)).toEqual(rows.map((_, i) => i + 1));
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.score).toBeLessThanOrEqual(rows[i - 1]!.score);
    }
  });

  it('best pair over names beats the label alone when only a synonym matches', async () => {
    const best = await collect(embedding({ model: model.folder, cache: false }).propose(mouse(), human(), { topK: 1 }));
    const label = await collect(embedding({ model: model.folder, cache: false, mode: 'label' }).propose(mouse(), human(), { topK: 1 }));
    const heartBest = best.find((c) => c.subject === 'http://m#heart')!;
    const heartLabel = label.find((c) => c.subject === 'http://m#heart')!;
    expect(heartBest.score).toBeGreaterThan(heartLabel.score);
  });

  it('is deterministic and directional, and never pairs a concept with itself', async () => {
    const gen = embedding({ model: model.folder, cacheDir });
    const a = await collect(gen.propose(mouse(), human(), { topK: 3 }));
    const b = await collect(gen.propose(mouse(), human(), { topK: 3 }));
    expect(b).toEqual(a);
    const back = await collect(gen.propose(human(), mouse(), { topK: 3 }));
    expect(new Set(back.map((c) => c.subject))).toEqual(new Set(human().concepts.map((c) => c.iri)));
    const self = await collect(gen.propose(mouse(), mouse(), { topK: 3 }));
    expect(self.some((c) => c.subject === c.object)).toBe(false);
  });

  it('rejects unknown or ill-typed settings with E_USAGE', () => {
    expect(() => parseSettings({ modle: 'x' })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
    expect(() => parseSettings({ batchSize: 0 })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
    expect(() => parseSettings({ dtype: 'fp16' })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
    expect(() => parseSettings({ model: '/x', modelId: 'y' })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
    expect(parseSettings({}).embedder).toMatchObject({ modelsDir: defaultModelsDir(), modelId: DEFAULT_MODEL_ID, allowRemote: false });
    expect(parseSettings({ dtype: 'fp32' }).embedder.dtype).toBe('fp32');
  });
});

describe('model folders', () => {
  it('a folder with only onnx/model.onnx loads as float32', async () => {
    const { cp } = await import('node:fs/promises');
    const dir = await mkdtemp(join(tmpdir(), 'ioa-fp32-'));
    try {
      const folder = join(dir, 'fp32-only');
      await cp(model.folder, folder, { recursive: true });
      await rm(join(folder, 'onnx', 'model_quantized.onnx'));
      const out = await collect(embedding({ model: folder, cache: false }).propose(mouse(), human(), { topK: 1 }));
      expect(out.find((c) => c.subject === 'http://m#lung')!.object).toBe('http://h#Lung');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a build into an unwritable place fails with E_MODEL_BUILD_FAILED naming the folder', async () => {
    const { ensureModel } = await import('../../src/embedding/model-store.js');
    const file = join(cacheDir, 'not-a-folder');
    await writeFile(file, 'x');
    await expect(ensureModel({ modelsDir: file, limit: 100, settings: SMALL_SETTINGS })).rejects.toMatchObject({ code: 'E_MODEL_BUILD_FAILED', location: { file: join(file, DEFAULT_MODEL_ID) } });
  });
});

describe('embedding cache', () => {
  it('keys on model id, config hash and text; a second process reads vectors from disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ioa-cache-'));
    try {
      const e = await loadEmbedder({ modelsDir: model.modelsDir, modelId: model.modelId });
      const first = new CachedEmbedder(handleOf(e), dir);
      const v1 = await first.embed(['left lung', 'heart', 'left lung']);
      expect(first.stats).toEqual({ hits: 0, misses: 2 });
      const second = new CachedEmbedder(handleOf(e), dir);
      const v2 = await second.embed(['heart', 'left lung']);
      expect(second.stats).toEqual({ hits: 2, misses: 0 });
      expect(Array.from(v2.vectors.subarray(100, 200))).toEqual(Array.from(v1.vectors.subarray(0, 100)));
      // another configuration of the same model id gets its own entry
      const other = new CachedEmbedder({ ...handleOf(e), configHash: 'different' }, dir);
      await other.embed(['heart']);
      expect(other.stats.misses).toBe(1);
      expect((await readdir(dir)).filter((f) => f.endsWith('.json'))).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers from a warm cache without loading the model', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ioa-cache-'));
    try {
      const handle = await openModel({ modelsDir: model.modelsDir, modelId: model.modelId });
      const warmed = await new CachedEmbedder(handle, dir).embed(['heart', 'lung']);
      let loads = 0;
      const counting = { ...handle, load: () => { loads++; return handle.load(); } };
      const again = await new CachedEmbedder(counting, dir).embed(['lung', 'heart']);
      expect(loads).toBe(0);
      expect(again.dims).toBe(100);
      expect(Array.from(again.vectors.subarray(0, 100))).toEqual(Array.from(warmed.vectors.subarray(100, 200)));
      await new CachedEmbedder(counting, dir).embed(['kidney']);
      expect(loads).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ignores a cache whose data does not match its header', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ioa-cache-'));
    try {
      const e = await loadEmbedder({ modelsDir: model.modelsDir, modelId: model.modelId });
      const first = new CachedEmbedder(handleOf(e), dir);
      const good = await first.embed(['heart']);
      const data = (await readdir(dir)).find((f) => f.endsWith('.f32'))!;
      await writeFile(join(dir, data), new Uint8Array(12)); // truncated
      const second = new CachedEmbedder(handleOf(e), dir);
      const again = await second.embed(['heart']);
      expect(second.stats.misses).toBe(1);
      expect(Array.from(again.vectors)).toEqual(Array.from(good.vectors));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('embedding generator: ties', () => {
  it('ranks a concept whose label matches above one that only lists the name as a synonym', async () => {
    const s = buildOntologyIndex({ source: 's', concepts: [concept('http://m#muscle', 'muscle')] });
    // a-prefixed IRI first, so that only the label preference (not IRI order) can put Muscle first
    const t = buildOntologyIndex({ source: 't', concepts: [concept('http://h#A_Tissue', 'Muscle Tissue', ['Muscle']), concept('http://h#Muscle', 'Muscle')] });
    const out = await collect(embedding({ model: model.folder, cache: false }).propose(s, t, { topK: 2 }));
    expect(out.map((c) => c.object)).toEqual(['http://h#Muscle', 'http://h#A_Tissue']);
    expect(out[0]!.score).toBe(out[1]!.score);
  });
});
