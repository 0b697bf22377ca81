/**
 * The acceptance gate and compatibility engine (draft Section 7): {@link check} one request
 * against a provider; build, sign and verify alignment artifacts; generate keys; build and edit
 * trust policies (a key trusted for directional scopes: {@link addTrustedKey}). Only the gate turns an artifact into an accepted one, and Compatible never means
 * authorised.
 *
 * @packageDocumentation
 */
export { check, type CheckRequest, type CheckResult, type CheckVerdict, type InvalidCheck, type UnavailableCheck, type DocumentInput } from '../gate/check.js';
export {
  readArtifact, signArtifact, verifyArtifact, readTrustPolicy, createTrustPolicy, generateKeyPair, writeKeyPair,
  type ArtifactVerification, type SignArtifactOptions, type TrustPolicyInit, type WrittenKeyPair,
} from '../gate/artifact-tools.js';
export { buildArtifact, type BuildArtifactOptions } from './artifact-build.js';
export {
  addTrustedKey, newTrustPolicy, parseScope, checkTrustPolicy,
  type AddKeyOptions, type AddKeyResult, type ScopeInput, type TrustPolicyDocument,
} from '../gate/trust-policy.js';
export {
  validateArtifact, DIRECTIONS, type Direction, type MappingRule, type RuleConditions, type RuleProvenance, type ValidatedArtifact,
} from '../gate/artifact.js';
export { artifactToMappingSet, RULE_CONDITIONS_SLOT, RULE_INDEX_SLOT } from '../gate/rule-rows.js';
export type { MappingSet } from '../model/mapping.js';
export { keyThumbprint, SIGNATURE_ALG, type ArtifactSignature, type GeneratedKeyPair } from '../gate/signature.js';
export { jcs, jsonDigest } from '../gate/canonical.js';
export {
  acceptArtifacts, isAcceptedArtifact, EXCLUSION_CODES,
  type AcceptedArtifact, type Exclusion, type ExclusionCode, type GateInput, type GateResult, type MappingUse, type OntologyRef, type OrientedRule,
} from '../gate/gate.js';
export {
  evaluateCompatibility, REASON_CODES, NOT_AUTHORISATION,
  type CheckInput, type CandidateEvidence, type InputDigests, type MappingUsed, type Outcome, type Reason, type ReasonCode, type UnavailableResource, type Verdict,
} from '../gate/compatibility.js';
export { CompatibilityChecker, type CheckedVerdict, type CheckerOptions } from '../gate/checker.js';
export { REVIEWED_JUSTIFICATIONS, RULE_PREDICATES, type ArtifactBuildResult, type ArtifactCoherence, type SkippedRow } from '../gate/build.js';
export type { RuleConflict } from '../gate/coherence.js';
export { AXIOM_KINDS, SIDE_NAMES, type CoherenceConflict, type NodeKind, type SideName, type ToldAxiom, type AxiomKind } from '../coherence/index.js';
export type { FileFinding } from '../gate/files.js';
export type { TrustPolicy, TrustedIssuer, TrustScope, ScopeDirection, DomainProfile, Finding } from '../envelope/types.js';
export { SCOPE_DIRECTIONS } from '../envelope/types.js';
export { IoaError, isIoaError, ERROR_CODES, type ErrorCode, type ErrorLocation } from '../model/errors.js';
