/**
 * Tools that re-issue a signed artifact's content — `artifact upgrade` (its carried rules go into
 * the next revision unreviewed), `convert` (its rules become curated rows) and `artifact sign`
 * (a new signature over it) — never take a signature on its word (draft 7.2: the artifact's
 * integrity and provenance are available for validation, and validated before use). A rule added
 * to a signed revision 1 must never become a "carried" rule of revision 2 without a word.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateEd25519KeyPair, signDocument } from '../../src/gate/index.js';
import { runCli } from '../helpers/cli.js';

const FIX = join(import.meta.dirname, 'fixtures');
const OLD = join(FIX, 'zoo-1.0.ttl');
const NEW = join(FIX, 'zoo-2.0.ttl');
const dir = mkdtempSync(join(tmpdir(), 'ioa-upgrade-signature-'));
const zoo = (name: string): string => `http://example.org/zoo#${name}`;
const app = (name: string): string => `http://example.org/app#${name}`;
const AUTHORITY = 'https://example.org/authority';
const code = (stderr: string): string | undefined => /\[(E_[A-Z_]+)\]/.exec(stderr)?.[1];

const unsigned = {
  artifactId: 'https://example.org/align/app-zoo', revision: '1',
  sourceOntologyId: 'http://example.org/app', sourceOntologyVersion: '3',
  targetOntologyId: 'http://example.org/zoo', targetOntologyVersion: '1.0',
  direction: 'source-to-target', assertedBy: AUTHORITY, validUntil: '2030-01-01T00:00:00Z',
  mappingRules: [{ from: app('dog'), to: zoo('Dog'), conditions: { sourceLang: 'en' } }],
};
const key = generateEd25519KeyPair();
const other = generateEd25519KeyPair();
const write = (name: string, value: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return path;
};
const KEY = write('private.pem', key.privateKeyPem);
const OTHER_KEY = write('other-private.pem', other.privateKeyPem);
const UNSIGNED = write('unsigned.json', unsigned);
const signedDoc = signDocument(unsigned, key.privateKeyPem, key.keyId);
const SIGNED = write('signed.json', signedDoc);
// A rule added after signing: the cat now "maps" too, with no conditions.
const TAMPERED = write('tampered.json', { ...signedDoc, mappingRules: [...unsigned.mappingRules, { from: app('cat'), to: zoo('Dog'), conditions: {} }] });
const BY_OTHER = write('by-other.json', signDocument(unsigned, other.privateKeyPem, other.keyId));
const TRUST = write('trust.json', {
  trustedIssuers: [{ id: AUTHORITY, keyId: key.keyId, publicKey: key.publicKeyPem, scopes: [{ sourceOntologyId: 'http://example.org/app', targetOntologyId: 'http://example.org/zoo' }] }],
  requireSignature: true,
});

let n = 0;
async function upgrade(artifact: string, ...extra: string[]): Promise<{ code: number; stderr: string; draft: string; review: string }> {
  n++;
  const draft = join(dir, `draft-${n}.json`);
  const review = join(dir, `review-${n}.sssom.tsv`);
  const r = await runCli(['artifact', 'upgrade', artifact, '--side', 'target', '--from', OLD, '--to', NEW, '--out', draft, '--review-out', review, ...extra]);
  return { code: r.code, stderr: r.stderr, draft, review };
}

describe('artifact upgrade verifies a signed artifact before carrying its rules (7.2)', () => {
  it('signed, with --trust: the signature is verified and said so; the rules are carried', async () => {
    const r = await upgrade(SIGNED, '--trust', TRUST);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`signature by key ${key.keyId} verified against ${TRUST}`);
    expect(JSON.parse(readFileSync(r.draft, 'utf8')).mappingRules).toMatchObject([{ from: app('dog'), to: zoo('Dog') }]);
  });
  it('a rule added after signing: E_SIGNATURE_INVALID, exit 2, neither the draft nor the review file written', async () => {
    const r = await upgrade(TAMPERED, '--trust', TRUST);
    expect([r.code, code(r.stderr), existsSync(r.draft), existsSync(r.review)]).toEqual([2, 'E_SIGNATURE_INVALID', false, false]);
    expect(r.stderr).toContain('SIGNATURE_INVALID: the Ed25519 signature does not verify');
  });
  it('signed by a key the trust policy does not list: E_SIGNATURE_INVALID naming UNTRUSTED_KEY', async () => {
    const r = await upgrade(BY_OTHER, '--trust', TRUST);
    expect([r.code, code(r.stderr), existsSync(r.draft)]).toEqual([2, 'E_SIGNATURE_INVALID', false]);
    expect(r.stderr).toContain('UNTRUSTED_KEY');
  });
  it('signed, without --trust: E_USAGE naming --trust, nothing written', async () => {
    const r = await upgrade(TAMPERED);
    expect([r.code, code(r.stderr), existsSync(r.draft), existsSync(r.review)]).toEqual([2, 'E_USAGE', false, false]);
    expect(r.stderr).toMatch(/--trust/);
    expect(r.stderr).toMatch(/--unverified/);
  });
  it('--unverified carries on the file\'s word, and says so', async () => {
    const r = await upgrade(TAMPERED, '--unverified');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`warning: the signature by key ${key.keyId} was not checked (--unverified)`);
  });
  it('--trust and --unverified together: E_USAGE', async () => {
    const r = await upgrade(SIGNED, '--trust', TRUST, '--unverified');
    expect([r.code, code(r.stderr), existsSync(r.draft)]).toEqual([2, 'E_USAGE', false]);
    expect(r.stderr).toContain('give one, not both');
  });
  it('unsigned: carried, with a word that nothing vouches for the rules; with --trust requiring signatures it is refused', async () => {
    const r = await upgrade(UNSIGNED);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: the artifact is unsigned: nothing vouches for its rules');
    const required = await upgrade(UNSIGNED, '--trust', TRUST);
    expect([required.code, code(required.stderr), existsSync(required.draft)]).toEqual([2, 'E_SIGNATURE_INVALID', false]);
    expect(required.stderr).toContain('SIGNATURE_MISSING');
  });
});

describe('convert does not claim a signature it has not checked', () => {
  it('a signed artifact\'s mapping set says the signature was not verified', async () => {
    const out = join(dir, 'converted.sssom.tsv');
    const r = await runCli(['convert', TAMPERED, '--to', 'sssom', '--out', out, '--quiet']);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain(`carries a signature by key ${key.keyId}, not verified`);
    expect(text).not.toContain('signed with key');
  });
});

describe('artifact sign never replaces a signature silently', () => {
  it('a signature that no longer verifies with the signing key: E_SIGNATURE_INVALID, nothing written; --force replaces it and says so', async () => {
    const out = join(dir, 'resigned.json');
    const r = await runCli(['artifact', 'sign', TAMPERED, '--key', KEY, '--out', out]);
    expect([r.code, code(r.stderr), existsSync(out)]).toEqual([2, 'E_SIGNATURE_INVALID', false]);
    expect(r.stderr).toMatch(/--force/);
    const forced = await runCli(['artifact', 'sign', TAMPERED, '--key', KEY, '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain(`warning: replaced the signature by key ${key.keyId}, which does not verify over this content (--force)`);
    expect(JSON.parse(readFileSync(out, 'utf8')).mappingRules).toHaveLength(2);
  });
  it('a signature by another key: E_USAGE, nothing written; --force replaces it and says so', async () => {
    const out = join(dir, 'rekeyed.json');
    const r = await runCli(['artifact', 'sign', SIGNED, '--key', OTHER_KEY, '--out', out]);
    expect([r.code, code(r.stderr), existsSync(out)]).toEqual([2, 'E_USAGE', false]);
    expect(r.stderr).toContain(`already signed by key ${key.keyId}`);
    const forced = await runCli(['artifact', 'sign', SIGNED, '--key', OTHER_KEY, '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain(`warning: replaced the signature by key ${key.keyId}, which was not checked`);
    expect(JSON.parse(readFileSync(out, 'utf8')).signature.keyId).toBe(other.keyId);
  });
  it('signing again with the key that made a valid signature is allowed (the same signature)', async () => {
    const r = await runCli(['artifact', 'sign', SIGNED, '--key', KEY]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).signature).toEqual(signedDoc.signature);
  });
});

describe('the library\'s upgradeArtifact verifies a signed artifact as the command does (7.2)', () => {
  const lib = async (artifact: string, extra: Record<string, unknown> = {}): Promise<{ carried: number; warnings: string[] }> => {
    const { upgradeArtifact } = await import('../../src/api/versions.js');
    const warnings: string[] = [];
    const result = await upgradeArtifact(artifact, { side: 'target', old: OLD, new: NEW, onWarning: (w) => warnings.push(w), ...extra });
    return { carried: result.carried.length, warnings };
  };
  const failure = async (run: Promise<unknown>): Promise<{ code?: string; message: string; path?: string }> => {
    const e = await run.then(() => undefined, (x: unknown) => x as { code?: string; message: string; location?: { path?: string } });
    if (e === undefined) throw new Error('expected a rejection');
    return { code: e.code, message: e.message, path: e.location?.path };
  };
  it('a signed artifact without a trust policy: E_USAGE at $.trust, naming the two options, not flags', async () => {
    const e = await failure(lib(TAMPERED));
    expect([e.code, e.path]).toEqual(['E_USAGE', '$.trust']);
    expect(e.message).toContain('options.trust');
    expect(e.message).toContain('options.unverified');
    // A flag, not the two dashes a base64url key id may hold.
    expect(e.message).not.toMatch(/(^|[\s(`])--[a-z]/);
  });
  it('a rule added after signing, with the trust policy: E_SIGNATURE_INVALID; the valid one is carried', async () => {
    const e = await failure(lib(TAMPERED, { trust: TRUST }));
    expect(e.code).toBe('E_SIGNATURE_INVALID');
    expect(e.message).toContain('SIGNATURE_INVALID');
    expect((await lib(SIGNED, { trust: TRUST })).carried).toBe(1);
  });
  it('unverified: true carries on the file\'s word and warns; with a trust policy too it is E_USAGE at $.unverified', async () => {
    const r = await lib(TAMPERED, { unverified: true });
    expect(r.carried).toBe(2);
    expect(r.warnings.join('\n')).toContain(`the signature by key ${key.keyId} was not checked (options.unverified: true)`);
    const e = await failure(lib(SIGNED, { trust: TRUST, unverified: true }));
    expect([e.code, e.path]).toEqual(['E_USAGE', '$.unverified']);
  });
  it('an unsigned artifact is carried with a warning; a trust policy requiring signatures refuses it', async () => {
    const r = await lib(UNSIGNED);
    expect(r.carried).toBe(1);
    expect(r.warnings.join('\n')).toContain('the artifact is unsigned: nothing vouches for its rules');
    const e = await failure(lib(UNSIGNED, { trust: TRUST }));
    expect(e.code).toBe('E_SIGNATURE_INVALID');
    expect(e.message).toContain('SIGNATURE_MISSING');
  });
});
