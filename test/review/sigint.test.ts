/**
 * `ioa-align review` as a user runs it: it prints the address on stdout, takes decisions over the
 * API, and Ctrl-C (SIGINT) ends it with exit 0 after the last decision is on disk.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMappings } from '../../src/api/index.js';
import { openReview } from '../../src/api/review.js';
import { fixture } from './fixture.js';
import { startAndInterrupt } from './interrupt.js';

const BIN = resolve(import.meta.dirname, '../../bin/ioa-align.js');

/** `ioa-align review` started on the fixture's files, writing `out`; resolves once it printed its address. */
async function startReview(files: Awaited<ReturnType<typeof fixture>>, out: string) {
  const child = spawn(process.execPath, [BIN, 'review', files.candidates, '--source', files.source, '--target', files.target, '--out', out, '--reviewer', 'orcid:0000-0002-1825-0097'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const run = { child, stderr: '', exited: new Promise<number | null>((done) => child.on('exit', (code) => done(code))) };
  child.stderr.on('data', (d) => (run.stderr += d));
  const url = await new Promise<URL>((done, fail) => {
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)\n/.exec(text);
      if (m) done(new URL(m[1]!));
    });
    child.on('exit', () => fail(new Error(`review exited: ${run.stderr}`)));
  });
  return { child, url, exited: run.exited, get log(): string { return run.stderr; } };
}



describe('ioa-align review, whole process', () => {
  it('prints the URL, saves decisions, and Ctrl-C stops it with everything saved (exit 0)', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const started = await startReview(files, out);
    const { child, exited, url } = started;
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
    expect([code, started.log]).toEqual([0, expect.any(String)]);
    expect(started.log).toContain('saved 1 decision (0 accepted, 1 rejected, 0 unsure)');
    expect(started.log).toContain('; 0 decisions resumed from');
    const rows = (await readMappings(out)).mappings;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ predicateModifier: 'Not', justification: 'semapv:MappingReview' });
  });
});

describe('ioa-align review tells the page what to open once it has stopped', () => {
  it('the page it serves says, in the command\'s words, that the review started again prints a new address', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const { child, exited, url } = await startReview(files, out);
    const html = await (await fetch(url)).text();
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(/<meta name="ioa-review-restarted" content="([^"]*)">/.exec(html)?.[1]).toBe("If the review server has stopped, open the new address that `ioa-align review` prints when it is started again: this tab's token no longer works.");
  });
});

describe('ioa-align review counts the decision rows of the file, every reviewer\'s', () => {
  it('an adjudicator who decides nothing is told what the file holds: 3 decisions resumed and saved, not the 1 not in conflict', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const open = (reviewer: string) => openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer });
    const a = await open('orcid:0000-0002-1825-0097');
    const paper = a.item('http://example.org/src#Paper')!.candidates[0]!.index;
    a.decide(paper, 'accept');
    a.decide(a.item('http://example.org/src#Author')!.candidates[0]!.index, 'reject');
    await a.flush();
    const b = await open('orcid:0000-0001-5109-3700');
    b.decide(paper, 'reject');
    await b.flush();
    const { code, stderr } = await startAndInterrupt(files, ['--out', out, '--reviewer', 'orcid:0000-0003-4423-4370', '--adjudicator']);
    expect(code).toBe(0);
    expect(stderr).toContain('; 3 decisions resumed from');
    expect(stderr).toContain('1 pair where reviewers conflict');
    expect(stderr).toContain(`saved 3 decisions (1 accepted, 2 rejected, 0 unsure) to ${out}`);
    expect((await readMappings(out)).mappings).toHaveLength(3);
  });
});

describe('ioa-align review stopped before any decision', () => {
  it('says nothing was written, rather than counting decisions as saved to a file that is not there', async () => {
    const files = await fixture();
    const out = join(files.dir, 'never.sssom.tsv');
    const { code, stderr } = await startAndInterrupt(files, ['--out', out]);
    expect(code).toBe(0);
    expect(stderr).toContain(`no decision was made: ${out} was not written`);
    expect(stderr).not.toContain('saved 0 decisions');
    expect(existsSync(out)).toBe(false);
  });
});

describe('ioa-align review when the reviewed file is changed behind it', () => {
  it('takes no decision it cannot save (409 E_REVIEW_NOT_SAVED), and on stop writes the unsaved ones beside the file, never over it (exit 2)', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const started = await startReview(files, out);
    const { child, exited, url } = started;
    const headers = { Authorization: `Bearer ${url.searchParams.get('token')!}`, 'Content-Type': 'application/json' };
    const item = await (await fetch(new URL(`/api/item?subject=${encodeURIComponent('http://example.org/src#Paper')}`, url), { headers })).json() as { candidates: Array<{ object_id: string; predicate_id: string }> };
    const decide = async (i: number, decision: string) => {
      const c = item.candidates[i]!;
      const res = await fetch(new URL('/api/decisions', url), { method: 'POST', headers, body: JSON.stringify({ subject_id: 'http://example.org/src#Paper', object_id: c.object_id, predicate_id: c.predicate_id, decision }) });
      return { status: res.status, body: await res.json() as { error?: { code: string; message: string }; progress?: { saved: boolean; save_error?: string } } };
    };
    const progress = async () => (await (await fetch(new URL('/api/progress', url), { headers })).json()) as { saved: boolean; save_error?: string };
    expect(item.candidates.length).toBeGreaterThanOrEqual(3);
    expect((await decide(0, 'reject')).status).toBe(200);
    await expect.poll(async () => (await progress()).saved, { timeout: 5000 }).toBe(true);
    // Another program writes the file (the same text, a new version).
    const theirs = readFileSync(out, 'utf8');
    writeFileSync(out, theirs);
    utimesSync(out, new Date(), new Date(Date.now() + 5000));
    expect((await decide(1, 'reject')).status).toBe(200); // taken: the failure is found when it is saved
    await expect.poll(async () => (await progress()).save_error ?? '', { timeout: 5000 }).toContain('changed by another process');
    const refused = await decide(2, 'unsure');
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'E_REVIEW_NOT_SAVED']);
    // Served by the command, the page is told what the command does and which flag it takes.
    expect((await progress()).save_error).toContain('the decisions of this session are kept, and the review writes them, when it stops, to a new file beside it');
    expect(refused.body.error?.message).toContain(`Stop the review (Ctrl-C), which writes its decisions to a new file beside ${out}; open the review again with that file as --decisions`);
    expect(refused.body.error?.message).not.toMatch(/session\.rescue|files\./);
    const stranger = await fetch(new URL('/api/progress', url));
    expect([stranger.status, ((await stranger.json()) as { error?: { message: string } }).error?.message]).toEqual([401, 'missing or wrong token: open the URL the command printed']);
    child.kill('SIGINT');
    expect(await exited).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe(theirs);
    const rescued = /decisions are in (\S+\.unsaved-\d{8}T\d{6}Z\.tsv)/.exec(started.log)?.[1];
    expect([rescued, started.log]).toEqual([expect.stringContaining(files.dir), expect.stringContaining('[E_FILE_CHANGED]')]);
    const rows = (await readMappings(rescued!)).mappings as Array<{ objectId: string; predicateModifier?: string }>;
    expect(rows.map((r) => [r.objectId, r.predicateModifier]).sort()).toEqual([item.candidates[0]!.object_id, item.candidates[1]!.object_id].sort().map((o) => [o, 'Not']));
  });
});
