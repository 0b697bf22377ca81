/**
 * Selection with the ontologies (src/selection/coherent.ts, structure.ts): structural agreement
 * with the first selection moves a class candidate up (and over the threshold), a property
 * mapping needs its domains or ranges related by the selected class mappings, repair removes
 * the lowest-valued mapping of a conflict; the candidates themselves are never changed.
 */
import { describe, expect, it } from 'vitest';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { select, selectDetailed, STRUCTURAL_BOOST, type Selectable } from '../../src/selection/index.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { tempFile } from '../helpers/files.js';
import { thrownIoaError } from '../helpers/errors.js';

const S = 'http://s.org/o#';
const T = 'http://t.org/o#';

async function ontology(ns: string, body: string): Promise<OntologyIndex> {
  return loadOntologyFile(await tempFile('o.ttl', `@prefix : <${ns}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n${body}\n`));
}
const c = (s: string, o: string, score: number, rank = 1, predicate = 'skos:exactMatch'): Selectable => ({ subject: `${S}${s}`, predicate, object: `${T}${o}`, score, rank, measure: 'fused' });
const pairs = (list: readonly Selectable[]): string[] => list.map((x) => `${x.subject.slice(S.length)}=${x.object.slice(T.length)}`).sort();

describe('structural selection', () => {
  it('a candidate whose parent the first selection maps to its object\'s parent wins the contested place', async () => {
    const source = await ontology(S, ':Event a owl:Class . :Talk a owl:Class ; rdfs:subClassOf :Event .');
    const target = await ontology(T, ':Event a owl:Class . :Talk a owl:Class ; rdfs:subClassOf :Event . :Speech a owl:Class .');
    const candidates = [c('Event', 'Event', 0.9), c('Talk', 'Speech', 0.3), c('Talk', 'Talk', 0.28, 2)];
    const ontologies = { source, target };
    expect(pairs(select(candidates, { mode: 'one-to-one', ontologies, structure: false, repair: false }))).toEqual(['Event=Event', 'Talk=Speech']);
    const outcome = selectDetailed(candidates, { mode: 'one-to-one', ontologies });
    expect(pairs(outcome.selected)).toEqual(['Event=Event', 'Talk=Talk']);
    expect(outcome.boosted).toBe(1);
    // The candidate keeps its own value: only the order used the boost.
    expect(outcome.selected.find((x) => x.object === `${T}Talk`)!.score).toBe(0.28);
    expect(outcome.description).toContain(`gains ${STRUCTURAL_BOOST} for each in the order and the threshold (1 did)`);
  });

  it('a candidate whose part_of filler the first selection maps to its object\'s part_of filler wins the contested place; another property does not count', async () => {
    const partOf = (cls: string, filler: string, property = 'part_of'): string =>
      `:${cls} a owl:Class ; rdfs:subClassOf [ a owl:Restriction ; owl:onProperty :${property} ; owl:someValuesFrom :${filler} ] .`;
    const source = await ontology(S, `:part_of a owl:ObjectProperty . :Heart a owl:Class . :Lung a owl:Class . ${partOf('Valve', 'Heart')}`);
    const target = await ontology(T, `:partOf a owl:ObjectProperty . :has_part a owl:ObjectProperty . :Heart a owl:Class . :Lung a owl:Class . ${partOf('CardiacValve', 'Heart', 'partOf')} ${partOf('LungValve', 'Lung', 'partOf')}`);
    const candidates = [c('Heart', 'Heart', 0.9), c('Lung', 'Lung', 0.9), c('Valve', 'LungValve', 0.3), c('Valve', 'CardiacValve', 0.28, 2)];
    const ontologies = { source, target };
    expect(pairs(select(candidates, { mode: 'one-to-one', ontologies, structure: false }))).toEqual(['Heart=Heart', 'Lung=Lung', 'Valve=LungValve']);
    const outcome = selectDetailed(candidates, { mode: 'one-to-one', ontologies });
    expect(pairs(outcome.selected)).toEqual(['Heart=Heart', 'Lung=Lung', 'Valve=CardiacValve']);
    expect(outcome.boosted).toBe(1);
    // The target's restriction is on has_part, not part_of: the fillers agree, the properties do not.
    const hasPart = await ontology(T, `:has_part a owl:ObjectProperty . :Heart a owl:Class . :Lung a owl:Class . ${partOf('CardiacValve', 'Heart', 'has_part')} ${partOf('LungValve', 'Lung', 'has_part')}`);
    expect(pairs(select(candidates, { mode: 'one-to-one', ontologies: { source, target: hasPart } }))).toEqual(['Heart=Heart', 'Lung=Lung', 'Valve=LungValve']);
  });

  it('parent and child agreement together lift a candidate over the threshold; one alone may not', async () => {
    const source = await ontology(S, ':Doc a owl:Class . :Paper a owl:Class ; rdfs:subClassOf :Doc . :Poster a owl:Class ; rdfs:subClassOf :Paper .');
    const target = await ontology(T, ':Document a owl:Class . :Article a owl:Class ; rdfs:subClassOf :Document . :PosterPaper a owl:Class ; rdfs:subClassOf :Article .');
    const both = [c('Doc', 'Document', 0.8), c('Poster', 'PosterPaper', 0.7), c('Paper', 'Article', 0.12)];
    expect(pairs(select(both, { mode: 'one-to-one', minScore: 0.2, ontologies: { source, target } }))).toEqual(['Doc=Document', 'Paper=Article', 'Poster=PosterPaper']);
    const parentOnly = [c('Doc', 'Document', 0.8), c('Paper', 'Article', 0.12)];
    expect(pairs(select(parentOnly, { mode: 'one-to-one', minScore: 0.2, ontologies: { source, target } }))).toEqual(['Doc=Document']);
    expect(pairs(select(parentOnly, { mode: 'one-to-one', minScore: 0.16, ontologies: { source, target } }))).toEqual(['Doc=Document', 'Paper=Article']);
  });

  it('a property mapping stays only when the selected class mappings relate its domains or its ranges', async () => {
    const source = await ontology(S, ':Person a owl:Class . :Paper a owl:Class . :Venue a owl:Class . :name a owl:DatatypeProperty ; rdfs:domain :Person . :city a owl:DatatypeProperty ; rdfs:domain :Venue . :date a owl:DatatypeProperty .');
    const target = await ontology(T, ':Human a owl:Class . :Place a owl:Class . :hasName a owl:DatatypeProperty ; rdfs:domain :Human . :hasCity a owl:DatatypeProperty ; rdfs:domain :Place . :hasDate a owl:DatatypeProperty .');
    const candidates = [c('Person', 'Human', 0.9), c('name', 'hasName', 0.6), c('city', 'hasCity', 0.6), c('date', 'hasDate', 0.6)];
    const outcome = selectDetailed(candidates, { mode: 'one-to-one', ontologies: { source, target } });
    // name: Person ≡ Human relates the domains. city: Venue and Place are not mapped. date: no domain at all.
    expect(pairs(outcome.selected)).toEqual(['Person=Human', 'name=hasName']);
    expect(outcome.removed.map((r) => [r.by, r.candidate.subject.slice(S.length)])).toEqual([['structure', 'city'], ['structure', 'date']]);
    expect(outcome.removed[0]!.reason).toBe('no selected class mapping relates the domains or the ranges of the two properties (or neither states one)');
    // Mapped through the hierarchy counts too: Venue ⊑ Location ≡ Place.
    const located = await ontology(S, ':Location a owl:Class . :Venue a owl:Class ; rdfs:subClassOf :Location . :city a owl:DatatypeProperty ; rdfs:domain :Venue .');
    expect(pairs(select([c('Location', 'Place', 0.9), c('city', 'hasCity', 0.6)], { mode: 'one-to-one', ontologies: { source: located, target } }))).toEqual(['Location=Place', 'city=hasCity']);
  });

  it('repair removes the lower-valued of two conflicting mappings and says why; --no-repair keeps both', async () => {
    const source = await ontology(S, ':Person a owl:Class . :Admin a owl:Class ; rdfs:subClassOf :Person .');
    const target = await ontology(T, ':Person a owl:Class . :Organisation a owl:Class ; owl:disjointWith :Person .');
    const candidates = [c('Person', 'Person', 0.9), c('Admin', 'Organisation', 0.3)];
    const outcome = selectDetailed(candidates, { mode: 'one-to-one', ontologies: { source, target } });
    expect(pairs(outcome.selected)).toEqual(['Person=Person']);
    expect(outcome.removed.map((r) => [r.by, r.reason])).toEqual([['repair', 'source class Admin becomes unsatisfiable: Person skos:exactMatch Person and Admin skos:exactMatch Organisation put it under two disjoint classes (Organisation disjointWith Person (target)), through Admin ⊑ Person (source)']]);
    expect(pairs(select(candidates, { mode: 'one-to-one', ontologies: { source, target }, repair: false }))).toHaveLength(2);
    // Mutual selects without repair unless asked.
    expect(selectDetailed(candidates, { mode: 'mutual', ontologies: { source, target } }).repair).toBe(false);
    expect(pairs(select(candidates, { mode: 'mutual', ontologies: { source, target }, repair: true }))).toEqual(['Person=Person']);
    // Without ontologies the selection is the plain one.
    expect(pairs(select(candidates, { mode: 'one-to-one' }))).toHaveLength(2);
  });

  it('asking for repair or structure without a mode or without ontologies is E_USAGE', async () => {
    const list = [c('A', 'X', 0.5)];
    expect(thrownIoaError(() => select(list, { repair: true })).location.path).toBe('$.repair');
    const error = thrownIoaError(() => select(list, { mode: 'one-to-one', structure: true }));
    expect([error.code, error.location.path]).toEqual(['E_USAGE', '$.ontologies']);
  });
});
