/**
 * Benchmark manifests: which ontology pairs a track has and where their reference alignments are.
 *
 * Format (JSON, paths relative to the manifest file):
 *
 * ```json
 * {
 *   "name": "conference",
 *   "description": "free text",
 *   "pairs": [
 *     { "id": "cmt-conference", "source": "ontologies/cmt.owl", "target": "ontologies/conference.owl",
 *       "reference": "reference/cmt-conference.rdf" }
 *   ]
 * }
 * ```
 *
 * `name` and `pairs` are required, `description` is optional; every pair needs a unique `id` and
 * the three paths. An optional `generators` object gives per-generator settings by registry name
 * (`{"embedding": {"mode": "label"}}`), the same settings the CLI passes; they are recorded in
 * results.json as the run's resolved configuration. The reference is an OAEI Alignment API file whose `entity1` lies in `source`
 * and `entity2` in `target`: the direction of the benchmark. Unknown members are errors, so a
 * misspelt key is not silently ignored.
 */
import { readdir, stat } from 'node:fs/promises';
import { readTextFile } from '../io/files.js';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IoaError } from '../model/errors.js';
import { parseJson } from '../text/json.js';

export interface ManifestPair {
  id: string;
  /** Absolute paths, resolved against the manifest's folder. */
  source: string;
  target: string;
  reference: string;
}

export interface BenchManifest {
  name: string;
  description?: string;
  /** Per-generator settings by registry name. */
  generators?: Record<string, Record<string, unknown>>;
  /** Absolute path of the manifest file. */
  file: string;
  pairs: ManifestPair[];
}

/** The corpora shipped with the package, found from this module in both src/ and dist/. */
export const CORPORA_DIR = fileURLToPath(new URL('../../corpora/', import.meta.url));

const NAME = /^[a-z0-9][a-z0-9_-]*$/i;

/**
 * `conference` → corpora/conference/manifest.json; anything ending in `.json` or containing a
 * path separator is a manifest path.
 */
export async function resolveCorpus(corpus: string, corporaDir: string = CORPORA_DIR): Promise<string> {
  if (corpus.endsWith('.json') || corpus.includes('/') || corpus.includes('\\')) return resolve(corpus);
  if (!NAME.test(corpus)) throw new IoaError('E_UNKNOWN_CORPUS', `"${corpus}" is neither a corpus name nor a manifest path`);
  const file = resolve(corporaDir, corpus, 'manifest.json');
  try {
    await stat(file);
  } catch {
    const known = await knownCorpora(corporaDir);
    throw new IoaError('E_UNKNOWN_CORPUS', `unknown corpus "${corpus}"; known: ${known.join(', ') || 'none'} (or give a path to a manifest.json)`);
  }
  return file;
}

/** Corpus names that have a manifest. */
export async function knownCorpora(corporaDir: string = CORPORA_DIR): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(corporaDir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    try {
      await stat(resolve(corporaDir, entry.name, 'manifest.json'));
      names.push(entry.name);
    } catch {
      // not a benchmark track
    }
  }
  return names.sort();
}

export async function readManifest(file: string): Promise<BenchManifest> {
  const text = await readTextFile(file, { what: 'manifest', kind: 'config' });
  return parseManifest(parseJson(text, file, 'E_BENCH_MANIFEST'), resolve(file));
}

/** Validates a parsed manifest; every fault names its JSON path. Paths resolve against `file`'s folder. */
export function parseManifest(json: unknown, file: string): BenchManifest {
  const fail = (path: string, message: string): never => {
    throw new IoaError('E_BENCH_MANIFEST', message, { file, path });
  };
  if (!isObject(json)) return fail('$', 'a manifest must be a JSON object');
  allowOnly(json, ['name', 'description', 'pairs', 'generators'], '$', fail);
  const name = json.name;
  if (typeof name !== 'string' || !name.trim()) fail('$.name', '"name" must be a non-empty string');
  if (json.description !== undefined && typeof json.description !== 'string') fail('$.description', '"description" must be a string');
  const pairs = json.pairs;
  if (!Array.isArray(pairs)) return fail('$.pairs', '"pairs" must be an array');
  if (pairs.length === 0) fail('$.pairs', '"pairs" must list at least one pair');
  const base = dirname(file);
  const ids = new Set<string>();
  const resolved = pairs.map((pair: unknown, i): ManifestPair => {
    const at = `$.pairs[${i}]`;
    if (!isObject(pair)) return fail(at, 'a pair must be an object with id, source, target and reference');
    allowOnly(pair, ['id', 'source', 'target', 'reference'], at, fail);
    const field = (key: 'id' | 'source' | 'target' | 'reference'): string => {
      const value = pair[key];
      if (typeof value !== 'string' || !value.trim()) return fail(`${at}.${key}`, `"${key}" must be a non-empty string`);
      return value;
    };
    const id = field('id');
    if (ids.has(id)) fail(`${at}.id`, `duplicate pair id "${id}"`);
    ids.add(id);
    return { id, source: resolve(base, field('source')), target: resolve(base, field('target')), reference: resolve(base, field('reference')) };
  });
  const manifest: BenchManifest = { name: name as string, file, pairs: resolved };
  if (typeof json.description === 'string') manifest.description = json.description;
  if (json.generators !== undefined) {
    if (!isObject(json.generators)) fail('$.generators', '"generators" must be an object of settings by generator name');
    const generators: Record<string, Record<string, unknown>> = {};
    for (const [key, value] of Object.entries(json.generators as Record<string, unknown>)) {
      if (!isObject(value)) fail(`$.generators.${key}`, `settings for "${key}" must be an object`);
      generators[key] = value as Record<string, unknown>;
    }
    manifest.generators = generators;
  }
  return manifest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function allowOnly(obj: Record<string, unknown>, keys: readonly string[], at: string, fail: (path: string, message: string) => never): void {
  for (const key of Object.keys(obj)) {
    if (!keys.includes(key)) fail(`${at}.${key}`, `unknown member "${key}" (allowed: ${keys.join(', ')})`);
  }
}

/** Resolves a corpus name or path and reads its manifest. */
export async function loadManifest(corpus: string, corporaDir?: string): Promise<BenchManifest> {
  return readManifest(await resolveCorpus(corpus, corporaDir));
}

/**
 * Checks that every file a manifest names exists, before any ontology is loaded, so a typo in
 * pair 20 fails in milliseconds rather than after 19 pairs of work.
 */
export async function checkManifestFiles(manifest: BenchManifest): Promise<void> {
  for (const [i, pair] of manifest.pairs.entries()) {
    for (const key of ['source', 'target', 'reference'] as const) {
      const ok = await stat(pair[key]).then((s) => s.isFile() || s.isDirectory(), () => false);
      if (!ok) throw new IoaError('E_BENCH_MANIFEST', `pair "${pair.id}": ${key} file not found: ${pair[key]}`, { file: manifest.file, path: `$.pairs[${i}].${key}` });
    }
  }
}
