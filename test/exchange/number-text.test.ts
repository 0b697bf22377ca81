/**
 * numberText writes numbers as String() does: its shortcut for scores of at most nine decimals
 * must agree with String() on every number, those it takes and those it leaves to String().
 */
import { describe, expect, it } from 'vitest';
import { numberText } from '../../src/exchange/slots.js';

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator). */
function* numbers(count: number, seed: number): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    yield state / 2147483648;
  }
}

describe('numberText', () => {
  it('writes what String() writes for scores rounded to nine, six and twelve decimals, and unrounded', () => {
    const differ: string[] = [];
    for (const x of numbers(100_000, 7)) {
      for (const v of [Math.round(x * 1e9) / 1e9, Math.round(x * 1e6) / 1e6, Math.round(x * 1e12) / 1e12, x, x * 1e-5, x * 1e-7]) {
        if (numberText(v) !== String(v)) differ.push(`${String(v)} written ${numberText(v)}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('writes what String() writes at the edges of its shortcut and outside it', () => {
    const edges = [
      0, -0, 1, 0.5, 0.1, 0.2 + 0.1, 1e-6, 1e-6 - 1e-15, 0.000001, 0.000001001, 0.0000009, 1e-7, 1e-9, 0.999999999, 0.9999999999,
      0.123456789, 0.1234567891, 0.100000000, 0.000100000, 1 - 2 ** -53, 2 ** -20, 5e-324, 1.5, 2, 10, 12345.678, -0.25, -1e-6,
      NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE,
    ];
    for (const v of edges) expect(numberText(v), `${v}`).toBe(String(v));
  });

  it('takes the shortcut for nine-decimal scores: no exponent, no trailing zero', () => {
    expect(numberText(0.25)).toBe('0.25');
    expect(numberText(0.000123)).toBe('0.000123');
    expect(numberText(0.935785714)).toBe('0.935785714');
  });
});
