/**
 * The agent-world vocabulary sources, registered in VOCABULARY_SOURCES (src/ontology/dispatch.ts)
 * so that `inspect`, `propose`, `bench` and `export-ontology` take them like any ontology file:
 *
 * - `hf-tasks` (or `@huggingface/tasks`): the installed package's Hugging Face tasks;
 * - an OASF release folder, its `schema/` folder, or its `skills/` or `domains/` folder;
 * - an A2A Agent Card (`*.json` with `skills`, `supportedInterfaces` or `url` + `protocolVersion`,
 *   and no `@context`, so JSON-LD ontologies still go to the RDF reader).
 *
 * Each `accepts` is cheap; the loaders themselves are imported on first use.
 */
import { stat } from 'node:fs/promises';
import { readTextFile } from '../io/files.js';
import type { OntologyIndex } from '../model/ontology-index.js';

/**
 * A place vocabularies come from. Declared here, not in the dispatch that tries them, so that
 * the dependency runs one way: src/ontology/dispatch.ts imports the sources, never the reverse.
 */
export interface VocabularySource {
  name: string;
  /** Cheap check on the location (path or package-like name); may look at the file system. */
  accepts(location: string): Promise<boolean>;
  load(location: string, options: SourceLoadOptions): Promise<OntologyIndex>;
}

/** What every source accepts (the RDF reader takes a format as well: src/ontology/load.ts LoadOptions). */
export interface SourceLoadOptions {
  onProgress?: (done: number, total: number) => void;
}

export const hfTasksSource: VocabularySource = {
  name: 'hf-tasks',
  async accepts(location) {
    const { isHfTasksLocation } = await import('./hf-tasks.js');
    return isHfTasksLocation(location);
  },
  async load(): Promise<OntologyIndex> {
    const { loadHfTasks } = await import('./hf-tasks.js');
    return loadHfTasks();
  },
};

export const oasfSource: VocabularySource = {
  name: 'oasf',
  async accepts(location) {
    const { isOasfLocation } = await import('./oasf.js');
    return isOasfLocation(location);
  },
  async load(location, options): Promise<OntologyIndex> {
    const { loadOasf } = await import('./oasf.js');
    return loadOasf(location, options.onProgress ? { onProgress: options.onProgress } : {});
  },
};

/** Cards are small; anything over this is not a card and is left to the RDF reader. */
const CARD_SNIFF_LIMIT = 4 * 1024 * 1024;

export const agentCardSource: VocabularySource = {
  name: 'a2a-agent-card',
  async accepts(location) {
    if (!location.toLowerCase().endsWith('.json')) return false;
    try {
      const s = await stat(location);
      if (!s.isFile() || s.size > CARD_SNIFF_LIMIT) return false;
      const { looksLikeAgentCard } = await import('./a2a-card.js');
      return looksLikeAgentCard(JSON.parse(await readTextFile(location)));
    } catch {
      return false; // unreadable or malformed: the fallback reader reports it with a location
    }
  },
  async load(location): Promise<OntologyIndex> {
    const { loadAgentCard } = await import('./a2a-card.js');
    return loadAgentCard(location);
  },
};

/** In the order the dispatch should try them. */
export const AGENT_VOCABULARY_SOURCES: readonly VocabularySource[] = [hfTasksSource, oasfSource, agentCardSource];
