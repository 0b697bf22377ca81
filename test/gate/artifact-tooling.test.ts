/**
 * Artifact tooling (7.2, 12.4): reviewed SSSOM → rules, Ed25519 over RFC 8785 canonical JSON, and
 * key handling.
 */
import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { MappingSet } from '../../src/model/mapping.js';
import { readMappingFile } from '../../src/exchange/index.js';
import { buildArtifact, generateEd25519KeyPair, jcs, signDocument, validateArtifact, verifySignature, parsePublicKey } from '../../src/gate/index.js';
import { artifact12_4, EX } from './helpers.js';

const BASE = {
  artifactId: 'https://example.org/align/cs-doc-v1', revision: '1', direction: 'source-to-target' as const,
  assertedBy: 'https://example.org/mapping-authority', validUntil: '2026-12-31T00:00:00Z', conditions: { sourceLang: 'zh' },
  // The 12.4 artifact's validity, built on a fixed day inside it.
  now: Date.parse('2026-06-01T00:00:00Z'),
};

describe('artifact build from reviewed SSSOM', () => {
  it('keeps only reviewed, non-negated equivalence rows and says why each other row was left out', async () => {
    const set = await readMappingFile(new URL('reviewed-cs-doc.sssom.tsv', EX).pathname);
    const { artifact, skipped } = buildArtifact(set, BASE);
    expect(artifact.mappingRules).toEqual([{ from: 'https://example.org/onto/cs#TechTranslation', to: 'https://example.net/onto/doc#TranslateText', conditions: { sourceLang: 'zh' } }]);
    expect(artifact.sourceOntologyVersion).toBe('1.0');
    expect(artifact.targetOntologyId).toBe('https://example.net/onto/doc');
    expect(artifact.derivedFrom).toBe('https://example.org/align/cs-doc-review-1');
    expect(skipped.map((s) => s.why).sort()).toEqual([
      'justification semapv:LexicalMatching is not a review (candidates never become rules)',
      'predicate_modifier Not (a reviewer rejected it)',
    ]);
  });
  it('requires ontology ids and versions (flag or SSSOM metadata)', () => {
    const set: MappingSet = { metadata: { curieMap: {} }, mappings: [{ subjectId: 'https://a.example/x', predicateId: 'skos:exactMatch', objectId: 'https://b.example/y', justification: 'semapv:ManualMappingCuration' }] };
    expect(() => buildArtifact(set, BASE)).toThrowError(expect.objectContaining({ code: 'E_ARTIFACT_BUILD', message: expect.stringMatching(/source ontology id/) }));
    const ok = buildArtifact(set, { ...BASE, sourceOntologyId: 'https://a.example', sourceOntologyVersion: '1', targetOntologyId: 'https://b.example', targetOntologyVersion: '2' });
    expect(ok.artifact.mappingRules).toHaveLength(1);
  });
  it('keeps a reviewed broad or narrow match as a directional rule with its relation', () => {
    const set: MappingSet = {
      metadata: { curieMap: {}, subjectSource: 'https://a.example', subjectSourceVersion: '1', objectSource: 'https://b.example', objectSourceVersion: '2' },
      mappings: [
        { subjectId: 'https://a.example/x', predicateId: 'skos:broadMatch', objectId: 'https://b.example/y', justification: 'semapv:ManualMappingCuration' },
        { subjectId: 'https://a.example/z', predicateId: 'skos:narrowMatch', objectId: 'https://b.example/w', justification: 'semapv:MappingReview' },
        { subjectId: 'https://a.example/v', predicateId: 'rdfs:subClassOf', objectId: 'https://b.example/u', justification: 'semapv:MappingReview' },
      ],
    };
    const { artifact, document } = buildArtifact(set, BASE);
    expect(artifact.mappingRules.map((r) => [r.from, r.relation, r.to])).toEqual([
      ['https://a.example/x', 'skos:broadMatch', 'https://b.example/y'],
      ['https://a.example/z', 'skos:narrowMatch', 'https://b.example/w'],
      ['https://a.example/v', 'skos:broadMatch', 'https://b.example/u'],
    ]);
    expect((document.mappingRules as Array<Record<string, unknown>>)[0]).toMatchObject({ relation: 'skos:broadMatch' });
  });
  it('a reviewed closeMatch or relatedMatch is not a rule: it does not say one concept stands for the other', () => {
    const set: MappingSet = {
      metadata: { curieMap: {}, subjectSource: 'https://a.example', subjectSourceVersion: '1', objectSource: 'https://b.example', objectSourceVersion: '2' },
      mappings: [
        { subjectId: 'https://a.example/x', predicateId: 'skos:closeMatch', objectId: 'https://b.example/y', justification: 'semapv:ManualMappingCuration' },
        { subjectId: 'https://a.example/x', predicateId: 'skos:relatedMatch', objectId: 'https://b.example/z', justification: 'semapv:ManualMappingCuration' },
      ],
    };
    expect(() => buildArtifact(set, BASE)).toThrowError(expect.objectContaining({ code: 'E_ARTIFACT_BUILD', message: expect.stringMatching(/2 row\(s\) skipped/) }));
  });
  it('an artifact rule with an unknown relation is invalid (E_INVALID_VALUE at its path)', () => {
    const doc = artifact12_4() as { mappingRules: Array<Record<string, unknown>> };
    doc.mappingRules[0]!.relation = 'skos:closeMatch';
    const result = validateArtifact(doc);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.findings).toContainEqual(expect.objectContaining({ code: 'E_INVALID_VALUE', path: '$.mappingRules[0].relation' }));
  });
  it('invalid conditions are caught when building (bad language tag)', () => {
    const set: MappingSet = {
      metadata: { curieMap: {}, subjectSource: 'https://a.example', subjectSourceVersion: '1', objectSource: 'https://b.example', objectSourceVersion: '2' },
      mappings: [{ subjectId: 'https://a.example/x', predicateId: 'skos:exactMatch', objectId: 'https://b.example/y', justification: 'semapv:MappingReview' }],
    };
    expect(() => buildArtifact(set, { ...BASE, conditions: { sourceLang: 'Chinese!' } })).toThrowError(expect.objectContaining({ code: 'E_ARTIFACT_BUILD', location: { path: '$.mappingRules[0].conditions.sourceLang' } }));
  });
});

describe('signatures: Ed25519 over the JCS of the artifact without "signature"', () => {
  it('member order and whitespace do not matter; content does', () => {
    const key = generateEd25519KeyPair();
    const signed = signDocument(artifact12_4(), key.privateKeyPem, key.keyId);
    const reordered = Object.fromEntries(Object.entries(signed).reverse());
    const v = validateArtifact(JSON.stringify(reordered, null, 4));
    expect(v.ok).toBe(true);
    expect(verifySignature(v.value!.signingInput, signed.signature.value, key.publicKeyPem)).toBe(true);
    const changed = validateArtifact({ ...signed, validUntil: '2027-12-31T00:00:00Z' });
    expect(verifySignature(changed.value!.signingInput, signed.signature.value, key.publicKeyPem)).toBe(false);
  });
  it('the signing input is RFC 8785 canonical JSON (sorted members, no whitespace)', () => {
    const v = validateArtifact({ ...artifact12_4(), signature: { alg: 'Ed25519', keyId: 'k', value: 'A'.repeat(86) } });
    expect(v.value!.signingInput).toBe(jcs(artifact12_4()));
    expect(v.value!.signingInput.startsWith('{"artifactId":"https://example.org/align/cs-doc-v1","assertedBy":')).toBe(true);
  });
  it('the default key id is the RFC 7638 thumbprint, stable for the key', () => {
    const key = generateEd25519KeyPair();
    const a = signDocument(artifact12_4(), key.privateKeyPem);
    expect(a.signature.keyId).toBe(key.keyId);
    expect(key.keyId).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
  it('a non-Ed25519 public key is refused with E_KEY_INVALID', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => parsePublicKey(pem)).toThrowError(expect.objectContaining({ code: 'E_KEY_INVALID' }));
  });
});

describe('jcs: a value JSON cannot represent', () => {
  it('is E_INVALID_DOCUMENT with the JSON path of the first such value', () => {
    const where = (value: unknown): unknown => {
      try {
        jcs(value);
      } catch (error) {
        return { code: (error as { code?: string }).code, location: (error as { location?: unknown }).location };
      }
      return undefined;
    };
    expect(where({ a: 1, derivedFrom: ['ok', 'https://example.org/set/\ud800x'] })).toEqual({ code: 'E_INVALID_DOCUMENT', location: { path: '$.derivedFrom[1]' } });
    expect(where({ rules: [{ 'odd key': Number.NaN }] })).toEqual({ code: 'E_INVALID_DOCUMENT', location: { path: '$.rules[0]["odd key"]' } });
    expect(where({ ['\udc00']: 1 })).toEqual({ code: 'E_INVALID_DOCUMENT', location: { path: '$["\\udc00"]' } });
    expect(where({ fine: '🚀' })).toBeUndefined();
  });
});

describe('keys generate', () => {
  it('writes a key pair and refuses to overwrite it', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ioa-keys-')), 'k');
    const sink = (): Writable => new Writable({ write(_c, _e, cb) { cb(); } });
    expect(await main(['keys', 'generate', '--out', dir], { stdout: sink(), stderr: sink() })).toBe(0);
    let stderr = '';
    const code = await main(['keys', 'generate', '--out', dir], { stdout: sink(), stderr: new Writable({ write(c, _e, cb) { stderr += String(c); cb(); } }) });
    expect(code).toBe(2);
    expect(stderr).toMatch(/already exists and is never overwritten \[E_WRITE_FAILED\]/);
  });
  it('a link placed where the private key (or a new trust policy) goes, even one to nothing, is refused: the secret is never written through it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ioa-keys-link-'));
    const dir = join(root, 'k');
    mkdirSync(dir);
    const elsewhere = join(root, 'elsewhere.pem');
    symlinkSync(elsewhere, join(dir, 'private.pem'));
    let stderr = '';
    const errors = new Writable({ write(c, _e, cb) { stderr += String(c); cb(); } });
    const sink = new Writable({ write(_c, _e, cb) { cb(); } });
    expect(await main(['keys', 'generate', '--out', dir], { stdout: sink, stderr: errors })).toBe(2);
    expect(stderr).toContain(`a symbolic link (to ${elsewhere}) is already there: this file is never overwritten, nor written through a link [E_WRITE_FAILED]`);
    expect([existsSync(elsewhere), existsSync(join(dir, 'public.pem'))]).toEqual([false, false]);
    const policyLink = join(root, 'trust.json');
    symlinkSync(join(root, 'policy-elsewhere.json'), policyLink);
    stderr = '';
    expect(await main(['trust', 'init', '--out', policyLink], { stdout: sink, stderr: errors })).toBe(2);
    expect(stderr).toContain('[E_WRITE_FAILED]');
    expect(existsSync(join(root, 'policy-elsewhere.json'))).toBe(false);
  });
});

describe('artifact sign refuses what it cannot sign (exit 2)', () => {
  const run = async (argv: string[]): Promise<{ code: number; stderr: string }> => {
    let stderr = '';
    const code = await main(argv, { stdout: new Writable({ write(_c, _e, cb) { cb(); } }), stderr: new Writable({ write(c, _e, cb) { stderr += String(c); cb(); } }) });
    return { code, stderr };
  };
  it('a public key given as --key: E_KEY_INVALID naming the file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ioa-sign-')), 'k');
    await run(['keys', 'generate', '--out', dir]);
    const r = await run(['artifact', 'sign', new URL('artifact-12.4.json', EX).pathname, '--key', join(dir, 'public.pem')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/public\.pem is not a PEM \(PKCS#8\) private key.*\[E_KEY_INVALID\]/);
  });
  it('a key file that is not one plain PKCS#8 block: E_KEY_INVALID naming the file, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sign-'));
    const { writeFileSync } = await import('node:fs');
    const one = generateEd25519KeyPair().privateKeyPem;
    const two = join(dir, 'two.pem');
    // Two keys: OpenSSL signs with the first and says nothing of the second.
    writeFileSync(two, one + generateEd25519KeyPair().privateKeyPem);
    const encrypted = join(dir, 'encrypted.pem');
    writeFileSync(encrypted, generateEd25519KeyPair().privateKeyPem.replace(/PRIVATE KEY/g, 'ENCRYPTED PRIVATE KEY'));
    const cases: Array<[string, string]> = [
      [two, 'it holds 2 PEM blocks (PRIVATE KEY, PRIVATE KEY), and which key is meant would be a guess'],
      [encrypted, 'it is an encrypted key ("ENCRYPTED PRIVATE KEY"); ioa-align reads unencrypted keys only'],
    ];
    for (const [file, problem] of cases) {
      const out = join(dir, 'signed.json');
      const r = await run(['artifact', 'sign', new URL('artifact-12.4.json', EX).pathname, '--key', file, '--out', out]);
      expect([r.code, r.stderr]).toEqual([2, `ioa-align: ${file} is not a PEM (PKCS#8) private key: ${problem}; give the private.pem \`ioa-align keys generate\` wrote [E_KEY_INVALID]\n`]);
      expect(existsSync(out)).toBe(false);
    }
  });
  it('an invalid artifact: E_INVALID_DOCUMENT with the JSON path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sign-'));
    await run(['keys', 'generate', '--out', join(dir, 'k')]);
    const bad = join(dir, 'bad.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bad, JSON.stringify({ ...artifact12_4(), direction: 'both' }));
    const r = await run(['artifact', 'sign', bad, '--key', join(dir, 'k', 'private.pem')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json: \$\.direction: .*\(E_INVALID_VALUE\) \[E_INVALID_DOCUMENT\]\n$/);
  });
});
