/**
 * The worker thread of `edit` on large runs: works out the similarity of the name pairs it is
 * sent with the same code as the main thread (jobSimilarities) and sends them back. Imported
 * anywhere but in such a worker, it does nothing.
 */
import { EDIT_JOB, jobSimilarities } from './edit.js';
import { serveJob } from './worker-thread.js';

serveJob(EDIT_JOB, jobSimilarities);
