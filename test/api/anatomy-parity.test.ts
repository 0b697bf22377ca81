/**
 * The CLI is a thin client of the library: `ioa-align propose` on OAEI anatomy and `propose` +
 * `writeMappings` through the API give the same SSSOM file (same candidates, same rows, same
 * set metadata; only the day of `mapping_date` may differ across midnight).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, propose, readMappings, writeMappings } from '../../src/api/index.js';
import { runCli } from '../helpers/cli.js';

const ANATOMY = new URL('../../corpora/anatomy/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ioa-align-parity-'));
const withoutDate = (file: string): string => readFileSync(file, 'utf8').replace(/^#mapping_date: .*\n/m, '');

describe('anatomy (mouse → human): API and CLI agree', () => {
  it('propose + writeMappings gives the file `ioa-align propose --out` gives', async () => {
    const fromCli = join(dir, 'cli.sssom.tsv');
    const run = await runCli(['propose', join(ANATOMY, 'mouse.owl'), join(ANATOMY, 'human.owl'), '--out', fromCli]);
    expect(run.code).toBe(0);

    const source = await loadOntology(join(ANATOMY, 'mouse.owl'));
    const target = await loadOntology(join(ANATOMY, 'human.owl'));
    const candidates = await propose(source, target);
    const fromApi = join(dir, 'api.sssom.tsv');
    await writeMappings(fromApi, candidates, { source, target });

    // Real work on both sides: ranked fused candidates for most of the 2,744 mouse classes.
    const subjects = new Set(candidates.map((c) => c.subject));
    expect(subjects.size).toBeGreaterThan(2500);
    // Ten equivalence candidates and five broader or narrower ones at most, ranked together.
    expect(candidates.every((c) => c.generator === 'fusion' && c.rank >= 1 && c.rank <= 15)).toBe(true);
    const bySubject = new Map<string, typeof candidates>();
    for (const c of candidates) bySubject.set(c.subject, [...(bySubject.get(c.subject) ?? []), c]);
    for (const list of bySubject.values()) {
      expect(list.filter((c) => c.predicate === 'skos:broadMatch' || c.predicate === 'skos:narrowMatch').length).toBeLessThanOrEqual(5);
      expect(list.filter((c) => c.predicate !== 'skos:broadMatch' && c.predicate !== 'skos:narrowMatch').length).toBeLessThanOrEqual(10);
    }
    // One row per candidate.
    const rows = (await readMappings(fromCli)).mappings.length;
    expect(rows).toBe(candidates.length);
    expect(withoutDate(fromApi)).toBe(withoutDate(fromCli));
  });
});
