/**
 * Which evidence yields which relation (src/generators/relations.ts, docs/relations.md).
 */
import { describe, expect, it } from 'vitest';
import { candidateRelation, fieldRelation, lexicalSimilarityRelation, nameParser, nameRelation, parsedNameRelation, similarityRelation, textRelation } from '../../src/generators/relations.js';
import { prepareOntology } from '../../src/generators/lexical-index.js';
import { ontology } from './fixtures.js';

describe('fieldRelation: what equal names say, from the fields they came from', () => {
  it('labels and exact or related synonyms establish equivalence', () => {
    expect(fieldRelation('label', 'synonym:exact')).toBe('skos:exactMatch');
    expect(fieldRelation('synonym:related', 'abbreviation')).toBe('skos:exactMatch');
  });
  it('the object\'s broad synonym naming the subject makes the object narrower', () => {
    expect(fieldRelation('label', 'synonym:broad')).toBe('skos:narrowMatch');
    expect(fieldRelation('label', 'synonym:narrow')).toBe('skos:broadMatch');
    expect(fieldRelation('synonym:broad', 'label')).toBe('skos:broadMatch');
    expect(fieldRelation('synonym:narrow', 'label')).toBe('skos:narrowMatch');
  });
  it('a chain through one broader term gives a direction; two broad synonyms only relate', () => {
    expect(fieldRelation('synonym:broad', 'synonym:narrow')).toBe('skos:broadMatch');
    expect(fieldRelation('synonym:narrow', 'synonym:broad')).toBe('skos:narrowMatch');
    expect(fieldRelation('synonym:broad', 'synonym:broad')).toBe('skos:relatedMatch');
  });
});

describe('similarity relations: weak similarity is never exactMatch', () => {
  it('below the generator\'s exact level a candidate is closeMatch', () => {
    // The case the relation work started from: TF-IDF 0.03 between two unrelated capabilities.
    expect(similarityRelation(0.03, 0.6, 'label', 'label')).toBe('skos:closeMatch');
    expect(similarityRelation(0.6, 0.6, 'label', 'label')).toBe('skos:exactMatch');
  });
  it('a lexical generator leaves "one name plus modifiers" to the structure generator', () => {
    const [a, b, c] = prepareOntology(ontology('x', [
      { iri: 'http://x/#a', labels: ['left lung alveolus'] },
      { iri: 'http://x/#b', labels: ['lung alveolus'] },
      { iri: 'http://x/#c', labels: ['alveolus of lung'] },
    ])).entries;
    expect(lexicalSimilarityRelation(0.95, 0.6, a!, b!)).toBe('skos:closeMatch');
    expect(lexicalSimilarityRelation(0.95, 0.6, b!, c!)).toBe('skos:exactMatch');
  });
  it('kinds of the draft never meet as equivalents', () => {
    expect(candidateRelation('skos:exactMatch', 'capability', 'domain')).toBe('skos:relatedMatch');
    expect(candidateRelation('skos:exactMatch', 'capability', 'capability')).toBe('skos:exactMatch');
    expect(candidateRelation('skos:closeMatch', 'objectProperty', 'datatypeProperty')).toBe('skos:closeMatch');
  });
});

describe('nameRelation: head/modifier analysis', () => {
  it.each([
    ['left lung alveolus', 'Lung_Alveolus', 'narrower'],
    ['cervical vertebra 4', 'Cervical Vertebra', 'narrower'],
    ['Image Generation', 'Unconditional Image Generation', 'broader'],
    ['left lung', 'right lung', 'sibling'],
    ['foot phalanx', 'Phalanx of the Foot', 'same'],
    // Different heads, the same words: still the same name.
    ['foot phalanx', 'phalanx foot', 'same'],
    ['arachnoid mater', 'Arachnoid Membrane', 'other'],
    // Coordinations name the union of their conjuncts, with ellipsis restored.
    ['Data Engineering', 'Data Engineering and Analytics', 'narrower'],
    ['Information Retrieval and Synthesis', 'Information Synthesis', 'broader'],
    ['Question Answering', 'Document or Database Question Answering', 'broader'],
    ['Advanced Reasoning & Planning', 'Reasoning and Planning', 'narrower'],
  ])('%s / %s → %s', (subject, object, expected) => {
    expect(textRelation(subject, object)).toBe(expected);
  });

  it('names parsed once by position relate as nameRelation relates the entries', () => {
    const names = ['left lung alveolus', 'Lung_Alveolus', 'left lung', 'right lung', 'Data Engineering and Analytics', 'Data Engineering', 'Reasoning and Planning', 'Advanced Reasoning & Planning', 'phalanx foot'];
    const entries = prepareOntology(ontology('names', names.map((label, i) => ({ iri: `http://x/${i}`, labels: [label] })))).entries;
    const parsed = nameParser(entries);
    const seen = new Set<string>();
    for (let i = 0; i < entries.length; i++) {
      for (let j = 0; j < entries.length; j++) {
        const relation = nameRelation(entries[i]!, entries[j]!);
        seen.add(relation);
        expect(parsedNameRelation(parsed(i), parsed(j))).toBe(relation);
      }
    }
    // The pairs cover every relation, so a parsed path that answered one relation wrongly would fail.
    expect([...seen].sort()).toEqual(['broader', 'narrower', 'other', 'same', 'sibling']);
  });
});
