/**
 * Neighbourhood.prefetch answers half of the queries on a worker thread. The worker is the
 * compiled module beside dist/generators/blocking.js, so this test runs the compiled code
 * (npm test builds dist/ first).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireFreshDist } from '../helpers/dist.js';
import { ontology } from './fixtures.js';

type Blocking = typeof import('../../src/generators/blocking.js');
type LexicalIndex = typeof import('../../src/generators/lexical-index.js');

const ROOT = join(import.meta.dirname, '../..');
const compiled = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(ROOT, 'dist', path)).href)) as T;

// Names over a small vocabulary, so that queries share features, run over budget and tie.
const WORDS = ['muscle', 'artery', 'left', 'right', 'lobe', 'lung', 'valve', 'heart', 'nerve', 'vein', 'bone', 'thoracic'];
const names = (prefix: string, count: number, seed: number) =>
  ontology(prefix, Array.from({ length: count }, (_, i) => {
    const pick = (k: number) => WORDS[(i * (seed + k) + k * 7) % WORDS.length]!;
    return { iri: `http://${prefix}#c${i}`, labels: [`${pick(1)} ${pick(2)}${i % 5 === 0 ? ` ${i}` : ''}`] };
  }));

describe('blocking queries on a worker thread', () => {
  let blocking: Blocking;
  let lexical: LexicalIndex;
  beforeAll(async () => {
    requireFreshDist();
    blocking = await compiled<Blocking>('generators/blocking.js');
    lexical = await compiled<LexicalIndex>('generators/lexical-index.js');
  });

  it('answers every name exactly as this thread does, and counts the same cost', async () => {
    const source = lexical.prepareOntology(names('s', 300, 3));
    const target = lexical.prepareOntology(names('t', 400, 5));
    const { features } = blocking.nameFeatures();
    const budget = 150; // most queries run over it: partial sums, then exact rescoring
    const parallel = blocking.neighbourhood(source, target, 'parallel-test', features, budget);
    const sequential = blocking.neighbourhood(source, target, 'sequential-test', features, budget);
    const before = blocking.blockingCost();
    expect(await parallel.prefetch(40, 1)).toBe(150);
    const parallelCost = blocking.blockingCost();
    for (let e = 0; e < source.entries.length; e++) {
      const a = parallel.near(e, 40);
      const b = sequential.near(e, 40);
      expect([...a.docs]).toEqual([...b.docs]);
      expect([...a.scores]).toEqual([...b.scores]);
      expect(a.examined).toBe(b.examined);
    }
    expect(parallel.examined()).toBe(sequential.examined());
    expect(parallelCost.postings - before.postings).toBe(sequential.examined());
    // Asked again, or once some names are cached, prefetch leaves the work to `near`.
    expect(await parallel.prefetch(40, 1)).toBe(0);
  });

  it('runs on this thread below the size that pays for a worker', async () => {
    const source = lexical.prepareOntology(names('s', 50, 3));
    const target = lexical.prepareOntology(names('t', 60, 5));
    const { features } = blocking.nameFeatures();
    const small = blocking.neighbourhood(source, target, 'small-test', features, 100);
    expect(await small.prefetch(40)).toBe(0);
    expect(blocking.PARALLEL_QUERIES_FROM).toBeGreaterThan(source.entries.length);
  });
});
