/**
 * `ioa-align artifact verify` as a script reads it: what it says about a signature (draft 7.2:
 * "signed (or otherwise integrity-protected)"; 12.4: `assertedBy` is "a claim requiring external
 * provenance validation"), and nothing it does not check.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signDocument, type ValidatedArtifact } from '../../src/gate/index.js';
import type { TrustPolicy } from '../../src/envelope/types.js';
import { runCli } from '../helpers/cli.js';
import { AUTHORITY, artifact12_4, authorityKey, trust } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'ioa-artifact-verify-'));
const NOW = ['--now', '2026-06-01T00:00:00Z'];
const write = (name: string, value: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value, null, 2));
  return path;
};
/** A trust policy as its JSON file holds it. */
const policyFile = (name: string, policy: TrustPolicy): string => {
  const { kind: _kind, ...json } = policy;
  return write(name, json);
};
type Report = Pick<ValidatedArtifact, 'artifactId' | 'revision'> & { verified: boolean; signed: boolean; keyId: string | null; problems: Array<{ code: string; message: string }> };

describe('verify says whether a signature was verified (7.2, 12.4)', () => {
  const key = authorityKey();
  const unsigned = write('unsigned.json', artifact12_4());
  const signed = write('signed.json', signDocument(artifact12_4(), key.privateKeyPem, key.keyId));
  const lax = policyFile('lax.json', trust(key, { requireSignature: false }));
  const strict = policyFile('strict.json', trust(key));

  it('an unsigned artifact under requireSignature: false: verified, and said to be unsigned — never "signed by"', async () => {
    const r = await runCli(['artifact', 'verify', unsigned, '--trust', lax, ...NOW]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/signed by/);
    expect(r.stdout).toContain(`asserted by ${AUTHORITY}; unsigned: provenance not verified, accepted only because the trust policy sets requireSignature: false`);
    const json = JSON.parse((await runCli(['artifact', 'verify', unsigned, '--trust', lax, ...NOW, '--json'])).stdout) as Report;
    expect([json.verified, json.signed, json.keyId]).toEqual([true, false, null]);
  });
  it('a signed artifact: "signed by", the key, and signed: true', async () => {
    const r = await runCli(['artifact', 'verify', signed, '--trust', strict, ...NOW]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`signed by ${AUTHORITY} (key ${key.keyId})`);
    const json = JSON.parse((await runCli(['artifact', 'verify', signed, '--trust', strict, ...NOW, '--json'])).stdout) as Report;
    expect([json.verified, json.signed, json.keyId]).toEqual([true, true, key.keyId]);
  });
});
