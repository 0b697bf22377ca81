/**
 * The registry is data (STYLE.md point 2): the keys are the `--generators` choices, and each
 * entry imports its module only when used, so heavy runtimes (embeddings, WordNet) load on
 * first use (point 3). A test fails if a generator file exists without an entry here.
 */
import type { GeneratorFactory } from './types.js';

type Loader = () => Promise<GeneratorFactory>;
const load = (importer: () => Promise<{ default: GeneratorFactory }>): Loader => async () => (await importer()).default;

export const GENERATORS = {
  exact: load(() => import('./exact.js')),
  edit: load(() => import('./edit.js')),
  tfidf: load(() => import('./tfidf.js')),
  wordnet: load(() => import('./wordnet.js')),
  embedding: load(() => import('./embedding.js')),
  translate: load(() => import('./translate.js')),
  structure: load(() => import('./structure.js')),
  description: load(() => import('./description.js')),
} satisfies Record<string, Loader>;

export type GeneratorName = keyof typeof GENERATORS;

/** The lexical generators: names compared as text, with WordNet synonyms. */
export const LEXICAL_GENERATORS: readonly GeneratorName[] = ['exact', 'edit', 'tfidf', 'wordnet'];

/**
 * What `propose` and `bench` fuse when no `--generators` are given: the lexical generators,
 * `structure`, which proposes broader and narrower concepts from both hierarchies (and stays
 * silent about hierarchy where there is none), and `description`, which reads definitions,
 * keywords and examples (and stays silent where neither side has any). See docs/relations.md.
 */
export const DEFAULT_GENERATORS: readonly GeneratorName[] = [...LEXICAL_GENERATORS, 'structure', 'description'];
