/**
 * A2A carrier binding: the Section 12.2 Agent Card extension entry, extension activation, and
 * envelope carriage in a Message (1.0 wire form; 0.3 read and written). Unwrapping ends in the
 * envelope validator (Section 6.4), so round trips preserve the expanded envelope exactly.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXTENSION_URI, EXTENSIONS_HEADER, LEGACY_EXTENSIONS_HEADER, activationHeaders, advertises, buildCardFragment, negotiateExtensions,
  parseAgentCard, parseExtensionEntry, unwrapA2A, wrapA2A,
} from '../../src/carriers/index.js';
import { validateEnvelope } from '../../src/envelope/envelope.js';
import { rejectedIoaError as carrierErrorAsync, thrownIoaError as carrierError } from '../helpers/errors.js';

const corpus = async (name: string): Promise<unknown> => JSON.parse(await readFile(new URL(`../../corpora/ioa-example/${name}`, import.meta.url), 'utf8')) as unknown;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('Agent Card extension entry (Section 12.2)', () => {
  it('the 12.2 fragment as printed parses', async () => {
    const entry = parseAgentCard(await corpus('a2a-extension-12.2.json'));
    expect(entry).toEqual({
      uri: 'https://example.org/extensions/semantic-profile/v1',
      required: false,
      params: { ontologyIds: ['https://example.org/onto/agent-core'], ontologyVersions: ['1.0'] },
    });
    expect(advertises(entry!, 'https://example.org/onto/agent-core', '1.0')).toBe('yes');
    expect(advertises(entry!, 'https://example.org/onto/agent-core', '1.1')).toBe('no');
  });

  it('building the entry for agent-core 1.0 reproduces the 12.2 fragment exactly', async () => {
    const built = buildCardFragment({ ontologyIds: ['https://example.org/onto/agent-core'], ontologyVersions: ['1.0'] });
    expect(built).toEqual(await corpus('a2a-extension-12.2.json'));
  });

  it('finds the entry inside a complete card and leaves other extensions alone', () => {
    const card = {
      name: 'Doc translator', version: '2.0.0',
      capabilities: { streaming: true, extensions: [{ uri: 'https://other.example/ext/v1', params: { anything: 1 } }, { uri: DEFAULT_EXTENSION_URI, description: 'Semantic profile', required: true, params: { ontologyIds: ['https://example.net/onto/doc'], ontologyVersions: ['2.0'] } }] },
    };
    expect(parseAgentCard(card)).toMatchObject({ required: true, description: 'Semantic profile', params: { ontologyIds: ['https://example.net/onto/doc'] } });
    expect(parseAgentCard({ name: 'x', capabilities: {} })).toBeUndefined();
  });

  it('several ids and several versions do not say which belongs to which: ambiguous, not guessed', () => {
    const entry = parseExtensionEntry({ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o', 'https://b.example/o'], ontologyVersions: ['1.0', '2.0'] } });
    expect(advertises(entry, 'https://a.example/o', '2.0')).toBe('ambiguous');
  });

  it.each([
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: [], ontologyVersions: ['1.0'] } }, '$.params.ontologyIds'],
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['agent-core'], ontologyVersions: ['1.0'] } }, '$.params.ontologyIds[0]'],
    // A compact IRI, refused as the envelope's ontologyId is: it is never expanded here, so it would never match.
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o', 'cs:agent-core'], ontologyVersions: ['1.0'] } }, '$.params.ontologyIds[1]'],
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: [''] } }, '$.params.ontologyVersions[0]'],
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: [1] } }, '$.params.ontologyVersions[0]'],
    // A version of spaces only is as empty as "": no envelope names it.
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: ['1.0', ' '] } }, '$.params.ontologyVersions[1]'],
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: ['\t\n\u00a0'] } }, '$.params.ontologyVersions[0]'],
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: ['1.0'], ontologyVersion: '1.0' } }, '$.params.ontologyVersion'],
    [{ uri: DEFAULT_EXTENSION_URI, required: 'yes', params: { ontologyIds: ['https://a.example/o'], ontologyVersions: ['1.0'] } }, '$.required'],
    [{ uri: DEFAULT_EXTENSION_URI }, '$.params'],
    [{ uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: ['1.0'] }, type: 'x' }, '$.type'],
  ])('rejects a malformed entry %# at %s', (entry, path) => {
    const e = carrierError(() => parseExtensionEntry(entry));
    expect(e.code).toBe('E_CARRIER_INVALID');
    expect(e.location.path).toBe(path);
  });

  it('a blank version in a card is refused at its path in the card', () => {
    const entry = { uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: [' '] } };
    const e = carrierError(() => parseAgentCard({ capabilities: { extensions: [entry] } }));
    expect(e).toMatchObject({ code: 'E_CARRIER_INVALID', location: { path: '$.capabilities.extensions[0].params.ontologyVersions[0]' } });
    expect(e.message).toBe('ontologyVersions[0] must be a version string that is not empty or blank');
  });

  it('the same extension listed twice is an error', () => {
    const entry = { uri: DEFAULT_EXTENSION_URI, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: ['1.0'] } };
    const e = carrierError(() => parseAgentCard({ capabilities: { extensions: [entry, entry] } }));
    expect(e).toMatchObject({ code: 'E_CARRIER_INVALID', location: { path: '$.capabilities.extensions[1]' } });
  });
});

describe('extension activation (A2A-Extensions, legacy X-A2A-Extensions)', () => {
  const card = (required: boolean) => ({ capabilities: { extensions: [{ uri: DEFAULT_EXTENSION_URI, required, params: { ontologyIds: ['https://example.org/onto/agent-core'], ontologyVersions: ['1.0'] } }] } });

  it('activates a requested, supported extension and echoes it', () => {
    const n = negotiateExtensions(card(false), activationHeaders([DEFAULT_EXTENSION_URI, 'https://unknown.example/ext']));
    expect(n).toEqual({ ok: true, activated: [DEFAULT_EXTENSION_URI], ignored: ['https://unknown.example/ext'], responseHeaders: { [EXTENSIONS_HEADER]: DEFAULT_EXTENSION_URI } });
  });

  it('reads the legacy header (any case, comma-separated, repeated) and echoes in the spelling the client used', () => {
    const n = negotiateExtensions(card(true), { 'x-a2a-extensions': ['https://unknown.example/ext', ` ${DEFAULT_EXTENSION_URI} `] });
    expect(n).toEqual({ ok: true, activated: [DEFAULT_EXTENSION_URI], ignored: ['https://unknown.example/ext'], responseHeaders: { [LEGACY_EXTENSIONS_HEADER]: DEFAULT_EXTENSION_URI } });
    const web = negotiateExtensions(card(false), new Headers({ 'A2A-Extensions': DEFAULT_EXTENSION_URI }));
    expect(web.ok && web.activated).toEqual([DEFAULT_EXTENSION_URI]);
  });

  it('refuses a request that does not activate a required extension (ExtensionSupportRequiredError -32008)', () => {
    const n = negotiateExtensions(card(true), {});
    expect(n).toEqual({ ok: false, httpStatus: 400, error: { code: -32008, message: expect.stringContaining(DEFAULT_EXTENSION_URI), data: { requiredExtensions: [DEFAULT_EXTENSION_URI] } } });
    // extension URIs are case-sensitive: a differently cased URI does not activate it
    expect(negotiateExtensions(card(true), { 'A2A-Extensions': DEFAULT_EXTENSION_URI.toUpperCase() }).ok).toBe(false);
  });

  it('a request activating nothing against an optional extension is fine and echoes nothing', () => {
    expect(negotiateExtensions(card(false), {})).toEqual({ ok: true, activated: [], ignored: [], responseHeaders: { [EXTENSIONS_HEADER]: '' } });
  });
});

describe('envelope carriage in an A2A Message', () => {
  it.each(['1.0', '0.3'] as const)('round trip (%s) preserves the expanded envelope exactly, through JSON on the wire', async (wire) => {
    const envelope = await corpus('envelope-6.2.json');
    const direct = await validateEnvelope(clone(envelope));
    expect(direct.ok).toBe(true);
    const message = await wrapA2A(clone(envelope), { wire, messageId: 'm-1', contextId: 'ctx-1', taskId: 'task-1', text: 'Translate the attached document from Chinese to English.' });
    const received = JSON.parse(JSON.stringify(message)) as unknown;
    const back = await unwrapA2A(received);
    expect(back.ok).toBe(true);
    expect(back.envelope?.expanded).toEqual(direct.value!.expanded);
    expect(back.document).toEqual(envelope);
    expect(back.carrier).toMatchObject({ carrier: 'a2a', wire, messageId: 'm-1', contextId: 'ctx-1', taskId: 'task-1', text: ['Translate the attached document from Chinese to English.'] });
  });

  it('puts the envelope in a data part with mediaType application/ld+json and the URI in extensions (1.0)', async () => {
    const m = await wrapA2A(await corpus('envelope-6.2.json'), { messageId: 'm-2' });
    expect(m.role).toBe('ROLE_USER');
    expect(m.extensions).toEqual([DEFAULT_EXTENSION_URI]);
    expect(m.parts).toEqual([{ data: await corpus('envelope-6.2.json'), mediaType: 'application/ld+json' }]);
  });

  it('accepts the message inside a SendMessageRequest or a JSON-RPC request', async () => {
    const m = await wrapA2A(await corpus('envelope-6.2.json'), { messageId: 'm-3' });
    expect((await unwrapA2A({ message: m })).ok).toBe(true);
    const rpc = await unwrapA2A({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: m } });
    expect(rpc.carrier.envelopePath).toBe('$.params.message.parts[0].data');
  });

  it('a malformed envelope gives the validator\'s code, with the path inside the carrier (6.2: intentRef required)', async () => {
    const m = await wrapA2A(await corpus('envelope-6.2.json'), { messageId: 'm-4', text: 'hi' });
    const bad = clone(m) as { parts: Array<{ data?: Record<string, unknown> }> };
    delete bad.parts[1]!.data!.intentRef;
    const direct = await validateEnvelope(bad.parts[1]!.data);
    const r = await unwrapA2A(bad);
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.code)).toEqual(direct.findings.map((f) => f.code));
    expect(r.findings.map((f) => f.code)).toContain('E_INVALID_MISSING_FIELD');
    expect(r.findings.find((f) => f.code === 'E_INVALID_MISSING_FIELD')?.path).toMatch(/^\$\.parts\[1\]\.data/);
  });

  it('an envelope using the old "type"/"id" aliases is rejected by the validator, not repaired by the carrier (6.4, 6.5)', async () => {
    const envelope = clone(await corpus('envelope-6.2.json')) as Record<string, unknown>;
    envelope.type = envelope['@type'];
    delete envelope['@type'];
    const message = { messageId: 'm-5', role: 'ROLE_USER', parts: [{ data: envelope, mediaType: 'application/ld+json' }], extensions: [DEFAULT_EXTENSION_URI] };
    const direct = await validateEnvelope(envelope);
    const r = await unwrapA2A(message);
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.code)).toEqual(direct.findings.map((f) => f.code));
  });

  it('a missing envelope is said as such, where the parts are (12.2), not as a document "got undefined"', async () => {
    const r = await unwrapA2A({ messageId: 'm-6', role: 'ROLE_USER', parts: [{ text: 'no envelope here' }], extensions: [DEFAULT_EXTENSION_URI] });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => [f.code, f.path, f.section])).toEqual([['E_ENVELOPE_MISSING', '$.parts', '12.2']]);
    expect(r.findings[0]?.message).not.toMatch(/undefined/);
    expect(r.carrier.envelopePath).toBeUndefined();
    expect(r.carrier.text).toEqual(['no envelope here']);
  });

  it('envelope JSON in a part of another media type is not picked up (no guessing)', async () => {
    const envelope = await corpus('envelope-6.2.json');
    const r = await unwrapA2A({ messageId: 'm-7', role: 'ROLE_USER', parts: [{ data: envelope, mediaType: 'application/json' }], extensions: [DEFAULT_EXTENSION_URI] });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.code)).toEqual(['E_ENVELOPE_MISSING']);
  });

  it.each([
    ['two envelope parts', (m: Record<string, unknown>) => { (m.parts as unknown[]).push((m.parts as unknown[])[0]); }, '$.parts[1]'],
    ['extension not declared', (m: Record<string, unknown>) => { m.extensions = ['https://other.example/ext']; }, '$.extensions'],
    ['no extensions at all', (m: Record<string, unknown>) => { delete m.extensions; }, '$.extensions'],
    ['unknown role', (m: Record<string, unknown>) => { m.role = 'ROLE_SYSTEM'; }, '$.role'],
    ['0.3 role in a 1.0 message without kind', (m: Record<string, unknown>) => { m.role = 'user'; }, '$.kind'],
    ['parts not an array', (m: Record<string, unknown>) => { m.parts = {}; }, '$.parts'],
    ['no messageId', (m: Record<string, unknown>) => { delete m.messageId; }, '$.messageId'],
    // A 1.0 Part holds one of text, raw, url and data: one receiver reads text, another the envelope.
    ['a part with text and data', (m: Record<string, unknown>) => { ((m.parts as unknown[])[0] as Record<string, unknown>).text = 'also text'; }, '$.parts[0]'],
    ['a part with data and url', (m: Record<string, unknown>) => { ((m.parts as unknown[])[0] as Record<string, unknown>).url = 'https://example.org/envelope.json'; }, '$.parts[0]'],
  ])('a broken carrier is E_CARRIER_INVALID: %s', async (_name, mutate, path) => {
    const m = clone(await wrapA2A(await corpus('envelope-6.2.json'), { messageId: 'm-8' }));
    mutate(m);
    const e = await carrierErrorAsync(unwrapA2A(m));
    expect(e.code).toBe('E_CARRIER_INVALID');
    expect(e.location.path).toBe(path);
  });

  it('a document holding a message in two places (params.message and a top-level message) is refused naming both, never one taken', async () => {
    const m = await wrapA2A(await corpus('envelope-6.2.json'), { messageId: 'm-10' });
    const other = { ...clone(m), messageId: 'm-11' };
    const e = await carrierErrorAsync(unwrapA2A({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: m }, message: other }));
    expect([e.code, e.location.path]).toEqual(['E_CARRIER_INVALID', '$.params.message']);
    expect(e.message).toContain('a message at $.message and at $.params.message');
    expect((await unwrapA2A({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: m } })).ok).toBe(true);
  });

  it('a message without a role says so, not "got undefined"', async () => {
    const m = clone(await wrapA2A(await corpus('envelope-6.2.json'), { messageId: 'm-9' }));
    delete m.role;
    const e = await carrierErrorAsync(unwrapA2A(m));
    expect([e.code, e.location.path]).toEqual(['E_CARRIER_INVALID', '$.role']);
    expect(e.message).toContain('but the message has none');
    expect(e.message).not.toContain('undefined');
  });

  it('refuses to wrap an invalid envelope', async () => {
    const envelope = clone(await corpus('envelope-6.2.json')) as Record<string, unknown>;
    envelope.ontologyVersion = '';
    const e = await carrierErrorAsync(wrapA2A(envelope));
    expect(e.code).toBe('E_INVALID_DOCUMENT');
    expect(e.message).toContain('E_INVALID_EMPTY_VALUE');
  });
});
