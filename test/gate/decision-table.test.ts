/**
 * DESIGN.md's decision table, row by row, through the library API (draft Sections 5.3, 5.4, 7.1–7.4,
 * 12.1, 12.3, 12.5). Each test asserts the outcome AND the reason code.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOntologyFile } from '../../src/ontology/load.js';
import fc from 'fast-check';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { rawScore, type Candidate } from '../../src/model/mapping.js';
import { evaluateCompatibility, generateEd25519KeyPair, validateArtifact, type CheckInput, type Verdict } from '../../src/gate/index.js';
import {
  AGENT_CORE, AUTHORITY, CS, DOC, DOC_ONTO, EX, LAW, NOW, artifact, artifact12_4, authorityKey, csProvider, docProvider, envelope, profile,
  requesterOntologies, trust,
} from './helpers.js';

let ontologies: OntologyIndex[];
beforeAll(async () => {
  ontologies = await requesterOntologies();
});

const codes = (v: Verdict): string[] => v.reasons.map((r) => r.code);
const details = (v: Verdict): string[] => v.reasons.map((r) => r.detail).filter((d): d is NonNullable<typeof d> => d !== undefined);

function check(over: Partial<CheckInput> = {}): Verdict {
  return evaluateCompatibility({ envelope: envelope(), provider: csProvider(), profile: profile(), ontologies, now: NOW, ...over });
}

/** 12.1 through the 12.4 artifact signed by a trusted issuer, with overrides. */
function check121(over: Partial<CheckInput> = {}, doc: Record<string, unknown> = artifact12_4()): Verdict {
  const key = authorityKey();
  return check({ provider: docProvider(), artifacts: [artifact(doc, key)], trust: trust(key), ...over });
}

describe('row: same ontology and version, capability offered, constraints hold → Compatible (S1, 7.1)', () => {
  it('is Compatible with no reasons, a direct mapping and the not-authorisation notice', () => {
    const v = check();
    expect(v.outcome).toBe('Compatible');
    expect(v.reasons).toEqual([]);
    expect(v.mapping).toEqual([{ kind: 'direct', capability: `${CS}TechTranslation`, provider: `${CS}TechTranslation` }]);
    expect(v.notice).toMatch(/does not establish authorization/);
    expect(v.inputs.profile).toMatchObject({ profileId: 'https://example.org/profiles/tech-translation', revision: '1' });
    expect(v.inputs.request).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('row: receiver does not know the profile, ontology id or version → Indeterminate UNKNOWN_PROFILE (5.3)', () => {
  it('unknown requester ontology version', () => {
    const v = check({ envelope: envelope({ ontologyVersion: '9.9' }) });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v)).toEqual(['UNKNOWN_PROFILE']);
  });
  it('unknown provider ontology', () => {
    const v = check({ provider: csProvider({ ontologyId: 'https://example.com/onto/other' }) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_PROFILE']]);
  });
  it('provider advertisement without ontologyId/ontologyVersion (the bare 6.3 fragment)', () => {
    const { ontologyId: _a, ontologyVersion: _b, ...bare } = csProvider();
    const v = check({ provider: { ...bare } });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_PROFILE']]);
  });
  it('5.2/5.3: the profileVersion of the request is its own (the revision of the profile instance), not that of the domain profile: any revision is evaluated, and each has its own digest', () => {
    const plain = check();
    const seven = check({ envelope: envelope({ profileVersion: '7' }) });
    const eight = check({ envelope: envelope({ profileVersion: '8' }) });
    expect([seven.outcome, codes(seven)]).toEqual([plain.outcome, codes(plain)]);
    expect(seven.outcome).toBe('Compatible');
    expect(new Set([plain.inputs.request, seven.inputs.request, eight.inputs.request]).size).toBe(3);
  });
});

describe('row: versions differ and the profile relates none → Indeterminate UNKNOWN_VERSION_RELATION (5.3)', () => {
  const twoVersions = profile({ ontologies: [{ ontologyId: AGENT_CORE, versions: ['1.0', '1.1'] }] });
  it('1.0 request, 1.1 provider, no relation: never inferred from the strings', () => {
    const v = check({ profile: twoVersions, provider: csProvider({ ontologyVersion: '1.1' }) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_VERSION_RELATION']]);
  });
  it('an explicit directional relation 1.0 → 1.1 makes it Compatible; the reverse relation does not', () => {
    const forward = profile({ ...twoVersions, versionRelations: [{ ontologyId: AGENT_CORE, from: '1.0', to: '1.1', relation: 'compatible' }] });
    expect(check({ profile: forward, provider: csProvider({ ontologyVersion: '1.1' }) }).outcome).toBe('Compatible');
    const backward = profile({ ...twoVersions, versionRelations: [{ ontologyId: AGENT_CORE, from: '1.1', to: '1.0', relation: 'compatible' }] });
    expect(codes(check({ profile: backward, provider: csProvider({ ontologyVersion: '1.1' }) }))).toEqual(['UNKNOWN_VERSION_RELATION']);
  });
});

describe('row: intent not applicable to the declared capabilities → Incompatible INTENT_NOT_APPLICABLE (5.4)', () => {
  it('requiresCapability cs:TechTranslation not among capabilityRefs', () => {
    const v = check({ envelope: envelope({ capabilityRefs: [`${DOC}SummarizeText`] }), provider: csProvider({ id: `${DOC}SummarizeText` }) });
    expect(v.outcome).toBe('Incompatible');
    expect(codes(v)).toContain('INTENT_NOT_APPLICABLE');
    expect(v.reasons.find((r) => r.code === 'INTENT_NOT_APPLICABLE')?.path).toBe('request:$.capabilityRefs');
  });
  it('intent unknown to the requester ontology files → Indeterminate UNKNOWN_TERM, not Incompatible', () => {
    const v = check({ envelope: envelope({ intentRef: `${CS}NoSuchIntent` }) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
  });
});

describe('the requester\'s knowledge comes only from files of the request\'s ontology and version → else Indeterminate UNKNOWN_TERM (6.4)', () => {
  const csText = readFileSync(new URL('cs.ttl', EX), 'utf8');
  async function withCs(text: string): Promise<OntologyIndex[]> {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-gate-version-'));
    const path = join(dir, 'cs.ttl');
    writeFileSync(path, text);
    const cs = await loadOntologyFile(path);
    rmSync(dir, { recursive: true, force: true });
    return [cs, ...ontologies.filter((o) => !o.source.endsWith('cs.ttl'))];
  }
  it('a file declaring agent-core 9.9 does not answer for a 1.0 request: its intent is not taken', async () => {
    const v = check({ ontologies: await withCs(csText.replace('owl:versionInfo "1.0"', 'owl:versionInfo "9.9"')) });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v)).toContain('UNKNOWN_TERM');
    const intent = v.reasons.find((r) => r.path === 'request:$.intentRef')!;
    expect(intent.message).toContain(`declares ${AGENT_CORE} version 9.9, not ${AGENT_CORE} version 1.0: 6.4`);
  });
  it('a file declaring another ontology does not answer for agent-core, whatever terms it defines', async () => {
    const v = check({ ontologies: await withCs(csText.replace('<https://example.org/onto/agent-core> a owl:Ontology', '<https://example.org/onto/other> a owl:Ontology')) });
    expect(v.outcome).toBe('Indeterminate');
    expect(v.reasons.find((r) => r.path === 'request:$.intentRef')?.message).toContain('declares another ontology, https://example.org/onto/other');
  });
  it('through an artifact (12.1) too: the same 9.9 file gives no Compatible', async () => {
    const v = check121({ ontologies: await withCs(csText.replace('owl:versionInfo "1.0"', 'owl:versionInfo "9.9"')) });
    expect([v.outcome, codes(v).includes('UNKNOWN_TERM')]).toEqual(['Indeterminate', true]);
  });
  it('a fragment that declares no ontology may add term senses (law.ttl), but never states the request\'s own intent or capabilities: at no version can it be checked (6.4)', async () => {
    const headerless = csText.replace(/<https:\/\/example\.org\/onto\/agent-core> a owl:Ontology ;\s*owl:versionInfo "1\.0" \./, '');
    expect(headerless).not.toContain('owl:Ontology');
    for (const version of ['1.0', '1.1']) {
      const v = check({ ontologies: await withCs(headerless), envelope: envelope({ ontologyVersion: version }), provider: csProvider({ ontologyVersion: version }), profile: profile({ ontologies: [{ ontologyId: AGENT_CORE, versions: ['1.0', '1.1'] }], versionRelations: [{ ontologyId: AGENT_CORE, from: '1.0', to: '1.1', relation: 'compatible' }] }) });
      expect([version, v.outcome, codes(v)[0]]).toEqual([version, 'Indeterminate', 'UNKNOWN_TERM']);
      expect(v.reasons[0]!.message).toContain('declares no ontology and version');
    }
  });

  it('an intentRef that names a capability, a domain or a concept is no intent: UNKNOWN_TERM, never Compatible (5.2)', () => {
    for (const ref of [`${CS}TechTranslation`, `${CS}ComputerScience`, `${CS}LargeLanguageModel`]) {
      const v = check({ envelope: envelope({ intentRef: ref }) });
      expect([ref, v.outcome, codes(v)]).toEqual([ref, 'Indeterminate', ['UNKNOWN_TERM']]);
    }
  });
});

describe('several ontology files are one graph; a binding must name one known sense (5.4, 6.4)', () => {
  const csText = readFileSync(new URL('cs.ttl', EX), 'utf8');
  async function fileOf(name: string, text: string): Promise<OntologyIndex> {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-gate-graph-'));
    const path = join(dir, name);
    writeFileSync(path, text);
    const index = await loadOntologyFile(path);
    rmSync(dir, { recursive: true, force: true });
    return index;
  }
  it('what a second file adds about a term counts, whatever the order: another input media type is the same conflict either way', async () => {
    const pdf = await fileOf('cs-pdf.ttl', `${csText}\ncs:TechTranslation ioa:inputs "application/pdf" .\n`);
    const cs = ontologies.find((o) => o.source.endsWith('cs.ttl'))!;
    const others = ontologies.filter((o) => o !== cs);
    for (const order of [[cs, pdf], [pdf, cs]]) {
      const v = check({ ontologies: [...order, ...others] });
      expect([v.outcome, codes(v)]).toEqual(['Incompatible', ['CONSTRAINT_CONFLICT']]);
    }
  });
  it('a required capability stated only in the second file is required', async () => {
    const more = await fileOf('cs-req.ttl', `${csText}\ncs:TranslateTechDoc ioa:requiresCapability cs:Other .\n`);
    const v = check({ ontologies: [...ontologies, more] });
    expect([v.outcome, codes(v)]).toEqual(['Incompatible', ['INTENT_NOT_APPLICABLE']]);
  });
  it('a sense nobody defines is UNKNOWN_TERM under a cross-domain profile too; one term bound to two senses is ambiguous', () => {
    const crossDomain = profile({ termBindings: { permittedDomains: [`${CS}ComputerScience`], crossDomain: true } });
    const undefinedSense = check({ profile: crossDomain, envelope: envelope({}, { termBindings: [{ term: 'LLM', sense: `${CS}Undefined` }] }) });
    expect([undefinedSense.outcome, codes(undefinedSense)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
    const twice = check({ profile: crossDomain, envelope: envelope({}, { termBindings: [{ term: 'LLM', sense: `${CS}LargeLanguageModel` }, { term: 'LLM', sense: `${LAW}MasterOfLaws` }] }) });
    expect([twice.outcome, codes(twice)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
    expect(twice.reasons[0]).toMatchObject({ path: 'request:$.profileContext.termBindings[1].term', message: expect.stringContaining('ambiguous binding') });
    // The same term bound twice to one sense is no ambiguity.
    expect(check({ profile: crossDomain, envelope: envelope({}, { termBindings: [{ term: 'LLM', sense: `${CS}LargeLanguageModel` }, { term: 'LLM', sense: `${CS}LargeLanguageModel` }] }) }).outcome).toBe('Compatible');
  });
});

describe('row: term binding sense outside the permitted domains → Incompatible DOMAIN_RESTRICTION (5.4, 12.3)', () => {
  const lawBinding = { termBindings: [{ term: 'LLM', sense: `${LAW}MasterOfLaws` }] };
  it('LLM bound to law:MasterOfLaws under a CS-only profile', () => {
    const v = check({ envelope: envelope({}, lawBinding) });
    expect(v.outcome).toBe('Incompatible');
    expect(codes(v)).toEqual(['DOMAIN_RESTRICTION']);
    expect(v.reasons[0]!.path).toBe('request:$.profileContext.termBindings[0].sense');
  });
  it('the same binding under a profile permitting cross-domain terms is accepted', () => {
    const v = check({ envelope: envelope({}, lawBinding), profile: profile({ termBindings: { permittedDomains: [`${CS}ComputerScience`], crossDomain: true } }) });
    expect(v.outcome).toBe('Compatible');
  });
  it('without law.ttl the sense is unknown: Indeterminate UNKNOWN_TERM, never a guessed domain', () => {
    const v = check({ envelope: envelope({}, lawBinding), ontologies: ontologies.filter((o) => !o.source.endsWith('law.ttl')) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
  });
});

describe('row: provider constraints conflict with the task → Incompatible CONSTRAINT_CONFLICT (S3)', () => {
  it('media type: provider accepts only application/pdf, the task sends text/plain', () => {
    const v = check({ provider: csProvider({ inputs: ['application/pdf'] }) });
    expect([v.outcome, codes(v)]).toEqual(['Incompatible', ['CONSTRAINT_CONFLICT']]);
    expect(v.reasons[0]!.path).toBe('provider:$.inputs');
  });
  it('language: provider produces fr only, the task needs en (no fallback)', () => {
    const v = check({ provider: csProvider({ targetLang: ['fr'] }) });
    expect([v.outcome, codes(v)]).toEqual(['Incompatible', ['CONSTRAINT_CONFLICT']]);
  });
  it('language tags compare exactly: zh-CN is not zh, and not a conflict either (related tags, nothing inferred: 7.1)', () => {
    const v = check({ provider: csProvider({ sourceLang: ['zh-CN'] }) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['CONSTRAINT_NOT_ESTABLISHED']]);
    expect(check({ provider: csProvider({ sourceLang: ['ZH'], inputs: ['Text/Plain'] }) }).outcome).toBe('Compatible');
  });
  it('a conflict wins over an unavailable input: a completed finding is Incompatible (7.1)', () => {
    const v = check({ provider: csProvider({ inputs: ['application/pdf'] }), artifacts: [{ kind: 'unavailable', role: 'artifact', location: 'x.json', message: 'ENOENT' }] });
    expect(v.outcome).toBe('Incompatible');
    expect(codes(v)).toEqual(expect.arrayContaining(['CONSTRAINT_CONFLICT', 'RESOURCE_UNAVAILABLE']));
  });
});

describe('row: different ontologies, no artifact → Indeterminate NO_ACCEPTED_ALIGNMENT (7.1)', () => {
  it('doc:TranslateText provider without any artifact', () => {
    const v = check({ provider: docProvider() });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['NO_ACCEPTED_ALIGNMENT']]);
  });
});

describe('row: only candidates / scores, however high → Indeterminate CANDIDATE_ONLY (S2, 7.4)', () => {
  const candidate = (score: number): Candidate => ({
    subject: `${CS}TechTranslation`, predicate: 'skos:exactMatch', object: `${DOC}TranslateText`, generator: 'lexical', score: rawScore(score),
    measure: 'jaro-winkler', rank: 1, justification: 'semapv:LexicalMatching', evidence: [],
  });
  it('similarity 0.99 without an accepted mapping', () => {
    const v = check({ provider: docProvider(), candidates: [candidate(0.99)] });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['CANDIDATE_ONLY']]);
  });
  it('for any score whatsoever (property)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true }), (score) => {
      const v = check({ provider: docProvider(), candidates: [candidate(score)] });
      return v.outcome === 'Indeterminate' && codes(v).includes('CANDIDATE_ONLY');
    }), { numRuns: 200 });
  });
  it('an SSSOM record with similarity_score 1.0 is still only a candidate', () => {
    const v = check({ provider: docProvider(), candidates: [{ subjectId: `${CS}TechTranslation`, predicateId: 'skos:exactMatch', objectId: `${DOC}TranslateText`, justification: 'semapv:LexicalMatching', similarityScore: 1 }] });
    expect(codes(v)).toEqual(['CANDIDATE_ONLY']);
  });
});

describe('row: a reviewer rejected the mapping → Indeterminate CANDIDATE_REJECTED, never Compatible (7.4)', () => {
  const rejected = { subjectId: `${CS}TechTranslation`, predicateId: 'skos:exactMatch', predicateModifier: 'Not' as const, objectId: `${DOC}TranslateText`, justification: 'semapv:MappingReview', similarityScore: 0.99, reviewerId: ['https://orcid.org/0000-0002-1825-0097'], reviewDate: '2026-12-03' };
  it('a rejected reviewed row gets its own reason, naming who and when', () => {
    const v = check({ provider: docProvider(), candidates: [rejected] });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['CANDIDATE_REJECTED']]);
    expect(v.reasons[0]!.message).toContain('0000-0002-1825-0097');
    expect(v.reasons[0]!.message).toContain('2026-12-03');
  });
  it('beside a candidate of the same pair, both reasons are given', () => {
    const { predicateModifier: _, ...proposal } = rejected;
    const v = check({ provider: docProvider(), candidates: [rejected, { ...proposal, predicateId: 'skos:broadMatch', justification: 'semapv:LexicalMatching' }] });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v).sort()).toEqual(['CANDIDATE_ONLY', 'CANDIDATE_REJECTED']);
  });
  it('the rejection changes the candidates digest (a cached result is not reused)', () => {
    const a = check({ provider: docProvider(), candidates: [rejected] });
    const { predicateModifier: _, ...accepted } = rejected;
    const b = check({ provider: docProvider(), candidates: [accepted] });
    expect(a.inputs.candidates).not.toBe(b.inputs.candidates);
  });
});

describe('12.1: zh→en technical translation through the 12.4 artifact signed by a trusted issuer → Compatible', () => {
  it('is Compatible and names the artifact rule used', () => {
    const v = check121();
    expect(v.outcome).toBe('Compatible');
    expect(v.mapping).toEqual([expect.objectContaining({ kind: 'artifact', artifactId: 'https://example.org/align/cs-doc-v1', revision: '1', ruleIndex: 0, provider: `${DOC}TranslateText`, assertedBy: AUTHORITY })]);
    expect(v.inputs.artifacts).toEqual([expect.objectContaining({ artifactId: 'https://example.org/align/cs-doc-v1', revision: '1' })]);
  });
  it('confidence is descriptive: 0.01 or 1.0 gives the same verdict', () => {
    const low = check121({}, { ...artifact12_4(), confidence: 0.01 });
    const high = check121({}, { ...artifact12_4(), confidence: 1 });
    expect([low.outcome, high.outcome]).toEqual(['Compatible', 'Compatible']);
  });
});

describe('row: artifact excluded before selection → Indeterminate ARTIFACT_EXCLUDED (+ why) (7.2, 7.3)', () => {
  const expectExcluded = (v: Verdict, detail: string): void => {
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v)).toContain('ARTIFACT_EXCLUDED');
    expect(codes(v)).toContain('NO_ACCEPTED_ALIGNMENT');
    expect(details(v)).toContain(detail);
    expect(v.excluded.map((e) => e.code)).toContain(detail);
  };
  it('untrusted issuer (not in the policy)', () => {
    expectExcluded(check121({}, { ...artifact12_4(), assertedBy: 'https://example.com/someone-else' }), 'UNTRUSTED_ISSUER');
  });
  it('no trust policy at all: nothing is trusted', () => {
    expectExcluded(check121({ trust: undefined }), 'UNTRUSTED_ISSUER');
  });
  it('unsigned while the policy requires signatures; a confidence of 1.0 does not help', () => {
    const v = check({ provider: docProvider(), artifacts: [artifact({ ...artifact12_4(), confidence: 1 })], trust: trust(authorityKey()) });
    expectExcluded(v, 'SIGNATURE_MISSING');
  });
  it('requireSignature false: an unsigned artifact of a trusted, in-scope issuer is accepted, but a present bad signature still excludes', () => {
    const key = authorityKey();
    const lax = trust(key, { requireSignature: false });
    expect(check({ provider: docProvider(), artifacts: [artifact(artifact12_4())], trust: lax }).outcome).toBe('Compatible');
    const signed = artifact(artifact12_4(), key).document as Record<string, unknown>;
    const forged = artifact({ ...signed, revision: '9' });
    expectExcluded(check({ provider: docProvider(), artifacts: [forged], trust: lax }), 'SIGNATURE_INVALID');
    expectExcluded(check({ provider: docProvider(), artifacts: [artifact({ ...artifact12_4(), assertedBy: 'https://example.com/x' })], trust: lax }), 'UNTRUSTED_ISSUER');
  });
  it('bad signature: a rule changed after signing', () => {
    const key = authorityKey();
    const signed = artifact(artifact12_4(), key).document as Record<string, unknown>;
    const tampered = structuredClone(signed) as { mappingRules: Array<{ conditions: Record<string, string> }> };
    tampered.mappingRules[0]!.conditions.targetLang = 'en';
    tampered.mappingRules[0]!.conditions.sourceLang = 'ja';
    const v = check({ provider: docProvider(), artifacts: [artifact(tampered as unknown as Record<string, unknown>)], trust: trust(key) });
    expectExcluded(v, 'SIGNATURE_INVALID');
  });
  it('signed by a key the policy does not list for that issuer', () => {
    const other = generateEd25519KeyPair();
    expectExcluded(check({ provider: docProvider(), artifacts: [artifact(artifact12_4(), other)], trust: trust(authorityKey()) }), 'UNTRUSTED_KEY');
  });
  it('expired (validUntil + clock skew before now)', () => {
    expectExcluded(check121({ now: Date.parse('2027-01-01T00:00:00Z') }), 'EXPIRED');
  });
  it('clock skew: 30 s after validUntil is still valid with 60 s skew', () => {
    expect(check121({ now: Date.parse('2026-12-31T00:00:30Z') }).outcome).toBe('Compatible');
  });
  it('not yet valid (validFrom − skew after now)', () => {
    expectExcluded(check121({}, { ...artifact12_4(), validFrom: '2026-09-01T00:00:00Z' }), 'NOT_YET_VALID');
  });
  it('wrong versions: artifact covers doc 1.0, the provider uses 2.0', () => {
    expectExcluded(check121({}, { ...artifact12_4(), targetOntologyVersion: '1.0' }), 'VERSION_MISMATCH');
  });
  it('artifact for doc 2.0, provider on doc 2.1: usable only through the profile\'s explicit relation 2.0 → 2.1 (5.3)', () => {
    const ontologiesOf = [{ ontologyId: AGENT_CORE, versions: ['1.0'] }, { ontologyId: DOC_ONTO, versions: ['2.0', '2.1'] }];
    const provider = docProvider({ ontologyVersion: '2.1' });
    expectExcluded(check121({ provider, profile: profile({ ontologies: ontologiesOf }) }), 'VERSION_MISMATCH');
    const related = profile({ ontologies: ontologiesOf, versionRelations: [{ ontologyId: DOC_ONTO, from: '2.0', to: '2.1', relation: 'compatible' }] });
    expect(check121({ provider, profile: related }).outcome).toBe('Compatible');
    const reversed = profile({ ontologies: ontologiesOf, versionRelations: [{ ontologyId: DOC_ONTO, from: '2.1', to: '2.0', relation: 'compatible' }] });
    expectExcluded(check121({ provider, profile: reversed }), 'VERSION_MISMATCH');
  });
  it('out of scope: a valid signature from an issuer trusted only for other ontologies (7.2)', () => {
    const key = authorityKey();
    const v = check({ provider: docProvider(), artifacts: [artifact(artifact12_4(), key)], trust: trust(key, {}, [{ sourceOntologyId: AGENT_CORE, targetOntologyId: 'https://example.com/onto/other' }]) });
    expectExcluded(v, 'OUT_OF_SCOPE');
  });
  it('inconsistent: two accepted artifacts with the same id and revision but different rules', () => {
    const key = authorityKey();
    const a = artifact(artifact12_4(), key);
    const doc2 = artifact12_4() as { mappingRules: Array<{ conditions: Record<string, string> }> } & Record<string, unknown>;
    doc2.mappingRules[0]!.conditions.outputMediaType = 'text/plain';
    doc2.description = 'edited';
    const v = check({ provider: docProvider(), artifacts: [a, artifact(doc2, key)], trust: trust(key) });
    expectExcluded(v, 'INCONSISTENT');
  });
});

describe('row: reverse or chained mapping not declared → excluded REVERSE_NOT_DECLARED / CHAIN_NOT_DECLARED (7.2)', () => {
  it('an artifact declared target-to-source cannot be used source-to-target', () => {
    const v = check121({}, { ...artifact12_4(), direction: 'target-to-source' });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v)).toContain('REVERSE_NOT_DECLARED');
  });
  it('the provider → requester artifact 12.4 used for a request under doc is a reverse use', () => {
    const key = authorityKey();
    const v = check({
      envelope: envelope({ ontologyId: DOC_ONTO, ontologyVersion: '2.0', capabilityRefs: [`${DOC}TranslateText`], intentRef: `${DOC}TranslateDocument` }, { termBindings: [] }),
      provider: csProvider(),
      artifacts: [artifact(artifact12_4(), key)],
      trust: trust(key, {}, [{ sourceOntologyId: AGENT_CORE, targetOntologyId: DOC_ONTO }]),
    });
    expect(codes(v)).toContain('REVERSE_NOT_DECLARED');
    expect(v.outcome).toBe('Indeterminate');
  });
  it('a declared reverse (source doc, target agent-core, target-to-source) is accepted', () => {
    const key = authorityKey();
    const doc = {
      ...artifact12_4(), sourceOntologyId: DOC_ONTO, sourceOntologyVersion: '2.0', targetOntologyId: AGENT_CORE, targetOntologyVersion: '1.0', direction: 'target-to-source',
      mappingRules: [{ from: `${DOC}TranslateText`, to: `${CS}TechTranslation`, conditions: (artifact12_4() as { mappingRules: Array<{ conditions: unknown }> }).mappingRules[0]!.conditions }],
    };
    // Scopes cover a direction of use: this artifact is used agent-core → doc (its declared reverse).
    const v = check({ provider: docProvider(), artifacts: [artifact(doc, key)], trust: trust(key, {}, [{ sourceOntologyId: AGENT_CORE, targetOntologyId: DOC_ONTO }]) });
    expect(v.outcome).toBe('Compatible');
    expect(v.mapping[0]).toMatchObject({ kind: 'artifact', orientation: 'reverse' });
  });
  it('bidirectional only when stated: a bidirectional artifact serves both uses', () => {
    expect(check121({}, { ...artifact12_4(), direction: 'bidirectional' }).outcome).toBe('Compatible');
  });
  it('two trusted artifacts agent-core → mid and mid → doc are not composed', () => {
    const key = authorityKey();
    const MID = 'https://example.org/onto/mid';
    const first = { ...artifact12_4(), artifactId: 'https://example.org/align/cs-mid', targetOntologyId: MID, targetOntologyVersion: '1', mappingRules: [{ from: `${CS}TechTranslation`, to: `${MID}#T`, conditions: {} }] };
    const second = { ...artifact12_4(), artifactId: 'https://example.org/align/mid-doc', sourceOntologyId: MID, sourceOntologyVersion: '1', mappingRules: [{ from: `${MID}#T`, to: `${DOC}TranslateText`, conditions: {} }] };
    const policy = trust(key, {}, [{ sourceOntologyId: AGENT_CORE, targetOntologyId: MID }, { sourceOntologyId: MID, targetOntologyId: DOC_ONTO }]);
    const v = check({ provider: docProvider(), artifacts: [artifact(first, key), artifact(second, key)], trust: policy });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v).filter((c) => c === 'CHAIN_NOT_DECLARED')).toHaveLength(2);
  });
});

describe('row: rule conditions do not cover the task → RULE_INAPPLICABLE (7.3)', () => {
  it('task zh→fr, rule zh→en', () => {
    const v = check121({ envelope: envelope({}, { targetLang: 'fr' }) });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v)).toEqual(expect.arrayContaining(['RULE_INAPPLICABLE', 'NO_ACCEPTED_ALIGNMENT']));
    expect(v.reasons.find((r) => r.code === 'RULE_INAPPLICABLE')?.path).toBe('artifact:$.mappingRules[0].conditions');
  });
  it('a rule missing a condition the profile requires is excluded, not repaired by confidence (7.2)', () => {
    const doc = artifact12_4() as { mappingRules: Array<{ conditions: Record<string, string> }>; confidence: number } & Record<string, unknown>;
    delete doc.mappingRules[0]!.conditions.domain;
    doc.confidence = 1;
    const v = check121({}, doc);
    expect(codes(v)).toContain('RULE_INAPPLICABLE');
    expect(v.outcome).toBe('Indeterminate');
  });
  it('the same rule without the domain condition is fine under a profile that does not require it', () => {
    const doc = artifact12_4() as { mappingRules: Array<{ conditions: Record<string, string> }> } & Record<string, unknown>;
    delete doc.mappingRules[0]!.conditions.domain;
    expect(check121({ profile: profile({ requiredConditions: ['inputMediaType', 'outputMediaType', 'sourceLang', 'targetLang'] }) }, doc).outcome).toBe('Compatible');
  });
  it('a task that does not state a required condition is Indeterminate CONSTRAINT_NOT_ESTABLISHED', () => {
    const { sourceLang: _s, ...noSource } = envelope().profileContext!;
    const v = check121({ envelope: envelope({ profileContext: noSource }) });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v)).toContain('CONSTRAINT_NOT_ESTABLISHED');
  });
});

describe('row: a rule condition without defined semantics → Indeterminate UNKNOWN_CONDITION', () => {
  it('an extra "unit" condition is neither applied nor dropped', () => {
    const doc = artifact12_4() as { mappingRules: Array<{ conditions: Record<string, unknown> }> } & Record<string, unknown>;
    doc.mappingRules[0]!.conditions.unit = 'mm';
    const v = check121({}, doc);
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_CONDITION']]);
    expect(v.reasons[0]!.path).toBe('artifact:$.mappingRules[0].conditions.unit');
  });
  it('a condition named __proto__ is kept as a condition, not taken as the object\'s prototype: UNKNOWN_CONDITION, never Compatible', () => {
    const doc = JSON.parse(JSON.stringify(artifact12_4()).replace('"conditions":{', '"conditions":{"__proto__":{"requiresHumanApproval":"yes"},')) as Record<string, unknown>;
    expect(JSON.stringify(doc)).toContain('"__proto__"');
    const v = check121({}, doc);
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_CONDITION']]);
    expect(v.reasons[0]!.path).toBe('artifact:$.mappingRules[0].conditions.__proto__');
  });
});

describe('row: a required capability the requester\'s ontology does not define → Indeterminate UNKNOWN_TERM (6.4, 7.1)', () => {
  it('an artifact rule for it does not make it known', () => {
    const doc = artifact12_4() as { mappingRules: Array<Record<string, unknown>> } & Record<string, unknown>;
    doc.mappingRules.push({ ...doc.mappingRules[0]!, from: `${CS}NoSuchCapability` });
    const v = check121({ envelope: envelope({ capabilityRefs: [`${CS}TechTranslation`, `${CS}NoSuchCapability`] }) }, doc);
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
    expect(v.reasons[0]!.path).toBe('request:$.capabilityRefs[1]');
  });
});

describe('row: several applicable rules, different targets, no selection rule → Indeterminate AMBIGUOUS_MAPPING (7.3)', () => {
  const withSecondTarget = (): Record<string, unknown> => {
    const doc = artifact12_4() as { mappingRules: Array<Record<string, unknown>> } & Record<string, unknown>;
    doc.mappingRules.push({ ...doc.mappingRules[0]!, to: `${DOC}SummarizeText` });
    return doc;
  };
  it('one artifact, two rules for cs:TechTranslation with different targets', () => {
    const v = check121({}, withSecondTarget());
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['AMBIGUOUS_MAPPING']]);
  });
  it('latest-revision picks the highest revision of one issuer', () => {
    const key = authorityKey();
    const r1 = { ...artifact12_4(), mappingRules: [{ ...(artifact12_4() as { mappingRules: Array<Record<string, unknown>> }).mappingRules[0]!, to: `${DOC}SummarizeText` }] };
    const r2 = { ...artifact12_4(), revision: '2' };
    const input = { provider: docProvider(), artifacts: [artifact(r1, key), artifact(r2, key)], trust: trust(key) };
    expect(codes(check(input))).toEqual(['AMBIGUOUS_MAPPING']);
    const v = check({ ...input, profile: profile({ mappingSelection: 'latest-revision' }) });
    expect(v.outcome).toBe('Compatible');
    expect(v.mapping[0]).toMatchObject({ revision: '2' });
    expect(v.excluded).toEqual([expect.objectContaining({ code: 'SUPERSEDED', revision: '1' })]);
  });
  it('latest-revision: a later revision that narrows the rule replaces the earlier one before any rule is read (7.3, S5)', () => {
    const key = authorityKey();
    const narrowed = { ...artifact12_4(), revision: '2', mappingRules: [{ ...(artifact12_4() as { mappingRules: Array<Record<string, unknown>> }).mappingRules[0]!, relation: 'skos:narrowMatch' }] };
    const relanguaged = artifact12_4() as { mappingRules: Array<{ conditions: Record<string, unknown> }> } & Record<string, unknown>;
    relanguaged.revision = '2';
    relanguaged.mappingRules[0]!.conditions.sourceLang = 'ja';
    for (const r2 of [narrowed, relanguaged]) {
      const v = check({ provider: docProvider(), artifacts: [artifact(artifact12_4(), key), artifact(r2, key)], trust: trust(key), profile: profile({ mappingSelection: 'latest-revision' }) });
      expect([v.outcome, v.mapping]).toEqual(['Indeterminate', []]);
      expect(v.excluded.map((e) => [e.revision, e.code])).toEqual([['1', 'SUPERSEDED'], ['2', 'RULE_INAPPLICABLE']]);
    }
  });
  it('without a selection rule, two revisions of one artifact that map the capability differently are no basis for a decision (7.3)', () => {
    const key = authorityKey();
    const r2 = artifact12_4() as { mappingRules: Array<{ conditions: Record<string, unknown> }> } & Record<string, unknown>;
    r2.revision = '2';
    r2.mappingRules[0]!.conditions.sourceLang = 'ja';
    const v = check({ provider: docProvider(), artifacts: [artifact(artifact12_4(), key), artifact(r2, key)], trust: trust(key) });
    expect([v.outcome, codes(v)[0]]).toEqual(['Indeterminate', 'AMBIGUOUS_MAPPING']);
    expect(v.reasons[0]!.message).toContain('revisions 1, 2 of https://example.org/align/cs-doc-v1');
    // The same rule in both revisions says one thing: Compatible.
    const same = { ...artifact12_4(), revision: '2' };
    expect(check({ provider: docProvider(), artifacts: [artifact(artifact12_4(), key), artifact(same, key)], trust: trust(key) }).outcome).toBe('Compatible');
  });
  it('an artifact whose rules map one pair both as serving and as narrower contradicts itself: Indeterminate, whatever the order of the rules', () => {
    const rule = (artifact12_4() as { mappingRules: Array<Record<string, unknown>> }).mappingRules[0]!;
    for (const rules of [[rule, { ...rule, relation: 'skos:narrowMatch' }], [{ ...rule, relation: 'skos:narrowMatch' }, rule]]) {
      const v = check121({}, { ...artifact12_4(), mappingRules: rules });
      expect([v.outcome, codes(v)[0], v.mapping]).toEqual(['Indeterminate', 'AMBIGUOUS_MAPPING', []]);
      expect(v.reasons[0]!.message).toContain('contradict each other');
    }
  });
  it('latest-revision does not order artifacts of different issuers', () => {
    const key = authorityKey();
    const OTHER = 'https://example.org/other-authority';
    const a = { ...artifact12_4(), mappingRules: [{ ...(artifact12_4() as { mappingRules: Array<Record<string, unknown>> }).mappingRules[0]!, to: `${DOC}SummarizeText` }] };
    const b = { ...artifact12_4(), artifactId: 'https://example.org/align/other', revision: '5', assertedBy: OTHER };
    const policy = trust(key);
    policy.trustedIssuers.push({ ...policy.trustedIssuers[0]!, id: OTHER });
    const v = check({ provider: docProvider(), artifacts: [artifact(a, key), artifact(b, key)], trust: policy, profile: profile({ mappingSelection: 'latest-revision' }) });
    expect(codes(v)).toEqual(['AMBIGUOUS_MAPPING']);
  });
});

describe('row: required resource unavailable → Indeterminate RESOURCE_UNAVAILABLE, never absent or Incompatible (S4, 6.1)', () => {
  it('artifact could not be obtained', () => {
    const v = check({ provider: docProvider(), artifacts: [{ kind: 'unavailable', role: 'artifact', location: 'missing.json', message: 'ENOENT' }], trust: trust(authorityKey()) });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v)).toContain('RESOURCE_UNAVAILABLE');
  });
  it('profile could not be obtained', () => {
    const v = check({ profile: { kind: 'unavailable', role: 'profile', location: 'https://example.org/p', message: 'remote retrieval prohibited by policy' } });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['RESOURCE_UNAVAILABLE']]);
  });
  it('the request references an alignment artifact that was not supplied (never fetched implicitly)', () => {
    const v = check121({ envelope: envelope({ alignmentRef: 'https://example.org/align/cs-doc-v2' }) });
    expect(v.outcome).toBe('Indeterminate');
    // The artifact supplied is not the one named: it does not decide in its place.
    expect(codes(v)).toEqual(['RESOURCE_UNAVAILABLE', 'NO_ACCEPTED_ALIGNMENT', 'ARTIFACT_EXCLUDED']);
    expect(details(v)).toEqual(['NOT_REFERENCED']);
    expect(check121({ envelope: envelope({ alignmentRef: 'https://example.org/align/cs-doc-v1' }) }).outcome).toBe('Compatible');
  });
  it('the request names an artifact whose rule does not apply: another artifact the receiver holds does not decide instead (7.3)', () => {
    const key = authorityKey();
    const pinned = artifact12_4() as { mappingRules: Array<{ conditions: Record<string, unknown> }> } & Record<string, unknown>;
    pinned.artifactId = 'https://example.org/align/pinned-ja';
    pinned.mappingRules[0]!.conditions.sourceLang = 'ja';
    const v = check121({ envelope: envelope({ alignmentRef: 'https://example.org/align/pinned-ja' }), artifacts: [artifact(pinned, key), artifact(artifact12_4(), key)] });
    expect(v.outcome).toBe('Indeterminate');
    expect(v.excluded.map((e) => [e.artifactId, e.code])).toEqual([['https://example.org/align/cs-doc-v1', 'NOT_REFERENCED'], ['https://example.org/align/pinned-ja', 'RULE_INAPPLICABLE']]);
    // Without the pin the receiver's other artifact may serve.
    expect(check121({ artifacts: [artifact(pinned, key), artifact(artifact12_4(), key)] }).outcome).toBe('Compatible');
  });
  it('a referenced artifact whose retrieval failed is reported once, as unavailable', () => {
    const ref = 'https://example.org/align/cs-doc-v2';
    const v = check({ envelope: envelope({ alignmentRef: ref }), provider: docProvider(), artifacts: [{ kind: 'unavailable', role: 'artifact', location: ref, message: 'timed out after 2000 ms' }], trust: trust(authorityKey()) });
    expect(v.outcome).toBe('Indeterminate');
    expect(codes(v).filter((c) => c === 'RESOURCE_UNAVAILABLE')).toHaveLength(1);
  });
});

describe('artifact validation (7.2, 12.4): malformed artifacts are invalid input, not verdicts', () => {
  it('the 12.4 example as printed is valid, unsigned, with confidence kept as metadata', () => {
    const r = validateArtifact(artifact12_4());
    expect(r.ok).toBe(true);
    expect(r.value?.confidence).toBe(0.91);
    expect(r.value?.signature).toBeUndefined();
  });
  const cases: Array<[string, (d: Record<string, unknown>) => void, string, string]> = [
    ['missing direction', (d) => { delete d.direction; }, 'E_INVALID_MISSING_FIELD', '$.direction'],
    ['unknown direction', (d) => { d.direction = 'both'; }, 'E_INVALID_VALUE', '$.direction'],
    ['relative artifactId', (d) => { d.artifactId = 'align/cs-doc-v1'; }, 'E_INVALID_RELATIVE_IRI', '$.artifactId'],
    ['compact rule IRI', (d) => { (d.mappingRules as Array<Record<string, unknown>>)[0]!.from = 'cs:TechTranslation'; }, 'E_INVALID_IRI', '$.mappingRules[0].from'],
    ['numeric revision', (d) => { d.revision = 1; }, 'E_INVALID_VALUE_TYPE', '$.revision'],
    ['bad validUntil', (d) => { d.validUntil = '31/12/2026'; }, 'E_INVALID_VALUE', '$.validUntil'],
    ['empty mappingRules', (d) => { d.mappingRules = []; }, 'E_INVALID_EMPTY_VALUE', '$.mappingRules'],
    ['unknown member', (d) => { d.score = 0.99; }, 'E_INVALID_UNKNOWN_MEMBER', '$.score'],
    ['bad language tag', (d) => { ((d.mappingRules as Array<{ conditions: Record<string, unknown> }>)[0]!.conditions).sourceLang = 'zh_CN'; }, 'E_INVALID_LANGUAGE_TAG', '$.mappingRules[0].conditions.sourceLang'],
    ['bad media type', (d) => { ((d.mappingRules as Array<{ conditions: Record<string, unknown> }>)[0]!.conditions).inputMediaType = 'plain text'; }, 'E_INVALID_MEDIA_TYPE', '$.mappingRules[0].conditions.inputMediaType'],
    ['non-Ed25519 signature', (d) => { d.signature = { alg: 'RS256', keyId: 'k', value: 'A'.repeat(86) }; }, 'E_INVALID_VALUE', '$.signature.alg'],
    ['signature value not 64 bytes', (d) => { d.signature = { alg: 'Ed25519', keyId: 'k', value: 'abc' }; }, 'E_INVALID_VALUE', '$.signature.value'],
    ['string confidence', (d) => { d.confidence = 'high'; }, 'E_INVALID_VALUE_TYPE', '$.confidence'],
    ['confidence above 1', (d) => { d.confidence = 2; }, 'E_INVALID_VALUE', '$.confidence'],
    ['negative confidence', (d) => { d.confidence = -0.1; }, 'E_INVALID_VALUE', '$.confidence'],
    ['revision with a line break', (d) => { d.revision = '1\n'; }, 'E_INVALID_VALUE', '$.revision'],
  ];
  it.each(cases)('%s → %s at %s', (_name, mutate, code, path) => {
    const doc = artifact12_4();
    mutate(doc);
    const r = validateArtifact(doc);
    expect(r.ok).toBe(false);
    expect(r.findings).toContainEqual(expect.objectContaining({ code, path, severity: 'error' }));
  });
  it('a confidence too large for a double is said as such (not "must be a number, got number"): in the text it is no I-JSON, in an object out of range', () => {
    const text = JSON.stringify(artifact12_4()).replace('"confidence":0.91', '"confidence":1e400');
    expect(text).toContain('1e400');
    // Read from text, the number is refused before JSON.parse could make it Infinity (RFC 7493 2.2).
    expect(validateArtifact(text).findings).toEqual([expect.objectContaining({ code: 'E_INVALID_JSON', path: '$.confidence', message: expect.stringContaining('the number 1e400 is beyond what a double holds') })]);
    // Given as an object, the Infinity it already holds is out of range.
    const r = validateArtifact({ ...artifact12_4(), confidence: Number.POSITIVE_INFINITY });
    expect(r.findings).toEqual([expect.objectContaining({ code: 'E_INVALID_VALUE', path: '$.confidence', message: '"confidence" must lie between 0 and 1 (descriptive only), got a number too large for a double' })]);
  });
  it('text that is not JSON', () => {
    const r = validateArtifact('{"artifactId":');
    expect(r.findings.map((f) => f.code)).toEqual(['E_INVALID_JSON']);
  });
});
