/**
 * The worker thread of `edit` on large runs: works out the similarity of the name pairs it is
 * sent with the same code as the main thread (jobSimilarities) and sends them back. Imported
 * anywhere but in such a worker, it does nothing.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { EDIT_JOB, jobSimilarities, type EditJob } from './edit.js';

if (parentPort && (workerData as Partial<EditJob> | null)?.kind === EDIT_JOB) {
  const values = jobSimilarities(workerData as EditJob);
  // Handed over, not copied: made here and not used here again.
  parentPort.postMessage(values, [values.buffer as ArrayBuffer]);
}
