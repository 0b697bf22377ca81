import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../src/envelope/index.js';
import { draftDoc } from './helpers.js';

describe('validateDocument without the validators of other modules', () => {
  it('reports an alignment artifact as an unsupported kind (E_UNSUPPORTED_KIND), never as valid', async () => {
    const r = await validateDocument(draftDoc('artifact-12.4'));
    expect([r.kind, r.ok, r.findings.map((f) => f.code)]).toEqual(['artifact', false, ['E_UNSUPPORTED_KIND']]);
  });

  it('reports an A2A Agent Card (the 12.2 fragment) as an unsupported kind, never as valid', async () => {
    const r = await validateDocument(draftDoc('a2a-extension-12.2'));
    expect([r.kind, r.ok, r.findings.map((f) => f.code)]).toEqual(['agent-card', false, ['E_UNSUPPORTED_KIND']]);
  });
});
