/**
 * `ioa-align trust init|add-key`: a trust policy for a key from `keys generate`, without writing
 * JSON by hand; every policy written passes the validator, and a refused change writes nothing.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateEd25519KeyPair, parseScope } from '../../src/gate/index.js';
import { validateTrustPolicy } from '../../src/envelope/index.js';
import { runCli } from '../helpers/cli.js';
import { thrownIoaError } from '../helpers/errors.js';

const CORE = 'https://example.org/onto/agent-core';
const DOC = 'https://example.net/onto/doc';
const ISSUER = 'https://example.org/mapping-authority';

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-trust-'));
  const key = generateEd25519KeyPair();
  const pem = join(dir, 'public.pem');
  writeFileSync(pem, key.publicKeyPem);
  return { dir, key, pem, trust: join(dir, 'trust.json') };
}

describe('trust init', () => {
  it('writes a valid policy that trusts nobody, and never overwrites a file', async () => {
    const { trust } = setup();
    const r = await runCli(['trust', 'init', '--out', trust]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(trust, 'utf8')) as unknown;
    expect(doc).toEqual({ trustedIssuers: [], requireSignature: true, clockSkewSeconds: 60 });
    expect(validateTrustPolicy(doc).ok).toBe(true);
    writeFileSync(trust, '{"kept": true}');
    const again = await runCli(['trust', 'init', '--out', trust]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('[E_WRITE_FAILED]');
    expect(readFileSync(trust, 'utf8')).toBe('{"kept": true}');
    expect((await runCli(['trust', 'init', '--out', join(setup().dir, 't.json'), '--clock-skew', '4000'])).stderr).toContain('--clock-skew must be a whole number of seconds from 0 to 3600, not "4000" [E_USAGE]');
  });

  it('--out naming a folder says it is a folder (E_USAGE), not that a file "already exists"', async () => {
    const { dir } = setup();
    const r = await runCli(['trust', 'init', '--out', dir]);
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, `ioa-align: ${dir}: the output is a directory, not a regular file: refusing to write over it [E_USAGE]`]);
  });
});

describe('trust add-key', () => {
  it('trusts the key under its RFC 7638 thumbprint for a directional scope, then adds scopes, then changes nothing', async () => {
    const { key, pem, trust } = setup();
    await runCli(['trust', 'init', '--out', trust]);
    const add = await runCli(['trust', 'add-key', '--trust', trust, '--issuer', ISSUER, '--key', pem, '--scope', `${CORE}:${DOC}`]);
    expect(add.code).toBe(0);
    expect(add.stdout).toBe(`${trust}: trusted key ${key.keyId} of ${ISSUER} for ${CORE} → ${DOC}\n`);
    const doc = JSON.parse(readFileSync(trust, 'utf8')) as { trustedIssuers: unknown[] };
    expect(doc.trustedIssuers).toEqual([{ id: ISSUER, keyId: key.keyId, publicKey: key.publicKeyPem, scopes: [{ sourceOntologyId: CORE, targetOntologyId: DOC }] }]);
    expect(validateTrustPolicy(doc).ok).toBe(true);

    const law = 'https://example.org/onto/law';
    const more = await runCli(['trust', 'add-key', '--trust', trust, '--issuer', ISSUER, '--key', pem, '--scope', `${law} ${DOC}`, '--scope', `${CORE}:${DOC}`, '--direction', 'both']);
    expect(more.stdout).toBe(`${trust}: added scopes for key ${key.keyId} of ${ISSUER} for ${law} → ${DOC} (and back), ${CORE} → ${DOC} (and back)\n`);
    const scopes = (JSON.parse(readFileSync(trust, 'utf8')) as { trustedIssuers: Array<{ scopes: unknown[] }> }).trustedIssuers[0]!.scopes;
    expect(scopes).toEqual([
      { sourceOntologyId: CORE, targetOntologyId: DOC },
      { sourceOntologyId: law, targetOntologyId: DOC, direction: 'both' },
      { sourceOntologyId: CORE, targetOntologyId: DOC, direction: 'both' },
    ]);
    const before = readFileSync(trust, 'utf8');
    const same = await runCli(['trust', 'add-key', '--trust', trust, '--issuer', ISSUER, '--key', pem, '--scope', `${CORE}:${DOC}`]);
    expect(same.stdout).toContain('already trusted');
    expect(readFileSync(trust, 'utf8')).toBe(before);
  });

  it('refuses what the validator or the key would refuse: exit 2, the code, the file untouched', async () => {
    const { dir, pem, trust } = setup();
    await runCli(['trust', 'init', '--out', trust]);
    await runCli(['trust', 'add-key', '--trust', trust, '--issuer', ISSUER, '--key', pem, '--scope', `${CORE}:${DOC}`, '--key-id', 'k1']);
    const before = readFileSync(trust, 'utf8');
    const rsa = join(dir, 'rsa.pem');
    writeFileSync(rsa, generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const other = join(dir, 'other.pem');
    writeFileSync(other, generateEd25519KeyPair().publicKeyPem);
    // The private key `keys generate` writes beside public.pem: Node derives a public key from it
    // silently, so without its own check it reached the policy (and was refused only as "not SPKI").
    const secret = join(dir, 'private.pem');
    writeFileSync(secret, generateEd25519KeyPair().privateKeyPem);
    const cases: Array<[string[], string]> = [
      [['--scope', `${CORE}`], '[E_USAGE]'],
      [['--scope', 'agent-core:doc'], 'must be SOURCE_ONTOLOGY:TARGET_ONTOLOGY, two absolute IRIs'],
      [['--scope', `${CORE}:${DOC}`, '--direction', 'backwards'], '--direction must be one of source-to-target, both, not "backwards" [E_USAGE]'],
      [['--scope', `${CORE}:${DOC}`, '--issuer', 'mapping-authority'], '[E_INVALID_DOCUMENT]'],
      [['--scope', `${CORE}:${DOC}`, '--key', rsa], '[E_KEY_INVALID]'],
      [['--scope', `${CORE}:${DOC}`, '--key', secret], `${secret}: the public key is a private key: give the public key (public.pem beside it`],
      [['--scope', `${CORE}:${DOC}`, '--key', other, '--key-id', 'k1'], 'key id k1 already names another public key'],
      [['--scope', `${CORE}:${DOC}`, '--issuer', 'https://example.org/someone-else', '--key-id', 'k1'], 'key id k1 already belongs to issuer https://example.org/mapping-authority'],
    ];
    for (const [args, message] of cases) {
      // The case's --issuer/--key in place of the defaults (an option given twice is a usage error).
      const defaults = ['--issuer', ISSUER, '--key', pem].filter((_, i, all) => !args.includes(all[i - (i % 2)]!));
      const r = await runCli(['trust', 'add-key', '--trust', trust, ...defaults, ...args]);
      expect([args.join(' '), r.code, r.stderr.includes(message)]).toEqual([args.join(' '), 2, true]);
      expect(readFileSync(trust, 'utf8')).toBe(before);
    }
    // A policy that is not valid to begin with is refused, not repaired.
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"trustedIssuers": [{"id": "x"}]}');
    const r = await runCli(['trust', 'add-key', '--trust', broken, '--issuer', ISSUER, '--key', pem, '--scope', `${CORE}:${DOC}`]);
    expect([r.code, r.stderr.includes('[E_INVALID_DOCUMENT]'), r.stderr.includes('broken.json')]).toEqual([2, true, true]);
    expect(existsSync(join(dir, 'absent.json'))).toBe(false);
  });

  it('a key file that is not one plain SPKI PEM block is E_KEY_INVALID at the key file, and no pass phrase is asked for', async () => {
    const { dir, key, pem, trust } = setup();
    await runCli(['trust', 'init', '--out', trust]);
    const before = readFileSync(trust, 'utf8');
    const body = key.publicKeyPem.split('\n')[1]!;
    const write = (name: string, text: string): string => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    // Headers of an encrypted PEM made OpenSSL ask for a pass phrase on the terminal: add-key
    // waited for input there.
    const encrypted = write('encrypted.pem', `-----BEGIN PUBLIC KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00000000000000000000000000000000\n\n${body}\n-----END PUBLIC KEY-----\n`);
    // Two keys (the first was trusted, the policy then refused) and text around the block.
    const two = write('two.pem', key.publicKeyPem + generateEd25519KeyPair().publicKeyPem);
    const prose = write('prose.pem', `the key of the mapping authority:\n${key.publicKeyPem}`);
    const cases: Array<[string, string]> = [
      [encrypted, 'the public key is not a plain PEM (SPKI) public key: it has header lines (Proc-Type, DEK-Info: an encrypted or annotated PEM); give the public.pem `ioa-align keys generate` wrote'],
      [two, 'the public key is not a plain PEM (SPKI) public key: it holds 2 PEM blocks (PUBLIC KEY, PUBLIC KEY), and which key is meant would be a guess; give the public.pem `ioa-align keys generate` wrote'],
      [prose, 'the public key is not a plain PEM (SPKI) public key: it has text outside its "-----BEGIN PUBLIC KEY-----" block; give the public.pem `ioa-align keys generate` wrote'],
    ];
    for (const [file, message] of cases) {
      const r = await runCli(['trust', 'add-key', '--trust', trust, '--issuer', ISSUER, '--key', file, '--scope', `${CORE}:${DOC}`]);
      expect([r.code, r.stderr.trim()]).toEqual([2, `ioa-align: ${file}: ${message} [E_KEY_INVALID]`]);
      expect(readFileSync(trust, 'utf8')).toBe(before);
    }
    // The plain block, with CRLF line ends or surrounding blank lines, is trusted.
    writeFileSync(pem, `\n${key.publicKeyPem.replace(/\n/g, '\r\n')}\n`);
    expect((await runCli(['trust', 'add-key', '--trust', trust, '--issuer', ISSUER, '--key', pem, '--scope', `${CORE}:${DOC}`])).code).toBe(0);
  });
});

describe('parseScope', () => {
  it('finds the one colon where both halves are absolute IRIs, and asks for a space when there are several', () => {
    expect(parseScope(`${CORE}:${DOC}`)).toEqual({ sourceOntologyId: CORE, targetOntologyId: DOC });
    expect(parseScope('urn:x-onto:a:urn:x-onto:b', 'both')).toEqual({ sourceOntologyId: 'urn:x-onto:a', targetOntologyId: 'urn:x-onto:b', direction: 'both' });
    expect(parseScope(`  ${CORE}   ${DOC} `)).toEqual({ sourceOntologyId: CORE, targetOntologyId: DOC });
    const ambiguous = thrownIoaError(() => parseScope('https://a.org/x:https://b.org/y:https://c.org/z'));
    expect(ambiguous.code).toBe('E_USAGE');
    expect(ambiguous.message).toContain('can be read 2 ways');
    expect(ambiguous.message).toContain('separate the two IRIs with a space instead: "SOURCE TARGET"');
    expect(parseScope('https://a.org/x https://b.org/y:https://c.org/z').targetOntologyId).toBe('https://b.org/y:https://c.org/z');
  });
});
