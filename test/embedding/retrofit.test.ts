import { describe, expect, it } from 'vitest';
import { retrofit } from '../../src/embedding/retrofit.js';
import { wordnetPairs } from '../../src/embedding/wordnet-pairs.js';

const cos = (v: Float32Array, a: number, b: number, dims: number) => {
  let dot = 0, na = 0, nb = 0;
  for (let d = 0; d < dims; d++) {
    dot += v[a * dims + d]! * v[b * dims + d]!;
    na += v[a * dims + d]! ** 2;
    nb += v[b * dims + d]! ** 2;
  }
  return dot / Math.sqrt(na * nb);
};

describe('retrofitting (Faruqui et al., 2015)', () => {
  const words = ['renal', 'kidney', 'tax'];
  const vectors = Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);

  it('pulls linked words together, leaves unlinked words and the input untouched', () => {
    const out = retrofit(words, vectors, 3, [['renal', 'kidney'], ['renal', 'absent-word']], { iterations: 10, alpha: 1, beta: 1, lexicons: [] });
    expect(cos(vectors, 0, 1, 3)).toBe(0);
    expect(cos(out, 0, 1, 3)).toBeGreaterThan(0.7);
    expect(Array.from(out.subarray(6, 9))).toEqual([0, 0, 1]);
    expect(Array.from(vectors)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it('stays anchored to the original vector (alpha)', () => {
    const loose = retrofit(words, vectors, 3, [['renal', 'kidney']], { iterations: 10, alpha: 0.1, beta: 1, lexicons: [] });
    const tight = retrofit(words, vectors, 3, [['renal', 'kidney']], { iterations: 10, alpha: 10, beta: 1, lexicons: [] });
    expect(cos(loose, 0, 1, 3)).toBeGreaterThan(cos(tight, 0, 1, 3));
  });
});

describe('WordNet pairs', () => {
  it('has synonyms and adjective-to-noun pertainyms, single words only, each pair once', async () => {
    const pairs = await wordnetPairs({ synonyms: true, pertainyms: true });
    const has = (a: string, b: string) => pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
    expect(has('renal', 'kidney')).toBe(true); // pertainym
    expect(has('hepatic', 'liver')).toBe(true); // pertainym
    expect(has('car', 'automobile')).toBe(true); // synonym
    expect(pairs.every(([a, b]) => /^[a-z]+$/.test(a) && /^[a-z]+$/.test(b) && a !== b)).toBe(true);
    const keys = pairs.map(([a, b]) => (a < b ? `${a} ${b}` : `${b} ${a}`));
    expect(new Set(keys).size).toBe(keys.length);
    const onlySynonyms = await wordnetPairs({ synonyms: true, pertainyms: false });
    expect(onlySynonyms.some(([x, y]) => (x === 'renal' && y === 'kidney') || (x === 'kidney' && y === 'renal'))).toBe(false);
  });
});

describe('word pairs from an ontology\'s own synonyms', () => {
  it('pairs the one differing word of two names of one concept, nothing else', async () => {
    const { synonymWordPairs } = await import('../../src/embedding/ontology-pairs.js');
    const { emptyConcept } = await import('../../src/model/concept.js');
    const c = emptyConcept('http://h#RenalArtery', 'class', 'RenalArtery');
    c.labels.push({ text: 'Renal_Artery', source: 'rdfs:label' });
    c.synonyms.push({ text: 'Kidney Artery', kind: 'related' }, { text: 'Artery of the Kidney', kind: 'related' }, { text: 'Arteria renalis', kind: 'broad' });
    const d = emptyConcept('http://h#L4', 'class', 'L4');
    d.labels.push({ text: 'L4 Vertebra', source: 'rdfs:label' });
    d.synonyms.push({ text: '4 Vertebra', kind: 'exact' });
    expect(synonymWordPairs([c, d])).toEqual([['renal', 'kidney']]);
  });
});
