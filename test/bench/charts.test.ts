import { describe, expect, it } from 'vitest';
import { RECALL_CHART_WIDTH, recallAtKSpec, recallAxisFloor, renderSvg, scoreDistributionSpec, textWidth, wrapText } from '../../src/bench/charts.js';
import type { BenchResult } from '../../src/bench/runner.js';

/** A bench result with what the charts read: two generators, one of them with a constant score. */
function result(): BenchResult {
  const run = (name: string, recallAt: number[], scoreHistogram: Array<{ lo: number; hi: number; true: number; false: number }>) => ({
    name, status: 'ok', kind: 'generator', scoreHistogram,
    micro: { recallAt, proposal: { precision: 0.9, recall: 0.8, f1: 0.85 } },
  });
  return {
    corpus: { name: 'tiny', pairs: [{}] },
    published: [{ metric: 'recall@10', system: 'A system with a rather long published name', value: 90, approximate: false }],
    runs: [
      run('exact', Array.from({ length: 10 }, () => 0.62), [{ lo: 1, hi: 1, true: 40, false: 2 }]),
      run('tfidf', Array.from({ length: 10 }, (_, i) => 0.8 + i * 0.015), [
        { lo: 0, hi: 0.5, true: 2, false: 30 },
        { lo: 0.5, hi: 1, true: 38, false: 10 },
      ]),
    ],
  } as unknown as BenchResult;
}

describe('bench charts: geometry', () => {
  it('wraps the recall@k subtitle to the plot width and aligns the title left', () => {
    const spec = recallAtKSpec(result()) as { title: { subtitle: string[]; anchor: string }; width: number };
    expect(spec.title.anchor).toBe('start');
    expect(spec.title.subtitle.length).toBeGreaterThan(1);
    for (const line of spec.title.subtitle) expect(textWidth(line, 10)).toBeLessThanOrEqual(RECALL_CHART_WIDTH);
    expect(wrapText('a b c', 1000, 10)).toEqual(['a b c']);
  });

  it('starts the recall@k axis just below the lowest value shown', () => {
    expect(recallAxisFloor([0.62, 0.95])).toBe(0.6);
    expect(recallAxisFloor([0.13, 0.98])).toBe(0.1);
    expect(recallAxisFloor([0.01])).toBe(0);
    const spec = recallAtKSpec(result()) as { layer: Array<{ encoding: { y: { scale?: { domain: number[] } } } }> };
    expect(spec.layer[0]!.encoding.y.scale!.domain).toEqual([0.6, 1]);
  });

  it('leaves no blank band left of the recall@k plot', async () => {
    const svg = await renderSvg(recallAtKSpec(result()));
    // The plot group's offset from the left edge: the y axis and its labels, no more.
    const left = Number(/transform="translate\((\d+(?:\.\d+)?),/.exec(svg)![1]);
    expect(left).toBeLessThan(80);
  });

  it('draws a constant score as one narrow bar on a unit-wide axis, and names every colour it uses', () => {
    const spec = scoreDistributionSpec(result()) as {
      data: { values: Array<{ generator: string; lo: number; hi: number; truth: string; share: number }> };
      spec: { encoding: { color: { scale: { domain: string[] } } } };
    };
    const exact = spec.data.values.filter((v) => v.generator === 'exact');
    const bars = exact.filter((v) => v.share > 0);
    expect(bars.every((v) => v.hi - v.lo <= 0.05 && v.hi === 1)).toBe(true);
    expect(Math.max(...exact.map((v) => v.hi)) - Math.min(...exact.map((v) => v.lo))).toBeGreaterThanOrEqual(0.45);
    const legend = spec.spec.encoding.color.scale.domain;
    expect(legend).toContain('in both (overlap)');
    for (const v of spec.data.values) expect(legend).toContain(v.truth);
    // Stacked, not overlapping: within a bin the parts end where the next begins.
    const bin = spec.data.values.filter((v) => v.generator === 'tfidf' && v.lo === 0.5);
    expect(bin.map((v) => v.truth)).toEqual(['in both (overlap)', 'in reference']);
  });
});
