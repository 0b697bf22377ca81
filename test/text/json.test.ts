import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxError, parseJson } from '../../src/text/json.js';
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
