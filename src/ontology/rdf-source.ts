/**
 * Reading RDF files into RDF/JS quads with real parsers: n3 for Turtle / N-Triples, the streaming
 * RDF/XML parser for OWL files, jsonld for JSON-LD (with a document loader that never touches the
 * network). Format comes from the file extension, then from sniffing the content.
 */
import { pathToFileURL } from 'node:url';
import type { Quad } from '@rdfjs/types';
import { Parser as N3Parser } from 'n3';
import { IoaError } from '../model/errors.js';
import { assertRegularFile, readTextFile } from '../io/files.js';
import { parseRdfXml } from './rdfxml.js';
import { parseError } from './parse-error.js';

export type RdfFormat = 'turtle' | 'ntriples' | 'rdfxml' | 'jsonld';

/** Characters parsed so far out of the total, for progress display. */
export type ProgressFn = (done: number, total: number) => void;

const BY_EXTENSION: Record<string, RdfFormat> = {
  '.ttl': 'turtle',
  '.turtle': 'turtle',
  '.n3': 'turtle',
  '.nt': 'ntriples',
  '.owl': 'rdfxml',
  '.rdf': 'rdfxml',
  '.xml': 'rdfxml',
  '.jsonld': 'jsonld',
  '.json': 'jsonld',
};

export function formatFromExtension(path: string): RdfFormat | undefined {
  const match = /\.[^./\\]+$/.exec(path.toLowerCase());
  return match ? BY_EXTENSION[match[0]] : undefined;
}

/** Guess from the first bytes; undefined when nothing looks like RDF. */
export function sniffFormat(head: string): RdfFormat | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<?xml') || /^<(rdf:RDF|RDF|Ontology|owl:Ontology)\b/.test(text)) return 'rdfxml';
  if (text.startsWith('{') || text.startsWith('[')) return 'jsonld';
  if (/^(@prefix|@base|PREFIX|BASE)\b/i.test(text)) return 'turtle';
  if (/^(#[^\n]*\n\s*)*<[^>\s]+>\s+<[^>\s]+>\s+/.test(text)) return 'ntriples';
  return undefined;
}

/** The format of `text` read from `path`: the extension first, then the content. */
export function detectFormatOf(path: string, text: string): RdfFormat {
  const byExt = formatFromExtension(path);
  const sniffed = sniffFormat(text.slice(0, 4096));
  // `.xml`/`.json` are generic: trust the content when it says otherwise.
  if (byExt && (sniffed === undefined || sniffed === byExt || !/\.(xml|json)$/i.test(path))) return byExt;
  if (sniffed) return sniffed;
  throw new IoaError('E_UNKNOWN_FORMAT', 'cannot tell the RDF format from the extension or the content (expected Turtle, N-Triples, RDF/XML or JSON-LD)', { file: path });
}

export async function detectFormat(path: string): Promise<RdfFormat> {
  return detectFormatOf(path, await readTextFile(path));
}

/** Size of a readable regular file; anything else (FIFO, device, folder, missing) is E_FILE_UNREADABLE. */
export async function assertReadable(path: string): Promise<number> {
  return assertRegularFile(path);
}

/** Parse Turtle or N-Triples text; n3 reports errors with their line. */
function parseTurtle(text: string, path: string, format: 'turtle' | 'ntriples'): Quad[] {
  const parser = new N3Parser({ baseIRI: pathToFileURL(path).href, format: format === 'ntriples' ? 'N-Triples' : 'Turtle' });
  try {
    return parser.parse(text) as Quad[];
  } catch (error) {
    throw parseError('E_PARSE_TURTLE', path, error);
  }
}

/**
 * Parse an RDF file into quads. The file is read through the shared reader (regular files only,
 * strict UTF-8, BOM dropped); errors are IoaErrors with file, line and column when the parser
 * gives them.
 */
export async function readRdfFile(path: string, options: { format?: RdfFormat; onProgress?: ProgressFn; signal?: AbortSignal } = {}): Promise<{ quads: Quad[]; format: RdfFormat }> {
  options.signal?.throwIfAborted();
  const text = await readTextFile(path);
  const format = options.format ?? detectFormatOf(path, text);
  const quads = await parseRdf(text, format, path, options);
  return { quads, format };
}

/**
 * Parse RDF text (`name` stands for the file in messages and gives the base IRI). An aborted
 * `signal` stops between chunks of RDF/XML and between stages otherwise, rejecting with its reason.
 */
export async function parseRdf(text: string, format: RdfFormat, name: string, options: { onProgress?: ProgressFn; signal?: AbortSignal } = {}): Promise<Quad[]> {
  const { signal } = options;
  signal?.throwIfAborted();
  const total = text.length;
  let quads: Quad[];
  if (format === 'jsonld') {
    // jsonld is a heavy import: load it only for JSON-LD input.
    const { toRdfOffline } = await import('./jsonld-offline.js');
    quads = await toRdfOffline(text, name);
  } else if (format === 'rdfxml') {
    quads = await parseRdfXml(text, name, { onProgress: (done) => options.onProgress?.(done, total), ...(signal ? { signal } : {}) });
  } else {
    quads = parseTurtle(text, name, format);
  }
  signal?.throwIfAborted();
  options.onProgress?.(total, total);
  return quads;
}
