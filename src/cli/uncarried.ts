/**
 * Earlier decisions (`--decisions`) a run could not carry because their pairs are not among its
 * candidates: said on stderr, never dropped unseen. Shared by `propose` and `review`.
 */
import { err } from './io.js';

/** Warn about `decisions` (one line each, as `subject relation object (decision by reviewer)`), the first five named. */
export function warnUncarried(decisions: readonly string[], where: string): void {
  err(`ioa-align: warning: ${decisions.length} earlier decision${decisions.length === 1 ? ' is' : 's are'} on pairs ${where} do not propose, so not carried: ${decisions.slice(0, 5).join('; ')}${decisions.length > 5 ? `; and ${decisions.length - 5} more` : ''} (propose those pairs again, e.g. with a larger --top-k, to carry them)`);
}

/** Warn about earlier unsure decisions (formatted as for warnUncarried), which are not carried: they decide nothing to show or build from. */
export function warnUnsure(decisions: readonly string[]): void {
  err(`ioa-align: warning: ${decisions.length} earlier unsure decision${decisions.length === 1 ? ' is' : 's are'} not carried: ${decisions.slice(0, 5).join('; ')}${decisions.length > 5 ? `; and ${decisions.length - 5} more` : ''} (unsure decides nothing; the candidate stays open for a decision)`);
}
