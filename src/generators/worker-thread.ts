/**
 * Running a pure computation on a second thread: the worker module beside the caller's compiled
 * file gets `job` as its worker data and posts one answer. A generator uses it only where the
 * work is large enough to pay for starting a second JavaScript engine, and only for work whose
 * answer does not depend on where it runs, so results stay the same.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * Source names from which the blocking queries are shared with a worker thread. Below this a worker
 * costs more than it saves: it starts a second JavaScript engine and its job is copied to it
 * (tens of milliseconds), and on small runs V8's own collector and compiler already keep the
 * second core busy (benchmarks/lexical/README.md: at 5k the blocking queries took as long either
 * way, on anatomy longer with a worker). `edit`'s pairs, worked out while the other generators
 * run, have a threshold of their own (PAIR_WORKER_FROM in edit.ts).
 */
export const PARALLEL_NAMES_FROM = 20_000;

/**
 * Start `file` on a worker thread with `job` (copied by structured clone; shared memory stays
 * shared) and resolve to what it posts. The worker starts before this returns, so the caller can
 * work meanwhile and await afterwards. Resolves to undefined when the file is absent (running
 * from the TypeScript sources, as tests do), the worker fails, or `signal` stops it: the caller
 * then does the work itself.
 */
export function runInWorker<Answer>(file: URL, job: unknown, signal?: AbortSignal): Promise<Answer | undefined> {
  if (signal?.aborted || !existsSync(fileURLToPath(file))) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(file, { workerData: job });
    } catch {
      // No thread to be had (resource limits): the caller does the work itself.
      resolve(undefined);
      return;
    }
    let answer: Answer | undefined;
    const stop = (): void => void worker.terminate();
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', (message: Answer) => {
      answer = message;
      void worker.terminate();
    });
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => {
      signal?.removeEventListener('abort', stop);
      resolve(answer);
    });
  });
}

/**
 * The worker side of runInWorker, for a module started as `file`: when this thread's worker data
 * is a job of `kind`, answer it and post the answer, handing its arrays over rather than copying
 * them (they must be the answer's own). Anywhere else (the main thread, a test runner's worker
 * that merely imports the module) it does nothing.
 */
export function serveJob<Job extends { kind: string }, Answer extends object>(kind: Job['kind'], answer: (job: Job) => Answer): void {
  if (!parentPort || (workerData as Partial<Job> | null)?.kind !== kind) return;
  const made = answer(workerData as Job);
  const views = ArrayBuffer.isView(made) ? [made] : Object.values(made).filter((v): v is ArrayBufferView => ArrayBuffer.isView(v));
  parentPort.postMessage(made, [...new Set(views.map((v) => v.buffer as ArrayBuffer))]);
}
