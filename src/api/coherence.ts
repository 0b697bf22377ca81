/**
 * The coherence check of a mapping set for the library API (and `ioa-align coherence`): which
 * rows state mappings, checked against the two ontologies with the Horn propagation of
 * src/coherence, each conflict with a minimal set of rows and the axioms.
 */
import { readMappingFile, rowDecision, selectionRemovedOf, sourceLine } from '../exchange/index.js';
import { IoaError } from '../model/errors.js';
import { checkKeys, optionKeys } from '../model/options.js';
import { hasEntityEnds, type MappingSet } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { CoherenceChecker, describeConflict, type CoherenceConflict, type CoherenceMapping } from '../coherence/index.js';
import { loadOntology } from './ontology.js';

export {
  CoherenceChecker, describeConflict, describeAxiom, AXIOM_KINDS, SIDE_NAMES,
  type AxiomKind, type CoherenceConflict, type CoherenceMapping, type CoherenceReport, type RankedMapping, type RepairRemoval, type RepairResult,
  type SideName, type ToldAxiom, type NodeKind,
} from '../coherence/index.js';
export type { AxiomCounts, OntologyAxioms } from '../model/axioms.js';

/** Justifications of rows a person decided: in a file that has any, only they are checked. */
const REVIEWED = new Set(['semapv:ManualMappingCuration', 'semapv:MappingReview']);

/** A row that was checked: its mapping, its position among the set's mappings and its line in the file. */
export interface CheckedMapping extends CoherenceMapping {
  /** 0-based position among the set's mappings. */
  row: number;
  /** The line the row starts on, when it was read from a file. */
  line?: number;
}

/** A conflict with the rows it names and a sentence for people. */
export interface CoherenceFinding extends CoherenceConflict {
  /** The conflict in one sentence (describeConflict). */
  message: string;
}

/** What {@link checkCoherence} found. */
export interface CoherenceResult {
  /** No conflict among the rows checked. */
  coherent: boolean;
  /** The rows checked; a conflict's `mappings` are positions in this list. */
  checked: CheckedMapping[];
  /** Rows not checked, by why: rejected (`predicate_modifier Not`), removed by a selection (`selection_removed`), not reviewed in a reviewed file, literal mappings. */
  skipped: { rejected: number; removedBySelection: number; unreviewed: number; literal: number };
  /** Checked rows with no logical reading (relatedMatch, a class mapped to a property). */
  ignored: number;
  /** Checked rows whose subject the source or whose object the target does not have (were the ontologies swapped?). */
  unknownTerms: number;
  /** Whether either ontology states a disjointness: without one, nothing can be unsatisfiable. */
  disjointness: boolean;
  conflicts: CoherenceFinding[];
}

/** Options of {@link checkCoherence}. */
export interface CheckCoherenceOptions {
  /** The ontology of the subjects: loaded, or a location {@link loadOntology} takes. */
  source: OntologyIndex | string;
  /** The ontology of the objects, likewise. */
  target: OntologyIndex | string;
}

/**
 * The rows of a set that state mappings: rejected rows, rows a selection removed and literal
 * mappings are left out; in a reviewed file (a row justified by `semapv:MappingReview` or
 * `semapv:ManualMappingCuration`) only the reviewed rows are checked — what `artifact build` uses.
 */
export function mappingsToCheck(set: MappingSet, file?: string): Pick<CoherenceResult, 'checked' | 'skipped'> {
  const skipped = { rejected: 0, removedBySelection: 0, unreviewed: 0, literal: 0 };
  const reviewedOnly = set.mappings.some((m) => REVIEWED.has(m.justification) && m.predicateModifier !== 'Not');
  const checked: CheckedMapping[] = [];
  set.mappings.forEach((m, row) => {
    // Rejected as every reader of a reviewed file reads it: a row whose review_decision contradicts
    // its predicate_modifier is refused (E_REVIEW_ROW_CONTRADICTION), never taken either way.
    if (rowDecision(m, { row, ...(file !== undefined ? { file } : {}) }) === 'reject') skipped.rejected++;
    else if (selectionRemovedOf(m) !== undefined) skipped.removedBySelection++;
    else if (!hasEntityEnds(m)) skipped.literal++;
    else if (reviewedOnly && !REVIEWED.has(m.justification)) skipped.unreviewed++;
    else {
      const line = sourceLine(m);
      checked.push({ subject: m.subjectId, predicate: m.predicateId, object: m.objectId, row, ...(line !== undefined ? { line } : {}) });
    }
  });
  return { checked, skipped };
}

const isIndex = (value: unknown): value is OntologyIndex =>
  typeof value === 'object' && value !== null && Array.isArray((value as OntologyIndex).concepts) && (value as OntologyIndex).byIri instanceof Map;

/** The keys of CheckCoherenceOptions: any other is refused (optionsObject). */
const COHERENCE_OPTIONS = optionKeys<CheckCoherenceOptions>()('source', 'target');

/**
 * Check a set of mappings for coherence with the two ontologies it maps between: which mappings,
 * read as bridge axioms (exactMatch and closeMatch as equivalence, broadMatch and narrowMatch as
 * subsumption), make a class — or a property's domain or range — unsatisfiable that each
 * ontology alone leaves satisfiable. A sound approximation, as LogMap's repair uses: Horn
 * propagation over the told hierarchies, disjointness, domains and ranges (docs/coherence.md
 * says what it does not see). Nothing is changed or decided.
 *
 * @param mappings - A mapping file (any exchange format), a mapping set, or mappings.
 * @param options - The source and target ontologies.
 * @returns The rows checked and every conflict, each with a minimal set of rows and the axioms.
 * @throws {@link IoaError} `E_USAGE` (malformed mappings or options), and the errors of
 *   `readMappings` and {@link loadOntology} for files.
 */
export async function checkCoherence(mappings: string | MappingSet | readonly CoherenceMapping[], options: CheckCoherenceOptions): Promise<CoherenceResult> {
  if (typeof options !== 'object' || options === null) throw new IoaError('E_USAGE', 'checkCoherence needs { source, target }', { path: '$' });
  checkKeys(options, COHERENCE_OPTIONS, '$', 'option');
  const load = (value: OntologyIndex | string, side: 'source' | 'target'): Promise<OntologyIndex> => {
    if (typeof value === 'string') return loadOntology(value);
    if (isIndex(value)) return Promise.resolve(value);
    throw new IoaError('E_USAGE', `${side} must be a loaded OntologyIndex or a location loadOntology takes`, { path: `$.${side}` });
  };
  const [source, target] = await Promise.all([load(options.source, 'source'), load(options.target, 'target')]);
  if (typeof mappings !== 'string' && !Array.isArray(mappings) && (typeof mappings !== 'object' || mappings === null || !Array.isArray((mappings as MappingSet).mappings))) {
    throw new IoaError('E_USAGE', 'mappings must be a mapping file path, a MappingSet or an array of { subject, predicate, object }', { path: '$.mappings' });
  }
  let rows: Pick<CoherenceResult, 'checked' | 'skipped'>;
  if (Array.isArray(mappings)) {
    rows = { checked: (mappings as readonly CoherenceMapping[]).map((m, row) => ({ ...m, row })), skipped: { rejected: 0, removedBySelection: 0, unreviewed: 0, literal: 0 } };
  } else {
    rows = typeof mappings === 'string' ? mappingsToCheck(await readMappingFile(mappings), mappings) : mappingsToCheck(mappings as MappingSet);
  }
  return coherenceOf(rows, new CoherenceChecker(source, target));
}

/** The check of rows already chosen, with a checker already built. */
export function coherenceOf(rows: Pick<CoherenceResult, 'checked' | 'skipped'>, checker: CoherenceChecker, options: { onProgress?: (done: number, total: number) => void } = {}): CoherenceResult {
  const report = checker.check(rows.checked, options);
  const unknownTerms = rows.checked.filter((m) => !checker.source.byIri.has(m.subject) || !checker.target.byIri.has(m.object)).length;
  const conflicts: CoherenceFinding[] = report.conflicts.map((c) => ({ ...c, message: describeConflict(c, rows.checked) }));
  return { coherent: conflicts.length === 0, checked: rows.checked, skipped: rows.skipped, ignored: report.ignored, unknownTerms, disjointness: report.disjointness, conflicts };
}
