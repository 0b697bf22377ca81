import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateEnvelope } from '../../src/envelope/index.js';
import { runCli } from '../helpers/cli.js';
import { envelope } from './helpers.js';

const EX = 'corpora/ioa-example';
const tmp = mkdtempSync(join(tmpdir(), 'ioa-validate-'));
const write = (name: string, content: unknown): string => {
  const file = join(tmp, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
};

describe('ioa-align validate', () => {
  it('the 6.2 envelope and the 6.3 advertisement as printed: exit 0', async () => {
    const env = await runCli(['validate', `${EX}/envelope-6.2.json`]);
    expect([env.code, env.stdout.trim()]).toEqual([0, `${EX}/envelope-6.2.json: valid envelope`]);
    const cap = await runCli(['validate', `${EX}/capability-6.3.json`, '--json']);
    expect(cap.code).toBe(0);
    const report = JSON.parse(cap.stdout) as { kind: string; valid: boolean; findings: unknown[]; value: { id: string; inputs: string[] } };
    expect([report.kind, report.valid, report.findings, report.value.id, report.value.inputs])
      .toEqual(['capability', true, [], 'https://example.org/onto/cs#TechTranslation', ['text/plain']]);
  });

  it('6.5: an earlier-draft "type" key: exit 2 with the finding, its path, section and hint', async () => {
    const file = write('old.json', envelope((d) => { d['type'] = d['@type']; delete d['@type']; }));
    const text = await runCli(['validate', file]);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain('error E_INVALID_ALIAS at $.type');
    expect(text.stdout).toContain('(Section 6.5)');
    expect(text.stdout).toContain('hint: write "@type" instead of "type"');
    const json = JSON.parse((await runCli(['validate', file, '--json'])).stdout) as { valid: boolean; findings: { code: string }[]; value?: unknown };
    expect([json.valid, json.findings.map((f) => f.code), json.value]).toEqual([false, ['E_INVALID_ALIAS'], undefined]);
  });

  it('--kind artifact validates the 12.4 artifact through the gate', async () => {
    const r = await runCli(['validate', `${EX}/artifact-12.4.json`, '--kind', 'artifact']);
    expect([r.code, r.stdout.trim()]).toEqual([0, `${EX}/artifact-12.4.json: valid artifact`]);
  });

  it('an explicit --kind that does not fit: exit 2', async () => {
    const r = await runCli(['validate', `${EX}/envelope-6.2.json`, '--kind', 'capability', '--json']);
    expect(r.code).toBe(2);
    const codes = (JSON.parse(r.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code);
    expect([...new Set(codes)].sort()).toEqual(['E_INVALID_MISSING_FIELD', 'E_INVALID_NODE_TYPE', 'E_INVALID_UNKNOWN_TERM']);
  });

  it('usage and input errors: unknown kind, missing file, malformed JSON, undetectable kind, oversized file', async () => {
    const kind = await runCli(['validate', `${EX}/envelope-6.2.json`, '--kind', 'message']);
    expect([kind.code, kind.stderr.includes('[E_USAGE]')]).toEqual([2, true]);
    const missing = await runCli(['validate', join(tmp, 'nope.json')]);
    expect([missing.code, missing.stderr.includes('[E_FILE_UNREADABLE]')]).toEqual([2, true]);
    const broken = await runCli(['validate', write('broken.json', '{\n  "@context": {,\n}'), '--json']);
    const brokenReport = JSON.parse(broken.stdout) as { findings: { code: string; message: string }[] };
    expect([broken.code, brokenReport.findings[0]!.code]).toEqual([2, 'E_INVALID_JSON']);
    expect(brokenReport.findings[0]).toMatchObject({ line: 2, column: 16 });
    const fragment = await runCli(['validate', `${EX}/binding-replacement-12.3.json`]);
    expect([fragment.code, fragment.stdout.includes('E_INVALID_KIND')]).toEqual([2, true]);
    const big = await runCli(['validate', write('big.json', `{"pad": "${'x'.repeat(300_000)}"}`), '--json']);
    expect([big.code, (JSON.parse(big.stdout) as { findings: { code: string }[] }).findings[0]!.code]).toEqual([2, 'E_LIMIT_SIZE']);
  });

  it('--profile applies the profile: descriptive extension terms ignored with a warning, SHACL shapes enforced', async () => {
    const base = {
      profileId: 'https://example.org/profiles/tech-translation', revision: '1',
      ontologies: [{ ontologyId: 'https://example.org/onto/agent-core', versions: ['1.0'] }],
    };
    const withExt = write('ext.json', envelope((d) => { (d['@context'] as Record<string, unknown>)['ex'] = 'https://example.com/ext#'; d['ex:note'] = 'demo'; }));
    const strict = await runCli(['validate', withExt, '--profile', write('strict.json', base)]);
    expect([strict.code, strict.stdout.includes('E_INVALID_UNKNOWN_TERM')]).toEqual([2, true]);
    const lenient = await runCli(['validate', withExt, '--profile', write('lenient.json', { ...base, unknownTerms: 'ignore' })]);
    expect([lenient.code, lenient.stdout.includes('warning W_IGNORED_TERM')]).toEqual([0, true]);

    write('needs-alignment.ttl', `@prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ioa: <https://example.org/ioa/semantic#> .
      <urn:s> a sh:NodeShape ; sh:targetClass ioa:SemanticProfile ; sh:property [ sh:path ioa:alignmentRef ; sh:minCount 1 ; sh:message "alignmentRef required" ] .`);
    const shaped = await runCli(['validate', `${EX}/envelope-6.2.json`, '--profile', write('shaped.json', { ...base, shapes: 'needs-alignment.ttl' }), '--json']);
    const report = JSON.parse(shaped.stdout) as { findings: { code: string; message: string }[] };
    expect([shaped.code, report.findings.map((f) => f.code)]).toEqual([2, ['E_INVALID_SHAPE']]);
    expect(report.findings[0]!.message).toContain('alignmentRef required');
  });

  it('an invalid profile given with --profile is an input error (exit 2, E_INVALID_DOCUMENT)', async () => {
    const r = await runCli(['validate', `${EX}/envelope-6.2.json`, '--profile', write('bad-profile.json', { profileId: 'x' })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('[E_INVALID_DOCUMENT]');
  });

  it('6.1: an envelope or advertisement nested past maxDepth is E_LIMIT_DEPTH at its path, exit 2, however deep — never an internal error', async () => {
    // 1,500 levels: far under the size budget, and deeper than the recursive walks before the limit check used to survive.
    const deep = (kind: string): string => {
      const text = readFileSync(`${EX}/${kind}`, 'utf8');
      return write(`deep-${kind}`, text.replace('{', `{"zzdeep": ${'['.repeat(1500)}${']'.repeat(1500)},`));
    };
    const path = `$.zzdeep${'[0]'.repeat(31)}`;
    for (const kind of ['envelope-12.1-zh-en.json', 'capability-doc-translate.json']) {
      const r = await runCli(['validate', deep(kind)]);
      expect([kind, r.code, r.stdout]).toEqual([kind, 2, expect.stringContaining(`error E_LIMIT_DEPTH at ${path}: nesting deeper than 32 levels`)]);
    }
    const check = await runCli(['check', '--request', deep('envelope-12.1-zh-en.json'), '--provider', `${EX}/capability-doc-translate.json`,
      '--profile', `${EX}/profile-tech-translation.json`, '--ontology', `${EX}/cs.ttl`]);
    expect([check.code, check.stderr]).toEqual([2, expect.stringContaining(`at ${path}: nesting deeper than 32 levels [E_LIMIT_DEPTH]`)]);
  });

  it('6.1: validate --json names the kind of a document refused for its depth, read from its top level; a document refused unread (size, syntax) has kind null', async () => {
    const text = readFileSync(`${EX}/envelope-12.1-zh-en.json`, 'utf8');
    const deep = write('deep-kind.json', text.replace('{', `{"zzdeep": ${'['.repeat(40)}${']'.repeat(40)},`));
    const r = await runCli(['validate', deep, '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'envelope', valid: false, findings: [{ code: 'E_LIMIT_DEPTH' }] });
    const plain = await runCli(['validate', deep]);
    expect(plain.stdout.split('\n')[0]).toBe(`${deep}: invalid envelope`);
    const { validateText } = await import('../../src/envelope/index.js');
    expect((await validateText(readFileSync(deep, 'utf8'))).kind).toBe('envelope');
    // Nothing was read of these: no kind is claimed for them.
    const broken = write('broken-kind.json', text.slice(0, -3));
    expect(JSON.parse((await runCli(['validate', broken, '--json'])).stdout)).toMatchObject({ kind: null, findings: [{ code: 'E_INVALID_JSON' }] });
    const big = write('big-kind.json', text.replace('{', `{"zzpad": "${'x'.repeat(300 * 1024)}",`));
    expect(JSON.parse((await runCli(['validate', big, '--json'])).stdout)).toMatchObject({ kind: null, findings: [{ code: 'E_LIMIT_SIZE' }] });
  });

  it('6.1: a parsed envelope nested thousands deep, handed to the library, is E_LIMIT_DEPTH too', async () => {
    const doc = JSON.parse(readFileSync(`${EX}/envelope-12.1-zh-en.json`, 'utf8')) as Record<string, unknown>;
    let inner: unknown[] = [];
    doc['zzdeep'] = inner;
    for (let i = 0; i < 20_000; i++) { const next: unknown[] = []; inner.push(next); inner = next; }
    const r = await validateEnvelope(doc);
    expect(r.findings.map((f) => [f.code, f.path])).toEqual([['E_LIMIT_DEPTH', `$.zzdeep${'[0]'.repeat(31)}`]]);
  });
});
