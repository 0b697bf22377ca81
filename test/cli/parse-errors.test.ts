/**
 * README "Command line": bad input prints `file:line:column: message [CODE]` on stderr and exits
 * 2. A JSON syntax error reads the same whichever command, and whichever of its inputs, meets it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateEd25519KeyPair } from '../../src/gate/index.js';
import { runCli } from '../helpers/cli.js';

const EX = join(import.meta.dirname, '../../corpora/ioa-example');
const dir = mkdtempSync(join(tmpdir(), 'ioa-parse-'));
const bad = join(dir, 'bad.json');
writeFileSync(bad, '{\n  "a": 1,\n  "b": \n}\n');
const key = join(dir, 'private.pem');
writeFileSync(key, generateEd25519KeyPair().privateKeyPem);
const reviewed = join(EX, 'reviewed-cs-doc.sssom.tsv');
const envelope = join(EX, 'envelope-6.2.json');
const provider = join(EX, 'capability-doc-translate.json');
const profile = join(EX, 'profile-tech-translation.json');
const trust = join(EX, 'trust-policy.json');
const checkArgs = (over: Record<string, string>): string[] =>
  Object.entries({ request: envelope, provider, profile, ...over }).flatMap(([k, v]) => [`--${k}`, v]);

const cases: Array<[string, string[], string]> = [
  ['validate <file>', ['validate', bad], 'E_INVALID_JSON'],
  ['validate --profile', ['validate', envelope, '--profile', bad], 'E_PARSE_JSON'],
  ['check --request', ['check', ...checkArgs({ request: bad })], 'E_INVALID_JSON'],
  ['check --provider', ['check', ...checkArgs({ provider: bad })], 'E_INVALID_JSON'],
  ['check --profile', ['check', ...checkArgs({ profile: bad })], 'E_INVALID_JSON'],
  ['check --trust', ['check', ...checkArgs({ trust: bad })], 'E_INVALID_JSON'],
  ['check --artifact', ['check', ...checkArgs({ artifact: bad, trust })], 'E_INVALID_JSON'],
  ['check --policy', ['check', ...checkArgs({ policy: bad }), '--allow-remote'], 'E_PARSE_JSON'],
  ['artifact sign <artifact>', ['artifact', 'sign', bad, '--key', key], 'E_PARSE_JSON'],
  ['artifact verify <artifact>', ['artifact', 'verify', bad, '--trust', trust], 'E_PARSE_JSON'],
  ['artifact verify --trust', ['artifact', 'verify', join(EX, 'artifact-12.4.json'), '--trust', bad], 'E_PARSE_JSON'],
  ['artifact build --conditions', ['artifact', 'build', '--from', reviewed, '--artifact-id', 'https://example.org/a', '--revision', '1',
    '--asserted-by', 'https://example.org/i', '--valid-until', '2030-01-01T00:00:00Z', '--conditions', bad], 'E_PARSE_JSON'],
  ['a2a wrap', ['a2a', 'wrap', bad], 'E_PARSE_JSON'],
  ['a2a unwrap', ['a2a', 'unwrap', bad], 'E_PARSE_JSON'],
  ['nlip wrap', ['nlip', 'wrap', bad, '--task', 't'], 'E_PARSE_JSON'],
  ['nlip unwrap', ['nlip', 'unwrap', bad], 'E_PARSE_JSON'],
  ['convert <in>', ['convert', bad, '--to', 'sssom'], 'E_EXCHANGE_BAD_JSON'],
  ['bench --corpus', ['bench', '--corpus', bad], 'E_BENCH_MANIFEST'],
];

describe('a JSON syntax error is file:line:column: message [CODE], exit 2, in every command', () => {
  it.each(cases)('%s', async (_name, argv, code) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toContain(`ioa-align: ${bad}:4:1: malformed JSON: value expected [${code}]`);
  });

  it('validate --json keeps its one object and carries the line and column in the finding', async () => {
    const r = await runCli(['validate', bad, '--json']);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout) as { findings: unknown[] };
    expect(report.findings).toEqual([{ code: 'E_INVALID_JSON', severity: 'error', path: '$', message: 'malformed JSON: value expected', section: '5.4', line: 4, column: 1 }]);
  });

  it('check --json keeps its one Invalid object, with the line and column', async () => {
    const r = await runCli(['check', ...checkArgs({ request: bad }), '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ outcome: 'Invalid', errors: [{ file: bad, code: 'E_INVALID_JSON', path: '$', message: 'malformed JSON: value expected', section: '5.4', line: 4, column: 1 }] });
  });
});
