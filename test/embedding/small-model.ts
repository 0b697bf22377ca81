/**
 * Tests build a real model through the same build code as `ioa-align models build`, from the
 * 20,000 most frequent source words (about a second, three at load), into a temporary models
 * folder. Nothing is prepared by hand: a fresh clone with `npm install` is enough.
 */
import { rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BUILD_SETTINGS, type BuildSettings } from '../../src/embedding/build.js';
import { ensureModel, type EnsureResult } from '../../src/embedding/model-store.js';

export const SMALL_LIMIT = 20_000;
export const SMALL_MODEL_ID = 'small-test-model';
/** No WordNet retrofitting here: it has its own tests and costs seconds. */
export const SMALL_SETTINGS: BuildSettings = { ...DEFAULT_BUILD_SETTINGS, retrofit: null };

export interface SmallModel extends EnsureResult {
  modelsDir: string;
  modelId: string;
  cleanup(): Promise<void>;
}

export async function buildSmallModel(settings: BuildSettings = SMALL_SETTINGS): Promise<SmallModel> {
  const modelsDir = await mkdtemp(join(tmpdir(), 'ioa-models-'));
  const result = await ensureModel({ modelsDir, modelId: SMALL_MODEL_ID, settings, limit: SMALL_LIMIT });
  return { ...result, modelsDir, modelId: SMALL_MODEL_ID, cleanup: () => rm(modelsDir, { recursive: true, force: true }) };
}

let shared: Promise<SmallModel> | undefined;

/**
 * One small model per test process, built on first use and removed when the process exits: the
 * files that only read it (load, embed, propose) share it instead of building it again each.
 * (Vitest keeps a worker's modules between files, so this holds across the files a worker runs.)
 * Its `cleanup` does nothing; a test that changes the models folder must build its own with
 * buildSmallModel.
 */
export function sharedSmallModel(): Promise<SmallModel> {
  shared ??= buildSmallModel().then((model) => {
    process.once('exit', () => rmSync(model.modelsDir, { recursive: true, force: true }));
    return { ...model, cleanup: async () => {} };
  });
  return shared;
}

/**
 * A private copy of the shared model, in a models folder of its own (copying takes milliseconds,
 * building seconds): for a test whose subject is loading the model. The process keeps opened
 * models keyed on their folder, so with the shared folder an earlier file's load would be reused
 * and the test would see that load's effects instead of its own.
 */
export async function copiedSmallModel(): Promise<SmallModel> {
  const model = await sharedSmallModel();
  const modelsDir = await mkdtemp(join(tmpdir(), 'ioa-models-'));
  const folder = join(modelsDir, model.modelId);
  await cp(model.folder, folder, { recursive: true });
  return { ...model, modelsDir, folder, cleanup: () => rm(modelsDir, { recursive: true, force: true }) };
}

export function cosine(v: Float32Array, dims: number, a: number, b: number): number {
  let s = 0;
  for (let d = 0; d < dims; d++) s += v[a * dims + d]! * v[b * dims + d]!;
  return s;
}
