/**
 * `edit`: string similarity of names, the mean of normalised Levenshtein similarity
 * (fastest-levenshtein) and Jaro–Winkler (natural, imported by path), on the normalised words in
 * their order and word by word (IDF-weighted Monge–Elkan, so `Skin of Leg` meets `leg skin` and
 * `thymus` nearly meets `thymic`). Pairs are chosen by blocking on stems and character trigrams
 * (blocking.ts): only the `candidates` nearest names by TF-IDF are compared, never all n×m
 * pairs. Pairs below `minSimilarity` are not proposed: this is threshold matching.
 */
import { distance } from 'fastest-levenshtein';
import JaroWinkler from 'natural/lib/natural/distance/jaro-winkler_distance.js';
import type { MappingJustification } from '../model/mapping.js';
import { DEFAULT_BUDGET, nameFeatures, neighbourhood, neighbourLimit } from './blocking.js';
import { perSubject, positiveOption, type GeneratorIdentity } from './common.js';
import { compatibleLanguages, headAgreement, literalAgreement, numberAgreement, type TextEntry } from './lexical-index.js';
import { lexicalSimilarityRelation } from './relations.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';

/** Mean of normalised Levenshtein similarity and Jaro–Winkler, in [0, 1]. */
export function stringSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  const levenshtein = 1 - distance(a, b) / longest;
  return (levenshtein + JaroWinkler(a, b)) / 2;
}

/**
 * Words of both ontologies as small integers, with IDF weights and a cache of word-pair
 * similarities: word pairs recur across names (`muscle`, `artery`, `left` …), and integer keys
 * avoid building a string per lookup.
 */
export class WordTable {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly df: number[] = [];
  private readonly idfs: Float64Array;
  private readonly cache = new Map<number, number>();
  /** Content-word ids of each entry, per side. */
  readonly source: Int32Array[];
  readonly target: Int32Array[];

  constructor(source: readonly TextEntry[], target: readonly TextEntry[]) {
    this.source = source.map((e) => this.intern(e.content));
    this.target = target.map((e) => this.intern(e.content));
    const n = source.length + target.length;
    this.idfs = Float64Array.from(this.df, (d) => Math.log((n + 1) / (d + 1)) + 1);
  }

  private intern(content: readonly string[]): Int32Array {
    const ids = Int32Array.from(content, (w) => {
      let id = this.ids.get(w);
      if (id === undefined) {
        id = this.words.length;
        this.ids.set(w, id);
        this.words.push(w);
        this.df.push(0);
      }
      return id;
    });
    for (const id of new Set(ids)) this.df[id]!++;
    return ids;
  }

  similarity(a: number, b: number): number {
    if (a === b) return 1;
    // Both measures are symmetric, so one key serves both orders.
    const key = a < b ? a * 0x200000 + b : b * 0x200000 + a;
    let value = this.cache.get(key);
    if (value === undefined) {
      value = stringSimilarity(this.words[a]!, this.words[b]!);
      // Bounded, so a run over random labels cannot grow it without limit.
      if (this.cache.size > 1_000_000) this.cache.clear();
      this.cache.set(key, value);
    }
    return value;
  }

  /**
   * Monge–Elkan similarity weighted by IDF, in both directions: each word of one name is paired
   * with its most similar word of the other. Word order does not matter, and a near-miss on a
   * rare word (`thymus`/`thymic`, `interosseus`/`interosseous`) counts for more than an exact
   * hit on a common one (`muscle`).
   */
  mongeElkan(a: Int32Array, b: Int32Array): number {
    return (this.direction(a, b) + this.direction(b, a)) / 2;
  }

  private direction(xs: Int32Array, ys: Int32Array): number {
    let total = 0;
    let weight = 0;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      let best = 0;
      for (let j = 0; j < ys.length && best < 1; j++) best = Math.max(best, this.similarity(x, ys[j]!));
      const w = this.idfs[x]!;
      total += w * best;
      weight += w;
    }
    return weight > 0 ? total / weight : 0;
  }
}

/**
 * Similarity of two names: the better of the whole strings in written order and word by word
 * (Monge–Elkan, which also covers any other word order).
 */
export function editSimilarity(a: TextEntry, b: TextEntry, table: WordTable, aWords: Int32Array, bWords: Int32Array): number {
  const inOrder = stringSimilarity(a.contentText, b.contentText);
  if (inOrder === 1 || (a.content.length < 2 && b.content.length < 2)) return inOrder;
  return Math.max(inOrder, table.mongeElkan(aWords, bWords));
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  const budget = positiveOption(config, 'budget', DEFAULT_BUDGET);
  const candidates = positiveOption(config, 'candidates', 16);
  const minSimilarity = positiveOption(config, 'minSimilarity', 0.75);
  // At or above this raw score the two names are one name spelt differently (exactMatch);
  // below it the pair is proposed as closeMatch (relations.ts).
  const exactFrom = positiveOption(config, 'exactFrom', 0.75);
  const id: GeneratorIdentity = {
    name: 'edit',
    measure: 'mean-levenshtein-jaro-winkler',
    justification: 'semapv:LexicalSimilarityThresholdMatching' satisfies MappingJustification,
    relation: (score, a, b) => lexicalSimilarityRelation(score, exactFrom, a, b),
  };
  return {
    ...id,
    propose: (source, target, options) =>
      perSubject(id, source, target, options, ({ source: src, target: tgt }) => {
        // The same blocking as `tfidf` (and, within one run, the same cached queries).
        const { key, features } = nameFeatures();
        const near = neighbourhood(src, tgt, key, features, budget);
        const table = new WordTable(src.entries, tgt.entries);
        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            // Ask for the same list `tfidf` asks for, so one cached query serves both.
            const hits = near.near(e, neighbourLimit(options.topK));
            for (let i = 0; i < Math.min(candidates, hits.docs.length); i++) {
              const t = hits.docs[i]!;
              const b = tgt.entries[t]!;
              if (!compatibleLanguages(a.lang, b.lang)) continue;
              const similarity = editSimilarity(a, b, table, table.source[e]!, table.target[t]!);
              if (similarity >= minSimilarity) scores.offer(b.concept, a.weight * b.weight * numberAgreement(a, b) * headAgreement(a, b) * literalAgreement(a, b) * similarity, a, b);
            }
          }
        };
      }),
  };
});
