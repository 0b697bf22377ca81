import { describe, expect, it } from 'vitest';
import { fuseCandidates, fusedValueMeasure, FUSION_GENERATOR } from '../../src/generators/fusion.js';
import { rawScore, type Candidate } from '../../src/model/mapping.js';

function candidate(generator: string, subject: string, object: string, rank: number, score: number, predicate = 'skos:exactMatch'): Candidate {
  return {
    subject, predicate, object, generator, rank,
    score: rawScore(score),
    measure: `${generator}-measure`,
    justification: 'semapv:LexicalMatching',
    evidence: [{ generator, subjectText: subject, objectText: object, subjectField: 'label', objectField: 'label' }],
  };
}

describe('the fused value (default): rank-discounted weighted mean of member scores', () => {
  it('is the sum of weight · score / √rank over the members, divided by the weights of the generators that proposed anything', () => {
    const members = [candidate('a', 's', 'o1', 1, 0.9), candidate('a', 's', 'o2', 4, 0.8), candidate('b', 's', 'o2', 1, 0.6), candidate('c', 't', 'o3', 1, 0.5)];
    const fused = fuseCandidates(members, { topK: 10, weights: { b: 2 }, generators: ['a', 'b', 'c', 'd'] });
    // o2: (1 · 0.8 / 2 + 2 · 0.6 / 1) / (1 + 2 + 1) = 0.4; o1: 0.9 / 4 = 0.225. `c` proposed for
    // another subject, so it counts here too; `d` proposed nothing at all, so it does not.
    expect(fused.filter((c) => c.subject === 's').map((c) => [c.object, c.rank, c.score])).toEqual([['o2', 1, 0.4], ['o1', 2, 0.225]]);
    expect(fused[0]!.measure).toBe('weighted-mean-of-score/sqrt(rank)(a:1,b:2,c:1)');
    expect(fused[0]!.measure).toBe(fusedValueMeasure(['c', 'b', 'a'], { b: 2 }));
    // Reciprocal rank fusion still normalises over every generator that ran.
    expect(fuseCandidates(members, { topK: 10, weights: {}, generators: ['a', 'b', 'c', 'd'], value: 'rrf' })[0]!.measure).toBe('reciprocal-rank-fusion(k=60;normalised;a,b,c,d)');
  });

  it('a generator silent for the whole run (it cannot apply to these names) does not dilute the others', () => {
    const only = [candidate('translate', 's', 'o', 1, 0.8)];
    const fused = fuseCandidates(only, { topK: 10, generators: ['exact', 'edit', 'tfidf', 'wordnet', 'translate'] });
    expect(fused[0]!.score).toBe(0.8);
    expect(fused[0]!.measure).toBe('weighted-mean-of-score/sqrt(rank)(translate:1)');
  });

  it('a partial member counts only for the subjects it proposed for, and the measure says so', () => {
    const members = [candidate('a', 's', 'o', 1, 0.8), candidate('id', 's', 'o', 1, 1), candidate('a', 't', 'p', 1, 0.8)];
    const options = { topK: 10, weights: { a: 1, id: 3 }, generators: ['a', 'id'] };
    const valueFor = (fused: readonly Candidate[], subject: string): number => fused.find((c) => c.subject === subject)!.score as number;
    const whole = fuseCandidates(members, options);
    const partial = fuseCandidates(members, { ...options, partialMembers: new Set(['id']) });
    // s: (0.8 + 3 · 1) / (1 + 3) = 0.95 either way: `id` spoke for s.
    expect(valueFor(whole, 's')).toBe(0.95);
    expect(valueFor(partial, 's')).toBe(0.95);
    // t: `id` said nothing about t: 0.8 / 4 = 0.2 when it counts everywhere, 0.8 / 1 when partial.
    expect(valueFor(whole, 't')).toBe(0.2);
    expect(valueFor(partial, 't')).toBe(0.8);
    expect(whole[0]!.measure).toBe('weighted-mean-of-score/sqrt(rank)(a:1,id:3)');
    expect(partial[0]!.measure).toBe('weighted-mean-of-score/sqrt(rank)(a:1,id:3(partial))');
  });

  it('spreads where rank fusion bunches: two rank-1 candidates of different strength get different values', () => {
    const members = [candidate('a', 's1', 'o', 1, 0.95), candidate('a', 's2', 'o', 1, 0.55)];
    const [strong, weak] = fuseCandidates(members, { topK: 10, weights: {} });
    expect(strong!.score).toBe(0.95);
    expect(weak!.score).toBe(0.55);
    const rrf = fuseCandidates(members, { topK: 10, weights: {}, value: 'rrf' });
    expect(rrf[0]!.score).toBe(rrf[1]!.score);
  });

  it('is 1 only when every member ranks the pair first with score 1, and stays in [0, 1] for a member out of range', () => {
    expect(fuseCandidates([candidate('a', 's', 'o', 1, 1), candidate('b', 's', 'o', 1, 1)], { topK: 10, weights: {} })[0]!.score).toBe(1);
    const out = fuseCandidates([candidate('a', 's', 'o', 1, 55), candidate('b', 's', 'o', 2, -3)], { topK: 10, weights: {} });
    expect(out[0]!.score).toBe(0.5);
  });

  it('is rounded to six decimals, and candidates are ranked on the rounded value (ties then go to more members)', () => {
    const members = [candidate('a', 's', 'o1', 1, 0.3000004), candidate('a', 's', 'o2', 2, 0.3), candidate('b', 's', 'o2', 1, 0.3)];
    const fused = fuseCandidates(members, { topK: 10, weights: {}, generators: ['a', 'b'] });
    expect(fused.map((c) => c.score)).toEqual([0.256066, 0.15]);
    const tie = fuseCandidates([candidate('a', 's', 'x', 1, 0.5000001), candidate('b', 's', 'y', 1, 0.25), candidate('c', 's', 'y', 1, 0.25)], { topK: 10, weights: {} });
    expect(tie.map((c) => [c.object, c.score])).toEqual([['y', 0.166667], ['x', 0.166667]]);
  });
});

describe('reciprocal rank fusion (value: rrf)', () => {
  const members = [
    candidate('a', 's1', 'o1', 1, 0.9),
    candidate('a', 's1', 'o2', 2, 0.8),
    candidate('b', 's1', 'o2', 1, 55),
    candidate('b', 's1', 'o3', 2, 40),
  ];

  it('scores each candidate by the sum of weight / (k + rank), over its maximum (all members rank it first)', () => {
    const fused = fuseCandidates(members, { topK: 10, k: 60, weights: {}, value: 'rrf' });
    const max = 2 / 61;
    expect(fused.map((c) => [c.object, c.rank])).toEqual([['o2', 1], ['o1', 2], ['o3', 3]]);
    expect(fused[0]!.score).toBeCloseTo((1 / 62 + 1 / 61) / max, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61 / max, 12);
    expect(fused[0]).toMatchObject({ generator: FUSION_GENERATOR, justification: 'semapv:CompositeMatching' });
    expect(fused[0]!.measure).toBe('reciprocal-rank-fusion(k=60;normalised;a,b)');
  });

  it('gives 1 to a pair every member ranks first, even with k = 1 and heavy weights', () => {
    const fused = fuseCandidates([candidate('a', 's', 'o', 1, 0.2), candidate('b', 's', 'o', 1, 7)], { topK: 10, k: 1, weights: { a: 5 }, value: 'rrf' });
    expect(fused[0]!.score).toBe(1);
  });

  it('keeps every member candidate and its evidence, untouched', () => {
    const fused = fuseCandidates(members, { topK: 10, weights: {}, value: 'rrf' });
    const o2 = fused.find((c) => c.object === 'o2')!;
    expect(o2.members).toEqual([members[1], members[2]]);
    expect(o2.evidence.map((e) => e.generator)).toEqual(['a', 'b']);
  });

  it('never uses raw scores: rescaling one member\'s scores changes nothing', () => {
    const rescaled = members.map((c) => (c.generator === 'b' ? { ...c, score: rawScore(c.score / 1000) } : c));
    const strip = (cs: ReturnType<typeof fuseCandidates>) => cs.map(({ subject, object, rank, score }) => ({ subject, object, rank, score }));
    expect(strip(fuseCandidates(rescaled, { topK: 10, weights: {}, value: 'rrf' }))).toEqual(strip(fuseCandidates(members, { topK: 10, weights: {}, value: 'rrf' })));
  });

  it('normalises over every generator that ran, also those that proposed nothing', () => {
    const only = [candidate('a', 's', 'o', 1, 0.5)];
    expect(fuseCandidates(only, { topK: 10, k: 60, weights: {}, value: 'rrf' })[0]!.score).toBe(1);
    const fused = fuseCandidates(only, { topK: 10, k: 60, weights: {}, generators: ['a', 'b'], value: 'rrf' });
    expect(fused[0]!.score).toBeCloseTo(0.5, 12);
    expect(fused[0]!.measure).toBe('reciprocal-rank-fusion(k=60;normalised;a,b)');
  });

  it('applies member weights and top-k', () => {
    const split = [candidate('a', 's', 'o1', 1, 1), candidate('b', 's', 'o3', 1, 1)];
    // Equal trust: a tie, broken by object IRI.
    expect(fuseCandidates(split, { topK: 1, weights: {}, value: 'rrf' }).map((c) => c.object)).toEqual(['o1']);
    const fused = fuseCandidates(split, { topK: 1, k: 60, weights: { b: 2 }, value: 'rrf' });
    expect(fused.map((c) => [c.object, c.rank])).toEqual([['o3', 1]]);
    expect(fused[0]!.score).toBeCloseTo(2 / 61 / (3 / 61), 12);
  });

  it('keeps direction and predicate apart: s→o, o→s and another predicate are three mappings', () => {
    const fused = fuseCandidates(
      [candidate('a', 'x', 'y', 1, 1), candidate('b', 'y', 'x', 1, 1), candidate('b', 'x', 'y', 1, 1, 'skos:broadMatch')],
      { topK: 10, weights: {}, value: 'rrf' },
    );
    expect(fused.map((c) => [c.subject, c.predicate, c.object, c.members.length])).toEqual([
      ['x', 'skos:exactMatch', 'y', 1],
      ['x', 'skos:broadMatch', 'y', 1],
      ['y', 'skos:exactMatch', 'x', 1],
    ]);
  });

  it('by default trusts the equality-based generators (exact, wordnet) twice as much', () => {
    const fused = fuseCandidates([candidate('exact', 's', 'o1', 1, 1), candidate('tfidf', 's', 'o2', 1, 1)], { topK: 10, k: 60, value: 'rrf' });
    expect(fused.map((c) => c.object)).toEqual(['o1', 'o2']);
    expect(fused[0]!.score).toBeCloseTo(2 / 61 / (3 / 61), 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61 / (3 / 61), 12);
  });
});

describe('fusion ties', () => {
  it('breaks equal fused scores by the members\' ranks in tie-break order, not by IRI', () => {
    // edit ranks z first, tfidf ranks a first: equal RRF scores.
    const members = [
      candidate('edit', 's', 'z', 1, 0.9), candidate('edit', 's', 'a', 2, 0.8),
      candidate('tfidf', 's', 'a', 1, 0.9), candidate('tfidf', 's', 'z', 2, 0.8),
    ];
    expect(fuseCandidates(members, { topK: 2 }).map((c) => c.object)).toEqual(['z', 'a']);
    expect(fuseCandidates(members, { topK: 2, tieBreak: ['tfidf'] }).map((c) => c.object)).toEqual(['a', 'z']);
  });
});

describe('relations in fusion', () => {
  const vote = (generator: string, subject: string, object: string, rank: number, opts: { score?: number; predicate?: string; justification?: Candidate['justification']; text?: [string, string] } = {}): Candidate => ({
    subject, object, generator, rank,
    predicate: opts.predicate ?? 'skos:closeMatch',
    score: rawScore(opts.score ?? 0.9),
    measure: `${generator}-measure`,
    justification: opts.justification ?? 'semapv:LexicalSimilarityThresholdMatching',
    evidence: [{ generator, subjectText: opts.text?.[0] ?? subject, objectText: opts.text?.[1] ?? object, subjectField: 'label', objectField: 'label' }],
  });
  const identity = (subject: string, object: string): Candidate => vote('exact', subject, object, 1, { predicate: 'skos:exactMatch', justification: 'semapv:LexicalMatching' });

  it('exactMatch and closeMatch votes for one pair are one candidate, exactMatch when names are equal', () => {
    const fused = fuseCandidates([identity('s', 'o'), vote('tfidf', 's', 'o', 1)], { topK: 10 });
    expect(fused).toHaveLength(1);
    expect(fused[0]).toMatchObject({ predicate: 'skos:exactMatch', members: [expect.objectContaining({ generator: 'exact' }), expect.objectContaining({ generator: 'tfidf' })] });
  });

  it('one similarity generator alone below its exact level gives closeMatch; two agreeing at 0.45 or more give exactMatch', () => {
    expect(fuseCandidates([vote('tfidf', 's', 'o', 1, { score: 0.9 })], { topK: 10 })[0]!.predicate).toBe('skos:closeMatch');
    expect(fuseCandidates([vote('tfidf', 's', 'o', 1, { score: 0.5 }), vote('edit', 's', 'o', 1, { score: 0.8 })], { topK: 10 })[0]!.predicate).toBe('skos:exactMatch');
    // "Translate Tech Doc" / "Translate a document": tfidf 0.40 is too weak to agree on.
    expect(fuseCandidates([vote('tfidf', 's', 'o', 1, { score: 0.4 }), vote('edit', 's', 'o', 1, { score: 0.57 })], { topK: 10 })[0]!.predicate).toBe('skos:closeMatch');
  });

  it('names of the shape "one plus modifiers" are exactMatch by agreement, whether or not the structure generator ran', () => {
    // OAEI anatomy: "lymph node follicle" = "Lymph_Node_Lymphoid_Follicle".
    const pair = [vote('tfidf', 's', 'o', 1, { score: 0.8, text: ['lymph node follicle', 'Lymph_Node_Lymphoid_Follicle'] }), vote('edit', 's', 'o', 1, { score: 0.86, text: ['lymph node follicle', 'Lymph_Node_Lymphoid_Follicle'] })];
    expect(fuseCandidates(pair, { topK: 10 })[0]!.predicate).toBe('skos:exactMatch');
    expect(fuseCandidates(pair, { topK: 10, generators: ['tfidf', 'edit', 'structure'] })[0]!.predicate).toBe('skos:exactMatch');
  });

  it('a target another subject carries by name is only close for this subject, and ranks lower', () => {
    // s2 is named like o; s1 reaches o and p by similarity, equally.
    const members = [identity('s2', 'o'), vote('tfidf', 's1', 'o', 1, { score: 0.8 }), vote('edit', 's1', 'o', 1, { score: 0.8 }), vote('tfidf', 's1', 'p', 2, { score: 0.8 }), vote('edit', 's1', 'p', 2, { score: 0.8 })];
    const s1 = fuseCandidates(members, { topK: 10 }).filter((c) => c.subject === 's1');
    expect(s1.map((c) => [c.object, c.predicate])).toEqual([['p', 'skos:exactMatch'], ['o', 'skos:closeMatch']]);
    expect(fuseCandidates(members, { topK: 10, ownedWeight: 1 }).filter((c) => c.subject === 's1')[0]!.object).toBe('o');
  });

  it('a target two other subjects carry by name is theirs, not a third\'s; each of the two keeps it as exactMatch', () => {
    const agreeing = [vote('tfidf', 's3', 'o', 1, { score: 0.8 }), vote('edit', 's3', 'o', 1, { score: 0.8 })];
    const fused = fuseCandidates([identity('s1', 'o'), identity('s2', 'o'), ...agreeing], { topK: 10 });
    expect(fused.map((c) => [c.subject, c.object, c.predicate])).toEqual([
      ['s1', 'o', 'skos:exactMatch'],
      ['s2', 'o', 'skos:exactMatch'],
      ['s3', 'o', 'skos:closeMatch'],
    ]);
    // Without the owners, the two similarity generators' agreement makes it exactMatch.
    expect(fuseCandidates(agreeing, { topK: 10 })[0]!.predicate).toBe('skos:exactMatch');
  });

  const broad = (subject: string, object: string, rank: number): Candidate => vote('structure', subject, object, rank, { predicate: 'skos:broadMatch', justification: 'semapv:StructuralMatching' });

  it('a similarity score says nothing about direction by default; shared, it counts for the pair\'s broadMatch candidate, which keeps only its own members', () => {
    const members = [broad('s', 'p', 1), vote('tfidf', 's', 'p', 3)];
    const plain = fuseCandidates(members, { topK: 10, unestablishedBoost: 1, weights: {} });
    expect(plain.find((c) => c.predicate === 'skos:broadMatch')!.score).toBeCloseTo(0.9 / 2, 6);
    const fused = fuseCandidates(members, { topK: 10, unestablishedBoost: 1, weights: {}, sharedSimilarity: 0.5 });
    const b = fused.find((c) => c.predicate === 'skos:broadMatch')!;
    const close = fused.find((c) => c.predicate === 'skos:closeMatch')!;
    expect(b.members.map((m) => m.generator)).toEqual(['structure']);
    expect(b.evidence.map((e) => e.generator)).toEqual(['structure', 'tfidf']);
    // Fused value: weight · score / √rank, the shared vote halved, over the two generators' weights.
    expect(b.score).toBeCloseTo((0.9 + 0.5 * 0.9 / Math.sqrt(3)) / 2, 6);
    expect(close.score).toBeCloseTo(0.9 / Math.sqrt(3) / 2, 6);
    const rrf = fuseCandidates(members, { topK: 10, unestablishedBoost: 1, weights: {}, value: 'rrf', sharedSimilarity: 0.5 });
    expect(rrf.find((c) => c.predicate === 'skos:broadMatch')!.score).toBeCloseTo((1 / 61 + 0.5 / 63) / (2 / 61), 12);
  });

  it('broad and narrow candidates rank up for a subject without an established equivalent and down for one with', () => {
    // t: equal names (established), u: one similarity generator only. Both have a structure broadMatch at rank 1.
    const members = [identity('t', 'eq'), broad('t', 'up', 1), vote('tfidf', 'u', 'near', 1), broad('u', 'up', 1)];
    const fused = fuseCandidates(members, { topK: 10, unestablishedBoost: 2, establishedFactor: 0.5, weights: {} });
    const score = (s: string): number => fused.find((c) => c.subject === s && c.predicate === 'skos:broadMatch')!.score;
    expect(score('u') / score('t')).toBeCloseTo(4, 9);
    expect(fused.filter((c) => c.subject === 'u').map((c) => c.predicate)).toEqual(['skos:broadMatch', 'skos:closeMatch']);
    expect(fused.filter((c) => c.subject === 't').map((c) => c.predicate)).toEqual(['skos:exactMatch', 'skos:broadMatch']);
  });

  it('an offering (an agent record) has no broader boost: its similar classes already are its place, so structure\'s parent stays below them', () => {
    // u: one similarity generator's candidate and a structure broadMatch, as an unestablished subject.
    const members = [vote('tfidf', 'u', 'near', 1), broad('u', 'up', 1)];
    const options = { topK: 10, unestablishedBoost: 2, establishedFactor: 0.5, weights: {} };
    const plain = fuseCandidates(members, options);
    const offering = fuseCandidates(members, { ...options, offerings: new Set(['u']) });
    const score = (list: typeof plain): number => list.find((c) => c.predicate === 'skos:broadMatch')!.score;
    expect(score(plain) / score(offering)).toBeCloseTo(4, 9);
    expect(plain.map((c) => c.predicate)).toEqual(['skos:broadMatch', 'skos:closeMatch']);
    expect(offering.map((c) => c.predicate)).toEqual(['skos:closeMatch', 'skos:broadMatch']);
  });

  it('two similarity generators agreeing on a subject\'s best candidate among their first two establish it; agreeing further down does not', () => {
    const agreeAt = (rank: number): Candidate[] => [vote('tfidf', 's', 'o', rank, { score: 0.8 }), vote('edit', 's', 'o', rank, { score: 0.8 }), broad('s', 'up', 1)];
    const factor = (rank: number): number => {
      const fused = fuseCandidates(agreeAt(rank), { topK: 10, unestablishedBoost: 2, establishedFactor: 0.5, weights: {} });
      // The broadMatch alone: structure's 0.9 at rank 1, over the three generators' weights.
      return fused.find((c) => c.predicate === 'skos:broadMatch')!.score / (0.9 / 3);
    };
    expect(factor(2)).toBeCloseTo(0.5, 9);
    expect(factor(3)).toBeCloseTo(2, 9);
    // The relation is exactMatch at either rank: agreement is evidence of likeness whatever the rank.
    expect(fuseCandidates(agreeAt(3), { topK: 10, weights: {} }).find((c) => c.object === 'o')!.predicate).toBe('skos:exactMatch');
  });

  it('a candidate another subject resembles more (by the same generators\' scores) ranks lower and establishes nothing', () => {
    // s1 and s2 both reach o at rank 1; s2 is closer to it. s1 also reaches p at rank 2.
    const members = [
      vote('tfidf', 's1', 'o', 1, { score: 0.7 }), vote('edit', 's1', 'o', 1, { score: 0.7 }), vote('tfidf', 's1', 'p', 2, { score: 0.6 }), vote('edit', 's1', 'p', 2, { score: 0.6 }),
      vote('tfidf', 's2', 'o', 1, { score: 0.9 }), vote('edit', 's2', 'o', 1, { score: 0.9 }), broad('s1', 'up', 1), broad('s2', 'up', 1),
    ];
    const fused = fuseCandidates(members, { topK: 10, weights: {}, claimedWeight: 0.4, establishedFactor: 0.5 });
    const of = (s: string): string[] => fused.filter((c) => c.subject === s).map((c) => `${c.object} ${c.predicate}`);
    expect(of('s2')).toEqual(['o skos:exactMatch', 'up skos:broadMatch']);
    // For s1, o is s2's: p (its own, established by agreement) comes first, o last, and its broader candidate ranks down.
    expect(of('s1')).toEqual(['p skos:exactMatch', 'o skos:exactMatch', 'up skos:broadMatch']);
    const o1 = fused.find((c) => c.subject === 's1' && c.object === 'o')!;
    expect(o1.score).toBeCloseTo(((0.7 + 0.7) * 0.4) / 3, 6);
    // Without the penalty, o would be s1's first equivalence candidate.
    expect(fuseCandidates(members, { topK: 10, weights: {}, claimedWeight: 1 }).find((c) => c.subject === 's1' && c.predicate !== 'skos:broadMatch')!.object).toBe('o');
  });

  it('offerings (agent records) neither make nor suffer claims: many of them share one broader class', () => {
    // Two records reach the skill o; r2 resembles it more. r1 also reaches p, less.
    const members = [
      vote('tfidf', 'r1', 'o', 1, { score: 0.7 }), vote('tfidf', 'r1', 'p', 2, { score: 0.6 }),
      vote('tfidf', 'r2', 'o', 1, { score: 0.9 }),
      // A declared term t reaches o too, less than r2.
      vote('tfidf', 't', 'o', 1, { score: 0.5 }), vote('tfidf', 't', 'q', 2, { score: 0.45 }),
    ];
    const first = (list: ReturnType<typeof fuseCandidates>, s: string): string => list.find((c) => c.subject === s && c.rank === 1)!.object;
    const asTerms = fuseCandidates(members, { topK: 10, weights: {}, claimedWeight: 0.4 });
    // As terms, o is r2's: r1 and t fall back to their second candidate.
    expect([first(asTerms, 'r1'), first(asTerms, 't')]).toEqual(['p', 'q']);
    const asOfferings = fuseCandidates(members, { topK: 10, weights: {}, claimedWeight: 0.4, offerings: new Set(['r1', 'r2']) });
    // As offerings, r1 keeps o (r2 does not claim it), and so does t (no offering claims against a term).
    expect([first(asOfferings, 'r1'), first(asOfferings, 't')]).toEqual(['o', 'o']);
    expect(asOfferings.find((c) => c.subject === 'r1' && c.object === 'o')!.score).toBeCloseTo(0.7, 6);
  });

  it('keeps topK equivalence candidates and directionalTopK broader / narrower ones per subject, ranked together', () => {
    const members = [
      ...[1, 2, 3].map((r) => vote('tfidf', 's', `e${r}`, r)),
      ...[1, 2, 3].map((r) => broad('s', `b${r}`, r)),
    ];
    const fused = fuseCandidates(members, { topK: 2, directionalTopK: 2, weights: {} });
    expect(fused.map((c) => [c.object, c.rank])).toEqual([['b1', 1], ['b2', 2], ['e1', 3], ['e2', 4]]);
    // However strong the broader candidates, the equivalence family keeps its topK.
    expect(fuseCandidates(members, { topK: 3, directionalTopK: 0, weights: {} }).map((c) => c.object)).toEqual(['e1', 'e2', 'e3']);
  });
});

describe('grouping members into candidates', () => {
  it('a pair proposed again after other subjects, or with another relation of its family, joins its group; a broader proposal on the same object is a candidate of its own', () => {
    // Members need not come subject by subject: fusion looks groups up by subject, object and family.
    const members = [
      candidate('a', 's', 'o', 1, 0.8),
      candidate('a', 't', 'o', 1, 0.6),
      candidate('b', 's', 'o', 2, 0.5, 'skos:closeMatch'),
      candidate('b', 's', 'o', 1, 0.4, 'skos:broadMatch'),
      candidate('c', 's', 'o', 1, 0.9),
    ];
    const fused = fuseCandidates(members, { topK: 10, directionalTopK: 5, weights: {} });
    expect(fused.map((c) => [c.subject, c.predicate, c.object, c.rank, c.members.map((m) => `${m.generator}:${m.predicate}`)])).toEqual([
      ['s', 'skos:exactMatch', 'o', 1, ['a:skos:exactMatch', 'b:skos:closeMatch', 'c:skos:exactMatch']],
      ['s', 'skos:broadMatch', 'o', 2, ['b:skos:broadMatch']],
      ['t', 'skos:exactMatch', 'o', 1, ['a:skos:exactMatch']],
    ]);
    // (0.8 / 1 + 0.5 / √2 + 0.9 / 1) / 3 generators, rounded to six decimals.
    expect(fused[0]!.score).toBe(Math.round(((0.8 + 0.5 / Math.SQRT2 + 0.9) / 3) * 1e6) / 1e6);
    expect(fused[0]!.evidence.map((e) => e.generator)).toEqual(['a', 'b', 'c']);
  });
});
