/**
 * The acceptance gate and compatibility engine (draft Section 7). Public surface of src/gate.
 */
export { validateArtifact, DIRECTIONS, type Direction, type MappingRule, type RuleConditions, type ValidatedArtifact } from './artifact.js';
export {
  generateEd25519KeyPair, signDocument, signingInput, verifySignature, parsePublicKey, parsePrivateKey, keyThumbprint,
  SIGNATURE_ALG, type ArtifactSignature, type GeneratedKeyPair,
} from './signature.js';
export { jcs, jsonDigest, sha256 } from './canonical.js';
