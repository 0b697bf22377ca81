/**
 * Small ontologies built in code for generator tests: each concept says exactly which names it
 * has, so a test can state which pairs a generator must (and must not) propose.
 */
import { emptyConcept, type Concept, type ConceptKind, type SynonymKind } from '../../src/model/concept.js';
import { buildOntologyIndex, type OntologyIndex } from '../../src/model/ontology-index.js';

export interface ConceptSpec {
  iri: string;
  kind?: ConceptKind;
  labels?: Array<string | { text: string; lang?: string }>;
  synonyms?: Array<string | { text: string; kind?: SynonymKind; lang?: string }>;
  abbreviations?: Array<string | { text: string; preferred: boolean }>;
  /** Named superclasses (IRIs). */
  parents?: string[];
  definitions?: string[];
  keywords?: string[];
  examples?: string[];
}

export function concept(spec: ConceptSpec): Concept {
  const local = spec.iri.split(/[#/]/).pop() ?? spec.iri;
  const c = emptyConcept(spec.iri, spec.kind ?? 'class', local);
  for (const l of spec.labels ?? []) {
    const { text, lang } = typeof l === 'string' ? { text: l, lang: undefined } : l;
    c.labels.push({ text, source: 'rdfs:label', ...(lang ? { lang } : {}) });
  }
  for (const s of spec.synonyms ?? []) {
    const { text, kind, lang } = typeof s === 'string' ? { text: s, kind: 'exact' as SynonymKind, lang: undefined } : { kind: 'exact' as SynonymKind, ...s };
    c.synonyms.push({ text, kind, ...(lang ? { lang } : {}) });
  }
  for (const a of spec.abbreviations ?? []) c.abbreviations.push(typeof a === 'string' ? { text: a, preferred: false } : a);
  c.parents.push(...(spec.parents ?? []));
  c.definitions.push(...(spec.definitions ?? []));
  c.keywords.push(...(spec.keywords ?? []));
  c.examples.push(...(spec.examples ?? []));
  return c;
}

export function ontology(source: string, specs: ConceptSpec[]): OntologyIndex {
  return buildOntologyIndex({ source, concepts: specs.map(concept) });
}

const S = 'http://example.org/src#';
const T = 'http://example.org/tgt#';

/** Source side of the shared suite: names that each lexical generator can relate to the target. */
export function suiteSource(): OntologyIndex {
  return ontology('suite-source', [
    { iri: `${S}Paper`, labels: ['Paper'], synonyms: ['Article'] },
    { iri: `${S}ConferenceMember`, labels: ['Conference_Member'] },
    { iri: `${S}Review`, labels: ['review'] },
    { iri: `${S}Reviewer`, labels: ['Reviewer'] },
    { iri: `${S}hasReview`, kind: 'objectProperty', labels: ['has review'] },
    { iri: `${S}PancreaticDuct`, labels: ['pancreatic duct'] },
    { iri: `${S}Belly`, labels: ['belly'] },
    { iri: `${S}RenalArtery`, labels: ['renal artery'] },
    { iri: `${S}Translation`, kind: 'capability', labels: ['Machine Translation'], abbreviations: ['MT'] },
    { iri: `${S}Ophthalmic`, labels: ['Opthalmic Artery'] },
    // Same label as Review: self-matching this ontology must still never pair a concept with itself.
    { iri: `${S}Critique`, labels: ['Review'] },
    // A WordNet synonym of Belly within the same ontology, for the same check on `wordnet`.
    { iri: `${S}Stomach`, labels: ['stomach'] },
    // A name the others add modifiers to, for the same check on `structure`.
    { iri: `${S}Artery`, labels: ['artery'] },
  ]);
}

export function suiteTarget(): OntologyIndex {
  return ontology('suite-target', [
    { iri: `${T}Paper`, labels: ['Papers'] },
    { iri: `${T}Member`, labels: ['member of conference'] },
    { iri: `${T}Review`, labels: ['Review'] },
    { iri: `${T}reviewOf`, kind: 'objectProperty', labels: ['Review'] },
    { iri: `${T}hasReview`, kind: 'datatypeProperty', labels: ['hasReview'] },
    { iri: `${T}Pancreatic_Duct`, labels: ['Pancreatic_Duct'], synonyms: [{ text: 'Duct of Wirsung', kind: 'related' }] },
    { iri: `${T}Abdomen`, labels: ['Abdomen'] },
    { iri: `${T}KidneyArtery`, labels: ['Kidney Artery'] },
    { iri: `${T}MachineTranslation`, kind: 'capability', labels: ['machine translation'] },
    // The same name as an intent: a capability is never paired with it (kinds stay apart).
    { iri: `${T}TranslateIntent`, kind: 'intent', labels: ['machine translation'] },
    { iri: `${T}OphthalmicArtery`, labels: ['Ophthalmic Artery'] },
    { iri: `${T}Heart`, labels: ['Heart'] },
  ]);
}

export const SRC = S;
export const TGT = T;
