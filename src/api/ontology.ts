/**
 * Loading ontologies for the library API: a path (or another vocabulary location the CLI takes),
 * or RDF text held in memory. The CLI's loaders underneath, so both report the same errors.
 */
import { checkCallbacks, checkSignal, optionKeys, optionsObject } from '../model/options.js';
import { IoaError } from '../model/errors.js';
import { sealOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { IndexBuilder } from '../ontology/build-index.js';
import { loadVocabulary } from '../ontology/dispatch.js';
import { parseRdfInto, type RdfFormat } from '../ontology/rdf-source.js';

export type { RdfFormat } from '../ontology/rdf-source.js';

/** The RDF serialisations {@link loadOntology} reads. */
export const RDF_FORMATS: readonly RdfFormat[] = ['turtle', 'ntriples', 'rdfxml', 'jsonld'];

/** RDF held in memory rather than in a file. */
export interface OntologySource {
  /** The document itself. */
  text: string;
  /** Its serialisation: nothing is guessed for text. */
  format: RdfFormat;
  /** Stands for a file name in error messages and in `OntologyIndex.source` (default `<memory>`). */
  name?: string;
}

/** Options of {@link loadOntology}. */
export interface LoadOntologyOptions {
  /** Serialisation of a file whose extension and content do not tell (default: from the extension, then the content). */
  format?: RdfFormat;
  /** Bytes read so far out of the file's size. */
  onProgress?: (done: number, total: number) => void;
  /** Stops reading; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Agent record files only (MCP servers and tools, A2A cards, OASF records, record rows): leave
   * bad records out instead of failing; the index's warnings count them per reason.
   */
  skipInvalid?: boolean;
}

/** The keys of LoadOntologyOptions: any other is refused (optionsObject). */
const LOAD_OPTIONS = optionKeys<LoadOntologyOptions>()('format', 'onProgress', 'signal', 'skipInvalid');

/**
 * Load an ontology into an {@link OntologyIndex}: its concepts with labels, synonyms, parents
 * and the draft's capability, intent and domain relations, ready for {@link propose} and checks.
 *
 * `location` is a file path (Turtle, N-Triples, RDF/XML or JSON-LD, told apart by extension and
 * content), one of the other vocabulary sources the CLI accepts (an OASF release folder,
 * `hf-tasks`, a file of agent records: MCP server.json or registry list, MCP tools/list result,
 * A2A Agent Card, OASF record or slug list, ERC-8004 registration, record rows; `.json` or
 * `.jsonl`), or an {@link OntologySource} with RDF text. Remote
 * JSON-LD contexts are never fetched.
 *
 * @param location - Path, vocabulary location, or RDF text with its format.
 * @param options - Format override, progress callback and abort signal.
 * @returns The loaded index, frozen deeply (a change in place throws a TypeError; copy it to change it).
 * @throws {@link IoaError} `E_FILE_UNREADABLE` (no such file, not a regular file),
 *   `E_UNKNOWN_FORMAT` (neither extension nor content tells the format),
 *   `E_PARSE_TURTLE` / `E_PARSE_RDFXML` / `E_PARSE_JSONLD` / `E_PARSE_JSON` (malformed input, with
 *   line and column where the parser gives them), `E_EMPTY_ONTOLOGY` (an Agent Card without skills),
 *   `E_VOCAB_INVALID` (a malformed OASF folder or agent card), `E_RECORD_INVALID` /
 *   `E_RECORD_DUPLICATE` (a bad agent record, unless `skipInvalid`), `E_UNKNOWN_FORMAT` (a `.json`
 *   file that is neither JSON-LD nor a known record layout), `E_USAGE` (a `location` or
 *   `format` that is neither of the accepted shapes).
 */
export async function loadOntology(location: string | OntologySource, options?: LoadOntologyOptions): Promise<OntologyIndex> {
  options = optionsObject(options, '$', LOAD_OPTIONS);
  checkSignal(options.signal);
  checkCallbacks(options, ['onProgress']);
  const { signal } = options;
  signal?.throwIfAborted();
  if (options.format !== undefined && !RDF_FORMATS.includes(options.format)) {
    throw new IoaError('E_USAGE', `format must be one of ${RDF_FORMATS.join(', ')}, not ${JSON.stringify(options.format)}`, { path: '$.format' });
  }
  let index: OntologyIndex;
  if (typeof location === 'string') {
    if (location === '') throw new IoaError('E_USAGE', 'the ontology location is empty', { path: '$' });
    index = await loadVocabulary(location, {
      ...(options.format !== undefined ? { format: options.format } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(signal ? { signal } : {}),
      ...(options.skipInvalid ? { skipInvalid: true } : {}),
    });
  } else {
    const source = location as Partial<OntologySource> | null;
    if (typeof source !== 'object' || source === null || typeof source.text !== 'string') {
      throw new IoaError('E_USAGE', 'loadOntology takes a path or { text, format, name? }', { path: '$' });
    }
    if (source.format === undefined || !RDF_FORMATS.includes(source.format)) {
      throw new IoaError('E_USAGE', `format of in-memory RDF must be one of ${RDF_FORMATS.join(', ')}, not ${JSON.stringify(source.format)}`, { path: '$.format' });
    }
    const name = source.name ?? '<memory>';
    const builder = new IndexBuilder(name);
    await parseRdfInto(source.text, source.format, name, (quad) => builder.add(quad), { ...(signal ? { signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}), onWarning: (message) => builder.warn(message) });
    index = builder.finish();
  }
  signal?.throwIfAborted();
  // Immutable: what the gate and the generators compute from it may then be kept by its identity.
  return sealOntologyIndex(index);
}
