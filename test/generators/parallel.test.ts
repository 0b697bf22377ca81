/**
 * On large runs the blocking queries and `edit`'s pair similarities are shared with a worker
 * thread. The workers are compiled modules beside dist/generators/, so these tests run the
 * compiled code (npm test builds dist/ first) on small inputs with the size limits lowered.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireFreshDist } from '../helpers/dist.js';
import { ontology } from './fixtures.js';
import { collect } from './suite.js';
import type { EditJob } from '../../src/generators/edit.js';

type Blocking = typeof import('../../src/generators/blocking.js');
type Edit = typeof import('../../src/generators/edit.js');
type WorkerThread = typeof import('../../src/generators/worker-thread.js');
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

let blocking: Blocking;
let lexical: LexicalIndex;
let edit: Edit;
let workers: WorkerThread;
beforeAll(async () => {
  requireFreshDist();
  blocking = await compiled<Blocking>('generators/blocking.js');
  lexical = await compiled<LexicalIndex>('generators/lexical-index.js');
  edit = await compiled<Edit>('generators/edit.js');
  workers = await compiled<WorkerThread>('generators/worker-thread.js');
});

describe('blocking queries on a worker thread', () => {
  it('answers every name exactly as this thread does, and counts the same cost', async () => {
    const source = lexical.prepareOntology(names('s', 300, 3));
    const target = lexical.prepareOntology(names('t', 400, 5));
    const { features } = blocking.nameFeatures();
    const budget = 150; // most queries run over it: partial sums, then exact rescoring
    const parallel = blocking.neighbourhood(source, target, 'parallel-test', features, budget);
    const sequential = blocking.neighbourhood(source, target, 'sequential-test', features, budget);
    const before = blocking.blockingCost();
    expect(await parallel.prefetch(40, { parallelFrom: 1 })).toBe(150);
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
    expect(await parallel.prefetch(40, { parallelFrom: 1 })).toBe(0);
  });

  it('stopped while it runs, rejects with the signal\'s reason and leaves answers that are still right', async () => {
    const source = lexical.prepareOntology(names('s', 900, 3));
    const target = lexical.prepareOntology(names('t', 400, 5));
    const { features } = blocking.nameFeatures();
    const stopped = blocking.neighbourhood(source, target, 'stopped-test', features, 150);
    const fresh = blocking.neighbourhood(source, target, 'fresh-test', features, 150);
    const stop = new AbortController();
    const reason = new Error('enough');
    const seen: Array<[number, number]> = [];
    const prefetch = stopped.prefetch(40, { parallelFrom: 1, signal: stop.signal, onProgress: (done, total) => {
      seen.push([done, total]);
      if (done > 0) stop.abort(reason);
    } });
    await expect(prefetch).rejects.toBe(reason);
    // This thread's share is the first half (450 names): stopped at its second turn.
    expect(seen).toEqual([[0, 450], [256, 450]]);
    for (let e = 0; e < source.entries.length; e++) expect([...stopped.near(e, 40).docs]).toEqual([...fresh.near(e, 40).docs]);
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

describe('edit similarities shared with a worker thread', () => {
  /** A job of 120 × 150 names, each source name compared with three target names. */
  const pairJob = () => {
    const source = lexical.prepareOntology(names('s', 120, 3));
    const target = lexical.prepareOntology(names('t', 150, 5));
    const table = new edit.WordTable(source.entries, target.entries);
    const lists = [...table.source, ...table.target];
    const wordStarts = new Int32Array(lists.length + 1);
    lists.forEach((ids, i) => (wordStarts[i + 1] = wordStarts[i]! + ids.length));
    const wordIds = new Int32Array(wordStarts[lists.length]!);
    lists.forEach((ids, i) => wordIds.set(ids, wordStarts[i]!));
    const sourceNames = source.entries.length;
    const starts = Int32Array.from({ length: sourceNames + 1 }, (_, e) => 3 * e);
    const targets = Int32Array.from({ length: 3 * sourceNames }, (_, k) => (Math.floor(k / 3) + [0, 7, 31][k % 3]!) % target.entries.length);
    const sharedArray = <T>(Kind: new (b: SharedArrayBuffer) => T, bytes: number): T => new Kind(new SharedArrayBuffer(bytes));
    const job: EditJob = {
      kind: edit.EDIT_JOB,
      words: table.words,
      idfs: table.idfs,
      texts: [...source.entries, ...target.entries].map((e) => e.contentText),
      wordStarts,
      wordIds,
      sourceNames,
      starts,
      targets,
      values: sharedArray(Float64Array, targets.length * 8),
      next: sharedArray(Int32Array, 4),
      done: sharedArray(Int32Array, Math.ceil(sourceNames / 64) * 4),
    };
    const expected = [...targets].map((t, k) => {
      const e = Math.floor(k / 3);
      return edit.editSimilarity(source.entries[e]!.contentText, target.entries[t]!.contentText, table, table.source[e]!, table.target[t]!);
    });
    return { job, table, expected };
  };
  const workerFile = () => new URL('./edit-worker.js', pathToFileURL(join(ROOT, 'dist/generators/edit.js')));

  it('the worker works out every chunk alone, each pair as this thread would', async () => {
    const { job, expected } = pairJob();
    const answered = await workers.runInWorker<{ chunks: number }>(workerFile(), job);
    expect(answered).toEqual({ chunks: job.done.length });
    expect([...job.done].every((d) => d === 1)).toBe(true);
    expect([...job.values]).toEqual(expected);
  });

  it('two threads claiming chunks of one job work out each chunk once, with the same values', async () => {
    const { job, table, expected } = pairJob();
    const worker = workers.runInWorker<{ chunks: number }>(workerFile(), job);
    const mine = edit.workOnPairs(job, table);
    const answered = await worker;
    expect(mine + (answered?.chunks ?? 0)).toBe(job.done.length);
    expect([...job.done].every((d) => d === 1)).toBe(true);
    expect([...job.values]).toEqual(expected);
  });

  it('proposes the same candidates with the pairs shared as on one thread', async () => {
    const source = names('s', 200, 3);
    const target = names('t', 260, 5);
    const shared = await collect(edit.default({ parallelFrom: 1, budget: 150 }), source, target);
    // Fresh indexes, so the cached blocking queries of the first run are not reused.
    const alone = await collect(edit.default({ budget: 150 }), names('s', 200, 3), names('t', 260, 5));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared).toEqual(alone);
  });

  it('work started ahead and stopped before it ends is finished by propose, with the same candidates', async () => {
    const alone = await collect(edit.default({ budget: 150 }), names('s', 200, 3), names('t', 260, 5));
    for (const when of ['before it starts', 'once it runs'] as const) {
      const source = names('s', 200, 3);
      const target = names('t', 260, 5);
      const generator = edit.default({ parallelFrom: 1, budget: 150 });
      const stop = new AbortController();
      if (when === 'before it starts') {
        stop.abort();
        await expect(generator.startAhead!(source, target, { topK: 10, signal: stop.signal })).rejects.toMatchObject({ name: 'AbortError' });
      } else {
        await generator.startAhead!(source, target, { topK: 10, signal: stop.signal });
        stop.abort();
      }
      const candidates: unknown[] = [];
      for await (const c of generator.propose(source, target, { topK: 10 })) candidates.push(c);
      expect(candidates, when).toEqual(alone);
    }
  });
});

describe('a worker that cannot run', () => {
  it('leaves the work to the caller: no compiled worker file, a job that cannot be sent, a worker that throws', async () => {
    const here = pathToFileURL(join(ROOT, 'dist/generators/'));
    expect(await workers.runInWorker(new URL('./no-such-worker.js', here), {})).toBeUndefined();
    // Functions cannot be cloned into a worker.
    expect(await workers.runInWorker(new URL('./blocking-worker.js', here), { kind: 'ioa-align/blocking-queries', run: () => 1 })).toBeUndefined();
    // A query job without its arrays fails inside the worker.
    expect(await workers.runInWorker(new URL('./blocking-worker.js', here), { kind: 'ioa-align/blocking-queries' })).toBeUndefined();
  });
});
