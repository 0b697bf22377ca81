/**
 * Cutting user text to a length. A JavaScript string counts UTF-16 code units, so `slice(0, n)`
 * can end between the two halves of a character above U+FFFF (an emoji, a Gothic or an astral Han
 * character): the lone half left behind is no Unicode character, and every writer turns it into
 * U+FFFD or a `\ud83d` escape that our own readers then refuse. The cut here never splits a
 * character, and where it can it does not split a grapheme cluster either (a letter and its
 * accents, an emoji ZWJ sequence, a flag).
 */

/**
 * The longest grapheme cluster (in UTF-16 units) the cut steps back over whole. Real clusters are
 * shorter (a family emoji is 11 units, a subdivision flag 14); a longer one is a pile of
 * combining marks, which is cut between two of its code points rather than dropped whole.
 */
const MAX_CLUSTER_UNITS = 64;

let graphemes: Intl.Segmenter | undefined;

/**
 * The longest prefix of `text` of at most `maxUnits` UTF-16 code units that ends on a grapheme
 * cluster boundary (on a code point boundary when the cluster at the cut is longer than
 * {@link MAX_CLUSTER_UNITS}); `text` itself when it is short enough.
 */
export function cutText(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  if (maxUnits <= 0) return '';
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  // Only the cluster that straddles the cut matters; `containing` finds it without segmenting the rest.
  const start = graphemes.segment(text).containing(maxUnits)?.index ?? maxUnits;
  if (start > 0 && maxUnits - start <= MAX_CLUSTER_UNITS) return text.slice(0, start);
  const code = text.charCodeAt(maxUnits - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? maxUnits - 1 : maxUnits);
}

/** `text` cut to at most `maxUnits` UTF-16 units with `…` as the last of them when it was cut (see cutText). */
export function ellipsize(text: string, maxUnits: number): string {
  return text.length <= maxUnits ? text : `${cutText(text, maxUnits - 1)}…`;
}
