import { describe, expect, it } from 'vitest';
import { addDefinition, DEFAULT_DEFINITION_SOURCE, definitionSource, emptyConcept } from '../../src/model/concept.js';

describe('Concept definitions and their sources', () => {
  it('a new concept has no definitions, keywords or examples', () => {
    const c = emptyConcept('urn:x', 'class', 'x');
    expect(c.definitions).toEqual([]);
    expect(c.keywords).toEqual([]);
    expect(c.examples).toEqual([]);
    expect(c.definitionSources).toBeUndefined();
  });

  it('addDefinition keeps each text with the annotation it was read from', () => {
    const c = emptyConcept('urn:x', 'class', 'x');
    addDefinition(c, '  A bone of the foot.  ', 'IAO:0000115');
    addDefinition(c, 'Comment in prose.', 'rdfs:comment');
    expect(c.definitions).toEqual(['A bone of the foot.', 'Comment in prose.']);
    expect(definitionSource(c, 0)).toBe('IAO:0000115');
    expect(definitionSource(c, 1)).toBe('rdfs:comment');
  });

  it('a repeated text keeps its first source, and an empty one is not added', () => {
    const c = emptyConcept('urn:x', 'class', 'x');
    addDefinition(c, 'Same text.', 'skos:definition');
    addDefinition(c, 'Same text.', 'rdfs:comment');
    addDefinition(c, '   ', 'rdfs:comment');
    expect(c.definitions).toEqual(['Same text.']);
    expect(c.definitionSources).toEqual(['skos:definition']);
  });

  it('definitions pushed without a source read as the default one, also when added before a sourced one', () => {
    const c = emptyConcept('urn:x', 'capability', 'x');
    c.definitions.push('Pushed as plain text.');
    expect(definitionSource(c, 0)).toBe(DEFAULT_DEFINITION_SOURCE);
    addDefinition(c, 'A formal definition.', 'skos:definition');
    expect(c.definitionSources).toEqual([DEFAULT_DEFINITION_SOURCE, 'skos:definition']);
    expect(definitionSource(c, 1)).toBe('skos:definition');
  });
});
