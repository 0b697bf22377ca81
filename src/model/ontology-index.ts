import type { OntologyAxioms } from './axioms.js';
import type { Concept, ConceptKind } from './concept.js';

/**
 * What a vocabulary guarantees about its identifiers from one release to the next: what a version
 * diff may take as identity. A loader that knows its vocabulary states it; without a statement,
 * only an IRI is an identifier, a notation never is, and a version segment is recognised when
 * the ontology's own IRI carries its version as a path segment (see src/versions/identity.ts).
 */
export interface IdentifierPolicy {
  /**
   * The text this release writes as one whole path segment of its IRIs for its version (OASF:
   * `1.1.0` in `https://schema.oasf.outshift.com/1.1.0/skills/x`). Two IRIs that differ only in
   * that segment name the same identifier in two releases.
   */
  iriVersionSegment?: string;
  /**
   * Whether a notation (`Concept.notations`, e.g. a numeric code) names the same concept in every
   * release. Absent or false: a shared notation never proves identity (OASF reused numeric ids
   * for unrelated skills).
   */
  stableNotations?: boolean;
}

/**
 * A loaded ontology: its identity, version and concepts, ready for matching and checks. What
 * `loadOntology` returns is frozen (sealOntologyIndex): copy it to change it.
 */
export interface OntologyIndex {
  /** The `owl:Ontology` IRI (or the vocabulary's own id), when the source declares one. */
  iri?: string;
  /** `owl:versionInfo` literal, when present. */
  version?: string;
  /** `owl:versionIRI`, when present. */
  versionIri?: string;
  /** What its loader states about identifiers across releases, when it knows (see IdentifierPolicy). */
  identifiers?: IdentifierPolicy;
  /** Where it was loaded from (file path or package name), for messages. */
  source: string;
  /** Concepts in source order, unique by IRI. */
  concepts: Concept[];
  byIri: Map<string, Concept>;
  /**
   * Lower-cased, whitespace-folded label and synonym text → IRIs carrying it. Built on first
   * read from the concepts as they are then (matching never reads it, and on a 20k-concept
   * ontology building it cost about a fifth of the load).
   */
  labelIndex: Map<string, string[]>;
  /** Non-fatal things the loader noticed (duplicate IRIs, empty labels …). */
  warnings: string[];
  /**
   * Named declarations per kind as the file states them, including language built-ins such as
   * an explicitly declared owl:Thing, which are not matchable concepts. This is the count the
   * OAEI publishes (mouse.owl: 2,744 classes, of which owl:Thing is one).
   */
  declaredCounts: Partial<Record<ConceptKind, number>>;
  /**
   * What the file states that decides the coherence of mappings with it (disjointness,
   * equivalence, domains and ranges, …; model/axioms.ts). Absent for vocabularies that state no
   * such axioms (OASF, Hugging Face tasks, agent cards): their hierarchy is `Concept.parents`.
   */
  axioms?: OntologyAxioms;
}

const ASCII = /^[\x00-\x7f]*$/;

export function labelKey(text: string): string {
  // NFKC leaves ASCII text as it is: skip it for the usual all-ASCII label.
  return (ASCII.test(text) ? text : text.normalize('NFKC')).toLowerCase().replace(/\s+/g, ' ').trim();
}

function buildLabelIndex(concepts: readonly Concept[]): Map<string, string[]> {
  const labelIndex = new Map<string, string[]>();
  const add = (concept: Concept, text: string): void => {
    const key = labelKey(text);
    if (!key) return;
    const list = labelIndex.get(key);
    if (!list) labelIndex.set(key, [concept.iri]);
    else if (!list.includes(concept.iri)) list.push(concept.iri);
  };
  for (const concept of concepts) {
    for (const label of concept.labels) add(concept, label.text);
    for (const synonym of concept.synonyms) add(concept, synonym.text);
  }
  return labelIndex;
}

export function buildOntologyIndex(init: {
  source: string;
  concepts: Concept[];
  iri?: string;
  version?: string;
  versionIri?: string;
  identifiers?: IdentifierPolicy;
  warnings?: string[];
  declaredCounts?: Partial<Record<ConceptKind, number>>;
  axioms?: OntologyAxioms;
}): OntologyIndex {
  const byIri = new Map<string, Concept>();
  for (const concept of init.concepts) byIri.set(concept.iri, concept);
  let labelIndex: Map<string, string[]> | undefined;
  const index = {
    source: init.source,
    concepts: init.concepts,
    byIri,
    get labelIndex(): Map<string, string[]> {
      return (labelIndex ??= buildLabelIndex(init.concepts));
    },
    set labelIndex(value: Map<string, string[]>) {
      labelIndex = value;
    },
    warnings: init.warnings ?? [],
    declaredCounts: init.declaredCounts ?? countByKind(init.concepts),
  } as OntologyIndex;
  if (init.iri !== undefined) index.iri = init.iri;
  if (init.version !== undefined) index.version = init.version;
  if (init.versionIri !== undefined) index.versionIri = init.versionIri;
  if (init.identifiers !== undefined) index.identifiers = init.identifiers;
  if (init.axioms !== undefined) index.axioms = init.axioms;
  return index;
}

export function countByKind(concepts: readonly Concept[]): Partial<Record<ConceptKind, number>> {
  const counts: Partial<Record<ConceptKind, number>> = {};
  for (const c of concepts) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  return counts;
}

const sealed = new WeakSet<OntologyIndex>();

/** Freeze a JSON-like value and everything in it (arrays and plain objects; other objects are left as they are). */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return;
  Object.freeze(value);
  for (const child of Array.isArray(value) ? value : Object.values(value)) deepFreeze(child);
}

/**
 * Make an index immutable, deeply: its own fields, every concept with everything in it, the
 * axioms, and the by-IRI map (whose `set`, `delete` and `clear` then throw). A change in place
 * then throws a TypeError instead of leaving what was computed from the index stale: the gate and
 * the generators remember what they computed from a sealed index by its identity (see
 * isSealedOntologyIndex). The label index is still built on first read. Returns the index.
 */
export function sealOntologyIndex(index: OntologyIndex): OntologyIndex {
  if (sealed.has(index)) return index;
  for (const concept of index.concepts) deepFreeze(concept);
  for (const field of ['concepts', 'warnings', 'declaredCounts', 'axioms', 'identifiers'] as const) deepFreeze(index[field]);
  const refuse = (): never => {
    throw new TypeError(`the ontology index of ${index.source} is read-only: copy it to change it`);
  };
  for (const method of ['set', 'delete', 'clear'] as const) Object.defineProperty(index.byIri, method, { value: refuse });
  Object.freeze(index.byIri);
  Object.freeze(index);
  sealed.add(index);
  return index;
}

/**
 * Whether `index` was sealed (sealOntologyIndex) and so can never change: what is computed from it
 * may be remembered by its identity. Any other index — one a caller built or copied — may have
 * changed since, and is read afresh.
 */
export function isSealedOntologyIndex(index: OntologyIndex): boolean {
  return sealed.has(index);
}
