/**
 * A reviewed row read one way by `review` and another by `artifact build` would put a rule the
 * page shows as rejected into a signed artifact. A row whose `review_decision` contradicts its
 * `predicate_modifier` (one column edited by hand, the other not) is refused by both, with one
 * code and the row's line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openReview, type ReviewSession } from '../../src/api/review.js';
import { buildArtifact } from '../../src/api/artifact-build.js';
import { rejectedIoaError } from '../helpers/errors.js';
import { runCli } from '../helpers/cli.js';
import { fixture } from './fixture.js';

const A = 'orcid:0000-0002-1825-0097';
const SRC = 'http://example.org/src#';
const BUILD = { artifactId: 'https://example.org/a', revision: '1', assertedBy: 'https://example.org/me', validUntil: '2030-01-01T00:00:00Z', sourceOntologyVersion: '1', targetOntologyVersion: '1' };

const best = (s: ReviewSession, local: string): number => s.item(`${SRC}${local}`)!.candidates[0]!.index;

/** A reviewed file with Paper accepted and Author rejected, then `edit` applied to the predicate_modifier cell of one row. */
async function edited(local: string, modifier: string): Promise<{ files: Awaited<ReturnType<typeof fixture>>; out: string; line: number }> {
  const files = await fixture();
  const out = join(files.dir, 'reviewed.sssom.tsv');
  const s = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: A, today: () => '2026-12-01' });
  s.decide(best(s, 'Paper'), 'accept');
  s.decide(best(s, 'Author'), 'reject');
  await s.flush();
  const lines = readFileSync(out, 'utf8').split('\n');
  const header = lines.findIndex((l) => l.startsWith('subject_id'));
  let columns = lines[header]!.split('\t');
  if (!columns.includes('predicate_modifier')) {
    // No row was rejected in a file without the column: add it.
    lines[header] = `${lines[header]}\tpredicate_modifier`;
    for (let i = header + 1; i < lines.length; i++) if (lines[i]) lines[i] = `${lines[i]}\t`;
    columns = lines[header]!.split('\t');
  }
  const at = columns.indexOf('predicate_modifier');
  const row = lines.findIndex((l, i) => i > header && l.startsWith(`src:${local}\t`));
  const cells = lines[row]!.split('\t');
  cells[at] = modifier;
  lines[row] = cells.join('\t');
  writeFileSync(out, lines.join('\n'));
  return { files, out, line: row + 1 };
}

describe('review_decision against predicate_modifier', () => {
  it('review_decision reject without Not: review and artifact build both refuse the row, naming its line', async () => {
    const { files, out, line } = await edited('Author', '');
    const byReview = await rejectedIoaError(openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: A }));
    expect(byReview).toMatchObject({ code: 'E_REVIEW_ROW_CONTRADICTION', location: { file: out, line } });
    const byBuild = await rejectedIoaError(buildArtifact(out, BUILD));
    expect(byBuild).toMatchObject({ code: 'E_REVIEW_ROW_CONTRADICTION', location: { file: out, line } });
    const cli = await runCli(['artifact', 'build', '--from', out, '--artifact-id', BUILD.artifactId, '--revision', '1', '--asserted-by', BUILD.assertedBy,
      '--valid-until', BUILD.validUntil, '--source-version', '1', '--target-version', '1', '--out', join(files.dir, 'a.json')]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(`${out}:${line}: `);
    expect(cli.stderr).toContain('[E_REVIEW_ROW_CONTRADICTION]');
  });

  it('review_decision accept with Not: both refuse the row', async () => {
    const { files, out, line } = await edited('Paper', 'Not');
    const byReview = await rejectedIoaError(openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: A }));
    expect(byReview).toMatchObject({ code: 'E_REVIEW_ROW_CONTRADICTION', location: { file: out, line } });
    const byBuild = await rejectedIoaError(buildArtifact(out, BUILD));
    expect(byBuild).toMatchObject({ code: 'E_REVIEW_ROW_CONTRADICTION', location: { file: out, line } });
  });

  it('a review_decision the column does not hold ("Reject", "no") is refused by both, never read from the justification as an acceptance', async () => {
    for (const value of ['Reject', 'no']) {
      const { files, out } = await edited('Author', 'Not');
      const text = readFileSync(out, 'utf8');
      const lines = text.split('\n');
      const header = lines.findIndex((l) => l.startsWith('subject_id'));
      const at = lines[header]!.split('\t').indexOf('review_decision');
      const row = lines.findIndex((l, i) => i > header && l.startsWith('src:Author\t'));
      const cells = lines[row]!.split('\t');
      cells[at] = value;
      // Without Not, the row would read as its justification says: an acceptance.
      cells[lines[header]!.split('\t').indexOf('predicate_modifier')] = '';
      lines[row] = cells.join('\t');
      writeFileSync(out, lines.join('\n'));
      const byBuild = await rejectedIoaError(buildArtifact(out, BUILD));
      expect(byBuild).toMatchObject({ code: 'E_REVIEW_ROW_CONTRADICTION', location: { file: out, line: row + 1 } });
      const byReview = await rejectedIoaError(openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: A }));
      expect(byReview.code).toBe('E_REVIEW_ROW_CONTRADICTION');
    }
  });

  it('propose --decisions names the contradictory row\'s file and line, before the proposal runs', async () => {
    const { files, out, line } = await edited('Author', '');
    const r = await runCli(['propose', files.source, files.target, '--decisions', out, '--out', join(files.dir, 'next.sssom.tsv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${out}:${line}: `);
    expect(r.stderr).toContain('[E_REVIEW_ROW_CONTRADICTION]');
  });

  it('coherence refuses the contradictory row too (it read it as rejected), naming file and line', async () => {
    const { files, out, line } = await edited('Author', '');
    const r = await runCli(['coherence', out, '--source', files.source, '--target', files.target]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${out}:${line}: `);
    expect(r.stderr).toContain('[E_REVIEW_ROW_CONTRADICTION]');
  });

  it('rows whose two columns agree build as before', async () => {
    const { out } = await edited('Author', 'Not');
    const built = await buildArtifact(out, BUILD);
    expect(built.artifact.mappingRules.map((r) => r.from)).toEqual([`${SRC}Paper`]);
  });
});
