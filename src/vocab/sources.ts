/**
 * The agent-world vocabulary sources, registered in VOCABULARY_SOURCES (src/ontology/dispatch.ts)
 * so that `inspect`, `propose`, `bench` and `export-ontology` take them like any ontology file:
 *
 * - `hf-tasks` (or `@huggingface/tasks`): the installed package's Hugging Face tasks;
 * - an OASF release folder, its `schema/` folder, or its `skills/` or `domains/` folder;
 * - agent records (src/vocab/records): MCP server.json files and registry lists, MCP tools/list
 *   results, A2A Agent Cards, OASF records and slug lists, ERC-8004 registrations and record
 *   rows, as `.jsonl`, or `.json` or any other name when the JSON is records (JSON-LD without
 *   records goes to the RDF reader).
 *
 * Each `accepts` is cheap; the loaders themselves are imported on first use.
 */
import { stat } from 'node:fs/promises';
import { readTextFile, readTextHead } from '../io/files.js';
import { readJson } from '../text/json.js';
import type { OntologyIndex } from '../model/ontology-index.js';

/**
 * A place vocabularies come from. Declared here, not in the dispatch that tries them, so that
 * the dependency runs one way: src/ontology/dispatch.ts imports the sources, never the reverse.
 */
export interface VocabularySource {
  name: string;
  /** Cheap check on the location (path or package-like name); may look at the file system. */
  accepts(location: string): Promise<boolean>;
  /**
   * For a file this source accepts: whether the RDF reader should read it first, the source
   * loading it only when that reading finds no concept.
   */
  tryRdfFirst?(location: string): Promise<boolean>;
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
 * Extensions that name an RDF syntax: such a file is the RDF reader's, whatever it holds. `.json`
 * is not among them: it is as often a record file as JSON-LD.
 */
const RDF_EXTENSION = /\.(ttl|turtle|n3|nt|owl|rdf|xml|jsonld)$/i;

/**
 * Agent records: `.jsonl` / `.ndjson` files, and any other file (`.json`, another extension or
 * none) that holds JSON of a record layout, or JSON that is neither records nor JSON-LD. A record
 * layout wins over JSON-LD keywords (an Agent Card may carry a schema.org `@type`, a registry
 * export an `@id`): a recognised record is read, never dropped as an empty JSON-LD graph, and so
 * is a broken one that carries its layout's own members (Layout.claims). JSON
 * of no known layout is refused by the records loader (E_UNKNOWN_FORMAT) rather than read as an
 * empty JSON-LD document; JSON-LD without records goes to the RDF reader.
 */
export const recordsSource: VocabularySource = {
  name: 'agent-records',
  async accepts(location) {
    const jsonLines = /\.(jsonl|ndjson)$/i.test(location);
    if (!jsonLines && RDF_EXTENSION.test(location)) return false;
    try {
      if (!(await stat(location)).isFile()) return false;
      if (jsonLines) return true;
      // Only what starts like JSON is parsed: Turtle or RDF/XML under another name stays cheap.
      if (!/^\s*[[{]/.test((await readTextHead(location)).replace(/^\uFEFF/, ''))) return false;
      const { isJsonLd, recordLayoutOf } = await import('./records/load.js');
      // Nesting bounded before the layout checks below walk the value; the reader refuses it with its path.
      const text = await readTextFile(location);
      const read = readJson(text);
      if (!read.ok && read.fault.kind === 'depth') return false;
      const value: unknown = read.ok ? read.value : JSON.parse(text);
      // Records are objects; null, a number or an empty array is no document of either kind, and
      // the RDF reader says so (E_PARSE_JSONLD) as it always has.
      const objects = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
      if (!(objects(value) || (Array.isArray(value) && value.some(objects)))) return false;
      const elements: unknown[] = Array.isArray(value) ? value : [value];
      if (elements.some((v) => recordLayoutOf(v) !== undefined)) return true;
      return !isJsonLd(value);
    } catch {
      return false; // unreadable or malformed: the fallback reader reports it with a location
    }
  },
  // A JSON-LD document that a record layout only claims (it names a member of the layout, as
  // schema.org's `skills` and `url` are an Agent Card's) is read as JSON-LD first: only when that
  // finds no concept is it the layout's broken record, whose fault is then reported rather than
  // an empty graph read without a word.
  tryRdfFirst: onlyClaimedJsonLd,
  async load(location, options): Promise<OntologyIndex> {
    const { loadRecords } = await import('./records/load.js');
    return loadRecords(location, {
      ...(options.skipInvalid ? { skipInvalid: true } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  },
};

/** Whether a `.json` file is JSON-LD whose elements a record layout claims but none recognises. */
async function onlyClaimedJsonLd(location: string): Promise<boolean> {
  if (/\.(jsonl|ndjson)$/i.test(location)) return false;
  try {
    const { isJsonLd, recognisedLayoutOf } = await import('./records/load.js');
    const text = await readTextFile(location);
    const read = readJson(text);
    if (!read.ok && read.fault.kind === 'depth') return false;
    const value: unknown = read.ok ? read.value : JSON.parse(text);
    const elements: unknown[] = Array.isArray(value) ? value : [value];
    return isJsonLd(value) && !elements.some((v) => recognisedLayoutOf(v) !== undefined);
  } catch {
    return false;
  }
}

/** In the order the dispatch should try them. */
export const AGENT_VOCABULARY_SOURCES: readonly VocabularySource[] = [hfTasksSource, oasfSource, recordsSource];
