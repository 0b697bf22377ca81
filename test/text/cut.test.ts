import { describe, expect, it } from 'vitest';
import { cutText, ellipsize } from '../../src/text/cut.js';

const wellFormed = (s: string): boolean => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('cutting text to a length', () => {
  it('never ends between the two halves of a character above U+FFFF', () => {
    // 🚀 is UTF-16 units 3–4: a cut at 4 units would keep its first half only.
    expect(cutText('abc🚀def', 4)).toBe('abc');
    expect(cutText('abc🚀def', 5)).toBe('abc🚀');
    const gothic = `a${'𐌰'.repeat(300)}`;
    for (const n of [1, 2, 3, 511, 512]) {
      const cut = cutText(gothic, n);
      expect(wellFormed(cut)).toBe(true);
      expect(cut.length).toBeLessThanOrEqual(n);
      expect(n - cut.length).toBeLessThanOrEqual(1);
    }
  });

  it('keeps a grapheme cluster whole: an accent with its letter, an emoji ZWJ sequence, a flag', () => {
    expect(cutText('cafe\u0301 noir', 4)).toBe('caf');
    const family = '👨\u200d👩\u200d👧';
    expect(cutText(`ok ${family} done`, 3 + family.length - 1)).toBe('ok ');
    expect(cutText('x🇫🇷🇩🇪', 4)).toBe('x');
  });

  it('cuts a pile of combining marks between code points instead of dropping it whole', () => {
    const zalgo = `ab${'\u0301'.repeat(1000)}`;
    expect(cutText(zalgo, 100)).toBe(zalgo.slice(0, 100));
  });

  it('leaves short text alone and marks a cut with an ellipsis within the length', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(ellipsize('short', 5)).toBe('short');
    const quote = ellipsize(`${'x'.repeat(238)}🚀 fast`, 240);
    expect(quote).toBe(`${'x'.repeat(238)}…`);
    expect(quote.length).toBeLessThanOrEqual(240);
  });
});
