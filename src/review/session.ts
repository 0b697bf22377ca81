/**
 * A review session: a candidate file, the two ontologies it maps between, the reviewed file the
 * decisions go to, and the review state (policy.ts). Every decision is saved at once (one write
 * in flight, the next one queued behind it), atomically, as a SSSOM TSV file `artifact build`
 * reads directly. Reopening the same files resumes: the reviewed file's decisions are replayed.
 *
 * The reviewed file holds one row per decided candidate, copied from the candidate's row so the
 * generator provenance stays (mapping_tool, similarity_score and measure, candidate_rank, each
 * member generator's raw score and rank, match fields), with:
 * - `mapping_justification`: `semapv:MappingReview` when the reviewer confirmed or rejected the
 *   predicted mapping as proposed (SEMAPV: a review of a mapping candidate determined otherwise);
 *   `semapv:ManualMappingCuration` when the reviewer changed its relation (the reviewer, not the
 *   generator, established that mapping); an unsure row keeps the generator's justification, so
 *   `artifact build` leaves it out;
 * - `predicate_id`: the relation accepted; `predicate_modifier: Not` on a rejected row;
 * - `reviewer_id`, `review_date`;
 * - extension columns `review_decision` (accept, reject, unsure) and `candidate_predicate` (the
 *   relation proposed), which is how a row finds its candidate again.
 * Candidates closed by propagation are not written: they follow from the accepted rows.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { PrefixMap, readMappingFile, writeMappingFile } from '../exchange/index.js';
import { IoaError, isIoaError } from '../model/errors.js';
import { hasEntityEnds, type ExtensionDefinition, type MappingRecord, type MappingSet } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { Concept } from '../model/concept.js';
import { relationFamily } from '../selection/index.js';
import { localNameOf } from '../text/identifiers.js';
import { candidateLine, type CandidateFile } from './load.js';
import { DECISIONS, REVIEW_RELATIONS, ReviewState, type Decision } from './policy.js';

export const REVIEW_DECISION_SLOT = 'review_decision';
export const CANDIDATE_PREDICATE_SLOT = 'candidate_predicate';
const REVIEW_NAMESPACE = 'urn:ioa-align:sssom:';

export interface SessionOptions {
  /** `reviewer_id` of every decision: a CURIE (e.g. `orcid:0000-0002-…`) or an IRI. */
  reviewer?: string;
  /** Files the reviewed file must never replace (the candidate file and ontologies). */
  inputs?: readonly string[];
  /** `review_date` of new decisions (default: today, UTC). */
  today?: () => string;
  /** Told when a save failed (the next decision retries). */
  onSaveError?: (error: unknown) => void;
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

/** Children listed per concept on the page (the count says how many there are). */
export const CHILDREN_SHOWN = 12;

export interface CandidateView {
  index: number;
  subject_id: string;
  predicate_id: string;
  object_id: string;
  score: number;
  rank: number;
  status: string;
  /** The relation accepted, for an accepted candidate. */
  accepted_predicate?: string;
  /** The accepted candidate whose propagation closed this one. */
  closed_by?: { subject_id: string; subject_label: string; object_id: string; object_label: string; predicate_id: string };
  members: Array<{ generator: string; score?: number; rank?: number }>;
  match_string: string[];
  subject_match_field: string[];
  object_match_field: string[];
  object: ConceptView;
  /** Other subjects with an accepted mapping to this object. */
  already_mapped: Array<{ subject_id: string; label: string; predicate_id: string }>;
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
}

export interface ItemFilter {
  order?: 'uncertain' | 'ontology';
  status?: 'undecided' | 'decided' | 'all';
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
  saved: boolean;
  can_undo: boolean;
}

export class ReviewSession {
  readonly state: ReviewState;
  private readonly prefixes: PrefixMap;
  private readonly subjectOrder: string[];
  private saving: Promise<void> | undefined;
  private dirty = false;
  private lastError: unknown;

  private constructor(
    readonly file: CandidateFile,
    readonly source: OntologyIndex,
    readonly target: OntologyIndex,
    readonly out: string,
    private readonly options: SessionOptions,
  ) {
    this.state = new ReviewState(file.review, file.minScore !== undefined ? { minScore: file.minScore } : {});
    this.prefixes = new PrefixMap(file.set.metadata.curieMap);
    const position = new Map(source.concepts.map((c, i) => [c.iri, i]));
    this.subjectOrder = [...this.state.bySubject.keys()].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
  }

  /**
   * Check the candidates against the ontologies, resume from `out` when it exists, and return
   * the session. Throws E_REVIEW_UNKNOWN_TERM (a subject or object the ontologies do not have),
   * E_REVIEW_SET_MISMATCH (`out` is the review of another candidate set), E_USAGE (a reviewer id
   * that is neither a CURIE of the file's prefixes nor an IRI).
   */
  static async open(file: CandidateFile, source: OntologyIndex, target: OntologyIndex, out: string, options: SessionOptions = {}): Promise<ReviewSession> {
    checkTerms(file, source, target);
    if (options.reviewer !== undefined) checkReviewer(options.reviewer, file.set);
    const session = new ReviewSession(file, source, target, out, options);
    if (existsSync(out)) await session.resume();
    return session;
  }

  /** The candidate set's identity: its `mapping_set_id`, or a hash of its rows when it has none. */
  candidateSetId(): string {
    const id = this.file.set.metadata.mappingSetId;
    if (id) return id;
    const h = createHash('sha256');
    for (const c of this.file.review) h.update(`${c.subject}\t${c.predicate}\t${c.object}\t${c.score}\n`);
    return `urn:ioa-align:candidates:${h.digest('hex').slice(0, 32)}`;
  }

  private async resume(): Promise<void> {
    let set: MappingSet;
    try {
      set = await readMappingFile(this.out);
    } catch (error) {
      if (isIoaError(error)) throw new IoaError('E_REVIEW_SET_MISMATCH', `the reviewed file cannot be read (${error.message}); move it away or give another --out`, { file: this.out }, { cause: error });
      throw error;
    }
    const sources = set.metadata.extra?.mapping_set_source;
    const list = Array.isArray(sources) ? sources : typeof sources === 'string' ? [sources] : [];
    const expected = this.candidateSetId();
    const expand = (v: string): string => {
      const r = new PrefixMap(set.metadata.curieMap).expand(v);
      return r.ok ? r.iri : v;
    };
    if (!list.map(expand).includes(expected)) {
      throw new IoaError('E_REVIEW_SET_MISMATCH', `the reviewed file is the review of another candidate set (its mapping_set_source is ${list.length ? list.join(', ') : 'missing'}, the candidates are ${expected}); nothing was overwritten: give another --out`, { file: this.out });
    }
    const index = new Map(this.state.candidates.map((c) => [`${c.subject}\u0000${c.predicate}\u0000${c.object}`, c.index]));
    const accepts: Array<[number, string]> = [];
    set.mappings.forEach((r, i) => {
      if (!hasEntityEnds(r)) throw new IoaError('E_REVIEW_SET_MISMATCH', 'the reviewed file has a literal mapping, which no candidate is', { file: this.out, path: `$.mappings[${i}]` });
      const decision = String(r.extensions?.[REVIEW_DECISION_SLOT] ?? (r.predicateModifier === 'Not' ? 'reject' : 'accept'));
      const proposed = String(r.extensions?.[CANDIDATE_PREDICATE_SLOT] ?? r.predicateId);
      const found = index.get(`${r.subjectId}\u0000${proposed}\u0000${r.objectId}`);
      if (found === undefined || !(DECISIONS as readonly string[]).includes(decision)) {
        throw new IoaError('E_REVIEW_SET_MISMATCH', `row ${i + 1} of the reviewed file (${r.subjectId} ${proposed} ${r.objectId}, ${decision}) is not a candidate of this candidate file; nothing was overwritten`, { file: this.out, path: `$.mappings[${i}]` });
      }
      if (decision === 'accept') accepts.push([found, r.predicateId]);
      else this.state.decide(found, decision as Decision);
    });
    // Acceptances last, so their propagation closes only what nobody decided.
    for (const [i, predicate] of accepts) this.state.decide(i, 'accept', predicate);
    this.state.clearHistory();
  }

  /** A candidate by its ends and proposed predicate, written as CURIEs of the file or as IRIs. */
  find(subject: string, predicate: string, object: string): number | undefined {
    const s = this.expand(subject);
    const o = this.expand(object);
    const p = this.canonicalPredicate(predicate);
    return (this.state.bySubject.get(s) ?? []).find((i) => {
      const c = this.state.candidates[i]!;
      return c.object === o && c.predicate === p;
    });
  }

  expand(term: string): string {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(term) || term.startsWith('urn:')) return term;
    const r = this.prefixes.expand(term);
    return r.ok ? r.iri : term;
  }

  private canonicalPredicate(predicate: string): string {
    const skos = 'http://www.w3.org/2004/02/skos/core#';
    return predicate.startsWith(skos) ? `skos:${predicate.slice(skos.length)}` : predicate;
  }

  /** Decide, save, and return what propagation closed. */
  decide(index: number, decision: Decision, relation?: string): number[] {
    if (relation !== undefined && !(REVIEW_RELATIONS as readonly string[]).includes(this.canonicalPredicate(relation))) {
      throw new IoaError('E_USAGE', `relation must be one of ${REVIEW_RELATIONS.join(', ')}, not ${JSON.stringify(relation)}`, { path: '$.relation' });
    }
    const closed = this.state.decide(index, decision, relation === undefined ? undefined : this.canonicalPredicate(relation));
    this.save();
    return closed;
  }

  undo(): number | undefined {
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
          await writeMappingFile(this.out, this.reviewedSet(), 'sssom', { ...(this.options.inputs ? { inputs: this.options.inputs } : {}) });
          this.lastError = undefined;
        } catch (error) {
          this.lastError = error;
          this.options.onSaveError?.(error);
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

  /** The reviewed file's content: one row per decided candidate (see the module comment). */
  reviewedSet(): MappingSet {
    const meta = this.file.set.metadata;
    const definitions: ExtensionDefinition[] = [...(meta.extensionDefinitions ?? [])];
    for (const slot of [REVIEW_DECISION_SLOT, CANDIDATE_PREDICATE_SLOT]) {
      if (!definitions.some((d) => d.slotName === slot)) definitions.push({ slotName: slot, property: `ioa-align:${slot}` });
    }
    const curieMap = { ...meta.curieMap };
    if (!Object.values(curieMap).includes(REVIEW_NAMESPACE) && !curieMap['ioa-align']) curieMap['ioa-align'] = REVIEW_NAMESPACE;
    if (this.options.reviewer?.startsWith('orcid:') && !curieMap.orcid) curieMap.orcid = 'https://orcid.org/';
    const today = (this.options.today ?? (() => new Date().toISOString().slice(0, 10)))();
    const mappings: MappingRecord[] = [];
    for (const [index, d] of this.state.allDecisions()) {
      const c = this.state.candidates[index]!;
      const original = this.file.candidates[index]!.record;
      const row: MappingRecord = { ...original, extensions: { ...original.extensions, [REVIEW_DECISION_SLOT]: d.decision, [CANDIDATE_PREDICATE_SLOT]: c.predicate } };
      delete row.predicateModifier;
      if (d.decision === 'accept') {
        row.predicateId = d.predicate;
        row.justification = d.predicate === c.predicate ? 'semapv:MappingReview' : 'semapv:ManualMappingCuration';
      } else if (d.decision === 'reject') {
        row.predicateModifier = 'Not';
        row.justification = 'semapv:MappingReview';
      }
      if (this.options.reviewer !== undefined) row.reviewerId = [this.options.reviewer];
      row.reviewDate = this.decisionDates.get(index) ?? today;
      this.decisionDates.set(index, row.reviewDate);
      mappings.push(row);
    }
    for (const index of [...this.decisionDates.keys()]) if (!this.state.decisionOf(index)) this.decisionDates.delete(index);
    const candidateSet = this.candidateSetId();
    const id = `${candidateSet}${candidateSet.includes('#') ? '-' : '#'}reviewed`;
    return {
      metadata: {
        ...meta,
        curieMap,
        mappingSetId: id,
        mappingDate: today,
        extensionDefinitions: definitions,
        extra: {
          ...meta.extra,
          mapping_set_source: [candidateSet],
          mapping_set_description: 'Reviewed mappings: one row per candidate a reviewer decided on (review_decision accept, reject or unsure; candidate_predicate is the relation proposed). Accepted rows have mapping_justification semapv:MappingReview (the proposed relation confirmed) or semapv:ManualMappingCuration (the reviewer chose another relation); rejected rows carry predicate_modifier Not; unsure rows keep the generator\'s justification. Generator provenance (mapping_tool, similarity_score, member scores and ranks) is the candidate\'s.',
        },
      },
      mappings,
    };
  }

  private readonly decisionDates = new Map<number, string>();

  progress(): Progress {
    let accepted = 0;
    let rejected = 0;
    let unsure = 0;
    for (const [, d] of this.state.allDecisions()) {
      if (d.decision === 'accept') accepted++;
      else if (d.decision === 'reject') rejected++;
      else unsure++;
    }
    let closed = 0;
    for (const c of this.state.candidates) if (this.state.status(c.index) === 'closed') closed++;
    let done = 0;
    for (const s of this.subjectOrder) if (this.isDone(s)) done++;
    return { subjects: this.subjectOrder.length, subjects_done: done, candidates: this.state.candidates.length, accepted, rejected, unsure, closed, saved: this.isSaved(), can_undo: this.state.canUndo() };
  }

  /**
   * A subject is done when it holds an accepted equivalence (its broader and narrower candidates
   * are then not needed: the selection keeps none of them) or none of its candidates is open.
   */
  isDone(subject: string): boolean {
    return this.state.hasAcceptedEquivalence(subject) || (this.state.bySubject.get(subject) ?? []).every((i) => this.state.status(i) !== 'open');
  }

  items(filter: ItemFilter = {}): ItemSummary[] {
    const order = filter.order === 'ontology' ? this.subjectOrder : [...this.state.uncertainOrder(), ...this.subjectOrder.filter((s) => this.state.uncertainty(s) === Infinity)];
    const text = filter.text?.trim().toLowerCase();
    // A CURIE as the page shows it (`mouse:MA_0001596`) finds the IRI it stands for.
    const iriText = filter.text ? this.expand(filter.text.trim()).toLowerCase() : undefined;
    const matchesIri = (iri: string): boolean => iri.toLowerCase().includes(text!) || iri.toLowerCase().includes(iriText!);
    const out: ItemSummary[] = [];
    for (const subject of order) {
      const list = this.state.bySubject.get(subject) ?? [];
      const best = this.state.candidates[list[0]!]!;
      const done = this.isDone(subject);
      if (filter.status === 'undecided' && done) continue;
      if (filter.status === 'decided' && !done) continue;
      if (filter.minScore !== undefined && best.score < filter.minScore) continue;
      if (filter.maxScore !== undefined && best.score > filter.maxScore) continue;
      if (filter.relation && !list.some((i) => this.state.candidates[i]!.predicate === filter.relation)) continue;
      const concept = this.source.byIri.get(subject);
      if (filter.kind && concept?.kind !== filter.kind) continue;
      const label = labelOf(concept, subject);
      if (text && !label.toLowerCase().includes(text) && !matchesIri(subject)
        && !list.some((i) => {
          const object = this.state.candidates[i]!.object;
          return matchesIri(object) || labelOf(this.target.byIri.get(object), '').toLowerCase().includes(text);
        })) continue;
      out.push({
        subject_id: subject, label, kind: concept?.kind ?? '', candidates: list.length,
        open: list.filter((i) => this.state.status(i) === 'open').length, best_score: best.score, best_predicate: best.predicate, decided: done,
      });
    }
    return out;
  }

  /** The kinds of the subjects under review (what the page's kind filter offers), sorted. */
  kinds(): string[] {
    return [...new Set(this.subjectOrder.map((s) => this.source.byIri.get(s)?.kind ?? ''))].filter(Boolean).sort();
  }

  /** One item: the subject and its candidates, best first, each with its evidence. */
  item(subject: string): { subject: ConceptView; done: boolean; candidates: CandidateView[] } | undefined {
    const s = this.expand(subject);
    const list = this.state.bySubject.get(s);
    if (!list) return undefined;
    const acceptedTo = new Map<string, Array<{ subject_id: string; label: string; predicate_id: string }>>();
    const accepted: Array<{ index: number; predicate: string }> = [];
    for (const [i, d] of this.state.allDecisions()) {
      if (d.decision !== 'accept') continue;
      accepted.push({ index: i, predicate: d.predicate });
      const c = this.state.candidates[i]!;
      const entry = { subject_id: c.subject, label: labelOf(this.source.byIri.get(c.subject), c.subject), predicate_id: d.predicate };
      const l = acceptedTo.get(c.object);
      if (l) l.push(entry);
      else acceptedTo.set(c.object, [entry]);
    }
    const candidates = list.map((i): CandidateView => {
      const c = this.state.candidates[i]!;
      const read = this.file.candidates[i]!;
      const extra = read.record.extra ?? {};
      const status = this.state.status(i);
      const view: CandidateView = {
        index: i, subject_id: c.subject, predicate_id: c.predicate, object_id: c.object, score: c.score, rank: c.rank, status,
        members: read.members,
        match_string: listOf(extra.match_string), subject_match_field: listOf(extra.subject_match_field), object_match_field: listOf(extra.object_match_field),
        object: this.conceptView(this.target, c.object),
        already_mapped: (acceptedTo.get(c.object) ?? []).filter((m) => m.subject_id !== s),
        equivalence: relationFamily(c.predicate) === 'equivalence',
        accepted_rivals: accepted.filter((a) => a.index !== i).flatMap(({ index: j, predicate }) => {
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
          object_id: a.object, object_label: labelOf(this.target.byIri.get(a.object), a.object), predicate_id: this.state.decisionOf(by)?.predicate ?? a.predicate,
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
    throw new IoaError('E_REVIEW_UNKNOWN_TERM', `${count} candidate${count === 1 ? '' : 's'} name concepts the given ontologies do not have (${missing.join('; ')}${count > missing.length ? '; …' : ''}): were the candidates proposed between --source and --target, in this direction?`, { file: file.path, ...first });
  }
}

function checkReviewer(reviewer: string, set: MappingSet): void {
  if (/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(reviewer)) return;
  const m = /^([A-Za-z_][\w.-]*):(\S+)$/.exec(reviewer);
  if (m && (set.metadata.curieMap[m[1]!] !== undefined || m[1] === 'orcid')) return;
  throw new IoaError('E_USAGE', `--reviewer must be a CURIE such as orcid:0000-0002-1825-0097 (with a prefix the candidate file declares) or an IRI, not ${JSON.stringify(reviewer)}`, { path: '--reviewer' });
}
