/**
 * The CLI is a thin client of the library: `ioa-align propose` on OAEI anatomy and `propose` +
 * `writeMappings` through the API give the same SSSOM file (same candidates, same rows, same
 * set metadata; only the day of `mapping_date` may differ across midnight).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadOntology, propose, readMappings, writeMappings } from '../../src/api/index.js';

const BIN = fileURLToPath(new URL('../../bin/ioa-align.js', import.meta.url));

const ANATOMY = new URL('../../corpora/anatomy/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ioa-align-parity-'));
const withoutDate = (file: string): string => readFileSync(file, 'utf8').replace(/^#mapping_date: .*\n/m, '');

describe('anatomy (mouse → human): API and CLI agree', () => {
  it('propose + writeMappings gives the file `ioa-align propose --out` gives', async () => {
    const fromCli = join(dir, 'cli.sssom.tsv');
    // The command as a user runs it, in its own process, while this one runs the library: the
    // two runs share nothing, and on two cores they take the time of one.
    const cli = promisify(execFile)(process.execPath, [BIN, 'propose', join(ANATOMY, 'mouse.owl'), join(ANATOMY, 'human.owl'), '--out', fromCli, '--quiet']);

    const source = await loadOntology(join(ANATOMY, 'mouse.owl'));
    const target = await loadOntology(join(ANATOMY, 'human.owl'));
    const candidates = await propose(source, target);
    const fromApi = join(dir, 'api.sssom.tsv');
    await writeMappings(fromApi, candidates, { source, target });
    // A failed command rejects with its exit code and stderr.
    await cli;

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
