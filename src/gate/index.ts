/**
 * The acceptance gate and compatibility engine (draft Section 7). Public surface of src/gate.
 *
 * Flow: `validateArtifact` (shape) → `acceptArtifacts` (trust, signature, validity, versions,
 * direction, scope; the only producer of `AcceptedArtifact`) → `evaluateCompatibility` (or a
 * caching `CompatibilityChecker`) → Compatible | Incompatible | Indeterminate with reasons.
 */
export {
  validateArtifact, DIRECTIONS, ARTIFACT_IRI_SCHEMES, RULE_RELATIONS, parseTimestamp,
  type Direction, type MappingRule, type RuleConditions, type RuleRelation, type ValidatedArtifact,
} from './artifact.js';
export {
  generateEd25519KeyPair, signDocument, signingInput, verifySignature, decodeBase64url, parsePublicKey, parsePrivateKey, keyThumbprint,
  SIGNATURE_ALG, type ArtifactSignature, type GeneratedKeyPair,
} from './signature.js';
export { jcs, jsonDigest, sha256 } from './canonical.js';
export { evaluateRule, sameLanguage, sameMediaType, type RuleEvaluation, type TaskRequirements } from './conditions.js';
export {
  acceptArtifacts, isAcceptedArtifact, assertAccepted, versionUsable, EXCLUSION_CODES,
  type AcceptedArtifact, type Exclusion, type ExclusionCode, type GateInput, type GateResult, type MappingUse, type OntologyRef, type OrientedRule,
} from './gate.js';
export {
  evaluateCompatibility, digestInputs, REASON_CODES, NOT_AUTHORISATION,
  type CheckInput, type CandidateEvidence, type InputDigests, type MappingUsed, type Outcome, type Reason, type ReasonCode,
  type UnavailableResource, type Verdict,
} from './compatibility.js';
export { selectRule, type RuleSelection, type SelectedRule } from './select.js';
export { CompatibilityChecker, type CheckedVerdict, type CheckerOptions } from './checker.js';
export { buildArtifact, REVIEWED_JUSTIFICATIONS, RULE_PREDICATES, type ArtifactBuildOptions, type ArtifactBuildResult, type SkippedRow } from './build.js';
export { loadCheckFiles, type CheckFiles, type FileFinding, type LoadedCheck } from './files.js';
export {
  addTrustedKey, checkTrustPolicy, newTrustPolicy, parseScope,
  type AddKeyOptions, type AddKeyResult, type ScopeInput, type TrustPolicyDocument,
} from './trust-policy.js';
