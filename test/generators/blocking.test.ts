import { describe, expect, it } from 'vitest';
import { cosine, nameFeatures, vectorize } from '../../src/generators/blocking.js';
import { prepareOntology } from '../../src/generators/lexical-index.js';
import { ontology } from './fixtures.js';

const names = (prefix: string, labels: string[]) => ontology(prefix, labels.map((l, i) => ({ iri: `http://${prefix}#c${i}`, labels: [l] })));

describe('blocking index', () => {
  const source = prepareOntology(names('s', ['left lung lobe', 'heart valve', 'spleen']));
  const target = prepareOntology(names('t', ['Lobe of Left Lung', 'Cardiac Valve', 'Heart', 'Splenic Pulp', 'Lung', 'Kidney']));
  const { features } = nameFeatures();
  const vectors = vectorize(source, target, features);

  it('returns the same cosines as comparing every pair when the budget allows', () => {
    for (let e = 0; e < source.entries.length; e++) {
      const brute = vectors.target
        .map((v, doc) => ({ doc, score: cosine(vectors.source[e]!, v) }))
        .filter((h) => h.score > 0)
        .sort((a, b) => b.score - a.score || a.doc - b.doc);
      const hits = vectors.index.query(vectors.source[e]!, 1_000_000, 100);
      expect([...hits.docs]).toEqual(brute.map((h) => h.doc));
      hits.scores.forEach((s, i) => expect(s).toBeCloseTo(brute[i]!.score, 6));
    }
  });

  it('visits at most `budget` postings per query, rarest features first, and rescores exactly', () => {
    // 400 names sharing the common word `muscle`, one sharing the rare `sartorius`.
    const big = prepareOntology(names('b', [...Array.from({ length: 400 }, (_, i) => `muscle ${String.fromCharCode(97 + (i % 26))}${i}`), 'sartorius muscle']));
    const query = prepareOntology(names('q', ['sartorius muscle']));
    const v = vectorize(query, big, features);
    const result = v.index.query(v.source[0]!, 50, 5);
    expect(result.examined).toBeLessThanOrEqual(50);
    expect(result.docs[0]).toBe(400);
    expect(result.scores[0]).toBeCloseTo(cosine(v.source[0]!, v.target[400]!), 6);
    // With an unlimited budget every `muscle` name is visited.
    expect(v.index.query(v.source[0]!, 1_000_000, 5).examined).toBeGreaterThan(400);
  });

  it('keeps kind groups apart: a class never meets a property', () => {
    const s = prepareOntology(ontology('s', [{ iri: 'http://s#a', labels: ['review'] }]));
    const t = prepareOntology(ontology('t', [{ iri: 'http://t#p', kind: 'objectProperty', labels: ['review'] }]));
    const v = vectorize(s, t, features);
    expect(v.index.query(v.source[0]!, 1000, 10).docs.length).toBe(0);
  });
});
