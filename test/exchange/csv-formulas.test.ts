/**
 * Spreadsheet formula injection: a CSV cell that a spreadsheet would run as a formula is written
 * with a leading `'`, and `convert` reads it back to the original text. SSSOM TSV is a data
 * format for tools and is written as it stands.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, parseSssom, serializeCsv, serializeSssom } from '../../src/exchange/index.js';
import { guardMetadataLine, neutraliseCell, unguardMetadataLine, unneutraliseCell } from '../../src/exchange/sssom-tsv.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../io/helpers.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A9)', '\tTabbed', '\rReturn', "'quoted", "''=double", "'plain"];

describe('CSV cells are neutralised and read back exactly', () => {
  const base = parseSssom(readFileSync(join(EX, 'reviewed-cs-doc.sssom.tsv'), 'utf8'), 'reviewed.tsv');
  const hostile = { ...base, mappings: base.mappings.map((m, i) => ({ ...m, subjectLabel: HOSTILE[i]!, objectLabel: HOSTILE[i + 3]!, comment: HOSTILE[i + 6]! })) };

  it('no cell of the written CSV starts with = + - @ tab or CR', () => {
    const csv = serializeCsv(hostile);
    const cells = parseCsvCells(csv);
    expect(cells.length).toBeGreaterThan(20);
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain('\'=HYPERLINK("http://evil.example","x")');
    expect(cells).toContain("''quoted");
  });

  it('reading the CSV gives the original values, a genuine leading quote included', () => {
    const back = parseCsv(serializeCsv(hostile), 'x.csv');
    // Writers sort rows: compare the rows as a set.
    const row = (m: { subjectLabel?: string; objectLabel?: string; comment?: string }): string => JSON.stringify([m.subjectLabel, m.objectLabel, m.comment]);
    expect(back.mappings.map(row).sort()).toEqual(hostile.mappings.map(row).sort());
  });

  it('SSSOM TSV keeps the values as they are (a data format read by tools, not a spreadsheet)', () => {
    const tsv = serializeSssom(hostile);
    expect(tsv).toContain('\t=HYPERLINK(');
    expect(parseSssom(tsv, 'x.tsv').mappings.map((m) => m.subjectLabel).sort()).toEqual(hostile.mappings.map((m) => m.subjectLabel).sort());
  });

  it('a metadata line split at its commas by a spreadsheet starts no formula either, and reads back', () => {
    const set = { ...hostile, metadata: { ...hostile.metadata, subjectSourceVersion: '1,=HYPERLINK("x"),"=2",\'3' } };
    const csv = serializeCsv(set);
    const metaLine = csv.split('\n').find((l) => l.startsWith('#subject_source_version'))!;
    for (const piece of metaLine.split(',').slice(1)) expect(piece).not.toMatch(/^["=+\-@\t\r]/);
    expect(parseCsv(csv, 'x.csv').metadata.subjectSourceVersion).toBe(set.metadata.subjectSourceVersion);
  });

  it('guarding is reversible for any text (cells and metadata lines)', () => {
    const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", '"', ',', 'a', ' ') });
    fc.assert(fc.property(text, (value) => {
      expect(unneutraliseCell(neutraliseCell(value))).toBe(value);
      expect(unguardMetadataLine(guardMetadataLine(value))).toBe(value);
    }), { numRuns: 2000 });
  });

  it('convert: TSV → CSV → TSV through the CLI is exact', async () => {
    const dir = tempDir('ioa-csv-');
    const tsv = join(dir, 'hostile.sssom.tsv');
    writeFileSync(tsv, serializeSssom(hostile));
    // --no-condense: the library writer leaves set-level values on the rows, so convert must too for a byte comparison.
    const toCsv = await runCli(['convert', tsv, '--to', 'csv', '--no-condense', '--out', join(dir, 'hostile.csv')]);
    expect(toCsv.code).toBe(0);
    expect(readFileSync(join(dir, 'hostile.csv'), 'utf8')).toContain(",'-2+3,");
    const back = await runCli(['convert', join(dir, 'hostile.csv'), '--to', 'sssom', '--no-condense']);
    expect(back.code).toBe(0);
    expect(back.stdout).toBe(readFileSync(tsv, 'utf8'));
  });
});

/** Every cell of a CSV text as a spreadsheet sees it (RFC 4180 quoting), metadata lines included. */
function parseCsvCells(text: string): string[] {
  const cells: string[] = [];
  let i = 0;
  let cell = '';
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && cell === '') {
      let j = i + 1;
      let quoted = '';
      for (;;) {
        const k = text.indexOf('"', j);
        quoted += text.slice(j, k);
        if (text[k + 1] === '"') { quoted += '"'; j = k + 2; continue; }
        i = k + 1;
        break;
      }
      cell = quoted;
      continue;
    }
    if (c === ',' || c === '\n') { cells.push(cell); cell = ''; i++; continue; }
    cell += c;
    i++;
  }
  if (cell !== '') cells.push(cell);
  return cells;
}
