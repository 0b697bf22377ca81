/**
 * How a mapping's relation is read as a bridge axiom between the two ontologies.
 *
 * - Equivalence: `skos:exactMatch`, `owl:equivalentClass`, `owl:equivalentProperty`, `owl:sameAs`,
 *   and `skos:closeMatch`. SKOS gives closeMatch no logical meaning, but a selected or accepted
 *   closeMatch is used as an equivalence (selection lets it compete as one, an OAEI file writes
 *   it as `=`): checked as what it will be used for.
 * - `skos:broadMatch`, `rdfs:subClassOf`, `rdfs:subPropertyOf`: subject ⊑ object.
 * - `skos:narrowMatch`: object ⊑ subject.
 * - `skos:relatedMatch` and anything else: no logical reading; such a mapping cannot conflict.
 */
import { NS } from '../model/vocabulary.js';

/** `equivalent`: both ways; `narrower`: subject ⊑ object; `broader`: object ⊑ subject. */
export type BridgeKind = 'equivalent' | 'narrower' | 'broader';

const BY_CURIE: Readonly<Record<string, BridgeKind>> = {
  'skos:exactMatch': 'equivalent',
  'skos:closeMatch': 'equivalent',
  'owl:equivalentClass': 'equivalent',
  'owl:equivalentProperty': 'equivalent',
  'owl:sameAs': 'equivalent',
  'skos:broadMatch': 'narrower',
  'rdfs:subClassOf': 'narrower',
  'rdfs:subPropertyOf': 'narrower',
  'skos:narrowMatch': 'broader',
};

const PREFIXES: ReadonlyArray<[string, string]> = [['skos', NS.skos], ['owl', NS.owl], ['rdfs', NS.rdfs]];

/** A predicate as a CURIE of the standard vocabularies when it is one, whether written as CURIE or IRI. */
export function curieOf(predicate: string): string {
  for (const [prefix, ns] of PREFIXES) if (predicate.startsWith(ns)) return `${prefix}:${predicate.slice(ns.length)}`;
  return predicate;
}

/** The bridge a relation (CURIE or IRI) states, or undefined when it states none. */
export function bridgeKind(predicate: string): BridgeKind | undefined {
  const curie = curieOf(predicate);
  return Object.prototype.hasOwnProperty.call(BY_CURIE, curie) ? BY_CURIE[curie] : undefined;
}
