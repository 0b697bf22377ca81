/**
 * `translate`: Chinese names matched with English names through a bilingual dictionary
 * (CC-CEDICT, src/text/cedict.ts), offline, in both directions (Chinese source → English target
 * and English source → Chinese target). It proposes only pairs whose names are in different
 * languages; same-language pairs are the other generators' work.
 *
 * How a pair is scored (a dictionary-and-structure alignment, not a translation table):
 * 1. The Chinese name is segmented into a lattice (src/text/segment.ts): every dictionary word it
 *    contains and every single character. Runs of Latin letters or digits (`CT扫描`) stay as they are.
 * 2. Each span carries its CC-CEDICT glosses, cleaned (`(computing) text` → text, `to classify` →
 *    classify) and weighted by sense order (earlier senses are the common ones), by length (long
 *    glosses explain rather than translate) and against proper-noun readings.
 * 3. Gloss words and the English name's words go through the normalisation every lexical generator
 *    uses (src/text/normalize.ts: case, stop words, Porter stems); stems that share a long prefix
 *    count as derivations of one word at a lower level (`summary`/`summarization`,
 *    `classify`/`classification`).
 * 4. Sense selection is by the target: a gloss counts only where its words occur in the English
 *    name, so of 审查's senses (examine, investigate, censor) the one the other side uses is chosen.
 * 5. A dynamic programme picks non-overlapping spans and one gloss each, every English word used
 *    at most once, maximising how much of both names is explained: the share of Chinese characters
 *    covered (function characters such as 与 "and" need no cover) and the IDF-weighted share of
 *    English content words covered. A multi-character word that explains the same English words
 *    as its characters scores higher (characters weigh 0.8): multi-character lookups come first.
 * 6. Structure: Chinese noun compounds are head-final and English noun phrases put the head last
 *    or before `of` (src/generators/lexical-index.ts headStem); when the Chinese head does not
 *    align with the English head the score is multiplied by 0.9 (异常 ~ Abnormality in
 *    身高异常 ~ "Abnormality of body height").
 *
 * The score is the F1 of the two coverages times the head factor and the two names' field weights.
 * Evidence carries the alignment (`身高 → height (of person); 异常 → abnormal`), the languages and
 * the preprocessing steps (SSSOM `subject_preprocessing` / `object_preprocessing`). semapv has no
 * term for translation, so the justification is `semapv:BackgroundKnowledgeBasedMatching` (the
 * dictionary is the background knowledge) and the translation itself is in the evidence.
 *
 * The dictionary loads only when one side has Chinese names and the other English ones
 * (src/generators/languages.ts); otherwise the generator proposes nothing and loads nothing.
 */
import type { Evidence, MappingJustification } from '../model/mapping.js';
import { loadCedict, type BilingualDictionary, type Gloss } from '../text/cedict.js';
import { cutText } from '../text/cut.js';
import { contentWords, stem, words } from '../text/normalize.js';
import { contentLanguage } from '../text/script.js';
import { SEGMENTATION_MODES, segmentSpans, type SegmentationMode } from '../text/segment.js';
import { perSubject, positiveOption, type GeneratorIdentity, checkSettings } from './common.js';
import { headStem, prepareOntology, type PreparedOntology, type TextEntry } from './lexical-index.js';
import { similarityRelation } from './relations.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';
import { wordNetDefinitions, wordNetLexicon, type DefinitionLexicon, type SynonymLexicon } from './wordnet-lexicon.js';

export interface TranslateConfig {
  /** How Chinese names are segmented (default `lattice`; see src/text/segment.ts). */
  segmentation?: SegmentationMode;
  /** Candidates per subject that get the full alignment, after a cheap word-overlap bound (default 64). */
  shortlist?: number;
  /** Inject a dictionary (tests); CC-CEDICT by default. */
  dictionary?: BilingualDictionary;
  /** English synonyms (WordNet by default, as the `wordnet` generator); `false` to match stems only. */
  lexicon?: SynonymLexicon | false;
  /** English definitions (WordNet by default); `false` to leave them out. */
  definitions?: DefinitionLexicon | false;
}

/** A character a Chinese name may leave without an English counterpart (conjunctions, particles). */
const FUNCTION_CHARS = new Set(['与', '和', '及', '或', '的', '之', '并', '兼', '暨', '及其', '以及']);
/** Characters read alone are ambiguous: a dictionary word explaining the same words wins. */
const CHARACTER_LEVEL = 0.8;
const CHARACTER_IN_WORD_LEVEL = 0.7;
/** Derivations of one word: stems sharing a prefix this long (and 80 % of the shorter one). */
const PREFIX = 5;
const DERIVATION_LEVEL = 0.9;
const HEAD_MISMATCH = 0.9;
/** A WordNet synonym or pertainym of the English word (`danish` ~ Denmark). */
const SYNONYM_LEVEL = 0.85;
/** A word of the English word's WordNet definition (`hepatomegaly`: "enlargement of the liver"). */
const DEFINITION_LEVEL = 0.6;
/**
 * Only long words are defined: technical compounds (hepatomegaly, proteinuria) whose meaning
 * WordNet spells out in plain words. Short common words have many senses whose definitions add
 * more noise than matches (on the CLDR check set, region Hits@1 0.948 → 0.900 with them at 0.3).
 */
const MIN_DEFINED_LENGTH = 9;
/** Synonyms kept per English word (WordNet lists the most frequent senses first). */
const MAX_ALTERNATIVES = 8;
/** Longest English name (content words) aligned: the DP state is a bit mask over them. */
const MAX_ENGLISH_WORDS = 16;
/** Longest Chinese name aligned with the full lattice; longer names are cut (rare for labels). */
const MAX_CHINESE_CHARS = 40;

/** The content language of a name, for choosing which pairs to translate. */
export function entryLanguage(entry: Pick<TextEntry, 'text' | 'lang'>): string {
  return contentLanguage(entry.text, entry.lang).lang;
}

interface GlossOption {
  start: number;
  end: number;
  span: string;
  gloss: Gloss;
  stems: string[];
  /** Level of every option from this span: 1 for words and other-script runs, 0.8 for single characters. */
  level: number;
}

interface ChineseName {
  entry: number;
  options: GlossOption[];
  /** Characters that need an English counterpart. */
  countable: number;
  /** Offsets where a character needing cover starts, with its length. */
  chars: Array<[start: number, length: number]>;
  /** End offset of the last Han character: the head of a head-final compound. */
  headEnd: number;
}

interface EnglishName {
  entry: number;
  stems: string[];
  /** Per word: stems of its WordNet synonyms and pertainyms (`danish` → denmark), matched at SYNONYM_LEVEL. */
  alternatives: string[][];
  /** Per word: stems of the words of its WordNet definitions (`review`: "look at again; examine again"). */
  definitions: string[][];
  idf: number[];
  total: number;
  /** Index in `stems` of the head word, or -1. */
  head: number;
}

function glossStems(text: string): string[] {
  return [...new Set(contentWords(words(text)).map(stem))];
}

function chineseName(entry: TextEntry, id: number, dictionary: BilingualDictionary, mode: SegmentationMode): ChineseName {
  const text = cutText(entry.text, MAX_CHINESE_CHARS);
  const spans = segmentSpans(text, mode, (w) => dictionary.has(w), dictionary.maxWordLength);
  const options: GlossOption[] = [];
  const chars: Array<[number, number]> = [];
  let headEnd = -1;
  const hanSpans = spans.filter((s) => s.kind === 'han');
  // Characters inside a longer dictionary word of this name: reading them alone splits a word.
  const inWord = new Set<number>();
  for (const span of hanSpans) if (span.end - span.start > 1 && [...span.text].length > 1) for (let i = span.start; i < span.end; i++) inWord.add(i);
  for (const span of spans) {
    if (span.kind === 'other') {
      const stems = glossStems(span.text);
      if (stems.length) options.push({ start: span.start, end: span.end, span: span.text, gloss: { text: span.text, raw: span.text, weight: 1 }, stems, level: 1 });
      continue;
    }
    const single = [...span.text].length === 1;
    // A character read alone is one reading among several; inside a dictionary word, weaker still.
    const level = !single || hanSpans.length === 1 ? 1 : inWord.has(span.start) ? CHARACTER_IN_WORD_LEVEL : CHARACTER_LEVEL;
    for (const gloss of dictionary.glosses(span.text)) {
      const stems = glossStems(gloss.text);
      if (stems.length) options.push({ start: span.start, end: span.end, span: span.text, gloss, stems, level });
    }
  }
  // Characters to explain: each Han character and each other-script run, function characters aside.
  for (const span of spans) {
    if (span.kind === 'other') chars.push([span.start, span.end - span.start]);
  }
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    const ch = text.slice(i, i + len);
    if (/[\p{Script=Han}\u3005-\u3007]/u.test(ch)) {
      headEnd = i + len;
      if (!FUNCTION_CHARS.has(ch)) chars.push([i, len]);
    }
    i += len;
  }
  chars.sort((a, b) => a[0] - b[0]);
  return { entry: id, options, countable: chars.length, chars, headEnd };
}

/** Single-word WordNet synonyms of every content word, as stems (shared with the `wordnet` generator's lexicon). */
async function synonymStems(sides: Array<[PreparedOntology, number[]]>, lexicon: SynonymLexicon): Promise<Map<string, string[]>> {
  const terms = new Set<string>();
  for (const [side, ids] of sides) for (const id of ids) for (const w of side.entries[id]!.content) if (/^[a-z][a-z'-]*$/.test(w)) terms.add(w);
  const found = await lexicon.synonyms([...terms].sort());
  const out = new Map<string, string[]>();
  for (const [term, list] of found) {
    const stems = [...new Set(list.filter((x) => !x.includes(' ')).map((x) => stem(x.toLowerCase())))].filter((x) => x !== stem(term));
    if (stems.length) out.set(term, stems.slice(0, MAX_ALTERNATIVES));
  }
  return out;
}

/** Content-word stems of the WordNet definitions of every content word. */
async function definitionStems(sides: Array<[PreparedOntology, number[]]>, lexicon: DefinitionLexicon): Promise<Map<string, string[]>> {
  const terms = new Set<string>();
  for (const [side, ids] of sides) for (const id of ids) for (const w of side.entries[id]!.content) if (w.length >= MIN_DEFINED_LENGTH && /^[a-z][a-z'-]*$/.test(w)) terms.add(w);
  const found = await lexicon.definitions([...terms].sort());
  const out = new Map<string, string[]>();
  for (const [term, list] of found) {
    const own = stem(term);
    const stems = [...new Set(list.flatMap((d) => contentWords(words(d)).map(stem)))].filter((x) => x !== own && x.length > 2);
    if (stems.length) out.set(term, stems);
  }
  return out;
}

function englishNames(prepared: PreparedOntology, ids: number[], synonyms: Map<string, string[]>, definitions: Map<string, string[]>): { names: Map<number, EnglishName>; index: Map<string, number[]> } {
  const df = new Map<string, number>();
  for (const id of ids) for (const s of new Set(prepared.entries[id]!.stems)) df.set(s, (df.get(s) ?? 0) + 1);
  const n = Math.max(1, ids.length);
  const names = new Map<number, EnglishName>();
  const index = new Map<string, number[]>();
  for (const id of ids) {
    const entry = prepared.entries[id]!;
    const stems: string[] = [];
    const alternatives: string[][] = [];
    const meanings: string[][] = [];
    entry.content.forEach((word, i) => {
      const st = entry.stems[i]!;
      if (stems.includes(st) || stems.length >= MAX_ENGLISH_WORDS) return;
      stems.push(st);
      alternatives.push(synonyms.get(word) ?? []);
      meanings.push(definitions.get(word) ?? []);
    });
    if (stems.length === 0) continue;
    const idf = stems.map((s) => Math.log(1 + n / (df.get(s) ?? 1)));
    const head = stems.indexOf(headStem(entry.words));
    names.set(id, { entry: id, stems, alternatives, definitions: meanings, idf, total: idf.reduce((a, b) => a + b, 0), head });
    for (const s of new Set([...stems, ...alternatives.flat(), ...meanings.flat()])) {
      const list = index.get(s);
      if (list) list.push(id);
      else index.set(s, [id]);
    }
  }
  return { names, index };
}

/** Level at which two stems name the same word: equal 1, a derivation 0.9, else 0. */
export function stemLevel(a: string, b: string): number {
  if (a === b) return 1;
  const min = Math.min(a.length, b.length);
  if (min < PREFIX) return 0;
  let common = 0;
  while (common < min && a.charCodeAt(common) === b.charCodeAt(common)) common++;
  return common >= PREFIX && common >= 0.8 * min ? DERIVATION_LEVEL : 0;
}

/** English stems near a gloss stem (equal or derivation), via a prefix bucket. */
class StemNeighbours {
  private readonly byPrefix = new Map<string, string[]>();
  private readonly cache = new Map<string, Array<[string, number]>>();
  constructor(stems: Iterable<string>) {
    for (const s of stems) {
      const k = s.length >= PREFIX ? s.slice(0, PREFIX) : s;
      const list = this.byPrefix.get(k);
      if (list) list.push(s);
      else this.byPrefix.set(k, [s]);
    }
  }
  of(stem: string): Array<[string, number]> {
    let hit = this.cache.get(stem);
    if (hit) return hit;
    hit = [];
    const k = stem.length >= PREFIX ? stem.slice(0, PREFIX) : stem;
    for (const s of this.byPrefix.get(k) ?? []) {
      const level = stemLevel(stem, s);
      if (level > 0) hit.push([s, level]);
    }
    this.cache.set(stem, hit);
    return hit;
  }
}

interface Alignment {
  score: number;
  steps: Array<{ option: GlossOption; words: number[] }>;
  /**
   * The whole of both names rendered: every countable character glossed, every English word
   * matched, and every word of each gloss used matched to an English word as itself or a
   * derivation (stemLevel: `summary` ~ summarization), not as a synonym or definition word.
   */
  complete: boolean;
}

/**
 * Best alignment of a Chinese name with an English name (see the file comment, step 5).
 * Returns undefined when nothing aligns.
 */
export function align(zh: ChineseName, en: EnglishName): Alignment | undefined {
  // Which English words each option explains, and how well.
  interface Move { option: GlossOption; mask: number; words: number[]; src: number; tgt: number; chars: number; whole: boolean }
  const movesAt = new Map<number, Move[]>();
  for (const option of zh.options) {
    const used: number[] = [];
    let mask = 0;
    let tgt = 0;
    let matchedStems = 0;
    // Every gloss word an English word, at the level the alignment itself reads a word: a gloss
    // with a word the name lacks ("machine translation" for Translation) renders more than the name.
    let whole = true;
    for (const g of option.stems) {
      let best = -1;
      let bestLevel = 0;
      for (let w = 0; w < en.stems.length; w++) {
        if (mask & (1 << w)) continue;
        const level = Math.max(stemLevel(g, en.stems[w]!), en.alternatives[w]!.includes(g) ? SYNONYM_LEVEL : 0, en.definitions[w]!.includes(g) ? DEFINITION_LEVEL : 0);
        if (level > bestLevel) {
          bestLevel = level;
          best = w;
        }
      }
      if (best < 0 || stemLevel(g, en.stems[best]!) === 0) whole = false;
      if (best < 0) continue;
      matchedStems++;
      mask |= 1 << best;
      used.push(best);
      tgt += en.idf[best]! * bestLevel;
    }
    if (mask === 0) continue;
    // A gloss whose other words the English name lacks is a looser fit (`speech sounds` for `speech`).
    const precision = 0.5 + 0.5 * (matchedStems / option.stems.length);
    const q = option.level * option.gloss.weight * precision;
    const covered = zh.chars.filter(([s]) => s >= option.start && s < option.end).length;
    const move: Move = { option, mask, words: used, src: (covered / Math.max(1, zh.countable)) * q, tgt: (tgt / en.total) * q, chars: covered, whole };
    const list = movesAt.get(option.start);
    if (list) list.push(move);
    else movesAt.set(option.start, [move]);
  }
  if (movesAt.size === 0) return undefined;
  // DP over character offsets; state = English words used. Objective: src + tgt coverage.
  interface State { value: number; src: number; tgt: number; chars: number; whole: boolean; steps: Array<{ option: GlossOption; words: number[] }> }
  const end = Math.max(...zh.options.map((o) => o.end), 0);
  const at: Array<Map<number, State>> = Array.from({ length: end + 1 }, () => new Map());
  at[0]!.set(0, { value: 0, src: 0, tgt: 0, chars: 0, whole: true, steps: [] });
  const offer = (pos: number, mask: number, state: State): void => {
    const current = at[pos]!.get(mask);
    if (!current || state.value > current.value + 1e-12) at[pos]!.set(mask, state);
  };
  for (let pos = 0; pos < end; pos++) {
    for (const [mask, state] of at[pos]!) {
      offer(pos + 1, mask, state);
      for (const move of movesAt.get(pos) ?? []) {
        if (mask & move.mask) continue;
        offer(move.option.end, mask | move.mask, {
          value: state.value + move.src + move.tgt,
          src: state.src + move.src,
          tgt: state.tgt + move.tgt,
          chars: state.chars + move.chars,
          whole: state.whole && move.whole,
          steps: [...state.steps, { option: move.option, words: move.words }],
        });
      }
    }
  }
  let best: State | undefined;
  let bestMask = 0;
  for (const [mask, state] of at[end]!) {
    if (!best || state.value > best.value) {
      best = state;
      bestMask = mask;
    }
  }
  if (!best || best.steps.length === 0) return undefined;
  const complete = best.whole && best.chars >= zh.countable && bestMask === (1 << en.stems.length) - 1;
  const src = Math.min(1, best.src);
  const tgt = Math.min(1, best.tgt);
  let score = src + tgt > 0 ? (2 * src * tgt) / (src + tgt) : 0;
  if (en.head >= 0 && zh.headEnd > 0) {
    const headStep = best.steps.find((s) => s.option.end === zh.headEnd);
    if (!headStep || !headStep.words.includes(en.head)) score *= HEAD_MISMATCH;
  }
  return { score, steps: best.steps, complete };
}

/** `身高 → height (of person); 异常 → abnormal`: what a reviewer reads. */
export function describeAlignment(alignment: Alignment): string {
  return alignment.steps.map((s) => `${s.option.span} → ${s.option.gloss.raw}`).join('; ');
}

const SEGMENTATION_STEP: Record<SegmentationMode, string> = {
  lattice: 'semapv:Tokenization',
  maxmatch: 'semapv:Tokenization',
  icu: 'semapv:Tokenization',
};
/** What the English side goes through (src/text/normalize.ts). */
const ENGLISH_STEPS = ['semapv:CaseNormalization', 'semapv:StopWordRemoval', 'semapv:Stemming'];

/** Alignment F1 from which a translated pair is proposed as exactMatch (else closeMatch): most of both names explained (on the multilingual tracks 0.6 keeps exactMatch on 83 % and 71 % of the reference rows, 0.8 on 75 % and 55 %). */
export const TRANSLATION_EXACT_FROM = 0.6;

function isMode(value: unknown): value is SegmentationMode {
  return typeof value === 'string' && (SEGMENTATION_MODES as readonly string[]).includes(value);
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  checkSettings(config, 'translate', { segmentation: 'any', shortlist: 'positive', dictionary: 'any', lexicon: 'any', definitions: 'any', exactFrom: 'positive' });
  const mode: SegmentationMode = isMode(config?.segmentation) ? config.segmentation : 'lattice';
  const shortlist = positiveOption(config, 'shortlist', 64);
  const injected = config?.dictionary as BilingualDictionary | undefined;
  const lexiconOption = config?.lexicon as SynonymLexicon | false | undefined;
  const definitionOption = config?.definitions as DefinitionLexicon | false | undefined;
  // A translation that explains both names well is the same name in another language
  // (exactMatch); a partial one is only close (relations.ts).
  const exactFrom = positiveOption(config, 'exactFrom', TRANSLATION_EXACT_FROM);
  const id: GeneratorIdentity = {
    name: 'translate',
    measure: `dictionary-alignment-f1(cc-cedict;${mode})`,
    justification: 'semapv:BackgroundKnowledgeBasedMatching' satisfies MappingJustification,
    relation: (score, a, b) => similarityRelation(score, exactFrom, a.field, b.field),
  };
  return {
    ...id,
    propose: (source, target, options) =>
      perSubject(id, source, target, options, async ({ source: src, target: tgt }) => {
        const nothing = (): void => {};
        const langs = (side: PreparedOntology): string[] => side.entries.map(entryLanguage);
        const srcLangs = langs(src);
        const tgtLangs = langs(tgt);
        const srcZh = srcLangs.some((l) => l === 'zh');
        const tgtZh = tgtLangs.some((l) => l === 'zh');
        const srcEn = srcLangs.some((l) => l === 'en');
        const tgtEn = tgtLangs.some((l) => l === 'en');
        if (!((srcZh && tgtEn) || (srcEn && tgtZh))) return nothing;
        const dictionary = injected ?? (await loadCedict());
        const idsOf = (langsOf: string[], lang: string): number[] => langsOf.flatMap((l, i) => (l === lang ? [i] : []));

        // Chinese names of either side, and English names of either side, prepared once.
        const zhOf = (side: PreparedOntology, ids: number[]): Map<number, ChineseName> =>
          new Map(ids.map((i) => [i, chineseName(side.entries[i]!, i, dictionary, mode)]));
        const srcChinese = srcZh && tgtEn ? zhOf(src, idsOf(srcLangs, 'zh')) : new Map<number, ChineseName>();
        const tgtChinese = srcEn && tgtZh ? zhOf(tgt, idsOf(tgtLangs, 'zh')) : new Map<number, ChineseName>();
        const tgtEnglishIds = srcZh && tgtEn ? idsOf(tgtLangs, 'en') : [];
        const srcEnglishIds = srcEn && tgtZh ? idsOf(srcLangs, 'en') : [];
        const lexicon = lexiconOption === false ? undefined : (lexiconOption ?? wordNetLexicon());
        const sides: Array<[PreparedOntology, number[]]> = [[tgt, tgtEnglishIds], [src, srcEnglishIds]];
        const synonyms = lexicon ? await synonymStems(sides, lexicon) : new Map<string, string[]>();
        const definer = definitionOption === false ? undefined : (definitionOption ?? wordNetDefinitions());
        const meanings = definer ? await definitionStems(sides, definer) : new Map<string, string[]>();
        const tgtEnglish = tgtEnglishIds.length ? englishNames(tgt, tgtEnglishIds, synonyms, meanings) : undefined;
        const srcEnglish = srcEnglishIds.length ? englishNames(src, srcEnglishIds, synonyms, meanings) : undefined;
        const neighbours = tgtEnglish ? new StemNeighbours(tgtEnglish.index.keys()) : undefined;
        // Chinese targets indexed by their gloss stems, for English subjects.
        const glossIndex = new Map<string, number[]>();
        for (const [i, zh] of tgtChinese) {
          for (const s of new Set(zh.options.flatMap((o) => o.stems))) {
            const list = glossIndex.get(s);
            if (list) list.push(i);
            else glossIndex.set(s, [i]);
          }
        }
        const glossNeighbours = new StemNeighbours(glossIndex.keys());

        const evidence = (a: TextEntry, b: TextEntry, alignment: Alignment, zhSide: 'subject' | 'object'): Partial<Evidence> => {
          const zhLang = zhSide === 'subject' ? a.lang : b.lang;
          const enLang = zhSide === 'subject' ? b.lang : a.lang;
          const zhSteps = ['semapv:Tokenization', SEGMENTATION_STEP[mode], ...ENGLISH_STEPS].filter((s, i, all) => all.indexOf(s) === i);
          return {
            subjectLang: zhSide === 'subject' ? (zhLang ?? 'zh') : (enLang ?? 'en'),
            objectLang: zhSide === 'subject' ? (enLang ?? 'en') : (zhLang ?? 'zh'),
            translation: `${zhSide === 'subject' ? 'zh→en' : 'en→zh'} ${dictionary.info.name} ${dictionary.info.date.slice(0, 10)}: ${describeAlignment(alignment)}`,
            subjectPreprocessing: zhSide === 'subject' ? zhSteps : ENGLISH_STEPS,
            objectPreprocessing: zhSide === 'subject' ? ENGLISH_STEPS : zhSteps,
            ...(alignment.complete ? { translationComplete: true } : {}),
          };
        };

        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            const zh = srcChinese.get(e);
            if (zh && tgtEnglish && neighbours) {
              // Shortlist English names by the IDF of the words any gloss reaches.
              const bound = new Map<number, number>();
              const seen = new Set<string>();
              for (const option of zh.options) {
                for (const g of option.stems) {
                  for (const [stemHit] of neighbours.of(g)) {
                    if (seen.has(stemHit)) continue;
                    seen.add(stemHit);
                    for (const t of tgtEnglish.index.get(stemHit) ?? []) {
                      const name = tgtEnglish.names.get(t)!;
                      let w = name.stems.indexOf(stemHit);
                      if (w < 0) w = name.alternatives.findIndex((alts) => alts.includes(stemHit));
                      if (w < 0) w = name.definitions.findIndex((alts) => alts.includes(stemHit));
                      if (w >= 0) bound.set(t, (bound.get(t) ?? 0) + name.idf[w]! / name.total);
                    }
                  }
                }
              }
              const shortlisted = [...bound].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, shortlist);
              for (const [t] of shortlisted) {
                const b = tgt.entries[t]!;
                if (b.group !== a.group) continue;
                const alignment = align(zh, tgtEnglish.names.get(t)!);
                if (!alignment) continue;
                scores.offer(b.concept, a.weight * b.weight * alignment.score, a, b, evidence(a, b, alignment, 'subject'));
              }
              continue;
            }
            const en = srcEnglish?.names.get(e);
            if (en && tgtChinese.size) {
              const bound = new Map<number, number>();
              en.stems.forEach((stemText, w) => {
                const hits = new Set([...glossNeighbours.of(stemText).map(([h]) => h), ...[...en.alternatives[w]!, ...en.definitions[w]!].filter((alt) => glossIndex.has(alt))]);
                const reached = new Set<number>();
                for (const hit of hits) for (const t of glossIndex.get(hit) ?? []) reached.add(t);
                for (const t of reached) bound.set(t, (bound.get(t) ?? 0) + en.idf[w]! / en.total);
              });
              const shortlisted = [...bound].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, shortlist);
              for (const [t] of shortlisted) {
                const b = tgt.entries[t]!;
                if (b.group !== a.group) continue;
                const alignment = align(tgtChinese.get(t)!, en);
                if (!alignment) continue;
                scores.offer(b.concept, a.weight * b.weight * alignment.score, a, b, evidence(a, b, alignment, 'object'));
              }
            }
          }
        };
      }),
  };
});
