/**
 * The public API surface of the built dist/ (what `npm pack` packs) is the one recorded in
 * api/*.api.md: API Extractor, one run per entry point of package.json `exports`, through
 * scripts/api.mjs in its checking mode. It reads only this checkout's dist/, so it runs as its
 * own file, beside packaging.test.ts's install rather than after it.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireFreshDist } from '../helpers/dist.js';

const ROOT = resolve(import.meta.dirname, '../..');

beforeAll(() => {
  requireFreshDist();
});

describe('the packed package', () => {
  it('the public API surface is the one recorded in api/*.api.md (npm run api updates it)', async () => {
    const checked = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'api.mjs')], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof error.code === 'number' ? error.code : 1, stdout: error.stdout ?? '', stderr: error.stderr ?? String(error) }),
    );
    expect(checked.stderr.split('\n').filter((l) => /API Extractor failed|public API changed/.test(l))).toEqual([]);
    // The whole of stderr in the message: a crash of the script shows here, not as an empty stdout.
    expect(checked.stdout, checked.stderr).toContain('public API unchanged');
    expect(checked.code).toBe(0);
  });
});
