/**
 * A records file with a bad record, proposed on with --skip-invalid, can be taken through the
 * workflow's next steps: `review`, `coherence` and `artifact build --source/--target` accept --skip-invalid
 * too, and say what they left out with propose's summary per reason.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempFile } from '../helpers/files.js';

const BIN = resolve(import.meta.dirname, '../../bin/ioa-align.js');
const OASF = resolve(import.meta.dirname, '../../corpora/agents/oasf/v1.1.1/schema/skills');
const skill = (id: string, name: string, description: string) => ({ id, name, description, tags: [] });
// Two skills share one id: E_RECORD_DUPLICATE, unless left out.
const CARD = {
  protocolVersion: '0.3.0', name: 'Docs', description: 'Docs agent.', url: 'https://docs.example/a2a', version: '1.0.0', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
  skills: [skill('translate', 'Translation', 'Translates documents.'), skill('summarize', 'Summarization', 'Summarizes reports.'), skill('summarize', 'Summaries', 'Writes summaries.')],
};
const SUMMARY = /skipped 1 of 3 record\(s\) as invalid \(--skip-invalid\):\n {2}1 × two records with one identifier \[E_RECORD_DUPLICATE\] \(line \d+:\d+ \$\.skills\[2\]\)/;
/** The same summary as the library says it, naming its option rather than the flag. */
const LIBRARY_SUMMARY = new RegExp(SUMMARY.source.replace('--skip-invalid', 'options\\.skipInvalid'));

async function proposed(): Promise<{ card: string; candidates: string }> {
  const card = await tempFile('card.json', JSON.stringify(CARD, null, 2));
  const candidates = join(dirname(card), 'candidates.sssom.tsv');
  const r = await runCli(['propose', card, OASF, '--skip-invalid', '--out', candidates]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toMatch(SUMMARY);
  return { card, candidates };
}

describe('--skip-invalid beyond propose', () => {
  it('review serves the candidates of a records file with a bad record when given --skip-invalid, and prints the same summary', async () => {
    const { card, candidates } = await proposed();
    const out = join(dirname(card), 'reviewed.sssom.tsv');
    const refused = await runCli(['review', candidates, '--source', card, '--target', OASF, '--out', out]);
    expect([refused.code, refused.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_RECORD_DUPLICATE]']]);
    const child = spawn(process.execPath, [BIN, 'review', candidates, '--source', card, '--target', OASF, '--out', out, '--skip-invalid'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await new Promise<void>((done, fail) => {
      let printed = '';
      child.stdout.on('data', (d) => { printed += String(d); if (/token=[\w-]+\n/.test(printed)) done(); });
      child.on('exit', () => fail(new Error(`review exited: ${stderr}`)));
    });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toMatch(SUMMARY);
  });

  it('artifact build checks coherence against a records file with a bad record when given --skip-invalid', async () => {
    const { card, candidates } = await proposed();
    // The translation skill's first candidate accepted, as a reviewer would.
    const lines = readFileSync(candidates, 'utf8').split('\n');
    const header = lines.find((l) => !l.startsWith('#'))!.split('\t');
    const col = (name: string): number => header.indexOf(name);
    let accepted = false;
    const reviewed = lines.map((l) => {
      if (l.startsWith('#') || !l.includes('\t') || l.split('\t')[0] === 'subject_id' || accepted) return l;
      const cells = l.split('\t');
      if (!cells[col('subject_id')]!.endsWith('translate')) return l;
      accepted = true;
      cells[col('mapping_justification')] = 'semapv:ManualMappingCuration';
      return cells.join('\t');
    });
    const from = join(dirname(card), 'reviewed.sssom.tsv');
    writeFileSync(from, reviewed.join('\n'));
    const build = (extra: string[]) => runCli(['artifact', 'build', '--from', from, '--artifact-id', 'https://example.org/align/docs', '--revision', '1', '--asserted-by', 'https://example.org/authority', '--valid-until', '2027-12-31T00:00:00Z', '--source', card, '--target', OASF, '--out', join(dirname(card), 'artifact.json'), ...extra]);
    const refused = await build([]);
    expect([refused.code, refused.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_RECORD_DUPLICATE]']]);
    const r = await build(['--skip-invalid']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(SUMMARY);
    expect(r.stderr).toContain('coherent with both ontologies');
  });

  it('coherence checks the candidates of a records file with a bad record when given --skip-invalid', async () => {
    const { card, candidates } = await proposed();
    const refused = await runCli(['coherence', candidates, '--source', card, '--target', OASF]);
    expect([refused.code, refused.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_RECORD_DUPLICATE]']]);
    const r = await runCli(['coherence', candidates, '--source', card, '--target', OASF, '--skip-invalid', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(SUMMARY);
    expect(JSON.parse(r.stdout)).toMatchObject({ coherent: true });
  });
});

describe('--skip-invalid on diff', () => {
  // The next release of the card: one more skill, and the same duplicate.
  const next = { ...CARD, version: '1.1.0', skills: [...CARD.skills, skill('review', 'Review', 'Reviews drafts.')] };

  it('diff compares two releases of a records file with a bad record when given --skip-invalid, and prints the same summary', async () => {
    const old = await tempFile('card-1.0.json', JSON.stringify(CARD, null, 2));
    const updated = join(dirname(old), 'card-1.1.json');
    writeFileSync(updated, JSON.stringify(next, null, 2));
    const refused = await runCli(['diff', old, updated, '--force']);
    expect([refused.code, refused.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_RECORD_DUPLICATE]']]);
    const r = await runCli(['diff', old, updated, '--force', '--skip-invalid', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(SUMMARY);
    expect(r.stderr.match(/skipped 1 of [34] record\(s\) as invalid/g)).toHaveLength(2);
    expect(r.stdout).toContain('translate');
  });

  it('the library: diffVersions({ skipInvalid }) loads releases given as locations that way and says what it left out through onWarning', async () => {
    const { diffVersions } = await import('../../src/api/versions.js');
    const old = await tempFile('card-1.0.json', JSON.stringify(CARD, null, 2));
    const updated = join(dirname(old), 'card-1.1.json');
    writeFileSync(updated, JSON.stringify(next, null, 2));
    await expect(diffVersions(old, updated, { force: true })).rejects.toMatchObject({ code: 'E_RECORD_DUPLICATE' });
    const warnings: string[] = [];
    const diff = await diffVersions(old, updated, { force: true, skipInvalid: true, onWarning: (w) => warnings.push(w) });
    expect(diff.added.length).toBeGreaterThan(0);
    expect(warnings.filter((w) => LIBRARY_SUMMARY.test(w))).toHaveLength(1);
    expect(warnings.filter((w) => w.includes('--'))).toEqual([]);
    expect(warnings.some((w) => w.startsWith(`${updated}: skipped 1 of 4 record(s) as invalid`))).toBe(true);
    const { loadOntology } = await import('../../src/api/index.js');
    const loaded = await loadOntology(old, { skipInvalid: true });
    await expect(diffVersions(loaded, loaded, { skipInvalid: true })).rejects.toMatchObject({ code: 'E_USAGE', location: { path: '$.options.skipInvalid' } });
  });
});
