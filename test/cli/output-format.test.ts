/**
 * The output format follows the `--out` file name when no format is given (as input formats
 * follow theirs), and a format that contradicts the file name is refused: SSSOM TSV is never
 * written quietly into `x.csv`.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMappingFile } from '../../src/exchange/index.js';
import { runCli } from '../helpers/cli.js';

const data = (name: string): string => join(import.meta.dirname, '../generators/data', name);
const A = data('shop-a.ttl');
const B = data('shop-b.ttl');
const reviewed = join(import.meta.dirname, '../../corpora/ioa-example/reviewed-cs-doc.sssom.tsv');
const dir = mkdtempSync(join(tmpdir(), 'ioa-outfmt-'));

/** What the file holds, judged from its first bytes. */
function contentFormat(file: string): string {
  const head = readFileSync(file, 'utf8').trimStart();
  if (head.startsWith('{')) return 'json';
  if (head.startsWith('<')) return 'alignment';
  const header = head.split('\n').find((l) => !l.startsWith('#'))!;
  return header.includes('\t') ? 'sssom' : 'csv';
}

describe('propose --out without --format', () => {
  it.each([
    ['x.csv', 'csv'], ['x.json', 'json'], ['x.rdf', 'alignment'], ['x.xml', 'alignment'], ['x.tsv', 'sssom'], ['x.sssom.tsv', 'sssom'],
  ])('%s is written as %s', async (name, format) => {
    const out = join(dir, `propose-${name}`);
    const r = await runCli(['propose', A, B, '--generators', 'exact', '--out', out]);
    expect(r.code).toBe(0);
    expect(contentFormat(out)).toBe(format);
    expect((await readMappingFile(out)).mappings.length).toBeGreaterThan(0);
  });

  it('a file name that names no format keeps the default, SSSOM TSV', async () => {
    const out = join(dir, 'propose-candidates.txt');
    expect((await runCli(['propose', A, B, '--generators', 'exact', '--out', out])).code).toBe(0);
    expect(contentFormat(out)).toBe('sssom');
  });

  it('an explicit --format that contradicts the extension: E_USAGE, exit 2, nothing written', async () => {
    const out = join(dir, 'contradiction.csv');
    const r = await runCli(['propose', A, B, '--format', 'json', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`ioa-align: --format json contradicts --out ${out}, whose extension means csv: drop --format or name the file for json [E_USAGE]`);
    expect(existsSync(out)).toBe(false);
  });

  it('an explicit --format that agrees with the extension is fine', async () => {
    const out = join(dir, 'agree.csv');
    expect((await runCli(['propose', A, B, '--generators', 'exact', '--format', 'csv', '--out', out])).code).toBe(0);
    expect(contentFormat(out)).toBe('csv');
  });
});

describe('convert --to against the --out extension', () => {
  it('a contradiction is E_USAGE, exit 2, nothing written', async () => {
    const out = join(dir, 'convert.json');
    const r = await runCli(['convert', reviewed, '--to', 'csv', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`ioa-align: --to csv contradicts --out ${out}, whose extension means json: drop --to or name the file for csv [E_USAGE]`);
    expect(existsSync(out)).toBe(false);
  });

  it('agreement converts', async () => {
    const out = join(dir, 'convert-ok.json');
    expect((await runCli(['convert', reviewed, '--to', 'json', '--out', out])).code).toBe(0);
    expect(contentFormat(out)).toBe('json');
  });

  it.each([['c.csv', 'csv'], ['c.json', 'json'], ['c.rdf', 'alignment'], ['c.sssom.tsv', 'sssom']])('without --to, --out %s writes %s, as propose does', async (name, format) => {
    const out = join(dir, name);
    // (Alignment RDF cannot hold the file's rejected rows: they are dropped, and counted.)
    const r = await runCli(['convert', reviewed, '--out', out, ...(format === 'alignment' ? ['--drop-unrepresentable'] : [])]);
    expect([r.code, contentFormat(out)]).toEqual([0, format]);
  });

  it('without --to and without an --out that names a format: E_USAGE naming --to, nothing written', async () => {
    const stdout = await runCli(['convert', reviewed]);
    expect([stdout.code, stdout.stdout, stdout.stderr.split('\n')[0]]).toEqual([2, '', 'ioa-align: missing required option --to (or an --out file whose extension names the format: .tsv, .csv, .json, .rdf) [E_USAGE]']);
    const out = join(dir, 'c.txt');
    const txt = await runCli(['convert', reviewed, '--out', out]);
    expect([txt.code, txt.stderr.split('\n')[0], existsSync(out)]).toEqual([2, `ioa-align: --to is needed: --out ${out} has no extension that names a format (.tsv, .csv, .json, .rdf) [E_USAGE]`, false]);
  });
});
