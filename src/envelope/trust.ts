/**
 * Trust policy documents (format in DESIGN.md). Shape only: whether an artifact's signature and
 * issuer are acceptable is the gate's decision (Section 7.2), made with the policy validated here.
 */
import { createPublicKey } from 'node:crypto';
import { resolveOptions } from './expansion.js';
import { Findings, describeType, isObject } from './findings.js';
import { checkLimits } from './limits.js';
import { PlainReader } from './plain.js';
import { SCOPE_DIRECTIONS, type TrustPolicy, type TrustedIssuer, type ValidateOptions, type ValidationResult } from './types.js';

const PEM = /^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----\r?\n?$/;

/** Validate a trust policy document (parsed JSON). Public keys must parse as Ed25519 SPKI PEM. */
export function validateTrustPolicy(input: unknown, options: Pick<ValidateOptions, 'limits' | 'iriSchemes'> = {}): ValidationResult<TrustPolicy> {
  const r = resolveOptions(options);
  const f = new Findings();
  if (!isObject(input)) {
    f.add('E_INVALID_JSON', '$', `a trust policy must be a JSON object, got ${describeType(input)}`, '7.2');
    return f.result<TrustPolicy>(undefined);
  }
  if (!checkLimits(input, r.limits, f)) return f.result<TrustPolicy>(undefined);
  const p = new PlainReader(input, '$', f, '7.2', r.iriSchemes);
  p.closed(['trustedIssuers', 'requireSignature', 'clockSkewSeconds'], 'a trust policy');

  const issuers: TrustedIssuer[] = [];
  const items = p.array('trustedIssuers', true, false) ?? [];
  items.forEach((_, i) => {
    const t = p.item('trustedIssuers', items, i);
    if (!t) return;
    t.closed(['id', 'keyId', 'publicKey', 'scopes'], 'a trusted issuer');
    const id = t.iri('id', true);
    const keyId = t.string('keyId', true);
    const publicKey = t.string('publicKey', true);
    if (publicKey !== undefined) {
      let type: string | undefined;
      try {
        type = PEM.test(publicKey.trim() + '\n') ? createPublicKey({ key: publicKey, format: 'pem' }).asymmetricKeyType : undefined;
      } catch {
        type = undefined;
      }
      if (type !== 'ed25519') {
        f.add('E_INVALID_KEY', t.at('publicKey'), type === undefined
          ? 'publicKey must be a PEM-encoded SPKI public key ("-----BEGIN PUBLIC KEY-----")'
          : `publicKey must be an Ed25519 key, got ${type}`, '7.2');
      }
    }
    const scopes: TrustedIssuer['scopes'] = [];
    const scopeItems = t.array('scopes', true, true) ?? [];
    scopeItems.forEach((__, j) => {
      const s = t.item('scopes', scopeItems, j);
      if (!s) return;
      s.closed(['sourceOntologyId', 'targetOntologyId', 'direction'], 'a scope');
      const sourceOntologyId = s.iri('sourceOntologyId', true);
      const targetOntologyId = s.iri('targetOntologyId', true);
      // Directional (DESIGN.md): only "both" extends a scope to the reverse use.
      const direction = s.enumeration('direction', false, SCOPE_DIRECTIONS);
      if (sourceOntologyId !== undefined && targetOntologyId !== undefined) {
        scopes.push(direction === undefined ? { sourceOntologyId, targetOntologyId } : { sourceOntologyId, targetOntologyId, direction });
      }
    });
    if (id === undefined || keyId === undefined || publicKey === undefined) return;
    if (issuers.some((x) => x.keyId === keyId)) {
      f.add('E_INVALID_DUPLICATE', t.at('keyId'), `keyId "${keyId}" is used twice; a key id must name one key`, '7.2');
      return;
    }
    issuers.push({ id, keyId, publicKey, scopes });
  });
  const requireSignature = p.boolean('requireSignature', false) ?? true;
  const clockSkewSeconds = p.integer('clockSkewSeconds', false, 0, 3600) ?? 60;

  if (f.hasErrors) return f.result<TrustPolicy>(undefined);
  return f.result<TrustPolicy>({ kind: 'trust', trustedIssuers: issuers, requireSignature, clockSkewSeconds });
}
