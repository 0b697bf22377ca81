/** Optional SHACL shapes of a domain profile (Section 5.4), run with shacl-engine. */
import { describe, expect, it } from 'vitest';
import { compileShapes, validateCapability, validateEnvelope } from '../../src/envelope/index.js';
import { capability, envelope, errorCodes } from './helpers.js';

const PREFIXES = '@prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ioa: <https://example.org/ioa/semantic#> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .';

describe('SHACL shapes (Section 5.4)', () => {
  it('5.4: a shape on nested nodes (term bindings limited to one per term) is enforced on the expanded graph', async () => {
    const shapes = compileShapes(`${PREFIXES}
      <urn:s:context> a sh:NodeShape ; sh:targetClass ioa:Context ;
        sh:property [ sh:path ioa:termBindings ; sh:maxCount 1 ; sh:message "at most one term binding" ] .`);
    expect((await validateEnvelope(envelope(), { shapes })).ok).toBe(true);
    const two = await validateEnvelope(envelope((d) => {
      const bindings = (d['profileContext'] as Record<string, unknown>)['termBindings'] as unknown[];
      bindings.push({ '@type': 'ioa:TermBinding', term: 'NLP', sense: 'cs:NaturalLanguageProcessing' });
    }), { shapes });
    expect(errorCodes(two.findings)).toEqual(['E_INVALID_SHAPE']);
    expect(two.findings[0]!.message).toContain('at most one term binding');
  });

  it('5.4: shapes apply to capability advertisements too (only text/* inputs in this profile)', async () => {
    const shapes = compileShapes(`${PREFIXES}
      <urn:s:cap> a sh:NodeShape ; sh:targetClass ioa:Capability ;
        sh:property [ sh:path ioa:inputs ; sh:pattern "^text/" ; sh:message "inputs must be text" ] .`);
    expect((await validateCapability(capability(), { shapes })).ok).toBe(true);
    const r = await validateCapability(capability((d) => { d['inputs'] = ['image/png']; }), { shapes });
    expect(errorCodes(r.findings)).toEqual(['E_INVALID_SHAPE']);
  });

  it('a sh:Warning result is reported as W_SHAPE_WARNING and does not invalidate', async () => {
    const shapes = compileShapes(`${PREFIXES}
      <urn:s:w> a sh:NodeShape ; sh:targetClass ioa:SemanticProfile ; sh:severity sh:Warning ;
        sh:property [ sh:path ioa:profileVersion ; sh:minCount 1 ; sh:severity sh:Warning ; sh:message "profileVersion recommended" ] .`);
    const r = await validateEnvelope(envelope(), { shapes });
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['W_SHAPE_WARNING', 'warning']]);
  });

  it('shapes that do not parse are E_PARSE_TURTLE with the file and line', () => {
    expect(() => compileShapes('@prefix sh: <http://www.w3.org/ns/shacl#> .\n<urn:s> a undefinedprefix:Shape .', 'bad.ttl'))
      .toThrowError(expect.objectContaining({ code: 'E_PARSE_TURTLE', location: expect.objectContaining({ file: 'bad.ttl' }) }) as Error);
  });
});
