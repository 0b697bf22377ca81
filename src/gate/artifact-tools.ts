/**
 * The artifact and key tooling behind `ioa-align keys` and `ioa-align artifact sign|verify`, as
 * functions: read and validate an artifact, sign it, verify it against a trust policy, write a key
 * pair, and build a validated trust policy. None of them accepts an artifact for a check: only the
 * gate (`acceptArtifacts`, inside `check`) does that.
 */
import { createPublicKey } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { makeOutputFolder, readTextFile, resolveOutput, writeFileAtomic } from '../io/files.js';
import type { DomainProfile, TrustPolicy } from '../envelope/types.js';
import { validateText, validateTrustPolicy, assertValid } from '../envelope/index.js';
import { findingsMessage, jsonFaultFinding } from '../envelope/findings.js';
import { DEFAULT_LIMITS } from '../envelope/limits.js';
import { IoaError } from '../model/errors.js';
import { jsonFaultError, readJson } from '../text/json.js';
import { readClock } from './clock.js';
import { documentOf, validateArtifact, type ValidatedArtifact } from './artifact.js';
import { acceptArtifacts } from './gate.js';
import { generateEd25519KeyPair, keyThumbprint, parsePrivateKey, signDocument, verifySignature, type ArtifactSignature, type GeneratedKeyPair } from './signature.js';


/**
 * An artifact file's JSON, nested no deeper than an artifact may (6.1): deeper text is refused as
 * the artifact validator refuses a deep value, before anything walks it.
 */
function readArtifactText(text: string, file: string): unknown {
  const read = readJson(text, 1, DEFAULT_LIMITS.maxDepth);
  if (read.ok) return read.value;
  if (read.fault.kind !== 'depth') throw jsonFaultError(read, file);
  const { line, column, path } = read.fault;
  throw new IoaError('E_INVALID_DOCUMENT', findingsMessage([jsonFaultFinding(read.fault)]), { file, ...(line !== undefined ? { line, column } : {}), path: path ?? '$' });
}

/**
 * Read (a path) or take (a parsed document) an alignment artifact and validate it (draft 7.2):
 * shape, IRIs, dates, rules. Signature and trust are not judged here.
 *
 * @param artifact - Path of an artifact JSON file, or the parsed document.
 * @returns The validated artifact (its `document` is the JSON as given).
 * @throws {@link IoaError} `E_FILE_UNREADABLE`, `E_PARSE_JSON` (not JSON, with line and column),
 *   `E_INVALID_DOCUMENT` (every error finding, the first one's JSON path as location).
 */
export async function readArtifact(artifact: string | Readonly<Record<string, unknown>> | ValidatedArtifact): Promise<ValidatedArtifact> {
  const file = typeof artifact === 'string' ? artifact : undefined;
  const json = typeof artifact === 'string' ? readArtifactText(await readTextFile(artifact, { kind: 'artifact' }), artifact) : documentOf(artifact);
  const result = validateArtifact(json);
  if (!result.ok) {
    const errors = result.findings.filter((f) => f.severity === 'error');
    throw new IoaError('E_INVALID_DOCUMENT', findingsMessage(errors), { ...(file ? { file } : {}), path: errors[0]?.path ?? '$' });
  }
  return result.value;
}

/** Options of {@link signArtifact}. */
export interface SignArtifactOptions {
  /**
   * Replace an existing signature that does not verify with the signing key (the artifact was
   * changed after it was signed, or another key signed it). Without it such an artifact is refused.
   */
  force?: boolean;
  /** Told what a forced signing replaced. */
  onWarning?: (message: string) => void;
}

/**
 * Sign an artifact with an Ed25519 private key: the signature covers the RFC 8785 canonical JSON
 * of the artifact without `signature`.
 *
 * An artifact that is already signed is signed again only when its signature verifies with the
 * signing key (the same key, the content unchanged: the same signature). A signature that does not
 * verify is never replaced silently — signing would vouch for whatever changed since, or take over
 * content someone else signed — unless `force` says so (and `onWarning` is told).
 *
 * @param artifact - Path or parsed artifact; it is validated first.
 * @param privateKeyPem - PKCS#8 PEM text of the Ed25519 private key (not a path).
 * @param keyId - Key id to record (default: the RFC 7638 thumbprint of the public key).
 * @param options - `force` to replace a signature that does not verify with this key.
 * @returns The signed artifact document.
 * @throws {@link IoaError} `E_KEY_INVALID` (not an Ed25519 PKCS#8 private key),
 *   `E_SIGNATURE_INVALID` (the artifact's signature, under the key id being recorded, does not
 *   verify over its content with this key), `E_USAGE` (it is signed by another key id, which
 *   cannot be checked here), and the errors of {@link readArtifact}.
 */
export async function signArtifact(
  artifact: string | Readonly<Record<string, unknown>> | ValidatedArtifact,
  privateKeyPem: string,
  keyId?: string,
  options: SignArtifactOptions = {},
): Promise<Record<string, unknown> & { signature: ArtifactSignature }> {
  const validated = await readArtifact(artifact);
  const privateKey = parsePrivateKey(privateKeyPem);
  const old = validated.signature;
  if (old !== undefined) {
    const publicKey = createPublicKey(privateKey);
    const newKeyId = keyId ?? keyThumbprint(publicKey);
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    if (!verifySignature(validated.signingInput, old.value, publicPem)) {
      const at = typeof artifact === 'string' ? { file: artifact, path: '$.signature' } : { path: '$.signature' };
      if (old.keyId === newKeyId) {
        if (!options.force) {
          throw new IoaError('E_SIGNATURE_INVALID', `the artifact's signature by key ${old.keyId} does not verify over its content with that key: it was changed after it was signed (or another key signed it under that id); signing it now would vouch for the change. Check it against the trust policy, then give options.force to replace the signature`, at);
        }
        options.onWarning?.(`replaced the signature by key ${old.keyId}, which does not verify over this content (options.force)`);
      } else {
        if (!options.force) {
          throw new IoaError('E_USAGE', `the artifact is already signed by key ${old.keyId}, not by the key signing it now (${newKeyId}): that signature cannot be checked here. Check it against the trust policy, then give options.force to replace it`, at);
        }
        options.onWarning?.(`replaced the signature by key ${old.keyId}, which was not checked (options.force)`);
      }
    }
  }
  return signDocument(validated.document, privateKeyPem, keyId);
}

/** What {@link verifyArtifact} found. */
export interface ArtifactVerification {
  /** True when the artifact would pass the gate's trust, signature, scope and validity checks for its own declared use (a bidirectional one: in either direction). */
  verified: boolean;
  artifactId: string;
  revision: string;
  assertedBy: string;
  /**
   * Whether the artifact carries a signature. When `verified` is true and this is false, it was
   * accepted unsigned (the policy sets `requireSignature: false`): its provenance is not verified.
   */
  signed: boolean;
  keyId: string | null;
  /** `sha256:` digest of the artifact (RFC 8785 JCS). */
  digest: string;
  /** Why not, when not verified (the gate's exclusion codes). */
  problems: Array<{ code: string; message: string }>;
}

/**
 * Check an artifact against a trust policy as the gate would for the artifact's own declared
 * use: trusted issuer and key, valid signature, issuer in scope for that direction (for a
 * bidirectional artifact, for either direction), inside its validity window. Not a compatibility
 * check: no request, profile or rule conditions are judged.
 *
 * @param artifact - Path or parsed artifact.
 * @param trust - Path, parsed JSON or validated {@link TrustPolicy}.
 * @param options - `now`: the clock (epoch ms, Date or RFC 3339; default: now).
 * @returns Whether it verified, and the problems when not.
 * @throws {@link IoaError} `E_INVALID_DOCUMENT` (artifact or trust policy invalid), `E_FILE_UNREADABLE`,
 *   `E_PARSE_JSON`, `E_USAGE` (a malformed `now`).
 */
export async function verifyArtifact(
  artifact: string | Readonly<Record<string, unknown>> | ValidatedArtifact,
  trust: string | Readonly<Record<string, unknown>> | TrustPolicy,
  options: { now?: number | Date | string } = {},
): Promise<ArtifactVerification> {
  const validated = await readArtifact(artifact);
  const policy = await readTrustPolicy(trust);
  const now = readClock(options?.now) ?? Date.now();
  const src = { ontologyId: validated.sourceOntologyId, version: validated.sourceOntologyVersion };
  const tgt = { ontologyId: validated.targetOntologyId, version: validated.targetOntologyVersion };
  // No request, so no profile constraints: only the artifact's own versions are in use.
  const profile: DomainProfile = {
    kind: 'profile', profileId: 'urn:ioa-align:artifact-verify', revision: '0', ontologies: [], versionRelations: [],
    requiredConditions: [], mappingSelection: 'none', unknownTerms: 'reject', envelopeReuse: false,
  };
  // Every direction the artifact declares: a bidirectional one verifies when the policy trusts its
  // issuer for either, as `check` accepts it in the direction a request uses it.
  const uses = [
    ...(validated.direction !== 'target-to-source' ? [{ source: src, target: tgt }] : []),
    ...(validated.direction !== 'source-to-target' ? [{ source: tgt, target: src }] : []),
  ];
  const gates = uses.map((use) => acceptArtifacts({ artifacts: [validated], trust: policy, profile, use, now }));
  const verified = gates.some((g) => g.accepted.length === 1);
  const problems = verified ? [] : [...new Map(gates.flatMap((g) => g.excluded).map((e) => [`${e.code}\u0000${e.message}`, { code: e.code, message: e.message }])).values()];
  return {
    verified,
    artifactId: validated.artifactId,
    revision: validated.revision,
    assertedBy: validated.assertedBy,
    signed: validated.signature !== undefined,
    keyId: validated.signature?.keyId ?? null,
    digest: validated.digest,
    problems,
  };
}

/**
 * A trust policy from a path, parsed JSON, or one already validated.
 *
 * @throws {@link IoaError} `E_INVALID_DOCUMENT`, `E_LIMIT_EXCEEDED`, `E_PARSE_JSON`, `E_FILE_UNREADABLE`.
 */
export async function readTrustPolicy(trust: string | Readonly<Record<string, unknown>> | TrustPolicy): Promise<TrustPolicy> {
  if (typeof trust === 'string') return assertValid<TrustPolicy>(await validateText(await readTextFile(trust, { what: 'trust policy', kind: 'document' }), { kind: 'trust' }), trust);
  // A policy validated before (createTrustPolicy's result) is validated again as its JSON form: an
  // object only claiming to be one must not reach a decision unchecked.
  if (typeof trust === 'object' && trust !== null && (trust as { kind?: unknown }).kind === 'trust') {
    const { kind: _kind, ...json } = trust as TrustPolicy;
    return createTrustPolicy(json as unknown as TrustPolicyInit);
  }
  return createTrustPolicy(trust as TrustPolicyInit);
}


/** The JSON form of a trust policy (DESIGN.md "Trust policy"). */
export interface TrustPolicyInit {
  trustedIssuers: ReadonlyArray<{
    /** Issuer IRI, as artifacts name it in `assertedBy`. */
    id: string;
    keyId: string;
    /** SPKI PEM of the issuer's Ed25519 public key. */
    publicKey: string;
    /** Directional: from `sourceOntologyId` to `targetOntologyId`; `direction: 'both'` covers the reverse too. */
    scopes: ReadonlyArray<{ sourceOntologyId: string; targetOntologyId: string; direction?: 'both' }>;
  }>;
  /** Default true. */
  requireSignature?: boolean;
  /** Default 60, at most 3600. */
  clockSkewSeconds?: number;
}

/**
 * Build a validated trust policy from plain data (e.g. a public key generated at run time).
 *
 * @param init - Trusted issuers with keys and directional scopes.
 * @returns The validated policy, ready for {@link check} and {@link verifyArtifact}. It is an
 *   in-memory form (it carries `kind: 'trust'`); to save a policy as a file `check` and
 *   `ioa-align check --trust` read, write the `init` you gave, as JSON.
 * @throws {@link IoaError} `E_INVALID_DOCUMENT` (a missing or malformed member, a key that is not
 *   an Ed25519 SPKI PEM, a relative IRI; located by JSON path), `E_LIMIT_EXCEEDED`.
 */
export function createTrustPolicy(init: TrustPolicyInit): TrustPolicy {
  return assertValid<TrustPolicy>(validateTrustPolicy(init));
}

/** Where {@link writeKeyPair} put the keys. */
export interface WrittenKeyPair {
  keyId: string;
  /** Path of private.pem (PKCS#8, mode 0600). */
  privateKey: string;
  /** Path of public.pem (SPKI). */
  publicKey: string;
}

/**
 * Generate an Ed25519 key pair for signing artifacts (in memory; see {@link writeKeyPair} for files).
 *
 * @returns PEM texts and the key id (RFC 7638 thumbprint).
 */
export function generateKeyPair(): GeneratedKeyPair {
  return generateEd25519KeyPair();
}

/**
 * Write a key pair to `dir/private.pem` (mode 0600) and `dir/public.pem`, creating `dir`.
 * Existing keys are never overwritten: losing a signing key cannot be undone.
 *
 * @param dir - Folder to write into.
 * @param pair - The pair to write (default: a new one).
 * @throws {@link IoaError} `E_WRITE_FAILED` (the folder cannot be created, a key file already
 *   exists, or a write fails; nothing is left half-written).
 */
export async function writeKeyPair(dir: string, pair?: GeneratedKeyPair): Promise<WrittenKeyPair> {
  // What is asked is checked before anything is made on disk.
  if (typeof dir !== 'string' || dir === '') throw new IoaError('E_USAGE', 'writeKeyPair needs a folder path', { path: '$.dir' });
  if (pair !== undefined && (typeof pair !== 'object' || pair === null || typeof pair.privateKeyPem !== 'string' || typeof pair.publicKeyPem !== 'string')) {
    throw new IoaError('E_USAGE', 'pair must be a key pair from generateEd25519KeyPair ({ privateKeyPem, publicKeyPem, keyId })', { path: '$.pair' });
  }
  const privatePath = join(dir, 'private.pem');
  const publicPath = join(dir, 'public.pem');
  await makeOutputFolder(dir);
  // Refuse before generating: an existing key is never overwritten.
  for (const path of [privatePath, publicPath]) await resolveOutput(path, { exclusive: true });
  const keys = pair ?? generateEd25519KeyPair();
  // Each file appears whole or not at all; a public key that cannot be written takes the new
  // private key with it, so a rerun starts clean.
  await writeFileAtomic(privatePath, keys.privateKeyPem, { exclusive: true, mode: 0o600 });
  try {
    await writeFileAtomic(publicPath, keys.publicKeyPem, { exclusive: true, mode: 0o644 });
  } catch (error) {
    await unlink(privatePath).catch(() => undefined);
    throw error;
  }
  return { keyId: keys.keyId, privateKey: privatePath, publicKey: publicPath };
}

/** What says who wrote an artifact and that it is unchanged (not its scope or validity window). */
const PROVENANCE_PROBLEMS = new Set(['UNTRUSTED_ISSUER', 'UNTRUSTED_KEY', 'SIGNATURE_MISSING', 'SIGNATURE_INVALID']);

/** How a caller names the inputs of {@link checkArtifactToCarry} in its messages: CLI flags or library options. */
export interface CarryInputNames {
  /** The artifact (a file name, or "the artifact"). */
  artifact: string;
  /** How to give a trust policy (`--trust T`, `options.trust`). */
  trust: string;
  /** How to skip the check (`--unverified`, `options.unverified: true`). */
  unverified: string;
  /** Where a usage error points (`--trust`, `$.trust`). */
  trustPath: string;
  /** The trust policy as named in a message (its file, or "the trust policy"). */
  policy: string;
  /** The artifact's file, where it was read from one: the location of a signature that does not verify. */
  file?: string;
}

/**
 * Whether the rules of an artifact may be carried into a next revision without a reviewer (an
 * upgrade): a signed artifact's signature must verify with a key the trust policy lists for its
 * issuer — its scopes and validity window are not asked, since the new revision is signed and
 * judged on its own — or the caller must say to take the file's word.
 *
 * @returns What to tell the user: a warning (unsigned, or not checked) or the verification.
 * @throws {@link IoaError} `E_USAGE` (a signed artifact, and neither a trust policy nor the word
 *   to skip the check), `E_SIGNATURE_INVALID` (it does not verify: nothing may be carried), and
 *   the errors of {@link readTrustPolicy}.
 */
export async function checkArtifactToCarry(
  artifact: ValidatedArtifact,
  trust: string | Readonly<Record<string, unknown>> | TrustPolicy | undefined,
  unverified: boolean,
  names: CarryInputNames,
): Promise<{ warning?: string; verified?: string }> {
  const rules = `${artifact.mappingRules.length} rule(s)`;
  if (trust === undefined) {
    if (artifact.signature === undefined) return { warning: `the artifact is unsigned: nothing vouches for its rules; the ${rules} are carried as the file states them` };
    if (unverified) return { warning: `the signature by key ${artifact.signature.keyId} was not checked (${names.unverified}): the ${rules} are carried on the file's word` };
    throw new IoaError('E_USAGE', `${names.artifact} is signed (key ${artifact.signature.keyId}): the rules an upgrade carries reach the next revision unreviewed, so its signature is verified first. Give ${names.trust} (a trust policy listing the issuer's key), or ${names.unverified} to carry the rules on the file's word`, { path: names.trustPath });
  }
  const report = await verifyArtifact(artifact, trust);
  const problems = report.problems.filter((p) => PROVENANCE_PROBLEMS.has(p.code));
  if (problems.length > 0) {
    throw new IoaError('E_SIGNATURE_INVALID', `${names.artifact} does not verify against ${names.policy}, so none of its rules is carried: ${problems.map((p) => `${p.code}: ${p.message}`).join('; ')}`, names.file !== undefined ? { file: names.file } : {});
  }
  if (artifact.signature === undefined) return { warning: `the artifact is unsigned (accepted only because ${names.policy} sets requireSignature: false): nothing vouches for its rules; the ${rules} are carried as the file states them` };
  return { verified: `signature by key ${artifact.signature.keyId} verified against ${names.policy} (issuer ${artifact.assertedBy})` };
}
