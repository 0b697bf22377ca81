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
import { parseCsv, parseJson, parseSssom, readMappingFile, writeMappingFile, parseAlignmentRdf } from '../../src/exchange/index.js';
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

  it('missing mapping_set_id → E_SSSOM_MISSING_METADATA, line 1', () => {
    const lines = META.filter((l) => !l.startsWith('#mapping_set_id'));
    expect(failure(() => parseSssom(tsv(...lines, HEADER, ROW), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_MISSING_METADATA', file: 'f.tsv', line: 1 });
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

  it('duplicate header column → E_SSSOM_DUPLICATE_COLUMN at the header line', () => {
    expect(failure(() => parseSssom(tsv(...META, `${HEADER}\tconfidence`, `${ROW}\t`), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_DUPLICATE_COLUMN', line: 6 });
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

  it('a multi-valued identifier → E_SSSOM_BAD_ROW', () => {
    expect(failure(() => parseSssom(tsv(...META, HEADER, ROW.replace('MP:0000001', 'MP:0000001|MP:0000002')), 'f.tsv'))).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 7 });
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
