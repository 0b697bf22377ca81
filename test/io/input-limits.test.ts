/**
 * Input size: every input slot checks the file's size before reading it, against the documented
 * limit of its kind (src/io/limits.ts): exit 2, E_INPUT_TOO_LARGE naming the limit — or, for a
 * profile or artifact of `check`, Indeterminate RESOURCE_UNAVAILABLE (exit 4). Turtle, N-Triples
 * and RDF/XML ontologies have no limit: they are read as a stream, so a file larger than any
 * string still loads (here: its parse error at line 3 is found without reading the rest).
 *
 * The large files are sparse (a few bytes written, the rest a hole): they take no disk space, and
 * a command that read one whole would need 700 MiB of memory and fail with E_INTERNAL.
 */
import { copyFileSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readTextChunks } from '../../src/io/files.js';
import { tempDir, within } from './helpers.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
const ex = (f: string): string => join(EX, f);
const dir = tempDir('ioa-size-');
const at = (name: string): string => join(dir, name);
const NOW = ['--now', '2026-06-01T00:00:00Z'];
const HUGE = 700 * 1024 * 1024; // over the 512 MiB a JavaScript string holds

/** A sparse file of `size` bytes that starts with `head`. */
function sparse(name: string, size: number, head = ''): string {
  writeFileSync(at(name), head);
  truncateSync(at(name), size);
  return at(name);
}

let keyPath: string;
const big: Record<string, string> = {};
beforeAll(async () => {
  for (const ext of ['json', 'jsonld', 'sssom.tsv', 'csv', 'yml', 'pem']) big[ext] = sparse(`huge.${ext}`, HUGE);
  // An error on line 3, then 3 MiB of blanks (the first chunks a reader takes), then the hole.
  const blanks = ' '.repeat(3 * 1024 * 1024);
  big.ttl = sparse('huge.ttl', HUGE, `@prefix ex: <http://example.org/> .\nex:a ex:b ex:c .\nex:x ex:y .\n${blanks}`);
  big.owl = sparse('huge.owl', HUGE, `<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n<ex:Thing/>\n${blanks}`);
  const keys = await runCli(['keys', 'generate', '--out', at('keys')]);
  expect(keys.code).toBe(0);
  keyPath = at('keys/private.pem');
  copyFileSync(ex('reviewed-cs-doc.sssom.tsv'), at('reviewed.sssom.tsv'));
});

const CHECK = (over: Record<string, string>): string[] => {
  const args: Record<string, string> = {
    request: ex('envelope-12.1-zh-en.json'), provider: ex('capability-cs-translate.json'), profile: ex('profile-tech-translation.json'), ontology: ex('cs.ttl'), ...over,
  };
  return ['check', ...Object.entries(args).flatMap(([k, v]) => [`--${k}`, v]), ...NOW, '--json'];
};

describe('a file over its limit is refused before it is read (exit 2, E_INPUT_TOO_LARGE naming the limit)', () => {
  const MiB512 = '536870888 bytes';
  const slots: Array<[string, () => string[], string, string]> = [
    ['convert <in> (mapping file)', () => ['convert', big['sssom.tsv']!, '--to', 'json'], 'sssom.tsv', MiB512],
    ['convert --metadata', () => ['convert', at('reviewed.sssom.tsv'), '--to', 'json', '--metadata', big.yml!], 'yml', MiB512],
    ['artifact build --from', () => ['artifact', 'build', '--from', big.csv!, '--artifact-id', 'https://example.org/a', '--revision', '1', '--asserted-by', 'https://example.org/i', '--valid-until', '2030-01-01T00:00:00Z'], 'csv', MiB512],
    ['artifact build --conditions', () => ['artifact', 'build', '--from', at('reviewed.sssom.tsv'), '--conditions', big.json!, '--artifact-id', 'https://example.org/a', '--revision', '1', '--asserted-by', 'https://example.org/i', '--valid-until', '2030-01-01T00:00:00Z'], 'json', '16 MiB'],
    ['artifact build --merge', () => ['artifact', 'build', '--merge', big.json!], 'json', '64 MiB'],
    ['artifact verify <artifact>', () => ['artifact', 'verify', big.json!, '--trust', ex('trust-policy.json')], 'json', '64 MiB'],
    ['artifact verify --trust', () => ['artifact', 'verify', ex('artifact-12.4.json'), '--trust', big.json!], 'json', '256 KiB'],
    ['artifact sign <artifact>', () => ['artifact', 'sign', big.json!, '--key', keyPath], 'json', '64 MiB'],
    ['artifact sign --key', () => ['artifact', 'sign', ex('artifact-12.4.json'), '--key', big.pem!], 'pem', '64 KiB'],
    ['artifact upgrade <artifact>', () => ['artifact', 'upgrade', big.json!, '--side', 'target', '--from', ex('doc.ttl'), '--to', ex('doc.ttl'), '--out', at('d.json'), '--review-out', at('r.tsv')], 'json', '64 MiB'],
    ['a2a wrap', () => ['a2a', 'wrap', big.json!], 'json', '1 MiB'],
    ['a2a unwrap', () => ['a2a', 'unwrap', big.json!], 'json', '1 MiB'],
    ['nlip wrap', () => ['nlip', 'wrap', big.json!, '--task', 't'], 'json', '1 MiB'],
    ['nlip unwrap', () => ['nlip', 'unwrap', big.json!], 'json', '1 MiB'],
    ['trust add-key --trust', () => ['trust', 'add-key', '--trust', big.json!, '--issuer', 'https://example.org/i', '--key', at('keys/public.pem'), '--scope', 'https://a.org/o:https://b.org/o'], 'json', '256 KiB'],
    ['trust add-key --key', () => ['trust', 'add-key', '--trust', ex('trust-policy.json'), '--issuer', 'https://example.org/i', '--key', big.pem!, '--scope', 'https://a.org/o:https://b.org/o'], 'pem', '64 KiB'],
    ['validate --profile', () => ['validate', ex('envelope-12.1-zh-en.json'), '--profile', big.json!], 'json', '256 KiB'],
    ['inspect <JSON-LD ontology>', () => ['inspect', big.jsonld!], 'jsonld', MiB512],
    ['propose <JSON-LD ontology>', () => ['propose', ex('cs.ttl'), big.jsonld!], 'jsonld', MiB512],
    ['review simulate <candidates>', () => ['review', 'simulate', big['sssom.tsv']!, '--reference', at('reviewed.sssom.tsv')], 'sssom.tsv', MiB512],
    ['review simulate --reference', () => ['review', 'simulate', at('reviewed.sssom.tsv'), '--reference', big.csv!], 'csv', MiB512],
    ['bench --reference', () => ['bench', '--source', ex('cs.ttl'), '--target', ex('doc.ttl'), '--reference', big.csv!, '--generators', 'exact', '--review-budget', '0'], 'csv', MiB512],
  ];
  for (const [name, argv, ext, limit] of slots) {
    it(`${name}: E_INPUT_TOO_LARGE, over the limit of ${limit}`, async () => {
      const run = await within(runCli(argv()), 20_000);
      expect(run.code).toBe(2);
      const line = run.stderr.split('\n').find((l) => l.includes('[E_INPUT_TOO_LARGE]'));
      expect(line).toContain(`${big[ext]}: the `);
      expect(line).toContain(` is ${HUGE} bytes, over the limit of ${limit} for this input`);
    });
  }

  for (const role of ['request', 'provider', 'trust', 'candidates']) {
    it(`check --${role}: the caller's own input, exit 2 with the Invalid object`, async () => {
      const run = await within(runCli(CHECK({ [role]: role === 'candidates' ? big['sssom.tsv']! : big.json! })), 20_000);
      expect(run.code).toBe(2);
      const result = JSON.parse(run.stdout) as { outcome: string; errors: Array<{ code: string; file: string }> };
      expect(result.outcome).toBe('Invalid');
      expect(result.errors[0]).toMatchObject({ code: 'E_INPUT_TOO_LARGE' });
    });
  }

  for (const role of ['profile', 'artifact']) {
    it(`check --${role}: too big to obtain, Indeterminate RESOURCE_UNAVAILABLE (exit 4), as the docs promise`, async () => {
      const run = await within(runCli(CHECK({ [role]: big.json!, ...(role === 'artifact' ? { provider: ex('capability-doc-translate.json'), trust: ex('trust-policy.json') } : {}) })), 20_000);
      expect(run.code).toBe(4);
      const verdict = JSON.parse(run.stdout) as { outcome: string; reasons: Array<{ code: string; message: string }> };
      expect(verdict.outcome).toBe('Indeterminate');
      expect(verdict.reasons[0]!.code).toBe('RESOURCE_UNAVAILABLE');
      expect(verdict.reasons[0]!.message).toContain('over the limit of 256 KiB');
    });
  }

  it('validate <file>: a document over the 6.1 budget is an invalid document (exit 2, E_LIMIT_SIZE finding), never read', async () => {
    const run = await within(runCli(['validate', big.json!, '--json']), 20_000);
    expect(run.code).toBe(2);
    expect((JSON.parse(run.stdout) as { findings: Array<{ code: string }> }).findings.map((f) => f.code)).toEqual(['E_LIMIT_SIZE']);
  });
});

describe('raising a limit where it makes sense', () => {
  const saved = process.env.IOA_ALIGN_MAX_ARTIFACT_MIB;
  afterEach(() => {
    if (saved === undefined) delete process.env.IOA_ALIGN_MAX_ARTIFACT_MIB;
    else process.env.IOA_ALIGN_MAX_ARTIFACT_MIB = saved;
  });

  it('the message names the variable; set to 1 MiB, a 2 MiB artifact is refused, and the refusal names the new limit', async () => {
    const artifact = JSON.parse(readFileSync(ex('artifact-12.4.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(at('padded.json'), JSON.stringify({ ...artifact, description: 'x'.repeat(2 * 1024 * 1024) }));
    const plain = await runCli(['artifact', 'verify', big.json!, '--trust', ex('trust-policy.json')]);
    expect(plain.stderr).toContain('set IOA_ALIGN_MAX_ARTIFACT_MIB (in MiB, at most 536870888 bytes) to raise it [E_INPUT_TOO_LARGE]');
    process.env.IOA_ALIGN_MAX_ARTIFACT_MIB = '1';
    const lowered = await runCli(['artifact', 'verify', at('padded.json'), '--trust', ex('trust-policy.json')]);
    expect(lowered.code).toBe(2);
    expect(lowered.stderr).toContain('over the limit of 1 MiB for this input');
    process.env.IOA_ALIGN_MAX_ARTIFACT_MIB = 'lots';
    const bad = await runCli(['artifact', 'verify', at('padded.json'), '--trust', ex('trust-policy.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('IOA_ALIGN_MAX_ARTIFACT_MIB must be a whole number of MiB, not "lots" [E_USAGE]');
  });
});

describe('ontologies in Turtle and RDF/XML are read as a stream: no size limit', () => {
  it('a 700 MiB Turtle file is parsed from its start: its error at line 3 is found without reading the rest (E_PARSE_TURTLE)', async () => {
    const run = await within(runCli(['inspect', big.ttl!]), 20_000);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^ioa-align: ${big.ttl!}:3(:\\d+)?: malformed Turtle: .*\\[E_PARSE_TURTLE\\]\\n$`));
  });

  it('a 700 MiB RDF/XML file likewise (E_PARSE_RDFXML at line 3), in propose and check --ontology', async () => {
    const run = await within(runCli(['propose', big.owl!, ex('doc.ttl')]), 20_000);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${big.owl!}:3:`);
    expect(run.stderr).toContain('[E_PARSE_RDFXML]');
    const check = await within(runCli(CHECK({ ontology: big.owl! })), 20_000);
    expect(check.code).toBe(2);
    expect((JSON.parse(check.stdout) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('E_PARSE_RDFXML');
  });

  it('streamed or read whole, an ontology gives the same quads in the same order (RDF/XML and Turtle of the corpora)', async () => {
    const { readRdfFile } = await import('../../src/ontology/rdf-source.js');
    const canonical = (quads: Array<{ subject: { termType: string; value: string }; predicate: { value: string }; object: { termType: string; value: string } }>): string[] => {
      const blank = new Map<string, string>();
      const term = (t: { termType: string; value: string }): string => (t.termType === 'BlankNode' ? (blank.get(t.value) ?? blank.set(t.value, `_:b${blank.size}`).get(t.value)!) : `${t.termType}:${t.value}`);
      return quads.map((q) => `${term(q.subject)} ${q.predicate.value} ${term(q.object)}`);
    };
    for (const file of ['corpora/anatomy/mouse.owl', 'corpora/ioa-example/cs.ttl', 'corpora/anatomy-subsumption/human-without-equivalents.ttl']) {
      const path = new URL(`../../${file}`, import.meta.url).pathname;
      const whole = await readRdfFile(path);
      const streamed = await readRdfFile(path, { streamAbove: 0 });
      expect(streamed.quads.length).toBeGreaterThan(0);
      expect(canonical(streamed.quads)).toEqual(canonical(whole.quads));
    }
  });

  it('the stream reader decodes strict UTF-8 across chunk edges: a character split between chunks is whole, a bad byte is placed exactly', async () => {
    const text = `${'a'.repeat(4094)}é€😀\nline two\n`;
    writeFileSync(at('split.txt'), text);
    let joined = '';
    for await (const chunk of readTextChunks(at('split.txt'), { chunkBytes: 4095 })) joined += chunk;
    expect(joined).toBe(text);
    writeFileSync(at('bad.txt'), Buffer.concat([Buffer.from(`${'a'.repeat(4094)}\nab`), Buffer.from([0xe9]), Buffer.from('t\n')]));
    const chunks = readTextChunks(at('bad.txt'), { chunkBytes: 4096 });
    await expect((async () => { for await (const _ of chunks) { /* drain */ } })()).rejects.toMatchObject({ code: 'E_PARSE_UTF8', location: { line: 2, column: 3 }, message: expect.stringContaining('byte offset 4097 (0xe9)') });
  });
});
