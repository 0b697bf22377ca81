import type { Quad } from '@rdfjs/types';
import type jsonld from 'jsonld';
import { DataFactory } from 'n3';
import { IoaError } from '../model/errors.js';
import { MAX_JSON_DEPTH, formatJsonPath, locateJsonPath, parseJson } from '../text/json.js';
import { pathOfJsonLdError } from './jsonld-locate.js';
import { scopedContextExcess } from '../text/jsonld-scoped.js';

/**
 * A jsonld document loader that refuses every URL: ontology files must carry their contexts
 * inline (draft Section 6.1 recommends exactly that), and nothing here may reach the network.
 */
export const offlineDocumentLoader = async (url: string): Promise<never> => {
  throw new IoaError('E_PARSE_JSONLD', `remote JSON-LD context ${url} is not loaded: network access is disabled`);
};

interface JsonLdTerm { termType: string; value: string; language?: string; datatype?: { value: string } }
interface JsonLdQuad { subject: JsonLdTerm; predicate: JsonLdTerm; object: JsonLdTerm; graph: JsonLdTerm }

function term(t: JsonLdTerm): Quad['object'] {
  if (t.termType === 'BlankNode') return DataFactory.blankNode(t.value.replace(/^_:/, ''));
  if (t.termType === 'Literal') {
    return DataFactory.literal(t.value, t.language ? t.language : t.datatype ? DataFactory.namedNode(t.datatype.value) : undefined);
  }
  return DataFactory.namedNode(t.value);
}

/**
 * Nesting jsonld can expand: it recurses once or more per level, and a document nested tens of
 * thousands of levels deep (`{"a":{"a":…}}`, or `@list` in `@list`) would end in "Maximum call
 * stack size exceeded" with no place. Ontologies and agent records nest a few levels. The strict
 * JSON reader refuses deeper text (E_LIMIT_EXCEEDED at its path) before jsonld sees it.
 */
export const MAX_JSONLD_DEPTH = MAX_JSON_DEPTH;

export { JSONLD_SCOPED_CONTEXT_ALLOWANCE, JSONLD_SCOPED_CONTEXT_RATIO } from '../text/jsonld-scoped.js';

/**
 * Schemes of the absolute IRIs that name things in ontologies and agent records. jsonld reads a
 * compact IRI whose prefix the context does not define as a prefix as an absolute IRI of that
 * scheme (`skos:prefLabel` without `skos` stays `skos:prefLabel`, a term of no vocabulary), so an
 * IRI of any other scheme, written without `//`, is counted as a prefix that was not defined.
 */
const IRI_SCHEMES = new Set(['http', 'https', 'urn', 'tag', 'did', 'ni', 'mailto', 'tel', 'file', 'ftp', 'info', 'data']);

/** The first three of what a warning names, and an ellipsis for the rest. */
const examples = (shown: readonly string[]): string => `${shown.slice(0, 3).join(', ')}${shown.length > 3 ? ', …' : ''}`;

/** The 1-based line and column where `needle` first occurs in `text`, if it does. */
function locateText(text: string, needle: string): { line?: number; column?: number } {
  const at = text.indexOf(needle);
  if (at < 0) return {};
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}

/**
 * JSON-LD text → quads, offline. Errors name the file and, for JSON syntax, the position. A node
 * whose `@id` is not an absolute IRI (`"foo"`, `"a b"`: relative, with no base to resolve it) has
 * no RDF form and jsonld leaves it out with every statement that names it; so it does with a
 * member whose name is no term of the context (`"lable"`), a relative `@type` and a value outside
 * any node. `onWarning` hears how many of each, so the loss is never silent; and how many
 * statements were in named graphs (read as the default graph's) and how many compact IRIs kept
 * a prefix the context does not define (read as IRIs of that scheme).
 */
export async function toRdfOffline(text: string, file: string, onWarning?: (message: string) => void): Promise<Quad[]> {
  const doc = parseJson(text, file, 'E_PARSE_JSON', MAX_JSONLD_DEPTH);
  // jsonld turns null, a number or an empty array into zero triples without complaint: for a file
  // that was meant to be an ontology that is a broken document, not an empty ontology.
  const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(doc) ? doc.length === 0 || !doc.every(isObject) : !isObject(doc)) {
    const got = doc === null ? 'null' : Array.isArray(doc) ? (doc.length === 0 ? 'an empty array' : 'an array with a member that is not an object') : `a ${typeof doc}`;
    throw new IoaError('E_PARSE_JSONLD', `not a JSON-LD document: the top level must be a JSON object or an array of objects, got ${got}`, { file, path: '$' });
  }
  // Scoped contexts are processed wherever they apply: their cost is bounded before jsonld starts.
  const excess = scopedContextExcess(doc, text.length);
  if (excess) throw new IoaError('E_LIMIT_EXCEEDED', excess.message, { file, ...locateJsonPath(text, excess.path), path: formatJsonPath(excess.path) });
  try {
    // Imported here, not at the top: only JSON-LD ontologies need it (~0.3 s with its HTTP client).
    const { default: jsonldApi } = await import('jsonld');
    const ids = new Set<string>();
    let statements = 0;
    // What jsonld leaves out of the RDF, by what it is: a member whose name does not expand to an
    // IRI (a misspelt or undefined term), a relative @type, a value outside any node.
    const dropped = new Map<string, number>();
    const types = new Set<string>();
    const floating: unknown[] = [];
    const eventHandler = ({ event }: { event: { code: string; details?: { id?: unknown; property?: unknown; type?: unknown; value?: unknown } } }): void => {
      const details = event.details ?? {};
      if (event.code === 'relative @id reference' && typeof details.id === 'string') ids.add(details.id);
      else if (event.code === 'relative subject reference' || event.code === 'relative object reference' || event.code === 'relative predicate reference') statements++;
      else if (event.code === 'invalid property' && typeof details.property === 'string') dropped.set(details.property, (dropped.get(details.property) ?? 0) + 1);
      else if (event.code === 'relative @type reference' && typeof details.type === 'string') types.add(details.type);
      else if (event.code === 'free-floating scalar') floating.push(details.value);
    };
    // jsonld wraps a loader's refusal in its own words (an "inaccessible URL", CORS, redirects):
    // the URL refused is kept, so the message can say that nothing was fetched, and where it is.
    let refused: string | undefined;
    const loader = async (url: string): Promise<never> => {
      refused ??= url;
      return offlineDocumentLoader(url);
    };
    let raw: JsonLdQuad[];
    try {
      raw = (await jsonldApi.toRDF(doc as jsonld.JsonLdDocument, { documentLoader: loader as never, eventHandler } as never)) as unknown as JsonLdQuad[];
    } catch (error) {
      if (refused === undefined) throw error;
      const at = locateText(text, JSON.stringify(refused));
      throw new IoaError('E_PARSE_JSONLD', `the remote context ${refused} is not fetched (nothing is loaded from the network): put the context in the file (inline "@context" objects only)`, { file, ...at }, { cause: error });
    }
    if (ids.size > 0) {
      onWarning?.(`${ids.size} JSON-LD node ${ids.size === 1 ? 'id is not an absolute IRI' : 'ids are not absolute IRIs'} (${examples([...ids].map((id) => JSON.stringify(id)))}) and cannot be resolved without a base: left out, with the ${statements} statement${statements === 1 ? '' : 's'} naming them`);
    }
    if (dropped.size > 0) {
      const count = [...dropped.values()].reduce((a, b) => a + b, 0);
      const shown = examples([...dropped].map(([name, n]) => `${JSON.stringify(name)}${n > 1 ? ` ×${n}` : ''}`));
      onWarning?.(`${count} JSON-LD member${count === 1 ? '' : 's'} left out: their names do not expand to an IRI under the file's "@context" (${shown}); define the terms there or write full IRIs`);
    }
    if (types.size > 0) {
      onWarning?.(`${types.size} JSON-LD @type ${types.size === 1 ? 'value is not an absolute IRI' : 'values are not absolute IRIs'} (${examples([...types].map((t) => JSON.stringify(t)))}) and cannot be resolved without a base or "@vocab": left out, and with it what the type declared`);
    }
    if (floating.length > 0) {
      onWarning?.(`${floating.length} JSON-LD value${floating.length === 1 ? '' : 's'} outside any node (${examples(floating.map((v) => JSON.stringify(v)))}) left out`);
    }
    // An ontology is one graph: statements of a named graph are read with the default graph's,
    // and the graph they were in is not kept (a node with "@id" and "@graph" names a graph).
    const graphs = new Set<string>();
    let inGraphs = 0;
    for (const q of raw) {
      if (q.graph.termType === 'DefaultGraph') continue;
      inGraphs++;
      graphs.add(q.graph.termType === 'BlankNode' ? 'a graph with no @id' : JSON.stringify(q.graph.value));
    }
    // Compact IRIs left unexpanded, by IRI and how many times each is used, in order of first use.
    const unexpanded = new Map<string, number>();
    const note = (t: JsonLdTerm): void => {
      const iri = t.termType === 'NamedNode' ? t.value : t.termType === 'Literal' ? t.datatype?.value : undefined;
      if (iri === undefined) return;
      const colon = iri.indexOf(':');
      if (colon <= 0 || IRI_SCHEMES.has(iri.slice(0, colon).toLowerCase()) || iri.startsWith('//', colon + 1)) return;
      unexpanded.set(iri, (unexpanded.get(iri) ?? 0) + 1);
    };
    for (const q of raw) {
      note(q.subject);
      note(q.predicate);
      note(q.object);
      if (q.graph.termType === 'NamedNode') note(q.graph);
    }
    if (unexpanded.size > 0) {
      const count = [...unexpanded.values()].reduce((a, b) => a + b, 0);
      const shown = examples([...unexpanded].map(([iri, n]) => `${JSON.stringify(iri)}${n > 1 ? ` ×${n}` : ''}`));
      const schemes = [...new Set([...unexpanded.keys()].map((iri) => JSON.stringify(iri.slice(0, iri.indexOf(':') + 1))))];
      onWarning?.(`${count} JSON-LD IRI${count === 1 ? ' starts' : 's start'} with a prefix that the file's "@context" does not define as one (${shown}) and ${count === 1 ? 'is' : 'are'} read as IRIs of the scheme${schemes.length === 1 ? '' : 's'} ${examples(schemes)}; define each prefix there (an IRI ending in "/" or "#", or "@prefix": true) or write full IRIs`);
    }
    if (inGraphs > 0) {
      onWarning?.(`${inGraphs} JSON-LD statement${inGraphs === 1 ? ' lies' : 's lie'} in ${graphs.size} named graph${graphs.size === 1 ? '' : 's'} (${examples([...graphs])}): read into the one ontology with the default graph's, which graph each was in is not kept`);
    }
    return raw.map((q) => DataFactory.quad(
      term(q.subject) as Quad['subject'],
      DataFactory.namedNode(q.predicate.value),
      term(q.object),
    ) as Quad);
  } catch (error) {
    if (error instanceof IoaError) throw error;
    const path = pathOfJsonLdError(error, doc);
    throw new IoaError('E_PARSE_JSONLD', `malformed JSON-LD: ${(error as Error).message}`, { file, ...(path ? { ...locateJsonPath(text, path), path: formatJsonPath(path) } : {}) }, { cause: error });
  }
}
