/**
 * NLIP-style carriage (draft Section 12.6): the complete 6.2 envelope in a structured JSON
 * submessage beside natural-language content, identified and tied to the task by labels.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ENVELOPE_LABEL_PREFIX, unwrapNlip, wrapNlip } from '../../src/carriers/index.js';
import { validateEnvelope, validateText } from '../../src/envelope/index.js';
import { rejectedIoaError as carrierError } from '../helpers/errors.js';

const corpus = async (name: string): Promise<unknown> => JSON.parse(await readFile(new URL(`../../corpora/ioa-example/${name}`, import.meta.url), 'utf8')) as unknown;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
type Msg = { label?: string; submessages: Array<Record<string, unknown>>; [k: string]: unknown };

describe('NLIP carriage (Section 12.6)', () => {
  it('round trip preserves the expanded envelope exactly, through JSON on the wire', async () => {
    const envelope = await corpus('envelope-6.2.json');
    const direct = await validateEnvelope(clone(envelope));
    const message = await wrapNlip(clone(envelope), { task: 'task-42', text: 'Please translate the attached technical document from Chinese to English.' });
    const back = await unwrapNlip(JSON.parse(JSON.stringify(message)) as unknown);
    expect(back.ok).toBe(true);
    expect(back.envelope?.expanded).toEqual(direct.value!.expanded);
    expect(back.document).toEqual(envelope);
    expect(back.carrier).toEqual({ carrier: 'nlip', task: 'task-42', envelopePath: '$.submessages[0].content', text: ['Please translate the attached technical document from Chinese to English.'] });
  });

  it('writes a text message with the envelope as a structured JSON submessage labelled with the task', async () => {
    const m = await wrapNlip(await corpus('envelope-6.2.json'), { task: 'task-42', text: 'hello' }) as Msg;
    expect(m).toMatchObject({ format: 'text', subformat: 'english', content: 'hello', label: 'task-42' });
    expect(m.submessages).toEqual([{ format: 'structured', subformat: 'JSON', content: await corpus('envelope-6.2.json'), label: `${ENVELOPE_LABEL_PREFIX}task-42` }]);
  });

  it('reads structured content sent as JSON text through the validator\'s text entry', async () => {
    const m = clone(await wrapNlip(await corpus('envelope-6.2.json'), { task: 't' })) as Msg;
    m.submessages[0]!.content = JSON.stringify(m.submessages[0]!.content);
    expect((await unwrapNlip(m)).ok).toBe(true);
    m.submessages[0]!.content = '{"@context": ';
    const r = await unwrapNlip(m);
    const direct = await validateText('{"@context": ', { kind: 'envelope' });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.code)).toEqual(direct.findings.map((f) => f.code));
    expect(r.findings[0]).toMatchObject({ code: 'E_INVALID_JSON', path: '$.submessages[0].content' });
  });

  it('format and subformat compare case-insensitively, as NLIP defines them', async () => {
    const m = clone(await wrapNlip(await corpus('envelope-6.2.json'), { task: 't' })) as Msg;
    m.format = 'TEXT';
    m.submessages[0]!.format = 'Structured';
    m.submessages[0]!.subformat = 'json';
    expect((await unwrapNlip(m)).ok).toBe(true);
  });

  it('a malformed envelope gives the validator\'s code (6.2: capabilityRefs must be non-empty)', async () => {
    const m = clone(await wrapNlip(await corpus('envelope-6.2.json'), { task: 't' })) as Msg;
    (m.submessages[0]!.content as Record<string, unknown>).capabilityRefs = [];
    const direct = await validateEnvelope(m.submessages[0]!.content);
    const r = await unwrapNlip(m);
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.code)).toEqual(direct.findings.map((f) => f.code));
    expect(r.findings.map((f) => f.code)).toContain('E_INVALID_EMPTY_VALUE');
  });

  it.each([
    ['another submessage only', [{ format: 'structured', subformat: 'JSON', content: { unrelated: true }, label: 'something-else' }]],
    ['no submessages', []],
  ])('a message with %s carries no envelope: said as such at $.submessages (12.6), not as a document "got undefined"', async (_, submessages) => {
    const r = await unwrapNlip({ format: 'text', subformat: 'english', content: 'just words', label: 't', submessages });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => [f.code, f.path, f.section])).toEqual([['E_ENVELOPE_MISSING', '$.submessages', '12.6']]);
    expect(r.findings[0]?.message).toContain(`${ENVELOPE_LABEL_PREFIX}t`);
    expect(r.carrier.text).toEqual(['just words']);
  });

  it('refuses an envelope tied to another task, a message for another task, and two envelopes', async () => {
    const m = clone(await wrapNlip(await corpus('envelope-6.2.json'), { task: 'task-1' })) as Msg;
    const other = clone(m);
    other.submessages[0]!.label = `${ENVELOPE_LABEL_PREFIX}task-2`;
    expect(await carrierError(unwrapNlip(other))).toMatchObject({ code: 'E_CARRIER_INVALID', location: { path: '$.submessages[0].label' } });
    expect(await carrierError(unwrapNlip(m, { task: 'task-9' }))).toMatchObject({ code: 'E_CARRIER_INVALID', location: { path: '$.label' } });
    const two = clone(m);
    two.submessages.push(two.submessages[0]!);
    expect(await carrierError(unwrapNlip(two))).toMatchObject({ code: 'E_CARRIER_INVALID', location: { path: '$.submessages[1]' } });
    const unlabeled = clone(m);
    delete unlabeled.label;
    expect(await carrierError(unwrapNlip(unlabeled))).toMatchObject({ code: 'E_CARRIER_INVALID', location: { path: '$.label' } });
    // with the task known to the receiver, an unlabelled message can still be tied by its submessage
    expect((await unwrapNlip(unlabeled, { task: 'task-1' })).ok).toBe(true);
    const textual = clone(m);
    textual.submessages[0]!.format = 'text';
    expect(await carrierError(unwrapNlip(textual))).toMatchObject({ code: 'E_CARRIER_INVALID', location: { path: '$.submessages[0].format' } });
  });

  it.each([
    ['an empty format', '$.format', (m: Msg) => { m.format = ''; }],
    // "text " is no format of any NLIP version: its content would silently not be read as text.
    ['a format with a trailing space', '$.format', (m: Msg) => { m.format = 'text '; }],
    ['a text submessage whose format has a leading space', '$.submessages[1].format', (m: Msg) => { m.submessages.push({ format: ' text', subformat: 'english', content: 'more' }); }],
  ])('refuses %s at its path', async (_what, path, change) => {
    const m = clone(await wrapNlip(await corpus('envelope-6.2.json'), { task: 't', text: 'hello' })) as Msg;
    change(m);
    expect(await carrierError(unwrapNlip(m))).toMatchObject({ code: 'E_CARRIER_INVALID', location: { path } });
  });

  it('refuses to wrap without a task label', async () => {
    expect(await carrierError(wrapNlip(await corpus('envelope-6.2.json'), { task: ' ' }))).toMatchObject({ code: 'E_CARRIER_INVALID' });
  });
});
