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

/** Whether a name has two capital ASCII letters in a row, or any letter beyond ASCII (read in full). */
function mayHoldCapitals(text: string): boolean {
  let previousCapital = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) return true;
    const capital = code >= 65 && code <= 90;
    if (capital && previousCapital) return true;
    previousCapital = capital;
  }
  return false;
}

/** The abbreviations a name is written with, lower-cased as its words are. */
export function abbreviationTokens(text: string): string[] {
  // Most names have no two capitals in a row: a scan of their characters answers for them, where
  // the expression below cost a third of a second on NCIt → ORDO's names.
  if (!mayHoldCapitals(text) || !LOWER_CASE.test(text)) return [];
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
  // The abbreviations written in either ontology: only their initials are looked for (on NCIt →
  // ORDO, 118k names, a handful of them), and none means nothing more to read.
  const wanted = new Set<string>();
  for (const side of sides) for (const e of side.entries) for (const token of abbreviationTokens(e.text)) wanted.add(token);
  if (wanted.size === 0) return expansions;
  for (const side of sides) {
    for (const entry of side.entries) {
      const { content, stems } = entry;
      if (content.length < SHORTEST) continue;
      let abbreviated: string[] | undefined;
      for (let length = SHORTEST; length <= LONGEST; length++) {
        for (let start = 0; start + length <= content.length; start++) {
          let initials = '';
          for (let i = start; i < start + length; i++) initials += content[i]![0];
          if (!wanted.has(initials)) continue;
          const run = content.slice(start, start + length);
          // A run that holds an abbreviation or a one-letter word is not an expansion.
          abbreviated ??= abbreviationTokens(entry.text);
          if (run.some((w) => w.length < 2 || abbreviated!.includes(w))) continue;
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
