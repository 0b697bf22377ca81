/**
 * `ioa-align propose` in-process (STYLE.md point 7): the command is a thin shell over the
 * generators and the exchange writers, so these tests check the wiring and the CLI contract.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { candidatesFromMappingSet, parseJson, parseSssom, propagateSet, sharedSlot } from '../../src/exchange/index.js';

const data = (name: string) => fileURLToPath(new URL(`./data/${name}`, import.meta.url));
const A = data('shop-a.ttl');
const B = data('shop-b.ttl');

function sink(): Writable & { text: string } {
  const chunks: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { chunks.push(String(chunk)); done(); } }) as Writable & { text: string };
  Object.defineProperty(stream, 'text', { get: () => chunks.join('') });
  return stream;
}

async function propose(...args: string[]) {
  const stdout = sink();
  const stderr = sink();
  const code = await main(['propose', ...args], { stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe('ioa-align propose', () => {
  it('writes one row per fused candidate, best first in each subject, with every member generator\'s raw score and rank on the row', async () => {
    const r = await propose(A, B);
    expect(r.code).toBe(0);
    const set = parseSssom(r.stdout, 'stdout');
    // Set-level in the file; a reader propagates them to every row (SSSOM 1.1).
    expect(sharedSlot(set, 'subject_source')).toBe('http://example.org/shop-a');
    expect(sharedSlot(set, 'object_source')).toBe('http://example.org/shop-b');
    expect(sharedSlot(set, 'mapping_tool')).toBe('ioa-align/fusion');
    expect(sharedSlot(set, 'similarity_measure')).toBe('weighted-mean-of-score/sqrt(rank)(edit:1,exact:2,structure:1,tfidf:1,wordnet:2)');
    // No duplicates: one row per (subject, predicate, object).
    const keys = set.mappings.map((m) => `${m.subjectId} ${m.predicateId} ${m.objectId}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of set.mappings) expect(m.justification).toBe('semapv:CompositeMatching');
    // Best first: ranks 1, 2, … per subject in file order, scores never rising within a subject.
    let last: { subject?: string; rank: number; score: number } = { rank: 0, score: 1 };
    for (const m of set.mappings) {
      const rank = Number(m.extensions?.candidate_rank);
      if (m.subjectId !== last.subject) last = { subject: m.subjectId!, rank: 0, score: 1 };
      expect(rank).toBe(last.rank + 1);
      expect(m.similarityScore).toBeLessThanOrEqual(last.score);
      last = { subject: m.subjectId!, rank, score: m.similarityScore! };
    }
    const read = candidatesFromMappingSet(set);
    const order = read.find((c) => c.subject.endsWith('#PurchaseOrder') && c.object.endsWith('#Order'))!;
    expect(order.members.map((m) => m.generator).sort()).toEqual(['edit', 'exact', 'structure', 'tfidf', 'wordnet']);
    expect(order.record.objectLabel).toBe('Order');
    // Raw scores are similarity, never confidence.
    for (const m of set.mappings) {
      expect(m.confidence).toBeUndefined();
      expect(m.similarityScore).toBeGreaterThan(0);
      expect(m.similarityScore).toBeLessThanOrEqual(1);
    }
    // Kinds stay apart: the property only meets the property.
    const placed = set.mappings.filter((m) => m.subjectId?.endsWith('#placedBy'));
    expect(placed.length).toBeGreaterThan(0);
    for (const m of placed) expect(m.objectId).toBe('http://example.org/shop-b#isPlacedBy');
    // Direction: subjects are all from the source.
    for (const m of set.mappings) expect(m.subjectId?.startsWith('http://example.org/shop-a#')).toBe(true);
  });

  it('member columns hold what each generator proposes on its own: the same raw score and rank', async () => {
    const fused = candidatesFromMappingSet(parseSssom((await propose(A, B, '--quiet')).stdout, 'fused'));
    for (const generator of ['exact', 'edit', 'tfidf']) {
      const alone = candidatesFromMappingSet(parseSssom((await propose(A, B, '--generators', generator, '--quiet')).stdout, generator));
      const own = new Map(alone.map((c) => [`${c.subject} ${c.object}`, [c.score, c.rank]]));
      const columns = fused.flatMap((c) => c.members.filter((m) => m.generator === generator).map((m) => [`${c.subject} ${c.object}`, [m.score, m.rank]] as const));
      expect(columns.length).toBeGreaterThan(0);
      for (const [key, value] of columns) expect([key, own.get(key)]).toEqual([key, value]);
    }
  });

  it('--evidence rows adds each member generator\'s own row after its candidate\'s row', async () => {
    const r = await propose(A, B, '--evidence', 'rows', '--quiet');
    expect(r.code).toBe(0);
    const set = parseSssom(r.stdout, 'stdout');
    const rows = (s: string, o: string) => set.mappings.filter((m) => m.subjectId === `http://example.org/shop-a#${s}` && m.objectId === `http://example.org/shop-b#${o}`);
    const order = rows('PurchaseOrder', 'Order');
    expect(order.map((m) => m.justification)).toEqual([
      'semapv:CompositeMatching',
      'semapv:BackgroundKnowledgeBasedMatching',
      'semapv:LexicalMatching',
      'semapv:LexicalSimilarityThresholdMatching',
      'semapv:LexicalSimilarityThresholdMatching',
      'semapv:StructuralMatching',
    ]);
    expect(order.find((m) => m.mappingTool === 'ioa-align/exact')?.objectLabel).toBe('Order');
    expect(rows('Customer', 'Client').map((m) => m.mappingTool)).toContain('ioa-align/exact'); // customer ~ customers
    const read = candidatesFromMappingSet(set);
    expect(read.find((c) => c.subject.endsWith('#PurchaseOrder') && c.rank === 1)?.evidenceRows).toHaveLength(5);
  });

  it('runs one generator unfused and honours --top-k', async () => {
    const r = await propose(A, B, '--generators', 'tfidf', '--top-k', '1', '--format', 'json');
    expect(r.code).toBe(0);
    const set = propagateSet(parseJson(r.stdout, 'stdout'));
    expect(new Set(set.mappings.map((m) => m.mappingTool))).toEqual(new Set(['ioa-align/tfidf']));
    const subjects = set.mappings.map((m) => m.subjectId);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('keeps --top-k equivalence candidates and --directional-top-k broader / narrower ones per subject', async () => {
    const conference = (name: string): string => fileURLToPath(new URL(`../../corpora/conference/ontologies/${name}`, import.meta.url));
    const run = async (...args: string[]): Promise<Map<string, string[]>> => {
      const r = await propose(conference('cmt.owl'), conference('ekaw.owl'), '--format', 'json', ...args);
      expect(r.code).toBe(0);
      const bySubject = new Map<string, string[]>();
      for (const m of propagateSet(parseJson(r.stdout, 'stdout')).mappings) bySubject.set(m.subjectId!, [...(bySubject.get(m.subjectId!) ?? []), m.predicateId]);
      return bySubject;
    };
    const directional = (ps: string[]): number => ps.filter((p) => p === 'skos:broadMatch' || p === 'skos:narrowMatch').length;
    const byDefault = await run();
    expect([...byDefault.values()].some((ps) => directional(ps) > 1)).toBe(true);
    for (const ps of byDefault.values()) expect(directional(ps)).toBeLessThanOrEqual(5);
    const narrow = await run('--top-k', '2', '--directional-top-k', '1');
    for (const ps of narrow.values()) {
      expect(directional(ps)).toBeLessThanOrEqual(1);
      expect(ps.length - directional(ps)).toBeLessThanOrEqual(2);
    }
    const none = await run('--directional-top-k', '0');
    for (const ps of none.values()) expect(directional(ps)).toBe(0);
    const bad = await propose(A, B, '--directional-top-k', '-1');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--directional-top-k must be an integer from 0 to 1000, not "-1" [E_USAGE]');
  });

  it('writes to --out instead of stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-propose-'));
    const file = join(dir, 'out.sssom.tsv');
    const r = await propose(A, B, '--generators', 'exact', '--out', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(parseSssom(readFileSync(file, 'utf8'), file).mappings.length).toBeGreaterThan(0);
  });

  it('every row of a fused mapping carries the mapping\'s relation; --kinds classes leaves the property out', async () => {
    const r = await propose(A, B);
    const set = parseSssom(r.stdout, 'stdout');
    const byMapping = new Map<string, Set<string>>();
    for (const m of set.mappings) {
      const key = `${m.subjectId} ${m.objectId}`;
      byMapping.set(key, (byMapping.get(key) ?? new Set()).add(m.predicateId));
    }
    for (const predicates of byMapping.values()) expect(predicates.size).toBe(1);
    expect(set.mappings.find((m) => m.subjectId?.endsWith('#PurchaseOrder') && m.objectId?.endsWith('#Order'))?.predicateId).toBe('skos:exactMatch');
    const classes = parseSssom((await propose(A, B, '--kinds', 'classes')).stdout, 'stdout');
    expect(classes.mappings.length).toBeGreaterThan(0);
    expect(classes.mappings.some((m) => m.subjectId?.endsWith('#placedBy'))).toBe(false);
  });

  it('rejects bad options with exit 2 and the error code, before loading anything', async () => {
    const kinds = await propose(A, B, '--kinds', 'classes,widgets');
    expect(kinds.code).toBe(2);
    expect(kinds.stderr).toContain('[E_USAGE]');
    expect(kinds.stderr).toContain('widgets');
    const unknown = await propose(A, B, '--generators', 'exact,magic');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('[E_UNKNOWN_GENERATOR]');
    const topK = await propose(A, B, '--top-k', '0');
    expect(topK.code).toBe(2);
    expect(topK.stderr).toContain('[E_USAGE]');
    const format = await propose(A, B, '--format', 'xlsx');
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('[E_USAGE]');
    const missing = await propose(A, data('missing.ttl'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('[E_FILE_UNREADABLE]');
  });
});

describe('--generators all: one parser for propose and bench', () => {
  it('propose --generators all runs every registered generator', async () => {
    const { sharedSmallModel } = await import('../embedding/small-model.js');
    const { GENERATORS } = await import('../../src/generators/registry.js');
    const model = await sharedSmallModel();
    const modelArgs = ['--model', join(model.modelsDir, model.modelId)];
    const tools = async (generators: string): Promise<Set<string>> => {
      const r = await propose(A, B, '--generators', generators, ...(generators === 'all' || generators === 'embedding' ? modelArgs : []), '--format', 'json', '--evidence', 'rows');
      expect([generators, r.code, r.stderr.includes('[E_')]).toEqual([generators, 0, false]);
      return new Set((JSON.parse(r.stdout) as { mappings: Array<{ mapping_tool: string }> }).mappings.map((m) => m.mapping_tool));
    };
    // Every registered generator that finds anything on its own contributes to the `all` run.
    const alone = new Set<string>();
    for (const name of Object.keys(GENERATORS)) for (const tool of await tools(name)) alone.add(tool);
    expect(alone.size).toBeGreaterThanOrEqual(4);
    const all = await tools('all');
    expect([...all].filter((t) => t !== 'ioa-align/fusion').sort()).toEqual([...alone].sort());
  });

  it('"all" beside other names, or an unknown name, is refused the same way by both commands', async () => {
    const { GENERATORS } = await import('../../src/generators/registry.js');
    for (const command of ['propose', 'bench'] as const) {
      const argv = command === 'propose' ? ['propose', A, B] : ['bench'];
      const stdout = sink();
      const stderr = sink();
      expect(await main([...argv, '--generators', 'all,exact'], { stdout, stderr })).toBe(2);
      expect(stderr.text).toContain('"all" already names every generator; do not list others beside it (got all, exact) [E_USAGE]');
      const stderr2 = sink();
      expect(await main([...argv, '--generators', 'exact,magic'], { stdout, stderr: stderr2 })).toBe(2);
      expect(stderr2.text).toContain(`unknown generator(s): magic; choose from ${Object.keys(GENERATORS).join(', ')}, or all [E_UNKNOWN_GENERATOR]`);
    }
  });
});

describe('text cut to length in the candidates', () => {
  const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  it('never splits a character above U+FFFF: no U+FFFD in the table, no lone surrogate in the JSON, which convert reads back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-propose-astral-'));
    // A definition quoted at 240 UTF-16 units with 🚀 at units 238–239, and a 601-unit name cut at 512 inside a Gothic letter.
    const definition = `${'Summarize long technical documents, articles, web pages and meeting transcripts into short abstracts for engineers and researchers who need quick overviews. Supports text summarization of papers, reports and manuals across many domains with citations'.padEnd(238, '.').slice(0, 238)}🚀 fast summaries`;
    const name = `a${'𐌰'.repeat(300)}`;
    const ontology = (n: string) => `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<http://ex.org/${n}> a owl:Ontology .
<http://ex.org/${n}#X> a owl:Class ; rdfs:label "${name}" .
<http://ex.org/${n}#S> a owl:Class ; rdfs:label "summarizer ${n}" ; skos:definition "${definition}" .
`;
    writeFileSync(join(dir, 'c.ttl'), ontology('c'));
    writeFileSync(join(dir, 'd.ttl'), ontology('d'));
    const tsv = join(dir, 'c.sssom.tsv');
    const json = join(dir, 'c.json');
    expect((await propose(join(dir, 'c.ttl'), join(dir, 'd.ttl'), '--out', tsv, '--quiet')).code).toBe(0);
    expect((await propose(join(dir, 'c.ttl'), join(dir, 'd.ttl'), '--format', 'json', '--out', json, '--quiet')).code).toBe(0);
    const table = readFileSync(tsv, 'utf8');
    expect(table).toContain('…');
    expect(table).not.toContain('\uFFFD');
    const text = readFileSync(json, 'utf8');
    expect(text).not.toMatch(/\\ud[89ab][0-9a-f]{2}/i);
    const set = parseJson(text, json);
    const strings = JSON.stringify(set.mappings);
    expect(strings).toContain('𐌰');
    for (const m of set.mappings) for (const v of Object.values(m)) for (const s of [v].flat()) if (typeof s === 'string') expect(LONE_SURROGATE.test(s)).toBe(false);
    const back = await main(['convert', json, '--to', 'sssom', '--out', join(dir, 'back.sssom.tsv'), '--quiet'], { stdout: sink(), stderr: sink() });
    expect(back).toBe(0);
  });
});
