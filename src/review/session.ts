/**
 * A review session: a candidate file, the two ontologies it maps between, the reviewed file the
 * decisions go to, and the review state (policy.ts). Every decision is saved at once (one write
 * in flight, the next one queued behind it), atomically, as a SSSOM TSV file `artifact build`
 * reads directly. Reopening the same files resumes: the reviewed file's decisions are replayed.
 *
 * The reviewed file holds one row per reviewer and decided candidate, copied from the
 * candidate's row so the generator provenance stays (mapping_tool, similarity_score and measure,
 * candidate_rank, each member generator's raw score and rank, match fields), with:
 * - `mapping_justification`: `semapv:MappingReview` when the reviewer confirmed or rejected the
 *   predicted mapping as proposed (SEMAPV: a review of a mapping candidate determined otherwise);
 *   `semapv:ManualMappingCuration` when the reviewer changed its relation (the reviewer, not the
 *   generator, established that mapping); an unsure row keeps the generator's justification, so
 *   `artifact build` leaves it out;
 * - `predicate_id`: the relation accepted; `predicate_modifier: Not` on a rejected row;
 * - `reviewer_id`, `review_date`, `comment`;
 * - extension columns `review_decision` (accept, reject, unsure) and `candidate_predicate` (the
 *   relation proposed), which is how a row finds its candidate again; `review_role adjudicator`
 *   on an adjudicator's decision; `decision_source` on a decision carried from an earlier review;
 *   `replaces_decision` on a decision that replaced the reviewer's own carried ones (what orders
 *   her rows of one day in two files);
 * - `reviewer_agreement` 1.0 where two or more reviewers made the same decision and nobody
 *   contradicts them (exchange/reviewed.ts).
 * A row read from the file is written back as it was read — its reviewer, date, comment and
 * every other column — until its reviewer decides that candidate again. Candidates closed by
 * propagation are not written: they follow from the accepted rows.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { PrefixMap, canonicalTerm, readMappingFile, serializeMappingChunks, sourceLine, writeFileAtomic, writeMappingFile } from '../exchange/index.js';
import {
  ADJUDICATOR, CANDIDATE_PREDICATE_SLOT, DECISION_SOURCE_SLOT, REPLACES_DECISION_SLOT, REVIEW_DECISION_SLOT, REVIEW_ROLE_SLOT, REVIEWER_AGREEMENT,
  EARLIER_SLOTS, EARLIER_EACH_SLOTS, agreeingRows, candidateOfDecision, earlierEachOf, candidatesByPair, formatReplaced, latestPerReviewer, overruledDecisions, replacedCell, reviewedDecisions, reviewerKey, unsettledConflicts,
  type ReplacedDecision, type ReviewedDecision,
} from '../exchange/reviewed.js';
import { IoaError, isIoaError } from '../model/errors.js';
import { fileVersion, writeIfUnchanged, type FileVersion } from '../io/lock.js';
import { hasEntityEnds, type ExtensionDefinition, type ExtensionValue, type MappingRecord, type MappingSet } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { Concept } from '../model/concept.js';
import { relationFamily } from '../selection/index.js';
import { IRI_CHARACTERS } from '../text/iri.js';
import { localNameOf } from '../text/identifiers.js';
import { foldedText } from '../text/normalize.js';
import { candidateLine, type CandidateFile } from './load.js';
import { DECISIONS, REVIEW_RELATIONS, ReviewState, startingSelection, type Answer, type CandidateStatus, type Decision } from './policy.js';
import { ReviewCoherence, type IncoherentWith } from './coherence.js';

export { REVIEW_DECISION_SLOT, CANDIDATE_PREDICATE_SLOT, REVIEW_ROLE_SLOT, DECISION_SOURCE_SLOT, REPLACES_DECISION_SLOT, EARLIER_SLOTS, EARLIER_EACH_SLOTS };
const REVIEW_NAMESPACE = 'urn:ioa-align:sssom:';
/** A comment is at most this many characters. */
export const MAX_COMMENT = 2000;
/** What `confirm` must say to accept although the acceptance breaks one-to-one. */
export const BREAK_ONE_TO_ONE = 'break-one-to-one';
const STATUSES: readonly CandidateStatus[] = ['open', 'closed', 'accept', 'reject', 'unsure'];

/** An earlier review whose decisions carry over (`--decisions`). */
export interface DecisionFile {
  path: string;
  set: MappingSet;
}

export interface SessionOptions {
  /** `reviewer_id` of every decision: a CURIE (e.g. `orcid:0000-0002-…`) or an IRI. */
  reviewer?: string;
  /** The reviewer's decisions settle conflicts (written with `review_role adjudicator`); needs `reviewer`. */
  adjudicator?: boolean;
  /** Earlier reviews: their decisions on these candidates are shown and never asked again. */
  decisions?: readonly DecisionFile[];
  /** Files the reviewed file must never replace (the candidate file and ontologies). */
  inputs?: readonly string[];
  /** `review_date` of new decisions (default: today, UTC). */
  today?: () => string;
  /** Told when a save failed (the next decision retries). */
  onSaveError?: (error: unknown) => void;
}

/** A candidate named by its ends and proposed predicate, as the API names candidates. */
export interface CandidateRef {
  subject_id: string;
  predicate_id: string;
  object_id: string;
}

/**
 * A decision refused because it no longer fits what the reviewer saw (`E_REVIEW_STALE`), would
 * break one-to-one (`E_REVIEW_ONE_TO_ONE`, with the acceptances it conflicts with), or comments
 * on nothing (`E_REVIEW_NOT_DECIDED`). The server answers 409.
 */
export class ReviewRefusal extends IoaError {
  constructor(code: 'E_REVIEW_STALE' | 'E_REVIEW_ONE_TO_ONE' | 'E_REVIEW_NOT_DECIDED' | 'E_REVIEW_NOT_SAVED', message: string, readonly conflicts: CandidateRef[] = []) {
    super(code, message);
  }
}

/** A term as the page names it: IRI, CURIE (of the candidate file's prefixes, else the IRI), label. */
export interface TermView {
  id: string;
  curie: string;
  label: string;
}

/** A restriction the ontology states on a concept (anatomy: `part_of some heart`), labelled. */
export interface RestrictionView {
  property_id: string;
  property_label: string;
  quantifier: 'some' | 'only';
  filler: TermView;
}

export interface ConceptView {
  id: string;
  curie: string;
  label: string;
  synonyms: string[];
  definition?: string;
  /** Labels from the root down to the parent. */
  parents: string[];
  kind: string;
  /** The named direct parents (is-a), labelled. */
  parent_terms: TermView[];
  /** Direct children (is-a), labelled, the first 12 (CHILDREN_SHOWN). */
  children: TermView[];
  /** How many direct children there are. */
  children_count: number;
  /** Restrictions the ontology states on the concept through rdfs:subClassOf, labelled. */
  restrictions: RestrictionView[];
  /** Where the term can be read about: its IRI, when that is an http(s) address on a public host. */
  link?: string;
}

/** A conflict the page warns of, with the accepted mapping's two ends labelled as the reviewer knows them. */
export interface IncoherentView extends IncoherentWith {
  subject_label: string;
  object_label: string;
}

/** One reviewer's decision on a candidate, as the page shows it. */
export interface DecisionView {
  reviewer_id?: string;
  review_date?: string;
  decision: Decision;
  /** The relation accepted (the candidate's own for a rejection or unsure). */
  predicate_id: string;
  comment?: string;
  /** `review` for this review's decisions; for a carried one, the review it came from. */
  source: string;
  adjudicator?: boolean;
  /** The decision of this session's reviewer: the one "save comment" changes. */
  mine?: boolean;
}

/** Children listed per concept on the page (the count says how many there are). */
export const CHILDREN_SHOWN = 12;

export interface CandidateView {
  index: number;
  subject_id: string;
  predicate_id: string;
  object_id: string;
  score: number;
  rank: number;
  status: CandidateStatus;
  /** The relation accepted, for an accepted candidate. */
  accepted_predicate?: string;
  /** The accepted candidate whose propagation closed this one. */
  closed_by?: { subject_id: string; subject_label: string; object_id: string; object_label: string; predicate_id: string };
  members: Array<{ generator: string; score?: number; rank?: number }>;
  match_string: string[];
  subject_match_field: string[];
  object_match_field: string[];
  /**
   * The texts the candidate file says matched (its row's `comment`: "description ~ description",
   * what a product a record names is), so a reviewer reads the evidence, not only its fields.
   */
  matched_text?: string;
  object: ConceptView;
  /** Other subjects with an accepted mapping to this object. */
  already_mapped: Array<{ subject_id: string; label: string; predicate_id: string }>;
  /** Accepted mappings that accepting this candidate would be incoherent with, and the axiom (coherence.ts). */
  incoherent_with: IncoherentView[];
  /** Every reviewer's decision on this pair's candidate, side by side. */
  decisions: DecisionView[];
  /** Reviewers conflict on this pair and no adjudicator settled it. */
  conflict: boolean;
  /** Whether the candidate's own relation is an equivalence (what one-to-one is about). */
  equivalence: boolean;
  /**
   * Accepted candidates, other than this one, of the same subject or the same object: what
   * accepting this one would stand beside (two relations for one pair, or, accepted as an
   * equivalence, a second equivalence for a subject or target).
   */
  accepted_rivals: Array<{ subject_id: string; subject_label: string; predicate_id: string; object_id: string; object_label: string; equivalence: boolean; same_pair: boolean }>;
}

export interface ItemSummary {
  subject_id: string;
  label: string;
  kind: string;
  candidates: number;
  open: number;
  best_score: number;
  best_predicate: string;
  decided: boolean;
  conflict: boolean;
}

export interface ItemFilter {
  order?: 'uncertain' | 'ontology';
  status?: 'undecided' | 'decided' | 'all' | 'conflict';
  minScore?: number;
  maxScore?: number;
  relation?: string;
  kind?: string;
  text?: string;
}

export interface Progress {
  subjects: number;
  subjects_done: number;
  candidates: number;
  accepted: number;
  rejected: number;
  unsure: number;
  closed: number;
  /** Pairs whose reviewers conflict, unsettled. */
  conflicts: number;
  saved: boolean;
  /**
   * Why the last save failed (the reviewed file changed behind the session, a full disk): while it
   * stands, no decision is taken, since none could be kept; absent when saving works.
   */
  save_error?: string;
  can_undo: boolean;
}

export interface DecideOptions {
  /** The relation to accept under (default: the candidate's own). */
  relation?: string;
  /** The comment of the decision; absent keeps the reviewer's earlier one, `''` removes it. */
  comment?: string;
  /** The status the reviewer saw; when the candidate's differs, nothing changes (E_REVIEW_STALE). */
  expectedStatus?: string;
  /** `break-one-to-one` accepts although one-to-one breaks. */
  confirm?: string;
}

export interface DecideResult {
  closed: number[];
  /** The reviewer's answer was already this one: nothing changed. */
  unchanged: boolean;
}

export class ReviewSession {
  readonly state: ReviewState;
  /** This session's reviewer as the state knows them (expanded ids, `''` without --reviewer). */
  readonly reviewerKey: string;
  private readonly prefixes: PrefixMap;
  private readonly subjectOrder: string[];
  /** Rows of the reviewed file that are no decision: written back as they are. */
  private passengers: MappingRecord[] = [];
  /**
   * Decisions of earlier reviews not carried, and said so: on pairs these candidates do not
   * propose (`unproposed`), or unsure (no decision to show or to build from: `unsure`).
   */
  readonly uncarried: Array<{ subject: string; predicate: string; object: string; decision: string; reviewer: string; source: string; why: 'unproposed' | 'unsure' }> = [];
  /** The set-level metadata of the reviewed file resumed (a licence or title set by hand): written back as it is. */
  private resumedMetadata: MappingSet['metadata'] | undefined;
  /** Candidate index by subject, proposed predicate (canonical) and object (see `byTriple`). */
  private byTripleMap: Map<string, number> | undefined;
  /** The `mapping_set_id` of every earlier review a decision came from. */
  private readonly carriedFrom = new Set<string>();
  private saving: Promise<void> | undefined;
  /** Decisions this session carried from earlier reviews (counted once, at open). */
  private carriedHere = 0;
  /** Whether decisions carried at open are still only in memory (no save has written them). */
  private carriedUnwritten = false;
  private dirty = false;
  private lastError: unknown;
  /** The reviewed file as this session last read or wrote it (null: absent); a save replaces only that version. */
  private onDisk: FileVersion | null = null;
  private readonly coherence: ReviewCoherence;

  private constructor(
    readonly file: CandidateFile,
    readonly source: OntologyIndex,
    readonly target: OntologyIndex,
    readonly out: string,
    private readonly options: SessionOptions,
  ) {
    this.prefixes = new PrefixMap({ orcid: 'https://orcid.org/', ...file.set.metadata.curieMap });
    this.reviewerKey = options.reviewer === undefined ? '' : reviewerKey([this.expand(options.reviewer)]);
    // The review starts from the selection `propose --select one-to-one` makes with the two
    // ontologies, so the page keeps what that selection keeps and leaves out what it removed.
    this.state = new ReviewState(file.review, {
      ...(file.minScore !== undefined ? { minScore: file.minScore } : {}),
      reviewer: this.reviewerKey,
      start: startingSelection(file.review, { source, target }, file.minScore),
    });
    const position = new Map(source.concepts.map((c, i) => [c.iri, i]));
    this.subjectOrder = [...this.state.bySubject.keys()].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    this.coherence = new ReviewCoherence(source, target);
  }

  /** Candidates by subject, canonical relation and object: built when first asked (a resume, a decision named by its triple), not at every start. */
  private get byTriple(): Map<string, number> {
    return (this.byTripleMap ??= new Map(this.state.candidates.map((c) => [`${c.subject}\u0000${canonical(c.predicate)}\u0000${c.object}`, c.index])));
  }

  /**
   * Check the candidates against the ontologies, resume from `out` when it exists, carry the
   * decisions of earlier reviews, and return the session. Throws E_REVIEW_UNKNOWN_TERM (a
   * subject or object the ontologies do not have), E_REVIEW_SET_MISMATCH (`out` is the review of
   * another candidate set), E_REVIEW_DUPLICATE_DECISION (two rows of one reviewer on one
   * candidate in `out`, other than her own conflict: see resume), E_REVIEW_ROW_CONTRADICTION (a row of `out` or of a --decisions file whose
   * review_decision contradicts its predicate_modifier), E_USAGE (a reviewer id that is neither a CURIE of the file's prefixes nor an
   * IRI; an adjudicator without a reviewer).
   */
  static async open(file: CandidateFile, source: OntologyIndex, target: OntologyIndex, out: string, options: SessionOptions = {}): Promise<ReviewSession> {
    checkTerms(file, source, target);
    checkSessionOptions(options);
    if (options.reviewer !== undefined) checkReviewer(options.reviewer, file.set);
    const session = new ReviewSession(file, source, target, out, options);
    const reviewed = await ReviewSession.readReviewed(out);
    // The version read is the one later saves compare against: a file changed behind the page is never overwritten.
    if (reviewed) session.onDisk = reviewed.version;
    session.state.batch(() => {
      session.resume(reviewed?.set);
      session.carry();
    });
    session.state.clearHistory();
    return session;
  }

  /** Read `out`, when it exists, for `open`. */
  private static async readReviewed(out: string): Promise<{ set: MappingSet; version: FileVersion | null } | undefined> {
    if (!existsSync(out)) return undefined;
    try {
      const version = await fileVersion(out);
      return { set: await readMappingFile(out), version };
    } catch (error) {
      // The reader's place (line, column, path) is kept: the fault is somewhere in the file, and
      // the person who wrote it needs to find it.
      // A fault on one row (a bad date typed by hand) is that row's, with its own code: the
      // file is the team's review and is fine otherwise. Only a file that cannot be read as a
      // whole is no review to resume.
      if (isIoaError(error) && error.location.line !== undefined) throw new IoaError(error.code, `${error.message}; correct that line of the reviewed file and run again (nothing was overwritten)`, { ...error.location, file: out }, { cause: error });
      if (isIoaError(error)) throw new IoaError('E_REVIEW_SET_MISMATCH', `the reviewed file cannot be read (${error.message} [${error.code}]); move it away or give another files.out`, { ...error.location, file: out }, { cause: error });
      throw error;
    }
  }

  /** The candidate set's identity: its `mapping_set_id`, or a hash of its rows when it has none. */
  candidateSetId(): string {
    const id = this.file.set.metadata.mappingSetId;
    if (id) return id;
    const h = createHash('sha256');
    for (const c of this.file.review) h.update(`${c.subject}\t${c.predicate}\t${c.object}\t${c.score}\n`);
    return `urn:ioa-align:candidates:${h.digest('hex').slice(0, 32)}`;
  }

  private resume(set: MappingSet | undefined): void {
    if (!set) return;
    const sources = set.metadata.extra?.mapping_set_source;
    const list = Array.isArray(sources) ? sources : typeof sources === 'string' ? [sources] : [];
    const expected = this.candidateSetId();
    const expand = (v: string): string => {
      const r = new PrefixMap(set.metadata.curieMap).expand(v);
      return r.ok ? r.iri : v;
    };
    if (!list.map(expand).includes(expected)) {
      throw new IoaError('E_REVIEW_SET_MISMATCH', `the reviewed file is the review of another candidate set (its mapping_set_source is ${list.length ? list.join(', ') : 'missing'}, the candidates are ${expected}); nothing was overwritten: give another files.out`, { file: this.out });
    }
    this.resumedMetadata = set.metadata;
    const decisions = reviewedDecisions(set, { file: this.out });
    const decided = new Set(decisions.map((d) => d.row));
    set.mappings.forEach((r, i) => {
      if (!hasEntityEnds(r)) throw new IoaError('E_REVIEW_SET_MISMATCH', 'the reviewed file has a literal mapping, which no candidate is', { file: this.out, path: `$.mappings[${i}]` });
      if (!decided.has(i)) this.passengers.push(r);
    });
    const found = decisions.map((d) => {
      const index = this.byTriple.get(`${d.subject}\u0000${d.proposed}\u0000${d.object}`);
      if (index === undefined) {
        throw new IoaError('E_REVIEW_SET_MISMATCH', `row ${d.row + 1} of the reviewed file (${d.subject} ${d.proposed} ${d.object}, ${d.decision}) is not a candidate of this candidate file; nothing was overwritten`, { file: this.out, ...lineOf(d.record), path: `$.mappings[${d.row}]` });
      }
      return index;
    });
    const byReviewer = new Map<string, ReviewedDecision[]>();
    decisions.forEach((d, i) => {
      const key = `${found[i]}\u0000${d.reviewer}`;
      byReviewer.set(key, [...(byReviewer.get(key) ?? []), d]);
    });
    for (const [i, d] of decisions.entries()) {
      const mine = byReviewer.get(`${found[i]}\u0000${d.reviewer}`)!;
      // A reviewer has one row per candidate. The exception is the one a review writes itself:
      // her decisions of one day carried from two earlier reviews that nothing orders, her own
      // conflict, kept side by side until she or an adjudicator decides (latestPerReviewer keeps
      // both). Any other second row (a copy, an older one) is one too many.
      if (mine.length > 1 && (d.reviewer === '' || latestPerReviewer(mine).length !== mine.length)) {
        const [first, second] = mine;
        throw new IoaError('E_REVIEW_DUPLICATE_DECISION', `rows ${first!.row + 1} and ${second!.row + 1} of the reviewed file are both ${d.reviewer || 'the unnamed reviewer'}'s decision on ${d.subject} ${d.proposed} ${d.object}; remove the one that no longer stands (nothing was overwritten)`, { file: this.out, ...lineOf(second!.record), path: `$.mappings[${second!.row}]` });
      }
      if (d.source) this.carriedFrom.add(d.source);
      const answer = answerOf(d, { record: d.record });
      if (mine[0] === d) this.state.record(found[i]!, answer);
      else this.state.recordBeside(found[i]!, answer);
    }
  }

  /**
   * The decisions of earlier reviews (`--decisions`, and the `earlier_each_*` columns `propose
   * --decisions` wrote into the candidate file) on these candidates, unless their reviewer
   * already decided that candidate here.
   */
  private carry(): void {
    // Worked out only when there is something to carry (a large candidate file has no need of it otherwise).
    let pairs: Map<string, Array<{ index: number; predicate: string }>> | undefined;
    // A reviewer's decisions carried onto one candidate from one place (the files given, or one
    // candidate's columns): the first, and beside it another of hers that says something else
    // (two of one day that nothing orders: her own conflict, shown as one). One she already has
    // here (resumed, or carried from the files before the columns) is not carried over.
    const carryAt = (index: number, d: Omit<ReviewedDecision, 'row' | 'record'>, source: string, scope: Set<string>): void => {
      const mine = this.state.answersBy(index, d.reviewer);
      const key = `${index}\u0000${d.reviewer}`;
      if (mine.length > 0 && (d.reviewer === '' || !scope.has(key))) return;
      const predicate = d.decision === 'accept' ? d.predicate : d.proposed;
      if (mine.some((a) => a.decision === d.decision && canonical(a.predicate) === canonical(predicate) && Boolean(a.adjudicator) === d.adjudicator)) return;
      scope.add(key);
      this.carriedFrom.add(source);
      this.carriedHere++;
      this.carriedUnwritten = true;
      const answer = answerOf({ ...d, source }, {});
      answer.earlier = true;
      if (mine.length > 0) this.state.recordBeside(index, answer);
      else this.state.record(index, answer);
    };
    const fromFiles = new Set<string>();
    const carryOne = (d: Omit<ReviewedDecision, 'row' | 'record'>, source: string, overruled = false): void => {
      if (d.decision === 'unsure') {
        this.uncarried.push({ subject: d.subject, predicate: d.predicate, object: d.object, decision: d.decision, reviewer: d.reviewer, source, why: 'unsure' });
        return;
      }
      pairs ??= candidatesByPair(this.state.candidates);
      // A decision an adjudicator overruled applies only to its own candidate, never to the pair's
      // best one: an acceptance of a relation no longer proposed would come back as a decision.
      const index = candidateOfDecision(d, pairs.get(`${d.subject}\u0000${d.object}`) ?? [], { pairFallback: !overruled });
      if (index === undefined) {
        if (!overruled) this.uncarried.push({ subject: d.subject, predicate: d.predicate, object: d.object, decision: d.decision, reviewer: d.reviewer, source, why: 'unproposed' });
        return;
      }
      carryAt(index, d, source, fromFiles);
    };
    // The earlier reviews as one: each reviewer's latest decision on a candidate, whatever the
    // order of the files (her own file against a copy an adjudicator's review carried).
    const gathered = (this.options.decisions ?? []).flatMap((f) => {
      const source = f.set.metadata.mappingSetId ?? f.path;
      return reviewedDecisions(f.set, { file: f.path }).map((d) => ({ d, source: d.source ?? source, file: f.path }));
    });
    // Latest judged on the rows as written: a carried copy is one with a decision_source.
    const latest = new Set(latestPerReviewer(gathered.map((g) => g.d)));
    const kept = gathered.filter((g) => latest.has(g.d)).map((g) => ({ ...g.d, source: g.source }));
    const overruled = overruledDecisions(kept);
    for (const d of kept) carryOne(d, d.source, overruled.has(d));
    // What `propose --decisions` wrote into the candidate file: each decision it carried, on the
    // candidate it was carried onto, with its own reviewer, date, comment and role — the same
    // rows the reviewed files would give — unless a file above carried that reviewer's.
    let summaryOnly: { index: number; decision: string; source: string } | undefined;
    this.file.candidates.forEach((c, index) => {
      // Most candidates carry no earlier decision: nothing to read, and no location to build for
      // each of a large file's rows.
      const ext = c.record.extensions;
      if (ext === undefined || !EARLIER_COLUMNS.some((slot) => ext[slot] !== undefined && ext[slot] !== '')) return;
      const each = earlierEachOf(c.record, { file: this.file.path, ...candidateLine(c), path: `$.mappings[${index}]` });
      const candidate = this.state.candidates[index]!;
      if (each === undefined) {
        // A summary without its decisions (an older propose, a hand edit) cannot be written
        // back as anyone's row: one date for every reviewer, no comment, no role. Unless a
        // reviewed file carried decisions onto this candidate, it is refused below.
        const summary = c.record.extensions?.[EARLIER_SLOTS.decision];
        if (typeof summary === 'string' && summary !== '' && this.state.answersOf(index).length === 0) {
          summaryOnly ??= { index, decision: summary, source: String(c.record.extensions?.[EARLIER_SLOTS.source] ?? '') };
        }
        return;
      }
      // Read as propose read the reviews: a reviewer's latest, her unordered two of one day both.
      const scope = new Set<string>();
      for (const e of latestPerReviewer(each.map((e) => ({ ...e, subject: candidate.subject, object: candidate.object, proposed: canonical(candidate.predicate) })))) {
        carryAt(index, e, e.source, scope);
      }
    });
    if (summaryOnly) {
      const c = this.file.candidates[summaryOnly.index]!;
      const count = this.file.candidates.filter((r, i) => earlierEachOf(r.record, {}) === undefined && typeof r.record.extensions?.[EARLIER_SLOTS.decision] === 'string' && this.state.answersOf(i).length === 0).length;
      throw new IoaError('E_USAGE', `${count} candidate${count === 1 ? '' : 's'} carr${count === 1 ? 'ies' : 'y'} only the summary of an earlier review (${EARLIER_SLOTS.decision} ${summaryOnly.decision} here, no ${EARLIER_EACH_SLOTS.decision}): it names no date, comment or role of each reviewer, so it is not written as their decisions. Give the reviewed files it came from (${EARLIER_SLOTS.source}: ${summaryOnly.source || 'not named'}) with files.decisions, or propose again with those files' decisions`, { file: this.file.path, ...candidateLine(c), path: `$.mappings[${summaryOnly.index}]` });
    }
  }

  /**
   * A candidate by its ends and proposed predicate, written as CURIEs of the file or as IRIs.
   *
   * @throws IoaError E_USAGE (an argument that is not a string: a library caller's slip, named, never a TypeError)
   */
  find(subject: string, predicate: string, object: string): number | undefined {
    checkTerm(subject, 'subject');
    checkTerm(predicate, 'predicate');
    checkTerm(object, 'object');
    return this.byTriple.get(`${this.expand(subject)}\u0000${canonical(predicate)}\u0000${this.expand(object)}`);
  }

  /** The API's name of a candidate. */
  /**
   * The decision rows this session holds, every reviewer's (the reviewed file has one per
   * reviewer and candidate): what a resume found and what a stop saves. `progress()` counts
   * candidates as this reviewer sees them (a conflict is open), not rows.
   */
  decisionRows(): { rows: number; accept: number; reject: number; unsure: number; carried: number } {
    const n = { rows: 0, accept: 0, reject: 0, unsure: 0, carried: 0 };
    for (const index of this.state.answered()) {
      for (const a of this.state.answersOf(index)) {
        n.rows++;
        n[a.decision]++;
        if (a.earlier) n.carried++;
      }
    }
    return n;
  }

  /**
   * How many decisions this session carried from earlier reviews when it opened (not the rows it
   * resumed that were carried once before), and whether they are still unwritten: a review whose
   * only change is what it carried must still write it on stop, or say it did not.
   */
  carried(): { count: number; unwritten: boolean } {
    return { count: this.carriedHere, unwritten: this.carriedUnwritten };
  }

  /**
   * Whether each subject a decision on `index` (or its undoing) can change is done: its own, and
   * those of the candidates sharing its target, which one-to-one closes or reopens.
   */
  doneAround(index: number): Array<{ subject_id: string; done: boolean }> {
    const c = this.state.candidates[index]!;
    const subjects = new Set([c.subject, ...(this.state.byObject.get(c.object) ?? []).map((i) => this.state.candidates[i]!.subject)]);
    return [...subjects].map((subject) => ({ subject_id: subject, done: this.isDone(subject) }));
  }

  ref(index: number): CandidateRef {
    const c = this.state.candidates[index]!;
    return { subject_id: c.subject, predicate_id: c.predicate, object_id: c.object };
  }

  expand(term: string): string {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(term) || term.startsWith('urn:')) return term;
    const r = this.prefixes.expand(term);
    return r.ok ? r.iri : term;
  }

  private today(): string {
    return (this.options.today ?? (() => new Date().toISOString().slice(0, 10)))();
  }

  /**
   * Decide, save, and return what propagation closed. Deciding what this reviewer already
   * decided the same way changes nothing (a key pressed twice decides once).
   *
   * @throws ReviewRefusal E_REVIEW_STALE (`expectedStatus` is not the candidate's status),
   *   E_REVIEW_ONE_TO_ONE (the acceptance breaks one-to-one and `confirm` does not say so);
   *   IoaError E_USAGE (a bad relation, comment or status)
   */
  decide(index: number, decision: Decision, options: DecideOptions = {}): DecideResult {
    this.checkIndex(index);
    const { relation, comment, expectedStatus, confirm } = options;
    if (!(DECISIONS as readonly string[]).includes(decision)) throw new IoaError('E_USAGE', `decision must be one of ${DECISIONS.join(', ')}`, { path: '$.decision' });
    if (relation !== undefined && !(REVIEW_RELATIONS as readonly string[]).includes(canonical(relation))) {
      throw new IoaError('E_USAGE', `relation must be one of ${REVIEW_RELATIONS.join(', ')}, not ${JSON.stringify(relation)}`, { path: '$.relation' });
    }
    checkComment(comment);
    if (expectedStatus !== undefined && !(STATUSES as readonly string[]).includes(expectedStatus)) {
      throw new IoaError('E_USAGE', `expected_status must be one of ${STATUSES.join(', ')}`, { path: '$.expected_status' });
    }
    if (confirm !== undefined && confirm !== BREAK_ONE_TO_ONE) throw new IoaError('E_USAGE', `confirm must be "${BREAK_ONE_TO_ONE}"`, { path: '$.confirm' });
    this.refuseWhileUnsaved();
    const status = this.state.status(index);
    if (expectedStatus !== undefined && status !== expectedStatus) {
      throw new ReviewRefusal('E_REVIEW_STALE', `the candidate is ${status} now, not ${expectedStatus} as shown: nothing was changed; look again and decide`, [this.ref(index)]);
    }
    const c = this.state.candidates[index]!;
    const predicate = decision === 'accept' ? (relation === undefined ? c.predicate : canonical(relation)) : c.predicate;
    // One answer of this reviewer, or two of her own conflict that this one replaces both of.
    const mine = this.state.answersBy(index);
    const own = mine.length === 1 ? mine[0] : undefined;
    const adjudicator = this.options.adjudicator === true;
    if (own && own.decision === decision && own.predicate === predicate && (comment === undefined || comment === (own.comment ?? '')) && Boolean(own.adjudicator) === adjudicator) {
      return { closed: [], unchanged: true };
    }
    if (decision === 'accept' && confirm !== BREAK_ONE_TO_ONE) {
      const conflicts = this.oneToOneConflicts(index, predicate);
      if (conflicts.length > 0) {
        throw new ReviewRefusal('E_REVIEW_ONE_TO_ONE', `accepting this ${relationFamily(predicate) === 'equivalence' ? 'equivalence' : 'relation'} conflicts with ${conflicts.length} accepted candidate${conflicts.length === 1 ? '' : 's'} (one relation per pair, one equivalence per subject and per target); nothing was changed: send confirm "${BREAK_ONE_TO_ONE}" to accept all the same`, conflicts.map((j) => this.ref(j)));
      }
    }
    const today = this.today();
    const answer: Answer = { reviewer: this.reviewerKey, decision, predicate, date: today };
    const replaces = replacedBy(mine, today);
    if (replaces.length > 0) answer.replaces = replaces;
    const kept = comment === undefined ? own?.comment : comment === '' ? undefined : comment;
    if (kept !== undefined) answer.comment = kept;
    if (adjudicator) answer.adjudicator = true;
    const base = own?.record ?? own?.base;
    if (base) answer.base = base;
    const closed = this.state.record(index, answer);
    this.save();
    return { closed, unchanged: false };
  }

  /**
   * The accepted candidates an acceptance of `index` under `predicate` would conflict with: the
   * acceptance that closed it, another relation accepted for the same pair, and (for an
   * equivalence) an equivalence accepted for the same subject or object.
   */
  oneToOneConflicts(index: number, predicate: string): number[] {
    const c = this.state.candidates[index]!;
    const out = new Set<number>();
    const by = this.state.closedByOf(index);
    if (by !== undefined) out.add(by);
    const equivalence = relationFamily(predicate) === 'equivalence';
    for (const j of [...(this.state.bySubject.get(c.subject) ?? []), ...(this.state.byObject.get(c.object) ?? [])]) {
      if (j === index) continue;
      const d = this.state.decisionOf(j);
      if (d?.decision !== 'accept') continue;
      const other = this.state.candidates[j]!;
      if ((other.subject === c.subject && other.object === c.object) || (equivalence && relationFamily(d.predicate) === 'equivalence')) out.add(j);
    }
    return [...out];
  }

  /**
   * Set the comment of this reviewer's decision on a candidate without changing the decision.
   *
   * @throws ReviewRefusal E_REVIEW_NOT_DECIDED (this reviewer has not decided the candidate)
   */
  comment(index: number, comment: string, expectedStatus?: string): void {
    this.checkIndex(index);
    checkComment(comment);
    if (expectedStatus !== undefined && !(STATUSES as readonly string[]).includes(expectedStatus)) {
      throw new IoaError('E_USAGE', `expected_status must be one of ${STATUSES.join(', ')}`, { path: '$.expected_status' });
    }
    this.refuseWhileUnsaved();
    const status = this.state.status(index);
    // A comment is the reason for a decision: one written on a decision that has changed since
    // (another tab rejected what this one shows accepted) would give the new decision the old reason.
    if (expectedStatus !== undefined && status !== expectedStatus) {
      throw new ReviewRefusal('E_REVIEW_STALE', `the candidate is ${status} now, not ${expectedStatus} as shown: the comment was not saved; look again`, [this.ref(index)]);
    }
    const own = this.state.answerOf(index);
    if (!own) {
      const two = this.state.answersBy(index).length > 1;
      throw new ReviewRefusal('E_REVIEW_NOT_DECIDED', two
        ? 'your two decisions on this candidate, carried from earlier reviews of the same day, conflict and neither is known to be the later: decide it again (with the comment), which replaces both'
        : 'you have not decided this candidate: a comment belongs to a decision (send it with the decision)', [this.ref(index)]);
    }
    if ((own.comment ?? '') === comment) return;
    const answer: Answer = { ...own };
    delete answer.record;
    if (comment === '') delete answer.comment;
    else answer.comment = comment;
    const base = own.record ?? own.base;
    if (base) answer.base = base;
    this.state.amend(index, answer);
    this.save();
  }

  /** A candidate index from a library caller: one of the file's candidates, never a TypeError later. */
  private checkIndex(index: unknown): asserts index is number {
    const count = this.state.candidates.length;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count) {
      throw new IoaError('E_USAGE', `no candidate ${JSON.stringify(index)}: candidates are numbered 0 to ${count - 1} in the candidate file's order`, { path: '$.index' });
    }
  }

  undo(): number | undefined {
    this.refuseWhileUnsaved();
    const index = this.state.undo();
    if (index !== undefined) this.save();
    return index;
  }

  /** Start a save (or queue one behind the save in flight). */
  save(): void {
    this.dirty = true;
    if (this.saving) return;
    this.saving = (async () => {
      while (this.dirty) {
        this.dirty = false;
        try {
          // Compare-and-swap under the file's lock: a reviewed file another process changed
          // meanwhile is E_FILE_CHANGED, never overwritten.
          this.onDisk = await writeIfUnchanged(this.out, this.onDisk, async () => {
            await writeMappingFile(this.out, this.reviewedSet(), 'sssom', { ...(this.options.inputs ? { inputs: this.options.inputs } : {}) });
          }, { what: 'the reviewed file' });
          this.lastError = undefined;
          this.carriedUnwritten = false;
        } catch (error) {
          // The lock's own words ("nothing of either is lost") hold only once this session's
          // decisions are written somewhere: say where they go.
          const said = this.saveError();
          this.lastError = isIoaError(error) && error.code === 'E_FILE_CHANGED'
            ? new IoaError('E_FILE_CHANGED', `the reviewed file was changed by another process since this session read it, so it is not overwritten; the decisions of this session are kept, and session.rescue() writes them to a new file beside it`, { file: this.out }, { cause: error })
            : error;
          // Told once per cause: a retry that fails the same way says nothing new.
          if (this.saveError() !== said) this.options.onSaveError?.(this.lastError);
          break;
        }
      }
      this.saving = undefined;
    })();
  }

  /**
   * Wait until every decision so far is on disk. A save that failed (an interrupt removes the
   * temporary file of a write in flight) is tried once more; throws if that fails too.
   */
  async flush(): Promise<void> {
    while (this.saving) await this.saving;
    if (this.lastError) {
      this.save();
      while (this.saving) await this.saving;
    }
    if (this.lastError) throw this.lastError;
  }

  isSaved(): boolean {
    return !this.saving && !this.dirty && this.lastError === undefined;
  }

  /** Why the last save failed, while it stands (see Progress.save_error). */
  saveError(): string | undefined {
    if (this.lastError === undefined) return undefined;
    return this.lastError instanceof Error ? this.lastError.message : String(this.lastError);
  }

  /**
   * No decision is taken while saving fails: the reviewer would go on deciding what the file never
   * holds. A cause that may have passed (a full disk) is tried again at once, for the next decision.
   */
  private refuseWhileUnsaved(): void {
    const failure = this.saveError();
    if (failure === undefined) return;
    if (!(isIoaError(this.lastError) && this.lastError.code === 'E_FILE_CHANGED') && !this.saving) this.save();
    throw new ReviewRefusal('E_REVIEW_NOT_SAVED', `decisions are not being saved, so this one was not taken: ${failure}. Stop the review and have session.rescue() write its decisions to a new file beside ${this.out}; open the review again with that file as files.decisions`);
  }

  /**
   * Write this session's reviewed set to a new file beside `out` (never over an existing one) and
   * return its path: where decisions go when `out` cannot take them (it was changed by another
   * process). `review --decisions` on it carries them into a new session.
   */
  async rescue(): Promise<string> {
    const ext = extname(this.out);
    const stem = ext ? this.out.slice(0, -ext.length) : this.out;
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    for (let n = 0; ; n++) {
      const path = `${stem}.unsaved-${stamp}${n ? `-${n}` : ''}${ext || '.sssom.tsv'}`;
      try {
        await writeFileAtomic(path, serializeMappingChunks(this.reviewedSet(), 'sssom'), { exclusive: true });
        return path;
      } catch (error) {
        if (!(isIoaError(error) && error.code === 'E_WRITE_FAILED' && existsSync(path)) || n >= 99) throw error;
      }
    }
  }

  /** The row an answer is written as (see the module comment). */
  private rowOf(index: number, answer: Answer): MappingRecord {
    if (answer.record) return { ...answer.record };
    const c = this.state.candidates[index]!;
    const base = answer.base ?? this.file.candidates[index]!.record;
    const extensions: Record<string, ExtensionValue> = { ...base.extensions, [REVIEW_DECISION_SLOT]: answer.decision, [CANDIDATE_PREDICATE_SLOT]: c.predicate };
    delete extensions[REVIEW_ROLE_SLOT];
    delete extensions[DECISION_SOURCE_SLOT];
    delete extensions[REPLACES_DECISION_SLOT];
    // The earlier decisions a candidate carried become rows of their own: copied into every row
    // they would credit this row with other people's dates and comments.
    for (const slot of Object.values(EARLIER_EACH_SLOTS)) delete extensions[slot];
    if (answer.adjudicator) extensions[REVIEW_ROLE_SLOT] = ADJUDICATOR;
    if (answer.source !== undefined) extensions[DECISION_SOURCE_SLOT] = answer.source;
    if (answer.replaces?.length) extensions[REPLACES_DECISION_SLOT] = replacedCell(answer.replaces);
    const row: MappingRecord = { ...base, extensions };
    delete row.predicateModifier;
    const original = this.file.candidates[index]!.record;
    if (answer.decision === 'accept') {
      row.predicateId = answer.predicate;
      row.justification = answer.predicate === c.predicate ? 'semapv:MappingReview' : 'semapv:ManualMappingCuration';
    } else {
      row.predicateId = c.predicate;
      if (answer.decision === 'reject') {
        row.predicateModifier = 'Not';
        row.justification = 'semapv:MappingReview';
      } else row.justification = original.justification;
    }
    if (answer.reviewer !== '') row.reviewerId = answer.reviewer.split('|');
    else delete row.reviewerId;
    if (answer.date !== undefined) row.reviewDate = answer.date;
    else delete row.reviewDate;
    if (answer.comment !== undefined) row.comment = answer.comment;
    else delete row.comment;
    return row;
  }

  /** The reviewed file's content: one row per reviewer and decided candidate (see the module comment). */
  reviewedSet(): MappingSet {
    const meta = this.setMetadata();
    const mappings: MappingRecord[] = [];
    for (const index of this.state.answered()) for (const a of this.state.answersOf(index)) mappings.push(this.rowOf(index, a));
    // reviewer_agreement is the review's on candidates decided by two or more reviewers.
    const decisions = reviewedDecisions({ metadata: meta, mappings });
    const agreeing = agreeingRows(decisions);
    const reviewersOf = new Map<string, Set<string>>();
    for (const d of decisions) {
      const key = `${d.subject}\u0000${d.proposed}\u0000${d.object}`;
      const set = reviewersOf.get(key) ?? new Set<string>();
      set.add(d.reviewer);
      reviewersOf.set(key, set);
    }
    for (const d of decisions) {
      if ((reviewersOf.get(`${d.subject}\u0000${d.proposed}\u0000${d.object}`)?.size ?? 0) < 2) continue;
      const extra = { ...d.record.extra };
      if (agreeing.has(d.row)) extra[REVIEWER_AGREEMENT] = 1;
      else delete extra[REVIEWER_AGREEMENT];
      mappings[d.row] = { ...d.record, extra };
    }
    mappings.push(...this.passengers);
    const used = new Set(mappings.flatMap((m) => Object.keys(m.extensions ?? {})));
    const definitions: ExtensionDefinition[] = [...(meta.extensionDefinitions ?? [])];
    for (const slot of [REVIEW_DECISION_SLOT, CANDIDATE_PREDICATE_SLOT, REVIEW_ROLE_SLOT, DECISION_SOURCE_SLOT, REPLACES_DECISION_SLOT]) {
      if ((slot === REVIEW_DECISION_SLOT || slot === CANDIDATE_PREDICATE_SLOT || used.has(slot)) && !definitions.some((d) => d.slotName === slot)) definitions.push({ slotName: slot, property: `ioa-align:${slot}` });
    }
    const curieMap = { ...meta.curieMap };
    if (!Object.values(curieMap).includes(REVIEW_NAMESPACE) && !curieMap['ioa-align']) curieMap['ioa-align'] = REVIEW_NAMESPACE;
    if (mappings.some((m) => m.reviewerId?.some((r) => r.startsWith('https://orcid.org/'))) && !curieMap.orcid) curieMap.orcid = 'https://orcid.org/';
    const candidateSet = this.candidateSetId();
    const id = this.resumedMetadata?.mappingSetId ?? `${candidateSet}${candidateSet.includes('#') ? '-' : '#'}reviewed`;
    const resumedSources = this.resumedMetadata?.extra?.mapping_set_source;
    const sources = new Set([...this.carriedFrom, ...(Array.isArray(resumedSources) ? resumedSources.map(String) : typeof resumedSources === 'string' ? [resumedSources] : [])]);
    sources.delete(candidateSet);
    // A copy of this same review carried back in (a file written beside it when saving failed)
    // is no other review: the set does not name itself as its source.
    sources.delete(id);
    return {
      metadata: {
        ...meta,
        curieMap,
        mappingSetId: id,
        mappingDate: this.today(),
        extensionDefinitions: definitions,
        extra: {
          ...meta.extra,
          mapping_set_source: [candidateSet, ...[...sources].sort()],
          mapping_set_description: typeof this.resumedMetadata?.extra?.mapping_set_description === 'string' ? this.resumedMetadata.extra.mapping_set_description : 'Reviewed mappings: one row per reviewer and candidate decided on (review_decision accept, reject or unsure; candidate_predicate is the relation proposed). Accepted rows have mapping_justification semapv:MappingReview (the proposed relation confirmed) or semapv:ManualMappingCuration (the reviewer chose another relation); rejected rows carry predicate_modifier Not; unsure rows keep the generator\'s justification. Decisions of different reviewers on one candidate stand side by side; review_role adjudicator marks a decision that settles a conflict; decision_source names the earlier review a carried decision came from; replaces_decision names the same reviewer\'s earlier decisions a decision replaced; reviewer_agreement 1.0 marks decisions two or more reviewers agree on. Generator provenance (mapping_tool, similarity_score, member scores and ranks) is the candidate\'s.',
        },
      },
      mappings,
    };
  }

  /**
   * The reviewed file's set-level metadata: the candidate file's, under what the reviewed file
   * being resumed states (a licence, a title, a creator someone set by hand stay as they are);
   * prefixes and extension definitions of both.
   */
  private setMetadata(): MappingSet['metadata'] {
    const candidate = this.file.set.metadata;
    const kept = this.resumedMetadata;
    if (!kept) return candidate;
    const definitions = [...(kept.extensionDefinitions ?? [])];
    for (const d of candidate.extensionDefinitions ?? []) if (!definitions.some((k) => k.slotName === d.slotName)) definitions.push(d);
    return {
      ...candidate, ...kept,
      curieMap: { ...candidate.curieMap, ...kept.curieMap },
      extensionDefinitions: definitions,
      ...(candidate.extensions || kept.extensions ? { extensions: { ...candidate.extensions, ...kept.extensions } } : {}),
      extra: { ...candidate.extra, ...kept.extra },
    };
  }

  /**
   * What is worked out from the answers for every list, window and progress count — which
   * subjects are done, the order most uncertain first, the conflicted pairs, the counts — kept
   * until the answers change (the state's revision): on 300,000 candidates each costs a pass over
   * all of them, and the page asks for them with every answer and every 1.5 s.
   */
  private derived?: { revision: number; done: Map<string, boolean>; order?: readonly string[]; conflicted?: ReadonlySet<string>; counts?: Omit<Progress, 'saved' | 'save_error' | 'can_undo'> };

  private current(): NonNullable<ReviewSession['derived']> {
    if (this.derived?.revision !== this.state.revision) this.derived = { revision: this.state.revision, done: new Map() };
    return this.derived;
  }

  /** Pairs (subject, object) whose reviewers conflict, unsettled, as `subject\0object` keys. */
  conflictedPairs(): ReadonlySet<string> {
    const derived = this.current();
    if (derived.conflicted) return derived.conflicted;
    const decisions: ReviewedDecision[] = [];
    for (const index of this.state.answered()) {
      const c = this.state.candidates[index]!;
      for (const a of this.state.answersOf(index)) decisions.push(decisionOfAnswer(c, a, decisions.length));
    }
    return (derived.conflicted = new Set(unsettledConflicts(decisions).map((p) => `${p.subject}\u0000${p.object}`)));
  }

  /** How far the review is: the counts as of the last change to the answers; saving and undo read fresh. */
  progress(): Progress {
    const derived = this.current();
    derived.counts ??= this.count();
    return {
      ...derived.counts,
      saved: this.isSaved(), ...(this.lastError !== undefined ? { save_error: this.saveError() } : {}), can_undo: this.state.canUndo(),
    };
  }

  private count(): Omit<Progress, 'saved' | 'save_error' | 'can_undo'> {
    let accepted = 0;
    let rejected = 0;
    let unsure = 0;
    let closed = 0;
    for (const c of this.state.candidates) {
      const s = this.state.status(c.index);
      if (s === 'accept') accepted++;
      else if (s === 'reject') rejected++;
      else if (s === 'unsure') unsure++;
      else if (s === 'closed') closed++;
    }
    let done = 0;
    for (const s of this.subjectOrder) if (this.isDone(s)) done++;
    return {
      subjects: this.subjectOrder.length, subjects_done: done, candidates: this.state.candidates.length, accepted, rejected, unsure, closed,
      conflicts: this.conflictedPairs().size,
    };
  }

  /**
   * A subject is done when it holds an accepted equivalence (its broader and narrower candidates
   * are then not needed: the selection keeps none of them) or none of its candidates is open.
   */
  isDone(subject: string): boolean {
    const known = this.current().done.get(subject);
    if (known !== undefined) return known;
    const list = this.state.bySubject.get(subject) ?? [];
    const done = list.some((i) => {
      const d = this.state.decisionOf(i);
      return d?.decision === 'accept' && relationFamily(d.predicate) === 'equivalence';
    }) || list.every((i) => this.state.status(i) !== 'open');
    this.current().done.set(subject, done);
    return done;
  }

  /** Labels as search compares them, folded once each (a search runs over every subject's candidates). */
  private readonly foldedLabels = new Map<string, string>();

  private searchFolded(label: string): string {
    let folded = this.foldedLabels.get(label);
    if (folded === undefined) {
      folded = searchFold(label);
      this.foldedLabels.set(label, folded);
    }
    return folded;
  }

  /**
   * Each candidate's target as a small number, and the targets in that numbering: a search asks
   * once per target whether it matches and then reads the answer per candidate by number, where
   * looking 300,000 IRIs up in a map cost most of a search. Numbered in order of the candidates,
   * `next` the first not numbered yet (prepareSearch numbers them a slice at a time).
   */
  private targetNumbers?: { ofCandidate: Int32Array; targets: string[]; numberOf: Map<string, number>; next: number };

  /** Number the targets of at most `limit` more candidates; true once every candidate's is. */
  private numberTargets(limit = Infinity): boolean {
    const numbers = (this.targetNumbers ??= { ofCandidate: new Int32Array(this.state.candidates.length), targets: [], numberOf: new Map<string, number>(), next: 0 });
    const { ofCandidate, targets, numberOf } = numbers;
    const candidates = this.state.candidates;
    const end = Math.min(candidates.length, numbers.next + limit);
    for (let i = numbers.next; i < end; i++) {
      const c = candidates[i]!;
      let n = numberOf.get(c.object);
      if (n === undefined) {
        n = targets.length;
        numberOf.set(c.object, n);
        targets.push(c.object);
      }
      ofCandidate[c.index] = n;
    }
    numbers.next = end;
    return end === candidates.length;
  }

  private numberedTargets(): { ofCandidate: Int32Array; targets: string[] } {
    this.numberTargets();
    return this.targetNumbers!;
  }

  /** How many of the labels a search compares (the subjects', then the targets') prepareSearch has folded. */
  private labelsFolded = 0;

  /**
   * Work out ahead what the first search would otherwise work out while the reader waits: every
   * subject's and every target's label folded as search compares them, and the candidates'
   * targets numbered (on NCIt × ORDO, 20,324 subjects, 12,186 targets and 302,954 candidates,
   * about 0.25 s, what made the first search take twice as long as the next). At most `limit`
   * candidates or labels per call, so that a server doing this while it waits for the page
   * answers a request between two calls; true once all is done. A search asked for before then
   * works out the rest itself.
   *
   * @throws IoaError E_USAGE (a limit that is not a whole number of at least 0, nor Infinity: the
   *   place reached would stop being a candidate's or a label's, and every later search go wrong)
   */
  prepareSearch(limit = Infinity): boolean {
    if (typeof limit !== 'number' || !(limit === Infinity || (Number.isInteger(limit) && limit >= 0))) {
      throw new IoaError('E_USAGE', `limit must be a whole number of at least 0 (or Infinity), not ${typeof limit === 'number' ? String(limit) : JSON.stringify(limit) ?? typeof limit}`, { path: '$.limit' });
    }
    if (!this.numberTargets(limit)) return false;
    const subjects = this.subjectOrder;
    const targets = this.targetNumbers!.targets;
    const total = subjects.length + targets.length;
    const end = Math.min(total, this.labelsFolded + limit);
    for (let i = this.labelsFolded; i < end; i++) {
      if (i < subjects.length) this.searchFolded(labelOf(this.source.byIri.get(subjects[i]!), subjects[i]!));
      else this.searchFolded(labelOf(this.target.byIri.get(targets[i - subjects.length]!), ''));
    }
    this.labelsFolded = end;
    return end === total;
  }

  /** Every subject, most uncertain first, then those with nothing worth asking. */
  private uncertainFirst(): readonly string[] {
    const derived = this.current();
    return (derived.order ??= [...this.state.uncertainOrder(), ...this.subjectOrder.filter((s) => this.state.uncertainty(s) === Infinity)]);
  }

  /** The items `filter` chooses, in its order: the subjects and their summaries. */
  items(filter: ItemFilter = {}): ItemSummary[] {
    return this.summaries(this.itemSubjects(filter));
  }

  /**
   * The subjects `filter` chooses, in its order: what `items` summarizes. The page keeps this list
   * (its ids only) and asks for the summaries of the rows it draws, a few dozen at a time.
   */
  itemSubjects(filter: ItemFilter = {}): string[] {
    const order = filter.order === 'ontology' ? this.subjectOrder : this.uncertainFirst();
    const text = filter.text?.trim().toLowerCase();
    // Labels are matched folded, the query too: what a keyboard types finds a label stored
    // decomposed, in full-width forms or with other case (see searchFold).
    const folded = text ? searchFold(text) : undefined;
    const conflicted = filter.status === 'conflict' ? this.conflictedPairs() : undefined;
    // A CURIE as the page shows it (`mouse:MA_0001596`) finds the IRI it stands for.
    const iriText = filter.text ? this.expand(filter.text.trim()).toLowerCase() : undefined;
    const matchesIri = (iri: string): boolean => iri.toLowerCase().includes(text!) || iri.toLowerCase().includes(iriText!);
    const matchesLabel = (label: string): boolean => this.searchFolded(label).includes(folded!);
    // A target is the object of many candidates (NCIt × ORDO: 302,954 candidates, a few thousand
    // targets): whether it matches is worked out once per search, kept by the target's number
    // (0: not asked yet, 1: matches, 2: does not).
    const numbered = text ? this.numberedTargets() : undefined;
    const targetMatches = new Uint8Array(numbered?.targets.length ?? 0);
    const matchesCandidate = (index: number): boolean => {
      const n = numbered!.ofCandidate[index]!;
      if (targetMatches[n] === 0) {
        const object = numbered!.targets[n]!;
        targetMatches[n] = matchesIri(object) || matchesLabel(labelOf(this.target.byIri.get(object), '')) ? 1 : 2;
      }
      return targetMatches[n] === 1;
    };
    const out: string[] = [];
    for (const subject of order) {
      const list = this.state.bySubject.get(subject) ?? [];
      const best = this.state.candidates[list[0]!]!;
      if (filter.status === 'undecided' || filter.status === 'decided') {
        const done = this.isDone(subject);
        if (filter.status === 'undecided' && done) continue;
        if (filter.status === 'decided' && !done) continue;
      }
      if (conflicted && !(conflicted.size > 0 && list.some((i) => conflicted.has(`${subject}\u0000${this.state.candidates[i]!.object}`)))) continue;
      if (filter.minScore !== undefined && best.score < filter.minScore) continue;
      if (filter.maxScore !== undefined && best.score > filter.maxScore) continue;
      if (filter.relation && !list.some((i) => this.state.candidates[i]!.predicate === filter.relation)) continue;
      const concept = this.source.byIri.get(subject);
      if (filter.kind && concept?.kind !== filter.kind) continue;
      if (text && !matchesLabel(labelOf(concept, subject)) && !matchesIri(subject) && !list.some(matchesCandidate)) continue;
      out.push(subject);
    }
    return out;
  }

  /** The summaries of `subjects` (subjects under review), as they stand now. */
  summaries(subjects: readonly string[]): ItemSummary[] {
    const conflicted = this.conflictedPairs();
    return subjects.map((subject) => {
      const list = this.state.bySubject.get(subject) ?? [];
      const best = this.state.candidates[list[0]!]!;
      const concept = this.source.byIri.get(subject);
      const conflict = conflicted.size > 0 && list.some((i) => conflicted.has(`${subject}\u0000${this.state.candidates[i]!.object}`));
      return {
        subject_id: subject, label: labelOf(concept, subject), kind: concept?.kind ?? '', candidates: list.length,
        open: list.filter((i) => this.state.status(i) === 'open').length, best_score: best.score, best_predicate: best.predicate, decided: this.isDone(subject), conflict,
      };
    });
  }

  /** The kinds of the subjects under review (what the page's kind filter offers), sorted. */
  kinds(): string[] {
    return [...new Set(this.subjectOrder.map((s) => this.source.byIri.get(s)?.kind ?? ''))].filter(Boolean).sort();
  }

  /** One item: the subject and its candidates, best first, each with its evidence and every reviewer's decision. */
  item(subject: string): { subject: ConceptView; done: boolean; candidates: CandidateView[] } | undefined {
    checkTerm(subject, 'subject');
    const s = this.expand(subject);
    const list = this.state.bySubject.get(s);
    if (!list) return undefined;
    const acceptedTo = new Map<string, Array<{ subject_id: string; label: string; predicate_id: string }>>();
    const accepted: Array<{ subject: string; predicate: string; object: string }> = [];
    const acceptedAt: Array<{ index: number; predicate: string }> = [];
    for (const i of this.state.answered()) {
      const d = this.state.decisionOf(i);
      if (d?.decision !== 'accept') continue;
      acceptedAt.push({ index: i, predicate: d.predicate });
      const c = this.state.candidates[i]!;
      accepted.push({ subject: c.subject, predicate: d.predicate, object: c.object });
      const entry = { subject_id: c.subject, label: labelOf(this.source.byIri.get(c.subject), c.subject), predicate_id: d.predicate };
      const l = acceptedTo.get(c.object);
      if (l) l.push(entry);
      else acceptedTo.set(c.object, [entry]);
    }
    const warnings = this.coherence.warnings(list.map((i) => this.state.candidates[i]!), accepted);
    const conflicted = this.conflictedPairs();
    const candidates = list.map((i, at): CandidateView => {
      const c = this.state.candidates[i]!;
      const read = this.file.candidates[i]!;
      const extra = read.record.extra ?? {};
      const status = this.state.status(i);
      const view: CandidateView = {
        index: i, subject_id: c.subject, predicate_id: c.predicate, object_id: c.object, score: c.score, rank: c.rank, status,
        members: read.members,
        match_string: listOf(extra.match_string), subject_match_field: listOf(extra.subject_match_field), object_match_field: listOf(extra.object_match_field),
        ...(read.record.comment ? { matched_text: read.record.comment } : {}),
        object: this.conceptView(this.target, c.object),
        already_mapped: (acceptedTo.get(c.object) ?? []).filter((m) => m.subject_id !== s),
        incoherent_with: warnings[at]!.map((w) => ({
          ...w, subject_label: labelOf(this.source.byIri.get(w.subject_id), w.subject_id), object_label: labelOf(this.target.byIri.get(w.object_id), w.object_id),
        })),
        decisions: this.state.answersOf(i).map((a) => decisionView(a, a.reviewer === (this.state.reviewer ?? ''))),
        conflict: conflicted.has(`${c.subject}\u0000${c.object}`),
        equivalence: relationFamily(c.predicate) === 'equivalence',
        accepted_rivals: acceptedAt.filter((a) => a.index !== i).flatMap(({ index: j, predicate }) => {
          const r = this.state.candidates[j]!;
          if (r.subject !== c.subject && r.object !== c.object) return [];
          return [{
            subject_id: r.subject, subject_label: labelOf(this.source.byIri.get(r.subject), r.subject), predicate_id: predicate,
            object_id: r.object, object_label: labelOf(this.target.byIri.get(r.object), r.object),
            equivalence: relationFamily(predicate) === 'equivalence', same_pair: r.subject === c.subject && r.object === c.object,
          }];
        }),
      };
      const d = this.state.decisionOf(i);
      if (d?.decision === 'accept') view.accepted_predicate = d.predicate;
      const by = this.state.closedByOf(i);
      if (by !== undefined) {
        const a = this.state.candidates[by]!;
        view.closed_by = {
          subject_id: a.subject, subject_label: labelOf(this.source.byIri.get(a.subject), a.subject),
          object_id: a.object, object_label: labelOf(this.target.byIri.get(a.object), a.object), predicate_id: this.state.acceptedRelation(by) ?? a.predicate,
        };
      }
      return view;
    });
    // Equivalences first (what propagation works on), then by value.
    candidates.sort((a, b) => Number(relationFamily(b.predicate_id) === 'equivalence') - Number(relationFamily(a.predicate_id) === 'equivalence') || b.score - a.score || a.rank - b.rank);
    return { subject: this.conceptView(this.source, s), done: this.isDone(s), candidates };
  }

  private conceptView(index: OntologyIndex, iri: string): ConceptView {
    const concept = index.byIri.get(iri);
    const parents: string[] = [];
    const seen = new Set<string>([iri]);
    let current = concept;
    while (current && parents.length < 8) {
      const parent = current.parents.find((p) => !seen.has(p) && index.byIri.has(p));
      if (!parent) break;
      seen.add(parent);
      current = index.byIri.get(parent);
      parents.unshift(labelOf(current, parent));
    }
    const term = (id: string): TermView => ({ id, curie: this.contract(id), label: labelOf(index.byIri.get(id), id) });
    const children = this.childrenOf(index).get(iri) ?? [];
    const view: ConceptView = {
      id: iri, curie: this.contract(iri), label: labelOf(concept, iri),
      synonyms: [...new Set((concept?.synonyms ?? []).map((x) => x.text))], parents, kind: concept?.kind ?? '',
      parent_terms: (concept?.parents ?? []).filter((p) => index.byIri.has(p)).map(term),
      children: children.slice(0, CHILDREN_SHOWN).map(term),
      children_count: children.length,
      restrictions: (concept?.restrictions ?? []).map((r) => ({
        property_id: r.property, property_label: labelOf(index.byIri.get(r.property), localNameOf(r.property)), quantifier: r.quantifier, filler: term(r.filler),
      })),
    };
    const definition = concept?.definitions[0];
    if (definition !== undefined) view.definition = definition;
    const link = linkOf(iri);
    if (link !== undefined) view.link = link;
    return view;
  }

  private readonly children = new Map<OntologyIndex, Map<string, string[]>>();

  /** Direct children per concept (is-a), in the ontology's order; built on first use. */
  private childrenOf(index: OntologyIndex): Map<string, string[]> {
    let map = this.children.get(index);
    if (!map) {
      map = new Map();
      for (const c of index.concepts) {
        for (const p of c.parents) {
          const list = map.get(p);
          if (list) list.push(c.iri);
          else map.set(p, [c.iri]);
        }
      }
      this.children.set(index, map);
    }
    return map;
  }

  private contract(iri: string): string {
    let best: [string, string] | undefined;
    for (const [prefix, ns] of Object.entries(this.file.set.metadata.curieMap)) {
      if (iri.startsWith(ns) && (!best || ns.length > best[1].length)) best = [prefix, ns];
    }
    return best ? `${best[0]}:${iri.slice(best[1].length)}` : iri;
  }
}

/** A predicate as the canonical CURIE of its standard vocabulary (`skos:exactMatch`), as readers give it. */
const canonical = canonicalTerm;

function lineOf(record: MappingRecord): { line?: number } {
  const line = sourceLine(record);
  return line === undefined ? {} : { line };
}

/** A term a library caller names a candidate by: a string, or E_USAGE at the argument's name. */
function checkTerm(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') throw new IoaError('E_USAGE', `${name} must be a CURIE or an IRI (a string), not ${value === undefined ? 'undefined' : JSON.stringify(value) ?? typeof value}`, { path: name });
}

function checkComment(comment: unknown): void {
  if (comment === undefined) return;
  if (typeof comment !== 'string') throw new IoaError('E_USAGE', 'comment must be a string', { path: '$.comment' });
  // Characters as a reader counts them (code points): an emoji is one, not two UTF-16 units.
  const characters = [...comment].length;
  if (characters > MAX_COMMENT) throw new IoaError('E_USAGE', `comment must be at most ${MAX_COMMENT} characters, not ${characters}`, { path: '$.comment' });
}

/**
 * What a new answer replaces, for its `replaces_decision`: each of the reviewer's answers carried
 * from an earlier review (that row still stands there, with its own date: without this, the two
 * rows of one day could not be ordered), with what those had replaced on the new answer's day
 * (so a chain of changes of one day names one more each time: exchange/reviewed.ts,
 * replacesOther); and what her own row being rewritten had recorded.
 */
function replacedBy(previous: readonly Answer[], today: string): ReplacedDecision[] {
  const out = new Map<string, ReplacedDecision>();
  const add = (r: ReplacedDecision): void => {
    out.set(formatReplaced(r), r);
  };
  for (const a of previous) {
    if (a.source === undefined) {
      for (const r of a.replaces ?? []) add(r);
      continue;
    }
    const r: ReplacedDecision = { decision: a.decision, predicate: canonical(a.predicate), source: a.source };
    if (a.date !== undefined) r.date = a.date;
    add(r);
    for (const before of a.replaces ?? []) if (before.date === today) add(before);
  }
  return [...out.values()];
}

/** The answer a decision row (or carried decision) stands for. */
function answerOf(d: Omit<ReviewedDecision, 'row' | 'record'>, extra: { record?: MappingRecord }): Answer {
  const answer: Answer = { reviewer: d.reviewer, decision: d.decision, predicate: d.decision === 'accept' ? d.predicate : d.proposed };
  if (d.adjudicator) answer.adjudicator = true;
  if (d.source !== undefined) {
    answer.earlier = true;
    answer.source = d.source;
  }
  if (d.date !== undefined) answer.date = d.date;
  if (d.comment !== undefined) answer.comment = d.comment;
  if (d.replaces?.length) answer.replaces = d.replaces;
  if (extra.record) answer.record = extra.record;
  return answer;
}

/** An answer as a decision row's reading, for the conflict rules of exchange/reviewed.ts. */
function decisionOfAnswer(c: { subject: string; predicate: string; object: string }, a: Answer, row: number): ReviewedDecision {
  return {
    row, record: { subjectId: c.subject, predicateId: a.predicate, objectId: c.object, justification: '' }, subject: c.subject, object: c.object,
    proposed: canonical(c.predicate), decision: a.decision, predicate: canonical(a.decision === 'accept' ? a.predicate : c.predicate), reviewer: a.reviewer, adjudicator: a.adjudicator === true,
  };
}

function decisionView(a: Answer, mine: boolean): DecisionView {
  const view: DecisionView = { decision: a.decision, predicate_id: a.predicate, source: a.source ?? 'review' };
  if (mine) view.mine = true;
  if (a.reviewer !== '') view.reviewer_id = a.reviewer;
  if (a.date !== undefined) view.review_date = a.date;
  if (a.comment !== undefined) view.comment = a.comment;
  if (a.adjudicator) view.adjudicator = true;
  return view;
}

/**
 * Host names that never resolve to a page about a term: reserved for documentation and tests
 * (RFC 2606, RFC 6761), or a file name used as a namespace (OAEI anatomy's `http://mouse.owl#`).
 */
const NO_PAGE_HOST = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$|\.(owl|rdf|ttl|obo|owx|xml|nt|jsonld)$/i;

/** The term's own IRI as a link, when it is an http(s) address on a host that can serve one. */
export function linkOf(iri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(iri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname.includes('.') || NO_PAGE_HOST.test(url.hostname) || url.username || url.password) return undefined;
  return url.href;
}

function listOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
}

/**
 * A label or a search as search compares them: NFKC (a decomposed "Crème" is the composed one,
 * full-width "ＸＹＺ" is "XYZ"), case folded with `ß` as `ss`, invisible joiners dropped
 * (foldedText, the generators' folding), and the dot that lower-casing leaves on a capital `İ`
 * dropped, so "izmir" finds "İzmir". For matching only: the page shows labels as the files have them.
 */
function searchFold(text: string): string {
  const folded = foldedText(text);
  return folded.includes('\u0307') ? folded.replace(/i\u0307/g, 'i') : folded;
}

function labelOf(concept: Concept | undefined, fallback: string): string {
  if (!concept) return fallback;
  const label = concept.labels.find((l) => !l.lang || l.lang === 'en' || l.lang.startsWith('en-')) ?? concept.labels[0];
  return label?.text ?? concept.localName;
}

/** Every subject must be a concept of the source and every object one of the target. */
function checkTerms(file: CandidateFile, source: OntologyIndex, target: OntologyIndex): void {
  const missing: string[] = [];
  let first: { line?: number; path: string } | undefined;
  file.candidates.forEach((c, i) => {
    const bad = !source.byIri.has(c.subject) ? `subject ${c.subject} is not in ${source.source}` : !target.byIri.has(c.object) ? `object ${c.object} is not in ${target.source}` : undefined;
    if (!bad) return;
    if (missing.length < 3 && !missing.includes(bad)) missing.push(bad);
    first ??= { ...candidateLine(c), path: `$.mappings[${i}]` };
  });
  if (first) {
    const count = file.candidates.filter((c) => !source.byIri.has(c.subject) || !target.byIri.has(c.object)).length;
    throw new IoaError('E_REVIEW_UNKNOWN_TERM', `${count} candidate${count === 1 ? '' : 's'} name concepts the given ontologies do not have (${missing.join('; ')}${count > missing.length ? '; …' : ''}): were the candidates proposed between files.source and files.target, in this direction?`, { file: file.path, ...first });
  }
}

/** The columns `propose --decisions` writes a candidate's earlier decisions into. */
const EARLIER_COLUMNS: readonly string[] = [...Object.values(EARLIER_EACH_SLOTS), EARLIER_SLOTS.decision];

// A reviewer id goes into every reviewed row and from there into artifacts: no character an IRI may not hold.
const REVIEWER_IRI = new RegExp(`^[a-z][a-z0-9+.-]*://${IRI_CHARACTERS}+$`, 'iu');
const REVIEWER_CURIE = new RegExp(`^([A-Za-z_][\\w.-]*):(${IRI_CHARACTERS}+)$`, 'u');

/** A reviewer CURIE's prefix must be one the candidate file declares (or `orcid`). */
function checkReviewer(reviewer: string, set: MappingSet): void {
  const m = REVIEWER_CURIE.exec(reviewer);
  if (REVIEWER_IRI.test(reviewer) || (m && (set.metadata.curieMap[m[1]!] !== undefined || m[1] === 'orcid'))) return;
  throw reviewerError(reviewer);
}

const reviewerError = (reviewer: string): IoaError =>
  new IoaError('E_USAGE', `options.reviewer must be a CURIE such as orcid:0000-0002-1825-0097 (with a prefix the candidate file declares) or an IRI, not ${JSON.stringify(reviewer)}`, { path: '$.reviewer' });

/**
 * What can be told of a session's reviewer options before any file is read: a reviewer id that
 * is neither CURIE- nor IRI-shaped, an adjudicator without a name. Reading the files of a large
 * review takes many seconds; a mistyped `--reviewer` is refused before them. Whether a CURIE's
 * prefix is one the candidate file declares is checked once the file is read.
 */
export function checkSessionOptions(options: Pick<SessionOptions, 'reviewer' | 'adjudicator'>): void {
  if (options.reviewer !== undefined && !REVIEWER_IRI.test(options.reviewer) && !REVIEWER_CURIE.test(options.reviewer)) throw reviewerError(options.reviewer);
  if (options.adjudicator && options.reviewer === undefined) throw new IoaError('E_USAGE', 'an adjudicator must be named: give options.reviewer with options.adjudicator', { path: '$.adjudicator' });
}

