/**
 * The extension slots of a candidate file (SSSOM 1.1 "non-standard slots", declared in the
 * set's `extension_definitions`): where a review file keeps what SSSOM has no slot for.
 *
 * - `candidate_rank` (xsd:integer): the candidate's rank among its subject's candidates, 1 = best,
 *   before any selection. Writers order rows by subject, then this rank.
 * - `candidate_family_rank` (xsd:integer): its rank among the subject's candidates of its own family — the
 *   equivalence family (exactMatch, closeMatch, relatedMatch) or the directional one (broadMatch,
 *   narrowMatch) — in the same order. A subject's two answers, "what is it?" and "what is it
 *   under (or over)?", are each family's rank 1: a broader candidate that leads the subject's
 *   list never moves its best equivalence candidate from family rank 1 (docs/relations.md, "One
 *   list, two kinds of answer").
 * - `<generator>_score` (xsd:double) and `<generator>_rank` (xsd:integer): each member
 *   generator's own raw score and rank for the candidate, empty where it did not propose it.
 *
 * - `selection_removed` (xsd:string), in a selected set only: the rule of the selection removed
 *   the row (`repair: …`, `structure: …`, with why). An empty cell: the row is selected.
 *
 * Their properties live under `urn:ioa-align:sssom:` (prefix `ioa-align`), so a reader can tell
 * these columns from a user's own extension slots of the same name.
 */
import type { ExtensionDefinition, MappingRecord } from '../model/mapping.js';

export const CANDIDATE_PREFIX = 'ioa-align';
export const CANDIDATE_NAMESPACE = 'urn:ioa-align:sssom:';
export const CANDIDATE_RANK = 'candidate_rank';
export const FAMILY_RANK = 'candidate_family_rank';
export const SELECTION_REMOVED = 'selection_removed';

const SCORE_SUFFIX = '_score';
const RANK_SUFFIX = '_rank';

export function memberScoreSlot(generator: string): string {
  return `${generator}${SCORE_SUFFIX}`;
}

export function memberRankSlot(generator: string): string {
  return `${generator}${RANK_SUFFIX}`;
}

export function rankDefinition(): ExtensionDefinition {
  return { slotName: CANDIDATE_RANK, property: `${CANDIDATE_PREFIX}:${CANDIDATE_RANK}`, typeHint: 'xsd:integer' };
}

export function familyRankDefinition(): ExtensionDefinition {
  return { slotName: FAMILY_RANK, property: `${CANDIDATE_PREFIX}:${FAMILY_RANK}`, typeHint: 'xsd:integer' };
}

export function removedDefinition(): ExtensionDefinition {
  return { slotName: SELECTION_REMOVED, property: `${CANDIDATE_PREFIX}:${SELECTION_REMOVED}`, typeHint: 'xsd:string' };
}

/** Why the selection removed a row (`selection_removed`), or undefined for a selected row. */
export function selectionRemovedOf(record: MappingRecord): string | undefined {
  const value = record.extensions?.[SELECTION_REMOVED];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function memberDefinitions(generator: string): ExtensionDefinition[] {
  return [
    { slotName: memberScoreSlot(generator), property: `${CANDIDATE_PREFIX}:${memberScoreSlot(generator)}`, typeHint: 'xsd:double' },
    { slotName: memberRankSlot(generator), property: `${CANDIDATE_PREFIX}:${memberRankSlot(generator)}`, typeHint: 'xsd:integer' },
  ];
}

/** A row's `candidate_rank` as a number, if it has a whole number there. */
export function candidateRankOf(record: MappingRecord): number | undefined {
  const value = record.extensions?.[CANDIDATE_RANK];
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * The member generators whose columns a set declares: `<name>_score` slots whose property is
 * this project's, each with its rank slot, in the order the definitions give them.
 */
export function memberGenerators(definitions: readonly ExtensionDefinition[] | undefined, expand: (curie: string) => string | undefined): string[] {
  const ours = new Set((definitions ?? [])
    .filter((d) => d.property !== undefined && expand(d.property) === `${CANDIDATE_NAMESPACE}${d.slotName}`)
    .map((d) => d.slotName));
  const generators: string[] = [];
  for (const name of ours) {
    if (!name.endsWith(SCORE_SUFFIX)) continue;
    const generator = name.slice(0, -SCORE_SUFFIX.length);
    if (generator && ours.has(memberRankSlot(generator))) generators.push(generator);
  }
  return generators;
}
