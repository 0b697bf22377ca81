/**
 * The logical statements of an ontology that decide whether a set of mappings is coherent with
 * it: disjointness, equivalence and subsumption between named classes, and what properties say
 * about the classes they connect (domain, range, inverse, sub-property). Loaders of RDF files
 * (src/ontology) fill them; the coherence check (src/coherence) reads them. Named subclass edges
 * stay where matching reads them, in `Concept.parents`: here are only the edges a class
 * expression adds besides them.
 *
 * Every pair is stated as read: `[a, b]` for `a ⊑ b`, `a ≡ b`, `a disjointWith b`, `p inverseOf q`.
 */

/** How many statements of each kind the file makes, as written (one `disjointWith` triple is one). */
export interface AxiomCounts {
  /** `rdfs:subClassOf` between two named classes. */
  subClassOf: number;
  /** `owl:equivalentClass` between two named classes. */
  equivalentClass: number;
  /** `owl:disjointWith` between two named classes. */
  disjointWith: number;
  /** `owl:AllDisjointClasses` axioms. */
  allDisjointClasses: number;
  /** `owl:disjointUnionOf` axioms. */
  disjointUnionOf: number;
  /** A class stated a subclass of, or equivalent to, the complement of a named class. */
  complementOf: number;
  /** Distinct unordered pairs of disjoint named classes, all four forms above together. */
  disjointPairs: number;
  /** `rdfs:domain` statements whose domain is a named class or a union of named classes. */
  domain: number;
  /** `rdfs:range` statements whose range is a named class or a union of named classes (datatype ranges are not counted). */
  range: number;
  /** `owl:inverseOf` between two named properties. */
  inverseOf: number;
  /** `rdfs:subPropertyOf` between two named properties. */
  subPropertyOf: number;
  /** `owl:equivalentProperty` between two named properties. */
  equivalentProperty: number;
  /** `A ⊑ ∃p.X` (some values, a minimum or exact cardinality of at least one, a value) on a named class. */
  existential: number;
}

/** What an ontology states that a coherence check uses (see the module comment). */
export interface OntologyAxioms {
  /**
   * `a ⊑ b` between named classes that class expressions add: the conjuncts of an intersection a
   * class is a subclass of or equivalent to, the members of a union a class is equivalent to,
   * the parts of a disjoint union.
   */
  subClassOf: Array<readonly [string, string]>;
  /** `a ≡ b` between named classes. */
  equivalentClasses: Array<readonly [string, string]>;
  /** Disjoint named classes, each unordered pair once (`a < b`). */
  disjointClasses: Array<readonly [string, string]>;
  /** `rdfs:domain`: one named class, or the named members of a union (every member named). */
  domains: Array<{ property: string; classes: string[] }>;
  /** `rdfs:range` of object properties, likewise (datatype ranges are left out). */
  ranges: Array<{ property: string; classes: string[] }>;
  inverseProperties: Array<readonly [string, string]>;
  /** `p ⊑ q` between named properties (also in `Concept.parents` of the property). */
  subPropertyOf: Array<readonly [string, string]>;
  equivalentProperties: Array<readonly [string, string]>;
  /** `[class, property]` for `class ⊑ ∃property.X`: every instance of the class is in the property's domain. */
  existentials: Array<readonly [string, string]>;
  counts: AxiomCounts;
}

export function emptyAxiomCounts(): AxiomCounts {
  return {
    subClassOf: 0, equivalentClass: 0, disjointWith: 0, allDisjointClasses: 0, disjointUnionOf: 0, complementOf: 0, disjointPairs: 0,
    domain: 0, range: 0, inverseOf: 0, subPropertyOf: 0, equivalentProperty: 0, existential: 0,
  };
}

export function emptyAxioms(): OntologyAxioms {
  return {
    subClassOf: [], equivalentClasses: [], disjointClasses: [], domains: [], ranges: [],
    inverseProperties: [], subPropertyOf: [], equivalentProperties: [], existentials: [], counts: emptyAxiomCounts(),
  };
}
