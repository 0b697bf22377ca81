/**
 * Every command's outputs are checked together, before any work: no output may be one of the
 * run's inputs (nor the metadata sidecar an input is read with), no two outputs may be one file or
 * one another's sidecar, and every output's folder must exist and take files. The inputs named
 * here that do not exist prove "before any work": the run stops at its outputs, never reaching
 * the inputs it would have failed to read.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from './helpers.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
const dir = tempDir('ioa-collide-');
const at = (name: string): string => join(dir, name);

beforeAll(() => {
  for (const f of ['cs.ttl', 'doc.ttl', 'reviewed-cs-doc.sssom.tsv', 'artifact-12.4.json']) copyFileSync(join(EX, f), at(f));
});

/** Exit 2, E_USAGE, the message naming both paths; nothing created or changed. */
async function refused(argv: string[], first: string, second: string, untouched: string[] = []): Promise<string> {
  const before = untouched.map((f) => (existsSync(f) ? readFileSync(f) : undefined));
  const files = readdirSync(dir).sort();
  const run = await runCli(argv);
  expect(run.code).toBe(2);
  const line = run.stderr.split('\n')[0]!;
  expect(line).toContain('[E_USAGE]');
  expect(line).toContain(first);
  expect(line).toContain(second);
  untouched.forEach((f, i) => expect(existsSync(f) ? readFileSync(f) : undefined).toEqual(before[i]));
  expect(readdirSync(dir).sort()).toEqual(files);
  return line;
}

describe('two outputs of one run are never one file (E_USAGE naming both, before any work)', () => {
  it('diff --out F --summary F', async () => {
    const line = await refused(['diff', at('old-missing.ttl'), at('new-missing.ttl'), '--out', at('v.sssom.tsv'), '--summary', at('v.sssom.tsv')], '--summary', '--out');
    expect(line).toBe(`ioa-align: ${at('v.sssom.tsv')}: --summary ${at('v.sssom.tsv')} is the same file as --out ${at('v.sssom.tsv')}: one run never writes two outputs to one file (choose different paths) [E_USAGE]`);
  });

  it('diff --out F.csv --summary F.yml: the summary would replace the CSV\'s metadata sidecar', async () => {
    await refused(['diff', at('old-missing.ttl'), at('new-missing.ttl'), '--out', at('v.csv'), '--summary', at('v.yml')], `--summary ${at('v.yml')}`, `${at('v.yml')} (the metadata file of --out ${at('v.csv')})`);
  });

  it('the same file by another spelling: a symbolic link, or "dir/../dir/F", and an existing file by a hard link', async () => {
    writeFileSync(at('existing.tsv'), 'old\n');
    symlinkSync(at('existing.tsv'), at('existing-link.tsv'));
    await refused(['diff', at('a-missing.ttl'), at('b-missing.ttl'), '--out', at('existing.tsv'), '--summary', at('existing-link.tsv')], '--summary', '--out', [at('existing.tsv')]);
    await refused(['diff', at('a-missing.ttl'), at('b-missing.ttl'), '--out', at('new.tsv'), '--summary', join(dir, '..', dir.split('/').pop()!, 'new.tsv')], '--summary', '--out');
    linkSync(at('existing.tsv'), at('hard-link.tsv'));
    await refused(['diff', at('a-missing.ttl'), at('b-missing.ttl'), '--out', at('hard-link.tsv'), '--summary', at('existing.tsv')], '--summary', '--out', [at('existing.tsv')]);
  });

  it('artifact upgrade --out D.yml --review-out D.csv: the draft would replace the review file\'s sidecar', async () => {
    await refused(['artifact', 'upgrade', at('artifact-12.4.json'), '--side', 'target', '--from', at('doc.ttl'), '--to', at('doc.ttl'), '--out', at('d.yml'), '--review-out', at('d.csv')],
      `${at('d.yml')} (the metadata file of --review-out ${at('d.csv')})`, `--out ${at('d.yml')}`);
  });

  it('artifact upgrade --out F --review-out F', async () => {
    await refused(['artifact', 'upgrade', at('artifact-12.4.json'), '--side', 'target', '--from', at('doc.ttl'), '--to', at('doc.ttl'), '--out', at('same.json'), '--review-out', at('same.json')], '--review-out', '--out');
  });

  it('two outputs on a device or standard output are written through, not refused', async () => {
    const run = await runCli(['diff', at('cs.ttl'), at('cs.ttl'), '--out', '-', '--summary', '-', '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('unchanged');
  });
});

describe('no output is an input or the metadata an input is read with (E_USAGE naming both)', () => {
  it('artifact build --from R.tsv --out R.yml: R.yml is the sidecar R.tsv is read with', async () => {
    const tsv = at('reviewed-cs-doc.sssom.tsv');
    const yml = at('reviewed-cs-doc.sssom.yml');
    writeFileSync(yml, 'license: https://creativecommons.org/publicdomain/zero/1.0/\n');
    await refused(['artifact', 'build', '--from', tsv, '--artifact-id', 'https://example.org/a/1', '--revision', '1', '--asserted-by', 'https://example.org/mapping-authority',
      '--valid-until', '2030-01-01T00:00:00Z', '--out', yml], yml, 'the output is the same file as the input', [yml, tsv]);
  });

  it('an input reached through a linked folder: the same real path', async () => {
    mkdirSync(at('real'));
    copyFileSync(at('cs.ttl'), at('real/cs.ttl'));
    symlinkSync(at('real'), at('linked'));
    await refused(['export-ontology', at('real/cs.ttl'), '--to', 'turtle', '--out', at('linked/cs.ttl')], at('linked/cs.ttl'), `the input ${at('real/cs.ttl')}`, [at('real/cs.ttl')]);
  });
});

describe('a CSV output never replaces an F.yml beside it that is not SSSOM metadata (E_USAGE, before any work)', () => {
  const foreign = 'services:\n  web:\n    image: nginx\n';

  it('propose, diff, convert, records declared and artifact upgrade --review-out: refused, the file kept', async () => {
    writeFileSync(at('mine.yml'), foreign);
    const expected = `ioa-align: ${at('mine.yml')}: the file is not SSSOM metadata (no curie_map, mapping_set_id, license), and writing --out ${at('mine.csv')} would replace it with that table's metadata: choose another output path, or remove the file first [E_USAGE]`;
    for (const argv of [
      ['propose', at('missing-source.ttl'), at('missing-target.ttl'), '--out', at('mine.csv')],
      ['diff', at('missing-a.ttl'), at('missing-b.ttl'), '--out', at('mine.csv')],
      ['convert', at('reviewed-cs-doc.sssom.tsv'), '--out', at('mine.csv')],
      ['records', 'declared', at('missing-records.json'), '--out', at('mine.csv')],
    ]) {
      const line = await refused(argv, at('mine.yml'), at('mine.csv'), [at('mine.yml')]);
      expect(line).toBe(expected);
    }
    await refused(['artifact', 'upgrade', at('artifact-12.4.json'), '--side', 'target', '--from', at('doc.ttl'), '--to', at('doc.ttl'), '--out', at('draft.json'), '--review-out', at('mine.csv')],
      at('mine.yml'), `--review-out ${at('mine.csv')}`, [at('mine.yml')]);
  });

  it('the library writer refuses it too; an earlier sidecar, or metadata a person wrote, is replaced', async () => {
    const { readMappingFile, writeMappingFile } = await import('../../src/exchange/index.js');
    const set = await readMappingFile(at('reviewed-cs-doc.sssom.tsv'));
    writeFileSync(at('lib.yml'), foreign);
    await expect(writeMappingFile(at('lib.csv'), set, 'csv')).rejects.toMatchObject({ code: 'E_USAGE', location: { file: at('lib.yml') } });
    expect(readFileSync(at('lib.yml'), 'utf8')).toBe(foreign);
    writeFileSync(at('lib.yml'), 'license: https://creativecommons.org/publicdomain/zero/1.0/\n');
    await writeMappingFile(at('lib.csv'), set, 'csv');
    await writeMappingFile(at('lib.csv'), set, 'csv');
    expect(readFileSync(at('lib.yml'), 'utf8')).toContain('curie_map:');
    const again = await runCli(['convert', at('reviewed-cs-doc.sssom.tsv'), '--out', at('lib.csv'), '--quiet']);
    expect(again.code).toBe(0);
  });
});

describe('a TSV written beside an F.yml that every reader would take as its metadata, and that does not fit it, is refused (E_USAGE), nothing written', () => {
  it('convert --out x.csv, then propose --out x.tsv: x.yml names the other set; a foreign y.yml; a sidecar of the same set is fine', async () => {
    const reviewed = at('reviewed-cs-doc.sssom.tsv');
    expect((await runCli(['convert', reviewed, '--out', at('x.csv'), '--quiet'])).code).toBe(0);
    const run = await runCli(['propose', at('cs.ttl'), at('doc.ttl'), '--out', at('x.tsv'), '--quiet']);
    expect([run.code, run.stderr.split('\n')[0]]).toEqual([2, `ioa-align: ${at('x.tsv')}: ${at('x.yml')}, which every reader takes as the external metadata of this file, describes another mapping set (https://example.org/align/cs-doc-review-1): the file written could not be read back; move ${at('x.yml')} away or choose another output path [E_USAGE]`]);
    expect(existsSync(at('x.tsv'))).toBe(false);
    writeFileSync(at('y.yml'), 'services:\n  web: {}\n');
    const foreign = await runCli(['convert', reviewed, '--out', at('y.tsv'), '--quiet']);
    expect([foreign.code, foreign.stderr.includes(`${at('y.yml')}, which every reader takes as the external metadata of this file, is not SSSOM metadata`)]).toEqual([2, true]);
    expect(existsSync(at('y.tsv'))).toBe(false);
    // The same set's sidecar (the CSV of this very set): written, and read back with it.
    expect((await runCli(['convert', reviewed, '--out', at('x.tsv'), '--quiet'])).code).toBe(0);
    expect((await runCli(['convert', at('x.tsv'), '--to', 'json', '--quiet'])).code).toBe(0);
  });
});

describe('every output\'s folder is checked before the work (E_WRITE_FAILED at once)', () => {
  it('--out /nonexistent/dir/x: the missing folder is named before the inputs are even read', async () => {
    const out = join(dir, 'no-such-folder', 'deeper', 'x.sssom.tsv');
    const run = await runCli(['propose', at('missing-source.ttl'), at('missing-target.ttl'), '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`ioa-align: ${out}: cannot write the file: the folder ${join(dir, 'no-such-folder', 'deeper')} does not exist [E_WRITE_FAILED]\n`);
  });

  it('a second output whose folder is a file, and a folder output (bench --out) under a file', async () => {
    writeFileSync(at('plain-file'), '');
    const summary = join(at('plain-file'), 'summary.txt');
    const run = await runCli(['diff', at('missing-a.ttl'), at('missing-b.ttl'), '--out', at('ok.tsv'), '--summary', summary]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${summary}: cannot write the file: ${at('plain-file')} is not a folder [E_WRITE_FAILED]`);
    const bench = await runCli(['bench', '--source', at('missing-a.ttl'), '--target', at('missing-b.ttl'), '--reference', at('missing.rdf'), '--out', join(at('plain-file'), 'results')]);
    expect(bench.code).toBe(2);
    expect(bench.stderr).toBe(`ioa-align: ${join(at('plain-file'), 'results')}: cannot create the folder: ${at('plain-file')} is a regular file, not a folder [E_WRITE_FAILED]\n`);
  });
});

describe('a CSV written beside an F.tsv of another set is refused (E_USAGE): its F.yml would become that file\'s metadata', () => {
  it('propose --decisions rev.tsv --out rev.csv: refused, and rev.tsv still reads; convert x.tsv --out x.csv (the same set) is written', async () => {
    const rev = at('rev.tsv');
    copyFileSync(at('reviewed-cs-doc.sssom.tsv'), rev);
    const run = await runCli(['propose', at('cs.ttl'), at('doc.ttl'), '--decisions', rev, '--out', at('rev.csv')]);
    expect([run.code, run.stderr]).toEqual([2, expect.stringContaining(`every reader takes as the metadata of ${rev}, a file of another mapping set`)]);
    expect(run.stderr).toContain('[E_USAGE]');
    expect([existsSync(at('rev.yml')), existsSync(at('rev.csv'))]).toEqual([false, false]);
    expect((await runCli(['convert', rev, '--to', 'json', '--quiet'])).code).toBe(0);
    // A TSV whose metadata is all in F.yml would take the new one: refused too.
    writeFileSync(at('bare.tsv'), 'subject_id\tpredicate_id\tobject_id\tmapping_justification\n');
    const bare = await runCli(['convert', rev, '--out', at('bare.csv')]);
    expect([bare.code, bare.stderr]).toEqual([2, expect.stringContaining('which states no mapping_set_id of its own')]);
    // The same set in two formats shares its metadata.
    const same = await runCli(['convert', rev, '--out', at('rev.csv'), '--quiet']);
    expect([same.code, same.stderr]).toEqual([0, '']);
    expect((await runCli(['convert', rev, '--to', 'json', '--quiet'])).code).toBe(0);
  });
});
