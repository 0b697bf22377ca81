/**
 * A run never replaces a file that holds reviewers' decisions with something else (new
 * candidates, a summary, an export): re-running `propose --out reviewed.tsv` used to throw the
 * review away without a word. Other files at `--out` are written over, as `--out` always does.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { mayHoldDecisions } from '../../src/cli/output.js';
import { readMappingFile } from '../../src/exchange/files.js';
import { reviewedDecisions } from '../../src/exchange/reviewed.js';

const ROOT = join(import.meta.dirname, '../..');
const OASF_10 = join(ROOT, 'corpora/agents/oasf/v1.0.4/schema/skills');
const OASF_11 = join(ROOT, 'corpora/agents/oasf/v1.1.1/schema/skills');

let dir: string;
let records: string;
let candidates: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ioa-out-decisions-'));
  records = join(dir, 'servers.jsonl');
  await writeFile(records, `${JSON.stringify({ name: 'io.github.a/pg', description: 'Relational database access for Postgres.', version: '1.0.0' })}\n`);
  candidates = join(dir, 'candidates.sssom.tsv');
  const { code } = await runCli(['propose', records, OASF_11, '--out', candidates, '--quiet']);
  expect(code).toBe(0);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The candidates file with its first row decided by hand: accepted, by a named reviewer. */
async function reviewedCopy(name: string): Promise<string> {
  const lines = (await readFile(candidates, 'utf8')).split('\n');
  const header = lines.findIndex((l) => !l.startsWith('#'));
  const columns = lines[header]!.split('\t');
  const row = lines[header + 1]!.split('\t');
  row[columns.indexOf('mapping_justification')] = 'semapv:ManualMappingCuration';
  row[columns.indexOf('reviewer_id')] = 'orcid:0000-0002-1825-0097';
  row[columns.indexOf('review_date')] = '2026-12-01';
  lines[header + 1] = row.join('\t');
  const path = join(dir, name);
  await writeFile(path, lines.join('\n'));
  return path;
}

describe('--out over a file of reviewers\' decisions', () => {
  it('propose refuses before any work: E_OUT_HOLDS_DECISIONS, exit 2, the file byte for byte as it was, and the way to carry the decisions named', async () => {
    const reviewed = await reviewedCopy('reviewed.sssom.tsv');
    const before = await readFile(reviewed, 'utf8');
    const { code, stderr } = await runCli(['propose', records, OASF_11, '--out', reviewed, '--quiet']);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_OUT_HOLDS_DECISIONS]');
    expect(stderr).toContain('holds 1 reviewer decision;');
    expect(stderr).toContain(`--decisions ${reviewed}`);
    expect(await readFile(reviewed, 'utf8')).toBe(before);
  });

  it('diff refuses too (it has no option to carry decisions, and does not name one)', async () => {
    const reviewed = await reviewedCopy('reviewed-diff.sssom.tsv');
    const before = await readFile(reviewed, 'utf8');
    const { code, stderr } = await runCli(['diff', OASF_10, OASF_11, '--out', reviewed]);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_OUT_HOLDS_DECISIONS]');
    expect(stderr).not.toContain('--decisions');
    expect(await readFile(reviewed, 'utf8')).toBe(before);
  });

  it('every other output refuses too: a diff --summary, an export, a wrapped message; convert and records declared, whose outputs are decisions themselves, write over', async () => {
    const reviewed = await reviewedCopy('reviewed-other.sssom.tsv');
    const before = await readFile(reviewed, 'utf8');
    const envelope = join(ROOT, 'corpora/ioa-example/envelope-6.2.json');
    for (const args of [
      ['diff', OASF_10, OASF_11, '--out', join(dir, 'diff-out.sssom.tsv'), '--summary', reviewed],
      ['export-ontology', OASF_11, '--to', 'turtle', '--out', reviewed],
      ['a2a', 'wrap', envelope, '--out', reviewed],
    ]) {
      const { code, stderr } = await runCli(args);
      expect([args[0], code, stderr]).toEqual([args[0], 2, expect.stringContaining('holds 1 reviewer decision; this output would replace it')]);
      expect(await readFile(reviewed, 'utf8')).toBe(before);
    }
    const converted = join(dir, 'reviewed-converted.sssom.json');
    expect((await runCli(['convert', reviewed, '--out', converted])).code).toBe(0);
    expect((await runCli(['convert', reviewed, '--out', converted])).code).toBe(0);
  });

  it('artifact upgrade --review-out over a review file in progress refuses, as new candidates do; its --out over an earlier draft is written over', async () => {
    const rows = join(dir, 'declared.sssom.tsv');
    expect((await runCli(['records', 'declared', join(ROOT, 'corpora/agents/samples/tech-docs-erc8004-oasf-0.8.0.json'), '--out', rows])).code).toBe(0);
    const artifact = join(dir, 'declared-artifact.json');
    expect((await runCli(['artifact', 'build', '--from', rows, '--artifact-id', 'https://example.org/a', '--revision', '1', '--source-version', '1', '--asserted-by', 'https://example.org/me', '--valid-until', '2030-01-01T00:00:00Z', '--out', artifact])).code).toBe(0);
    const upgrade = (draft: string, review: string): Promise<{ code: number; stderr: string }> => runCli(['artifact', 'upgrade', artifact, '--side', 'target',
      '--from', join(ROOT, 'corpora/agents/oasf/v0.8.0'), '--to', join(ROOT, 'corpora/agents/oasf/v1.1.1'), '--via', join(ROOT, 'corpora/agents/crosswalks/oasf-0.8.0-to-1.1.0.sssom.tsv'), '--out', draft, '--review-out', review]);
    const draft = join(dir, 'draft.json');
    const review = join(dir, 'upgrade-review.sssom.tsv');
    expect((await upgrade(draft, review)).code).toBe(0);
    expect((await upgrade(draft, join(dir, 'upgrade-review-2.sssom.tsv'))).code).toBe(0);
    const reviewedUpgrade = await reviewedCopy('upgrade-reviewed.sssom.tsv');
    const before = await readFile(reviewedUpgrade, 'utf8');
    const refused = await upgrade(join(dir, 'draft-3.json'), reviewedUpgrade);
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('[E_OUT_HOLDS_DECISIONS]')]);
    expect(await readFile(reviewedUpgrade, 'utf8')).toBe(before);
  });

  it('a rejection written by hand (predicate_modifier Not) counts as a decision', async () => {
    const lines = (await readFile(candidates, 'utf8')).split('\n');
    const header = lines.findIndex((l) => !l.startsWith('#'));
    const columns = lines[header]!.split('\t');
    const row = lines[header + 1]!.split('\t');
    row[columns.indexOf('predicate_modifier')] = 'Not';
    lines[header + 1] = row.join('\t');
    const rejected = join(dir, 'rejected.sssom.tsv');
    await writeFile(rejected, lines.join('\n'));
    const { code, stderr } = await runCli(['propose', records, OASF_11, '--out', rejected, '--quiet']);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_OUT_HOLDS_DECISIONS]');
  });

  it('earlier candidates and other files are written over as --out always does; a file with review marks that cannot be read as mappings is refused', async () => {
    const earlier = join(dir, 'earlier.sssom.tsv');
    await writeFile(earlier, await readFile(candidates, 'utf8'));
    expect((await runCli(['propose', records, OASF_11, '--out', earlier, '--quiet'])).code).toBe(0);
    const text = join(dir, 'notes.txt');
    await writeFile(text, 'Do Not keep: a MappingReview of nothing\n');
    expect((await runCli(['propose', records, OASF_11, '--out', text, '--format', 'sssom', '--quiet'])).code).toBe(2);
    await writeFile(text, 'Do Not keep\n');
    expect((await runCli(['propose', records, OASF_11, '--out', text, '--format', 'sssom', '--quiet'])).code).toBe(0);
    expect(await readFile(text, 'utf8')).toContain('skos:broadMatch');
  });

  it('a label that starts with the word Not is no rejection: a candidate file of a disease ontology is written over without being parsed to count decisions', () => {
    const header = 'subject_id\tsubject_label\tpredicate_id\tpredicate_modifier\tobject_id\tobject_label\tmapping_justification';
    const row = (modifier: string, label: string): string => `ncit:C1\t${label}\tskos:exactMatch\t${modifier}\tordo:2\tx\tsemapv:LexicalMatching`;
    expect(mayHoldDecisions(`${header}\n${row('', 'Not Otherwise Specified Neoplasm')}\n`)).toBe(false);
    expect(mayHoldDecisions(`${header}\n${row('', 'Cancer, Not Otherwise Specified')}\n`)).toBe(false);
    expect(mayHoldDecisions(`${header}\n${row('Not', 'Neoplasm')}\n`)).toBe(true);
    expect(mayHoldDecisions(`${header}\r\n${row('', 'x')}\tNot\r\n`)).toBe(true);
    expect(mayHoldDecisions('subject_id,predicate_modifier,object_id\nA,Not,B\n')).toBe(true);
    expect(mayHoldDecisions('subject_id,predicate_modifier,object_id\nA,"Not",B\n')).toBe(true);
    expect(mayHoldDecisions('{"mappings": [{"subject_id": "A", "predicate_modifier" : "Not"}]}')).toBe(true);
    expect(mayHoldDecisions('<map><Cell><relation>%</relation></Cell></map>')).toBe(true);
    expect(mayHoldDecisions('<map><Cell><relation>=</relation></Cell></map>')).toBe(false);
    expect(mayHoldDecisions('mapping_justification: semapv:ManualMappingCuration')).toBe(true);
    // The readers trim a cell, so a rejection written with spaces or quotes around it is one too.
    expect(mayHoldDecisions(`${header}\n${row(' Not ', 'x')}\n`)).toBe(true);
    expect(mayHoldDecisions('subject_id,predicate_modifier,object_id\nA, Not ,B\n')).toBe(true);
    expect(mayHoldDecisions('subject_id,predicate_modifier,object_id\nA," Not",B\n')).toBe(true);
    expect(mayHoldDecisions('{"predicate_modifier": " Not "}')).toBe(true);
    expect(mayHoldDecisions('subject_id,subject_label\nA, Not Otherwise Specified\n')).toBe(false);
  });

  it('every rejection the readers count is seen by the check: a hand-written TSV or CSV rejection with spaces around Not is refused, not written over', async () => {
    const curies = '#curie_map:\n#  A: http://a#\n#  B: http://b#\n#mapping_set_id: https://example.org/set\n#license: https://creativecommons.org/publicdomain/zero/1.0/\n';
    const files = {
      'spaced.sssom.tsv': `${curies}subject_id\tpredicate_id\tpredicate_modifier\tobject_id\tmapping_justification\nA:1\tskos:exactMatch\t Not \tB:1\tsemapv:LexicalMatching\n`,
      'spaced.sssom.csv': `${curies}subject_id,predicate_id,predicate_modifier,object_id,mapping_justification\nA:1,skos:exactMatch, Not ,B:1,semapv:LexicalMatching\n`,
    };
    for (const [name, text] of Object.entries(files)) {
      const path = join(dir, name);
      await writeFile(path, text);
      expect(reviewedDecisions(await readMappingFile(path))).toHaveLength(1);
      expect(mayHoldDecisions(text)).toBe(true);
      const { code, stderr } = await runCli(['propose', records, OASF_11, '--out', path, '--quiet']);
      expect(code).toBe(2);
      expect(stderr).toContain('[E_OUT_HOLDS_DECISIONS]');
      expect(await readFile(path, 'utf8')).toBe(text);
    }
  });
});
