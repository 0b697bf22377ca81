/**
 * Canonical bytes and digests. Every signature and every cache key in the gate is computed over
 * RFC 8785 (JCS) canonical JSON, so two documents that differ only in member order or number
 * spelling sign and hash alike, and any semantic change changes the digest (S5).
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { IoaError } from '../model/errors.js';
import { childPath } from '../text/json.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The JSON path of the first string or number in `value` that JSON cannot represent, if any. */
function unrepresentable(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (typeof value !== 'object' || value === null) return undefined;
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, child] of entries) {
    if (typeof key === 'string' && LONE_SURROGATE.test(key)) return childPath(path, key);
    const found = unrepresentable(child, childPath(path, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * RFC 8785 canonical JSON of a JSON value. Throws for values JSON cannot represent, with the JSON
 * path of the first such value (a lone surrogate in a string, NaN, an infinite number).
 */
export function jcs(value: unknown): string {
  let text: string | undefined;
  try {
    text = canonicalize(value);
  } catch (error) {
    const path = unrepresentable(value, '$');
    throw new IoaError('E_INVALID_DOCUMENT', `value cannot be canonicalised (RFC 8785): ${(error as Error).message}`, path === undefined ? {} : { path }, { cause: error });
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

const snapshotMemo = new WeakMap<object, { snapshot: string; digest: string }>();

/**
 * JCS digest of a plain JSON object that a caller COULD change in place (validated documents are
 * ordinary objects). The JCS digest is reused only while the object's `JSON.stringify` snapshot —
 * native and several times cheaper than canonicalisation — is unchanged, so an in-place change is
 * always noticed and a stale digest can never reach the revalidation cache (S5).
 */
export function checkedDigest(value: object): string {
  const snapshot = JSON.stringify(value);
  const memo = snapshotMemo.get(value);
  if (memo && memo.snapshot === snapshot) return memo.digest;
  const digest = jsonDigest(value);
  snapshotMemo.set(value, { snapshot, digest });
  return digest;
}
