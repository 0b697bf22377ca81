/**
 * Policy-bounded retrieval (draft Section 6.1, S4). Public surface:
 * - `parseRetrievalPolicy` / `DEFAULT_POLICY` — the policy (off by default).
 * - `fetchDocument(url, policy)` and `RetrievalSession` — one fetch, or many under one budget.
 * - `createDocumentLoader(sessionOrPolicy)` — the same rules as a jsonld `documentLoader`.
 * - `RetrievalFailure` → `toFinding()` / `toOutcome()` — always RESOURCE_UNAVAILABLE, Indeterminate.
 */
export * from './failure.js';
export * from './policy.js';
export { checkUrl, classifyAddress, type AddressClass } from './address.js';
export { RetrievalCache, type RetrievalCacheOptions } from './cache.js';
export { RetrievalSession, fetchDocument, type FetchOptions, type ResourceRevision, type RetrievedResource, type Resolver, type SessionOptions } from './fetch.js';
export { createDocumentLoader, contextReferences, findRetrievalFailure, resolveReferences, type DocumentLoader, type RemoteDocument } from './loader.js';
export {
  REMOTE_ARGS, policyFromCli, sessionFromCli, resourceUnavailable, unavailableResource, fetchTextOrUnavailable, readProfileRetrieval, unavailableContextReasons,
  type RemoteCliArgs, type UnavailableFromRetrieval,
} from './cli.js';
