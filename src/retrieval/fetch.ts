/**
 * Policy-bounded HTTP(S) retrieval (draft Section 6.1). One code path serves JSON-LD remote
 * contexts, profile loading and `alignmentRef` resolution.
 *
 * Order of checks for every URL and every redirect hop — all of them before a socket opens:
 *   allowRemote → URL form (scheme, credentials, canonical host) → trusted origin → reference
 *   depth / cycle → budget → DNS resolution → address class of every resolved address.
 * The connection then goes to the address that was checked: undici's connector receives a
 * `lookup` that returns it, so no second DNS lookup can swap in another address (DNS rebinding).
 * The body is streamed and aborted past `maxBytes`; media type and digest are checked last.
 */
import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { checkUrl, classifyAddress, literalAddress } from './address.js';
import { IoaError } from '../model/errors.js';
import { RetrievalFailure } from './failure.js';
import { matchTrustedOrigin, normaliseDigest, type RetrievalPolicy } from './policy.js';
import { RetrievalCache } from './cache.js';
import type { ResourceRevision, RetrievedResource } from './resource.js';
import { decodeUtf8 } from '../io/utf8.js';
import { readJson } from '../text/json.js';

export type { ResourceRevision, RetrievedResource } from './resource.js';

/** Per-call options. */
export interface FetchOptions {
  /** Expected digest; overrides the policy's pin for this URL. */
  expectedDigest?: string;
  /** URLs that led to this one, root first: used for maximum reference depth and cycle detection. */
  referrers?: readonly string[];
  /** Accepted media types for this call (default: the policy's). */
  acceptedMediaTypes?: readonly string[];
  /** JSON path of the reference in the caller's document, carried into the failure. */
  path?: string;
}

/** How host names are resolved; injectable so tests can point names at 127.0.0.1. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface SessionOptions {
  cache?: RetrievalCache;
  resolver?: Resolver;
  now?: () => number;
}

const defaultResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A retrieval session: one policy, one total time budget, one record of accepted revisions.
 * Create one per validation or compatibility check.
 */
export class RetrievalSession {
  readonly policy: RetrievalPolicy;
  readonly cache: RetrievalCache;
  readonly #resolver: Resolver;
  readonly #now: () => number;
  #startedAt: number | undefined;
  readonly #accepted: ResourceRevision[] = [];
  readonly #failures: RetrievalFailure[] = [];

  constructor(policy: RetrievalPolicy, options: SessionOptions = {}) {
    this.policy = policy;
    this.cache = options.cache ?? new RetrievalCache();
    this.#resolver = options.resolver ?? defaultResolver;
    this.#now = options.now ?? Date.now;
  }

  /** Revisions of every resource this session accepted, in order (results should record them). */
  get revisions(): readonly ResourceRevision[] {
    return this.#accepted;
  }

  /**
   * Every failure this session raised, in order. A consumer that turns loader errors into its
   * own findings (the envelope validator's E_CONTEXT_UNAVAILABLE) reads the causes back here.
   */
  get failures(): readonly RetrievalFailure[] {
    return this.#failures;
  }

  /** Fetch and accept one resource, or throw `RetrievalFailure`. */
  async fetch(input: string, options: FetchOptions = {}): Promise<RetrievedResource> {
    try {
      return await this.#fetch(input, options);
    } catch (error) {
      // A malformed pin or policy is the caller's input error, not an unavailable resource.
      if (error instanceof IoaError && !(error instanceof RetrievalFailure)) throw error;
      const failure = error instanceof RetrievalFailure
        ? error
        : new RetrievalFailure('connection-failed', input, `retrieval of ${input} failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
      if (options.path && !failure.location.path) failure.location.path = options.path;
      this.#failures.push(failure);
      throw failure;
    }
  }

  /** Fetch text: strict UTF-8 (a leading BOM dropped, as for local files); other bytes are malformed content. */
  async fetchText(input: string, options: FetchOptions = {}): Promise<{ text: string; resource: RetrievedResource }> {
    const resource = await this.fetch(input, options);
    try {
      return { text: decodeUtf8(resource.body, resource.finalUrl), resource };
    } catch (error) {
      throw this.#malformed(resource, `${resource.finalUrl} is not UTF-8 text: ${(error as Error).message}`, error, options);
    }
  }

  /** Fetch and parse JSON. */
  async fetchJson(input: string, options: FetchOptions = {}): Promise<{ document: unknown; resource: RetrievedResource }> {
    const { text, resource } = await this.fetchText(input, options);
    // Strict like every local document: a context or reference with a member named twice is
    // malformed, never read with whichever value came last.
    const read = readJson(text);
    if (read.ok) return { document: read.value, resource };
    const { fault } = read;
    const why = fault.kind === 'duplicate-key' ? `${fault.message} at ${fault.path} (E_DUPLICATE_KEY)` : fault.message;
    throw this.#malformed(resource, `${resource.finalUrl} is not valid JSON: ${why}`, read.cause ?? fault, options);
  }

  #malformed(resource: RetrievedResource, message: string, cause: unknown, options: FetchOptions): RetrievalFailure {
    const failure = new RetrievalFailure('malformed-content', resource.finalUrl, message, { cause, ...(options.path ? { path: options.path } : {}) });
    this.#failures.push(failure);
    return failure;
  }

  async #fetch(input: string, options: FetchOptions): Promise<RetrievedResource> {
    const policy = this.policy;
    if (!policy.allowRemote) {
      throw new RetrievalFailure('remote-disabled', input, `remote retrieval of ${input} is not permitted (policy allowRemote is false; use --allow-remote with a policy)`);
    }
    const url = checkUrl(input);
    url.hash = '';
    const href = url.href;
    this.#checkOrigin(url);

    const referrers = (options.referrers ?? []).map((r) => stripHash(r));
    if (referrers.includes(href)) {
      throw new RetrievalFailure('reference-cycle', href, `reference cycle: ${[...referrers, href].join(' → ')}`);
    }
    if (referrers.length + 1 > policy.maxDepth) {
      throw new RetrievalFailure('depth-exceeded', href, `reference depth ${referrers.length + 1} exceeds maxDepth ${policy.maxDepth}: ${[...referrers, href].join(' → ')}`);
    }

    const pin = options.expectedDigest ?? policy.pins[href] ?? policy.pins[input];
    const expected = pin === undefined ? undefined : normaliseDigest(pin);
    const cached = this.cache.get(href, expected);
    // A cache may be shared by sessions with different policies: a hit counts only if this
    // policy would have accepted it too (size, media type, where the redirects ended).
    const accepted = (options.acceptedMediaTypes ?? policy.acceptedMediaTypes).map((m) => m.toLowerCase());
    if (cached && cached.body.length <= policy.maxBytes && accepted.includes(cached.mediaType) && matchTrustedOrigin(new URL(cached.finalUrl), policy)) {
      this.#record(cached.revision);
      return cached;
    }

    // The HTTP client loads on the first fetch (~0.2 s, more on a busy machine): that is not the
    // server's time, so it happens before the timeout and the budget start counting.
    await loadUndici();
    const deadline = this.#deadline();
    const remaining = deadline - this.#now();
    if (remaining <= 0) throw new RetrievalFailure('budget-exhausted', href, `total retrieval budget of ${policy.totalBudgetMs} ms is spent`);
    const budgetBound = remaining < policy.timeoutMs;
    const limitMs = Math.min(policy.timeoutMs, remaining);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limitMs);
    const onTimeout = (hop: string): RetrievalFailure => budgetBound
      ? new RetrievalFailure('budget-exhausted', hop, `total retrieval budget of ${policy.totalBudgetMs} ms ran out while fetching ${hop}`)
      : new RetrievalFailure('timeout', hop, `fetching ${hop} took longer than ${policy.timeoutMs} ms`);
    try {
      const got = await this.#follow(url, options, controller.signal, () => timedOut, onTimeout);
      const digest = `sha256-${createHash('sha256').update(got.body).digest('base64')}`;
      if (expected !== undefined && digest !== expected) {
        throw new RetrievalFailure('digest-mismatch', got.finalUrl, `${got.finalUrl} has digest ${digest}, expected ${expected}`);
      }
      const resource: RetrievedResource = {
        url: href,
        finalUrl: got.finalUrl,
        mediaType: got.mediaType,
        body: got.body,
        revision: {
          url: href,
          finalUrl: got.finalUrl,
          digest,
          pinned: expected !== undefined,
          ...(got.etag ? { etag: got.etag } : {}),
          ...(got.lastModified ? { lastModified: got.lastModified } : {}),
          retrievedAt: new Date(this.#now()).toISOString(),
        },
      };
      this.cache.set(resource);
      this.#record(resource.revision);
      return resource;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One entry per URL + digest: a context read twice (processing, then expansion) is one revision. */
  #record(revision: ResourceRevision): void {
    if (!this.#accepted.some((r) => r.url === revision.url && r.digest === revision.digest)) this.#accepted.push(revision);
  }

  #deadline(): number {
    this.#startedAt ??= this.#now();
    return this.#startedAt + this.policy.totalBudgetMs;
  }

  #checkOrigin(url: URL): void {
    if (!matchTrustedOrigin(url, this.policy)) {
      throw new RetrievalFailure('untrusted-origin', url.href, `${url.origin} is not a trusted retrieval origin`);
    }
  }

  /** Resolve and classify; returns the one address the connection must use. */
  async #checkAddress(url: URL, isTimedOut: () => boolean, onTimeout: (hop: string) => RetrievalFailure, signal: AbortSignal): Promise<LookupAddress> {
    const origin = matchTrustedOrigin(url, this.policy);
    if (!origin) throw new RetrievalFailure('untrusted-origin', url.href, `${url.origin} is not a trusted retrieval origin`);
    const literal = literalAddress(url);
    let addresses: LookupAddress[];
    if (literal) {
      addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
    } else {
      try {
        addresses = await abortable(this.#resolver(url.hostname), signal);
      } catch (error) {
        if (isTimedOut()) throw onTimeout(url.href);
        throw new RetrievalFailure('dns-failure', url.href, `${url.hostname} did not resolve: ${(error as Error).message}`, { cause: error });
      }
      if (addresses.length === 0) throw new RetrievalFailure('dns-failure', url.href, `${url.hostname} resolved to no address`);
    }
    // Every address must pass, not just the first: a name with one public and one private
    // record must not be usable to reach the private one.
    for (const { address } of addresses) {
      if (isIP(address) === 0) throw new RetrievalFailure('dns-failure', url.href, `${url.hostname} resolved to "${address}", which is not an IP address`);
      const cls = classifyAddress(address);
      if (cls === 'public') continue;
      const named = literal !== undefined && origin.allowPrivateNetwork && cls !== 'unspecified';
      const optedIn = literal === undefined && origin.allowPrivateNetwork && cls !== 'unspecified' && cls !== 'ipv4-mapped';
      if (!named && !optedIn) {
        throw new RetrievalFailure('forbidden-address', url.href, `${url.hostname} ${literal ? 'is' : `resolves to ${address}, which is`} a ${cls} address, and the policy does not name this origin as allowed to reach it`);
      }
    }
    return addresses[0] as LookupAddress;
  }

  async #follow(start: URL, options: FetchOptions, signal: AbortSignal, isTimedOut: () => boolean, onTimeout: (hop: string) => RetrievalFailure): Promise<{ finalUrl: string; mediaType: string; body: Buffer; etag?: string; lastModified?: string }> {
    const policy = this.policy;
    const accepted = (options.acceptedMediaTypes ?? policy.acceptedMediaTypes).map((m) => m.toLowerCase());
    const seen = new Set<string>();
    let url = start;
    for (let hop = 0; ; hop++) {
      seen.add(url.href);
      const address = await this.#checkAddress(url, isTimedOut, onTimeout, signal);
      const { request } = await loadUndici();
      const agent = await pinnedAgent(address);
      try {
        let response;
        try {
          response = await request(url, {
            dispatcher: agent,
            method: 'GET',
            headers: { accept: accepted.join(', '), 'accept-encoding': 'identity' },
            signal,
          });
        } catch (error) {
          if (isTimedOut()) throw onTimeout(url.href);
          throw new RetrievalFailure('connection-failed', url.href, `could not fetch ${url.href}: ${describe(error)}`, { cause: error });
        }
        const { statusCode, headers, body } = response;
        const header = (name: string): string | undefined => {
          const v = headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        if (REDIRECTS.has(statusCode)) {
          await body.dump().catch(() => undefined);
          const location = header('location');
          if (!location) throw new RetrievalFailure('http-status', url.href, `${url.href} answered ${statusCode} without a Location`);
          if (hop + 1 > policy.maxRedirects) {
            throw new RetrievalFailure('redirect-limit', url.href, `more than ${policy.maxRedirects} redirects starting at ${start.href}`);
          }
          // Every hop is checked as if it were the first URL: form, origin, then (next turn of
          // the loop) address.
          const next = checkUrl(location, url);
          next.hash = '';
          this.#checkOrigin(next);
          if (seen.has(next.href)) throw new RetrievalFailure('redirect-loop', next.href, `redirect loop: ${[...seen, next.href].join(' → ')}`);
          url = next;
          continue;
        }
        if (statusCode < 200 || statusCode > 299) {
          await body.dump().catch(() => undefined);
          throw new RetrievalFailure('http-status', url.href, `${url.href} answered HTTP ${statusCode}`);
        }
        const mediaType = (header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
        if (!accepted.includes(mediaType)) {
          discard(body);
          throw new RetrievalFailure('media-type', url.href, `${url.href} has media type "${mediaType || '(none)'}", accepted: ${accepted.join(', ')}`);
        }
        const encoding = (header('content-encoding') ?? 'identity').trim().toLowerCase();
        if (encoding !== 'identity') {
          discard(body);
          throw new RetrievalFailure('malformed-content', url.href, `${url.href} sent content-encoding "${encoding}" although identity was requested`);
        }
        const declared = Number(header('content-length'));
        if (Number.isFinite(declared) && declared > policy.maxBytes) {
          discard(body);
          throw new RetrievalFailure('too-large', url.href, `${url.href} declares ${declared} bytes, more than maxBytes ${policy.maxBytes}`);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        try {
          for await (const chunk of body) {
            size += (chunk as Buffer).length;
            if (size > policy.maxBytes) {
              discard(body);
              throw new RetrievalFailure('too-large', url.href, `${url.href} sent more than maxBytes ${policy.maxBytes} bytes; the stream was aborted`);
            }
            chunks.push(chunk as Buffer);
          }
        } catch (error) {
          if (error instanceof RetrievalFailure) throw error;
          if (isTimedOut()) throw onTimeout(url.href);
          throw new RetrievalFailure('connection-failed', url.href, `reading ${url.href} failed: ${describe(error)}`, { cause: error });
        }
        const etag = header('etag');
        const lastModified = header('last-modified');
        return { finalUrl: url.href, mediaType, body: Buffer.concat(chunks), ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
      } finally {
        void agent.destroy().catch(() => undefined);
      }
    }
  }
}

/** Stop reading a response. undici reports the abort as an 'error' event, which is expected here. */
function discard(body: NodeJS.ReadableStream & { destroy(): unknown }): void {
  body.on('error', () => undefined);
  body.destroy();
}

let undici: Promise<typeof import('undici')> | undefined;
/**
 * undici, imported on the first fetch: ~0.2 s of start-up that commands working on local files
 * (most runs, every key and artifact command) need not pay.
 */
function loadUndici(): Promise<typeof import('undici')> {
  undici ??= import('undici');
  return undici;
}

/** An undici Agent whose connections can only go to `address` (the one the policy checked). */
async function pinnedAgent(address: LookupAddress): Promise<Agent> {
  const { Agent } = await loadUndici();
  const lookup = (_host: string, opts: { all?: boolean } | undefined, cb: (...args: unknown[]) => void): void => {
    if (opts?.all) cb(null, [{ address: address.address, family: address.family }]);
    else cb(null, address.address, address.family);
  };
  return new Agent({ connect: { lookup: lookup as never }, connections: 1, pipelining: 0, keepAliveTimeout: 1 });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e: unknown) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}

/** An error's message with its code (undici's errors carry one, e.g. UND_ERR_SOCKET). */
function describe(error: unknown): string {
  const e = error as { message?: string; code?: string } | null;
  return e?.code ? `${e.message} (${e.code})` : e?.message ?? String(error);
}

/** The URL without its fragment: fragments never change what is fetched, so caches and cycle checks ignore them. */
export function stripHash(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

/** One-shot fetch with its own session (no shared budget). Throws `RetrievalFailure`. */
export async function fetchDocument(url: string, policy: RetrievalPolicy, options: FetchOptions & SessionOptions = {}): Promise<RetrievedResource> {
  const { cache, resolver, now, ...fetchOptions } = options;
  return new RetrievalSession(policy, { ...(cache ? { cache } : {}), ...(resolver ? { resolver } : {}), ...(now ? { now } : {}) }).fetch(url, fetchOptions);
}
