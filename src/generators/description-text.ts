/**
 * What the `description` generator reads in a description: its words (stems, in order, the first
 * MAX_DESCRIPTION_WORDS of them), the cases it lists and the genus it names. Patterns and the
 * relation each gives are documented in docs/relations.md ("Direction from descriptions"):
 *
 * - **cases**: a description that lists cases — after "including", "such as", "e.g.", "for
 *   example", "like", "especially" …, or a first sentence that is a list of three or more
 *   coordinated activities sharing their object ("Analyzing, generating, and editing images and
 *   video": analyzing images, generating images, editing images, video) — names concepts
 *   narrower than the one it describes;
 * - **genus**: a genus–differentia definition ("A malignant neoplasm that …", "X is a search
 *   skill that …", "X: a Y which …") names a concept broader than the one it describes, unless
 *   the genus is a word that says nothing of the domain ("process", "capability", "task" …).
 *
 * Phrases are compared as sets of content-word stems (`generating images` ~ `Image Generation`).
 */
import { contentWords, stem, words } from '../text/normalize.js';

/** Words of a description read: its first sentences say what the concept is; the rest, mostly how. */
export const MAX_DESCRIPTION_WORDS = 60;
/** Longest phrase read as one case or one genus (words). */
const MAX_PHRASE_WORDS = 6;

/** A phrase of a description: its text and the set of its content stems, sorted (its key). */
export interface Phrase {
  text: string;
  stems: readonly string[];
  key: string;
  /**
   * The stem of its last content word that is not generic: the head of a noun phrase ("six-legged
   * animal": anim); empty when that word ends an "X to Y" compound ("text to speech service":
   * speech is not what the phrase names, the compound is).
   */
  head: string;
}

/** The stems of a text's content words, in order (stop words left out). */
export function contentStems(text: string, limit = MAX_DESCRIPTION_WORDS): string[] {
  return contentStemsOf(words(text), limit);
}

/** {@link contentStems} of a text's words, when they are at hand. */
export function contentStemsOf(ws: readonly string[], limit = MAX_DESCRIPTION_WORDS): string[] {
  return contentWords(ws.length > limit ? ws.slice(0, limit) : ws).map(stem);
}

/**
 * Words that name no kind of thing in a domain: a genus or a case made of them alone says
 * nothing ("the process of …", "capabilities for …"), and they are dropped from phrase keys
 * ("search tasks" ~ "Search").
 */
const GENERIC = new Set([
  'ability', 'abilities', 'act', 'action', 'activity', 'activities', 'application', 'applications', 'approach', 'area', 'aspect',
  'capability', 'capabilities', 'category', 'class', 'concept', 'entity', 'feature', 'features', 'field', 'form', 'forms', 'function',
  'functions', 'group', 'kind', 'kinds', 'means', 'method', 'methods', 'operation', 'operations', 'part', 'procedure', 'process',
  'processes', 'service', 'services', 'set', 'skill', 'skills', 'something', 'subclass', 'subtype', 'system', 'systems', 'task',
  'tasks', 'technique', 'techniques', 'term', 'thing', 'things', 'tool', 'tools', 'type', 'types', 'use', 'variety', 'way', 'ways',
  'other', 'others', 'various', 'many', 'more', 'etc', 'specific', 'different', 'several', 'certain', 'given',
]);
const GENERIC_STEMS = new Set([...GENERIC].map(stem));

/** A phrase with its generic words left out; undefined when nothing else is left. */
export function phrase(text: string): Phrase | undefined {
  const ws = words(text);
  if (ws.length === 0 || ws.length > MAX_PHRASE_WORDS + 2) return undefined;
  const ordered = contentWords(ws).map(stem).filter((s) => !GENERIC_STEMS.has(s) && !/^\d+$/.test(s));
  if (ordered.length === 0) return undefined;
  const stems = [...new Set(ordered)].sort();
  const last = ordered[ordered.length - 1]!;
  const at = ws.map(stem).lastIndexOf(last);
  return { text: text.trim(), stems, key: stems.join(' '), head: at > 0 && ws[at - 1]!.toLowerCase() === 'to' ? '' : last };
}

/** The key of a name as phrases are keyed: its content stems without generic words, sorted, unique. */
export function nameKey(stems: readonly string[]): string {
  return [...new Set(stems)].filter((s) => !GENERIC_STEMS.has(s)).sort().join(' ');
}

/**
 * Stems without the generic words, in order: for keys built from stems that another mapping
 * changes next (WordNet derivations turn `applic` into `appli`, which no longer reads as generic).
 */
export function withoutGenericStems(stems: readonly string[]): string[] {
  return stems.filter((s) => !GENERIC_STEMS.has(s));
}

const SENTENCE_END = /(?<=[.!?;])\s+(?=[A-Z(])/;
/** What introduces a list of cases. */
const CASE_MARKER = /\b(?:including|includes|include|such as|e\.\s?g\.?|for example|for instance|like|especially|notably|namely|covering|covers|comprising|encompassing|encompasses|encompass|involving|involves|involve|among them)\s*[,:]?\s+/i;
/** Where a list of cases ends: the end of the clause. */
const CASE_END = /[.;:)\]]|\s(?:to|that|which|while|where|when|so|by|in order)\s/i;
/** How items of a list are separated. */
const ITEM_SEPARATOR = /\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|as well as|and\/or)\s+|\s*\/\s*/i;
const LEADING = /^(?:and|or|also|other|the|a|an|all|any|some|various|more|most|many)\s+/i;

/**
 * The text with every run of white space one space. The patterns below start with `\s*` or `\s+`
 * and a regular expression retries them from each position of a run: on a run of n spaces that no
 * separator follows (a record's description padded with 100,000 of them) that is n² steps, minutes
 * for one description. With runs of one character every pattern is linear; the words, and so the
 * phrases' stems and keys, are the same.
 */
const singleSpaced = (text: string): string => text.replace(/\s+/g, ' ');

function sentences(text: string): string[] {
  return text.split(SENTENCE_END).map((s) => s.trim()).filter(Boolean);
}

/** Items of a list, determiners and "other" dropped. */
function items(list: string): string[] {
  return list
    .split(ITEM_SEPARATOR)
    .map((item) => {
      let t = item.trim();
      for (let before = ''; before !== t;) {
        before = t;
        t = t.replace(LEADING, '');
      }
      return t.replace(/\s*(?:etc\.?|and so on|and more)$/i, '').trim();
    })
    .filter((t) => t.length > 0);
}

/**
 * A first clause made of three or more coordinated single words and a last item that adds their
 * shared object ("Understanding, generating, classifying, and translating natural-language
 * text"): each word with that object. Undefined when the clause is not of that shape.
 */
function sharedObjectList(clause: string): string[] | undefined {
  const parts = items(clause);
  // Two phrases joined, the whole description ("Applied web search and information retrieval"): both are cases.
  if (parts.length === 2 && parts.every((p) => { const n = words(p).length; return n >= 2 && n <= 4; }) && /\s(?:and|or)\s/i.test(clause)) return parts;
  if (parts.length < 3) return undefined;
  const lengths = parts.map((p) => words(p).length);
  // The last item that has more than one word carries the object; the items before it are single words.
  let carrier = -1;
  for (let i = 0; i < parts.length; i++) if (lengths[i]! > 1) {
    carrier = i;
    break;
  }
  if (carrier < 1) return undefined;
  // The object ends where a preposition starts what the activities are for or where they happen.
  const objectWords = words(parts[carrier]!).slice(1);
  const cut = objectWords.findIndex((w) => PREPOSITIONS.has(w));
  if (cut >= 0) objectWords.length = cut;
  if (objectWords.length === 0 || objectWords.length > MAX_PHRASE_WORDS) return undefined;
  const object = objectWords.join(' ');
  const out = parts.slice(0, carrier + 1).map((p, i) => (i < carrier ? `${p} ${object}` : p));
  // Items after the carrier are more objects of the same activities ("… images and video").
  for (const extra of parts.slice(carrier + 1)) if (words(extra).length <= MAX_PHRASE_WORDS) out.push(extra);
  return out;
}

const PREPOSITIONS = new Set(['on', 'for', 'in', 'with', 'to', 'from', 'across', 'over', 'into', 'by', 'using', 'via', 'through', 'at', 'against', 'within', 'under', 'between', 'about']);

/** The cases a description lists (see the module comment), as phrases, at most 12. */
export function descriptionCases(description: string): Phrase[] {
  const text = singleSpaced(description);
  const found: Phrase[] = [];
  const seen = new Set<string>();
  const add = (item: string): void => {
    if (words(item).length > MAX_PHRASE_WORDS) return;
    const p = phrase(item);
    if (p && !seen.has(p.key) && found.length < 12) {
      seen.add(p.key);
      found.push(p);
    }
  };
  const all = sentences(text);
  const first = all[0];
  if (first) {
    // The part before a colon or a dash is a heading ("Tabular / Text: …"); the list follows it.
    const clause = first.replace(/^[^:]{0,60}:\s+/, '').replace(/[.!?]$/, '');
    for (const item of sharedObjectList(clause.split(CASE_MARKER)[0]!) ?? []) add(item);
  }
  for (const sentence of all) {
    let rest = sentence;
    for (let m = CASE_MARKER.exec(rest); m; m = CASE_MARKER.exec(rest)) {
      rest = rest.slice(m.index + m[0].length);
      const end = CASE_END.exec(rest);
      const list = end ? rest.slice(0, end.index) : rest;
      for (const item of items(list)) add(item);
      rest = end ? rest.slice(end.index) : '';
    }
  }
  return found;
}

/** How a genus is introduced: "X is a Y that …", "A Y that …", "X: a Y which …". */
const GENUS_LEAD = /^(?:[^:]{1,80}:\s+)?(?:(?:[^,.;:]{1,80}?\s+)?(?:is|are|refers to|denotes)\s+(?:an?|the|any)|an?|any)\s+(?:(?:type|kind|form|class|category|subclass|subtype|variety|sort)\s+of\s+(?:an?\s+)?)?/i;
/** Where a genus phrase ends: the differentia begins. */
const DIFFERENTIA = /\s+(?:that|which|who|whose|where|in which|can|may|must|will|should|is|are|was|were|has|have|does|do|used|consisting|characterized|characterised|caused|composed|involving|for|of|with|by|from|to|on|in|at|affecting|arising|located|associated|derived|based|made|designed|intended|as|whereby)\b|[,.;:(]/i;

/**
 * The genus of a genus–differentia definition, as a phrase; undefined when the description does
 * not start that way or its genus is a generic word.
 */
export function descriptionGenus(text: string): Phrase | undefined {
  const first = sentences(singleSpaced(text))[0];
  if (!first) return undefined;
  const lead = GENUS_LEAD.exec(first);
  if (!lead || lead[0].length === 0) return undefined;
  // An article is needed: a description that starts with a verb or a list names no genus.
  if (!/\b(?:an?|the|any)\s+(?:(?:type|kind|form|class|category|subclass|subtype|variety|sort)\s+of\s+(?:an?\s+)?)?$/i.test(lead[0])) return undefined;
  const rest = first.slice(lead[0].length);
  // Any "to" begins the differentia ("a reference to the tool", "a server to query databases"): an
  // infinitive of purpose kept whole would name its object. A compound written without hyphens
  // ("a text to speech service") is cut at its "to" too; the gazetteer's own texts hyphenate them.
  const end = DIFFERENTIA.exec(rest);
  const genus = (end ? rest.slice(0, end.index) : rest).trim();
  if (!genus || words(genus).length > MAX_PHRASE_WORDS) return undefined;
  return phrase(genus);
}

/** Phrases read as a side's boilerplate: two to this many consecutive content stems. */
const BOILERPLATE_LONGEST = 3;
/** A side's boilerplate is in the descriptions of at least this share of its concepts, and of at least BOILERPLATE_MIN_CONCEPTS… */
const BOILERPLATE_SHARE = 0.05;
const BOILERPLATE_MIN_CONCEPTS = 5;
/** …and in a share of the other side's concepts (their names or descriptions) at least this many times smaller. */
const BOILERPLATE_RATIO = 10;

/**
 * Each phrase of two to BOILERPLATE_LONGEST consecutive stems made only of `words`, once per concept, in
 * how many concepts (a concept's texts are its descriptions, or its names and descriptions).
 * Only phrases in `only` are counted when it is given.
 */
function phraseFrequencies(concepts: readonly (readonly (readonly string[])[])[], words: ReadonlySet<string>, only?: ReadonlySet<string>): Map<string, number> {
  const df = new Map<string, number>();
  const mine = new Set<string>();
  for (const texts of concepts) {
    mine.clear();
    for (const stems of texts) {
      for (let i = 0; i < stems.length; i++) {
        if (!words.has(stems[i]!)) continue;
        let p = stems[i]!;
        for (let n = 2; n <= BOILERPLATE_LONGEST && i + n <= stems.length && words.has(stems[i + n - 1]!); n++) {
          p += ` ${stems[i + n - 1]!}`;
          if (!only || only.has(p)) mine.add(p);
        }
      }
    }
    for (const p of mine) df.set(p, (df.get(p) ?? 0) + 1);
  }
  return df;
}

/**
 * The phrases one side's descriptions repeat and the other side does not say: what a kind of
 * record says of itself ("A Model Context Protocol (MCP) server that …" in a registry's
 * descriptions), not what sets one concept apart. A phrase (two or three consecutive content
 * stems) is boilerplate of a side when the descriptions of at least 5 % of its described concepts
 * (and of at least five) hold it, and it is in the names or descriptions of a share of the other
 * side's concepts at most a tenth of that. A phrase both sides use — the vocabulary of the domain
 * they share — never is, so two versions of one taxonomy keep every word.
 *
 * @param descriptions - per concept of the side, the stems of each of its descriptions
 * @param otherTexts - per concept of the other side, the stems of each of its names and descriptions
 * @param known - phrases (stems) that name a kind of record, boilerplate of the side wherever its
 *   descriptions hold them and the other side does not say them, however few its concepts
 */
export function boilerplatePhrases(descriptions: readonly (readonly (readonly string[])[])[], otherTexts: readonly (readonly (readonly string[])[])[], known: ReadonlySet<string> = new Set()): Set<string> {
  const found = new Set<string>();
  const described = descriptions.filter((texts) => texts.length > 0);
  // Phrases known to name a kind of record need no count: one server.json says "Model Context
  // Protocol server" as much as a registry does. The other side must still not say them.
  if (known.size > 0) {
    const words = new Set([...known].flatMap((p) => p.split(' ')));
    const mine = phraseFrequencies(described, words, known);
    const theirs = phraseFrequencies(otherTexts.filter((texts) => texts.length > 0), words, known);
    const others = otherTexts.filter((texts) => texts.length > 0).length;
    for (const [p, df] of mine) {
      const otherShare = others === 0 ? 0 : (theirs.get(p) ?? 0) / others;
      if (otherShare * BOILERPLATE_RATIO <= df / described.length) found.add(p);
    }
  }
  const needed = Math.max(BOILERPLATE_MIN_CONCEPTS, BOILERPLATE_SHARE * described.length);
  if (described.length < needed) return found;
  // A phrase is in no more concepts than each of its words: only words that many concepts hold can make one.
  const wordDf = new Map<string, number>();
  const seen = new Set<string>();
  for (const texts of described) {
    seen.clear();
    for (const stems of texts) for (const w of stems) seen.add(w);
    for (const w of seen) wordDf.set(w, (wordDf.get(w) ?? 0) + 1);
  }
  const common = new Set([...wordDf].filter(([, df]) => df >= needed).map(([w]) => w));
  if (common.size < 2) return found;
  const candidates = new Map([...phraseFrequencies(described, common)].filter(([, df]) => df >= needed));
  if (candidates.size === 0) return found;
  const others = otherTexts.filter((texts) => texts.length > 0);
  const theirs = phraseFrequencies(others, common, new Set(candidates.keys()));
  for (const [p, df] of candidates) {
    const share = df / described.length;
    const otherShare = others.length === 0 ? 0 : (theirs.get(p) ?? 0) / others.length;
    if (otherShare * BOILERPLATE_RATIO <= share) found.add(p);
  }
  return found;
}

const wordsOfPhrases = new WeakMap<ReadonlySet<string>, Set<string>>();

/** A text's stems without the words of the boilerplate phrases it holds (stems in order). */
export function withoutBoilerplate(stems: readonly string[], boilerplate: ReadonlySet<string>): readonly string[] {
  if (boilerplate.size === 0) return stems;
  let words = wordsOfPhrases.get(boilerplate);
  if (!words) wordsOfPhrases.set(boilerplate, (words = new Set([...boilerplate].flatMap((p) => p.split(' ')))));
  let drop: boolean[] | undefined;
  for (let i = 0; i < stems.length; i++) {
    if (!words.has(stems[i]!)) continue;
    let p = stems[i]!;
    for (let n = 2; n <= BOILERPLATE_LONGEST && i + n <= stems.length && words.has(stems[i + n - 1]!); n++) {
      p += ` ${stems[i + n - 1]!}`;
      if (!boilerplate.has(p)) continue;
      drop ??= new Array<boolean>(stems.length).fill(false);
      for (let j = i; j < i + n; j++) drop[j] = true;
    }
  }
  return drop ? stems.filter((_, i) => !drop![i]) : stems;
}
