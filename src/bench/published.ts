/**
 * Published reference points, copied from corpora/README.md (a test checks every number still
 * appears there). They are NOT measured by ioa-align: reports print them in their own table,
 * marked "published", beside our measurements.
 */

/** One published figure. `value` is a percentage as published. */
export interface PublishedPoint {
  corpus: string;
  system: string;
  metric: 'F1' | 'recall@10';
  value: number;
  /** "about 76" in the source: a rounded or read-off figure. */
  approximate: boolean;
  source: string;
  published: true;
}

const p = (corpus: string, system: string, metric: PublishedPoint['metric'], value: number, source: string, approximate = false): PublishedPoint => ({
  corpus, system, metric, value, approximate, source, published: true,
});

const OAEI = 'OAEI 2023 results';
const LLMS4OM = 'LLMs4OM (Giglou et al. 2024)';

export const PUBLISHED_POINTS: readonly PublishedPoint[] = [
  p('anatomy', 'Matcha', 'F1', 94.1, OAEI),
  p('anatomy', 'OLaLa', 'F1', 91.0, OAEI),
  p('anatomy', 'LogMapBio', 'F1', 89.8, OAEI),
  p('anatomy', 'LogMap', 'F1', 88.1, OAEI),
  p('anatomy', 'LogMapLt', 'F1', 82.8, OAEI),
  p('anatomy', 'exact rdfs:label match', 'F1', 76, OAEI, true),
  p('anatomy', 'exact label match with synonyms', 'F1', 80, OAEI, true),
  p('conference', 'LogMap (ra1)', 'F1', 68, OAEI, true),
  p('conference', 'LogMapLt (ra1)', 'F1', 59, OAEI, true),
  p('conference', 'exact local-name match (ra1)', 'F1', 58, OAEI, true),
  p('anatomy', 'OpenAI Ada embeddings (retrieval)', 'recall@10', 97.5, LLMS4OM),
  p('anatomy', 'sentence-BERT (retrieval)', 'recall@10', 94.4, LLMS4OM),
  p('anatomy', 'TF-IDF (retrieval)', 'recall@10', 87.5, LLMS4OM),
  p('anatomy', 'character-trigram TF-IDF (retrieval)', 'recall@10', 96.2, 'corpora/README.md', true),
];

export function publishedFor(corpus: string): PublishedPoint[] {
  return PUBLISHED_POINTS.filter((point) => point.corpus === corpus);
}
