/**
 * A review file survives a spreadsheet: `propose --out F.csv` writes the header on line 1 and the
 * metadata to the sidecar F.yml; the file saved again the way a spreadsheet saves it (Python's
 * csv module, scripts/spreadsheet-save.py: rows padded with empty cells, CRLF, a byte-order
 * mark, every cell re-quoted) converts back to the same SSSOM rows with no options.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSssom, propagateSet, readMappingFile, sortedMappings } from '../../src/exchange/index.js';
import type { MappingSet } from '../../src/model/mapping.js';
import { runCli } from '../helpers/cli.js';

const data = (name: string) => fileURLToPath(new URL(`../generators/data/${name}`, import.meta.url));
const A = data('shop-a.ttl');
const B = data('shop-b.ttl');
const SAVE = fileURLToPath(new URL('./scripts/spreadsheet-save.py', import.meta.url));

const hasPython = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function spreadsheetSave(file: string, quote: 'all' | 'minimal' = 'all'): void {
  execFileSync('python3', [SAVE, file, '--quote', quote, '--pad', '4']);
}

/** A set as readers return it, rows in writer order: what "the same SSSOM rows" compares. */
const normal = (set: MappingSet): MappingSet => {
  const p = propagateSet(set);
  return { metadata: p.metadata, mappings: sortedMappings(p.mappings) };
};

describe.skipIf(!hasPython)('a CSV review file through a spreadsheet save (Python csv module)', () => {
  it('propose --out F.csv: header on line 1, metadata in F.yml; after a padded, CRLF, BOM, re-quoted save, convert F.csv gives the same rows with no options', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sheet-'));
    const csv = join(dir, 'review.csv');
    const tsv = join(dir, 'review.sssom.tsv');
    expect((await runCli(['propose', A, B, '--out', csv, '--quiet'])).code).toBe(0);
    expect((await runCli(['propose', A, B, '--out', tsv, '--quiet'])).code).toBe(0);
    expect(readFileSync(csv, 'utf8').split('\n')[0]).toMatch(/^subject_id,subject_label,predicate_id,/);
    expect(existsSync(join(dir, 'review.yml'))).toBe(true);
    const expected = normal(parseSssom(readFileSync(tsv, 'utf8'), tsv));

    spreadsheetSave(csv, 'all');
    const saved = readFileSync(csv);
    expect([...saved.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = saved.toString('utf8');
    expect(text).toContain('\r\n');
    expect(text.split('\r\n')[1]).toMatch(/^"shop-a:[^"]+","[^"]*","skos:exactMatch",.*,"","","",""$/);

    const back = join(dir, 'back.sssom.tsv');
    const converted = await runCli(['convert', csv, '--to', 'sssom', '--out', back, '--no-condense']);
    expect(converted.code).toBe(0);
    expect(converted.stderr).toContain(`(metadata from ${join(dir, 'review.yml')})`);
    expect(normal(parseSssom(readFileSync(back, 'utf8'), back))).toEqual(expected);
    // The library reader picks up the sidecar the same way.
    expect(normal(await readMappingFile(csv))).toEqual(expected);
  });

  it('a CSV with its metadata embedded (propose to stdout) reads back after the same save: padded # lines are put together again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sheet-'));
    const r = await runCli(['propose', A, B, '--format', 'csv', '--quiet']);
    expect(r.code).toBe(0);
    const csv = join(dir, 'embedded.csv');
    writeFileSync(csv, r.stdout);
    const expected = normal(await readMappingFile(csv));
    for (const quote of ['minimal', 'all'] as const) {
      const copy = join(dir, `saved-${quote}.csv`);
      copyFileSync(csv, copy);
      spreadsheetSave(copy, quote);
      const lines = readFileSync(copy, 'utf8').split('\r\n');
      expect(lines.filter((l) => /^\uFEFF?"?#.*(,""|,){4}$/.test(l)).length).toBeGreaterThan(10);
      expect(normal(await readMappingFile(copy))).toEqual(expected);
    }
  });
});

describe('a sidecar that belongs to another set', () => {
  it('a CSV naming its own mapping_set_id beside a sidecar with another one: exit 2, E_SSSOM_BAD_METADATA, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sheet-'));
    const r = await runCli(['propose', A, B, '--format', 'csv', '--quiet']);
    const csv = join(dir, 'review.csv');
    writeFileSync(csv, r.stdout);
    writeFileSync(join(dir, 'review.yml'), 'mapping_set_id: https://example.org/sets/another-run\nlicense: https://w3id.org/sssom/license/unspecified\ncurie_map: {}\n');
    const out = join(dir, 'out.sssom.tsv');
    const converted = await runCli(['convert', csv, '--to', 'sssom', '--out', out]);
    expect(converted.code).toBe(2);
    expect(converted.stderr).toMatch(/review\.csv:\d+: the file's mapping_set_id https:\/\/w3id\.org\/sssom\/mappings\/[0-9a-f-]+ differs from https:\/\/example\.org\/sets\/another-run in its external metadata .*review\.yml: they describe different mapping sets \[E_SSSOM_BAD_METADATA\]/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['review.csv', 'review.yml']);
    // The same disagreement through --metadata is refused the same way.
    const explicit = await runCli(['convert', csv, '--to', 'sssom', '--metadata', join(dir, 'review.yml')]);
    expect([explicit.code, explicit.stdout]).toEqual([2, '']);
    expect(explicit.stderr).toContain('[E_SSSOM_BAD_METADATA]');
  });

  it('a sidecar of the same set that expands a prefix otherwise, or names another license, than the file itself is E_SSSOM_BAD_METADATA at the file\'s slot, never silently overruled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sheet-'));
    const header = '# curie_map:\n#   a: http://example.org/a#\n#   b: http://example.org/b#\n# mapping_set_id: https://example.org/set1\n# license: https://creativecommons.org/publicdomain/zero/1.0/\n';
    const table = `${header}subject_id\tpredicate_id\tobject_id\tmapping_justification\na:Heart\tskos:exactMatch\tb:H1\tsemapv:ManualMappingCuration\n`;
    const tsv = join(dir, 'x.sssom.tsv');
    writeFileSync(tsv, table);
    const sidecar = join(dir, 'x.sssom.yml');
    for (const [yaml, message, line] of [
      ['curie_map:\n  a: http://OTHER.org/a#\nmapping_set_id: https://example.org/set1\n', 'prefix a expands to http://example.org/a# in the file', 1],
      ['mapping_set_id: https://example.org/set1\nlicense: https://example.org/other-licence\n', 'license is https://creativecommons.org/publicdomain/zero/1.0/ in the file', 5],
    ] as const) {
      writeFileSync(sidecar, yaml);
      const run = await runCli(['convert', tsv, '--to', 'json']);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, '', expect.stringContaining(`${tsv}:${line}: ${message}`)]);
      expect(run.stderr).toContain('[E_SSSOM_BAD_METADATA]');
    }
    // Agreeing, or giving what the file leaves out, the sidecar is read with it as before.
    writeFileSync(sidecar, 'curie_map:\n  a: http://example.org/a#\n  c: http://example.org/c#\nmapping_set_description: from the sidecar\n');
    const read = await readMappingFile(tsv);
    expect(read.metadata.extra?.mapping_set_description).toBe('from the sidecar');
  });

  it('the sidecar\'s curie_map and extension_definitions merge with the file\'s own, rather than being replaced by them; an extension defined two ways is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sheet-'));
    const tsv = join(dir, 'm.sssom.tsv');
    writeFileSync(tsv, '#curie_map:\n#  a: http://ex.org/a#\n#  ex: http://ex.org/x/\n#extension_definitions:\n#  - slot_name: mine\n#    property: ex:mine\n'
      + 'subject_id\tpredicate_id\tobject_id\tmapping_justification\tmine\ttheirs\na:1\tskos:exactMatch\tb:2\tsemapv:ManualMappingCuration\tm\tt\n');
    const sidecar = join(dir, 'm.sssom.yml');
    writeFileSync(sidecar, 'curie_map:\n  b: http://ex.org/b#\nlicense: https://x.org/l\nmapping_set_id: http://ex.org/s\nextension_definitions:\n  - slot_name: theirs\n    property: ex:theirs\n');
    const read = await readMappingFile(tsv);
    expect(read.metadata.curieMap).toMatchObject({ a: 'http://ex.org/a#', b: 'http://ex.org/b#' });
    expect(read.mappings[0]).toMatchObject({ subjectId: 'http://ex.org/a#1', objectId: 'http://ex.org/b#2' });
    expect(read.metadata.extensionDefinitions?.map((d) => d.slotName).sort()).toEqual(['mine', 'theirs']);
    writeFileSync(sidecar, 'curie_map:\n  b: http://ex.org/b#\nlicense: https://x.org/l\nmapping_set_id: http://ex.org/s\nextension_definitions:\n  - slot_name: mine\n    property: ex:other\n');
    const run = await runCli(['convert', tsv, '--to', 'json']);
    expect([run.code, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toContain(`${tsv}:4: extension slot mine is defined as`);
    expect(run.stderr).toContain('[E_SSSOM_BAD_METADATA]');
  });

  it('convert --to csv --out writes the table and its sidecar together; the sidecar carries the set, the table only rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sheet-'));
    const tsv = join(dir, 'in.sssom.tsv');
    expect((await runCli(['propose', A, B, '--out', tsv, '--quiet'])).code).toBe(0);
    const csv = join(dir, 'out.csv');
    const r = await runCli(['convert', tsv, '--to', 'csv', '--out', csv]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`ioa-align: wrote 6 mappings from ${tsv} to ${csv} (metadata in ${join(dir, 'out.yml')})\n`);
    expect(readFileSync(csv, 'utf8')).not.toContain('#');
    expect(readFileSync(join(dir, 'out.yml'), 'utf8')).toMatch(/^curie_map:/);
    expect(normal(await readMappingFile(csv))).toEqual(normal(await readMappingFile(tsv)));
  });
});
