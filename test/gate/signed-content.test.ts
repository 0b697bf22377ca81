/**
 * The engine decides only on what an artifact's signature covers (draft 7.2: "Validation of an
 * artifact's integrity or signature" before use; 7.3: artifacts are filtered "before rule
 * selection"). A `ValidatedArtifact` carries its parsed fields beside the signed bytes
 * (`signingInput`); a field changed after validation — on a spread copy, on a copy kept as JSON,
 * in place — must never reach a decision, least of all a Compatible one reported `signed: true`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { acceptArtifacts, CompatibilityChecker, evaluateCompatibility, type CheckInput, type ValidatedArtifact, type Verdict } from '../../src/gate/index.js';
import { AGENT_CORE, DOC_ONTO, NOW, artifact, artifact12_4, authorityKey, docProvider, envelope, profile, requesterOntologies, trust } from './helpers.js';

let ontologies: OntologyIndex[];
beforeAll(async () => {
  ontologies = await requesterOntologies();
});

/** Half a year after the 12.4 artifact's validUntil (2026-12-31). */
const LATER = Date.parse('2027-06-01T00:00:00Z');
const FAR = Date.parse('2099-12-31T00:00:00Z');

const signed12_4 = (): ValidatedArtifact => artifact(artifact12_4(), authorityKey());
const input = (artifacts: readonly ValidatedArtifact[], over: Partial<CheckInput> = {}): CheckInput => ({
  envelope: envelope(), provider: docProvider(), profile: profile(), ontologies, trust: trust(authorityKey()), now: LATER, artifacts, ...over,
});
const excludedCodes = (v: Verdict): string[] => v.excluded.map((e) => e.code);
/** A copy of the artifact as a cache, a queue or a database would give it back. */
const viaJson = (a: ValidatedArtifact): ValidatedArtifact => JSON.parse(JSON.stringify(a)) as ValidatedArtifact;

describe('7.2: the fields decided on are the signed content, not the object\'s own', () => {
  it('the honest expired artifact is excluded as EXPIRED (the baseline)', () => {
    const v = evaluateCompatibility(input([signed12_4()]));
    expect(v.outcome).toBe('Indeterminate');
    expect(excludedCodes(v)).toEqual(['EXPIRED']);
  });

  it('validUntil edited on a spread copy: ALTERED, never Compatible, never signed: true', () => {
    const forged = Object.freeze({ ...signed12_4(), validUntil: FAR });
    const v = evaluateCompatibility(input([forged]));
    expect(v.outcome).toBe('Indeterminate');
    expect(v.mapping).toEqual([]);
    expect(excludedCodes(v)).toEqual(['ALTERED']);
    expect(v.excluded[0]!.message).toMatch(/validUntil/);
    expect(v.reasons.map((r) => [r.code, r.detail])).toContainEqual(['ARTIFACT_EXCLUDED', 'ALTERED']);
  });

  it('CompatibilityChecker: the forged object is not Compatible, and the genuine one after it is not served from its entry', () => {
    const checker = new CompatibilityChecker();
    const forged = { ...signed12_4(), validUntil: FAR };
    expect(checker.check(input([forged])).outcome).toBe('Indeterminate');
    const honest = checker.check(input([signed12_4()]));
    expect([honest.outcome, honest.cached]).toEqual(['Indeterminate', false]);
    expect(excludedCodes(honest)).toEqual(['EXPIRED']);
  });

  it('a copy kept as JSON decides like the original when unchanged, and is ALTERED when edited', () => {
    const stored = viaJson(signed12_4());
    expect(evaluateCompatibility(input([stored], { now: NOW })).outcome).toBe('Compatible');
    expect(evaluateCompatibility(input([stored], { now: NOW })).mapping).toMatchObject([{ kind: 'artifact', signed: true }]);
    const edited = viaJson(signed12_4()) as { validUntil: number; mappingRules: Array<{ conditions: Record<string, string> }> };
    edited.validUntil = FAR;
    edited.mappingRules[0]!.conditions = {};
    const v = evaluateCompatibility(input([edited as unknown as ValidatedArtifact], { profile: profile({ requiredConditions: [] }) }));
    expect(v.outcome).toBe('Indeterminate');
    expect(excludedCodes(v)).toEqual(['ALTERED']);
    expect(v.excluded[0]!.message).toMatch(/validUntil, mappingRules/);
  });

  it('only rule conditions edited (inside the window): ALTERED, not the edited conditions', () => {
    const edited = viaJson(signed12_4()) as unknown as { mappingRules: Array<{ conditions: Record<string, string> }> };
    edited.mappingRules[0]!.conditions.sourceLang = 'ja';
    const v = evaluateCompatibility(input([edited as unknown as ValidatedArtifact], { now: NOW, envelope: envelope({}, { sourceLang: 'ja' }) }));
    expect(v.outcome).toBe('Indeterminate');
    expect(excludedCodes(v)).toEqual(['ALTERED']);
  });

  it('acceptArtifacts: a direction the issuer never signed is excluded, not accepted in reverse', () => {
    const bidi = { ...signed12_4(), direction: 'bidirectional' as const };
    const use = { source: { ontologyId: DOC_ONTO, version: '2.0' }, target: { ontologyId: AGENT_CORE, version: '1.0' } };
    const wide = trust(authorityKey(), {}, [{ sourceOntologyId: AGENT_CORE, targetOntologyId: DOC_ONTO, direction: 'both' }] as never);
    const gate = acceptArtifacts({ artifacts: [bidi], trust: wide, profile: profile(), use, now: NOW });
    expect(gate.accepted).toEqual([]);
    expect(gate.excluded.map((e) => e.code)).toEqual(['ALTERED']);
    expect(gate.excluded[0]!.message).toMatch(/direction/);
  });

  it('the signed bytes edited together with the fields: SIGNATURE_INVALID, as before', () => {
    const original = signed12_4();
    const doc = JSON.parse(original.signingInput) as Record<string, unknown>;
    const later = artifact({ ...doc, validUntil: '2099-12-31T00:00:00Z', signature: original.signature } as Record<string, unknown>);
    const v = evaluateCompatibility(input([later]));
    expect(excludedCodes(v)).toEqual(['SIGNATURE_INVALID']);
  });

  it('a validated artifact cannot be changed in place: its rules and conditions are frozen too', () => {
    const a = signed12_4();
    expect(Object.isFrozen(a.mappingRules)).toBe(true);
    expect(Object.isFrozen(a.mappingRules[0])).toBe(true);
    expect(Object.isFrozen(a.mappingRules[0]!.conditions)).toBe(true);
    expect(() => { (a.mappingRules[0]!.conditions as Record<string, string>).sourceLang = 'ja'; }).toThrow(TypeError);
  });
});
