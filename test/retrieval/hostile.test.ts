/**
 * Server-side request forgery (draft Section 6.1: "Fetches MUST be constrained to prevent
 * server-side request forgery"). Every hostile URL below is refused before any connection: the
 * server on 127.0.0.1 counts TCP connections and must see none, although the policy trusts
 * http://127.0.0.1:<port> itself (so a guard that only checked the parsed host would connect).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetrievalFailure, checkUrl, classifyAddress, fetchDocument, retrievalPolicy, type RetrievalCause, type RetrievalPolicy } from '../../src/retrieval/index.js';
import { jsonld, startServer, type TestServer } from './server.js';

let server: TestServer;
let policy: RetrievalPolicy;

beforeAll(async () => {
  server = await startServer({ '/': jsonld({ '@context': {} }), '/ctx': jsonld({ '@context': {} }) });
  policy = retrievalPolicy({
    allowRemote: true,
    // The only explicitly named non-public origin is the canonical one.
    trustedOrigins: [server.origin, `http://localhost:${server.port}`, `http://0.0.0.0:${server.port}`, `http://[::ffff:7f00:1]:${server.port}/named/`,
      { prefix: `http://[::ffff:7f00:1]:${server.port}/opted-out/`, allowPrivateNetwork: false }],
    timeoutMs: 1_000,
  });
});
afterAll(() => server.close());

const HOSTILE: Array<[string, (port: number) => string, RetrievalCause]> = [
  ['short IPv4 form', (p) => `http://127.1:${p}/`, 'non-canonical-host'],
  ['decimal IPv4', (p) => `http://2130706433:${p}/`, 'non-canonical-host'],
  ['hex IPv4', (p) => `http://0x7f.0.0.1:${p}/`, 'non-canonical-host'],
  ['hex dword', (p) => `http://0x7f000001:${p}/`, 'non-canonical-host'],
  ['octal dword', (p) => `http://017700000001:${p}/`, 'non-canonical-host'],
  ['zero-padded octets', (p) => `http://127.000.000.001:${p}/`, 'non-canonical-host'],
  ['octal octet', (p) => `http://0177.0.0.1:${p}/`, 'non-canonical-host'],
  ['trailing dot', (p) => `http://127.0.0.1.:${p}/`, 'non-canonical-host'],
  ['percent-encoded host', (p) => `http://%31%32%37.0.0.1:${p}/`, 'non-canonical-host'],
  ['full-width digits', (p) => `http://１２７.0.0.1:${p}/`, 'non-canonical-host'],
  ['IPv4-mapped IPv6 (origin not named)', (p) => `http://[::ffff:127.0.0.1]:${p}/`, 'untrusted-origin'],
  ['IPv4-mapped IPv6 (trusted, private network not allowed)', (p) => `http://[::ffff:127.0.0.1]:${p}/opted-out/`, 'forbidden-address'],
  ['IPv4-mapped IPv6, long form', (p) => `http://[0:0:0:0:0:ffff:7f00:1]:${p}/opted-out/`, 'forbidden-address'],
  ['IPv6 loopback', (p) => `http://[::1]:${p}/`, 'untrusted-origin'],
  ['unspecified 0.0.0.0 (connects to the local host)', (p) => `http://0.0.0.0:${p}/`, 'forbidden-address'],
  ['"0" shorthand', (p) => `http://0:${p}/`, 'non-canonical-host'],
  ['localhost (a name that resolves to loopback)', (p) => `http://localhost:${p}/`, 'forbidden-address'],
  ['credentials', (p) => `http://user:pw@127.0.0.1:${p}/`, 'credentials-in-url'],
  ['user only', (p) => `http://user@127.0.0.1:${p}/`, 'credentials-in-url'],
  ['empty userinfo', (p) => `http://@127.0.0.1:${p}/`, 'credentials-in-url'],
  ['backslash authority confusion', (p) => `http://127.0.0.1:${p}\\@evil.example/`, 'malformed-url'],
  ['tab inside the host', (p) => `http://12\t7.0.0.1:${p}/`, 'malformed-url'],
  ['leading space', (p) => ` http://127.0.0.1:${p}/`, 'malformed-url'],
  ['no slashes', (p) => `http:127.1:${p}/`, 'non-canonical-host'],
  ['file scheme', () => 'file:///etc/passwd', 'unsupported-scheme'],
  ['ftp scheme', (p) => `ftp://127.0.0.1:${p}/`, 'unsupported-scheme'],
  ['gopher scheme', (p) => `gopher://127.0.0.1:${p}/_GET`, 'unsupported-scheme'],
  ['data URL', () => 'data:application/ld+json,{}', 'unsupported-scheme'],
  ['javascript URL', () => 'javascript:alert(1)', 'unsupported-scheme'],
  ['relative reference', () => '/ctx', 'malformed-url'],
  ['cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', 'untrusted-origin'],
];

describe('hostile URLs are refused without a connection (Section 6.1)', () => {
  it.each(HOSTILE)('%s', async (_name, make, cause) => {
    const url = make(server.port);
    const before = server.connections;
    let caught: unknown;
    try {
      await fetchDocument(url, policy);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RetrievalFailure);
    expect((caught as RetrievalFailure).reason).toBe(cause);
    expect((caught as RetrievalFailure).toOutcome().outcome).toBe('Indeterminate');
    expect(server.connections).toBe(before);
  });

  it('the same server is reachable through its canonical, explicitly trusted origin (so the refusals above are not an unreachable server)', async () => {
    const before = server.connections;
    await fetchDocument(`${server.origin}/ctx`, policy);
    expect(server.connections).toBe(before + 1);
  });

  it('an IPv4-mapped origin is reachable only where the policy names it explicitly', async () => {
    // The policy names http://[::ffff:7f00:1]:port/named/: the mapped address is allowed there
    // (the operator wrote it) and nowhere else on that host. The server has no /named/x route,
    // so a request that got through is answered 404.
    const before = server.connections;
    let caught: unknown;
    try {
      await fetchDocument(`http://[::ffff:7f00:1]:${server.port}/named/x`, policy);
    } catch (error) {
      caught = error;
    }
    expect((caught as RetrievalFailure).reason).toBe('http-status');
    expect(server.connections).toBe(before + 1);
  });
});

describe('the issue\'s hostile URLs as written (default ports) are refused before any resolution', () => {
  it.each([
    ['http://127.1/', 'non-canonical-host'],
    ['http://2130706433/', 'non-canonical-host'],
    ['http://[::ffff:127.0.0.1]/', 'forbidden-address'],
    ['http://0x7f.0.0.1/', 'non-canonical-host'],
    ['file:///etc/passwd', 'unsupported-scheme'],
    ['http://user:pw@host/', 'credentials-in-url'],
  ])('%s → %s', async (url, cause) => {
    let lookups = 0;
    const resolver = async () => {
      lookups++;
      return [{ address: '93.184.216.34', family: 4 }];
    };
    // A policy that trusts every host these URLs name, so only the SSRF rules can refuse them.
    // (The mapped origin is trusted but not allowed to reach a private network: the address rule refuses it.)
    const wide = retrievalPolicy({ allowRemote: true, trustedOrigins: ['http://127.0.0.1', 'http://host', { prefix: 'http://[::ffff:7f00:1]', allowPrivateNetwork: false }] });
    await expect(fetchDocument(url, wide, { resolver })).rejects.toMatchObject({ reason: cause });
    expect(lookups).toBe(0);
  });
});

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['::1', 'loopback'], ['10.1.2.3', 'private'], ['172.31.255.255', 'private'], ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'], ['169.254.169.254', 'link-local'], ['fe80::1', 'link-local'], ['fd12:3456::1', 'unique-local'],
    ['224.0.0.251', 'multicast'], ['ff02::1', 'multicast'], ['0.0.0.0', 'unspecified'], ['::', 'unspecified'],
    ['::ffff:10.0.0.1', 'ipv4-mapped'], ['::ffff:8.8.8.8', 'ipv4-mapped'], ['64:ff9b::a00:1', 'ipv4-embedded'], ['2002:7f00:1::', 'ipv4-embedded'],
    ['255.255.255.255', 'reserved'], ['2001:db8::1', 'reserved'], ['8.8.8.8', 'public'], ['172.32.0.1', 'public'], ['2606:4700:4700::1111', 'public'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it('canonical public URLs pass the URL check unchanged', () => {
    expect(checkUrl('https://contexts.example.org/ioa/v1.jsonld').href).toBe('https://contexts.example.org/ioa/v1.jsonld');
    expect(checkUrl('https://EXAMPLE.org/').hostname).toBe('example.org');
  });
});
