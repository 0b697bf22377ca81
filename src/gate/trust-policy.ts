/**
 * Making and editing trust policies (format in DESIGN.md, validated by the envelope module's
 * validateTrustPolicy): a new empty policy, and a trusted key added for an issuer with the
 * directional scopes it may assert. Every result is validated before it is returned, so a
 * policy written by these functions is one the gate reads.
 */
import { IoaError } from '../model/errors.js';
import { DEFAULT_IRI_SCHEMES, SCOPE_DIRECTIONS, validateTrustPolicy, type ScopeDirection } from '../envelope/index.js';
import { findingsMessage } from '../envelope/findings.js';
import { iriProblem } from '../envelope/syntax.js';
import { keyThumbprint, parsePublicKey } from './signature.js';

/** A trust policy as JSON: what is written to the file (no defaults filled in, member order kept). */
export interface TrustPolicyDocument {
  trustedIssuers: Array<{
    id: string;
    keyId: string;
    publicKey: string;
    scopes: Array<{ sourceOntologyId: string; targetOntologyId: string; direction?: ScopeDirection }>;
  }>;
  requireSignature?: boolean;
  clockSkewSeconds?: number;
}

/** A scope to add: use of the issuer's artifacts from `source` terms to `target` terms. */
export interface ScopeInput {
  sourceOntologyId: string;
  targetOntologyId: string;
  /** `both` also covers the reverse use; default: this direction only. */
  direction?: ScopeDirection;
}

/** Throw E_INVALID_DOCUMENT with the validator's findings unless `doc` is a valid trust policy. */
export function checkTrustPolicy(doc: unknown, file?: string): TrustPolicyDocument {
  const result = validateTrustPolicy(doc);
  if (!result.ok) {
    const errors = result.findings.filter((f) => f.severity === 'error');
    throw new IoaError('E_INVALID_DOCUMENT', findingsMessage(errors), { ...(file ? { file } : {}), path: errors[0]?.path ?? '$' });
  }
  return doc as TrustPolicyDocument;
}

/** A new policy that trusts nobody yet: signatures required, 60 s clock skew. */
export function newTrustPolicy(options: { requireSignature?: boolean; clockSkewSeconds?: number } = {}): TrustPolicyDocument {
  return checkTrustPolicy({ trustedIssuers: [], requireSignature: options.requireSignature ?? true, clockSkewSeconds: options.clockSkewSeconds ?? 60 });
}

export interface AddKeyOptions {
  /** The issuer's IRI (an artifact's `assertedBy`). */
  issuer: string;
  /** Ed25519 public key, SPKI PEM (what `keys generate` writes to public.pem). */
  publicKeyPem: string;
  /** Default: the RFC 7638 thumbprint of the key, as `keys generate` prints it and `artifact sign` records it. */
  keyId?: string;
  scopes: readonly ScopeInput[];
}

export interface AddKeyResult {
  policy: TrustPolicyDocument;
  keyId: string;
  /** `added`: a new trusted key; `extended`: the key was there, new scopes were added; `unchanged`: nothing new. */
  change: 'added' | 'extended' | 'unchanged';
}

const sameScope = (a: ScopeInput, b: ScopeInput): boolean =>
  a.sourceOntologyId === b.sourceOntologyId && a.targetOntologyId === b.targetOntologyId && (a.direction ?? 'source-to-target') === (b.direction ?? 'source-to-target');

/**
 * Trust `options.publicKeyPem` for `options.issuer` within `options.scopes`. A key already in the
 * policy for the same issuer gets the scopes it lacks; the same key id for another issuer or
 * another key is refused (E_INVALID_DOCUMENT): a key id names one key. The input is not modified.
 */
export function addTrustedKey(policy: TrustPolicyDocument, options: AddKeyOptions): AddKeyResult {
  checkTrustPolicy(policy);
  if (options.scopes.length === 0) throw new IoaError('E_USAGE', 'a trusted key needs at least one scope in options.scopes (the source and target ontologies it may map)', { path: '$.scopes' });
  for (const [i, s] of options.scopes.entries()) {
    if (s.direction !== undefined && !(SCOPE_DIRECTIONS as readonly string[]).includes(s.direction)) {
      throw new IoaError('E_USAGE', `a scope direction is one of ${SCOPE_DIRECTIONS.join(', ')}, not "${String(s.direction)}"`, { path: `$.scopes[${i}].direction` });
    }
  }
  const keyId = options.keyId ?? keyThumbprint(parsePublicKey(options.publicKeyPem, 'the public key'));
  if (options.keyId !== undefined) parsePublicKey(options.publicKeyPem, 'the public key');
  const issuers = policy.trustedIssuers.map((i) => ({ ...i, scopes: i.scopes.map((s) => ({ ...s })) }));
  const existing = issuers.find((i) => i.keyId === keyId);
  const scopes = options.scopes.map((s) => ({ sourceOntologyId: s.sourceOntologyId, targetOntologyId: s.targetOntologyId, ...(s.direction ? { direction: s.direction } : {}) }));
  let change: AddKeyResult['change'];
  if (existing) {
    if (existing.id !== options.issuer) {
      throw new IoaError('E_INVALID_DOCUMENT', `key id ${keyId} already belongs to issuer ${existing.id}; a key id names one key of one issuer`, { path: `$.trustedIssuers[${issuers.indexOf(existing)}].keyId` });
    }
    if (existing.publicKey.trim() !== options.publicKeyPem.trim()) {
      throw new IoaError('E_INVALID_DOCUMENT', `key id ${keyId} already names another public key of ${existing.id}; give this key its own key id (options.keyId)`, { path: `$.trustedIssuers[${issuers.indexOf(existing)}].publicKey` });
    }
    const missing = scopes.filter((s) => !existing.scopes.some((e) => sameScope(e, s)));
    existing.scopes.push(...missing);
    change = missing.length ? 'extended' : 'unchanged';
  } else {
    issuers.push({ id: options.issuer, keyId, publicKey: options.publicKeyPem, scopes: dedupeScopes(scopes) });
    change = 'added';
  }
  const next: TrustPolicyDocument = { ...policy, trustedIssuers: issuers };
  return { policy: checkTrustPolicy(next), keyId, change };
}

function dedupeScopes<S extends ScopeInput>(scopes: readonly S[]): S[] {
  return scopes.filter((s, i) => scopes.findIndex((t) => sameScope(s, t)) === i);
}

/**
 * `SOURCE:TARGET` (two absolute IRIs joined by a colon, as on the command line) or
 * `SOURCE TARGET`. IRIs hold colons of their own, so the colon meant is the one where both halves
 * are absolute IRIs with an accepted scheme; when that is not exactly one colon, the value is
 * refused with the readings found (E_USAGE), and the space form says it unambiguously.
 *
 * `option` is what the caller calls the value in its messages and as their path (the CLI's
 * `--scope`); without it the messages say "the scope", at the path `$` (the value itself).
 */
export function parseScope(value: string, direction?: ScopeDirection, option?: string): ScopeInput {
  const text = value.trim();
  const named = `${option ?? 'the scope'} "${value}"`;
  const at = { path: option ?? '$' };
  const valid = (iri: string): boolean => iri !== '' && iriProblem(iri, DEFAULT_IRI_SCHEMES) === undefined;
  const withDirection = (source: string, target: string): ScopeInput => ({ sourceOntologyId: source, targetOntologyId: target, ...(direction ? { direction } : {}) });
  const parts = text.split(/\s+/);
  if (parts.length === 2) {
    if (valid(parts[0]!) && valid(parts[1]!)) return withDirection(parts[0]!, parts[1]!);
    throw new IoaError('E_USAGE', `${named}: both ontology ids must be absolute IRIs (${DEFAULT_IRI_SCHEMES.join(', ')})`, at);
  }
  if (parts.length > 2) throw new IoaError('E_USAGE', `${named} must be SOURCE_ONTOLOGY:TARGET_ONTOLOGY (two IRIs)`, at);
  const readings: Array<[string, string]> = [];
  for (let i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) {
    const source = text.slice(0, i);
    const target = text.slice(i + 1);
    if (valid(source) && valid(target)) readings.push([source, target]);
  }
  if (readings.length === 1) return withDirection(...readings[0]!);
  if (readings.length === 0) {
    throw new IoaError('E_USAGE', `${named} must be SOURCE_ONTOLOGY:TARGET_ONTOLOGY, two absolute IRIs (${DEFAULT_IRI_SCHEMES.join(', ')}) joined by ":"`, at);
  }
  throw new IoaError('E_USAGE', `${named} can be read ${readings.length} ways (${readings.map(([s, t]) => `${s} → ${t}`).join('; ')}); separate the two IRIs with a space instead: ${option ? `${option} ` : ''}"SOURCE TARGET"`, at);
}
