/**
 * `statementKey`: one key for a statement however it is written (symmetric relations either way
 * round, broadMatch as narrowMatch read backwards), and different keys for different statements.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inverseRelation, MAPPING_RELATIONS, statementKey, tripleKey } from '../../src/model/mapping.js';

const term = fc.constantFrom('a:T', 'b:T', 'a:U', 'b:V', 'https://a.example/x', 'https://b.example/x');
const relation = fc.constantFrom(...MAPPING_RELATIONS);

describe('statementKey', () => {
  it('a statement and its converse (inverse relation, ends swapped) share one key', () => {
    fc.assert(fc.property(term, relation, term, (s, p, o) => {
      expect(statementKey(o, inverseRelation(p), s)).toBe(statementKey(s, p, o));
    }));
    expect(statementKey('doc:T', 'skos:exactMatch', 'cs:T')).toBe(statementKey('cs:T', 'skos:exactMatch', 'doc:T'));
    expect(statementKey('doc:T', 'skos:narrowMatch', 'cs:T')).toBe(statementKey('cs:T', 'skos:broadMatch', 'doc:T'));
  });

  it('two statements that are not each other\'s converse keep different keys', () => {
    fc.assert(fc.property(term, relation, term, term, relation, term, (s1, p1, o1, s2, p2, o2) => {
      const same = (s1 === s2 && p1 === p2 && o1 === o2) || (s1 === o2 && o1 === s2 && p1 === inverseRelation(p2));
      expect(statementKey(s1, p1, o1) === statementKey(s2, p2, o2)).toBe(same);
    }), { numRuns: 500 });
    expect(statementKey('a:T', 'skos:broadMatch', 'b:T')).not.toBe(statementKey('b:T', 'skos:broadMatch', 'a:T'));
  });

  it('a predicate that is no SKOS mapping relation keys as written (its inverse is not known here)', () => {
    expect(statementKey('b:T', 'rdfs:subClassOf', 'a:T')).toBe(tripleKey('b:T', 'rdfs:subClassOf', 'a:T'));
  });
});
