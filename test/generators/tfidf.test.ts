import { describe, expect, it } from 'vitest';
import tfidf from '../../src/generators/tfidf.js';
import { collect, generatorSuite } from './suite.js';
import { ontology } from './fixtures.js';

generatorSuite('tfidf', {
  make: () => tfidf(),
  mustFind: [
    ['Paper', 'Paper'],
    ['ConferenceMember', 'Member'],
    ['Ophthalmic', 'OphthalmicArtery'],
    ['PancreaticDuct', 'Pancreatic_Duct'],
  ],
});

const S = 'http://s#';
const T = 'http://t#';

describe('tfidf: weighting and numbers', () => {
  it('lets a rare word outweigh a common one', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['cochlear duct'] }]);
    const target = ontology('t', [
      { iri: `${T}cochlea`, labels: ['Cochlear Canal'] },
      { iri: `${T}duct1`, labels: ['Bile Duct'] },
      { iri: `${T}duct2`, labels: ['Cystic Duct'] },
      { iri: `${T}duct3`, labels: ['Hepatic Duct'] },
    ]);
    const out = await collect(tfidf(), source, target);
    expect(out[0]!.object).toBe(`${T}cochlea`);
  });

  it('ranks a name with the same number above one without it (T4 vertebra vs thoracic vertebra)', async () => {
    const source = ontology('s', [{ iri: `${S}t4`, labels: ['thoracic vertebra 4'] }]);
    const target = ontology('t', [
      { iri: `${T}thoracic`, labels: ['Thoracic_Vertebra'] },
      { iri: `${T}T4`, labels: ['T4_Vertebra'] },
      { iri: `${T}T5`, labels: ['T5_Vertebra'] },
    ]);
    const out = await collect(tfidf(), source, target);
    expect(out[0]!.object).toBe(`${T}T4`);
  });

  it('prefers a name with the same head word over the whole it is part of', async () => {
    const source = ontology('s', [{ iri: `${S}wall`, labels: ['small intestine wall'] }]);
    const target = ontology('t', [
      { iri: `${T}intestine`, labels: ['Small_Intestine'] },
      { iri: `${T}wall`, labels: ['Small Intestinal Wall'] },
    ]);
    const out = await collect(tfidf(), source, target);
    expect(out.map((c) => c.object)).toEqual([`${T}wall`, `${T}intestine`]);
  });
});
