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
import { IoaError } from '../model/errors.js';
import { parseError } from './parse-error.js';

/** The part of the parser's XML tokenizer used here (a private member in its typings). */
interface ClosableXml {
  saxParser: { close(): unknown };
}

/** An open tag as the XML tokenizer gives it: `ns` holds the namespaces the element declares. */
interface SaxTag {
  ns?: Record<string, string>;
}

/** The XML tokenizer's open-tag hook and position (saxes; private in the parser's typings). */
interface TagHook {
  saxParser: { openTagHandler?: (tag: SaxTag) => void; tags: SaxTag[]; line: number; column: number };
}

/**
 * How deep RDF/XML elements may nest. The XML tokenizer resolves each element's namespace prefix
 * by walking the open elements from the innermost out, so a document nested n deep costs n²
 * (20,000 nested elements, 220 KB: 30–40 s; 100,000: minutes). Ontologies nest a few dozen
 * levels at most (a restriction inside a class expression inside a list …); the bound is that
 * of JSON-LD ontologies.
 */
export const MAX_RDFXML_DEPTH = 256;

/**
 * How many XML namespace declarations may be in scope at an element. The RDF/XML reader copies
 * the declarations in scope into every element it opens (for XML literals it is not asked to
 * write), so 50,000 declarations on one element cost 50,000 copies in each element below it:
 * 1.9 MB of declarations over 10,000 classes took 100 s of CPU. Ontologies declare a few dozen
 * prefixes.
 */
export const MAX_RDFXML_NAMESPACES = 1024;

/**
 * Refuse, at its line and column, the element that opens deeper than MAX_RDFXML_DEPTH or brings
 * the namespace declarations in scope past MAX_RDFXML_NAMESPACES.
 */
function boundElements(parser: RdfXmlParser, file: string): void {
  const sax = (parser as unknown as TagHook).saxParser;
  const open = sax.openTagHandler;
  if (!open) return;
  // Declarations in scope at each open element: its own and those of the elements around it.
  const inScope = new WeakMap<SaxTag, number>();
  sax.openTagHandler = (tag) => {
    // The open elements around this one: it is pushed after the handler returns.
    if (sax.tags.length >= MAX_RDFXML_DEPTH) {
      throw new IoaError('E_LIMIT_EXCEEDED', `RDF/XML nested deeper than ${MAX_RDFXML_DEPTH} levels: no ontology needs that depth, and the XML reader's work grows with its square`, { file, line: sax.line, column: sax.column });
    }
    const parent = sax.tags[sax.tags.length - 1];
    let declared = 0;
    for (const _prefix in tag.ns) declared++;
    const namespaces = declared + (parent ? inScope.get(parent) ?? 0 : 0);
    if (namespaces > MAX_RDFXML_NAMESPACES) {
      throw new IoaError('E_LIMIT_EXCEEDED', `this element brings the XML namespace declarations in scope to ${namespaces}, more than ${MAX_RDFXML_NAMESPACES}: the RDF/XML reader copies every declaration in scope into each element below it, and no ontology declares that many`, { file, line: sax.line, column: sax.column });
    }
    inScope.set(tag, namespaces);
    open(tag);
  };
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

/** `text` in pieces of CHUNK characters, telling `onProgress` how far it got. */
function* piecesOf(text: string, onProgress?: (done: number) => void): Generator<string> {
  for (let i = 0; i < text.length; i += CHUNK) {
    yield text.slice(i, i + CHUNK);
    onProgress?.(Math.min(text.length, i + CHUNK));
  }
}

/** An internal entity declaration as the parser reads it (rdfxml-streaming-parser's onDoctype). */
const ENTITY_DECLARATION = /<!ENTITY\s+(\S+)\s+["']([^"']+)["']\s*>/gu;

/**
 * The parser takes each `<!ENTITY name "value">` of the DOCTYPE as it stands and never expands
 * the entities its value refers to: with `<!ENTITY b "&a;x">`, `&b;` reads as the text "&a;x",
 * so an IRI built from it would silently be another IRI than the document's. Such a declaration
 * is a parse error at its place instead. The DOCTYPE comes first, so the first chunk holds it.
 */
function nestedEntity(text: string): Error | undefined {
  const doctype = /<!DOCTYPE[\s\S]*?\]\s*>/.exec(text);
  if (!doctype) return undefined;
  for (const match of doctype[0].matchAll(ENTITY_DECLARATION)) {
    const reference = /&[^;\s]*;?/.exec(match[2]!);
    if (!reference) continue;
    const before = text.slice(0, doctype.index + match.index);
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    return new Error(`Line ${line} column ${column}: entity "${match[1]}" refers to another entity (${reference[0]}), which is not expanded: its references would be read as text; write its value out`);
  }
  return undefined;
}

/**
 * How much text a document's internal entities may expand to, in characters: a fixed allowance
 * plus a multiple of the text read so far. One 100 KB entity referenced 4,500 times in a 123 KB
 * file is 450 MB of label (2.75 GB of memory, two minutes); the ontologies that use entities
 * write `&obo;GO_0001`-style IRIs, whose expansion stays well under the size of the file itself.
 * The XML parsers that expand entities bound them the same way (libxml2 and Xerces by an
 * amplification factor).
 */
export const ENTITY_EXPANSION_ALLOWANCE = 16 * 1024 * 1024;
export const ENTITY_EXPANSION_RATIO = 4;

/**
 * Counts, chunk by chunk, the characters the references to the DOCTYPE's internal entities
 * expand to, and refuses the reference that takes the total past ENTITY_EXPANSION_ALLOWANCE +
 * ENTITY_EXPANSION_RATIO × the characters read, at its line and column, before the parser sees
 * the chunk that holds it.
 */
class EntityBudget {
  readonly #sizes = new Map<string, number>();
  #expanded = 0;
  #read = 0;
  /** Lines before the current chunk, and the text of a reference cut by the chunk's end. */
  #lines = 0;
  #column = 0;
  #carry = '';

  constructor(doctypeChunk: string) {
    const doctype = /<!DOCTYPE[\s\S]*?\]\s*>/.exec(doctypeChunk);
    if (!doctype) return;
    for (const match of doctype[0].matchAll(ENTITY_DECLARATION)) this.#sizes.set(match[1]!, match[2]!.length);
  }

  /** The error for the reference in `chunk` that goes over the budget, if one does. */
  check(chunk: string): Error | undefined {
    if (this.#sizes.size === 0) return undefined;
    const text = this.#carry + chunk;
    this.#read += chunk.length;
    const limit = ENTITY_EXPANSION_ALLOWANCE + ENTITY_EXPANSION_RATIO * this.#read;
    const reference = /&([^\s&;<>"']{1,256});/g;
    let end = 0;
    for (let m = reference.exec(text); m; m = reference.exec(text)) {
      end = m.index + m[0].length;
      const size = this.#sizes.get(m[1]!);
      if (size === undefined) continue;
      this.#expanded += size;
      if (this.#expanded > limit) {
        const before = text.slice(0, m.index);
        const newlines = before.split('\n').length - 1;
        const line = this.#lines + newlines + 1;
        const column = newlines === 0 ? this.#column + before.length + 1 : before.length - before.lastIndexOf('\n');
        return new Error(`Line ${line} column ${column}: internal entities expand to more than ${limit} characters at "&${m[1]!};" (${ENTITY_EXPANSION_ALLOWANCE} plus ${ENTITY_EXPANSION_RATIO} times the ${this.#read} characters read): an entity referenced this often is refused, not expanded`);
      }
    }
    // A reference cut by the chunk's end is counted with the next chunk.
    const amp = text.lastIndexOf('&');
    const cut = amp >= end && text.length - amp <= 257 && !/[\s;<>"']/.test(text.slice(amp + 1)) ? amp : text.length;
    const counted = text.slice(0, cut);
    const newlines = counted.split('\n').length - 1;
    this.#column = newlines === 0 ? this.#column + counted.length : counted.length - counted.lastIndexOf('\n') - 1;
    this.#lines += newlines;
    this.#carry = text.slice(cut);
    return undefined;
  }
}

/** {@link parseRdfXml}, handing each quad to `sink` as the parser emits it instead of collecting them. */
export function parseRdfXmlInto(text: string, file: string, sink: (quad: Quad) => void, options: { onProgress?: (done: number) => void; signal?: AbortSignal } = {}): Promise<void> {
  return parseRdfXmlChunksInto(piecesOf(text, options.onProgress), file, sink, options.signal ? { signal: options.signal } : {});
}

/**
 * RDF/XML text that arrives in chunks (a file read as a stream, of any size), parsed as it comes;
 * reading stops at the first error. An abort stops between chunks and rejects with the signal's
 * reason, not a parse error.
 */
export async function parseRdfXmlChunksInto(chunks: Iterable<string> | AsyncIterable<string>, file: string, sink: (quad: Quad) => void, options: { signal?: AbortSignal } = {}): Promise<void> {
  const parser = new RdfXmlParser({ baseIRI: baseIriOf(file), trackPosition: true });
  boundElements(parser, file);
  const state: { failure?: { error: unknown } } = {};
  const fail = (error: unknown, parse: boolean): void => {
    state.failure ??= { error: parse ? parseError('E_PARSE_RDFXML', file, error) : error };
  };
  const rethrow = (): void => {
    if (state.failure) throw state.failure.error;
  };
  const ended = new Promise<void>((resolve) => parser.on('end', () => resolve()));
  parser.on('data', (quad: Quad) => {
    if (state.failure) return;
    try {
      sink(quad);
    } catch (error) {
      fail(error, false);
    }
  });
  // An IoaError is one of ours (the depth and namespace bounds), raised from inside the XML tokenizer: as it is.
  parser.on('error', (error: unknown) => fail(error, !(error instanceof IoaError)));
  let entities: EntityBudget | undefined;
  for await (const chunk of chunks) {
    if (options.signal?.aborted) fail(options.signal.reason, false);
    if (!entities) {
      const nested = nestedEntity(chunk);
      if (nested) fail(nested, true);
      entities = new EntityBudget(chunk);
    }
    const over = state.failure ? undefined : entities.check(chunk);
    if (over) fail(over, true);
    if (state.failure) break;
    try {
      parser.write(chunk);
    } catch (error) {
      fail(error, !(error instanceof IoaError));
    }
  }
  // The stream reports what the RDF/XML layer found wrong (a bad rdf:ID, an invalid IRI, an
  // element where none may be) as an 'error' event after the write returns: let it arrive before
  // closing the XML parser, whose own complaint ("unclosed tag") would otherwise hide the cause.
  await new Promise<void>((resolve) => setImmediate(resolve));
  rethrow();
  try {
    (parser as unknown as ClosableXml).saxParser.close();
  } catch (error) {
    fail(error, true);
  }
  rethrow();
  parser.end();
  // The parser reports an error at the end (unclosed tags) either as an event or not at all.
  await Promise.race([ended, new Promise<void>((resolve) => parser.once('error', () => resolve()))]);
  rethrow();
}
