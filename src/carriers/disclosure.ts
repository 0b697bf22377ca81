/**
 * What a carrier reply tells the peer about a compatibility decision (draft Section 7.1: "The
 * participant making the decision MUST retain the distinction between Incompatible and
 * Indeterminate. The carrier binding determines whether and how that distinction is exposed to
 * another participant, taking disclosure policy into account.").
 *
 * - `full`: the outcome and each reason's code, message and path.
 * - `outcome-only`: the outcome alone; reasons (which may reveal the receiver's trust policy,
 *   accepted artifacts or profile) stay with the decider.
 * The decider's own result object is never modified.
 */
import { IoaError } from '../model/errors.js';

export const DISCLOSURES = ['full', 'outcome-only'] as const;
export type Disclosure = (typeof DISCLOSURES)[number];

export type Outcome = 'Compatible' | 'Incompatible' | 'Indeterminate';

/** The part of a compatibility verdict (src/gate `Verdict`) a reply may draw on. */
export interface DecisionLike {
  outcome: Outcome;
  reasons: ReadonlyArray<{ code: string; message: string; path?: string }>;
}

/** What the peer receives. */
export interface DisclosedResult {
  outcome: Outcome;
  disclosure: Disclosure;
  /** Present only with `full`. */
  reasons?: Array<{ code: string; message: string; path?: string }>;
  notice: string;
}

export const AUTHORISATION_NOTICE = 'Semantic compatibility does not establish authorization or execution admission (draft Section 7.1).';

export function parseDisclosure(value: unknown): Disclosure {
  if (typeof value === 'string' && (DISCLOSURES as readonly string[]).includes(value)) return value as Disclosure;
  throw new IoaError('E_USAGE', `disclosure must be one of ${DISCLOSURES.join(', ')}, got ${JSON.stringify(value)}`);
}

export function discloseResult(result: DecisionLike, disclosure: Disclosure): DisclosedResult {
  const outcome = result.outcome;
  if (outcome !== 'Compatible' && outcome !== 'Incompatible' && outcome !== 'Indeterminate') {
    throw new IoaError('E_INTERNAL', `not a compatibility outcome: ${JSON.stringify(outcome)}`);
  }
  if (disclosure === 'outcome-only') return { outcome, disclosure, notice: AUTHORISATION_NOTICE };
  return {
    outcome,
    disclosure,
    reasons: result.reasons.map((r) => ({ code: r.code, message: r.message, ...(r.path !== undefined ? { path: r.path } : {}) })),
    notice: AUTHORISATION_NOTICE,
  };
}
