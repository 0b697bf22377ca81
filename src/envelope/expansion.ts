/**
 * Everything JSON-LD documents (envelopes, capability advertisements) go through before their
 * fields are read: limits, `id`/`type` aliases (6.5), context checks (6.1), and expansion with
 * jsonld in safe mode so that no term is silently dropped (6.1). The result is the one expanded
 * node object plus what is needed to map expanded properties back to JSON paths.
 */
import { BASELINE_TERMS, activeContextHit, cachedActiveContext, checkContext, refusingDocumentLoader, verbatimKey } from './context.js';
import { childPath, describeType, finding, isObject, type Findings, type JsonObject } from './findings.js';
import { canExpandWithContext, expandWithContext, isJsonLdError, loadJsonLd, type JsonLdEvent } from './jsonld-api.js';
import { resolveLimits } from './limits.js';
import { scopedContextExcess } from '../text/jsonld-scoped.js';
import { DEFAULT_IRI_SCHEMES } from './syntax.js';
import type { DocumentLoader, Limits, RemoteDocument, UnknownTermTreatment, ValidateOptions } from './types.js';

/** Options with defaults applied. */
export interface Resolved {
  limits: Limits;
  unknownTerms: UnknownTermTreatment;
  documentLoader: DocumentLoader;
  loaderIsDefault: boolean;
  iriSchemes: readonly string[];
  reused: boolean;
  options: ValidateOptions;
}

let defaults: Resolved | undefined;

export function resolveOptions(options: ValidateOptions = {}): Resolved {
  // The common call has no options: resolve the defaults once.
  let empty = true;
  for (const _ in options) { empty = false; break; }
  if (empty) return (defaults ??= build({}));
  return build(options);
}

function build(options: ValidateOptions): Resolved {
  return {
    limits: resolveLimits(options.limits),
    unknownTerms: options.unknownTerms ?? options.profile?.unknownTerms ?? 'reject',
    documentLoader: options.documentLoader ?? refusingDocumentLoader,
    loaderIsDefault: options.documentLoader === undefined,
    iriSchemes: options.iriSchemes ?? DEFAULT_IRI_SCHEMES,
    reused: options.reused ?? options.profile?.envelopeReuse ?? false,
    options,
  };
}

function memoize(loader: DocumentLoader): DocumentLoader {
  const seen = new Map<string, Promise<RemoteDocument>>();
  return (url) => {
    let hit = seen.get(url);
    if (!hit) { hit = loader(url); seen.set(url, hit); }
    return hit;
  };
}

/** The one expanded node object of a document, with its source object for paths. */
export interface Expanded {
  node: JsonObject;
  raw: JsonObject;
  expanded: JsonObject[];
  /** Compact prefixes of the top-level context (for mapping compact keys back to IRIs); computed on demand. */
  prefixes: () => ReadonlyMap<string, string>;
}

interface Scan {
  contexts: { path: string; value: unknown }[];
}

/**
 * One walk over the document as sent, before jsonld sees it: the limits (depth, array length,
 * estimated size — stopping at the first exceeded one), `id`/`type` keys (Section 6.5: never
 * reinterpreted) and every `@context` (to be checked against the baseline). `false` when a limit
 * was exceeded. JSON paths are built only when something is reported.
 */
function inspect(input: JsonObject, limits: Limits, out: Scan, f: Findings): boolean {
  let bytes = 0;
  const stack: (string | number)[] = [];
  const walk = (value: unknown, depth: number, inContext: boolean): boolean => {
    if (typeof value === 'string') { bytes += value.length + 2; return true; }
    if (typeof value !== 'object' || value === null) { bytes += 5; return true; }
    if (depth > limits.maxDepth) {
      f.add('E_LIMIT_DEPTH', pathOf(stack), `nesting deeper than ${limits.maxDepth} levels`, '6.1', 'raise limits.maxDepth only if the profile needs it');
      return false;
    }
    bytes += 2;
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayLength) {
        f.add('E_LIMIT_ARRAY_LENGTH', pathOf(stack), `array of ${value.length} items exceeds the limit of ${limits.maxArrayLength}`, '6.1');
        return false;
      }
      for (let i = 0; i < value.length; i++) {
        stack.push(i);
        if (!walk(value[i], depth + 1, inContext)) return false;
        stack.pop();
      }
    } else {
      // Inside a value object the content is data (e.g. an @json literal), not structure.
      const literal = !inContext && ('@value' in value || '@json' in value);
      for (const key in value) {
        bytes += key.length + 4;
        const child = (value as JsonObject)[key];
        stack.push(key);
        if (!literal && !inContext) {
          if (key === '@context') out.contexts.push({ path: pathOf(stack), value: child });
          else if (key === 'id' || key === 'type') {
            f.add('E_INVALID_ALIAS', pathOf(stack),
              `"${key}" is not an alias of "@${key}": earlier draft examples used it, this revision defines no such alias and it is never reinterpreted`,
              '6.5', `write "@${key}" instead of "${key}"`);
          }
        }
        if (!walk(child, depth + 1, inContext || literal || key === '@context')) return false;
        stack.pop();
      }
    }
    if (bytes > limits.maxBytes) {
      f.add('E_LIMIT_SIZE', '$', `document larger than the limit of ${limits.maxBytes} bytes`, '6.1');
      return false;
    }
    return true;
  };
  return walk(input, 1, false);
}

const pathOf = (stack: readonly (string | number)[]): string => stack.reduce<string>((p, k) => childPath(p, k), '$');

/** Paths of every member named `key` outside contexts (to place jsonld's dropped-property events). */
function findKey(value: unknown, key: string, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => findKey(v, key, `${path}[${i}]`, out));
    return;
  }
  if (!isObject(value)) return;
  for (const k in value) {
    if (k === '@context') continue;
    if (k === key) out.push(childPath(path, k));
    findKey(value[k], key, childPath(path, k), out);
  }
}

/** Paths of `@id`/`@type` members (or IRI-valued strings) equal to `text`. */
function findValue(value: unknown, text: string, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => findValue(v, text, `${path}[${i}]`, out));
    return;
  }
  if (value === text) out.push(path);
  if (!isObject(value)) return;
  for (const k in value) if (k !== '@context') findValue(value[k], text, childPath(path, k), out);
}

const CONTEXT_ERROR_CODES = new Set([
  'invalid local context', 'invalid remote context', 'invalid term definition', 'invalid IRI mapping', 'cyclic IRI mapping',
  'keyword redefinition', 'invalid @version value', 'processing mode conflict', 'invalid base IRI', 'invalid vocab mapping',
  'invalid default language', 'invalid container mapping', 'invalid keyword alias', 'invalid type mapping', 'invalid reverse property',
  'invalid scoped context', 'invalid context nullification', 'invalid @import value', 'invalid @propagate value',
  'invalid @protected value', 'invalid context entry', 'invalid prefix value', 'invalid base direction', 'invalid @nest value',
  'recursive context inclusion', 'context overflow', 'invalid language mapping',
]);

function eventFindings(events: JsonLdEvent[], raw: JsonObject, f: Findings): void {
  for (const event of events) {
    const details = event.details ?? {};
    switch (event.code) {
      case 'invalid property': {
        const property = String(details['property']);
        if (property === 'id' || property === 'type') break; // reported as E_INVALID_ALIAS
        const paths: string[] = [];
        findKey(raw, property, '$', paths);
        const core = BASELINE_TERMS.get(property);
        for (const p of paths.length > 0 ? paths : ['$']) {
          if (core) {
            f.add('E_INVALID_UNDECLARED_TERM', p,
              `core term "${property}" is used but not defined in @context; it would be dropped by expansion`, '6.1',
              `add the baseline definition of "${property}" (Section 6.1) to @context`);
          } else {
            f.add('E_INVALID_UNDECLARED_TERM', p,
              `"${property}" does not expand to an absolute IRI; expansion would drop it silently`, '6.1',
              'define the term in @context (or remove it); undeclared members are never ignored');
          }
        }
        break;
      }
      case 'relative @id reference':
      case 'relative @type reference': {
        const text = String(details['id'] ?? details['type']);
        const paths: string[] = [];
        findValue(raw, text, '$', paths);
        for (const p of paths.length > 0 ? paths : ['$']) {
          f.add('E_INVALID_RELATIVE_IRI', p, `"${text}" is a relative IRI reference; identifiers must expand to absolute IRIs`, '6.1',
            'use an absolute IRI or a compact IRI whose prefix the @context defines');
        }
        break;
      }
      default:
        f.add('E_INVALID_JSONLD', '$', `JSON-LD expansion reported "${event.code}": ${event.message ?? ''}`.trim(), '6.1');
    }
  }
}

/**
 * Where a context jsonld refused is: jsonld names no position, and a document may hold scoped
 * contexts beside the top-level one. A remote failure is placed at the context naming its URL; a
 * malformed context at the first one jsonld refuses when each is processed on the top-level
 * context's terms (the state a scoped context meets). The top-level `@context` when nothing
 * narrows it down.
 */
async function contextPathOfError(error: unknown, contexts: readonly { path: string; value: unknown }[]): Promise<string> {
  const top = '$["@context"]';
  if (contexts.length <= 1 || !isJsonLdError(error)) return contexts[0]?.path ?? top;
  const url = error.details?.url;
  if (typeof url === 'string') return contexts.find((c) => mentions(c.value, url))?.path ?? top;
  const code = error.details?.code;
  if (code === undefined || !CONTEXT_ERROR_CODES.has(code)) return top;
  const topContext = contexts.find((c) => c.path === top);
  try {
    const jsonld = await loadJsonLd();
    const initial = await jsonld.processContext(null, null, {});
    const options = { documentLoader: refusingDocumentLoader };
    let base = initial;
    if (topContext) {
      try { base = await jsonld.processContext(initial, topContext.value, options); } catch { return top; }
    }
    for (const c of contexts) {
      if (c === topContext) continue;
      // As a list: jsonld.processContext answers a bare null with the initial context, unchecked.
      try { await jsonld.processContext(base, Array.isArray(c.value) ? c.value : [c.value], options); } catch (e) {
        if (isJsonLdError(e) && e.details?.code === code) return c.path;
      }
    }
  } catch { /* jsonld itself unavailable: the top-level place stands */ }
  return top;
}

const mentions = (value: unknown, text: string): boolean =>
  value === text || (Array.isArray(value) ? value.some((v) => mentions(v, text)) : isObject(value) ? Object.values(value).some((v) => mentions(v, text)) : false);

export function jsonldErrorFinding(error: unknown, raw: JsonObject, f: Findings, contextPath = '$["@context"]'): void {
  if (isJsonLdError(error)) {
    const code = error.details?.code;
    if (error.name === 'jsonld.InvalidUrl' || code === 'loading remote context failed' || code === 'loading document failed') {
      const cause = error.details?.cause;
      const why = cause instanceof Error ? cause.message : error.message;
      f.add('E_CONTEXT_UNAVAILABLE', contextPath, `remote context ${String(error.details?.url ?? '')} unavailable: ${why}`, '6.1',
        'inline the context (Section 6.1) or configure a retrieval policy that permits this source');
      return;
    }
    if (error.name === 'jsonld.ContextUrlError') {
      // A remote context cycle or too many remote contexts: retrieval failed within its bounds
      // (6.1), so the required context is unavailable (S4), not proven malformed.
      f.add('E_CONTEXT_UNAVAILABLE', contextPath, `remote contexts unavailable: ${code ?? error.message}${error.details?.url ? ` (${String(error.details.url)})` : ''}`, '6.1',
        'inline the context (Section 6.1)');
      return;
    }
    if (code === 'protected term redefinition') {
      const term = String(error.details?.term ?? '');
      const paths: string[] = [];
      findContextTerm(raw, term, '$', paths, false);
      f.add('E_INVALID_PROTECTED_REDEFINITION', paths.at(-1) ?? contextPath, `protected term "${term}" is redefined`, '6.1',
        'a domain extension may add prefixes and terms but must not redefine core terms');
      return;
    }
    if (code !== undefined && CONTEXT_ERROR_CODES.has(code)) {
      f.add('E_INVALID_CONTEXT', contextPath, `invalid JSON-LD context: ${code}${error.details?.term ? ` (term "${String(error.details.term)}")` : ''}`, '6.1');
      return;
    }
    f.add('E_INVALID_JSONLD', '$', `invalid JSON-LD: ${code ?? error.message}`, '6.1');
    return;
  }
  // The document loader threw something of its own (the refusing loader, or a retrieval policy).
  const message = error instanceof Error ? error.message : String(error);
  f.add('E_CONTEXT_UNAVAILABLE', contextPath, `remote context unavailable: ${message}`, '6.1',
    'inline the context (Section 6.1) or configure a retrieval policy that permits this source');
}

/** Paths of context definitions of `term` (for protected-redefinition messages). */
function findContextTerm(value: unknown, term: string, path: string, out: string[], inContext: boolean): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => findContextTerm(v, term, `${path}[${i}]`, out, inContext));
    return;
  }
  if (!isObject(value)) return;
  for (const k in value) {
    const p = childPath(path, k);
    if (inContext && k === term) out.push(p);
    findContextTerm(value[k], term, p, out, inContext || k === '@context');
  }
}

function topPrefixes(context: unknown): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (const ctx of Array.isArray(context) ? context : [context]) {
    if (!isObject(ctx)) continue;
    for (const [k, v] of Object.entries(ctx)) {
      if (typeof v === 'string' && !k.startsWith('@')) prefixes.set(k, v);
      else if (isObject(v) && typeof v['@id'] === 'string') prefixes.set(k, v['@id']);
    }
  }
  // Term definitions written as compact IRIs ("requiredUnit": "ioa:requiredUnit") expand once.
  for (const [k, v] of prefixes) {
    const colon = v.indexOf(':');
    const base = colon > 0 ? prefixes.get(v.slice(0, colon)) : undefined;
    if (base !== undefined && !v.startsWith('//', colon + 1)) prefixes.set(k, base + v.slice(colon + 1));
  }
  return prefixes;
}

/**
 * Limits, aliases, contexts and safe-mode expansion. Returns the expanded node, or `undefined`
 * when the document cannot be read further (the reasons are in `f`).
 */
export async function expandDocument(input: unknown, r: Resolved, f: Findings, sectionForContext: '6.2' | '6.3'): Promise<Expanded | undefined> {
  if (!isObject(input)) {
    f.add('E_INVALID_JSON', '$', `a JSON-LD document must be a JSON object, got ${describeType(input)}`, '5.4');
    return undefined;
  }
  const doc = withoutDefaultProtected(input, r.limits.maxDepth) as JsonObject;
  const s: Scan = { contexts: [] };
  if (!inspect(doc, r.limits, s, f)) return undefined;
  // A scoped context is processed anew wherever its term applies, so its cost is the product of
  // its size and its uses, not the document's size: bounded before jsonld sees it.
  const excess = scopedContextExcess(doc, () => JSON.stringify(doc).length);
  if (excess) {
    f.add('E_LIMIT_CONTEXT', pathOf(excess.path), excess.message, '6.1', 'define the terms in the top-level context, or scope only the few a type or property needs');
    return undefined;
  }
  // A plugged-in loader is asked at most once per URL per validation (context checks and
  // expansion both resolve remote contexts; a retrieval budget must not be charged twice).
  if (!r.loaderIsDefault) r = { ...r, documentLoader: memoize(r.documentLoader) };
  // What the loader refused or failed to fetch, kept: jsonld reports a term's scoped context that
  // could not be loaded as "invalid scoped context" and drops the cause, which would turn an
  // unavailable resource (S4: Indeterminate) into invalid input.
  const loaderFailures: unknown[] = [];
  const loader = r.documentLoader;
  r = { ...r, documentLoader: (async (url: string, opts?: unknown) => {
    try {
      return await (loader as (u: string, o?: unknown) => Promise<unknown>)(url, opts);
    } catch (error) {
      loaderFailures.push(error);
      throw error;
    }
  }) as DocumentLoader };
  const result = await expandChecked(doc, r, s, f, sectionForContext);
  if (loaderFailures.length > 0) unavailableNotInvalid(f, loaderFailures[0]);
  return result;
}

/**
 * The document with every context-level `"@protected": false` left out: false is the default, so
 * the meaning is the same, and jsonld.js takes that member for a term and fails with "cyclic IRI
 * mapping", refusing a valid document (JSON-LD 1.1 allows it). A term definition's own
 * `@protected: false` (meaningful inside a protected context) is kept. The caller's value is not
 * changed. Values nested past `maxDepth` are left as they are: the limit check that follows
 * refuses them, and a parsed value handed in by a caller may nest deeper than any recursion
 * survives.
 */
function withoutDefaultProtected(value: unknown, maxDepth: number, inContext = false, depth = 1): unknown {
  if (depth > maxDepth) return value;
  // The same value back when there is nothing to leave out: no copy on the validation path.
  if (Array.isArray(value)) {
    const items = value.map((v) => withoutDefaultProtected(v, maxDepth, inContext, depth + 1));
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  if (!isObject(value)) return value;
  let out: JsonObject | undefined;
  for (const [k, v] of Object.entries(value)) {
    const dropped = inContext && k === '@protected' && v === false;
    const next = dropped ? undefined : k === '@context' ? withoutDefaultProtected(v, maxDepth, true, depth + 1) : inContext ? v : withoutDefaultProtected(v, maxDepth, false, depth + 1);
    if (!dropped && next === v && out === undefined) continue;
    if (out === undefined) {
      // Copy the members read so far; members are own properties whatever their names.
      out = {};
      for (const [k2, v2] of Object.entries(value)) {
        if (k2 === k) break;
        Object.defineProperty(out, k2, { value: v2, enumerable: true, writable: true, configurable: true });
      }
    }
    if (!dropped) Object.defineProperty(out, k, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}

/**
 * Findings of a scoped context jsonld could not process, where a remote context failed to load
 * meanwhile: the failure is the cause (the context is unavailable, E_CONTEXT_UNAVAILABLE), not a
 * malformed document.
 */
function unavailableNotInvalid(f: Findings, failure: unknown): void {
  const message = failure instanceof Error ? failure.message : String(failure);
  for (let i = 0; i < f.list.length; i++) {
    const x = f.list[i]!;
    if (x.code === 'E_INVALID_CONTEXT' && x.message.includes('invalid scoped context')) {
      f.list[i] = finding('E_CONTEXT_UNAVAILABLE', x.path, `remote context unavailable: ${message}`, '6.1', 'inline the context (Section 6.1) or configure a retrieval policy that permits this source');
    }
  }
}

async function expandChecked(input: JsonObject, r: Resolved, s: Scan, f: Findings, sectionForContext: '6.2' | '6.3'): Promise<Expanded | undefined> {
  if (!('@context' in input)) {
    f.add('E_INVALID_CONTEXT_MISSING', '$', 'no "@context": nothing in the document can be expanded to its defined meaning', sectionForContext,
      'include the baseline inline context of Section 6.1 (or the definitions of the terms used)');
    return undefined;
  }
  // The common case: one top-level context that is a verbatim subset of the baseline plus
  // prefixes. It needs no checks, and its processed form is cached (see expandWithContext).
  const top = input['@context'];
  const fastKey = s.contexts.length === 1 && canExpandWithContext() && isObject(top) ? verbatimKey(top) : undefined;
  const active = fastKey !== undefined && isObject(top) ? activeContextHit(fastKey) ?? await cachedActiveContext(fastKey, top) : undefined;
  if (active === undefined) {
    for (const c of s.contexts) f.push(...await checkContext(c.value, c.path, r.documentLoader, r.loaderIsDefault));
    if (f.hasErrors) {
      // Expansion would only repeat what the context checks found, less precisely.
      if (f.list.some((x) => x.code !== 'E_INVALID_ALIAS')) return undefined;
    }
  }

  let expanded: JsonObject[];
  const events: JsonLdEvent[] = [];
  const options = {
    documentLoader: r.documentLoader,
    safe: true,
    // Events that safe mode lets through are still reported: nothing is dropped silently.
    eventHandler: ({ event, next }: { event: JsonLdEvent; next: () => void }) => { events.push(event); next(); },
  };
  try {
    if (active !== undefined) {
      const { '@context': _context, ...element } = input;
      expanded = await expandWithContext(active, element, options);
    } else {
      expanded = await (await loadJsonLd()).expand(input, options);
    }
  } catch (error) {
    if (isJsonLdError(error) && error.name === 'jsonld.ValidationError') {
      // Safe mode stops at the first problem; run once more, collecting, to report all of them.
      const all: JsonLdEvent[] = [];
      try {
        await (await loadJsonLd()).expand(input, { documentLoader: r.documentLoader, eventHandler: ({ event, next }) => { all.push(event); next(); } });
      } catch (again) {
        jsonldErrorFinding(again, input, f, await contextPathOfError(again, s.contexts));
      }
      eventFindings(all.length > 0 ? all : [error.details?.event ?? { code: 'unknown', message: error.message }], input, f);
    } else {
      jsonldErrorFinding(error, input, f, await contextPathOfError(error, s.contexts));
    }
    return undefined;
  }
  if (events.length > 0) eventFindings(events, input, f);
  if (f.hasErrors) return undefined;

  if (expanded.length !== 1 || !isObject(expanded[0])) {
    f.add('E_INVALID_STRUCTURE', '$',
      expanded.length === 0 ? 'the document expands to nothing' : `the document expands to ${expanded.length} top-level nodes; exactly one node object is required`,
      '5.4');
    return undefined;
  }
  const node = expanded[0];
  if ('@graph' in node || '@list' in node || '@value' in node || '@set' in node) {
    f.add('E_INVALID_STRUCTURE', '$', 'the document must be a single node object, not a graph, list or value', '5.4');
    return undefined;
  }
  let prefixes: Map<string, string> | undefined;
  return { node, raw: input, expanded, prefixes: () => (prefixes ??= topPrefixes(input['@context'])) };
}
