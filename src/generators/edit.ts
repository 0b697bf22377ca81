/**
 * `edit`: string similarity of names, the mean of normalised Levenshtein similarity
 * (fastest-levenshtein) and Jaro–Winkler (natural, imported by path), taken on the normalised
 * words in their order and sorted (so `Skin of Leg` meets `leg skin`). Pairs are chosen by
 * blocking on stems and character trigrams (blocking.ts): only the `candidates` nearest names by
 * TF-IDF are compared, never all n×m pairs. Pairs below `minSimilarity` are not proposed: this is
 * threshold matching.
 */
import { distance } from 'fastest-levenshtein';
import JaroWinkler from 'natural/lib/natural/distance/jaro-winkler_distance.js';
import type { MappingJustification } from '../model/mapping.js';
import { DEFAULT_BUDGET, nameFeatures, neighbourhood } from './blocking.js';
import { perSubject, type GeneratorIdentity } from './common.js';
import { compatibleLanguages, literalAgreement, numberAgreement, type TextEntry } from './lexical-index.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';

function stringSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  const levenshtein = 1 - distance(a, b) / longest;
  return (levenshtein + JaroWinkler(a, b)) / 2;
}

/** Inverse document frequency of words over the names of both ontologies. */
export type WordIdf = (word: string) => number;

export function wordIdf(entries: Iterable<TextEntry>): WordIdf {
  const df = new Map<string, number>();
  let n = 0;
  for (const entry of entries) {
    n++;
    for (const w of new Set(entry.content)) df.set(w, (df.get(w) ?? 0) + 1);
  }
  return (word) => Math.log((n + 1) / ((df.get(word) ?? 0) + 1)) + 1;
}

/**
 * Monge–Elkan similarity weighted by IDF, in both directions: each word of one name is paired
 * with its most similar word of the other. Word order does not matter and a near-miss on a rare
 * word (`thymus`/`thymic`, `interosseus`/`interosseous`) counts for more than an exact hit on a
 * common one (`muscle`).
 */
function mongeElkan(a: readonly string[], b: readonly string[], idf: WordIdf): number {
  const direction = (xs: readonly string[], ys: readonly string[]): number => {
    let total = 0;
    let weight = 0;
    for (const x of xs) {
      let best = 0;
      for (const y of ys) best = Math.max(best, stringSimilarity(x, y));
      const w = idf(x);
      total += w * best;
      weight += w;
    }
    return weight > 0 ? total / weight : 0;
  };
  return (direction(a, b) + direction(b, a)) / 2;
}

/**
 * Similarity of two names: the best of the whole strings in written order, in sorted word
 * order, and word by word (Monge–Elkan).
 */
export function editSimilarity(a: TextEntry, b: TextEntry, idf: WordIdf): number {
  const inOrder = stringSimilarity(a.content.join(' '), b.content.join(' '));
  if (inOrder === 1 || (a.content.length < 2 && b.content.length < 2)) return inOrder;
  const sorted = stringSimilarity([...a.content].sort().join(' '), [...b.content].sort().join(' '));
  return Math.max(inOrder, sorted, mongeElkan(a.content, b.content, idf));
}

function option(config: GeneratorConfig | undefined, key: string, fallback: number): number {
  const value = config?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  const budget = option(config, 'budget', DEFAULT_BUDGET);
  const candidates = option(config, 'candidates', 32);
  const minSimilarity = option(config, 'minSimilarity', 0.75);
  const id: GeneratorIdentity = {
    name: 'edit',
    measure: 'mean-levenshtein-jaro-winkler',
    justification: 'semapv:LexicalSimilarityThresholdMatching' satisfies MappingJustification,
  };
  return {
    ...id,
    propose: (source, target, options) =>
      perSubject(id, source, target, options, ({ source: src, target: tgt }) => {
        // The same blocking as `tfidf` (and, within one run, the same cached queries).
        const { key, features } = nameFeatures();
        const near = neighbourhood(src, tgt, key, features, budget);
        const idf = wordIdf([...src.entries, ...tgt.entries]);
        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            const hits = near.near(e, candidates);
            for (let i = 0; i < hits.docs.length; i++) {
              const b = tgt.entries[hits.docs[i]!]!;
              if (!compatibleLanguages(a.lang, b.lang)) continue;
              const similarity = editSimilarity(a, b, idf);
              if (similarity >= minSimilarity) scores.offer(b.concept, a.weight * b.weight * numberAgreement(a, b) * literalAgreement(a, b) * similarity, a, b);
            }
          }
        };
      }),
  };
});
