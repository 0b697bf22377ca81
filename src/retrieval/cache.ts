/**
 * Cache of accepted resources, keyed by URL *and* digest (STYLE.md: never key on a name alone).
 *
 * A lookup with a pinned digest can only return bytes with that digest, so a changed remote
 * revision can never be served in place of the accepted one. A lookup without a pin returns what
 * this cache accepted earlier for the URL; its `revision` says which bytes those were, so a
 * caller that caches decisions can revalidate when the revision differs (Section 9, S5).
 */
import type { RetrievedResource } from './resource.js';

export interface RetrievalCacheOptions {
  /** Most entries kept; the least recently used is evicted first. */
  maxEntries?: number;
  /** How long an unpinned entry may be reused, ms (pinned entries do not expire: their bytes cannot change). */
  unpinnedTtlMs?: number;
  now?: () => number;
}

const key = (url: string, digest: string | undefined): string => `${url}\u0000${digest ?? ''}`;

export class RetrievalCache {
  readonly #entries = new Map<string, { resource: RetrievedResource; storedAt: number; pinned: boolean }>();
  readonly #max: number;
  readonly #ttl: number;
  readonly #now: () => number;

  constructor(options: RetrievalCacheOptions = {}) {
    this.#max = options.maxEntries ?? 256;
    this.#ttl = options.unpinnedTtlMs ?? 300_000;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The accepted resource for `url`, restricted to `digest` when one is pinned. */
  get(url: string, digest?: string): RetrievedResource | undefined {
    const k = key(url, digest);
    const entry = this.#entries.get(k);
    if (!entry) return undefined;
    if (!entry.pinned && this.#now() - entry.storedAt > this.#ttl) {
      this.#entries.delete(k);
      return undefined;
    }
    this.#entries.delete(k);
    this.#entries.set(k, entry);
    return entry.resource;
  }

  /** Store an accepted resource under its URL + its actual digest, and under the bare URL. */
  set(resource: RetrievedResource): void {
    const storedAt = this.#now();
    this.#put(key(resource.url, resource.revision.digest), { resource, storedAt, pinned: true });
    this.#put(key(resource.url, undefined), { resource, storedAt, pinned: false });
  }

  clear(): void {
    this.#entries.clear();
  }

  #put(k: string, entry: { resource: RetrievedResource; storedAt: number; pinned: boolean }): void {
    this.#entries.delete(k);
    this.#entries.set(k, entry);
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
