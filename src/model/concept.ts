/**
 * What a loaded ontology contributes to matching and to compatibility checks.
 * Loaders (src/ontology, src/vocab) produce these; generators and the gate only read them.
 */

import type { AgentRecordEvidence } from './record.js';

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
 * The annotation a definition was read from, as the SSSOM `subject_match_field` /
 * `object_match_field` of a candidate that matched it names it:
 * - `IAO:0000115`: an OBO textual definition;
 * - `oboInOwl:hasDefinition`: the same in the oboInOwl mapping of OBO files (OAEI anatomy), whose
 *   text is a literal or the `rdfs:label` of the node it points at;
 * - `skos:definition`: a SKOS definition;
 * - `dcterms:description`: an account of the concept in prose: `dcterms:description` in RDF,
 *   and the description fields of the JSON vocabularies (an OASF class's `description`, a
 *   Hugging Face task's `summary`, an A2A skill's `description`, an MCP server's or tool's
 *   `description`);
 * - `rdfs:comment`: a comment that reads as prose (editorial notes are left out by the loader).
 * Which annotations count, per vocabulary: docs/relations.md, "Descriptions".
 */
export type DefinitionSource = 'IAO:0000115' | 'oboInOwl:hasDefinition' | 'skos:definition' | 'dcterms:description' | 'rdfs:comment';

export const DEFINITION_SOURCES: readonly DefinitionSource[] = ['IAO:0000115', 'oboInOwl:hasDefinition', 'skos:definition', 'dcterms:description', 'rdfs:comment'];

/**
 * The evidence field of a description ioa-align adds to an agent record that names a well-known
 * product (generators/products.ts): knowledge about the product, not the record's own words.
 */
export const PRODUCT_DESCRIPTION_FIELD = 'ioa-align:product';

/** The source of a definition that does not say where it came from (see Concept.definitionSources). */
export const DEFAULT_DEFINITION_SOURCE: DefinitionSource = 'dcterms:description';

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
  /** Its kind; where the file types it several ways, the first by the loader's priority. */
  kind: ConceptKind;
  /** Every kind the file types it as, when more than one (`a ioa:Concept, ioa:Domain`). */
  kinds?: ConceptKind[];
  /** Preferred names. Never empty once loaded: a concept without any gets its split local name. */
  labels: Label[];
  synonyms: Synonym[];
  abbreviations: Abbreviation[];
  /** Fragment or last path segment of the IRI. */
  localName: string;
  /** Named (non-blank) superclasses / superproperties. */
  parents: string[];
  /**
   * Prose that says what the concept is — definitions and descriptions, strongest first (a
   * formal definition before a comment). Weaker evidence of identity than names; the
   * `description` generator reads it, and `structure` its first sentence.
   */
  definitions: string[];
  /**
   * Where each entry of `definitions` was read from, by position: `definitionSources[i]` is the
   * source of `definitions[i]`. Absent, or shorter than `definitions`: the entries without one
   * are DEFAULT_DEFINITION_SOURCE. Add a definition with its source through `addDefinition`,
   * which keeps the two in step.
   */
  definitionSources?: DefinitionSource[];
  /**
   * Keywords: short phrases that say what the concept is about without naming it (an A2A
   * skill's `tags`, an MCP server's or OASF record's keywords). Matched as description text,
   * never as names: a tag "documents" does not make a skill the same as a class "Document".
   */
  keywords: string[];
  /**
   * Examples of use: requests or inputs the concept serves, as written (an A2A skill's
   * `examples`, `skos:example`). Description text, weaker than a definition.
   */
  examples: string[];
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
   * What replaces a deprecated concept, as the release states it: `IAO:0100001` (term replaced
   * by). Evidence for a version diff, never identity.
   */
  replacedBy?: string[];
  /**
   * Terms a deprecated concept's users should consider instead (`oboInOwl:consider`): a
   * suggestion, not a replacement, so never a successor the diff or an upgrade takes.
   */
  consider?: string[];
  /**
   * The agent record this concept was read from (MCP server or tool, A2A skill, OASF record or
   * declared term): its keywords, examples and provenance, kept as written. Its name is among
   * `labels` and its description in `definitions`; absent for concepts of ontologies.
   */
  record?: AgentRecordEvidence;
  /** Restrictions on named classes the concept is a subclass of (absent when none). */
  restrictions?: Restriction[];
}

export function emptyConcept(iri: string, kind: ConceptKind, localName: string): Concept {
  return {
    iri, kind, localName,
    labels: [], synonyms: [], abbreviations: [], parents: [], definitions: [], keywords: [], examples: [], notations: [],
    alternativeIds: [], inDomain: [], inputs: [], outputs: [], requiresCapability: [], appliesToDomain: [],
  };
}

/**
 * Add a definition read from `source`, trimmed, unless the concept already has that text (its
 * first source is kept). Keeps `definitionSources` in step with `definitions`.
 */
export function addDefinition(concept: Concept, text: string, source: DefinitionSource = DEFAULT_DEFINITION_SOURCE): void {
  const trimmed = text.trim();
  if (!trimmed || concept.definitions.includes(trimmed)) return;
  const sources = (concept.definitionSources ??= []);
  // Entries added without a source (plain pushes) have the default one.
  while (sources.length < concept.definitions.length) sources.push(DEFAULT_DEFINITION_SOURCE);
  concept.definitions.push(trimmed);
  sources.push(source);
}

/** The source of `concept.definitions[i]` (DEFAULT_DEFINITION_SOURCE when none was recorded). */
export function definitionSource(concept: Concept, i: number): DefinitionSource {
  return concept.definitionSources?.[i] ?? DEFAULT_DEFINITION_SOURCE;
}
