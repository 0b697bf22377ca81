/**
 * Which relation the evidence of a lexical or embedding generator supports. One place, so the
 * table in docs/relations.md and the code cannot drift apart:
 *
 * | evidence | relation |
 * |---|---|
 * | names equal after normalisation (`exact`), or after WordNet synonym substitution (`wordnet`) | `skos:exactMatch` |
 * | a similarity generator's score at or above its `exactFrom` level | `skos:exactMatch` |
 * | a similarity generator's score below it | `skos:closeMatch` |
 * | the subject's name is the object's *broad* synonym (or the subject's *narrow* synonym is the object's name) | `skos:narrowMatch` |
 * | the subject's name is the object's *narrow* synonym (or the subject's *broad* synonym is the object's name) | `skos:broadMatch` |
 * | both names are broad (or both narrow) synonyms: the concepts share a wider or narrower term | `skos:relatedMatch` |
 * | subject and object of different kinds of the draft (capability ↔ domain …), when allowed | `skos:relatedMatch` |
 *
 * Hierarchy and head/modifier evidence is the `structure` generator's (structure.ts).
 */
import type { ConceptKind } from '../model/concept.js';
import { BROAD_MATCH, CLOSE_MATCH, EXACT_MATCH, NARROW_MATCH, RELATED_MATCH, type MappingRelation } from '../model/mapping.js';
import { compatibleKinds, headStem, type TextEntry } from './lexical-index.js';
import { contentWords, STOP_WORDS, stem, words } from '../text/normalize.js';

/** The scope a name's field gives it relative to its own concept. */
function scope(field: string): 'broad' | 'narrow' | undefined {
  return field === 'synonym:broad' ? 'broad' : field === 'synonym:narrow' ? 'narrow' : undefined;
}

/**
 * The relation two equal (or equivalent) names establish, from the fields they came from:
 * `subjectField` names the subject, `objectField` the object. A broad synonym X of a concept c
 * is a term broader than c, so "subject's name = object's broad synonym" makes the subject
 * broader than the object (`narrowMatch`), and so on.
 */
export function fieldRelation(subjectField: string, objectField: string): MappingRelation {
  const a = scope(subjectField);
  const b = scope(objectField);
  if (!a && !b) return EXACT_MATCH;
  // s ⊑ X ⊑ o (or the reverse): the chain gives a direction.
  if (a === 'broad' && b === 'narrow') return BROAD_MATCH;
  if (a === 'narrow' && b === 'broad') return NARROW_MATCH;
  // Both reach a common wider (or narrower) term: siblings or cousins, not one another.
  if (a && b) return RELATED_MATCH;
  if (a === 'broad' || b === 'narrow') return BROAD_MATCH;
  return NARROW_MATCH;
}

/**
 * The relation of a similarity generator's candidate: what the names' fields say when the score
 * reaches `exactFrom` (the level at which that generator's names are the same name in another
 * spelling), else `skos:closeMatch` — similar, equivalence not established.
 */
export function similarityRelation(score: number, exactFrom: number, subjectField: string, objectField: string): MappingRelation {
  return score >= exactFrom ? fieldRelation(subjectField, objectField) : CLOSE_MATCH;
}

/**
 * The relation of a lexical similarity candidate: as similarityRelation, except that names where
 * one is the other plus modifiers ("left lung alveolus" / "lung alveolus") are never proposed as
 * exactMatch on similarity alone — that is a subsumption shape, and the structure generator
 * proposes the direction.
 */
export function lexicalSimilarityRelation(score: number, exactFrom: number, subject: TextEntry, object: TextEntry): MappingRelation {
  const relation = similarityRelation(score, exactFrom, subject.field, object.field);
  if (relation !== EXACT_MATCH) return relation;
  const names = nameRelation(subject, object);
  return names === 'narrower' || names === 'broader' ? CLOSE_MATCH : relation;
}

/**
 * The relation a candidate is proposed with, once the kinds of its two concepts are known: the
 * evidence's relation between concepts of one kind, `skos:relatedMatch` across the draft's kinds
 * (a capability is never the same thing as a domain, whatever their names).
 */
export function candidateRelation(evidence: MappingRelation, subjectKind: ConceptKind, objectKind: ConceptKind): MappingRelation {
  return compatibleKinds(subjectKind, objectKind) ? evidence : RELATED_MATCH;
}

/**
 * How the subject's name relates to the object's by head/modifier analysis of their content
 * words (stems):
 * - `same`: the same words;
 * - `narrower`: the subject adds modifiers to the object's name with the same head
 *   ("left lung alveolus" / "lung alveolus", "cervical vertebra 4" / "cervical vertebra") —
 *   the subject names a kind of the object;
 * - `broader`: the object adds modifiers to the subject's name ("Image Generation" /
 *   "Unconditional Image Generation");
 * - `sibling`: same head, each adds a modifier the other lacks ("left lung" / "right lung"):
 *   co-hyponyms, two kinds of one thing;
 * - `other`: different heads.
 *
 * A coordination names the union of its conjuncts, read with ellipsis: "Data Engineering and
 * Analytics" is {data engineering, data analytics}, "Document or Database Question Answering"
 * is {document question answering, database question answering}. A name equal to a conjunct is
 * narrower than the coordination; a coordination whose every conjunct adds modifiers to a name
 * is narrower than that name.
 */
export type NameRelation = 'same' | 'narrower' | 'broader' | 'sibling' | 'other';

/** What head/modifier analysis reads of a name (a TextEntry has all of it). */
export type NameParts = Pick<TextEntry, 'text' | 'content' | 'stems' | 'head'>;

const COORDINATOR = /\s+(?:and|or)\s+|\s*[&/+,]\s*/i;

/** The conjuncts of a coordination as stem sets, ellipsis restored; undefined for a plain name. */
export function conjuncts(entry: NameParts): Array<Set<string>> | undefined {
  // Most names have no coordinator: they are not split, and their words not stemmed again.
  if (!COORDINATOR.test(entry.text)) return undefined;
  const parts = entry.text.split(COORDINATOR).map((part) => words(part).filter((w) => !STOP_WORDS.has(w)).map(stem)).filter((ws) => ws.length > 0);
  if (parts.length < 2) return undefined;
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a));
  // A one-word conjunct shares the rest of the longest one: its modifiers when it comes last
  // ("Retrieval and Synthesis"), its head when it comes first ("Document or Database QA").
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  return parts.map((ws) => {
    if (ws.length !== 1 || longest.length < 2) return new Set(ws);
    if (ws === last && first.length > 1) return new Set([...first.slice(0, -1), ...ws]);
    if (ws === first && last.length > 1) return new Set([...ws, ...last.slice(1)]);
    return new Set(ws);
  });
}

function plainRelation(a: ReadonlySet<string>, b: ReadonlySet<string>, headA: string, headB: string): NameRelation {
  // Different heads make anything but the same words 'other', and sets of different sizes are
  // not the same words: most pairs a caller relates are settled without comparing their stems.
  if (headA !== headB && a.size !== b.size) return 'other';
  let onlyA = 0;
  let onlyB = 0;
  for (const x of a) if (!b.has(x)) onlyA++;
  for (const x of b) if (!a.has(x)) onlyB++;
  if (onlyA === 0 && onlyB === 0) return 'same';
  if (a.size - onlyA === 0) return 'other';
  if (headA !== headB) return 'other';
  if (onlyB === 0) return 'narrower';
  if (onlyA === 0) return 'broader';
  return 'sibling';
}

/** Subject (a coordination) against a plain object name. */
function coordinationRelation(parts: Array<Set<string>>, other: ReadonlySet<string>, otherHead: string): NameRelation | undefined {
  const relations = parts.map((part) => plainRelation(part, other, headOfSet(part), otherHead));
  if (relations.includes('same')) return 'broader';
  if (relations.every((r) => r === 'narrower')) return 'narrower';
  if (relations.some((r) => r === 'broader')) return 'broader';
  return undefined;
}

/** The last stem of a conjunct stands for its head. */
function headOfSet(stems: ReadonlySet<string>): string {
  return [...stems].pop() ?? '';
}

const flip = (r: NameRelation): NameRelation => (r === 'narrower' ? 'broader' : r === 'broader' ? 'narrower' : r);

/** What head/modifier analysis reads of a name, worked out once per name (parseName). */
export interface ParsedName {
  stems: ReadonlySet<string>;
  head: string;
  conjuncts: Array<Set<string>> | undefined;
}

export function parseName(entry: NameParts): ParsedName {
  return { stems: new Set(entry.stems), head: entry.head, conjuncts: conjuncts(entry) };
}

/** Entries are long-lived: each is parsed once. */
const parsedNames = new WeakMap<NameParts, ParsedName>();

function parsedName(entry: NameParts): ParsedName {
  let parsed = parsedNames.get(entry);
  if (!parsed) parsedNames.set(entry, (parsed = parseName(entry)));
  return parsed;
}

/**
 * The parsed names of a list of entries by position, each parsed when first asked for: for a
 * caller that relates many pairs of one ontology's names, where an array read is cheaper than
 * nameRelation's lookup by entry.
 */
export function nameParser(entries: readonly NameParts[]): (position: number) => ParsedName {
  const parsed: Array<ParsedName | undefined> = new Array(entries.length);
  return (position) => (parsed[position] ??= parseName(entries[position]!));
}

export function nameRelation(subject: NameParts, object: NameParts): NameRelation {
  return parsedNameRelation(parsedName(subject), parsedName(object));
}

/** nameRelation of two parsed names. */
export function parsedNameRelation(subject: ParsedName, object: ParsedName): NameRelation {
  const a = subject.stems;
  const b = object.stems;
  const plain = plainRelation(a, b, subject.head, object.head);
  if (plain === 'same') return plain;
  const left = subject.conjuncts;
  const right = object.conjuncts;
  if (left && !right) return coordinationRelation(left, b, object.head) ?? plain;
  if (right && !left) {
    const r = coordinationRelation(right, a, subject.head);
    return r ? flip(r) : plain;
  }
  if (left && right) {
    // Every conjunct of one inside a conjunct of the other ("Advanced Reasoning & Planning" /
    // "Reasoning and Planning").
    const rel = left.map((l) => right.map((r) => plainRelation(l, r, headOfSet(l), headOfSet(r))));
    if (rel.every((row) => row.some((x) => x === 'narrower' || x === 'same'))) return 'narrower';
    if (right.every((_, j) => rel.some((row) => row[j] === 'broader' || row[j] === 'same'))) return 'broader';
  }
  return plain;
}

/** nameRelation of two names given as text (for evidence that no longer carries its entries). */
export function textRelation(subjectText: string, objectText: string): NameRelation {
  const entry = (text: string): NameParts => {
    const ws = words(text);
    const content = contentWords(ws);
    return { text, content, stems: content.map(stem), head: headStem(ws) };
  };
  return nameRelation(entry(subjectText), entry(objectText));
}
