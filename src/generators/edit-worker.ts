/**
 * The worker thread of `edit`: claims chunks of the name pairs it is sent and works out their
 * similarities with the same code as the calling thread (workOnPairs), into shared memory, until
 * no chunk is left. Imported anywhere but in such a worker, it does nothing.
 */
import { EDIT_JOB, workOnPairs, type EditJob } from './edit.js';
import { serveJob } from './worker-thread.js';

serveJob(EDIT_JOB, (job: EditJob) => ({ chunks: workOnPairs(job) }));
