/**
 * Rule selection over ACCEPTED artifacts only (draft 7.3): exclude inapplicable rules, then
 * resolve alternatives by the profile's explicit selection rule or report ambiguity. This is the
 * one place a mapping rule becomes "the mapping used", so its parameter type is
 * `AcceptedArtifact` — a Candidate, a score or a merely validated artifact cannot be passed
 * (compile time), and `assertAccepted` refuses casts (run time).
 */
import type { DomainProfile, Iri } from '../envelope/types.js';
import { evaluateRule, type TaskRequirements } from './conditions.js';
import { assertAccepted, type AcceptedArtifact, type Exclusion } from './gate.js';

/** An applicable rule of an accepted artifact. */
export interface SelectedRule {
  artifact: AcceptedArtifact;
  ruleIndex: number;
  /** Target in the provider's ontology (after orientation). */
  to: Iri;
  conditions: Readonly<Record<string, unknown>>;
}

export type RuleSelection =
  /** Exactly one target remains. */
  | { status: 'selected'; rule: SelectedRule; excluded: Exclusion[] }
  /** No rule applies (after exclusions). */
  | { status: 'none'; excluded: Exclusion[] }
  /** Several targets remain and no selection rule of the profile resolves them (7.3). */
  | { status: 'ambiguous'; targets: Iri[]; rules: SelectedRule[]; excluded: Exclusion[] }
  /** Some rule's conditions cannot be evaluated because the task does not state what they need. */
  | { status: 'undetermined'; messages: string[]; excluded: Exclusion[] }
  /** Some rule carries a condition whose semantics are not defined. */
  | { status: 'unknown-condition'; unknown: Array<{ artifact: AcceptedArtifact; ruleIndex: number; condition: string; message: string }>; excluded: Exclusion[] };

/** Select the rule that maps `capability` (requester side) for this task. */
export function selectRule(
  accepted: readonly AcceptedArtifact[],
  capability: Iri,
  task: TaskRequirements,
  profile: Pick<DomainProfile, 'requiredConditions' | 'mappingSelection'>,
): RuleSelection {
  const excluded: Exclusion[] = [];
  const applicable: SelectedRule[] = [];
  const undetermined: string[] = [];
  const unknown: Array<{ artifact: AcceptedArtifact; ruleIndex: number; condition: string; message: string }> = [];
  for (const artifact of accepted) {
    assertAccepted(artifact); // run-time twin of the type: nothing else reaches selection
    for (const r of artifact.rules) {
      if (r.from !== capability) continue;
      // A narrower target covers only part of what is requested: such a rule never serves it.
      if (r.relation === 'skos:narrowMatch') {
        excluded.push({ code: 'RULE_INAPPLICABLE', artifactId: artifact.artifactId, revision: artifact.revision, ruleIndex: r.index, message: `the rule maps ${capability} to the narrower ${r.to} (skos:narrowMatch in this direction): a provider of ${r.to} covers only part of the request` });
        continue;
      }
      const evaluation = evaluateRule(r.rule, task, profile.requiredConditions);
      if (evaluation.status === 'applies') applicable.push({ artifact, ruleIndex: r.index, to: r.to, conditions: r.rule.conditions });
      else if (evaluation.status === 'inapplicable') {
        excluded.push({ code: 'RULE_INAPPLICABLE', artifactId: artifact.artifactId, revision: artifact.revision, ruleIndex: r.index, message: evaluation.message });
      } else if (evaluation.status === 'undetermined') undetermined.push(`${artifact.artifactId} rule ${r.index}: ${evaluation.message}`);
      else unknown.push({ artifact, ruleIndex: r.index, condition: evaluation.condition, message: evaluation.message });
    }
  }
  if (unknown.length > 0) return { status: 'unknown-condition', unknown, excluded };
  let hits = applicable;
  if (new Set(hits.map((h) => h.to)).size > 1 && profile.mappingSelection === 'latest-revision') hits = latestRevision(hits, excluded);
  const targets = [...new Set(hits.map((h) => h.to))];
  if (targets.length > 1) return { status: 'ambiguous', targets, rules: hits, excluded };
  // A rule we could not evaluate might apply with another target: never pick around it.
  if (undetermined.length > 0) return { status: 'undetermined', messages: undetermined, excluded };
  const rule = hits[0];
  return rule ? { status: 'selected', rule, excluded } : { status: 'none', excluded };
}

/** `latest-revision` (DESIGN.md): among rules of ONE issuer, the highest integer revision of an artifact wins. */
function latestRevision(hits: SelectedRule[], excluded: Exclusion[]): SelectedRule[] {
  const issuers = new Set(hits.map((h) => h.artifact.assertedBy));
  if (issuers.size !== 1) return hits; // different issuers: nothing defines an order between them
  const numeric = hits.map((h) => (/^\d+$/.test(h.artifact.revision) ? BigInt(h.artifact.revision) : undefined));
  if (numeric.some((n) => n === undefined)) return hits; // revisions are identifiers, not ordered unless integers
  const max = numeric.reduce((a, b) => (b! > a! ? b : a))!;
  const winners = hits.filter((_, i) => numeric[i] === max);
  for (const h of hits) {
    if (!winners.includes(h) && !excluded.some((e) => e.code === 'SUPERSEDED' && e.artifactId === h.artifact.artifactId && e.revision === h.artifact.revision)) {
      excluded.push({ code: 'SUPERSEDED', artifactId: h.artifact.artifactId, revision: h.artifact.revision, message: `revision ${max} of the same issuer wins under mappingSelection "latest-revision"` });
    }
  }
  return winners;
}
