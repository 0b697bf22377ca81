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

/**
 * Read a disclosed result as the peer receives it (closed set: an unknown member, an outcome
 * outside the three, or reasons under `outcome-only` are carrier errors, never reinterpreted).
 */
export function parseDisclosedResult(input: unknown, path = '$'): DisclosedResult {
  const bad = (message: string, at = path): IoaError => new IoaError('E_CARRIER_INVALID', message, { path: at });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw bad('a compatibility result must be a JSON object');
  const o = input as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!['outcome', 'disclosure', 'reasons', 'notice'].includes(key)) throw bad(`unknown member "${key}" in a compatibility result`, `${path}.${key}`);
  if (o.outcome !== 'Compatible' && o.outcome !== 'Incompatible' && o.outcome !== 'Indeterminate') throw bad('"outcome" must be Compatible, Incompatible or Indeterminate', `${path}.outcome`);
  if (o.disclosure !== 'full' && o.disclosure !== 'outcome-only') throw bad(`"disclosure" must be one of ${DISCLOSURES.join(', ')}`, `${path}.disclosure`);
  if (typeof o.notice !== 'string') throw bad('"notice" must be a string', `${path}.notice`);
  const out: DisclosedResult = { outcome: o.outcome, disclosure: o.disclosure, notice: o.notice };
  if (o.disclosure === 'outcome-only') {
    if (o.reasons !== undefined) throw bad('an outcome-only result must not carry reasons', `${path}.reasons`);
    return out;
  }
  if (!Array.isArray(o.reasons)) throw bad('a full result must carry "reasons"', `${path}.reasons`);
  out.reasons = o.reasons.map((r, i) => {
    const at = `${path}.reasons[${i}]`;
    if (typeof r !== 'object' || r === null || Array.isArray(r)) throw bad('a reason must be an object', at);
    const { code, message, path: p, ...rest } = r as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw bad(`unknown member "${Object.keys(rest)[0]}" in a reason`, `${at}.${Object.keys(rest)[0]}`);
    if (typeof code !== 'string' || typeof message !== 'string' || (p !== undefined && typeof p !== 'string')) throw bad('a reason needs string "code" and "message" (and optional string "path")', at);
    return { code, message, ...(p !== undefined ? { path: p as string } : {}) };
  });
  return out;
}
