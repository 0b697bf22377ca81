/**
 * Blocking: sparse TF-IDF vectors of names and an inverted index over the target's names, so a
 * subject is compared only with names that share a feature with it, and never with all n×m.
 *
 * A query walks its features from rarest to commonest and stops once it has visited `budget`
 * postings: rare features (the ones that discriminate) are always used, and a name made of very
 * common features costs at most `budget`, so the total cost grows with the number of pairs
 * examined (≤ budget per name), not with the product of the ontology sizes. Candidates found
 * before the budget ran out are then scored exactly with their full vectors.
 *
 * Features are prefixed with the concept's kind group, so only compatible kinds meet.
 */
import { charNgrams } from '../text/normalize.js';
import type { PreparedOntology, TextEntry } from './lexical-index.js';
import { PACE, paceTurn, type Pacing } from './pacing.js';
import { PARALLEL_NAMES_FROM, runInWorker } from './worker-thread.js';

/** A sparse, L2-normalised vector: feature ids ascending. */
export interface SparseVector {
  ids: Int32Array;
  weights: Float32Array;
}

export interface Vectorized {
  source: SparseVector[];
  target: SparseVector[];
  index: InvertedIndex;
  /** The same vectors laid end to end (what a query worker is sent). */
  packed: { features: number; source: PackedArrays; target: PackedArrays };
}

/** Query results per source name, shared by the generators of one run (`edit` reuses `tfidf`'s). */
export interface Neighbourhood {
  vectors: Vectorized;
  /** The `limit` nearest target names of source name `entry`. */
  near(entry: number, limit: number): QueryResult;
  /**
   * Run every source name's query with `limit` ahead of `near`, on two threads when there are
   * at least `parallelFrom` names (default PARALLEL_QUERIES_FROM) and none is cached yet; `near`
   * then answers from the cache. Resolves to the number of names a worker thread answered.
   * Progress counts this thread's share of the names; the signal stops both threads.
   */
  prefetch(limit: number, options?: PrefetchOptions): Promise<number>;
  /** Postings visited by all queries so far (cost of blocking). */
  examined(): number;
}

export interface PrefetchOptions extends Pacing {
  parallelFrom?: number;
}

export type FeatureFn = (entry: TextEntry) => Array<[feature: string, weight: number]>;

/**
 * Vectorise the names of both ontologies in one feature space. IDF is computed over the names
 * of both sides, so it does not depend on which side is the source.
 */
export function vectorize(source: PreparedOntology, target: PreparedOntology, features: FeatureFn): Vectorized {
  // Feature ids by kind group, then by feature name: a feature of one group is not one of another.
  const vocabulary = new Map<string, Map<string, number>>();
  const df: number[] = [];
  const raw = (entries: TextEntry[]): Array<Map<number, number>> =>
    entries.map((entry) => {
      const counts = new Map<number, number>();
      let ids = vocabulary.get(entry.group);
      if (!ids) vocabulary.set(entry.group, (ids = new Map()));
      for (const [name, weight] of features(entry)) {
        let id = ids.get(name);
        if (id === undefined) {
          id = df.length;
          ids.set(name, id);
          df.push(0);
        }
        const before = counts.get(id);
        if (before === undefined) df[id]!++;
        counts.set(id, (before ?? 0) + weight);
      }
      return counts;
    });
  const rawSource = raw(source.entries);
  const rawTarget = raw(target.entries);
  const n = rawSource.length + rawTarget.length;
  const idf = df.map((d) => Math.log((n + 1) / (d + 1)) + 1);
  const sourcePacked = pack(rawSource, idf);
  const targetPacked = pack(rawTarget, idf);
  return {
    source: sourcePacked.vectors,
    target: targetPacked.vectors,
    index: new InvertedIndex(df.length, targetPacked),
    packed: { features: df.length, source: sourcePacked, target: targetPacked },
  };
}

/**
 * Vectors of one side laid end to end in two arrays, each vector a view of its stretch. A query
 * rescoring its candidates reads target vectors in no particular order; when each vector had
 * arrays of its own, scattered over the heap, those reads missed the cache and cost more than
 * the accumulation over postings.
 */
export interface PackedArrays {
  /** Vector v's features are ids[offsets[v]] … ids[offsets[v + 1] - 1]. */
  offsets: Int32Array;
  ids: Int32Array;
  weights: Float32Array;
}

interface PackedVectors extends PackedArrays {
  vectors: SparseVector[];
}

function pack(raw: Array<Map<number, number>>, idf: readonly number[]): PackedVectors {
  const offsets = new Int32Array(raw.length + 1);
  for (let v = 0; v < raw.length; v++) offsets[v + 1] = offsets[v]! + raw[v]!.size;
  const ids = new Int32Array(offsets[raw.length]!);
  const weights = new Float32Array(ids.length);
  const vectors = raw.map((counts, v): SparseVector => {
    const start = offsets[v]!;
    const end = offsets[v + 1]!;
    const vectorIds = ids.subarray(start, end);
    let at = 0;
    for (const id of counts.keys()) vectorIds[at++] = id;
    vectorIds.sort(); // a typed array sorts numerically
    const vectorWeights = weights.subarray(start, end);
    let norm = 0;
    for (let i = 0; i < vectorIds.length; i++) {
      const id = vectorIds[i]!;
      // Sublinear term frequency: a trigram repeated in a long name should not dominate it.
      const w = (1 + Math.log(counts.get(id)!)) * idf[id]!;
      vectorWeights[i] = w;
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < vectorWeights.length; i++) vectorWeights[i] = vectorWeights[i]! / norm;
    return { ids: vectorIds, weights: vectorWeights };
  });
  return { vectors, offsets, ids, weights };
}

const neighbourhoods = new WeakMap<PreparedOntology, WeakMap<PreparedOntology, Map<string, Neighbourhood>>>();

/**
 * The neighbourhood of (source, target) under a named feature set and budget, built once per
 * pair of ontologies and reused by every generator that asks for the same features.
 */
export function neighbourhood(source: PreparedOntology, target: PreparedOntology, featureSet: string, features: FeatureFn, budget: number): Neighbourhood {
  let byTarget = neighbourhoods.get(source);
  if (!byTarget) neighbourhoods.set(source, (byTarget = new WeakMap()));
  let byKey = byTarget.get(target);
  if (!byKey) byTarget.set(target, (byKey = new Map()));
  const key = `${featureSet}\u0000${budget}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const vectors = vectorize(source, target, features);
  const cache: Array<QueryResult | undefined> = new Array(source.entries.length);
  const cachedLimit = new Int32Array(source.entries.length);
  let examined = 0;
  const made: Neighbourhood = {
    vectors,
    near(entry, limit) {
      const cached = cache[entry];
      // A cached list answers any smaller limit, and any limit at all if it was not cut.
      if (cached && (cachedLimit[entry]! >= limit || cached.docs.length < cachedLimit[entry]!)) {
        if (cached.docs.length <= limit) return cached;
        return { docs: cached.docs.subarray(0, limit), scores: cached.scores.subarray(0, limit), examined: cached.examined };
      }
      const result = vectors.index.query(vectors.source[entry]!, budget, limit);
      examined += result.examined;
      cache[entry] = result;
      cachedLimit[entry] = limit;
      return result;
    },
    async prefetch(limit, options = {}) {
      const count = source.entries.length;
      // Only a neighbourhood nobody has queried yet (the first generator to ask, once).
      if (count < (options.parallelFrom ?? PARALLEL_QUERIES_FROM) || cache.some((c) => c !== undefined)) return 0;
      const split = count >> 1;
      const worker = queryInParallel(vectors.packed, budget, limit, split, count, options.signal);
      // This thread answers the first half meanwhile.
      for (let e = 0; e < split; e++) {
        if (e % PACE === 0) await paceTurn(e, split, options);
        made.near(e, limit);
      }
      options.onProgress?.(split, split);
      const answered = await worker;
      options.signal?.throwIfAborted();
      if (!answered) {
        for (let e = split; e < count; e++) made.near(e, limit);
        return 0;
      }
      for (let e = split; e < count; e++) {
        const at = e - split;
        const from = answered.starts[at]!;
        const to = answered.starts[at + 1]!;
        cache[e] = { docs: answered.docs.subarray(from, to), scores: answered.scores.subarray(from, to), examined: answered.examined[at]! };
        cachedLimit[e] = limit;
        examined += answered.examined[at]!;
      }
      postingsVisited += answered.postings;
      pairsTouched += answered.pairs;
      return count - split;
    },
    examined: () => examined,
  };
  byKey.set(key, made);
  return made;
}

/** Source names from which `prefetch` sends half of the queries to a worker thread. */
export const PARALLEL_QUERIES_FROM = PARALLEL_NAMES_FROM;

/** Marks worker data as a query job (a test runner may load the worker module in workers of its own). */
export const QUERY_JOB = 'ioa-align/blocking-queries';

/** What the query worker is sent: the target vectors, its share of the source names, the query settings. */
export interface QueryJob {
  kind: typeof QUERY_JOB;
  features: number;
  target: PackedArrays;
  source: PackedArrays;
  budget: number;
  limit: number;
}

/** What the query worker sends back: the results of source names from..to, end to end. */
export interface QueryAnswers {
  /** Name i's results are docs / scores[starts[i] … starts[i + 1] - 1] (i counted from `from`). */
  starts: Int32Array;
  docs: Int32Array;
  scores: Float64Array;
  /** Postings each query visited. */
  examined: Int32Array;
  postings: number;
  pairs: number;
}

/** The compiled worker beside this module. */
const WORKER_FILE = new URL('./blocking-worker.js', import.meta.url);

/**
 * Source names from..to queried on a worker thread, with the same index and the same code, so
 * the answers are those this thread would give. Undefined when no worker could do it (the
 * caller then answers them itself).
 */
function queryInParallel(packed: Vectorized['packed'], budget: number, limit: number, from: number, to: number, signal: AbortSignal | undefined): Promise<QueryAnswers | undefined> {
  const { source, target } = packed;
  // The worker gets copies of the target vectors and of its own source names.
  const sourceOffsets = source.offsets.slice(from, to + 1);
  const base = sourceOffsets[0]!;
  const job: QueryJob = {
    kind: QUERY_JOB,
    features: packed.features,
    target: { offsets: target.offsets, ids: target.ids, weights: target.weights },
    source: { offsets: sourceOffsets.map((o) => o - base), ids: source.ids.slice(base, source.offsets[to]!), weights: source.weights.slice(base, source.offsets[to]!) },
    budget,
    limit,
  };
  return runInWorker<QueryAnswers>(WORKER_FILE, job, signal);
}

export function cosine(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let dot = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) dot += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  // Float32 weights of unit vectors can sum to 1 + 1e-7: a cosine is never above 1.
  return Math.min(1, dot);
}

export interface QueryResult {
  /** Target name ids, best first, at most `limit`. */
  docs: Int32Array;
  /** Their cosine with the query. */
  scores: Float64Array;
  /** Postings visited: the cost of this query. */
  examined: number;
}

let postingsVisited = 0;
let pairsTouched = 0;

/**
 * Work done by all blocking queries in this process so far: postings visited (the cost) and
 * distinct (source name, target name) pairs that received a score. Benchmarks read it to show
 * that cost follows the pairs examined rather than the product of the ontology sizes.
 */
export function blockingCost(): { postings: number; pairs: number } {
  return { postings: postingsVisited, pairs: pairsTouched };
}

export class InvertedIndex {
  private readonly docs: Int32Array[];
  private readonly weights: Float32Array[];
  private readonly acc: Float64Array;
  private readonly touched: Int32Array;
  /** The query's weights by feature id while its candidates are rescored; zero otherwise. */
  private readonly dense: Float64Array;

  constructor(features: number, private readonly targets: PackedArrays) {
    const lengths = new Int32Array(features);
    for (const id of targets.ids) lengths[id]!++;
    this.docs = Array.from(lengths, (len) => new Int32Array(len));
    this.weights = Array.from(lengths, (len) => new Float32Array(len));
    const fill = new Int32Array(features);
    const { offsets, ids, weights } = targets;
    for (let doc = 0; doc + 1 < offsets.length; doc++) {
      for (let i = offsets[doc]!; i < offsets[doc + 1]!; i++) {
        const id = ids[i]!;
        const at = fill[id]!++;
        this.docs[id]![at] = doc;
        this.weights[id]![at] = weights[i]!;
      }
    }
    const count = offsets.length - 1;
    this.acc = new Float64Array(count);
    this.touched = new Int32Array(count);
    this.dense = new Float64Array(features);
  }

  /** How many target names carry a feature. */
  postings(feature: number): number {
    return this.docs[feature]?.length ?? 0;
  }

  query(vector: SparseVector, budget: number, limit: number): QueryResult {
    const allDocs = this.docs;
    const allWeights = this.weights;
    const acc = this.acc;
    const touched = this.touched;
    const n = vector.ids.length;
    // Rarest features first: order positions by posting-list length.
    const lengths = new Int32Array(n);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      lengths[i] = allDocs[vector.ids[i]!]?.length ?? 0;
      order[i] = i;
    }
    order.sort((a, b) => lengths[a]! - lengths[b]! || a - b);
    let examined = 0;
    let touchedCount = 0;
    let complete = true;
    for (let o = 0; o < n; o++) {
      const position = order[o]!;
      const length = lengths[position]!;
      if (length === 0) continue;
      // Over budget: stop, except that a name whose rarest feature alone exceeds the budget
      // (thousands of names sharing it) still meets the first `budget` names carrying it.
      const visit = examined === 0 ? Math.min(length, budget) : length;
      if (examined + visit > budget || visit < length) complete = false;
      if (examined + visit > budget) break;
      const feature = vector.ids[position]!;
      const docs = allDocs[feature]!;
      const ws = allWeights[feature]!;
      const qw = vector.weights[position]!;
      for (let i = 0; i < visit; i++) {
        const doc = docs[i]!;
        const before = acc[doc]!;
        if (before === 0) touched[touchedCount++] = doc;
        acc[doc] = before + qw * ws[i]!;
      }
      examined += visit;
      if (visit < length) break;
    }
    const best = topByScore(this.touched, touchedCount, this.acc, limit);
    for (let i = 0; i < touchedCount; i++) this.acc[this.touched[i]!] = 0;
    if (complete) {
      for (const hit of best) hit.score = Math.min(1, hit.score);
    } else {
      // Partial sums ranked the candidates; their real similarity needs every feature. The
      // query is spread out by feature id once, so each candidate costs one pass over its own
      // features: the products are cosine's, added in the same ascending-id order.
      const dense = this.dense;
      for (let i = 0; i < n; i++) dense[vector.ids[i]!] = vector.weights[i]!;
      const { offsets, ids, weights } = this.targets;
      for (const hit of best) {
        let dot = 0;
        // Features the query lacks add +0, which leaves the sum as it was: no branch to mispredict.
        for (let j = offsets[hit.doc]!, end = offsets[hit.doc + 1]!; j < end; j++) dot += dense[ids[j]!]! * weights[j]!;
        hit.score = Math.min(1, dot);
      }
      for (let i = 0; i < n; i++) dense[vector.ids[i]!] = 0;
      best.sort((a, b) => b.score - a.score || a.doc - b.doc);
    }
    postingsVisited += examined;
    pairsTouched += touchedCount;
    // Filled by hand: a typed array's `from` with a mapping function walks an iterator and cost
    // as much here as the accumulation above.
    const docs = new Int32Array(best.length);
    const scores = new Float64Array(best.length);
    for (let i = 0; i < best.length; i++) {
      docs[i] = best[i]!.doc;
      scores[i] = best[i]!.score;
    }
    return { docs, scores, examined };
  }
}

/**
 * The `limit` best of `count` documents by score (ties: lower id first), best first. A bounded
 * min-heap: a query touches thousands of names and keeps a few dozen, so sorting them all and
 * allocating an object per touched name dominated the run time.
 */
function topByScore(docs: Int32Array, count: number, scores: Float64Array, limit: number): Array<{ doc: number; score: number }> {
  const size = Math.min(limit, count);
  const heap = new Int32Array(size);
  let n = 0;
  // `worse(a, b)`: a ranks below b.
  const worse = (a: number, b: number): boolean => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const down = (at: number): void => {
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let m = at;
      if (l < n && worse(heap[l]!, heap[m]!)) m = l;
      if (r < n && worse(heap[r]!, heap[m]!)) m = r;
      if (m === at) return;
      const t = heap[at]!;
      heap[at] = heap[m]!;
      heap[m] = t;
      at = m;
    }
  };
  // Once the heap is full, the worst kept document is held in two locals: most touched names
  // rank below it and are dismissed with one comparison, without a call or a heap read.
  let floorDoc = -1;
  let floorScore = -Infinity;
  for (let i = 0; i < count; i++) {
    const doc = docs[i]!;
    if (n < size) {
      let at = n++;
      heap[at] = doc;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(heap[at]!, heap[parent]!)) break;
        const t = heap[at]!;
        heap[at] = heap[parent]!;
        heap[parent] = t;
        at = parent;
      }
      if (n === size) {
        floorDoc = heap[0]!;
        floorScore = scores[floorDoc]!;
      }
    } else {
      const score = scores[doc]!;
      if (score < floorScore || (score === floorScore && doc > floorDoc)) continue;
      heap[0] = doc;
      down(0);
      floorDoc = heap[0]!;
      floorScore = scores[floorDoc]!;
    }
  }
  const result = Array.from(heap.subarray(0, n), (doc) => ({ doc, score: scores[doc]! }));
  return result.sort((a, b) => b.score - a.score || a.doc - b.doc);
}

/**
 * The features of a name used by `tfidf` and by `edit`'s blocking: stems of its content words
 * and its letter-number codes (weighted `wordWeight` against one trigram) and character
 * trigrams of each word.
 */
export function nameFeatures(wordWeight = 1): { key: string; features: FeatureFn } {
  // Words recur across names (`muscle`, `carcinoma`): each word's trigram features are made
  // once, and the same strings come back (their hashes already known to the vocabulary's Map).
  const gramsOf = new Map<string, string[]>();
  return {
    key: `stems*${wordWeight}+codes+char3`,
    features: (entry) => {
      const features: Array<[string, number]> = entry.stems.map((s) => [`w:${s}`, wordWeight]);
      for (const code of entry.codes) features.push([`n:${code}`, wordWeight]);
      for (const word of entry.content) {
        let grams = gramsOf.get(word);
        if (!grams) gramsOf.set(word, (grams = charNgrams([word], 3).map((gram) => `c:${gram}`)));
        for (const gram of grams) features.push([gram, 1]);
      }
      return features;
    },
  };
}

/**
 * Nearest target names fetched per source name for a top-k run: several names of one target
 * concept may crowd the list, so look deeper than k.
 */
export function neighbourLimit(topK: number): number {
  return Math.max(32, topK * 4);
}

/** Default postings budget per query: every name is still compared with ≤ this many others. */
export const DEFAULT_BUDGET = 2_000;
