/**
 * The review state and the one question policy and propagation rule that both the review page
 * and `review simulate` use, so what the simulation measures is what a reviewer gets.
 *
 * - An answer is one reviewer's decision on one candidate (subject, predicate, object): accept
 *   (with the relation the reviewer chose, by default the candidate's own), reject, or unsure.
 *   Each reviewer has one answer per candidate; answering again replaces it. Answers of several
 *   reviewers on one candidate stand side by side. The one exception is carried in: two
 *   decisions of one reviewer from earlier reviews that nothing orders (`recordBeside`) stand
 *   side by side as her own conflict until she answers again, which replaces both.
 * - Answers are weighed, not taken as final (belief.ts): a candidate is *settled* when its
 *   answers and the evidence agree — the log-odds after the answers lie at least SETTLE_LOGIT on
 *   the side most answers take. An answer that goes against strong evidence leaves the candidate
 *   *contested*: the alignment follows the belief (the candidate is in when it lies above the
 *   F1 line), and a second reviewer is asked where that is worth a question. An
 *   adjudicator's answer, and an answer carried from an earlier review, settle at once.
 * - Propagation: a candidate settled as accepted under an equivalence closes the unanswered
 *   candidates of the same pair and the unanswered equivalence candidates of its subject and of
 *   its object (one-to-one on equivalences), except those the evidence alone holds nearly
 *   certain (`STANDS_ALONE_LOGIT`), which stay open to be asked; settled under another relation
 *   it closes only the pair's other candidates. Closing is worked out from the answers each
 *   time, so undoing an answer restores exactly what was closed before, with the same reason.
 *   Nothing answered is ever closed, and a contested acceptance closes nothing: one answer
 *   against the evidence never closes a neighbourhood.
 * - Order: the most valuable question first (`valueOf`: the chance that the answers it takes to
 *   move a candidate across the alignment's line move it the right way, less the chance they move
 *   it the wrong way, per answer); where no question is worth anything, the review stops asking.
 *   Until enough pairs are measured, every fifth question is an audit: a second opinion on the
 *   latest answer given once, which measures the error rate (`auditDue`); and for the first ten
 *   answers of five more (fewer when the answers confirm the trust), a probe: the alignment's
 *   candidate the belief trusts most, which tests the calibration where no question of value
 *   would (`probeDue`).
 * - The current alignment: the settled acceptances, the other answered candidates whose belief
 *   lies above the F1 line (`line`), one-to-one, and what the one-to-one selection keeps of the
 *   unanswered candidates on the places left free; a candidate the selection first left out
 *   steps in for a rejected one only above the line too. That is what the simulation scores
 *   after each answer.
 */
import { relationFamily, select, selectDetailed, STRUCTURAL_BOOST, type Selectable, type SelectionOntologies } from '../selection/index.js';
import { IoaError } from '../model/errors.js';
import { tripleKey, type MappingRecord } from '../model/mapping.js';
import type { CoherenceChecker } from '../coherence/index.js';
import type { ReplacedDecision } from '../exchange/reviewed.js';
import { Belief, priorFeatures, sigmoid, type AnsweredCandidate } from './belief.js';

/** A candidate as review needs it; `index` is its position in the session's list. */
export interface ReviewCandidate extends Selectable {
  index: number;
}

/**
 * Candidates whose value is below this share of the selection threshold are never asked about:
 * they are shown with their subject, but a question about them is rarely answered yes. Measured
 * with the margin-ordered policy this one replaced (benchmarks/review/simulate.mjs, 400
 * questions): with 0.5, anatomy 0.904 → 0.948 F1 (perfect oracle), conference 0.596 → 0.769;
 * asking about every candidate (0) gave 0.936 and 0.675, and with wrong answers the low
 * candidates cost more than they brought.
 */
export const QUESTION_FLOOR = 0.5;

/**
 * How far (in log-odds) the belief after the answers must lie on the answers' side for a
 * candidate to be settled. Measured (benchmarks/review/simulate.mjs, seeds 0–4): 1.0 settles
 * sooner (conference 0.785 with a perfect oracle) but lets more wrong answers stand (OASF 0.907
 * and 0.877 with 10 and 20 % wrong); 2.2 the reverse (OASF 0.903 at 20 %, conference 0.763
 * perfect); 1.5 keeps both (conference 0.767, OASF 0.918 and 0.890); anatomy moves by 0.001.
 */
export const SETTLE_LOGIT = 1.5;

/**
 * Prior log-odds (before any answer, with the fitted weights) at or above which an equivalence
 * candidate is not closed by an acceptance of another equivalence of its subject or object: one
 * answer does not close what the evidence alone holds right 98 % of the time. It stays open and
 * is asked (the page asks before breaking one-to-one). Ontologies with duplicate classes map one
 * class to two: NCI's Talus and Astragalus are both the mouse talus in the Anatomy reference, 26
 * of whose 1,516 rows share a subject or an object with another. Measured
 * (benchmarks/review/simulate.mjs, seeds 0–4, 400 questions), anatomy perfect / 10 / 20 / 30 %
 * wrong: closing everything 0.9496 / 0.9357 / 0.9285 / 0.9194; 4 0.9507 / 0.9359 / 0.9281 /
 * 0.9203; 3 0.9510 / 0.9369 / 0.9284 / 0.9190, but the Chinese skills, a track the policy was
 * not tuned on, 0.930 → 0.924 at 20 % (a wrong "yes" on a strong rival adds a wrong mapping
 * where the truth is one-to-one); 4 keeps it.
 */
const STANDS_ALONE_LOGIT = 4;

/** Second opinions asked to measure how often answers are wrong (see `auditDue`). */
const AUDIT_SIZE = 30;
const AUDIT_EVERY = 5;
/** Audits stop early when this many pairs all agree: the reviewers look reliable. */
const AUDIT_AGREED = 10;
/**
 * Probes of the alignment's most believed part (see `probeDue`): how many, and every how many
 * answers one is asked (between audits).
 */
const PROBE_SIZE = 10;
const PROBE_EVERY = 5;
const PROBE_AT = 2;
/** Probes stop early when their "yes" answers outnumber their "no"s by this many: the belief was right to trust them. */
const PROBES_CONFIRMED = 3;
/** Above any question's value (at most 2): an audit that is due comes first. */
const AUDIT_VALUE = 10;

/** A question worth less than this (see `valueOf`) is not asked. */
export const MIN_VALUE = 0;

export const DECISIONS = ['accept', 'reject', 'unsure'] as const;
export type Decision = (typeof DECISIONS)[number];

/** The reviewer may accept a candidate under one of these relations (keys a, b, n, c). */
export const REVIEW_RELATIONS = ['skos:exactMatch', 'skos:broadMatch', 'skos:narrowMatch', 'skos:closeMatch', 'skos:relatedMatch'] as const;

/** One reviewer's answer on one candidate. */
export interface Answer {
  /** The reviewer's id as written in `reviewer_id` (several joined by `|`), `''` when none was given. */
  reviewer: string;
  decision: Decision;
  /** The relation accepted (the candidate's own unless the reviewer changed it); the candidate's predicate otherwise. */
  predicate: string;
  /** An adjudicator's answer settles the candidate whatever the others said. */
  adjudicator?: boolean;
  /** Carried from an earlier review (`--decisions`): settles the candidate, never asked again. */
  earlier?: boolean;
  /** `review_date`, `comment` and where a carried decision came from, as the reviewed file keeps them. */
  date?: string;
  comment?: string;
  source?: string;
  /** The same reviewer's decisions this one replaced (`replaces_decision`). */
  replaces?: ReplacedDecision[];
  /** The row this answer was read from: written back unchanged while the answer is. */
  record?: MappingRecord;
  /** The row a changed answer was read from: its other columns are kept. */
  base?: MappingRecord;
}

export interface DecisionState {
  decision: Decision;
  /** The relation accepted (the candidate's own unless the reviewer changed it). */
  predicate: string;
}

/** What a candidate's place in the review is now, as its reviewer sees it. */
export type CandidateStatus = Decision | 'closed' | 'open';

/** How the answers on a candidate stand. */
export type Standing = 'accept' | 'reject' | 'contested' | 'unanswered';

/**
 * What a selection that read the two ontologies found before any answer (selection/coherent.ts,
 * `startingSelection`), so that the review starts from, and keeps selecting as, the set
 * `propose --select one-to-one` writes: candidates keyed by `tripleKey`.
 */
export interface StartingSelection {
  /** How much structural agreement raised a candidate's place in the selection's order (absent: nothing). */
  boosts: ReadonlyMap<string, number>;
  /**
   * Candidates the selection chose and then removed (repair, a property mapping without
   * structural support): left out of the alignment unless a reviewer accepts them.
   */
  setAside: ReadonlySet<string>;
}

/**
 * The starting selection of `candidates` between two ontologies: the one-to-one selection of
 * their equivalences at `minScore` with structural agreement and repair, as `propose --select
 * one-to-one` makes it (selection/coherent.ts).
 */
export function startingSelection(candidates: readonly Selectable[], ontologies: SelectionOntologies, minScore: number | undefined): StartingSelection {
  return startFrom(candidates, { ontologies }, minScore);
}

/** {@link startingSelection} with a checker already built for the two ontologies (the benchmark keeps one per pair). */
export function startingSelectionWith(candidates: readonly Selectable[], checker: CoherenceChecker, minScore: number | undefined): StartingSelection {
  return startFrom(candidates, { ontologies: { source: checker.source, target: checker.target }, checker }, minScore);
}

function startFrom(candidates: readonly Selectable[], context: { ontologies: SelectionOntologies; checker?: CoherenceChecker }, minScore: number | undefined): StartingSelection {
  const equivalences = candidates.filter((c) => relationFamily(c.predicate) === 'equivalence');
  const outcome = selectDetailed(equivalences, { mode: 'one-to-one', ...(minScore !== undefined ? { minScore } : {}), ...context });
  const key = (c: Selectable): string => tripleKey(c.subject, c.predicate, c.object);
  return { boosts: new Map([...outcome.boosts].map(([c, b]) => [key(c), b])), setAside: new Set(outcome.removed.map((r) => key(r.candidate))) };
}

export interface ReviewStateOptions {
  /** The selection threshold uncertainty is measured against (none: margins only). */
  minScore?: number;
  /** What the ontologies say of the candidates before any answer (none: the plain selection). */
  start?: StartingSelection;
  /**
   * The reviewer this state asks and shows statuses to (a session's `--reviewer`, `''` without
   * one). Undefined: a pool of reviewers, each asked a question at most once (the simulation).
   */
  reviewer?: string;
}

interface HistoryEntry {
  index: number;
  reviewer: string;
  before: Answer[];
}

export class ReviewState {
  readonly candidates: readonly ReviewCandidate[];
  readonly bySubject = new Map<string, number[]>();
  readonly byObject = new Map<string, number[]>();
  /** The selection threshold uncertainty is measured against (none: margins only). */
  readonly minScore: number | undefined;
  readonly reviewer: string | undefined;
  private readonly answers = new Map<number, Answer[]>();
  private readonly history: HistoryEntry[] = [];
  /** Uncertainty per subject, dropped for the subjects a change touches. */
  private readonly uncertaintyCache = new Map<string, number>();
  private readonly belief = new Belief();
  /** What the belief's prior reads of each candidate. */
  private readonly features: number[][];
  /** Each candidate's log-odds after its answers (worked out as asked, after each change). */
  private logits: Float64Array | undefined;
  /** The value of asking each candidate (worked out for all at once, after each change). */
  private values: Float64Array | undefined;
  /** Candidates in the current alignment (settled acceptances and what the selection keeps). */
  private aligned: Set<number> | undefined;
  /** Standing of every answered candidate (unanswered ones are absent). */
  private readonly standing = new Map<number, Standing>();
  /** Settled acceptances: the relation each was accepted under. */
  private readonly accepted = new Map<number, string>();
  /** Candidates at or above the threshold (what a selection can keep), and those worth a question at all. */
  private readonly selectable: readonly ReviewCandidate[];
  private readonly questionable: readonly ReviewCandidate[];
  /** Whether each candidate proposes an equivalence. */
  private readonly equivalence: boolean[];
  /** Whether the one-to-one selection at the threshold keeps each candidate before any answer. */
  private readonly keptAtStart: boolean[];
  /** Each candidate's place in the selection's order: its value, raised by structural agreement. */
  private readonly orderValue: Float64Array;
  /** Candidates the starting selection removed (see StartingSelection.setAside). */
  private readonly setAside: ReadonlySet<number>;
  /** For each candidate, the settled acceptance that closed it (-1: none), worked out after each change. */
  private closing: Int32Array | undefined;
  private batching = 0;
  /** The F1 the alignment last worked out is believed to have: its believed precision (see `line`). */
  private f1 = 0.5;
  /** Candidates asked as audits (see `auditDue`). */
  private readonly audits = new Set<number>();
  /** Candidates asked as probes (see `probeDue`). */
  private readonly probes = new Set<number>();

  constructor(candidates: readonly Omit<ReviewCandidate, 'index'>[], options: ReviewStateOptions = {}) {
    this.candidates = candidates.map((c, index) => ({ ...c, index }));
    this.minScore = options.minScore;
    this.reviewer = options.reviewer;
    for (const c of this.candidates) {
      push(this.bySubject, c.subject, c.index);
      push(this.byObject, c.object, c.index);
    }
    // Best first within each subject and object: score, then the list's own rank. Read from
    // typed arrays: a large review (300k candidates) sorts every list once at start.
    const scores = Float64Array.from(this.candidates, (c) => c.score);
    const ranks = Float64Array.from(this.candidates, (c) => c.rank);
    const best = (a: number, b: number): number => scores[b]! - scores[a]! || ranks[a]! - ranks[b]! || a - b;
    for (const list of this.bySubject.values()) list.sort(best);
    for (const list of this.byObject.values()) list.sort(best);
    // A handful of predicates: each one's family is worked out once.
    const families = new Map<string, ReturnType<typeof relationFamily>>();
    const familyOf = this.candidates.map((c) => {
      let family = families.get(c.predicate);
      if (family === undefined) families.set(c.predicate, (family = relationFamily(c.predicate)));
      return family;
    });
    const isEquivalence = familyOf.map((f) => f === 'equivalence');
    this.equivalence = isEquivalence;
    // Best first, as the selection orders them: each selection of a subset sorts an ordered list.
    const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
    const start = options.start;
    // Boosted and set-aside candidates are a few thousand of a large review's hundreds of
    // thousands: each is found through its subject's list, not by a key built for every candidate.
    const order = Float64Array.from(scores);
    const setAside = new Set<number>();
    if (start) {
      for (const [key, boost] of start.boosts) for (const i of this.withKey(key)) order[i] = scores[i]! + boost;
      for (const key of start.setAside) for (const i of this.withKey(key)) setAside.add(i);
    }
    this.orderValue = order;
    this.setAside = setAside;
    this.selectable = (this.minScore === undefined ? [...this.candidates] : this.candidates.filter((c) => order[c.index]! >= this.minScore!))
      .sort((a, b) => order[b.index]! - order[a.index]! || a.rank - b.rank || text(a.subject, b.subject) || text(a.object, b.object) || text(a.predicate, b.predicate));
    this.questionable = this.candidates.filter((c) => c.score >= QUESTION_FLOOR * (this.minScore ?? 0));
    const kept = new Set(this.selectInOrder(this.candidates.filter((c) => isEquivalence[c.index] && !this.setAside.has(c.index))).map((c) => c.index));
    this.keptAtStart = this.candidates.map((c) => kept.has(c.index));
    // A candidate's margin over the best other equivalence candidate of its subject (or object).
    const margin = (c: ReviewCandidate, list: readonly number[]): number => {
      const other = list.find((j) => j !== c.index && isEquivalence[j]);
      return c.score - (other === undefined ? 0 : this.candidates[other]!.score);
    };
    this.features = this.candidates.map((c) => {
      const family = familyOf[c.index]!;
      const directional = family === 'broader' || family === 'narrower';
      return isEquivalence[c.index]
        ? priorFeatures(kept.has(c.index), false, c.score, this.minScore, margin(c, this.bySubject.get(c.subject)!), margin(c, this.byObject.get(c.object)!), Math.round((order[c.index]! - c.score) / STRUCTURAL_BOOST))
        : priorFeatures(false, directional, c.score, this.minScore, 0, 0);
    });
  }

  /**
   * The candidates whose `tripleKey` is `key`. The key's subject ends at one of its NUL
   * characters (an IRI may be tagged with one, as the benchmark tags each pair's), so each
   * prefix that names a subject is tried and its candidates' keys compared whole.
   */
  private withKey(key: string): number[] {
    const found: number[] = [];
    for (let at = key.indexOf('\u0000'); at >= 0; at = key.indexOf('\u0000', at + 1)) {
      for (const i of this.bySubject.get(key.slice(0, at)) ?? []) {
        const c = this.candidates[i]!;
        if (tripleKey(c.subject, c.predicate, c.object) === key) found.push(i);
      }
    }
    return found;
  }

  /** Every answer on a candidate, in the order given. */
  answersOf(index: number): readonly Answer[] {
    return this.answers.get(index) ?? [];
  }

  /**
   * The answer of `reviewer` (default: this state's reviewer) on a candidate; undefined when they
   * have none, or two that conflict (see `recordBeside`): then none of theirs stands for them.
   */
  answerOf(index: number, reviewer = this.reviewer ?? ''): Answer | undefined {
    const mine = this.answersBy(index, reviewer);
    return mine.length === 1 ? mine[0] : undefined;
  }

  /** Every answer of `reviewer` (default: this state's reviewer) on a candidate: one, or two of their own conflict. */
  answersBy(index: number, reviewer = this.reviewer ?? ''): Answer[] {
    return (this.answers.get(index) ?? []).filter((a) => a.reviewer === reviewer);
  }

  /** How the answers on a candidate stand (see the module comment). */
  standingOf(index: number): Standing {
    return this.standing.get(index) ?? 'unanswered';
  }

  /** The log-odds that a candidate is right, after its answers. */
  logitOf(index: number): number {
    this.logits ??= new Float64Array(this.candidates.length).fill(Number.NaN);
    let logit = this.logits[index]!;
    if (Number.isNaN(logit)) {
      logit = this.computeLogit(index);
      this.logits[index] = logit;
    }
    return logit;
  }

  private computeLogit(index: number): number {
    const { yes, no } = this.votes(index);
    // A reviewer who accepted the pair under another kind of relation than the one proposed
    // curated a mapping the generators' evidence does not speak to: it starts from even odds.
    if (this.relationChanged(index)) return (yes - no) * this.belief.answerWeight();
    return this.belief.logit(this.features[index]!, yes, no);
  }

  /** Every acceptance of the candidate is under another family of relation than the one proposed. */
  private relationChanged(index: number): boolean {
    const accepts = (this.answers.get(index) ?? []).filter((a) => a.decision === 'accept');
    const family = relationFamily(this.candidates[index]!.predicate);
    return accepts.length > 0 && accepts.every((a) => relationFamily(a.predicate) !== family);
  }

  /** The fitted calibration and error rate (belief.ts). */
  beliefParameters(): { theta: readonly number[]; error: number } {
    return this.belief.parameters;
  }

  /**
   * What the candidate's place is, as this state's reviewer sees it: their own answer; else an
   * adjudicator's; else the other reviewers' when they agree (`open` when they disagree, `unsure`
   * when nobody took a side); else `closed` when propagation closed it; else `open`.
   */
  status(index: number): CandidateStatus {
    const own = this.reviewer === undefined ? undefined : this.answerOf(index);
    if (own) return own.decision;
    const shown = this.shownDecision(index);
    if (shown) return shown.decision;
    if (this.answers.get(index)?.length) return this.answers.get(index)!.every((a) => a.decision === 'unsure') ? 'unsure' : 'open';
    return this.closedByOf(index) !== undefined ? 'closed' : 'open';
  }

  /** The decision this state's reviewer sees on a candidate (see `status`), with its relation. */
  decisionOf(index: number): DecisionState | undefined {
    const own = this.reviewer === undefined ? undefined : this.answerOf(index);
    if (own) return { decision: own.decision, predicate: own.predicate };
    return this.shownDecision(index);
  }

  private shownDecision(index: number): DecisionState | undefined {
    const list = this.answers.get(index);
    if (!list?.length) return undefined;
    const adjudicated = [...list].reverse().find((a) => a.adjudicator && a.decision !== 'unsure');
    if (adjudicated) return { decision: adjudicated.decision, predicate: adjudicated.predicate };
    const sided = list.filter((a) => a.decision !== 'unsure');
    if (sided.length === 0) return { decision: 'unsure', predicate: list[0]!.predicate };
    const first = sided[0]!;
    if (sided.every((a) => a.decision === first.decision && (a.decision !== 'accept' || a.predicate === first.predicate))) return { decision: first.decision, predicate: first.predicate };
    return undefined;
  }

  /**
   * The settled acceptance that closed this candidate, if propagation closed it: one of the same
   * pair, or (for an equivalence candidate) an equivalence acceptance of its subject or object.
   * Candidates anyone answered are never closed.
   */
  closedByOf(index: number): number | undefined {
    this.closing ??= this.computeClosing();
    const by = this.closing[index]!;
    return by < 0 ? undefined : by;
  }

  /** Who closes whom: acceptances of the same subject first, best first, then of the same object. */
  private computeClosing(): Int32Array {
    const closing = new Int32Array(this.candidates.length).fill(-1);
    const acceptors = [...this.accepted.keys()].sort((a, b) => this.candidates[b]!.score - this.candidates[a]!.score || a - b);
    for (const j of acceptors) {
      const a = this.candidates[j]!;
      const equivalence = relationFamily(this.accepted.get(j)!) === 'equivalence';
      for (const i of this.bySubject.get(a.subject)!) {
        if (i === j || closing[i]! >= 0 || this.answers.has(i)) continue;
        if (this.candidates[i]!.object === a.object || (equivalence && this.equivalence[i] && !this.standsAlone(i))) closing[i] = j;
      }
    }
    for (const j of acceptors) {
      if (relationFamily(this.accepted.get(j)!) !== 'equivalence') continue;
      for (const i of this.byObject.get(this.candidates[j]!.object)!) {
        if (i !== j && closing[i]! < 0 && !this.answers.has(i) && this.equivalence[i] && !this.standsAlone(i)) closing[i] = j;
      }
    }
    return closing;
  }

  /**
   * An equivalence candidate the evidence alone makes likely enough (see STANDS_ALONE_LOGIT) that
   * another acceptance on its subject or object does not close it: it is asked instead.
   */
  private standsAlone(index: number): boolean {
    return this.belief.priorLogit(this.features[index]!) >= STANDS_ALONE_LOGIT;
  }

  /** The relation a settled acceptance holds, if the candidate is settled as accepted. */
  acceptedRelation(index: number): string | undefined {
    return this.accepted.get(index);
  }

  /** Candidates with at least one answer, in candidate order. */
  answered(): number[] {
    return [...this.answers.keys()].sort((a, b) => a - b);
  }

  /**
   * Record `reviewer`'s answer (default: this state's reviewer) on a candidate, replacing their
   * earlier one; returns the candidates this closed. Undo steps back one answer.
   */
  decide(index: number, decision: Decision, predicate?: string, options: { reviewer?: string; adjudicator?: boolean; earlier?: boolean } = {}): number[] {
    const c = this.candidates[index];
    if (!c) throw new IoaError('E_USAGE', `no candidate ${index}`, { path: '$.index' });
    if (!(DECISIONS as readonly string[]).includes(decision)) throw new IoaError('E_USAGE', `decision must be one of ${DECISIONS.join(', ')}, not ${JSON.stringify(decision)}`, { path: '$.decision' });
    const answer: Answer = { reviewer: options.reviewer ?? this.reviewer ?? '', decision, predicate: decision === 'accept' ? predicate ?? c.predicate : c.predicate };
    if (options.adjudicator) answer.adjudicator = true;
    if (options.earlier) answer.earlier = true;
    return this.record(index, answer);
  }

  /** Record a complete answer (its reviewer's earlier one on the candidate is replaced); undo steps back. */
  record(index: number, answer: Answer): number[] {
    if (!this.candidates[index]) throw new IoaError('E_USAGE', `no candidate ${index}`, { path: '$.index' });
    const before = this.answersBy(index, answer.reviewer);
    this.history.push({ index, reviewer: answer.reviewer, before });
    return this.change(index, answer.reviewer, [answer]);
  }

  /**
   * Record an answer beside the reviewer's other answer on the candidate, not over it: two
   * decisions of theirs carried from earlier reviews that nothing orders (exchange/reviewed.ts,
   * latestPerReviewer). Neither stands for them (`answerOf`); their next answer replaces both.
   */
  recordBeside(index: number, answer: Answer): number[] {
    if (!this.candidates[index]) throw new IoaError('E_USAGE', `no candidate ${index}`, { path: '$.index' });
    const before = this.answersBy(index, answer.reviewer);
    this.history.push({ index, reviewer: answer.reviewer, before });
    return this.change(index, answer.reviewer, [...before, answer]);
  }

  /**
   * Replace an answer's details that do not change the decision (its comment), in place: not a
   * step of its own to undo.
   */
  amend(index: number, answer: Answer): void {
    const list = this.answers.get(index);
    const at = list?.findIndex((a) => a.reviewer === answer.reviewer) ?? -1;
    if (!list || at < 0) throw new IoaError('E_USAGE', `no answer of ${JSON.stringify(answer.reviewer)} on candidate ${index}`, { path: '$.index' });
    const old = list[at]!;
    if (old.decision !== answer.decision || old.predicate !== answer.predicate) throw new IoaError('E_INTERNAL', 'amend cannot change a decision');
    list[at] = answer;
  }

  /** Take back the last answer; returns the candidate it concerned, or undefined when there is none. */
  undo(): number | undefined {
    const entry = this.history.pop();
    if (!entry) return undefined;
    this.change(entry.index, entry.reviewer, entry.before);
    return entry.index;
  }

  /** Forget the undo history (after replaying a saved review: resuming is not a step to undo). */
  clearHistory(): void {
    this.history.length = 0;
  }

  canUndo(): boolean {
    return this.history.length > 0;
  }

  /** Run `work` (many answers, e.g. a resume) and refit the belief once at the end. */
  batch(work: () => void): void {
    this.batching++;
    try {
      work();
    } finally {
      this.batching--;
      if (this.batching === 0) this.restand();
    }
  }

  private change(index: number, reviewer: string, answers: readonly Answer[]): number[] {
    const list = (this.answers.get(index) ?? []).filter((a) => a.reviewer !== reviewer);
    list.push(...answers);
    if (this.batching > 0) {
      if (list.length) this.answers.set(index, list);
      else this.answers.delete(index);
      this.touch();
      return [];
    }
    this.closing ??= this.computeClosing();
    const before = this.closing;
    if (list.length) this.answers.set(index, list);
    else this.answers.delete(index);
    this.restand();
    const after = (this.closing ??= this.computeClosing());
    const closed: number[] = [];
    for (let j = 0; j < after.length; j++) if (after[j]! >= 0 && before[j]! < 0) closed.push(j);
    return closed;
  }

  /** Refit the belief and work out every answered candidate's standing; returns those that changed. */
  private restand(): Set<number> {
    const fitted: AnsweredCandidate[] = [];
    for (const [i, list] of this.answers) {
      let yes = 0;
      let no = 0;
      for (const a of list) {
        if (a.decision === 'accept') yes++;
        else if (a.decision === 'reject') no++;
      }
      // The calibration is about the relation proposed: a pair accepted under another says nothing of it.
      if (yes + no > 0 && !this.relationChanged(i)) fitted.push({ features: this.features[i]!, yes, no });
    }
    this.belief.fit(fitted);
    // Answers and weights changed: every log-odds is worked out again.
    this.logits = undefined;
    const changed = new Set<number>();
    const seen = new Set<number>();
    for (const i of this.answers.keys()) {
      seen.add(i);
      const [standing, relation] = this.judge(i);
      if (this.standing.get(i) !== standing || this.accepted.get(i) !== relation) changed.add(i);
      this.standing.set(i, standing);
      this.setAccepted(i, relation);
    }
    for (const i of [...this.standing.keys()]) {
      if (seen.has(i)) continue;
      this.standing.delete(i);
      this.setAccepted(i, undefined);
      changed.add(i);
    }
    this.touch();
    return changed;
  }

  private setAccepted(index: number, relation: string | undefined): void {
    if (relation === undefined) this.accepted.delete(index);
    else this.accepted.set(index, relation);
  }

  private votes(index: number): { yes: number; no: number } {
    let yes = 0;
    let no = 0;
    for (const a of this.answers.get(index) ?? []) {
      if (a.decision === 'accept') yes++;
      else if (a.decision === 'reject') no++;
    }
    return { yes, no };
  }

  /** A candidate's standing and, when settled as accepted, its relation. */
  private judge(index: number): [Standing, string | undefined] {
    const list = (this.answers.get(index) ?? []).filter((a) => a.decision !== 'unsure');
    if (list.length === 0) return ['unanswered', undefined];
    const final = [...list].reverse().find((a) => a.adjudicator) ?? (list.some((a) => a.earlier) ? agreed(list.filter((a) => a.earlier)) : undefined);
    if (final) return final.decision === 'accept' ? ['accept', final.predicate] : ['reject', undefined];
    const { yes, no } = this.votes(index);
    const logit = this.logitOf(index);
    if (yes >= no && yes > 0 && logit >= SETTLE_LOGIT) return ['accept', majorityRelation(list)];
    if (no >= yes && no > 0 && logit <= -SETTLE_LOGIT) return ['reject', undefined];
    return ['contested', undefined];
  }

  /** Counts every change to the answers: what is worked out from them is current while it stays. */
  get revision(): number {
    return this.changes;
  }

  private changes = 0;

  /** Forget what was worked out from the answers: values, the alignment, subjects' uncertainty. */
  private touch(): void {
    this.changes++;
    this.logits = undefined;
    this.values = undefined;
    this.closing = undefined;
    this.aligned = undefined;
    this.uncertaintyCache.clear();
  }

  /** Settled by an adjudicator or an earlier review: its answers, not the belief, decide. */
  private isFinal(index: number): boolean {
    return (this.answers.get(index) ?? []).some((a) => (a.adjudicator || a.earlier) && a.decision !== 'unsure');
  }

  /** Settled either way, or closed: nothing left to decide about it. */
  private settledOrClosed(index: number): boolean {
    const s = this.standing.get(index);
    return s === 'accept' || s === 'reject' || this.closedByOf(index) !== undefined;
  }

  /** A candidate the policy may ask this state's reviewer (any reviewer of the pool in a simulation). */
  askable(index: number): boolean {
    if (this.settledOrClosed(index)) return false;
    const list = this.answers.get(index);
    if (list?.some((a) => a.earlier || a.adjudicator)) return false;
    if (this.reviewer !== undefined && list?.some((a) => a.reviewer === this.reviewer)) return false;
    return this.candidates[index]!.score >= QUESTION_FLOOR * (this.minScore ?? 0);
  }

  /** True when the subject holds a settled equivalence acceptance: nothing about it is left to ask. */
  hasAcceptedEquivalence(subject: string): boolean {
    return (this.bySubject.get(subject) ?? []).some((i) => {
      const relation = this.accepted.get(i);
      return relation !== undefined && relationFamily(relation) === 'equivalence';
    });
  }

  /**
   * What asking a candidate is worth: the chance that the answers it takes to move the candidate
   * across the alignment's line (out of it when it is in, into it when it is out) move it the
   * right way, less the chance they move it the wrong way, per answer needed. With a perfect
   * reviewer that is the chance the alignment is wrong about the candidate; with answers that are
   * often wrong, a candidate whose evidence outweighs several answers is worth nothing, and the
   * review stops there.
   */
  valueOf(index: number): number {
    this.values ??= this.computeValues();
    return this.values[index]!;
  }

  /**
   * The candidate to audit now, if one is due: while fewer than AUDIT_SIZE candidates have been
   * answered by two reviewers, every AUDIT_EVERY-th answer is a second opinion on the latest
   * answer given once. Without such pairs the error rate could only be guessed (one answer per
   * candidate says nothing about how often answers are wrong); with them it is measured.
   */
  private auditDue(): number | undefined {
    let total = 0;
    for (const list of this.answers.values()) for (const a of list) if (a.decision !== 'unsure') total++;
    const audited = this.auditPairs();
    if (audited.pairs >= AUDIT_SIZE || (audited.pairs >= AUDIT_AGREED && audited.disagree === 0) || total % AUDIT_EVERY !== AUDIT_EVERY - 1) return undefined;
    const order = [...this.answers.keys()];
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k]!;
      const list = this.answers.get(i)!;
      if (list.length !== 1 || list[0]!.decision === 'unsure' || list[0]!.earlier || list[0]!.adjudicator) continue;
      if (this.reviewer !== undefined && list[0]!.reviewer === this.reviewer) continue;
      if (this.candidates[i]!.score < QUESTION_FLOOR * (this.minScore ?? 0)) continue;
      this.audits.add(i);
      return i;
    }
    return undefined;
  }

  /**
   * The candidate to probe now, if one is due: while fewer than PROBE_SIZE probes are answered
   * and their answers have not confirmed the trust (PROBES_CONFIRMED), every PROBE_EVERY-th
   * answer is about the unanswered candidate of the alignment the belief holds most likely
   * right. The questions of most value are where the belief is unsure, so without probes the
   * calibration of the confident part is never tested: on a track where the
   * strongest evidence misleads (candidates that look like equivalences where the reference
   * holds none) the belief would keep trusting it, overrate the alignment's precision and weigh
   * every question against that.
   */
  private probeDue(aligned: ReadonlySet<number>): number | undefined {
    let total = 0;
    for (const list of this.answers.values()) for (const a of list) if (a.decision !== 'unsure') total++;
    let probed = 0;
    let confirmed = 0;
    for (const i of this.probes) {
      const { yes, no } = this.votes(i);
      if (yes + no > 0) probed++;
      confirmed += yes - no;
    }
    if (probed >= PROBE_SIZE || confirmed >= PROBES_CONFIRMED || total % PROBE_EVERY !== PROBE_AT) return undefined;
    let best: number | undefined;
    for (const i of aligned) {
      if (this.answers.has(i) || !this.askable(i)) continue;
      if (best === undefined || this.logitOf(i) > this.logitOf(best) || (this.logitOf(i) === this.logitOf(best) && i < best)) best = i;
    }
    if (best !== undefined) this.probes.add(best);
    return best;
  }

  /** Audited candidates answered by two reviewers, and on how many the two disagree. */
  private auditPairs(): { pairs: number; disagree: number } {
    let pairs = 0;
    let disagree = 0;
    for (const i of this.audits) {
      const sided = (this.answers.get(i) ?? []).filter((a) => a.decision !== 'unsure');
      if (sided.length < 2) continue;
      pairs++;
      if (sided[0]!.decision !== sided[1]!.decision) disagree++;
    }
    return { pairs, disagree };
  }

  private computeValues(): Float64Array {
    const aligned = this.alignedSet();
    const error = this.belief.parameters.error;
    const weight = this.belief.answerWeight();
    const done = new Set<string>();
    for (const [i, relation] of this.accepted) if (relationFamily(relation) === 'equivalence') done.add(this.candidates[i]!.subject);
    const values = new Float64Array(this.candidates.length).fill(-Infinity);
    // F1 = 2·TP / (|alignment| + |reference|): taking a wrong mapping out raises it by about F1
    // units, taking a right one out lowers it by about 2 − F1 (and putting one in the reverse).
    // F1 is unknown; the alignment's believed precision stands in for it. Where it is low (a
    // track whose candidates are nearly all wrong), removing one more wrong mapping is worth
    // little and risking a right one a lot.
    const f = this.f1;
    const line = this.line();
    for (const c of this.questionable) {
      if ((done.has(c.subject) && !this.standsAlone(c.index)) || !this.askable(c.index)) continue;
      const logit = this.logitOf(c.index);
      const p = sigmoid(logit);
      if (aligned.has(c.index)) {
        const n = Math.max(1, Math.ceil((logit - line) / weight));
        values[c.index] = ((1 - p) * (1 - error) ** n * f - p * error ** n * (2 - f)) / n;
      } else {
        const n = Math.max(1, Math.ceil((line - logit) / weight));
        values[c.index] = (p * (1 - error) ** n * (2 - f) - (1 - p) * error ** n * f) / n;
      }
    }
    const audit = this.auditDue() ?? this.probeDue(aligned);
    if (audit !== undefined) values[audit] = AUDIT_VALUE;
    return values;
  }

  private alignedSet(): Set<number> {
    if (this.aligned) return this.aligned;
    const believed = this.believedSet();
    const set = new Set<number>(believed.keys());
    for (const c of this.selectUnsettled(believed)) set.add(c.index);
    this.aligned = set;
    // The believed precision stands in for F1 (which needs the reference's size, unknown).
    let believedRight = 0;
    for (const i of set) believedRight += sigmoid(this.logitOf(i));
    this.f1 = set.size > 0 ? believedRight / set.size : 0.5;
    return set;
  }

  /**
   * The log-odds above which an answered candidate belongs in the alignment: a mapping raises
   * the expected F1 when it is right with probability above F1 / 2 (its gain if right, 2 − F1,
   * against its cost if wrong, F1). F1 is the one the alignment last worked out is believed to
   * have; at most even odds.
   */
  private line(): number {
    const p = Math.min(0.5, Math.max(1e-4, this.f1 / 2));
    return Math.log(p / (1 - p));
  }

  /**
   * How uncertain a subject is (smaller: more uncertain; Infinity: nothing worth asking): minus
   * the value of its most valuable question.
   */
  uncertainty(subject: string): number {
    if (this.uncertaintyCache.size === 0) {
      this.valueOf(0);
      for (const c of this.questionable) {
        const v = this.values![c.index]!;
        if (v > MIN_VALUE && -v < (this.uncertaintyCache.get(c.subject) ?? Infinity)) this.uncertaintyCache.set(c.subject, -v);
      }
      this.uncertaintyCache.set('', Infinity);
    }
    return this.uncertaintyCache.get(subject) ?? Infinity;
  }

  /** Subjects with something worth asking, most uncertain first (ties in subject order). */
  uncertainOrder(): string[] {
    const scored = [...this.bySubject.keys()].map((s) => [s, this.uncertainty(s)] as const).filter(([, u]) => u !== Infinity);
    return scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([s]) => s);
  }

  /** The question the policy asks about a subject: its most valuable candidate. */
  questionFor(subject: string): number | undefined {
    let best: number | undefined;
    for (const i of this.bySubject.get(subject) ?? []) if (this.valueOf(i) > MIN_VALUE && (best === undefined || this.valueOf(i) > this.valueOf(best))) best = i;
    return best;
  }

  /** The most valuable question of all (ties: the first subject, then the first candidate), or undefined when nothing is worth asking. */
  nextQuestion(): number | undefined {
    let best: number | undefined;
    for (const c of this.questionable) {
      const v = this.valueOf(c.index);
      if (!(v > MIN_VALUE)) continue;
      if (best === undefined) {
        best = c.index;
        continue;
      }
      const b = this.values![best]!;
      const bs = this.candidates[best]!.subject;
      if (v > b || (v === b && (c.subject < bs || (c.subject === bs && c.index < best)))) best = c.index;
    }
    return best;
  }

  /**
   * The alignment as it stands: settled acceptances under their relation, plus the one-to-one
   * selection (at the threshold) of the candidates not settled on places no acceptance holds.
   * Candidates settled as rejected, and closed ones, are out.
   */
  alignment(): Array<{ subject: string; predicate: string; object: string; accepted: boolean }> {
    const out: Array<{ subject: string; predicate: string; object: string; accepted: boolean }> = [];
    const believed = this.believedSet();
    for (const [i, relation] of [...believed].sort((a, b) => a[0] - b[0])) {
      const c = this.candidates[i]!;
      out.push({ subject: c.subject, predicate: relation, object: c.object, accepted: true });
    }
    for (const c of this.selectUnsettled(believed)) out.push({ subject: c.subject, predicate: c.predicate, object: c.object, accepted: false });
    return out;
  }

  /**
   * The answered candidates the alignment holds: the settled acceptances, and the others (not
   * settled by an adjudicator or an earlier review) whose belief lies above the F1 line, one-to-
   * one on equivalences (settled first, then the most believed).
   */
  private believedSet(): Map<number, string> {
    const out = new Map(this.accepted);
    const subjects = new Set<string>();
    const objects = new Set<string>();
    for (const [i, relation] of this.accepted) {
      if (relationFamily(relation) !== 'equivalence') continue;
      subjects.add(this.candidates[i]!.subject);
      objects.add(this.candidates[i]!.object);
    }
    const line = this.line();
    const contested = [...this.standing].filter(([i, s]) => (s === 'contested' || (s === 'reject' && !this.isFinal(i))) && this.closedByOf(i) === undefined)
      .map(([i]) => [i, this.logitOf(i)] as const)
      .filter(([, l]) => l >= line).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (const [i] of contested) {
      const c = this.candidates[i]!;
      const list = (this.answers.get(i) ?? []).filter((a) => a.decision === 'accept');
      const relation = list.length ? majorityRelation(list) : c.predicate;
      if (relationFamily(relation) === 'equivalence') {
        if (subjects.has(c.subject) || objects.has(c.object)) continue;
        subjects.add(c.subject);
        objects.add(c.object);
      }
      out.set(i, relation);
    }
    return out;
  }

  /** The one-to-one selection (at the threshold) of the candidates nobody answered, on places the believed answers leave free. */
  private selectUnsettled(believed = this.believedSet()): ReviewCandidate[] {
    const subjects = new Set<string>();
    const objects = new Set<string>();
    for (const [i, relation] of believed) {
      const c = this.candidates[i]!;
      subjects.add(c.subject);
      if (relationFamily(relation) === 'equivalence') objects.add(c.object);
    }
    // A candidate the selection first left out steps in for a rejected one only when the
    // answers so far make it likely enough to be right (see `line`).
    const line = this.line();
    const pool = this.selectable.filter((c) => !this.settledOrClosed(c.index) && !subjects.has(c.subject)
      && !(objects.has(c.object) && this.equivalence[c.index])
      && this.standing.get(c.index) !== 'contested'
      && !this.setAside.has(c.index)
      && (this.keptAtStart[c.index] || !this.equivalence[c.index] || this.logitOf(c.index) >= line));
    return this.selectInOrder(pool);
  }

  /** One-to-one at the threshold in the selection's order (values raised by structural agreement). */
  private selectInOrder(pool: readonly ReviewCandidate[]): ReviewCandidate[] {
    const raised = pool.map((c) => ({ ...c, score: this.orderValue[c.index]! }));
    return select(raised, { mode: 'one-to-one', ...(this.minScore !== undefined ? { minScore: this.minScore } : {}) }).map((r) => this.candidates[r.index]!);
  }
}

/** The answers' common decision, if they all agree. */
function agreed(list: readonly Answer[]): Answer | undefined {
  const first = list[0];
  if (!first) return undefined;
  return list.every((a) => a.decision === first.decision && (a.decision !== 'accept' || a.predicate === first.predicate)) ? first : undefined;
}

/** The relation most acceptances chose (the latest among equals). */
function majorityRelation(list: readonly Answer[]): string {
  const counts = new Map<string, number>();
  let best = '';
  let most = 0;
  for (const a of list) {
    if (a.decision !== 'accept') continue;
    const n = (counts.get(a.predicate) ?? 0) + 1;
    counts.set(a.predicate, n);
    if (n >= most) {
      most = n;
      best = a.predicate;
    }
  }
  return best;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
