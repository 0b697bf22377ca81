import { describe, expect, it } from 'vitest';
import { runBenchmark } from '../../src/bench/runner.js';
import { reviewCurveSpec, renderSvg } from '../../src/bench/charts.js';
import { formatMarkdown } from '../../src/bench/report.js';

describe('bench: the simulated review of the fused run', () => {
  it('reports a perfect oracle and 10, 20 and 30 % wrong answers (mean over seeds) with their curves, a table and a chart', async () => {
    const result = await runBenchmark({ corpus: 'conference', baselines: false, reviewBudget: 40, reviewSeeds: [0, 1] });
    const fused = result.runs.find((r) => r.kind === 'fusion')!;
    expect(fused.review!.map((s) => s.errorRate)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(fused.review!.map((s) => s.seeds)).toEqual([[0], [0, 1], [0, 1], [0, 1]]);
    for (const s of fused.review!) expect(s.f1AfterMin).toBeLessThanOrEqual(s.f1After);
    const perfect = fused.review![0]!;
    expect(perfect.questions).toBe(40);
    expect(perfect.scope).toBe('equivalence'); // conference's reference holds only equivalences
    expect(perfect.curve[0]).toEqual({ questions: 0, f1: perfect.f1Before });
    expect(perfect.curve.at(-1)).toEqual({ questions: 40, f1: perfect.f1After });
    expect(perfect.f1After).toBeGreaterThan(perfect.f1Before);
    expect(formatMarkdown(result)).toContain('## Simulated review (fused candidates)');
    expect(formatMarkdown(result)).toContain('30 % wrong');
    expect(await renderSvg(reviewCurveSpec(result)!)).toContain('<svg');
    // Without a budget there is no simulation; two generators suffice for a fused run (a third of the time).
    const none = await runBenchmark({ corpus: 'conference', generators: ['exact', 'edit'], baselines: false, reviewBudget: 0 });
    expect(none.runs.map((r) => r.kind)).toContain('fusion');
    expect(none.runs.find((r) => r.kind === 'fusion')!.review).toBeUndefined();
  });
});
