import { IndexBuilder } from './build-index.js';
import { readRdfFileInto, type ProgressFn, type RdfFormat } from './rdf-source.js';
import type { OntologyIndex } from '../model/ontology-index.js';

export interface LoadOptions {
  format?: RdfFormat;
  onProgress?: ProgressFn;
  signal?: AbortSignal;
  /** Agent records only: skip bad records (see src/vocab/records/load.ts); RDF files ignore it. */
  skipInvalid?: boolean;
}

/**
 * Load an ontology file (Turtle, N-Triples, RDF/XML, JSON-LD) into an OntologyIndex.
 * Other vocabulary sources (OASF folders, HF tasks, agent cards) plug in through
 * `loadVocabulary` in src/ontology/dispatch.ts.
 */
export async function loadOntologyFile(path: string, options: LoadOptions = {}): Promise<OntologyIndex> {
  // Quads go straight into the index as they are parsed: no array of every quad is kept.
  const builder = new IndexBuilder(path);
  await readRdfFileInto(path, (quad) => builder.add(quad), { ...options, onWarning: (message) => builder.warn(message) });
  return builder.finish();
}
