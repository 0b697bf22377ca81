/**
 * benchmarks/run-all.mjs rewrites benchmarks/README.md after its runs: a misspelt run name or
 * option must stop it with a message, never run nothing and rewrite the README anyway.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireFreshDist } from '../helpers/dist.js';

const ROOT = join(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'benchmarks/run-all.mjs');
const README = join(ROOT, 'benchmarks/README.md');

describe('benchmarks/run-all.mjs usage', () => {
  it('--help lists the runs and changes nothing; an unknown run or option exits 2 and leaves the README as it was', () => {
    requireFreshDist();
    const before = readFileSync(README, 'utf8');
    const help = spawnSync(process.execPath, [SCRIPT, '--help'], { encoding: 'utf8' });
    expect([help.status, help.stdout]).toEqual([0, expect.stringContaining('Runs: conference,')]);
    const typo = spawnSync(process.execPath, [SCRIPT, '--hepl'], { encoding: 'utf8' });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('unknown run or option: --hepl');
    const misspelt = spawnSync(process.execPath, [SCRIPT, 'anatomyy'], { encoding: 'utf8' });
    expect(misspelt.status).toBe(2);
    expect(readFileSync(README, 'utf8')).toBe(before);
  });
});
