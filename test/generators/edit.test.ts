import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import JaroWinklerDistance from 'natural/lib/natural/distance/jaro-winkler_distance.js';
import edit, { jaroWinkler, stringSimilarity, WordTable } from '../../src/generators/edit.js';
import { prepareOntology } from '../../src/generators/lexical-index.js';
import { collect, generatorSuite } from './suite.js';
import { ontology } from './fixtures.js';

generatorSuite('edit', {
  make: () => edit(),
  mustFind: [
    ['Ophthalmic', 'OphthalmicArtery'], // a typo
    ['PancreaticDuct', 'Pancreatic_Duct'],
    ['Review', 'Review'],
  ],
});

const S = 'http://s#';
const T = 'http://t#';

describe('edit: similarity, threshold and word order', () => {
  it('prefers the closer spelling and drops pairs under the threshold', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['interosseus muscle'] }]);
    const target = ontology('t', [
      { iri: `${T}close`, labels: ['Interosseous Muscle'] },
      { iri: `${T}far`, labels: ['Interosseous Membrane'] },
      { iri: `${T}unrelated`, labels: ['muscle spindle fibre'] },
    ]);
    const out = await collect(edit(), source, target);
    expect(out[0]!.object).toBe(`${T}close`);
    expect(out.map((c) => c.object)).not.toContain(`${T}unrelated`);
    const strict = await collect(edit({ minSimilarity: 0.99 }), source, target);
    expect(strict.map((c) => c.object)).toEqual([]);
  });

  it('matches reordered words word by word', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['lymphoid tissue thymus'] }]);
    const target = ontology('t', [
      { iri: `${T}thymic`, labels: ['Thymic Lymphoid Tissue'] },
      { iri: `${T}generic`, labels: ['Lymphoid Organ'] },
    ]);
    const out = await collect(edit(), source, target);
    expect(out[0]!.object).toBe(`${T}thymic`);
  });
});

describe('edit: its Jaro–Winkler is natural\'s', () => {
  it('gives the same value as natural\'s JaroWinklerDistance, bit for bit', () => {
    // Short strings over a small alphabet, so matches, transpositions and shared prefixes are common.
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'é', ' '), maxLength: 14 });
    fc.assert(fc.property(word, word, (a, b) => {
      expect(jaroWinkler(a, b)).toBe(JaroWinklerDistance(a, b));
    }), { numRuns: 2000 });
    // Long names (wide match windows, many occurrences of each letter) and code units of astral characters.
    const long = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '😀'), minLength: 20, maxLength: 90 });
    fc.assert(fc.property(long, long, (a, b) => {
      expect(jaroWinkler(a, b)).toBe(JaroWinklerDistance(a, b));
    }), { numRuns: 500 });
    for (const [a, b] of [['martha', 'marhta'], ['dixon', 'dicksonx'], ['thymus', 'thymic'], ['', 'a'], ['a', 'b'], ['interosseus', 'interosseous']] as const) {
      expect(jaroWinkler(a, b)).toBe(JaroWinklerDistance(a, b));
    }
  });
});

describe('edit: word-by-word similarity', () => {
  it('is the IDF-weighted Monge–Elkan mean of both directions, computed plainly', () => {
    // Names of one to four words from a small vocabulary, so words repeat, nearly match
    // (thymus/thymic) and differ in number between the two names.
    const vocabulary = ['thymus', 'thymic', 'muscle', 'muscles', 'leg', 'skin', 'artery', 'arteriole', 'lymphoid', 'tissue'];
    const name = fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
    fc.assert(fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), fc.array(name, { minLength: 1, maxLength: 4 }), (sourceNames, targetNames) => {
      const src = prepareOntology(ontology('s', sourceNames.map((label, i) => ({ iri: `${S}${i}`, labels: [label] }))));
      const tgt = prepareOntology(ontology('t', targetNames.map((label, i) => ({ iri: `${T}${i}`, labels: [label] }))));
      const table = new WordTable(src.entries, tgt.entries);
      const all = [...src.entries, ...tgt.entries];
      const idf = (w: string): number => Math.log((all.length + 1) / (all.filter((e) => e.content.includes(w)).length + 1)) + 1;
      const direction = (xs: readonly string[], ys: readonly string[]): number => {
        let total = 0;
        let weight = 0;
        for (const x of xs) {
          const best = Math.max(...ys.map((y) => stringSimilarity(x, y)));
          total += idf(x) * best;
          weight += idf(x);
        }
        return total / weight;
      };
      src.entries.forEach((a, i) => tgt.entries.forEach((b, j) => {
        expect(table.mongeElkan(table.source[i]!, table.target[j]!)).toBe((direction(a.content, b.content) + direction(b.content, a.content)) / 2);
      }));
    }), { numRuns: 200 });
  });
});
