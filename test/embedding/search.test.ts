import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { searchTopK, type GroupedVectors } from '../../src/embedding/search.js';

function naive(q: GroupedVectors, c: GroupedVectors, k: number, exclude?: (a: number, b: number) => boolean) {
  const out: Array<Array<{ group: number; score: number }>> = [];
  for (let qg = 0; qg < q.groups; qg++) {
    const best = new Map<number, number>();
    for (let qr = 0; qr < q.groupOf.length; qr++) {
      if (q.groupOf[qr] !== qg) continue;
      for (let cr = 0; cr < c.groupOf.length; cr++) {
        const g = c.groupOf[cr]!;
        if (exclude?.(qg, g)) continue;
        let dot = 0;
        for (let d = 0; d < q.dims; d++) dot += q.vectors[qr * q.dims + d]! * c.vectors[cr * c.dims + d]!;
        dot = Math.fround(dot);
        if (!best.has(g) || dot > best.get(g)!) best.set(g, dot);
      }
    }
    out.push([...best].map(([group, score]) => ({ group, score })).sort((a, b) => b.score - a.score || a.group - b.group).slice(0, k));
  }
  return out;
}

const grouped = (dims: number, maxRows: number, groups: number) =>
  fc.array(fc.tuple(fc.integer({ min: 0, max: groups - 1 }), fc.array(fc.integer({ min: -4, max: 4 }), { minLength: dims, maxLength: dims })), { minLength: 1, maxLength: maxRows })
    .map((rows): GroupedVectors => ({
      dims,
      groups,
      groupOf: Int32Array.from(rows, (r) => r[0]),
      // small integers keep dot products exact, so ties are real ties
      vectors: Float32Array.from(rows.flatMap((r) => r[1])),
    }));

describe('exact blocked top-k search', () => {
  it('equals a brute-force best-pair ranking (ties to the lower group), whatever the block sizes', () => {
    fc.assert(
      fc.property(grouped(3, 12, 4), grouped(3, 30, 9), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 7 }), (q, c, k, qb, cb) => {
        const got = searchTopK(q, c, { k, queryBlock: qb, corpusBlock: cb });
        const want = naive(q, c, k);
        expect(got.map((hits) => hits.map((h) => ({ group: h.group, score: h.score })))).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('honours exclusions and reports the row pair behind each score', () => {
    const q: GroupedVectors = { dims: 2, groups: 1, groupOf: Int32Array.from([0, 0]), vectors: Float32Array.from([1, 0, 0, 1]) };
    const c: GroupedVectors = { dims: 2, groups: 3, groupOf: Int32Array.from([0, 1, 1, 2]), vectors: Float32Array.from([1, 0, 0.6, 0.8, 0, 1, 0.8, 0.6]) };
    const all = searchTopK(q, c, { k: 3 });
    expect(all[0]!.map((h) => h.group)).toEqual([0, 1, 2]);
    expect(all[0]![1]).toMatchObject({ group: 1, score: 1, queryRow: 1, corpusRow: 2 });
    const without = searchTopK(q, c, { k: 3, exclude: (_, g) => g === 0 });
    expect(without[0]!.map((h) => h.group)).toEqual([1, 2]);
  });

  it('returns no hits for k = 0, an empty corpus or a query group without rows', () => {
    const q: GroupedVectors = { dims: 1, groups: 2, groupOf: Int32Array.from([0]), vectors: Float32Array.from([1]) };
    const c: GroupedVectors = { dims: 1, groups: 1, groupOf: Int32Array.from([0]), vectors: Float32Array.from([1]) };
    expect(searchTopK(q, c, { k: 0 })).toEqual([[], []]);
    expect(searchTopK(q, { dims: 1, groups: 0, groupOf: new Int32Array(0), vectors: new Float32Array(0) }, { k: 2 })).toEqual([[], []]);
    expect(searchTopK(q, c, { k: 2 })[1]).toEqual([]);
    expect(() => searchTopK(q, { ...c, dims: 2 }, { k: 1 })).toThrow(RangeError);
  });
});

describe('search with onnxruntime MatMul', () => {
  it('gives the same hits as the JavaScript scorer', async () => {
    const { onnxRowScorer, searchTopKWith, jsRowScorer } = await import('../../src/embedding/search.js');
    await fc.assert(
      fc.asyncProperty(grouped(4, 10, 3), grouped(4, 40, 8), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 4 }), async (q, c, k, qb) => {
        const viaOnnx = await searchTopKWith(await onnxRowScorer(c), q, c, { k, queryBlock: qb });
        const viaJs = await searchTopKWith(jsRowScorer(c), q, c, { k, queryBlock: qb });
        expect(viaOnnx).toEqual(viaJs);
        expect(viaJs).toEqual(searchTopK(q, c, { k, queryBlock: qb }));
      }),
      { numRuns: 40 },
    );
  });
});
