/**
 * Shared text normalisation for the lexical generators, so that `exact`, `edit`, `tfidf` and
 * `wordnet` agree on what a word is and when two names are "the same":
 *
 * 1. identifiers are split (`hasPaperTitle`, `Pancreatic_Duct`) with splitIdentifier,
 * 2. Unicode compatibility forms are folded (NFKC) and case is folded,
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

/** Lower-cased words of a text, identifiers split, punctuation removed, order kept. */
export function words(text: string): string[] {
  // Most names are ASCII, where Unicode normalisation changes nothing: skip its three passes.
  const ascii = ASCII.test(text);
  const split = splitIdentifier(ascii ? text : text.normalize('NFKC'));
  const folded = (ascii ? split : split.normalize('NFKD').replace(LATIN_MARKS, '$1').normalize('NFC')).toLowerCase();
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
 * NFKC, case-folded, whitespace-collapsed text, `_` read as a space (`Pancreatic_Duct`): two
 * names equal here are literally equal.
 */
export function foldedText(text: string): string {
  return (ASCII.test(text) ? text : text.normalize('NFKC')).toLowerCase().replace(/[\s_]+/g, ' ').trim();
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
