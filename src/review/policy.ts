/**
 * The review state and the one question policy and propagation rule that both the review page
 * and `review simulate` use, so what the simulation measures is what a reviewer gets.
 *
 * - A decision is about one candidate (subject, predicate, object): accept (with the relation
 *   the reviewer chose, by default the candidate's own), reject, or unsure.
 * - Propagation: accepting an equivalence (`skos:exactMatch`, or another relation changed to it)
 *   closes the other open candidates of the same pair and the competing equivalence candidates
 *   of the subject and of the object (the alignment is one-to-one on equivalences). A closed
 *   candidate remembers which acceptance closed it; undoing or changing that acceptance reopens it.
 * - Order, most uncertain first: per subject, how close its best open equivalence candidate is
 *   to its strongest competitor (the subject's second candidate, or another subject's candidate
 *   for the same object) plus how close it is to the selection threshold; the smaller, the earlier.
 *   Candidates far below the threshold (QUESTION_FLOOR) are not asked about.
 * - The current alignment: the accepted candidates (with their chosen relation) plus what the
 *   one-to-one selection keeps of the candidates still open or marked unsure, on places that no
 *   acceptance holds. That is what the simulation scores after each answer.
 */
import { relationFamily, select, type Selectable } from '../selection/index.js';
import { IoaError } from '../model/errors.js';

/** A candidate as review needs it; `index` is its position in the session's list. */
export interface ReviewCandidate extends Selectable {
  index: number;
}

/**
 * Candidates whose value is below this share of the selection threshold are never put first:
 * they are shown with their subject, but a question about them is rarely answered yes. Measured
 * (benchmarks/review/simulate.mjs, 400 questions): with 0.5, anatomy 0.904 → 0.948 F1 (perfect
 * oracle), conference 0.596 → 0.769; asking about every candidate (0) gave 0.936 and 0.675, and
 * with wrong answers the low candidates cost more than they brought.
 */
export const QUESTION_FLOOR = 0.5;

export const DECISIONS = ['accept', 'reject', 'unsure'] as const;
export type Decision = (typeof DECISIONS)[number];

/** The reviewer may accept a candidate under one of these relations (keys a, b, n, c). */
export const REVIEW_RELATIONS = ['skos:exactMatch', 'skos:broadMatch', 'skos:narrowMatch', 'skos:closeMatch', 'skos:relatedMatch'] as const;

export interface DecisionState {
  decision: Decision;
  /** The relation accepted (the candidate's own unless the reviewer changed it). */
  predicate: string;
  /** Candidate indices this acceptance closed. */
  closed: number[];
}

/** What a candidate's place in the review is now. */
export type CandidateStatus = Decision | 'closed' | 'open';

interface HistoryEntry {
  index: number;
  before: DecisionState | undefined;
}

export interface Ordering {
  /** Subjects with open candidates, most uncertain first. */
  subjects: string[];
}

export class ReviewState {
  readonly candidates: readonly ReviewCandidate[];
  readonly bySubject = new Map<string, number[]>();
  readonly byObject = new Map<string, number[]>();
  private readonly decisions = new Map<number, DecisionState>();
  /** closed candidate → the accepted candidate that closed it */
  private readonly closedBy = new Map<number, number>();
  private readonly history: HistoryEntry[] = [];
  /** Uncertainty per subject, dropped for the subjects a decision touches. */
  private readonly uncertaintyCache = new Map<string, number>();
  /** The selection threshold uncertainty is measured against (none: margins only). */
  readonly minScore: number | undefined;

  constructor(candidates: readonly Omit<ReviewCandidate, 'index'>[], options: { minScore?: number } = {}) {
    this.candidates = candidates.map((c, index) => ({ ...c, index }));
    this.minScore = options.minScore;
    for (const c of this.candidates) {
      push(this.bySubject, c.subject, c.index);
      push(this.byObject, c.object, c.index);
    }
    // Best first within each subject and object: score, then the list's own rank.
    const best = (a: number, b: number): number => this.candidates[b]!.score - this.candidates[a]!.score || this.candidates[a]!.rank - this.candidates[b]!.rank || a - b;
    for (const list of this.bySubject.values()) list.sort(best);
    for (const list of this.byObject.values()) list.sort(best);
  }

  status(index: number): CandidateStatus {
    const d = this.decisions.get(index);
    if (d) return d.decision;
    return this.closedBy.has(index) ? 'closed' : 'open';
  }

  decisionOf(index: number): DecisionState | undefined {
    return this.decisions.get(index);
  }

  /** The accepted candidate that closed this one, if propagation closed it. */
  closedByOf(index: number): number | undefined {
    return this.closedBy.get(index);
  }

  decidedCount(): number {
    return this.decisions.size;
  }

  /** Every decision, in candidate order. */
  allDecisions(): Array<[number, DecisionState]> {
    return [...this.decisions].sort((a, b) => a[0] - b[0]);
  }

  /**
   * Decide on a candidate; returns the candidates this decision closed. Deciding again replaces
   * the earlier decision (and reopens what it had closed). Undo steps back one decision.
   */
  decide(index: number, decision: Decision, predicate?: string): number[] {
    const c = this.candidates[index];
    if (!c) throw new IoaError('E_USAGE', `no candidate ${index}`, { path: '$.index' });
    if (!(DECISIONS as readonly string[]).includes(decision)) throw new IoaError('E_USAGE', `decision must be one of ${DECISIONS.join(', ')}, not ${JSON.stringify(decision)}`, { path: '$.decision' });
    this.history.push({ index, before: this.cloneDecision(index) });
    return this.apply(index, decision, predicate ?? c.predicate);
  }

  /** Take back the last decision; returns the candidate it concerned, or undefined when there is none. */
  undo(): number | undefined {
    const entry = this.history.pop();
    if (!entry) return undefined;
    this.clear(entry.index);
    if (entry.before) this.apply(entry.index, entry.before.decision, entry.before.predicate);
    return entry.index;
  }

  /** Forget the undo history (after replaying a saved review: resuming is not a step to undo). */
  clearHistory(): void {
    this.history.length = 0;
  }

  canUndo(): boolean {
    return this.history.length > 0;
  }

  private cloneDecision(index: number): DecisionState | undefined {
    const d = this.decisions.get(index);
    return d ? { ...d, closed: [...d.closed] } : undefined;
  }

  private clear(index: number): void {
    const d = this.decisions.get(index);
    if (!d) return;
    for (const j of d.closed) if (this.closedBy.get(j) === index) this.closedBy.delete(j);
    this.decisions.delete(index);
    this.touch([index, ...d.closed]);
  }

  /** Forget the uncertainty of every subject whose candidates, or whose objects' rivals, changed. */
  private touch(indices: readonly number[]): void {
    for (const i of indices) {
      const c = this.candidates[i]!;
      this.uncertaintyCache.delete(c.subject);
      for (const j of this.byObject.get(c.object) ?? []) this.uncertaintyCache.delete(this.candidates[j]!.subject);
    }
  }

  private apply(index: number, decision: Decision, predicate: string): number[] {
    this.clear(index);
    this.closedBy.delete(index);
    const c = this.candidates[index]!;
    const closed: number[] = [];
    if (decision === 'accept') {
      const isOpen = (j: number): boolean => j !== index && !this.decisions.has(j) && !this.closedBy.has(j);
      const equivalence = relationFamily(predicate) === 'equivalence';
      // One relation per pair, whatever was accepted.
      for (const j of this.bySubject.get(c.subject) ?? []) {
        const other = this.candidates[j]!;
        if (!isOpen(j)) continue;
        if (other.object === c.object || (equivalence && relationFamily(other.predicate) === 'equivalence')) closed.push(j);
      }
      if (equivalence) {
        for (const j of this.byObject.get(c.object) ?? []) {
          if (isOpen(j) && !closed.includes(j) && relationFamily(this.candidates[j]!.predicate) === 'equivalence') closed.push(j);
        }
      }
      for (const j of closed) this.closedBy.set(j, index);
    }
    this.decisions.set(index, { decision, predicate, closed });
    this.touch([index, ...closed]);
    return closed;
  }

  /** Open or unsure: still a candidate nobody has settled. */
  private unsettled(index: number): boolean {
    const s = this.status(index);
    return s === 'open' || s === 'unsure';
  }

  /** Subjects that hold an accepted equivalence, and objects likewise. */
  private acceptedPlaces(): { subjects: Set<string>; objects: Set<string> } {
    const subjects = new Set<string>();
    const objects = new Set<string>();
    for (const [i, d] of this.decisions) {
      if (d.decision !== 'accept' || relationFamily(d.predicate) !== 'equivalence') continue;
      subjects.add(this.candidates[i]!.subject);
      objects.add(this.candidates[i]!.object);
    }
    return { subjects, objects };
  }

  /**
   * How uncertain a subject is (smaller: more uncertain; Infinity: nothing open to ask): the
   * margin between its best open equivalence candidate and the strongest competitor for either
   * end, plus that candidate's distance from the threshold; a subject with only broader
   * or narrower candidates open comes after every subject with an equivalence to settle.
   */
  uncertainty(subject: string): number {
    const cached = this.uncertaintyCache.get(subject);
    if (cached !== undefined) return cached;
    const u = this.computeUncertainty(subject);
    this.uncertaintyCache.set(subject, u);
    return u;
  }

  /** True when the subject holds an accepted equivalence: nothing about it is left to ask. */
  hasAcceptedEquivalence(subject: string): boolean {
    return (this.bySubject.get(subject) ?? []).some((i) => {
      const d = this.decisions.get(i);
      return d?.decision === 'accept' && relationFamily(d.predicate) === 'equivalence';
    });
  }

  private computeUncertainty(subject: string): number {
    if (this.hasAcceptedEquivalence(subject)) return Infinity;
    const list = this.bySubject.get(subject) ?? [];
    const floor = QUESTION_FLOOR * (this.minScore ?? 0);
    const open = list.filter((i) => this.status(i) === 'open' && this.candidates[i]!.score >= floor);
    if (open.length === 0) return Infinity;
    const eq = open.filter((i) => relationFamily(this.candidates[i]!.predicate) === 'equivalence');
    if (eq.length === 0) return 10 + this.distance(this.candidates[open[0]!]!.score);
    const best = this.candidates[eq[0]!]!;
    let rival = eq.length > 1 ? this.candidates[eq[1]!]!.score : 0;
    for (const j of this.byObject.get(best.object) ?? []) {
      const other = this.candidates[j]!;
      if (other.subject !== subject && this.unsettled(j) && relationFamily(other.predicate) === 'equivalence') {
        rival = Math.max(rival, other.score);
        break;
      }
    }
    // Both must be small for a question to be worth asking: a close rival and a value near the
    // threshold (measured on anatomy, the sum asks better questions than either alone or their minimum).
    return Math.abs(best.score - rival) + this.distance(best.score);
  }

  private distance(score: number): number {
    return this.minScore === undefined ? 0 : Math.abs(score - this.minScore);
  }

  /** Subjects with open candidates, most uncertain first (ties in subject order). */
  uncertainOrder(): string[] {
    const scored = [...this.bySubject.keys()].map((s) => [s, this.uncertainty(s)] as const).filter(([, u]) => u !== Infinity);
    return scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([s]) => s);
  }

  /** The question the policy asks about a subject: its best open candidate, equivalences first. */
  questionFor(subject: string): number | undefined {
    const floor = QUESTION_FLOOR * (this.minScore ?? 0);
    const open = (this.bySubject.get(subject) ?? []).filter((i) => this.status(i) === 'open' && this.candidates[i]!.score >= floor);
    return open.find((i) => relationFamily(this.candidates[i]!.predicate) === 'equivalence') ?? open[0];
  }

  /** The most uncertain subject's question, or undefined when nothing is open. */
  nextQuestion(): number | undefined {
    let bestSubject: string | undefined;
    let bestU = Infinity;
    for (const s of this.bySubject.keys()) {
      const u = this.uncertainty(s);
      if (u < bestU || (u === bestU && bestSubject !== undefined && s < bestSubject)) {
        bestU = u;
        bestSubject = s;
      }
    }
    return bestSubject === undefined ? undefined : this.questionFor(bestSubject);
  }

  /**
   * The alignment as it stands: accepted candidates under their chosen relation, plus the
   * one-to-one selection (at the threshold) of the unsettled candidates on places no acceptance
   * holds. Rejected and closed candidates are out.
   */
  alignment(): Array<{ subject: string; predicate: string; object: string; accepted: boolean }> {
    const { subjects, objects } = this.acceptedPlaces();
    const acceptedSubjects = new Set<string>();
    const out: Array<{ subject: string; predicate: string; object: string; accepted: boolean }> = [];
    for (const [i, d] of this.decisions) {
      if (d.decision !== 'accept') continue;
      const c = this.candidates[i]!;
      acceptedSubjects.add(c.subject);
      out.push({ subject: c.subject, predicate: d.predicate, object: c.object, accepted: true });
    }
    const pool = this.candidates.filter((c) => this.unsettled(c.index) && !subjects.has(c.subject) && !acceptedSubjects.has(c.subject)
      && !(objects.has(c.object) && relationFamily(c.predicate) === 'equivalence'));
    const chosen = select(pool, { mode: 'one-to-one', ...(this.minScore !== undefined ? { minScore: this.minScore } : {}) });
    for (const c of chosen) out.push({ subject: c.subject, predicate: c.predicate, object: c.object, accepted: false });
    return out;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
