/**
 * SSSOM 1.1 literal mappings end to end (one side is a string, `*_type: rdfs literal`, with no
 * id): read, write, convert; Alignment RDF and `artifact build` refuse them with their own code.
 * Also the CLI side of lenient reading: warnings, `--strict`, and `--no-condense`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIoaError } from '../../src/model/errors.js';
import { hasEntityEnds, recordKey, subjectTerm } from '../../src/model/mapping.js';
import { parseJson, parseSssom, serializeAlignmentRdf, serializeJson, serializeSssom, sortedMappings } from '../../src/exchange/index.js';
import { buildArtifact, evaluateCompatibility } from '../../src/gate/index.js';
import { CS, DOC, NOW, docProvider, envelope, profile, requesterOntologies } from '../gate/helpers.js';
import { runCli } from '../helpers/cli.js';
import { mappingSetSchemaErrors } from '../helpers/sssom-schema.js';

const spec = join(import.meta.dirname, '../../corpora/sssom-spec');
const work = mkdtempSync(join(tmpdir(), 'ioa-literal-'));

/** A reviewed set whose rows would become rules, one of them with a literal object. */
const REVIEWED = [
  '#curie_map:',
  '#  cs: https://example.org/onto/cs#',
  '#  doc: https://example.net/onto/doc#',
  '#mapping_set_id: https://example.org/sets/literal-review',
  '#license: https://creativecommons.org/publicdomain/zero/1.0/',
  '#subject_source: https://example.org/onto/cs',
  '#subject_source_version: "1"',
  '#object_source: https://example.net/onto/doc',
  '#object_source_version: "2"',
  'subject_id\tpredicate_id\tobject_id\tobject_label\tobject_type\tmapping_justification',
  'cs:Translate\tskos:exactMatch\tdoc:TranslateText\t\t\tsemapv:ManualMappingCuration',
  'cs:Summarize\tskos:exactMatch\t\tsummarise a text\trdfs literal\tsemapv:ManualMappingCuration',
  '',
].join('\n');

const BUILD = {
  artifactId: 'https://example.org/align/lit', revision: '1', direction: 'source-to-target' as const,
  assertedBy: 'https://example.org/authority', validUntil: '2026-12-31T00:00:00Z', conditions: {},
};

function caught(fn: () => unknown): Record<string, unknown> | undefined {
  try {
    fn();
  } catch (error) {
    if (isIoaError(error)) return { code: error.code, message: error.message, ...error.location };
    throw error;
  }
  return undefined;
}

describe('reading and writing literal mappings', () => {
  it('a literal end needs its label; an entity end still needs its id', () => {
    const head = ['#mapping_set_id: https://example.org/s', '#license: https://example.org/l', '#curie_map:', '#  X: https://x.example/'];
    const table = (row: string): string => [...head, 'subject_id\tsubject_label\tsubject_type\tpredicate_id\tobject_id\tmapping_justification', row, ''].join('\n');
    expect(caught(() => parseSssom(table('\t\trdfs literal\tskos:exactMatch\tX:1\tsemapv:LexicalMatching'), 'f.tsv')))
      .toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 6, message: expect.stringContaining('subject_label') });
    expect(caught(() => parseSssom(table('\talice\towl class\tskos:exactMatch\tX:1\tsemapv:LexicalMatching'), 'f.tsv')))
      .toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 6, message: 'mapping has an empty subject_id' });
    // Without a subject_id column at all, a non-literal row names the missing column (at the header).
    const noColumn = [...head, 'subject_label\tpredicate_id\tobject_id\tmapping_justification', 'alice\tskos:exactMatch\tX:1\tsemapv:LexicalMatching', ''].join('\n');
    expect(caught(() => parseSssom(noColumn, 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_MISSING_COLUMN', line: 5 });
    // A literal may keep an id if the file gives one.
    const kept = parseSssom(table('X:9\talice\trdfs literal\tskos:exactMatch\tX:1\tsemapv:LexicalMatching'), 'f.tsv').mappings[0]!;
    expect(kept).toMatchObject({ subjectType: 'rdfs literal', subjectLabel: 'alice', subjectId: 'https://x.example/9' });
    expect(subjectTerm(kept)).toBe('"alice"');
  });

  it('literal objects too, and a literal is never confused with an IRI in keys', () => {
    const set = parseSssom(REVIEWED, 'r.tsv');
    const literal = set.mappings.find((m) => !hasEntityEnds(m))!;
    expect(literal).toMatchObject({ objectType: 'rdfs literal', objectLabel: 'summarise a text', subjectId: 'https://example.org/onto/cs#Summarize' });
    expect(literal.objectId).toBeUndefined();
    expect(recordKey(literal)).toBe('https://example.org/onto/cs#Summarize\u0000skos:exactMatch\u0000"summarise a text"');
    expect(parseSssom(serializeSssom(set), 'again.tsv').mappings).toEqual(sortedMappings(set.mappings));
    const json = serializeJson(set);
    expect(mappingSetSchemaErrors(JSON.parse(json))).toEqual([]);
    expect(parseJson(json, 'r.json').mappings).toEqual(sortedMappings(set.mappings));
  });
});

describe('convert with literal mappings', () => {
  it('TSV → JSON → TSV on the command line keeps the literals (literals.sssom.tsv)', async () => {
    const json = join(work, 'literals.json');
    const back = join(work, 'literals.back.sssom.tsv');
    expect(await runCli(['convert', join(spec, 'literals.sssom.tsv'), '--to', 'json', '--out', json, '--quiet'])).toMatchObject({ code: 0, stderr: '' });
    const doc = JSON.parse(readFileSync(json, 'utf8')) as { subject_type: string; mappings: Array<Record<string, unknown>> };
    expect(mappingSetSchemaErrors(doc)).toEqual([]);
    expect(doc.subject_type).toBe('rdfs literal');
    expect(doc.mappings.map((m) => [m.subject_id, m.subject_label])).toEqual([[undefined, 'alice'], [undefined, 'bob'], [undefined, 'daphne'], [undefined, 'eve']]);
    expect((await runCli(['convert', json, '--to', 'sssom', '--out', back])).code).toBe(0);
    const original = parseSssom(readFileSync(join(spec, 'literals.sssom.tsv'), 'utf8'), 'literals.sssom.tsv');
    expect(parseSssom(readFileSync(back, 'utf8'), back)).toEqual(original);
  });

  it('Alignment RDF cannot hold a literal: E_EXCHANGE_UNREPRESENTABLE, or dropped and counted when asked', async () => {
    const set = parseSssom(REVIEWED, 'r.tsv');
    expect(caught(() => serializeAlignmentRdf(set))).toMatchObject({ code: 'E_EXCHANGE_UNREPRESENTABLE', path: 'mappings[1]', message: expect.stringContaining('literal mapping') });
    const input = join(work, 'reviewed.sssom.tsv');
    writeFileSync(input, REVIEWED);
    const dropped = await runCli(['convert', input, '--to', 'alignment', '--drop-unrepresentable']);
    expect(dropped.code).toBe(0);
    expect(dropped.stderr).toContain('dropped 1 of 2 rows');
    expect(dropped.stdout.match(/<Cell>/g)).toHaveLength(1);
  });
});

describe('artifact build refuses reviewed literal mappings', () => {
  it('E_ARTIFACT_BUILD naming the row and the literal: a rule needs concept IRIs on both sides', () => {
    const set = parseSssom(REVIEWED, 'r.tsv');
    expect(caught(() => buildArtifact(set, BUILD))).toEqual({
      code: 'E_ARTIFACT_BUILD',
      message: 'row 2 is a reviewed literal mapping (its object is the literal "summarise a text"): an artifact rule needs concept IRIs on both sides; map the text to a concept, or remove the row',
      path: '$.mappings[1]',
    });
  });

  it('a literal row that is not a reviewed equivalence is only skipped, like any candidate', () => {
    const set = parseSssom(REVIEWED.replace('rdfs literal\tsemapv:ManualMappingCuration', 'rdfs literal\tsemapv:LexicalMatching'), 'r.tsv');
    const { artifact, skipped } = buildArtifact(set, BUILD);
    expect(artifact.mappingRules).toEqual([{ from: 'https://example.org/onto/cs#Translate', to: 'https://example.net/onto/doc#TranslateText', conditions: {} }]);
    expect(skipped).toEqual([{ row: 2, subject: 'https://example.org/onto/cs#Summarize', object: '"summarise a text"', why: 'justification semapv:LexicalMatching is not a review (candidates never become rules)' }]);
    // The sources were set-level in the file: read onto every row, and found again for the artifact.
    expect(artifact.sourceOntologyId).toBe('https://example.org/onto/cs');
    expect(artifact.targetOntologyVersion).toBe('2');
  });

  it('a reviewed sssom:NoTermFound row states an absence: skipped with that reason, never a rule', () => {
    const set = parseSssom(REVIEWED.replace('\t\tsummarise a text\trdfs literal\t', '\tsssom:NoTermFound\t\t\t'), 'r.tsv');
    const { artifact, skipped } = buildArtifact(set, BUILD);
    expect(artifact.mappingRules).toHaveLength(1);
    expect(skipped).toEqual([{ row: 2, subject: 'https://example.org/onto/cs#Summarize', object: 'https://w3id.org/sssom/NoTermFound', why: 'sssom:NoTermFound records that no match exists' }]);
  });

  it('on the command line: exit 2 and the code on stderr', async () => {
    const input = join(work, 'reviewed-literal.sssom.tsv');
    writeFileSync(input, REVIEWED);
    const run = await runCli(['artifact', 'build', '--from', input, '--artifact-id', BUILD.artifactId, '--revision', '1',
      '--asserted-by', BUILD.assertedBy, '--valid-until', BUILD.validUntil]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('an artifact rule needs concept IRIs on both sides');
    expect(run.stderr).toContain('[E_ARTIFACT_BUILD]');
  });
});

describe('a literal mapping as gate evidence', () => {
  it('never matches a concept IRI (and is not mistaken for a Candidate); an entity record still does', async () => {
    const ontologies = await requesterOntologies();
    const base = { envelope: envelope(), provider: docProvider(), profile: profile(), ontologies, now: NOW };
    // The object is the text of the provider's IRI: as a literal it is not that concept.
    const literal = { subjectId: `${CS}TechTranslation`, predicateId: 'skos:exactMatch', objectType: 'rdfs literal' as const, objectLabel: `${DOC}TranslateText`, justification: 'semapv:LexicalMatching' };
    const v = evaluateCompatibility({ ...base, candidates: [literal] });
    expect(v.reasons.map((r) => r.code)).toEqual(['NO_ACCEPTED_ALIGNMENT']);
    // The literal's text is part of the inputs' identity (another text, another digest).
    const other = evaluateCompatibility({ ...base, candidates: [{ ...literal, objectLabel: 'translate text' }] });
    expect(v.inputs.candidates).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(other.inputs.candidates).not.toBe(v.inputs.candidates);
    const entity = { ...literal, objectType: undefined, objectLabel: undefined, objectId: `${DOC}TranslateText` };
    expect(evaluateCompatibility({ ...base, candidates: [entity] }).reasons.map((r) => r.code)).toEqual(['CANDIDATE_ONLY']);
  });
});

describe('convert: warnings, --strict and --no-condense', () => {
  it('a set without mapping_set_id converts with a warning on stderr; --strict refuses it (exit 2)', async () => {
    const input = join(spec, 'version.sssom.tsv');
    const lenient = await runCli(['convert', input, '--to', 'json', '--quiet']);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(/^ioa-align: warning: .*version\.sssom\.tsv:1: required metadata slot mapping_set_id is missing; using the derived id https:\/\/w3id\.org\/sssom\/mappings\/[0-9a-f-]{36} \[SSSOM_DERIVED_SET_ID\]\n$/);
    expect((JSON.parse(lenient.stdout) as { mapping_set_id: string }).mapping_set_id).toMatch(/^https:\/\/w3id\.org\/sssom\/mappings\//);
    const strict = await runCli(['convert', input, '--to', 'json', '--strict']);
    expect(strict.code).toBe(2);
    expect(strict.stdout).toBe('');
    expect(strict.stderr).toContain('required metadata slot mapping_set_id is missing [E_SSSOM_MISSING_METADATA]');
  });

  it('rows missing trailing cells: a warning, or E_SSSOM_BAD_ROW at the first such row with --strict', async () => {
    const input = join(spec, 'curation_rule_text2.sssom.tsv');
    const lenient = await runCli(['convert', input, '--to', 'csv']);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain('5 row(s) have fewer cells than the header (first at line 11)');
    const strict = await runCli(['convert', input, '--to', 'csv', '--strict']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('curation_rule_text2.sssom.tsv:11: row has 7 fields, the header has 8 [E_SSSOM_BAD_ROW]');
  });

  it('--no-condense writes a propagated slot on every row instead of once on the set', async () => {
    const input = join(spec, 'curation_rule-propagated.sssom.tsv');
    const condensed = await runCli(['convert', input, '--to', 'sssom']);
    const propagated = await runCli(['convert', input, '--to', 'sssom', '--no-condense']);
    expect(condensed.stdout).toContain('#curation_rule:\n#  - DISEASE_MAPPING_COMMONS_RULES:MPR2\n');
    expect(condensed.stdout.split('\n').find((l) => l.startsWith('subject_id'))).not.toContain('curation_rule');
    expect(propagated.stdout).not.toContain('#curation_rule');
    const rows = propagated.stdout.split('\n').filter((l) => l.startsWith('HP:'));
    expect(rows).toHaveLength(3);
    expect(rows.every((l) => l.includes('\tDISEASE_MAPPING_COMMONS_RULES:MPR2'))).toBe(true);
    // Both read as the same set.
    expect(parseSssom(propagated.stdout, 'p.tsv')).toEqual(parseSssom(condensed.stdout, 'c.tsv'));
  });
});
