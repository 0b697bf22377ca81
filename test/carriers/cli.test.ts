/** `ioa-align a2a card|wrap|unwrap` and `ioa-align nlip wrap|unwrap` (exit 0 valid, 2 invalid). */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const ENVELOPE = fileURLToPath(new URL('../../corpora/ioa-example/envelope-6.2.json', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ioa-carriers-'));
});

describe('a2a / nlip commands', () => {
  it('a2a card with the 12.2 values prints the fragment as printed in the draft', async () => {
    const r = await runCli(['a2a', 'card', '--ontology-id', 'https://example.org/onto/agent-core', '--version', '1.0']);
    expect(r.code).toBe(0);
    const printed = JSON.parse(await readFile(fileURLToPath(new URL('../../corpora/ioa-example/a2a-extension-12.2.json', import.meta.url)), 'utf8')) as unknown;
    expect(JSON.parse(r.stdout)).toEqual(printed);
  });

  it('a2a card takes repeated and comma-separated values, and rejects a relative ontology id', async () => {
    const r = await runCli(['a2a', 'card', '--ontology-id', 'https://a.example/o', '--version', '1.0,1.1', '--version', '2.0', '--required']);
    expect(JSON.parse(r.stdout).capabilities.extensions[0]).toMatchObject({ required: true, params: { ontologyIds: ['https://a.example/o'], ontologyVersions: ['1.0', '1.1', '2.0'] } });
    const bad = await runCli(['a2a', 'card', '--ontology-id', 'agent-core', '--version', '1.0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('E_CARRIER_INVALID');
  });

  it('a2a wrap → unwrap prints the envelope back (exit 0)', async () => {
    const wrapped = await runCli(['a2a', 'wrap', ENVELOPE, '--message-id', 'm1']);
    const file = join(dir, 'm1.json');
    await writeFile(file, wrapped.stdout);
    const r = await runCli(['a2a', 'unwrap', file]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(await readFile(ENVELOPE, 'utf8')));
  });

  it('a2a unwrap of a message whose envelope is malformed exits 2 with the validator\'s code', async () => {
    const wrapped = JSON.parse((await runCli(['a2a', 'wrap', ENVELOPE, '--message-id', 'm2', '--wire', '0.3'])).stdout) as { parts: Array<{ data: Record<string, unknown> }> };
    wrapped.parts[0]!.data.ontologyId = 'agent-core';
    const file = join(dir, 'm2.json');
    await writeFile(file, JSON.stringify(wrapped));
    const r = await runCli(['a2a', 'unwrap', file, '--json']);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout) as { valid: boolean; findings: Array<{ code: string; path: string }>; carrier: { wire: string } };
    expect(report.valid).toBe(false);
    expect(report.carrier.wire).toBe('0.3');
    expect(report.findings.map((f) => f.code)).toContain('E_INVALID_RELATIVE_IRI');
  });

  it('a broken carrier exits 2 with E_CARRIER_INVALID; wrapping an invalid envelope exits 2', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, JSON.stringify({ messageId: 'x', role: 'ROLE_ROBOT', parts: [] }));
    const r = await runCli(['a2a', 'unwrap', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('E_CARRIER_INVALID');
    const env = JSON.parse(await readFile(ENVELOPE, 'utf8')) as Record<string, unknown>;
    delete env['@context'];
    const bad = join(dir, 'bad-envelope.json');
    await writeFile(bad, JSON.stringify(env));
    const w = await runCli(['nlip', 'wrap', bad, '--task', 't']);
    expect(w.code).toBe(2);
    expect(w.stderr).toContain('E_INVALID_CONTEXT_MISSING');
    // Both wraps name the envelope's file, as every other command names its input.
    for (const args of [['nlip', 'wrap', bad, '--task', 't'], ['a2a', 'wrap', bad]]) {
      expect((await runCli(args)).stderr).toMatch(new RegExp(`^ioa-align: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    }
  });

  it('nlip wrap → unwrap, and unwrap for the wrong task is refused', async () => {
    const wrapped = await runCli(['nlip', 'wrap', ENVELOPE, '--task', 'task-7', '--text', 'hello']);
    const file = join(dir, 'n1.json');
    await writeFile(file, wrapped.stdout);
    expect((await runCli(['nlip', 'unwrap', file, '--task', 'task-7'])).code).toBe(0);
    const wrong = await runCli(['nlip', 'unwrap', file, '--task', 'task-8']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('E_CARRIER_INVALID');
  });

  it('--policy without --allow-remote is a usage error', async () => {
    const wrapped = await runCli(['nlip', 'wrap', ENVELOPE, '--task', 't']);
    const file = join(dir, 'n2.json');
    await writeFile(file, wrapped.stdout);
    const r = await runCli(['nlip', 'unwrap', file, '--policy', join(dir, 'nope.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('E_USAGE');
  });
});
