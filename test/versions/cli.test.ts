/**
 * `ioa-align diff`, `artifact upgrade`, `artifact build --merge`, `convert` of an artifact and
 * `bench --diff` as a user runs them: files written atomically and only on success, bad input
 * refused with its exact code and exit 2, nothing written then.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSssom } from '../../src/exchange/index.js';
import { runCli } from '../helpers/cli.js';

const FIX = join(import.meta.dirname, 'fixtures');
const OLD = join(FIX, 'zoo-1.0.ttl');
const NEW = join(FIX, 'zoo-2.0.ttl');
const dir = mkdtempSync(join(tmpdir(), 'ioa-versions-cli-'));
const zoo = (name: string): string => `http://example.org/zoo#${name}`;
const app = (name: string): string => `http://example.org/app#${name}`;

const ARTIFACT = join(dir, 'artifact-v1.json');
writeFileSync(ARTIFACT, JSON.stringify({
  artifactId: 'https://example.org/align/app-zoo', revision: '1',
  sourceOntologyId: 'http://example.org/app', sourceOntologyVersion: '3',
  targetOntologyId: 'http://example.org/zoo', targetOntologyVersion: '1.0',
  direction: 'source-to-target', assertedBy: 'https://example.org/authority', validUntil: '2030-01-01T00:00:00Z',
  mappingRules: [
    { from: app('dog'), to: zoo('Dog'), conditions: { sourceLang: 'en', targetLang: 'fr' } },
    { from: app('songbird'), to: zoo('Songbird'), conditions: { sourceLang: 'en' } },
  ],
}));
const code = (stderr: string): string | undefined => /\[(E_[A-Z_]+)\]/.exec(stderr)?.[1];

describe('ioa-align diff', () => {
  it('writes the version alignment and prints the summary', async () => {
    const out = join(dir, 'va.sssom.tsv');
    const summary = join(dir, 'va.txt');
    const r = await runCli(['diff', OLD, NEW, '--out', out, '--summary', summary]);
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toMatch(/^http:\/\/example\.org\/zoo: 1\.0 → 2\.0, 15 concept\(s\) in the old release/m);
    expect(r.stderr).toContain('removed 1');
    const set = parseSssom(readFileSync(out, 'utf8'), out);
    expect(set.mappings.find((m) => 'subjectId' in m && m.subjectId === zoo('Songbird'))).toMatchObject({ predicateId: 'skos:broadMatch', objectId: zoo('Bird'), extensions: { version_change: 'merged' } });
    expect(readFileSync(summary, 'utf8')).toContain('merged (1):\n  Songbird <http://example.org/zoo#Songbird> → skos:broadMatch Bird <http://example.org/zoo#Bird> [structural]');
  });

  it('in Alignment RDF, which has no "no counterpart" cell, the removed and added concepts stay in the summary', async () => {
    const r = await runCli(['diff', OLD, NEW, '--format', 'alignment', '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('http://example.org/zoo#Songbird');
    expect(r.stdout).not.toContain('NoTermFound');
    expect(r.stderr).toContain('2 removed or added concept(s) are in the summary only');
  });

  it('refuses two ontologies that are not releases of one (exit 2, E_VERSION_SERIES, nothing written), unless --force', async () => {
    const out = join(dir, 'never.sssom.tsv');
    const r = await runCli(['diff', OLD, join(FIX, 'other.ttl'), '--out', out]);
    expect([r.code, code(r.stderr), existsSync(out)]).toEqual([2, 'E_VERSION_SERIES', false]);
    expect(r.stderr).toContain('pass --force to compare them anyway');
    const forced = await runCli(['diff', OLD, join(FIX, 'other.ttl'), '--force', '--quiet']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('version_change');
  });
});

describe('ioa-align artifact upgrade, build --merge, sign', () => {
  const draft = join(dir, 'draft-v2.json');
  const review = join(dir, 'review.sssom.tsv');

  it('writes the draft and the review file, and summarises carried / to review / dropped', async () => {
    const r = await runCli(['artifact', 'upgrade', ARTIFACT, '--side', 'target', '--from', OLD, '--to', NEW, '--out', draft, '--review-out', review, '--verbose']);
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toContain('carried 1, to review 1 (');
    expect(r.stderr).toContain('rule 1 to review');
    expect(r.stderr).toContain('nothing was signed');
    const doc = JSON.parse(readFileSync(draft, 'utf8'));
    expect(doc).toMatchObject({ revision: '2', targetOntologyVersion: '2.0', mappingRules: [{ from: app('dog'), to: zoo('Dog') }], upgrade: { review: { file: review, rules: [{ rule: 1 }] } } });
    const rows = parseSssom(readFileSync(review, 'utf8'), review).mappings;
    expect(rows[0]).toMatchObject({ subjectId: app('songbird'), predicateId: 'skos:broadMatch', objectId: zoo('Bird'), extensions: { rule_conditions: '{"sourceLang":"en"}' } });
  });

  it('the draft cannot be signed as it is (exit 2), and --merge with the reviewed file makes the new revision', async () => {
    const keys = join(dir, 'keys');
    expect((await runCli(['keys', 'generate', '--out', keys])).code).toBe(0);
    const signDraft = await runCli(['artifact', 'sign', draft, '--key', join(keys, 'private.pem')]);
    expect([signDraft.code, signDraft.stderr]).toEqual([2, expect.stringContaining('upgrade draft')]);
    // The reviewer accepts the proposed broadMatch.
    const reviewed = join(dir, 'reviewed.sssom.tsv');
    writeFileSync(reviewed, readFileSync(review, 'utf8').replace('\tsemapv:MappingChaining\t', '\tsemapv:ManualMappingCuration\t'));
    const merged = join(dir, 'artifact-v2.json');
    const r = await runCli(['artifact', 'build', '--merge', draft, '--from', reviewed, '--out', merged]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('1 carried + 1 reviewed rule(s)');
    const doc = JSON.parse(readFileSync(merged, 'utf8'));
    expect(doc.upgrade).toBeUndefined();
    expect(doc.mappingRules.map((x: { from: string; relation?: string; to: string; conditions: unknown }) => [x.from, x.relation ?? 'skos:exactMatch', x.to, x.conditions])).toEqual([
      [app('dog'), 'skos:exactMatch', zoo('Dog'), { sourceLang: 'en', targetLang: 'fr' }],
      [app('songbird'), 'skos:broadMatch', zoo('Bird'), { sourceLang: 'en' }],
    ]);
    const signed = await runCli(['artifact', 'sign', merged, '--key', join(keys, 'private.pem'), '--out', join(dir, 'artifact-v2.signed.json')]);
    expect(signed.code).toBe(0);
  });

  it('--merge takes identity and conditions from the draft: other build options beside it are usage errors', async () => {
    const r = await runCli(['artifact', 'build', '--merge', draft, '--artifact-id', 'https://example.org/x', '--out', join(dir, 'x.json')]);
    expect([r.code, code(r.stderr), existsSync(join(dir, 'x.json'))]).toEqual([2, 'E_USAGE', false]);
    const missing = await runCli(['artifact', 'build', '--artifact-id', 'https://example.org/x']);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('missing required option --from')]);
  });

  it.each([
    ['an artifact for another version than --from', ['--from', NEW, '--to', NEW], 'E_VERSION_MISMATCH'],
    ['releases of two ontologies', ['--from', OLD, '--to', join(FIX, 'other.ttl')], 'E_VERSION_SERIES'],
    ['an unknown side', ['--from', OLD, '--to', NEW, '--side', 'middle'], 'E_USAGE'],
    ['a review file in Alignment RDF', ['--from', OLD, '--to', NEW, '--review-out-alignment'], 'E_USAGE'],
  ])('%s: exit 2 with its code, nothing written', async (_name, extra, expected) => {
    const out = join(dir, `bad-${expected}-draft.json`);
    let reviewOut = join(dir, `bad-${expected}-review.sssom.tsv`);
    const args = extra.filter((a) => a !== '--review-out-alignment');
    if (extra.includes('--review-out-alignment')) reviewOut = join(dir, 'bad-review.rdf');
    const side = args.includes('--side') ? [] : ['--side', 'target'];
    const r = await runCli(['artifact', 'upgrade', ARTIFACT, ...side, ...args, '--out', out, '--review-out', reviewOut]);
    expect([r.code, code(r.stderr), existsSync(out), existsSync(reviewOut)]).toEqual([2, expected, false, false]);
  });

  it('a --via file over other ontologies: exit 2, E_VERSION_MISMATCH, nothing written', async () => {
    const via = join(dir, 'other-va.sssom.tsv');
    expect((await runCli(['diff', OLD, join(FIX, 'other.ttl'), '--force', '--quiet', '--out', via])).code).toBe(0);
    const out = join(dir, 'via-draft.json');
    const r = await runCli(['artifact', 'upgrade', ARTIFACT, '--side', 'target', '--from', OLD, '--to', NEW, '--via', via, '--out', out, '--review-out', join(dir, 'via-review.sssom.tsv')]);
    expect([r.code, code(r.stderr), existsSync(out)]).toEqual([2, 'E_VERSION_MISMATCH', false]);
  });

  it('never writes over an input', async () => {
    const r = await runCli(['artifact', 'upgrade', ARTIFACT, '--side', 'target', '--from', OLD, '--to', NEW, '--out', ARTIFACT, '--review-out', join(dir, 'r2.sssom.tsv')]);
    expect(r.code).toBe(2);
    expect(JSON.parse(readFileSync(ARTIFACT, 'utf8')).revision).toBe('1');
  });
});

describe('ioa-align convert of an artifact', () => {
  it('gives one row per rule (relation, rule_conditions) in SSSOM, JSON and CSV, and builds back into the same rules', async () => {
    const tsv = join(dir, 'rules.sssom.tsv');
    const r = await runCli(['convert', ARTIFACT, '--to', 'sssom', '--out', tsv]);
    expect(r.code).toBe(0);
    const set = parseSssom(readFileSync(tsv, 'utf8'), tsv);
    expect(set.mappings.map((m) => [m.predicateId, m.justification, m.extensions?.rule_conditions, m.extensions?.rule_index])).toEqual([
      ['skos:exactMatch', 'semapv:ManualMappingCuration', '{"sourceLang":"en","targetLang":"fr"}', '0'],
      ['skos:exactMatch', 'semapv:ManualMappingCuration', '{"sourceLang":"en"}', '1'],
    ]);
    expect(set.metadata.mappingSetId).toBe('https://example.org/align/app-zoo');
    for (const to of ['json', 'csv']) {
      const out = join(dir, `rules.${to}`);
      expect((await runCli(['convert', ARTIFACT, '--to', to, '--out', out])).code).toBe(0);
      expect(readFileSync(out, 'utf8')).toContain('rule_conditions');
    }
    // Rows → rules: the conditions come back from rule_conditions, no flags needed.
    const rebuilt = join(dir, 'rebuilt.json');
    const b = await runCli(['artifact', 'build', '--from', tsv, '--artifact-id', 'https://example.org/align/app-zoo', '--revision', '1', '--asserted-by', 'https://example.org/authority', '--valid-until', '2030-01-01T00:00:00Z', '--out', rebuilt]);
    expect(b.code).toBe(0);
    const before = JSON.parse(readFileSync(ARTIFACT, 'utf8')).mappingRules;
    expect(JSON.parse(readFileSync(rebuilt, 'utf8')).mappingRules).toEqual(before);
    // A flag that contradicts a row's own condition is refused, not settled.
    const clash = await runCli(['artifact', 'build', '--from', tsv, '--artifact-id', 'https://example.org/a', '--revision', '1', '--asserted-by', 'https://example.org/authority', '--valid-until', '2030-01-01T00:00:00Z', '--source-lang', 'de']);
    expect([clash.code, code(clash.stderr)]).toEqual([2, 'E_ARTIFACT_BUILD']);
  });
});

describe('bench --diff', () => {
  it('scores the version diff on a track of two releases, its alignment as the selected set', async () => {
    const reference = join(dir, 'zoo-reference.sssom.tsv');
    writeFileSync(reference, [
      '# curie_map:', '#   zoo: http://example.org/zoo#', '#   semapv: https://w3id.org/semapv/vocab/', '#   skos: http://www.w3.org/2004/02/skos/core#',
      '# mapping_set_id: https://example.org/zoo-1.0-2.0', '# license: https://creativecommons.org/publicdomain/zero/1.0/',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification',
      'zoo:Dog\tskos:exactMatch\tzoo:Dog\tsemapv:ManualMappingCuration',
      'zoo:Songbird\tskos:broadMatch\tzoo:Bird\tsemapv:ManualMappingCuration',
      'zoo:Insect\tskos:narrowMatch\tzoo:Crawler\tsemapv:ManualMappingCuration',
      'zoo:Insect\tskos:narrowMatch\tzoo:Flyer\tsemapv:ManualMappingCuration',
      '',
    ].join('\n'));
    const r = await runCli(['bench', '--source', OLD, '--target', NEW, '--reference', reference, '--diff', '--json']);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { runs: Array<{ name: string; selection?: { relation: { correct: number } }; micro?: { hitsAt: Record<string, number> } }> };
    const diff = result.runs.find((x) => x.name === 'diff')!;
    expect(diff.selection!.relation.correct).toBe(4);
    expect(diff.micro!.hitsAt['1']).toBe(1);
  });
});
