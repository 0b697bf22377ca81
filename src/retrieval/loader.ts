/**
 * The retrieval session as a JSON-LD `documentLoader`, and helpers that turn whatever a JSON-LD
 * processor throws back into the `RetrievalFailure` it wraps.
 *
 * jsonld.js calls the loader with a URL only; it does not say which context referenced it. To
 * bound reference depth the loader reads every context document it accepts, records the
 * `@context` URLs that document references, and looks the chain up when jsonld asks for them.
 */
import { RetrievalFailure, type RetrievalCause } from './failure.js';
import { RetrievalSession, stripHash, type SessionOptions } from './fetch.js';
import type { RetrievalPolicy } from './policy.js';

/** What jsonld.js expects a document loader to return. */
export interface RemoteDocument {
  contextUrl: string | null;
  documentUrl: string;
  document: unknown;
}

export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

/**
 * A jsonld `documentLoader` bound to a retrieval session (or a policy, for a fresh session).
 * Every refusal or failure is thrown as `RetrievalFailure`; jsonld wraps it, and
 * `findRetrievalFailure` unwraps it again.
 */
export function createDocumentLoader(sessionOrPolicy: RetrievalSession | RetrievalPolicy, options: SessionOptions = {}): DocumentLoader {
  const session = sessionOrPolicy instanceof RetrievalSession ? sessionOrPolicy : new RetrievalSession(sessionOrPolicy, options);
  const chains = new Map<string, string[]>();
  return async (url: string): Promise<RemoteDocument> => {
    const key = stripHash(url);
    const referrers = chains.get(key) ?? [];
    const { document, resource } = await session.fetchJson(url, { referrers, acceptedMediaTypes: session.policy.acceptedMediaTypes });
    for (const child of contextReferences(document, resource.finalUrl)) {
      if (!chains.has(child)) chains.set(child, [...referrers, key]);
    }
    return { contextUrl: null, documentUrl: resource.finalUrl, document };
  };
}

/** Every string `@context` reference anywhere in a JSON document, resolved against `base`. */
export function contextReferences(document: unknown, base: string): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [k, v] of Object.entries(node)) {
      // `@import` (JSON-LD 1.1) names a context to load as surely as `@context` does: left out,
      // each imported document started again at depth 1, past the policy's maxDepth.
      if (k === '@context' || (k === '@import' && typeof v === 'string')) {
        for (const c of Array.isArray(v) ? v : [v]) {
          if (typeof c === 'string') {
            try {
              found.add(stripHash(new URL(c, base).href));
            } catch {
              // An unresolvable reference is jsonld's to reject when it gets there.
            }
          } else visit(c);
        }
      } else visit(v);
    }
  };
  visit(document);
  return [...found];
}

/**
 * The `RetrievalFailure` behind an error thrown by jsonld.js (which wraps loader errors in
 * `details.cause`) or by our own code; jsonld's own cycle and overflow errors for remote
 * contexts become `reference-cycle` / `depth-exceeded` failures. Undefined when the error has
 * nothing to do with retrieval.
 */
export function findRetrievalFailure(error: unknown): RetrievalFailure | undefined {
  for (let e: unknown = error, i = 0; e && i < 10; i++) {
    if (e instanceof RetrievalFailure) return e;
    const details = (e as { details?: { cause?: unknown; code?: string; url?: string; max?: number } }).details;
    const name = (e as { name?: string }).name;
    if (name === 'jsonld.ContextUrlError' && details) {
      const cause: RetrievalCause = details.url !== undefined ? 'reference-cycle' : 'depth-exceeded';
      const url = details.url ?? '(remote context)';
      return new RetrievalFailure(cause, url, cause === 'reference-cycle' ? `remote context ${url} includes itself` : `more than ${details.max ?? 10} remote context URLs`, { cause: e });
    }
    e = details?.cause ?? (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Walk a graph of references (profile → alignmentRef → …) with the session's depth and cycle
 * rules. `referencesOf` names the URLs a fetched document references; the walk fetches each
 * once and returns them in visit order. The first failure aborts the walk.
 */
export async function resolveReferences(
  session: RetrievalSession,
  root: string,
  referencesOf: (document: unknown, url: string) => string[],
): Promise<Array<{ url: string; document: unknown; referrers: string[] }>> {
  const out: Array<{ url: string; document: unknown; referrers: string[] }> = [];
  const done = new Set<string>();
  const visit = async (url: string, referrers: string[]): Promise<void> => {
    const key = stripHash(url);
    // Cycle detection happens in session.fetch on the chain; a diamond (two paths to one
    // document) is not a cycle and is fetched once.
    if (done.has(key) && !referrers.includes(key)) return;
    const { document, resource } = await session.fetchJson(url, { referrers });
    done.add(key);
    out.push({ url: resource.url, document, referrers });
    for (const child of referencesOf(document, resource.finalUrl)) await visit(child, [...referrers, key]);
  };
  await visit(root, []);
  return out;
}
