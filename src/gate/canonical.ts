/**
 * Canonical bytes and digests. Every signature and every cache key in the gate is computed over
 * RFC 8785 (JCS) canonical JSON, so two documents that differ only in member order or number
 * spelling sign and hash alike, and any semantic change changes the digest (S5).
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { IoaError } from '../model/errors.js';

/** RFC 8785 canonical JSON of a JSON value. Throws for values JSON cannot represent. */
export function jcs(value: unknown): string {
  let text: string | undefined;
  try {
    text = canonicalize(value);
  } catch (error) {
    throw new IoaError('E_INVALID_DOCUMENT', `value cannot be canonicalised (RFC 8785): ${(error as Error).message}`, {}, { cause: error });
  }
  if (text === undefined) throw new IoaError('E_INVALID_DOCUMENT', 'value cannot be canonicalised (RFC 8785): not a JSON value');
  return text;
}

/** `sha256:<hex>` of a UTF-8 string or bytes. */
export function sha256(data: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

/** `sha256:<hex>` of the JCS form of a JSON value. */
export function jsonDigest(value: unknown): string {
  return sha256(jcs(value));
}

const memo = new WeakMap<object, string>();

/**
 * Digest of an immutable input object, memoised by identity: warm checks hash each input once.
 * Callers must not mutate documents after validation (validated values are treated as frozen);
 * a changed document is a new object and gets a new digest.
 */
export function memoDigest(value: object, compute: () => string = () => jsonDigest(value)): string {
  let digest = memo.get(value);
  if (digest === undefined) {
    digest = compute();
    memo.set(value, digest);
  }
  return digest;
}
