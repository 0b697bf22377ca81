/**
 * Validation of semantic envelopes, capability advertisements, domain profiles and trust policies
 * (draft Sections 5–6). Public surface of src/envelope: validate before relying on anything (5.4).
 */
export * from './types.js';
export { validateEnvelope } from './envelope.js';
export { validateCapability } from './capability.js';
export { validateProfile } from './profile.js';
export { validateTrustPolicy } from './trust.js';
export { validateDocument, validateText, detectKind, assertValid, type DocumentResult, type KindResult } from './document.js';
export { validateContextDocument } from './context-document.js';
export { BASELINE_CONTEXT, BASELINE_TERMS, BASELINE_PREFIXES, refusingDocumentLoader, type BaselineTerm } from './context.js';
export { DEFAULT_LIMITS } from './limits.js';
export { DEFAULT_IRI_SCHEMES, isLanguageTag, isMediaType } from './syntax.js';
export { compileShapes } from './shacl.js';
