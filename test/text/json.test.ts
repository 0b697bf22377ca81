import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxError, parseJson, readJson } from '../../src/text/json.js';
import { thrownIoaError } from '../helpers/errors.js';

/** The syntax error JSON.parse throws for `text`, located. */
function located(text: string): ReturnType<typeof jsonSyntaxError> {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonSyntaxError(text, error);
  }
  throw new Error(`expected ${JSON.stringify(text)} not to parse`);
}

describe('locating JSON syntax errors (one locator for every command)', () => {
  it('names the line and column where the text stops being JSON', () => {
    expect(located('{\n  "a": 1,\n  "b": \n}\n')).toEqual({ message: 'malformed JSON: value expected', line: 4, column: 1 });
    expect(located('{"a" 1}')).toEqual({ message: 'malformed JSON: colon expected', line: 1, column: 6 });
    const error = thrownIoaError(() => parseJson('[1,,2]', 'x.json', 'E_EXCHANGE_BAD_JSON'));
    expect([error.code, error.describe()]).toEqual(['E_EXCHANGE_BAD_JSON', 'x.json:1:4: malformed JSON: value expected [E_EXCHANGE_BAD_JSON]']);
  });

  it('every proper prefix of a nested document is located at or before its end', () => {
    const doc = JSON.stringify({ a: [1, -2.5e3, 'x\\"y\u00e9'], b: { c: null, d: true } }, null, 1);
    for (let n = 1; n < doc.length - 1; n++) {
      const prefix = doc.slice(0, n);
      if (prefix.trim() === '') continue;
      const { line, column } = located(prefix);
      const lines = prefix.split('\n');
      expect(line).toBeDefined();
      expect(line!).toBeLessThanOrEqual(lines.length);
      if (line === lines.length) expect(column!).toBeLessThanOrEqual(lines[lines.length - 1]!.length + 1);
    }
  });

  it('valid JSON of any shape parses', () => {
    fc.assert(fc.property(fc.json(), (text) => { parseJson(text); }), { numRuns: 200 });
  });
});

describe('the strict reader (I-JSON, RFC 7493): member names once per object, no lone surrogates', () => {
  const fault = (text: string): unknown => {
    const read = readJson(text);
    return read.ok ? 'ok' : read.fault;
  };

  it('a member named twice is a duplicate-key fault at the second name, with its path', () => {
    expect(fault('{"a": 1, "a": 2}')).toEqual({ kind: 'duplicate-key', path: '$.a', line: 1, column: 10, message: expect.stringContaining('member "a" appears twice in one object (first at line 1, column 2)') });
    expect(fault('{"x": [{"k": 1}, {"k": 1, "b": {"@id": 1,\n "@id": 2}}]}')).toMatchObject({ path: '$.x[1].b["@id"]', line: 2, column: 2 });
    // The same name spelled with an escape is the same name.
    expect(fault('{"ab": 1, "a\\u0062": 2}')).toMatchObject({ kind: 'duplicate-key', path: '$.ab' });
    const error = thrownIoaError(() => parseJson('{"a": {"b": 1, "b": 1}}', 'p.json', 'E_EXCHANGE_BAD_JSON'));
    expect([error.code, error.describe()]).toEqual(['E_DUPLICATE_KEY', expect.stringMatching(/^p\.json:1:16 at \$\.a\.b: member "b" appears twice .* \[E_DUPLICATE_KEY\]$/)]);
  });

  it('the same name in different objects, and names differing only in case, are fine', () => {
    expect(fault('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "A": 3}')).toBe('ok');
  });

  it('a lone surrogate, escaped or raw, in a value or a name, is a fault; a proper pair is not', () => {
    for (const text of ['"\\ud800"', '{"k": "x\\udc00y"}', '{"\\udbff": 1}', '["\\udc00\\ud800"]', '["\ud800"]']) {
      expect([text, (fault(text) as { kind?: string }).kind]).toEqual([text, 'lone-surrogate']);
    }
    expect(fault('{"k": ["a", "\\ud800"]}')).toMatchObject({ path: '$.k[1]', line: 1, column: 13 });
    expect(fault('{"\\ud800x": 1}')).toMatchObject({ path: '$["\\ud800x"]' });
    expect(fault('["\\ud83d\\ude00", "\ud83d\ude00"]')).toBe('ok');
    expect(thrownIoaError(() => parseJson('"\\udfff"', 'x.json')).code).toBe('E_PARSE_JSON');
  });

  it('nesting far deeper than a recursive reader survives is scanned without overflowing the stack', () => {
    const depth = 50_000;
    expect(fault(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBe('ok');
    expect(fault(`${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`)).toBe('ok');
  });

  it('any JSON a serialiser writes is read; adding a member it already has is always found', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), fc.nat(), (object, pick) => {
      const text = JSON.stringify(object);
      expect(readJson(text).ok).toBe(true);
      const keys = Object.keys(object);
      const name = keys[pick % keys.length]!;
      const doubled = `{${JSON.stringify(name)}: 0, ${text.slice(1)}`;
      expect(fault(doubled)).toMatchObject({ kind: 'duplicate-key', path: `$${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}` });
    }), { numRuns: 200 });
  });
});
