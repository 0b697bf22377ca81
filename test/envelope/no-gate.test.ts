import { describe, expect, it, vi } from 'vitest';
import { draftDoc } from './helpers.js';

describe('validateDocument without the gate module', () => {
  it('reports alignment artifacts as an unsupported kind (E_UNSUPPORTED_KIND), never as valid', async () => {
    vi.resetModules();
    vi.doMock('../../src/gate/index.js', () => ({}));
    const { validateDocument } = await import('../../src/envelope/document.js');
    const r = await validateDocument(draftDoc('artifact-12.4'));
    expect([r.kind, r.ok, r.findings.map((f) => f.code)]).toEqual(['artifact', false, ['E_UNSUPPORTED_KIND']]);
    vi.doUnmock('../../src/gate/index.js');
  });
});
