/**
 * What a review writes is what reviewers decided, and who decided it: resuming keeps every row's
 * own reviewer, date and columns (a hand-edited comment too) until that row is decided again;
 * several reviewers' decisions stand side by side, agree (reviewer_agreement) or conflict until
 * an adjudicator settles them; earlier reviews carry over to new candidates.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMappings, type MappingRecord } from '../../src/api/index.js';
import { buildArtifact } from '../../src/api/artifact-build.js';
import { openReview, type ReviewSession } from '../../src/api/review.js';
import { runCli } from '../helpers/cli.js';
import { tempFile } from '../helpers/files.js';
import { fixture } from './fixture.js';

const A = 'orcid:0000-0002-1825-0097';
const B = 'orcid:0000-0001-5109-3700';
const A_IRI = 'https://orcid.org/0000-0002-1825-0097';
const B_IRI = 'https://orcid.org/0000-0001-5109-3700';
const SRC = 'http://example.org/src#';
const BUILD = { artifactId: 'https://example.org/a', revision: '1', assertedBy: 'https://example.org/me', validUntil: '2030-01-01T00:00:00Z', sourceOntologyVersion: '1', targetOntologyVersion: '1' };

type Files = Awaited<ReturnType<typeof fixture>>;

async function session(files: Files, out: string, options: { reviewer?: string; today?: string; adjudicator?: boolean; decisions?: string[] } = {}): Promise<ReviewSession> {
  return openReview(
    { candidates: files.candidates, source: files.source, target: files.target, out, ...(options.decisions ? { decisions: options.decisions } : {}) },
    { ...(options.reviewer ? { reviewer: options.reviewer } : {}), ...(options.adjudicator ? { adjudicator: true } : {}), today: () => options.today ?? '2026-12-01' },
  );
}

/** The best candidate of a subject (its index), as the page lists it first. */
function best(s: ReviewSession, local: string): number {
  return s.item(`${SRC}${local}`)!.candidates[0]!.index;
}

const rowsOf = async (out: string): Promise<MappingRecord[]> => (await readMappings(out)).mappings;
const rowFor = (rows: MappingRecord[], local: string, reviewer?: string): MappingRecord[] =>
  rows.filter((r) => 'subjectId' in r && r.subjectId === `${SRC}${local}` && (reviewer === undefined || (r.reviewerId ?? []).includes(reviewer)));

describe('resuming never rewrites provenance', () => {
  it('a row keeps its reviewer, date and hand-edited comment after another reviewer decides something else', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const first = await session(files, out, { reviewer: A, today: '2026-11-01' });
    first.decide(best(first, 'Paper'), 'accept');
    first.decide(best(first, 'Author'), 'reject');
    await first.flush();
    // A curator edits the file by hand: a comment on the Paper row.
    const text = readFileSync(out, 'utf8');
    const lines = text.split('\n');
    const header = lines.findIndex((l) => l.startsWith('subject_id'));
    const columns = lines[header]!.split('\t');
    const at = columns.indexOf('comment');
    const edited = lines.map((l, i) => {
      if (i <= header || !l.startsWith('src:Paper')) return l;
      const cells = l.split('\t');
      if (at < 0) return `${l}\tchecked against the 2024 release`;
      cells[at] = 'checked against the 2024 release';
      return cells.join('\t');
    });
    if (at < 0) edited[header] = `${lines[header]}\tcomment`;
    writeFileSync(out, edited.join('\n'));

    const second = await session(files, out, { reviewer: B, today: '2026-12-24' });
    second.decide(best(second, 'Reviewer'), 'accept');
    await second.flush();
    const rows = await rowsOf(out);
    expect(rowFor(rows, 'Paper')).toEqual([expect.objectContaining({ reviewerId: [A_IRI], reviewDate: '2026-11-01', comment: 'checked against the 2024 release' })]);
    expect(rowFor(rows, 'Author')).toEqual([expect.objectContaining({ reviewerId: [A_IRI], reviewDate: '2026-11-01', predicateModifier: 'Not' })]);
    expect(rowFor(rows, 'Reviewer')).toEqual([expect.objectContaining({ reviewerId: [B_IRI], reviewDate: '2026-12-24' })]);
  });

  it('the set-level metadata a curator set by hand (licence, title, creator, description) stays as it is', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const first = await session(files, out, { reviewer: A });
    first.decide(best(first, 'Paper'), 'accept');
    await first.flush();
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^#license: .*$/m);
    writeFileSync(out, text
      .replace(/^#license: .*$/m, '#license: https://creativecommons.org/publicdomain/zero/1.0/\n#mapping_set_title: PC alignment, curated\n#creator_id:\n#  - orcid:0000-0003-0000-0001')
      .replace(/^#mapping_set_description: .*$/m, '#mapping_set_description: checked by the curation team'));
    const second = await session(files, out, { reviewer: B, today: '2026-12-24' });
    second.decide(best(second, 'Reviewer'), 'accept');
    await second.flush();
    const { metadata } = await readMappings(out);
    expect(metadata).toMatchObject({
      license: 'https://creativecommons.org/publicdomain/zero/1.0/', mappingDate: '2026-12-24',
      extra: expect.objectContaining({ mapping_set_title: 'PC alignment, curated', creator_id: ['orcid:0000-0003-0000-0001'], mapping_set_description: 'checked by the curation team' }),
    });
    expect(rowFor(await rowsOf(out), 'Reviewer')).toHaveLength(1);
  });

  it('without --reviewer nothing is erased: earlier rows keep their reviewer', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const first = await session(files, out, { reviewer: A, today: '2026-11-01' });
    first.decide(best(first, 'Paper'), 'accept');
    await first.flush();
    const anonymous = await session(files, out, { today: '2026-12-24' });
    anonymous.decide(best(anonymous, 'Author'), 'reject');
    await anonymous.flush();
    const rows = await rowsOf(out);
    expect(rowFor(rows, 'Paper')).toEqual([expect.objectContaining({ reviewerId: [A_IRI], reviewDate: '2026-11-01' })]);
    const author = rowFor(rows, 'Author');
    expect(author).toHaveLength(1);
    expect(author[0]!.reviewerId).toBeUndefined();
  });

  it('a row decided again by its reviewer takes the new decision and date and keeps its other columns', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const first = await session(files, out, { reviewer: A, today: '2026-11-01' });
    const paper = best(first, 'Paper');
    first.decide(paper, 'accept', { comment: 'same term in both' });
    await first.flush();
    const again = await session(files, out, { reviewer: A, today: '2026-12-24' });
    expect(again.state.answerOf(paper)?.comment).toBe('same term in both');
    again.decide(paper, 'reject');
    await again.flush();
    expect(rowFor(await rowsOf(out), 'Paper')).toEqual([expect.objectContaining({ reviewerId: [A_IRI], reviewDate: '2026-12-24', predicateModifier: 'Not', comment: 'same term in both' })]);
  });

  it('two rows of one reviewer on one candidate are refused, file untouched: E_REVIEW_DUPLICATE_DECISION', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const first = await session(files, out, { reviewer: A });
    first.decide(best(first, 'Paper'), 'accept');
    await first.flush();
    const lines = readFileSync(out, 'utf8').split('\n');
    const row = lines.find((l) => l.startsWith('src:Paper'))!;
    writeFileSync(out, [...lines.filter((l) => l !== ''), row, ''].join('\n'));
    const before = readFileSync(out, 'utf8');
    await expect(session(files, out, { reviewer: A })).rejects.toMatchObject({ code: 'E_REVIEW_DUPLICATE_DECISION' });
    expect(readFileSync(out, 'utf8')).toBe(before);
  });
});

describe('comments', () => {
  it('a decision carries a comment; a comment can be set later without changing the decision; both survive a resume', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const s = await session(files, out, { reviewer: A });
    const paper = best(s, 'Paper');
    const author = best(s, 'Author');
    s.decide(paper, 'accept', { comment: 'identical definitions' });
    s.decide(author, 'reject');
    s.comment(author, 'label is a person, target a role');
    expect(() => s.comment(best(s, 'Chair'), 'x')).toThrow(expect.objectContaining({ code: 'E_REVIEW_NOT_DECIDED' }));
    expect(() => s.decide(paper, 'accept', { comment: 'x'.repeat(2001) })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
    // Characters are counted as a reader counts them: 2,000 emoji (4,000 UTF-16 units) are 2,000 characters.
    expect(() => s.comment(author, '\u{1F600}'.repeat(2001))).toThrow(expect.objectContaining({ code: 'E_USAGE', message: expect.stringContaining('not 2001') }));
    s.comment(author, '\u{1F600}'.repeat(2000));
    s.comment(author, 'label is a person, target a role');
    await s.flush();
    const rows = await rowsOf(out);
    expect(rowFor(rows, 'Paper')[0]).toMatchObject({ comment: 'identical definitions', justification: 'semapv:MappingReview' });
    expect(rowFor(rows, 'Author')[0]).toMatchObject({ comment: 'label is a person, target a role', predicateModifier: 'Not' });
    const resumed = await session(files, out, { reviewer: A });
    expect(resumed.item(`${SRC}Author`)!.candidates.find((c) => c.index === author)!.decisions).toEqual([
      expect.objectContaining({ reviewer_id: A_IRI, decision: 'reject', comment: 'label is a person, target a role', source: 'review' }),
    ]);
  });
});

describe('several reviewers', () => {
  it('decisions of two reviewers stand side by side; agreement is written as reviewer_agreement 1.0', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const a = await session(files, out, { reviewer: A, today: '2026-11-01' });
    const paper = best(a, 'Paper');
    a.decide(paper, 'accept');
    a.decide(best(a, 'Author'), 'reject');
    await a.flush();
    const b = await session(files, out, { reviewer: B, today: '2026-11-02' });
    // B sees A's decision (decided), and may decide the same candidate too.
    expect(b.state.status(paper)).toBe('accept');
    b.decide(paper, 'accept', { comment: 'agree' });
    await b.flush();
    const rows = rowFor(await rowsOf(out), 'Paper');
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.reviewerId![0]).sort()).toEqual([B_IRI, A_IRI].sort());
    for (const r of rows) expect(r.extra?.reviewer_agreement).toBe(1);
    // A's row is A's: date kept.
    expect(rows.find((r) => r.reviewerId![0] === A_IRI)!.reviewDate).toBe('2026-11-01');
    expect(rowFor(await rowsOf(out), 'Author')[0]!.extra?.reviewer_agreement).toBeUndefined();
  });

  it('`review conflicts A B` reads reviewers who worked in files of their own as one review, naming each decision\'s file and line', async () => {
    const header = ['# curie_map:', '#   a: https://a.example/o#', '#   b: https://b.example/o#', '#   orcid: https://orcid.org/', '#   semapv: https://w3id.org/semapv/vocab/', '#   skos: http://www.w3.org/2004/02/skos/core#',
      '# license: https://creativecommons.org/publicdomain/zero/1.0/', '# mapping_set_id: https://a.example/review', 'subject_id\tpredicate_id\tpredicate_modifier\tobject_id\tmapping_justification\treviewer_id\treview_date'];
    const row = (modifier: string, reviewer: string, date: string): string => ['a:Paper', 'skos:exactMatch', modifier, 'b:Article', 'semapv:ManualMappingCuration', `orcid:${reviewer}`, date].join('\t');
    const first = await tempFile('first.sssom.tsv', [...header, row('', '0000-0000-0000-0001', '2026-05-01')].join('\n') + '\n');
    const second = await tempFile('second.sssom.tsv', [...header, row('Not', '0000-0000-0000-0002', '2026-05-02')].join('\n') + '\n');
    // Each file alone holds one reviewer's decision: no conflict.
    expect(JSON.parse((await runCli(['review', 'conflicts', first, '--json'])).stdout).conflicts).toEqual([]);
    const both = await runCli(['review', 'conflicts', first, second, '--json']);
    expect(both.code).toBe(0);
    const listed = JSON.parse(both.stdout).conflicts;
    expect(listed).toHaveLength(1);
    expect(listed[0].decisions.map((d: { decision: string; file: string; line: number }) => [d.decision, d.file, d.line])).toEqual([['accept', first, 10], ['reject', second, 10]]);
  });

  it('a statement written the other way round is the same pair: "b narrowMatch a" rejected against "a broadMatch b" accepted is a conflict, listed and refused by build as one', async () => {
    const header = ['# curie_map:', '#   a: https://a.example/o#', '#   b: https://b.example/o#', '#   orcid: https://orcid.org/', '#   semapv: https://w3id.org/semapv/vocab/', '#   skos: http://www.w3.org/2004/02/skos/core#',
      '# license: https://creativecommons.org/publicdomain/zero/1.0/', '# mapping_set_id: https://a.example/review', 'subject_id\tpredicate_id\tpredicate_modifier\tobject_id\tmapping_justification\treviewer_id\treview_date'];
    const row = (subject: string, predicate: string, modifier: string, object: string, reviewer: string): string => [subject, predicate, modifier, object, 'semapv:ManualMappingCuration', `orcid:${reviewer}`, '2026-05-01'].join('\t');
    const cases: Array<[string, string[], boolean]> = [
      ['inverse.sssom.tsv', [row('a:Paper', 'skos:broadMatch', '', 'b:Article', '0000-0000-0000-0001'), row('b:Article', 'skos:narrowMatch', 'Not', 'a:Paper', '0000-0000-0000-0002')], true],
      ['symmetric.sssom.tsv', [row('a:Paper', 'skos:exactMatch', '', 'b:Article', '0000-0000-0000-0001'), row('b:Article', 'skos:exactMatch', 'Not', 'a:Paper', '0000-0000-0000-0002')], true],
      // Rejecting the converse relation is no contradiction: "b broadMatch a" is "a narrowMatch b".
      ['converse.sssom.tsv', [row('a:Paper', 'skos:broadMatch', '', 'b:Article', '0000-0000-0000-0001'), row('b:Article', 'skos:broadMatch', 'Not', 'a:Paper', '0000-0000-0000-0002')], false],
    ];
    for (const [name, rows, conflict] of cases) {
      const file = await tempFile(name, [...header, ...rows].join('\n') + '\n');
      const listed = JSON.parse((await runCli(['review', 'conflicts', file, '--json'])).stdout).conflicts as unknown[];
      expect([name, listed.length]).toEqual([name, conflict ? 1 : 0]);
      const build = await runCli(['artifact', 'build', '--from', file, '--artifact-id', 'https://example.org/a', '--revision', '1', '--asserted-by', 'https://example.org/me',
        '--valid-until', '2030-01-01T00:00:00Z', '--source-id', 'https://a.example/o', '--source-version', '1', '--target-id', 'https://b.example/o', '--target-version', '1', '--out', `${file}.artifact.json`]);
      if (conflict) expect([name, build.code, build.stderr]).toEqual([name, 2, expect.stringContaining('[E_REVIEW_CONFLICT]')]);
      else expect([name, build.code]).toEqual([name, 0]);
    }
    const text = (await runCli(['review', 'conflicts', await tempFile('inverse-text.sssom.tsv', [...header, ...cases[0]![1]].join('\n') + '\n')])).stdout;
    expect(text).toContain('rejects skos:narrowMatch (written https://b.example/o#Article → https://a.example/o#Paper)');
  });

  it('a conflict is listed (page filter, `review conflicts`), refused by artifact build with the rows named, and settled by an adjudicator', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const a = await session(files, out, { reviewer: A });
    const paper = best(a, 'Paper');
    a.decide(paper, 'accept');
    a.decide(best(a, 'Document'), 'accept');
    await a.flush();
    const b = await session(files, out, { reviewer: B });
    b.decide(paper, 'reject', { comment: 'a paper is not a publication here' });
    await b.flush();
    expect(b.items({ status: 'conflict' }).map((i) => i.subject_id)).toEqual([`${SRC}Paper`]);
    const view = b.item(`${SRC}Paper`)!.candidates.find((c) => c.index === paper)!;
    expect(view.conflict).toBe(true);
    expect(view.decisions.map((d) => [d.reviewer_id, d.decision]).sort()).toEqual([[A_IRI, 'accept'], [B_IRI, 'reject']].sort());
    expect(b.progress().conflicts).toBe(1);
    // Neither row has agreement, and both are kept.
    const rows = rowFor(await rowsOf(out), 'Paper');
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.extra?.reviewer_agreement).toBeUndefined();

    const listed = await runCli(['review', 'conflicts', out, '--json']);
    expect(listed.code).toBe(0);
    const report = JSON.parse(listed.stdout);
    expect(report.conflicts).toHaveLength(1);
    expect(report.conflicts[0].subject_id).toBe(`${SRC}Paper`);
    expect(report.conflicts[0].decisions.map((d: { line: number }) => typeof d.line)).toEqual(['number', 'number']);

    const refused = buildArtifact(out, BUILD);
    await expect(refused).rejects.toMatchObject({ code: 'E_REVIEW_CONFLICT' });
    await expect(buildArtifact(out, BUILD)).rejects.toThrow(new RegExp(`reviewed\\.sssom\\.tsv:${report.conflicts[0].decisions[0].line}`));
    const cli = await runCli(['artifact', 'build', '--from', out, '--artifact-id', BUILD.artifactId, '--revision', '1', '--asserted-by', BUILD.assertedBy, '--valid-until', BUILD.validUntil, '--source-version', '1', '--target-version', '1']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain('[E_REVIEW_CONFLICT]');

    // The adjudicator (a third person) decides: the conflict is settled, B's row is overruled and kept.
    const C = 'orcid:0000-0003-4423-4370';
    const c = await session(files, out, { reviewer: C, adjudicator: true });
    expect(c.items({ status: 'conflict' })).toHaveLength(1);
    c.decide(paper, 'accept');
    await c.flush();
    expect(c.items({ status: 'conflict' })).toHaveLength(0);
    const settled = rowFor(await rowsOf(out), 'Paper');
    expect(settled).toHaveLength(3);
    expect(settled.find((r) => r.reviewerId![0] === 'https://orcid.org/0000-0003-4423-4370')!.extensions).toMatchObject({ review_role: 'adjudicator' });
    const built = await buildArtifact(out, BUILD);
    expect(built.document.mappingRules).toEqual(expect.arrayContaining([expect.objectContaining({ from: `${SRC}Paper` })]));
    expect(built.skipped.some((r) => r.subject === `${SRC}Paper` && r.why.startsWith('overruled by adjudicator'))).toBe(true);
    const after = await runCli(['review', 'conflicts', out, '--json']);
    expect(JSON.parse(after.stdout)).toMatchObject({ conflicts: [], settled: 1 });
  });

  it('an adjudicator must be named', async () => {
    const files = await fixture();
    await expect(session(files, join(files.dir, 'r.tsv'), { adjudicator: true })).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});

describe('earlier decisions carry over to new candidates', () => {
  it('propose --decisions marks decided rows; review --decisions shows them decided with who and when and never asks them again', async () => {
    const files = await fixture();
    const out = join(files.dir, 'first.reviewed.sssom.tsv');
    const first = await session(files, out, { reviewer: A, today: '2026-11-01' });
    const paper = best(first, 'Paper');
    const author = best(first, 'Author');
    first.decide(paper, 'accept');
    first.decide(author, 'reject', { comment: 'person vs role' });
    await first.flush();

    // A new run (another release, other generators) proposes again.
    const next = join(files.dir, 'next.sssom.tsv');
    const proposed = await runCli(['propose', files.source, files.target, '--out', next, '--decisions', out, '--generators', 'exact,edit,tfidf']);
    expect(proposed.code).toBe(0);
    expect(proposed.stderr).toContain('already decided in 1 earlier review');
    const rows = await rowsOf(next);
    const authorRow = rows.find((r) => 'subjectId' in r && r.subjectId === `${SRC}Author` && r.objectId === first.state.candidates[author]!.object)!;
    expect(authorRow.extensions).toMatchObject({ earlier_decision: 'reject', earlier_reviewer_id: A_IRI, earlier_review_date: '2026-11-01' });
    const paperRow = rows.find((r) => 'subjectId' in r && r.subjectId === `${SRC}Paper` && r.objectId === first.state.candidates[paper]!.object)!;
    expect(paperRow.extensions).toMatchObject({ earlier_decision: 'accept' });
    expect(rows.filter((r) => r.extensions?.earlier_decision !== undefined)).toHaveLength(2);
    // --select never keeps a rejected pair.
    const selected = await runCli(['propose', files.source, files.target, '--decisions', out, '--generators', 'exact,edit,tfidf', '--select', 'one-to-one', '--min-score', '0']);
    expect(selected.stdout).not.toMatch(/src:Author\t[^\n]*\ttgt:Author\t/);

    // Review of the new candidates with the earlier review: decided, shown with who and when, not asked.
    const second = await openReview(
      { candidates: next, source: files.source, target: files.target, out: join(files.dir, 'second.reviewed.sssom.tsv'), decisions: [out] },
      { reviewer: B, today: () => '2026-12-24' },
    );
    const authorView = second.item(`${SRC}Author`)!.candidates.find((c) => c.object_id === first.state.candidates[author]!.object)!;
    expect(authorView.status).toBe('reject');
    expect(authorView.decisions).toEqual([expect.objectContaining({ reviewer_id: A_IRI, review_date: '2026-11-01', decision: 'reject', comment: 'person vs role' })]);
    expect(authorView.decisions[0]!.source).not.toBe('review');
    expect(second.state.askable(authorView.index)).toBe(false);
    const paperView = second.item(`${SRC}Paper`)!.candidates.find((c) => c.object_id === first.state.candidates[paper]!.object)!;
    expect(paperView.status).toBe('accept');
    expect(second.isDone(`${SRC}Paper`)).toBe(true);
    // The candidate file's own earlier_* columns carry the decisions even without --decisions.
    const third = await openReview({ candidates: next, source: files.source, target: files.target, out: join(files.dir, 'third.reviewed.sssom.tsv') }, { reviewer: B });
    expect(third.state.status(authorView.index)).toBe('reject');
    // Written to the new review with their own provenance, and built into the artifact.
    second.decide(best(second, 'Document'), 'accept');
    await second.flush();
    const written = await rowsOf(join(files.dir, 'second.reviewed.sssom.tsv'));
    expect(rowFor(written, 'Author')).toEqual([expect.objectContaining({ reviewerId: [A_IRI], reviewDate: '2026-11-01', comment: 'person vs role', predicateModifier: 'Not' })]);
    expect(rowFor(written, 'Author')[0]!.extensions?.decision_source).toBeTruthy();
    expect(rowFor(written, 'Document')).toEqual([expect.objectContaining({ reviewerId: [B_IRI], reviewDate: '2026-12-24' })]);
  });
});

describe('earlier decisions: one reviewer rejects the proposed relation, another accepts the candidate as another', () => {
  it('the candidate is accepted under the relation chosen, credited to who accepted it, not marked a rejection by both', async () => {
    const { earlierDecisions } = await import('../../src/exchange/reviewed.js');
    const row = (predicate: string, modifier: 'Not' | undefined, reviewer: string, date: string): MappingRecord => ({
      subjectId: 'http://s#meeting', predicateId: predicate, objectId: 'http://t#audio', justification: modifier ? 'semapv:MappingReview' : 'semapv:ManualMappingCuration',
      reviewerId: [reviewer], reviewDate: date, ...(modifier ? { predicateModifier: modifier } : {}), extensions: { candidate_predicate: 'skos:broadMatch' },
    } as MappingRecord);
    const set = { metadata: { curieMap: {} }, mappings: [row('skos:broadMatch', 'Not', A_IRI, '2026-11-01'), row('skos:exactMatch', undefined, B_IRI, '2026-11-02')] };
    const earlier = earlierDecisions([{ subject: 'http://s#meeting', predicate: 'skos:broadMatch', object: 'http://t#audio' }], [{ set: set as never, source: 'review-1' }]);
    expect(earlier.get(0)).toMatchObject({ decision: 'accept', predicate: 'skos:exactMatch', reviewers: [B_IRI], date: '2026-11-02', source: 'review-1' });
    // Both decisions are carried onto the candidate, each as its reviewer's own.
    expect(earlier.get(0)!.each.map((e) => [e.reviewer, e.decision, e.predicate, e.date])).toEqual([[A_IRI, 'reject', 'skos:broadMatch', '2026-11-01'], [B_IRI, 'accept', 'skos:exactMatch', '2026-11-02']]);
  });
});

describe('candidates a decision could not tell apart', () => {
  it('two rows of one subject, relation and object (rules differing only in their conditions) are refused by review, naming both lines, never decided one for the other', async () => {
    const files = await fixture();
    const lines = readFileSync(files.candidates, 'utf8').split('\n');
    const header = lines.findIndex((l) => !l.startsWith('#'));
    // The same candidate again, told apart only by another cell (as rule_conditions tell an upgrade's rules apart).
    const cells = lines[header + 1]!.split('\t');
    cells[lines[header]!.split('\t').indexOf('comment')] = 'the same triple, another rule';
    cells[lines[header]!.split('\t').indexOf('candidate_rank')] = '99';
    const duplicated = [...lines.slice(0, header + 2), cells.join('\t'), ...lines.slice(header + 2)].join('\n');
    const path = join(files.dir, 'duplicated.sssom.tsv');
    writeFileSync(path, duplicated);
    const error = await session({ ...files, candidates: path }, join(files.dir, 'r.tsv')).then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_USAGE', location: { line: header + 3 } });
    expect(String((error as Error).message)).toContain(`(the first at line ${header + 2})`);
  });
});

describe('a reviewed file that cannot be read', () => {
  it('is refused with the reader\'s own line and code, so the fault can be found', async () => {
    const files = await fixture();
    const out = join(files.dir, 'reviewed.sssom.tsv');
    const s = await session(files, out, { reviewer: A });
    s.decide(best(s, 'Paper'), 'accept');
    await s.flush();
    const lines = readFileSync(out, 'utf8').split('\n');
    const row = lines.findIndex((l) => l.includes('2026-12-01') && !l.startsWith('#'));
    lines[row] = lines[row]!.replace('2026-12-01', '2026-13-45');
    writeFileSync(out, lines.join('\n'));
    const error = await session(files, out, { reviewer: B }).then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_SSSOM_BAD_ROW', location: { file: out, line: row + 1 } });
    expect(String((error as Error).message)).toMatch(/2026-13-45.*correct that line/);
  });
});

describe('a team\'s decisions carried between reviews (--decisions)', () => {
  const C = 'orcid:0000-0003-4423-4370';
  const C_IRI = 'https://orcid.org/0000-0003-4423-4370';
  /** A accepts, B rejects Paper's best candidate; C adjudicates: reject. Each in a file of their own. */
  async function team() {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('A'), { reviewer: A, today: '2026-12-01' });
    const paper = best(a, 'Paper');
    a.decide(paper, 'accept', { comment: 'A: same' });
    a.decide(best(a, 'Reviewer'), 'accept', { comment: 'A: reviewer' });
    await a.flush();
    const b = await session(files, file('B'), { reviewer: B, today: '2026-12-01' });
    b.decide(paper, 'reject', { comment: 'B: no' });
    await b.flush();
    const c = await session(files, file('C'), { reviewer: C, adjudicator: true, today: '2026-12-02', decisions: [file('A'), file('B')] });
    c.decide(paper, 'reject', { comment: 'C settles: no' });
    await c.flush();
    return { files, file, paper };
  }

  it('an adjudication carried into a new review stays one: the conflict stays settled', async () => {
    const { files, file, paper } = await team();
    const e = await session(files, file('E'), { reviewer: 'orcid:0000-0002-9999-0001', decisions: [file('C')] });
    expect(e.progress().conflicts).toBe(0);
    expect(e.item(`${SRC}Paper`)!.candidates.find((c) => c.index === paper)!.decisions).toContainEqual(expect.objectContaining({ reviewer_id: C_IRI, decision: 'reject', adjudicator: true }));
    e.decide(best(e, 'Reviewer'), 'unsure');
    await e.flush();
    const rows = rowFor(await rowsOf(file('E')), 'Paper', C_IRI);
    expect(rows.map((r) => (r as { extensions?: Record<string, unknown> }).extensions?.review_role)).toEqual(['adjudicator']);
  });

  it('a reviewer\'s later decision in her own file wins over the older copy another review carried, whatever the order of the files', async () => {
    const { files, file, paper } = await team();
    const later = await session(files, file('A'), { reviewer: A, today: '2026-12-05' });
    later.decide(best(later, 'Reviewer'), 'reject', { comment: 'A changed her mind' });
    await later.flush();
    for (const order of [[file('A'), file('C')], [file('C'), file('A')]]) {
      const r = await session(files, join(files.dir, `R-${order.length}-${order[0]!.endsWith('A.sssom.tsv') ? 'a' : 'c'}.sssom.tsv`), { reviewer: 'orcid:0000-0002-9999-0001', decisions: order });
      const reviewer = r.item(`${SRC}Reviewer`)!.candidates[0]!;
      expect(reviewer.decisions?.filter((d) => d.reviewer_id === A_IRI).map((d) => [d.decision, d.comment])).toEqual([['reject', 'A changed her mind']]);
      expect(r.item(`${SRC}Paper`)!.candidates.find((c) => c.index === paper)!.status).toBe('reject');
    }
  });

  it('an overruled acceptance never lands on another relation of the pair; decisions on pairs not proposed are listed', async () => {
    const { files, file } = await team();
    // The next candidate file proposes Paper → Paper under another relation only.
    const text = readFileSync(files.candidates, 'utf8');
    const lines = text.split('\n');
    const header = lines.findIndex((l) => l.startsWith('subject_id'));
    const col = lines[header]!.split('\t').indexOf('predicate_id');
    const other = lines.map((l, i) => {
      if (i <= header || !l.startsWith('src:Paper\t')) return l;
      const cells = l.split('\t');
      if (cells[col] === 'skos:exactMatch') cells[col] = 'skos:closeMatch';
      return cells.join('\t');
    }).filter((l, i) => i <= header || !l.startsWith('src:Reviewer\t'));
    const next = join(files.dir, 'next.sssom.tsv');
    writeFileSync(next, other.join('\n'));
    const n = await openReview({ candidates: next, source: files.source, target: files.target, out: join(files.dir, 'N.sssom.tsv'), decisions: [file('A'), file('B'), file('C')] }, { reviewer: 'orcid:0000-0002-9999-0001' });
    const decided = n.item(`${SRC}Paper`)!.candidates.flatMap((c) => c.decisions ?? []);
    expect(decided.filter((d) => d.decision === 'accept')).toEqual([]);
    expect(n.uncarried.map((d) => [d.subject.replace(SRC, ''), d.decision])).toEqual(expect.arrayContaining([['Paper', 'reject'], ['Reviewer', 'accept']]));
  });
});

describe('propose --decisions, then review of its file', () => {
  it('two reviewers who agree are carried as two decisions, each by one reviewer: never one row by "A|B"', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    for (const [who, name] of [[A, 'A'], [B, 'B']] as const) {
      const s = await session(files, file(name), { reviewer: who });
      s.decide(best(s, 'Paper'), 'accept');
      await s.flush();
    }
    const next = file('next');
    const run = await runCli(['propose', files.source, files.target, '--decisions', file('A'), '--decisions', file('B'), '--out', next, '--quiet']);
    expect(run.code).toBe(0);
    const r = await openReview({ candidates: next, source: files.source, target: files.target, out: file('R') }, { reviewer: 'orcid:0000-0002-9999-0001' });
    const paper = r.item(`${SRC}Paper`)!.candidates[0]!;
    expect(paper.decisions?.map((d) => d.reviewer_id).sort()).toEqual([B_IRI, A_IRI].sort());
    r.decide(best(r, 'Reviewer'), 'unsure');
    await r.flush();
    expect(rowFor(await rowsOf(file('R')), 'Paper').map((row) => row.reviewerId)).toEqual(expect.arrayContaining([[A_IRI], [B_IRI]]));
    expect(rowFor(await rowsOf(file('R')), 'Paper')).toHaveLength(2);
  });
});
