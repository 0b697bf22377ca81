/**
 * `exact`: two concepts share a name once both are normalised (case, punctuation, identifier
 * splitting, stop words, Porter stems, word order: src/text/normalize.ts). The score says how
 * much normalisation the match needed (literal 1, same words 0.95, same stems in any order 0.9;
 * an abbreviation against a multi-word name's initials, or inside a name and expanded
 * (src/generators/abbreviations.ts), 0.8) times the weights of the two fields
 * (label, synonym, abbreviation …). Lookups go through a hash of canonical keys, so the cost is
 * the number of names plus the number of matches, never source × target.
 */
import type { MappingJustification } from '../model/mapping.js';
import { expandedKeys, expansionsOf } from './abbreviations.js';
import { perSubject, type GeneratorIdentity, checkSettings } from './common.js';
import { compatibleLanguages, crowdedKeys, isAbbreviation, keyIndex, MAX_SHARED_NAMES, type PreparedOntology, type TextEntry } from './lexical-index.js';
import { defineGenerator, type Generator, type GeneratorConfig } from './types.js';

export const LEVEL = { literal: 1, words: 0.95, stems: 0.9, acronym: 0.8 } as const;

export function matchLevel(a: TextEntry, b: TextEntry): number {
  if (a.folded === b.folded) return LEVEL.literal;
  if (a.norm === b.norm) return LEVEL.words;
  return LEVEL.stems;
}

/** Entry ids by `group + key`, for every key `keysOf` gives an entry (none: not indexed). */
function indexBy(prepared: PreparedOntology, keysOf: (entry: TextEntry) => readonly string[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  prepared.entries.forEach((entry, id) => {
    for (const key of keysOf(entry)) {
      const k = `${entry.group}\u0000${key}`;
      const list = index.get(k);
      if (list) list.push(id);
      else index.set(k, [id]);
    }
  });
  return index;
}

/** Abbreviations (`ioa:abbr`) of one side against the initials of multi-word names of the other. */
function acronymIndex(prepared: PreparedOntology, abbreviations: boolean): Map<string, number[]> {
  return indexBy(prepared, (entry) => {
    const text = abbreviations ? (isAbbreviation(entry) ? entry.words.join('') : undefined) : entry.acronym;
    return text ? [text] : [];
  });
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  checkSettings(config, 'exact', {});
  const id: GeneratorIdentity = {
    name: 'exact',
    measure: 'normalized-name-equality',
    justification: 'semapv:LexicalMatching' satisfies MappingJustification,
  };
  return {
    ...id,
    propose: (source, target, options) =>
      perSubject(id, source, target, options, ({ source: src, target: tgt }) => {
        const byKey = keyIndex(tgt);
        const targetAcronyms = acronymIndex(tgt, false);
        const targetAbbreviations = acronymIndex(tgt, true);
        const crowded = crowdedKeys(byKey.values(), target.source, 'exact');
        if (crowded) options.onWarning?.(crowded);
        // Names with abbreviations inside (`PC_Chair`), by the key they have once expanded.
        const expansions = expansionsOf([src, tgt]);
        const targetExpanded = expansions.size > 0 ? indexBy(tgt, (b) => expandedKeys(b, expansions)) : new Map<string, number[]>();
        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            const same = byKey.get(`${a.group}\u0000${a.key}`) ?? [];
            for (let i = 0; i < Math.min(same.length, MAX_SHARED_NAMES); i++) {
              const t = same[i]!;
              const b = tgt.entries[t]!;
              if (!compatibleLanguages(a.lang, b.lang)) continue;
              scores.offer(b.concept, a.weight * b.weight * matchLevel(a, b), a, b);
            }
            const viaInitials = isAbbreviation(a)
              ? targetAcronyms.get(`${a.group}\u0000${a.words.join('')}`)
              : a.acronym ? targetAbbreviations.get(`${a.group}\u0000${a.acronym}`) : undefined;
            for (const t of (viaInitials ?? []).slice(0, MAX_SHARED_NAMES)) {
              const b = tgt.entries[t]!;
              scores.offer(b.concept, a.weight * b.weight * LEVEL.acronym, a, b);
            }
            if (expansions.size === 0) continue;
            // An abbreviation inside either name (or both), expanded: `Member_PC` / `Program_Committee_member`.
            const viaExpansion = [...(targetExpanded.get(`${a.group}\u0000${a.key}`) ?? [])];
            for (const key of expandedKeys(a, expansions)) {
              viaExpansion.push(...(byKey.get(`${a.group}\u0000${key}`) ?? []), ...(targetExpanded.get(`${a.group}\u0000${key}`) ?? []));
            }
            for (const t of viaExpansion.slice(0, MAX_SHARED_NAMES)) {
              const b = tgt.entries[t]!;
              if (compatibleLanguages(a.lang, b.lang)) scores.offer(b.concept, a.weight * b.weight * LEVEL.acronym, a, b);
            }
          }
        };
      }),
  };
});
