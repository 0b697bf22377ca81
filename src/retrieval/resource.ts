/**
 * What a retrieval accepted: the bytes and the identity of their revision. Its own module so the
 * session (fetch.ts) and its cache (cache.ts) both depend on it and not on each other.
 */

/** Which bytes were accepted: the identity a cached decision must be revalidated against (S5). */
export interface ResourceRevision {
  /** URL as requested (fragment removed). */
  url: string;
  /** URL after redirects. */
  finalUrl: string;
  /** `sha256-<base64>` of the body. */
  digest: string;
  /** Whether `digest` was pinned by the policy or caller (an immutable reference, Section 5.3). */
  pinned: boolean;
  etag?: string;
  lastModified?: string;
  /** ISO time the bytes were fetched. */
  retrievedAt: string;
}

/** An accepted resource. */
export interface RetrievedResource {
  url: string;
  finalUrl: string;
  /** `type/subtype`, lower case. */
  mediaType: string;
  body: Buffer;
  revision: ResourceRevision;
}
