/**
 * The agentworld-dev track (corpora/agentworld-dev): its references rebuild from the hand labels
 * byte for byte, name only records of its JSONL files and skills of OASF 1.1.0, and the bench
 * harness reads the track as the manifest says (105 labelled records, 120 rows).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBenchmark } from '../../src/api/bench.js';
import { requireFreshDist } from '../helpers/dist.js';

const ROOT = join(import.meta.dirname, '../..');
const TRACK = join(ROOT, 'corpora/agentworld-dev');
const REFERENCES = ['reference-mcp-servers.sssom.tsv', 'reference-a2a-skills.sssom.tsv'];

describe('agentworld-dev track', () => {
  it('the references rebuild from labels.tsv byte for byte', () => {
    requireFreshDist(); // the build script runs the compiled loaders and writer
    const out = mkdtempSync(join(tmpdir(), 'ioa-agentworld-'));
    const run = spawnSync(process.execPath, [join(TRACK, 'build-reference.mjs'), '--out', out], { cwd: ROOT, encoding: 'utf8' });
    expect([run.status, run.stderr.trim()]).toEqual([0, '120 reference rows for 105 records: 15 =, 103 <, 2 >']);
    for (const file of REFERENCES) expect([file, readFileSync(join(out, file), 'utf8')]).toEqual([file, readFileSync(join(TRACK, file), 'utf8')]);
  });

  it('the blind set\'s reference rebuilds from labels-blind.tsv byte for byte, and names none of the records labels.tsv labels', () => {
    requireFreshDist();
    const out = mkdtempSync(join(tmpdir(), 'ioa-agentworld-blind-'));
    const run = spawnSync(process.execPath, [join(TRACK, 'build-reference.mjs'), '--blind', '--out', out], { cwd: ROOT, encoding: 'utf8' });
    expect([run.status, run.stderr.trim()]).toEqual([0, '60 reference rows for 50 records: 5 =, 54 <, 1 >']);
    const file = 'reference-mcp-servers-blind.sssom.tsv';
    expect(readFileSync(join(out, file), 'utf8')).toBe(readFileSync(join(TRACK, file), 'utf8'));
    const records = (labels: string): Set<string> => new Set(readFileSync(join(TRACK, labels), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('\t')[0]!));
    const dev = records('labels.tsv');
    const blind = records('labels-blind.tsv');
    expect(blind.size).toBe(50);
    expect([...blind].filter((r) => dev.has(r))).toEqual([]);
  });

  it('bench reads both pairs: every reference subject is a record of its source, every object an OASF 1.1.0 skill', async () => {
    const result = await runBenchmark({ corpus: 'agentworld-dev', generators: ['exact'], reviewBudget: 0 });
    expect(result.corpus.pairs.map((p) => [p.id, p.sourceConcepts, p.referenceSubjects, p.referenceTriples, p.subjectsNotInSource, p.objectsNotInTarget])).toEqual([
      ['mcp-servers-oasf-1.1.0', 191, 86, 98, 0, 0],
      ['a2a-skills-oasf-1.1.0', 30, 19, 22, 0, 0],
    ]);
  });

  it('the simulated review pools the pairs although exact is silent on one (its fused measure names fewer members)', async () => {
    const result = await runBenchmark({ corpus: 'agentworld-dev', generators: ['exact', 'tfidf'], reviewBudget: 20 });
    const fused = result.runs.find((r) => r.kind === 'fusion')!;
    expect(fused.review?.map((r) => [r.errorRate, r.budget])).toEqual([[0, 20], [0.1, 20], [0.2, 20], [0.3, 20]]);
  });
});
