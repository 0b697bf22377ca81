/**
 * Selection: from a ranked list of candidates to a smaller set a reviewer starts from. It takes
 * candidates and returns candidates — never a verdict, never a confidence. A selected candidate
 * is exactly as unaccepted as before; only review and the gate accept anything.
 *
 * Rules (all deterministic; the input is never modified and comes back filtered, in its order):
 * - `minScore`: a candidate whose score is below it is dropped. The score is whatever the list
 *   ranks by: the fused value for fused lists, the generator's own raw score for a single
 *   generator. Candidates of different measures are refused (E_SELECTION_MIXED_SCORES): their
 *   scores share no scale, so one threshold or one comparison across them means nothing.
 * - One relation per pair: of the candidates relating one subject to one object, only the
 *   best-scoring survives (`a exactMatch b` and `a broadMatch b` contradict each other).
 * - The relation decides who competes, because only equivalences exclude each other:
 *   - equivalence (`skos:exactMatch`, `skos:closeMatch`, `owl:equivalentClass`, …): a subject
 *     has at most one, and so has an object; equivalences are selected first;
 *   - broader and narrower candidates are what a subject without an equivalent needs (a class
 *     whose counterpart the target lacks, a skill a new version split in two): a subject that
 *     kept an equivalence keeps none of them. `a = b` and `a ⊂ c` can both be true, but once
 *     `a = b` is in the set, `a ⊂ c` follows from b's own place in the target and asks nothing
 *     of a reviewer; on anatomy, keeping both halves the precision of the selected set;
 *   - `skos:broadMatch` (the object is broader): such a subject keeps its best one; many
 *     subjects may share one broader object (every part of the hand is narrower than "hand");
 *   - `skos:narrowMatch` (the object is narrower): the mirror image, an object keeps its best
 *     one (and none if it kept an equivalence), a subject may have many;
 *   - any other relation (`skos:relatedMatch`) only obeys the pair rule.
 * - Broader and narrower candidates are selected only when asked (`directional: true`). A
 *   selected set is what a reviewer starts from, and most references it is compared with (OAEI
 *   anatomy and conference, most curated sets) hold equivalences only: there the directional
 *   half of a selection is review effort spent on rows no reference confirms (anatomy one-to-one
 *   F1 0.69 with them, 0.90 without). Where directional rows are the point (a version
 *   migration, a subsumption track) the caller asks for them; the version diff always does.
 * - `one-to-one` is greedy: candidates in descending score (equal scores by the list's own rank,
 *   then by IRIs), each kept unless an earlier kept candidate already holds its place
 *   (equivalences in a first pass, broader and narrower candidates in a second). Greedy
 *   rather than an optimal assignment (Hungarian): it keeps the best candidate of every
 *   contested pair, which is what a reviewer reads first, and never trades a clear winner for
 *   two weaker ones to maximise a sum of scores that are not probabilities.
 * - `mutual` keeps a candidate only when it is the unique best of its place: the unique
 *   highest-scoring equivalence of its subject and of its object (ties abstain), the unique
 *   best broader object of its subject, the unique best narrower subject of its object.
 */
import { IoaError } from '../model/errors.js';
import { curieOf } from '../coherence/semantics.js';

/** The `--select` choices. */
export const SELECTION_MODES = ['one-to-one', 'mutual'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];

export function isSelectionMode(value: string): value is SelectionMode {
  return (SELECTION_MODES as readonly string[]).includes(value);
}

/** What selection needs of a candidate (a Candidate or FusedCandidate has all of it). */
export interface Selectable {
  subject: string;
  predicate: string;
  object: string;
  /** The value the list is ranked by; compared only among candidates of one measure. */
  score: number;
  /** 1-based rank in its subject's list (breaks ties between equal scores). */
  rank: number;
  measure: string;
}

export interface SelectionOptions {
  /** Absent: no competition, only the threshold. */
  mode?: SelectionMode;
  /** Keep candidates whose score is at least this (default: keep all). */
  minScore?: number;
  /**
   * With a mode: also select broader and narrower candidates for the subjects left without an
   * equivalence (default false: a selection holds equivalences and other relations only).
   */
  directional?: boolean;
}

/** How a relation competes (see the module comment). */
export type RelationFamily = 'equivalence' | 'broader' | 'narrower' | 'other';

const EQUIVALENCE: ReadonlySet<string> = new Set([
  'skos:exactMatch', 'skos:closeMatch', 'owl:equivalentClass', 'owl:equivalentProperty', 'owl:sameAs',
]);
const BROADER: ReadonlySet<string> = new Set(['skos:broadMatch', 'rdfs:subClassOf', 'rdfs:subPropertyOf']);
const NARROWER: ReadonlySet<string> = new Set(['skos:narrowMatch']);

export function relationFamily(predicate: string): RelationFamily {
  const p = curieOf(predicate);
  if (EQUIVALENCE.has(p)) return 'equivalence';
  if (BROADER.has(p)) return 'broader';
  if (NARROWER.has(p)) return 'narrower';
  return 'other';
}

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Best first: score, then the list's own rank, then IRIs — the same order on every machine. */
function compareForSelection(a: Selectable, b: Selectable): number {
  return b.score - a.score || a.rank - b.rank || text(a.subject, b.subject) || text(a.object, b.object) || text(a.predicate, b.predicate);
}

/** Check the options before any work (the CLI reports these as usage errors). */
export function checkSelectionOptions(options: SelectionOptions): void {
  if (options.mode !== undefined && !isSelectionMode(options.mode)) {
    throw new IoaError('E_USAGE', `unknown selection "${String(options.mode)}"; choose ${SELECTION_MODES.join(' or ')}`, { path: '$.mode' });
  }
  if (options.minScore !== undefined && !Number.isFinite(options.minScore)) {
    throw new IoaError('E_USAGE', `the minimum score must be a finite number, not ${String(options.minScore)}`, { path: '$.minScore' });
  }
}

/**
 * The candidates `options` select (see the module comment), as a new array in input order.
 * Throws E_SELECTION_MIXED_SCORES when the candidates do not share one `measure`.
 */
export function select<C extends Selectable>(candidates: readonly C[], options: SelectionOptions = {}): C[] {
  checkSelectionOptions(options);
  const measures = new Set(candidates.map((c) => c.measure));
  if (measures.size > 1) {
    throw new IoaError('E_SELECTION_MIXED_SCORES', `candidates of ${measures.size} different measures (${[...measures].sort().join(', ')}) cannot be selected together: their scores share no scale; fuse them first or select each generator's list on its own`);
  }
  const minScore = options.minScore;
  const pool = minScore === undefined ? [...candidates] : candidates.filter((c) => c.score >= minScore);
  if (options.mode === undefined) return pool;

  const ordered = [...pool].sort(compareForSelection);
  // One relation per pair: the first (best) triple of each subject–object pair.
  const seenPairs = new Set<string>();
  const contenders: C[] = [];
  for (const c of ordered) {
    const pair = `${c.subject}\u0000${c.object}`;
    if (seenPairs.has(pair)) continue;
    seenPairs.add(pair);
    contenders.push(c);
  }
  const directional = options.directional === true;
  const kept = new Set<C>(options.mode === 'one-to-one' ? greedy(contenders, directional) : mutualBest(contenders, directional));
  return candidates.filter((c) => kept.has(c));
}

/**
 * Greedy one-to-one over candidates already in best-first order: equivalences first, then (when
 * `directional`) the broader and narrower candidates of the subjects left without one.
 */
function greedy<C extends Selectable>(ordered: readonly C[], directional: boolean): C[] {
  const { kept, subjects, objects } = greedyEquivalences(ordered);
  const broaderOf = new Set<string>();
  const narrowerOf = new Set<string>();
  for (const c of ordered) {
    const family = relationFamily(c.predicate);
    if (family === 'equivalence' || subjects.has(c.subject)) continue;
    if (!directional && (family === 'broader' || family === 'narrower')) continue;
    if (family === 'broader') {
      if (broaderOf.has(c.subject)) continue;
      broaderOf.add(c.subject);
    } else if (family === 'narrower') {
      if (objects.has(c.object) || narrowerOf.has(c.object)) continue;
      narrowerOf.add(c.object);
    }
    kept.add(c);
  }
  return ordered.filter((c) => kept.has(c));
}

/** The first pass of one-to-one: equivalences, greedily, each subject and object once. */
function greedyEquivalences<C extends Selectable>(ordered: readonly C[]): { kept: Set<C>; subjects: Set<string>; objects: Set<string> } {
  const subjects = new Set<string>();
  const objects = new Set<string>();
  const kept = new Set<C>();
  for (const c of ordered) {
    if (relationFamily(c.predicate) !== 'equivalence' || subjects.has(c.subject) || objects.has(c.object)) continue;
    subjects.add(c.subject);
    objects.add(c.object);
    kept.add(c);
  }
  return { kept, subjects, objects };
}

/**
 * The unique best of each place; ties abstain. A broader or narrower candidate is left out
 * where one-to-one would keep an equivalence for its subject (or, narrower, its object), so
 * that mutual always selects a subset of what one-to-one selects.
 */
function mutualBest<C extends Selectable>(candidates: readonly C[], directional: boolean): C[] {
  const best = new Map<string, { score: number; count: number }>();
  const note = (key: string, score: number): void => {
    const seen = best.get(key);
    if (!seen || score > seen.score) best.set(key, { score, count: 1 });
    else if (score === seen.score) seen.count += 1;
  };
  const unique = (key: string, score: number): boolean => {
    const seen = best.get(key);
    return seen !== undefined && seen.count === 1 && seen.score === score;
  };
  const places = (c: C): string[] => {
    switch (relationFamily(c.predicate)) {
      case 'equivalence': return [`=s\u0000${c.subject}`, `=o\u0000${c.object}`];
      case 'broader': return [`<s\u0000${c.subject}`];
      case 'narrower': return [`>o\u0000${c.object}`];
      case 'other': return [];
    }
  };
  for (const c of candidates) for (const key of places(c)) note(key, c.score);
  const { subjects, objects } = greedyEquivalences(candidates);
  return candidates.filter((c) => {
    if (!places(c).every((key) => unique(key, c.score))) return false;
    const family = relationFamily(c.predicate);
    if (!directional && (family === 'broader' || family === 'narrower')) return false;
    if (family === 'broader') return !subjects.has(c.subject);
    if (family === 'narrower') return !subjects.has(c.subject) && !objects.has(c.object);
    return true;
  });
}
