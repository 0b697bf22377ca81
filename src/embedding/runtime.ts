/**
 * The embedding runtime: a transformers.js `feature-extraction` pipeline (mean pooling,
 * normalised vectors, batched), loaded on first use only. Offline by default: remote loading is
 * off and models are read from a local folder; `allowRemote` is the explicit opt-in that lets a
 * transformers.js model id such as `Xenova/all-MiniLM-L6-v2` be fetched from the Hugging Face hub.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { IoaError } from '../model/errors.js';
import { importEmbeddingPackage } from './availability.js';

/** What the generator needs from an embedding model. */
export interface Embedder {
  /** Model id (folder name or hub id). */
  readonly id: string;
  /** Hash of the model's configuration files and runtime options: the embedding-cache key. */
  readonly configHash: string;
  readonly dims: number;
  /** Unit vectors, row-major (`texts.length × dims`); all-zero rows for text with no known token. */
  embed(texts: readonly string[], options?: { batchSize?: number; onProgress?: (done: number, total: number) => void }): Promise<Float32Array>;
}

/**
 * The slice of a transformers.js feature-extraction pipeline that is used here; tests may inject
 * a pipeline built over a small real model.
 */
export interface FeaturePipeline {
  (texts: string[], options: { pooling: 'mean' | 'none'; normalize: boolean }): Promise<{ data: ArrayLike<number>; dims: number[] }>;
}

export interface EmbedderOptions {
  /** Folder holding model folders (transformers.js `env.localModelPath`). */
  modelsDir: string;
  /** A folder name under `modelsDir`, or (with `allowRemote`) a hub model id. */
  modelId: string;
  /** Explicit opt-in to download from the Hugging Face hub (needs internet). */
  allowRemote?: boolean;
  /**
   * `q8` reads onnx/model_quantized.onnx, `fp32` onnx/model.onnx. Default: `q8` when the folder
   * has the quantised file (or for hub models), else `fp32`.
   */
  dtype?: 'q8' | 'fp32';
  /** Where downloaded hub models are kept when `allowRemote` is set. */
  remoteCacheDir?: string;
  batchSize?: number;
}

export const DEFAULT_BATCH_SIZE = 128;

/** The generator's `model` setting (`--model <dir>`): any local folder in the transformers.js layout. */
export function embedderOptionsForFolder(dir: string): Pick<EmbedderOptions, 'modelsDir' | 'modelId'> {
  const abs = resolve(dir);
  return { modelsDir: dirname(abs), modelId: basename(abs) };
}

/** Throws E_MODEL_MISSING naming the folder when a local model is absent. */
export function assertModelFolder(modelsDir: string, modelId: string): string {
  const folder = join(modelsDir, modelId);
  if (!existsSync(join(folder, 'config.json')) || !existsSync(join(folder, 'tokenizer.json'))) {
    throw new IoaError(
      'E_MODEL_MISSING',
      `embedding model folder ${folder} is missing or incomplete (needs config.json, tokenizer.json and onnx/); ` +
        'build the default model with ensureEmbeddingModel(), give generatorConfig.embedding.model a model folder, or opt in to downloads with generatorConfig.embedding.allowRemoteModels',
      { file: folder },
    );
  }
  return folder;
}

async function configHashOf(folder: string | undefined, id: string, dtype: string): Promise<string> {
  const hash = createHash('sha256').update(`${id}\u0000${dtype}\u0000mean\u0000normalize`);
  if (folder) {
    for (const file of ['config.json', 'tokenizer_config.json', 'ioa-build.json']) {
      try {
        hash.update(`\u0000${file}\u0000`).update(await readFile(join(folder, file)));
      } catch {
        // optional files
      }
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A model that is located and identified (id, configuration hash) but not loaded yet: a warm
 * embedding cache answers without ever paying for the pipeline.
 */
export interface ModelHandle {
  readonly id: string;
  readonly configHash: string;
  /** Loads the pipeline on first call (the expensive part: tokenizer and ONNX session). */
  load(): Promise<Embedder>;
}

/** A handle over an embedder that is already loaded (tests, injected embedders). */
export function handleOf(embedder: Embedder): ModelHandle {
  return { id: embedder.id, configHash: embedder.configHash, load: async () => embedder };
}

/**
 * Locates the model (E_MODEL_MISSING when a local folder is absent) and hashes its configuration;
 * the pipeline itself loads only when `load()` is first called.
 */
export async function openModel(options: EmbedderOptions): Promise<ModelHandle> {
  const localFolder = options.allowRemote && !existsSync(join(options.modelsDir, options.modelId, 'config.json'))
    ? undefined
    : assertModelFolder(options.modelsDir, options.modelId);
  const dtype = options.dtype ?? (localFolder && !existsSync(join(localFolder, 'onnx', 'model_quantized.onnx')) ? 'fp32' : 'q8');
  const configHash = await configHashOf(localFolder, options.modelId, dtype);
  let loading: Promise<Embedder> | undefined;
  return {
    id: options.modelId,
    configHash,
    load() {
      loading ??= loadPipeline(options, dtype, localFolder, configHash);
      loading.catch(() => {
        loading = undefined;
      });
      return loading;
    },
  };
}

/** Locates and loads in one step. */
export async function loadEmbedder(options: EmbedderOptions): Promise<Embedder> {
  return (await openModel(options)).load();
}

async function loadPipeline(options: EmbedderOptions, dtype: 'q8' | 'fp32', localFolder: string | undefined, configHash: string): Promise<Embedder> {
  const transformers = await importEmbeddingPackage('@huggingface/transformers', () => import('@huggingface/transformers'), 'the embedding generator');
  const { env } = transformers;
  // env is process-wide: set it on every load so one remote opt-in never leaks into later loads.
  env.allowLocalModels = true;
  env.localModelPath = `${resolve(options.modelsDir)}/`;
  env.allowRemoteModels = options.allowRemote === true;
  if (options.remoteCacheDir) env.cacheDir = options.remoteCacheDir;
  let extractor: FeaturePipeline;
  try {
    const pipe = await transformers.pipeline('feature-extraction', options.modelId, {
      dtype,
      local_files_only: !options.allowRemote,
    });
    extractor = pipe as unknown as FeaturePipeline;
  } catch (cause) {
    const where = localFolder ?? options.modelId;
    throw new IoaError('E_MODEL_LOAD_FAILED', `could not load embedding model ${where}: ${(cause as Error).message}`, { file: where }, { cause });
  }
  return embedderFromPipeline(extractor, { id: options.modelId, configHash, batchSize: options.batchSize, zeroPadding: await isWordVectorModel(localFolder) });
}

/** Models built here (build stamp present) have an all-zero [PAD] row. */
async function isWordVectorModel(folder: string | undefined): Promise<boolean> {
  if (!folder) return false;
  try {
    const stamp = JSON.parse(await readFile(join(folder, 'ioa-build.json'), 'utf8')) as { format?: string };
    return stamp.format === 'ioa-align-word-vector-model/1';
  } catch {
    return false;
  }
}

/**
 * Normalised sum over the sequence axis of `[batch, seq, dims]` token vectors. With an all-zero
 * padding row this equals the normalised masked mean, which is what the pipeline's mean pooling
 * computes, without its per-element tensor indexing (the slowest part of embedding here).
 */
function sumPoolNormalize(data: ArrayLike<number>, batch: number, seq: number, dims: number, out: Float32Array, at: number): void {
  const acc = new Float64Array(dims);
  for (let b = 0; b < batch; b++) {
    acc.fill(0);
    const base = b * seq * dims;
    for (let t = 0; t < seq; t++) {
      const o = base + t * dims;
      for (let d = 0; d < dims; d++) acc[d]! += data[o + d]!;
    }
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += acc[d]! * acc[d]!;
    norm = Math.sqrt(norm);
    if (norm === 0) continue; // every token unknown: a zero row
    for (let d = 0; d < dims; d++) out[at + b * dims + d] = acc[d]! / norm;
  }
}

/** Wraps a pipeline (real, or a small real one in tests) into an Embedder. */
export async function embedderFromPipeline(
  extractor: FeaturePipeline,
  meta: { id: string; configHash: string; batchSize?: number | undefined; zeroPadding?: boolean },
): Promise<Embedder> {
  const probe = await extractor(['probe'], { pooling: 'mean', normalize: true });
  const dims = probe.dims[probe.dims.length - 1]!;
  const defaultBatch = meta.batchSize ?? DEFAULT_BATCH_SIZE;
  return {
    id: meta.id,
    configHash: meta.configHash,
    dims,
    async embed(texts, opts = {}) {
      const batch = Math.max(1, opts.batchSize ?? defaultBatch);
      const out = new Float32Array(texts.length * dims);
      for (let start = 0; start < texts.length; start += batch) {
        const slice = texts.slice(start, start + batch);
        if (meta.zeroPadding) {
          const tokens = await extractor(slice, { pooling: 'none', normalize: false });
          const [b, seq, d] = tokens.dims as [number, number, number];
          sumPoolNormalize(tokens.data, b, seq, d, out, start * dims);
          opts.onProgress?.(Math.min(start + batch, texts.length), texts.length);
          continue;
        }
        const result = await extractor(slice, { pooling: 'mean', normalize: true });
        const data = result.data;
        for (let i = 0; i < slice.length * dims; i++) {
          const v = data[i]!;
          // A text whose tokens are all unknown pools to zero and normalises to NaN: keep it zero.
          out[start * dims + i] = Number.isFinite(v) ? v : 0;
        }
        opts.onProgress?.(Math.min(start + batch, texts.length), texts.length);
      }
      return out;
    },
  };
}
