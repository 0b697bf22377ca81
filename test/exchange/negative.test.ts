/**
 * Bad input, one case per fault the issue lists: each gets its exact code and the line (or JSON
 * path) of the fault, and nothing is written to the destination.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIoaError, type ErrorLocation } from '../../src/model/errors.js';
import type { MappingSet } from '../../src/model/mapping.js';
import { EXTENSIONS_MARKER, parseCsv, parseJson, parseSssom, readMappingFile, serializeJson, serializeSssom, writeMappingFile, parseAlignmentRdf, type ExchangeWarning } from '../../src/exchange/index.js';
import { runCli } from '../helpers/cli.js';

const META = [
  '#curie_map:',
  '#  HP: http://purl.obolibrary.org/obo/HP_',
  '#  MP: http://purl.obolibrary.org/obo/MP_',
  '#mapping_set_id: https://example.org/sets/1',
  '#license: https://creativecommons.org/publicdomain/zero/1.0/',
];
const HEADER = 'subject_id\tpredicate_id\tobject_id\tmapping_justification\tsimilarity_score\tconfidence';
const ROW = 'HP:0000001\tskos:exactMatch\tMP:0000001\tsemapv:LexicalMatching\t0.5\t';
const tsv = (...lines: string[]): string => `${lines.join('\n')}\n`;

function failure(fn: () => unknown): { code: string } & ErrorLocation {
  try {
    fn();
  } catch (error) {
    if (isIoaError(error)) return { code: error.code, ...error.location };
    throw error;
  }
  throw new Error('expected an IoaError, got none');
}

async function failureAsync(fn: () => Promise<unknown>): Promise<{ code: string } & ErrorLocation> {
  try {
    await fn();
  } catch (error) {
    if (isIoaError(error)) return { code: error.code, ...error.location };
    throw error;
  }
  throw new Error('expected an IoaError, got none');
}

describe('SSSOM TSV bad input', () => {
  it('the well-formed base case reads (so the faults below are what fails)', () => {
    expect(parseSssom(tsv(...META, HEADER, ROW), 'ok.tsv').mappings).toHaveLength(1);
  });

  it('missing mapping_set_id: strict → E_SSSOM_MISSING_METADATA, line 1; lenient → a warning and a derived id', () => {
    const text = tsv(...META.filter((l) => !l.startsWith('#mapping_set_id')), HEADER, ROW);
    expect(failure(() => parseSssom(text, 'f.tsv', { strict: true }))).toMatchObject({ code: 'E_SSSOM_MISSING_METADATA', file: 'f.tsv', line: 1 });
    const warnings: unknown[] = [];
    const set = parseSssom(text, 'f.tsv', { onWarning: (w) => warnings.push(w) });
    expect(set.metadata.mappingSetId).toMatch(/^https:\/\/w3id\.org\/sssom\/mappings\/[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(warnings).toEqual([{ code: 'SSSOM_DERIVED_SET_ID', message: expect.stringContaining(set.metadata.mappingSetId!), location: { file: 'f.tsv', line: 1 } }]);
    // The id is derived from the text: the same file gets the same id, another file another one.
    expect(parseSssom(text, 'g.tsv').metadata.mappingSetId).toBe(set.metadata.mappingSetId);
    expect(parseSssom(text.replace('0.5', '0.6'), 'f.tsv').metadata.mappingSetId).not.toBe(set.metadata.mappingSetId);
  });

  it('missing license → E_SSSOM_MISSING_METADATA', () => {
    const lines = META.filter((l) => !l.startsWith('#license'));
    expect(failure(() => parseSssom(tsv(...lines, HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_MISSING_METADATA', line: 1 });
  });

  it('an empty license is as missing as an absent one, and is located on its line', () => {
    const lines = META.map((l) => (l.startsWith('#license') ? '#license: ""' : l));
    expect(failure(() => parseSssom(tsv(...lines, HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_MISSING_METADATA', line: 5 });
  });

  it('missing predicate_id column → E_SSSOM_MISSING_COLUMN at the header line', () => {
    const header = HEADER.replace('predicate_id\t', '');
    const row = ROW.replace('skos:exactMatch\t', '');
    expect(failure(() => parseSssom(tsv(...META, header, row), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_MISSING_COLUMN', line: 6 });
  });

  it('missing mapping_justification column → E_SSSOM_MISSING_COLUMN at the header line', () => {
    const header = HEADER.replace('mapping_justification\t', '');
    const row = ROW.replace('semapv:LexicalMatching\t', '');
    expect(failure(() => parseSssom(tsv(...META, header, row), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_MISSING_COLUMN', line: 6 });
  });

  it('duplicate header column → E_SSSOM_DUPLICATE_COLUMN at the header line, naming both columns', () => {
    expect(failure(() => parseSssom(tsv(...META, `${HEADER}\tconfidence`, `${ROW}\t`), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_DUPLICATE_COLUMN', line: 6 });
    expect(() => parseSssom(tsv(...META, `${HEADER}\tconfidence`, `${ROW}\t`), 'f.tsv')).toThrow('header columns 6 and 7 are both named "confidence"');
  });

  it('blank lines between the metadata block and the header row are skipped (as pandas, so sssom-py, reads them); the rows keep their own line numbers', () => {
    const set = parseSssom(tsv(...META, '', '  ', HEADER, ROW), 'f.tsv');
    expect(set.mappings).toHaveLength(1);
    const bad = ROW.replace('MP:0000001', 'MONDO:0000001');
    expect(failure(() => parseSssom(tsv(...META, '', HEADER, bad), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 8 });
  });

  it('unknown prefix in a CURIE → E_SSSOM_UNKNOWN_PREFIX at its row', () => {
    const bad = ROW.replace('MP:0000001', 'MONDO:0000001');
    expect(failure(() => parseSssom(tsv(...META, HEADER, ROW, ROW, bad), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 9 });
  });

  it('unknown prefix in the justification → E_SSSOM_UNKNOWN_PREFIX', () => {
    const bad = ROW.replace('semapv:', 'sempav:');
    expect(failure(() => parseSssom(tsv(...META, HEADER, bad), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 7 });
  });

  it('unknown prefix in subject_source metadata → E_SSSOM_UNKNOWN_PREFIX on that metadata line', () => {
    expect(failure(() => parseSssom(tsv(...META, '#subject_source: obo:hp', HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 6 });
  });

  it('similarity_score above 1 → E_SSSOM_SCORE_RANGE at its row', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, ROW, ROW.replace('\t0.5\t', '\t1.5\t')), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_SCORE_RANGE', line: 8 });
  });

  it('negative confidence → E_SSSOM_SCORE_RANGE', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, `${ROW}-0.1`), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_SCORE_RANGE', line: 7 });
  });

  it('a score that is not a number → E_SSSOM_BAD_ROW', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, ROW.replace('\t0.5\t', '\thigh\t')), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
  });

  it('a row with too many fields → E_SSSOM_BAD_ROW', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, `${ROW}\textra`, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
  });

  it('an empty required value → E_SSSOM_BAD_ROW', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, ROW.replace('MP:0000001', '')), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
  });

  it('a whitespace-only required value → E_SSSOM_BAD_ROW; padding around identifiers is not an error', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, ROW.replace('MP:0000001', '   ')), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
    expect(parseSssom(tsv(...META, HEADER, ROW.replace('MP:0000001', ' MP:0000001 ')), 'f.tsv').mappings[0]?.objectId).toBe('http://purl.obolibrary.org/obo/MP_0000001');
  });

  it('predicate_modifier other than Not → E_SSSOM_BAD_ROW', () => {
    expect(failure(() => parseSssom(tsv(...META, `${HEADER}\tpredicate_modifier`, `${ROW}\tNo`), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
  });

  it('truncated: the file stops in the middle of the last row → E_SSSOM_TRUNCATED at that row', () => {
    const text = tsv(...META, HEADER, ROW, ROW);
    const cut = text.slice(0, text.length - 30);
    expect(failure(() => parseSssom(cut, 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_TRUNCATED', line: 8 });
  });

  it('truncated: the file stops inside a quoted field → E_SSSOM_TRUNCATED where the quote opened', () => {
    const text = tsv(...META, `${HEADER}\tcomment`, `${ROW}\t"a comment`, 'that never ends');
    expect(failure(() => parseSssom(text, 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_TRUNCATED', line: 7 });
  });

  it('truncated: metadata and no header row → E_SSSOM_TRUNCATED after the metadata', () => {
    expect(failure(() => parseSssom(tsv(...META), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_TRUNCATED', line: 6 });
  });

  it('a "#" line after the header is E_SSSOM_BAD_ROW at that line (it was read as a mapping with empty slots)', () => {
    const error = failure(() => parseSssom(tsv(...META, HEADER, ROW, '# reviewed up to here', ROW), 'f.tsv'));
    expect(error).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 8 });
    expect(failure(() => parseCsv(tsv(...META, HEADER.replaceAll('\t', ','), ROW.replaceAll('\t', ','), '"# a note, quoted"'), 'f.csv'))).toMatchObject({ code: 'E_EXCHANGE_BAD_CSV', line: 8 });
  });

  it('a cell that starts with a quote but goes on after its closing quote is refused at its place (it lost its quotes, and a resumed review wrote it back so)', () => {
    const header = `${HEADER}\tcomment`;
    const row = (comment: string): string => `${ROW}\t${comment}`;
    const column = ROW.length + 1 + '"Summarization"'.length + 1;
    expect(failure(() => parseSssom(tsv(...META, header, row('fine'), row('"Summarization" in OASF 1.0')), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 8, column });
    // Quoted whole with its quotes doubled, the same text is read as written.
    expect(parseSssom(tsv(...META, header, row('"""Summarization"" in OASF 1.0"')), 'f.tsv').mappings[0]!.comment).toBe('"Summarization" in OASF 1.0');
    const csv = (r: string): string => r.replaceAll('\t', ',');
    expect(failure(() => parseCsv(tsv(...META, csv(header), csv(row('"Summarization" in OASF 1.0'))), 'f.csv'))).toMatchObject({ code: 'E_EXCHANGE_BAD_CSV', line: 7 });
  });

  it('lines ending in a bare carriage return are refused at line 1 saying so (they read as one YAML comment line)', () => {
    const text = tsv(...META, HEADER, ROW).replaceAll('\n', '\r');
    try {
      parseSssom(text, 'f.tsv');
      expect.unreachable('a CR-only file was read');
    } catch (error) {
      expect(isIoaError(error) && { code: error.code, line: error.location.line }).toEqual({ code: 'E_SSSOM_BAD_ROW', line: 1 });
      expect(String((error as Error).message)).toMatch(/carriage return/);
    }
    // CRLF files stay readable.
    expect(parseSssom(tsv(...META, HEADER, ROW).replaceAll('\n', '\r\n'), 'f.tsv').mappings).toHaveLength(1);
  });

  it('an empty file (or only blank lines) is E_SSSOM_TRUNCATED saying it is empty, not a missing license', () => {
    for (const text of ['', '\n\n', '\ufeff']) {
      expect(failure(() => parseSssom(text, 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_TRUNCATED', line: 1 });
      expect(failure(() => parseCsv(text, 'f.csv'))).toMatchObject({ code: 'E_SSSOM_TRUNCATED', line: 1 });
    }
  });

  it('a short row that is not the last one is a bad row, not truncation', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, 'HP:0000001\tskos:exactMatch', ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
  });

  it('metadata that is not YAML → E_SSSOM_BAD_METADATA at the YAML line', () => {
    expect(failure(() => parseSssom(tsv(...META, '#comment: [unclosed', HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_METADATA', line: 6 });
    expect(failure(() => parseSssom(tsv(...META, '#license: again', HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_METADATA', line: 6 });
  });

  it('a curie_map that is not a map → E_SSSOM_BAD_METADATA on its line', () => {
    const lines = ['#mapping_set_id: https://example.org/sets/1', '#license: https://example.org/l', '#curie_map: 3'];
    expect(failure(() => parseSssom(tsv(...lines, HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_METADATA', line: 3 });
  });

  it('a curie_map that redefines a built-in SSSOM prefix → E_SSSOM_BAD_METADATA on the entry\'s line (TSV) or at its path (JSON); declaring one with its own IRI is fine', () => {
    for (const [prefix, iri] of [['skos', 'http://example.org/notskos#'], ['semapv', 'https://w3id.org/semapv/'], ['sssom', 'http://w3id.org/sssom/'], ['xsd', 'http://example.org/xsd#'], ['linkml', 'https://example.org/linkml/']]) {
      const lines = [...META.slice(0, 3), `#  ${prefix}: ${iri}`, ...META.slice(3)];
      expect(failure(() => parseSssom(tsv(...lines, HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_METADATA', line: 4 });
    }
    const json = JSON.stringify({ curie_map: { HP: 'http://purl.obolibrary.org/obo/HP_', MP: 'http://purl.obolibrary.org/obo/MP_', owl: 'http://example.org/owl#' }, mapping_set_id: 'https://example.org/sets/1', license: 'https://example.org/l', mappings: [{ subject_id: 'HP:1', predicate_id: 'skos:exactMatch', object_id: 'MP:1', mapping_justification: 'semapv:LexicalMatching' }] });
    expect(failure(() => parseJson(json, 'f.json'))).toMatchObject({ code: 'E_SSSOM_BAD_METADATA', path: '$.curie_map.owl' });
    const same = [...META.slice(0, 3), '#  skos: http://www.w3.org/2004/02/skos/core#', ...META.slice(3)];
    expect(parseSssom(tsv(...same, HEADER, ROW), 'f.tsv').mappings).toHaveLength(1);
  });

  it('a multi-valued identifier → E_SSSOM_BAD_ROW', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, ROW.replace('MP:0000001', 'MP:0000001|MP:0000002')), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
  });
});

describe('SSSOM 1.1 slots: typed values, extension slots, propagation', () => {
  const cols = (extra: string, value: string): string => tsv(...META, `${HEADER}\t${extra}`, `${ROW}\t${value}`);

  it('enum, date and range checks on slots without a field of their own', () => {
    expect(failure(() => parseSssom(cols('mapping_cardinality', '2:2'), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
    expect(failure(() => parseSssom(cols('mapping_date', '02/05/2022'), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
    expect(failure(() => parseSssom(cols('publication_date', '2022-02-30'), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
    expect(failure(() => parseSssom(cols('reviewer_agreement', '-1.5'), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_SCORE_RANGE', line: 7 });
    expect(failure(() => parseSssom(cols('predicate_type', 'rdfs literal'), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
    expect(failure(() => parseSssom(cols('author_id', 'acme:1'), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 7 });
    // A well-known prefix left undeclared is refused only in strict mode (see the next test).
    expect(failure(() => parseSssom(cols('author_id', 'orcid:1'), 'f.tsv', { strict: true }))).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 7 });
    expect(failure(() => parseSssom(tsv(...META, '#mapping_set_confidence: 1.2', HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_SCORE_RANGE', line: 6 });
    expect(failure(() => parseSssom(tsv(...META, '#sssom_version: "2.0"', HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_METADATA', line: 6 });
    expect(parseSssom(cols('reviewer_agreement', '-1'), 'f.tsv').mappings[0]?.extra?.reviewer_agreement).toBe(-1);
  });

  it('an unquoted version in YAML metadata keeps its text (1.10 is not 1.1, 2.0 not 2), embedded or external; an artifact built from it names that release', async () => {
    const versions = ['#subject_source: https://example.org/onto/a', '#subject_source_version: 1.10', '#object_source: https://example.org/onto/b', '#object_source_version: 2.0', '#mapping_tool_version: 0.10', '#mapping_set_confidence: 0.50'];
    const set = parseSssom(tsv(...META, ...versions, HEADER, ROW), 'f.tsv');
    // Propagatable slots move to the mappings (none has its own); mapping_set_confidence, a number, stays on the set.
    const row = set.mappings[0]!;
    expect([row.extra?.subject_source_version, row.extra?.object_source_version, row.extra?.mapping_tool_version, set.metadata.extra?.mapping_set_confidence])
      .toEqual(['1.10', '2.0', '0.10', 0.5]);
    const dir = mkdtempSync(join(tmpdir(), 'ioa-yaml-version-'));
    writeFileSync(join(dir, 'ext.tsv'), tsv(HEADER, ROW));
    writeFileSync(join(dir, 'ext.yml'), [...META, ...versions].map((l) => l.slice(1)).join('\n'));
    expect((await readMappingFile(join(dir, 'ext.tsv'))).mappings[0]!.extra?.subject_source_version).toBe('1.10');
    const reviewed = join(dir, 'reviewed.tsv');
    writeFileSync(reviewed, tsv(...META, ...versions, `${HEADER}\treviewer_id`, `${ROW.replace('semapv:LexicalMatching', 'semapv:ManualMappingCuration')}\thttps://orcid.org/0000-0002-1825-0097`));
    const built = await runCli(['artifact', 'build', '--from', reviewed, '--artifact-id', 'https://example.org/a/1', '--revision', '1', '--asserted-by', 'https://example.org/me', '--valid-until', '2099-01-01T00:00:00Z']);
    expect(built.code).toBe(0);
    expect(JSON.parse(built.stdout)).toMatchObject({ sourceOntologyVersion: '1.10', targetOntologyVersion: '2.0' });
  });

  it('a well-known prefix a hand-edited file lacks (orcid, oboInOwl) reads with one warning per prefix, and the set read declares it', () => {
    const warnings: ExchangeWarning[] = [];
    const text = tsv(...META, `${HEADER}\treviewer_id\tsubject_match_field`, `${ROW}\torcid:0000-0002-1825-0097\toboInOwl:hasExactSynonym`, `${ROW.replace('MP:0000001', 'MP:0000002')}\torcid:0000-0001-5109-3700\t`);
    const set = parseSssom(text, 'f.tsv', { onWarning: (w) => warnings.push(w) });
    expect(set.mappings.map((m) => m.reviewerId)).toEqual([['https://orcid.org/0000-0002-1825-0097'], ['https://orcid.org/0000-0001-5109-3700']]);
    expect(warnings.map((w) => [w.code, w.location.line])).toEqual([['SSSOM_UNDECLARED_PREFIX', 7], ['SSSOM_UNDECLARED_PREFIX', 7]]);
    expect(warnings.map((w) => w.message).join(' ')).toMatch(/"orcid".*https:\/\/orcid\.org\/.*"oboInOwl"/);
    expect(set.metadata.curieMap).toMatchObject({ orcid: 'https://orcid.org/', oboInOwl: 'http://www.geneontology.org/formats/oboInOwl#' });
    // Written back, the file declares what it uses and reads without a warning.
    const again: ExchangeWarning[] = [];
    parseSssom(serializeSssom(set), 'g.tsv', { onWarning: (w) => again.push(w) });
    expect(again).toEqual([]);
  });

  it('a justification outside SSSOM\'s list → E_SSSOM_BAD_ROW (the JSON Schema would refuse it too)', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, ROW.replace('semapv:LexicalMatching', 'semapv:MappingCuration')), 'f.tsv')))
      .toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
  });

  it('record_id must be unique within the set', () => {
    const meta = [...META.slice(0, 3), '#  R: https://example.org/r/', ...META.slice(3)];
    const text = tsv(...meta, `record_id\t${HEADER}`, `R:1\t${ROW}`, `R:1\t${ROW.replace('HP:0000001', 'HP:0000002')}`);
    expect(failure(() => parseSssom(text, 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 9 });
  });

  it('a set-level value propagates only when no mapping has its own (and then stays on the set)', () => {
    const own = parseSssom(tsv(...META, '#mapping_tool: set-tool', `${HEADER}\tmapping_tool`, `${ROW}\trow-tool`, `${ROW.replace('HP:0000001', 'HP:0000002')}\t`), 'f.tsv');
    expect(own.metadata.mappingTool).toBe('set-tool');
    expect(own.mappings.map((m) => m.mappingTool)).toEqual(['row-tool', undefined]);
    const none = parseSssom(tsv(...META, '#mapping_tool: set-tool', HEADER, ROW), 'f.tsv');
    expect(none.metadata.mappingTool).toBeUndefined();
    expect(none.mappings[0]?.mappingTool).toBe('set-tool');
    // With no mappings at all nothing moves, so nothing is lost.
    expect(parseSssom(tsv(...META, '#mapping_tool: set-tool', HEADER), 'f.tsv').metadata.mappingTool).toBe('set-tool');
  });

  const DEFS = (...defs: string[]): string[] => ['#extension_definitions:', ...defs];

  it('extension values are checked against their type_hint', () => {
    const meta = [...META, ...DEFS('#  - slot_name: ext_n', '#    type_hint: xsd:integer', '#  - slot_name: ext_ref', '#    type_hint: linkml:Uriorcurie')];
    expect(failure(() => parseSssom(tsv(...meta, `${HEADER}\text_n`, `${ROW}\t1.5`), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 12 });
    expect(failure(() => parseSssom(tsv(...meta, `${HEADER}\text_ref`, `${ROW}\tNOPE:1`), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 12 });
    expect(parseSssom(tsv(...meta, `${HEADER}\text_n\text_ref`, `${ROW}\t-7\tHP:1`), 'f.tsv').mappings[0]?.extensions).toEqual({ ext_n: '-7', ext_ref: 'HP:1' });
  });

  it('definitions SSSOM says to ignore: a warning each (the slot is then an undefined extension, still kept); strict → E_SSSOM_BAD_METADATA', () => {
    const meta = [...META, ...DEFS('#  - slot_name: ext_a', '#    colour: red', '#  - slot_name: confidence', '#  - slot_name: ext_b', '#    property: NOPE:b', '#  - slot_name: ext_c')];
    const text = tsv(...meta, `${HEADER}\text_a`, `${ROW}\tx`);
    const warnings: string[] = [];
    const set = parseSssom(text, 'f.tsv', { onWarning: (w) => warnings.push(`${w.code} ${w.location.line}: ${w.message}`) });
    expect(warnings).toEqual([
      'SSSOM_EXTENSION_DEFINITION_IGNORED 6: extension definition 1 ignored: unexpected key "colour"',
      'SSSOM_EXTENSION_DEFINITION_IGNORED 6: extension definition 2 ignored: slot_name "confidence" is a standard SSSOM slot',
      'SSSOM_EXTENSION_DEFINITION_IGNORED 6: extension definition 3 ignored: property "NOPE:b" is not a CURIE that curie_map resolves',
    ]);
    expect(set.metadata.extensionDefinitions).toEqual([{ slotName: 'ext_c' }]);
    expect(set.mappings[0]?.extensions).toEqual({ ext_a: 'x' });
    expect(failure(() => parseSssom(text, 'f.tsv', { strict: true }))).toMatchObject({ code: 'E_SSSOM_BAD_METADATA', line: 6 });
  });
});

describe('JSON: extension slots in `other`', () => {
  const base = {
    curie_map: { HP: 'http://purl.obolibrary.org/obo/HP_', MP: 'http://purl.obolibrary.org/obo/MP_' },
    mapping_set_id: 'https://example.org/sets/1',
    license: 'https://creativecommons.org/publicdomain/zero/1.0/',
    mappings: [{ subject_id: 'HP:1', predicate_id: 'skos:exactMatch', object_id: 'MP:1', mapping_justification: 'semapv:LexicalMatching' }],
  };

  it('an own `other` text travels beside the extension values, and one that looks like ours is wrapped so it reads back exactly', () => {
    const set = parseJson(JSON.stringify({ ...base, mappings: [{ ...base.mappings[0], other: 'k=v', ext_x: 'plain key' }] }), 'f.json');
    expect(set.mappings[0]).toMatchObject({ extra: { other: 'k=v' }, extensions: { ext_x: 'plain key' } });
    const written = JSON.parse(serializeJson(set)) as { mappings: Array<{ other: string }> };
    expect(written.mappings[0]?.other).toBe(`${EXTENSIONS_MARKER}{"slots":{"ext_x":"plain key"},"other":"k=v"}`);
    expect(parseJson(serializeJson(set), 'g.json')).toEqual(set);
    const lookalike = parseJson(JSON.stringify({ ...base, mappings: [{ ...base.mappings[0], other: `${EXTENSIONS_MARKER}{"slots":{}}` }] }), 'f.json');
    expect(lookalike.mappings[0]?.extra).toBeUndefined();
    const own = { ...lookalike, mappings: [{ ...lookalike.mappings[0]!, extra: { other: `${EXTENSIONS_MARKER} is my text` } }] };
    expect(parseJson(serializeJson(own), 'g.json').mappings[0]?.extra?.other).toBe(`${EXTENSIONS_MARKER} is my text`);
  });

  it('a malformed carrier → E_EXCHANGE_BAD_JSON at its path; a list as an extension value → E_EXCHANGE_BAD_JSON', () => {
    const bad = { ...base, mappings: [{ ...base.mappings[0], other: `${EXTENSIONS_MARKER}{"slots":[1]}` }] };
    expect(failure(() => parseJson(JSON.stringify(bad), 'f.json'))).toMatchObject({ code: 'E_EXCHANGE_BAD_JSON', path: '$.mappings[0].other' });
    const standard = { ...base, other: `${EXTENSIONS_MARKER}{"slots":{"comment":"x"}}` };
    expect(failure(() => parseJson(JSON.stringify(standard), 'f.json'))).toMatchObject({ code: 'E_EXCHANGE_BAD_JSON', path: '$.other' });
    const list = { ...base, mappings: [{ ...base.mappings[0], ext_l: ['a', 'b'] }] };
    expect(failure(() => parseJson(JSON.stringify(list), 'f.json'))).toMatchObject({ code: 'E_EXCHANGE_BAD_JSON', path: '$.mappings[0].ext_l' });
  });
});

describe('CSV and JSON bad input', () => {
  const csvMeta = META.join('\n');
  it('CSV row of the wrong shape → E_EXCHANGE_BAD_CSV at its line', () => {
    const text = `${csvMeta}\nsubject_id,predicate_id,object_id,mapping_justification\nHP:1,skos:exactMatch,MP:1,semapv:LexicalMatching,extra\n`;
    expect(failure(() => parseCsv(text, 'f.csv'))).toMatchObject({ code: 'E_EXCHANGE_BAD_CSV', line: 7 });
  });

  it('CSV score out of range → E_SSSOM_SCORE_RANGE', () => {
    const text = `${csvMeta}\nsubject_id,predicate_id,object_id,mapping_justification,confidence\nHP:1,skos:exactMatch,MP:1,semapv:LexicalMatching,2\n`;
    expect(failure(() => parseCsv(text, 'f.csv'))).toMatchObject({ code: 'E_SSSOM_SCORE_RANGE', line: 7 });
  });

  const good = {
    curie_map: { HP: 'http://purl.obolibrary.org/obo/HP_', MP: 'http://purl.obolibrary.org/obo/MP_' },
    mapping_set_id: 'https://example.org/sets/1',
    license: 'https://creativecommons.org/publicdomain/zero/1.0/',
    mappings: [{ subject_id: 'HP:1', predicate_id: 'skos:exactMatch', object_id: 'MP:1', mapping_justification: 'semapv:LexicalMatching' }],
  };
  it('JSON well-formed base case reads', () => {
    expect(parseJson(JSON.stringify(good), 'ok.json').mappings).toHaveLength(1);
  });

  it('JSON syntax error → E_EXCHANGE_BAD_JSON with the line', () => {
    const text = JSON.stringify(good, null, 2).replace('"license"', '"license" oops');
    const line = text.split('\n').findIndex((l) => l.includes('oops')) + 1;
    expect(failure(() => parseJson(text, 'f.json'))).toMatchObject({ code: 'E_EXCHANGE_BAD_JSON', line });
  });

  it('JSON mapping without predicate_id → E_SSSOM_MISSING_COLUMN at its JSON path', () => {
    const { predicate_id: _, ...row } = good.mappings[0]!;
    expect(failure(() => parseJson(JSON.stringify({ ...good, mappings: [good.mappings[0], row] }), 'f.json')))
      .toMatchObject({ code: 'E_SSSOM_MISSING_COLUMN', path: '$.mappings[1].predicate_id' });
  });

  it('JSON without license → E_SSSOM_MISSING_METADATA at $.license', () => {
    const { license: _, ...rest } = good;
    expect(failure(() => parseJson(JSON.stringify(rest), 'f.json'))).toMatchObject({ code: 'E_SSSOM_MISSING_METADATA', path: '$.license' });
  });

  it('JSON slot of the wrong type → E_EXCHANGE_BAD_JSON at its path', () => {
    const row = { ...good.mappings[0], confidence: { value: 1 } };
    expect(failure(() => parseJson(JSON.stringify({ ...good, mappings: [row] }), 'f.json'))).toMatchObject({ code: 'E_EXCHANGE_BAD_JSON', path: '$.mappings[0].confidence' });
  });

  it('JSON unknown prefix → E_SSSOM_UNKNOWN_PREFIX at its path', () => {
    const row = { ...good.mappings[0], object_id: 'MONDO:1' };
    expect(failure(() => parseJson(JSON.stringify({ ...good, mappings: [row] }), 'f.json'))).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', path: '$.mappings[0].object_id' });
  });

  it('Alignment RDF with a cell lacking entity2 → E_ALIGNMENT_BAD_CELL (the shared reader)', async () => {
    const rdf = `<?xml version="1.0"?>
<rdf:RDF xmlns="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<Alignment><map><Cell><entity1 rdf:resource="http://a.org/x"/><relation>=</relation></Cell></map></Alignment>
</rdf:RDF>`;
    expect(await failureAsync(() => parseAlignmentRdf(rdf, 'f.rdf'))).toMatchObject({ code: 'E_ALIGNMENT_BAD_CELL' });
  });

  it('malformed RDF/XML → E_PARSE_RDFXML', async () => {
    expect(await failureAsync(() => parseAlignmentRdf('<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n<Alignment>\n</rdf:RDF>', 'f.rdf')))
      .toMatchObject({ code: 'E_PARSE_RDFXML' });
  });
});

describe('files and the convert command', () => {
  const work = mkdtempSync(join(tmpdir(), 'ioa-exchange-'));
  const badTsv = join(work, 'bad.sssom.tsv');
  writeFileSync(badTsv, tsv(...META, HEADER, ROW, ROW.replace('\t0.5\t', '\t7\t')));
  const goodTsv = join(work, 'good.sssom.tsv');
  writeFileSync(goodTsv, tsv(...META, `${HEADER}\tpredicate_modifier`, `${ROW}\t`, `${ROW.replace('HP:0000001', 'HP:0000002')}\tNot`));

  it('content that is no mapping format → E_EXCHANGE_UNKNOWN_FORMAT', async () => {
    const odd = join(work, 'notes.dat');
    writeFileSync(odd, 'just some words\n');
    expect(await failureAsync(() => readMappingFile(odd))).toMatchObject({ code: 'E_EXCHANGE_UNKNOWN_FORMAT', line: 1 });
  });

  it('a JSON file of another kind (an Agent Card, a trust policy) given as mappings is said to be no mapping set, at $, not faulted at one of its members', async () => {
    const card = join(import.meta.dirname, '../../corpora/agents/samples/tech-docs-agent-card.json');
    const run = await runCli(['convert', card, '--to', 'sssom']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`ioa-align: ${card} at $: not a mapping set: the object has no "mappings" array, where SSSOM JSON holds its rows (its members begin "name", "description", "supportedInterfaces": another kind of file?) [E_EXCHANGE_BAD_JSON]\n`);
    expect(failure(() => parseJson(JSON.stringify({ trustedIssuers: [], requireSignature: true }), 'trust.json'))).toMatchObject({ code: 'E_EXCHANGE_BAD_JSON', path: '$' });
    expect(failure(() => parseJson('{}', 'empty.json'))).toMatchObject({ code: 'E_EXCHANGE_BAD_JSON', path: '$' });
  });

  it('a missing input file → E_FILE_UNREADABLE', async () => {
    expect(await failureAsync(() => readMappingFile(join(work, 'absent.sssom.tsv')))).toMatchObject({ code: 'E_FILE_UNREADABLE' });
  });

  it('writeMappingFile leaves nothing at the destination when the set cannot be written', async () => {
    const set: MappingSet = await readMappingFile(goodTsv); // has a rejected (Not) row
    const dest = join(work, 'out.rdf');
    expect(await failureAsync(() => writeMappingFile(dest, set, 'alignment'))).toMatchObject({ code: 'E_EXCHANGE_UNREPRESENTABLE' });
    expect(existsSync(dest)).toBe(false);
    expect(readdirSync(work).filter((f) => f.includes('out.rdf'))).toEqual([]);
  });

  it('writeMappingFile into a missing directory → E_WRITE_FAILED, no temporary file left', async () => {
    const set = await readMappingFile(goodTsv);
    expect(await failureAsync(() => writeMappingFile(join(work, 'no-such-dir', 'x.tsv'), set, 'sssom'))).toMatchObject({ code: 'E_WRITE_FAILED' });
    expect(readdirSync(work).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('convert with bad input: exit 2, code and line on stderr, nothing at --out', async () => {
    const dest = join(work, 'never.json');
    const { code, stdout, stderr } = await runCli(['convert', badTsv, '--to', 'json', '--out', dest]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${badTsv}:8:`);
    expect(stderr).toContain('[E_SSSOM_SCORE_RANGE]');
    expect(stdout).toBe('');
    expect(existsSync(dest)).toBe(false);
  });

  it('convert --to alignment refuses a rejected row, and --drop-unrepresentable drops it and says so', async () => {
    const refused = await runCli(['convert', goodTsv, '--to', 'alignment']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('[E_EXCHANGE_UNREPRESENTABLE]');
    const dropped = await runCli(['convert', goodTsv, '--to', 'alignment', '--drop-unrepresentable']);
    expect(dropped.code).toBe(0);
    expect(dropped.stderr).toContain('dropped 1 of 2 rows');
    expect(dropped.stdout.match(/<Cell>/g)).toHaveLength(1);
  });
  it('convert --to alignment refuses a row a selection removed (as a cell it would read as selected); --drop-unrepresentable leaves it out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-selected-'));
    const O = join(import.meta.dirname, '../../corpora/conference/ontologies');
    const selected = join(dir, 'selected.sssom.tsv');
    expect((await runCli(['propose', join(O, 'cmt.owl'), join(O, 'ekaw.owl'), '--select', 'one-to-one', '--out', selected, '--quiet'])).code).toBe(0);
    const rows = (await readMappingFile(selected)).mappings;
    const removed = rows.filter((r) => r.extensions?.selection_removed !== undefined).length;
    expect(removed).toBeGreaterThan(0);
    const refused = await runCli(['convert', selected, '--to', 'alignment']);
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('is a row the selection removed (selection_removed: ')]);
    const dropped = await runCli(['convert', selected, '--to', 'alignment', '--drop-unrepresentable']);
    expect(dropped.code).toBe(0);
    expect(dropped.stdout.match(/<Cell>/g)).toHaveLength(rows.length - removed);
    // The same cells propose writes for the selection in Alignment RDF.
    const direct = await runCli(['propose', join(O, 'cmt.owl'), join(O, 'ekaw.owl'), '--select', 'one-to-one', '--format', 'alignment', '--quiet']);
    expect(direct.stdout.match(/<Cell>/g)).toHaveLength(rows.length - removed);
  });


  it('convert --to alignment says when an accepted row\'s review (reviewer, date, curation, its comment) is not carried; candidates get no such warning', async () => {
    const reviewed = join(import.meta.dirname, '../../corpora/ioa-example/reviewed-cs-doc.sssom.tsv');
    const run = await runCli(['convert', reviewed, '--to', 'alignment', '--drop-unrepresentable', '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stderr.split('\n').filter((l) => l.includes('carry a review'))).toEqual([
      // The candidate row's comment ("candidate only, not reviewed") is no review.
      `ioa-align: warning: 1 of 3 rows carry a review (reviewer, review date, curation justification and the comment beside them) that Alignment RDF has no place for: their cells are written without it, as unreviewed candidates would be; keep ${reviewed} for the review`,
    ]);
    const candidates = join(import.meta.dirname, '../../corpora/ioa-example/candidates-s2.sssom.tsv');
    const quiet = await runCli(['convert', candidates, '--to', 'alignment', '--quiet']);
    expect([quiet.code, quiet.stderr.includes('carry a review')]).toEqual([0, false]);
  });

  it('a generator\'s comment on a candidate (no reviewer, review date or curation justification) is no review: no "carry a review" warning, and the comment is named among the slots not written', async () => {
    const file = join(work, 'commented-candidates.sssom.tsv');
    writeFileSync(file, [
      '#curie_map:', '#  a: http://ex.org/a#', '#  b: http://ex.org/b#', '#mapping_set_id: http://ex.org/s', '#license: https://creativecommons.org/licenses/by/4.0/',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification\tsimilarity_score\tcomment',
      'a:X\tskos:exactMatch\tb:X\tsemapv:LexicalMatching\t0.9\tdefinition: "a thing"',
      'a:Y\tskos:exactMatch\tb:Y\tsemapv:LexicalMatching\t0.7\t',
      'a:Z\tskos:exactMatch\tb:Z\tsemapv:MappingReview\t0.7\tchecked',
      '',
    ].join('\n'));
    const run = await runCli(['convert', file, '--to', 'alignment', '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('not written — comment (1 row), mapping_justification (2 rows)');
    expect(run.stderr).toContain('ioa-align: warning: 1 of 3 rows carry a review');
  });

  it('convert --to alignment names every slot the cells cannot hold, with its rows, and says where a confidence goes; an Alignment read and written back loses nothing', async () => {
    const file = join(work, 'curated.sssom.tsv');
    writeFileSync(file, [
      '# curie_map:', '#   A: http://a.org/', '#   B: http://b.org/', '#   orcid: https://orcid.org/', '# mapping_set_id: http://example.org/m',
      '# license: https://creativecommons.org/licenses/by/4.0/', '# mapping_set_description: curated by hand',
      'subject_id\tsubject_label\tpredicate_id\tobject_id\tmapping_justification\tauthor_id\tconfidence\tsimilarity_score\text_note',
      'A:x\tX\tskos:exactMatch\tB:x\tsemapv:LexicalMatching\torcid:0000-0001-0000-0001\t0.9\t\tkeep me',
      'A:y\tY\tskos:exactMatch\tB:y\tsemapv:LexicalMatching\torcid:0000-0001-0000-0001\t0.9\t0.3\tkeep me too', '',
    ].join('\n'));
    const run = await runCli(['convert', file, '--to', 'alignment', '--out', join(work, 'curated.rdf'), '--quiet']);
    expect([run.code, run.stderr.trimEnd().split('\n')]).toEqual([0, [
      `ioa-align: warning: Alignment RDF keeps two entities, a relation and one measure per cell: not written — author_id (2 rows), confidence (1 row), ext_note (2 rows), mapping_justification (2 rows), subject_label (2 rows); of the set: mapping_set_id, license, mapping_set_description; keep ${file} for them`,
      'ioa-align: warning: 1 row(s) have a confidence and no similarity_score: it is written as the cell\'s measure, which reads back as similarity_score (a matcher\'s degree, not a curator\'s confidence)',
    ]]);
    const reference = join(import.meta.dirname, '../../corpora/conference/reference/cmt-confof.rdf');
    const back = join(work, 'cmt-confof.sssom.tsv');
    expect((await runCli(['convert', reference, '--out', back, '--quiet'])).code).toBe(0);
    const again = await runCli(['convert', back, '--out', join(work, 'cmt-confof-again.rdf'), '--quiet']);
    expect([again.code, again.stderr]).toEqual([0, '']);
  });

  it('convert with an unknown --to → E_USAGE, exit 2', async () => {
    const { code, stderr } = await runCli(['convert', goodTsv, '--to', 'xlsx']);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_USAGE]');
  });

  it('convert writes --out atomically and the result reads back', async () => {
    const dest = join(work, 'good.json');
    const { code, stdout } = await runCli(['convert', goodTsv, '--to', 'json', '--out', dest]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    const back = parseJson(readFileSync(dest, 'utf8'), dest);
    expect(back.mappings.map((m) => m.predicateModifier)).toEqual([undefined, 'Not']);
  });
});
