/**
 * Domain profile and trust policy documents (formats in DESIGN.md): strict plain JSON, defaults
 * filled in, every negative case with its exact code.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validateDocument, validateProfile, validateTrustPolicy } from '../../src/envelope/index.js';
import { errorCodes, type Json } from './helpers.js';

/** The domain profile exactly as DESIGN.md prints it. */
const designProfile = (): Json => ({
  profileId: 'https://example.org/profiles/tech-translation',
  revision: '1',
  ontologies: [
    { ontologyId: 'https://example.org/onto/agent-core', versions: ['1.0'] },
    { ontologyId: 'https://example.net/onto/doc', versions: ['2.0'] },
  ],
  versionRelations: [
    { ontologyId: 'https://example.org/onto/agent-core', from: '1.0', to: '1.1', relation: 'compatible' },
  ],
  termBindings: { permittedDomains: ['https://example.org/onto/cs#ComputerScience'], crossDomain: false },
  requiredConditions: ['inputMediaType', 'outputMediaType', 'sourceLang', 'targetLang', 'domain'],
  mappingSelection: 'none',
  unknownTerms: 'reject',
  retrieval: { allowRemote: false },
});

const pem = (type: 'ed25519' | 'rsa'): string =>
  (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 1024 }) : generateKeyPairSync('ed25519')).publicKey.export({ type: 'spki', format: 'pem' }).toString();

const designTrust = (): Json => ({
  trustedIssuers: [{
    id: 'https://example.org/mapping-authority',
    keyId: 'authority-key-1',
    publicKey: pem('ed25519'),
    scopes: [{ sourceOntologyId: 'https://example.org/onto/agent-core', targetOntologyId: 'https://example.net/onto/doc' }],
  }],
  requireSignature: true,
  clockSkewSeconds: 60,
});

describe('domain profile', () => {
  it('the DESIGN.md profile validates and is normalised', () => {
    const r = validateProfile(designProfile());
    expect(r.findings).toEqual([]);
    expect(r.value).toEqual({ kind: 'profile', ...designProfile(), envelopeReuse: false });
  });

  it('a minimal profile gets the strict defaults', () => {
    const r = validateProfile({ profileId: 'https://example.org/p', revision: 'r1', ontologies: [{ ontologyId: 'https://example.org/o', versions: ['1'] }] });
    expect(r.value).toEqual({
      kind: 'profile', profileId: 'https://example.org/p', revision: 'r1', ontologies: [{ ontologyId: 'https://example.org/o', versions: ['1'] }],
      versionRelations: [], requiredConditions: [], mappingSelection: 'none', unknownTerms: 'reject', envelopeReuse: false,
    });
    expect(r.value?.termBindings).toBeUndefined();
  });

  const cases: [string, (p: Json) => void, string, string][] = [
    ['unknown member', (p) => { p['fallback'] = 'lenient'; }, 'E_INVALID_UNKNOWN_MEMBER', '$.fallback'],
    ['relative profileId', (p) => { p['profileId'] = 'profiles/tech'; }, 'E_INVALID_RELATIVE_IRI', '$.profileId'],
    ['compact IRI (not expanded in plain JSON)', (p) => { p['profileId'] = 'ex:tech'; }, 'E_INVALID_IRI', '$.profileId'],
    ['missing revision', (p) => { delete p['revision']; }, 'E_INVALID_MISSING_FIELD', '$.revision'],
    ['numeric revision', (p) => { p['revision'] = 1; }, 'E_INVALID_VALUE_TYPE', '$.revision'],
    ['no ontologies', (p) => { p['ontologies'] = []; }, 'E_INVALID_EMPTY_VALUE', '$.ontologies'],
    ['duplicate ontology', (p) => { (p['ontologies'] as Json[]).push({ ontologyId: 'https://example.net/onto/doc', versions: ['3.0'] }); }, 'E_INVALID_DUPLICATE', '$.ontologies[2].ontologyId'],
    ['duplicate version', (p) => { (p['ontologies'] as Json[])[0]!['versions'] = ['1.0', '1.0']; }, 'E_INVALID_DUPLICATE', '$.ontologies[0].versions[1]'],
    ['empty version', (p) => { (p['ontologies'] as Json[])[0]!['versions'] = ['']; }, 'E_INVALID_EMPTY_VALUE', '$.ontologies[0].versions[0]'],
    ['relation to itself', (p) => { (p['versionRelations'] as Json[])[0]!['to'] = '1.0'; }, 'E_INVALID_VALUE', '$.versionRelations[0].to'],
    ['relation for an unlisted ontology', (p) => { (p['versionRelations'] as Json[])[0]!['ontologyId'] = 'https://example.org/onto/other'; }, 'E_INVALID_REFERENCE', '$.versionRelations[0].ontologyId'],
    ['permitted domain not an IRI', (p) => { (p['termBindings'] as Json)['permittedDomains'] = ['ComputerScience']; }, 'E_INVALID_RELATIVE_IRI', '$.termBindings.permittedDomains[0]'],
    ['crossDomain missing', (p) => { delete (p['termBindings'] as Json)['crossDomain']; }, 'E_INVALID_MISSING_FIELD', '$.termBindings.crossDomain'],
    ['condition without semantics', (p) => { p['requiredConditions'] = ['unit']; }, 'E_INVALID_VALUE', '$.requiredConditions[0]'],
    ['unknownTerms outside its enumeration', (p) => { p['unknownTerms'] = 'warn'; }, 'E_INVALID_VALUE', '$.unknownTerms'],
    ['mappingSelection outside its enumeration', (p) => { p['mappingSelection'] = 'highest-confidence'; }, 'E_INVALID_VALUE', '$.mappingSelection'],
    ['retrieval without allowRemote', (p) => { p['retrieval'] = {}; }, 'E_INVALID_MISSING_FIELD', '$.retrieval.allowRemote'],
    ['envelopeReuse not boolean', (p) => { p['envelopeReuse'] = 'yes'; }, 'E_INVALID_VALUE_TYPE', '$.envelopeReuse'],
  ];
  for (const [name, edit, code, path] of cases) {
    it(`5.3 / DESIGN.md: ${name} is ${code}`, () => {
      const doc = designProfile();
      edit(doc);
      const r = validateProfile(doc);
      expect(r.ok).toBe(false);
      expect(errorCodes(r.findings)).toEqual([code]);
      expect(r.findings.find((f) => f.code === code)?.path).toBe(path);
    });
  }

  it('retrieval members beyond allowRemote pass through for the retrieval policy', () => {
    const r = validateProfile({ ...designProfile(), retrieval: { allowRemote: true, trustedSources: ['https://example.org/'] } });
    expect(r.value?.retrieval).toEqual({ allowRemote: true, trustedSources: ['https://example.org/'] });
  });
});

describe('trust policy', () => {
  it('the DESIGN.md policy validates', () => {
    const doc = designTrust();
    const r = validateTrustPolicy(doc);
    expect(r.findings).toEqual([]);
    expect(r.value).toEqual({ kind: 'trust', ...doc });
  });

  it('defaults: signatures required, 60 s clock skew; an empty issuer list trusts no one', () => {
    expect(validateTrustPolicy({ trustedIssuers: [] }).value).toEqual({ kind: 'trust', trustedIssuers: [], requireSignature: true, clockSkewSeconds: 60 });
  });

  const cases: [string, (p: Json) => void, string][] = [
    ['an RSA key', (p) => { (p['trustedIssuers'] as Json[])[0]!['publicKey'] = pem('rsa'); }, 'E_INVALID_KEY'],
    ['a key that is not PEM', (p) => { (p['trustedIssuers'] as Json[])[0]!['publicKey'] = 'MCowBQYDK2VwAyEA'; }, 'E_INVALID_KEY'],
    ['no scopes', (p) => { (p['trustedIssuers'] as Json[])[0]!['scopes'] = []; }, 'E_INVALID_EMPTY_VALUE'],
    ['relative scope ontology', (p) => { ((p['trustedIssuers'] as Json[])[0]!['scopes'] as Json[])[0]!['targetOntologyId'] = 'doc'; }, 'E_INVALID_RELATIVE_IRI'],
    ['a duplicate keyId', (p) => { const i = p['trustedIssuers'] as Json[]; i.push({ ...i[0]!, id: 'https://example.org/other' }); }, 'E_INVALID_DUPLICATE'],
    ['negative clock skew', (p) => { p['clockSkewSeconds'] = -5; }, 'E_INVALID_VALUE'],
    ['fractional clock skew', (p) => { p['clockSkewSeconds'] = 1.5; }, 'E_INVALID_VALUE_TYPE'],
    ['requireSignature as a string', (p) => { p['requireSignature'] = 'true'; }, 'E_INVALID_VALUE_TYPE'],
    ['an unknown member', (p) => { p['trustEveryone'] = true; }, 'E_INVALID_UNKNOWN_MEMBER'],
    ['an unknown issuer member', (p) => { (p['trustedIssuers'] as Json[])[0]!['weight'] = 1; }, 'E_INVALID_UNKNOWN_MEMBER'],
    ['no trustedIssuers', (p) => { delete p['trustedIssuers']; }, 'E_INVALID_MISSING_FIELD'],
  ];
  for (const [name, edit, code] of cases) {
    it(`7.2 / DESIGN.md: ${name} is ${code}`, () => {
      const doc = designTrust();
      edit(doc);
      const r = validateTrustPolicy(doc);
      expect(r.ok).toBe(false);
      expect(errorCodes(r.findings)).toEqual([code]);
    });
  }

  it('validateDocument detects both kinds', async () => {
    expect((await validateDocument(designProfile())).kind).toBe('profile');
    expect((await validateDocument(designTrust())).ok).toBe(true);
  });
});
