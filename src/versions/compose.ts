/**
 * Composing a mapping rule with a version change. Relations read "subject RELATION object":
 * `skos:exactMatch` the same, `skos:broadMatch` the object is broader (subject ⊑ object),
 * `skos:narrowMatch` the object is narrower (subject ⊒ object).
 *
 * a R1 b and b R2 c give a (R1 ∘ R2) c:
 *
 * | R1 \ R2 | exact | broad | narrow |
 * |---|---|---|---|
 * | exact  | exact  | broad | narrow |
 * | broad  | broad  | broad | —      |
 * | narrow | narrow | —     | narrow |
 *
 * "—": nothing follows (a ⊑ b ⊒ c: a and c share a broader b, a ⊒ b ⊑ c: they overlap). Any
 * other relation (closeMatch: relation not established) composes to nothing either. A rule
 * composed through a version change that changes its relation is never carried silently: the
 * upgrade sends it to review with the composed relation as the proposal.
 */
import { BROAD_MATCH, EXACT_MATCH, NARROW_MATCH, inverseRelation, isMappingRelation, type MappingRelation } from '../model/mapping.js';

export type RuleRelationLike = typeof EXACT_MATCH | typeof BROAD_MATCH | typeof NARROW_MATCH;

const isRuleRelation = (r: string): r is RuleRelationLike => r === EXACT_MATCH || r === BROAD_MATCH || r === NARROW_MATCH;

/** a r1 b, b r2 c → a ? c; undefined when nothing follows. */
export function compose(r1: string, r2: string): RuleRelationLike | undefined {
  if (!isRuleRelation(r1) || !isRuleRelation(r2)) return undefined;
  if (r1 === EXACT_MATCH) return r2;
  if (r2 === EXACT_MATCH) return r1;
  return r1 === r2 ? r1 : undefined;
}

/**
 * The relation of a rule after its concept on one side moved to a new release. `rule` relates the
 * rule's `from` to its `to`; `version` relates the old concept to the new one. On the target side
 * the new rule is from r (old∘new): `from rule old`, `old version new`. On the source side it is
 * `new inverse(version) old`, `old rule to`.
 */
export function composeRule(rule: string, version: string, side: 'source' | 'target'): RuleRelationLike | undefined {
  if (side === 'target') return compose(rule, version);
  if (!isMappingRelation(version)) return undefined;
  return compose(inverseRelation(version as MappingRelation), rule);
}
