/**
 * Decisions carried from one review to the next: through the candidate file `propose
 * --decisions` writes, or with `review --decisions`, the same people's same decisions arrive
 * (their own dates, comments and roles), an unsettled conflict stays one, and the order in which
 * reviews are given never picks a decision.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMappings, type MappingRecord } from '../../src/api/index.js';
import { buildArtifact } from '../../src/api/artifact-build.js';
import { openReview, type ReviewSession } from '../../src/api/review.js';
import { runCli } from '../helpers/cli.js';
import { fixture } from './fixture.js';
import { startAndInterrupt } from './interrupt.js';

const A = 'orcid:0000-0002-1825-0097';
const B = 'orcid:0000-0001-5109-3700';
const C = 'orcid:0000-0003-4423-4370';
const D = 'orcid:0000-0002-9999-0001';
const A_IRI = 'https://orcid.org/0000-0002-1825-0097';
const B_IRI = 'https://orcid.org/0000-0001-5109-3700';
const SRC = 'http://example.org/src#';
const BUILD = { artifactId: 'https://example.org/a', revision: '1', assertedBy: 'https://example.org/me', validUntil: '2030-01-01T00:00:00Z', sourceOntologyVersion: '1', targetOntologyVersion: '1' };

type Files = Awaited<ReturnType<typeof fixture>>;

async function session(files: Files, out: string, options: { reviewer?: string; today?: string; adjudicator?: boolean; decisions?: string[]; candidates?: string } = {}): Promise<ReviewSession> {
  return openReview(
    { candidates: options.candidates ?? files.candidates, source: files.source, target: files.target, out, ...(options.decisions ? { decisions: options.decisions } : {}) },
    { ...(options.reviewer ? { reviewer: options.reviewer } : {}), ...(options.adjudicator ? { adjudicator: true } : {}), today: () => options.today ?? '2026-12-01' },
  );
}

function best(s: ReviewSession, local: string): number {
  return s.item(`${SRC}${local}`)!.candidates[0]!.index;
}

const rowsOf = async (out: string): Promise<MappingRecord[]> => (await readMappings(out)).mappings;

/** What a decision row says about who decided what, when and why: the provenance a carry must keep. */
function said(rows: MappingRecord[]): string[] {
  return rows.filter((r) => r.extensions?.review_decision !== undefined).map((r) => [
    String((r as { subjectId: string }).subjectId).replace(SRC, ''), (r.reviewerId ?? []).join('|'), r.extensions?.review_decision, r.predicateId,
    r.reviewDate ?? '', r.comment ?? '', r.extensions?.review_role ?? '',
  ].join(' ')).sort();
}

async function propose(files: Files, out: string, decisions: string[]): Promise<void> {
  const run = await runCli(['propose', files.source, files.target, '--out', out, '--quiet', ...decisions.flatMap((d) => ['--decisions', d])]);
  expect(run.code, run.stderr).toBe(0);
}

describe('an unsettled conflict carried through the candidate file', () => {
  it('shows as a conflict with each reviewer\'s decision, and a new decision on it does not build without an adjudicator', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('A'), { reviewer: A });
    const paper = best(a, 'Paper');
    a.decide(paper, 'accept');
    await a.flush();
    const b = await session(files, file('B'), { reviewer: B });
    b.decide(paper, 'reject');
    await b.flush();
    await propose(files, file('next'), [file('A'), file('B')]);
    const marked = (await rowsOf(file('next'))).find((r) => r.extensions?.earlier_decision !== undefined)!;
    expect(marked.extensions?.earlier_decision).toBe('conflict');

    const viaColumns = await session(files, file('D'), { reviewer: D, candidates: file('next') });
    const viaFiles = await session(files, file('D2'), { reviewer: D, candidates: file('next'), decisions: [file('A'), file('B')] });
    for (const s of [viaColumns, viaFiles]) {
      const view = s.item(`${SRC}Paper`)!.candidates[0]!;
      expect(view.conflict).toBe(true);
      expect(view.decisions.map((d) => [d.reviewer_id, d.decision]).sort()).toEqual([[A_IRI, 'accept'], [B_IRI, 'reject']].sort());
      expect(s.progress().conflicts).toBe(1);
      expect(s.items({ status: 'conflict' }).map((i) => i.subject_id)).toEqual([`${SRC}Paper`]);
    }
    viaColumns.decide(best(viaColumns, 'Paper'), 'accept');
    await viaColumns.flush();
    await expect(buildArtifact(file('D'), BUILD)).rejects.toMatchObject({ code: 'E_REVIEW_CONFLICT' });
  });
});

describe('decisions carried through the candidate file keep their provenance', () => {
  it('each reviewer\'s own date, comment and adjudicator role arrive, as with --decisions; nobody is dropped', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('A'), { reviewer: A, today: '2026-11-20' });
    const paper = best(a, 'Paper');
    a.decide(best(a, 'Author'), 'accept', { comment: 'same concept | one\ttab' });
    a.decide(paper, 'accept', { comment: 'A: same' });
    await a.flush();
    const b = await session(files, file('B'), { reviewer: B, today: '2026-12-07' });
    b.decide(best(b, 'Author'), 'accept');
    b.decide(paper, 'reject', { comment: 'nonsense' });
    await b.flush();
    const c = await session(files, file('C'), { reviewer: C, adjudicator: true, today: '2026-12-08', decisions: [file('A'), file('B')] });
    c.decide(paper, 'reject', { comment: 'C settles' });
    await c.flush();
    await propose(files, file('next'), [file('A'), file('B'), file('C')]);

    const viaColumns = await session(files, file('R1'), { reviewer: D, candidates: file('next'), today: '2026-12-24' });
    const viaFiles = await session(files, file('R2'), { reviewer: D, candidates: file('next'), decisions: [file('A'), file('B'), file('C')], today: '2026-12-24' });
    for (const s of [viaColumns, viaFiles]) {
      s.decide(best(s, 'Reviewer'), 'unsure');
      await s.flush();
    }
    const one = said(await rowsOf(file('R1')));
    expect(one).toEqual(said(await rowsOf(file('R2'))));
    expect(one).toEqual(expect.arrayContaining([
      `Author ${A_IRI} accept skos:exactMatch 2026-11-20 same concept | one\ttab `,
      `Author ${B_IRI} accept skos:exactMatch 2026-12-07  `,
      `Paper ${A_IRI} accept skos:exactMatch 2026-11-20 A: same `,
      `Paper ${B_IRI} reject skos:exactMatch 2026-12-07 nonsense `,
      'Paper https://orcid.org/0000-0003-4423-4370 reject skos:exactMatch 2026-12-08 C settles adjudicator',
    ]));
    expect(viaColumns.progress().conflicts).toBe(0);
  });

  it('a candidate file with only the summary columns (no decision of each reviewer) is refused rather than carried with invented dates', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('A'), { reviewer: A, today: '2026-11-20' });
    a.decide(best(a, 'Paper'), 'accept');
    await a.flush();
    await propose(files, file('next'), [file('A')]);
    // As an older propose wrote it: the summary only.
    const lines = readFileSync(file('next'), 'utf8').split('\n');
    const header = lines.findIndex((l) => l.startsWith('subject_id'));
    const columns = lines[header]!.split('\t');
    const keep = columns.map((c, i) => (c.startsWith('earlier_each_') ? -1 : i)).filter((i) => i >= 0);
    writeFileSync(file('old'), lines.map((l, i) => (i < header || l === '' ? l : keep.map((k) => l.split('\t')[k]).join('\t'))).join('\n'));
    const row = readFileSync(file('old'), 'utf8').split('\n').findIndex((l) => l.includes('\taccept\t')) + 1;
    const error = await session(files, file('R'), { reviewer: D, candidates: file('old') }).then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_USAGE', location: { file: file('old'), line: row } });
    // A library caller gave openReview its files: the message names them so; the CLI by its flags.
    expect(String((error as Error).message)).toContain("with files.decisions, or propose again with those files' decisions");
    expect(String((error as Error).message)).not.toMatch(/--[a-z]/);
    const cli = await runCli(['review', file('old'), '--source', files.source, '--target', files.target, '--out', file('R'), '--reviewer', D]);
    expect([cli.code, cli.stderr]).toEqual([2, expect.stringContaining('with --decisions, or propose again with --decisions [E_USAGE]')]);
    // With the reviewed files given, their decisions are carried and the summary is not needed.
    const s = await session(files, file('R'), { reviewer: D, candidates: file('old'), decisions: [file('A')] });
    expect(s.item(`${SRC}Paper`)!.candidates[0]!.decisions).toEqual([expect.objectContaining({ reviewer_id: A_IRI, review_date: '2026-11-20' })]);
  });
});

describe('one reviewer\'s two decisions of the same day, in two files', () => {
  it('a carried decision she changes in a new file the same day: the new row records what it replaced, and her latest stands everywhere', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('A'), { reviewer: A });
    const author = best(a, 'Author');
    a.decide(author, 'reject', { comment: 'no' });
    a.decide(best(a, 'Paper'), 'accept');
    await a.flush();
    // She goes on in a new file, carrying the first, and changes her mind on the same day.
    const a2 = await session(files, file('A2'), { reviewer: A, decisions: [file('A')] });
    a2.decide(author, 'accept', { comment: 'changed my mind' });
    await a2.flush();
    const row = (await rowsOf(file('A2'))).find((r) => String((r as { subjectId: string }).subjectId).endsWith('Author'))!;
    expect(row.extensions?.replaces_decision).toMatch(/^reject skos:exactMatch on 2026-12-01 from \S+#reviewed$/);
    expect((await readMappings(file('A2'))).metadata.extensionDefinitions?.map((d) => d.slotName)).toContain('replaces_decision');

    for (const order of [[file('A'), file('A2')], [file('A2'), file('A')]]) {
      const listed = JSON.parse((await runCli(['review', 'conflicts', ...order, '--json'])).stdout);
      expect(listed.conflicts).toEqual([]);
      const next = join(files.dir, `next-${order[0]!.endsWith('A.sssom.tsv') ? '1' : '2'}.sssom.tsv`);
      await propose(files, next, order);
      const marked = (await rowsOf(next)).find((r) => String((r as { subjectId: string }).subjectId).endsWith('Author') && r.extensions?.earlier_decision !== undefined)!;
      expect(marked.extensions?.earlier_decision).toBe('accept');
      expect(marked.extensions?.earlier_each_replaces).toMatch(/^reject skos:exactMatch on 2026-12-01 from /);
      // Everyone opens it — a new reviewer, an adjudicator, she herself — and sees her latest decision.
      for (const options of [{ reviewer: D }, { reviewer: C, adjudicator: true }, { reviewer: A }, { reviewer: D, decisions: order }]) {
        const s = await session(files, join(files.dir, `R-${Math.random().toString(36).slice(2)}.sssom.tsv`), { ...options, candidates: next });
        const view = s.item(`${SRC}Author`)!.candidates.find((c) => c.index === author)!;
        expect(view.conflict).toBe(false);
        expect(view.decisions.map((d) => [d.reviewer_id, d.decision, d.comment])).toEqual([[A_IRI, 'accept', 'changed my mind']]);
        expect(s.progress().conflicts).toBe(0);
      }
    }
    // Carried on once more, the marker goes with her row, so the next round reads it the same way.
    const r = await session(files, file('R'), { reviewer: D, candidates: join(files.dir, 'next-1.sssom.tsv') });
    r.decide(best(r, 'Reviewer'), 'unsure');
    await r.flush();
    const carried = (await rowsOf(file('R'))).find((x) => String((x as { subjectId: string }).subjectId).endsWith('Author'))!;
    expect(carried.extensions?.replaces_decision).toBe(row.extensions?.replaces_decision);
    expect(JSON.parse((await runCli(['review', 'conflicts', file('A'), file('R'), '--json'])).stdout).conflicts).toEqual([]);
  });

  it('two hand-made files nothing orders: her own conflict, listed and marked; every review opens with it shown, an adjudicator or she settles it', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const x = await session(files, file('x'), { reviewer: B, today: '2026-12-07' });
    const paper = best(x, 'Paper');
    x.decide(paper, 'accept');
    await x.flush();
    const y = await session(files, file('y'), { reviewer: B, today: '2026-12-07' });
    y.decide(paper, 'reject');
    await y.flush();

    for (const order of [[file('x'), file('y')], [file('y'), file('x')]]) {
      const tag = order[0]!.endsWith('x.sssom.tsv') ? 'xy' : 'yx';
      const listed = await runCli(['review', 'conflicts', ...order, '--json']);
      expect(JSON.parse(listed.stdout).conflicts).toHaveLength(1);
      const next = join(files.dir, `next-${tag}.sssom.tsv`);
      await propose(files, next, order);
      expect((await rowsOf(next)).find((r) => r.extensions?.earlier_decision !== undefined)!.extensions?.earlier_decision).toBe('conflict');
      // The review opens, with both of her decisions shown as a conflict; neither is picked.
      for (const [name, open] of [
        ['files', (out: string) => session(files, out, { reviewer: D, decisions: order, today: '2026-12-07' })],
        ['columns', (out: string) => session(files, out, { reviewer: D, candidates: next, today: '2026-12-07' })],
      ] as const) {
        const out = join(files.dir, `R-${tag}-${name}.sssom.tsv`);
        const s = await open(out);
        const view = s.item(`${SRC}Paper`)!.candidates.find((c) => c.index === paper)!;
        expect(view.conflict).toBe(true);
        expect(view.decisions.map((d) => [d.reviewer_id, d.decision]).sort()).toEqual([[B_IRI, 'accept'], [B_IRI, 'reject']]);
        expect(s.progress().conflicts).toBe(1);
        expect(s.items({ status: 'conflict' }).map((i) => i.subject_id)).toEqual([`${SRC}Paper`]);
        // Written, both stand in the new review; it resumes, and artifact build refuses the pair.
        s.decide(best(s, 'Author'), 'accept');
        await s.flush();
        expect(said(await rowsOf(out)).filter((l) => l.startsWith(`Paper ${B_IRI}`))).toHaveLength(2);
        expect((await open(out)).progress().conflicts).toBe(1);
        await expect(buildArtifact(out, BUILD)).rejects.toMatchObject({ code: 'E_REVIEW_CONFLICT' });
      }
    }

    // An adjudicator settles it; the build follows the adjudicator.
    const adj = await session(files, file('adj'), { reviewer: C, adjudicator: true, candidates: join(files.dir, 'next-xy.sssom.tsv') });
    expect(adj.item(`${SRC}Paper`)!.candidates.find((c) => c.index === paper)!.conflict).toBe(true);
    adj.decide(paper, 'accept');
    await adj.flush();
    expect(adj.progress().conflicts).toBe(0);
    await expect(buildArtifact(file('adj'), BUILD)).resolves.toBeDefined();
    expect(JSON.parse((await runCli(['review', 'conflicts', file('adj'), '--json'])).stdout).conflicts).toEqual([]);

    // Or she decides it again: her new row records replacing both, and her two old rows give way to it.
    const her = await session(files, file('her'), { reviewer: B, candidates: join(files.dir, 'next-yx.sssom.tsv'), today: '2026-12-07' });
    expect(her.state.status(paper)).toBe('open');
    await expect(Promise.resolve().then(() => her.comment(paper, 'why'))).rejects.toMatchObject({ code: 'E_REVIEW_NOT_DECIDED' });
    her.decide(paper, 'accept', { comment: 'settled' });
    await her.flush();
    const rows = (await rowsOf(file('her'))).filter((r) => String((r as { subjectId: string }).subjectId).endsWith('Paper'));
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.extensions?.replaces_decision).split('|').sort()).toEqual([
      expect.stringMatching(/^accept skos:exactMatch on 2026-12-07 from /), expect.stringMatching(/^reject skos:exactMatch on 2026-12-07 from /),
    ]);
    expect(her.progress().conflicts).toBe(0);
    await expect(buildArtifact(file('her'), BUILD)).resolves.toBeDefined();
    expect(JSON.parse((await runCli(['review', 'conflicts', file('x'), file('y'), file('her'), '--json'])).stdout).conflicts).toEqual([]);
    await propose(files, file('after'), [file('y'), file('her'), file('x')]);
    expect((await rowsOf(file('after'))).find((r) => r.extensions?.earlier_decision !== undefined)!.extensions?.earlier_decision).toBe('accept');
  });

  it('a chain of changes on one day: the row written last stands, whatever the order of the files', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('A'), { reviewer: A });
    const paper = best(a, 'Paper');
    a.decide(paper, 'reject');
    await a.flush();
    const a2 = await session(files, file('A2'), { reviewer: A, decisions: [file('A')] });
    a2.decide(paper, 'accept');
    await a2.flush();
    const a3 = await session(files, file('A3'), { reviewer: A, decisions: [file('A2')] });
    a3.decide(paper, 'reject', { comment: 'no after all' });
    await a3.flush();
    for (const order of [[file('A'), file('A2'), file('A3')], [file('A3'), file('A2'), file('A')], [file('A2'), file('A3'), file('A')]]) {
      expect(JSON.parse((await runCli(['review', 'conflicts', ...order, '--json'])).stdout).conflicts).toEqual([]);
      const s = await session(files, join(files.dir, `R-${Math.random().toString(36).slice(2)}.sssom.tsv`), { reviewer: D, decisions: order });
      expect(s.item(`${SRC}Paper`)!.candidates.find((c) => c.index === paper)!.decisions.map((d) => [d.decision, d.comment])).toEqual([['reject', 'no after all']]);
    }
  });

  it('a reviewer\'s later date still wins, and an identical decision twice is one', async () => {
    const { latestPerReviewer } = await import('../../src/exchange/reviewed.js');
    const d = (decision: 'accept' | 'reject', date: string, comment?: string) => ({ reviewer: B_IRI, subject: 's', object: 'o', proposed: 'skos:exactMatch', predicate: 'skos:exactMatch', decision, date, adjudicator: false, ...(comment ? { comment } : {}) });
    const older = d('accept', '2026-12-01');
    const newer = d('reject', '2026-12-07');
    expect(latestPerReviewer([older, newer])).toEqual([newer]);
    expect(latestPerReviewer([newer, older])).toEqual([newer]);
    const one = d('accept', '2026-12-07', 'a');
    const two = d('accept', '2026-12-07', 'b');
    expect(latestPerReviewer([one, two])).toEqual(latestPerReviewer([two, one]));
    expect(latestPerReviewer([one, two])).toHaveLength(1);
  });

  it('thousands of copies of one reviewer\'s rows (a file passed many times) count once each, with the same standing, without comparing every copy with every other', { timeout: 20_000 }, async () => {
    const { latestPerReviewer, unsettledConflicts } = await import('../../src/exchange/reviewed.js');
    const date = '2026-12-07';
    const d = (decision: 'accept' | 'reject', replaces: { decision: 'accept' | 'reject'; predicate: string; date: string }[], comment?: string) =>
      ({ reviewer: B_IRI, subject: 's', object: 'o', proposed: 'skos:exactMatch', predicate: 'skos:exactMatch', decision, date, adjudicator: false, replaces, ...(comment ? { comment } : {}), row: 0, source: undefined });
    // Rejected, then accepted the same day (the acceptance records replacing the rejection).
    const first = d('reject', []);
    // With what it replaced on earlier days too: each comparison of two copies reads the whole list.
    const earlier = Array.from({ length: 20 }, (_, i) => ({ decision: 'reject' as const, predicate: 'skos:closeMatch', date: `2026-11-${String(i + 1).padStart(2, '0')}` }));
    const second = d('accept', [...earlier, { decision: 'reject', predicate: 'skos:exactMatch', date }], 'sure');
    const copies = Array.from({ length: 40_000 }, (_, i) => ({ ...(i % 2 === 0 ? first : second), row: i }));
    const kept = latestPerReviewer(copies);
    expect(kept.map((k) => [k.decision, k.comment, k.row])).toEqual([['accept', 'sure', 1]]);
    expect(unsettledConflicts(copies.map((c) => ({ ...c, reviewer: `${B_IRI}${c.row % 2}` })) as never)).toHaveLength(1);
  });
});



describe('a resumed review whose only change is decisions carried with --decisions', () => {
  it('writes them on stop, and "saved N" counts what the file holds', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('out'), { reviewer: A });
    a.decide(best(a, 'Paper'), 'accept');
    await a.flush();
    const b = await session(files, file('B'), { reviewer: B });
    b.decide(best(b, 'Paper'), 'reject');
    await b.flush();
    const run = await startAndInterrupt(files, ['--out', file('out'), '--reviewer', B, '--decisions', file('B')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('saved 2 decisions (1 accepted, 1 rejected, 0 unsure)');
    expect(said(await rowsOf(file('out')))).toHaveLength(2);
    await expect(buildArtifact(file('out'), BUILD)).rejects.toMatchObject({ code: 'E_REVIEW_CONFLICT' });
  });
});

describe('review conflicts over several files', () => {
  it('reads them as one review, each reviewer\'s latest decision, as propose and review --decisions do', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const x = await session(files, file('x'), { reviewer: B, today: '2026-12-07' });
    const paper = best(x, 'Paper');
    x.decide(paper, 'accept');
    await x.flush();
    const c1 = await session(files, file('c1'), { reviewer: C, today: '2026-11-01' });
    c1.decide(paper, 'reject');
    await c1.flush();
    const c2 = await session(files, file('c2'), { reviewer: C, today: '2026-12-07' });
    c2.decide(paper, 'accept');
    await c2.flush();
    const listed = await runCli(['review', 'conflicts', file('x'), file('c1'), file('c2'), '--json']);
    expect(JSON.parse(listed.stdout).conflicts).toEqual([]);
    await propose(files, file('next'), [file('x'), file('c1'), file('c2')]);
    expect((await rowsOf(file('next'))).find((r) => r.extensions?.earlier_decision !== undefined)!.extensions?.earlier_decision).toBe('accept');
    const r = await session(files, file('R'), { reviewer: D, decisions: [file('x'), file('c1'), file('c2')] });
    expect(r.progress().conflicts).toBe(0);
  });
});

describe('review conflicts counts what it leaves out for what it is', () => {
  it('a file given twice supersedes nothing: its rows are the same decisions, counted once and said so', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('A'), { reviewer: A });
    a.decide(best(a, 'Paper'), 'accept');
    a.decide(best(a, 'Author'), 'reject');
    await a.flush();
    writeFileSync(file('Acopy'), readFileSync(file('A'), 'utf8'));
    const json = JSON.parse((await runCli(['review', 'conflicts', file('A'), file('Acopy'), '--json'])).stdout);
    expect(json).toMatchObject({ conflicts: [], superseded: 0, duplicates: 2 });
    const text = await runCli(['review', 'conflicts', file('A'), file('Acopy')]);
    expect(text.stderr + text.stdout).not.toContain('superseded');
    expect(text.stderr + text.stdout).toContain('2 decision(s) read twice, counted once');
    // A later decision of hers still supersedes the older one.
    const a2 = await session(files, file('A2'), { reviewer: A, today: '2026-12-09' });
    a2.decide(best(a2, 'Paper'), 'reject');
    await a2.flush();
    expect(JSON.parse((await runCli(['review', 'conflicts', file('A'), file('Acopy'), file('A2'), '--json'])).stdout)).toMatchObject({ superseded: 2, duplicates: 1 });
  });
});

describe('what a carry leaves out, and what it says', () => {
  it('an earlier unsure decision is named as not carried, by review and by propose', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('A'), { reviewer: A });
    a.decide(best(a, 'Paper'), 'unsure');
    await a.flush();
    const r = await session(files, file('R'), { reviewer: D, decisions: [file('A')] });
    expect(r.uncarried).toEqual([expect.objectContaining({ subject: `${SRC}Paper`, decision: 'unsure', why: 'unsure' })]);
    const run = await runCli(['propose', files.source, files.target, '--out', file('next'), '--decisions', file('A')]);
    expect(run.stderr).toMatch(/1 earlier unsure decision is not carried: .*Paper/);
  });

  it('a plain resume does not say "carried from --decisions", and the set does not name itself as a source', async () => {
    const files = await fixture();
    const file = (n: string) => join(files.dir, `${n}.sssom.tsv`);
    const a = await session(files, file('out'), { reviewer: A });
    a.decide(best(a, 'Paper'), 'accept');
    await a.flush();
    // A rescue file is a copy of the same review: carried back, its rows name the set's own id.
    writeFileSync(file('rescue'), readFileSync(file('out'), 'utf8'));
    const b = await session(files, file('out'), { reviewer: B });
    b.decide(best(b, 'Author'), 'accept');
    await b.flush();
    const c = await session(files, file('out'), { reviewer: B, decisions: [file('rescue')] });
    expect(c.carried().count).toBe(0);
    const d = await session(files, file('other'), { reviewer: B, decisions: [file('rescue')] });
    d.decide(best(d, 'Author'), 'accept');
    await d.flush();
    const resumed = await session(files, file('other'), { reviewer: B });
    expect(resumed.carried().count).toBe(0);
    const meta = (await readMappings(file('other'))).metadata;
    expect(meta.extra?.mapping_set_source).not.toContain(meta.mappingSetId);
    const run = await startAndInterrupt(files, ['--out', file('other'), '--reviewer', B]);
    expect(run.stderr).not.toContain('carried from --decisions');
  });

  it('a bad review_date in --out is refused with the row\'s own code and line, not advice to move the file away', async () => {
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
    expect(String((error as Error).message)).not.toContain('move it away');
  });
});
