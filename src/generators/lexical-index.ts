/**
 * What the lexical generators read from an ontology: one entry per distinct name of a concept
 * (label, synonym, abbreviation, meaningful local name), normalised once and shared by every
 * generator in a run (cached per OntologyIndex object).
 *
 * Field weights say how much a name speaks for the concept's identity: a preferred label more
 * than a related synonym, a broad or narrow synonym much less (it names a different concept).
 * Generators multiply their similarity by the weights of the two names that matched, so a
 * label-to-label match outranks a synonym-to-synonym match of the same strength.
 */
import { createHash } from 'node:crypto';
import type { Concept, ConceptKind } from '../model/concept.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { cutText } from '../text/cut.js';
import { splitIdentifier } from '../text/identifiers.js';
import { acronym, contentWords, foldedText, letterNumberCodes, stem, STOP_WORDS, words } from '../text/normalize.js';

/**
 * Kinds that may be matched with each other. OWL classes match classes, properties match
 * properties, individuals match individuals. The draft's kinds (Section 5.1) are different
 * things an agent declares: a capability is matched with capabilities, an intent with intents,
 * a domain with domains, a concept with concepts. Pairing a skill with a domain ("Sports
 * Medicine" for a translation skill) is what an unrestricted matcher does when names are
 * similar; `crossKind` lets the draft's kinds meet, and such pairs are proposed as
 * `skos:relatedMatch` (see candidateRelation in relations.ts), never as equivalences.
 */
export type KindGroup = 'class' | 'property' | 'individual' | 'agent' | 'capability' | 'intent' | 'domain' | 'concept' | 'ioa';

const GROUP_OF_KIND: Record<ConceptKind, KindGroup> = {
  class: 'class',
  objectProperty: 'property',
  datatypeProperty: 'property',
  annotationProperty: 'property',
  individual: 'individual',
  agent: 'agent',
  capability: 'capability',
  intent: 'intent',
  domain: 'domain',
  concept: 'concept',
};

/** The draft's kinds that `crossKind` lets meet. */
const IOA_KINDS: ReadonlySet<ConceptKind> = new Set(['capability', 'intent', 'domain', 'concept']);

export function kindGroup(kind: ConceptKind, crossKind = false): KindGroup {
  return crossKind && IOA_KINDS.has(kind) ? 'ioa' : GROUP_OF_KIND[kind];
}

export function compatibleKinds(a: ConceptKind, b: ConceptKind, crossKind = false): boolean {
  return kindGroup(a, crossKind) === kindGroup(b, crossKind);
}

/** Names longer than this are cut for matching (a warning says so): edit distance is quadratic. */
export const MAX_TEXT_CHARS = 512;

export const FIELD_WEIGHTS = {
  label: 1,
  localNameLabel: 0.9,
  localName: 0.9,
  'synonym:exact': 0.95,
  'synonym:related': 0.85,
  'synonym:broad': 0.6,
  'synonym:narrow': 0.6,
  'abbreviation:preferred': 0.9,
  abbreviation: 0.85,
} as const;

export type TextField = keyof typeof FIELD_WEIGHTS;

/** One name of one concept, normalised. */
export interface TextEntry {
  /** Index into PreparedOntology.concepts. */
  concept: number;
  group: KindGroup;
  /** The name as written (cut to MAX_TEXT_CHARS). */
  text: string;
  field: TextField;
  weight: number;
  /** BCP 47 tag, lower-cased, when the literal had one. */
  lang?: string;
  /** Words in order, stop words kept. */
  words: string[];
  /** Words without stop words, unstemmed. */
  content: string[];
  /** Stems of the content words. */
  stems: string[];
  /** `words` joined by single spaces (a cut name: with a digest of the whole name after a NUL). */
  norm: string;
  /** `content` joined by single spaces. */
  contentText: string;
  /** Case-folded original text. */
  folded: string;
  /** Sorted stems: equal keys mean "the same name" for `exact`. */
  key: string;
  /** Initials of a multi-word name, for matching abbreviations. */
  acronym?: string;
  /** Numbers in the name, sorted and joined (`rib 12` → `12`); empty when none. */
  numbers: string;
  /** Letter-number codes (`t4` for `T4 Vertebra` and `thoracic vertebra 4`). */
  codes: string[];
  /** Stem of the head word (see headStem). */
  head: string;
}

/**
 * The head of an English noun phrase: the word before the first `of` (`Nucleus of the Solitary
 * Tract`), else the last content word (`small intestine wall`). Numbers and one-letter words
 * are skipped (`thoracic vertebra 4` → vertebra).
 */
export function headStem(ws: readonly string[]): string {
  const of = ws.indexOf('of');
  const candidates = (of > 0 ? ws.slice(0, of) : ws).filter((w) => !STOP_WORDS.has(w) && !/^\p{N}+$/u.test(w) && w.length > 1);
  const head = candidates[candidates.length - 1] ?? ws[ws.length - 1] ?? '';
  return stem(head);
}

/**
 * Two names whose heads differ usually name different kinds of thing even when most words
 * agree: `small intestine wall` is a wall, `Small Intestine` is not (it is the whole, a broader
 * concept). Similarity generators multiply by this factor; heads agree when their stems are
 * equal or share a five-letter prefix (`serosa`/`serosal`).
 */
export function headAgreement(a: TextEntry, b: TextEntry): number {
  if (a.head === b.head) return 1;
  const n = Math.min(5, a.head.length, b.head.length);
  if (n < 4) return 0.85;
  // Compared in place: slicing both heads made two strings per pair of names compared.
  for (let i = 0; i < n; i++) if (a.head.charCodeAt(i) !== b.head.charCodeAt(i)) return 0.85;
  return 1;
}

/**
 * Similarity generators see `foot phalanx` and `Phalanx of the Foot` as the same words; a name
 * written identically should still rank first, so they multiply by this near-1 factor.
 */
export function literalAgreement(a: TextEntry, b: TextEntry): number {
  if (a.folded === b.folded) return 1;
  return a.norm === b.norm ? 0.995 : 0.99;
}

/**
 * Numbers identify: `thoracic vertebra 6` is not `thoracic vertebra` and not `T7 vertebra`,
 * however similar the strings. Similarity generators multiply by this factor.
 */
export function numberAgreement(a: TextEntry, b: TextEntry): number {
  if (a.numbers === b.numbers) return 1;
  if (a.numbers === '' || b.numbers === '') return 0.7;
  return 0.6;
}

/**
 * What a similarity generator multiplies a pair's similarity by: both names' weights (a label
 * counts more than a synonym) and the number, head and literal agreements above. The product
 * is taken in this order, left to right, so every generator scores a pair the same way.
 */
export function pairWeight(a: TextEntry, b: TextEntry): number {
  return a.weight * b.weight * numberAgreement(a, b) * headAgreement(a, b) * literalAgreement(a, b);
}

export interface PreparedOntology {
  /** Concepts unique by IRI, in source order. */
  concepts: Concept[];
  entries: TextEntry[];
  /** Entry ids of each concept. */
  entriesOf: number[][];
  /** Position in `concepts` of each IRI. */
  position: ReadonlyMap<string, number>;
  /** Things a user should know (duplicate IRIs, concepts without names, cut names). */
  warnings: string[];
}

// One cache per kind policy: the kind group is part of every name's features and keys.
const caches = { strict: new WeakMap<OntologyIndex, PreparedOntology>(), crossKind: new WeakMap<OntologyIndex, PreparedOntology>() };

/**
 * Forget the prepared names of `index`, and with them everything the generators cached on them
 * (blocking neighbourhoods, word tables, hierarchies, key indexes): they are keyed on the
 * prepared ontology, so they become garbage with it. A run that will not ask again frees that
 * memory before fusion (NCIt → ORDO: ~200 MB of heap); a later run prepares the names anew,
 * with the same result.
 */
export function forgetPrepared(index: OntologyIndex): void {
  caches.strict.delete(index);
  caches.crossKind.delete(index);
}

/** Identifier-like local names (`MA_0000001`, `NCI_C12272`) are not names of anything. */
function meaningfulLocalName(localName: string): string | undefined {
  if (/\d{3,}/.test(localName)) return undefined;
  const split = splitIdentifier(localName);
  return /\p{L}{3,}/u.test(split) ? split : undefined;
}

/** Language tags are compatible when either is absent or their primary subtags agree. */
export function compatibleLanguages(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return true;
  return a.split('-')[0] === b.split('-')[0];
}

export function prepareOntology(index: OntologyIndex, crossKind = false): PreparedOntology {
  const cache = crossKind ? caches.crossKind : caches.strict;
  const hit = cache.get(index);
  if (hit) return hit;
  const warnings: string[] = [];
  const concepts: Concept[] = [];
  const position = new Map<string, number>();
  let duplicates = 0;
  for (const concept of index.concepts) {
    if (position.has(concept.iri)) {
      // Loaders merge duplicates; an index built elsewhere might not. Keep the first, say so.
      duplicates++;
      if (duplicates <= 5) warnings.push(`${index.source}: duplicate IRI ${concept.iri}: only its first occurrence is matched`);
      continue;
    }
    position.set(concept.iri, concepts.length);
    concepts.push(concept);
  }
  if (duplicates > 5) warnings.push(`${index.source}: ${duplicates} duplicate IRIs in all`);

  const entries: TextEntry[] = [];
  const entriesOf: number[][] = [];
  let unnamed = 0;
  let cut = 0;
  concepts.forEach((concept, ci) => {
    const group = kindGroup(concept.kind, crossKind);
    const mine: number[] = [];
    const seen = new Map<string, number>();
    const add = (raw: string, field: TextField, lang?: string): void => {
      let text = raw.trim();
      // A cut name keeps a digest of the whole one in its keys: two names that differ only past
      // the cut are not the same name, and nothing may say they are (exact's score 1).
      let whole = '';
      if (text.length > MAX_TEXT_CHARS) {
        whole = `\u0000whole:${createHash('sha256').update(foldedText(text)).digest('base64url')}`;
        text = cutText(text, MAX_TEXT_CHARS);
        cut++;
      }
      const ws = words(text);
      if (ws.length === 0) return;
      const norm = ws.join(' ') + whole;
      const weight = FIELD_WEIGHTS[field];
      const dedupeKey = `${norm}\u0000${lang ?? ''}`;
      const earlier = seen.get(dedupeKey);
      if (earlier !== undefined) {
        // Same name twice (human.owl: label `Pancreatic_Duct`, synonym `Pancreatic Duct`): keep the stronger field.
        const prev = entries[earlier]!;
        if (weight > prev.weight) Object.assign(prev, { field, weight, text, folded: foldedText(text) + whole });
        return;
      }
      const content = contentWords(ws);
      const stems = content.map(stem);
      const entry: TextEntry = {
        concept: ci, group, text, field, weight, words: ws, content,
        // canonicalKey(ws) is these stems sorted: sort a copy rather than stem the words again.
        stems, norm, contentText: content.join(' '), folded: foldedText(text) + whole, key: [...stems].sort().join(' ') + whole,
        numbers: ws.filter((w) => /^\p{N}+$/u.test(w)).sort().join(' '),
        codes: letterNumberCodes(text, ws),
        head: headStem(ws),
      };
      if (lang) entry.lang = lang;
      const acr = acronym(ws);
      if (acr) entry.acronym = acr;
      seen.set(dedupeKey, entries.length);
      mine.push(entries.length);
      entries.push(entry);
    };
    for (const label of concept.labels) add(label.text, label.source === 'localName' ? 'localNameLabel' : 'label', label.lang);
    for (const synonym of concept.synonyms) add(synonym.text, `synonym:${synonym.kind}`, synonym.lang);
    for (const abbr of concept.abbreviations) add(abbr.text, abbr.preferred ? 'abbreviation:preferred' : 'abbreviation');
    // A loader that made a name from the identifier itself (an agent record's, leaving out what
    // only says it is an MCP server) has said what the identifier names: it is not read again raw.
    if (!concept.labels.some((l) => l.source === 'localName' || l.source === 'name')) {
      const local = meaningfulLocalName(concept.localName);
      if (local) add(local, 'localName');
    }
    if (mine.length === 0) unnamed++;
    entriesOf.push(mine);
  });
  if (concepts.length === 0) warnings.push(`${index.source}: no concepts to match (no named classes, properties or individuals)`);
  if (unnamed > 0) warnings.push(`${index.source}: ${unnamed} concept(s) have no usable name (label, synonym or local name) and cannot be matched lexically`);
  if (cut > 0) warnings.push(`${index.source}: ${cut} name(s) longer than ${MAX_TEXT_CHARS} characters were cut for matching`);
  const prepared: PreparedOntology = { concepts, entries, entriesOf, position, warnings };
  cache.set(index, prepared);
  return prepared;
}

/**
 * Target names compared per shared key. A key shared by thousands of target names (an ontology
 * that labels everything "thing") would make a hash lookup quadratic; beyond this many, a
 * source name meets the first ones only, and a warning says so (crowdedKeys).
 */
export const MAX_SHARED_NAMES = 1000;

/** A warning when some keys are shared by more than MAX_SHARED_NAMES target names, else undefined. */
export function crowdedKeys(buckets: Iterable<readonly unknown[]>, source: string, generator: string): string | undefined {
  let crowded = 0;
  for (const list of buckets) if (list.length > MAX_SHARED_NAMES) crowded++;
  return crowded > 0
    ? `${source}: ${crowded} name(s) are shared by more than ${MAX_SHARED_NAMES} concepts; ${generator} compares each source name with the first ${MAX_SHARED_NAMES} of them only`
    : undefined;
}

const keyIndexes = new WeakMap<PreparedOntology, Map<string, number[]>>();

/** `group + canonical key` → entry ids carrying it (shared by `exact` and `wordnet`). */
export function keyIndex(prepared: PreparedOntology): Map<string, number[]> {
  let index = keyIndexes.get(prepared);
  if (index) return index;
  index = new Map();
  prepared.entries.forEach((entry, id) => {
    const k = `${entry.group}\u0000${entry.key}`;
    const list = index!.get(k);
    if (list) list.push(id);
    else index!.set(k, [id]);
  });
  keyIndexes.set(prepared, index);
  return index;
}

export function isAbbreviation(entry: TextEntry): boolean {
  return entry.field === 'abbreviation' || entry.field === 'abbreviation:preferred';
}
