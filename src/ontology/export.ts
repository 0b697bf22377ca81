/**
 * Any loaded vocabulary (OASF, Hugging Face tasks, an Agent Card, or an RDF ontology) written
 * back as RDF in the ioa vocabulary, so agent-world taxonomies can be published, reviewed and
 * reloaded like any ontology: `ioa-align export-ontology <in> --to turtle|jsonld`.
 *
 * Terms: `ioa:Capability` / `ioa:Domain` / … by kind (OWL kinds stay OWL), labels read from RDF
 * under their own predicate (`rdfs:label`, `skos:prefLabel`), of the JSON vocabularies the first
 * as `rdfs:label` and the others as `skos:altLabel`, exact synonyms as `skos:altLabel`, scoped synonyms with
 * their oboInOwl predicate, definitions under the annotation they were read from (`dcterms:description`,
 * `skos:definition`, `obo:IAO_0000115`, `rdfs:comment`), examples as `skos:example`, keywords as
 * `schema:keywords`, parents as `rdfs:subClassOf`
 * (`rdfs:subPropertyOf` for properties), media types as `ioa:inputs` / `ioa:outputs` literals
 * (draft Section 5), numeric ids as `skos:notation`, alternative ids as `dcterms:identifier`,
 * `owl:deprecated` and the term that replaces an obsolete one (IAO:0100001). A label the loader
 * made from the local name is not written: it was never stated.
 *
 * Output is deterministic: concepts in IRI order, values in the order the loader kept them.
 */
import { DataFactory, Writer } from 'n3';
import type { Quad } from '@rdfjs/types';
import { definitionSource, type Concept, type ConceptKind, type DefinitionSource, type SynonymKind } from '../model/concept.js';
import { IoaError } from '../model/errors.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { NS, RDF_TYPE } from '../model/vocabulary.js';
import { BASELINE_CONTEXT } from '../envelope/baseline-context.js';

const OBO = 'http://purl.obolibrary.org/obo/';

export const EXPORT_FORMATS = ['turtle', 'jsonld'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const { namedNode, literal, quad } = DataFactory;

const TYPE_OF_KIND: Record<ConceptKind, string> = {
  capability: `${NS.ioa}Capability`,
  domain: `${NS.ioa}Domain`,
  intent: `${NS.ioa}Intent`,
  agent: `${NS.ioa}Agent`,
  concept: `${NS.ioa}Concept`,
  class: `${NS.owl}Class`,
  objectProperty: `${NS.owl}ObjectProperty`,
  datatypeProperty: `${NS.owl}DatatypeProperty`,
  annotationProperty: `${NS.owl}AnnotationProperty`,
  individual: `${NS.owl}NamedIndividual`,
};

const SYNONYM_PREDICATE: Record<SynonymKind, string> = {
  exact: `${NS.skos}altLabel`,
  related: `${NS.oboInOwl}hasRelatedSynonym`,
  broad: `${NS.oboInOwl}hasBroadSynonym`,
  narrow: `${NS.oboInOwl}hasNarrowSynonym`,
};

/** Each definition is written with the annotation it was read from, so a reload keeps its source. */
const DEFINITION_PREDICATE: Record<DefinitionSource, string> = {
  'IAO:0000115': `${OBO}IAO_0000115`,
  'oboInOwl:hasDefinition': `${NS.oboInOwl}hasDefinition`,
  'skos:definition': `${NS.skos}definition`,
  'dcterms:description': `${NS.dcterms}description`,
  'rdfs:comment': `${NS.rdfs}comment`,
};

const PROPERTY_KINDS: ReadonlySet<ConceptKind> = new Set(['objectProperty', 'datatypeProperty', 'annotationProperty']);

const PREFIXES = {
  rdf: NS.rdf, rdfs: NS.rdfs, owl: NS.owl, xsd: NS.xsd, skos: NS.skos, dcterms: NS.dcterms, oboInOwl: NS.oboInOwl, ioa: NS.ioa, obo: OBO, schema: NS.schema,
} as const;

const text = (value: string, lang?: string): ReturnType<typeof literal> => (lang ? literal(value, lang) : literal(value));

function conceptQuads(c: Concept): Quad[] {
  const s = namedNode(c.iri);
  const out: Quad[] = [];
  const add = (p: string, o: Quad['object']): void => void out.push(quad(s, namedNode(p), o) as Quad);
  add(RDF_TYPE, namedNode(TYPE_OF_KIND[c.kind]));
  // A label the loader made from the IRI's local name was never stated: writing it as rdfs:label
  // would make the export claim names, and coverage, the source does not have.
  // A label read from RDF goes back under the predicate it came with: a class with a French and an
  // English rdfs:label keeps both (the first in the file is not the preferred one), and a
  // skos:prefLabel stays one. Labels of the JSON vocabularies (caption, name): the first as
  // rdfs:label, the others as skos:altLabel.
  c.labels.filter((l) => l.source !== 'localName').forEach((l, i) => {
    const predicate = l.source === 'rdfs:label' ? `${NS.rdfs}label` : l.source === 'skos:prefLabel' ? `${NS.skos}prefLabel` : i === 0 ? `${NS.rdfs}label` : `${NS.skos}altLabel`;
    add(predicate, text(l.text, l.lang));
  });
  for (const syn of c.synonyms) add(SYNONYM_PREDICATE[syn.kind], text(syn.text, syn.lang));
  for (const a of c.abbreviations) add(`${NS.ioa}${a.preferred ? 'preferredAbbr' : 'abbr'}`, literal(a.text));
  c.definitions.forEach((d, i) => add(DEFINITION_PREDICATE[definitionSource(c, i)], literal(d)));
  for (const e of c.examples) add(`${NS.skos}example`, literal(e));
  for (const k of c.keywords) add(`${NS.schema}keywords`, literal(k));
  const parentPredicate = PROPERTY_KINDS.has(c.kind) ? `${NS.rdfs}subPropertyOf` : `${NS.rdfs}subClassOf`;
  for (const p of c.parents) add(parentPredicate, namedNode(p));
  for (const d of c.inDomain) add(`${NS.ioa}inDomain`, namedNode(d));
  for (const m of c.inputs) add(`${NS.ioa}inputs`, literal(m));
  for (const m of c.outputs) add(`${NS.ioa}outputs`, literal(m));
  for (const r of c.requiresCapability) add(`${NS.ioa}requiresCapability`, namedNode(r));
  for (const d of c.appliesToDomain) add(`${NS.ioa}appliesToDomain`, namedNode(d));
  for (const n of c.notations) add(`${NS.skos}notation`, literal(n));
  for (const id of c.alternativeIds) add(`${NS.dcterms}identifier`, literal(id));
  if (c.deprecated) add(`${NS.owl}deprecated`, literal('true', namedNode(`${NS.xsd}boolean`)));
  for (const r of c.replacedBy ?? []) add(`${OBO}IAO_0100001`, namedNode(r));
  for (const r of c.consider ?? []) add(`${NS.oboInOwl}consider`, namedNode(r));
  return out;
}

/** The vocabulary as RDF quads: an `owl:Ontology` header (when the index has an IRI), then concepts by IRI. */
export function vocabularyQuads(index: OntologyIndex): Quad[] {
  const quads: Quad[] = [];
  if (index.iri) {
    const o = namedNode(index.iri);
    quads.push(quad(o, namedNode(RDF_TYPE), namedNode(`${NS.owl}Ontology`)) as Quad);
    if (index.version) quads.push(quad(o, namedNode(`${NS.owl}versionInfo`), literal(index.version)) as Quad);
    if (index.versionIri) quads.push(quad(o, namedNode(`${NS.owl}versionIRI`), namedNode(index.versionIri)) as Quad);
  }
  const concepts = [...index.concepts].sort((a, b) => (a.iri < b.iri ? -1 : a.iri > b.iri ? 1 : 0));
  for (const c of concepts) quads.push(...conceptQuads(c));
  return quads;
}

export function toTurtle(index: OntologyIndex): Promise<string> {
  const writer = new Writer({ prefixes: PREFIXES });
  writer.addQuads(vocabularyQuads(index));
  return new Promise((resolve, reject) => writer.end((error, result) => (error ? reject(error) : resolve(result))));
}

/** The Section 6.1 baseline definitions of the ioa terms an exported vocabulary uses. */
const BASELINE: Readonly<Record<string, unknown>> = BASELINE_CONTEXT['@context'];
const SHARED_WITH_BASELINE = Object.fromEntries(
  ['label', 'inDomain', 'requiresCapability', 'appliesToDomain', 'inputs', 'outputs', 'abbr', 'preferredAbbr'].map((term) => [term, BASELINE[term]]),
);

/** Compact terms: the draft's Section 6.1 definitions where it names the property, ours otherwise. */
export const EXPORT_CONTEXT = {
  ...PREFIXES,
  ...SHARED_WITH_BASELINE,
  altLabel: 'skos:altLabel',
  relatedSynonym: 'oboInOwl:hasRelatedSynonym',
  broadSynonym: 'oboInOwl:hasBroadSynonym',
  narrowSynonym: 'oboInOwl:hasNarrowSynonym',
  comment: 'rdfs:comment',
  definition: 'skos:definition',
  description: 'dcterms:description',
  textualDefinition: 'obo:IAO_0000115',
  example: 'skos:example',
  keywords: 'schema:keywords',
  subClassOf: { '@id': 'rdfs:subClassOf', '@type': '@id' },
  subPropertyOf: { '@id': 'rdfs:subPropertyOf', '@type': '@id' },
  notation: 'skos:notation',
  identifier: 'dcterms:identifier',
  versionInfo: 'owl:versionInfo',
  versionIRI: { '@id': 'owl:versionIRI', '@type': '@id' },
} as const;

/** JSON-LD (compacted with an inline context, so it reloads offline) of the same quads. */
export async function toJsonLd(index: OntologyIndex): Promise<Record<string, unknown>> {
  const writer = new Writer({ format: 'N-Quads' });
  writer.addQuads(vocabularyQuads(index));
  const nquads = await new Promise<string>((resolve, reject) => writer.end((error, result) => (error ? reject(error) : resolve(result))));
  try {
    // jsonld (and its HTTP client) loads only for a JSON-LD export: ~0.1 s every other command saves.
    const [{ default: jsonld }, { offlineDocumentLoader }] = await Promise.all([import('jsonld'), import('./jsonld-offline.js')]);
    const expanded = await jsonld.fromRDF(nquads, { format: 'application/n-quads' });
    const compacted = await jsonld.compact(expanded, { '@context': EXPORT_CONTEXT } as never, { documentLoader: offlineDocumentLoader as never });
    return compacted as Record<string, unknown>;
  } catch (cause) {
    throw new IoaError('E_INTERNAL', `JSON-LD export failed: ${(cause as Error).message}`, {}, { cause });
  }
}

export async function exportVocabulary(index: OntologyIndex, format: ExportFormat): Promise<string> {
  // JSON-LD is not what anything other than 'jsonld' asks for: 'ttl' would be written as JSON-LD
  // into a .ttl file no Turtle reader takes.
  if (format !== 'turtle' && format !== 'jsonld') throw new IoaError('E_USAGE', `format must be "turtle" or "jsonld", not ${JSON.stringify(format)}`, { path: '$.format' });
  if (format === 'turtle') return toTurtle(index);
  return `${JSON.stringify(await toJsonLd(index), null, 2)}\n`;
}
