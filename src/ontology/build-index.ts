/**
 * Quads → OntologyIndex. Knows which RDF/OWL/SKOS/oboInOwl/ioa terms carry names, synonyms,
 * hierarchy and the draft's capability/intent/domain relations.
 */
import type { Quad, Term } from '@rdfjs/types';
import { emptyConcept, type Concept, type ConceptKind, type SynonymKind } from '../model/concept.js';
import { NS, RDF_TYPE } from '../model/vocabulary.js';
import { buildOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { localNameOf, splitIdentifier } from '../text/identifiers.js';
import { mistaggedNames } from './languages.js';

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
const DEFINITIONS = new Set([`${NS.rdfs}comment`, `${NS.skos}definition`, 'http://purl.obolibrary.org/obo/IAO_0000115']);
const PARENTS = new Set([`${NS.rdfs}subClassOf`, `${NS.rdfs}subPropertyOf`]);
/** Where an obsolete term points: IAO "term replaced by" and oboInOwl "consider". */
const REPLACED_BY = new Set(['http://purl.obolibrary.org/obo/IAO_0100001', `${NS.oboInOwl}consider`]);
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

function literalLang(term: Term): string | undefined {
  return term.termType === 'Literal' && term.language ? term.language.toLowerCase() : undefined;
}

function pushUnique<T>(list: T[], value: T, same: (a: T) => boolean): void {
  if (!list.some(same)) list.push(value);
}

export function buildIndexFromQuads(quads: Quad[], source: string): OntologyIndex {
  const bySubject = new Map<string, Quad[]>();
  for (const quad of quads) {
    const k = key(quad.subject);
    const list = bySubject.get(k);
    if (list) list.push(quad);
    else bySubject.set(k, [quad]);
  }
  const labelsOfNode = (nodeKey: string): Array<{ text: string; lang: string | undefined }> =>
    (bySubject.get(nodeKey) ?? [])
      .filter((q) => q.predicate.value === LABEL && q.object.termType === 'Literal')
      .map((q) => ({ text: q.object.value, lang: literalLang(q.object) }));

  let ontologyIri: string | undefined;
  let version: string | undefined;
  let versionIri: string | undefined;
  const concepts: Concept[] = [];
  const warnings: string[] = [];
  const declaredCounts: Partial<Record<ConceptKind, number>> = {};

  for (const [subjectKey, subjectQuads] of bySubject) {
    const types = subjectQuads.filter((q) => q.predicate.value === RDF_TYPE).map((q) => q.object.value);
    if (types.includes(`${NS.owl}Ontology`) && !subjectKey.startsWith('_:')) {
      ontologyIri ??= subjectKey;
      for (const q of subjectQuads) {
        if (q.predicate.value === `${NS.owl}versionInfo` && q.object.termType === 'Literal') version ??= q.object.value;
        if (q.predicate.value === `${NS.owl}versionIRI`) versionIri ??= q.object.value;
      }
      continue;
    }
    if (subjectKey.startsWith('_:')) continue;
    let best: ConceptKind | undefined;
    let bestPriority = Infinity;
    for (const type of types) {
      const priority = KIND_PRIORITY.get(type);
      if (priority !== undefined && priority < bestPriority) {
        bestPriority = priority;
        best = KIND_BY_TYPE[priority]![1];
      }
    }
    if (!best) continue;
    declaredCounts[best] = (declaredCounts[best] ?? 0) + 1;
    // Annotation properties describe the ontology's metadata, not its domain.
    if (best === 'annotationProperty' || NON_MATCHABLE_NAMESPACES.some((ns) => subjectKey.startsWith(ns))) continue;

    const concept = emptyConcept(subjectKey, best, localNameOf(subjectKey));
    for (const q of subjectQuads) {
      const p = q.predicate.value;
      const o = q.object;
      if ((p === LABEL || p === PREF_LABEL) && o.termType === 'Literal') {
        const text = o.value.trim();
        if (!text) continue;
        const lang = literalLang(o);
        pushUnique(concept.labels, { text, source: p === LABEL ? 'rdfs:label' : 'skos:prefLabel', ...(lang ? { lang } : {}) }, (l) => l.text === text && l.lang === lang);
      } else if (p in SYNONYM_PREDICATES) {
        const kind = SYNONYM_PREDICATES[p]!;
        // OAEI anatomy puts the synonym text on a node's rdfs:label rather than in a literal.
        const texts = o.termType === 'Literal' ? [{ text: o.value, lang: literalLang(o) }] : labelsOfNode(key(o));
        for (const { text: raw, lang } of texts) {
          const text = raw.trim();
          if (text) pushUnique(concept.synonyms, { text, kind, ...(lang ? { lang } : {}) }, (s) => s.text === text && s.kind === kind && s.lang === lang);
        }
      } else if (p === `${NS.ioa}abbr` || p === `${NS.ioa}preferredAbbr`) {
        const preferred = p === `${NS.ioa}preferredAbbr`;
        pushUnique(concept.abbreviations, { text: o.value, preferred }, (a) => a.text === o.value && a.preferred === preferred);
      } else if (PARENTS.has(p) && o.termType === 'NamedNode') {
        pushUnique(concept.parents, o.value, (x) => x === o.value);
      } else if (DEFINITIONS.has(p) && o.termType === 'Literal' && o.value.trim()) {
        pushUnique(concept.definitions, o.value.trim(), (x) => x === o.value.trim());
      } else if (p === `${NS.owl}deprecated` && o.termType === 'Literal') {
        if (o.value.trim().toLowerCase() === 'true' || o.value.trim() === '1') concept.deprecated = true;
      } else if (REPLACED_BY.has(p) && o.termType === 'NamedNode') {
        pushUnique((concept.replacedBy ??= []), o.value, (x) => x === o.value);
      } else if (p in IOA_LISTS) {
        const field = IOA_LISTS[p]!;
        pushUnique(concept[field], o.value, (x) => x === o.value);
      }
    }
    if (concept.labels.length === 0) {
      const split = splitIdentifier(concept.localName);
      if (split) concept.labels.push({ text: split, source: 'localName' });
      else warnings.push(`${subjectKey}: no label and no usable local name`);
    }
    concepts.push(concept);
  }

  warnings.push(...mistaggedNames(concepts));
  const init: Parameters<typeof buildOntologyIndex>[0] = { source, concepts, warnings, declaredCounts };
  if (ontologyIri !== undefined) init.iri = ontologyIri;
  if (version !== undefined) init.version = version;
  if (versionIri !== undefined) init.versionIri = versionIri;
  return buildOntologyIndex(init);
}
