import { buildIndexFromQuads } from './build-index.js';
import { readRdfFile, type ProgressFn, type RdfFormat } from './rdf-source.js';
import type { OntologyIndex } from '../model/ontology-index.js';

export interface LoadOptions {
  format?: RdfFormat;
  onProgress?: ProgressFn;
  signal?: AbortSignal;
}

/**
 * Load an ontology file (Turtle, N-Triples, RDF/XML, JSON-LD) into an OntologyIndex.
 * Other vocabulary sources (OASF folders, HF tasks, agent cards) plug in through
 * `loadVocabulary` in src/ontology/dispatch.ts.
 */
export async function loadOntologyFile(path: string, options: LoadOptions = {}): Promise<OntologyIndex> {
  const { quads } = await readRdfFile(path, options);
  return buildIndexFromQuads(quads, path);
}
