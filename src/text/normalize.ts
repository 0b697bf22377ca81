/**
 * Shared text normalisation for the lexical generators, so that `exact`, `edit`, `tfidf` and
 * `wordnet` agree on what a word is and when two names are "the same":
 *
 * 1. identifiers are split (`hasPaperTitle`, `Pancreatic_Duct`) with splitIdentifier,
 * 2. Unicode compatibility forms are folded (NFKC), invisible joiners and hyphenation points
 *    are dropped (see JOINERS), and case is folded (see foldCase),
 * 3. accents on Latin letters are dropped (`Müller` ~ `Muller`), marks of other scripts are kept
 *    because they are part of the letter there (Devanagari, Thai),
 * 4. punctuation becomes a word boundary,
 * 5. for the canonical key: stop words go, English words are Porter-stemmed (natural's stemmer,
 *    imported by path: PITFALLS.md), and token order is ignored.
 *
 * Scripts without spaces (CJK) keep each run as one word: character n-grams in `tfidf` and
 * `edit` still see inside it.
 */
import PorterStemmer from 'natural/lib/natural/stemmers/porter_stemmer.js';
import { words as naturalStopWords } from 'natural/lib/natural/util/stopwords.js';
import { splitIdentifier } from './identifiers.js';

/**
 * Words that carry meaning in ontology labels although natural lists them as noise: spatial and
 * ordering relations (`above`, `between`: "skin above the knee" is not "skin below the knee")
 * and quantity words. Single letters and digits are kept too: `rib 1` is not `rib 2`, and
 * `CA1` splits to `ca 1`.
 */
const MEANINGFUL = new Set([
  'above', 'after', 'before', 'below', 'between', 'during', 'under', 'over', 'up', 'out', 'into',
  'through', 'further', 'few', 'more', 'most', 'other', 'same', 'own', 'many', 'much', 'only',
  'well', 'way', 'like', 'never', 'not', 'no', 'all', 'any', 'each', 'both',
]);

/** Function words dropped from canonical keys: natural's English list minus MEANINGFUL. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...naturalStopWords.filter((w) => w.length > 1 && !/\d/.test(w) && !MEANINGFUL.has(w)),
  'a', 'the', 'of', 'and', 'or', 'in', 'on', 'at', 'by', 'for', 'to', 'with', 'from',
]);

const LATIN_MARKS = /(\p{Script=Latin})\p{Mn}+/gu;
const NON_WORD = /[^\p{L}\p{N}\p{M}]+/gu;

/**
 * Invisible format characters that sit inside a word and do not end it (UAX #29 does not break
 * words at them), dropped before splitting so that the word reads as if they were not there:
 *
 * - the soft hyphen U+00AD (`soft\u00adware` is `software`: it only marks where a line may break),
 *   the word joiner U+2060 and its deprecated form U+FEFF (they forbid a break, they make none);
 * - ZWNJ U+200C and ZWJ U+200D: they change how letters join on screen, not which word it is.
 *   Persian writes the plural `کتاب‌ها` with a ZWNJ and is as often typed `کتابها` without one;
 *   a Devanagari conjunct with a ZWJ (`क्‍ष`, half form) is the same letters as `क्ष`. Dropping them
 *   makes each pair one word. (Keeping them as letters would leave the pairs unequal, and a word
 *   break would make `کتاب ها` two words, neither of which is the other side's word.)
 *
 * The zero-width space U+200B is left out on purpose: it marks a word break where no space is
 * shown (Thai, Khmer), so it stays a boundary. Emoji ZWJ sequences hold no letters and are
 * dropped as punctuation either way.
 */
const JOINERS = /[\u00ad\u200c\u200d\u2060\ufeff]/g;

/**
 * Case folding for names: lower case, and `ß` (and capital `ẞ`) as `ss`, the one full case
 * folding (Unicode CaseFolding.txt, status F) that lower-casing misses in Latin text and that
 * spellings really differ by: `Straße` ~ `STRASSE` ~ `Strasse` (the Swiss spelling). The other
 * full foldings are ligatures that NFKC has already taken apart, or Greek forms with iota
 * subscript, left as lower-casing writes them.
 */
function foldCase(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('ß') ? lower.replaceAll('ß', 'ss') : lower;
}

/** Case-folded words of a text, identifiers split, punctuation removed, order kept. */
export function words(text: string): string[] {
  // Most names are ASCII, where Unicode normalisation changes nothing: skip its three passes.
  const ascii = ASCII.test(text);
  const split = splitIdentifier(ascii ? text : text.normalize('NFKC').replace(JOINERS, ''));
  const folded = ascii ? split.toLowerCase() : foldCase(split.normalize('NFKD').replace(LATIN_MARKS, '$1').normalize('NFC'));
  return folded.split(NON_WORD).filter((w) => w.length > 0);
}

const ASCII = /^[\x00-\x7f]*$/;

const stemCache = new Map<string, string>();
const ENGLISH_WORD = /^[a-z]+$/;

/** Porter stem of an ASCII word; other words (digits, other scripts) are returned unchanged. */
export function stem(word: string): string {
  // The cache answers first, for words left as they are too: stem runs millions of times in a
  // run, and the word test costs as much as the lookup.
  let cached = stemCache.get(word);
  if (cached === undefined) {
    cached = !ENGLISH_WORD.test(word) || word.length < 3 ? word : PorterStemmer.stem(word);
    // Bounded so that a 50k-concept run with random labels cannot grow the cache without limit.
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(word, cached);
  }
  return cached;
}

/** Words without stop words; if a text is nothing but stop words, all of them are kept. */
export function contentWords(ws: readonly string[]): string[] {
  const kept = ws.filter((w) => !STOP_WORDS.has(w));
  return kept.length > 0 ? kept : [...ws];
}

/**
 * The canonical key two names share when they are "the same" for the `exact` generator:
 * content words, stemmed, in sorted order (`Skin of the Leg` ~ `leg skin`).
 */
export function canonicalKey(ws: readonly string[]): string {
  return contentWords(ws).map(stem).sort().join(' ');
}

/**
 * NFKC, case-folded, whitespace-collapsed text, `_` read as a space (`Pancreatic_Duct`), the
 * invisible joiners of {@link words} dropped: two names equal here are literally equal.
 */
export function foldedText(text: string): string {
  return (ASCII.test(text) ? text.toLowerCase() : foldCase(text.normalize('NFKC').replace(JOINERS, ''))).replace(/[\s_]+/g, ' ').trim();
}

/**
 * Letter-number codes a name spells out or abbreviates: `T4 Vertebra` has `t4`, and so does
 * `thoracic vertebra 4` (initial of the first word + the number), as in C2, L1, S3, T12.
 */
export function letterNumberCodes(text: string, ws: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])(\p{L})[-_ ]?(\p{N}{1,3})(?![\p{L}\p{N}])/gu)) codes.add(`${m[1]!.toLowerCase()}${m[2]}`);
  const content = ws.filter((w) => !STOP_WORDS.has(w));
  const first = content[0];
  const last = content[content.length - 1];
  if (content.length >= 2 && first && last && /^\p{L}{2,}$/u.test(first) && /^\p{N}{1,3}$/u.test(last)) codes.add(`${first[0]}${last}`);
  return [...codes];
}

/** `Large Language Model` → `llm`; undefined for fewer than two content words. */
export function acronym(ws: readonly string[]): string | undefined {
  const content = ws.filter((w) => !STOP_WORDS.has(w));
  if (content.length < 2) return undefined;
  return content.map((w) => w[0]).join('');
}

/**
 * Character n-grams of each word padded with spaces (scikit-learn's `char_wb`): n-grams do not
 * cross word boundaries, so word order does not matter and prefixes/suffixes are marked.
 */
export function charNgrams(ws: readonly string[], n = 3): string[] {
  const grams: string[] = [];
  for (const w of ws) {
    const padded = ` ${w} `;
    if (padded.length <= n) {
      grams.push(padded);
      continue;
    }
    for (let i = 0; i + n <= padded.length; i++) grams.push(padded.slice(i, i + n));
  }
  return grams;
}
