/**
 * Every document that feeds a decision is read by one strict JSON reader (I-JSON, RFC 7493): a
 * member named twice in one object is E_DUPLICATE_KEY with its JSON path, a lone surrogate is a
 * parse error, and neither ever reaches a verdict. Draft 6.4: "Malformed or ambiguous input MUST
 * NOT be used as an established semantic basis for a decision"; 7.1: a malformed envelope "is
 * rejected as invalid input before evaluating compatibility; it MUST NOT be treated as
 * Compatible". JSON.parse keeps the last of two members, so each document below parses to a
 * valid one: only the strict reader can tell.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValid, validateText } from '../../src/envelope/index.js';
import { validateArtifact } from '../../src/gate/index.js';
import { runCli } from '../helpers/cli.js';
import { thrownIoaError } from '../helpers/errors.js';
import { twice } from '../helpers/json-text.js';
import { ex, forwardArgs, world, type World } from './cli-world.js';
import { startServer, type TestServer } from '../retrieval/server.js';

const read = (f: string): Record<string, unknown> => JSON.parse(readFileSync(ex(f), 'utf8')) as Record<string, unknown>;
type Invalid = { outcome: string; errors?: Array<{ code: string; path: string; file: string; line?: number }> };

let w: World;
beforeAll(() => {
  w = world();
});

async function checkJson(args: string[]): Promise<{ code: number; result: Invalid }> {
  const run = await runCli(['check', ...args, '--json']);
  return { code: run.code, result: JSON.parse(run.stdout) as Invalid };
}

describe('check: a document with a member named twice is invalid input (exit 2), never Compatible (6.4, 7.1)', () => {
  it('a trust policy saying "requireSignature": true, then false no longer lets an unsigned artifact through', async () => {
    // The unsigned 12.4 artifact with a policy that (read last-wins) does not require signatures:
    // Compatible before the strict reader. The same policy without the first member stays Compatible.
    const policy = JSON.parse(readFileSync(w.trust(), 'utf8')) as Record<string, unknown>;
    policy.requireSignature = false;
    const lax = w.write('trust-lax.json', policy);
    const laxRun = await checkJson([...forwardArgs(), '--artifact', ex('artifact-12.4.json'), '--trust', lax]);
    expect([laxRun.code, laxRun.result.outcome]).toEqual([0, 'Compatible']);

    const dup = w.write('trust-dup.json', twice(policy, ['requireSignature'], true));
    const { code, result } = await checkJson([...forwardArgs(), '--artifact', ex('artifact-12.4.json'), '--trust', dup]);
    expect([code, result.outcome]).toEqual([2, 'Invalid']);
    expect(result.errors).toEqual([expect.objectContaining({ code: 'E_DUPLICATE_KEY', path: '$.requireSignature', file: dup, line: 15, column: 29 })]);
  });

  it('the human form names file, line, column and path once, with the code', async () => {
    const policy = JSON.parse(readFileSync(w.trust(), 'utf8')) as Record<string, unknown>;
    const dup = w.write('trust-dup-2.json', twice(policy, ['requireSignature'], false));
    // "requireSignature": false, "requireSignature": true on line 15: the second name starts at column 30.
    const run = await runCli(['check', ...forwardArgs(), '--artifact', w.artifact('signed-a.json'), '--trust', dup]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`ioa-align: ${dup}:15:30 at $.requireSignature: member "requireSignature" appears twice in one object (first at line 15, column 3); duplicate member names are refused (I-JSON, RFC 7493 2.3): readers disagree on which one counts [E_DUPLICATE_KEY]\n`);
  });

  it.each([
    ['request envelope', 'envelope-12.1-zh-en.json', ['profileContext', 'targetLang'], 'fr', '$.profileContext.targetLang'],
    ['request envelope, nested in @context', 'envelope-12.1-zh-en.json', ['@context', 'ioa'], 'https://evil.example/#', '$["@context"].ioa'],
    ['provider capability', 'capability-doc-translate.json', ['@id'], 'https://example.net/onto/doc#Other', '$["@id"]'],
    ['profile', 'profile-tech-translation.json', ['mappingSelection'], 'latest-revision', '$.mappingSelection'],
  ])('%s', async (_what, file, path, first, jsonPath) => {
    const dup = w.write(`dup-${file}`, twice(read(file), path, first));
    const args = forwardArgs().map((a) => (a === ex(file) ? dup : a));
    expect(args).toContain(dup);
    const { code, result } = await checkJson([...args, '--artifact', w.artifact('signed-b.json'), '--trust', w.trust()]);
    expect([code, result.outcome]).toEqual([2, 'Invalid']);
    expect(result.errors?.map((e) => [e.code, e.path, e.file])).toEqual([['E_DUPLICATE_KEY', jsonPath, dup]]);
  });

  it('a signed artifact with two "direction" members: refused by check and by artifact verify', async () => {
    // Signed over the parsed document (direction source-to-target, the last member); a reader
    // that keeps the first member would see "bidirectional" under a valid signature.
    const signed = JSON.parse(readFileSync(w.artifact('signed-c.json'), 'utf8')) as Record<string, unknown>;
    const dup = w.write('artifact-dup.json', twice(signed, ['direction'], 'bidirectional'));
    const trust = w.trust();
    const { code, result } = await checkJson([...forwardArgs(), '--artifact', dup, '--trust', trust]);
    expect([code, result.outcome]).toEqual([2, 'Invalid']);
    expect(result.errors?.map((e) => [e.code, e.path])).toEqual([['E_DUPLICATE_KEY', '$.direction']]);
    const verify = await runCli(['artifact', 'verify', dup, '--trust', trust, '--now', '2026-06-01T00:00:00Z']);
    expect(verify.code).toBe(2);
    expect(verify.stderr).toMatch(/artifact-dup\.json:8:\d+ at \$\.direction: member "direction" appears twice .*\[E_DUPLICATE_KEY\]\n$/);
  });

  it('a duplicate deep inside an artifact rule (conditions) is found with its path', async () => {
    const artifact = read('artifact-12.4.json');
    const dup = w.write('artifact-rule-dup.json', twice(artifact, ['mappingRules', 0, 'conditions', 'sourceLang'], 'fr'));
    const { code, result } = await checkJson([...forwardArgs(), '--artifact', dup, '--trust', w.trust()]);
    expect([code, result.errors?.map((e) => [e.code, e.path])]).toEqual([2, [['E_DUPLICATE_KEY', '$.mappingRules[0].conditions.sourceLang']]]);
  });

  it('a lone surrogate escape is invalid input, not a silent U+FFFD', async () => {
    const text = JSON.stringify(read('envelope-12.1-zh-en.json'), null, 2).replace('"targetLang": "en"', '"targetLang": "en\\ud800"');
    expect(text).toContain('\\ud800');
    const bad = w.write('lone.json', text);
    const args = forwardArgs().map((a) => (a === ex('envelope-12.1-zh-en.json') ? bad : a));
    const { code, result } = await checkJson(args);
    expect([code, result.outcome, result.errors?.map((e) => [e.code, e.path])]).toEqual([2, 'Invalid', [['E_INVALID_JSON', '$.profileContext.targetLang']]]);
  });
});

describe('validate and the other commands read every kind strictly (E_DUPLICATE_KEY, exit 2)', () => {
  it.each([
    ['envelope', 'envelope-6.2.json', ['ontologyVersion']],
    ['capability', 'capability-6.3.json', ['@type']],
    ['profile', 'profile-tech-translation.json', ['revision']],
    ['trust', 'trust-policy.json', ['trustedIssuers', 0, 'id']],
    ['artifact', 'artifact-12.4.json', ['mappingRules', 0, 'to']],
    ['context', 'context-6.1.json', ['@context', 'ioa']],
    ['agent-card', 'a2a-extension-12.2.json', ['capabilities', 'extensions', 0, 'params', 'ontologyIds']],
  ])('%s', async (kind, file, path) => {
    const dup = w.write(`validate-${file}`, twice(read(file), path, 'https://evil.example/x'));
    const human = await runCli(['validate', dup, '--kind', kind]);
    expect([human.code, human.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_DUPLICATE_KEY]']]);
    const json = await runCli(['validate', dup, '--kind', kind, '--json']);
    const report = JSON.parse(json.stdout) as { valid: boolean; findings: Array<{ code: string; path: string }> };
    expect([json.code, report.valid, report.findings.map((f) => f.code)]).toEqual([2, false, ['E_DUPLICATE_KEY']]);
  });

  it('trust add-key refuses a policy with a member named twice and leaves it as it was', async () => {
    const text = twice(read('trust-policy.json'), ['requireSignature'], false);
    const file = w.write('add-key.json', text);
    const keys = await runCli(['keys', 'generate', '--out', join(w.dir, 'k2')]);
    expect(keys.code).toBe(0);
    const run = await runCli(['trust', 'add-key', '--trust', file, '--issuer', 'https://example.org/other', '--key', join(w.dir, 'k2', 'public.pem'), '--scope', 'https://a.example/o:https://b.example/o']);
    expect([run.code, run.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_DUPLICATE_KEY]']]);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('a2a and nlip unwrap: an envelope carried with a member named twice', async () => {
    for (const [carrier, wrapArgs, path] of [
      ['a2a', ['--message-id', 'm1'], ['parts', 0, 'data', 'ontologyId']],
      ['nlip', ['--task', 't1'], ['submessages', 0, 'content', 'ontologyId']],
    ] as const) {
      const wrapped = await runCli([carrier, 'wrap', ex('envelope-6.2.json'), ...wrapArgs]);
      expect(wrapped.code).toBe(0);
      const message = JSON.parse(wrapped.stdout) as Record<string, unknown>;
      const dup = w.write(`${carrier}-dup.json`, twice(message, path, 'https://evil.example/onto'));
      const run = await runCli([carrier, 'unwrap', dup, ...(carrier === 'nlip' ? ['--task', 't1'] : [])]);
      expect([carrier, run.code, run.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([carrier, 2, ['[E_DUPLICATE_KEY]']]);
    }
  });

  it('artifact build: a JSON review file and a rule_conditions cell with a member named twice', async () => {
    // The JSON form of the reviewed corpus file; one mapping names its predicate twice.
    const json = w.write('reviewed.json', '');
    expect((await runCli(['convert', ex('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--out', json])).code).toBe(0);
    const set = JSON.parse(readFileSync(json, 'utf8')) as { mappings: Array<Record<string, unknown>> };
    const dup = w.write('reviewed-dup.json', twice(set, ['mappings', 0, 'predicate_id'], 'skos:narrowMatch'));
    const build = ['--artifact-id', 'https://example.org/align/x', '--revision', '1', '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2099-01-01T00:00:00Z', '--out', join(w.dir, 'built.json')];
    const run = await runCli(['artifact', 'build', '--from', dup, ...build]);
    expect([run.code, run.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_DUPLICATE_KEY]']]);
    expect(run.stderr).toContain('at $.mappings[0].predicate_id');

    // The conditions a row carries as JSON text in rule_conditions (an artifact converted to rows).
    const accepted = set.mappings.findIndex((m) => m.mapping_justification === 'semapv:ManualMappingCuration');
    set.mappings[accepted]!.rule_conditions = '{"sourceLang": "en", "sourceLang": "zh"}';
    const cell = w.write('reviewed-cell.json', set);
    const cellRun = await runCli(['artifact', 'build', '--from', cell, ...build]);
    expect([cellRun.code, cellRun.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_DUPLICATE_KEY]']]);
    expect(cellRun.stderr).toContain(`at $.mappings[${accepted}].rule_conditions: rule_conditions at $.sourceLang: member "sourceLang" appears twice`);
    set.mappings[accepted]!.rule_conditions = '{"sourceLang": "zh"}';
    expect((await runCli(['artifact', 'build', '--from', w.write('reviewed-cell-ok.json', set), ...build])).code).toBe(0);
  });
});

describe('fetched documents are read by the same reader', () => {
  let server: TestServer;
  let profile: string;
  beforeAll(async () => {
    const context = read('context-6.1.json');
    const signed = JSON.parse(readFileSync(w.artifact('signed-remote.json'), 'utf8')) as Record<string, unknown>;
    const send = (text: string, type = 'application/json') => (_q: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
    };
    server = await startServer({
      '/context.jsonld': send(twice(context, ['@context', 'ioa'], 'https://evil.example/#'), 'application/ld+json'),
      '/artifact.json': send(twice(signed, ['direction'], 'bidirectional')),
    });
    const p = read('profile-tech-translation.json');
    p.retrieval = { allowRemote: true, trustedOrigins: [server.origin], timeoutMs: 2_000, totalBudgetMs: 5_000 };
    profile = w.write('profile-remote.json', p);
  });
  afterAll(() => server.close());

  it('a remote artifact with a member named twice is invalid input, exit 2', async () => {
    const args = forwardArgs().map((a) => (a === ex('profile-tech-translation.json') ? profile : a));
    const { code, result } = await checkJson([...args, '--artifact', `${server.origin}/artifact.json`, '--trust', w.trust(), '--allow-remote']);
    expect([code, result.outcome, result.errors?.map((e) => [e.code, e.path])]).toEqual([2, 'Invalid', [['E_DUPLICATE_KEY', '$.direction']]]);
  });

  it('a remote JSON-LD context with a member named twice is not used: Indeterminate RESOURCE_UNAVAILABLE (malformed content), never Compatible', async () => {
    const request = read('envelope-12.1-zh-en.json');
    request['@context'] = [`${server.origin}/context.jsonld`, { cs: 'https://example.org/onto/cs#' }];
    const file = w.write('request-remote-context.json', request);
    const swap: Record<string, string> = { [ex('profile-tech-translation.json')]: profile, [ex('envelope-12.1-zh-en.json')]: file, [ex('capability-doc-translate.json')]: ex('capability-cs-translate.json') };
    const run = await runCli(['check', ...forwardArgs().map((a) => swap[a] ?? a), '--allow-remote', '--json']);
    const verdict = JSON.parse(run.stdout) as { outcome: string; reasons: Array<{ code: string; cause?: string; message: string }> };
    expect([run.code, verdict.outcome]).toEqual([4, 'Indeterminate']);
    expect(verdict.reasons).toEqual([expect.objectContaining({ code: 'RESOURCE_UNAVAILABLE', cause: 'malformed-content', message: expect.stringContaining('(E_DUPLICATE_KEY)') })]);
  });
});

describe('library: documents passed as text', () => {
  it('validateText gives the finding, assertValid throws E_DUPLICATE_KEY with the path; the text parses to the valid document', async () => {
    const policy = read('trust-policy.json');
    const text = twice(policy, ['requireSignature'], false);
    expect(JSON.parse(text)).toEqual(policy);
    const result = await validateText(text, { kind: 'trust' });
    expect([result.ok, result.findings.map((f) => [f.code, f.path, f.line])]).toEqual([false, [['E_DUPLICATE_KEY', '$.requireSignature', 15]]]);
    const error = thrownIoaError(() => assertValid(result, 'policy.json'));
    expect([error.code, error.location]).toEqual(['E_DUPLICATE_KEY', { file: 'policy.json', line: 15, column: 30, path: '$.requireSignature' }]);
    expect(validateArtifact(twice(read('artifact-12.4.json'), ['revision'], '2')).findings.map((f) => [f.code, f.path])).toEqual([['E_DUPLICATE_KEY', '$.revision']]);
  });
});
