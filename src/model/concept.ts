/**
 * What a loaded ontology contributes to matching and to compatibility checks.
 * Loaders (src/ontology, src/vocab) produce these; generators and the gate only read them.
 */

/** OWL entity kinds plus the draft's core classes (Section 5.1). */
export type ConceptKind =
  | 'class'
  | 'objectProperty'
  | 'datatypeProperty'
  | 'annotationProperty'
  | 'individual'
  | 'agent'
  | 'capability'
  | 'intent'
  | 'domain'
  | 'concept';

export const CONCEPT_KINDS: readonly ConceptKind[] = [
  'class', 'objectProperty', 'datatypeProperty', 'annotationProperty', 'individual',
  'agent', 'capability', 'intent', 'domain', 'concept',
];

export interface LangString {
  text: string;
  /** BCP 47 tag as written in the source, lower-cased; absent for plain literals. */
  lang?: string;
}

/** oboInOwl synonym scopes; SKOS altLabel counts as `exact`. */
export type SynonymKind = 'exact' | 'related' | 'broad' | 'narrow';

export interface Synonym extends LangString {
  kind: SynonymKind;
}

export interface Abbreviation {
  text: string;
  /** `ioa:preferredAbbr` rather than `ioa:abbr`. */
  preferred: boolean;
}

/** Where a label came from, so evidence can say "rdfs:label" vs "split local name". */
export type LabelSource = 'rdfs:label' | 'skos:prefLabel' | 'localName' | 'caption' | 'name';

export interface Label extends LangString {
  source: LabelSource;
}

/**
 * An existential or universal restriction the ontology states on a class through
 * `rdfs:subClassOf` (anatomy: `part_of some heart`): context for a reviewer, never match evidence.
 */
export interface Restriction {
  /** `owl:onProperty`. */
  property: string;
  /** `owl:someValuesFrom` (`some`) or `owl:allValuesFrom` (`only`): a named class. */
  filler: string;
  quantifier: 'some' | 'only';
}

export interface Concept {
  iri: string;
  kind: ConceptKind;
  /** Preferred names. Never empty once loaded: a concept without any gets its split local name. */
  labels: Label[];
  synonyms: Synonym[];
  abbreviations: Abbreviation[];
  /** Fragment or last path segment of the IRI. */
  localName: string;
  /** Named (non-blank) superclasses / superproperties. */
  parents: string[];
  /** Definitions and comments: weaker evidence than labels. */
  definitions: string[];
  /** Identifiers that are not the IRI and never used as match evidence (e.g. OASF numeric ids). */
  notations: string[];
  /** Alternative identifiers (e.g. OASF name paths). */
  alternativeIds: string[];
  /** `ioa:inDomain` */
  inDomain: string[];
  /** `ioa:inputs` / `ioa:outputs` media types on capabilities. */
  inputs: string[];
  outputs: string[];
  /** `ioa:requiresCapability` on intents. */
  requiresCapability: string[];
  /** `ioa:appliesToDomain` on intents. */
  appliesToDomain: string[];
  /** `owl:deprecated true`: the release keeps the IRI but retires the concept (an obsolete term). */
  deprecated?: boolean;
  /**
   * Where a deprecated concept's meaning went, as the release states it: `IAO:0100001` (term
   * replaced by) and `oboInOwl:consider`. Evidence for a version diff, never identity.
   */
  replacedBy?: string[];
  /** Restrictions on named classes the concept is a subclass of (absent when none). */
  restrictions?: Restriction[];
}

export function emptyConcept(iri: string, kind: ConceptKind, localName: string): Concept {
  return {
    iri, kind, localName,
    labels: [], synonyms: [], abbreviations: [], parents: [], definitions: [], notations: [],
    alternativeIds: [], inDomain: [], inputs: [], outputs: [], requiresCapability: [], appliesToDomain: [],
  };
}
