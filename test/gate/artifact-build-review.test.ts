/**
 * `artifact build` on what reviewers actually hand over (7.2, 7.4): large files where most rows
 * are candidates left out (summarised, one line per reason), and files that contradict
 * themselves (the build fails and names the rows; nothing is signed from a contradiction).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MappingSet } from '../../src/model/mapping.js';
import { buildArtifact } from '../../src/gate/index.js';
import { thrownIoaError } from '../helpers/errors.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'ioa-review-'));
const HEADER = [
  '# curie_map:',
  '#   a: https://a.example/onto#',
  '#   b: https://b.example/onto#',
  '#   semapv: https://w3id.org/semapv/vocab/',
  '#   skos: http://www.w3.org/2004/02/skos/core#',
  '#   owl: http://www.w3.org/2002/07/owl#',
  '# license: https://creativecommons.org/publicdomain/zero/1.0/',
  '# mapping_set_id: https://example.org/review-1',
  '# subject_source: https://a.example/onto',
  '# subject_source_version: "1"',
  '# object_source: https://b.example/onto',
  '# object_source_version: "2"',
  'subject_id\tpredicate_id\tpredicate_modifier\tobject_id\tmapping_justification',
];
/** Data rows start on the line after the header. */
const FIRST_ROW_LINE = HEADER.length + 1;
const review = (name: string, rows: string[][]): string => {
  const file = join(dir, name);
  writeFileSync(file, `${[...HEADER, ...rows.map((r) => r.join('\t'))].join('\n')}\n`);
  return file;
};
const build = (from: string, ...extra: string[]): Promise<{ code: number; stdout: string; stderr: string }> => runCli([
  'artifact', 'build', '--from', from, '--artifact-id', 'https://example.org/align/a-b', '--revision', '1',
  '--asserted-by', 'https://example.org/authority', '--valid-until', '2030-01-01T00:00:00Z', ...extra,
]);

describe('skipped rows are summarised per reason', () => {
  const candidates = Array.from({ length: 400 }, (_, i) => [`a:C${i}`, 'skos:exactMatch', '', `b:D${i}`, 'semapv:LexicalMatching']);
  const rejected = Array.from({ length: 7 }, (_, i) => [`a:R${i}`, 'skos:exactMatch', 'Not', `b:S${i}`, 'semapv:ManualMappingCuration']);
  const file = review('big.sssom.tsv', [['a:X', 'skos:exactMatch', '', 'b:Y', 'semapv:ManualMappingCuration'], ...candidates, ...rejected, ['a:Z', 'skos:closeMatch', '', 'b:W', 'semapv:MappingReview']]);

  it('one line per reason, most frequent first, not one per row', async () => {
    const r = await build(file);
    expect(r.code).toBe(0);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'skipped 400 row(s): justification semapv:LexicalMatching is not a review (candidates never become rules)',
      'skipped 7 row(s): predicate_modifier Not (a reviewer rejected it)',
      'skipped 1 row(s): predicate skos:closeMatch states neither equivalence nor subsumption (a rule needs exactMatch, broadMatch or narrowMatch)',
      '  (--verbose lists every skipped row)',
      // Built without the ontologies: the rules were not checked for coherence, and it says so.
      'ioa-align: warning: coherence not checked: give --source and --target (the ontologies the rules map between) to check the rules against them',
      '1 rule(s) from 409 row(s); the artifact is unsigned: run `ioa-align artifact sign`',
    ]);
  });

  it('--verbose lists every skipped row with its file line', async () => {
    const r = await build(file, '--verbose');
    expect(r.code).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('skipped '))).toHaveLength(408);
    expect(lines[0]).toBe(`skipped ${file}:${FIRST_ROW_LINE + 1} https://a.example/onto#C0 → https://b.example/onto#D0: justification semapv:LexicalMatching is not a review (candidates never become rules)`);
  });
});

describe('a review that accepts and rejects the same pair fails the build, naming both rows', () => {
  it('exactMatch accepted on one line and rejected on another: E_ARTIFACT_BUILD, exit 2, nothing written', async () => {
    const file = review('conflict.sssom.tsv', [
      ['a:X', 'skos:exactMatch', '', 'b:Y', 'semapv:ManualMappingCuration'],
      ['a:P', 'skos:exactMatch', '', 'b:Q', 'semapv:ManualMappingCuration'],
      ['a:X', 'skos:exactMatch', 'Not', 'b:Y', 'semapv:MappingReview'],
    ]);
    const out = join(dir, 'conflict.artifact.json');
    const r = await build(file, '--out', out);
    expect(r.code).toBe(2);
    const accepted = `${file}:${FIRST_ROW_LINE}`;
    const rejectedAt = `${file}:${FIRST_ROW_LINE + 2}`;
    expect(r.stderr.trimEnd()).toBe(`ioa-align: ${accepted}: the review contradicts itself: 1 accepted row(s) map a pair that another row rejects or accepts under another relation `
      + `(${accepted} accepts https://a.example/onto#X skos:exactMatch https://b.example/onto#Y, ${rejectedAt} rejects https://a.example/onto#X skos:exactMatch https://b.example/onto#Y); `
      + 'keep one decision for each pair and build again [E_ARTIFACT_BUILD]');
    expect(existsSync(out)).toBe(false);
  });

  it('one pair accepted as exactMatch and as narrowMatch (or the other way round, written from the other side): E_ARTIFACT_BUILD naming both rows', async () => {
    for (const [second, name] of [[['a:X', 'skos:narrowMatch', '', 'b:Y', 'semapv:ManualMappingCuration'], 'narrow'], [['b:Y', 'skos:narrowMatch', '', 'a:X', 'semapv:ManualMappingCuration'], 'reversed']] as const) {
      const file = review(`two-relations-${name}.sssom.tsv`, [
        ['a:X', 'skos:exactMatch', '', 'b:Y', 'semapv:ManualMappingCuration'],
        ['a:P', 'skos:exactMatch', '', 'b:Q', 'semapv:ManualMappingCuration'],
        [...second],
      ]);
      const out = join(dir, `two-relations-${name}.artifact.json`);
      const r = await build(file, '--out', out);
      expect([r.code, existsSync(out)]).toEqual([2, false]);
      expect(r.stderr).toContain(`${file}:${FIRST_ROW_LINE} accepts https://a.example/onto#X skos:exactMatch https://b.example/onto#Y, ${file}:${FIRST_ROW_LINE + 2} accepts `);
      expect(r.stderr.trimEnd()).toMatch(/\[E_ARTIFACT_BUILD\]$/);
    }
  });

  it('a rejected equivalence of another spelling (owl:equivalentClass) contradicts an accepted skos:exactMatch too', () => {
    const set: MappingSet = {
      metadata: { curieMap: {}, subjectSource: 'https://a.example', subjectSourceVersion: '1', objectSource: 'https://b.example', objectSourceVersion: '2' },
      mappings: [
        { subjectId: 'https://a.example/x', predicateId: 'owl:equivalentClass', predicateModifier: 'Not', objectId: 'https://b.example/y', justification: 'semapv:MappingReview' },
        { subjectId: 'https://a.example/x', predicateId: 'skos:exactMatch', objectId: 'https://b.example/y', justification: 'semapv:ManualMappingCuration' },
      ],
    };
    const error = thrownIoaError(() => buildArtifact(set, {
      artifactId: 'https://example.org/a', revision: '1', direction: 'source-to-target', assertedBy: 'https://example.org/i', validUntil: '2030-01-01T00:00:00Z', conditions: {},
    }));
    expect(error.code).toBe('E_ARTIFACT_BUILD');
    expect(error.message).toContain('(row 2 accepts https://a.example/x skos:exactMatch https://b.example/y, row 1 rejects https://a.example/x owl:equivalentClass https://b.example/y)');
  });

  it('rejecting a different relation (broadMatch) of the pair is no contradiction: the rule is built', async () => {
    const file = review('no-conflict.sssom.tsv', [
      ['a:X', 'skos:exactMatch', '', 'b:Y', 'semapv:ManualMappingCuration'],
      ['a:X', 'skos:broadMatch', 'Not', 'b:Y', 'semapv:MappingReview'],
    ]);
    const r = await build(file);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { mappingRules: Array<{ from: string; to: string }> }).mappingRules.map((m) => [m.from, m.to]))
      .toEqual([['https://a.example/onto#X', 'https://b.example/onto#Y']]);
  });

  it('a broadMatch accepted and the same relation rejected (as rdfs:subClassOf) contradicts: E_ARTIFACT_BUILD, exit 2', async () => {
    const file = review('broad-conflict.sssom.tsv', [
      ['a:X', 'skos:broadMatch', '', 'b:Y', 'semapv:ManualMappingCuration'],
      ['a:X', 'rdfs:subClassOf', 'Not', 'b:Y', 'semapv:MappingReview'],
    ]);
    const r = await build(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('[E_ARTIFACT_BUILD]');
    expect(r.stderr).toContain('contradicts itself');
  });
});

describe('a statement rejected as written the other way round contradicts its acceptance too', () => {
  it.each([
    ['exactMatch is symmetric: reject b:T exactMatch a:T, accept a:T exactMatch b:T', ['b:T', 'skos:exactMatch', 'Not', 'a:T'], ['a:T', 'skos:exactMatch', '', 'b:T']],
    ['broadMatch is narrowMatch read backwards: reject b:T narrowMatch a:T, accept a:T broadMatch b:T', ['b:T', 'skos:narrowMatch', 'Not', 'a:T'], ['a:T', 'skos:broadMatch', '', 'b:T']],
    ['and the other way: reject b:T broadMatch a:T, accept a:T narrowMatch b:T', ['b:T', 'skos:broadMatch', 'Not', 'a:T'], ['a:T', 'skos:narrowMatch', '', 'b:T']],
    ['a subsumption spelled rdfs:subClassOf: reject b:T narrowMatch a:T, accept a:T rdfs:subClassOf b:T', ['b:T', 'skos:narrowMatch', 'Not', 'a:T'], ['a:T', 'rdfs:subClassOf', '', 'b:T']],
    ['owl:equivalentClass rejected backwards', ['b:T', 'owl:equivalentClass', 'Not', 'a:T'], ['a:T', 'skos:exactMatch', '', 'b:T']],
  ])('%s: E_ARTIFACT_BUILD, exit 2, nothing written', async (_name, rejected, accepted) => {
    const file = review('inverse-conflict.sssom.tsv', [
      [...rejected, 'semapv:MappingReview'],
      ['a:P', 'skos:exactMatch', '', 'b:Q', 'semapv:ManualMappingCuration'],
      [...accepted, 'semapv:ManualMappingCuration'],
    ]);
    const out = join(dir, 'inverse-conflict.artifact.json');
    const r = await build(file, '--out', out);
    expect([r.code, r.stderr.match(/\[E_[A-Z_]+\]/g)]).toEqual([2, ['[E_ARTIFACT_BUILD]']]);
    const iri = (curie: string): string => curie.replace(/^a:/, 'https://a.example/onto#').replace(/^b:/, 'https://b.example/onto#');
    expect(r.stderr).toContain(`(${file}:${FIRST_ROW_LINE + 2} accepts ${iri(accepted[0]!)} ${accepted[1]} ${iri(accepted[3]!)}, ${file}:${FIRST_ROW_LINE} rejects ${iri(rejected[0]!)} ${rejected[1]} ${iri(rejected[3]!)})`);
    expect(existsSync(out)).toBe(false);
  });

  it.each([
    ['the inverse of another relation: reject b:T broadMatch a:T, accept a:T broadMatch b:T', ['b:T', 'skos:broadMatch', 'Not', 'a:T'], ['a:T', 'skos:broadMatch', '', 'b:T']],
    ['a subsumption against an equivalence backwards: reject b:T narrowMatch a:T, accept a:T exactMatch b:T', ['b:T', 'skos:narrowMatch', 'Not', 'a:T'], ['a:T', 'skos:exactMatch', '', 'b:T']],
  ])('no contradiction: %s — the rule is built', async (_name, rejected, accepted) => {
    const file = review('inverse-fine.sssom.tsv', [[...rejected, 'semapv:MappingReview'], [...accepted, 'semapv:ManualMappingCuration']]);
    const r = await build(file);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { mappingRules: Array<{ from: string; to: string }> }).mappingRules.map((m) => [m.from, m.to]))
      .toEqual([['https://a.example/onto#T', 'https://b.example/onto#T']]);
  });
});

describe('prefixes a hand-edited review file forgot', () => {
  it('an undeclared orcid reviewer_id builds with one warning naming the line; --strict conversion refuses it', async () => {
    const file = join(dir, 'orcid.sssom.tsv');
    writeFileSync(file, `${[...HEADER.slice(0, -1), 'subject_id\tpredicate_id\tobject_id\tmapping_justification\treviewer_id', 'a:X\tskos:exactMatch\tb:Y\tsemapv:ManualMappingCuration\torcid:0000-0002-1825-0097'].join('\n')}\n`);
    const r = await build(file);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`ioa-align: warning: ${file}:${FIRST_ROW_LINE}: prefix "orcid" is not declared in curie_map; read as the well-known https://orcid.org/ [SSSOM_UNDECLARED_PREFIX]`);
    expect(r.stderr).toContain('1 rule(s) from 1 row(s)');
    const strict = await runCli(['convert', file, '--to', 'json', '--strict']);
    expect([strict.code, strict.stderr.includes('[E_SSSOM_UNKNOWN_PREFIX]')]).toEqual([2, true]);
  });
});

describe('SSSOM "no term" ends never become rules', () => {
  it('a reviewed row to sssom:NoMapping or sssom:NoTermFound is skipped and counted, as a statement that no match exists', async () => {
    const file = review('no-term.sssom.tsv', [
      ['a:X', 'skos:exactMatch', '', 'b:Y', 'semapv:ManualMappingCuration'],
      ['a:F004', 'skos:exactMatch', '', 'sssom:NoMapping', 'semapv:ManualMappingCuration'],
      ['sssom:NoMapping', 'skos:exactMatch', '', 'b:G', 'semapv:ManualMappingCuration'],
      ['a:F005', 'skos:exactMatch', '', 'sssom:NoTermFound', 'semapv:MappingReview'],
    ]);
    const out = join(dir, 'no-term.artifact.json');
    const r = await build(file, '--out', out);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('skipped 2 row(s): sssom:NoMapping records that no match exists');
    expect(r.stderr).toContain('skipped 1 row(s): sssom:NoTermFound records that no match exists');
    expect(r.stderr).toContain('1 rule(s) from 4 row(s)');
  });
});

describe('subject_source and object_source written as CURIEs (SSSOM entity references)', () => {
  it('are expanded with the set\'s curie_map before they become the artifact\'s ontology ids', async () => {
    const file = join(dir, 'curie-sources.sssom.tsv');
    const header = HEADER.map((l) => l
      .replace('# subject_source: https://a.example/onto', '# subject_source: ao:onto')
      .replace('# object_source: https://b.example/onto', '# object_source: bo:onto'));
    header.splice(1, 0, '#   ao: https://a.example/', '#   bo: https://b.example/');
    writeFileSync(file, `${[...header, ['a:X', 'skos:exactMatch', '', 'b:Y', 'semapv:ManualMappingCuration'].join('\t')].join('\n')}\n`);
    const out = join(dir, 'curie-sources.artifact.json');
    const r = await build(file, '--out', out);
    expect(r.stderr).not.toContain('[E_');
    expect(r.code).toBe(0);
    const artifact = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    expect(artifact).toMatchObject({ sourceOntologyId: 'https://a.example/onto', targetOntologyId: 'https://b.example/onto', sourceOntologyVersion: '1', targetOntologyVersion: '2' });
  });
});
