/**
 * Quads → OntologyIndex. Knows which RDF/OWL/SKOS/oboInOwl/ioa terms carry names, synonyms,
 * hierarchy and the draft's capability/intent/domain relations.
 */
import type { Quad, Term } from '@rdfjs/types';
import { addDefinition, emptyConcept, type Concept, type ConceptKind, type DefinitionSource, type Restriction, type SynonymKind } from '../model/concept.js';
import { NS, RDF_TYPE } from '../model/vocabulary.js';
import { buildOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { localNameOf, splitIdentifier } from '../text/identifiers.js';
import { mistaggedNames } from './languages.js';
import { AxiomCollector } from './axioms.js';

/** rdf:type → kind. The draft's classes win over OWL's when a node has both. */
const KIND_BY_TYPE: ReadonlyArray<[string, ConceptKind]> = [
  [`${NS.ioa}Capability`, 'capability'],
  [`${NS.ioa}Intent`, 'intent'],
  [`${NS.ioa}Domain`, 'domain'],
  [`${NS.ioa}Agent`, 'agent'],
  [`${NS.ioa}Concept`, 'concept'],
  [`${NS.owl}Class`, 'class'],
  [`${NS.rdfs}Class`, 'class'],
  [`${NS.owl}ObjectProperty`, 'objectProperty'],
  [`${NS.owl}DatatypeProperty`, 'datatypeProperty'],
  [`${NS.owl}AnnotationProperty`, 'annotationProperty'],
  [`${NS.rdf}Property`, 'objectProperty'],
  [`${NS.owl}NamedIndividual`, 'individual'],
  // A SKOS vocabulary's concepts are matched as classes are (thesauri and OWL ontologies are
  // aligned with each other); skos:broader gives their hierarchy.
  [`${NS.skos}Concept`, 'class'],
];
const KIND_PRIORITY = new Map(KIND_BY_TYPE.map(([iri], i) => [iri, i]));

const SYNONYM_PREDICATES: Record<string, SynonymKind> = {
  [`${NS.oboInOwl}hasExactSynonym`]: 'exact',
  [`${NS.oboInOwl}hasRelatedSynonym`]: 'related',
  [`${NS.oboInOwl}hasBroadSynonym`]: 'broad',
  [`${NS.oboInOwl}hasNarrowSynonym`]: 'narrow',
  [`${NS.skos}altLabel`]: 'exact',
};

const LABEL = `${NS.rdfs}label`;
const PREF_LABEL = `${NS.skos}prefLabel`;
/**
 * Annotations read as descriptions, strongest first (a concept's definitions are kept in this
 * order): docs/relations.md, "Descriptions". An rdfs:comment counts only where it is prose (see
 * editorialComments). oboInOwl:hasDefinition may point at a node whose rdfs:label is the text
 * (OAEI anatomy writes its definitions so), as its synonyms do.
 */
const DEFINITION_SOURCES: ReadonlyMap<string, DefinitionSource> = new Map([
  ['http://purl.obolibrary.org/obo/IAO_0000115', 'IAO:0000115'],
  [`${NS.oboInOwl}hasDefinition`, 'oboInOwl:hasDefinition'],
  [`${NS.skos}definition`, 'skos:definition'],
  [`${NS.dcterms}description`, 'dcterms:description'],
  [`${NS.rdfs}comment`, 'rdfs:comment'],
]);
const DEFINITIONS = new Set(DEFINITION_SOURCES.keys());
const HAS_DEFINITION = `${NS.oboInOwl}hasDefinition`;
const SOURCE_RANK: ReadonlyMap<DefinitionSource, number> = new Map([...DEFINITION_SOURCES.values()].map((s, i) => [s, i]));
const EXAMPLES = new Set([`${NS.skos}example`]);
/** Keywords (tags): schema.org's and DCAT's. */
const KEYWORDS = new Set([`${NS.schema}keywords`, `${NS.dcat}keyword`]);
const SUB_CLASS_OF = `${NS.rdfs}subClassOf`;
const PARENTS = new Set([SUB_CLASS_OF, `${NS.rdfs}subPropertyOf`, `${NS.skos}broader`]);
/** skos:narrower states the hierarchy from the parent's side: the object's parent is the subject. */
const NARROWER = `${NS.skos}narrower`;
/** What a restriction node (`[ a owl:Restriction ; owl:onProperty P ; owl:someValuesFrom C ]`) says. */
const ON_PROPERTY = `${NS.owl}onProperty`;
const QUANTIFIERS: Record<string, Restriction['quantifier']> = { [`${NS.owl}someValuesFrom`]: 'some', [`${NS.owl}allValuesFrom`]: 'only' };
const RESTRICTION = `${NS.owl}Restriction`;
/** What replaces an obsolete term: IAO "term replaced by". */
const REPLACED_BY = new Set(['http://purl.obolibrary.org/obo/IAO_0100001']);
/** What to consider instead of an obsolete term: a suggestion, kept apart from a replacement. */
const CONSIDER = `${NS.oboInOwl}consider`;
/**
 * Declared nodes that are vocabulary of the modelling languages or of annotation schemes
 * (owl:Thing, oboInOwl:Synonym …): counted as declared, never offered as concepts to match.
 */
const NON_MATCHABLE_NAMESPACES = [NS.owl, NS.rdf, NS.rdfs, NS.xsd, NS.oboInOwl, NS.skos, NS.dcterms];

type ListField = 'inDomain' | 'inputs' | 'outputs' | 'requiresCapability' | 'appliesToDomain';
const IOA_LISTS: Record<string, ListField> = {
  [`${NS.ioa}inDomain`]: 'inDomain',
  [`${NS.ioa}inputs`]: 'inputs',
  [`${NS.ioa}outputs`]: 'outputs',
  [`${NS.ioa}requiresCapability`]: 'requiresCapability',
  [`${NS.ioa}appliesToDomain`]: 'appliesToDomain',
};

function key(term: Term): string {
  return term.termType === 'BlankNode' ? `_:${term.value}` : term.value;
}

/**
 * What the index keeps of one statement about a subject: plain strings read from the terms once
 * (a Turtle parser's literal computes its value and language on every access).
 */
interface Statement {
  predicate: string;
  termType: Term['termType'];
  /** The object's value (a blank node's label without `_:`). */
  value: string;
  /** Lower-cased language tag of a literal that names something; undefined otherwise. */
  lang: string | undefined;
}

/** Everything a subject says that the index reads, in the order the source states it. */
interface SubjectRecord {
  /** rdf:type objects. */
  types: string[];
  statements: Statement[];
}

/** Predicates whose literal object is a name (its language tag is kept). */
const NAMING = new Set([LABEL, PREF_LABEL, ...Object.keys(SYNONYM_PREDICATES)]);
const VERSION_INFO = `${NS.owl}versionInfo`;
const VERSION_IRI = `${NS.owl}versionIRI`;
const OWL_IMPORTS = `${NS.owl}imports`;
const MAX_IMPORTS_LISTED = 3;
const DEPRECATED = `${NS.owl}deprecated`;
const ABBR = `${NS.ioa}abbr`;
const PREFERRED_ABBR = `${NS.ioa}preferredAbbr`;
/** Every predicate the index reads besides rdf:type; statements with others are not kept. */
const READ = new Set([...NAMING, ...DEFINITIONS, ...EXAMPLES, ...KEYWORDS, ...PARENTS, NARROWER, ...REPLACED_BY, CONSIDER, ...Object.keys(IOA_LISTS), VERSION_INFO, VERSION_IRI, DEPRECATED, ABBR, PREFERRED_ABBR, ON_PROPERTY, ...Object.keys(QUANTIFIERS)]);

function pushUnique<T>(list: T[], value: T, same: (a: T) => boolean): void {
  if (!list.some(same)) list.push(value);
}

function pushUniqueString(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

/**
 * Quads → OntologyIndex, one quad at a time: a loader hands each quad to `add` as its parser
 * produces it and keeps no quad array, and `finish` builds the index. Subjects keep the order of
 * their first statement; a subject's statements keep source order.
 */
export class IndexBuilder {
  private readonly subjects = new Map<string, SubjectRecord>();
  /** What the parser reported while reading (e.g. JSON-LD nodes left out), ahead of the index's own warnings. */
  private readonly parserWarnings: string[] = [];
  /** The statements a coherence check needs, read from the same quads (axioms.ts). */
  private readonly axioms = new AxiomCollector();
  /** `owl:imports` objects (the first few), reported as not followed. */
  private readonly imports: string[] = [];

  constructor(private readonly source: string) {}

  /** A parser's warning about the input, kept with the index's warnings. */
  warn(message: string): void {
    this.parserWarnings.push(message);
  }

  add(quad: Quad): void {
    this.axioms.add(quad);
    // Imports are never fetched (no network, and a local path in a shared file would read the
    // reader's disk): say so, since the imported classes and axioms are then missing.
    if (quad.predicate.value === OWL_IMPORTS && this.imports.length < MAX_IMPORTS_LISTED + 1) this.imports.push(quad.object.value);
    const k = key(quad.subject);
    let record = this.subjects.get(k);
    if (!record) this.subjects.set(k, (record = { types: [], statements: [] }));
    const predicate = quad.predicate.value;
    if (predicate === RDF_TYPE) {
      record.types.push(quad.object.value);
      return;
    }
    if (!READ.has(predicate)) return;
    const o = quad.object;
    const termType = o.termType;
    const lang = termType === 'Literal' && NAMING.has(predicate) && o.language ? o.language.toLowerCase() : undefined;
    record.statements.push({ predicate, termType, value: o.value, lang });
  }

  finish(): OntologyIndex {
    const subjects = this.subjects;
    const labelsOfNode = (nodeKey: string): Array<{ text: string; lang: string | undefined }> => {
      const names: Array<{ text: string; lang: string | undefined }> = [];
      for (const s of subjects.get(nodeKey)?.statements ?? []) if (s.predicate === LABEL && s.termType === 'Literal') names.push({ text: s.value, lang: s.lang });
      return names;
    };
    // A restriction a class is a subclass of: one property, one named filler; anything else
    // (a class expression as filler, cardinalities) is not shown.
    const restrictionOf = (nodeKey: string): Restriction | undefined => {
      const node = subjects.get(nodeKey);
      if (!node?.types.includes(RESTRICTION)) return undefined;
      let property: string | undefined;
      let found: Pick<Restriction, 'filler' | 'quantifier'> | undefined;
      for (const s of node.statements) {
        if (s.predicate === ON_PROPERTY && s.termType === 'NamedNode') property ??= s.value;
        else if (s.predicate in QUANTIFIERS && s.termType === 'NamedNode') found ??= { filler: s.value, quantifier: QUANTIFIERS[s.predicate]! };
      }
      return property && found ? { property, ...found } : undefined;
    };

    let ontologyIri: string | undefined;
    let version: string | undefined;
    let versionIri: string | undefined;
    const concepts: Concept[] = [];
    const warnings: string[] = [...this.parserWarnings];
    if (this.imports.length > 0) {
      const listed = this.imports.slice(0, MAX_IMPORTS_LISTED).map((iri) => `<${iri}>`).join(', ');
      warnings.push(`owl:imports ${listed}${this.imports.length > MAX_IMPORTS_LISTED ? ', …' : ''} not followed: only this file's own classes and axioms are read (merge the imported ontology into the file to match against it)`);
    }
    const declaredCounts: Partial<Record<ConceptKind, number>> = {};

    for (const [subjectKey, { types, statements }] of subjects) {
      const blank = subjectKey.startsWith('_:');
      if (!blank && types.includes(`${NS.owl}Ontology`)) {
        ontologyIri ??= subjectKey;
        for (const s of statements) {
          if (s.predicate === VERSION_INFO && s.termType === 'Literal') version ??= s.value;
          if (s.predicate === VERSION_IRI) versionIri ??= s.value;
        }
        // The header of the file only, unless it is a term too (an exported agent record: the
        // record's own capability shares the vocabulary's IRI). Skipped, the agent's concept
        // vanished on reload.
        if (!types.some((t) => KIND_PRIORITY.has(t))) continue;
      }
      if (blank) continue;
      let best: ConceptKind | undefined;
      let bestPriority = Infinity;
      for (const type of types) {
        const priority = KIND_PRIORITY.get(type);
        if (priority !== undefined && priority < bestPriority) {
          bestPriority = priority;
          best = KIND_BY_TYPE[priority]![1];
        }
      }
      // Untyped but the subject of rdfs:subClassOf: a class (the domain of rdfs:subClassOf, RDFS 1.1).
      if (!best && statements.some((s) => s.predicate === SUB_CLASS_OF)) best = 'class';
      if (!best) continue;
      declaredCounts[best] = (declaredCounts[best] ?? 0) + 1;
      // Annotation properties describe the ontology's metadata, not its domain.
      if (best === 'annotationProperty' || NON_MATCHABLE_NAMESPACES.some((ns) => subjectKey.startsWith(ns))) continue;

      const concept = emptyConcept(subjectKey, best, localNameOf(subjectKey));
      const typed = [...new Set(types.flatMap((t) => { const p = KIND_PRIORITY.get(t); return p === undefined ? [] : [p]; }))].sort((a, b) => a - b).map((p) => KIND_BY_TYPE[p]![1]);
      const kinds = [...new Set(typed)];
      if (kinds.length > 1) concept.kinds = kinds;
      let read: Array<[string, DefinitionSource]> | undefined;
      for (const s of statements) {
        const p = s.predicate;
        const literal = s.termType === 'Literal';
        if ((p === LABEL || p === PREF_LABEL) && literal) {
          const text = s.value.trim();
          if (!text) continue;
          const lang = s.lang;
          pushUnique(concept.labels, { text, source: p === LABEL ? 'rdfs:label' : 'skos:prefLabel', ...(lang ? { lang } : {}) }, (l) => l.text === text && l.lang === lang);
        } else if (p in SYNONYM_PREDICATES) {
          const kind = SYNONYM_PREDICATES[p]!;
          // OAEI anatomy puts the synonym text on a node's rdfs:label rather than in a literal.
          const texts = literal ? [{ text: s.value, lang: s.lang }] : labelsOfNode(s.termType === 'BlankNode' ? `_:${s.value}` : s.value);
          for (const { text: raw, lang } of texts) {
            const text = raw.trim();
            if (text) pushUnique(concept.synonyms, { text, kind, ...(lang ? { lang } : {}) }, (x) => x.text === text && x.kind === kind && x.lang === lang);
          }
        } else if (p === ABBR || p === PREFERRED_ABBR) {
          const preferred = p === PREFERRED_ABBR;
          pushUnique(concept.abbreviations, { text: s.value, preferred }, (a) => a.text === s.value && a.preferred === preferred);
        } else if (PARENTS.has(p) && s.termType === 'NamedNode') {
          pushUniqueString(concept.parents, s.value);
        } else if (PARENTS.has(p) && s.termType === 'BlankNode') {
          const r = restrictionOf(`_:${s.value}`);
          if (r) pushUnique((concept.restrictions ??= []), r, (x) => x.property === r.property && x.filler === r.filler && x.quantifier === r.quantifier);
        } else if (DEFINITIONS.has(p) && literal) {
          const text = s.value.trim();
          if (text) (read ??= []).push([text, DEFINITION_SOURCES.get(p)!]);
        } else if (p === HAS_DEFINITION) {
          // A definition node: its rdfs:label is the text. A node without one defines nothing, and says so.
          const node = s.termType === 'BlankNode' ? `_:${s.value}` : s.value;
          const texts = labelsOfNode(node).map((l) => l.text.trim()).filter(Boolean);
          if (texts.length === 0) warnings.push(`${subjectKey}: oboInOwl:hasDefinition points at ${node}, which has no rdfs:label; no definition read`);
          for (const text of texts) (read ??= []).push([text, 'oboInOwl:hasDefinition']);
        } else if (EXAMPLES.has(p) && literal) {
          const text = s.value.trim();
          if (text) pushUniqueString(concept.examples, text);
        } else if (KEYWORDS.has(p) && literal) {
          const text = s.value.trim();
          if (text) pushUniqueString(concept.keywords, text);
        } else if (p === DEPRECATED && literal) {
          const text = s.value.trim();
          if (text.toLowerCase() === 'true' || text === '1') concept.deprecated = true;
        } else if (REPLACED_BY.has(p) && s.termType === 'NamedNode') {
          pushUniqueString((concept.replacedBy ??= []), s.value);
        } else if (p === CONSIDER && s.termType === 'NamedNode') {
          pushUniqueString((concept.consider ??= []), s.value);
        } else if (p in IOA_LISTS) {
          pushUniqueString(concept[IOA_LISTS[p]!], s.value);
        }
      }
      if (read) {
        // Strongest annotation first, then as the source states them (sort is stable).
        read.sort((a, b) => SOURCE_RANK.get(a[1])! - SOURCE_RANK.get(b[1])!);
        for (const [text, source] of read) addDefinition(concept, text, source);
      }
      if (concept.labels.length === 0) {
        const split = splitIdentifier(concept.localName);
        if (split) concept.labels.push({ text: split, source: 'localName' });
        else warnings.push(`${subjectKey}: no label and no usable local name`);
      }
      concepts.push(concept);
    }
    const byIri = new Map(concepts.map((c) => [c.iri, c]));
    for (const [subjectKey, { statements }] of subjects) {
      for (const s of statements) {
        if (s.predicate === NARROWER && s.termType === 'NamedNode' && byIri.has(subjectKey)) {
          const child = byIri.get(s.value);
          if (child) pushUniqueString(child.parents, subjectKey);
        }
      }
    }
    if (concepts.length === 0) {
      warnings.push('no concepts to match: nothing here is declared an owl:Class, rdfs:Class, skos:Concept, property, individual or ioa term (is this the ontology you meant?)');
    }

    warnings.push(...mistaggedNames(concepts));
    dropEditorialComments(concepts);
    const init: Parameters<typeof buildOntologyIndex>[0] = { source: this.source, concepts, warnings, declaredCounts };
    if (ontologyIri !== undefined) init.iri = ontologyIri;
    if (version !== undefined) init.version = version;
    if (versionIri !== undefined) init.versionIri = versionIri;
    const kinds = new Map(concepts.map((c) => [c.iri, c.kind]));
    init.axioms = this.axioms.finish((iri) => kinds.get(iri) === 'datatypeProperty', (message) => warnings.push(message));
    return buildOntologyIndex(init);
  }
}

/** An rdfs:comment given to more concepts than this is a note about them, not a description of each. */
const SHARED_COMMENT = 2;
const URL_ONLY = /^\s*(?:<)?[a-z][a-z0-9+.-]*:\/\/\S+(?:>)?\s*$/i;

/**
 * rdfs:comment holds prose and notes alike. A comment counts as a description when it is prose:
 * two words or more, not a bare URL, and not the same text on more than SHARED_COMMENT concepts
 * (confOf.owl writes "confTool" on 100 of its classes: where they came from, not what they are).
 * Definitions from the other annotations are kept whatever they say.
 */
function dropEditorialComments(concepts: Concept[]): void {
  const uses = new Map<string, number>();
  for (const c of concepts) {
    c.definitionSources?.forEach((source, i) => {
      if (source === 'rdfs:comment') uses.set(c.definitions[i]!, (uses.get(c.definitions[i]!) ?? 0) + 1);
    });
  }
  if (uses.size === 0) return;
  const editorial = (text: string): boolean => (uses.get(text) ?? 0) > SHARED_COMMENT || !/\S\s+\S/.test(text) || URL_ONLY.test(text);
  for (const c of concepts) {
    const sources = c.definitionSources;
    if (!sources || !sources.some((source, i) => source === 'rdfs:comment' && editorial(c.definitions[i]!))) continue;
    const keep = c.definitions.map((text, i) => sources[i] !== 'rdfs:comment' || !editorial(text));
    c.definitions = c.definitions.filter((_, i) => keep[i]);
    c.definitionSources = sources.filter((_, i) => keep[i]);
    if (c.definitions.length === 0) delete c.definitionSources;
  }
}

export function buildIndexFromQuads(quads: Iterable<Quad>, source: string): OntologyIndex {
  const builder = new IndexBuilder(source);
  for (const quad of quads) builder.add(quad);
  return builder.finish();
}
