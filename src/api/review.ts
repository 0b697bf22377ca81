/**
 * Reviewing candidates: a local, keyboard-first review page with a JSON API
 * ({@link openReview} then {@link serveReview}), and interactive matching measured with a
 * simulated reviewer ({@link simulateReviewFile}, after the OAEI Interactive track). The page and
 * the simulation share one question policy and one propagation rule ({@link ReviewState}).
 *
 * Nothing here accepts a mapping for the gate: the reviewed file is SSSOM that `buildArtifact`
 * (from `ioa-align/gate`) turns into an unsigned artifact draft.
 *
 * @packageDocumentation
 */
import { resolveOutput } from '../io/files.js';
import { readCandidateFile } from '../review/load.js';
import { readReference } from '../bench/reference.js';
import { isIncompatible, PREDICATE_OF_RELATION } from '../ontology/alignment-reader.js';
import { ReviewSession, type SessionOptions } from '../review/session.js';
import { simulateReview, type ReferenceTriple, type SimulationOptions, type SimulationResult } from '../review/simulate.js';
import { loadOntology } from './ontology.js';

export { ReviewState, DECISIONS, REVIEW_RELATIONS, type Decision, type DecisionState, type CandidateStatus, type ReviewCandidate } from '../review/policy.js';
export {
  ReviewSession, REVIEW_DECISION_SLOT, CANDIDATE_PREDICATE_SLOT,
  type SessionOptions, type ConceptView, type CandidateView, type ItemSummary, type ItemFilter, type Progress, type TermView, type RestrictionView,
} from '../review/session.js';
export { serveReview, CONTENT_SECURITY_POLICY, MAX_BODY_BYTES, type ReviewServer, type ServeOptions } from '../review/server.js';
export { simulateReview, draw, type SimulationOptions, type SimulationResult, type CurvePoint, type Score, type ReferenceTriple } from '../review/simulate.js';
export { readCandidateFile, type CandidateFile } from '../review/load.js';

/** A reference alignment's mappings as (subject, SKOS predicate CURIE, object); incompatibility cells (`%`) left out. */
export async function readReferenceTriples(path: string): Promise<ReferenceTriple[]> {
  const reference = await readReference(path);
  return reference.cells.flatMap((c) => (isIncompatible(c.relation) ? [] : [{ subject: c.entity1, predicate: PREDICATE_OF_RELATION[c.relation], object: c.entity2 }]));
}

/** Files of a review: the candidates, the ontologies they map between, and where decisions go. */
export interface ReviewFiles {
  candidates: string;
  source: string;
  target: string;
  /** The reviewed SSSOM TSV file: created, or resumed when it exists. */
  out: string;
}

/**
 * Load the candidate file and both ontologies, check that every candidate's subject is a
 * concept of `source` and its object one of `target`, and resume from `out` when it exists.
 *
 * @throws IoaError `E_REVIEW_UNKNOWN_TERM`, `E_REVIEW_SET_MISMATCH` (`out` reviews another
 *   candidate set; it is left as it is), `E_USAGE` (a bad reviewer id, `out` naming an input),
 *   and the reading errors of the files.
 */
export async function openReview(files: ReviewFiles, options: Omit<SessionOptions, 'inputs'> = {}): Promise<ReviewSession> {
  const inputs = [files.candidates, files.source, files.target];
  await resolveOutput(files.out, { inputs });
  const [file, source, target] = await Promise.all([readCandidateFile(files.candidates), loadOntology(files.source), loadOntology(files.target)]);
  return ReviewSession.open(file, source, target, files.out, { ...options, inputs });
}

/**
 * Simulate a reviewer on a candidate file: the oracle answers from `reference` (an OAEI
 * Alignment file or a mapping file), wrongly with probability `errorRate`.
 */
export async function simulateReviewFile(candidates: string, reference: string, options: Omit<SimulationOptions, 'minScore'> = {}): Promise<SimulationResult> {
  const [file, triples] = await Promise.all([readCandidateFile(candidates), readReferenceTriples(reference)]);
  return simulateReview(file.review, triples, { ...options, ...(file.minScore !== undefined ? { minScore: file.minScore } : {}) });
}
