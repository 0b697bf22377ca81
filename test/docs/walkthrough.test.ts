/**
 * docs/compatibility-check.md walks from `propose` to `check` = Compatible. The block between its
 * `walkthrough` markers is run here as written (bash, from a folder that has the repository's
 * corpora/, `npx ioa-align` as in the repository root), so the documentation cannot drift from the tool.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docScript, runDocScript } from '../helpers/doc-script.js';

describe('docs/compatibility-check.md walk-through', () => {
  it('runs as written and ends in Compatible (exit 0)', () => {
    const script = docScript('docs/compatibility-check.md', 'walkthrough');
    expect(script).toContain('ioa-align propose');
    expect(script).toContain('ioa-align trust add-key');
    const { dir, run } = runDocScript(script);
    expect([run.status, run.stderr.match(/\[E_[A-Z_]+\]/g) ?? []]).toEqual([0, []]);
    expect(run.stdout).toMatch(/^Compatible\n {2}mapping: https:\/\/example\.org\/onto\/cs#TechTranslation → https:\/\/example\.net\/onto\/doc#TranslateText by https:\/\/example\.org\/align\/cs-doc-v1 revision 1/m);
    // Each step left what the next one read.
    for (const file of ['review.csv', 'review.yml', 'artifact.json', 'artifact.signed.json', 'keys/public.pem', 'trust.json']) expect([file, existsSync(join(dir, file))]).toEqual([file, true]);
    const trust = JSON.parse(readFileSync(join(dir, 'trust.json'), 'utf8')) as { trustedIssuers: Array<{ id: string; scopes: unknown[] }> };
    expect(trust.trustedIssuers.map((i) => [i.id, i.scopes])).toEqual([['https://example.org/mapping-authority', [{ sourceOntologyId: 'https://example.org/onto/agent-core', targetOntologyId: 'https://example.net/onto/doc' }]]]);
    // The reviewed row is the only rule: candidates never become rules.
    const artifact = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as { mappingRules: unknown[] };
    expect(artifact.mappingRules).toHaveLength(1);
    expect(execFileSync('grep', ['-c', 'semapv:ManualMappingCuration', join(dir, 'review.csv')], { encoding: 'utf8' }).trim()).toBe('1');
  });
});
