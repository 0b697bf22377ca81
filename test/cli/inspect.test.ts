import { describe, expect, it } from 'vitest';
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
