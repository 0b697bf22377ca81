/**
 * "The gate is not allowed to be clever or wrong" (DESIGN.md), as a property over the 12.1 setup:
 * with no perturbation the decision is Compatible; with ANY non-empty combination of the faults
 * below — each of which removes a requirement of 7.2/7.3 — it is never Compatible, whatever the
 * artifact's confidence or the candidates' scores.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { rawScore } from '../../src/model/mapping.js';
import { evaluateCompatibility, generateEd25519KeyPair, signDocument, validateArtifact, type CheckInput } from '../../src/gate/index.js';
import { AGENT_CORE, CS, DOC, NOW, artifact12_4, authorityKey, docProvider, envelope, profile, requesterOntologies, trust } from './helpers.js';

type Doc = Record<string, unknown> & { mappingRules: Array<{ from: string; to: string; conditions: Record<string, unknown> }> };
type Setup = { doc: Doc; sign: boolean; tamper: boolean; input: Omit<CheckInput, 'artifacts'> };
const key = authorityKey();
const stranger = generateEd25519KeyPair();

const FAULTS: Record<string, (s: Setup) => void> = {
  unsigned: (s) => { s.sign = false; },
  tampered: (s) => { s.tamper = true; },
  strangerKey: (s) => { s.input.trust = trust(stranger); },
  otherIssuer: (s) => { s.doc.assertedBy = 'https://example.com/self-declared-authority'; },
  reverseOnly: (s) => { s.doc.direction = 'target-to-source'; },
  wrongTargetVersion: (s) => { s.doc.targetOntologyVersion = '1.0'; },
  wrongSourceVersion: (s) => { s.doc.sourceOntologyVersion = '0.9'; },
  expired: (s) => { s.input.now = Date.parse('2027-03-01T00:00:00Z'); },
  notYetValid: (s) => { s.doc.validFrom = '2026-11-01T00:00:00Z'; },
  outOfScope: (s) => { s.input.trust = trust(key, {}, [{ sourceOntologyId: AGENT_CORE, targetOntologyId: 'https://example.com/onto/elsewhere' }]); },
  noTrustPolicy: (s) => { delete s.input.trust; },
  wrongLanguage: (s) => { s.doc.mappingRules[0]!.conditions.targetLang = 'de'; },
  missingRequiredCondition: (s) => { delete s.doc.mappingRules[0]!.conditions.domain; },
  unknownCondition: (s) => { s.doc.mappingRules[0]!.conditions.unit = 'pages'; },
  otherTarget: (s) => { s.doc.mappingRules[0]!.to = `${DOC}SummarizeText`; },
  ambiguous: (s) => { s.doc.mappingRules.push({ ...s.doc.mappingRules[0]!, to: `${DOC}SummarizeText` }); },
  otherSource: (s) => { s.doc.mappingRules[0]!.from = `${CS}SomethingElse`; },
};

let ontologies: OntologyIndex[];
beforeAll(async () => {
  ontologies = await requesterOntologies();
});

function decide(faults: string[], confidence: number, score: number): string {
  const setup: Setup = {
    doc: { ...artifact12_4(), confidence } as unknown as Doc,
    sign: true,
    tamper: false,
    input: {
      envelope: envelope(), provider: docProvider(), profile: profile(), trust: trust(key), ontologies, now: NOW,
      candidates: [{ subject: `${CS}TechTranslation`, predicate: 'skos:exactMatch', object: `${DOC}TranslateText`, generator: 'g', score: rawScore(score), measure: 'm', rank: 1, justification: 'semapv:LexicalMatching', evidence: [] }],
    },
  };
  setup.doc = structuredClone(setup.doc);
  for (const f of faults) FAULTS[f]!(setup);
  let document: Record<string, unknown> = setup.sign ? signDocument(setup.doc, key.privateKeyPem, key.keyId) : setup.doc;
  if (setup.tamper) document = { ...document, revision: `${String(document.revision)}-edited` };
  const validated = validateArtifact(document);
  if (!validated.ok) throw new Error(`fault set ${faults.join(',')} produced an invalid artifact`);
  return evaluateCompatibility({ ...setup.input, artifacts: [validated.value] }).outcome;
}

describe('acceptance gate property (7.2, 7.3, 7.4)', () => {
  it('without faults the 12.1 decision is Compatible', () => {
    expect(decide([], 0.91, 0.99)).toBe('Compatible');
  });
  it.each(Object.keys(FAULTS))('fault %s alone is never Compatible', (fault) => {
    expect(decide([fault], 1, 1)).not.toBe('Compatible');
  });
  it('any non-empty combination of faults, with any confidence and any candidate score, is never Compatible', () => {
    fc.assert(
      fc.property(
        fc.subarray(Object.keys(FAULTS), { minLength: 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ noNaN: true }),
        (faults, confidence, score) => decide(faults, confidence, score) !== 'Compatible',
      ),
      { numRuns: 150 },
    );
  });
});
