/**
 * One entry for every vocabulary source the CLI accepts. Sources are tried in order; the first
 * whose `accepts` says yes loads it. Agent-world loaders (OASF folders, Hugging Face tasks,
 * A2A agent cards) register here so `inspect`, `propose` and `bench` take them like any file.
 */
import { stat } from 'node:fs/promises';
import type { OntologyIndex } from '../model/ontology-index.js';
import { loadOntologyFile, type LoadOptions } from './load.js';
import { AGENT_VOCABULARY_SOURCES, type VocabularySource } from '../vocab/sources.js';

export type { VocabularySource } from '../vocab/sources.js';

const rdfFile: VocabularySource = {
  name: 'rdf-file',
  async accepts() {
    return true; // the fallback: errors for unreadable or unknown files come from the RDF reader
  },
  load: loadOntologyFile,
};

/** Registered before the RDF fallback; later issues add OASF, hf-tasks and agent cards. */
export const VOCABULARY_SOURCES: VocabularySource[] = [...AGENT_VOCABULARY_SOURCES];

export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

export async function loadVocabulary(location: string, options: LoadOptions = {}): Promise<OntologyIndex> {
  for (const source of VOCABULARY_SOURCES) {
    if (!(await source.accepts(location))) continue;
    if (await source.tryRdfFirst?.(location)) {
      const asRdf = await loadOntologyFile(location, { ...options, format: 'jsonld' }).catch(() => undefined);
      if (asRdf && asRdf.concepts.length > 0) return asRdf;
    }
    return source.load(location, options);
  }
  return rdfFile.load(location, options);
}
