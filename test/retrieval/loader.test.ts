/**
 * The retrieval session as a jsonld.js documentLoader: remote contexts expand under the policy,
 * and reference cycles / depth overflow / refusals surface as RESOURCE_UNAVAILABLE with their
 * cause (Section 6.1; S4: Indeterminate, never Incompatible).
 */
import jsonldLib from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RetrievalSession, createDocumentLoader, findRetrievalFailure, resolveReferences, retrievalPolicy, type RetrievalPolicy,
} from '../../src/retrieval/index.js';
import { jsonld, startServer, type TestServer } from './server.js';

let s: TestServer;
const IOA = 'https://example.org/ioa/semantic#';

beforeAll(async () => {
  s = await startServer({
    '/base.jsonld': jsonld({ '@context': { ioa: IOA, term: 'ioa:term' } }),
    // a → b → a: a cycle of remote contexts
    '/cycle-a.jsonld': (q, r, srv) => jsonld({ '@context': [`${srv.origin}/cycle-b.jsonld`, { x: 'ioa:x' }] })(q, r, srv),
    '/cycle-b.jsonld': (q, r, srv) => jsonld({ '@context': [`${srv.origin}/cycle-a.jsonld`] })(q, r, srv),
    // d1 → d2 → d3 → base: four levels
    '/d1.jsonld': jsonld({ '@context': ['d2.jsonld'] }),
    '/d2.jsonld': jsonld({ '@context': ['d3.jsonld'] }),
    '/d3.jsonld': jsonld({ '@context': ['base.jsonld'] }),
    // documents with explicit references (profile → alignmentRef style)
    '/p1.json': jsonld({ refs: ['p2.json'] }, 'application/json'),
    '/p2.json': jsonld({ refs: ['p3.json', 'p1.json'] }, 'application/json'),
    '/p3.json': jsonld({ refs: [] }, 'application/json'),
    '/q1.json': jsonld({ refs: ['q2.json', 'q3.json'] }, 'application/json'),
    '/q2.json': jsonld({ refs: ['q3.json'] }, 'application/json'),
    '/q3.json': jsonld({ refs: [] }, 'application/json'),
  });
});
afterAll(() => s.close());

const policy = (extra: Record<string, unknown> = {}): RetrievalPolicy =>
  retrievalPolicy({ allowRemote: true, trustedOrigins: [s.origin], timeoutMs: 1_000, ...extra });

const doc = (context: unknown) => ({ '@context': context, '@id': 'https://example.org/x', term: 'LLM' });

async function expandFailure(context: unknown, p: RetrievalPolicy) {
  try {
    await jsonldLib.expand(doc(context) as never, { documentLoader: createDocumentLoader(p) as never });
  } catch (error) {
    return findRetrievalFailure(error);
  }
  throw new Error('expansion succeeded');
}

describe('documentLoader for jsonld.js', () => {
  it('expands a document whose context is a trusted remote context', async () => {
    const expanded = await jsonldLib.expand(doc(`${s.origin}/base.jsonld`) as never, { documentLoader: createDocumentLoader(policy()) as never });
    expect(expanded).toEqual([{ '@id': 'https://example.org/x', [`${IOA}term`]: [{ '@value': 'LLM' }] }]);
  });

  it('a refused remote context is RESOURCE_UNAVAILABLE (untrusted-origin), Indeterminate', async () => {
    const f = await expandFailure('https://contexts.example.org/ioa.jsonld', policy());
    expect(f?.reason).toBe('untrusted-origin');
    expect(f?.toOutcome()).toMatchObject({ outcome: 'Indeterminate', reasons: [{ code: 'RESOURCE_UNAVAILABLE', cause: 'untrusted-origin' }] });
  });

  it('remote contexts are refused when the policy does not allow remote retrieval (the default)', async () => {
    const f = await expandFailure(`${s.origin}/base.jsonld`, retrievalPolicy({}));
    expect(f?.reason).toBe('remote-disabled');
  });

  it('detects a cycle of remote contexts', async () => {
    const f = await expandFailure(`${s.origin}/cycle-a.jsonld`, policy());
    expect(f?.reason).toBe('reference-cycle');
    expect(f?.toFinding().code).toBe('RESOURCE_UNAVAILABLE');
  });

  it('bounds the depth of nested remote contexts', async () => {
    const deep = await expandFailure(`${s.origin}/d1.jsonld`, policy({ maxDepth: 3 }));
    expect(deep?.reason).toBe('depth-exceeded');
    expect(deep?.message).toContain('d3.jsonld');
    // four levels fit a depth of 4
    const ok = await jsonldLib.expand(doc(`${s.origin}/d1.jsonld`) as never, { documentLoader: createDocumentLoader(policy({ maxDepth: 4 })) as never });
    expect(ok).toHaveLength(1);
  });

  it('errors that are not about retrieval are not mistaken for it', async () => {
    let error: unknown;
    try {
      await jsonldLib.expand({ '@context': { '@version': 1.1, '@protected': true, term: 'https://a/' }, term: 'x', '@type': 5 } as never, { documentLoader: createDocumentLoader(policy()) as never });
    } catch (e) {
      error = e;
    }
    expect(error).toBeDefined();
    expect(findRetrievalFailure(error)).toBeUndefined();
  });
});

describe('reference walks (profile → alignmentRef → …)', () => {
  const refs = (d: unknown, base: string) => ((d as { refs: string[] }).refs).map((r) => new URL(r, base).href);

  it('detects a cycle in a reference graph', async () => {
    let caught: unknown;
    try {
      await resolveReferences(new RetrievalSession(policy()), `${s.origin}/p1.json`, refs);
    } catch (e) {
      caught = e;
    }
    expect(findRetrievalFailure(caught)?.reason).toBe('reference-cycle');
  });

  it('visits a diamond once per document, not as a cycle', async () => {
    const visited = await resolveReferences(new RetrievalSession(policy()), `${s.origin}/q1.json`, refs);
    expect(visited.map((v) => v.url.replace(s.origin, ''))).toEqual(['/q1.json', '/q2.json', '/q3.json']);
  });

  it('bounds the reference depth', async () => {
    let caught: unknown;
    try {
      await resolveReferences(new RetrievalSession(policy({ maxDepth: 2 })), `${s.origin}/q1.json`, refs);
    } catch (e) {
      caught = e;
    }
    expect(findRetrievalFailure(caught)?.reason).toBe('depth-exceeded');
  });
});

describe('command-line switch (--allow-remote, --policy)', () => {
  it('is off without --allow-remote, and --policy alone is a usage error', async () => {
    const { policyFromCli } = await import('../../src/retrieval/index.js');
    expect((await policyFromCli({})).allowRemote).toBe(false);
    await expect(policyFromCli({ policy: 'p.json' })).rejects.toMatchObject({ code: 'E_USAGE' });
    await expect(policyFromCli({ 'allow-remote': true })).rejects.toMatchObject({ code: 'E_USAGE' });
  });

  it('takes the bounds from the policy file, and a policy that says allowRemote:false wins', async () => {
    const { policyFromCli } = await import('../../src/retrieval/index.js');
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'ioa-policy-'));
    await writeFile(join(dir, 'on.json'), JSON.stringify({ trustedOrigins: [s.origin], maxDepth: 2 }));
    await writeFile(join(dir, 'off.json'), JSON.stringify({ allowRemote: false, trustedOrigins: [s.origin] }));
    await writeFile(join(dir, 'bad.json'), JSON.stringify({ trustedOrigins: [s.origin], maxdepth: 2 }));
    const on = await policyFromCli({ 'allow-remote': true, policy: join(dir, 'on.json') });
    expect(on).toMatchObject({ allowRemote: true, maxDepth: 2 });
    expect((await policyFromCli({ 'allow-remote': true, policy: join(dir, 'off.json') })).allowRemote).toBe(false);
    await expect(policyFromCli({ 'allow-remote': true, policy: join(dir, 'bad.json') })).rejects.toMatchObject({ code: 'E_RETRIEVAL_POLICY', location: { path: '$.maxdepth' } });
    // the profile's retrieval member is the fallback policy
    expect(await policyFromCli({ 'allow-remote': true }, { trustedOrigins: [s.origin] })).toMatchObject({ allowRemote: true });
  });

  it('the session keeps the failures a consumer may have turned into its own findings', async () => {
    const session = new RetrievalSession(policy());
    const loader = createDocumentLoader(session);
    await expect(loader('https://elsewhere.example/ctx')).rejects.toBeInstanceOf(Error);
    expect(session.failures.map((f) => f.toFinding())).toEqual([expect.objectContaining({ code: 'RESOURCE_UNAVAILABLE', cause: 'untrusted-origin', url: 'https://elsewhere.example/ctx' })]);
  });
});
