/**
 * `embedding`: semantic neighbours that lexical measures miss. Each concept's names (label,
 * exact and related synonyms) are embedded with a transformers.js feature-extraction pipeline
 * (mean pooling, normalised) and compared by cosine; a concept pair scores its best pair of names.
 * Raw score = cosine (never a confidence); evidence = the two names compared.
 *
 * Offline by default: the model is read from `models/` with remote loading disabled, and the
 * default model (SIF-weighted, WordNet-retrofitted GloVe vectors from an npm package) is built
 * there on first use. Settings (from the CLI or a bench manifest), all optional:
 *
 * - `model`: a local model folder in the transformers.js layout (`--model <dir>`)
 * - `modelId` + `allowRemoteModels: true`: any hub model id, downloaded (`--allow-remote-models`)
 * - `modelsDir`: folder of model folders (default: the package's `models/`)
 * - `autoBuild`: build the default model when absent (default true)
 * - `dtype`: `q8` (row-int8 table; the default when the folder has it) or `fp32`
 * - `batchSize` (default 128), `mode`: `best` | `mean` | `label` (default `best`)
 * - `cacheDir`: embedding cache folder (default `models/cache`), or `cache: false`
 */
import { IoaError } from '../model/errors.js';
import { CachedEmbedder } from '../embedding/cache.js';
import { assertEmbeddingAvailable, EMBEDDING_PACKAGES } from '../embedding/availability.js';
import { EMBEDDING_EXACT_FROM, EMBEDDING_IDENTITY, proposeWithEmbedder, type TextEmbedder, type VariantMode } from './embedding-core.js';
import { DEFAULT_MODEL_ID, defaultCacheDir, defaultModelsDir, ensureModel } from '../embedding/model-store.js';
import { embedderOptionsForFolder, handleOf, openModel, type Embedder, type EmbedderOptions, type ModelHandle } from '../embedding/runtime.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';

/** Parsed generator settings. */
export interface EmbeddingSettings {
  embedder: EmbedderOptions & { autoBuild: boolean; isDefault: boolean };
  mode: VariantMode;
  cacheDir: string | undefined;
  /** Cosine from which a candidate is exactMatch (else closeMatch). */
  exactFrom: number;
  /** An embedder supplied by the caller (tests inject one over a small real model). */
  injected?: Embedder;
}

function bad(key: string, expected: string, value: unknown): never {
  throw new IoaError('E_USAGE', `embedding generator: setting "${key}" must be ${expected}, got ${JSON.stringify(value)}`, { path: `$.${key}` });
}

const KNOWN = new Set(['model', 'modelId', 'allowRemoteModels', 'modelsDir', 'autoBuild', 'dtype', 'batchSize', 'mode', 'cacheDir', 'cache', 'embedder', 'exactFrom']);

export function parseSettings(config: GeneratorConfig = {}): EmbeddingSettings {
  for (const key of Object.keys(config)) if (!KNOWN.has(key)) bad(key, `one of ${[...KNOWN].join(', ')}`, config[key]);
  const str = (key: string): string | undefined => {
    const v = config[key];
    if (v === undefined) return undefined;
    return typeof v === 'string' && v.length > 0 ? v : bad(key, 'a non-empty string', v);
  };
  const bool = (key: string): boolean | undefined => {
    const v = config[key];
    if (v === undefined) return undefined;
    return typeof v === 'boolean' ? v : bad(key, 'true or false', v);
  };
  const allowRemote = bool('allowRemoteModels') ?? false;
  const model = str('model');
  const modelId = str('modelId');
  if (model && modelId) bad('modelId', 'absent when "model" (a folder) is given', modelId);
  const dtype = config.dtype;
  if (dtype !== undefined && dtype !== 'q8' && dtype !== 'fp32') bad('dtype', '"q8" or "fp32"', dtype);
  const batch = config.batchSize ?? 128;
  if (typeof batch !== 'number' || !Number.isInteger(batch) || batch < 1) bad('batchSize', 'a positive integer', batch);
  const mode = config.mode ?? 'best';
  const exactFrom = config.exactFrom ?? EMBEDDING_EXACT_FROM;
  if (typeof exactFrom !== 'number' || !(exactFrom > 0 && exactFrom <= 1)) bad('exactFrom', 'a number in (0, 1]', exactFrom);
  if (mode !== 'best' && mode !== 'mean' && mode !== 'label') bad('mode', '"best", "mean" or "label"', mode);
  const modelsDir = str('modelsDir') ?? defaultModelsDir();
  const where = model ? embedderOptionsForFolder(model) : { modelsDir, modelId: modelId ?? DEFAULT_MODEL_ID };
  const cache = bool('cache') ?? true;
  const settings: EmbeddingSettings = {
    embedder: { ...where, allowRemote, ...(dtype ? { dtype } : {}), batchSize: batch, autoBuild: bool('autoBuild') ?? true, isDefault: !model && !modelId },
    mode,
    exactFrom: exactFrom as number,
    cacheDir: cache ? (str('cacheDir') ?? defaultCacheDir(modelsDir)) : undefined,
  };
  if (allowRemote) settings.embedder.remoteCacheDir = `${modelsDir}/cache/hub`;
  const injected = config.embedder;
  if (injected !== undefined) {
    const e = injected as Partial<Embedder>;
    if (typeof e !== 'object' || e === null || typeof e.embed !== 'function' || typeof e.id !== 'string' || typeof e.configHash !== 'string' || typeof e.dims !== 'number') {
      bad('embedder', 'an Embedder (id, configHash, dims, embed)', '[object]');
    }
    settings.injected = injected as Embedder;
  }
  return settings;
}

// Opened models are shared by every generator instance of the process (a bench runs many pairs).
const opened = new Map<string, Promise<ModelHandle>>();

/**
 * Builds the default model when allowed and absent, then locates the model; the pipeline loads
 * later, only if the embedding cache lacks some text.
 */
export function modelFor(settings: EmbeddingSettings, onWait?: (message: string) => void): Promise<ModelHandle> {
  if (settings.injected) return Promise.resolve(handleOf(settings.injected));
  const o = settings.embedder;
  const key = JSON.stringify([o.modelsDir, o.modelId, o.dtype, o.allowRemote, o.batchSize]);
  let pending = opened.get(key);
  if (!pending) {
    pending = (async () => {
      if (o.isDefault && o.autoBuild) await ensureModel({ modelsDir: o.modelsDir, modelId: o.modelId, ...(onWait ? { onWait } : {}) });
      return openModel(o);
    })();
    pending.catch(() => opened.delete(key));
    opened.set(key, pending);
  }
  return pending;
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  const settings = parseSettings(config);
  // The embedding packages are optional dependencies: say so before any work, not as a crash
  // inside the model build. An injected embedder needs none of them.
  if (!settings.injected) {
    assertEmbeddingAvailable('the embedding generator', settings.embedder.isDefault && settings.embedder.autoBuild ? EMBEDDING_PACKAGES : ['@huggingface/transformers']);
  }
  return {
    ...EMBEDDING_IDENTITY,
    modelId: settings.embedder.modelId,
    async *propose(source, target, options) {
      options.signal?.throwIfAborted();
      const cached: TextEmbedder = new CachedEmbedder(await modelFor(settings, options.onWarning), settings.cacheDir);
      yield* proposeWithEmbedder(cached, source, target, options, { mode: settings.mode, batchSize: settings.embedder.batchSize ?? 128, exactFrom: settings.exactFrom });
    },
  };
});
