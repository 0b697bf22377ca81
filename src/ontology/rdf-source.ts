/**
 * Reading RDF files into RDF/JS quads with real parsers: n3 for Turtle / N-Triples, the streaming
 * RDF/XML parser for OWL files, jsonld for JSON-LD (with a document loader that never touches the
 * network). Format comes from the file extension, then from sniffing the content.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Quad } from '@rdfjs/types';
import { Parser as N3Parser } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import { IoaError } from '../model/errors.js';

export type RdfFormat = 'turtle' | 'ntriples' | 'rdfxml' | 'jsonld';

/** Bytes read so far out of the total, for progress display. */
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

async function readHead(path: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of createReadStream(path, { start: 0, end: 4095 })) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= 4096) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function detectFormat(path: string): Promise<RdfFormat> {
  const byExt = formatFromExtension(path);
  const head = await readHead(path);
  const sniffed = sniffFormat(head);
  // `.xml`/`.json` are generic: trust the content when it says otherwise.
  if (byExt && (sniffed === undefined || sniffed === byExt || !/\.(xml|json)$/i.test(path))) return byExt;
  if (sniffed) return sniffed;
  throw new IoaError('E_UNKNOWN_FORMAT', 'cannot tell the RDF format from the extension or the content (expected Turtle, N-Triples, RDF/XML or JSON-LD)', { file: path });
}

export async function assertReadable(path: string): Promise<number> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new IoaError('E_FILE_UNREADABLE', 'not a regular file', { file: path });
    return info.size;
  } catch (error) {
    if (error instanceof IoaError) throw error;
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new IoaError('E_FILE_UNREADABLE', `cannot read file: ${reason}`, { file: path }, { cause: error });
  }
}

/** Line and column from the parsers' messages ("Line 3 column 5: …", "3:5: …", "… on line 3."). */
function positionOf(message: string): { line?: number; column?: number } {
  const lc = /Line (\d+) column (\d+)/i.exec(message) ?? /(?:^|\s|:)(\d+):(\d+):/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const l = /on line (\d+)/i.exec(message);
  return l ? { line: Number(l[1]) } : {};
}

function parseError(code: 'E_PARSE_TURTLE' | 'E_PARSE_RDFXML', file: string, error: unknown): IoaError {
  const message = error instanceof Error ? error.message : String(error);
  const clean = message.replace(/^Line \d+ column \d+:\s*/i, '').replace(/^(?:[^:]*:)?\d+:\d+:\s*/, '');
  return new IoaError(code, `malformed ${code === 'E_PARSE_TURTLE' ? 'Turtle' : 'RDF/XML'}: ${clean}`, { file, ...positionOf(message) }, { cause: error });
}

function parseStream(path: string, format: 'turtle' | 'ntriples' | 'rdfxml', total: number, onProgress?: ProgressFn): Promise<Quad[]> {
  const baseIRI = pathToFileURL(path).href;
  const quads: Quad[] = [];
  const code = format === 'rdfxml' ? 'E_PARSE_RDFXML' : 'E_PARSE_TURTLE';
  return new Promise((resolve, reject) => {
    const input = createReadStream(path);
    let read = 0;
    let failed = false;
    const fail = (error: unknown): void => {
      if (failed) return;
      failed = true;
      input.destroy();
      reject(error instanceof IoaError ? error : parseError(code, path, error));
    };
    input.on('data', (chunk) => {
      read += chunk.length;
      onProgress?.(read, total);
    });
    input.on('error', (error) => fail(new IoaError('E_FILE_UNREADABLE', `cannot read file: ${error.message}`, { file: path }, { cause: error })));
    if (format === 'rdfxml') {
      const parser = new RdfXmlParser({ baseIRI, trackPosition: true });
      parser.on('data', (quad: Quad) => quads.push(quad));
      parser.on('error', fail);
      parser.on('end', () => { if (!failed) resolve(quads); });
      input.pipe(parser);
    } else {
      const parser = new N3Parser({ baseIRI, format: format === 'ntriples' ? 'N-Triples' : 'Turtle' });
      // n3's streaming parse takes a callback per quad; it reports errors the same way.
      const text: string[] = [];
      input.setEncoding('utf8');
      input.on('data', (chunk) => text.push(chunk as string));
      input.on('end', () => {
        if (failed) return;
        try {
          for (const quad of parser.parse(text.join(''))) quads.push(quad as Quad);
          resolve(quads);
        } catch (error) {
          fail(error);
        }
      });
    }
  });
}

/** Parse an RDF file into quads. Throws IoaError with file, line and column when the parser gives them. */
export async function readRdfFile(path: string, options: { format?: RdfFormat; onProgress?: ProgressFn } = {}): Promise<{ quads: Quad[]; format: RdfFormat }> {
  const total = await assertReadable(path);
  const format = options.format ?? (await detectFormat(path));
  if (format === 'jsonld') {
    const text = await readFile(path, 'utf8');
    options.onProgress?.(total, total);
    // jsonld is a heavy import: load it only for JSON-LD input.
    const { toRdfOffline } = await import('./jsonld-offline.js');
    return { quads: await toRdfOffline(text, path), format };
  }
  return { quads: await parseStream(path, format, total, options.onProgress), format };
}
