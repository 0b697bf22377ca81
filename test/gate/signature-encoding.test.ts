/**
 * A signature value has one spelling (DESIGN.md "Trust policy": canonical, unpadded base64url).
 * The last of its 86 characters carries 4 unused bits, so 16 strings decode to the same 64 bytes;
 * only the one that re-encodes to itself verifies, so a signed artifact cannot be altered and
 * keep verifying.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeBase64url, verifySignature, validateArtifact } from '../../src/gate/index.js';
import { runCli } from '../helpers/cli.js';
import { forwardArgs, world } from './cli-world.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The other 15 spellings of the same bytes: the last character with its 4 unused bits set otherwise. */
function respellings(value: string): string[] {
  const last = ALPHABET.indexOf(value.at(-1)!);
  return Array.from({ length: 16 }, (_, low) => (last & 0b110000) | low)
    .filter((v) => v !== last)
    .map((v) => value.slice(0, -1) + ALPHABET[v]);
}

describe('canonical base64url signature values', () => {
  const w = world();
  const trust = w.trust();
  const signedPath = w.artifact('signed.json');
  const signed = JSON.parse(readFileSync(signedPath, 'utf8')) as { signature: { value: string } };
  const variants = respellings(signed.signature.value);

  it('the 15 respellings decode to the same bytes with a lenient decoder, and are refused by the strict one', () => {
    expect(variants).toHaveLength(15);
    for (const v of variants) {
      expect(Buffer.from(v, 'base64url').equals(Buffer.from(signed.signature.value, 'base64url'))).toBe(true);
      expect(decodeBase64url(v)).toBeUndefined();
    }
    expect(decodeBase64url(signed.signature.value)?.length).toBe(64);
    expect(decodeBase64url(`${signed.signature.value}==`)).toBeUndefined();
  });

  it('verifySignature accepts only the canonical spelling', () => {
    const artifact = validateArtifact(signed);
    expect(artifact.ok).toBe(true);
    const input = artifact.value!.signingInput;
    expect(verifySignature(input, signed.signature.value, w.key.publicKeyPem)).toBe(true);
    for (const v of variants) expect(verifySignature(input, v, w.key.publicKeyPem)).toBe(false);
  });

  it('check excludes a respelt signature as SIGNATURE_INVALID: never Compatible', async () => {
    const canonical = await runCli(['check', ...forwardArgs(), '--artifact', signedPath, '--trust', trust]);
    expect([canonical.code, canonical.stdout.split('\n')[0]]).toEqual([0, 'Compatible']);
    for (const [i, v] of variants.entries()) {
      const path = w.write(`respelt-${i}.json`, { ...signed, signature: { ...signed.signature, value: v } });
      const r = await runCli(['check', ...forwardArgs(), '--artifact', path, '--trust', trust, '--json']);
      const verdict = JSON.parse(r.stdout) as { outcome: string; excluded: Array<{ code: string; message: string }> };
      expect([r.code, verdict.outcome]).toEqual([4, 'Indeterminate']);
      expect(verdict.excluded.map((e) => e.code)).toEqual(['SIGNATURE_INVALID']);
      expect(verdict.excluded[0]!.message).toContain('not canonical unpadded base64url');
    }
  });

  it('artifact verify: NOT verified, SIGNATURE_INVALID, exit 4', async () => {
    const path = w.write('respelt-verify.json', { ...signed, signature: { ...signed.signature, value: variants[0] } });
    const r = await runCli(['artifact', 'verify', path, '--trust', trust, '--now', '2026-06-01T00:00:00Z']);
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('NOT verified');
    expect(r.stdout).toContain('SIGNATURE_INVALID: the signature value is not canonical unpadded base64url');
    writeFileSync(path, JSON.stringify(signed));
    expect((await runCli(['artifact', 'verify', path, '--trust', trust, '--now', '2026-06-01T00:00:00Z'])).code).toBe(0);
  });
});
