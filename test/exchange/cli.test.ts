/** `ioa-align convert`: format of the input from its extension or content, output to stdout or --out. */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordKey, type MappingRecord } from '../../src/model/mapping.js';
import { parseCsv, parseJson, parseSssom, readMappingFile } from '../../src/exchange/index.js';
import { runCli } from '../helpers/cli.js';

const examples = join(import.meta.dirname, '../../corpora/sssom-examples');
const work = mkdtempSync(join(tmpdir(), 'ioa-convert-'));
const triples = (rows: MappingRecord[]): string[] => rows.map(recordKey).sort();

describe('ioa-align convert', () => {
  it('Alignment RDF → SSSOM on stdout (646 rows, same triples as the sssom-py conversion)', async () => {
    const { code, stdout, stderr } = await runCli(['convert', join(examples, 'oaei-ordo-hp.rdf'), '--to', 'sssom']);
    // The summary line only, on stderr, even though stdout is not a terminal.
    expect(stderr).toBe(`ioa-align: wrote 646 mappings from ${join(examples, 'oaei-ordo-hp.rdf')} to stdout\n`);
    expect(code).toBe(0);
    const ours = parseSssom(stdout, 'stdout');
    const theirs = parseSssom(readFileSync(join(examples, 'oaei-ordo-hp.rdf.tsv'), 'utf8'), 'ref');
    expect(ours.mappings).toHaveLength(646);
    expect(triples(ours.mappings)).toEqual(triples(theirs.mappings));
  });

  it('SSSOM → CSV and JSON on stdout keep every row and slot', async () => {
    const input = join(examples, 'reviewer_agreement.sssom.tsv');
    const original = parseSssom(readFileSync(input, 'utf8'), input);
    const csv = await runCli(['convert', input, '--to', 'csv']);
    const json = await runCli(['convert', input, '--to', 'json']);
    expect(csv.code).toBe(0);
    expect(json.code).toBe(0);
    expect(parseCsv(csv.stdout, 'csv').mappings).toEqual(parseJson(json.stdout, 'json').mappings);
    expect(parseJson(json.stdout, 'json').mappings).toHaveLength(original.mappings.length);
    expect(csv.stdout.split('\n')).toContain('subject_id,subject_label,predicate_id,predicate_modifier,object_id,object_label,mapping_justification,author_id,reviewer_id,mapping_tool,review_date,confidence,reviewer_agreement,similarity_score,similarity_measure,comment');
  });

  it('tells the format from the content when the extension says nothing', async () => {
    const tsvNoExt = join(work, 'mappings-tsv');
    copyFileSync(join(examples, 'similarity_score.sssom.tsv'), tsvNoExt);
    expect((await readMappingFile(tsvNoExt)).mappings).toHaveLength(3);
    const rdfNoExt = join(work, 'alignment-file');
    copyFileSync(join(examples, 'oaei-ordo-hp.rdf'), rdfNoExt);
    expect((await readMappingFile(rdfNoExt)).mappings).toHaveLength(646);
    const jsonNoExt = join(work, 'mappings-json');
    const { stdout } = await runCli(['convert', tsvNoExt, '--to', 'json']);
    writeFileSync(jsonNoExt, stdout);
    expect((await readMappingFile(jsonNoExt)).mappings).toHaveLength(3);
    const csvNoExt = join(work, 'mappings-csv');
    writeFileSync(csvNoExt, (await runCli(['convert', tsvNoExt, '--to', 'csv'])).stdout);
    expect((await readMappingFile(csvNoExt)).mappings).toHaveLength(3);
  });

  it('--out writes the file, prints nothing, and the file converts back to the same SSSOM', async () => {
    const input = join(examples, 'mp-hp-exact-0.0.1.sssom.tsv');
    const rdf = join(work, 'mp-hp.rdf');
    const back = join(work, 'mp-hp.sssom.tsv');
    expect(await runCli(['convert', input, '--to', 'alignment', '--out', rdf])).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(rdf, 'utf8')).toContain('<Alignment>');
    expect((await runCli(['convert', rdf, '--to', 'sssom', '--out', back])).code).toBe(0);
    const original = parseSssom(readFileSync(input, 'utf8'), input);
    expect(triples(parseSssom(readFileSync(back, 'utf8'), back).mappings)).toEqual(triples(original.mappings));
  });

  it('--metadata supplies SSSOM external metadata (example1 has none embedded)', async () => {
    const input = join(examples, 'example1.sssom.tsv');
    expect((await runCli(['convert', input, '--to', 'json'])).stderr).toContain('[E_SSSOM_MISSING_METADATA]');
    const meta = join(work, 'example1.sssom.yml');
    writeFileSync(meta, [
      'mapping_set_id: https://w3id.org/sssom/tutorial/example1.sssom.tsv',
      'license: https://creativecommons.org/licenses/by/4.0/',
      'curie_map:',
      '  KF_FOOD: https://kewl-foodie.inc/food/',
      '  FOODON: http://purl.obolibrary.org/obo/FOODON_',
      '  orcid: https://orcid.org/',
      '',
    ].join('\n'));
    const { code, stdout } = await runCli(['convert', input, '--metadata', meta, '--to', 'json']);
    expect(code).toBe(0);
    const set = parseJson(stdout, 'json');
    expect(set.mappings).toHaveLength(5);
    expect(set.metadata.mappingSetId).toBe('https://w3id.org/sssom/tutorial/example1.sssom.tsv');
    writeFileSync(meta, 'mapping_set_id: [unclosed\n');
    expect((await runCli(['convert', input, '--metadata', meta, '--to', 'json'])).stderr).toContain(`${meta}:1:`);
  });

  it('is registered in COMMANDS (and so in --help)', async () => {
    const { COMMANDS } = await import('../../src/cli/main.js');
    const command = await COMMANDS.convert!();
    expect((command.meta as { name?: string } | undefined)?.name).toBe('convert');
  });
});

describe('convert to and from Alignment RDF says what the cells change', () => {
  const sssom = join(work, 'changes.sssom.tsv');
  writeFileSync(sssom, [
    '#curie_map:', '#  a: http://ex.org/a#', '#  b: http://ex.org/b#', '#mapping_set_id: http://ex.org/s', '#license: https://creativecommons.org/licenses/by/4.0/',
    'subject_id\tpredicate_id\tobject_id\tmapping_justification\tsimilarity_score',
    'a:X\towl:equivalentClass\tb:X\tsemapv:LexicalMatching\t0.9',
    'a:X\tskos:exactMatch\tb:X\tsemapv:StructuralMatching\t0.4',
    'a:Y\trdfs:subClassOf\tb:Y\tsemapv:LexicalMatching\t0.7',
    '',
  ].join('\n'));

  it('rows merged into one cell (and the score not written), predicates written as a relation that reads back as another, and a summary counting cells', async () => {
    const out = join(work, 'changes.rdf');
    const r = await runCli(['convert', sssom, '--out', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8').match(/<Cell>/g)).toHaveLength(2);
    expect(r.stderr).toContain('ioa-align: warning: 1 row(s) share a cell with another row of the same subject, relation and object');
    expect(r.stderr).toContain('e.g. http://ex.org/a#X = http://ex.org/b#X from 2 rows, measure 0.9 (not written: 0.4)');
    expect(r.stderr).toContain('1 row(s) with predicate owl:equivalentClass are written as the Alignment relation =, which reads back as skos:exactMatch');
    expect(r.stderr).toContain('1 row(s) with predicate rdfs:subClassOf are written as the Alignment relation <, which reads back as skos:broadMatch');
    expect(r.stderr).toContain(`ioa-align: wrote 2 mappings (Alignment cells, from 3 rows) from ${sssom} to ${out}`);
  });

  it('HasInstance and InstanceOf cells read as narrowMatch and broadMatch are said so; --strict refuses them (E_ALIGNMENT_BAD_CELL)', async () => {
    const rdf = join(work, 'instances.rdf');
    writeFileSync(rdf, [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<rdf:RDF xmlns="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
      '<Alignment><xml>yes</xml><level>0</level><type>**</type>',
      '<map><Cell><entity1 rdf:resource="http://ex.org/a#E"/><entity2 rdf:resource="http://ex.org/b#e1"/><relation>HasInstance</relation></Cell></map>',
      '<map><Cell><entity1 rdf:resource="http://ex.org/a#f"/><entity2 rdf:resource="http://ex.org/b#F"/><relation>InstanceOf</relation></Cell></map>',
      '<map><Cell><entity1 rdf:resource="http://ex.org/a#G"/><entity2 rdf:resource="http://ex.org/b#G"/><relation>=</relation></Cell></map>',
      '</Alignment></rdf:RDF>',
    ].join('\n'));
    const r = await runCli(['convert', rdf, '--to', 'sssom']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`ioa-align: warning: ${rdf}: 1 cell(s) with relation HasInstance read as skos:narrowMatch, 1 cell(s) with relation InstanceOf read as skos:broadMatch`);
    const strict = await runCli(['convert', rdf, '--to', 'sssom', '--strict']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('[E_ALIGNMENT_BAD_CELL]');
  });

  it('a reviewed row whose review_decision contradicts its predicate_modifier is refused for Alignment RDF, which keeps neither column (E_REVIEW_ROW_CONTRADICTION)', async () => {
    const input = join(work, 'contradicting.sssom.tsv');
    writeFileSync(input, [
      '# curie_map:', '#   a: http://example.org/a#', '#   b: http://example.org/b#', '#   orcid: https://orcid.org/',
      '# mapping_set_id: http://example.org/set', '# license: https://creativecommons.org/licenses/by/4.0/',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification\treview_decision\treviewer_id',
      'a:Z\tskos:exactMatch\tb:W\tsemapv:ManualMappingCuration\taccept\torcid:0000-0002-1825-0097',
      // The reviewer rejected the pair; predicate_modifier Not was never written.
      'a:X\tskos:exactMatch\tb:Y\tsemapv:ManualMappingCuration\treject\torcid:0000-0002-1825-0097', '',
    ].join('\n'));
    const out = join(work, 'contradicting.rdf');
    const result = await runCli(['convert', input, '--to', 'alignment', '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${input}:9: the row says review_decision reject`);
    expect(result.stderr).toContain('[E_REVIEW_ROW_CONTRADICTION]');
    expect(() => readFileSync(out)).toThrow();
    // SSSOM keeps both columns, so the file converts as it is.
    expect((await runCli(['convert', input, '--to', 'sssom'])).code).toBe(0);
  });
});
