/**
 * `--select` and `--min-score`, parsed the same way by every command that takes them (`propose`,
 * `bench`), before any slow work starts, so a mistake is a usage error (exit 2) and nothing runs
 * or is written.
 */
import { IoaError } from '../model/errors.js';
import { SELECTION_MODES, isSelectionMode, type SelectionMode } from '../selection/index.js';
import { DEFAULT_MIN_FUSED_VALUE } from '../generators/fusion.js';

export const SELECTION_CLI_ARGS = {
  select: { type: 'string', description: `Keep a selection of the candidates: ${SELECTION_MODES.join(' | ')} (greedy one-to-one on the ranked value, or mutual best; a fused list is also cut at --min-score ${DEFAULT_MIN_FUSED_VALUE} unless told otherwise). The result is still candidates for review, never accepted mappings` },
  'select-directional': { type: 'boolean', description: 'With --select: also select broader and narrower candidates for the subjects left without an equivalence (default: the selection holds equivalences only)' },
  'min-score': { type: 'string', description: 'Keep candidates whose similarity_score (the fused value, or a single generator\'s raw score) is at least this number in [0, 1]' },
  repair: { type: 'boolean', description: 'With --select: remove, greedily by value, the fewest selected mappings that make the selection incoherent with the two ontologies (default on with one-to-one; --no-repair shows the raw selection). Removed rows stay in the file, marked in selection_removed with why' },
  structure: { type: 'boolean', description: 'With --select: structural selection — class candidates whose parents, children or part_of-style restriction fillers the selection maps alike move up, property mappings whose domains and ranges no selected class mapping relates are removed (default on with one-to-one; --no-structure for none)' },
} as const;

export function parseSelectMode(value: string | undefined): SelectionMode | undefined {
  if (value === undefined) return undefined;
  if (!isSelectionMode(value)) throw new IoaError('E_USAGE', `--select must be one of ${SELECTION_MODES.join(', ')}, not "${value}"`, { path: '--select' });
  return value;
}

/** `--select-directional` means something only with a mode to select by. */
export function parseSelectDirectional(value: boolean | undefined, mode: SelectionMode | undefined): boolean {
  if (value !== true) return false;
  if (mode === undefined) throw new IoaError('E_USAGE', '--select-directional needs --select one-to-one or --select mutual', { path: '--select-directional' });
  return true;
}

/** A decimal number as a person types it: no hex, no `Infinity`, no empty string. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function parseMinScore(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!DECIMAL.test(text)) throw new IoaError('E_USAGE', `--min-score must be a number from 0 to 1, not "${value}"`, { path: '--min-score' });
  const n = Number(text);
  if (n < 0 || n > 1) throw new IoaError('E_USAGE', `--min-score must lie in [0, 1] (scores do), not ${value}`, { path: '--min-score' });
  return n;
}

/**
 * `--repair` / `--structure` (and their `--no-` forms): undefined leaves the default (on with
 * one-to-one); asking for one without a mode to select by is a usage error.
 */
export function parseSelectionStep(value: boolean | undefined, name: 'repair' | 'structure', mode: SelectionMode | undefined): boolean | undefined {
  if (value === true && mode === undefined) throw new IoaError('E_USAGE', `--${name} needs --select one-to-one or --select mutual`, { path: `--${name}` });
  return value;
}
