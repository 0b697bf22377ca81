/**
 * `--out` of every command that writes a file goes through the shared writer: never over an
 * input, never over a directory or FIFO, `-` is standard output, links and character devices
 * are written through. Inputs are copies in a temporary folder, so nothing in corpora/ is at risk.
 */
import { copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fifo, nullDevice, releaseFifo, tempDir, within } from './helpers.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
const dir = tempDir('ioa-out-');
const at = (name: string): string => join(dir, name);
const copy = (name: string, as = name): string => {
  copyFileSync(join(EX, name), at(as));
  return at(as);
};
const pipes: string[] = [];
afterAll(() => { for (const p of pipes) releaseFifo(p); });

let keyPath: string;
beforeAll(async () => {
  for (const f of ['cs.ttl', 'doc.ttl', 'reviewed-cs-doc.sssom.tsv', 'artifact-12.4.json', 'envelope-12.1-zh-en.json']) copy(f);
  const keys = await runCli(['keys', 'generate', '--out', at('keys')]);
  expect(keys.code).toBe(0);
  keyPath = at('keys/private.pem');
});

/** Exit 2, E_USAGE, both paths named, and the input byte for byte as before. */
async function refusesOverwritingInput(argv: string[], input: string, out = input): Promise<void> {
  const before = readFileSync(input);
  const run = await runCli(argv);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('[E_USAGE]');
  expect(run.stderr).toContain(`${out}: the output is the same file as the input ${input}`);
  expect(readFileSync(input).equals(before)).toBe(true);
}

describe('--out equal to an input is refused (exit 2, E_USAGE naming both)', () => {
  it('propose <source> <target> --out <source>', async () => {
    await refusesOverwritingInput(['propose', at('cs.ttl'), at('doc.ttl'), '--out', at('cs.ttl')], at('cs.ttl'));
  });

  it('propose --out through a symbolic link to the target ontology', async () => {
    symlinkSync(at('doc.ttl'), at('doc-link.ttl'));
    await refusesOverwritingInput(['propose', at('cs.ttl'), at('doc.ttl'), '--out', at('doc-link.ttl')], at('doc.ttl'), at('doc-link.ttl'));
  });

  it('convert in.tsv --out in.tsv, and --out onto its --metadata file', async () => {
    const tsv = at('reviewed-cs-doc.sssom.tsv');
    await refusesOverwritingInput(['convert', tsv, '--to', 'sssom', '--out', tsv], tsv);
    const meta = at('meta.yml');
    writeFileSync(meta, 'license: https://creativecommons.org/publicdomain/zero/1.0/\n');
    await refusesOverwritingInput(['convert', tsv, '--to', 'csv', '--metadata', meta, '--out', meta], meta);
  });

  it('an output inside a folder read as input (an OASF release) is refused: export-ontology, propose, records oasf-record --oasf', async () => {
    const release = at('oasf');
    cpSync(new URL('../../corpora/agents/oasf/v1.1.1', import.meta.url).pathname, release, { recursive: true });
    const skill = join(release, 'schema', 'skills', 'cybersecurity', 'application_security', 'secure_coding.json');
    const before = readFileSync(skill);
    const runs = [
      ['export-ontology', release, '--to', 'jsonld', '--out', skill],
      ['propose', at('cs.ttl'), release, '--format', 'json', '--out', skill],
      ['records', 'oasf-record', at('card.json'), '--reviewed', at('reviewed-cs-doc.sssom.tsv'), '--oasf', release, '--out', skill],
    ];
    writeFileSync(at('card.json'), '{}');
    for (const argv of runs) {
      const run = await runCli(argv);
      expect([argv[0], run.code, run.stderr]).toEqual([argv[0], 2, expect.stringContaining(`${skill}: the output lies inside the input folder ${release}`)]);
      expect(run.stderr).toContain('[E_USAGE]');
    }
    expect(readFileSync(skill).equals(before)).toBe(true);
  });

  it('export-ontology in.ttl --out in.ttl', async () => {
    await refusesOverwritingInput(['export-ontology', at('cs.ttl'), '--to', 'turtle', '--out', at('cs.ttl')], at('cs.ttl'));
  });

  it('artifact build --from reviewed.tsv --out reviewed.tsv', async () => {
    const tsv = at('reviewed-cs-doc.sssom.tsv');
    await refusesOverwritingInput(['artifact', 'build', '--from', tsv, '--artifact-id', 'https://example.org/a/1', '--revision', '1',
      '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2027-01-01T00:00:00Z', '--out', tsv], tsv);
  });

  it('artifact sign X --key K --out K is refused; --out X (in-place signing) is allowed', async () => {
    const artifact = at('artifact-12.4.json');
    await refusesOverwritingInput(['artifact', 'sign', artifact, '--key', keyPath, '--out', keyPath], keyPath);
    const inPlace = await runCli(['artifact', 'sign', artifact, '--key', keyPath, '--out', artifact]);
    expect(inPlace.code).toBe(0);
    expect((JSON.parse(readFileSync(artifact, 'utf8')) as { signature?: { alg: string } }).signature?.alg).toBe('Ed25519');
  });

  it('--out onto a key file that is not an input (the public key, another private key) is refused, the key kept', async () => {
    const artifact = at('artifact-12.4.json');
    for (const key of [at('keys/public.pem'), at('other-private.pem')]) {
      if (key.endsWith('other-private.pem')) copyFileSync(keyPath, key);
      const before = readFileSync(key);
      const run = await runCli(['artifact', 'sign', artifact, '--key', keyPath, '--out', key]);
      expect(run.code).toBe(2);
      expect(run.stderr.split('\n')[0]).toBe(`ioa-align: ${key}: the output is a key file (it starts with a PEM key): no command writes a key over another, so refusing to replace it (choose another output path) [E_USAGE]`);
      expect(readFileSync(key).equals(before)).toBe(true);
    }
    const withBom = at('bom-public.pem');
    writeFileSync(withBom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(at('keys/public.pem'))]));
    const run = await runCli(['convert', at('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--out', withBom]);
    expect([run.code, run.stderr.includes('[E_USAGE]')]).toEqual([2, true]);
  });

  it('an artifact or draft --out named .tsv/.csv/.rdf is refused (convert and coherence could not read it back); another name is written', async () => {
    const artifact = at('artifact-12.4.json');
    const reviewed = at('reviewed-cs-doc.sssom.tsv');
    const build = ['artifact', 'build', '--from', reviewed, '--artifact-id', 'https://example.org/a/1', '--revision', '1', '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2099-01-01T00:00:00Z'];
    for (const [argv, out, means] of [
      [['artifact', 'sign', artifact, '--key', keyPath], at('signed.tsv'), 'SSSOM TSV'],
      [build, at('built.csv'), 'CSV'],
      [['artifact', 'upgrade', artifact, '--side', 'target', '--from', at('doc.ttl'), '--to', at('doc.ttl'), '--review-out', at('review.tsv')], at('draft.rdf'), 'Alignment RDF/XML'],
    ] as const) {
      const run = await runCli([...argv, '--out', out]);
      expect([run.code, run.stderr.split('\n')[0]]).toEqual([2, `ioa-align: ${out}: --out ${out} is written as JSON, but its extension means ${means}: convert and coherence would read it as that and fail; name it .json [E_USAGE]`]);
      expect(existsSync(out)).toBe(false);
    }
    expect((await runCli(['artifact', 'sign', artifact, '--key', keyPath, '--out', at('signed.artifact')])).code).toBe(0);
  });

  it('a2a wrap and nlip wrap: --out onto the envelope', async () => {
    const envelope = at('envelope-12.1-zh-en.json');
    await refusesOverwritingInput(['a2a', 'wrap', envelope, '--out', envelope], envelope);
    await refusesOverwritingInput(['nlip', 'wrap', envelope, '--task', 't1', '--out', envelope], envelope);
  });
});

describe('--out that is not a regular file', () => {
  it('a FIFO or a directory: exit 2, E_USAGE, before any work; the FIFO stays a FIFO', async () => {
    const pipe = fifo(dir, 'out-pipe');
    pipes.push(pipe);
    const run = await within(runCli(['convert', at('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--out', pipe]));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${pipe}: the output is a FIFO (named pipe), not a regular file`);
    expect(run.stderr).toContain('[E_USAGE]');
    expect(lstatSync(pipe).isFIFO()).toBe(true);
    mkdirSync(at('a-folder'));
    const folder = await runCli(['propose', at('cs.ttl'), at('doc.ttl'), '--out', at('a-folder')]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/the output is a directory, not a regular file: refusing to write over it \[E_USAGE\]/);
  });

  const device = nullDevice(dir);
  it.skipIf(device === undefined)('a character device (a null device in a temporary folder) is written through and stays a device', async () => {
    const run = await runCli(['convert', at('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--out', device!]);
    expect(run.code).toBe(0);
    expect(lstatSync(device!).isCharacterDevice()).toBe(true);
  });

  it('a symbolic link: the link is kept, its target gets the output and keeps its mode', async () => {
    const target = at('target.json');
    writeFileSync(target, '{}');
    const { chmodSync } = await import('node:fs');
    chmodSync(target, 0o640);
    symlinkSync('target.json', at('out-link.json'));
    const run = await runCli(['convert', at('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--out', at('out-link.json')]);
    expect(run.code).toBe(0);
    expect(readlinkSync(at('out-link.json'))).toBe('target.json');
    expect((JSON.parse(readFileSync(target, 'utf8')) as { mappings: unknown[] }).mappings).toHaveLength(3);
    expect(statSync(target).mode & 0o777).toBe(0o640);
  });

  it('--out - writes to standard output (no file called "-")', async () => {
    const run = await runCli(['convert', at('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--out', '-']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { mappings: unknown[] }).mappings).toHaveLength(3);
    expect(existsSync('-')).toBe(false);
    const wrapped = await runCli(['a2a', 'wrap', at('envelope-12.1-zh-en.json'), '--out', '-']);
    expect(wrapped.code).toBe(0);
    expect(JSON.parse(wrapped.stdout)).toHaveProperty('parts');
  });

  it('commands whose --out is a folder refuse "-" (exit 2, E_USAGE)', async () => {
    const run = await runCli(['keys', 'generate', '--out', '-']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('[E_USAGE]');
    expect(existsSync('-')).toBe(false);
  });
});

describe('a file name whose temporary twin would be too long for the file system is refused before the work (E_USAGE)', () => {
  it('propose and review: 220 bytes is a legal name, but the temporary file beside it would not be', async () => {
    const long = at(`${'m'.repeat(220)}.tsv`);
    const propose = await runCli(['propose', at('cs.ttl'), at('doc.ttl'), '--out', long]);
    expect([propose.code, propose.stderr]).toEqual([2, expect.stringMatching(/the file name is 224 bytes long; the temporary file written beside it would be \d+, over the 255 bytes a file name may have: choose a shorter name \[E_USAGE\]/)]);
    expect(existsSync(long)).toBe(false);
    const candidates = at('long-cands.tsv');
    expect((await runCli(['propose', at('cs.ttl'), at('doc.ttl'), '--out', candidates, '--quiet'])).code).toBe(0);
    const review = await runCli(['review', candidates, '--source', at('cs.ttl'), '--target', at('doc.ttl'), '--out', long]);
    expect([review.code, review.stderr]).toEqual([2, expect.stringContaining('over the 255 bytes a file name may have')]);
    // 200 bytes leave room for it.
    expect((await runCli(['propose', at('cs.ttl'), at('doc.ttl'), '--out', at(`${'m'.repeat(200)}.tsv`), '--quiet'])).code).toBe(0);
  });
});
