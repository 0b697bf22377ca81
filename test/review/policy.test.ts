import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOntology } from '../../src/api/index.js';
import { tripleKey } from '../../src/model/mapping.js';
import { ReviewState, startingSelection } from '../../src/review/policy.js';
import { draw, simulateReview, simulateReviewSeries } from '../../src/review/simulate.js';

const M = 'fused';
const c = (subject: string, object: string, score: number, rank: number, predicate = 'skos:exactMatch') => ({ subject, predicate, object, score, rank, measure: M });

// s1 has two close equivalence candidates (o1, o2); s2 competes with s1 for o1; s3 is clear.
const CANDIDATES = [
  c('s1', 'o1', 0.5, 1), c('s1', 'o2', 0.48, 2), c('s1', 'o9', 0.3, 1, 'skos:broadMatch'),
  c('s2', 'o1', 0.45, 1), c('s2', 'o3', 0.2, 2),
  c('s3', 'o4', 0.95, 1),
];

const pairs = (state: ReviewState): string[] => state.alignment().map((m) => `${m.subject}-${m.object}`).sort();

describe('ReviewState: propagation and undo', () => {
  it('accepting an exactMatch closes the subject\'s and the object\'s competing equivalences, and undo reopens them', () => {
    const state = new ReviewState(CANDIDATES, { minScore: 0.2 });
    const closed = state.decide(0, 'accept');
    expect(closed.map((i) => state.candidates[i]!.object).sort()).toEqual(['o1', 'o2']); // s1→o2 and s2→o1
    expect(closed.map((i) => state.candidates[i]!.subject).sort()).toEqual(['s1', 's2']);
    expect(state.status(2)).toBe('open'); // a broadMatch is not an equivalence competitor
    expect(state.status(1)).toBe('closed');
    expect(state.closedByOf(3)).toBe(0);
    expect(state.undo()).toBe(0);
    expect([0, 1, 3].map((i) => state.status(i))).toEqual(['open', 'open', 'open']);
    expect(state.undo()).toBeUndefined();
  });

  it('accepting under another relation closes only the other candidates of the same pair', () => {
    const state = new ReviewState([...CANDIDATES, c('s1', 'o1', 0.1, 3, 'skos:narrowMatch')], { minScore: 0.2 });
    expect(state.decide(0, 'accept', 'skos:broadMatch')).toEqual([6]);
    expect(state.decisionOf(0)?.predicate).toBe('skos:broadMatch');
  });

  it('undo restores the exact earlier state: a closed candidate accepted all the same is closed again, by the same acceptance', () => {
    const state = new ReviewState(CANDIDATES, { minScore: 0.2, reviewer: 'r' });
    state.decide(0, 'accept');
    expect(state.closedByOf(3)).toBe(0);
    state.decide(3, 'accept');
    expect(state.status(3)).toBe('accept');
    expect(state.closedByOf(3)).toBeUndefined();
    state.undo();
    expect(state.status(3)).toBe('closed');
    expect(state.closedByOf(3)).toBe(0);
  });
});

describe('ReviewState: one answer does not close what the evidence alone holds nearly certain', () => {
  // s1→o1 is far ahead of every rival (kept, clear margins); s1→o2 is weak; s1→o3 weaker still.
  // The reviewer accepts s1→o2: an ontology with duplicate classes can map s1 to both o1 and o2.
  const DUPLICATES = [c('s1', 'o1', 0.95, 1), c('s1', 'o2', 0.3, 2), c('s1', 'o3', 0.25, 3), c('s2', 'o5', 0.8, 1)];

  it('the strong rival stays open and is asked next; the weak one is closed; a "yes" on the strong one keeps both', () => {
    const state = new ReviewState(DUPLICATES, { minScore: 0.2 });
    // An adjudicator's acceptance settles at once (one reviewer's would stay contested: s1→o2 is weak).
    const closed = state.decide(1, 'accept', undefined, { reviewer: 'a', adjudicator: true });
    expect(closed).toEqual([2]); // s1→o3 closed by the acceptance; s1→o1 not
    expect(state.status(0)).toBe('open');
    expect(state.closedByOf(0)).toBeUndefined();
    // Out of the alignment (its subject's place is taken) until somebody says yes to it.
    expect(pairs(state)).toEqual(['s1-o2', 's2-o5']);
    expect(state.valueOf(0)).toBeGreaterThan(0);
    expect(state.nextQuestion()).toBe(0);
    state.decide(0, 'accept', undefined, { reviewer: 'a' });
    expect(pairs(state)).toEqual(['s1-o1', 's1-o2', 's2-o5']);
    // Undo gives back the state before, rival open and out of the alignment.
    state.undo();
    expect([state.status(0), state.closedByOf(0), pairs(state)]).toEqual(['open', undefined, ['s1-o2', 's2-o5']]);
  });
});

describe('ReviewState: answers are weighed, not final', () => {
  // Twenty subjects, each with one candidate well above the threshold and without rivals.
  const strong = Array.from({ length: 20 }, (_, i) => c(`s${i}`, `o${i}`, 0.5, 1));

  it('one "no" against strong evidence leaves the candidate contested and in the alignment, asked of another reviewer next; further "no"s settle it', () => {
    const clear = Array.from({ length: 20 }, (_, i) => c(`s${i}`, `o${i}`, 0.8, 1));
    const state = new ReviewState(clear, { minScore: 0.2 });
    state.decide(0, 'reject', undefined, { reviewer: 'r0' });
    expect(state.standingOf(0)).toBe('contested');
    expect(pairs(state)).toContain('s0-o0');
    expect(state.nextQuestion()).toBe(0);
    let reviewers = 1;
    while (state.standingOf(0) === 'contested' && reviewers < 6) state.decide(0, 'reject', undefined, { reviewer: `r${reviewers++}` });
    expect(state.standingOf(0)).toBe('reject');
    expect(reviewers).toBeGreaterThan(1);
    expect(pairs(state)).not.toContain('s0-o0');
  });

  it('the same reviewer is never asked a question twice: the page asks a second opinion of the next reviewer', () => {
    const state = new ReviewState(strong, { minScore: 0.2, reviewer: 'a' });
    state.decide(0, 'reject');
    expect(state.standingOf(0)).toBe('contested');
    expect(state.askable(0)).toBe(false);
    expect(state.status(0)).toBe('reject');
    const next = new ReviewState(strong, { minScore: 0.2, reviewer: 'b' });
    next.decide(0, 'reject', undefined, { reviewer: 'a' });
    expect(next.askable(0)).toBe(true);
    expect(next.nextQuestion()).toBe(0);
  });

  it('a "yes" for a candidate against a stronger rival does not close the rival until a second reviewer agrees', () => {
    const rivals = [c('s1', 'o1', 0.9, 1), c('s1', 'o2', 0.21, 2), c('s2', 'o2', 0.85, 1)];
    const state = new ReviewState(rivals, { minScore: 0.2 });
    const closed = state.decide(1, 'accept', undefined, { reviewer: 'a' });
    expect(closed).toEqual([]);
    expect(state.standingOf(1)).toBe('contested');
    expect(pairs(state)).toEqual(['s1-o1', 's2-o2']);
  });

  it('an adjudicator\'s answer and an answer carried from an earlier review settle at once', () => {
    const state = new ReviewState(strong, { minScore: 0.2 });
    state.decide(0, 'reject', undefined, { reviewer: 'a', adjudicator: true });
    state.decide(1, 'reject', undefined, { reviewer: 'a', earlier: true });
    expect([state.standingOf(0), state.standingOf(1)]).toEqual(['reject', 'reject']);
    expect([state.askable(0), state.askable(1)]).toEqual([false, false]);
  });

  it('the error rate is measured by audits (second opinions on answers given once): disagreement raises it, agreement lowers it', () => {
    const many = Array.from({ length: 80 }, (_, i) => c(`s${i}`, `o${i}`, 0.3 + (i % 7) * 0.01, 1));
    const run = (second: 'agree' | 'disagree'): { error: number; audits: number } => {
      const state = new ReviewState(many, { minScore: 0.2 });
      let audits = 0;
      for (let q = 0; q < 100; q++) {
        const i = state.nextQuestion();
        if (i === undefined) break;
        const earlier = state.answersOf(i);
        if (earlier.length > 0) audits++;
        const decision = earlier.length > 0 && second === 'disagree' ? (earlier[0]!.decision === 'accept' ? 'reject' : 'accept') : 'accept';
        state.decide(i, decision, undefined, { reviewer: `r${earlier.length}` });
      }
      return { error: state.beliefParameters().error, audits };
    };
    const start = new ReviewState(many, { minScore: 0.2 }).beliefParameters().error;
    const noisy = run('disagree');
    const agreeing = run('agree');
    expect(noisy.audits).toBeGreaterThanOrEqual(10);
    // Every second opinion disagrees: the fit doubles the error rate at least (the first answers,
    // single "yes"es, are still mostly believed).
    expect(noisy.error).toBeGreaterThan(2 * start);
    expect(agreeing.error).toBeLessThan(start);
    // Ten audits that all agree end the audits: reliable reviewers are not asked twice for nothing.
    expect(agreeing.audits).toBe(10);
  });

  it('probes the candidate the alignment trusts most every fifth answer: ten times while the answers contradict the trust, three when they confirm it', () => {
    // Twenty clear candidates (alone on their subject and object, far above the threshold) and
    // forty subjects with two close rivals each.
    const clear = Array.from({ length: 20 }, (_, i) => c(`t${i}`, `p${i}`, 0.9 + i * 0.001, 1));
    const close = Array.from({ length: 40 }, (_, i) => [c(`s${i}`, `o${i}`, 0.25, 1), c(`s${i}`, `q${i}`, 0.24, 2)]).flat();
    const run = (clearAnswer: 'accept' | 'reject'): number[] => {
      const state = new ReviewState([...clear, ...close], { minScore: 0.2 });
      expect(state.valueOf(19)).toBeLessThan(state.valueOf(state.nextQuestion()!));
      const asked: number[] = [];
      for (let q = 0; q < 80; q++) {
        const i = state.nextQuestion();
        if (i === undefined) break;
        asked.push(i);
        const k = state.answersOf(i).length;
        state.decide(i, i < 20 ? clearAnswer : i % 2 === 0 ? 'accept' : 'reject', undefined, { reviewer: `r${k}` });
      }
      return asked;
    };
    const contradicted = run('reject');
    // The third answer is the first probe: the clearest candidate, then the next clearest.
    expect(contradicted[2]).toBe(19);
    expect(contradicted[7]).toBe(18);
    expect(new Set(contradicted.filter((i) => i < 20)).size).toBeGreaterThanOrEqual(10);
    const confirmed = run('accept');
    expect(confirmed[2]).toBe(19);
    expect(new Set(confirmed.filter((i) => i < 20)).size).toBe(3);
  });

  it('asks first where the alignment is most likely wrong, and nothing where no answer could change it', () => {
    const state = new ReviewState(CANDIDATES, { minScore: 0.2 });
    // s3's candidate is far above the threshold and alone: never the first question.
    const first = state.nextQuestion()!;
    expect(state.candidates[first]!.subject).not.toBe('s3');
    expect(state.valueOf(first)).toBeGreaterThan(state.valueOf(5));
    expect(state.uncertainOrder()[0]).toBe(state.candidates[first]!.subject);
    // Once every candidate is settled or closed, nothing is left to ask.
    for (let guard = 0; guard < 20 && state.nextQuestion() !== undefined; guard++) state.decide(state.nextQuestion()!, 'reject', undefined, { reviewer: `r${guard}` });
    expect(state.nextQuestion()).toBeUndefined();
  });

  it('a rejection lets a rival in only where the evidence makes it likely enough to be right; a "yes" does', () => {
    // s1's second candidate is far behind its first.
    const list = [c('s1', 'o1', 0.3, 1), c('s1', 'o2', 0.21, 2), c('s3', 'o5', 0.9, 1)];
    const state = new ReviewState(list, { minScore: 0.2 });
    expect(pairs(state)).toEqual(['s1-o1', 's3-o5']);
    state.decide(0, 'reject', undefined, { reviewer: 'a' });
    expect(state.standingOf(0)).toBe('reject');
    // The plain selection would put s1→o2 in; it is unlikely to be right and stays out.
    expect(pairs(state)).toEqual(['s3-o5']);
    state.decide(1, 'accept', undefined, { reviewer: 'a' });
    expect(pairs(state)).toEqual(['s1-o2', 's3-o5']);
  });

  it('a pair accepted under another kind of relation than proposed starts from even odds, not from the evidence for the proposed one', () => {
    // Twenty exactMatch candidates every reviewer rejects teach the calibration that such
    // candidates are wrong; a broadMatch accepted for one of them is the reviewer's own mapping.
    const many = Array.from({ length: 21 }, (_, i) => c(`s${i}`, `o${i}`, 0.6, 1));
    const state = new ReviewState(many, { minScore: 0.2 });
    for (let i = 1; i < 21; i++) state.decide(i, 'reject', undefined, { reviewer: 'a' });
    state.decide(0, 'accept', 'skos:broadMatch', { reviewer: 'a' });
    expect(state.standingOf(0)).toBe('accept');
    expect(state.alignment()).toContainEqual({ subject: 's0', predicate: 'skos:broadMatch', object: 'o0', accepted: true });
  });
});

describe('ReviewState: the starting selection the ontologies make', () => {
  it('keeps what structural agreement raises, leaves out what repair removed until a reviewer accepts it', () => {
    // s1's two candidates: o2 raised above o1 by its structure; s3's only candidate removed by repair.
    const start = { boosts: new Map([[tripleKey('s1', 'skos:exactMatch', 'o2'), 0.05]]), setAside: new Set([tripleKey('s3', 'skos:exactMatch', 'o4')]) };
    const plain = new ReviewState(CANDIDATES, { minScore: 0.2 });
    expect(pairs(plain)).toEqual(['s1-o1', 's2-o3', 's3-o4']);
    const state = new ReviewState(CANDIDATES, { minScore: 0.2, start });
    expect(pairs(state)).toEqual(['s1-o2', 's2-o1']);
    state.decide(5, 'accept');
    expect(pairs(state)).toEqual(['s1-o2', 's2-o1', 's3-o4']);
  });

  it('finds boosted and set-aside candidates whose IRIs carry a NUL-separated tag, as a pooled benchmark tags each pair', () => {
    const tag = (iri: string): string => `7\u0000${iri}`;
    const tagged = CANDIDATES.map((x) => ({ ...x, subject: tag(x.subject), object: tag(x.object) }));
    const start = { boosts: new Map([[tripleKey(tag('s1'), 'skos:exactMatch', tag('o2')), 0.05]]), setAside: new Set([tripleKey(tag('s3'), 'skos:exactMatch', tag('o4'))]) };
    const state = new ReviewState(tagged, { minScore: 0.2, start });
    expect(pairs(state)).toEqual([`${tag('s1')}-${tag('o2')}`, `${tag('s2')}-${tag('o1')}`]);
  });

  it('a candidate whose structure agrees with the starting selection is believed more before any answer', () => {
    const plain = new ReviewState(CANDIDATES, { minScore: 0.2 });
    const start = { boosts: new Map([[tripleKey('s3', 'skos:exactMatch', 'o4'), 0.05]]), setAside: new Set<string>() };
    const agreeing = new ReviewState(CANDIDATES, { minScore: 0.2, start });
    // Same value, same place in the selection; only the structural agreement differs.
    expect(agreeing.logitOf(5) - plain.logitOf(5)).toBeGreaterThan(1);
    expect(agreeing.logitOf(0)).toBe(plain.logitOf(0));
  });

  it('startingSelection reads the ontologies as propose --select one-to-one does: a boost for agreeing parents, repair for disjointness', async () => {
    const ttl = (ns: string, body: string): string => `@prefix : <${ns}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n${body}\n`;
    const dir = mkdtempSync(join(tmpdir(), 'ioa-start-'));
    writeFileSync(join(dir, 's.ttl'), ttl('http://s/#', ':Event a owl:Class . :Talk a owl:Class ; rdfs:subClassOf :Event . :Person a owl:Class . :Admin a owl:Class ; rdfs:subClassOf :Person .'));
    writeFileSync(join(dir, 't.ttl'), ttl('http://t/#', ':Event a owl:Class . :Talk a owl:Class ; rdfs:subClassOf :Event . :Speech a owl:Class . :Person a owl:Class . :Org a owl:Class ; owl:disjointWith :Person .'));
    const [source, target] = await Promise.all([loadOntology(join(dir, 's.ttl')), loadOntology(join(dir, 't.ttl'))]);
    const x = (s: string, o: string, score: number, rank: number) => c(`http://s/#${s}`, `http://t/#${o}`, score, rank);
    const list = [x('Event', 'Event', 0.9, 1), x('Talk', 'Speech', 0.3, 1), x('Talk', 'Talk', 0.28, 2), x('Person', 'Person', 0.9, 1), x('Admin', 'Org', 0.3, 1)];
    const start = startingSelection(list, { source, target }, 0.2);
    expect([...start.boosts.keys()]).toEqual([tripleKey('http://s/#Talk', 'skos:exactMatch', 'http://t/#Talk')]);
    expect([...start.setAside]).toEqual([tripleKey('http://s/#Admin', 'skos:exactMatch', 'http://t/#Org')]);
    const local = (state: ReviewState): string[] => pairs(state).map((p) => p.replace(/http:\/\/[st]\/#/g, ''));
    expect(local(new ReviewState(list, { minScore: 0.2, start }))).toEqual(['Event-Event', 'Person-Person', 'Talk-Talk']);
  });
});

describe('simulateReview', () => {
  const reference = [{ subject: 's1', predicate: 'skos:exactMatch', object: 'o2' }, { subject: 's2', predicate: 'skos:exactMatch', object: 'o1' }, { subject: 's3', predicate: 'skos:exactMatch', object: 'o4' }];

  it('a perfect oracle fixes the alignment and the curve records every step', () => {
    const r = simulateReview(CANDIDATES, reference, { minScore: 0.2, curveStep: 1 });
    expect(r.scope).toBe('equivalence');
    expect(r.f1_before).toBeCloseTo(1 / 3, 5);
    expect(r.f1_after).toBe(1);
    expect(r.curve[0]).toMatchObject({ questions: 0 });
    expect(r.curve.at(-1)!.questions).toBe(r.questions);
    expect(r.answers.wrong).toBe(0);
  });

  it('the same question always gets the same answer: a fixed seed gives the same run; a second opinion is another reviewer\'s draw', () => {
    const a = simulateReview(CANDIDATES, reference, { minScore: 0.2, errorRate: 0.5, seed: 7 });
    const b = simulateReview(CANDIDATES, reference, { minScore: 0.2, errorRate: 0.5, seed: 7 });
    expect(a).toEqual(b);
    expect(draw(7, 's1', 'skos:exactMatch', 'o1')).toBe(draw(7, 's1', 'skos:exactMatch', 'o1'));
    expect(draw(7, 's1', 'skos:exactMatch', 'o1')).not.toBe(draw(8, 's1', 'skos:exactMatch', 'o1'));
    expect(draw(7, 's1', 'skos:exactMatch', 'o1', 1)).not.toBe(draw(7, 's1', 'skos:exactMatch', 'o1'));
    expect(draw(7, 's1', 'skos:exactMatch', 'o1', 0)).toBe(draw(7, 's1', 'skos:exactMatch', 'o1'));
  });

  it('stops at the budget', () => {
    expect(simulateReview(CANDIDATES, reference, { minScore: 0.2, budget: 1 }).questions).toBe(1);
  });

  it('refuses an error rate outside [0, 1)', () => {
    expect(() => simulateReview(CANDIDATES, reference, { errorRate: 1 })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });

  it('a series runs each error rate over the seeds (a perfect oracle once) and reports mean and spread', () => {
    const series = simulateReviewSeries(CANDIDATES, reference, { minScore: 0.2, errorRates: [0, 0.3], seeds: [1, 2, 3] });
    expect(series.map((s) => [s.error_rate, s.seeds])).toEqual([[0, [1]], [0.3, [1, 2, 3]]]);
    const noisy = series[1]!;
    const f1 = noisy.runs.map((r) => r.f1_after);
    expect(noisy.f1_after.mean).toBeCloseTo(f1.reduce((a, b) => a + b, 0) / 3, 10);
    expect(noisy.f1_after.min).toBe(Math.min(...f1));
    expect(noisy.f1_after.max).toBe(Math.max(...f1));
    expect(noisy.curve[0]).toMatchObject({ questions: 0, f1: noisy.f1_before });
    expect(() => simulateReviewSeries(CANDIDATES, reference, { seeds: [] })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });

  it('refuses a misspelt option at its path instead of simulating the default (a perfect reviewer for "errorrate")', () => {
    const misspelt = { minScore: 0.2, errorrate: 0.3 } as Parameters<typeof simulateReview>[2];
    expect(() => simulateReview(CANDIDATES, reference, misspelt)).toThrow(expect.objectContaining({ code: 'E_USAGE', location: { path: '$.errorrate' }, message: expect.stringContaining('did you mean "errorRate"') }));
    const series = { errorRates: [0.1], seed: [1] } as Parameters<typeof simulateReviewSeries>[2];
    expect(() => simulateReviewSeries(CANDIDATES, reference, series)).toThrow(expect.objectContaining({ code: 'E_USAGE', location: { path: '$.seed' } }));
    // The library names its own options, not the command line's flags.
    expect(() => simulateReview(CANDIDATES, reference, { budget: -1 })).toThrow(expect.objectContaining({ code: 'E_USAGE', location: { path: '$.budget' } }));
  });
});
