/**
 * Exact top-k cosine search over unit vectors in Float32Arrays. Rows are grouped (several label
 * variants of one concept): a group's score against another is the best pair of their rows, so
 * "best pair over label variants" is the search itself, not a post-processing step.
 *
 * The work is blocked (a block of query groups at a time; the dot products of its rows with all
 * corpus rows come from a scorer: plain JavaScript, or onnxruntime's MatMul) and each query group
 * keeps its k best corpus groups in a bounded min-heap, so memory is O(block × corpus + k). Exact search is fine for the ontologies here
 * (anatomy: 3k × 9k label variants in about a second); above ~100k concepts an approximate index
 * would be the next step.
 */
import { importEmbeddingPackage } from './availability.js';

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
  /** Corpus rows per block of the JavaScript scorer (2,048 × 100 floats = 800 kB, L2-sized). */
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
 * Dot products of a block of query rows with every corpus row: `rows × corpusRows`, row-major.
 * The pure-JavaScript scorer is the reference; `onnxRowScorer` does the same with onnxruntime's
 * MatMul (SIMD, about 20× faster on anatomy).
 */
export type RowScorer = (rows: Float32Array, count: number) => Promise<Float32Array> | Float32Array;

export function jsRowScorer(corpus: GroupedVectors, corpusBlock = 2048): RowScorer {
  const { dims } = corpus;
  const n = corpus.groupOf.length;
  const cv = corpus.vectors;
  return (rows, count) => {
    const out = new Float32Array(count * n);
    for (let c0 = 0; c0 < n; c0 += corpusBlock) {
      const c1 = Math.min(n, c0 + corpusBlock);
      for (let q = 0; q < count; q++) {
        const qo = q * dims;
        for (let c = c0; c < c1; c++) {
          const co = c * dims;
          let dot = 0;
          for (let d = 0; d < dims; d++) dot += rows[qo + d]! * cv[co + d]!;
          out[q * n + c] = dot;
        }
      }
    }
    return out;
  };
}

interface Plan {
  qRows: number[][];
  k: number;
  qBlock: number;
}

function plan(query: GroupedVectors, corpus: GroupedVectors, options: SearchOptions): Plan {
  if (query.dims !== corpus.dims) throw new RangeError(`dimension mismatch: ${query.dims} vs ${corpus.dims}`);
  return { qRows: rowsByGroup(query), k: Math.max(0, Math.floor(options.k)), qBlock: Math.max(1, options.queryBlock ?? 32) };
}

/** Rows of query groups q0..q1 and their vectors packed for the scorer. */
function packBlock(query: GroupedVectors, p: Plan, q0: number, q1: number): { rows: number[]; packed: Float32Array } {
  const rows: number[] = [];
  for (let qg = q0; qg < q1; qg++) rows.push(...p.qRows[qg]!);
  const { dims } = query;
  const packed = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => packed.set(query.vectors.subarray(r * dims, (r + 1) * dims), i * dims));
  return { rows, packed };
}

/** Best pair per corpus group for each query group of the block, then the bounded heap. */
function reduceBlock(corpus: GroupedVectors, p: Plan, q0: number, q1: number, rows: number[], scores: ArrayLike<number>, options: SearchOptions, results: Hit[][]): void {
  const n = corpus.groupOf.length;
  const cg = corpus.groupOf;
  const best = new Float32Array(corpus.groups);
  const bestQ = new Int32Array(corpus.groups);
  const bestC = new Int32Array(corpus.groups);
  let at = 0;
  for (let qg = q0; qg < q1; qg++) {
    const mine = p.qRows[qg]!;
    if (mine.length === 0) continue;
    best.fill(Number.NEGATIVE_INFINITY);
    for (let i = 0; i < mine.length; i++, at++) {
      const base = at * n;
      for (let c = 0; c < n; c++) {
        const dot = scores[base + c]!;
        const g = cg[c]!;
        if (dot > best[g]!) {
          best[g] = dot;
          bestQ[g] = rows[at]!;
          bestC[g] = c;
        }
      }
    }
    const heap = new TopK(p.k);
    for (let g = 0; g < corpus.groups; g++) {
      const score = best[g]!;
      if (score === Number.NEGATIVE_INFINITY) continue;
      if (options.exclude?.(qg, g)) continue;
      heap.offer({ group: g, score, queryRow: bestQ[g]!, corpusRow: bestC[g]! });
    }
    results[qg] = heap.sorted();
  }
}

/**
 * For every query group, its k best corpus groups by best-pair cosine, best first. Groups with
 * no rows get no hits. Scores are dot products, i.e. cosines for unit vectors (zero rows give 0).
 */
export function searchTopK(query: GroupedVectors, corpus: GroupedVectors, options: SearchOptions): Hit[][] {
  const p = plan(query, corpus, options);
  const results: Hit[][] = Array.from({ length: query.groups }, () => []);
  if (p.k === 0 || corpus.groupOf.length === 0) return results;
  const scorer = jsRowScorer(corpus, options.corpusBlock);
  for (let q0 = 0; q0 < query.groups; q0 += p.qBlock) {
    const q1 = Math.min(query.groups, q0 + p.qBlock);
    const { rows, packed } = packBlock(query, p, q0, q1);
    reduceBlock(corpus, p, q0, q1, rows, scorer(packed, rows.length) as Float32Array, options, results);
    options.onProgress?.(q1, query.groups);
  }
  return results;
}

/** The same search with an asynchronous scorer (e.g. onnxruntime MatMul); identical reduction. */
export async function searchTopKWith(scorer: RowScorer, query: GroupedVectors, corpus: GroupedVectors, options: SearchOptions): Promise<Hit[][]> {
  const p = plan(query, corpus, options);
  const results: Hit[][] = Array.from({ length: query.groups }, () => []);
  if (p.k === 0 || corpus.groupOf.length === 0) return results;
  for (let q0 = 0; q0 < query.groups; q0 += p.qBlock) {
    const q1 = Math.min(query.groups, q0 + p.qBlock);
    const { rows, packed } = packBlock(query, p, q0, q1);
    reduceBlock(corpus, p, q0, q1, rows, await scorer(packed, rows.length), options, results);
    options.onProgress?.(q1, query.groups);
  }
  return results;
}

/**
 * Scorer over onnxruntime's MatMul, through transformers.js's `matmul` (the runtime that is
 * loaded anyway for the embeddings): one [rows × dims] · [dims × corpus] product per block.
 */
export async function onnxRowScorer(corpus: GroupedVectors): Promise<RowScorer> {
  const { Tensor, matmul } = await importEmbeddingPackage('@huggingface/transformers', () => import('@huggingface/transformers'), 'the embedding search');
  const { dims } = corpus;
  const n = corpus.groupOf.length;
  const transposed = new Float32Array(dims * n);
  for (let c = 0; c < n; c++) for (let d = 0; d < dims; d++) transposed[d * n + c] = corpus.vectors[c * dims + d]!;
  const right = new Tensor('float32', transposed, [dims, n]);
  return async (rows, count) => {
    if (count === 0) return new Float32Array(0);
    const product = await matmul(new Tensor('float32', rows, [count, dims]), right);
    return product.data as Float32Array;
  };
}
