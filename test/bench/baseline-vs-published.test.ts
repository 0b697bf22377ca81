/**
 * The harness end to end on the real tracks, checked against an outside source: the exact-label
 * baselines must land near the exact-match figures the OAEI publishes (corpora/README.md). If
 * reference reading, triple keys or the proposal rule broke, these would drift far away.
 */
import { describe, expect, it } from 'vitest';
import { runBenchmark } from '../../src/bench/runner.js';
import { publishedFor } from '../../src/bench/published.js';

const published = (corpus: string, system: string): number => publishedFor(corpus).find((p) => p.system === system)!.value / 100;

describe('exact-label baselines agree with the published exact-match figures', () => {
  it('conference ra1: exact local-name match about 58 F1', async () => {
    const result = await runBenchmark({ corpus: 'conference', generators: [] });
    const label = result.runs.find((r) => r.name === 'baseline:label')!;
    expect(result.corpus.pairs.reduce((a, p) => a + p.referenceTriples, 0)).toBe(305);
    expect(Math.abs(label.micro!.proposal.f1 - published('conference', 'exact local-name match (ra1)'))).toBeLessThan(0.04);
  });

  it('anatomy: exact rdfs:label about 76 F1, with synonyms about 80', async () => {
    const result = await runBenchmark({ corpus: 'anatomy', generators: [] });
    const label = result.runs.find((r) => r.name === 'baseline:label')!;
    const synonyms = result.runs.find((r) => r.name === 'baseline:label+synonyms')!;
    expect(result.corpus.pairs[0]!.referenceTriples).toBe(1516);
    expect(Math.abs(label.micro!.proposal.f1 - published('anatomy', 'exact rdfs:label match'))).toBeLessThan(0.04);
    expect(Math.abs(synonyms.micro!.proposal.f1 - published('anatomy', 'exact label match with synonyms'))).toBeLessThan(0.04);
    expect(synonyms.micro!.proposal.recall).toBeGreaterThan(label.micro!.proposal.recall);
  });
});
