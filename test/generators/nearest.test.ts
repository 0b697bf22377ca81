/**
 * NearestConcepts stops reading a name's hits once none can reach the top k: on random hit
 * lists (ties, every field weight, every agreement factor, excluded concepts) it must give the
 * same concepts, scores and best pairs as reading every hit.
 */
import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../../src/generators/blocking.js';
import { FIELD_WEIGHTS, type TextEntry } from '../../src/generators/lexical-index.js';
import { NearestConcepts } from '../../src/generators/nearest.js';
import { seededRandom as random } from '../helpers/random.js';

const WEIGHTS = Object.values(FIELD_WEIGHTS);

interface Case {
  sources: TextEntry[];
  targets: TextEntry[];
  concepts: number;
  /** Names of each source concept. */
  entriesOf: number[][];
  hits: QueryResult[];
}

function makeCase(seed: number): Case {
  const r = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const entry = (concept: number): TextEntry =>
    ({
      concept,
      weight: pick(WEIGHTS),
      lang: pick([undefined, undefined, 'en', 'fr']),
      numbers: pick(['', '', '1', '2']),
      head: pick(['lung', 'lunga', 'heart', 'ab']),
      folded: pick(['x', 'y']),
      norm: pick(['x', 'y']),
    }) as TextEntry;
  const concepts = 5 + Math.floor(r() * 80);
  const targets = Array.from({ length: concepts * 2 }, () => entry(Math.floor(r() * concepts)));
  const sourceConcepts = 1 + Math.floor(r() * 6);
  const sources: TextEntry[] = [];
  const entriesOf: number[][] = [];
  for (let x = 0; x < sourceConcepts; x++) {
    const names = 1 + Math.floor(r() * 5);
    entriesOf.push([]);
    for (let i = 0; i < names; i++) {
      entriesOf[x]!.push(sources.length);
      sources.push(entry(x));
    }
  }
  // A query's hits: distinct target names, scores best first, coarse so that ties are common.
  const hits = sources.map((): QueryResult => {
    const count = Math.floor(r() * Math.min(40, targets.length));
    const docs = new Set<number>();
    while (docs.size < count) docs.add(Math.floor(r() * targets.length));
    const scores = Array.from({ length: count }, () => Math.round(r() * 20) / 20).sort((a, b) => b - a);
    return { docs: Int32Array.from(docs), scores: Float64Array.from(scores), examined: 0 };
  });
  return { sources, targets, concepts, entriesOf, hits };
}

function run(c: Case, k: number, skip: boolean): { lists: Array<Array<[number, number, number, number]>>; skipped: number } {
  const nearest = new NearestConcepts(c.targets, c.concepts, k, skip);
  const lists = c.entriesOf.map((entries, x) =>
    nearest
      .nearest(x, entries, c.sources, (e) => c.hits[e]!, (t) => t === (x * 7) % c.concepts)
      .map((t): [number, number, number, number] => [t, nearest.bestScore[t]!, nearest.bestA[t]!, nearest.bestB[t]!]),
  );
  return { lists, skipped: nearest.skipped };
}

describe('NearestConcepts', () => {
  it('skipping hits that cannot reach the top k changes nothing (random cases)', () => {
    let skipped = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const c = makeCase(seed);
      for (const k of [1, 3, 24]) {
        const full = run(c, k, false);
        const fast = run(c, k, true);
        expect(fast.lists, `seed ${seed}, k ${k}`).toEqual(full.lists);
        expect(full.skipped).toBe(0);
        skipped += fast.skipped;
      }
    }
    // The property above holds trivially if nothing is ever skipped.
    expect(skipped).toBeGreaterThan(1000);
  });

  it('keeps the k best concepts, best first, ties by position, the first best pair of each', () => {
    const t = (concept: number, weight = 1): TextEntry => ({ concept, weight, numbers: '', head: 'h', folded: 'f', norm: 'n' }) as TextEntry;
    const targets = [t(0), t(1), t(2), t(2), t(3)];
    const sources = [t(0), t(0, 0.9)];
    const hits: QueryResult[] = [
      { docs: Int32Array.from([4, 2, 0, 1]), scores: Float64Array.from([0.9, 0.8, 0.8, 0.1]), examined: 0 },
      { docs: Int32Array.from([3, 1]), scores: Float64Array.from([1, 0.5]), examined: 0 },
    ];
    const nearest = new NearestConcepts(targets, 4, 3);
    // Concepts 2 and 3 tie at 0.9: the lower position first.
    expect(nearest.nearest(0, [0, 1], sources, (e) => hits[e]!, () => false)).toEqual([2, 3, 0]);
    // Concept 2 scored 0.8 by names (0, 2), then 0.9 by (1, 3): the better pair is kept.
    expect([nearest.bestScore[2], nearest.bestA[2], nearest.bestB[2]]).toEqual([0.9, 1, 3]);
    // Once three concepts reach 0.8, the first name's hit at 0.1 and the second's at 0.5 (times
    // its weight 0.9) cannot enter: neither is read.
    expect(nearest.skipped).toBe(2);
  });
});
