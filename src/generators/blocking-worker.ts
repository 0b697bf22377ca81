/**
 * The worker thread of Neighbourhood.prefetch: rebuilds the inverted index from the target
 * vectors it is sent, answers the queries of the source names it is sent with the same code as
 * the main thread (InvertedIndex.query), and sends the answers back end to end. Imported
 * anywhere but in a worker, it only defines `answerQueries`.
 */
import { blockingCost, InvertedIndex, QUERY_JOB, type QueryAnswers, type QueryJob } from './blocking.js';
import { serveJob } from './worker-thread.js';

/** The answers to every source name of a job, end to end. */
export function answerQueries(job: QueryJob): QueryAnswers {
  const before = blockingCost();
  const index = new InvertedIndex(job.features, job.target);
  const { offsets, ids, weights } = job.source;
  const names = offsets.length - 1;
  const starts = new Int32Array(names + 1);
  const docs = new Int32Array(names * job.limit);
  const scores = new Float64Array(names * job.limit);
  const examined = new Int32Array(names);
  for (let n = 0; n < names; n++) {
    const vector = { ids: ids.subarray(offsets[n]!, offsets[n + 1]!), weights: weights.subarray(offsets[n]!, offsets[n + 1]!) };
    const result = index.query(vector, job.budget, job.limit);
    docs.set(result.docs, starts[n]!);
    scores.set(result.scores, starts[n]!);
    starts[n + 1] = starts[n]! + result.docs.length;
    examined[n] = result.examined;
  }
  const after = blockingCost();
  const used = starts[names]!;
  return { starts, docs: docs.slice(0, used), scores: scores.slice(0, used), examined, postings: after.postings - before.postings, pairs: after.pairs - before.pairs };
}

serveJob(QUERY_JOB, answerQueries);
