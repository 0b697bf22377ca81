import { describe, expect, it } from 'vitest';
import { IoaError } from '../../src/model/errors.js';
import { assertValid, validateEnvelope, validateText } from '../../src/envelope/index.js';
import { envelope, errorCodes, draftText } from './helpers.js';

describe('assertValid: thrown errors for callers that want exceptions', () => {
  it('returns the value of a valid result', async () => {
    const value = assertValid(await validateEnvelope(envelope()));
    expect(value.intentRef).toBe('https://example.org/onto/cs#TranslateTechDoc');
  });

  it('throws E_INVALID_DOCUMENT with the first error\'s path and every error in the message', async () => {
    const result = await validateEnvelope(envelope((d) => { delete d['intentRef']; d['ontologyVersion'] = ''; }));
    let thrown: unknown;
    try { assertValid(result, 'request.json'); } catch (error) { thrown = error; }
    expect(thrown).toBeInstanceOf(IoaError);
    const e = thrown as IoaError;
    expect([e.code, e.location.file]).toEqual(['E_INVALID_DOCUMENT', 'request.json']);
    expect(e.location.path).toBe(result.findings[0]!.path);
    expect(e.message).toContain('E_INVALID_MISSING_FIELD');
    expect(e.message).toContain('E_INVALID_EMPTY_VALUE');
  });

  it('throws E_LIMIT_EXCEEDED when a limit stopped validation', async () => {
    const result = await validateText(draftText('envelope-6.2'), { limits: { maxBytes: 100 } });
    expect(errorCodes(result.findings)).toEqual(['E_LIMIT_SIZE']);
    expect(() => assertValid(result)).toThrowError(expect.objectContaining({ code: 'E_LIMIT_EXCEEDED' }) as Error);
  });

  it('limits must be positive integers (E_USAGE)', async () => {
    await expect(validateEnvelope(envelope(), { limits: { maxDepth: 0 } })).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});

describe('JSON-LD details', () => {
  it('6.1: a relative @type ("SemanticProfile" without prefix or @vocab) is E_INVALID_RELATIVE_IRI', async () => {
    const r = await validateEnvelope(envelope((d) => { d['@type'] = 'SemanticProfile'; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_RELATIVE_IRI']);
    expect(r.findings[0]!.path).toBe('$["@type"]');
  });

  it('5.4: a document that is not a single node object is E_INVALID_STRUCTURE', async () => {
    const r = await validateEnvelope({ '@context': envelope()['@context'], '@graph': [envelope((d) => { delete d['@context']; }), envelope((d) => { delete d['@context']; })] });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_STRUCTURE']);
  });

  it('6.1: an invalid context (bad term definition) is E_INVALID_CONTEXT', async () => {
    const r = await validateEnvelope(envelope((d) => { (d['@context'] as Record<string, unknown>)['cs'] = { '@id': 5 }; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_CONTEXT']);
  });

  it('a @type that is not a string is E_INVALID_JSONLD', async () => {
    const r = await validateEnvelope(envelope((d) => { d['@type'] = { a: 'b' }; }));
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_JSONLD']);
  });

  it('5.4: a top-level array is E_INVALID_JSON', async () => {
    const r = await validateEnvelope([envelope()]);
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_JSON']);
  });
});
