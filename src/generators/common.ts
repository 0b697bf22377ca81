/**
 * The loop every lexical generator shares: walk the source concepts in order, let the generator
 * score target concepts for one subject, then keep the top k with ranks 1..k (descending score,
 * ties broken by object IRI so output is deterministic), never pairing a concept with itself.
 */
import type { Concept } from '../model/concept.js';
import type { Candidate, Evidence, MappingJustification, MappingRelation } from '../model/mapping.js';
import { rawScore } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { GeneratorConfig, GeneratorOptions } from './types.js';
import { prepareOntology, type PreparedOntology, type TextEntry } from './lexical-index.js';
import { candidateRelation, fieldRelation, lexicalSimilarityRelation } from './relations.js';

/** A positive finite number from a generator's config, or the fallback when absent or invalid. */
export function positiveOption(config: GeneratorConfig | undefined, key: string, fallback: number): number {
  const value = config?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}
/** Evidence pairs kept per candidate: enough for a reviewer, bounded for big synonym lists. */
const MAX_EVIDENCE = 3;

interface Scored {
  score: number;
  /** Matching name pairs, best first, at most MAX_EVIDENCE, with what a generator adds to their evidence. */
  pairs: Array<[score: number, subject: TextEntry, object: TextEntry, detail?: Partial<Evidence>]>;
}

/**
 * Scores of target concepts for one subject; keeps the best match and the name pairs behind it.
 * Evidence objects are only built for the k candidates that are kept (rankSubject).
 */
export class SubjectScores {
  readonly byObject = new Map<number, Scored>();

  offer(objectConcept: number, score: number, subject: TextEntry, object: TextEntry, detail?: Partial<Evidence>): void {
    if (!Number.isFinite(score) || score <= 0) return;
    const current = this.byObject.get(objectConcept);
    if (!current) {
      this.byObject.set(objectConcept, { score, pairs: [[score, subject, object, detail]] });
      return;
    }
    if (score > current.score) current.score = score;
    const pairs = current.pairs;
    for (let i = 0; i < pairs.length; i++) if (pairs[i]![1] === subject && pairs[i]![2] === object) return;
    if (pairs.length >= MAX_EVIDENCE && score <= pairs[pairs.length - 1]![0]) return;
    // Best first; a pair goes after those scored at least as high (as a stable sort would put it).
    let at = pairs.length;
    while (at > 0 && pairs[at - 1]![0] < score) at--;
    pairs.splice(at, 0, [score, subject, object, detail]);
    if (pairs.length > MAX_EVIDENCE) pairs.length = MAX_EVIDENCE;
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

export function rankSubject(
  id: GeneratorIdentity,
  subject: Concept,
  scores: SubjectScores,
  target: PreparedOntology,
  topK: number,
): Candidate[] {
  const rows: Array<{ concept: Concept; score: number; scored: Scored }> = [];
  // The subject itself among the targets (a shared IRI), found once: comparing IRIs per object
  // read every scored target concept from memory, and that cost more than ranking them.
  const self = target.position.get(subject.iri) ?? -1;
  for (const [object, scored] of scores.byObject) {
    if (object === self) continue;
    rows.push({ concept: target.concepts[object]!, score: round(scored.score), scored });
  }
  rows.sort((a, b) => b.score - a.score || (a.concept.iri < b.concept.iri ? -1 : a.concept.iri > b.concept.iri ? 1 : 0));
  const relationOf = (row: (typeof rows)[number]): MappingRelation => {
    const [, a, b] = row.scored.pairs[0]!;
    const evidence = id.relation ? id.relation(row.score, a, b) : fieldRelation(a.field, b.field);
    return row.concept.kind === subject.kind ? evidence : candidateRelation(evidence, subject.kind, row.concept.kind);
  };
  return rows.slice(0, Math.max(0, topK)).map((row, i) => ({
    subject: subject.iri,
    predicate: relationOf(row),
    object: row.concept.iri,
    generator: id.name,
    score: rawScore(row.score),
    measure: id.measure,
    rank: i + 1,
    justification: id.justification,
    evidence: row.scored.pairs.map(([, a, b, detail]) => evidenceOf(id.name, a, b, detail)),
  }));
}

/** The evidence of one name pair (built without spreading: one object, no temporaries). */
function evidenceOf(generator: string, a: TextEntry, b: TextEntry, detail: Partial<Evidence> | undefined): Evidence {
  const evidence: Evidence = { generator, subjectText: a.text, objectText: b.text, subjectField: a.field, objectField: b.field };
  if (a.lang) evidence.subjectLang = a.lang;
  if (b.lang) evidence.objectLang = b.lang;
  return detail ? Object.assign(evidence, detail) : evidence;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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
  const score = await prepare({ source, target });
  const total = source.concepts.length;
  for (let s = 0; s < total; s++) {
    if (s % 256 === 0) {
      options.signal?.throwIfAborted();
      options.onProgress?.(s, total);
      if (s > 0) await yieldToEventLoop();
    }
    if (source.entriesOf[s]!.length === 0) continue;
    const scores = new SubjectScores();
    score(s, scores);
    // One `yield` per candidate: `yield*` over the array would wrap it in an async-from-sync
    // iterator, which costs an extra promise per candidate.
    for (const candidate of rankSubject(id, source.concepts[s]!, scores, target, options.topK)) yield candidate;
  }
  options.onProgress?.(total, total);
}
