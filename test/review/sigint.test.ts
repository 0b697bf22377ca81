/**
 * `ioa-align review` as a user runs it: it prints the address on stdout, takes decisions over the
 * API, and Ctrl-C (SIGINT) ends it with exit 0 after the last decision is on disk.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMappings } from '../../src/api/index.js';
import { fixture } from './fixture.js';

const BIN = resolve(import.meta.dirname, '../../bin/ioa-align.js');

describe('ioa-align review, whole process', () => {
  it('prints the URL, saves decisions, and Ctrl-C stops it with everything saved (exit 0)', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const child = spawn(process.execPath, [BIN, 'review', files.candidates, '--source', files.source, '--target', files.target, '--out', out, '--reviewer', 'orcid:0000-0002-1825-0097'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const url = await new Promise<URL>((done, fail) => {
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
        const m = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)\n/.exec(text);
        if (m) done(new URL(m[1]!));
      });
      child.on('exit', () => fail(new Error(`review exited: ${stderr}`)));
    });
    const token = url.searchParams.get('token')!;
    const decide = (object: string, decision: string) => fetch(new URL('/api/decisions', url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subject_id: 'http://example.org/src#Paper', object_id: object, predicate_id: 'skos:exactMatch', decision }),
    });
    const item = await (await fetch(new URL(`/api/item?subject=${encodeURIComponent('http://example.org/src#Paper')}`, url), { headers: { Authorization: `Bearer ${token}` } })).json() as { candidates: Array<{ object_id: string; predicate_id: string }> };
    const exact = item.candidates.filter((c) => c.predicate_id === 'skos:exactMatch');
    expect(exact.length).toBeGreaterThanOrEqual(1);
    expect((await decide(exact[0]!.object_id, 'reject')).status).toBe(200);
    child.kill('SIGINT'); // at once: the write of the decision may still be in flight
    const code = await exited;
    expect([code, stderr]).toEqual([0, expect.any(String)]);
    expect(stderr).toContain('saved 1 decision (0 accepted, 1 rejected, 0 unsure)');
    expect(stderr).toContain('; 0 decisions resumed from');
    const rows = (await readMappings(out)).mappings;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ predicateModifier: 'Not', justification: 'semapv:MappingReview' });
  });
});

describe('ioa-align review stopped before any decision', () => {
  it('says nothing was written, rather than counting decisions as saved to a file that is not there', async () => {
    const files = await fixture();
    const out = join(files.dir, 'never.sssom.tsv');
    const child = spawn(process.execPath, [BIN, 'review', files.candidates, '--source', files.source, '--target', files.target, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    let printed = '';
    await new Promise<void>((done) => child.stdout.on('data', (d) => { printed += String(d); if (/token=[\w-]+\n/.test(printed)) done(); }));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain(`no decision was made: ${out} was not written`);
    expect(stderr).not.toContain('saved 0 decisions');
    expect(existsSync(out)).toBe(false);
  });
});
