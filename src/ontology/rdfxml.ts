/**
 * RDF/XML text → quads, for ontology files and Alignment API files alike.
 *
 * rdfxml-streaming-parser never closes its XML parser at the end of the input, so a document
 * that simply stops (`<rdf:RDF …><oops`, a truncated download, an empty file) ends without an
 * error and yields whatever it had read. Closing the XML parser ourselves makes those the parse
 * errors they are ("unclosed tag", "document must contain a root element").
 */
import { pathToFileURL } from 'node:url';
import type { Quad } from '@rdfjs/types';
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import { parseError } from './parse-error.js';

/** The part of the parser's XML tokenizer used here (a private member in its typings). */
interface ClosableXml {
  saxParser: { close(): unknown };
}

const CHUNK = 1 << 20;

function baseIriOf(file: string): string {
  try {
    return pathToFileURL(file).href;
  } catch {
    return 'file:///document.rdf';
  }
}

/** Parse RDF/XML; a malformed or unterminated document is `E_PARSE_RDFXML` with its position. */
export async function parseRdfXml(text: string, file: string, options: { onProgress?: (done: number) => void; signal?: AbortSignal } = {}): Promise<Quad[]> {
  const quads: Quad[] = [];
  await parseRdfXmlInto(text, file, (quad) => quads.push(quad), options);
  return quads;
}

/** {@link parseRdfXml}, handing each quad to `sink` as the parser emits it instead of collecting them. */
export function parseRdfXmlInto(text: string, file: string, sink: (quad: Quad) => void, options: { onProgress?: (done: number) => void; signal?: AbortSignal } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const parser = new RdfXmlParser({ baseIRI: baseIriOf(file), trackPosition: true });
    let failed = false;
    const fail = (error: unknown): void => {
      if (failed) return;
      failed = true;
      reject(parseError('E_PARSE_RDFXML', file, error));
    };
    parser.on('data', (quad: Quad) => {
      if (failed) return;
      try {
        sink(quad);
      } catch (error) {
        failed = true;
        reject(error);
      }
    });
    parser.on('error', fail);
    parser.on('end', () => {
      if (!failed) resolve();
    });
    for (let i = 0; i < text.length && !failed; i += CHUNK) {
      // An abort stops between chunks and rejects with the signal's reason, not a parse error.
      if (options.signal?.aborted) {
        failed = true;
        reject(options.signal.reason);
        return;
      }
      parser.write(text.slice(i, i + CHUNK));
      options.onProgress?.(Math.min(text.length, i + CHUNK));
    }
    if (failed) return;
    try {
      (parser as unknown as ClosableXml).saxParser.close();
    } catch (error) {
      fail(error);
      return;
    }
    parser.end();
  });
}
