/**
 * docs/version-upgrade.md walks an Agent Card artifact from OASF 1.0.0 to OASF 1.1.0: diff,
 * upgrade, review, merge, sign, check. The block between its `version-upgrade` markers is run
 * here as written (bash, from a folder that has the repository's corpora/, `npx ioa-align` as in
 * the repository root), so the documentation cannot drift from the tool.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docScript, runDocScript } from '../helpers/doc-script.js';

describe('docs/version-upgrade.md worked example', () => {
  it('runs as written: one rule carried, one reviewed, revision 2 signed, Compatible (exit 0)', () => {
    const script = docScript('docs/version-upgrade.md', 'version-upgrade');
    for (const step of ['ioa-align diff', 'ioa-align artifact upgrade', 'ioa-align artifact build --merge', 'ioa-align check', 'ioa-align convert']) expect(script).toContain(step);
    const { dir, run } = runDocScript(script);
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
