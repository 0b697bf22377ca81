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

describe('exact: names longer than the matching cut', () => {
  it('two names that differ only past the cut are not the same name; two equal long names still are', async () => {
    const long = (tail: string): string => `${'word '.repeat(110)}${tail}`;
    expect(long('apple').length).toBeGreaterThan(512);
    const source = ontology('s', [{ iri: `${S}a`, labels: [long('apple')] }]);
    const target = ontology('t', [{ iri: `${T}banana`, labels: [long('banana')] }, { iri: `${T}apple`, labels: [long('apple')] }]);
    const out = await collect(exact(), source, target);
    expect(out.map((c) => [c.object, c.score])).toEqual([[`${T}apple`, 1]]);
  });
});

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

describe('exact: abbreviations inside names, read from the two ontologies', () => {
  it('expands `Member_PC` and `OC_Member` to the phrase another name spells with those initials, both ways', async () => {
    const source = ontology('s', [
      { iri: `${S}Member_PC`, labels: ['Member_PC'] },
      { iri: `${S}OC_Member`, labels: ['OC_Member'] },
    ]);
    const target = ontology('t', [
      { iri: `${T}pcm`, labels: ['Program_Committee_member'] },
      { iri: `${T}ocm`, labels: ['Organizing_Committee_member'] },
      { iri: `${T}chair`, labels: ['Program_Chair'] }, // "pc" is spelt by two phrases: each is tried
    ]);
    const forward = await collect(exact(), source, target);
    expect(forward.map((c) => [c.subject, c.object])).toEqual([
      [`${S}Member_PC`, `${T}pcm`],
      [`${S}OC_Member`, `${T}ocm`],
    ]);
    // Weaker than a name equal after normalisation: the abbreviation level.
    expect(forward[0]!.score).toBeCloseTo(0.8 * 1 * 1, 6);
    expect(forward[0]!.evidence[0]).toMatchObject({ subjectText: 'Member_PC', objectText: 'Program_Committee_member' });
    const backward = await collect(exact(), target, source);
    expect(backward.map((c) => [c.subject, c.object])).toEqual([
      [`${T}pcm`, `${S}Member_PC`],
      [`${T}ocm`, `${S}OC_Member`],
    ]);
  });

  it('expands the target\'s abbreviation too: `ProgramCommitteeChair` finds `Chair_of_the_PC`', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['ChairPC'] }, { iri: `${S}b`, labels: ['ProgramCommitteeChair'] }]);
    const target = ontology('t', [{ iri: `${T}x`, labels: ['Chair_of_the_PC'] }]);
    const out = await collect(exact(), source, target);
    // ChairPC and Chair_of_the_PC are equal names already; ProgramCommitteeChair reaches it by expansion.
    expect(out.map((c) => c.subject).sort()).toEqual([`${S}a`, `${S}b`]);
  });

  it('leaves Roman numerals, names written in capitals, and abbreviations no name spells as written', async () => {
    const source = ontology('s', [
      { iri: `${S}roman`, labels: ['oculomotor III nucleus'] },
      { iri: `${S}caps`, labels: ['HV LIMB'] },
      { iri: `${S}plain`, labels: ['heart valve'] },
      { iri: `${S}unknown`, labels: ['XY_Member'] },
    ]);
    const target = ontology('t', [
      { iri: `${T}iii`, labels: ['oculomotor inferior intermediate inner nucleus'] },
      { iri: `${T}hv`, labels: ['heart valve'] },
      { iri: `${T}hvl`, labels: ['Hepatic Vein Limb'] },
      { iri: `${T}m`, labels: ['Member'] },
    ]);
    const out = await collect(exact(), source, target);
    // Only the plain name matches: III is a numeral, a name in capitals has no abbreviation to
    // tell apart (HV LIMB stays unread though "Hepatic Vein" spells hv), and no name spells XY.
    expect(out.map((c) => [c.subject, c.object])).toEqual([[`${S}plain`, `${T}hv`]]);
  });
});

describe('exact: invisible joiners and ß', () => {
  it('matches a name with a soft hyphen, a ZWNJ or a ß to its plain spelling as a literal match', async () => {
    const source = ontology('s', [
      { iri: `${S}software`, labels: ['soft\u00adware'] },
      { iri: `${S}books`, labels: ['کتاب\u200cها'] },
      { iri: `${S}street`, labels: ['Straße'] },
    ]);
    const target = ontology('t', [
      { iri: `${T}software`, labels: ['Software'] },
      { iri: `${T}books`, labels: ['کتابها'] },
      { iri: `${T}street`, labels: ['STRASSE'] },
    ]);
    const out = await collect(exact(), source, target);
    expect(out.map((c) => [c.subject.slice(S.length), c.object.slice(T.length), c.score])).toEqual([
      ['software', 'software', 1], ['books', 'books', 1], ['street', 'street', 1],
    ]);
  });
});
