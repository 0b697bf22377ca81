/**
 * Validation of the draft's documents (Sections 5–6): semantic envelopes, capability
 * advertisements, domain profiles, trust policies, JSON-LD context documents — and the bounded,
 * SSRF-safe retrieval policy under which remote contexts may be fetched (off by default).
 * Validation returns findings (code, severity, JSON path, draft section); only errors block.
 *
 * @packageDocumentation
 */
import { RetrievalSession, type SessionOptions } from '../retrieval/fetch.js';
import { parseRetrievalPolicy } from '../retrieval/policy.js';
import { optionKeys, optionsObject } from '../model/options.js';

export * from '../envelope/index.js';
export { DEFAULT_POLICY, parseRetrievalPolicy, type RetrievalPolicy, type TrustedOrigin } from '../retrieval/policy.js';
export { RetrievalSession, type ResourceRevision, type RetrievedResource, type SessionOptions } from '../retrieval/fetch.js';
export { createDocumentLoader } from '../retrieval/loader.js';
export { RESOURCE_UNAVAILABLE, type ResourceUnavailableFinding } from '../retrieval/failure.js';
export { IoaError, isIoaError, ERROR_CODES, type ErrorCode, type ErrorLocation } from '../model/errors.js';

const SESSION_OPTIONS = optionKeys<SessionOptions>()('cache', 'now', 'resolver');

/**
 * A retrieval session for `check` (its `retrieval` input) or for a validator's `documentLoader`
 * (through `createDocumentLoader`): one policy, one time budget, one record of what was fetched
 * with its revision. Remote retrieval happens only when the policy says `allowRemote: true`, and
 * only from its trusted origins; every failure is RESOURCE_UNAVAILABLE (Indeterminate), never
 * "absent".
 *
 * @param policy - A policy object as in a profile's `retrieval` member (validated here).
 * @param options - Resolver and clock overrides (tests).
 * @returns The session.
 * @throws {@link IoaError} `E_RETRIEVAL_POLICY` (a malformed policy, with its JSON path).
 */
export function createRetrievalSession(policy: Readonly<Record<string, unknown>>, options: SessionOptions = {}): RetrievalSession {
  options = optionsObject(options, '$', SESSION_OPTIONS);
  return new RetrievalSession(parseRetrievalPolicy(policy), options);
}
