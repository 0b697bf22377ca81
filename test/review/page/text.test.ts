/**
 * How the review page shows third-party text: invisible and control characters become visible
 * marks (a right-to-left override cannot turn "lung \u202Eyendik lanigiro" into "lung original
 * kidney"); white space stays white space.
 */
import { describe, expect, it } from 'vitest';
import { direction, markOf, plural, segments, visible } from '../../../src/review/page/text.js';

describe('review page text', () => {
  it('shows bidirectional controls, zero-width characters, the BOM and private-use characters as ⟨U+XXXX⟩', () => {
    expect(visible('lung \u202Eyendik lanigiro')).toBe('lung ⟨U+202E⟩yendik lanigiro');
    expect(visible('a\u200Bb\u200Dc\u2066d\u2069e\uFEFFf\u00ADg\uE000h\u2028i')).toBe('a⟨U+200B⟩b⟨U+200D⟩c⟨U+2066⟩d⟨U+2069⟩e⟨U+FEFF⟩f⟨U+00AD⟩g⟨U+E000⟩h⟨U+2028⟩i');
    expect(visible('bell\u0007')).toBe('bell⟨U+0007⟩');
    expect(markOf('\u{E0041}')).toBe('⟨U+E0041⟩'); // a tag character (outside the BMP)
  });

  it('leaves ordinary text, accents, right-to-left scripts and white space as they are', () => {
    for (const text of ['heart valve', 'cœur · Herz', 'قلب', 'לב', 'line one\nline two\ttabbed', '']) expect(visible(text)).toBe(text);
    expect(segments('heart')).toEqual([{ text: 'heart', hidden: false }]);
  });

  it('cuts the text into plain runs and marks, in order', () => {
    expect(segments('\u202Eab\u202Cc\u200E')).toEqual([
      { text: '⟨U+202E⟩', hidden: true }, { text: 'ab', hidden: false }, { text: '⟨U+202C⟩', hidden: true }, { text: 'c', hidden: false }, { text: '⟨U+200E⟩', hidden: true },
    ]);
  });

  it('counts with the right noun', () => {
    expect([plural(0, 'decision'), plural(1, 'decision'), plural(2, 'decision'), plural(1, 'candidate'), plural(3, 'child', 'children')]).toEqual(['0 decisions', '1 decision', '2 decisions', '1 candidate', '3 children']);
  });
});

describe('direction', () => {
  it('is the direction of the first letter: digits, punctuation and emoji before it do not count', () => {
    expect(direction('قلب الإنسان')).toBe('rtl');
    expect(direction('12 קבוצה (group)')).toBe('rtl');
    expect(direction('myocardium عضلة')).toBe('ltr');
    expect(direction('🫀 heart')).toBe('ltr');
    expect(direction('ދިވެހި')).toBe('rtl');
    expect(direction('123')).toBe('ltr');
  });
});
