/**
 * One test (at least) per MUST of draft Sections 5.3, 5.4 and 6.1–6.5 that document validation
 * can decide. Every negative test asserts the exact set of error codes.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  BASELINE_CONTEXT, compileShapes, validateCapability, validateContextDocument, validateEnvelope, validateProfile,
  type DocumentLoader, type DomainProfile,
} from '../../src/envelope/index.js';
import { capability, ctx, envelope, errorCodes, withCode, type Json } from './helpers.js';

const CS = 'https://example.org/onto/cs#';

function profile(extra: Json = {}): DomainProfile {
  const r = validateProfile({
    profileId: 'https://example.org/profiles/tech-translation',
    revision: '1',
    ontologies: [{ ontologyId: 'https://example.org/onto/agent-core', versions: ['1.0'] }],
    ...extra,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.findings));
  return r.value;
}

describe('Section 5.3 Profiles and Versions', () => {
  it('5.3: a domain profile permitting cross-version use MUST specify the relationship — a relation without "relation" is invalid', () => {
    const r = validateProfile({
      profileId: 'https://example.org/p', revision: '1',
      ontologies: [{ ontologyId: 'https://example.org/onto/agent-core', versions: ['1.0'] }],
      versionRelations: [{ ontologyId: 'https://example.org/onto/agent-core', from: '1.0', to: '1.1' }],
    });
    expect(r.ok).toBe(false);
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
    expect(r.findings[0]!.path).toBe('$.versionRelations[0].relation');
    expect(r.findings[0]!.section).toBe('5.3');
  });

  it('5.3: a version relation with an undefined relation kind is invalid', () => {
    const r = validateProfile({
      profileId: 'https://example.org/p', revision: '1',
      ontologies: [{ ontologyId: 'https://example.org/onto/agent-core', versions: ['1.0'] }],
      versionRelations: [{ ontologyId: 'https://example.org/onto/agent-core', from: '1.0', to: '1.1', relation: 'semver-minor' }],
    });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_VALUE']);
  });

  it('5.3: receivers MUST NOT infer version relationships from the strings — none are added, versions are kept verbatim', async () => {
    const p = profile({ ontologies: [{ ontologyId: 'https://example.org/onto/agent-core', versions: ['1.0', '1.0.0', '1.1'] }] });
    expect(p.versionRelations).toEqual([]);
    const r = await validateEnvelope(envelope((d) => { d['ontologyVersion'] = '1.0.0'; }));
    expect(r.value?.ontologyVersion).toBe('1.0.0');
  });

  it('6.1: a context may say "@protected": false (the default; JSON-LD 1.1 allows it): the envelope is valid, and its own value is not changed', async () => {
    const doc = envelope((d) => { (d['@context'] as Json)['@protected'] = false; });
    const before = JSON.stringify(doc);
    const r = await validateEnvelope(doc);
    expect([r.ok, errorCodes(r.findings)]).toEqual([true, []]);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('5.3: a reused profile MUST have an unambiguous revision — no @id and no profileVersion is E_INVALID_REUSE', async () => {
    const r = await validateEnvelope(envelope(), { profile: profile({ envelopeReuse: true }) });
    expect(r.ok).toBe(false);
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_REUSE']);
    expect(r.findings[0]!.section).toBe('5.3');
  });

  it('5.3: a reused envelope with profileVersion but no instance identifier is E_INVALID_REUSE', async () => {
    const doc = envelope((d) => { ctx(d)['profileVersion'] = 'ioa:profileVersion'; d['profileVersion'] = '3'; });
    const r = await validateEnvelope(doc, { reused: true });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_REUSE']);
  });

  it('5.3: profileVersion combined with an instance identifier, or an immutable ni: reference, satisfies reuse', async () => {
    const withVersion = envelope((d) => {
      ctx(d)['profileVersion'] = 'ioa:profileVersion';
      d['@id'] = 'https://example.org/envelopes/task-42';
      d['profileVersion'] = '3';
    });
    const a = await validateEnvelope(withVersion, { reused: true });
    expect(a.findings).toEqual([]);
    expect([a.value?.id, a.value?.profileVersion]).toEqual(['https://example.org/envelopes/task-42', '3']);
    const immutable = envelope((d) => { d['@id'] = 'ni:///sha-256;UyaQV-Ev4rdLoHyJJWCi11OHfrYv9E1aGQAlMO2X_-Q'; });
    expect((await validateEnvelope(immutable, { reused: true })).ok).toBe(true);
  });

  it('5.3: without reuse, neither @id nor profileVersion is required', async () => {
    expect((await validateEnvelope(envelope(), { profile: profile() })).ok).toBe(true);
  });
});

describe('Section 5.4 Constraints and Consistency Rules', () => {
  it('5.4: receivers MUST validate field presence — a missing ontologyId is E_INVALID_MISSING_FIELD', async () => {
    const r = await validateEnvelope(envelope((d) => { delete d['ontologyId']; }));
    expect(r.ok).toBe(false);
    expect(r.value).toBeUndefined();
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
    expect(r.findings[0]!.path).toBe('$.ontologyId');
  });

  it('5.4: receivers MUST validate cardinality — two intentRefs are E_INVALID_CARDINALITY', async () => {
    const r = await validateEnvelope(envelope((d) => { d['intentRef'] = ['cs:TranslateTechDoc', 'cs:Other']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_CARDINALITY']);
    expect(r.findings[0]!.path).toBe('$.intentRef');
  });

  it('5.4: receivers MUST validate types — a field with the wrong type (number version) is invalid', async () => {
    const r = await validateEnvelope(envelope((d) => { d['ontologyVersion'] = 1.0; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_VALUE_TYPE']);
    expect(r.findings[0]!.hint).toContain('"1"');
  });

  it('5.4: receivers MUST validate identifier expansion — a relative capability reference is E_INVALID_RELATIVE_IRI', async () => {
    const r = await validateEnvelope(envelope((d) => { d['capabilityRefs'] = ['TechTranslation']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_RELATIVE_IRI']);
    expect(r.findings[0]!.path).toBe('$.capabilityRefs[0]');
  });

  it('5.4: the required constraints of the accepted profile MUST be evaluated — its SHACL shapes reject a violating envelope', async () => {
    const shapes = compileShapes(`
      @prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ioa: <https://example.org/ioa/semantic#> .
      <urn:shape:needs-alignment> a sh:NodeShape ; sh:targetClass ioa:SemanticProfile ;
        sh:property [ sh:path ioa:alignmentRef ; sh:minCount 1 ; sh:message "an alignmentRef is required by this profile" ] .`, 'needs-alignment.ttl');
    const r = await validateEnvelope(envelope(), { shapes });
    expect(r.ok).toBe(false);
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_SHAPE']);
    expect(r.findings[0]!.message).toContain('an alignmentRef is required by this profile');
    const withRef = envelope((d) => { ctx(d)['alignmentRef'] = { '@id': 'ioa:alignmentRef', '@type': '@id' }; d['alignmentRef'] = 'https://example.org/align/cs-doc-v1'; });
    const ok = await validateEnvelope(withRef, { shapes });
    expect(ok.findings).toEqual([]);
    expect(ok.value?.alignmentRef).toBe('https://example.org/align/cs-doc-v1');
  });

  it('5.4: a binding outside the permitted domain (12.3) is well-formed: validation leaves the Incompatible decision to the gate', async () => {
    const r = await validateEnvelope(envelope((d) => {
      const pc = d['profileContext'] as Json;
      (pc['termBindings'] as Json[])[0]!['sense'] = 'https://example.org/onto/law#MasterOfLaws';
    }), { profile: profile({ termBindings: { permittedDomains: [`${CS}ComputerScience`], crossDomain: false } }) });
    expect(r.ok).toBe(true);
    expect(r.value?.profileContext?.termBindings).toEqual([{ term: 'LLM', sense: 'https://example.org/onto/law#MasterOfLaws' }]);
  });

  it('5.4: SHACL does not replace closed-set validation — shapes that pass do not save a missing field', async () => {
    const shapes = compileShapes('@prefix sh: <http://www.w3.org/ns/shacl#> . <urn:s> a sh:NodeShape .');
    const r = await validateEnvelope(envelope((d) => { delete d['intentRef']; }), { shapes });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
  });
});

describe('Section 6.1 Context Requirements', () => {
  it('6.1: IRI-valued references MUST expand to absolute IRIs — a relative intentRef is E_INVALID_RELATIVE_IRI', async () => {
    const r = await validateEnvelope(envelope((d) => { d['intentRef'] = 'TranslateTechDoc'; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_RELATIVE_IRI']);
    expect(r.findings[0]!.section).toBe('6.1');
  });

  it('6.1: a compact IRI with an undefined prefix is not taken as absolute (E_INVALID_IRI with a hint)', async () => {
    const r = await validateEnvelope(envelope((d) => { delete ctx(d)['cs']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_IRI']);
    expect(withCode(r.findings, 'E_INVALID_IRI').map((f) => f.path).sort()).toEqual([
      '$.capabilityRefs[0]', '$.intentRef', '$.profileContext.domain', '$.profileContext.termBindings[0].sense',
    ]);
    expect(r.findings[0]!.hint).toContain('"cs"');
  });

  it('6.1: a relative @id is E_INVALID_RELATIVE_IRI', async () => {
    const r = await validateCapability(capability((d) => { d['@id'] = 'TechTranslation'; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_RELATIVE_IRI']);
    expect(r.findings[0]!.path).toBe('$["@id"]');
  });

  it('6.1: a domain extension MUST NOT redefine protected core terms — ontologyId mapped elsewhere', async () => {
    const r = await validateEnvelope(envelope((d) => { ctx(d)['ontologyId'] = { '@id': 'https://evil.example/ontologyId', '@type': '@id' }; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_PROTECTED_REDEFINITION']);
    expect(r.findings[0]!.path).toBe('$["@context"].ontologyId');
  });

  it('6.1: redefining a protected term in a second context of the same document is E_INVALID_PROTECTED_REDEFINITION', async () => {
    const r = await validateEnvelope(envelope((d) => {
      d['@context'] = [ctx(d), { intentRef: { '@id': 'https://example.org/onto/cs#intent', '@type': '@id' } }];
    }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_PROTECTED_REDEFINITION']);
  });

  it('6.1: a nested context cannot redefine a protected core term either', async () => {
    const r = await validateEnvelope(envelope((d) => {
      (d['profileContext'] as Json)['@context'] = { domain: { '@id': 'https://evil.example/domain', '@type': '@id' } };
    }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_PROTECTED_REDEFINITION']);
    expect(r.findings[0]!.path).toBe('$.profileContext["@context"].domain');
  });

  it('6.1: a property-scoped context cannot redefine a core term', async () => {
    const r = await validateEnvelope(envelope((d) => {
      ctx(d)['ex'] = 'https://example.com/ext#';
      ctx(d)['wrapper'] = { '@id': 'ex:wrapper', '@context': { term: 'ex:term' } };
    }), { unknownTerms: 'ignore' });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_PROTECTED_REDEFINITION']);
  });

  it('6.1: the ioa prefix cannot be moved to another namespace', async () => {
    const r = await validateEnvelope(envelope((d) => { ctx(d)['ioa'] = 'https://example.com/old-ioa#'; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_PROTECTED_REDEFINITION']);
  });

  it('6.1: every used term MUST have the required type handling — ontologyId without "@type": "@id" is E_INVALID_TERM_DEFINITION', async () => {
    const r = await validateEnvelope(envelope((d) => { ctx(d)['ontologyId'] = 'ioa:ontologyId'; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_TERM_DEFINITION']);
  });

  it('6.1: a sender MAY define only the terms it uses, in any equivalent spelling', async () => {
    const r = await validateEnvelope(envelope((d) => {
      ctx(d)['ontologyId'] = { '@id': 'https://example.org/ioa/semantic#ontologyId', '@type': '@id' };
    }));
    expect(r.findings).toEqual([]);
  });

  it('6.1: unmapped decision-sensitive terms MUST NOT be silently dropped — alignmentRef used without a definition', async () => {
    const r = await validateEnvelope(envelope((d) => { d['alignmentRef'] = 'https://example.org/align/cs-doc-v1'; }));
    expect(r.ok).toBe(false);
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_UNDECLARED_TERM']);
    expect(r.findings[0]!.path).toBe('$.alignmentRef');
  });

  it('6.1: an unmapped member is never dropped, not even when the profile ignores extension terms', async () => {
    const r = await validateEnvelope(envelope((d) => { d['priority'] = 'high'; (d['profileContext'] as Json)['note'] = 'x'; }), { unknownTerms: 'ignore' });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_UNDECLARED_TERM']);
    expect(r.findings.map((f) => f.path).sort()).toEqual(['$.priority', '$.profileContext.note']);
  });

  it('6.1: unknown descriptive extension terms are rejected unless the profile permits ignoring them', async () => {
    const doc = envelope((d) => { ctx(d)['ex'] = 'https://example.com/ext#'; d['ex:comment'] = 'for the demo'; });
    const strict = await validateEnvelope(doc);
    expect(errorCodes(strict.findings)).toEqual(['E_INVALID_UNKNOWN_TERM']);
    expect(strict.findings[0]!.path).toBe('$["ex:comment"]');
    const lenient = await validateEnvelope(doc, { profile: profile({ unknownTerms: 'ignore' }) });
    expect(lenient.ok).toBe(true);
    expect(lenient.findings.map((f) => [f.code, f.severity])).toEqual([['W_IGNORED_TERM', 'warning']]);
  });

  it('6.1: a remote context is not fetched by default; the result is E_CONTEXT_UNAVAILABLE, never a verdict', async () => {
    const r = await validateEnvelope(envelope((d) => { d['@context'] = ['https://example.org/ioa/context.jsonld', { cs: CS }]; }));
    expect(r.ok).toBe(false);
    expect(errorCodes(r.findings)).toEqual(['E_CONTEXT_UNAVAILABLE']);
    expect(r.findings[0]!.message).toContain('https://example.org/ioa/context.jsonld');
  });

  it('6.1: a fault in a scoped @context is placed at that context, not at the top-level one', async () => {
    const scoped = (edit: (pc: Json) => void) => envelope((d) => { const pc = d['profileContext'] as Json; edit(pc); });
    const nullified = await validateEnvelope(scoped((pc) => { (pc['termBindings'] as Json[])[0]!['@context'] = null; }));
    expect(nullified.findings.map((f) => [f.code, f.path])).toEqual([['E_INVALID_CONTEXT', '$.profileContext.termBindings[0]["@context"]']]);
    const version = await validateEnvelope(scoped((pc) => { pc['@context'] = { '@version': 1.0 }; }));
    expect(version.findings.map((f) => [f.code, f.path])).toEqual([['E_INVALID_CONTEXT', '$.profileContext["@context"]']]);
    const remote = await validateEnvelope(scoped((pc) => { pc['@context'] = 'https://example.org/ctx/extra.jsonld'; }));
    expect(remote.findings.map((f) => [f.code, f.path])).toEqual([['E_CONTEXT_UNAVAILABLE', '$.profileContext["@context"]']]);
    // The top-level context at fault, beside a sound scoped one: placed at the top.
    const top = await validateEnvelope(envelope((d) => {
      d['@context'] = [ctx(d), 'https://example.org/ctx/top.jsonld'];
      (d['profileContext'] as Json)['@context'] = { ex2: 'https://example.org/ex2#' };
    }));
    expect(top.findings.map((f) => [f.code, f.path])).toEqual([['E_CONTEXT_UNAVAILABLE', '$["@context"]']]);
  });

  it('6.1: a retrieval hook (documentLoader) can supply remote contexts under its own policy', async () => {
    const loader = vi.fn<DocumentLoader>(async (url) => ({ document: BASELINE_CONTEXT, documentUrl: url, contextUrl: null }));
    const doc = envelope((d) => { d['@context'] = ['https://example.org/ioa/context.jsonld', { cs: CS }]; });
    const r = await validateEnvelope(doc, { documentLoader: loader });
    expect(r.findings).toEqual([]);
    expect(loader).toHaveBeenCalledWith('https://example.org/ioa/context.jsonld');
    expect(loader).toHaveBeenCalledTimes(1); // once per validation, whatever the passes
  });

  it('6.1: a remote context cycle is bounded and reported as E_CONTEXT_UNAVAILABLE (cycle handling)', async () => {
    const loader = vi.fn<DocumentLoader>(async (url) => ({ document: { '@context': [url.endsWith('a') ? 'https://ctx.example/b' : 'https://ctx.example/a'] }, documentUrl: url, contextUrl: null }));
    const r = await validateEnvelope(envelope((d) => { d['@context'] = ['https://ctx.example/a', ctx(d)]; }), { documentLoader: loader });
    expect(errorCodes(r.findings)).toEqual(['E_CONTEXT_UNAVAILABLE']);
    expect(loader.mock.calls.length).toBeLessThanOrEqual(4);
  });

  it('6.1: contexts from the hook are held to the baseline too (a loaded redefinition is rejected)', async () => {
    const evil = { '@context': { ...BASELINE_CONTEXT['@context'], intentRef: { '@id': 'https://evil.example/i', '@type': '@id' } } };
    const loader: DocumentLoader = async (url) => ({ document: evil, documentUrl: url, contextUrl: null });
    const r = await validateEnvelope(envelope((d) => { d['@context'] = ['https://ctx.example/c', { cs: CS }]; }), { documentLoader: loader });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_PROTECTED_REDEFINITION']);
  });

  it('6.1: "@protected" must be true or false (JSON-LD 1.1 "invalid @protected value"): a string is E_INVALID_CONTEXT at its path, in envelopes, advertisements and context documents, at the context or a term definition', async () => {
    const env = await validateEnvelope(envelope((d) => { ctx(d)['@protected'] = 'true'; }));
    expect(env.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.path])).toEqual([['E_INVALID_CONTEXT', '$["@context"]["@protected"]']]);
    const cap = await validateCapability(capability((d) => { ctx(d)['@protected'] = 'false'; }));
    expect(cap.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.path])).toEqual([['E_INVALID_CONTEXT', '$["@context"]["@protected"]']]);
    const term = await validateEnvelope(envelope((d) => { ctx(d)['ex'] = 'https://example.com/ext#'; ctx(d)['ex:note'] = { '@id': 'https://example.com/ext#note', '@protected': 1 }; }));
    expect(term.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.path])).toEqual([['E_INVALID_CONTEXT', '$["@context"]["ex:note"]["@protected"]']]);
    const context = await validateContextDocument({ '@context': { ...BASELINE_CONTEXT, '@protected': 'yes' } });
    expect(context.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.path])).toEqual([['E_INVALID_CONTEXT', '$["@context"]["@protected"]']]);
    expect((await validateEnvelope(envelope((d) => { ctx(d)['@protected'] = true; }))).ok).toBe(true);
  });

  it('6.1: fetching is bounded — documents beyond the size, depth or array limits are rejected before expansion', async () => {
    const big = await validateEnvelope(envelope((d) => { d['ex:pad'] = 'x'.repeat(300_000); }));
    expect(errorCodes(big.findings)).toEqual(['E_LIMIT_SIZE']);
    const deep = await validateEnvelope(envelope((d) => {
      let node: Json = {};
      d['ex:deep'] = node;
      for (let i = 0; i < 40; i++) { const next: Json = {}; node['ex:n'] = next; node = next; }
    }));
    expect(errorCodes(deep.findings)).toEqual(['E_LIMIT_DEPTH']);
    const wide = await validateEnvelope(envelope((d) => { d['capabilityRefs'] = Array.from({ length: 2000 }, (_, i) => `cs:C${i}`); }));
    expect(errorCodes(wide.findings)).toEqual(['E_LIMIT_ARRAY_LENGTH']);
    expect(wide.findings[0]!.path).toBe('$.capabilityRefs');
    const raised = await validateEnvelope(envelope((d) => { d['capabilityRefs'] = Array.from({ length: 2000 }, (_, i) => `cs:C${i}`); }), { limits: { maxArrayLength: 4096 } });
    expect(raised.ok).toBe(true);
    expect(raised.value?.capabilityRefs).toHaveLength(2000);
  });

  it('6.1: processing is bounded — a scoped context that jsonld would process anew at each of its uses past the budget is E_LIMIT_CONTEXT at its term, before expansion', async () => {
    // A type-scoped context of 3,000 terms on each of 500 term bindings (80 KB): the work is their product.
    const scoped = (terms: number, uses: number): Json => envelope((d) => {
      ctx(d)['TB'] = { '@id': 'ioa:TermBinding', '@context': Object.fromEntries(Array.from({ length: terms }, (_, i) => [`t${i}`, `u:${i}`])) };
      (d['profileContext'] as Json)['termBindings'] = Array.from({ length: uses }, (_, i) => ({ '@type': 'TB', term: `T${i}`, sense: 'cs:LargeLanguageModel' }));
    });
    const r = await validateEnvelope(scoped(3000, 500));
    expect(errorCodes(r.findings)).toEqual(['E_LIMIT_CONTEXT']);
    expect(r.findings[0]!.path).toBe('$["@context"].TB');
    expect(r.findings[0]!.message).toMatch(/^the scoped context of "TB" \(\d+ characters\) applies wherever "TB" is used \(500 places\): \d+ characters of context processing, more than \d+/);
    // A few scoped terms used a few times are fine.
    expect((await validateEnvelope(scoped(3, 5))).ok).toBe(true);
  });
});

describe('Section 6.2 Message Semantic Envelope', () => {
  it('6.2: MUST contain @context', async () => {
    const r = await validateEnvelope(envelope((d) => { delete d['@context']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_CONTEXT_MISSING']);
  });

  it('6.2: MUST have @type identifying ioa:SemanticProfile (missing, or another class)', async () => {
    const missing = await validateEnvelope(envelope((d) => { delete d['@type']; }));
    expect(errorCodes(missing.findings)).toEqual(['E_INVALID_NODE_TYPE']);
    const other = await validateEnvelope(envelope((d) => { d['@type'] = 'ioa:Task'; }));
    expect(errorCodes(other.findings)).toEqual(['E_INVALID_NODE_TYPE']);
    expect(other.findings[0]!.path).toBe('$["@type"]');
  });

  it('6.2: exactly one ontologyId IRI — a literal (the context lacks @type @id) is E_INVALID_VALUE_TYPE', async () => {
    const r = await validateEnvelope(envelope((d) => { d['ontologyId'] = { '@value': 'https://example.org/onto/agent-core' }; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_VALUE_TYPE']);
    const two = await validateEnvelope(envelope((d) => { d['ontologyId'] = ['https://example.org/onto/a', 'https://example.org/onto/b']; }));
    expect(errorCodes(two.findings)).toEqual(['E_INVALID_CARDINALITY']);
  });

  it('6.2: exactly one non-empty ontologyVersion string', async () => {
    const empty = await validateEnvelope(envelope((d) => { d['ontologyVersion'] = ''; }));
    expect(errorCodes(empty.findings)).toEqual(['E_INVALID_EMPTY_VALUE']);
    const missing = await validateEnvelope(envelope((d) => { delete d['ontologyVersion']; }));
    expect(errorCodes(missing.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
    const two = await validateEnvelope(envelope((d) => { d['ontologyVersion'] = ['1.0', '1.1']; }));
    expect(errorCodes(two.findings)).toEqual(['E_INVALID_CARDINALITY']);
  });

  it('6.2: a non-empty capabilityRefs array of IRIs', async () => {
    const empty = await validateEnvelope(envelope((d) => { d['capabilityRefs'] = []; }));
    expect(errorCodes(empty.findings)).toEqual(['E_INVALID_EMPTY_VALUE']);
    const missing = await validateEnvelope(envelope((d) => { delete d['capabilityRefs']; }));
    expect(errorCodes(missing.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
    const literal = await validateEnvelope(envelope((d) => { d['capabilityRefs'] = [42]; }));
    expect(errorCodes(literal.findings)).toEqual(['E_INVALID_VALUE_TYPE']);
  });

  it('6.2: exactly one intentRef IRI', async () => {
    const r = await validateEnvelope(envelope((d) => { delete d['intentRef']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
    expect(r.findings[0]!.section).toBe('6.2');
  });

  it('6.2: optional fields MUST satisfy their declared types when present', async () => {
    const withBaseline = (edit: (d: Json) => void) => envelope((d) => { d['@context'] = [BASELINE_CONTEXT['@context'], { cs: CS }]; edit(d); });
    const cases: [string, (d: Json) => void, string][] = [
      ['alignmentRef literal', (d) => { d['alignmentRef'] = 7; }, 'E_INVALID_VALUE_TYPE'],
      ['profileVersion empty', (d) => { d['profileVersion'] = ''; }, 'E_INVALID_EMPTY_VALUE'],
      ['profileVersion number', (d) => { d['profileVersion'] = 2; }, 'E_INVALID_VALUE_TYPE'],
      ['domain relative', (d) => { (d['profileContext'] as Json)['domain'] = 'ComputerScience'; }, 'E_INVALID_RELATIVE_IRI'],
      ['term empty', (d) => { ((d['profileContext'] as Json)['termBindings'] as Json[])[0]!['term'] = ''; }, 'E_INVALID_EMPTY_VALUE'],
      ['sense missing', (d) => { delete ((d['profileContext'] as Json)['termBindings'] as Json[])[0]!['sense']; }, 'E_INVALID_MISSING_FIELD'],
      ['binding untyped', (d) => { delete ((d['profileContext'] as Json)['termBindings'] as Json[])[0]!['@type']; }, 'E_INVALID_NODE_TYPE'],
      ['sourceLang not BCP 47', (d) => { (d['profileContext'] as Json)['sourceLang'] = 'Chinese (simplified)'; }, 'E_INVALID_LANGUAGE_TAG'],
      ['profileContext a reference', (d) => { d['profileContext'] = { '@id': 'https://example.org/ctx/1' }; }, 'E_INVALID_VALUE_TYPE'],
      ['@id relative', (d) => { d['@id'] = 'envelope-1'; }, 'E_INVALID_RELATIVE_IRI'],
    ];
    for (const [name, edit, code] of cases) {
      const r = await validateEnvelope(withBaseline(edit));
      expect([name, errorCodes(r.findings)]).toEqual([name, [code]]);
    }
    const good = await validateEnvelope(withBaseline((d) => {
      Object.assign(d['profileContext'] as Json, { sourceLang: 'zh', targetLang: 'en' });
      d['alignmentRef'] = 'https://example.org/align/cs-doc-v1';
      d['profileVersion'] = '2';
    }));
    expect(good.findings).toEqual([]);
    expect(good.value?.profileContext).toMatchObject({ sourceLang: 'zh', targetLang: 'en' });
  });
});

describe('Section 6.3 Capability Registration Payload', () => {
  it('6.3: MUST identify each Capability — a missing @id is E_INVALID_MISSING_FIELD', async () => {
    const r = await validateCapability(capability((d) => { delete d['@id']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
  });

  it('6.3: @type MUST be ioa:Capability', async () => {
    const r = await validateCapability(capability((d) => { d['@type'] = 'ioa:Intent'; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_NODE_TYPE']);
  });

  it('6.3: MUST declare its input/output constraints — missing outputs, or a non-media-type input', async () => {
    const missing = await validateCapability(capability((d) => { delete d['outputs']; }));
    expect(errorCodes(missing.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
    const bad = await validateCapability(capability((d) => { d['inputs'] = ['plain text']; }));
    expect(errorCodes(bad.findings)).toEqual(['E_INVALID_MEDIA_TYPE']);
    // A media range names no one type: it is no constraint (and would conflict with every task in check).
    for (const range of ['*/*', 'text/*', '*/plain']) {
      const wildcard = await validateCapability(capability((d) => { d['inputs'] = [range]; }));
      expect([range, errorCodes(wildcard.findings)]).toEqual([range, ['E_INVALID_MEDIA_TYPE']]);
    }
    expect((await validateCapability(capability((d) => { d['inputs'] = ['text/plain; charset=utf-8']; }))).ok).toBe(true);
    expect(bad.findings[0]!.path).toBe('$.inputs[0]');
  });

  it('6.3: declared under an ontology: ontologyId needs ontologyVersion; languages must be BCP 47', async () => {
    const addTerms = (d: Json) => { d['@context'] = [BASELINE_CONTEXT['@context'], { cs: CS }]; };
    const half = await validateCapability(capability((d) => { addTerms(d); d['ontologyId'] = 'https://example.org/onto/agent-core'; }));
    expect(errorCodes(half.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
    const full = await validateCapability(capability((d) => {
      addTerms(d);
      Object.assign(d, { ontologyId: 'https://example.org/onto/agent-core', ontologyVersion: '1.0', sourceLang: ['zh', 'zh-Hant'], targetLang: ['en'] });
    }));
    expect(full.findings).toEqual([]);
    expect(full.value).toMatchObject({ ontologyId: 'https://example.org/onto/agent-core', ontologyVersion: '1.0', sourceLang: ['zh', 'zh-Hant'], targetLang: ['en'] });
    const lang = await validateCapability(capability((d) => { addTerms(d); d['targetLang'] = ['en_US']; }));
    expect(errorCodes(lang.findings)).toEqual(['E_INVALID_LANGUAGE_TAG']);
  });

  it('5.2: every RFC 5646 Language-Tag is a language tag, the irregular grandfathered ones included; near misses are not', async () => {
    const withLang = (tag: string) => validateCapability(capability((d) => { d['@context'] = [BASELINE_CONTEXT['@context'], { cs: CS }]; d['targetLang'] = [tag]; }));
    for (const tag of ['i-klingon', 'en-GB-oed', 'i-default', 'sgn-BE-FR', 'zh-min-nan', 'art-lojban', 'x-private', 'de-CH-1996']) {
      const r = await withLang(tag);
      expect(r.findings, tag).toEqual([]);
    }
    for (const tag of ['i-klingons', 'en-GB-oedx', 'i-', 'en-GB-oe']) {
      const r = await withLang(tag);
      expect(errorCodes(r.findings), tag).toEqual(['E_INVALID_LANGUAGE_TAG']);
    }
  });

  it('6.3: an advertisement is not an envelope — an intentRef in it is a decision-sensitive term it does not define', async () => {
    const r = await validateCapability(capability((d) => {
      ctx(d)['intentRef'] = { '@id': 'ioa:intentRef', '@type': '@id' };
      d['intentRef'] = 'cs:TranslateTechDoc';
    }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_UNKNOWN_TERM']);
  });
});

describe('Section 6.4 Decision-Sensitive Semantic Processing', () => {
  it('6.4: labels MUST NOT replace the required identifiers — a label does not stand in for intentRef', async () => {
    const r = await validateEnvelope(envelope((d) => {
      ctx(d)['rdfs'] = 'http://www.w3.org/2000/01/rdf-schema#';
      ctx(d)['label'] = 'rdfs:label';
      delete d['intentRef'];
      d['label'] = 'Translate a technical document';
    }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
  });

  it('6.4: free text in place of an identifier is rejected, not looked up', async () => {
    const r = await validateEnvelope(envelope((d) => { d['capabilityRefs'] = ['Technical Document Translation']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_IRI']);
  });

  it('6.4: receivers MUST NOT repair input by guessing identifiers — "TranslateTechDoc" is not completed to cs:TranslateTechDoc', async () => {
    const r = await validateEnvelope(envelope((d) => { d['intentRef'] = 'TranslateTechDoc'; }));
    expect(r.value).toBeUndefined();
    expect(JSON.stringify(r)).not.toContain(`${CS}TranslateTechDoc`);
  });

  it('6.4: exclusion MUST NOT silently remove a required constraint — unknown core terms are never ignored', async () => {
    const r = await validateEnvelope(envelope((d) => { ctx(d)['requiredUnit'] = 'ioa:requiredUnit'; d['requiredUnit'] = 'mm'; }), { unknownTerms: 'ignore' });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_UNKNOWN_TERM']);
    expect(r.findings[0]!.path).toBe('$.requiredUnit');
  });
});

describe('Section 6.5 Migration from Earlier Draft Examples', () => {
  it('6.5: old spellings MUST NOT be assumed to have the new meanings — "type" is E_INVALID_ALIAS with a hint', async () => {
    const r = await validateEnvelope(envelope((d) => { d['type'] = d['@type']; delete d['@type']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_ALIAS']);
    expect(r.findings[0]).toMatchObject({ path: '$.type', section: '6.5', hint: 'write "@type" instead of "type"' });
  });

  it('6.5: "id" is not @id, anywhere in the document', async () => {
    const r = await validateCapability(capability((d) => { d['id'] = d['@id']; delete d['@id']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_ALIAS']);
    const nested = await validateEnvelope(envelope((d) => { ((d['profileContext'] as Json)['termBindings'] as Json[])[0]!['id'] = 'https://example.org/b/1'; }));
    expect(errorCodes(nested.findings)).toEqual(['E_INVALID_ALIAS']);
    expect(nested.findings[0]!.path).toBe('$.profileContext.termBindings[0].id');
  });

  it('6.5: a context that defines id/type as keyword aliases is rejected too', async () => {
    const r = await validateEnvelope(envelope((d) => { ctx(d)['kind'] = '@type'; d['kind'] = d['@type']; delete d['@type']; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_ALIAS']);
  });

  it('6.5: an earlier namespace is not mapped onto the new one', async () => {
    const r = await validateEnvelope(envelope((d) => { ctx(d)['ioa'] = 'https://ioa.example.com/ns#'; }));
    expect(r.ok).toBe(false);
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_PROTECTED_REDEFINITION']);
  });
});
