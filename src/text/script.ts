/**
 * What language a name is written in, as far as matching needs to know: its BCP 47 tag when it
 * has one, its script when it has none, and its script again when the tag contradicts it (a
 * Chinese name tagged `@en` is matched as Chinese, and the loader warns).
 *
 * Untagged Latin text counts as English: that is what every untagged corpus here is (OAEI,
 * OASF, Hugging Face tasks), and what the English normalisation (stems, WordNet) assumes.
 * Unknown tags pass through untouched: a name tagged `@tlh` stays `tlh`.
 */

/** Han ideographs (CJK unified, extensions, compatibility) and the iteration mark 〆/々/〇. */
const HAN = /[\p{Script=Han}\u3005-\u3007]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const LETTER = /\p{L}/u;
const NON_LATIN_LETTER = /[^\P{L}\p{Script=Latin}]/u;
const ASCII = /^[\x00-\x7f]*$/;

/** Languages whose script tells them apart from English without a tag. */
export type ScriptLanguage = 'zh' | 'ja' | 'ko';

/**
 * The language a text's letters show, when they show one: kana means Japanese (kanji alone
 * cannot tell Japanese from Chinese, so Han without kana is read as Chinese), Hangul Korean.
 * `undefined` for Latin and other scripts, and for text without letters.
 */
export function scriptLanguage(text: string): ScriptLanguage | undefined {
  if (ASCII.test(text)) return undefined;
  if (KANA.test(text)) return 'ja';
  if (HANGUL.test(text)) return 'ko';
  if (HAN.test(text)) return 'zh';
  return undefined;
}

/** True when the text has letters and all of them are Latin (digits and punctuation aside). */
export function isLatinText(text: string): boolean {
  if (ASCII.test(text)) return /[A-Za-z]/.test(text);
  return LETTER.test(text) && !NON_LATIN_LETTER.test(text);
}

/** Primary subtag, lower-cased: `zh-Hans-CN` → `zh`. */
export function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/** Languages written (also) in Han, kana or Hangul: a tag among these agrees with such text. */
const CJK_LANGUAGES = new Set(['zh', 'ja', 'ko', 'yue', 'cmn', 'wuu', 'hak', 'nan', 'gan', 'hsn', 'lzh', 'cjy']);

export interface ContentLanguage {
  /** The language the text is matched as: a primary subtag such as `zh`, `en`, `fr`. */
  lang: string;
  /** How it was decided. */
  basis: 'tag' | 'script' | 'default';
  /** The written tag disagrees with the script (set only when basis is `script` and a tag was given). */
  mistagged?: string;
}

/**
 * The language to match a name as. A tag wins unless the script contradicts it: CJK text under
 * a non-CJK tag, or text with no CJK letter under a CJK tag (`"OCR"@zh` is matched as Latin
 * text). Untagged text takes its script's language, else English.
 */
export function contentLanguage(text: string, tag?: string): ContentLanguage {
  const byScript = scriptLanguage(text);
  if (tag) {
    const primary = primaryLanguage(tag);
    if (byScript && !CJK_LANGUAGES.has(primary)) return { lang: byScript, basis: 'script', mistagged: tag };
    // A CJK tag on text whose letters are all Latin: an acronym or an English name filed under zh.
    if (!byScript && CJK_LANGUAGES.has(primary) && isLatinText(text)) return { lang: 'en', basis: 'script', mistagged: tag };
    // `cmn`, `yue` … are Chinese for a Chinese dictionary; the script agrees.
    if (byScript === 'zh' && primary !== 'ja' && primary !== 'ko') return { lang: 'zh', basis: 'tag' };
    return { lang: primary, basis: 'tag' };
  }
  if (byScript) return { lang: byScript, basis: 'script' };
  return { lang: 'en', basis: 'default' };
}
