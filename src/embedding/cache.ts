/**
 * On-disk embedding cache, keyed by model id, model configuration hash and the exact text that
 * was embedded (STYLE.md: never key a cache on a file name alone). One pair of files per model
 * key: `<key>.json` (the texts, in row order) and `<key>.f32` (their vectors). Writes go to a
 * temporary file and are renamed, so a concurrent or interrupted run never leaves a torn cache;
 * a cache that does not match its own header is ignored and rebuilt, never trusted. A save holds
 * the cache's lock and first takes in what other runs saved meanwhile, so two runs that embed
 * different texts both keep theirs.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Embedder, ModelHandle } from './runtime.js';
import { trackTemporary } from '../io/temp.js';
import { withFileLock } from '../io/lock.js';

interface CacheHeader {
  format: 'ioa-align-embedding-cache/1';
  modelId: string;
  configHash: string;
  dims: number;
  texts: string[];
}

export function cacheKey(modelId: string, configHash: string): string {
  return createHash('sha256').update(`${modelId}\u0000${configHash}`).digest('hex').slice(0, 24);
}

export interface CachedEmbedderStats {
  hits: number;
  misses: number;
}

/** Unit vectors, row-major, and their dimension. */
export interface EmbeddedTexts {
  vectors: Float32Array;
  dims: number;
}

/**
 * Wraps a model with a disk cache in `dir` (`undefined`: no disk cache). The model is loaded only
 * when some text is not in the cache.
 */
export class CachedEmbedder {
  readonly stats: CachedEmbedderStats = { hits: 0, misses: 0 };
  private loaded = false;
  private dims = 0;
  private texts: string[] = [];
  private rowOf = new Map<string, number>();
  private vectors = new Float32Array(0);

  constructor(private readonly model: ModelHandle, private readonly dir: string | undefined) {}

  private get files(): { header: string; data: string } {
    const key = cacheKey(this.model.id, this.model.configHash);
    return { header: join(this.dir!, `${key}.json`), data: join(this.dir!, `${key}.f32`) };
  }

  /** The cache on disk, when it is whole and of this model; undefined otherwise. */
  private async readDisk(): Promise<{ dims: number; texts: string[]; vectors: Float32Array<ArrayBuffer> } | undefined> {
    try {
      const header = JSON.parse(await readFile(this.files.header, 'utf8')) as CacheHeader;
      const data = await readFile(this.files.data);
      const ok = header.format === 'ioa-align-embedding-cache/1' && header.modelId === this.model.id &&
        header.configHash === this.model.configHash && Number.isInteger(header.dims) && header.dims > 0 &&
        Array.isArray(header.texts) && data.byteLength === header.texts.length * header.dims * 4;
      if (!ok) return undefined;
      return { dims: header.dims, texts: header.texts, vectors: new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)) };
    } catch {
      return undefined; // absent or unreadable: start empty
    }
  }

  private async load(): Promise<void> {
    if (this.loaded || !this.dir) return;
    this.loaded = true;
    const disk = await this.readDisk();
    if (!disk) return;
    this.dims = disk.dims;
    this.texts = disk.texts;
    this.vectors = disk.vectors;
    this.texts.forEach((t, i) => this.rowOf.set(t, i));
  }

  /** Add the rows another run saved since this one loaded (same model and dimensions), so saving keeps them. */
  private async mergeDisk(): Promise<void> {
    const disk = await this.readDisk();
    if (!disk || disk.dims !== this.dims) return;
    const fresh = disk.texts.map((t, i) => [t, i] as const).filter(([t]) => !this.rowOf.has(t));
    if (fresh.length === 0) return;
    const grown = new Float32Array((this.texts.length + fresh.length) * this.dims);
    grown.set(this.vectors);
    for (const [text, row] of fresh) {
      grown.set(disk.vectors.subarray(row * this.dims, (row + 1) * this.dims), this.texts.length * this.dims);
      this.rowOf.set(text, this.texts.length);
      this.texts.push(text);
    }
    this.vectors = grown;
  }

  /** Unit vectors for `texts` (row-major), embedding only what the cache lacks. */
  async embed(texts: readonly string[], options: { batchSize?: number; onProgress?: (done: number, total: number) => void } = {}): Promise<EmbeddedTexts> {
    await this.load();
    const missing = [...new Set(texts.filter((t) => !this.rowOf.has(t)))];
    this.stats.hits += texts.filter((t) => this.rowOf.has(t)).length;
    this.stats.misses += missing.length;
    if (missing.length > 0 || this.dims === 0) {
      const embedder: Embedder = await this.model.load();
      if (this.dims !== 0 && embedder.dims !== this.dims) {
        // the cache was written by a model with other dimensions under the same key: drop it
        this.texts = [];
        this.rowOf.clear();
        this.vectors = new Float32Array(0);
        return this.embed(texts, options);
      }
      this.dims = embedder.dims;
      if (missing.length > 0) {
        const fresh = await embedder.embed(missing, options);
        const grown = new Float32Array((this.texts.length + missing.length) * this.dims);
        grown.set(this.vectors);
        grown.set(fresh, this.texts.length * this.dims);
        for (const t of missing) {
          this.rowOf.set(t, this.texts.length);
          this.texts.push(t);
        }
        this.vectors = grown;
        await this.save();
      }
    }
    const dims = this.dims;
    const out = new Float32Array(texts.length * dims);
    texts.forEach((t, i) => {
      const row = this.rowOf.get(t)!;
      out.set(this.vectors.subarray(row * dims, (row + 1) * dims), i * dims);
    });
    return { vectors: out, dims };
  }

  private async save(): Promise<void> {
    if (!this.dir) return;
    const dir = this.dir;
    const { header: h } = this.files;
    try {
      await mkdir(dir, { recursive: true });
      await withFileLock(h, async () => {
        await this.mergeDisk();
        await this.writeFiles();
      }, { what: 'the embedding cache' });
    } catch {
      // A read-only models/ folder, or a cache another run keeps locked, only costs speed: the
      // embeddings are still returned and the next run embeds these texts again.
    }
  }

  private async writeFiles(): Promise<void> {
    const header: CacheHeader = { format: 'ioa-align-embedding-cache/1', modelId: this.model.id, configHash: this.model.configHash, dims: this.dims, texts: this.texts };
    const { header: h, data: d } = this.files;
    const suffix = `.tmp-${process.pid}-${Date.now()}`;
    // An interrupt or a failure removes the temporary files rather than leaving them in models/.
    const temps = [d + suffix, h + suffix];
    const untrack = temps.map((t) => trackTemporary(t));
    try {
      // data first, then header: a reader that sees the new header also sees matching data, and
      // a mismatch (old header, new data) is caught by the size check and ignored.
      await writeFile(d + suffix, new Uint8Array(this.vectors.buffer, this.vectors.byteOffset, this.vectors.byteLength));
      await writeFile(h + suffix, JSON.stringify(header));
      await rename(d + suffix, d);
      await rename(h + suffix, h);
    } catch {
      // A read-only models/ folder only costs speed: the embeddings are still returned.
      await Promise.all(temps.map((t) => rm(t, { force: true }).catch(() => undefined)));
    } finally {
      for (const done of untrack) done();
    }
  }
}
