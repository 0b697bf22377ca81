/**
 * Typed inputs for library-level gate tests: the draft's documents (6.2 envelope, 6.3 capability,
 * 12.4 artifact) as the validated values the engine consumes, plus keys and a trust policy made
 * at run time (no private key is committed).
 */
import { readFileSync } from 'node:fs';
import { loadOntologyFile } from '../../src/ontology/load.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import type { DomainProfile, TrustPolicy, ValidatedCapability, ValidatedEnvelope } from '../../src/envelope/types.js';
import { generateEd25519KeyPair, signDocument, validateArtifact, type GeneratedKeyPair, type ValidatedArtifact } from '../../src/gate/index.js';

export const EX = new URL('../../corpora/ioa-example/', import.meta.url);
export const CS = 'https://example.org/onto/cs#';
export const LAW = 'https://example.org/onto/law#';
export const DOC = 'https://example.net/onto/doc#';
export const AGENT_CORE = 'https://example.org/onto/agent-core';
export const DOC_ONTO = 'https://example.net/onto/doc';
export const AUTHORITY = 'https://example.org/mapping-authority';
/** Inside the 12.4 artifact's validity (validUntil 2026-12-31). */
export const NOW = Date.parse('2026-06-01T00:00:00Z');

export function envelope(over: Partial<ValidatedEnvelope> = {}, context: Partial<NonNullable<ValidatedEnvelope['profileContext']>> = {}): ValidatedEnvelope {
  return {
    kind: 'envelope',
    ontologyId: AGENT_CORE,
    ontologyVersion: '1.0',
    capabilityRefs: [`${CS}TechTranslation`],
    intentRef: `${CS}TranslateTechDoc`,
    profileContext: {
      domain: `${CS}ComputerScience`,
      termBindings: [{ term: 'LLM', sense: `${CS}LargeLanguageModel` }],
      sourceLang: 'zh',
      targetLang: 'en',
      ...context,
    },
    expanded: [],
    ...over,
  };
}

/** The provider of 12.1: doc:TranslateText under https://example.net/onto/doc 2.0. */
export function docProvider(over: Partial<ValidatedCapability> = {}): ValidatedCapability {
  return { kind: 'capability', id: `${DOC}TranslateText`, inputs: ['text/plain'], outputs: ['text/plain'], ontologyId: DOC_ONTO, ontologyVersion: '2.0', expanded: [], ...over };
}

/** The same-ontology provider of S1: cs:TechTranslation under agent-core 1.0. */
export function csProvider(over: Partial<ValidatedCapability> = {}): ValidatedCapability {
  return {
    kind: 'capability', id: `${CS}TechTranslation`, inputs: ['text/plain'], outputs: ['text/plain'], ontologyId: AGENT_CORE, ontologyVersion: '1.0',
    sourceLang: ['zh'], targetLang: ['en'], expanded: [], ...over,
  };
}

export function profile(over: Partial<DomainProfile> = {}): DomainProfile {
  return {
    kind: 'profile',
    profileId: 'https://example.org/profiles/tech-translation',
    revision: '1',
    ontologies: [{ ontologyId: AGENT_CORE, versions: ['1.0'] }, { ontologyId: DOC_ONTO, versions: ['2.0'] }],
    versionRelations: [],
    termBindings: { permittedDomains: [`${CS}ComputerScience`], crossDomain: false },
    requiredConditions: ['inputMediaType', 'outputMediaType', 'sourceLang', 'targetLang', 'domain'],
    mappingSelection: 'none',
    unknownTerms: 'reject',
    envelopeReuse: false,
    ...over,
  };
}

export function trust(key: GeneratedKeyPair, over: Partial<TrustPolicy> = {}, scopes = [{ sourceOntologyId: AGENT_CORE, targetOntologyId: DOC_ONTO }]): TrustPolicy {
  return { kind: 'trust', trustedIssuers: [{ id: AUTHORITY, keyId: key.keyId, publicKey: key.publicKeyPem, scopes }], requireSignature: true, clockSkewSeconds: 60, ...over };
}

export function artifact12_4(): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL('artifact-12.4.json', EX), 'utf8')) as Record<string, unknown>;
}

/** Validate (and optionally sign) an artifact document; fails the test on invalid input. */
export function artifact(doc: Record<string, unknown>, key?: GeneratedKeyPair): ValidatedArtifact {
  const result = validateArtifact(key ? signDocument(doc, key.privateKeyPem, key.keyId) : doc);
  if (!result.ok) throw new Error(`fixture artifact invalid: ${JSON.stringify(result.findings)}`);
  return result.value;
}

let keyCache: GeneratedKeyPair | undefined;
export function authorityKey(): GeneratedKeyPair {
  return (keyCache ??= generateEd25519KeyPair());
}

let ontologies: OntologyIndex[] | undefined;
/** cs.ttl, law.ttl and doc.ttl: what the requester knows (Section 5.5 fragments). */
export async function requesterOntologies(): Promise<OntologyIndex[]> {
  ontologies ??= await Promise.all(['cs.ttl', 'law.ttl', 'doc.ttl'].map((f) => loadOntologyFile(new URL(f, EX).pathname)));
  return ontologies;
}
