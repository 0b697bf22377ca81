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
import type { PreparedOntology, TextEntry } from './lexical-index.js';

/** A sparse, L2-normalised vector: feature ids ascending. */
export interface SparseVector {
  ids: Int32Array;
  weights: Float32Array;
}

export interface Vectorized {
  source: SparseVector[];
  target: SparseVector[];
  index: InvertedIndex;
}

export type FeatureFn = (entry: TextEntry) => Array<[feature: string, weight: number]>;

/**
 * Vectorise the names of both ontologies in one feature space. IDF is computed over the names
 * of both sides, so it does not depend on which side is the source.
 */
export function vectorize(source: PreparedOntology, target: PreparedOntology, features: FeatureFn): Vectorized {
  const vocabulary = new Map<string, number>();
  const df: number[] = [];
  const raw = (entries: TextEntry[]): Array<Map<number, number>> =>
    entries.map((entry) => {
      const counts = new Map<number, number>();
      for (const [name, weight] of features(entry)) {
        const key = `${entry.group}\u0000${name}`;
        let id = vocabulary.get(key);
        if (id === undefined) {
          id = df.length;
          vocabulary.set(key, id);
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
  const finish = (counts: Map<number, number>): SparseVector => {
    const ids = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
    const weights = new Float32Array(ids.length);
    let norm = 0;
    ids.forEach((id, i) => {
      // Sublinear term frequency: a trigram repeated in a long name should not dominate it.
      const w = (1 + Math.log(counts.get(id)!)) * idf[id]!;
      weights[i] = w;
      norm += w * w;
    });
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < weights.length; i++) weights[i] = weights[i]! / norm;
    return { ids, weights };
  };
  const sourceVectors = rawSource.map(finish);
  const targetVectors = rawTarget.map(finish);
  return { source: sourceVectors, target: targetVectors, index: new InvertedIndex(df.length, targetVectors) };
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
  return dot;
}

export interface QueryResult {
  /** Target name ids and their cosine with the query, best first, at most `limit`. */
  hits: Array<{ doc: number; score: number }>;
  /** Postings visited: the cost of this query. */
  examined: number;
}

export class InvertedIndex {
  private readonly docs: Int32Array[];
  private readonly weights: Float32Array[];
  private readonly acc: Float64Array;
  private readonly touched: Int32Array;

  constructor(features: number, private readonly vectors: SparseVector[]) {
    const lengths = new Int32Array(features);
    for (const v of vectors) for (const id of v.ids) lengths[id]!++;
    this.docs = Array.from(lengths, (len) => new Int32Array(len));
    this.weights = Array.from(lengths, (len) => new Float32Array(len));
    const fill = new Int32Array(features);
    vectors.forEach((v, doc) => {
      v.ids.forEach((id, i) => {
        const at = fill[id]!++;
        this.docs[id]![at] = doc;
        this.weights[id]![at] = v.weights[i]!;
      });
    });
    this.acc = new Float64Array(vectors.length);
    this.touched = new Int32Array(vectors.length);
  }

  /** How many target names carry a feature. */
  postings(feature: number): number {
    return this.docs[feature]?.length ?? 0;
  }

  query(vector: SparseVector, budget: number, limit: number): QueryResult {
    const order = Array.from(vector.ids.keys()).sort((a, b) => this.postings(vector.ids[a]!) - this.postings(vector.ids[b]!));
    let examined = 0;
    let touchedCount = 0;
    let complete = true;
    for (const position of order) {
      const feature = vector.ids[position]!;
      const docs = this.docs[feature];
      if (!docs || docs.length === 0) continue;
      if (examined + docs.length > budget) {
        complete = false;
        break;
      }
      const qw = vector.weights[position]!;
      const ws = this.weights[feature]!;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        if (this.acc[doc] === 0) this.touched[touchedCount++] = doc;
        this.acc[doc]! += qw * ws[i]!;
      }
      examined += docs.length;
    }
    const found: Array<{ doc: number; score: number }> = [];
    for (let i = 0; i < touchedCount; i++) {
      const doc = this.touched[i]!;
      found.push({ doc, score: this.acc[doc]! });
      this.acc[doc] = 0;
    }
    found.sort((a, b) => b.score - a.score || a.doc - b.doc);
    if (found.length > limit) found.length = limit;
    if (!complete) {
      // Partial sums ranked the candidates; their real similarity needs every feature.
      for (const hit of found) hit.score = cosine(vector, this.vectors[hit.doc]!);
      found.sort((a, b) => b.score - a.score || a.doc - b.doc);
    }
    return { hits: found, examined };
  }
}
