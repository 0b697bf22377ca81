/**
 * The digest of an ontology as the gate reads it: the identity of an ontology input in a verdict's
 * audit record and in the revalidation cache key (S5). It covers every field a decision or the
 * coherence check reads (model/ontology-index.ts): the ontology IRI, `versionInfo` and
 * `versionIRI` (which file answers for which version), the identifier policy, every concept, the
 * axioms (disjointness, equivalence, domains, …: what excludes an incoherent artifact, 7.3), and
 * the index by IRI where it does not simply list the concepts. Two ontologies that could decide
 * differently never share a digest. Where it was read from (`source`) is not content: a verdict
 * names it beside the digest.
 */
import { isSealedOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { jsonDigest } from './canonical.js';

/** What a decision reads of an index, as one JSON value. */
function decisionView(index: OntologyIndex): Record<string, unknown> {
  const view: Record<string, unknown> = {
    iri: index.iri ?? null,
    version: index.version ?? null,
    versionIri: index.versionIri ?? null,
    identifiers: index.identifiers ?? null,
    concepts: index.concepts,
    axioms: index.axioms ?? null,
  };
  // `byIri` is normally the concepts by IRI; the gate looks terms up there, so an index whose
  // map says something else adds the map.
  const byIri = index.byIri;
  const agrees = byIri.size === index.concepts.length && index.concepts.every((c) => byIri.get(c.iri) === c);
  if (!agrees) view['byIri'] = [...byIri].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return view;
}

/**
 * A text that changes whenever what a decision reads of the index changes: empty for a sealed
 * index, which cannot change (model/ontology-index.ts); for any other, the JSON text of that
 * content, read afresh on every call (native JSON.stringify, several times cheaper than
 * canonicalisation), since its owner may have changed it in place.
 */
export function ontologySnapshot(index: OntologyIndex): string {
  return isSealedOntologyIndex(index) ? '' : JSON.stringify(decisionView(index));
}

const memo = new WeakMap<OntologyIndex, { snapshot: string; digest: string }>();

/**
 * `sha256:` digest (RFC 8785 JCS) of what a decision reads of an ontology index. Computed once
 * per sealed index; for any other it is reused only while its snapshot is unchanged, so an index
 * changed in place never keeps a stale digest (S5).
 */
export function ontologyDigest(index: OntologyIndex): string {
  const snapshot = ontologySnapshot(index);
  const known = memo.get(index);
  if (known && known.snapshot === snapshot) return known.digest;
  const digest = jsonDigest(decisionView(index));
  memo.set(index, { snapshot, digest });
  return digest;
}
