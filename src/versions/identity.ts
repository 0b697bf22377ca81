/**
 * Identity across two releases of one ontology: which ontology a release belongs to, and which
 * concept of the new release is the old one by identifier.
 *
 * What counts as an identifier is the vocabulary's to say (OntologyIndex.identifiers), with one
 * general rule for IRIs that carry their release:
 * - the same IRI names the same concept;
 * - an IRI whose path holds the release's version as one whole segment
 *   (`…/1.0.0/skills/translation`, `…/1.1.0/skills/translation`) names the same identifier in
 *   the other release when the two differ only in that segment. The segment is the one the
 *   loader declares (`identifiers.iriVersionSegment`), or else the ontology's `version` when the
 *   ontology's own IRI (or version IRI) has it as a path segment — so a release that puts its
 *   version in its IRIs is recognised without knowing the vocabulary;
 * - a notation (a numeric id, a code) only where the vocabulary declares notations stable in
 *   both releases. OASF reuses numeric ids for unrelated skills (id 4 is tabular_text in 1.0.0
 *   and three_d_generation in 1.1.0), so without that statement an id never proves identity.
 *
 * An identifier kept is not yet an unchanged concept: version diff also compares labels,
 * definitions and the concept's place in the hierarchy (diff.ts).
 */
import type { Concept } from '../model/concept.js';
import { IoaError } from '../model/errors.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { foldedText } from '../text/normalize.js';

/** How an old concept's identifier was found again in the new release. */
export type IdentityKind = 'same-iri' | 'version-segment' | 'same-id';
export const IDENTITY_KINDS: readonly IdentityKind[] = ['same-iri', 'version-segment', 'same-id'];

/** Stands for the version segment in an IRI read without it. */
const PLACEHOLDER = '{version}';

/** Where an IRI's path starts (after `scheme://authority`), and where it ends (`?` or `#`). */
function pathBounds(iri: string): [number, number] {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(iri);
  let start = scheme ? scheme[0].length : 0;
  if (iri.startsWith('//', start)) {
    const slash = iri.indexOf('/', start + 2);
    start = slash < 0 ? iri.length : slash;
  }
  const query = iri.indexOf('?', start);
  const fragment = iri.indexOf('#', start);
  const ends = [query, fragment].filter((i) => i >= 0);
  return [start, ends.length ? Math.min(...ends) : iri.length];
}

/** True when `segment` is one whole path segment of `iri`. */
export function hasPathSegment(iri: string, segment: string): boolean {
  if (!segment || segment.includes('/')) return false;
  const [start, end] = pathBounds(iri);
  return iri.slice(start, end).split('/').includes(segment);
}

/**
 * The IRI with every path segment equal to `segment` replaced by a placeholder: two releases'
 * IRIs of one identifier read the same this way. Unchanged when `segment` is undefined.
 */
export function withoutVersionSegment(iri: string, segment: string | undefined): string {
  if (!segment || segment.includes('/')) return iri;
  const [start, end] = pathBounds(iri);
  const path = iri.slice(start, end).split('/').map((s) => (s === segment ? PLACEHOLDER : s)).join('/');
  return `${iri.slice(0, start)}${path}${iri.slice(end)}`;
}

/**
 * The version segment of a release's IRIs: what its loader declares, else its `version` when
 * the ontology's IRI or version IRI holds it as a whole path segment, else none.
 */
export function versionSegmentOf(index: OntologyIndex): string | undefined {
  const declared = index.identifiers?.iriVersionSegment;
  if (declared) return declared;
  const version = index.version;
  if (!version) return undefined;
  return [index.iri, index.versionIri].some((iri) => iri !== undefined && hasPathSegment(iri, version)) ? version : undefined;
}

/** The ontology a release belongs to: its IRI read without its version segment (undefined when it names none). */
export function seriesOf(index: OntologyIndex): string | undefined {
  const segment = versionSegmentOf(index);
  if (index.iri !== undefined) return withoutVersionSegment(index.iri, segment);
  if (index.versionIri !== undefined && segment !== undefined) return withoutVersionSegment(index.versionIri, segment);
  return undefined;
}

/**
 * The ontology two indexes are releases of (its IRI, version segments aside), or undefined when
 * either names no ontology IRI, they name different ones, or both were read from one file (one
 * release, not two).
 */
export function commonSeries(a: OntologyIndex, b: OntologyIndex): string | undefined {
  if (a.source === b.source) return undefined;
  const series = seriesOf(a);
  return series !== undefined && series === seriesOf(b) ? series : undefined;
}

/** A release as reports and files name it. */
export interface ReleaseRef {
  /** The ontology IRI as the release states it (undefined when it states none). */
  ontologyId?: string;
  version?: string;
  /** Where it was loaded from. */
  source: string;
}

export function releaseRef(index: OntologyIndex): ReleaseRef {
  return { ...(index.iri !== undefined ? { ontologyId: index.iri } : {}), ...(index.version !== undefined ? { version: index.version } : {}), source: index.source };
}

const describe = (index: OntologyIndex): string => `${index.source} (${index.iri ?? 'no ontology IRI'}${index.version !== undefined ? `, version ${index.version}` : ''})`;

/**
 * Refuse two ontologies that are not releases of one ontology: their IRIs differ even without
 * their version segments, or either names no IRI at all, so nothing says they are one
 * ontology. `force` accepts them anyway (a renamed ontology, a file without an ontology IRI).
 *
 * @throws IoaError E_VERSION_SERIES
 */
export function assertSameSeries(oldIndex: OntologyIndex, newIndex: OntologyIndex, force = false): void {
  if (force) return;
  const a = seriesOf(oldIndex);
  const b = seriesOf(newIndex);
  if (a === undefined || b === undefined) {
    throw new IoaError('E_VERSION_SERIES', `cannot tell that ${describe(oldIndex)} and ${describe(newIndex)} are releases of one ontology: ${a === undefined ? 'the old' : 'the new'} release names no ontology IRI; pass options.force if they are`, { file: (a === undefined ? oldIndex : newIndex).source });
  }
  if (a !== b) {
    throw new IoaError('E_VERSION_SERIES', `${describe(oldIndex)} and ${describe(newIndex)} are not releases of one ontology (${a} ≠ ${b}, version segments aside); pass options.force to compare them anyway`, { file: newIndex.source });
  }
}

/** An old concept found again in the new release by identifier. */
export interface IdentityPair {
  old: Concept;
  new: Concept;
  kind: IdentityKind;
}

/**
 * Old concept IRI → its identity pair, at most one per old and per new concept: same IRI first,
 * then the IRI without its version segment, then a stable notation (only when both releases
 * declare notations stable, and only a notation that names one concept on each side).
 */
export function identityPairs(oldIndex: OntologyIndex, newIndex: OntologyIndex): Map<string, IdentityPair> {
  const pairs = new Map<string, IdentityPair>();
  const taken = new Set<string>();
  const add = (o: Concept, n: Concept, kind: IdentityKind): void => {
    if (pairs.has(o.iri) || taken.has(n.iri)) return;
    pairs.set(o.iri, { old: o, new: n, kind });
    taken.add(n.iri);
  };
  for (const o of oldIndex.concepts) {
    const n = newIndex.byIri.get(o.iri);
    if (n) add(o, n, 'same-iri');
  }
  const oldSegment = versionSegmentOf(oldIndex);
  const newSegment = versionSegmentOf(newIndex);
  if (oldSegment !== undefined && newSegment !== undefined) {
    const byKey = new Map<string, Concept | null>();
    for (const n of newIndex.concepts) {
      const k = withoutVersionSegment(n.iri, newSegment);
      byKey.set(k, byKey.has(k) ? null : n);
    }
    for (const o of oldIndex.concepts) {
      const n = byKey.get(withoutVersionSegment(o.iri, oldSegment));
      if (n) add(o, n, 'version-segment');
    }
  }
  if (oldIndex.identifiers?.stableNotations === true && newIndex.identifiers?.stableNotations === true) {
    const unique = (index: OntologyIndex): Map<string, Concept | null> => {
      const m = new Map<string, Concept | null>();
      for (const c of index.concepts) for (const id of c.notations) m.set(id, m.has(id) ? null : c);
      return m;
    };
    const olds = unique(oldIndex);
    const news = unique(newIndex);
    for (const [id, o] of olds) {
      const n = news.get(id);
      if (o && n) add(o, n, 'same-id');
    }
  }
  return pairs;
}

/**
 * The symbols that are words: `+` and `#` (C++, C#, Rh+), and a `-` that ends a word (Rh-, a
 * minus, not the hyphen of "Image-to-3D"). Folded with the rest of the punctuation, "Find Rh+
 * donor" and "Find Rh- donor" were one label, and a release that swapped them changed nothing.
 */
const spellSymbols = (text: string): string =>
  text.replace(/\+/g, ' plus ').replace(/#/g, ' sharp ').replace(/(?<=[\p{L}\p{N}])-(?![\p{L}\p{N}])/gu, ' minus ');

/**
 * A label as two releases are compared on it: case, Unicode forms, `&` for "and", and
 * punctuation folded, so "Image-to-3D" and "Image to 3D", "Monitoring & Alerting" and
 * "Monitoring and Alerting" are the same label and "Language Translation" is not
 * "Language Translation and Multilingual Support"; `+`, `#` and a word-final `-` count
 * (spellSymbols).
 */
export function comparableLabel(text: string): string {
  return spellSymbols(foldedText(text)).replace(/&/g, ' and ').replace(NOT_WORD, ' ').trim();
}

/**
 * What is not part of a word: combining marks are (a Devanagari or Thai vowel sign or tone mark
 * tells दिन "day" from दान "donation", ป่า "forest" from ป้า "aunt"); invisible joiners and the soft
 * hyphen are gone already, and ß is ss, as the matchers fold them (foldedText).
 */
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/gu;

/** The concept's preferred label: its first English (or untagged) label, else its first. */
export function preferredLabel(concept: Concept): string | undefined {
  return (concept.labels.find((l) => !l.lang || l.lang === 'en' || l.lang.startsWith('en-')) ?? concept.labels[0])?.text;
}

export function sameLabel(a: Concept, b: Concept): boolean {
  const x = preferredLabel(a);
  const y = preferredLabel(b);
  return x !== undefined && y !== undefined && comparableLabel(x) === comparableLabel(y);
}

/**
 * What happened to a concept's definition between two releases:
 * - `same`: the same text (case, spacing and punctuation aside), or neither release gives one;
 * - `reworded`: both give one and the texts differ;
 * - `added` / `removed`: only the new / only the old release gives one.
 *
 * Wording is not meaning, and no text measure tells a rewording from a change of scope
 * reliably: OASF 1.1.0 rewrote every skill description of 1.0.0 ("Assigning labels or categories
 * to images based on their visual content." → "Assign categories to images."), while "Classify
 * the sentiment of a text" → "Classify sentiment or emotion in text" widened a skill in nearly the
 * same words. So the diff reports the difference and leaves its weight to a policy
 * (`strictDefinitions`) and to the reviewer.
 */
export type DefinitionChange = 'same' | 'reworded' | 'added' | 'removed';

const comparableText = (text: string): string => spellSymbols(foldedText(text)).replace(NOT_WORD, ' ').trim();

export function definitionChange(a: Concept, b: Concept): DefinitionChange {
  const x = a.definitions[0];
  const y = b.definitions[0];
  if (x === undefined && y === undefined) return 'same';
  if (x === undefined) return 'added';
  if (y === undefined) return 'removed';
  return comparableText(x) === comparableText(y) ? 'same' : 'reworded';
}
