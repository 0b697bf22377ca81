/**
 * Disclosure (draft Section 7.1): the decider keeps Incompatible vs Indeterminate; a reply exposes
 * what the disclosure setting allows.
 */
import { describe, expect, it } from 'vitest';
import { a2aReply, discloseResult, nlipReply, parseDisclosedResult, parseDisclosure, readA2AReply, readNlipReply, type DecisionLike } from '../../src/carriers/index.js';

const incompatible: DecisionLike = { outcome: 'Incompatible', reasons: [{ code: 'DOMAIN_RESTRICTION', message: 'sense law:MasterOfLaws is outside cs:ComputerScience', path: 'request:$.profileContext.termBindings[0].sense' }] };
const indeterminate: DecisionLike = { outcome: 'Indeterminate', reasons: [{ code: 'RESOURCE_UNAVAILABLE', message: 'alignment artifact not retrieved (untrusted-origin)' }] };

describe('disclosure of compatibility results (7.1)', () => {
  it('full exposes the outcome and its reasons', () => {
    expect(discloseResult(incompatible, 'full')).toMatchObject({ outcome: 'Incompatible', disclosure: 'full', reasons: incompatible.reasons });
  });

  it('outcome-only exposes the outcome without reasons, and leaves the decider\'s result untouched', () => {
    const before = JSON.stringify(indeterminate);
    const d = discloseResult(indeterminate, 'outcome-only');
    expect(d).toEqual({ outcome: 'Indeterminate', disclosure: 'outcome-only', notice: expect.stringContaining('authorization') });
    expect('reasons' in d).toBe(false);
    expect(JSON.stringify(indeterminate)).toBe(before);
  });

  it('never turns Indeterminate into Incompatible or the reverse', () => {
    for (const setting of ['full', 'outcome-only'] as const) {
      expect(discloseResult(indeterminate, setting).outcome).toBe('Indeterminate');
      expect(discloseResult(incompatible, setting).outcome).toBe('Incompatible');
    }
  });

  it('replies carry the disclosed result as JSON data in the reply message', () => {
    const a = a2aReply(incompatible, { disclosure: 'outcome-only', messageId: 'r-1', taskId: 'task-1' });
    expect(a).toEqual({ messageId: 'r-1', taskId: 'task-1', role: 'ROLE_AGENT', parts: [{ data: discloseResult(incompatible, 'outcome-only'), mediaType: 'application/json' }], extensions: ['https://example.org/extensions/semantic-profile/v1'] });
    const n = nlipReply(indeterminate, { task: 'task-1', disclosure: 'full' }) as { submessages: Array<{ content: unknown; label: string }> };
    expect(n.submessages[0]).toMatchObject({ label: 'ioa-compatibility-result:task-1', content: { outcome: 'Indeterminate', reasons: indeterminate.reasons } });
  });

  it('the peer reads back exactly what was disclosed (A2A 1.0 and 0.3, NLIP)', () => {
    for (const disclosure of ['full', 'outcome-only'] as const) {
      const expected = discloseResult(incompatible, disclosure);
      for (const wire of ['1.0', '0.3'] as const) {
        const wireForm = JSON.parse(JSON.stringify(a2aReply(incompatible, { disclosure, wire, messageId: 'r' }))) as unknown;
        expect(readA2AReply(wireForm)).toEqual(expected);
      }
      expect(readNlipReply(JSON.parse(JSON.stringify(nlipReply(incompatible, { task: 't', disclosure }))) as unknown, { task: 't' })).toEqual(expected);
    }
  });

  it('a reply that smuggles reasons into outcome-only, or invents an outcome, is a carrier error', () => {
    expect(() => parseDisclosedResult({ outcome: 'Indeterminate', disclosure: 'outcome-only', notice: 'n', reasons: [] })).toThrow(expect.objectContaining({ code: 'E_CARRIER_INVALID', location: { path: '$.reasons' } }));
    expect(() => parseDisclosedResult({ outcome: 'NotCompatible', disclosure: 'full', notice: 'n', reasons: [] })).toThrow(expect.objectContaining({ code: 'E_CARRIER_INVALID', location: { path: '$.outcome' } }));
    expect(() => readNlipReply(nlipReply(incompatible, { task: 't', disclosure: 'full' }), { task: 'other' })).toThrow(expect.objectContaining({ code: 'E_CARRIER_INVALID' }));
  });

  it('rejects an unknown disclosure setting', () => {
    expect(() => parseDisclosure('partial')).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });
});
