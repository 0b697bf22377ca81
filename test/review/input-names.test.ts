/**
 * A library caller of openReview gave files, not flags: a message that points at one of the
 * review's files names it as openReview's `files` member (`files.out`). The command line says the
 * same with its flags (`--out`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openReview } from '../../src/api/review.js';
import { runCli } from '../helpers/cli.js';
import { fixture } from './fixture.js';

/** What the call rejects with: its code and message. */
async function rejection(work: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error, 'the call was expected to fail').toBeDefined();
  return { code: (error as { code?: string }).code, message: (error as Error).message };
}

describe('openReview names the review\'s files as its files member, the CLI as flags', () => {
  it('candidates proposed the other way round: E_REVIEW_UNKNOWN_TERM names files.source and files.target', async () => {
    const files = await fixture();
    const out = join(files.dir, 'r.tsv');
    const { code, message } = await rejection(openReview({ candidates: files.candidates, source: files.target, target: files.source, out }));
    expect(code).toBe('E_REVIEW_UNKNOWN_TERM');
    expect(message).toContain('were the candidates proposed between files.source and files.target, in this direction?');
    expect(message).not.toMatch(/--[a-z]/);
    const cli = await runCli(['review', files.candidates, '--source', files.target, '--target', files.source, '--out', out]);
    expect(cli.stderr).toContain('were the candidates proposed between --source and --target, in this direction? [E_REVIEW_UNKNOWN_TERM]');
  });

  it('a reviewed file of another candidate set: E_REVIEW_SET_MISMATCH asks for another files.out', async () => {
    const files = await fixture();
    const other = join(files.dir, 'other.sssom.tsv');
    writeFileSync(other, readFileSync(files.candidates, 'utf8').replace(/^#mapping_set_id: .*$/m, '#mapping_set_id: https://example.org/other-set'));
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const first = await openReview({ candidates: other, source: files.source, target: files.target, out });
    first.decide(0, 'reject');
    await first.flush();
    const { code, message } = await rejection(openReview({ candidates: files.candidates, source: files.source, target: files.target, out }));
    expect(code).toBe('E_REVIEW_SET_MISMATCH');
    expect(message).toMatch(/nothing was overwritten: give another files\.out$/);
    expect(message).not.toMatch(/--[a-z]/);
    const cli = await runCli(['review', files.candidates, '--source', files.source, '--target', files.target, '--out', out]);
    expect(cli.stderr).toContain('nothing was overwritten: give another --out [E_REVIEW_SET_MISMATCH]');
  });

});
