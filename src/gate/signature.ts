/**
 * Ed25519 keys and artifact signatures (DESIGN.md "Trust policy"). A signature is
 * `{"alg": "Ed25519", "keyId", "value": base64url}` over the RFC 8785 canonical JSON of the
 * artifact without its `signature` member. Verifying a signature proves integrity only; whether
 * the signer may assert the mapping is the trust policy's decision (Section 7.2).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { IoaError } from '../model/errors.js';
import { jcs } from './canonical.js';

/** The only signature algorithm the gate accepts. */
export const SIGNATURE_ALG = 'Ed25519';

/** The `signature` member of a signed artifact. */
export interface ArtifactSignature {
  alg: typeof SIGNATURE_ALG;
  /** Identifies the issuer key (matched against the trust policy's `keyId`). */
  keyId: string;
  /** base64url (no padding) of the 64-byte Ed25519 signature. */
  value: string;
}

/** A freshly generated key pair, PEM encoded. */
export interface GeneratedKeyPair {
  /** PKCS#8 PEM; keep it secret. */
  privateKeyPem: string;
  /** SPKI PEM, the form trust policies carry. */
  publicKeyPem: string;
  /** RFC 7638 JWK thumbprint of the public key (base64url SHA-256), a stable default key id. */
  keyId: string;
}

export function generateEd25519KeyPair(): GeneratedKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem,
    keyId: keyThumbprint(publicKey),
  };
}

/** RFC 7638 thumbprint: SHA-256 over the canonical `{crv, kty, x}` JWK, base64url. */
export function keyThumbprint(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' }) as { crv?: string; kty?: string; x?: string };
  const members = jcs({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(members).digest('base64url');
}

const publicKeys = new Map<string, KeyObject>();

/**
 * What keeps `pem` from being one plain PEM block labelled `label` (surrounding whitespace and
 * CRLF line ends aside), or undefined. OpenSSL reads past what this refuses: it takes the first
 * of several blocks, skips text around them, and for a block with `Proc-Type: 4,ENCRYPTED`
 * headers asks for a pass phrase on the terminal, where a run then waits for input.
 */
export function pemBlockProblem(pem: string, label: 'PUBLIC KEY' | 'PRIVATE KEY'): string | undefined {
  const text = pem.trim();
  const blocks = [...text.matchAll(/-----BEGIN ([^\r\n]*?)-----/g)].map((m) => m[1]!);
  if (blocks.length === 0) return `it has no "-----BEGIN ${label}-----" line`;
  if (blocks.length > 1) return `it holds ${blocks.length} PEM blocks (${blocks.join(', ')}), and which key is meant would be a guess`;
  if (blocks[0] !== label) return blocks[0]!.startsWith('ENCRYPTED ') ? `it is an encrypted key ("${blocks[0]}"); ioa-align reads unencrypted keys only` : `it is a "${blocks[0]}" block, not "${label}"`;
  const block = new RegExp(`^-----BEGIN ${label}-----\\r?\\n([^]*?)\\r?\\n?-----END ${label}-----$`).exec(text);
  if (!block) return `it has text outside its "-----BEGIN ${label}-----" block`;
  const headers = [...block[1]!.matchAll(/^([A-Za-z][A-Za-z0-9-]*):/gm)].map((m) => m[1]!);
  if (headers.length > 0) return `it has header lines (${headers.join(', ')}: an encrypted or annotated PEM)`;
  if (!/^[A-Za-z0-9+/=\r\n]+$/.test(block[1]!)) return 'its body is not base64 text';
  return undefined;
}

/** Parse an SPKI PEM public key and require Ed25519. Parsed keys are memoised by PEM text. */
export function parsePublicKey(pem: string, where = 'public key'): KeyObject {
  const cached = publicKeys.get(pem);
  if (cached) return cached;
  // createPublicKey derives the public half from a private key without a word: a private key
  // given where a public one belongs would then be copied into a trust policy and shared.
  if (/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(pem)) {
    throw new IoaError('E_KEY_INVALID', `${where} is a private key: give the public key (public.pem beside it, from \`ioa-align keys generate\`); a private key is never put in a trust policy`);
  }
  const problem = pemBlockProblem(pem, 'PUBLIC KEY');
  if (problem !== undefined) throw new IoaError('E_KEY_INVALID', `${where} is not a plain PEM (SPKI) public key: ${problem}; give the public.pem \`ioa-align keys generate\` wrote`);
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch (error) {
    throw new IoaError('E_KEY_INVALID', `${where} is not a PEM (SPKI) public key: ${(error as Error).message}`, {}, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new IoaError('E_KEY_INVALID', `${where} is a ${key.asymmetricKeyType ?? 'unknown'} key; only Ed25519 is accepted`);
  }
  publicKeys.set(pem, key);
  return key;
}

/** Parse a PKCS#8 PEM private key (one plain block) and require Ed25519. */
export function parsePrivateKey(pem: string, where = 'private key'): KeyObject {
  const problem = pemBlockProblem(pem, 'PRIVATE KEY');
  if (problem !== undefined) throw new IoaError('E_KEY_INVALID', `${where} is not a PEM (PKCS#8) private key: ${problem}; give the private.pem \`ioa-align keys generate\` wrote`);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch (error) {
    throw new IoaError('E_KEY_INVALID', `${where} is not a PEM (PKCS#8) private key: ${(error as Error).message}`, {}, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new IoaError('E_KEY_INVALID', `${where} is a ${key.asymmetricKeyType ?? 'unknown'} key; only Ed25519 is accepted`);
  }
  return key;
}

/** The bytes that are signed: JCS of the document with its `signature` member removed. */
export function signingInput(document: Readonly<Record<string, unknown>>): string {
  const { signature: _ignored, ...unsigned } = document;
  return jcs(unsigned);
}

/** Sign a JSON artifact document; returns a new document whose `signature` replaces any old one. */
export function signDocument(
  document: Readonly<Record<string, unknown>>,
  privateKeyPem: string,
  keyId?: string,
): Record<string, unknown> & { signature: ArtifactSignature } {
  const key = parsePrivateKey(privateKeyPem);
  const value = sign(null, Buffer.from(signingInput(document), 'utf8'), key).toString('base64url');
  const signature: ArtifactSignature = { alg: SIGNATURE_ALG, keyId: keyId ?? keyThumbprint(createPublicKey(key)), value };
  const { signature: _old, ...rest } = document;
  return { ...rest, signature };
}

/**
 * The bytes of canonical unpadded base64url text, or `undefined`. Node's decoder is lenient: it
 * skips padding and stray characters and ignores the unused low bits of the last character, so
 * 16 spellings of a 64-byte signature decode alike. Only the one spelling that re-encodes to
 * itself is accepted, so a signature value cannot be altered and still verify.
 */
export function decodeBase64url(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/**
 * True when `signatureValue` is the canonical base64url of a valid Ed25519 signature of `input`
 * under the key; any other spelling of the same bytes does not verify.
 */
export function verifySignature(input: string, signatureValue: string, publicKeyPem: string): boolean {
  const key = parsePublicKey(publicKeyPem);
  const bytes = decodeBase64url(signatureValue);
  if (bytes === undefined || bytes.length !== 64) return false;
  return verify(null, Buffer.from(input, 'utf8'), key, bytes);
}
