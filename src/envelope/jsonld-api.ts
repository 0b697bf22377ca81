/**
 * The slice of the `jsonld` API this module uses, typed locally: `@types/jsonld` is stale and
 * lacks `safe` and `eventHandler` (PITFALLS.md). One cast here instead of one per call.
 *
 * jsonld is loaded on first use: with its HTTP client (undici) it is ~0.3 s of start-up, which
 * every command that reaches the envelope modules without validating a document (key and
 * artifact commands, help) would pay.
 */
import { createRequire } from 'node:module';
import type { DocumentLoader } from './types.js';

/** An event jsonld reports during expansion (e.g. a dropped property). */
export interface JsonLdEvent {
  code: string;
  level?: string;
  message?: string;
  details?: Readonly<Record<string, unknown>>;
}

export type JsonLdEventHandler = (arg: { event: JsonLdEvent; next: () => void }) => void;

export interface ExpandOptions {
  documentLoader: DocumentLoader;
  safe?: boolean;
  eventHandler?: JsonLdEventHandler;
  base?: string | null;
}

/** A processed (active) context: only the parts this module reads. */
export interface ActiveContext {
  mappings: ReadonlyMap<string, TermMapping>;
}

/** jsonld's internal representation of one term definition. */
export interface TermMapping {
  '@id'?: string;
  '@type'?: string;
  '@container'?: string[];
  '@context'?: unknown;
  '@language'?: string | null;
  '@direction'?: string | null;
  '@nest'?: string;
  '@index'?: string;
  reverse?: boolean;
  protected?: boolean;
  _prefix?: boolean;
}

/** The shape of errors jsonld throws (JsonLdError). */
export interface JsonLdErrorShape {
  name: string;
  message: string;
  details?: {
    code?: string;
    event?: JsonLdEvent;
    url?: string;
    cause?: unknown;
    term?: string;
    [k: string]: unknown;
  };
}

interface JsonLdApi {
  expand(input: unknown, options: ExpandOptions): Promise<Record<string, unknown>[]>;
  processContext(active: ActiveContext | null, local: unknown, options: Partial<ExpandOptions>): Promise<ActiveContext>;
  toRDF(input: unknown, options: Partial<ExpandOptions>): Promise<unknown[]>;
}

let api: Promise<JsonLdApi> | undefined;

/** The jsonld API, imported the first time it is asked for. */
export function loadJsonLd(): Promise<JsonLdApi> {
  api ??= import('jsonld').then((m) => m.default as unknown as JsonLdApi);
  return api;
}

export function isJsonLdError(error: unknown): error is JsonLdErrorShape {
  return typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string'
    && (error as { name: string }).name.startsWith('jsonld.');
}

// ---------------------------------------------------------------------------------------------
// Expansion with a cached active context
// ---------------------------------------------------------------------------------------------

/**
 * `jsonld.expand` resolves and processes the document's `@context` on every call (a
 * JSON.stringify of the context, a cache lookup, a clone of the input). For the contexts every
 * conforming sender uses — verbatim subsets of the 6.1 baseline plus prefixes — the processed
 * context is the same every time, so it is processed once (with jsonld's own `processContext`)
 * and jsonld's expansion algorithm runs directly on the document with that context. The
 * algorithm, safe mode and event handling are jsonld's; only the context work is cached.
 *
 * The entry points used (`lib/expand.js`, `lib/events.js`, `lib/ContextResolver.js`) are
 * internal to jsonld 9; if they are missing, canExpandWithContext() is false and callers use
 * the public `jsonld.expand`.
 */
interface InternalExpand {
  expand(args: { activeCtx: ActiveContext; element: unknown; options: Record<string, unknown> }): Promise<unknown>;
}
interface InternalEvents {
  setupEventHandler(args: { options: { safe?: boolean; eventHandler?: JsonLdEventHandler } }): unknown;
}
type ContextResolverCtor = new (args: { sharedCache: { get(key: string): unknown; set(key: string, value: unknown): void } }) => unknown;

let internals: ReturnType<typeof loadInternals> | null = null;
/** jsonld's internals, required on first use; undefined when this jsonld does not have them. */
function jsonldInternals(): ReturnType<typeof loadInternals> {
  if (internals === null) internals = loadInternals();
  return internals;
}

function loadInternals(): { expand: InternalExpand; events: InternalEvents; ContextResolver: ContextResolverCtor } | undefined {
  try {
    const require = createRequire(import.meta.url);
    const expand = require('jsonld/lib/expand.js') as InternalExpand;
    const events = require('jsonld/lib/events.js') as InternalEvents;
    const ContextResolver = require('jsonld/lib/ContextResolver.js') as ContextResolverCtor;
    if (typeof expand.expand !== 'function' || typeof events.setupEventHandler !== 'function' || typeof ContextResolver !== 'function') return undefined;
    return { expand, events, ContextResolver };
  } catch {
    return undefined;
  }
}

/** Nested contexts met during a fast expansion are resolved per call, never shared across calls. */
const noSharedCache = { get: (): undefined => undefined, set: (): void => {} };

/** Whether expandWithContext can run (jsonld's internals are there). */
export function canExpandWithContext(): boolean {
  return jsonldInternals() !== undefined;
}

/**
 * Expand `element` (a node object without its `@context`) under an already processed context,
 * with jsonld's expansion algorithm, the same options handling and output normalisation as
 * `jsonld.expand`. Only when canExpandWithContext() says so.
 */
export async function expandWithContext(activeCtx: ActiveContext, element: Record<string, unknown>, options: ExpandOptions): Promise<Record<string, unknown>[]> {
  const found = jsonldInternals();
  if (found === undefined) throw new Error('jsonld internals are not available: use jsonld.expand');
  const { expand, events, ContextResolver } = found;
  let expanded = await expand.expand({
    activeCtx,
    element,
    options: {
      documentLoader: options.documentLoader,
      keepFreeFloatingNodes: false,
      base: '',
      safe: options.safe ?? false,
      contextResolver: new ContextResolver({ sharedCache: noSharedCache }),
      eventHandler: events.setupEventHandler({ options: { safe: options.safe ?? false, ...(options.eventHandler ? { eventHandler: options.eventHandler } : {}) } }),
    },
  });
  // Same normalisation as jsonld.expand.
  if (typeof expanded === 'object' && expanded !== null && !Array.isArray(expanded) && '@graph' in expanded && Object.keys(expanded).length === 1) {
    expanded = (expanded as { '@graph': unknown })['@graph'];
  } else if (expanded === null) {
    expanded = [];
  }
  return (Array.isArray(expanded) ? expanded : [expanded]) as Record<string, unknown>[];
}
