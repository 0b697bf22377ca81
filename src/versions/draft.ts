/**
 * An upgrade draft (written by `artifact upgrade`): the artifact's next revision with the rules
 * carried so far, plus an `upgrade` member recording the version change, the rules sent to review
 * and those dropped. Read strictly: it becomes an artifact only through `artifact build --merge`.
 */
import { validateArtifact, RULE_RELATIONS, type RuleRelation } from '../gate/artifact.js';
import { findingsMessage } from '../envelope/findings.js';
import { IoaError } from '../model/errors.js';
import type { UpgradeSide } from './upgrade.js';

export interface ReadDraft {
  /** The draft as given (with its `upgrade` member). */
  document: Record<string, unknown>;
  side: UpgradeSide;
  previousRevision: string;
  /** The carried rules, as JSON. */
  carried: Array<Record<string, unknown>>;
  /** Rules of the earlier revision sent to review, by their index there. */
  pending: Map<number, { from: string; to: string; relation?: RuleRelation }>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function invalid(message: string, path: string): IoaError {
  return new IoaError('E_INVALID_DOCUMENT', message, { path });
}

/**
 * Check an upgrade draft's shape: the artifact members (an empty `mappingRules` allowed) and its
 * `upgrade` record.
 *
 * @throws IoaError E_INVALID_DOCUMENT
 */
export function readArtifactDraftShape(json: unknown): ReadDraft {
  if (!isObject(json)) throw invalid('an upgrade draft must be a JSON object', '$');
  const upgrade = json.upgrade;
  if (!isObject(upgrade)) {
    throw invalid(json.upgrade === undefined ? 'not an upgrade draft: it has no "upgrade" member (artifact upgrade writes one; an artifact is built from reviewed rows with artifact build --from)' : '"upgrade" must be an object', '$.upgrade');
  }
  const { upgrade: _upgrade, ...artifactPart } = json;
  const rules = artifactPart.mappingRules;
  const check = validateArtifact(Array.isArray(rules) && rules.length === 0 ? { ...artifactPart, mappingRules: [{ from: 'urn:ioa-align:none', to: 'urn:ioa-align:none', conditions: {} }] } : artifactPart);
  if (!check.ok) {
    const errors = check.findings.filter((f) => f.severity === 'error');
    throw new IoaError('E_INVALID_DOCUMENT', findingsMessage(errors), { path: errors[0]?.path ?? '$' });
  }
  if (check.value.signature) throw invalid('an upgrade draft is never signed: sign the artifact build --merge makes of it', '$.signature');
  const side = upgrade.side;
  if (side !== 'source' && side !== 'target') throw invalid('"upgrade.side" must be "source" or "target"', '$.upgrade.side');
  const previous = upgrade.previous;
  if (!isObject(previous) || typeof previous.revision !== 'string' || previous.revision === '') throw invalid('"upgrade.previous.revision" must name the revision the draft was upgraded from', '$.upgrade.previous.revision');
  const review = upgrade.review;
  if (!isObject(review) || !Array.isArray(review.rules)) throw invalid('"upgrade.review.rules" must list the rules sent to review', '$.upgrade.review.rules');
  const pending = new Map<number, { from: string; to: string; relation?: RuleRelation }>();
  review.rules.forEach((r: unknown, i: number) => {
    const at = `$.upgrade.review.rules[${i}]`;
    if (!isObject(r) || typeof r.rule !== 'number' || !Number.isInteger(r.rule) || r.rule < 0 || typeof r.from !== 'string' || typeof r.to !== 'string') {
      throw invalid('each rule sent to review needs "rule" (its index in the earlier revision), "from" and "to"', at);
    }
    if (r.relation !== undefined && !(RULE_RELATIONS as readonly unknown[]).includes(r.relation)) throw invalid(`"relation" must be one of ${RULE_RELATIONS.join(', ')}`, `${at}.relation`);
    pending.set(r.rule, { from: r.from, to: r.to, ...(r.relation !== undefined ? { relation: r.relation as RuleRelation } : {}) });
  });
  return {
    document: json,
    side,
    previousRevision: previous.revision,
    carried: (Array.isArray(rules) ? rules : []) as Array<Record<string, unknown>>,
    pending,
  };
}
