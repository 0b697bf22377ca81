/**
 * runGenerators starts the work generators can do ahead (startAhead) before running any, runs
 * those generators last, and still returns members in the order the generators were listed.
 * Work started ahead is stopped when the run ends, whether it succeeded or failed.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadOntology } from '../../src/api/ontology.js';
import { loadGenerator, runGenerators, type RunProgress } from '../../src/generators/run.js';
import type { Generator, GeneratorOptions } from '../../src/generators/types.js';
import { rawScore, type Candidate } from '../../src/model/mapping.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { collect } from './suite.js';
import { ontology } from './fixtures.js';

const corpus = (path: string): string => fileURLToPath(new URL(`../../corpora/conference/ontologies/${path}`, import.meta.url));

/** A library user's generator: one candidate per subject, and a record of the work it started ahead. */
function ownGenerator(name: string, behaviour: { failAhead?: boolean; failPropose?: boolean } = {}) {
  const ahead: AbortSignal[] = [];
  const generator: Generator = {
    name,
    measure: 'test',
    justification: 'semapv:LexicalMatching',
    async startAhead(_source, _target, options: GeneratorOptions) {
      if (behaviour.failAhead) throw new Error('ahead broke');
      ahead.push(options.signal!);
    },
    async *propose(source: OntologyIndex, target: OntologyIndex): AsyncIterable<Candidate> {
      if (behaviour.failPropose) throw new Error('propose broke');
      yield { subject: source.concepts[0]!.iri, predicate: 'skos:exactMatch', object: target.concepts[0]!.iri, generator: name, score: rawScore(0.5), measure: 'test', rank: 1, justification: 'semapv:LexicalMatching', evidence: [] };
    },
  };
  return { generator, ahead };
}

/** `count` names over a few words, so that blocking queries find neighbours. */
const many = (prefix: string, count: number) =>
  ontology(prefix, Array.from({ length: count }, (_, i) => ({ iri: `http://${prefix}#c${i}`, labels: [`${['heart', 'lung', 'liver'][i % 3]} ${['valve', 'lobe', 'vein', 'duct'][(i >> 2) % 4]} ${i}`] })));

const pair = () => [ontology('s', [{ iri: 'http://s#a', labels: ['heart valve'] }]), ontology('t', [{ iri: 'http://t#b', labels: ['heart valve'] }])] as const;

describe('running generators with work started ahead', () => {
  it('returns each generator\'s members in the listed order, as each proposes them alone', async () => {
    const source = await loadOntology(corpus('cmt.owl'));
    const target = await loadOntology(corpus('ekaw.owl'));
    const generators = ['tfidf', 'edit', 'exact'] as const;
    const run = await runGenerators(source, target, { generators, topK: 5 });
    const firstOf = (g: string) => run.members.findIndex((m) => m.generator === g);
    const lastOf = (g: string) => run.members.findLastIndex((m) => m.generator === g);
    expect(lastOf('tfidf')).toBeLessThan(firstOf('edit'));
    expect(lastOf('edit')).toBeLessThan(firstOf('exact'));
    for (const name of generators) {
      const alone = await collect(await loadGenerator(name), await loadOntology(corpus('cmt.owl')), await loadOntology(corpus('ekaw.owl')), { topK: 5 });
      expect(run.members.filter((m) => m.generator === name), name).toEqual(alone);
    }
    expect(Object.keys(run.timings)).toEqual([...generators]);
  });

  it('stops the work started ahead once the run is over', async () => {
    const [source, target] = pair();
    const own = ownGenerator('own');
    const run = await runGenerators(source, target, { generators: ['exact', own.generator], topK: 5 });
    expect(run.members.map((m) => m.generator)).toEqual(['exact', 'own']);
    expect(own.ahead).toHaveLength(1);
    expect(own.ahead[0]!.aborted).toBe(true);
  });

  it('stops the work started ahead when an earlier generator fails, and names the one that failed', async () => {
    const [source, target] = pair();
    const own = ownGenerator('own');
    const broken = ownGenerator('broken', { failPropose: true });
    await expect(runGenerators(source, target, { generators: [broken.generator, own.generator], topK: 5 })).rejects.toMatchObject({ code: 'E_GENERATOR_FAILED', message: expect.stringContaining('generator broken failed: propose broke') });
    expect(own.ahead[0]!.aborted).toBe(true);
  });

  it('a failure while starting work ahead is the generator\'s failure', async () => {
    const [source, target] = pair();
    const broken = ownGenerator('early', { failAhead: true });
    await expect(runGenerators(source, target, { generators: ['exact', broken.generator], topK: 5 })).rejects.toMatchObject({ code: 'E_GENERATOR_FAILED', message: expect.stringContaining('generator early failed: ahead broke') });
  });

  it('reports the work started ahead step by step, then each generator from 0, then fusion over every member', async () => {
    const source = await loadOntology(corpus('cmt.owl'));
    const target = await loadOntology(corpus('ekaw.owl'));
    const events: RunProgress[] = [];
    const run = await runGenerators(source, target, { generators: ['exact', 'edit', 'tfidf'], topK: 5, onProgress: (e) => events.push(e) });
    const stages = events.map((e) => (e.stage === 'generate' ? e.generator : e.stage));
    // Ahead work first, then the generators (edit, which started ahead, last), then fusion.
    expect(stages.filter((s, i) => s !== stages[i - 1])).toEqual(['ahead', 'exact', 'tfidf', 'edit', 'fuse']);
    const ahead = events.filter((e) => e.stage === 'ahead');
    expect(ahead.every((e) => e.generator === 'edit')).toBe(true);
    expect([...new Set(ahead.map((e) => e.note))]).toEqual(['name index', 'name vectors', 'name pairs']);
    expect(ahead.at(-1)).toMatchObject({ note: 'name pairs', done: source.concepts.length, total: source.concepts.length });
    for (const name of ['exact', 'tfidf', 'edit']) {
      const own = events.filter((e) => e.stage === 'generate' && e.generator === name);
      expect(own[0], name).toMatchObject({ done: 0 });
      expect(own.at(-1)!.done, name).toBe(own.at(-1)!.total);
    }
    expect(events.filter((e) => e.stage === 'fuse')).toEqual([
      { stage: 'fuse', done: 0, total: run.members.length },
      { stage: 'fuse', done: run.members.length, total: run.members.length },
    ]);
  });

  it('an abort while the work ahead runs stops the run there, with the signal\'s reason (no generator starts)', async () => {
    const source = many('s', 1200);
    const target = many('t', 900);
    const stop = new AbortController();
    const reason = new Error('stopped by the user');
    const events: RunProgress[] = [];
    const run = runGenerators(source, target, {
      generators: ['exact', 'edit'],
      topK: 5,
      signal: stop.signal,
      onProgress: (e) => {
        events.push(e);
        if (e.note === 'name pairs' && e.done > 0) stop.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    const pairs = events.filter((e) => e.note === 'name pairs').map((e) => e.done);
    // Noticed at the next turn of the loop, long before its end.
    expect(pairs).toEqual([0, 256]);
    expect(events.some((e) => e.stage !== 'ahead')).toBe(false);
  });

  it('a generator with a long preparation (wordnet) reports its steps by name before counting subjects, and stops within them', async () => {
    const source = many('s', 700);
    const target = many('t', 800);
    const events: RunProgress[] = [];
    await runGenerators(source, target, { generators: ['wordnet'], topK: 5, onProgress: (e) => events.push(e) });
    expect(events[0]).toMatchObject({ stage: 'generate', generator: 'wordnet', done: 0, total: 700 });
    const notes = events.map((e) => e.note ?? 'subjects');
    expect(notes.filter((n, i) => n !== notes[i - 1])).toEqual(['subjects', 'synonym lookups', 'name variants', 'subjects']);
    const variants = events.filter((e) => e.note === 'name variants');
    expect(variants.map((e) => e.done)).toEqual([0, 256, 512, 768, 800]);
    expect(events.at(-1)).toMatchObject({ done: 700, total: 700 });
    const lookups = events.filter((e) => e.note === 'synonym lookups');
    expect(lookups.at(-1)!.done).toBe(lookups.at(-1)!.total);

    const stop = new AbortController();
    const reason = new Error('stopped in wordnet');
    const seen: number[] = [];
    const run = runGenerators(many('s', 700), many('t', 800), {
      generators: ['wordnet'],
      topK: 5,
      signal: stop.signal,
      onProgress: (e) => {
        if (e.note !== 'name variants') return;
        seen.push(e.done);
        if (e.done > 0) stop.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    expect(seen).toEqual([0, 256]);
  });
});
