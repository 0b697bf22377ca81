import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';

const corpus = (p: string): string => join(import.meta.dirname, '../../corpora', p);

describe('ioa-align inspect', () => {
  it('--json reports 3304 classes for human.owl', async () => {
    const { code, stdout } = await runCli(['inspect', corpus('anatomy/human.owl'), '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { counts: { class: number }; ontologyIri: string; coverage: { withSynonym: number } };
    expect(report.counts.class).toBe(3304);
    expect(report.ontologyIri).toBe('http://human.owl');
    expect(report.coverage.withSynonym).toBeGreaterThan(0.9);
  });

  it('prints a readable table with the ontology version', async () => {
    const { code, stdout } = await runCli(['inspect', corpus('ioa-example/cs.ttl')]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/ontology\s+https:\/\/example\.org\/onto\/agent-core/);
    expect(stdout).toMatch(/version\s+1\.0/);
    expect(stdout).toMatch(/capability 1/);
  });

  it('JSON nested 10,000 deep, as records, JSON Lines or JSON-LD, or cut off: E_LIMIT_EXCEEDED at its place, exit 2, never an internal error (6.1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-inspect-deep-'));
    const nested = `{"a": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const path = `$.a${'[0]'.repeat(255)}`;
    for (const [name, text, where] of [['deep.json', nested, ` at ${path}`], ['deep.jsonl', nested, ` at ${path}`], ['deep.jsonld', nested, ` at ${path}`], ['cut.json', nested.slice(0, 10_006), '']] as const) {
      const file = join(dir, name);
      writeFileSync(file, text);
      const { code, stderr } = await runCli(['inspect', file]);
      expect([name, code, stderr]).toEqual([name, 2, `ioa-align: ${file}:1:262${where}: nesting deeper than 256 levels [E_LIMIT_EXCEEDED]\n`]);
    }
  });

  it('bad input: exit 2, file named, code shown, no stack trace', async () => {
    const { code, stderr } = await runCli(['inspect', '/nonexistent.owl']);
    expect(code).toBe(2);
    expect(stderr).toContain('/nonexistent.owl');
    expect(stderr).toContain('[E_FILE_UNREADABLE]');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('--help works on the command and unknown commands are usage errors', async () => {
    const help = await runCli(['inspect', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--json');
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('[E_USAGE]');
  });
});
