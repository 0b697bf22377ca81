/**
 * upgradeArtifact and mergeDraft name their inputs as a library caller gave them
 * (`options.side`, `options.new.version`, mergeDraft's reviewed set), never a flag of
 * `artifact upgrade` or `artifact build`; the commands say the same with their flags.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology } from '../../src/api/index.js';
import { readArtifact } from '../../src/gate/artifact-tools.js';
import { mergeDraft } from '../../src/versions/merge.js';
import { upgradeArtifact } from '../../src/versions/upgrade.js';
import { rejectedIoaError, thrownIoaError } from '../helpers/errors.js';
import { runCli } from '../helpers/cli.js';

const FIX = join(import.meta.dirname, 'fixtures');
const OLD = join(FIX, 'zoo-1.0.ttl');
const NEW = join(FIX, 'zoo-2.0.ttl');
const dir = mkdtempSync(join(tmpdir(), 'ioa-versions-names-'));
const [oldZoo, newZoo] = await Promise.all([loadOntology(OLD), loadOntology(NEW)]);
const zoo = (name: string): string => `http://example.org/zoo#${name}`;
const app = (name: string): string => `http://example.org/app#${name}`;

/** An artifact from an app's vocabulary to zoo 1.0, written to a file; its rules as given. */
function artifactDoc(name: string, mappingRules: unknown[]): { doc: Record<string, unknown>; file: string } {
  const doc = {
    artifactId: 'https://example.org/align/app-zoo', revision: '1',
    sourceOntologyId: 'http://example.org/app', sourceOntologyVersion: '3',
    targetOntologyId: 'http://example.org/zoo', targetOntologyVersion: '1.0',
    direction: 'source-to-target', assertedBy: 'https://example.org/authority', validUntil: '2030-01-01T00:00:00Z',
    mappingRules,
  };
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return { doc, file };
}

const upgradeCli = (artifact: string, to: string, name: string) =>
  runCli(['artifact', 'upgrade', artifact, '--side', 'target', '--from', OLD, '--to', to, '--out', join(dir, `${name}-draft.json`), '--review-out', join(dir, `${name}-review.sssom.tsv`)]);

describe('upgradeArtifact names its options; artifact upgrade its flags', () => {
  it('a new release that states no version: E_VERSION_MISMATCH asks for options.new.version', async () => {
    const { doc, file } = artifactDoc('dog', [{ from: app('dog'), to: zoo('Dog'), conditions: {} }]);
    const { version: _stated, ...unversioned } = newZoo;
    const e = await rejectedIoaError(upgradeArtifact(await readArtifact(doc), { side: 'target', old: oldZoo, new: unversioned }));
    expect(e.code).toBe('E_VERSION_MISMATCH');
    expect(e.message).toMatch(/could not name the release it covers; state it \(options\.new\.version\)$/);
    const noVersion = join(dir, 'zoo-unversioned.ttl');
    writeFileSync(noVersion, readFileSync(NEW, 'utf8').replace(' owl:versionInfo "2.0" ;', ''));
    const r = await upgradeCli(file, noVersion, 'unversioned');
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('could not name the release it covers; state it (--to-version) [E_VERSION_MISMATCH]')]);
  });

  it('no rule whose concept is in the old release: E_VERSION_MISMATCH names options.side as a cause', async () => {
    const { doc, file } = artifactDoc('unknown', [{ from: app('unicorn'), to: zoo('Unicorn'), conditions: {} }]);
    const e = await rejectedIoaError(upgradeArtifact(await readArtifact(doc), { side: 'target', old: oldZoo, new: newZoo }));
    expect(e.code).toBe('E_VERSION_MISMATCH');
    expect(e.message).toMatch(/the wrong release, the wrong part of it, or the wrong options\.side$/);
    const r = await upgradeCli(file, NEW, 'unknown');
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('the wrong release, the wrong part of it, or the wrong --side [E_VERSION_MISMATCH]')]);
  });
});

describe('mergeDraft names its reviewed set; artifact build --merge its flag', () => {
  it('a draft that carries no rule and no reviewed set: E_ARTIFACT_BUILD asks for the reviewed set', async () => {
    const { doc, file } = artifactDoc('fish', [{ from: app('fish'), to: zoo('Fish'), conditions: {} }]);
    const none = await upgradeArtifact(await readArtifact(doc), { side: 'target', old: oldZoo, new: newZoo });
    expect(none.draft.mappingRules).toEqual([]);
    const e = thrownIoaError(() => mergeDraft(none.draft, undefined));
    expect(e.code).toBe('E_ARTIFACT_BUILD');
    expect(e.message).toBe('nothing to build: the draft carries no rule; review its review file and pass the reviewed set to mergeDraft');
    const up = await upgradeCli(file, NEW, 'fish');
    expect(up.code, up.stderr).toBe(0);
    const r = await runCli(['artifact', 'build', '--merge', join(dir, 'fish-draft.json'), '--out', join(dir, 'fish-merged.json')]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('nothing to build: the draft carries no rule; review its review file and pass it with --from [E_ARTIFACT_BUILD]')]);
  });
});
