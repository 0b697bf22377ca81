/**
 * Read-modify-write of a file ioa-align owns never loses another process's change silently: a
 * reviewed file changed behind a review session is E_FILE_CHANGED (left as the other process
 * wrote it), a lock a live process keeps is E_FILE_LOCKED after the wait, and two runs adding to
 * one embedding cache both keep what they added. Two concurrent `trust add-key` runs are in
 * test/io/streams-and-races.test.ts (they need separate processes).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openReview } from '../../src/api/review.js';
import { CachedEmbedder } from '../../src/embedding/cache.js';
import { handleOf, type Embedder } from '../../src/embedding/runtime.js';
import { acquireLock } from '../../src/io/lock.js';
import { rejectedIoaError } from '../helpers/errors.js';
import { fixture } from '../review/fixture.js';
import { tempDir, within } from './helpers.js';

describe('review: the reviewed file is saved by compare-and-swap under its lock', () => {
  it('a reviewed file another process changed meanwhile is not overwritten: E_FILE_CHANGED, its content kept', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const errors: unknown[] = [];
    const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { onSaveError: (e) => errors.push(e) });
    session.decide(0, 'reject');
    await session.flush();
    // Another reviewer's process saves its own decisions to the same file.
    const theirs = readFileSync(out, 'utf8');
    writeFileSync(out, `${theirs}# another process's save\n`);
    session.decide(1, 'reject');
    const error = await rejectedIoaError(session.flush());
    expect(error.code).toBe('E_FILE_CHANGED');
    expect(error.location.file).toBe(out);
    expect(errors.map((e) => (e as { code?: string }).code)).toContain('E_FILE_CHANGED');
    expect(readFileSync(out, 'utf8')).toBe(`${theirs}# another process's save\n`);
  });

  it('two sessions opened on one new reviewed file: the second to save gets E_FILE_CHANGED, the first one\'s decision stays', async () => {
    const files = await fixture();
    const out = join(files.dir, 'shared.sssom.tsv');
    const first = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out });
    const second = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out });
    first.decide(0, 'reject');
    await first.flush();
    const saved = readFileSync(out, 'utf8');
    second.decide(1, 'reject');
    expect((await rejectedIoaError(second.flush())).code).toBe('E_FILE_CHANGED');
    expect(readFileSync(out, 'utf8')).toBe(saved);
  });
});

describe('a lock held by a live process', () => {
  it('is waited for, then refused with E_FILE_LOCKED naming the holder; a lock whose holder died is taken at once', async () => {
    const dir = tempDir('ioa-lock-');
    const lock = join(dir, 'policy.json.lock');
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lock, JSON.stringify({ pid: holder.pid, host: (await import('node:os')).hostname(), startedAt: '2026-12-04T00:00:00Z', token: 'held' }));
      const started = Date.now();
      const error = await rejectedIoaError(acquireLock(lock, { waitMs: 300, what: 'the trust policy' }));
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(error.code).toBe('E_FILE_LOCKED');
      expect(error.message).toContain(`the trust policy is being changed by pid ${holder.pid}`);
      expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ token: 'held' });
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    const release = await within(acquireLock(lock, { waitMs: 0 }), 5_000);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
  });

  it('a lock naming a live pid that started at another moment (a reused pid) is stale', async () => {
    const dir = tempDir('ioa-lock-');
    const lock = join(dir, 'f.lock');
    const { hostname } = await import('node:os');
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), start: '1', startedAt: '2026-12-04T00:00:00Z', token: 'old' }));
    const release = await within(acquireLock(lock, { waitMs: 0 }), 5_000);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).not.toMatchObject({ token: 'old' });
    await release();
  });
});

describe('the embedding cache: two runs that embed different texts both keep theirs', () => {
  function fakeEmbedder(): Embedder {
    return {
      id: 'fake', configHash: 'h1', dims: 2,
      embed: async (texts) => Float32Array.from(texts.flatMap((t) => [t.length, 1])),
    };
  }

  it('the later save takes in what the earlier one wrote instead of replacing it', async () => {
    const dir = tempDir('ioa-cache-');
    const a = new CachedEmbedder(handleOf(fakeEmbedder()), dir);
    const b = new CachedEmbedder(handleOf(fakeEmbedder()), dir);
    await a.embed([]);
    await b.embed([]); // both have loaded the (empty) cache before either saved
    await a.embed(['alpha']);
    await b.embed(['be']);
    const fresh = new CachedEmbedder(handleOf(fakeEmbedder()), dir);
    await fresh.embed(['alpha', 'be']);
    expect(fresh.stats).toEqual({ hits: 2, misses: 0 });
  });
});
