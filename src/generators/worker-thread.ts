/**
 * Running a pure computation on a second thread: the worker module beside the caller's compiled
 * file gets `job` as its worker data and posts one answer. A generator uses it only where the
 * work is large enough to pay for starting a second JavaScript engine, and only for work whose
 * answer does not depend on where it runs, so results stay the same.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Start `file` on a worker thread with `job` (copied by structured clone) and resolve to what it
 * posts. The worker starts before this returns, so the caller can work meanwhile and await
 * afterwards. Resolves to undefined when the file is absent (running from the TypeScript
 * sources, as tests do) or the worker fails: the caller then does the work itself.
 */
export function runInWorker<Answer>(file: URL, job: unknown): Promise<Answer | undefined> {
  if (!existsSync(fileURLToPath(file))) return Promise.resolve(undefined);
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
    worker.once('message', (message: Answer) => {
      answer = message;
      void worker.terminate();
    });
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(answer));
  });
}
