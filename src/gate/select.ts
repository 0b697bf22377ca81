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
  /**
   * Accepted rules that apply to the task contradict each other (one says the target is narrower,
   * another that it serves the request), or two revisions of one artifact say different things
   * and the profile does not say the later one wins: the mapping cannot be established (7.3).
   */
  | { status: 'contradictory'; messages: string[]; excluded: Exclusion[] }
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
  /** Rules whose conditions hold that map the capability to a narrower target. */
  const narrowing: SelectedRule[] = [];
  for (const artifact of accepted) assertAccepted(artifact); // run-time twin of the type: nothing else reaches selection
  // A later revision replaces the earlier ones of its artifact before any rule is read: read
  // after, a revision that narrowed or withdrew a rule would lose to the rule it corrected.
  const pool = profile.mappingSelection === 'latest-revision' ? latestRevisions(accepted, excluded) : accepted;
  for (const artifact of pool) {
    for (const r of artifact.rules) {
      if (r.from !== capability) continue;
      const evaluation = evaluateRule(r.rule, task, profile.requiredConditions);
      // A narrower target covers only part of what is requested: such a rule never serves it.
      if (r.relation === 'skos:narrowMatch') {
        excluded.push({ code: 'RULE_INAPPLICABLE', artifactId: artifact.artifactId, revision: artifact.revision, ruleIndex: r.index, member: 'relation', message: `the rule maps ${capability} to the narrower ${r.to} (skos:narrowMatch in this direction): a provider of ${r.to} covers only part of the request` });
        if (evaluation.status === 'applies') narrowing.push({ artifact, ruleIndex: r.index, to: r.to, conditions: r.rule.conditions });
        continue;
      }
      if (evaluation.status === 'applies') applicable.push({ artifact, ruleIndex: r.index, to: r.to, conditions: r.rule.conditions });
      else if (evaluation.status === 'inapplicable') {
        excluded.push({ code: 'RULE_INAPPLICABLE', artifactId: artifact.artifactId, revision: artifact.revision, ruleIndex: r.index, message: evaluation.message });
      } else if (evaluation.status === 'undetermined') undetermined.push(`${artifact.artifactId} rule ${r.index}: ${evaluation.message}`);
      else unknown.push({ artifact, ruleIndex: r.index, condition: evaluation.condition, message: evaluation.message });
    }
  }
  if (unknown.length > 0) return { status: 'unknown-condition', unknown, excluded };
  const contradictions = [...contradicting(applicable, narrowing), ...disagreeingRevisions(pool, capability)];
  if (contradictions.length > 0) return { status: 'contradictory', messages: contradictions, excluded };
  // Revisions were ordered above, within each artifact. Rules of different artifacts stay side by
  // side: their revision counters are unrelated identifiers (5.3), so "2 > 1" across artifacts
  // says nothing about which mapping is current, and several targets remain ambiguous (7.3).
  const hits = applicable;
  const targets = [...new Set(hits.map((h) => h.to))];
  if (targets.length > 1) return { status: 'ambiguous', targets, rules: hits, excluded };
  // A rule we could not evaluate might apply with another target: never pick around it.
  if (undetermined.length > 0) return { status: 'undetermined', messages: undetermined, excluded };
  const rule = hits[0];
  return rule ? { status: 'selected', rule, excluded } : { status: 'none', excluded };
}

const ruleName = (r: SelectedRule): string => `${r.artifact.artifactId} (revision ${r.artifact.revision}) rule ${r.ruleIndex}`;

/** Applicable rules that say the target serves the request where another says it is narrower. */
function contradicting(applicable: readonly SelectedRule[], narrowing: readonly SelectedRule[]): string[] {
  const out: string[] = [];
  for (const n of narrowing) {
    for (const a of applicable.filter((x) => x.to === n.to)) {
      out.push(`${ruleName(a)} maps to ${a.to} as serving the request, while ${ruleName(n)} says ${n.to} is narrower, for the same task`);
    }
  }
  return out;
}

/** The artifacts grouped as revisions of one artifact: the same id from the same issuer. */
function revisionsByArtifact(artifacts: readonly AcceptedArtifact[]): AcceptedArtifact[][] {
  const groups = new Map<string, AcceptedArtifact[]>();
  for (const a of artifacts) {
    const key = `${a.assertedBy}\u0000${a.artifactId}`;
    const list = groups.get(key);
    if (list) list.push(a);
    else groups.set(key, [a]);
  }
  return [...groups.values()];
}

/** A rule's meaning for one capability, to compare revisions by. */
function ruleSignature(artifact: AcceptedArtifact, capability: Iri): string {
  return JSON.stringify(artifact.rules.filter((r) => r.from === capability).map((r) => [r.to, r.relation, Object.entries(r.rule.conditions).sort(([a], [b]) => (a < b ? -1 : 1))]).sort());
}

/**
 * Revisions of one artifact (same id and issuer) that say different things about `capability`,
 * under a profile that defines no selection between them (`latest-revision` keeps only the last).
 */
function disagreeingRevisions(pool: readonly AcceptedArtifact[], capability: Iri): string[] {
  const out: string[] = [];
  for (const list of revisionsByArtifact(pool)) {
    const revisions = new Map(list.map((a) => [a.revision, ruleSignature(a, capability)]));
    if (revisions.size > 1 && new Set(revisions.values()).size > 1) {
      out.push(`revisions ${[...revisions.keys()].join(', ')} of ${list[0]!.artifactId} map ${capability} differently, and the profile's mappingSelection does not say the latest wins`);
    }
  }
  return out;
}

/**
 * `latest-revision`: of the revisions of one artifact (same id, same issuer), only the highest
 * integer revision takes part; the others are SUPERSEDED. Revisions that are not all integers
 * have no order and all stay.
 */
function latestRevisions(accepted: readonly AcceptedArtifact[], excluded: Exclusion[]): AcceptedArtifact[] {
  const kept: AcceptedArtifact[] = [];
  for (const list of revisionsByArtifact(accepted)) {
    const max = highestRevision(list);
    if (max === undefined) {
      kept.push(...list);
      continue;
    }
    for (const a of list) {
      if (BigInt(a.revision) === max) kept.push(a);
      else supersede(excluded, a, `revision ${max} of the same artifact and issuer replaces it under mappingSelection "latest-revision"`);
    }
  }
  return kept;
}

/** The highest revision of `artifacts` when every one is an integer; undefined when any is an identifier (no order). */
function highestRevision(artifacts: readonly AcceptedArtifact[]): bigint | undefined {
  if (!artifacts.every((a) => /^\d+$/.test(a.revision))) return undefined;
  return artifacts.map((a) => BigInt(a.revision)).reduce((a, b) => (b > a ? b : a));
}

/** Exclude `artifact` as SUPERSEDED, once. */
function supersede(excluded: Exclusion[], artifact: AcceptedArtifact, message: string): void {
  if (excluded.some((e) => e.code === 'SUPERSEDED' && e.artifactId === artifact.artifactId && e.revision === artifact.revision)) return;
  excluded.push({ code: 'SUPERSEDED', artifactId: artifact.artifactId, revision: artifact.revision, message });
}
