/**
 * Retrofitting (Faruqui et al., 2015, "Retrofitting Word Vectors to Semantic Lexicons"): each
 * word vector moves towards the mean of its lexicon neighbours while staying anchored to its
 * original position. Iterative update
 *   q_i ← (α·q̂_i + Σ_j β_ij·q_j) / (α + Σ_j β_ij),  β_ij = β / degree(i).
 * Only words present in the vocabulary take part; the input table is not modified.
 */

export interface RetrofitSettings {
  iterations: number;
  /** Anchor weight of the original vector. */
  alpha: number;
  /** Total weight of a word's neighbours (split evenly among them). */
  beta: number;
  /** Which lexicons fed the pairs; part of the settings hash, so part of the cache key. */
  lexicons: string[];
}

export const DEFAULT_RETROFIT: RetrofitSettings = { iterations: 10, alpha: 1, beta: 1, lexicons: ['wordnet-synonyms', 'wordnet-pertainyms'] };

export function retrofit(
  words: readonly string[],
  vectors: Float32Array,
  dims: number,
  pairs: Iterable<readonly [string, string]>,
  settings: RetrofitSettings,
): Float32Array {
  const index = new Map<string, number>();
  words.forEach((w, i) => {
    if (!index.has(w)) index.set(w, i);
  });
  const neighbours = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    let set = neighbours.get(a);
    if (!set) neighbours.set(a, (set = new Set()));
    set.add(b);
  };
  for (const [x, y] of pairs) {
    const a = index.get(x);
    const b = index.get(y);
    if (a === undefined || b === undefined || a === b) continue;
    link(a, b);
    link(b, a);
  }
  const out = new Float32Array(vectors);
  const acc = new Float64Array(dims);
  const nodes = [...neighbours.keys()].sort((p, q) => p - q);
  for (let iter = 0; iter < settings.iterations; iter++) {
    for (const i of nodes) {
      const nb = neighbours.get(i)!;
      const w = settings.beta / nb.size;
      for (let d = 0; d < dims; d++) acc[d] = settings.alpha * vectors[i * dims + d]!;
      for (const j of nb) for (let d = 0; d < dims; d++) acc[d]! += w * out[j * dims + d]!;
      const denom = settings.alpha + settings.beta;
      for (let d = 0; d < dims; d++) out[i * dims + d] = acc[d]! / denom;
    }
  }
  return out;
}
