/**
 * Selection: candidates in, candidates out. One-to-one (greedy), mutual best and the threshold,
 * with the relation deciding what competes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relationFamily, select, type Selectable } from '../../src/selection/index.js';
import { thrownIoaError } from '../helpers/errors.js';

const M = 'fused';
function c(subject: string, object: string, score: number, rank = 1, predicate = 'skos:exactMatch', measure = M): Selectable {
  return { subject, predicate, object, score, rank, measure };
}
const triples = (list: readonly Selectable[]): string[] => list.map((x) => `${x.subject} ${x.predicate} ${x.object}`);

describe('select one-to-one', () => {
  it('keeps the best candidate of a contested object and gives the loser its next choice', () => {
    const list = [c('a', 'x', 0.9), c('a', 'y', 0.5, 2), c('b', 'x', 0.8), c('b', 'z', 0.4, 2)];
    expect(triples(select(list, { mode: 'one-to-one' }))).toEqual(['a skos:exactMatch x', 'b skos:exactMatch z']);
  });

  it('is greedy, not an optimal assignment: the best pair stays even when two weaker ones would sum higher', () => {
    // Hungarian would pick a–y and b–x (0.85 + 0.85 > 0.9 + 0.1).
    const list = [c('a', 'x', 0.9), c('a', 'y', 0.85, 2), c('b', 'x', 0.85), c('b', 'y', 0.1, 2)];
    expect(triples(select(list, { mode: 'one-to-one' }))).toEqual(['a skos:exactMatch x', 'b skos:exactMatch y']);
  });

  it('breaks equal scores by the list\'s rank, then by IRIs, whatever the input order', () => {
    const list = [c('b', 'x', 0.7, 2), c('a', 'x', 0.7, 1)];
    expect(triples(select(list, { mode: 'one-to-one' }))).toEqual(['a skos:exactMatch x']);
    expect(triples(select([...list].reverse(), { mode: 'one-to-one' }))).toEqual(['a skos:exactMatch x']);
    const tie = [c('b', 'x', 0.7), c('a', 'x', 0.7)];
    expect(triples(select(tie, { mode: 'one-to-one' }))).toEqual(['a skos:exactMatch x']);
  });

  it('applies --min-score before competing, so a candidate under it takes no place', () => {
    const list = [c('a', 'x', 0.3), c('b', 'x', 0.25, 1), c('b', 'y', 0.6, 2)];
    expect(triples(select(list, { mode: 'one-to-one', minScore: 0.5 }))).toEqual(['b skos:exactMatch y']);
    expect(triples(select(list, { minScore: 0.3 }))).toEqual(['a skos:exactMatch x', 'b skos:exactMatch y']);
  });

  it('gives a subject without an equivalence its best broader object, which many subjects may share; a subject with one keeps none', () => {
    const list = [
      c('finger', 'hand', 0.6, 2, 'skos:broadMatch'),
      c('thumb', 'hand', 0.55, 1, 'skos:broadMatch'),
      c('palm', 'hand', 0.5, 1, 'skos:broadMatch'),
      c('finger', 'digit', 0.4, 1),
      c('thumb', 'limb', 0.3, 3, 'skos:broadMatch'),
    ];
    // finger keeps its equivalence (selected first, whatever the broader candidate scores);
    // thumb and palm, without one, each keep their best broader object, the same one.
    expect(triples(select(list, { mode: 'one-to-one', directional: true }))).toEqual([
      'thumb skos:broadMatch hand', 'palm skos:broadMatch hand', 'finger skos:exactMatch digit',
    ]);
    expect(triples(select(list, { mode: 'mutual', directional: true }))).toEqual([
      'thumb skos:broadMatch hand', 'palm skos:broadMatch hand', 'finger skos:exactMatch digit',
    ]);
  });

  it('selects equivalences only unless asked for broader and narrower candidates', () => {
    const list = [
      c('thumb', 'hand', 0.55, 1, 'skos:broadMatch'),
      c('hand', 'finger', 0.6, 1, 'skos:narrowMatch'),
      c('finger', 'digit', 0.4, 1),
      c('thumb', 'hand', 0.3, 2, 'skos:relatedMatch'),
    ];
    for (const mode of ['one-to-one', 'mutual'] as const) {
      expect(triples(select(list, { mode }))).toEqual(['finger skos:exactMatch digit']);
      expect(triples(select(list, { mode, directional: false }))).toEqual(['finger skos:exactMatch digit']);
      expect(triples(select(list, { mode, directional: true }))).toEqual(['thumb skos:broadMatch hand', 'hand skos:narrowMatch finger', 'finger skos:exactMatch digit']);
    }
    // Without a mode nothing competes: the threshold alone keeps every relation.
    expect(triples(select(list, { minScore: 0.5 }))).toEqual(['thumb skos:broadMatch hand', 'hand skos:narrowMatch finger']);
  });

  it('gives each object one narrower subject, a subject may keep several, and an object with an equivalence keeps none', () => {
    const list = [
      c('hand', 'finger', 0.6, 1, 'skos:narrowMatch'),
      c('hand', 'thumb', 0.5, 2, 'skos:narrowMatch'),
      c('limb', 'finger', 0.4, 1, 'skos:narrowMatch'),
      c('hand', 'palm', 0.45, 3, 'skos:narrowMatch'),
      c('palm', 'palm', 0.9, 1),
    ];
    expect(triples(select(list, { mode: 'one-to-one', directional: true }))).toEqual(['hand skos:narrowMatch finger', 'hand skos:narrowMatch thumb', 'palm skos:exactMatch palm']);
  });

  it('keeps one relation per pair, the best one', () => {
    const list = [c('a', 'x', 0.5), c('a', 'x', 0.7, 1, 'http://www.w3.org/2004/02/skos/core#broadMatch')];
    expect(triples(select(list, { mode: 'one-to-one', directional: true }))).toEqual(['a http://www.w3.org/2004/02/skos/core#broadMatch x']);
    // The pair's best relation is broader: an equivalences-only selection keeps neither.
    expect(triples(select(list, { mode: 'one-to-one' }))).toEqual([]);
  });

  it('returns the input\'s own objects, in input order, and leaves the input alone', () => {
    const list = [c('b', 'y', 0.2), c('a', 'x', 0.9)];
    const before = JSON.stringify(list);
    const out = select(list, { mode: 'one-to-one' });
    expect(out[0]).toBe(list[0]);
    expect(out[1]).toBe(list[1]);
    expect(JSON.stringify(list)).toBe(before);
  });
});

describe('select mutual', () => {
  it('keeps only the unique best of both subject and object; ties abstain', () => {
    const list = [c('a', 'x', 0.9), c('b', 'x', 0.8), c('b', 'y', 0.7, 2), c('d', 'z', 0.5), c('e', 'z', 0.5)];
    // b–y is b's second choice: one-to-one takes it, mutual does not.
    expect(triples(select(list, { mode: 'mutual' }))).toEqual(['a skos:exactMatch x']);
    expect(triples(select(list, { mode: 'one-to-one' }))).toEqual(['a skos:exactMatch x', 'b skos:exactMatch y', 'd skos:exactMatch z']);
  });
});

describe('select refuses what it cannot do', () => {
  it('refuses candidates of different measures (their scores share no scale)', () => {
    const e = thrownIoaError(() => select([c('a', 'x', 0.9, 1, 'skos:exactMatch', 'edit'), c('a', 'y', 0.8, 1, 'skos:exactMatch', 'tfidf')], { mode: 'one-to-one' }));
    expect(e.code).toBe('E_SELECTION_MIXED_SCORES');
  });
  it('refuses an unknown mode and a threshold that is not a number', () => {
    expect(thrownIoaError(() => select([], { mode: 'best' as never })).code).toBe('E_USAGE');
    expect(thrownIoaError(() => select([], { minScore: Number.NaN })).code).toBe('E_USAGE');
  });
  it('knows the relation families', () => {
    expect(relationFamily('owl:equivalentClass')).toBe('equivalence');
    expect(relationFamily('skos:closeMatch')).toBe('equivalence');
    expect(relationFamily('http://www.w3.org/2004/02/skos/core#narrowMatch')).toBe('narrower');
    expect(relationFamily('skos:relatedMatch')).toBe('other');
  });
});

describe('selection properties', () => {
  const predicates = ['skos:exactMatch', 'skos:closeMatch', 'skos:broadMatch', 'skos:narrowMatch'];
  const arbList = fc.array(
    fc.record({
      subject: fc.constantFrom('a', 'b', 'c', 'd'),
      object: fc.constantFrom('w', 'x', 'y', 'z'),
      predicate: fc.constantFrom(...predicates),
      score: fc.integer({ min: 0, max: 20 }).map((n) => n / 20),
      rank: fc.integer({ min: 1, max: 5 }),
      measure: fc.constant(M),
    }),
    { maxLength: 30 },
  );

  it('one-to-one: no subject or object holds two equivalences, no pair two relations; same result for any input order', () => {
    fc.assert(fc.property(arbList, fc.integer({ min: 0, max: 20 }).map((n) => n / 20), (list, t) => {
      const out = select(list, { mode: 'one-to-one', minScore: t });
      const eq = out.filter((x) => relationFamily(x.predicate) === 'equivalence');
      expect(new Set(eq.map((x) => x.subject)).size).toBe(eq.length);
      expect(new Set(eq.map((x) => x.object)).size).toBe(eq.length);
      expect(new Set(out.map((x) => `${x.subject} ${x.object}`)).size).toBe(out.length);
      for (const x of out) expect(x.score).toBeGreaterThanOrEqual(t);
      const again = select([...list].reverse(), { mode: 'one-to-one', minScore: t });
      expect(new Set(again)).toEqual(new Set(out));
    }));
  });

  it('mutual is a subset of one-to-one; an equivalences-only selection a subset of the directional one', () => {
    fc.assert(fc.property(arbList, fc.boolean(), (list, directional) => {
      const greedy = new Set(select(list, { mode: 'one-to-one', directional }));
      for (const x of select(list, { mode: 'mutual', directional })) expect(greedy.has(x)).toBe(true);
      const withDirectional = new Set(select(list, { mode: 'one-to-one', directional: true }));
      for (const x of select(list, { mode: 'one-to-one' })) expect(withDirectional.has(x)).toBe(true);
    }));
  });
});
