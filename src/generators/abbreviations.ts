/**
 * Abbreviations inside names: `PC_Chair`, `Member_PC`, `OC_Member`, `TPCMember`. A token of two to
 * four capital letters, as written, stands for the consecutive words of another name whose
 * initials it spells (`Program_Committee_member` gives pc = program committee). The two
 * ontologies' own names are the dictionary, as LogMap and AML read abbreviations from the
 * vocabulary at hand: no list of expansions is shipped, so a field's abbreviations are found in
 * the field's names.
 *
 * An abbreviation is expanded only when the names of both ontologies spell exactly one phrase
 * with its initials: `PC` next to "program committee" and "posterior cerebral" stays as written.
 * Roman numerals (`III`, `IX`: anatomy's "oculomotor III nucleus") and names written all in
 * capitals (where every word would look like an abbreviation) are never expanded.
 */
import type { PreparedOntology, TextEntry } from './lexical-index.js';

/** Lengths of the abbreviations expanded, in letters (one letter is too ambiguous, five is a word). */
const SHORTEST = 2;
const LONGEST = 4;

/** Capital-letter tokens as written: before a capitalised word (`TPCMember`), a separator or the end. */
const CAPITALS = /(?<![\p{L}\p{N}])(\p{Lu}{2,4})(?=\p{Lu}\p{Ll}|[^\p{L}\p{N}]|$)/gu;
const ROMAN_NUMERAL = /^[IVXLCDM]+$/;
const LOWER_CASE = /\p{Ll}/u;

/** The abbreviations a name is written with, lower-cased as its words are. */
export function abbreviationTokens(text: string): string[] {
  if (!LOWER_CASE.test(text)) return [];
  const found: string[] = [];
  for (const m of text.matchAll(CAPITALS)) {
    const token = m[1]!;
    if (!ROMAN_NUMERAL.test(token)) found.push(token.toLowerCase());
  }
  return found;
}

/** Initials → the stems of each phrase that spells them (at most MAX_EXPANSIONS; more: none). */
export type Expansions = ReadonlyMap<string, readonly string[]>;

/**
 * Phrases one abbreviation may stand for. An expansion only counts when the expanded name equals
 * a name of the other side, so trying several is safe; an abbreviation that many phrases spell
 * (two letters in a large ontology) says nothing and is left as written.
 */
const MAX_EXPANSIONS = 8;

/**
 * The expansions both ontologies' names spell: every run of two to four consecutive content
 * words of a name, by its initials. Empty (and nothing read) when no name of either side is
 * written with an abbreviation.
 */
export function expansionsOf(sides: readonly PreparedOntology[]): Expansions {
  const expansions = new Map<string, string[]>();
  if (!sides.some((side) => side.entries.some((e) => abbreviationTokens(e.text).length > 0))) return expansions;
  for (const side of sides) {
    for (const entry of side.entries) {
      const { content, stems } = entry;
      const abbreviated = abbreviationTokens(entry.text);
      for (let length = SHORTEST; length <= LONGEST; length++) {
        for (let start = 0; start + length <= content.length; start++) {
          const run = content.slice(start, start + length);
          // A run that holds an abbreviation or a one-letter word is not an expansion.
          if (run.some((w) => w.length < 2 || abbreviated.includes(w))) continue;
          const initials = run.map((w) => w[0]).join('');
          const phrase = stems.slice(start, start + length).join(' ');
          const seen = expansions.get(initials);
          if (!seen) expansions.set(initials, [phrase]);
          else if (seen.length <= MAX_EXPANSIONS && !seen.includes(phrase)) seen.push(phrase);
        }
      }
    }
  }
  for (const [initials, phrases] of expansions) if (phrases.length > MAX_EXPANSIONS) expansions.delete(initials);
  return expansions;
}

/**
 * The canonical keys (sorted stems, as `TextEntry.key`) of a name with its abbreviations
 * expanded, one per way of reading them; empty when it has none the expansions resolve.
 */
export function expandedKeys(entry: TextEntry, expansions: Expansions): string[] {
  if (expansions.size === 0) return [];
  const tokens = abbreviationTokens(entry.text);
  if (tokens.length === 0) return [];
  let readings: string[][] = [[]];
  let expanded = false;
  entry.content.forEach((word, i) => {
    const phrases = tokens.includes(word) ? expansions.get(word) : undefined;
    if (phrases) {
      expanded = true;
      readings = readings.flatMap((r) => phrases.map((phrase) => [...r, ...phrase.split(' ')]));
    } else for (const r of readings) r.push(entry.stems[i]!);
  });
  return expanded ? [...new Set(readings.map((r) => r.sort().join(' ')))] : [];
}
