/**
 * Which languages two ontologies name their concepts in, and what that means for the generators
 * `propose` and `bench` run by default: `translate` joins the lexical generators when one side
 * has Chinese names and the other English ones, and a language no dictionary here covers gets a
 * warning instead of silence. Cheap (one script test per name), and it loads no dictionary, so
 * English-only pairs pay nothing for the multilingual path.
 */
import { isSealedOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { contentLanguage } from '../text/script.js';
import { DEFAULT_GENERATORS, type GeneratorName } from './registry.js';

/** Language pairs `translate` covers (one dictionary: CC-CEDICT, zh ↔ en). */
export const TRANSLATABLE: ReadonlyArray<readonly [string, string]> = [['zh', 'en']];

/** Counts of sealed indexes, which cannot change (model/ontology-index.ts). */
const cache = new WeakMap<OntologyIndex, Map<string, number>>();

/**
 * Content language → number of labels and synonyms in it (tag, else script, else English).
 * Remembered for a sealed index; any other is counted afresh, since its owner may have added
 * names since (5-15 ms on the 3,300-class NCI anatomy file).
 */
export function nameLanguages(index: OntologyIndex): Map<string, number> {
  let counts = cache.get(index);
  if (counts) return counts;
  counts = new Map();
  for (const c of index.concepts) {
    for (const name of [...c.labels, ...c.synonyms]) {
      const { lang } = contentLanguage(name.text, name.lang);
      counts.set(lang, (counts.get(lang) ?? 0) + 1);
    }
  }
  if (isSealedOntologyIndex(index)) cache.set(index, counts);
  return counts;
}

function translatable(a: string, b: string): boolean {
  return TRANSLATABLE.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}

/** True when some name of one side can be translated into a language the other side uses. */
export function needsTranslation(source: OntologyIndex, target: OntologyIndex): boolean {
  const a = nameLanguages(source);
  const b = nameLanguages(target);
  for (const x of a.keys()) for (const y of b.keys()) if (translatable(x, y)) return true;
  return false;
}

/** The generators to run when the user names none: the default ones, plus `translate` across zh ↔ en. */
export function defaultGenerators(source: OntologyIndex, target: OntologyIndex): GeneratorName[] {
  return needsTranslation(source, target) ? [...DEFAULT_GENERATORS, 'translate'] : [...DEFAULT_GENERATORS];
}

/**
 * Warnings about languages that will not be matched across: names in a language the other side
 * does not use and no dictionary here translates, and (when the user chose the generators) a
 * zh ↔ en pair run without `translate`.
 */
export function languageWarnings(source: OntologyIndex, target: OntologyIndex, generators?: readonly string[]): string[] {
  const a = nameLanguages(source);
  const b = nameLanguages(target);
  const warnings: string[] = [];
  // Languages of one side that the other side neither uses nor can be translated into.
  const unmatched = (mine: Map<string, number>, theirs: Map<string, number>): string[] =>
    theirs.size === 0 ? [] : [...mine.keys()].filter((lang) => !theirs.has(lang) && ![...theirs.keys()].some((t) => translatable(lang, t)));
  const list = (side: Map<string, number>, langs: string[]): string => langs.map((l) => `"${l}" (${side.get(l)} name(s))`).join(', ');
  const fromSource = unmatched(a, b);
  const fromTarget = unmatched(b, a);
  if (fromSource.length || fromTarget.length) {
    const parts = [
      fromSource.length ? `the source (${source.source}) names concepts in ${list(a, fromSource)}, which the target does not use` : '',
      fromTarget.length ? `the target (${target.source}) names concepts in ${list(b, fromTarget)}, which the source does not use` : '',
    ].filter(Boolean);
    warnings.push(
      `${parts.join('; ')}; no bilingual dictionary here covers ${[...fromSource, ...fromTarget].map((l) => `"${l}"`).join(', ')} ` +
        `(translate covers ${TRANSLATABLE.map(([x, y]) => `${x}↔${y}`).join(', ')}): those names are matched only where the spelling agrees`,
    );
  }
  if (generators && !generators.includes('translate') && needsTranslation(source, target)) {
    warnings.push('the source and target name their concepts in Chinese and English; add "translate" to --generators to match across the two languages');
  }
  return warnings;
}
