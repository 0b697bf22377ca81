/**
 * Turns word vectors into a transformers.js model folder:
 *
 * ```
 * <dir>/config.json              model_type bert (an encoder-only graph; transformers.js needs a known type)
 * <dir>/tokenizer.json           BERT normaliser (lower-case), BERT pre-tokeniser (whitespace + punctuation split),
 *                                WordPiece over whole words, plus `##` continuation pieces for out-of-vocabulary words
 * <dir>/tokenizer_config.json
 * <dir>/onnx/model.onnx          Gather over a float32 table
 * <dir>/onnx/model_quantized.onnx  Gather over a row-wise int8 table
 * <dir>/ioa-build.json           build stamp: source package + version, settings and their hash
 * ```
 *
 * Each row is the word's vector scaled by its SIF weight a / (a + p(w)) (Arora et al., 2017), with
 * p(w) from the Zipf law over the frequency rank, so that the pipeline's mean pooling yields a
 * SIF-weighted average. Removing the common component is linear, so it is applied to the rows.
 */
import { lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IoaError } from '../model/errors.js';
import { trackTemporary } from '../io/temp.js';
import type { WordVectors } from './source-vectors.js';
import { embeddingLookupModel, quantizedLookupModel } from './onnx-writer.js';
import { retrofit } from './retrofit.js';
import { DEFAULT_BUILD_SETTINGS, settingsHash, type BuildSettings, type BuildStamp } from './build-settings.js';

export { DEFAULT_BUILD_SETTINGS, buildKey, settingsHash, type BuildSettings, type BuildStamp } from './build-settings.js';

export const SPECIAL_TOKENS = { pad: '[PAD]', unk: '[UNK]' } as const;
export const SUBWORD_PREFIX = '##';

export interface BuildOptions {
  outDir: string;
  settings?: BuildSettings;
  /** Extra synonym pairs for retrofitting (e.g. from WordNet), supplied by the caller. */
  synonymPairs?: () => Promise<Iterable<readonly [string, string]>>;
  onProgress?: (stage: string, done: number, total: number) => void;
}

/** The build stamp's format: a folder holding it is an earlier build, which a new build may replace. */
const BUILD_FORMAT = 'ioa-align-word-vector-model/1';

/** Whether a token is punctuation only: such rows are zero so they never steer a label. */
const PUNCT_ONLY = /^[\p{P}\p{S}]+$/u;

/**
 * Builds the model folder atomically (written to `<dir>.tmp-<pid>` and renamed), so a crash
 * never leaves a half-written folder that later runs would take for a model.
 */
export async function buildModel(source: WordVectors, options: BuildOptions): Promise<BuildStamp> {
  const started = Date.now();
  await assertReplaceableModelFolder(options.outDir);
  const settings = options.settings ?? DEFAULT_BUILD_SETTINGS;
  const progress = options.onProgress ?? (() => {});
  const { dims } = source;
  const n = Math.min(source.words.length, settings.maxWords ?? Number.POSITIVE_INFINITY);

  // Word table (SIF-weighted later, after optional retrofitting on the raw vectors).
  const words = source.words.slice(0, n);
  let base = source.vectors.subarray(0, n * dims);
  if (settings.retrofit && options.synonymPairs) {
    progress('retrofit', 0, 1);
    base = retrofit(words, base, dims, await options.synonymPairs(), settings.retrofit);
    progress('retrofit', 1, 1);
  }

  // Vocabulary: specials, whole words (first occurrence wins), then continuation pieces.
  const vocab = new Map<string, number>();
  vocab.set(SPECIAL_TOKENS.pad, 0);
  vocab.set(SPECIAL_TOKENS.unk, 1);
  const rowOf: number[] = [-1, -1]; // source row per vocabulary id; -1: zero vector
  const weightOf: number[] = [0, 0];
  for (let i = 0; i < n; i++) {
    const w = words[i]!;
    if (!w || vocab.has(w)) continue;
    vocab.set(w, rowOf.length);
    rowOf.push(PUNCT_ONLY.test(w) ? -1 : i);
    weightOf.push(1);
  }
  if (settings.subwords) {
    const { maxRank, minLength, weight } = settings.subwords;
    for (let i = 0; i < Math.min(n, maxRank); i++) {
      const w = words[i]!;
      if (!w || [...w].length < minLength || !/^[\p{L}\p{N}]+$/u.test(w)) continue;
      const piece = `${SUBWORD_PREFIX}${w}`;
      if (vocab.has(piece)) continue;
      vocab.set(piece, rowOf.length);
      rowOf.push(i);
      weightOf.push(weight);
    }
  }
  // Hashed character pieces: rowOf = -2 marks them; their vectors are filled in below.
  const hashed = new Map<number, string>();
  if (settings.hashedPieces) {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const addHashed = (token: string, content: string) => {
      if (vocab.has(token)) return;
      vocab.set(token, rowOf.length);
      hashed.set(rowOf.length, content);
      rowOf.push(-2);
      weightOf.push(settings.hashedPieces!.weight);
    };
    for (const c of alphabet) {
      addHashed(c, c);
      addHashed(`${SUBWORD_PREFIX}${c}`, c);
    }
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const grow = (prefix: string) => {
      if (prefix.length >= settings.hashedPieces!.maxLength) return;
      for (const c of letters) {
        const piece = prefix + c;
        if (piece.length >= 2) addHashed(`${SUBWORD_PREFIX}${piece}`, piece);
        grow(piece);
      }
    };
    grow('');
  }
  const rows = rowOf.length;

  // SIF: p(w) ≈ 1 / ((rank + 1) · H) under Zipf's law, H the harmonic number of the vocabulary.
  const harmonic = Math.log(n) + 0.5772156649;
  const sif = (rank: number): number => (settings.sifA > 0 ? settings.sifA / (settings.sifA + 1 / ((rank + 1) * harmonic)) : 1);

  progress('table', 0, rows);
  const table = new Float32Array(rows * dims);
  for (let id = 0; id < rows; id++) {
    const r = rowOf[id]!;
    if (r < 0) continue;
    const scale = sif(r) * weightOf[id]!;
    for (let d = 0; d < dims; d++) table[id * dims + d] = base[r * dims + d]! * scale;
  }
  if (hashed.size > 0) {
    // Scale hashed vectors like a typical (median-norm) word row, times the piece weight.
    const norms: number[] = [];
    for (let id = 0; id < rows; id += 97) if (rowOf[id]! >= 0) norms.push(rowNorm(table, id, dims) / weightOf[id]!);
    norms.sort((a, b) => a - b);
    const typical = norms[norms.length >> 1] ?? 1;
    for (const [id, content] of hashed) {
      const v = hashVector(content, dims);
      const scale = (typical * weightOf[id]!) / Math.hypot(...v);
      for (let d = 0; d < dims; d++) table[id * dims + d] = v[d]! * scale;
    }
  }
  if (settings.removeComponents > 0) removeCommonComponent(table, rows, dims, rowOf, harmonic);
  progress('table', rows, rows);

  const stamp: BuildStamp = {
    format: BUILD_FORMAT,
    source: source.source,
    settings,
    settingsHash: settingsHash(settings),
    vocabularySize: rows,
    dims,
    builtAt: new Date().toISOString(),
    buildMillis: 0,
  };
  const tmp = `${options.outDir}.tmp-${process.pid}`;
  // An interrupted build removes its half-written folder on the way out.
  const untrack = trackTemporary(tmp, { folder: true });
  try {
    await rm(tmp, { recursive: true, force: true });
    await mkdir(join(tmp, 'onnx'), { recursive: true });
    progress('tokenizer', 0, 1);
    await writeFile(join(tmp, 'tokenizer.json'), tokenizerJson(vocab));
    await writeFile(join(tmp, 'tokenizer_config.json'), JSON.stringify(TOKENIZER_CONFIG, null, 2));
    await writeFile(join(tmp, 'config.json'), JSON.stringify(modelConfig(rows, dims, stamp), null, 2));
    progress('onnx', 0, 2);
    const doc = `SIF-weighted word vectors from ${source.source.package}@${source.source.version}, settings ${stamp.settingsHash}`;
    await writeFile(join(tmp, 'onnx', 'model.onnx'), embeddingLookupModel(table, rows, dims, doc));
    progress('onnx', 1, 2);
    await writeFile(join(tmp, 'onnx', 'model_quantized.onnx'), quantizedLookupModel(table, rows, dims, doc));
    progress('onnx', 2, 2);
    stamp.buildMillis = Date.now() - started;
    await writeFile(join(tmp, 'ioa-build.json'), `${JSON.stringify(stamp, null, 2)}\n`);
    await assertReplaceableModelFolder(options.outDir);
    await rm(options.outDir, { recursive: true, force: true });
    await rename(tmp, options.outDir);
  } catch (cause) {
    await rm(tmp, { recursive: true, force: true }).catch(() => {});
    throw new IoaError(
      'E_MODEL_BUILD_FAILED',
      `could not write the model folder ${options.outDir}: ${(cause as Error).message} (set IOA_ALIGN_MODELS or modelsDir to a writable folder)`,
      { file: options.outDir },
      { cause },
    );
  } finally {
    untrack();
  }
  return stamp;
}

/**
 * A build replaces only an earlier build (a folder holding this format's ioa-build.json), never a
 * folder of the same name someone else made: checked before the work and again before the swap.
 */
async function assertReplaceableModelFolder(dir: string): Promise<void> {
  const info = await lstat(dir).catch(() => undefined);
  if (info === undefined) return;
  const stamp = info.isDirectory() ? await readFile(join(dir, 'ioa-build.json'), 'utf8').then((t) => JSON.parse(t) as { format?: unknown }, () => undefined) : undefined;
  if (stamp?.format === BUILD_FORMAT) return;
  throw new IoaError('E_USAGE', `${dir} exists and is not a model folder ioa-align built (no ${BUILD_FORMAT} ioa-build.json in it): refusing to replace it; move it away or set IOA_ALIGN_MODELS or modelsDir to another folder`, { file: dir });
}

function rowNorm(table: Float32Array, id: number, dims: number): number {
  let s = 0;
  for (let d = 0; d < dims; d++) s += table[id * dims + d]! ** 2;
  return Math.sqrt(s);
}

/** Deterministic pseudo-random normal vector from a string (FNV-1a seed, xorshift32, Box-Muller). */
export function hashVector(text: string, dims: number): number[] {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let x = h || 1;
  const next = (): number => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return (x + 1) / 4294967297;
  };
  const out: number[] = [];
  while (out.length < dims) {
    const u = next();
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    out.push(r * Math.cos(2 * Math.PI * v), r * Math.sin(2 * Math.PI * v));
  }
  return out.slice(0, dims);
}

/**
 * Projects out the first principal component of the rows, weighted by word frequency, which is
 * what SIF removes from sentence vectors (a shared "common discourse" direction). Power
 * iteration over the weighted covariance; deterministic start vector.
 */
function removeCommonComponent(table: Float32Array, rows: number, dims: number, rowOf: number[], harmonic: number): void {
  const weight = (id: number): number => (rowOf[id]! < 0 ? 0 : 1 / ((rowOf[id]! + 1) * harmonic));
  let v = new Float64Array(dims).fill(1 / Math.sqrt(dims));
  for (let iter = 0; iter < 12; iter++) {
    const next = new Float64Array(dims);
    for (let id = 0; id < rows; id++) {
      const w = weight(id);
      if (w === 0) continue;
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += table[id * dims + d]! * v[d]!;
      const s = w * dot;
      for (let d = 0; d < dims; d++) next[d]! += s * table[id * dims + d]!;
    }
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += next[d]! * next[d]!;
    norm = Math.sqrt(norm);
    if (norm === 0) return;
    for (let d = 0; d < dims; d++) next[d] = next[d]! / norm;
    v = next;
  }
  for (let id = 0; id < rows; id++) {
    let dot = 0;
    for (let d = 0; d < dims; d++) dot += table[id * dims + d]! * v[d]!;
    for (let d = 0; d < dims; d++) table[id * dims + d] = table[id * dims + d]! - dot * v[d]!;
  }
}

const TOKENIZER_CONFIG = {
  tokenizer_class: 'BertTokenizer',
  do_lower_case: true,
  model_max_length: 512,
  pad_token: SPECIAL_TOKENS.pad,
  unk_token: SPECIAL_TOKENS.unk,
  clean_up_tokenization_spaces: false,
};

/**
 * A Hugging Face `tokenizers` file: lower-casing BERT normaliser, whitespace-and-punctuation
 * pre-tokeniser, WordPiece over the vocabulary (whole words first; `##` pieces only when a word
 * is missing), no special tokens added around a label.
 */
function tokenizerJson(vocab: Map<string, number>): string {
  const special = (content: string, id: number) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  // Streamed by hand: a 450k-entry vocabulary object is built fastest as one joined string.
  const parts: string[] = [];
  for (const [token, id] of vocab) parts.push(`${JSON.stringify(token)}:${id}`);
  const head = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(SPECIAL_TOKENS.pad, 0), special(SPECIAL_TOKENS.unk, 1)],
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: null,
    decoder: { type: 'WordPiece', prefix: SUBWORD_PREFIX, cleanup: false },
  };
  const model = `{"type":"WordPiece","unk_token":${JSON.stringify(SPECIAL_TOKENS.unk)},"continuing_subword_prefix":${JSON.stringify(SUBWORD_PREFIX)},"max_input_chars_per_word":100,"vocab":{${parts.join(',')}}}`;
  return `${JSON.stringify(head).slice(0, -1)},"model":${model}}`;
}

function modelConfig(rows: number, dims: number, stamp: BuildStamp): Record<string, unknown> {
  return {
    // transformers.js picks the model class by model_type; "bert" selects an encoder-only
    // forward pass, which is all this graph is (input_ids → last_hidden_state).
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: dims,
    vocab_size: rows,
    max_position_embeddings: 512,
    ioa_align: { description: 'SIF-weighted word-vector lookup; mean pooling gives a label embedding', source: stamp.source, settingsHash: stamp.settingsHash },
  };
}
