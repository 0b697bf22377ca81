/**
 * Earlier decisions (`--decisions`) a run could not carry because their pairs are not among its
 * candidates: said on stderr, never dropped unseen. Shared by `propose` and `review`.
 */
import { err } from './io.js';

/** Warn about `decisions` (one line each, as `subject relation object (decision by reviewer)`), the first five named. */
export function warnUncarried(decisions: readonly string[], where: string): void {
  err(`ioa-align: warning: ${decisions.length} earlier decision${decisions.length === 1 ? ' is' : 's are'} on pairs ${where} do not propose, so not carried: ${decisions.slice(0, 5).join('; ')}${decisions.length > 5 ? `; and ${decisions.length - 5} more` : ''} (propose those pairs again, e.g. with a larger --top-k, to carry them)`);
}
