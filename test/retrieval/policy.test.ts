/** Retrieval policy documents (Section 6.1: a binding permitting remote references MUST define these bounds). */
import { describe, expect, it } from 'vitest';
import { IoaError } from '../../src/model/errors.js';
import { DEFAULT_POLICY, parseRetrievalPolicy } from '../../src/retrieval/index.js';

function policyError(input: unknown): IoaError {
  try {
    parseRetrievalPolicy(input, '$.retrieval');
  } catch (error) {
    if (error instanceof IoaError) return error;
    throw error;
  }
  throw new Error('policy accepted');
}

describe('retrieval policy', () => {
  it('is off by default and bounded by default', () => {
    const p = parseRetrievalPolicy({});
    expect(p.allowRemote).toBe(false);
    expect(p).toMatchObject({ timeoutMs: DEFAULT_POLICY.timeoutMs, maxBytes: DEFAULT_POLICY.maxBytes, maxDepth: DEFAULT_POLICY.maxDepth, maxRedirects: DEFAULT_POLICY.maxRedirects });
  });

  it('normalises trusted origins to scheme + host + port + path prefix', () => {
    const p = parseRetrievalPolicy({ allowRemote: true, trustedOrigins: ['https://Contexts.Example.org', 'http://127.0.0.1:8080/ctx', { prefix: 'https://intranet.example', allowPrivateNetwork: true }] });
    expect(p.trustedOrigins.map((o) => [o.prefix, o.allowPrivateNetwork])).toEqual([
      ['https://contexts.example.org:443/', false],
      ['http://127.0.0.1:8080/ctx/', true],
      ['https://intranet.example:443/', true],
    ]);
  });

  it.each([
    [{ allowRemote: 'yes' }, '$.retrieval.allowRemote'],
    [{ trustedOrigin: [] }, '$.retrieval.trustedOrigin'],
    [{ trustedOrigins: ['ftp://x.example'] }, '$.retrieval.trustedOrigins[0]'],
    [{ trustedOrigins: ['https://u:p@x.example'] }, '$.retrieval.trustedOrigins[0]'],
    [{ trustedOrigins: ['http://127.1:8080'] }, '$.retrieval.trustedOrigins[0]'],
    [{ trustedOrigins: ['https://x.example/?q'] }, '$.retrieval.trustedOrigins[0]'],
    [{ trustedOrigins: [{ prefix: 'https://x.example', extra: 1 }] }, '$.retrieval.trustedOrigins[0].extra'],
    [{ timeoutMs: 0 }, '$.retrieval.timeoutMs'],
    [{ maxBytes: 1.5 }, '$.retrieval.maxBytes'],
    [{ maxDepth: 100 }, '$.retrieval.maxDepth'],
    [{ timeoutMs: 5000, totalBudgetMs: 1000 }, '$.retrieval.totalBudgetMs'],
    [{ acceptedMediaTypes: [] }, '$.retrieval.acceptedMediaTypes'],
    [{ acceptedMediaTypes: ['application/json; charset=utf-8'] }, '$.retrieval.acceptedMediaTypes[0]'],
    [{ pins: { 'https://x.example/c': 'md5-abc' } }, '$.retrieval.pins["https://x.example/c"]'],
    [[], '$.retrieval'],
  ])('rejects %j at %s', (input, path) => {
    const e = policyError(input);
    expect(e.code).toBe('E_RETRIEVAL_POLICY');
    expect(e.location.path).toBe(path);
  });
});
