/**
 * Exact top-k cosine search over unit vectors in Float32Arrays. Rows are grouped (several label
 * variants of one concept): a group's score against another is the best pair of their rows, so
 * "best pair over label variants" is the search itself, not a post-processing step.
 *
 * The work is blocked (a block of query groups against a block of corpus rows that stays in
 * cache) and each query group keeps its k best corpus groups in a bounded min-heap, so memory is
 * O(block × groups + k) whatever the corpus size. Exact search is fine for the ontologies here
 * (anatomy: 3k × 9k label variants in about a second); above ~100k concepts an approximate index
 * would be the next step.
 */

/** Rows of unit vectors, each belonging to a group (a concept). */
export interface GroupedVectors {
  /** Row-major, `rows × dims`. */
  vectors: Float32Array;
  dims: number;
  /** Group id of each row, 0..groups-1. */
  groupOf: Int32Array;
  groups: number;
}

export interface Hit {
  /** Corpus group. */
  group: number;
  score: number;
  /** The query row and corpus row whose pair gave the score (evidence). */
  queryRow: number;
  corpusRow: number;
}

export interface SearchOptions {
  k: number;
  /** Skip a pair of groups (e.g. a concept with itself, incompatible kinds). */
  exclude?: (queryGroup: number, corpusGroup: number) => boolean;
  /** Query groups per block. */
  queryBlock?: number;
  /** Corpus rows per block (2,048 × 100 floats = 800 kB, L2-sized). */
  corpusBlock?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Bounded min-heap keyed on (score, then lower group id wins ties: deterministic). */
class TopK {
  readonly items: Hit[] = [];
  constructor(private readonly k: number) {}

  /** a is "worse" than b: lower score, or equal score and higher group id. */
  private static worse(a: Hit, b: Hit): boolean {
    return a.score < b.score || (a.score === b.score && a.group > b.group);
  }

  offer(hit: Hit): void {
    const h = this.items;
    if (h.length < this.k) {
      h.push(hit);
      let i = h.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!TopK.worse(h[i]!, h[p]!)) break;
        [h[i], h[p]] = [h[p]!, h[i]!];
        i = p;
      }
      return;
    }
    if (!TopK.worse(h[0]!, hit)) return;
    h[0] = hit;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && TopK.worse(h[l]!, h[m]!)) m = l;
      if (r < h.length && TopK.worse(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }

  /** Best first. */
  sorted(): Hit[] {
    return [...this.items].sort((a, b) => b.score - a.score || a.group - b.group);
  }
}

function rowsByGroup(g: GroupedVectors): number[][] {
  const rows: number[][] = Array.from({ length: g.groups }, () => []);
  for (let r = 0; r < g.groupOf.length; r++) rows[g.groupOf[r]!]!.push(r);
  return rows;
}

/**
 * For every query group, its k best corpus groups by best-pair cosine, best first. Groups with
 * no rows get no hits. Scores are dot products, i.e. cosines for unit vectors (zero rows give 0).
 */
export function searchTopK(query: GroupedVectors, corpus: GroupedVectors, options: SearchOptions): Hit[][] {
  if (query.dims !== corpus.dims) throw new RangeError(`dimension mismatch: ${query.dims} vs ${corpus.dims}`);
  const { dims } = query;
  const k = Math.max(0, Math.floor(options.k));
  const qBlock = Math.max(1, options.queryBlock ?? 32);
  const cBlock = Math.max(1, options.corpusBlock ?? 2048);
  const qRows = rowsByGroup(query);
  const nCorpusRows = corpus.groupOf.length;
  const results: Hit[][] = Array.from({ length: query.groups }, () => []);
  if (k === 0 || nCorpusRows === 0) return results;
  const best = new Float32Array(qBlock * corpus.groups);
  const bestQ = new Int32Array(qBlock * corpus.groups);
  const bestC = new Int32Array(qBlock * corpus.groups);
  const qv = query.vectors;
  const cv = corpus.vectors;
  const cg = corpus.groupOf;
  for (let q0 = 0; q0 < query.groups; q0 += qBlock) {
    const q1 = Math.min(query.groups, q0 + qBlock);
    best.fill(Number.NEGATIVE_INFINITY);
    for (let c0 = 0; c0 < nCorpusRows; c0 += cBlock) {
      const c1 = Math.min(nCorpusRows, c0 + cBlock);
      for (let qg = q0; qg < q1; qg++) {
        const base = (qg - q0) * corpus.groups;
        for (const qr of qRows[qg]!) {
          const qo = qr * dims;
          for (let c = c0; c < c1; c++) {
            const co = c * dims;
            let dot = 0;
            for (let d = 0; d < dims; d++) dot += qv[qo + d]! * cv[co + d]!;
            const slot = base + cg[c]!;
            if (dot > best[slot]!) {
              best[slot] = dot;
              bestQ[slot] = qr;
              bestC[slot] = c;
            }
          }
        }
      }
    }
    for (let qg = q0; qg < q1; qg++) {
      if (qRows[qg]!.length === 0) continue;
      const heap = new TopK(k);
      const base = (qg - q0) * corpus.groups;
      for (let g = 0; g < corpus.groups; g++) {
        const score = best[base + g]!;
        if (score === Number.NEGATIVE_INFINITY) continue;
        if (options.exclude?.(qg, g)) continue;
        heap.offer({ group: g, score, queryRow: bestQ[base + g]!, corpusRow: bestC[base + g]! });
      }
      results[qg] = heap.sorted();
    }
    options.onProgress?.(q1, query.groups);
  }
  return results;
}
