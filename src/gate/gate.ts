/**
 * The acceptance gate (draft Sections 7.2, 7.3). It is the only place that turns a
 * `ValidatedArtifact` into an `AcceptedArtifact`: trusted issuer, trusted key, valid signature,
 * issuer in scope, inside its validity window, exact (or profile-related) versions, and a
 * direction that is declared for the requested use. Everything else is excluded with a reason,
 * before any rule is selected (7.3).
 */
import type { DomainProfile, Iri, TrustPolicy, TrustScope } from '../envelope/types.js';
import { IoaError } from '../model/errors.js';
import { signedContent, type MappingRule, type RuleRelation, type ValidatedArtifact } from './artifact.js';
import { decodeBase64url, verifySignature } from './signature.js';

/** One ontology at one version. */
export interface OntologyRef {
  ontologyId: Iri;
  version: string;
}

/** The use an artifact must cover: terms of `source` (the requester's) to terms of `target` (the provider's). */
export interface MappingUse {
  source: OntologyRef;
  target: OntologyRef;
}

/** Why an artifact or a rule was excluded. */
export const EXCLUSION_CODES = [
  'UNTRUSTED_ISSUER', //      assertedBy is not a trusted issuer (or no trust policy was given)
  'UNTRUSTED_KEY', //         signed with a key the policy does not list for that issuer
  'SIGNATURE_MISSING', //     unsigned while the policy requires signatures
  'SIGNATURE_INVALID', //     the signature does not verify over the JCS of the artifact
  'OUT_OF_SCOPE', //          no scope of the issuer covers the direction of use (7.2; scopes are directional)
  'EXPIRED', //               validUntil (+ clock skew) is before now
  'NOT_YET_VALID', //         validFrom (− clock skew) is after now
  'VERSION_MISMATCH', //      versions differ and the profile relates none of them (5.3)
  'ONTOLOGY_MISMATCH', //     maps other ontologies than the requested use
  'REVERSE_NOT_DECLARED', //  would need the reverse of the declared direction (7.2)
  'CHAIN_NOT_DECLARED', //    would need composing artifacts through another ontology (7.2)
  'INCONSISTENT', //          another accepted artifact has the same id and revision but other content
  'RULE_INAPPLICABLE', //     a rule's conditions do not cover the task (7.3)
  'SUPERSEDED', //            a later revision of the same artifact and issuer won under `latest-revision` (7.3)
  'NOT_REFERENCED', //        the request names another alignment artifact (alignmentRef): the receiver's own choice is not the peer's agreement (7.3)
  'INCOHERENT', //            its rules make a concept of its ontologies unsatisfiable, checked when both ontologies are given (7.3, gate/coherence.ts)
  'ALTERED', //               a field of the artifact object differs from the content it was validated from, which its signature covers (7.2)
] as const;
export type ExclusionCode = (typeof EXCLUSION_CODES)[number];

/** One exclusion. An artifact may be excluded for several reasons; each is listed. */
export interface Exclusion {
  code: ExclusionCode;
  artifactId: Iri;
  revision: string;
  /** Set for rule-level exclusions. */
  ruleIndex?: number;
  /** The rule's member at fault, when it is not its `conditions` (a narrowMatch: `relation`). */
  member?: 'relation';
  message: string;
}

/** Rules as they apply to the use: `from` in the requester's ontology, `to` in the provider's. */
export interface OrientedRule {
  index: number;
  from: Iri;
  to: Iri;
  /** The rule's relation read in the direction of use (broad and narrow swap when reversed). */
  relation: RuleRelation;
  rule: MappingRule;
}

declare const ACCEPTED: unique symbol;

/**
 * An artifact the gate accepted for one use. The brand is a module-private symbol, so no other
 * module can produce this type without a cast, and the gate also records every accepted object
 * so the engine can refuse forgeries at run time (`assertAccepted`).
 */
export type AcceptedArtifact = ValidatedArtifact & {
  readonly [ACCEPTED]: true;
  /** The use it was accepted for. */
  readonly acceptedFor: MappingUse;
  /** `reverse` when the artifact's target is the requester's side and it declares that direction. */
  readonly orientation: 'forward' | 'reverse';
  /** Rules oriented requester → provider. */
  readonly rules: readonly OrientedRule[];
};

const accepted = new WeakSet<object>();

/** Run-time check behind the type: only objects this module produced pass. */
export function isAcceptedArtifact(value: unknown): value is AcceptedArtifact {
  return typeof value === 'object' && value !== null && accepted.has(value);
}

export function assertAccepted(value: unknown): asserts value is AcceptedArtifact {
  if (!isAcceptedArtifact(value)) {
    throw new IoaError('E_INTERNAL', 'the compatibility engine was given an artifact the acceptance gate did not accept');
  }
}

export interface GateInput {
  artifacts: readonly ValidatedArtifact[];
  /** Without a trust policy nothing is trusted. */
  trust?: TrustPolicy;
  profile: DomainProfile;
  use: MappingUse;
  /** Epoch milliseconds. */
  now: number;
}

export interface GateResult {
  accepted: AcceptedArtifact[];
  excluded: Exclusion[];
}

const DEFAULT_SKEW_SECONDS = 60;

/** Memo of signature checks: validity is a pure function of the signed bytes, value and key. */
const signatureMemo = new Map<string, boolean>();
function signatureValid(artifact: ValidatedArtifact, publicKeyPem: string): boolean {
  const sig = artifact.signature!;
  const key = `${artifact.digest}\u0000${sig.value}\u0000${publicKeyPem}`;
  let ok = signatureMemo.get(key);
  if (ok === undefined) {
    ok = verifySignature(artifact.signingInput, sig.value, publicKeyPem);
    if (signatureMemo.size > 50_000) signatureMemo.clear();
    signatureMemo.set(key, ok);
  }
  return ok;
}

/** `have` may be used where `need` is expected: equal, or a declared directional relation (5.3). */
export function versionUsable(profile: DomainProfile, ontologyId: Iri, have: string, need: string): boolean {
  if (have === need) return true;
  return profile.versionRelations.some((r) => r.ontologyId === ontologyId && r.from === have && r.to === need);
}

/** One direction of use: terms of `from` mapped to terms of `to`. */
interface UsePair {
  from: Iri;
  to: Iri;
}

const pairOf = (a: ValidatedArtifact, orientation: 'forward' | 'reverse'): UsePair =>
  orientation === 'forward' ? { from: a.sourceOntologyId, to: a.targetOntologyId } : { from: a.targetOntologyId, to: a.sourceOntologyId };

const declares = (a: ValidatedArtifact, orientation: 'forward' | 'reverse'): boolean =>
  a.direction === 'bidirectional' || a.direction === (orientation === 'forward' ? 'source-to-target' : 'target-to-source');

/** Every direction the artifact declares it may be used in. */
const declaredPairs = (a: ValidatedArtifact): UsePair[] => (['forward', 'reverse'] as const).filter((o) => declares(a, o)).map((o) => pairOf(a, o));

/** A scope covers its own direction, and the reverse only with `direction: "both"` (DESIGN.md "Trust policy"). */
const covers = (s: TrustScope, p: UsePair): boolean =>
  (s.sourceOntologyId === p.from && s.targetOntologyId === p.to) || (s.direction === 'both' && s.sourceOntologyId === p.to && s.targetOntologyId === p.from);

const describePairs = (pairs: readonly UsePair[]): string => pairs.map((p) => `${p.from} → ${p.to}`).join(' or ');

/**
 * Trust, signature, scope and validity. `pairs` are the directions the artifact would be used in
 * (the requested one when it declares it, else those it declares): the issuer's scope must cover
 * one of them, so a `bidirectional` artifact is usable in reverse only where a scope says so.
 */
function trustChecks(a: ValidatedArtifact, trust: TrustPolicy | undefined, now: number, pairs: readonly UsePair[]): Array<[ExclusionCode, string]> {
  const out: Array<[ExclusionCode, string]> = [];
  if (!trust) return [['UNTRUSTED_ISSUER', `no trust policy was given, so issuer ${a.assertedBy} is not trusted`]];
  const inScope = (scopes: readonly TrustScope[]): boolean => pairs.some((p) => scopes.some((s) => covers(s, p)));
  const entries = trust.trustedIssuers.filter((i) => i.id === a.assertedBy);
  if (entries.length === 0) {
    out.push(['UNTRUSTED_ISSUER', `issuer ${a.assertedBy} is not in the trust policy`]);
  } else if (!a.signature) {
    if (trust.requireSignature) out.push(['SIGNATURE_MISSING', 'the artifact is unsigned and the trust policy requires signatures']);
    if (!entries.some((e) => inScope(e.scopes))) out.push(['OUT_OF_SCOPE', `issuer ${a.assertedBy} is not trusted for ${describePairs(pairs)}`]);
  } else {
    const entry = entries.find((e) => e.keyId === a.signature!.keyId);
    if (!entry) {
      out.push(['UNTRUSTED_KEY', `key "${a.signature.keyId}" is not a trusted key of issuer ${a.assertedBy}`]);
    } else {
      if (decodeBase64url(a.signature.value) === undefined) {
        out.push(['SIGNATURE_INVALID', 'the signature value is not canonical unpadded base64url (re-encoding its bytes gives another string); only the spelling the signer produced verifies']);
      } else if (!signatureValid(a, entry.publicKey)) {
        out.push(['SIGNATURE_INVALID', `the Ed25519 signature does not verify with key "${entry.keyId}" over the JCS of the artifact`]);
      }
      // A valid signature from an issuer outside its scope does not make an artifact acceptable (7.2).
      if (!inScope(entry.scopes)) {
        out.push(['OUT_OF_SCOPE', `issuer ${a.assertedBy} (key "${entry.keyId}") is not trusted for ${describePairs(pairs)} (a scope covers its own direction; "direction": "both" adds the reverse)`]);
      }
    }
  }
  const skew = (trust.clockSkewSeconds ?? DEFAULT_SKEW_SECONDS) * 1000;
  if (now > a.validUntil + skew) out.push(['EXPIRED', `valid until ${new Date(a.validUntil).toISOString()}; now is ${new Date(now).toISOString()}`]);
  if (a.validFrom !== undefined && now < a.validFrom - skew) out.push(['NOT_YET_VALID', `valid from ${new Date(a.validFrom).toISOString()}; now is ${new Date(now).toISOString()}`]);
  return out;
}

type Placement =
  | { kind: 'use'; orientation: 'forward' | 'reverse' }
  | { kind: 'excluded'; code: ExclusionCode; message: string };

/**
 * How the artifact's ontologies line up with the use, if they do. Between two releases of one
 * ontology the ids line up both ways, and the versions tell the orientation: the one whose
 * versions the use can take (the declared one when both can), forward when neither can.
 */
function orientationFor(a: ValidatedArtifact, use: MappingUse, profile: DomainProfile): 'forward' | 'reverse' | undefined {
  const forward = a.sourceOntologyId === use.source.ontologyId && a.targetOntologyId === use.target.ontologyId;
  const reverse = a.sourceOntologyId === use.target.ontologyId && a.targetOntologyId === use.source.ontologyId;
  if (forward && reverse) {
    const fits = (o: 'forward' | 'reverse'): boolean => {
      const [requester, provider] = o === 'forward' ? [a.sourceOntologyVersion, a.targetOntologyVersion] : [a.targetOntologyVersion, a.sourceOntologyVersion];
      return versionUsable(profile, a.sourceOntologyId, use.source.version, requester) && versionUsable(profile, a.sourceOntologyId, provider, use.target.version);
    };
    const fitting = (['forward', 'reverse'] as const).filter(fits);
    return fitting.find((o) => declares(a, o)) ?? fitting[0] ?? 'forward';
  }
  if (forward) return 'forward';
  if (reverse) return 'reverse';
  return undefined;
}

function place(a: ValidatedArtifact, use: MappingUse, profile: DomainProfile): Placement[] | Placement {
  const orientation = orientationFor(a, use, profile);
  if (orientation === undefined) {
    return { kind: 'excluded', code: 'ONTOLOGY_MISMATCH', message: `maps ${a.sourceOntologyId} → ${a.targetOntologyId}; the use is ${use.source.ontologyId} → ${use.target.ontologyId}` };
  }
  const forward = orientation === 'forward';
  const problems: Placement[] = [];
  if (!declares(a, orientation)) {
    problems.push({
      kind: 'excluded', code: 'REVERSE_NOT_DECLARED',
      message: `the artifact declares ${a.direction}; using it ${use.source.ontologyId} → ${use.target.ontologyId} would infer the reverse mapping (7.2)`,
    });
  }
  // Requester-side version must be usable as the artifact's, artifact's output as the provider's.
  const [reqSide, provSide] = forward
    ? [[a.sourceOntologyId, a.sourceOntologyVersion], [a.targetOntologyId, a.targetOntologyVersion]] as const
    : [[a.targetOntologyId, a.targetOntologyVersion], [a.sourceOntologyId, a.sourceOntologyVersion]] as const;
  if (!versionUsable(profile, reqSide[0], use.source.version, reqSide[1])) {
    problems.push({ kind: 'excluded', code: 'VERSION_MISMATCH', message: `the artifact covers ${reqSide[0]} version ${reqSide[1]}; the request uses ${use.source.version} and the profile relates neither (5.3)` });
  }
  if (!versionUsable(profile, provSide[0], provSide[1], use.target.version)) {
    problems.push({ kind: 'excluded', code: 'VERSION_MISMATCH', message: `the artifact covers ${provSide[0]} version ${provSide[1]}; the provider uses ${use.target.version} and the profile relates neither (5.3)` });
  }
  return problems.length > 0 ? problems : { kind: 'use', orientation };
}

const REVERSED: Record<RuleRelation, RuleRelation> = { 'skos:exactMatch': 'skos:exactMatch', 'skos:broadMatch': 'skos:narrowMatch', 'skos:narrowMatch': 'skos:broadMatch' };

function orient(a: ValidatedArtifact, orientation: 'forward' | 'reverse'): OrientedRule[] {
  return a.mappingRules.map((rule, index) => {
    const relation = rule.relation ?? 'skos:exactMatch';
    return orientation === 'forward'
      ? { index, from: rule.from, to: rule.to, relation, rule }
      : { index, from: rule.to, to: rule.from, relation: REVERSED[relation], rule };
  });
}

/**
 * Accept or exclude every artifact for one use. Order of checks does not matter for the outcome:
 * an artifact is accepted only if no check fails, and every failing check is reported.
 */
export function acceptArtifacts(input: GateInput): GateResult {
  const excluded: Exclusion[] = [];
  const survivors: Array<{ artifact: ValidatedArtifact; orientation: 'forward' | 'reverse' }> = [];
  const mismatched: ValidatedArtifact[] = [];
  for (const given of input.artifacts) {
    // Every check below reads the signed content, never fields set on the object afterwards.
    const content = signedContent(given);
    if (!content.ok) {
      excluded.push({ code: 'ALTERED', artifactId: content.artifactId, revision: content.revision, message: content.message });
      continue;
    }
    const artifact = content.artifact;
    const exclude = (code: ExclusionCode, message: string): void => {
      excluded.push({ code, artifactId: artifact.artifactId, revision: artifact.revision, message });
    };
    const orientation = orientationFor(artifact, input.use, input.profile);
    const pairs = orientation !== undefined && declares(artifact, orientation) ? [pairOf(artifact, orientation)] : declaredPairs(artifact);
    const trustProblems = trustChecks(artifact, input.trust, input.now, pairs);
    for (const [code, message] of trustProblems) exclude(code, message);
    const placement = place(artifact, input.use, input.profile);
    const placements = Array.isArray(placement) ? placement : [placement];
    let placed: 'forward' | 'reverse' | undefined;
    for (const p of placements) {
      if (p.kind === 'use') placed = p.orientation;
      else if (p.code === 'ONTOLOGY_MISMATCH') {
        if (trustProblems.length === 0) mismatched.push(artifact);
        else exclude(p.code, p.message);
      } else exclude(p.code, p.message);
    }
    if (trustProblems.length === 0 && placed !== undefined && placements.every((p) => p.kind === 'use')) {
      survivors.push({ artifact, orientation: placed });
    }
  }
  // Trusted artifacts that only connect through a third ontology: a chain nobody declared (7.2).
  for (const a of mismatched) {
    const chain = mismatched.some((b) => b !== a && (
      (a.sourceOntologyId === input.use.source.ontologyId && b.targetOntologyId === input.use.target.ontologyId && a.targetOntologyId === b.sourceOntologyId) ||
      (b.sourceOntologyId === input.use.source.ontologyId && a.targetOntologyId === input.use.target.ontologyId && b.targetOntologyId === a.sourceOntologyId)));
    excluded.push(chain
      ? { code: 'CHAIN_NOT_DECLARED', artifactId: a.artifactId, revision: a.revision, message: `connects ${input.use.source.ontologyId} → ${input.use.target.ontologyId} only by composing with another artifact through ${a.sourceOntologyId === input.use.source.ontologyId ? a.targetOntologyId : a.sourceOntologyId}; no composition is declared (7.2)` }
      : { code: 'ONTOLOGY_MISMATCH', artifactId: a.artifactId, revision: a.revision, message: `maps ${a.sourceOntologyId} → ${a.targetOntologyId}; the use is ${input.use.source.ontologyId} → ${input.use.target.ontologyId}` });
  }
  // Same id and revision but different content: neither can be relied on (7.3 "inconsistent").
  const byRevision = new Map<string, ValidatedArtifact[]>();
  for (const { artifact } of survivors) {
    const k = `${artifact.artifactId}\u0000${artifact.revision}`;
    byRevision.set(k, [...(byRevision.get(k) ?? []), artifact]);
  }
  const acceptedList: AcceptedArtifact[] = [];
  for (const { artifact, orientation } of survivors) {
    const same = byRevision.get(`${artifact.artifactId}\u0000${artifact.revision}`)!;
    if (same.some((other) => other.signingInput !== artifact.signingInput)) {
      excluded.push({ code: 'INCONSISTENT', artifactId: artifact.artifactId, revision: artifact.revision, message: `another artifact has the same id and revision ${artifact.revision} but different content` });
      continue;
    }
    if (acceptedList.some((x) => x.artifactId === artifact.artifactId && x.revision === artifact.revision)) continue; // exact duplicate
    const acceptedArtifact = Object.freeze({ ...artifact, acceptedFor: input.use, orientation, rules: orient(artifact, orientation) }) as unknown as AcceptedArtifact;
    accepted.add(acceptedArtifact);
    acceptedList.push(acceptedArtifact);
  }
  return { accepted: acceptedList, excluded };
}
