import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { BenchResult } from '../../src/bench/runner.js';

describe('ioa-align bench', () => {
  it('--corpus conference --json prints exactly one JSON object with micro, macro and per-pair metrics', async () => {
    const { code, stdout } = await runCli(['bench', '--corpus', 'conference', '--generators', 'exact,edit', '--json']);
    expect(code).toBe(0);
    expect(stdout.trim().startsWith('{')).toBe(true);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(stdout) as BenchResult;
    expect(result.schema).toBe('ioa-align/bench-results@1');
    expect(result.corpus.name).toBe('conference');
    expect(result.corpus.pairs).toHaveLength(21);
    expect(result.corpus.pairs.reduce((a, p) => a + p.referenceTriples, 0)).toBe(305);
    expect(result.corpus.manifest).toBe('corpora/conference/manifest.json');
    expect(result.config.generators).toEqual(['exact', 'edit']);
    expect(result.runs.map((r) => r.name)).toEqual(['baseline:label', 'baseline:label+synonyms', 'exact', 'edit', 'fusion']);
    const exact = result.runs[2]!;
    expect(exact.perPair).toHaveLength(21);
    expect(exact.micro!.proposal.f1).toBeGreaterThan(0);
    expect(exact.macro!.proposal.f1).toBeGreaterThan(0);
    expect(result.published.every((p) => p.published && p.corpus === 'conference')).toBe(true);
  });

  it('prints the tables without --json', async () => {
    const { code, stdout } = await runCli(['bench', '--corpus', 'conference', '--generators', 'exact', '--top-k', '3']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^# Benchmark: conference/);
    expect(stdout).toContain('| generator | Hits@1 | Hits@5 | Hits@10 | MRR | recall@3 |');
    expect(stdout).toContain('## Published reference points (not measured by ioa-align)');
    expect(stdout).toContain('## Per pair: mutual top-1 F1 (%)');
  });

  it('unknown corpus: exit 2, E_UNKNOWN_CORPUS', async () => {
    const { code, stderr, stdout } = await runCli(['bench', '--corpus', 'nosuch', '--json']);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_UNKNOWN_CORPUS]');
    expect(stdout).toBe('');
  });

  it('unknown generator: exit 2, E_UNKNOWN_GENERATOR', async () => {
    const { code, stderr } = await runCli(['bench', '--generators', 'exact,nosuch']);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_UNKNOWN_GENERATOR]');
    expect(stderr).toContain('nosuch');
  });

  it('a bad --top-k or --directional-top-k is a usage error', async () => {
    const { code, stderr } = await runCli(['bench', '--top-k', 'ten']);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_USAGE]');
    const directional = await runCli(['bench', '--directional-top-k', '-2']);
    expect(directional.code).toBe(2);
    expect(directional.stderr).toContain('--directional-top-k must be a non-negative integer, got "-2" [E_USAGE]');
  });
});

describe('ioa-align bench --out never writes over its inputs or a review', () => {
  const C = new URL('../../corpora/conference/', import.meta.url).pathname;
  it('a reference kept in the report folder as results.json is refused before the work (E_USAGE), byte for byte as before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-bench-out-'));
    mkdirSync(join(dir, 'ref'));
    const reference = join(dir, 'ref', 'results.json');
    expect((await runCli(['convert', join(C, 'reference', 'cmt-confof.rdf'), '--out', reference, '--quiet'])).code).toBe(0);
    const before = readFileSync(reference);
    const run = await runCli(['bench', '--source', join(C, 'ontologies', 'cmt.owl'), '--target', join(C, 'ontologies', 'confof.owl'), '--reference', reference, '--out', join(dir, 'ref'), '--generators', 'exact', '--review-budget', '0']);
    expect([run.code, run.stderr]).toEqual([2, expect.stringContaining(`the output is the same file as the input ${reference}`)]);
    expect(readFileSync(reference).equals(before)).toBe(true);
  });

  it('a results.json holding reviewers\' decisions is refused (E_OUT_HOLDS_DECISIONS)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-bench-out-'));
    const reviewed = join(dir, 'results.json');
    const ex = new URL('../../corpora/ioa-example/reviewed-cs-doc.sssom.tsv', import.meta.url).pathname;
    expect((await runCli(['convert', ex, '--out', reviewed, '--quiet'])).code).toBe(0);
    const before = readFileSync(reviewed);
    const run = await runCli(['bench', '--corpus', 'conference', '--generators', 'exact', '--out', dir, '--review-budget', '0']);
    expect([run.code, run.stderr]).toEqual([2, expect.stringContaining('[E_OUT_HOLDS_DECISIONS]')]);
    expect(readFileSync(reviewed).equals(before)).toBe(true);
  });
});
