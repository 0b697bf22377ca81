/**
 * RFC 3987 keeps controls, DEL, the C1 controls, the bidirectional formatting characters (4.1:
 * "MUST NOT be used in IRIs"), noncharacters and lone surrogates out of IRIs. Every IRI check —
 * envelopes (6.1: IRI-valued references must be absolute IRIs), trust policies, artifacts (7.2),
 * `trust add-key --issuer`, `artifact build --asserted-by`, carriers, context prefixes, reviewer
 * ids — refuses them: an issuer id that displays as `https://example.org/\u202elive` reads to
 * a person as another issuer than the one compared.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IRI_SCHEMES } from '../../src/envelope/index.js';
import { iriProblem } from '../../src/envelope/syntax.js';
import { validateArtifact } from '../../src/gate/index.js';
import { generateEd25519KeyPair } from '../../src/gate/index.js';
import { runCli } from '../helpers/cli.js';
import { fixture } from '../review/fixture.js';

const EX = join(import.meta.dirname, '../../corpora/ioa-example');
const read = (f: string): Record<string, unknown> => JSON.parse(readFileSync(join(EX, f), 'utf8')) as Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'ioa-iri-'));
const write = (name: string, doc: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return file;
};
const codes = (stderr: string): string[] => stderr.match(/\[E_[A-Z_]+\]/g)?.map((c) => c.slice(1, -1)) ?? [];

const FORBIDDEN: Array<[string, string]> = [
  ['NUL', '\u0000'], ['BEL', '\u0007'], ['ESC', '\u001b'], ['DEL', '\u007f'], ['NEL (C1)', '\u0085'], ['CSI (C1)', '\u009b'],
  ['LRM', '\u200e'], ['RLM', '\u200f'], ['LRE', '\u202a'], ['RLO', '\u202e'], ['LRI', '\u2066'], ['PDI', '\u2069'], ['ALM', '\u061c'],
  ['noncharacter U+FDD0', '\ufdd0'], ['noncharacter U+FFFE', '\ufffe'], ['lone high surrogate', '\ud800'], ['lone low surrogate', '\udc00'],
  ['noncharacter U+1FFFE', '\u{1fffe}'], ['noncharacter U+1FFFF', '\u{1ffff}'], ['noncharacter U+AFFFE', '\u{afffe}'], ['noncharacter U+10FFFE', '\u{10fffe}'], ['noncharacter U+10FFFF', '\u{10ffff}'],
  ['tag U+E0001', '\u{e0001}'], ['tag U+E0041', '\u{e0041}'], ['cancel tag U+E007F', '\u{e007f}'],
];

describe('iriProblem: characters RFC 3987 forbids', () => {
  it.each(FORBIDDEN)('%s anywhere in an IRI is a forbidden character', (_name, c) => {
    for (const iri of [`https://example.org/a${c}b`, `https://example.org/${c}`, `urn:x:${c}y`, `https://ex${c}ample.org/`]) {
      expect([JSON.stringify(iri), iriProblem(iri, DEFAULT_IRI_SCHEMES)]).toEqual([JSON.stringify(iri), { kind: 'forbidden-character', character: c }]);
    }
  });

  it('letters of other scripts, astral characters included, and percent-escapes stay allowed', () => {
    for (const iri of ['https://example.org/café', 'https://例え.jp/本', 'https://example.org/😀', 'https://example.org/%E2%80%AE', 'urn:isbn:0451450523']) {
      expect([iri, iriProblem(iri, DEFAULT_IRI_SCHEMES)]).toEqual([iri, undefined]);
    }
  });

  it('white space keeps its old report (malformed), relative references theirs', () => {
    expect(iriProblem('https://example.org/a b', DEFAULT_IRI_SCHEMES)).toEqual({ kind: 'malformed' });
    expect(iriProblem('a\tb', DEFAULT_IRI_SCHEMES)).toEqual({ kind: 'malformed' });
    expect(iriProblem('mapping-authority', DEFAULT_IRI_SCHEMES)).toEqual({ kind: 'relative' });
  });
});

describe('every IRI a decision reads refuses them (exit 2)', () => {
  const RLO = '\u202e';

  it('a trust policy issuer id: validate and check say E_INVALID_IRI at the id', async () => {
    const policy = read('trust-policy.json') as { trustedIssuers: Array<Record<string, unknown>> };
    policy.trustedIssuers[0]!.id = `https://example.org/${RLO}ytirohtua-gnippam`;
    const file = write('trust-rlo.json', policy);
    const v = await runCli(['validate', file, '--kind', 'trust', '--json']);
    const report = JSON.parse(v.stdout) as { findings: Array<{ code: string; path: string; message: string }> };
    expect([v.code, report.findings.map((f) => [f.code, f.path])]).toEqual([2, [['E_INVALID_IRI', '$.trustedIssuers[0].id']]]);
    expect(report.findings[0]!.message).toContain('holds U+202E (a bidirectional formatting character), which RFC 3987 forbids in an IRI');
    const check = await runCli(['check', '--request', join(EX, 'envelope-12.1-zh-en.json'), '--provider', join(EX, 'capability-doc-translate.json'),
      '--profile', join(EX, 'profile-tech-translation.json'), '--ontology', join(EX, 'cs.ttl'), '--trust', file, '--artifact', join(EX, 'artifact-12.4.json'),
      '--now', '2026-06-01T00:00:00Z', '--json']);
    const verdict = JSON.parse(check.stdout) as { outcome: string; errors: Array<{ code: string; path: string }> };
    expect([check.code, verdict.outcome, verdict.errors.map((e) => [e.code, e.path])]).toEqual([2, 'Invalid', [['E_INVALID_IRI', '$.trustedIssuers[0].id']]]);
  });

  it.each([
    ['assertedBy', (a: Record<string, unknown>) => { a.assertedBy = 'https://example.org/mapping-authority\u0007'; }, '$.assertedBy'],
    ['a rule\'s from', (a: Record<string, unknown>) => { (a.mappingRules as Array<Record<string, unknown>>)[0]!.from = 'https://example.org/onto/cs#Tech\u001bTranslation'; }, '$.mappingRules[0].from'],
    ['the artifact id', (a: Record<string, unknown>) => { a.artifactId = `https://example.org/align/${RLO}1v`; }, '$.artifactId'],
  ])('an artifact\'s %s', async (_what, edit, path) => {
    const artifact = read('artifact-12.4.json');
    edit(artifact);
    expect(validateArtifact(artifact).findings.map((f) => [f.code, f.path])).toEqual([['E_INVALID_IRI', path]]);
    const v = await runCli(['validate', write('artifact-bad-iri.json', artifact), '--kind', 'artifact', '--json']);
    expect(v.code).toBe(2);
  });

  it('an envelope reference (intentRef) with an override, after expansion', async () => {
    const envelope = read('envelope-6.2.json');
    envelope.intentRef = `https://example.org/onto/cs#Tech${RLO}Translation`;
    const v = await runCli(['validate', write('envelope-rlo.json', envelope), '--json']);
    const report = JSON.parse(v.stdout) as { findings: Array<{ code: string; path: string }> };
    expect([v.code, report.findings.map((f) => [f.code, f.path])]).toEqual([2, [['E_INVALID_IRI', '$.intentRef']]]);
  });

  it('trust add-key --issuer and artifact build --asserted-by', async () => {
    const trust = write('trust-empty.json', { trustedIssuers: [], requireSignature: true, clockSkewSeconds: 60 });
    const before = readFileSync(trust, 'utf8');
    const pem = write('public.pem', generateEd25519KeyPair().publicKeyPem);
    for (const issuer of [`https://example.org/${RLO}evil`, 'https://example.org/\u001b[31mred', 'https://example.org/a\u007f', 'https://example.org/authority\u{e0041}', 'https://example.org/authority\u{1fffe}']) {
      const r = await runCli(['trust', 'add-key', '--trust', trust, '--issuer', issuer, '--key', pem, '--scope', 'https://a.example/o:https://b.example/o']);
      expect([JSON.stringify(issuer), r.code, codes(r.stderr), r.stderr.includes('(E_INVALID_IRI)')]).toEqual([JSON.stringify(issuer), 2, ['E_INVALID_DOCUMENT'], true]);
      // The refused value is echoed escaped, never raw.
      expect(r.stderr).not.toMatch(/[\u001b\u007f\u202e]/);
    }
    expect(readFileSync(trust, 'utf8')).toBe(before);
    const build = await runCli(['artifact', 'build', '--from', join(EX, 'reviewed-cs-doc.sssom.tsv'), '--artifact-id', 'https://example.org/a', '--revision', '1',
      '--asserted-by', `https://example.org/${RLO}x`, '--valid-until', '2099-01-01T00:00:00Z', '--out', join(dir, 'a.json')]);
    expect([build.code, codes(build.stderr), build.stderr.includes('(E_INVALID_IRI)')]).toEqual([2, ['E_ARTIFACT_BUILD'], true]);
  });

  it('an envelope ontologyId with an astral noncharacter or a tag character', async () => {
    for (const [name, c] of [['nc', '\u{10ffff}'], ['tag', '\u{e0061}']] as const) {
      const envelope = read('envelope-6.2.json');
      envelope.ontologyId = `${String(envelope.ontologyId)}${c}`;
      const v = await runCli(['validate', write(`envelope-${name}.json`, envelope), '--json']);
      const report = JSON.parse(v.stdout) as { findings: Array<{ code: string; path: string; message: string }> };
      expect([v.code, report.findings.map((f) => [f.code, f.path])]).toEqual([2, [['E_INVALID_IRI', '$.ontologyId']]]);
      expect(report.findings[0]!.message).toContain(name === 'tag' ? 'U+E0061 (an invisible tag character)' : 'U+10FFFF (a noncharacter)');
    }
  });

  it('a2a card --ontology-id and a reviewer id', async () => {
    const card = await runCli(['a2a', 'card', '--ontology-id', `https://example.org/onto/${RLO}x`, '--version', '1.0']);
    expect([card.code, codes(card.stderr)]).toEqual([2, ['E_CARRIER_INVALID']]);
    const files = await fixture();
    for (const reviewer of [`orcid:0000-0002-1825-${RLO}0097`, 'https://orcid.org/0000-0002\u001b-1825']) {
      const r = await runCli(['review', files.candidates, '--source', files.source, '--target', files.target, '--out', join(files.dir, 'r.sssom.tsv'), '--reviewer', reviewer]);
      expect([r.code, codes(r.stderr)]).toEqual([2, ['E_USAGE']]);
    }
  });
});
