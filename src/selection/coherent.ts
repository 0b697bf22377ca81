/**
 * Selection that knows the two ontologies: the selection rules of select.ts, then what the
 * ontologies say about the result.
 *
 * 1. The plain selection (one-to-one or mutual best, the threshold).
 * 2. Structural selection (structure.ts): class candidates that agree with the first selection
 *    about their parents, children or restriction fillers (`part_of some …`) move up (and may
 *    pass the threshold), the selection is made
 *    again, and property mappings whose domains and ranges the selected class mappings do not
 *    relate are removed.
 * 3. Repair (src/coherence): the fewest mappings, greedily by value, whose removal leaves the
 *    selection coherent with both ontologies.
 *
 * Both are on by default with `one-to-one` and ontologies given, off otherwise. Removed
 * candidates are returned with why, so a writer can keep them marked (a reviewer sees what the
 * selection left out and the reason); nothing else about a candidate changes.
 */
import { IoaError } from '../model/errors.js';
import { optionKeys, optionsObject } from '../model/options.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { CoherenceChecker, describeConflict, type CoherenceConflict } from '../coherence/index.js';
import { checkSelectionOptions, select as selectPlain, type Selectable, type SelectionMode, type SelectionOptions } from './select.js';
import { STRUCTURAL_BOOST, structuralBoosts, unsupportedProperties, type ExistentialsOf } from './structure.js';

/** The ontologies a selection reads its structure and axioms from: subjects in `source`, objects in `target`. */
export interface SelectionOntologies {
  source: OntologyIndex;
  target: OntologyIndex;
}

/** {@link SelectionOptions} with the ontologies and the steps that use them. */
export interface OntologySelectionOptions extends SelectionOptions {
  /** The two ontologies; without them only the plain rules apply. */
  ontologies?: SelectionOntologies;
  /** Remove the fewest mappings that restore coherence (default: on with `one-to-one` and ontologies). */
  repair?: boolean;
  /** Structural selection (default: on with `one-to-one` and ontologies). */
  structure?: boolean;
  /** A checker already built for the two ontologies (saves building it again). */
  checker?: CoherenceChecker;
}

/** A candidate the selection chose and then removed, with why. */
export interface RemovedCandidate<C> {
  candidate: C;
  /** `repair`: it made the selection incoherent; `structure`: a property mapping without structural support. */
  by: 'repair' | 'structure';
  reason: string;
  /** For `repair`: the conflict it lost (positions in `conflictWith`). */
  conflict?: CoherenceConflict;
  /** For `repair`: the mappings the conflict's positions refer to. */
  conflictWith?: readonly C[];
}

/** What {@link selectDetailed} chose, and what it removed. */
export interface SelectionOutcome<C> {
  /** The selection, in input order. */
  selected: C[];
  /** Chosen by the selection rules, then removed (structure, then repair), in input order. */
  removed: RemovedCandidate<C>[];
  /** Whether each step ran. */
  repair: boolean;
  structure: boolean;
  /** Candidates whose place in the order structural agreement raised. */
  boosted: number;
  /** By how much structural agreement raised each candidate's place in the order (only those it raised). */
  boosts: ReadonlyMap<C, number>;
  /** How the selection was made, in one sentence (a mapping set's description says it). */
  description: string;
}

function steps(options: OntologySelectionOptions): { repair: boolean; structure: boolean } {
  const byDefault = options.mode === 'one-to-one' && options.ontologies !== undefined;
  const repair = options.repair ?? byDefault;
  const structure = options.structure ?? byDefault;
  for (const [name, on] of [['repair', repair], ['structure', structure]] as const) {
    if (!on) continue;
    if (options.mode === undefined) throw new IoaError('E_USAGE', `${name} works on a selection: choose a mode (one-to-one or mutual)`, { path: `$.${name}` });
    if (options.ontologies === undefined) throw new IoaError('E_USAGE', `${name} needs the two ontologies the candidates map between`, { path: '$.ontologies' });
  }
  return { repair, structure };
}

/** The keys of OntologySelectionOptions: any other is refused (optionsObject). */
const SELECTION_OPTIONS = optionKeys<OntologySelectionOptions>()('checker', 'directional', 'minScore', 'mode', 'ontologies', 'repair', 'structure');

/**
 * The candidates `options` select (select.ts), structurally selected and repaired for coherence
 * when asked or by default (see the module comment), with what was removed and why.
 * Throws E_SELECTION_MIXED_SCORES (candidates of different measures), E_USAGE (repair or
 * structure asked for without a mode or without ontologies).
 */
export function selectDetailed<C extends Selectable>(candidates: readonly C[], options?: OntologySelectionOptions): SelectionOutcome<C> {
  if (!Array.isArray(candidates)) throw new IoaError('E_USAGE', 'candidates must be an array (what propose returns, or readCandidates reads)', { path: '$.candidates' });
  const bad = candidates.findIndex((c: unknown) => typeof c !== 'object' || c === null || typeof (c as Selectable).subject !== 'string' || typeof (c as Selectable).object !== 'string' || typeof (c as Selectable).score !== 'number');
  if (bad >= 0) throw new IoaError('E_USAGE', 'every candidate needs subject, object (strings) and score (a number)', { path: `$.candidates[${bad}]` });
  options = optionsObject(options, '$', SELECTION_OPTIONS);
  if (options.ontologies !== undefined && (typeof options.ontologies !== 'object' || options.ontologies === null || !isLoaded(options.ontologies.source) || !isLoaded(options.ontologies.target))) {
    throw new IoaError('E_USAGE', 'ontologies must be { source, target }, both loaded ontologies', { path: '$.ontologies' });
  }
  checkSelectionOptions(options);
  const { repair, structure } = steps(options);
  const plain: SelectionOptions = {
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
    ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
    ...(options.directional !== undefined ? { directional: options.directional } : {}),
  };
  // A concept its ontology deprecates is no place for a new mapping: a candidate to it stays a
  // candidate (a reviewer may still look), but the selection takes the live one (OBO ontologies
  // keep thousands of obsolete classes, often under the label of their replacement).
  const live = options.ontologies === undefined ? candidates : withoutDeprecated(candidates, options.ontologies);
  let chosen = selectPlain(live, plain);
  let boosts: ReadonlyMap<C, number> = new Map();
  const outcome = (selected: C[], removed: RemovedCandidate<C>[], boosted: number): SelectionOutcome<C> =>
    ({ selected, removed, repair, structure, boosted, boosts, description: describeSelection(options, { repair, structure, boosted, removed }) });
  if (!repair && !structure) return outcome(chosen, [], 0);
  const { source, target } = options.ontologies!;
  const checker = options.checker ?? new CoherenceChecker(source, target);
  const removed = new Map<C, RemovedCandidate<C>>();
  let boosted = 0;
  // The value each candidate is selected and repaired by: its own, plus any structural boost.
  let value = (c: C): number => c.score;
  if (structure) {
    const anchors = repair ? checker.repair(chosen).kept.map((i) => chosen[i]!) : chosen;
    const existentials: ExistentialsOf = (side, iri) =>
      ((side === 0 ? source : target).byIri.get(iri)?.restrictions ?? []).filter((r) => r.quantifier === 'some');
    const raise = structuralBoosts(live, anchors, checker.graph, existentials);
    boosted = raise.filter((b) => b > 0).length;
    if (boosted > 0) {
      // Select again in the raised order; the candidates themselves keep their values.
      const raised = live.map((c, i) => ({ subject: c.subject, predicate: c.predicate, object: c.object, score: c.score + raise[i]!, rank: c.rank, measure: c.measure, at: i }));
      const again = new Set(selectPlain(raised, plain).map((r) => r.at));
      chosen = live.filter((_, i) => again.has(i));
      const raisedBy = new Map(live.map((c, i) => [c, raise[i]!] as const).filter(([, b]) => b > 0));
      value = (c) => c.score + (raisedBy.get(c) ?? 0);
      boosts = raisedBy;
    }
    for (const [i, reason] of unsupportedProperties(chosen, checker.graph)) removed.set(chosen[i]!, { candidate: chosen[i]!, by: 'structure', reason });
  }
  if (repair) {
    const list = chosen.filter((c) => !removed.has(c));
    const ranked = list.map((c) => ({ subject: c.subject, predicate: c.predicate, object: c.object, score: value(c), rank: c.rank }));
    for (const r of checker.repair(ranked).removed) {
      const candidate = list[r.index]!;
      removed.set(candidate, { candidate, by: 'repair', reason: describeConflict(r.conflict, list), conflict: r.conflict, conflictWith: list });
    }
  }
  return outcome(chosen.filter((c) => !removed.has(c)), chosen.filter((c) => removed.has(c)).map((c) => removed.get(c)!), boosted);
}

/** The candidates between two concepts neither of which its ontology deprecates (all of them when none is deprecated). */
function withoutDeprecated<C extends Selectable>(candidates: readonly C[], ontologies: SelectionOntologies): readonly C[] {
  const { source, target } = ontologies;
  const retired = (index: { concepts: readonly { deprecated?: boolean }[] }): boolean => index.concepts.some((c) => c.deprecated === true);
  if (!retired(source) && !retired(target)) return candidates;
  return candidates.filter((c) => source.byIri.get(c.subject)?.deprecated !== true && target.byIri.get(c.object)?.deprecated !== true);
}

/** {@link selectDetailed}, returning only the selection: what `propose --select` keeps. */
/** Whether a value is a loaded ontology index (what loadOntology returns). */
const isLoaded = (value: unknown): boolean => typeof value === 'object' && value !== null && (value as { byIri?: unknown }).byIri instanceof Map && Array.isArray((value as { concepts?: unknown }).concepts);

export function select<C extends Selectable>(candidates: readonly C[], options?: OntologySelectionOptions): C[] {
  return selectDetailed(candidates, options).selected;
}

const MODE_TEXT: Record<SelectionMode, string> = {
  'one-to-one': 'one-to-one (greedy on similarity_score)',
  mutual: 'mutual best on similarity_score',
};

/** The selection in words, for a mapping set's description. */
export function describeSelection(options: SelectionOptions, done: { repair: boolean; structure: boolean; boosted: number; removed: readonly RemovedCandidate<unknown>[] }): string {
  const count = (by: RemovedCandidate<unknown>['by']): number => done.removed.filter((r) => r.by === by).length;
  const parts = [
    options.mode !== undefined ? MODE_TEXT[options.mode] : undefined,
    options.mode !== undefined ? (options.directional ? 'equivalences, then broader and narrower for subjects without one' : 'equivalences only') : undefined,
    options.minScore !== undefined ? `similarity_score >= ${options.minScore}${done.structure ? ' (with the structural boost)' : ''}` : undefined,
    done.structure
      ? `structural selection: a class candidate whose parents, children or restriction fillers (part_of some …) the first selection maps alike gains ${STRUCTURAL_BOOST} for each in the order and the threshold (${done.boosted} did), and a property mapping whose domains or ranges no selected class mapping relates is removed (${count('structure')})`
      : undefined,
    done.repair
      ? `repaired for coherence with the two ontologies (propositional Horn propagation over the told hierarchies, disjointness, domains and ranges, as LogMap does): ${count('repair')} removed, the lowest-valued mapping of each conflict`
      : undefined,
    done.removed.length > 0 ? 'removed rows stay in the file with why in selection_removed' : undefined,
  ];
  return parts.filter((p): p is string => p !== undefined).join(', ');
}
