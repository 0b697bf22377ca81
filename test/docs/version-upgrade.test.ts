/**
 * docs/version-upgrade.md walks an Agent Card artifact from OASF 1.0.0 to OASF 1.1.0: diff,
 * upgrade, review, merge, sign, check. The block between its `version-upgrade` markers is run
 * here as written (bash, from a folder that has the repository's corpora/), with `ioa-align` on
 * the PATH, so the documentation cannot drift from the tool.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function walkthrough(): string {
  const doc = readFileSync(join(ROOT, 'docs/version-upgrade.md'), 'utf8');
  const m = /<!-- version-upgrade: begin -->\n```sh\n([\s\S]*?)```\n<!-- version-upgrade: end -->/.exec(doc);
  if (!m) throw new Error('docs/version-upgrade.md has no version-upgrade block');
  return m[1]!;
}

describe('docs/version-upgrade.md worked example', () => {
  it('runs as written: one rule carried, one reviewed, revision 2 signed, Compatible (exit 0)', () => {
    const script = walkthrough();
    for (const step of ['ioa-align diff', 'ioa-align artifact upgrade', 'ioa-align artifact build --merge', 'ioa-align check', 'ioa-align convert']) expect(script).toContain(step);
    const dir = mkdtempSync(join(tmpdir(), 'ioa-upgrade-walk-'));
    symlinkSync(join(ROOT, 'corpora'), join(dir, 'corpora'));
    const bin = join(dir, '.bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'ioa-align'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin/ioa-align.js')}" "$@"\n`);
    chmodSync(join(bin, 'ioa-align'), 0o755);
    writeFileSync(join(dir, 'walk.sh'), `set -euo pipefail\n${script}`);
    const run = spawnSync('bash', ['walk.sh'], { cwd: dir, env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }, encoding: 'utf8' });
    expect([run.status, run.stderr.match(/\[E_[A-Z_]+\]/g) ?? []]).toEqual([0, []]);
    expect(run.stdout).toMatch(/^Compatible\n {2}mapping: https:\/\/agents\.example\.org\/tech-docs\/a2a\/v1#translate-technical-document → https:\/\/schema\.oasf\.outshift\.com\/1\.1\.0\/skills\/language_translation by https:\/\/example\.org\/align\/tech-docs-oasf revision 2/m);
    // The summary the document quotes.
    expect(run.stderr).toContain('revision 2 (draft, unsigned): 2 rule(s) of the earlier revision — carried 1, to review 1 (6 candidate row(s)), dropped 0');
    expect(run.stderr).toContain('to review 1: identifier kept but the label changed');
    const read = (f: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;
    const draft = read('draft-v2.json');
    expect(draft).toMatchObject({ revision: '2', targetOntologyId: 'https://schema.oasf.outshift.com/1.1.0/skills', targetOntologyVersion: '1.1.0' });
    expect((draft.mappingRules as unknown[]).length).toBe(1);
    const v2 = read('artifact-v2.signed.json') as { mappingRules: Array<{ to: string; provenance: { how: string } }>; signature: unknown };
    expect(v2.signature).toBeDefined();
    expect(v2.mappingRules.map((r) => [r.to.split('/').pop(), r.provenance.how])).toEqual([['summarization', 'carried'], ['language_translation', 'reviewed']]);
    expect(readFileSync(join(dir, 'artifact-v2.sssom.tsv'), 'utf8')).toContain('rule_conditions');
    expect(readFileSync(join(dir, 'oasf-1.0.0-1.1.0.sssom.tsv'), 'utf8')).toContain('version_change');
  });
});
