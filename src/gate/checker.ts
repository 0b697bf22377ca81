/**
 * Revalidation (draft 5.3, 9; scenario S5). Results are cached under the digests of EVERY input —
 * request, provider advertisement, profile (so its revision), trust policy, each artifact
 * (so its revision and signature), ontologies (their axioms and versions too, beside where each
 * was read from, which the verdict names) and candidates — never under file names alone. A cached
 * verdict is also bounded in time: it is reused only while the clock stays inside the window in
 * which no artifact's validity changes. Any change recomputes. Each caller gets its own copy of a
 * verdict: what one caller does to it never reaches the cache or another caller.
 */
import { signedContent, type ValidatedArtifact } from './artifact.js';
import { sha256 } from './canonical.js';
import { digestInputs, evaluateCompatibility, type CheckInput, type Verdict } from './compatibility.js';

/** A verdict plus whether it came from the cache. */
export interface CheckedVerdict extends Verdict {
  cached: boolean;
}

interface Entry {
  verdict: Verdict;
  /** Inclusive lower / exclusive upper bound (epoch ms) of the clock for which it holds. */
  from: number;
  until: number;
}

export interface CheckerOptions {
  /** Most entries kept (least recently inserted evicted first). Default 10,000. */
  maxEntries?: number;
}

export class CompatibilityChecker {
  readonly #cache = new Map<string, Entry>();
  readonly #max: number;
  /** Counts for tests and benchmarks. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(options: CheckerOptions = {}) {
    this.#max = options.maxEntries ?? 10_000;
  }

  /** The cache key: digests of every input. Exposed so callers can log what a decision rested on. */
  static key(input: CheckInput): string {
    return sha256(rawKey(input));
  }

  check(input: CheckInput): CheckedVerdict {
    const now = input.now === undefined ? Date.now() : typeof input.now === 'number' ? input.now : input.now.getTime();
    // The window and the key are the signed content's; an artifact object whose fields differ from
    // it (excluded by the engine) is decided afresh and never cached under the digest it claims.
    const contents = (input.artifacts ?? []).filter((a): a is ValidatedArtifact => a.kind !== 'unavailable').map((a) => signedContent(a));
    const artifacts = contents.flatMap((c) => (c.ok ? [c.artifact] : []));
    if (artifacts.length < contents.length) {
      this.stats.misses++;
      return { ...evaluateCompatibility({ ...input, now }), cached: false };
    }
    const key = rawKey(input); // the digests joined: already collision-resistant, no need to hash again
    const entry = this.#cache.get(key);
    if (entry && now >= entry.from && now < entry.until) {
      this.stats.hits++;
      return { ...structuredClone(entry.verdict), cached: true };
    }
    this.stats.misses++;
    const verdict = evaluateCompatibility({ ...input, now });
    const [from, until] = validityWindow(artifacts, input.trust?.clockSkewSeconds, now);
    if (this.#cache.size >= this.#max) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(key, { verdict, from, until });
    return { ...structuredClone(verdict), cached: false };
  }

  clear(): void {
    this.#cache.clear();
  }
}

function rawKey(input: CheckInput): string {
  const d = digestInputs(input);
  return [
    d.request, d.provider, d.profile?.digest ?? '-', d.trust ?? '-',
    d.artifacts.map((a) => a.digest).sort().join(','), JSON.stringify(d.ontologies.map((o) => [o.source, o.digest])), d.candidates ?? '-',
  ].join('|');
}

/** The interval around `now` in which no artifact's validFrom/validUntil (± skew) boundary lies. */
function validityWindow(artifacts: readonly ValidatedArtifact[], skewSeconds: number | undefined, now: number): [number, number] {
  const skew = (skewSeconds ?? 60) * 1000;
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const a of artifacts) {
    // Validity flips just after validUntil + skew and at validFrom − skew.
    const edges = [a.validUntil + skew + 1, ...(a.validFrom !== undefined ? [a.validFrom - skew] : [])];
    for (const edge of edges) {
      if (edge <= now) from = Math.max(from, edge);
      else until = Math.min(until, edge);
    }
  }
  return [from, until];
}
