/**
 * Date-times are strict RFC 3339 (DESIGN.md "Trust policy"; src/text/datetime.ts): a day that is
 * not in the calendar is invalid input wherever a date-time is read, never rolled forward into a
 * validity window that makes an artifact usable.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateArtifact } from '../../src/gate/index.js';
import { parseDateTime, readDateTime } from '../../src/text/datetime.js';
import { runCli } from '../helpers/cli.js';
import { ex, forwardArgs, world } from './cli-world.js';

describe('readDateTime', () => {
  it.each([
    ['2026-12-31T00:00:00Z', Date.UTC(2026, 11, 31)],
    ['2024-02-29T12:00:00Z', Date.UTC(2024, 1, 29, 12)],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
    ['2026-06-01T05:30:00+05:30', Date.UTC(2026, 5, 1)],
    ['2026-05-31T20:00:00-04:00', Date.UTC(2026, 5, 1)],
    ['2026-06-01T00:00:00-00:00', Date.UTC(2026, 5, 1)],
    ['2026-06-01T00:00:00.1Z', Date.UTC(2026, 5, 1, 0, 0, 0, 100)],
    ['2026-06-01T00:00:00.123456789Z', Date.UTC(2026, 5, 1, 0, 0, 0, 123)],
    ['0099-01-01T00:00:00Z', -59042995200000],
  ])('%s is accepted', (text, ms) => {
    expect(readDateTime(text)).toEqual({ ok: true, ms });
  });

  it.each([
    ['2026-02-30T00:00:00Z', 'February 2026 has no day 30'],
    ['2026-02-29T00:00:00Z', 'February 2026 has no day 29'],
    ['1900-02-29T00:00:00Z', 'February 1900 has no day 29'],
    ['2026-04-31T00:00:00Z', 'April 2026 has no day 31'],
    ['2026-06-00T00:00:00Z', 'June 2026 has no day 00'],
    ['2026-13-01T00:00:00Z', 'month 13 does not exist'],
    ['2026-06-01T24:00:00Z', 'hour 24 is out of range (00–23)'],
    ['2026-06-01T23:60:00Z', 'minute 60 is out of range (00–59)'],
    ['2016-12-31T23:59:60Z', 'leap seconds (:60) are not accepted; write :59 or the next minute'],
    ['2026-06-01T00:00:61Z', 'second 61 is out of range (00–59)'],
    ['2026-06-01T00:00:00+24:00', 'offset +24:00 is out of range (at most ±23:59)'],
    ['2026-06-01T00:00:00+05:60', 'offset +05:60 is out of range (at most ±23:59)'],
    ['2026-06-01t00:00:00Z', 'not of the form YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM (write "T" and "Z" in upper case)'],
    ['2026-06-01T00:00:00z', 'not of the form YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM (write "T" and "Z" in upper case)'],
    ['2026-06-01', 'not of the form YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM'],
    ['2026-06-01T00:00:00', 'not of the form YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM'],
    ['2026-06-01 00:00:00Z', 'not of the form YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM'],
    ['2026-06-01T00:00Z', 'not of the form YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM'],
  ])('%s is refused: %s', (text, why) => {
    expect(readDateTime(text)).toEqual({ ok: false, why });
  });

  it('agrees with the calendar for every real date and time (and with Date.parse on them)', () => {
    const dates = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(fc.property(dates, (d) => {
      const text = d.toISOString();
      expect(parseDateTime(text)).toBe(d.getTime());
      expect(parseDateTime(text)).toBe(Date.parse(text));
    }), { numRuns: 500 });
  });
});

describe('validFrom / validUntil of an artifact', () => {
  it('an impossible date is E_INVALID_VALUE at its path, with the reason', () => {
    const r = validateArtifact({ ...validateArtifactInput(), validFrom: '2026-04-31T00:00:00Z', validUntil: '2026-02-30T00:00:00Z' });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => [f.code, f.path, f.message])).toEqual([
      ['E_INVALID_VALUE', '$.validFrom', '"validFrom" must be an RFC 3339 date-time with offset (e.g. 2026-12-31T00:00:00Z), got "2026-04-31T00:00:00Z": April 2026 has no day 31'],
      ['E_INVALID_VALUE', '$.validUntil', '"validUntil" must be an RFC 3339 date-time with offset (e.g. 2026-12-31T00:00:00Z), got "2026-02-30T00:00:00Z": February 2026 has no day 30'],
    ]);
  });
});

function validateArtifactInput(): Record<string, unknown> {
  return {
    artifactId: 'https://example.org/align/a', revision: '1', sourceOntologyId: 'https://a.example/o', sourceOntologyVersion: '1',
    targetOntologyId: 'https://b.example/o', targetOntologyVersion: '2', direction: 'source-to-target', assertedBy: 'https://example.org/i',
    validUntil: '2030-01-01T00:00:00Z', mappingRules: [{ from: 'https://a.example/o#x', to: 'https://b.example/o#y', conditions: {} }],
  };
}

describe('a signed artifact dated February 30 (Section 7.2) is invalid input, never Compatible', () => {
  const w = world();
  const trust = w.trust();
  const good = w.artifact('good.json');
  const feb30 = w.artifact('feb30.json', (d) => { d['validUntil'] = '2026-02-30T00:00:00Z'; });

  it('the same artifact with a real date is Compatible (the scenario holds)', async () => {
    const r = await runCli(['check', ...forwardArgs('2026-03-02T00:00:00Z'), '--artifact', good, '--trust', trust]);
    expect([r.code, r.stdout.split('\n')[0]]).toEqual([0, 'Compatible']);
  });

  it('check on March 2: exit 2 with the artifact\'s E_INVALID_VALUE at $.validUntil', async () => {
    const r = await runCli(['check', ...forwardArgs('2026-03-02T00:00:00Z'), '--artifact', feb30, '--trust', trust, '--json']);
    expect(r.code).toBe(2);
    const verdict = JSON.parse(r.stdout) as { outcome: string; errors: Array<{ file: string; code: string; path: string }> };
    expect([verdict.outcome, verdict.errors.map((e) => [e.file, e.code, e.path])]).toEqual(['Invalid', [[feb30, 'E_INVALID_VALUE', '$.validUntil']]]);
  });

  it('artifact verify and artifact sign refuse it too (exit 2)', async () => {
    const verify = await runCli(['artifact', 'verify', feb30, '--trust', trust, '--now', '2026-03-02T00:00:00Z']);
    expect([verify.code, verify.stderr]).toEqual([2, expect.stringContaining('February 2026 has no day 30')]);
    expect(verify.stderr).toContain('[E_INVALID_DOCUMENT]');
    const key = w.write('private.pem', w.key.privateKeyPem);
    const sign = await runCli(['artifact', 'sign', feb30, '--key', key]);
    expect([sign.code, sign.stderr.includes('[E_INVALID_DOCUMENT]')]).toEqual([2, true]);
  });

  it('artifact build refuses --valid-until on a day that does not exist (E_ARTIFACT_BUILD)', async () => {
    const r = await runCli(['artifact', 'build', '--from', ex('reviewed-cs-doc.sssom.tsv'),
      '--artifact-id', 'https://example.org/a', '--revision', '1', '--asserted-by', 'https://example.org/i', '--valid-until', '2026-02-30T00:00:00Z']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('February 2026 has no day 30');
    expect(r.stderr).toContain('[E_ARTIFACT_BUILD]');
  });
});

describe('--now is read the same strict way', () => {
  it.each([
    ['check', '2026-02-30T00:00:00Z', 'February 2026 has no day 30'],
    ['check', '2026-06-01T24:00:00Z', 'hour 24 is out of range (00–23)'],
    ['check', '2026-06-01', 'not of the form'],
    ['verify', '2026-06-01t00:00:00z', 'write "T" and "Z" in upper case'],
  ])('%s --now %s: E_USAGE, exit 2', async (command, now, why) => {
    const w = world();
    const argv = command === 'check'
      ? ['check', ...forwardArgs(now)]
      : ['artifact', 'verify', w.artifact('a.json'), '--trust', w.trust(), '--now', now];
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(/^ioa-align: --now must be an RFC 3339 date-time such as 2026-06-01T00:00:00Z, got ".*": .* \[E_USAGE\]$/);
    expect(r.stderr).toContain(why);
  });
});
