/**
 * The agent-world vocabulary sources, registered in VOCABULARY_SOURCES (src/ontology/dispatch.ts)
 * so that `inspect`, `propose`, `bench` and `export-ontology` take them like any ontology file:
 *
 * - `hf-tasks` (or `@huggingface/tasks`): the installed package's Hugging Face tasks;
 * - an OASF release folder, its `schema/` folder, or its `skills/` or `domains/` folder;
 * - agent records (src/vocab/records): MCP server.json files and registry lists, MCP tools/list
 *   results, A2A Agent Cards, OASF records and slug lists, ERC-8004 registrations and record
 *   rows, as `.json` (not JSON-LD: that goes to the RDF reader) or `.jsonl`.
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
  signal?: AbortSignal;
  /** Agent records: leave bad records out (counted per reason in the warnings) instead of failing. */
  skipInvalid?: boolean;
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

/**
 * Agent records: `.jsonl` / `.ndjson` files, and `.json` files that are not JSON-LD (those go to
 * the RDF reader). A `.json` file of no known record layout is refused by the records loader
 * (E_UNKNOWN_FORMAT) rather than read as an empty JSON-LD document.
 */
export const recordsSource: VocabularySource = {
  name: 'agent-records',
  async accepts(location) {
    const jsonLines = /\.(jsonl|ndjson)$/i.test(location);
    if (!jsonLines && !location.toLowerCase().endsWith('.json')) return false;
    try {
      if (!(await stat(location)).isFile()) return false;
      if (jsonLines) return true;
      const { isJsonLd } = await import('./records/load.js');
      const value: unknown = JSON.parse(await readTextFile(location));
      // Records are objects; null, a number or an empty array is no document of either kind, and
      // the RDF reader says so (E_PARSE_JSONLD) as it always has.
      const objects = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
      if (!(objects(value) || (Array.isArray(value) && value.some(objects)))) return false;
      return !isJsonLd(value);
    } catch {
      return false; // unreadable or malformed: the fallback reader reports it with a location
    }
  },
  async load(location, options): Promise<OntologyIndex> {
    const { loadRecords } = await import('./records/load.js');
    return loadRecords(location, {
      ...(options.skipInvalid ? { skipInvalid: true } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  },
};

/** In the order the dispatch should try them. */
export const AGENT_VOCABULARY_SOURCES: readonly VocabularySource[] = [hfTasksSource, oasfSource, recordsSource];
