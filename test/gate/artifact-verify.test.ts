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
import { AGENT_CORE, AUTHORITY, artifact12_4, authorityKey, trust } from './helpers.js';

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

describe('verify reports only what it checks of the artifact itself: no request, no provider (7.2)', () => {
  const key = authorityKey();
  // Two releases of one ontology, declared target-to-source: 2.0 terms to 1.0 terms.
  const sameOntology = (direction: string): Record<string, unknown> => ({
    ...artifact12_4(), targetOntologyId: AGENT_CORE, targetOntologyVersion: '2.0', direction,
  });
  const scopes = [{ sourceOntologyId: AGENT_CORE, targetOntologyId: AGENT_CORE, direction: 'both' as const }];
  const policy = policyFile('same-ontology.json', trust(key, {}, scopes));

  for (const direction of ['target-to-source', 'source-to-target', 'bidirectional']) {
    it(`a signed, trusted, in-date ${direction} artifact between two versions of one ontology verifies`, async () => {
      const path = write(`same-${direction}.json`, signDocument(sameOntology(direction), key.privateKeyPem, key.keyId));
      const r = await runCli(['artifact', 'verify', path, '--trust', policy, ...NOW, '--json']);
      const report = JSON.parse(r.stdout) as Report;
      expect([r.code, report.verified, report.problems]).toEqual([0, true, []]);
    });
  }
  it('when it does not verify, the reasons are the artifact\'s own (SIGNATURE_INVALID), never a request\'s or a provider\'s', async () => {
    const signed = signDocument(sameOntology('target-to-source'), key.privateKeyPem, key.keyId);
    const path = write('same-tampered.json', { ...signed, revision: '2' });
    const r = await runCli(['artifact', 'verify', path, '--trust', policy, ...NOW, '--json']);
    const report = JSON.parse(r.stdout) as Report;
    expect([report.verified, report.problems.map((p) => p.code)]).toEqual([false, ['SIGNATURE_INVALID']]);
    expect(report.problems.map((p) => p.message).join(' ')).not.toMatch(/request|provider/);
  });
});

describe('verify\'s exit status tells invalid input (2) from an artifact that does not verify (4), as check does', () => {
  const key = authorityKey();
  const policy = policyFile('exit-trust.json', trust(key));
  const signedExpired = write('exit-expired.json', signDocument(artifact12_4(), key.privateKeyPem, key.keyId));

  it('well-formed, signed and trusted, but expired: NOT verified, EXPIRED, exit 4 (check: Indeterminate ARTIFACT_EXCLUDED, exit 4)', async () => {
    const r = await runCli(['artifact', 'verify', signedExpired, '--trust', policy, '--now', '2027-06-01T00:00:00Z']);
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('NOT verified');
    expect(r.stdout).toContain('EXPIRED');
    const json = await runCli(['artifact', 'verify', signedExpired, '--trust', policy, '--now', '2027-06-01T00:00:00Z', '--json']);
    expect([json.code, (JSON.parse(json.stdout) as Report).verified]).toEqual([4, false]);
  });
  it('an artifact that is not valid (a date that does not exist): E_INVALID_DOCUMENT, exit 2', async () => {
    const broken = write('exit-broken.json', { ...artifact12_4(), validUntil: '2026-02-30T00:00:00Z' });
    const r = await runCli(['artifact', 'verify', broken, '--trust', policy, ...NOW]);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain('[E_INVALID_DOCUMENT]');
  });
  it('verify --help states the exit codes', async () => {
    const r = await runCli(['artifact', 'verify', '--help']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('Exit 0 verified, 4 not verified (a well-formed artifact the gate would exclude: check is Indeterminate for it), 2 invalid input or usage');
  });
});
