/**
 * `tfidf`: cosine of TF-IDF vectors over word stems and character trigrams of each word
 * (`char_wb`), through the inverted index of src/generators/blocking.ts. Stems reward shared
 * words, trigrams tolerate spelling variants and inflections the stemmer misses
 * (`spleen`/`splenic`). The concept score is the best cosine over pairs of names times the two
 * names' field weights; top k per subject.
 */
import { DEFAULT_BUDGET, nameFeatures, neighbourhood, neighbourLimit } from './blocking.js';
import { perSubject, positiveOption, similarityGeneratorIdentity, checkSettings } from './common.js';
import { compatibleLanguages, pairWeight } from './lexical-index.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';

export interface TfidfConfig {
  /** Postings a query may visit (blocking bound, see blocking.ts). */
  budget?: number;
  /** Weight of a word-stem feature relative to one trigram. */
  wordWeight?: number;
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  checkSettings(config, 'tfidf', { budget: 'positive', wordWeight: 'positive', exactFrom: 'positive' });
  const budget = positiveOption(config, 'budget', DEFAULT_BUDGET);
  const wordWeight = positiveOption(config, 'wordWeight', 1);
  // At or above this raw score the two names are one name spelt differently (exactMatch);
  // below it the pair is proposed as closeMatch (relations.ts).
  const exactFrom = positiveOption(config, 'exactFrom', 0.6);
  const id = similarityGeneratorIdentity('tfidf', 'tfidf-cosine-stems-char3', exactFrom);
  return {
    ...id,
    propose: (source, target, options) =>
      perSubject(id, source, target, options, async ({ source: src, target: tgt }) => {
        const { key, features } = nameFeatures(wordWeight);
        const near = neighbourhood(src, tgt, key, features, budget);
        const limit = neighbourLimit(options.topK);
        await near.prefetch(limit, { signal: options.signal });
        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            const hits = near.near(e, limit);
            for (let i = 0; i < hits.docs.length; i++) {
              const b = tgt.entries[hits.docs[i]!]!;
              if (!compatibleLanguages(a.lang, b.lang)) continue;
              scores.offer(b.concept, pairWeight(a, b) * hits.scores[i]!, a, b);
            }
          }
        };
      }),
  };
});
