import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonSyntaxError, parseJson, readJson } from '../../src/text/json.js';
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

describe('the strict reader (I-JSON, RFC 7493): member names once per object, no lone surrogates, numbers a double holds', () => {
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

  it('a number beyond a double\'s range (read as Infinity) is a fault at its path; large, small and precise numbers a double holds are not', () => {
    expect(fault('{"a": [1, 2e400]}')).toEqual({ kind: 'number-range', path: '$.a[1]', line: 1, column: 11, message: expect.stringContaining('the number 2e400 is beyond what a double holds') });
    expect(fault('{\n "w": {"x": -1E+309}}')).toMatchObject({ kind: 'number-range', path: '$.w.x', line: 2, column: 13 });
    expect(fault(`[${'9'.repeat(400)}]`)).toMatchObject({ kind: 'number-range', path: '$[0]' });
    // What a double holds, however many digits it is written with; underflow to zero is no overflow.
    for (const text of ['[1.7976931348623157e308, -1e308, 1e-400, 12345678901234567890]', `[${'9'.repeat(300)}]`, '{"s": "1e999", "1e999": 0}']) expect([text, fault(text)]).toEqual([text, 'ok']);
    const error = thrownIoaError(() => parseJson('{"score": 1e400}', 'm.json', 'E_EXCHANGE_BAD_JSON'));
    expect([error.code, error.location.path, error.location.line]).toEqual(['E_EXCHANGE_BAD_JSON', '$.score', 1]);
  });

  it('nesting far deeper than a recursive reader survives is scanned without overflowing the stack', () => {
    // Without a depth limit the scan itself reads any depth (the default limit is tested below).
    const depth = 50_000;
    const unbounded = (text: string): boolean => readJson(text, 1, Number.POSITIVE_INFINITY).ok;
    expect(unbounded(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBe(true);
    expect(unbounded(`${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`)).toBe(true);
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

describe('nesting depth (6.1): refused as the text is read, before anything walks it', () => {
  const deepArray = (levels: number): string => `{"a": ${'['.repeat(levels)}${']'.repeat(levels)}}`;

  it('JSON nested past the limit is a depth fault at the path and place of the first value too deep', () => {
    const read = readJson(deepArray(10_000));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.fault).toEqual({ kind: 'depth', message: `nesting deeper than ${MAX_JSON_DEPTH} levels`, path: `$.a${'[0]'.repeat(MAX_JSON_DEPTH - 1)}`, line: 1, column: 7 + MAX_JSON_DEPTH - 1 });
    const fine = readJson(deepArray(MAX_JSON_DEPTH - 1));
    expect(fine.ok).toBe(true);
    const tight = readJson(deepArray(3), 1, 3);
    expect(tight.ok ? undefined : [tight.fault.kind, tight.fault.path]).toEqual(['depth', '$.a[0][0]']);
  });

  it('malformed text nested thousands deep is a depth fault with its line and column, not a stack overflow in the syntax locator', () => {
    const read = readJson(`\n${'{"x": '.repeat(20_000)}`);
    expect(read.ok ? undefined : [read.fault.kind, read.fault.line, read.fault.column]).toEqual(['depth', 2, 6 * MAX_JSON_DEPTH + 1]);
    const error = thrownIoaError(() => parseJson('['.repeat(20_000), 'x.json', 'E_EXCHANGE_BAD_JSON'));
    expect([error.code, error.describe()]).toEqual(['E_LIMIT_EXCEEDED', `x.json:1:${MAX_JSON_DEPTH + 1}: nesting deeper than ${MAX_JSON_DEPTH} levels [E_LIMIT_EXCEEDED]`]);
    const valid = thrownIoaError(() => parseJson(deepArray(10_000), 'y.json'));
    expect([valid.code, valid.location.path]).toEqual(['E_LIMIT_EXCEEDED', `$.a${'[0]'.repeat(MAX_JSON_DEPTH - 1)}`]);
  });
});
