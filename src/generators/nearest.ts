/**
 * The k target concepts nearest a source concept by name: for every pair of their names the
 * blocking query's similarity times pairWeight, a concept's score its best pair's, the concepts
 * ordered by score then position. `structure` asks this for every source concept.
 *
 * A query's hits come best first, and pairWeight never exceeds the two names' field weights
 * (its other factors are at most 1), so once a hit's similarity times the subject name's weight
 * times the heaviest target weight falls below the k-th best concept score met so far, no later
 * hit of that name can enter the top k or change the best pair of a concept in it: the rest of
 * the name's hits are skipped. The k-th best score is kept in a small indexed min-heap.
 */
import type { QueryResult } from './blocking.js';
import { compatibleLanguages, pairWeight, type TextEntry } from './lexical-index.js';

export class NearestConcepts {
  /** `seenFor[t] === x + 1` when target concept t has been met while scoring x. */
  private readonly seenFor: Int32Array;
  /** Best score of each met target concept and the (source, target) entries behind it. */
  readonly bestScore: Float64Array;
  readonly bestA: Int32Array;
  readonly bestB: Int32Array;
  /** Min-heap of the k best met concepts by score, and each concept's place in it (-1: none). */
  private readonly heap: Int32Array;
  private readonly heapAt: Int32Array;
  private heapSize = 0;
  private readonly heaviest: number;
  /** Hits left unread so far (how much the early stop saved). */
  skipped = 0;

  /**
   * @param targets the target entries (their weights bound every pair's weight)
   * @param concepts the number of target concepts
   * @param k concepts kept per source concept
   * @param skipLowHits stop reading a name's hits as described above (false: read them all)
   */
  constructor(
    private readonly targets: readonly TextEntry[],
    concepts: number,
    private readonly k: number,
    private readonly skipLowHits = true,
  ) {
    this.seenFor = new Int32Array(concepts);
    this.bestScore = new Float64Array(concepts);
    this.bestA = new Int32Array(concepts);
    this.bestB = new Int32Array(concepts);
    this.heap = new Int32Array(Math.max(0, k));
    this.heapAt = new Int32Array(concepts).fill(-1);
    let heaviest = 0;
    for (const entry of targets) if (entry.weight > heaviest) heaviest = entry.weight;
    this.heaviest = heaviest;
  }

  /**
   * The k nearest target concepts of source concept x (each x asked once), best first (ties: lower
   * position). `entries` are x's names, `sources` the source entries, `near` a name's hits (best
   * first), `excluded` a target concept never to pair with x (-1: none).
   */
  nearest(x: number, entries: readonly number[], sources: readonly TextEntry[], near: (entry: number) => QueryResult, excluded: (t: number) => boolean): number[] {
    const { seenFor, bestScore, bestA, bestB, targets, k } = this;
    const stamp = x + 1;
    const met: number[] = [];
    this.heapSize = 0;
    for (const e of entries) {
      const a = sources[e]!;
      const hits = near(e);
      // Upper bound of this name's pair weights (see the module comment): rounding is monotone,
      // so the product below is never less than a pair's weight computed in full.
      const bound = a.weight * this.heaviest;
      for (let i = 0; i < hits.docs.length; i++) {
        if (this.skipLowHits && this.heapSize === k && k > 0 && bound * hits.scores[i]! < bestScore[this.heap[0]!]!) {
          this.skipped += hits.docs.length - i;
          break;
        }
        const be = hits.docs[i]!;
        const b = targets[be]!;
        const t = b.concept;
        if (!compatibleLanguages(a.lang, b.lang) || excluded(t)) continue;
        const score = pairWeight(a, b) * hits.scores[i]!;
        if (seenFor[t] !== stamp) {
          seenFor[t] = stamp;
          met.push(t);
        } else if (!(score > bestScore[t]!)) continue;
        bestScore[t] = score;
        bestA[t] = e;
        bestB[t] = be;
        this.raise(t);
      }
    }
    for (let i = 0; i < this.heapSize; i++) this.heapAt[this.heap[i]!] = -1;
    met.sort((p, q) => bestScore[q]! - bestScore[p]! || p - q);
    if (met.length > k) met.length = Math.max(0, k);
    return met;
  }

  /** Concept t's score rose (or t was just met): keep the heap holding the k best. */
  private raise(t: number): void {
    const { heap, heapAt, bestScore, k } = this;
    if (k <= 0) return;
    let at = heapAt[t]!;
    if (at < 0) {
      if (this.heapSize < k) {
        at = this.heapSize++;
        heap[at] = t;
        heapAt[t] = at;
        this.siftUp(at);
        return;
      }
      if (!(bestScore[t]! > bestScore[heap[0]!]!)) return;
      heapAt[heap[0]!] = -1;
      heap[0] = t;
      heapAt[t] = 0;
      at = 0;
    }
    this.siftDown(at);
  }

  private siftUp(at: number): void {
    const { heap, heapAt, bestScore } = this;
    const t = heap[at]!;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const p = heap[parent]!;
      if (!(bestScore[p]! > bestScore[t]!)) break;
      heap[at] = p;
      heapAt[p] = at;
      at = parent;
    }
    heap[at] = t;
    heapAt[t] = at;
  }

  private siftDown(at: number): void {
    const { heap, heapAt, bestScore } = this;
    const size = this.heapSize;
    const t = heap[at]!;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && bestScore[heap[child + 1]!]! < bestScore[heap[child]!]!) child++;
      const c = heap[child]!;
      if (!(bestScore[c]! < bestScore[t]!)) break;
      heap[at] = c;
      heapAt[c] = at;
      at = child;
    }
    heap[at] = t;
    heapAt[t] = at;
  }
}
