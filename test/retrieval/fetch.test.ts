/**
 * Policy-bounded retrieval against real HTTP servers on 127.0.0.1 (draft Section 6.1; S4 of
 * Section 12.5: every failure is RESOURCE_UNAVAILABLE with its cause, and Indeterminate).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RetrievalCache, RetrievalFailure, RetrievalSession, fetchDocument, retrievalPolicy, type RetrievalCause, type RetrievalPolicy,
} from '../../src/retrieval/index.js';
import { jsonld, redirect, startServer, type TestServer } from './server.js';

const CONTEXT = { '@context': { ioa: 'https://example.org/ioa/semantic#', term: 'ioa:term' } };
const CONTEXT_TEXT = JSON.stringify(CONTEXT);
const sri = (text: string): string => `sha256-${createHash('sha256').update(text).digest('base64')}`;

let main: TestServer;
let other: TestServer;

beforeAll(async () => {
  other = await startServer({ '/x': jsonld(CONTEXT) });
  main = await startServer({
    '/ctx.jsonld': jsonld(CONTEXT),
    '/plain.json': jsonld(CONTEXT, 'application/json; charset=utf-8'),
    '/html': (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
    '/no-type': (_q, res) => res.end('{}'),
    '/missing': (_q, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{}'),
    '/redirect-ok': redirect('/ctx.jsonld'),
    '/redirect-out': redirect(() => `${other.origin}/x`),
    '/redirect-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/redirect-file': redirect('file:///etc/passwd'),
    '/redirect-short': redirect((s) => `http://127.1:${s.port}/ctx.jsonld`),
    '/loop-a': redirect('/loop-b', 301),
    '/loop-b': redirect('/loop-a', 307),
    '/hop1': redirect('/hop2'),
    '/hop2': redirect('/hop3'),
    '/hop3': redirect('/hop4'),
    '/hop4': redirect('/ctx.jsonld'),
    '/slow-headers': async (_q, res) => {
      await new Promise((r) => setTimeout(r, 1_500));
      if (!res.destroyed) jsonld(CONTEXT)(_q, res, main);
    },
    '/slow-body': (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/ld+json' });
      res.write('{"@context":');
      const t = setTimeout(() => res.end('{}}'), 1_500);
      res.on('close', () => clearTimeout(t));
    },
    '/delay-150': async (_q, res) => {
      await new Promise((r) => setTimeout(r, 150));
      if (!res.destroyed) jsonld(CONTEXT)(_q, res, main);
    },
    '/big-declared': (_q, res) => {
      const text = JSON.stringify({ '@context': {}, pad: 'x'.repeat(5_000) });
      res.writeHead(200, { 'content-type': 'application/ld+json', 'content-length': Buffer.byteLength(text) }).end(text);
    },
    // Chunked, no length, never ends on its own: only an aborting client finishes this test.
    '/endless': (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/ld+json' });
      res.write('{"@context":{},"pad":"');
      const t = setInterval(() => res.write('x'.repeat(1_024)), 1);
      res.on('close', () => clearInterval(t));
    },
  });
});

afterAll(async () => {
  await main.close();
  await other.close();
});

const policyFor = (extra: Record<string, unknown> = {}): RetrievalPolicy => retrievalPolicy({
  allowRemote: true,
  trustedOrigins: [main.origin],
  // Generous: only the timeout tests time out, with their own short limits; a loaded machine
  // must not turn a redirect or size test into a timeout.
  timeoutMs: 4_000,
  totalBudgetMs: 5_000,
  maxBytes: 2_048,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<RetrievalFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RetrievalFailure) return error;
    throw error;
  }
  throw new Error('expected a RetrievalFailure, got a resource');
}

/** Each failure is RESOURCE_UNAVAILABLE with its cause and an Indeterminate outcome (S4, 7.1). */
function expectUnavailable(f: RetrievalFailure, cause: RetrievalCause): void {
  expect(f.reason).toBe(cause);
  expect(f.code).toBe('E_RETRIEVAL');
  const outcome = f.toOutcome();
  expect(outcome.outcome).toBe('Indeterminate');
  expect(outcome.reasons).toEqual([expect.objectContaining({ code: 'RESOURCE_UNAVAILABLE', cause })]);
}

describe('allowed fetches', () => {
  it('fetches a trusted context and records its revision (digest of the bytes served)', async () => {
    const got = await fetchDocument(`${main.origin}/ctx.jsonld`, policyFor());
    expect(got.mediaType).toBe('application/ld+json');
    expect(JSON.parse(got.body.toString())).toEqual(CONTEXT);
    expect(got.revision.digest).toBe(sri(CONTEXT_TEXT));
    expect(got.revision.pinned).toBe(false);
    expect(got.revision.finalUrl).toBe(`${main.origin}/ctx.jsonld`);
  });

  it('accepts a media type with parameters and follows a same-origin redirect', async () => {
    expect((await fetchDocument(`${main.origin}/plain.json`, policyFor())).mediaType).toBe('application/json');
    const got = await fetchDocument(`${main.origin}/redirect-ok`, policyFor());
    expect(got.url).toBe(`${main.origin}/redirect-ok`);
    expect(got.finalUrl).toBe(`${main.origin}/ctx.jsonld`);
  });

  it('accepts the pinned revision (sha256 digest, base64 or hex) and marks it pinned', async () => {
    const hex = `sha256-${createHash('sha256').update(CONTEXT_TEXT).digest('hex')}`;
    const a = await fetchDocument(`${main.origin}/ctx.jsonld`, policyFor({ pins: { [`${main.origin}/ctx.jsonld`]: hex } }));
    expect(a.revision).toMatchObject({ pinned: true, digest: sri(CONTEXT_TEXT) });
  });
});

describe('refusals and failures (each: RESOURCE_UNAVAILABLE, Indeterminate)', () => {
  it('remote retrieval is off by default', async () => {
    const before = main.connections;
    expectUnavailable(await failure(fetchDocument(`${main.origin}/ctx.jsonld`, retrievalPolicy({}))), 'remote-disabled');
    expect(main.connections).toBe(before);
  });

  it('refuses an origin that is not trusted: another port, and a path outside the prefix', async () => {
    const before = other.connections;
    expectUnavailable(await failure(fetchDocument(`${other.origin}/x`, policyFor())), 'untrusted-origin');
    expect(other.connections).toBe(before);
    const narrow = policyFor({ trustedOrigins: [`${main.origin}/contexts/`] });
    const m = main.connections;
    expectUnavailable(await failure(fetchDocument(`${main.origin}/ctx.jsonld`, narrow)), 'untrusted-origin');
    expectUnavailable(await failure(fetchDocument(`${main.origin}/contexts-evil/x`, narrow)), 'untrusted-origin');
    expect(main.connections).toBe(m);
  });

  it('re-checks every redirect hop: a redirect to an untrusted host never reaches it', async () => {
    const before = other.connections;
    expectUnavailable(await failure(fetchDocument(`${main.origin}/redirect-out`, policyFor())), 'untrusted-origin');
    expect(other.connections).toBe(before);
    expectUnavailable(await failure(fetchDocument(`${main.origin}/redirect-metadata`, policyFor())), 'untrusted-origin');
    expectUnavailable(await failure(fetchDocument(`${main.origin}/redirect-file`, policyFor())), 'unsupported-scheme');
    expectUnavailable(await failure(fetchDocument(`${main.origin}/redirect-short`, policyFor())), 'non-canonical-host');
  });

  it('a redirect to a trusted origin is followed, then that hop is held to the same rules', async () => {
    const both = policyFor({ trustedOrigins: [main.origin, other.origin] });
    expect((await fetchDocument(`${main.origin}/redirect-out`, both)).finalUrl).toBe(`${other.origin}/x`);
  });

  it('detects a redirect loop', async () => {
    const f = await failure(fetchDocument(`${main.origin}/loop-a`, policyFor({ maxRedirects: 10 })));
    expectUnavailable(f, 'redirect-loop');
    expect(f.message).toContain('/loop-b');
  });

  it('enforces the redirect limit', async () => {
    expectUnavailable(await failure(fetchDocument(`${main.origin}/hop1`, policyFor({ maxRedirects: 2 }))), 'redirect-limit');
    expect((await fetchDocument(`${main.origin}/hop1`, policyFor({ maxRedirects: 4 }))).finalUrl).toBe(`${main.origin}/ctx.jsonld`);
  });

  it('times out a server that is slow to answer, and one that stalls mid-body', async () => {
    const t0 = Date.now();
    expectUnavailable(await failure(fetchDocument(`${main.origin}/slow-headers`, policyFor({ timeoutMs: 200 }))), 'timeout');
    expectUnavailable(await failure(fetchDocument(`${main.origin}/slow-body`, policyFor({ timeoutMs: 200 }))), 'timeout');
    expect(Date.now() - t0).toBeLessThan(1_400); // both gave up well before the server's 1.5 s
  });

  it('spends one total budget across the fetches of a session', async () => {
    // The budget leaves the first fetch (150 ms) room on a busy machine; what it leaves after it
    // is under the timeout, so the slow second fetch ends on the budget, before its 1.5 s.
    const session = new RetrievalSession(policyFor({ timeoutMs: 1_000, totalBudgetMs: 1_000 }));
    await session.fetch(`${main.origin}/delay-150`);
    const f = await failure(session.fetch(`${main.origin}/slow-headers`));
    expectUnavailable(f, 'budget-exhausted');
  });

  it('refuses a body larger than maxBytes, declared or streamed, and aborts the stream', async () => {
    expectUnavailable(await failure(fetchDocument(`${main.origin}/big-declared`, policyFor())), 'too-large');
    const aborted = main.abortedResponses;
    expectUnavailable(await failure(fetchDocument(`${main.origin}/endless`, policyFor({ maxBytes: 8_192, timeoutMs: 5_000 }))), 'too-large');
    await new Promise((r) => setTimeout(r, 50));
    expect(main.abortedResponses).toBeGreaterThan(aborted);
  });

  it('refuses a media type the policy does not accept, and a response without one', async () => {
    expectUnavailable(await failure(fetchDocument(`${main.origin}/html`, policyFor())), 'media-type');
    expectUnavailable(await failure(fetchDocument(`${main.origin}/no-type`, policyFor())), 'media-type');
    expectUnavailable(await failure(fetchDocument(`${main.origin}/plain.json`, policyFor({ acceptedMediaTypes: ['application/ld+json'] }))), 'media-type');
  });

  it('refuses bytes whose digest differs from the pinned revision', async () => {
    const wrong = sri('another revision');
    const f = await failure(fetchDocument(`${main.origin}/ctx.jsonld`, policyFor(), { expectedDigest: wrong }));
    expectUnavailable(f, 'digest-mismatch');
    expect(f.message).toContain(sri(CONTEXT_TEXT));
  });

  it('a malformed expected digest is the caller\'s error (E_RETRIEVAL_POLICY), not an unavailable resource', async () => {
    await expect(fetchDocument(`${main.origin}/ctx.jsonld`, policyFor(), { expectedDigest: 'sha1-abc' })).rejects.toMatchObject({ code: 'E_RETRIEVAL_POLICY' });
  });

  it('reports a non-2xx status', async () => {
    expectUnavailable(await failure(fetchDocument(`${main.origin}/missing`, policyFor())), 'http-status');
  });

  it('detects a reference cycle and a reference chain deeper than maxDepth', async () => {
    const session = new RetrievalSession(policyFor({ maxDepth: 2 }));
    const a = `${main.origin}/ctx.jsonld`;
    expectUnavailable(await failure(session.fetch(a, { referrers: [a] })), 'reference-cycle');
    expectUnavailable(await failure(session.fetch(a, { referrers: [`${main.origin}/r1`, `${main.origin}/r2`] })), 'depth-exceeded');
    expect((await session.fetch(a, { referrers: [`${main.origin}/r1`] })).url).toBe(a);
  });

  it('carries the JSON path of the reference into the finding', async () => {
    const f = await failure(fetchDocument(`${other.origin}/x`, policyFor(), { path: '$.alignmentRef' }));
    expect(f.toFinding()).toMatchObject({ code: 'RESOURCE_UNAVAILABLE', cause: 'untrusted-origin', path: '$.alignmentRef', url: `${other.origin}/x` });
  });
});

describe('connect to the checked address (no second DNS lookup)', () => {
  it('resolves a name once and connects to the address that was checked', async () => {
    let lookups = 0;
    const resolver = async (host: string) => {
      lookups++;
      expect(host).toBe('contexts.test');
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const policy = policyFor({ trustedOrigins: [{ prefix: `http://contexts.test:${main.port}`, allowPrivateNetwork: true }] });
    const got = await fetchDocument(`http://contexts.test:${main.port}/ctx.jsonld`, policy, { resolver });
    expect(got.finalUrl).toBe(`http://contexts.test:${main.port}/ctx.jsonld`);
    expect(lookups).toBe(1);
    expect(main.requests.at(-1)).toEqual({ path: '/ctx.jsonld', host: `contexts.test:${main.port}` });
  });

  it('refuses a trusted name that resolves to a private address unless the origin opts in', async () => {
    const before = main.connections;
    const resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const policy = policyFor({ trustedOrigins: [`http://contexts.test:${main.port}`] });
    expectUnavailable(await failure(fetchDocument(`http://contexts.test:${main.port}/ctx.jsonld`, policy, { resolver })), 'forbidden-address');
    // one public and one private record: refused too (every address must pass)
    const mixed = async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }];
    expectUnavailable(await failure(fetchDocument(`http://contexts.test:${main.port}/ctx.jsonld`, policy, { resolver: mixed })), 'forbidden-address');
    expect(main.connections).toBe(before);
  });

  it('reports a name that does not resolve', async () => {
    const resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    const policy = policyFor({ trustedOrigins: ['http://nowhere.test'] });
    expectUnavailable(await failure(fetchDocument('http://nowhere.test/x', policy, { resolver })), 'dns-failure');
  });
});

describe('cache keyed by URL and digest', () => {
  it('serves an accepted resource again without a request, but never for a different pin', async () => {
    const cache = new RetrievalCache();
    const url = `${main.origin}/ctx.jsonld`;
    const first = await fetchDocument(url, policyFor(), { cache });
    const requests = main.requests.length;
    const again = await fetchDocument(url, policyFor(), { cache });
    const pinned = await fetchDocument(url, policyFor(), { cache, expectedDigest: first.revision.digest });
    expect(main.requests.length).toBe(requests);
    expect(again.revision.digest).toBe(first.revision.digest);
    expect(pinned.revision.digest).toBe(first.revision.digest);
    // a different pin is a cache miss: the server is asked and the bytes fail the pin
    expectUnavailable(await failure(fetchDocument(url, policyFor(), { cache, expectedDigest: sri('other') })), 'digest-mismatch');
    expect(main.requests.length).toBe(requests + 1);
  });

  it('a cached resource is still subject to the policy (no bypass of a stricter one)', async () => {
    const cache = new RetrievalCache();
    const url = `${main.origin}/ctx.jsonld`;
    await fetchDocument(url, policyFor(), { cache });
    expectUnavailable(await failure(fetchDocument(url, retrievalPolicy({ allowRemote: true, trustedOrigins: [other.origin] }), { cache })), 'untrusted-origin');
  });

  it('a shared cache serves a hit only if the current policy would accept it (size, media type)', async () => {
    const cache = new RetrievalCache();
    const url = `${main.origin}/ctx.jsonld`;
    await fetchDocument(url, policyFor(), { cache });
    expectUnavailable(await failure(fetchDocument(url, policyFor({ maxBytes: 16 }), { cache })), 'too-large');
    expectUnavailable(await failure(fetchDocument(url, policyFor({ acceptedMediaTypes: ['application/json'] }), { cache })), 'media-type');
  });

  it('an unpinned entry expires after its time to live; a pinned one does not (its bytes cannot change)', async () => {
    let clock = 0;
    const cache = new RetrievalCache({ unpinnedTtlMs: 1_000, now: () => clock });
    const url = `${main.origin}/ctx.jsonld`;
    const first = await fetchDocument(url, policyFor(), { cache });
    clock = 1_001;
    expect(cache.get(url)).toBeUndefined();
    expect(cache.get(url, first.revision.digest)?.revision.digest).toBe(first.revision.digest);
  });

  it('the session records every accepted revision', async () => {
    const session = new RetrievalSession(policyFor());
    await session.fetch(`${main.origin}/ctx.jsonld`);
    await session.fetch(`${main.origin}/plain.json`);
    expect(session.revisions.map((r) => r.finalUrl)).toEqual([`${main.origin}/ctx.jsonld`, `${main.origin}/plain.json`]);
  });
});
