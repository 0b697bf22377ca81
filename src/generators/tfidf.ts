/**
 * `tfidf`: cosine of TF-IDF vectors over word stems and character trigrams of each word
 * (`char_wb`), through the inverted index of src/generators/blocking.ts. Stems reward shared
 * words, trigrams tolerate spelling variants and inflections the stemmer misses
 * (`spleen`/`splenic`). The concept score is the best cosine over pairs of names times the two
 * names' field weights; top k per subject.
 */
import type { MappingJustification } from '../model/mapping.js';
import { charNgrams } from '../text/normalize.js';
import { vectorize, type FeatureFn } from './blocking.js';
import { perSubject, type GeneratorIdentity } from './common.js';
import { compatibleLanguages } from './lexical-index.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';

export interface TfidfConfig {
  /** Postings a query may visit (blocking bound, see blocking.ts). */
  budget?: number;
  /** Weight of a word-stem feature relative to one trigram. */
  wordWeight?: number;
}

export const tfidfFeatures = (wordWeight: number): FeatureFn => (entry) => {
  const features: Array<[string, number]> = entry.stems.map((s) => [`w:${s}`, wordWeight]);
  for (const gram of charNgrams(entry.content, 3)) features.push([`c:${gram}`, 1]);
  return features;
};

function numberOption(config: GeneratorConfig | undefined, key: string, fallback: number): number {
  const value = config?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  const budget = numberOption(config, 'budget', 20_000);
  const wordWeight = numberOption(config, 'wordWeight', 1);
  const id: GeneratorIdentity = {
    name: 'tfidf',
    measure: 'tfidf-cosine-stems-char3',
    justification: 'semapv:LexicalSimilarityThresholdMatching' satisfies MappingJustification,
  };
  return {
    ...id,
    propose: (source, target, options) =>
      perSubject(id, source, target, options, ({ source: src, target: tgt }) => {
        const vectors = vectorize(src, tgt, tfidfFeatures(wordWeight));
        const limit = Math.max(64, options.topK * 8);
        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            for (const hit of vectors.index.query(vectors.source[e]!, budget, limit).hits) {
              const b = tgt.entries[hit.doc]!;
              if (!compatibleLanguages(a.lang, b.lang)) continue;
              scores.offer(b.concept, a.weight * b.weight * hit.score, a, b);
            }
          }
        };
      }),
  };
});
