/**
 * `edit`: string similarity of names, the mean of normalised Levenshtein similarity
 * (fastest-levenshtein) and Jaro–Winkler (natural, imported by path), taken on the normalised
 * words in their order and sorted (so `Skin of Leg` meets `leg skin`). Pairs are chosen by
 * blocking on character trigrams (blocking.ts): only the `candidates` nearest names by trigram
 * TF-IDF are compared, never all n×m pairs. Pairs below `minSimilarity` are not proposed: this is
 * threshold matching.
 */
import { distance } from 'fastest-levenshtein';
import JaroWinkler from 'natural/lib/natural/distance/jaro-winkler_distance.js';
import type { MappingJustification } from '../model/mapping.js';
import { charNgrams } from '../text/normalize.js';
import { vectorize } from './blocking.js';
import { perSubject, type GeneratorIdentity } from './common.js';
import { compatibleLanguages, type TextEntry } from './lexical-index.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';

function stringSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  const levenshtein = 1 - distance(a, b) / longest;
  return (levenshtein + JaroWinkler(a, b)) / 2;
}

/** Similarity of two names: the better of word order as written and sorted word order. */
export function editSimilarity(a: TextEntry, b: TextEntry): number {
  const inOrder = stringSimilarity(a.content.join(' '), b.content.join(' '));
  if (inOrder === 1 || (a.content.length < 2 && b.content.length < 2)) return inOrder;
  const sorted = stringSimilarity([...a.content].sort().join(' '), [...b.content].sort().join(' '));
  return Math.max(inOrder, sorted);
}

function option(config: GeneratorConfig | undefined, key: string, fallback: number): number {
  const value = config?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  const budget = option(config, 'budget', 20_000);
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
        const vectors = vectorize(src, tgt, (entry) => charNgrams(entry.content, 3).map((g): [string, number] => [g, 1]));
        const limit = Math.max(candidates, options.topK * 2);
        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            for (const hit of vectors.index.query(vectors.source[e]!, budget, limit).hits) {
              const b = tgt.entries[hit.doc]!;
              if (!compatibleLanguages(a.lang, b.lang)) continue;
              const similarity = editSimilarity(a, b);
              if (similarity >= minSimilarity) scores.offer(b.concept, a.weight * b.weight * similarity, a, b);
            }
          }
        };
      }),
  };
});
