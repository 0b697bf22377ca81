/**
 * The slice of the `jsonld` API this module uses, typed locally: `@types/jsonld` is stale and
 * lacks `safe` and `eventHandler` (PITFALLS.md). One cast here instead of one per call.
 */
import jsonldDefault from 'jsonld';
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

export const jsonld = jsonldDefault as unknown as JsonLdApi;

export function isJsonLdError(error: unknown): error is JsonLdErrorShape {
  return typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string'
    && (error as { name: string }).name.startsWith('jsonld.');
}
