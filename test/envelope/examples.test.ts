import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_CONTEXT, detectKind, validateCapability, validateDocument, validateEnvelope, validateText,
} from '../../src/envelope/index.js';
import { validateArtifact } from '../../src/gate/index.js';
import { capability, draftDoc, draftText, envelope, errorCodes, withCode } from './helpers.js';

describe('the draft\'s own documents', () => {
  it('Section 6.2: the envelope exactly as printed validates, with its fields expanded to absolute IRIs', async () => {
    const result = await validateEnvelope(draftDoc('envelope-6.2'));
    expect(result.findings).toEqual([]);
    expect(result.ok).toBe(true);
    const { expanded, ...value } = result.value!;
    expect(value).toEqual({
      kind: 'envelope',
      ontologyId: 'https://example.org/onto/agent-core',
      ontologyVersion: '1.0',
      capabilityRefs: ['https://example.org/onto/cs#TechTranslation'],
      intentRef: 'https://example.org/onto/cs#TranslateTechDoc',
      profileContext: {
        domain: 'https://example.org/onto/cs#ComputerScience',
        termBindings: [{ term: 'LLM', sense: 'https://example.org/onto/cs#LargeLanguageModel' }],
      },
    });
    expect(expanded).toHaveLength(1);
    expect(expanded[0]!['@type']).toEqual(['https://example.org/ioa/semantic#SemanticProfile']);
  });

  it('Section 6.3: the capability advertisement exactly as printed validates without an intentRef', async () => {
    const result = await validateCapability(draftDoc('capability-6.3'));
    expect(result.findings).toEqual([]);
    const { expanded, ...value } = result.value!;
    expect(expanded).toHaveLength(1);
    expect(value).toEqual({
      kind: 'capability',
      id: 'https://example.org/onto/cs#TechTranslation',
      inputs: ['text/plain'],
      outputs: ['text/plain'],
      label: 'Technical Document Translation',
    });
  });

  it('Section 6.1: BASELINE_CONTEXT is the inline context printed in the draft', () => {
    expect(BASELINE_CONTEXT).toEqual(draftDoc('context-6.1'));
    expect(Object.isFrozen(BASELINE_CONTEXT['@context'])).toBe(true);
  });

  it('Section 6.1: the envelope validates with the full baseline context in place of its subset', async () => {
    const doc = envelope((d) => { d['@context'] = [BASELINE_CONTEXT['@context'], { cs: 'https://example.org/onto/cs#' }]; });
    const result = await validateEnvelope(doc);
    expect(result.findings).toEqual([]);
    expect(result.value?.intentRef).toBe('https://example.org/onto/cs#TranslateTechDoc');
  });

  it('the printed text validates through validateText and kind detection', async () => {
    const env = await validateText(draftText('envelope-6.2'));
    const cap = await validateText(draftText('capability-6.3'));
    expect([env.kind, env.ok, cap.kind, cap.ok]).toEqual(['envelope', true, 'capability', true]);
  });

  it('detects kinds from @type or shape, and refuses to guess otherwise', () => {
    expect(detectKind(envelope())).toBe('envelope');
    expect(detectKind(capability())).toBe('capability');
    expect(detectKind(envelope((d) => { delete d['@type']; }))).toBe('envelope');
    expect(detectKind({ profileId: 'https://p', revision: '1', ontologies: [] })).toBe('profile');
    expect(detectKind({ trustedIssuers: [] })).toBe('trust');
    expect(detectKind(draftDoc('artifact-12.4'))).toBe('artifact');
    expect(detectKind(draftDoc('binding-replacement-12.3'))).toBeUndefined();
    expect(detectKind([1, 2])).toBeUndefined();
  });

  it('an undetectable document is E_INVALID_KIND', async () => {
    const result = await validateDocument(draftDoc('binding-replacement-12.3'));
    expect(result.ok).toBe(false);
    expect(result.findings.map((f) => f.code)).toEqual(['E_INVALID_KIND']);
  });

  it('the 12.4 artifact is validated through validateDocument by the validator the caller passes in (the gate\'s)', async () => {
    const validators = { artifact: validateArtifact };
    const result = await validateDocument(draftDoc('artifact-12.4'), { validators });
    expect(result.kind).toBe('artifact');
    expect(result.ok).toBe(true);
    const broken = await validateDocument({ ...draftDoc('artifact-12.4'), sourceOntologyVersion: 1 }, { kind: 'artifact', validators });
    expect(broken.ok).toBe(false);
  });

  it('an explicit kind wins over detection: the 6.3 advertisement is not an envelope', async () => {
    const result = await validateDocument(draftDoc('capability-6.3'), { kind: 'envelope' });
    expect(result.ok).toBe(false);
    // inputs/outputs are core terms an envelope does not define; the envelope fields are absent.
    expect(errorCodes(result.findings)).toEqual(['E_INVALID_MISSING_FIELD', 'E_INVALID_NODE_TYPE', 'E_INVALID_UNKNOWN_TERM']);
    expect(withCode(result.findings, 'E_INVALID_MISSING_FIELD').map((f) => f.path).sort()).toEqual(['$.capabilityRefs', '$.intentRef', '$.ontologyId', '$.ontologyVersion']);
  });

  it('the cached-context expansion gives exactly what jsonld.expand gives', async () => {
    const refuse = async (url: string): Promise<never> => { throw new Error(url); };
    const docs = [
      draftDoc('envelope-6.2'),
      draftDoc('capability-6.3'),
      envelope((d) => { (d['@context'] as Record<string, unknown>)['ex'] = 'https://example.com/ext#'; d['ex:note'] = { '@value': 'x', '@language': 'en' }; }),
    ];
    for (const doc of docs) {
      const ours = await validateDocument(doc, { unknownTerms: 'ignore' });
      const reference = await jsonld.expand(structuredClone(doc) as jsonld.JsonLdDocument, { documentLoader: refuse as never });
      expect((ours.value as { expanded: unknown }).expanded).toEqual(reference);
    }
  });

  it('concurrent validations do not interfere', async () => {
    const inputs = Array.from({ length: 40 }, (_, i) => i % 3 === 0
      ? envelope((d) => { d['intentRef'] = `cs:Intent${i}`; })
      : i % 3 === 1 ? envelope((d) => { delete d['ontologyId']; }) : capability((d) => { d['@id'] = `cs:Cap${i}`; }));
    const results = await Promise.all(inputs.map((d) => validateDocument(d)));
    results.forEach((r, i) => {
      if (i % 3 === 0) expect((r.value as { intentRef: string }).intentRef).toBe(`https://example.org/onto/cs#Intent${i}`);
      else if (i % 3 === 1) expect(errorCodes(r.findings)).toEqual(['E_INVALID_MISSING_FIELD']);
      else expect((r.value as { id: string }).id).toBe(`https://example.org/onto/cs#Cap${i}`);
    });
  });
});
