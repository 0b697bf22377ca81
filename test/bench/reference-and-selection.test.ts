/**
 * `bench` with a curated SSSOM reference (in a manifest or as --reference), and the selected set
 * it scores for each run: the same selection `propose --select` writes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runBenchmark, type BenchResult } from '../../src/bench/runner.js';
import { DEFAULT_MIN_FUSED_VALUE } from '../../src/generators/fusion.js';
import { candidatesFromMappingSet, parseSssom } from '../../src/exchange/index.js';

const CONF = join(import.meta.dirname, '../../corpora/conference');
const PAIRS = ['cmt-conference', 'confof-edas', 'edas-iasted'];

/** A manifest over a few conference pairs, with each reference as the given file (made by `convert`). */
async function track(format: 'rdf' | 'sssom.tsv' | 'csv' | 'json'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-ref-'));
  const pairs = [];
  for (const id of PAIRS) {
    const [s, t] = id.split('-');
    const rdf = join(CONF, 'reference', `${id}.rdf`);
    let reference = rdf;
    if (format !== 'rdf') {
      reference = join(dir, `${id}.${format}`);
      const to = format === 'sssom.tsv' ? 'sssom' : format;
      expect((await runCli(['convert', rdf, '--to', to, '--out', reference, '--quiet'])).code).toBe(0);
    }
    pairs.push({ id, source: join(CONF, 'ontologies', `${s}.owl`), target: join(CONF, 'ontologies', `${t}.owl`), reference });
  }
  const manifest = join(dir, 'manifest.json');
  writeFileSync(manifest, JSON.stringify({ name: `conf-${format}`, pairs }));
  return manifest;
}

const scores = (r: BenchResult) => r.runs.map((run) => [run.name, run.micro?.hitsAt, run.micro?.proposal, run.selection?.micro]);


/** A cmt → conference reference in SSSOM TSV: the metadata block, then `table` (header and rows). */
function referenceFile(table: readonly string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ioa-ref-')), 'ref.sssom.tsv');
  writeFileSync(file, [
    '#curie_map:', '#  cmt: "http://cmt#"', '#  conf: "http://conference#"',
    '#mapping_set_id: https://example.org/ref', '#license: https://creativecommons.org/publicdomain/zero/1.0/',
    ...table, '',
  ].join('\n'));
  return file;
}
describe('bench with SSSOM references', () => {
  it('a reference converted to SSSOM TSV, CSV (with its sidecar) or JSON scores exactly as the Alignment RDF it came from', async () => {
    const options = { generators: ['exact', 'edit'], baselines: false } as const;
    const rdf = await runBenchmark({ ...options, corpus: await track('rdf') });
    expect(rdf.corpus.pairs.map((p) => p.referenceFormat)).toEqual(['alignment', 'alignment', 'alignment']);
    for (const format of ['sssom.tsv', 'csv', 'json'] as const) {
      const other = await runBenchmark({ ...options, corpus: await track(format) });
      expect(other.corpus.pairs.map((p) => [p.referenceTriples, p.relations])).toEqual(rdf.corpus.pairs.map((p) => [p.referenceTriples, p.relations]));
      expect(scores(other)).toEqual(scores(rdf));
    }
  });

  it('rows a reviewer rejected and literal rows are not reference mappings: left out and counted', async () => {
    const file = referenceFile([
      'subject_id\tpredicate_id\tpredicate_modifier\tobject_id\tobject_label\tobject_type\tmapping_justification',
      'cmt:Person\tskos:exactMatch\t\tconf:Person\t\t\tsemapv:ManualMappingCuration',
      'cmt:Review\towl:equivalentClass\t\tconf:Review\t\t\tsemapv:ManualMappingCuration',
      'cmt:Paper\tskos:exactMatch\tNot\tconf:Paper\t\t\tsemapv:ManualMappingCuration',
      'cmt:Author\tskos:exactMatch\t\t\tan author\trdfs literal\tsemapv:ManualMappingCuration',
    ]);
    const r = await runCli(['bench', '--source', join(CONF, 'ontologies/cmt.owl'), '--target', join(CONF, 'ontologies/conference.owl'), '--reference', file, '--generators', 'exact', '--json']);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as BenchResult;
    expect(result.corpus.pairs).toMatchObject([{ referenceTriples: 2, relations: { '=': 2 }, referenceFormat: 'sssom', referenceRowsIgnored: 2 }]);
    // exact finds Person and Review (owl:equivalentClass read as =) among its candidates.
    expect(result.runs.find((run) => run.name === 'exact')?.micro?.candidateRecall).toBe(1);
  });

  it('a row of a predicate no metric reads (a misspelt relation) is E_BENCH_REFERENCE at its line, never left out unseen', async () => {
    const file = referenceFile([
      'subject_id\tpredicate_id\tobject_id\tmapping_justification',
      'cmt:Person\tskos:exactMatch\tconf:Person\tsemapv:ManualMappingCuration',
      'cmt:Review\tskos:fooMatch\tconf:Review\tsemapv:ManualMappingCuration',
    ]);
    const r = await runCli(['bench', '--source', join(CONF, 'ontologies/cmt.owl'), '--target', join(CONF, 'ontologies/conference.owl'), '--reference', file, '--generators', 'exact']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(`${file}:8 at $.mappings[1].predicate_id: reference row with predicate skos:fooMatch, which no metric reads`)]);
    expect(r.stderr).toContain('[E_BENCH_REFERENCE]');
  });

  it('a reference with no rows, or none that can be scored, is E_BENCH_REFERENCE: never a table of zeros', async () => {
    const header = 'subject_id\tpredicate_id\tpredicate_modifier\tobject_id\tmapping_justification';
    const empty = referenceFile([header]);
    const rejected = referenceFile([header, 'cmt:Paper\tskos:exactMatch\tNot\tconf:Paper\tsemapv:ManualMappingCuration']);
    const argv = (file: string) => ['bench', '--source', join(CONF, 'ontologies/cmt.owl'), '--target', join(CONF, 'ontologies/conference.owl'), '--reference', file, '--generators', 'exact'];
    const none = await runCli(argv(empty));
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('the reference holds no mapping rows: there is nothing to score against [E_BENCH_REFERENCE]')]);
    const all = await runCli(argv(rejected));
    expect([all.code, all.stderr]).toEqual([2, expect.stringContaining("none of the reference's 1 rows can be scored against (1 rejected with predicate_modifier Not or literal mappings) [E_BENCH_REFERENCE]")]);
  });

  it('an Alignment whose cells are all incompatibilities (%) is E_BENCH_REFERENCE too; a cell given twice is counted once', async () => {
    const alignment = (cells: readonly [string, string, string][]): string => {
      const file = join(mkdtempSync(join(tmpdir(), 'ioa-ref-')), 'ref.rdf');
      writeFileSync(file, [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<rdf:RDF xmlns="http://knowledgeweb.semanticweb.org/heterogeneity/alignment" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
        '<Alignment><xml>yes</xml><level>0</level><type>??</type>',
        ...cells.map(([a, b, rel]) => `<map><Cell><entity1 rdf:resource="${a}"/><entity2 rdf:resource="${b}"/><relation>${rel}</relation><measure>1.0</measure></Cell></map>`),
        '</Alignment></rdf:RDF>', '',
      ].join('\n'));
      return file;
    };
    const argv = (file: string) => ['bench', '--source', join(CONF, 'ontologies/cmt.owl'), '--target', join(CONF, 'ontologies/conference.owl'), '--reference', file, '--generators', 'exact'];
    const incompatible = await runCli(argv(alignment([['http://cmt#Paper', 'http://conference#Person', '%']])));
    expect([incompatible.code, incompatible.stderr]).toEqual([2, expect.stringContaining("none of the alignment's 1 cells can be scored against (1 incompatibilities, relation %) [E_BENCH_REFERENCE]")]);
    const twice = await runCli(argv(alignment([
      ['http://cmt#Person', 'http://conference#Person', '='],
      ['http://cmt#Person', 'http://conference#Person', '='],
      ['http://cmt#Paper', 'http://conference#Paper', '='],
      ['http://cmt#Paper', 'http://conference#Person', '%'],
    ])));
    expect(twice.code).toBe(0);
    expect(twice.stdout).toContain('reference mappings: 2 (= 2) over 2 reference subjects; 1 reference rows not scored (rejected, literal or incompatibility rows)');
  });

  it('reference objects the target does not have are said in the report, as missing subjects are', async () => {
    const file = referenceFile([
      'subject_id\tpredicate_id\tobject_id\tmapping_justification',
      'cmt:Person\tskos:exactMatch\tconf:Person\tsemapv:ManualMappingCuration',
      'cmt:Paper\tskos:exactMatch\tconf:Papr\tsemapv:ManualMappingCuration',
    ]);
    const r = await runCli(['bench', '--source', join(CONF, 'ontologies/cmt.owl'), '--target', join(CONF, 'ontologies/conference.owl'), '--reference', file, '--generators', 'exact']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('; 1 reference objects are not in their target ontology (no generator can find them)');
  });

  it('--source/--target/--reference is one pair; with --corpus, or missing one of the three, it is a usage error', async () => {
    const cmt = join(CONF, 'ontologies/cmt.owl');
    const missing = await runCli(['bench', '--source', cmt, '--target', join(CONF, 'ontologies/edas.owl')]);
    expect([missing.code, missing.stderr.includes('one pair needs all three of --source, --target and --reference [E_USAGE]')]).toEqual([2, true]);
    const both = await runCli(['bench', '--corpus', 'conference', '--source', cmt, '--target', cmt, '--reference', join(CONF, 'reference/cmt-edas.rdf')]);
    expect([both.code, both.stderr.includes('[E_USAGE]')]).toEqual([2, true]);
  });
});

describe('the selected set bench scores', () => {
  it('is one-to-one with the default threshold on the fused run and none on single generators; --select and --min-score change it', async () => {
    const corpus = await track('rdf');
    const result = await runBenchmark({ corpus, generators: ['exact', 'edit', 'tfidf'], baselines: false });
    expect(result.config.selection).toEqual({ mode: 'one-to-one', fusedMinScore: DEFAULT_MIN_FUSED_VALUE, repair: true, structure: true });
    const fusion = result.runs.find((r) => r.kind === 'fusion')!;
    expect(fusion.selection).toMatchObject({ mode: 'one-to-one', minScore: DEFAULT_MIN_FUSED_VALUE });
    expect(result.runs.find((r) => r.name === 'tfidf')!.selection?.minScore).toBeUndefined();
    // Micro counts are the sums of the pairs' counts, and F1 follows from them.
    const sel = fusion.selection!;
    expect(sel.micro.proposed).toBe(sel.perPair.reduce((a, p) => a + p.proposed, 0));
    expect(sel.micro.correct).toBe(sel.perPair.reduce((a, p) => a + p.correct, 0));
    expect(sel.micro.f1).toBeCloseTo((2 * sel.micro.precision * sel.micro.recall) / (sel.micro.precision + sel.micro.recall), 12);
    expect(sel.micro.proposed).toBeGreaterThan(0);

    const strict = await runBenchmark({ corpus, generators: ['exact', 'edit', 'tfidf'], baselines: false, minScore: 0.6 });
    const strictFusion = strict.runs.find((r) => r.kind === 'fusion')!.selection!;
    expect(strictFusion.micro.proposed).toBeLessThan(sel.micro.proposed);
    expect(strict.runs.find((r) => r.name === 'tfidf')!.selection?.minScore).toBe(0.6);
    // Mutual (no repair by default) picks from what plain one-to-one picks; repair only removes.
    const plain = await runBenchmark({ corpus, generators: ['exact', 'edit', 'tfidf'], baselines: false, repair: false, structure: false });
    const plainFusion = plain.runs.find((r) => r.kind === 'fusion')!.selection!;
    expect(plain.config.selection).toMatchObject({ repair: false, structure: false });
    const mutual = await runBenchmark({ corpus, generators: ['exact', 'edit', 'tfidf'], baselines: false, select: 'mutual' });
    expect(mutual.config.selection).toMatchObject({ mode: 'mutual', repair: false, structure: false });
    expect(mutual.runs.find((r) => r.kind === 'fusion')!.selection!.micro.proposed).toBeLessThanOrEqual(plainFusion.micro.proposed);
    expect(sel.micro.proposed).toBeLessThan(plainFusion.micro.proposed);
  });

  it('the selected set of bench is exactly what propose --select writes for the pair', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-sel-'));
    const src = join(CONF, 'ontologies/confof.owl');
    const tgt = join(CONF, 'ontologies/edas.owl');
    const ref = join(CONF, 'reference/confof-edas.rdf');
    const file = join(dir, 'selected.sssom.tsv');
    expect((await runCli(['propose', src, tgt, '--select', 'one-to-one', '--out', file, '--quiet'])).code).toBe(0);
    // Rows the selection removed (repair, structure) stay in the file, marked: they are not selected.
    const rows = candidatesFromMappingSet(parseSssom(readFileSync(file, 'utf8'), file));
    const written = rows.filter((c) => c.selectionRemoved === undefined).length;
    expect(rows.length).toBeGreaterThan(written);
    const bench = JSON.parse((await runCli(['bench', '--source', src, '--target', tgt, '--reference', ref, '--json'])).stdout) as BenchResult;
    expect(bench.runs.find((r) => r.kind === 'fusion')!.selection!.micro.proposed).toBe(written);
  });

  it('bad --select or --min-score: exit 2 before any work', async () => {
    for (const [args, message] of [[['--select', 'greedy'], '--select must be one of one-to-one, mutual'], [['--min-score', 'x'], '--min-score must be a number']] as const) {
      const r = await runCli(['bench', ...args]);
      expect([r.code, r.stdout, r.stderr.includes(message)]).toEqual([2, '', true]);
    }
  });
});
