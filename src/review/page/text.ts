/**
 * Text from the files as the page shows it. Labels, synonyms and definitions are third-party
 * input: an invisible or control character in them (a right-to-left override U+202E that makes
 * "lung \u202Eyendik lanigiro" read "lung original kidney", a zero-width space, a soft hyphen) is
 * shown as a visible mark such as ⟨U+202E⟩ instead of acting. No DOM here, so the rules are
 * tested without a browser.
 */

/**
 * Control and format characters (bidirectional controls, zero-width characters, the byte-order
 * mark), private-use characters, line and paragraph separators. Tab, line feed and carriage
 * return are white space the page collapses, not hidden text.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u;
const HIDDEN_ALL = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/gu;
const WHITE = new Set(['\t', '\n', '\r']);

export interface Segment {
  text: string;
  /** A mark standing for an invisible character. */
  hidden: boolean;
}

export function markOf(char: string): string {
  return `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** The text cut into plain runs and marks for its invisible characters. */
export function segments(text: string): Segment[] {
  if (!HIDDEN.test(text)) return [{ text, hidden: false }];
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(HIDDEN_ALL)) {
    if (WHITE.has(m[0])) continue;
    if (m.index > last) out.push({ text: text.slice(last, m.index), hidden: false });
    out.push({ text: markOf(m[0]), hidden: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), hidden: false });
  return out;
}

/** The text with every invisible character replaced by its mark. */
export function visible(text: string): string {
  return segments(text).map((s) => s.text).join('');
}

export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

/** Letters of the scripts written right to left. */
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;

/**
 * The direction of a text by its first letter, as `dir="auto"` finds it (which cannot see into a
 * `<bdi>`, so an element holding one must be told).
 */
export function direction(text: string): 'rtl' | 'ltr' {
  const first = /\p{L}/u.exec(text);
  return first && RTL.test(first[0]) ? 'rtl' : 'ltr';
}
