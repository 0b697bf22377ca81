/**
 * The retrieval policy a binding must define before it permits remote contexts or
 * alignment/profile references (draft Section 6.1): trusted sources, time and size budgets,
 * maximum reference depth, redirect handling, accepted media types and a way to pin the accepted
 * revision. It is the `retrieval` member of a domain profile, or a file given with `--policy`.
 *
 * Off unless `allowRemote` is true; every other member has a conservative default.
 */
import { IoaError } from '../model/errors.js';

/** One trusted source: a URL prefix of scheme + host + port (and optionally a path prefix). */
export interface TrustedOrigin {
  /** Normalised prefix, e.g. `https://contexts.example.org:443/ioa/`. */
  prefix: string;
  protocol: 'http:' | 'https:';
  hostname: string;
  /** Effective port (default port filled in). */
  port: number;
  /** Path prefix, always ending in `/` (a bare origin gives `/`). */
  pathPrefix: string;
  /**
   * Whether this origin may resolve to a non-public address (loopback, private, …). True when
   * the prefix names an IP literal (the operator named that address explicitly) or when the
   * entry says `"allowPrivateNetwork": true`; false for every other host name.
   */
  allowPrivateNetwork: boolean;
}

/** A validated retrieval policy. Construct with `parseRetrievalPolicy` or `retrievalPolicy`. */
export interface RetrievalPolicy {
  allowRemote: boolean;
  trustedOrigins: TrustedOrigin[];
  /** Per fetch (including redirects of that fetch), milliseconds. */
  timeoutMs: number;
  /** All fetches of one retrieval session together, milliseconds. */
  totalBudgetMs: number;
  /** Largest body accepted; the stream is aborted past it. */
  maxBytes: number;
  /** Longest reference chain (a document fetched because another fetched document referenced it). 1 = no nested references. */
  maxDepth: number;
  /** Redirect hops per fetch; every hop is re-checked against the whole policy. */
  maxRedirects: number;
  /** Accepted `type/subtype` values, lower case. */
  acceptedMediaTypes: string[];
  /** Expected digests (`sha256-<base64>` or `sha256-<hex>`) by exact URL: pins the accepted revision. */
  pins: Record<string, string>;
}

export const DEFAULT_POLICY: Readonly<RetrievalPolicy> = Object.freeze({
  allowRemote: false,
  trustedOrigins: [],
  timeoutMs: 5_000,
  totalBudgetMs: 15_000,
  maxBytes: 1_048_576,
  maxDepth: 3,
  maxRedirects: 3,
  acceptedMediaTypes: ['application/ld+json', 'application/json'],
  pins: {},
});

const MEMBERS = new Set(['allowRemote', 'trustedOrigins', 'timeoutMs', 'totalBudgetMs', 'maxBytes', 'maxDepth', 'maxRedirects', 'acceptedMediaTypes', 'pins']);
const LIMITS: Record<string, [number, number]> = {
  timeoutMs: [1, 600_000],
  totalBudgetMs: [1, 3_600_000],
  maxBytes: [1, 1_073_741_824],
  maxDepth: [1, 64],
  maxRedirects: [0, 20],
};
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const DIGEST = /^sha256-(?:[A-Za-z0-9+/]{43}=|[0-9a-f]{64})$/;

function bad(message: string, path: string, file?: string): IoaError {
  return new IoaError('E_RETRIEVAL_POLICY', message, file ? { path, file } : { path });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parse one trusted-origin entry (`"https://host[:port][/path/]"` or `{prefix, allowPrivateNetwork?}`). */
export function parseTrustedOrigin(entry: unknown, path = '$', file?: string): TrustedOrigin {
  let prefix: unknown = entry;
  let allowPrivate: boolean | undefined;
  if (isObject(entry)) {
    for (const key of Object.keys(entry)) {
      if (key !== 'prefix' && key !== 'allowPrivateNetwork') throw bad(`unknown member "${key}" in trusted origin`, `${path}.${key}`, file);
    }
    prefix = entry.prefix;
    if (entry.allowPrivateNetwork !== undefined) {
      if (typeof entry.allowPrivateNetwork !== 'boolean') throw bad('allowPrivateNetwork must be a boolean', `${path}.allowPrivateNetwork`, file);
      allowPrivate = entry.allowPrivateNetwork;
    }
    path = `${path}.prefix`;
  }
  if (typeof prefix !== 'string' || prefix === '') throw bad('a trusted origin must be a non-empty URL string', path, file);
  let url: URL;
  try {
    url = new URL(prefix);
  } catch {
    throw bad(`trusted origin "${prefix}" is not an absolute URL`, path, file);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`trusted origin "${prefix}" must be http: or https:`, path, file);
  if (url.username || url.password) throw bad(`trusted origin "${prefix}" must not carry credentials`, path, file);
  if (url.search || url.hash || prefix.includes('?') || prefix.includes('#')) throw bad(`trusted origin "${prefix}" must not have a query or fragment`, path, file);
  // The prefix is matched against parsed URLs, so it must itself be written canonically: an
  // operator who writes 127.1 would otherwise trust 127.0.0.1 without having named it.
  const rawHost = /^[a-z]+:\/\/([^/?#]*)/i.exec(prefix)?.[1]?.replace(/:\d+$/, '').toLowerCase();
  if (rawHost !== url.hostname) throw bad(`trusted origin "${prefix}" must name its host canonically (as "${url.hostname}")`, path, file);
  const protocol = url.protocol;
  const port = url.port ? Number(url.port) : protocol === 'https:' ? 443 : 80;
  const pathPrefix = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  const isIpLiteral = /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) || url.hostname.startsWith('[');
  return {
    prefix: `${protocol}//${url.hostname}:${port}${pathPrefix}`,
    protocol,
    hostname: url.hostname,
    port,
    pathPrefix,
    allowPrivateNetwork: allowPrivate ?? isIpLiteral,
  };
}

/** Normalise a pinned digest to `sha256-<base64>`; throws on any other form. */
export function normaliseDigest(value: unknown, path = '$', file?: string): string {
  if (typeof value !== 'string' || !DIGEST.test(value)) {
    throw bad('a digest must be "sha256-" followed by 44 base64 characters or 64 lower-case hex digits', path, file);
  }
  const body = value.slice('sha256-'.length);
  return body.length === 64 ? `sha256-${Buffer.from(body, 'hex').toString('base64')}` : value;
}

/**
 * Validate a policy document (unknown members are errors, Section 5.4 spirit: closed-set
 * validation). Absent members take DEFAULT_POLICY values. `path` is the JSON path of the policy
 * inside its document (e.g. `$.retrieval` in a profile).
 */
export function parseRetrievalPolicy(input: unknown, path = '$', file?: string): RetrievalPolicy {
  if (!isObject(input)) throw bad('a retrieval policy must be a JSON object', path, file);
  for (const key of Object.keys(input)) {
    if (!MEMBERS.has(key)) throw bad(`unknown member "${key}" in retrieval policy`, `${path}.${key}`, file);
  }
  const policy: RetrievalPolicy = { ...DEFAULT_POLICY, trustedOrigins: [], acceptedMediaTypes: [...DEFAULT_POLICY.acceptedMediaTypes], pins: {} };
  if (input.allowRemote !== undefined) {
    if (typeof input.allowRemote !== 'boolean') throw bad('allowRemote must be a boolean', `${path}.allowRemote`, file);
    policy.allowRemote = input.allowRemote;
  }
  if (input.trustedOrigins !== undefined) {
    if (!Array.isArray(input.trustedOrigins)) throw bad('trustedOrigins must be an array', `${path}.trustedOrigins`, file);
    policy.trustedOrigins = input.trustedOrigins.map((o, i) => parseTrustedOrigin(o, `${path}.trustedOrigins[${i}]`, file));
  }
  for (const [key, [min, max]] of Object.entries(LIMITS)) {
    const v = input[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw bad(`${key} must be an integer from ${min} to ${max}`, `${path}.${key}`, file);
    (policy as unknown as Record<string, number>)[key] = v;
  }
  if (input.acceptedMediaTypes !== undefined) {
    const list = input.acceptedMediaTypes;
    if (!Array.isArray(list) || list.length === 0) throw bad('acceptedMediaTypes must be a non-empty array', `${path}.acceptedMediaTypes`, file);
    policy.acceptedMediaTypes = list.map((m, i) => {
      if (typeof m !== 'string' || !MEDIA_TYPE.test(m.toLowerCase())) throw bad('a media type must be "type/subtype" without parameters', `${path}.acceptedMediaTypes[${i}]`, file);
      return m.toLowerCase();
    });
  }
  if (input.pins !== undefined) {
    if (!isObject(input.pins)) throw bad('pins must be an object of URL → digest', `${path}.pins`, file);
    for (const [url, digest] of Object.entries(input.pins)) {
      try {
        new URL(url);
      } catch {
        throw bad(`pinned URL "${url}" is not absolute`, `${path}.pins`, file);
      }
      policy.pins[url] = normaliseDigest(digest, `${path}.pins[${JSON.stringify(url)}]`, file);
    }
  }
  if (policy.totalBudgetMs < policy.timeoutMs) throw bad('totalBudgetMs must not be smaller than timeoutMs', `${path}.totalBudgetMs`, file);
  return policy;
}

/** Build a policy in code (tests, library callers): same validation as a policy file. */
export function retrievalPolicy(input: Record<string, unknown>): RetrievalPolicy {
  return parseRetrievalPolicy(input);
}

/** The trusted origin that admits `url`, if any (scheme, host, port equal; path under the prefix). */
export function matchTrustedOrigin(url: URL, policy: RetrievalPolicy): TrustedOrigin | undefined {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return policy.trustedOrigins.find((o) => o.protocol === url.protocol && o.hostname === url.hostname && o.port === port
    && (o.pathPrefix === '/' || url.pathname.startsWith(o.pathPrefix)));
}
