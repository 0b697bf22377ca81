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
import { IoaError } from '../model/errors.js';
import { checkCallbacks, checkKeys, checkList, optionKeys, optionsObject } from '../model/options.js';
import { resolveOutput } from '../io/files.js';
import { readCandidateFile, type CandidateFile } from '../review/load.js';
import { startingSelection } from '../review/policy.js';
import { readReference } from '../bench/reference.js';
import { isIncompatible, PREDICATE_OF_RELATION } from '../ontology/alignment-reader.js';
import { ReviewSession, checkSessionOptions, type DecisionFile, type SessionOptions } from '../review/session.js';
import { formatFromExtension, readMappingFile } from '../exchange/index.js';
import { simulateReview, simulateReviewSeries, type ReferenceTriple, type SeriesOptions, type SimulationOptions, type SimulationResult, type SimulationSeries } from '../review/simulate.js';
import { loadOntology } from './ontology.js';

export { ReviewState, startingSelection, DECISIONS, REVIEW_RELATIONS, type Decision, type DecisionState, type CandidateStatus, type ReviewCandidate, type StartingSelection } from '../review/policy.js';
export {
  ReviewSession, ReviewRefusal, REVIEW_DECISION_SLOT, CANDIDATE_PREDICATE_SLOT, REVIEW_ROLE_SLOT, DECISION_SOURCE_SLOT, REPLACES_DECISION_SLOT, EARLIER_SLOTS, EARLIER_EACH_SLOTS, BREAK_ONE_TO_ONE, MAX_COMMENT,
  type SessionOptions, type DecisionFile, type DecideOptions, type DecideResult, type CandidateRef, type ConceptView, type CandidateView, type DecisionView, type IncoherentView,
  type ItemSummary, type ItemFilter, type Progress, type TermView, type RestrictionView,
} from '../review/session.js';
export {
  reviewedDecisions, pairReviews, unsettledConflicts, agreeingRows, contradicts, type ReviewedDecision, type ReplacedDecision, type PairReview, type ReviewDecision,
} from '../exchange/reviewed.js';
export { serveReview, CONTENT_SECURITY_POLICY, MAX_BODY_BYTES, type ReviewServer, type ServeOptions } from '../review/server.js';
export {
  simulateReview, simulateReviewSeries, draw, spread, DEFAULT_ERROR_RATES, DEFAULT_SEEDS,
  type SimulationOptions, type SimulationResult, type SimulationSeries, type SeriesOptions, type Spread, type CurvePoint, type Score, type ReferenceTriple,
} from '../review/simulate.js';
export { readCandidateFile, type CandidateFile } from '../review/load.js';
export { ReviewCoherence, type IncoherentWith } from '../review/coherence.js';
export type { CoherenceMapping } from '../coherence/index.js';
export type { SelectionOntologies } from '../selection/index.js';

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
  /** Earlier reviewed files whose decisions carry over (`--decisions`). */
  decisions?: readonly string[];
}

/** How a review opens: the session's options, and how its ontologies are read. */
export interface OpenReviewOptions extends Omit<SessionOptions, 'inputs' | 'decisions'> {
  /**
   * Agent record files: leave bad records out (counted per reason in the index's warnings), as
   * `propose` did when it wrote the candidates (`--skip-invalid`).
   */
  skipInvalid?: boolean;
  /**
   * Called as each stage of opening starts: `read` (the candidate file, both ontologies and the
   * decision files), then `start` (the starting selection, the belief and the question order,
   * and the resumed decisions). On a large file (300,000 candidates) each takes seconds.
   */
  onProgress?: (stage: 'read' | 'start') => void;
}

/** Read reviewed files (`--decisions`) for a review or a proposal. */
export async function readDecisionFiles(paths: readonly string[]): Promise<DecisionFile[]> {
  return Promise.all(paths.map(async (path) => ({ path, set: await readMappingFile(path) })));
}

/** The keys of ReviewFiles and of OpenReviewOptions: any other is refused. */
const REVIEW_FILES = optionKeys<ReviewFiles>()('candidates', 'decisions', 'out', 'source', 'target');
const OPEN_OPTIONS = optionKeys<OpenReviewOptions>()('adjudicator', 'onProgress', 'onSaveError', 'reviewer', 'skipInvalid', 'today');

/**
 * Load the candidate file and both ontologies, check that every candidate's subject is a
 * concept of `source` and its object one of `target`, and resume from `out` when it exists.
 *
 * Decisions of `files.decisions` on these candidates are shown beside the reviewer's, written to
 * `out` with their own reviewer, date and comment, and never asked again.
 *
 * @throws IoaError `E_REVIEW_UNKNOWN_TERM`, `E_REVIEW_SET_MISMATCH` (`out` reviews another
 *   candidate set; it is left as it is), `E_REVIEW_DUPLICATE_DECISION` (two rows of one reviewer
 *   on one candidate in `out`, other than two of one day that nothing orders: her own conflict), `E_REVIEW_ROW_CONTRADICTION` (a row of `out` or of a decisions
 *   file whose review_decision contradicts its predicate_modifier), `E_USAGE` (a bad reviewer id, `out` naming an input, an
 *   adjudicator without a reviewer), and the reading errors of the files.
 */
export async function openReview(files: ReviewFiles, openOptions: OpenReviewOptions = {}): Promise<ReviewSession> {
  if (typeof files !== 'object' || files === null || Array.isArray(files)) throw new IoaError('E_USAGE', 'openReview takes { candidates, source, target, out, decisions? }: the paths of the review\'s files', { path: '$' });
  for (const key of ['candidates', 'source', 'target', 'out'] as const) {
    if (typeof files[key] !== 'string' || files[key] === '') throw new IoaError('E_USAGE', `openReview takes { candidates, source, target, out, decisions? }: ${key} must be a file path`, { path: `$.${key}` });
  }
  checkKeys(files, REVIEW_FILES, '$', 'file');
  checkList(files.decisions, '$.decisions');
  const { skipInvalid, onProgress, ...options } = optionsObject(openOptions, '$', OPEN_OPTIONS);
  checkCallbacks(openOptions, ['onProgress', 'onSaveError']);
  checkSessionOptions(options);
  const loading = skipInvalid ? { skipInvalid: true } : {};
  const inputs = [files.candidates, files.source, files.target, ...(files.decisions ?? [])];
  // Decisions are saved as SSSOM TSV, and every reader (a resumed review, artifact build,
  // convert) takes a mapping file's format from its extension: decisions saved to `r.csv` or
  // `r.json` could never be read back, so such a name is refused before anything is saved.
  const implied = formatFromExtension(files.out);
  if (implied !== undefined && implied !== 'sssom') {
    const name = { csv: 'CSV', json: 'JSON', alignment: 'Alignment RDF/XML' }[implied];
    throw new IoaError('E_USAGE', `the reviewed file is SSSOM TSV, but its extension means ${name}: every reader would take it for ${name} and fail; name it .tsv (e.g. reviewed.sssom.tsv)`, { file: files.out });
  }
  await resolveOutput(files.out, { inputs });
  onProgress?.('read');
  const [file, source, target, decisions] = await Promise.all([
    readCandidateFile(files.candidates), loadOntology(files.source, loading), loadOntology(files.target, loading), readDecisionFiles(files.decisions ?? []),
  ]);
  onProgress?.('start');
  return ReviewSession.open(file, source, target, files.out, { ...options, inputs, decisions });
}

/**
 * Simulate a reviewer on a candidate file: the oracle answers from `reference` (an OAEI
 * Alignment file or a mapping file), wrongly with probability `errorRate`.
 */
export async function simulateReviewFile(candidates: string, reference: string, options: SimulationFileOptions = {}): Promise<SimulationResult> {
  options = optionsObject(options, '$', SIMULATION_FILE_OPTIONS);
  checkCallbacks(options, ['onWarning']);
  const [file, triples] = await Promise.all([readCandidateFile(candidates), readReferenceTriples(reference)]);
  assertReferenceMeetsCandidates(file, triples, candidates, reference);
  return simulateReview(file.review, triples, { ...withoutOntologies(options), ...await fileSelection(file, options) });
}

/**
 * A reference naming none of the candidates' subjects belongs to another pair of ontologies, or
 * maps the other way round: every candidate would count as wrong, and the simulation's figures
 * would measure the mix-up. Refused, as `coherence` refuses mappings that name neither ontology.
 */
function assertReferenceMeetsCandidates(file: CandidateFile, triples: readonly ReferenceTriple[], candidates: string, reference: string): void {
  if (triples.length === 0 || file.review.length === 0) return;
  const subjects = new Set(file.review.map((c) => c.subject));
  if (triples.some((t) => subjects.has(t.subject))) return;
  const reversed = triples.some((t) => subjects.has(t.object));
  throw new IoaError('E_USAGE', `the reference names none of the ${subjects.size} subject(s) of the candidates ${candidates}: ${reversed ? 'its objects are, so it maps the other way round' : 'it is the reference of another pair of ontologies'}; a simulation against it would measure nothing`, { file: reference });
}

/**
 * Options of the file simulations: with `source` and `target` (ontology files, as `review`
 * takes them) the review starts from the selection `propose --select one-to-one` makes with the
 * two ontologies (structural agreement, repair), as the review page does; without them, from the
 * plain one-to-one selection.
 */
export interface SimulationFileOptions extends Omit<SimulationOptions, 'minScore' | 'start'>, OntologyFiles {}

/** {@link SimulationFileOptions} for a series. */
export interface SeriesFileOptions extends Omit<SeriesOptions, 'minScore' | 'start'>, OntologyFiles {}

/** The two ontology files a file simulation may start from (both or neither). */
export interface OntologyFiles {
  /** The source ontology file (the candidates' subjects); only with `target`. */
  source?: string;
  /** The target ontology file (the candidates' objects); only with `source`. */
  target?: string;
  /**
   * Agent record files as `source` or `target`: leave bad records out (each said through
   * `onWarning`), as `propose --skip-invalid` did when it wrote the candidates.
   */
  skipInvalid?: boolean;
  /** What was left out of the ontology files with `skipInvalid` (default: nothing is said). */
  onWarning?: (message: string) => void;
}

const SIMULATION_FILE_OPTIONS = optionKeys<SimulationFileOptions>()('budget', 'curveStep', 'errorRate', 'onWarning', 'seed', 'skipInvalid', 'source', 'target');
const SERIES_FILE_OPTIONS = optionKeys<SeriesFileOptions>()('budget', 'curveStep', 'errorRates', 'onWarning', 'seeds', 'skipInvalid', 'source', 'target');

function withoutOntologies<O extends OntologyFiles>(options: O): Omit<O, keyof OntologyFiles> {
  const { source: _source, target: _target, skipInvalid: _skip, onWarning: _warn, ...rest } = options;
  return rest;
}

/** The candidate file's threshold, and the starting selection when both ontologies are given. */
async function fileSelection(file: CandidateFile, options: OntologyFiles): Promise<Pick<SimulationOptions, 'minScore' | 'start'>> {
  if ((options.source === undefined) !== (options.target === undefined)) {
    throw new IoaError('E_USAGE', 'give both the source and the target ontology, or neither', { path: options.source === undefined ? '$.source' : '$.target' });
  }
  if (options.skipInvalid && options.source === undefined) throw new IoaError('E_USAGE', 'skipInvalid means something only with the source and target ontology files (the record files it reads)', { path: '$.skipInvalid' });
  const threshold = file.minScore !== undefined ? { minScore: file.minScore } : {};
  if (options.source === undefined || options.target === undefined) return threshold;
  const loading = options.skipInvalid ? { skipInvalid: true } : {};
  const [source, target] = await Promise.all([loadOntology(options.source, loading), loadOntology(options.target, loading)]);
  if (options.skipInvalid) for (const index of [source, target]) for (const warning of index.warnings) options.onWarning?.(`${index.source}: ${warning}`);
  return { ...threshold, start: startingSelection(file.review, { source, target }, file.minScore) };
}

/**
 * Simulate a reviewer on a candidate file at several error rates and seeds (mean and spread of
 * F1 after, the mean curve); see {@link simulateReviewSeries}.
 */
export async function simulateReviewFileSeries(candidates: string, reference: string, options: SeriesFileOptions = {}): Promise<SimulationSeries[]> {
  options = optionsObject(options, '$', SERIES_FILE_OPTIONS);
  checkCallbacks(options, ['onWarning']);
  const [file, triples] = await Promise.all([readCandidateFile(candidates), readReferenceTriples(reference)]);
  assertReferenceMeetsCandidates(file, triples, candidates, reference);
  return simulateReviewSeries(file.review, triples, { ...withoutOntologies(options), ...await fileSelection(file, options) });
}
