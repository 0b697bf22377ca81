/**
 * Extension activation over real HTTP (A2A service parameters as headers): an agent on 127.0.0.1
 * negotiates with `negotiateExtensions`, echoes what it activated, and answers a request that does
 * not activate its required extension with ExtensionSupportRequiredError (-32008, HTTP 400).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXTENSION_URI, activationHeaders, buildCardFragment, negotiateExtensions, parseExtensionsHeader } from '../../src/carriers/index.js';

const card = { name: 'doc-translator', ...buildCardFragment({ ontologyIds: ['https://example.net/onto/doc'], ontologyVersions: ['2.0'], required: true }) };
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const n = negotiateExtensions(card, req.headers);
    if (!n.ok) {
      res.writeHead(n.httpStatus, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: n.error }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', ...n.responseHeaders }).end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('activation over HTTP', () => {
  it('a client activating the required extension gets it echoed in A2A-Extensions', async () => {
    const res = await request(url, { method: 'POST', headers: activationHeaders([DEFAULT_EXTENSION_URI, 'https://other.example/ext/v2']), body: '{}' });
    expect(res.statusCode).toBe(200);
    expect(parseExtensionsHeader([String(res.headers['a2a-extensions'])])).toEqual([DEFAULT_EXTENSION_URI]);
    await res.body.dump();
  });

  it('a 0.3 client using X-A2A-Extensions is answered in the same spelling', async () => {
    const res = await request(url, { method: 'POST', headers: { 'X-A2A-Extensions': DEFAULT_EXTENSION_URI }, body: '{}' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-a2a-extensions']).toBe(DEFAULT_EXTENSION_URI);
    expect(res.headers['a2a-extensions']).toBeUndefined();
    await res.body.dump();
  });

  it('a client that does not activate it gets ExtensionSupportRequiredError (-32008, HTTP 400)', async () => {
    const res = await request(url, { method: 'POST', body: '{}' });
    expect(res.statusCode).toBe(400);
    const body = (await res.body.json()) as { error: { code: number; data: { requiredExtensions: string[] } } };
    expect(body.error).toMatchObject({ code: -32008, data: { requiredExtensions: [DEFAULT_EXTENSION_URI] } });
  });
});
