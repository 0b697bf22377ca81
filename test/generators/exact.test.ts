import { describe, expect, it } from 'vitest';
import exact from '../../src/generators/exact.js';
import { collect, generatorSuite } from './suite.js';
import { ontology } from './fixtures.js';

generatorSuite('exact', {
  make: () => exact(),
  mustFind: [
    ['Paper', 'Paper'], // Porter stemming: paper ~ papers
    ['ConferenceMember', 'Member'], // identifier split, stop word, token order
    ['Review', 'Review'],
    ['hasReview', 'hasReview'], // property ↔ property, camelCase split
    ['PancreaticDuct', 'Pancreatic_Duct'],
    ['Translation', 'MachineTranslation'], // capability ↔ intent
  ],
});

const S = 'http://s#';
const T = 'http://t#';

describe('exact: normalisation levels and fields', () => {
  it('ranks a literal match above a stemmed, reordered one and keeps evidence of which names matched', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['skin of the leg'] }]);
    const target = ontology('t', [
      { iri: `${T}reordered`, labels: ['Leg Skins'] },
      { iri: `${T}literal`, labels: ['Skin of the Leg'] },
    ]);
    const out = await collect(exact(), source, target);
    expect(out.map((c) => c.object)).toEqual([`${T}literal`, `${T}reordered`]);
    expect(out[0]!.score).toBeGreaterThan(out[1]!.score);
    expect(out[1]!.evidence[0]).toMatchObject({ subjectText: 'skin of the leg', objectText: 'Leg Skins', subjectField: 'label', objectField: 'label' });
  });

  it('matches synonyms, but below labels, and broad synonyms lowest', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['gut'] }]);
    const target = ontology('t', [
      { iri: `${T}label`, labels: ['Gut'] },
      { iri: `${T}exactSyn`, labels: ['Bowel'], synonyms: [{ text: 'gut', kind: 'exact' }] },
      { iri: `${T}broadSyn`, labels: ['Tract'], synonyms: [{ text: 'gut', kind: 'broad' }] },
    ]);
    const out = await collect(exact(), source, target);
    expect(out.map((c) => c.object)).toEqual([`${T}label`, `${T}exactSyn`, `${T}broadSyn`]);
    expect(out[1]!.evidence[0]!.objectField).toBe('synonym:exact');
  });

  it('matches an abbreviation (ioa:abbr) against the initials of a multi-word name, both ways', async () => {
    const source = ontology('s', [{ iri: `${S}llm`, kind: 'capability', labels: ['Text generation'], abbreviations: [{ text: 'LLM', preferred: true }] }]);
    const target = ontology('t', [{ iri: `${T}model`, kind: 'capability', labels: ['Large Language Model'] }]);
    const forward = await collect(exact(), source, target);
    expect(forward.map((c) => c.object)).toEqual([`${T}model`]);
    expect(forward[0]!.evidence[0]).toMatchObject({ subjectField: 'abbreviation:preferred', objectText: 'Large Language Model' });
    const backward = await collect(exact(), target, source);
    expect(backward.map((c) => c.object)).toEqual([`${S}llm`]);
  });

  it('does not match names whose language tags differ, and does match untagged names', async () => {
    // Opaque IRIs: a meaningful local name would be an untagged name of its own.
    const source = ontology('s', [{ iri: `${S}C1`, labels: [{ text: 'Gift', lang: 'en' }] }]);
    const target = ontology('t', [
      { iri: `${T}C1`, labels: [{ text: 'Gift', lang: 'de' }] }, // German: poison
      { iri: `${T}C2`, labels: [{ text: 'gift', lang: 'en-gb' }] },
      { iri: `${T}C3`, labels: ['gift'] },
    ]);
    const out = await collect(exact(), source, target);
    expect(out.map((c) => c.object).sort()).toEqual([`${T}C2`, `${T}C3`]);
  });

  it('keeps numbers: rib 1 is not rib 2', async () => {
    const source = ontology('s', [{ iri: `${S}rib1`, labels: ['rib 1'] }]);
    const target = ontology('t', [{ iri: `${T}rib2`, labels: ['Rib_2'] }, { iri: `${T}rib1`, labels: ['Rib_1'] }]);
    expect((await collect(exact(), source, target)).map((c) => c.object)).toEqual([`${T}rib1`]);
  });
});
