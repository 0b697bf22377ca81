/**
 * The loop every lexical generator shares: walk the source concepts in order, let the generator
 * score target concepts for one subject, then keep the top k with ranks 1..k (descending score,
 * ties broken by object IRI so output is deterministic), never pairing a concept with itself
 * (the target concept of its IRI) unless GeneratorOptions.pairSameIri says so.
 */
import type { Concept } from '../model/concept.js';
import type { Candidate, Evidence, MappingJustification, MappingRelation } from '../model/mapping.js';
import { rawScore } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { IoaError } from '../model/errors.js';
import type { GeneratorConfig, GeneratorOptions } from './types.js';
import { prepareOntology, type PreparedOntology, type TextEntry } from './lexical-index.js';
import { candidateRelation, fieldRelation, lexicalSimilarityRelation } from './relations.js';
import { PACE, paceTurn } from './pacing.js';

/**
 * Check a built-in generator's settings before it runs: a misspelt key (`encodr`), a setting of
 * another generator, or a numeric setting that is no positive finite number is refused with
 * `E_USAGE` at its JSON path rather than left out unseen, so a run never goes on without a setting
 * its caller believes in effect. `known` maps each setting to `positive` (a positive finite
 * number) or `any` (checked where it is read).
 */
export function checkSettings(config: GeneratorConfig | undefined, generator: string, known: Readonly<Record<string, 'positive' | 'any'>>): void {
  if (config === undefined) return;
  const base = `$.generatorConfig.${generator}`;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new IoaError('E_USAGE', `settings of generator ${generator} must be an object, got ${JSON.stringify(config)}`, { path: base });
  }
  const names = Object.keys(known);
  for (const [key, value] of Object.entries(config)) {
    const kind = Object.prototype.hasOwnProperty.call(known, key) ? known[key] : undefined;
    if (kind === undefined) {
      throw new IoaError('E_USAGE', `generator ${generator} has no setting "${key}"${names.length ? `; its settings: ${names.join(', ')}` : ' (it takes none)'}`, { path: `${base}.${key}` });
    }
    if (kind === 'positive' && value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
      throw new IoaError('E_USAGE', `generator ${generator}: ${key} must be a positive number, got ${JSON.stringify(value)}`, { path: `${base}.${key}` });
    }
  }
}

/** A positive finite number from a generator's config, or the fallback when absent (checkSettings refuses an invalid one). */
export function positiveOption(config: GeneratorConfig | undefined, key: string, fallback: number): number {
  const value = config?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}
/** Evidence pairs kept per candidate: enough for a reviewer, bounded for big synonym lists. */
const MAX_EVIDENCE = 3;

type Detail = Partial<Evidence> | undefined;

/**
 * Scores of target concepts for one subject; keeps the best match and the name pairs behind it
 * (at most MAX_EVIDENCE, best first). Evidence objects are only built for the k candidates that
 * are kept (rankSubject).
 *
 * One instance serves every subject of a run (`reset` between them): its arrays, by target
 * concept and by slot (the order concepts were first offered), are reused, where a map and an
 * object per offered concept made most of the run's garbage on large ontologies.
 */
export class SubjectScores {
  /** `stamp[t] === generation` when target concept t has been offered for this subject. */
  private stamp = new Int32Array(0);
  private slotOf = new Int32Array(0);
  private generation = 1;
  /** Number of concepts offered for this subject; slots 0 … count - 1. */
  count = 0;
  /** By slot: the concept, its best score and its pairs (slot · MAX_EVIDENCE + i). */
  private objects = new Int32Array(16);
  private best = new Float64Array(16);
  private pairCount = new Uint8Array(16);
  private pairScore = new Float64Array(16 * MAX_EVIDENCE);
  private pairSubject: TextEntry[] = [];
  private pairObject: TextEntry[] = [];
  private pairDetail: Detail[] = [];

  constructor(targetConcepts = 0) {
    this.grow(targetConcepts);
  }

  /** Start the next subject: everything offered so far is forgotten. */
  reset(): void {
    this.count = 0;
    if (++this.generation === 0x7fffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  offer(objectConcept: number, score: number, subject: TextEntry, object: TextEntry, detail?: Partial<Evidence>): void {
    if (!Number.isFinite(score) || score <= 0) return;
    if (objectConcept >= this.stamp.length) this.grow(objectConcept + 1);
    if (this.stamp[objectConcept] !== this.generation) {
      this.stamp[objectConcept] = this.generation;
      const slot = this.count++;
      if (slot === this.objects.length) this.growSlots();
      this.slotOf[objectConcept] = slot;
      this.objects[slot] = objectConcept;
      this.best[slot] = score;
      this.pairCount[slot] = 1;
      this.setPair(slot * MAX_EVIDENCE, score, subject, object, detail);
      return;
    }
    const slot = this.slotOf[objectConcept]!;
    if (score > this.best[slot]!) this.best[slot] = score;
    const base = slot * MAX_EVIDENCE;
    const n = this.pairCount[slot]!;
    for (let i = 0; i < n; i++) if (this.pairSubject[base + i] === subject && this.pairObject[base + i] === object) return;
    if (n >= MAX_EVIDENCE && score <= this.pairScore[base + n - 1]!) return;
    // Best first; a pair goes after those scored at least as high (as a stable sort would put it).
    let at = n;
    while (at > 0 && this.pairScore[base + at - 1]! < score) at--;
    const last = Math.min(n, MAX_EVIDENCE - 1);
    for (let i = last; i > at; i--) this.setPair(base + i, this.pairScore[base + i - 1]!, this.pairSubject[base + i - 1]!, this.pairObject[base + i - 1]!, this.pairDetail[base + i - 1]);
    this.setPair(base + at, score, subject, object, detail);
    this.pairCount[slot] = last + 1;
  }

  /** The concept in a slot, and its best score. */
  objectAt(slot: number): number {
    return this.objects[slot]!;
  }
  scoreAt(slot: number): number {
    return this.best[slot]!;
  }

  /** The best name pair of a slot. */
  firstPair(slot: number): [subject: TextEntry, object: TextEntry] {
    const base = slot * MAX_EVIDENCE;
    return [this.pairSubject[base]!, this.pairObject[base]!];
  }

  /** The name pairs of a slot, best first, as `visit(subject, object, detail)`. */
  pairsAt<T>(slot: number, visit: (subject: TextEntry, object: TextEntry, detail: Detail) => T): T[] {
    // Made at its final length: an array grown by push keeps room for more, and every kept
    // candidate holds one of these until the output is written.
    const n = this.pairCount[slot]!;
    const out = new Array<T>(n);
    const base = slot * MAX_EVIDENCE;
    for (let i = 0; i < n; i++) out[i] = visit(this.pairSubject[base + i]!, this.pairObject[base + i]!, this.pairDetail[base + i]);
    return out;
  }

  private setPair(at: number, score: number, subject: TextEntry, object: TextEntry, detail: Detail): void {
    this.pairScore[at] = score;
    this.pairSubject[at] = subject;
    this.pairObject[at] = object;
    this.pairDetail[at] = detail;
  }

  private grow(concepts: number): void {
    if (concepts <= this.stamp.length) return;
    const size = Math.max(concepts, this.stamp.length * 2);
    const stamp = new Int32Array(size);
    stamp.set(this.stamp);
    const slotOf = new Int32Array(size);
    slotOf.set(this.slotOf);
    this.stamp = stamp;
    this.slotOf = slotOf;
  }

  private growSlots(): void {
    const size = this.objects.length * 2;
    const objects = new Int32Array(size);
    objects.set(this.objects);
    const best = new Float64Array(size);
    best.set(this.best);
    const pairCount = new Uint8Array(size);
    pairCount.set(this.pairCount);
    const pairScore = new Float64Array(size * MAX_EVIDENCE);
    pairScore.set(this.pairScore);
    this.objects = objects;
    this.best = best;
    this.pairCount = pairCount;
    this.pairScore = pairScore;
  }
}

export interface GeneratorIdentity {
  name: string;
  measure: string;
  justification: MappingJustification;
  /**
   * The relation a candidate's best name pair supports (relations.ts); by default what the two
   * names' fields say (generators whose names are equal: `exact`, `wordnet`).
   */
  relation?: (score: number, subject: TextEntry, object: TextEntry) => MappingRelation;
}

/**
 * The identity of a string-similarity generator (`edit`, `tfidf`): raw scores at or above
 * `exactFrom` mean one name spelt differently (exactMatch), lower ones closeMatch.
 */
export function similarityGeneratorIdentity(name: string, measure: string, exactFrom: number): GeneratorIdentity {
  return {
    name,
    measure,
    justification: 'semapv:LexicalSimilarityThresholdMatching' satisfies MappingJustification,
    relation: (score, a, b) => lexicalSimilarityRelation(score, exactFrom, a, b),
  };
}


export interface LexicalContext {
  source: PreparedOntology;
  target: PreparedOntology;
}

/** Scores stay raw but are rounded so that float noise cannot reorder ties between runs. */
const round = (x: number): number => Math.round(x * 1e9) / 1e9;

/** Kept rows are chosen by insertion into a list of k up to this k; larger k sort every row. */
const INSERTION_UP_TO = 32;

/**
 * The first k items in the order of `compare`, which must be total (no two items equal), so the
 * result is what sorting them all and keeping k gives. Up to INSERTION_UP_TO an ordered list of k
 * is kept, which most items of a long list do not enter after one comparison.
 */
export function firstRows<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  if (k > INSERTION_UP_TO) {
    const all = [...items].sort(compare);
    if (all.length > k) all.length = k;
    return all;
  }
  const rows: T[] = [];
  if (k <= 0) return rows;
  for (const item of items) {
    if (rows.length === k && !(compare(item, rows[k - 1]!) < 0)) continue;
    // A full list drops its last row: the new one is better.
    let at = rows.length < k ? rows.push(item) - 1 : k - 1;
    while (at > 0 && compare(item, rows[at - 1]!) < 0) {
      rows[at] = rows[at - 1]!;
      at--;
    }
    rows[at] = item;
  }
  return rows;
}

/**
 * Whether a subject may be paired with `object`, the target concept of its own IRI: only under
 * GeneratorOptions.pairSameIri, and never with a concept the target deprecates.
 */
export function pairsWithItself(object: Concept, pairSameIri: boolean | undefined): boolean {
  return pairSameIri === true && !object.deprecated;
}

export function rankSubject(
  id: GeneratorIdentity,
  subject: Concept,
  scores: SubjectScores,
  target: PreparedOntology,
  topK: number,
  pairSameIri = false,
): Candidate[] {
  const k = Math.max(0, topK);
  if (k === 0 || scores.count === 0) return [];
  const concepts = target.concepts;
  // The subject itself among the targets (a shared IRI), found once: comparing IRIs per object
  // read every scored target concept from memory, and that cost more than ranking them.
  const own = target.position.get(subject.iri) ?? -1;
  const self = own >= 0 && pairsWithItself(concepts[own]!, pairSameIri) ? -1 : own;
  // Rows by rounded score descending, then object IRI (unique among target concepts, so the
  // order is total and any way of choosing the first k gives the same rows). Most subjects
  // score far more concepts than k: an ordered list of k, which most rows do not enter after
  // one comparison, replaces sorting them all.
  const rows: number[] = [];
  const rounded: number[] = [];
  const before = (score: number, iri: string, row: number): boolean => {
    const other = rounded[row]!;
    return score > other || (score === other && iri < concepts[scores.objectAt(rows[row]!)]!.iri);
  };
  if (k <= INSERTION_UP_TO) {
    for (let slot = 0; slot < scores.count; slot++) {
      const object = scores.objectAt(slot);
      if (object === self) continue;
      const score = round(scores.scoreAt(slot));
      if (rows.length === k && !(score >= rounded[k - 1]!)) continue;
      const iri = concepts[object]!.iri;
      if (rows.length === k && !before(score, iri, k - 1)) continue;
      // A full list drops its last row: the new one is better.
      let at = rows.length < k ? rows.push(slot) - 1 : k - 1;
      if (at === rounded.length) rounded.push(score);
      while (at > 0 && before(score, iri, at - 1)) {
        rows[at] = rows[at - 1]!;
        rounded[at] = rounded[at - 1]!;
        at--;
      }
      rows[at] = slot;
      rounded[at] = score;
    }
  } else {
    for (let slot = 0; slot < scores.count; slot++) if (scores.objectAt(slot) !== self) rows.push(slot);
    rows.sort((a, b) => {
      const x = round(scores.scoreAt(a));
      const y = round(scores.scoreAt(b));
      if (x !== y) return y - x;
      const p = concepts[scores.objectAt(a)]!.iri;
      const q = concepts[scores.objectAt(b)]!.iri;
      return p < q ? -1 : p > q ? 1 : 0;
    });
    if (rows.length > k) rows.length = k;
    for (const slot of rows) rounded.push(round(scores.scoreAt(slot)));
  }
  return rows.map((slot, i) => {
    const concept = concepts[scores.objectAt(slot)]!;
    const score = rounded[i]!;
    const [a, b] = scores.firstPair(slot);
    const evidence = id.relation ? id.relation(score, a, b) : fieldRelation(a.field, b.field);
    return {
      subject: subject.iri,
      predicate: concept.kind === subject.kind ? evidence : candidateRelation(evidence, subject.kind, concept.kind),
      object: concept.iri,
      generator: id.name,
      score: rawScore(score),
      measure: id.measure,
      rank: i + 1,
      justification: id.justification,
      evidence: scores.pairsAt(slot, (x, y, detail) => evidenceOf(id.name, x, y, detail)),
    };
  });
}

/** A generator's combined vote for one (relation, object) of a subject (`structure`, `description`). */
export interface RelationVote {
  relation: MappingRelation;
  /** Index into the target's prepared concepts. */
  object: number;
  /** Rounded as written: ties are broken by object IRI and relation, never by float noise. */
  score: number;
  evidence: Evidence[];
}

/**
 * The best `topK` votes of one subject as ranked candidates: score descending, then object IRI,
 * then relation ((object, relation) is one vote, so the order is total).
 */
export function rankVotes(id: Pick<GeneratorIdentity, 'name' | 'measure' | 'justification'>, subject: Concept, votes: Iterable<RelationVote>, target: PreparedOntology, topK: number): Candidate[] {
  const rows = firstRows(votes, topK, (x, y) => {
    if (y.score !== x.score) return y.score - x.score;
    const a = target.concepts[x.object]!.iri;
    const b = target.concepts[y.object]!.iri;
    return (a < b ? -1 : a > b ? 1 : 0) || (x.relation < y.relation ? -1 : x.relation > y.relation ? 1 : 0);
  });
  return rows.map((row, i) => {
    const object = target.concepts[row.object]!;
    return {
      subject: subject.iri,
      predicate: candidateRelation(row.relation, subject.kind, object.kind),
      object: object.iri,
      generator: id.name,
      score: rawScore(row.score),
      measure: id.measure,
      rank: i + 1,
      justification: id.justification,
      evidence: row.evidence,
    };
  });
}

/** The evidence of one name pair (built without spreading: one object, no temporaries). */
function evidenceOf(generator: string, a: TextEntry, b: TextEntry, detail: Partial<Evidence> | undefined): Evidence {
  const evidence: Evidence = { generator, subjectText: a.text, objectText: b.text, subjectField: a.field, objectField: b.field };
  if (a.lang) evidence.subjectLang = a.lang;
  if (b.lang) evidence.objectLang = b.lang;
  return detail ? Object.assign(evidence, detail) : evidence;
}

/**
 * Drive a per-subject scorer over all source concepts. `prepare` runs once (indexes of the
 * target); `score` fills the SubjectScores of one subject. Progress is reported and the abort
 * signal honoured between subjects.
 */
export async function* perSubject(
  id: GeneratorIdentity,
  sourceIndex: OntologyIndex,
  targetIndex: OntologyIndex,
  options: GeneratorOptions,
  prepare: (ctx: LexicalContext) => Promise<(subject: number, scores: SubjectScores) => void> | ((subject: number, scores: SubjectScores) => void),
): AsyncGenerator<Candidate> {
  const source = prepareOntology(sourceIndex, options.crossKind);
  const target = prepareOntology(targetIndex, options.crossKind);
  for (const w of new Set([...source.warnings, ...target.warnings])) options.onWarning?.(w);
  const total = source.concepts.length;
  // A generator's preparation (its indexes, WordNet's lookups) can take seconds on a large pair:
  // its progress starts before it, so a progress bar names the generator at work.
  options.signal?.throwIfAborted();
  options.onProgress?.(0, total);
  const score = await prepare({ source, target });
  const scores = new SubjectScores(target.concepts.length);
  for (let s = 0; s < total; s++) {
    if (s % PACE === 0) await paceTurn(s, total, options);
    if (source.entriesOf[s]!.length === 0) continue;
    scores.reset();
    score(s, scores);
    // One `yield` per candidate: `yield*` over the array would wrap it in an async-from-sync
    // iterator, which costs an extra promise per candidate.
    for (const candidate of rankSubject(id, source.concepts[s]!, scores, target, options.topK, options.pairSameIri)) yield candidate;
  }
  options.onProgress?.(total, total);
}
