/**
 * SubjectScores is one scratch structure reused for every subject, and rankSubject picks the
 * first k rows without sorting them all: on random offers (ties, repeated name pairs, rejected
 * scores, the subject itself among the targets, every k) both must give what the plain version
 * below gives — a map and an object per offered concept, every row sorted.
 */
import { describe, expect, it } from 'vitest';
import { firstRows, rankSubject, SubjectScores, type GeneratorIdentity } from '../../src/generators/common.js';
import type { PreparedOntology, TextEntry, TextField } from '../../src/generators/lexical-index.js';
import { candidateRelation, fieldRelation } from '../../src/generators/relations.js';
import type { Concept } from '../../src/model/concept.js';
import type { Candidate, Evidence, MappingRelation } from '../../src/model/mapping.js';
import { rawScore } from '../../src/model/mapping.js';
import { seededRandom as random } from '../helpers/random.js';

type Offer = [object: number, score: number, subject: TextEntry, object: TextEntry, detail?: Partial<Evidence>];

/** The plain version: what rankSubject must keep giving. */
function reference(id: GeneratorIdentity, subject: Concept, offers: readonly Offer[], target: PreparedOntology, topK: number): Candidate[] {
  const byObject = new Map<number, { score: number; pairs: Array<[number, TextEntry, TextEntry, Partial<Evidence> | undefined]> }>();
  for (const [objectConcept, score, a, b, detail] of offers) {
    if (!Number.isFinite(score) || score <= 0) continue;
    const current = byObject.get(objectConcept);
    if (!current) {
      byObject.set(objectConcept, { score, pairs: [[score, a, b, detail]] });
      continue;
    }
    if (score > current.score) current.score = score;
    const pairs = current.pairs;
    if (pairs.some((p) => p[1] === a && p[2] === b)) continue;
    pairs.push([score, a, b, detail]);
    pairs.sort((x, y) => y[0] - x[0]); // stable: equal scores keep their order
    if (pairs.length > 3) pairs.length = 3;
  }
  const round = (x: number): number => Math.round(x * 1e9) / 1e9;
  const rows = [...byObject]
    .filter(([object]) => target.concepts[object]!.iri !== subject.iri)
    .map(([object, scored]) => ({ concept: target.concepts[object]!, score: round(scored.score), scored }));
  rows.sort((a, b) => b.score - a.score || (a.concept.iri < b.concept.iri ? -1 : a.concept.iri > b.concept.iri ? 1 : 0));
  return rows.slice(0, Math.max(0, topK)).map((row, i) => {
    const [, a, b] = row.scored.pairs[0]!;
    const evidence: MappingRelation = id.relation ? id.relation(row.score, a, b) : fieldRelation(a.field, b.field);
    return {
      subject: subject.iri,
      predicate: row.concept.kind === subject.kind ? evidence : candidateRelation(evidence, subject.kind, row.concept.kind),
      object: row.concept.iri,
      generator: id.name,
      score: rawScore(row.score),
      measure: id.measure,
      rank: i + 1,
      justification: id.justification,
      evidence: row.scored.pairs.map(([, x, y, detail]) => {
        const e: Evidence = { generator: id.name, subjectText: x.text, objectText: y.text, subjectField: x.field, objectField: y.field };
        if (x.lang) e.subjectLang = x.lang;
        if (y.lang) e.objectLang = y.lang;
        return detail ? Object.assign(e, detail) : e;
      }),
    };
  });
}

const FIELDS: TextField[] = ['label', 'synonym:exact', 'synonym:broad', 'synonym:narrow'];
const id: GeneratorIdentity = { name: 'test', measure: 'test-measure', justification: 'semapv:LexicalMatching' };

describe('SubjectScores and rankSubject', () => {
  it('give what a map per subject and a full sort give (random offers, one instance for all subjects)', () => {
    let compared = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
      const size = 1 + Math.floor(r() * 120);
      // IRIs in an order unrelated to positions, so ties are broken by IRI, not by position.
      const concepts = Array.from({ length: size }, (_, i) => ({ iri: `http://t.example/#c${(i * 7919) % 1009}-${i}`, kind: pick(['concept', 'capability'] as const) }) as Concept);
      const target = { concepts, position: new Map(concepts.map((c, i) => [c.iri, i])) } as unknown as PreparedOntology;
      const entry = (concept: number): TextEntry => ({ concept, text: `n${Math.floor(r() * 1e6)}`, field: pick(FIELDS), lang: pick([undefined, 'en']) }) as TextEntry;
      const objectNames = concepts.map((_, i) => [entry(i), entry(i)]);
      // Sometimes no capacity: the arrays must grow as offers come.
      const scores = new SubjectScores(r() < 0.5 ? 0 : size);
      for (let subjectRound = 0; subjectRound < 6; subjectRound++) {
        // Half the time the subject is one of the targets (a shared IRI): never its own candidate.
        const subject = (r() < 0.5 ? { ...pick(concepts) } : { iri: 'http://s.example/#x', kind: 'concept' }) as Concept;
        const subjectNames = [entry(0), entry(0), entry(0)];
        const offers: Offer[] = [];
        const count = Math.floor(r() * 300);
        for (let i = 0; i < count; i++) {
          const object = Math.floor(r() * size);
          const score = pick([Math.round(r() * 10) / 10, r(), 0, -1, Number.NaN, 0.5 + 1e-12]);
          offers.push([object, score, pick(subjectNames), pick(objectNames[object]!), r() < 0.1 ? { objectText: 'detail' } : undefined]);
        }
        scores.reset();
        for (const offer of offers) scores.offer(...offer);
        for (const k of [0, 1, 3, 10, 32, 33, 1000]) {
          expect(rankSubject(id, subject, scores, target, k), `seed ${seed}, subject ${subjectRound}, k ${k}`).toEqual(reference(id, subject, offers, target, k));
          compared++;
        }
      }
    }
    expect(compared).toBe(200 * 6 * 7);
  });
});

describe('firstRows', () => {
  it('gives the first k of a total order, as sorting all and keeping k does', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = random(seed);
      // Coarse scores tie often; the index breaks ties, so the order is total.
      const items = Array.from({ length: Math.floor(r() * 200) }, (_, i) => ({ score: Math.floor(r() * 8), i }));
      const order = (a: { score: number; i: number }, b: { score: number; i: number }): number => b.score - a.score || a.i - b.i;
      for (const k of [0, 1, 2, 10, 32, 33, 500]) {
        expect(firstRows(items, k, order), `seed ${seed}, k ${k}`).toEqual([...items].sort(order).slice(0, k));
      }
    }
  });
});
