/**
 * Restrictions a class is a subclass of (`rdfs:subClassOf [ owl:onProperty P ; owl:someValuesFrom
 * C ]`): read onto the concept as context for a reviewer (anatomy states part_of this way), never
 * as parents, never as match evidence.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { buildIndexFromQuads } from '../../src/ontology/build-index.js';
import { loadOntology } from '../../src/api/index.js';
import { Parser } from 'n3';

const ROOT = join(import.meta.dirname, '../..');

function index(ttl: string) {
  return buildIndexFromQuads(new Parser().parse(ttl), 'test.ttl');
}

describe('restrictions on classes', () => {
  it('reads someValuesFrom and allValuesFrom restrictions with a named filler, and keeps them out of parents', () => {
    const ontology = index(`@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <http://e.org/> .
      :partOf a owl:ObjectProperty ; rdfs:label "part of" .
      :Heart a owl:Class ; rdfs:label "heart" .
      :Organ a owl:Class .
      :Valve a owl:Class ; rdfs:label "heart valve" ; rdfs:subClassOf :Organ ,
        [ a owl:Restriction ; owl:onProperty :partOf ; owl:someValuesFrom :Heart ] ,
        [ a owl:Restriction ; owl:onProperty :partOf ; owl:allValuesFrom :Heart ] ,
        [ a owl:Restriction ; owl:onProperty :partOf ; owl:someValuesFrom [ owl:unionOf ( :Heart :Organ ) ] ] ,
        [ a owl:Restriction ; owl:onProperty :partOf ; owl:minCardinality 1 ] .`);
    const valve = ontology.byIri.get('http://e.org/Valve')!;
    expect(valve.parents).toEqual(['http://e.org/Organ']);
    expect(valve.restrictions).toEqual([
      { property: 'http://e.org/partOf', filler: 'http://e.org/Heart', quantifier: 'some' },
      { property: 'http://e.org/partOf', filler: 'http://e.org/Heart', quantifier: 'only' },
    ]);
    // A class without restrictions carries no field at all (the concept shape stays as it was).
    expect('restrictions' in ontology.byIri.get('http://e.org/Heart')!).toBe(false);
  });

  it('anatomy: mouse and human state part_of as someValuesFrom restrictions', async () => {
    const mouse = await loadOntology(join(ROOT, 'corpora/anatomy/mouse.owl'));
    expect(mouse.byIri.get('http://mouse.owl#MA_0000002')!.restrictions).toEqual([
      { property: 'http://mouse.owl#UNDEFINED_part_of', filler: 'http://mouse.owl#MA_0000216', quantifier: 'some' },
    ]);
    const withRestrictions = mouse.concepts.filter((c) => c.restrictions?.length).length;
    const human = await loadOntology(join(ROOT, 'corpora/anatomy/human.owl'));
    const humanWith = human.concepts.filter((c) => c.restrictions?.length).length;
    // mouse.owl has 1,637 someValuesFrom restrictions (grep counts them), human.owl 1,662, some
    // classes more than one.
    expect(withRestrictions).toBe(1537);
    expect(humanWith).toBe(1544);
    expect(mouse.concepts.flatMap((c) => c.restrictions ?? []).length).toBe(1637);
    expect(human.concepts.flatMap((c) => c.restrictions ?? []).length).toBe(1662);
  });
});
