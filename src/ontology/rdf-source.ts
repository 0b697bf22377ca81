/**
 * Reading RDF files into RDF/JS quads with real parsers: n3 for Turtle / N-Triples, the streaming
 * RDF/XML parser for OWL files, jsonld for JSON-LD (with a document loader that never touches the
 * network). Format comes from the file extension, then from sniffing the content.
 *
 * Turtle, N-Triples and RDF/XML files larger than STREAM_ABOVE are read as a stream of text
 * chunks fed to their parsers, so an ontology of any size loads (one larger than a JavaScript
 * string can hold included) and a parse error stops the reading where it is. Smaller ones are read
 * whole: n3 collects far less garbage on one string than on pieces it joins (NCIt + ORDO streamed
 * in 8 MiB pieces took 1.15× the CPU time, whole process, median of 7). jsonld parses a whole document at once: a
 * JSON-LD file is read whole, within its size limit (src/io/limits.ts).
 */
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import type { Quad } from '@rdfjs/types';
import { Parser as N3Parser } from 'n3';
import { IoaError } from '../model/errors.js';
import { assertRegularFile, readTextChunks, readTextFile, readTextHead } from '../io/files.js';
import { parseRdfXmlChunksInto, parseRdfXmlInto } from './rdfxml.js';
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

/**
 * OWL syntaxes that are not RDF, recognised so that they are named instead of misread: an OWL/XML
 * document (`<Ontology xmlns="…owl#" ontologyIRI=…>`, what Protégé saves as "OWL/XML", often as
 * `.owl`) is well-formed XML that an RDF/XML reader takes for one blank node and no class.
 */
export function nonRdfOwlSyntax(head: string): string | undefined {
  const text = head.replace(/^\uFEFF/, '').replace(/^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[\s\S]*?(?:\]\s*)?>\s*)*/, '');
  const root = /^<((?:[\w.-]+:)?Ontology)\b([^>]*)>/.exec(text);
  if (root && !/\brdf:(?:about|ID|nodeID)\s*=/.test(root[2]!) && (/\bontologyIRI\s*=/.test(root[2]!) || /<(?:[\w.-]+:)?(?:Prefix|Declaration|AnnotationAssertion|SubClassOf)\b/.test(text))) return 'OWL/XML';
  if (/^(?:Prefix\s*\(|Ontology\s*\()/.test(text.trimStart())) return 'OWL functional syntax';
  if (/^(?:Prefix:|Ontology:)/.test(text.trimStart())) return 'OWL Manchester syntax';
  return undefined;
}

/** The format of `text` read from `path`: the extension first, then the content. */
export function detectFormatOf(path: string, text: string): RdfFormat {
  const other = nonRdfOwlSyntax(text.slice(0, 4096));
  if (other) {
    throw new IoaError('E_UNKNOWN_FORMAT', `this is ${other}, which is not RDF: save the ontology as RDF/XML or Turtle (Protégé: File › Save as; ROBOT: robot convert --input FILE --output FILE.ttl) and give that file`, { file: path, line: 1 });
  }
  const byExt = formatFromExtension(path);
  const sniffed = sniffFormat(text.slice(0, 4096));
  // `.xml`/`.json` are generic: trust the content when it says otherwise.
  if (byExt && (sniffed === undefined || sniffed === byExt || !/\.(xml|json)$/i.test(path))) return byExt;
  if (sniffed) return sniffed;
  throw new IoaError('E_UNKNOWN_FORMAT', 'cannot tell the RDF format from the extension or the content (expected Turtle, N-Triples, RDF/XML or JSON-LD)', { file: path });
}

export async function detectFormat(path: string): Promise<RdfFormat> {
  return detectFormatOf(path, await readTextHead(path));
}

/** Size of a readable regular file; anything else (FIFO, device, folder, missing) is E_FILE_UNREADABLE. */
export async function assertReadable(path: string): Promise<number> {
  return assertRegularFile(path);
}

/** Receives each quad as its parser produces it, in document order. */
export type QuadSink = (quad: Quad) => void;

/**
 * Parse Turtle or N-Triples text; n3 reports errors with their line. n3's callback mode is used
 * rather than its array result: quads go to the sink as they are read and die young, where an
 * array of every quad of a large file survives into the old generation (measured on NCIt's 131k
 * quads: about half the time and a third of the memory).
 */
function parseTurtleInto(text: string, path: string, format: 'turtle' | 'ntriples', sink: QuadSink): Promise<void> {
  const parser = new N3Parser({ baseIRI: pathToFileURL(path).href, format: format === 'ntriples' ? 'N-Triples' : 'Turtle' });
  return new Promise((resolve, reject) => {
    let done = false;
    parser.parse(text, (error, quad) => {
      if (done) return;
      if (error) {
        done = true;
        reject(parseError('E_PARSE_TURTLE', path, error, format === 'ntriples'));
      } else if (quad) {
        try {
          sink(quad as Quad);
        } catch (failure) {
          done = true;
          reject(failure);
        }
      } else {
        done = true;
        resolve();
      }
    });
  });
}

/**
 * Parse an RDF file into quads. The file is read through the shared reader (regular files only,
 * strict UTF-8, BOM dropped); errors are IoaErrors with file, line and column when the parser
 * gives them.
 */
/** Files larger than this many bytes are parsed as a stream (see the module comment). */
export const STREAM_ABOVE = 64 * 1024 * 1024;

export interface ReadRdfOptions {
  format?: RdfFormat;
  onProgress?: ProgressFn;
  signal?: AbortSignal;
  /** Stream Turtle, N-Triples and RDF/XML files larger than this (default STREAM_ABOVE). */
  streamAbove?: number;
  /** Warnings of the JSON-LD reader (nodes left out); the RDF parsers have none. */
  onWarning?: (message: string) => void;
}

export async function readRdfFile(path: string, options: ReadRdfOptions = {}): Promise<{ quads: Quad[]; format: RdfFormat }> {
  const quads: Quad[] = [];
  const format = await readRdfFileInto(path, (quad) => quads.push(quad), options);
  return { quads, format };
}

/** {@link readRdfFile}, handing each quad to `sink` instead of collecting them; resolves to the format read. */
export async function readRdfFileInto(path: string, sink: QuadSink, options: ReadRdfOptions = {}): Promise<RdfFormat> {
  const { signal } = options;
  signal?.throwIfAborted();
  const size = await assertRegularFile(path);
  const head = await readTextHead(path);
  // An empty file is no ontology of any syntax (the Turtle reader would find nothing wrong in it).
  if (!/\S/.test(head.replace(/^\uFEFF/, '')) && size <= head.length + 4) {
    throw new IoaError('E_EMPTY_ONTOLOGY', 'the file is empty: no ontology to read', { file: path });
  }
  const format = options.format ?? detectFormatOf(path, head);
  if (format === 'jsonld' || size <= (options.streamAbove ?? STREAM_ABOVE)) {
    await parseRdfInto(await readTextFile(path, { kind: format === 'jsonld' ? 'jsonld' : 'text' }), format, path, sink, options);
    return format;
  }
  // Progress counts bytes here: the total is the file's size, known before the text is.
  // 8 MiB pieces: n3 re-scans what a piece left unfinished, so fewer, larger pieces cost less.
  const chunks = readTextChunks(path, { chunkBytes: 8 << 20, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  if (format === 'rdfxml') await parseRdfXmlChunksInto(chunks, path, sink, signal ? { signal } : {});
  else await parseTurtleChunksInto(chunks, path, format, sink, signal);
  signal?.throwIfAborted();
  return format;
}

/**
 * {@link parseTurtleInto} for text that arrives in chunks: n3 takes a stream (anything with
 * `data` and `end` events) and keeps its lexer state, line numbers included, across chunks.
 * Reading stops at the first error; an abort stops between chunks.
 */
async function parseTurtleChunksInto(chunks: AsyncIterable<string>, path: string, format: 'turtle' | 'ntriples', sink: QuadSink, signal?: AbortSignal): Promise<void> {
  const parser = new N3Parser({ baseIRI: pathToFileURL(path).href, format: format === 'ntriples' ? 'N-Triples' : 'Turtle' });
  const input = new EventEmitter();
  const state: { failure?: { error: unknown }; done: boolean } = { done: false };
  const finished = new Promise<void>((resolve) => {
    parser.parse(input as unknown as string, (error, quad) => {
      if (state.failure || state.done) return;
      if (error) {
        state.failure = { error: parseError('E_PARSE_TURTLE', path, error, format === 'ntriples') };
        resolve();
      } else if (quad) {
        try {
          sink(quad as Quad);
        } catch (failure) {
          state.failure = { error: failure };
          resolve();
        }
      } else {
        state.done = true;
        resolve();
      }
    });
  });
  const failed = (): { error: unknown } | undefined => state.failure;
  let started = false;
  for await (const chunk of chunks) {
    if (signal?.aborted) state.failure ??= { error: signal.reason };
    if (failed()) break;
    input.emit('data', chunk);
    started = true;
  }
  const early = failed();
  if (early) throw early.error;
  // n3 ends a stream only after it has seen text: an empty file is one space.
  if (!started) input.emit('data', ' ');
  input.emit('end');
  await finished;
  const failure = failed();
  if (failure) throw failure.error;
}

/**
 * Parse RDF text (`name` stands for the file in messages and gives the base IRI). An aborted
 * `signal` stops between chunks of RDF/XML and between stages otherwise, rejecting with its reason.
 */
export async function parseRdf(text: string, format: RdfFormat, name: string, options: { onProgress?: ProgressFn; signal?: AbortSignal } = {}): Promise<Quad[]> {
  const quads: Quad[] = [];
  await parseRdfInto(text, format, name, (quad) => quads.push(quad), options);
  return quads;
}

/** {@link parseRdf}, handing each quad to `sink` as it is parsed instead of collecting them. */
export async function parseRdfInto(text: string, format: RdfFormat, name: string, sink: QuadSink, options: { onProgress?: ProgressFn; signal?: AbortSignal; onWarning?: (message: string) => void } = {}): Promise<void> {
  const { signal } = options;
  signal?.throwIfAborted();
  const total = text.length;
  if (format === 'jsonld') {
    // jsonld is a heavy import: load it only for JSON-LD input.
    const { toRdfOffline } = await import('./jsonld-offline.js');
    for (const quad of await toRdfOffline(text, name, options.onWarning)) sink(quad);
  } else if (format === 'rdfxml') {
    await parseRdfXmlInto(text, name, sink, { onProgress: (done) => options.onProgress?.(done, total), ...(signal ? { signal } : {}) });
  } else {
    await parseTurtleInto(text, name, format, sink);
  }
  signal?.throwIfAborted();
  options.onProgress?.(total, total);
}
