/**
 * Retrieval failures (draft Section 6.1, outcome S4 of Section 12.5).
 *
 * Every way a remote context, profile or artifact can fail to arrive — prohibited by policy,
 * refused as a server-side request forgery risk, timed out, too large, wrong media type, wrong
 * digest, cyclic, too deep — is one `RetrievalFailure` with a machine-readable `cause`. It always
 * maps to a `RESOURCE_UNAVAILABLE` finding whose compatibility outcome is Indeterminate: an
 * unavailable required input is never a completed finding of incompatibility and never a claim
 * that the resource or provider is absent (Section 7.1).
 */
import { IoaError } from '../model/errors.js';

/** Why a retrieval did not produce an accepted resource. Closed set; tests assert on it. */
export const RETRIEVAL_CAUSES = [
  /** The policy does not permit remote retrieval at all (`allowRemote: false`, the default). */
  'remote-disabled',
  /** The URL's scheme + host + port (+ path prefix) is not among the trusted origins. */
  'untrusted-origin',
  /** Not http: or https:. */
  'unsupported-scheme',
  /** user:password@ in the URL. */
  'credentials-in-url',
  /** Host written in a form the URL parser rewrites (127.1, 2130706433, 0x7f.0.0.1, %31…, trailing dot, …). */
  'non-canonical-host',
  /** The URL is not parseable or contains whitespace / control characters. */
  'malformed-url',
  /** The host is or resolves to a loopback, private, link-local, unique-local, multicast, unspecified, reserved or IPv4-mapped address the policy does not name. */
  'forbidden-address',
  /** The host name did not resolve. */
  'dns-failure',
  /** TCP/TLS connection or protocol failure. */
  'connection-failed',
  /** One fetch took longer than the per-fetch timeout. */
  'timeout',
  /** The total time budget of the retrieval session is spent. */
  'budget-exhausted',
  /** Body larger than maxBytes (declared or streamed). */
  'too-large',
  /** Content-Type not among the accepted media types. */
  'media-type',
  /** Body's sha256 differs from the pinned digest. */
  'digest-mismatch',
  /** Non-2xx, non-redirect status. */
  'http-status',
  /** More redirects than the policy allows. */
  'redirect-limit',
  /** A redirect chain that revisits a URL. */
  'redirect-loop',
  /** A reference chain that revisits a resource (context → context → … → itself). */
  'reference-cycle',
  /** A reference chain deeper than maxDepth. */
  'depth-exceeded',
  /** The bytes arrived but are not the JSON the caller asked for. */
  'malformed-content',
] as const;

export type RetrievalCause = (typeof RETRIEVAL_CAUSES)[number];

/** The reason code a failure contributes to a compatibility result (DESIGN decision table). */
export const RESOURCE_UNAVAILABLE = 'RESOURCE_UNAVAILABLE' as const;

/** A compatibility reason produced by a retrieval failure. Shape matches `check --json` reasons. */
export interface ResourceUnavailableFinding {
  code: typeof RESOURCE_UNAVAILABLE;
  cause: RetrievalCause;
  /** The URL whose retrieval failed (after redirects, the hop that failed). */
  url: string;
  message: string;
  /** JSON path of the reference in the input document, when the caller knows it. */
  path?: string;
}

/** The one outcome a retrieval failure may produce (S4): Indeterminate, with the finding. */
export interface RetrievalOutcome {
  outcome: 'Indeterminate';
  reasons: [ResourceUnavailableFinding];
}

export class RetrievalFailure extends IoaError {
  /** The machine-readable cause (not `cause`: `Error.cause` already means the underlying error). */
  readonly reason: RetrievalCause;
  readonly url: string;

  constructor(cause: RetrievalCause, url: string, message: string, options?: { cause?: unknown; path?: string }) {
    super('E_RETRIEVAL', `${message} (${cause})`, options?.path ? { path: options.path } : {}, options?.cause === undefined ? undefined : { cause: options.cause });
    this.reason = cause;
    this.url = url;
  }

  toFinding(path?: string): ResourceUnavailableFinding {
    const where = path ?? this.location.path;
    return { code: RESOURCE_UNAVAILABLE, cause: this.reason, url: this.url, message: this.message, ...(where ? { path: where } : {}) };
  }

  /** S4: Indeterminate, never Incompatible, never "absent". */
  toOutcome(path?: string): RetrievalOutcome {
    return { outcome: 'Indeterminate', reasons: [this.toFinding(path)] };
  }
}

export function isRetrievalFailure(value: unknown): value is RetrievalFailure {
  return value instanceof RetrievalFailure;
}
