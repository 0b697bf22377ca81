/**
 * The draft's other printed documents as `validate` sees them: the 12.2 A2A Agent Card fragment
 * and the 6.1 context are documents of their own (kinds `agent-card` and `context`); the 12.3
 * term binding is part of an envelope and is said to be so, not offered a list of kinds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectKind, validateContextDocument } from '../../src/envelope/index.js';
import { runCli } from '../helpers/cli.js';
import { draftDoc } from './helpers.js';

const EX = 'corpora/ioa-example';
const tmp = mkdtempSync(join(tmpdir(), 'ioa-kinds-'));
const write = (name: string, content: unknown): string => {
  const file = join(tmp, name);
  writeFileSync(file, JSON.stringify(content, null, 2));
  return file;
};
type Report = { kind: string | null; valid: boolean; findings: Array<{ code: string; path: string; message: string; hint?: string; section: string }> };
const json = async (argv: string[]): Promise<{ code: number; report: Report }> => {
  const r = await runCli([...argv, '--json']);
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
};

describe('Section 12.2: the A2A Agent Card fragment is an agent-card', () => {
  it('validates as printed, detected from its shape and with --kind agent-card', async () => {
    const detected = await runCli(['validate', `${EX}/a2a-extension-12.2.json`]);
    expect([detected.code, detected.stdout.trim()]).toEqual([0, `${EX}/a2a-extension-12.2.json: valid agent-card`]);
    const explicit = await json(['validate', `${EX}/a2a-extension-12.2.json`, '--kind', 'agent-card']);
    expect([explicit.code, explicit.report.kind, explicit.report.valid]).toEqual([0, 'agent-card', true]);
  });

  it('a params member 12.2 does not define, or a card without the extension, is E_INVALID_AGENT_CARD at its path', async () => {
    const card = draftDoc('a2a-extension-12.2') as { capabilities: { extensions: Array<{ params: Record<string, unknown> }> } };
    card.capabilities.extensions[0]!.params['ontologyVersion'] = '1.0';
    const extra = await json(['validate', write('extra.json', card)]);
    expect([extra.code, extra.report.findings.map((f) => [f.code, f.path, f.section])])
      .toEqual([2, [['E_INVALID_AGENT_CARD', '$.capabilities.extensions[0].params.ontologyVersion', '12.2']]]);
    const none = await json(['validate', write('none.json', { name: 'an agent', capabilities: { extensions: [] } })]);
    expect([none.code, none.report.kind, none.report.findings.map((f) => [f.code, f.path])])
      .toEqual([2, 'agent-card', [['E_INVALID_AGENT_CARD', '$.capabilities.extensions']]]);
  });
});

describe('Section 6.1: the baseline context is a context document', () => {
  it('validates as printed', async () => {
    const r = await runCli(['validate', `${EX}/context-6.1.json`]);
    expect([r.code, r.stdout.trim()]).toEqual([0, `${EX}/context-6.1.json: valid context`]);
    expect(detectKind(draftDoc('context-6.1'))).toBe('context');
  });

  it('a context that redefines a core term, aliases @type, or carries other members is invalid', async () => {
    const ctx = draftDoc('context-6.1') as { '@context': Record<string, unknown> };
    const redefined = { '@context': { ...ctx['@context'], intentRef: { '@id': 'https://evil.example/intent', '@type': '@id' } } };
    const r1 = await json(['validate', write('redefined.json', redefined)]);
    expect([r1.code, r1.report.kind, r1.report.findings.map((f) => [f.code, f.path])])
      .toEqual([2, 'context', [['E_INVALID_PROTECTED_REDEFINITION', '$["@context"].intentRef']]]);
    const aliased = await json(['validate', write('alias.json', { '@context': { ...ctx['@context'], type: '@type' } })]);
    expect([aliased.code, aliased.report.findings.map((f) => f.code)]).toEqual([2, ['E_INVALID_ALIAS']]);
    const extra = await validateContextDocument({ ...ctx, intentRef: 'https://example.org/x' });
    expect([extra.ok, extra.findings.map((f) => [f.code, f.path])]).toEqual([false, [['E_INVALID_UNKNOWN_MEMBER', '$["intentRef"]']]]);
  });

  it('a remote context is refused without a loader: unavailable, never valid', async () => {
    const r = await validateContextDocument({ '@context': 'https://example.org/context.jsonld' });
    expect([r.ok, r.findings.map((f) => f.code)]).toEqual([false, ['E_CONTEXT_UNAVAILABLE']]);
  });
});

describe('Section 12.3: a term binding is not a standalone document', () => {
  it('says so plainly, without offering kinds that do not fit', async () => {
    const r = await json(['validate', `${EX}/binding-replacement-12.3.json`]);
    expect([r.code, r.report.kind, r.report.valid]).toEqual([2, null, false]);
    const [finding] = r.report.findings;
    expect(r.report.findings).toHaveLength(1);
    expect(finding!.code).toBe('E_INVALID_KIND');
    expect(finding!.message).toContain('not a standalone document');
    expect(finding!.message).toContain('profileContext.termBindings');
    expect(finding!.hint).toBe('validate the envelope that carries it');
  });

  it('a document of no known kind still gets the list of kinds as its hint', async () => {
    const r = await json(['validate', write('unknown.json', { hello: 'world' })]);
    expect([r.code, r.report.findings.map((f) => f.code)]).toEqual([2, ['E_INVALID_KIND']]);
    expect(r.report.findings[0]!.hint).toContain('--kind envelope|capability|profile|trust|artifact|context|agent-card');
  });
});
