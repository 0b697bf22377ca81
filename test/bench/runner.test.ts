/**
 * The runner end to end on a tiny track written to a temp folder: two Turtle ontologies, an
 * Alignment API reference with `=` and `<` cells, and a small real generator defined here
 * (common-prefix similarity of labels). Expected numbers are worked out in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, lstatSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IoaError } from '../../src/model/errors.js';
import { rawScore, type Candidate } from '../../src/model/mapping.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { defineGenerator, type GeneratorConfig, type GeneratorFactory, type GeneratorOptions } from '../../src/generators/types.js';
import { runBenchmark, scoreHistogram, prCurve, referenceTriples, type BenchResult, type GeneratorRegistry } from '../../src/bench/runner.js';
import { formatMarkdown, writeReport } from '../../src/bench/report.js';
import { countPair, referenceSet, summarize } from '../../src/bench/metrics.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { readAlignmentFile } from '../../src/ontology/alignment-reader.js';
import { runGenerators } from '../../src/generators/run.js';

const S = 'http://s.example/onto#';
const T = 'http://t.example/onto#';

const SOURCE_TTL = `@prefix : <${S}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<http://s.example/onto> a owl:Ontology .
:Paper a owl:Class ; rdfs:label "Paper" .
:Author a owl:Class ; rdfs:label "Author" .
:Review a owl:Class ; rdfs:label "Review" .
:Chair a owl:Class ; rdfs:label "Chair" .
`;
const TARGET_TTL = `@prefix : <${T}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<http://t.example/onto> a owl:Ontology .
:Paper a owl:Class ; rdfs:label "Paper" .
:Writer a owl:Class ; rdfs:label "Author of paper" .
:Reviewing a owl:Class ; rdfs:label "Review process" .
:Person a owl:Class ; rdfs:label "Person" .
`;
const cell = (e1: string, e2: string, rel: string): string =>
  `<map><Cell><entity1 rdf:resource="${S}${e1}"/><entity2 rdf:resource="${T}${e2}"/><measure rdf:datatype="http://www.w3.org/2001/XMLSchema#float">1.0</measure><relation>${rel}</relation></Cell></map>`;
const REFERENCE_RDF = `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns="http://knowledgeweb.semanticweb.org/heterogeneity/alignment" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<Alignment><xml>yes</xml><level>0</level><type>??</type>
${cell('Paper', 'Paper', '=')}
${cell('Author', 'Writer', '=')}
${cell('Chair', 'Person', '&lt;')}
${cell('Review', 'Reviewing', '&lt;')}
</Alignment></rdf:RDF>
`;

/** Common-prefix length of the first labels over the longer label; a real, if naive, matcher. */
function prefixGenerator(config: GeneratorConfig = {}): ReturnType<GeneratorFactory> {
  const minScore = typeof config.minScore === 'number' ? config.minScore : 0;
  const name = typeof config.name === 'string' ? config.name : 'prefix';
  return {
    name,
    measure: 'common label prefix length / longer label length',
    justification: 'semapv:LexicalSimilarityThresholdMatching',
    async *propose(source: OntologyIndex, target: OntologyIndex, options: GeneratorOptions): AsyncIterable<Candidate> {
      for (const s of source.concepts) {
        const a = s.labels[0]!.text.toLowerCase();
        const scored = target.concepts
          .map((t) => {
            const b = t.labels[0]!.text.toLowerCase();
            let n = 0;
            while (n < a.length && n < b.length && a[n] === b[n]) n++;
            return { t, score: n / Math.max(a.length, b.length) };
          })
          .filter((x) => x.score > minScore)
          .sort((x, y) => y.score - x.score)
          .slice(0, options.topK);
        for (const [i, { t, score }] of scored.entries()) {
          yield {
            subject: s.iri, predicate: 'skos:exactMatch', object: t.iri, generator: name, score: rawScore(score),
            measure: 'common label prefix', rank: i + 1, justification: 'semapv:LexicalSimilarityThresholdMatching',
            evidence: [{ generator: name, subjectText: a, objectText: t.labels[0]!.text, subjectField: 'label', objectField: 'label' }],
          };
        }
      }
    },
  };
}

/** Like an embedding generator whose model has not been built: creating it fails with E_MODEL_MISSING. */
const needsModel = defineGenerator((config) => {
  const dir = typeof config?.modelDir === 'string' ? config.modelDir : '/nonexistent-model-dir';
  if (!existsSync(join(dir, 'model.onnx'))) throw new IoaError('E_MODEL_MISSING', `no model in ${dir}; run \`ioa-align models build\``);
  return prefixGenerator();
});

const registry: GeneratorRegistry = {
  prefix: async () => defineGenerator(prefixGenerator),
  'prefix-strict': async () => defineGenerator((c) => prefixGenerator({ minScore: 0.3, name: 'prefix-strict', ...c })),
};

let dir: string;
let manifest: string;
let result: BenchResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ioa-bench-'));
  await writeFile(join(dir, 'src.ttl'), SOURCE_TTL);
  await writeFile(join(dir, 'tgt.ttl'), TARGET_TTL);
  await writeFile(join(dir, 'ref.rdf'), REFERENCE_RDF);
  manifest = join(dir, 'manifest.json');
  await writeFile(manifest, JSON.stringify({ name: 'tiny', description: 'two tiny ontologies', pairs: [{ id: 's-t', source: 'src.ttl', target: 'tgt.ttl', reference: 'ref.rdf' }] }));
  result = await runBenchmark({ corpus: manifest, generators: ['prefix'], registry, now: () => new Date('2026-01-02T03:04:05Z') });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('runBenchmark on a tiny track', () => {
  it('reads the reference keeping < apart from =', () => {
    const pair = result.corpus.pairs[0]!;
    expect(pair.relations).toEqual({ '=': 2, '<': 2 });
    expect(pair.referenceTriples).toBe(4);
    expect(pair.referenceSubjects).toBe(4);
    expect(pair.subjectsNotInSource).toBe(0);
    expect(pair.sourceConcepts).toBe(4);
  });

  it('scores the generator: object level counts the right target, relation level the right relation too', () => {
    // prefix proposes Paper→Paper (1), Paper→Person (1/6), Author→Writer (6/15), Review→Reviewing (6/14),
    // all as exactMatch. Object level (any relation): Paper, Author and Review find their target at
    // position 1, Chair has no candidate → Hits@1 3/4. Relation level: Review's exactMatch is not its
    // broadMatch (<) cell → 2/4.
    const run = result.runs.find((r) => r.name === 'prefix')!;
    expect(run.status).toBe('ok');
    expect(run.micro!.hitsAt['1']).toBe(0.75);
    expect(run.micro!.mrr).toBe(0.75);
    expect(run.micro!.relation.hitsAt['1']).toBe(0.5);
    expect(run.micro!.relation.mrr).toBe(0.5);
    expect(run.micro!.candidatesPerSubject).toBeCloseTo(4 / 3, 12);
    // Mutual top-1: Paper→Paper, Author→Writer, Review→Reviewing. Object level all 3 correct of 4
    // rows (F1 6/7); relation level 2 correct (P 2/3, R 1/2, F1 4/7).
    expect(run.micro!.proposal).toMatchObject({ proposed: 3, correct: 3, precision: 1, recall: 0.75 });
    expect(run.micro!.proposal.f1).toBeCloseTo(6 / 7, 12);
    expect(run.micro!.relation.proposal).toMatchObject({ proposed: 3, correct: 2, recall: 0.5 });
    expect(run.micro!.relation.proposal.f1).toBeCloseTo(4 / 7, 12);
    // Per reference relation: both = rows found with their relation; of the < rows, Review's target
    // is first (Hits@1 1/2 over Chair and Review) but never as broadMatch. In each kind's own
    // ranking: the exactMatch candidates put both = targets first; no broader candidate exists.
    expect(run.micro!.byRelation).toEqual({
      'skos:broadMatch': { rows: 2, subjects: 2, hitsAt1: 0.5, mrr: 0.5, recallAt10: 0.5, rightRelationAt10: 0, rightRelationShare: 0, hitsAt1OwnKind: 0 },
      'skos:exactMatch': { rows: 2, subjects: 2, hitsAt1: 1, mrr: 1, recallAt10: 1, rightRelationAt10: 2, rightRelationShare: 1, hitsAt1OwnKind: 1 },
    });
    // Every subject with candidates has an exactMatch first.
    expect(run.micro!.top1ExactMatch).toEqual({ subjects: 3, exactMatch: 3, share: 1 });
    // One pair: macro equals micro.
    expect(run.macro!.proposal.f1).toBeCloseTo(6 / 7, 12);
    expect(run.generatorId).toBe('prefix');
    expect(run.measure).toContain('prefix');
  });

  it('runs the exact-label baselines beside it', () => {
    const baseline = result.runs.find((r) => r.name === 'baseline:label')!;
    expect(baseline.kind).toBe('baseline');
    // Only "Paper" = "Paper": 1 proposed, 1 correct, recall 1/4.
    expect(baseline.micro!.proposal).toMatchObject({ proposed: 1, correct: 1, precision: 1, recall: 0.25 });
    expect(result.config.baselines).toEqual(['baseline:label', 'baseline:label+synonyms']);
  });

  it('records cost, configuration and environment', () => {
    const run = result.runs.find((r) => r.name === 'prefix')!;
    expect(run.cost!.wallMs).toBeGreaterThanOrEqual(0);
    expect(run.cost!.peakRssBytes).toBeGreaterThanOrEqual(run.cost!.rssBeforeBytes);
    expect(result.config).toMatchObject({ generators: ['prefix'], topK: 10, ks: [1, 5, 10], fusion: false });
    expect(result.config.rules.proposal).toMatch(/mutual top-1/);
    expect(result.date).toBe('2026-01-02T03:04:05.000Z');
    expect(result.environment.machine.node).toBe(process.version);
    expect(result.environment.machine.cpuCount).toBeGreaterThan(0);
    expect(result.environment.machine.loadAverage).toHaveLength(3);
    expect(result.environment.packages['vega-lite']).toMatch(/^\d+\.\d+\.\d+/);
    expect(result.environment.git.commit === null || /^[0-9a-f]{40}$/.test(result.environment.git.commit)).toBe(true);
    expect(result.processMaxRssBytes).toBeGreaterThan(0);
    expect(result.published).toEqual([]); // no published figures for a track named "tiny"
  });

  it('builds the histogram and PR curve from the pooled candidates', () => {
    const run = result.runs.find((r) => r.name === 'prefix')!;
    const bins = run.scoreHistogram!;
    expect(bins.reduce((a, b) => a + b.true + b.false, 0)).toBe(4);
    expect(bins.reduce((a, b) => a + b.true, 0)).toBe(3); // object level: Review→Reviewing counts
    expect(bins[bins.length - 1]!.true).toBe(1); // Paper→Paper at the top score 1
    expect(run.prCurve![0]).toEqual({ threshold: 1, precision: 1, recall: 0.25 });
  });
});

describe('fusion and generator selection', () => {
  it('scores the rank fusion of two generators as its own row', async () => {
    const r = await runBenchmark({ corpus: manifest, generators: ['prefix', 'prefix-strict'], registry, baselines: false });
    expect(r.runs.map((x) => x.name)).toEqual(['prefix', 'prefix-strict', 'fusion']);
    const fusion = r.runs[2]!;
    expect(fusion.kind).toBe('fusion');
    expect(fusion.config).toMatchObject({ members: ['prefix', 'prefix-strict'] });
    // prefix-strict drops Paper→Person (1/6 ≤ 0.3); the fused list keeps every triple either proposed.
    expect(r.runs[1]!.perPair![0]!.candidates).toBe(3);
    expect(fusion.perPair![0]!.candidates).toBe(4);
    expect(fusion.micro!.hitsAt['1']).toBe(0.75);
    expect(fusion.micro!.relation.hitsAt['1']).toBe(0.5);
    expect(r.config.fusion).toBe(true);
  });

  it('shows each member\'s contribution: the fusion without it, scored as the fused run of the others is', async () => {
    const three: GeneratorRegistry = { ...registry, 'prefix-loose': async () => defineGenerator((c) => prefixGenerator({ minScore: 0, name: 'prefix-loose', ...c })) };
    const r = await runBenchmark({ corpus: manifest, generators: ['prefix', 'prefix-strict', 'prefix-loose'], registry: three, baselines: false, reviewBudget: 0 });
    expect(r.leaveOneOut!.map((c) => c.without)).toEqual(['prefix', 'prefix-strict', 'prefix-loose']);
    for (const left of ['prefix', 'prefix-strict', 'prefix-loose']) {
      const others = ['prefix', 'prefix-strict', 'prefix-loose'].filter((g) => g !== left);
      const fusedOthers = (await runBenchmark({ corpus: manifest, generators: others, registry: three, baselines: false, reviewBudget: 0 })).runs.find((x) => x.kind === 'fusion')!;
      const c = r.leaveOneOut!.find((x) => x.without === left)!;
      expect(c.hitsAt1).toBe(fusedOthers.micro!.hitsAt['1']);
      expect(c.relationRecallAt10).toBe(fusedOthers.micro!.relation.recallAt[9]);
    }
    expect(formatMarkdown(r)).toMatch(/## Contribution of each generator \(leave-one-out\)\n/);
    // Two members: leaving one out is the other's own row, so no table.
    const two = await runBenchmark({ corpus: manifest, generators: ['prefix', 'prefix-strict'], registry, baselines: false, reviewBudget: 0 });
    expect(two.leaveOneOut).toBeUndefined();
  });

  it('by default runs every registered generator and reports one without its model as skipped', async () => {
    const r = await runBenchmark({ corpus: manifest, registry: { ...registry, embedding: async () => needsModel }, baselines: false, fusion: false });
    const skipped = r.runs.find((x) => x.name === 'embedding')!;
    expect(skipped.status).toBe('skipped');
    expect(skipped.skipReason).toMatch(/no model/);
    expect(r.runs.filter((x) => x.status === 'ok').map((x) => x.name)).toEqual(['prefix', 'prefix-strict']);
    expect(formatMarkdown(r)).toMatch(/## Not run\n\n- embedding: no model/);
  });

  it('without a registry or a list, runs what propose runs by default: the lexical generators, structure and description', async () => {
    const r = await runBenchmark({ corpus: manifest, baselines: false });
    expect(r.config.generators).toEqual(['exact', 'edit', 'tfidf', 'wordnet', 'structure', 'description']);
    expect(r.runs.map((x) => [x.name, x.status])).toEqual([['exact', 'ok'], ['edit', 'ok'], ['tfidf', 'ok'], ['wordnet', 'ok'], ['structure', 'ok'], ['description', 'ok'], ['fusion', 'ok']]);
    // Paper = Paper is found by exact label match whatever else the generators do.
    expect(r.runs[0]!.micro!.hitsAt['1']).toBeGreaterThanOrEqual(0.25);
  });

  it('scores the same fused list that propose produces (runGenerators)', async () => {
    const r = await runBenchmark({ corpus: manifest, baselines: false });
    const [source, target, alignment] = await Promise.all([loadVocabulary(join(dir, 'src.ttl')), loadVocabulary(join(dir, 'tgt.ttl')), readAlignmentFile(join(dir, 'ref.rdf'))]);
    const proposed = await runGenerators(source, target, { generators: ['exact', 'edit', 'tfidf', 'wordnet', 'structure'], topK: 10 });
    const expected = summarize(countPair(proposed.fused!, referenceSet(referenceTriples(alignment.cells)), { ks: [1, 5, 10], maxK: 10 }));
    const fusion = r.runs.find((x) => x.kind === 'fusion')!;
    expect(fusion.perPair![0]!.metrics).toEqual(expected);
    expect(fusion.measure).toBe(proposed.fused![0]!.measure);
  });

  it('"all" runs every registered generator, skipping one without its model', async () => {
    const r = await runBenchmark({ corpus: manifest, generators: ['all'], registry: { ...registry, embedding: async () => needsModel }, baselines: false, fusion: false });
    expect(r.runs.map((x) => [x.name, x.status])).toEqual([['prefix', 'ok'], ['prefix-strict', 'ok'], ['embedding', 'skipped']]);
  });

  it('a generator the user names must run: missing model is an error', async () => {
    await expect(runBenchmark({ corpus: manifest, generators: ['embedding'], registry: { embedding: async () => needsModel } })).rejects.toMatchObject({ code: 'E_MODEL_MISSING' });
  });

  it('takes per-generator settings from the manifest and records them as the resolved configuration', async () => {
    const file = join(dir, 'with-settings.json');
    await writeFile(file, JSON.stringify({ name: 'tiny', generators: { prefix: { minScore: 0.3 } }, pairs: [{ id: 's-t', source: 'src.ttl', target: 'tgt.ttl', reference: 'ref.rdf' }] }));
    const r = await runBenchmark({ corpus: file, generators: ['prefix'], registry, baselines: false });
    expect(r.runs[0]!.config).toEqual({ minScore: 0.3 });
    expect(r.runs[0]!.perPair![0]!.candidates).toBe(3); // Paper→Person (1/6) is below 0.3
    const cli = await runBenchmark({ corpus: file, generators: ['prefix'], registry, baselines: false, generatorConfig: { prefix: { minScore: 0 } } });
    expect(cli.runs[0]!.config).toEqual({ minScore: 0 });
    expect(cli.runs[0]!.perPair![0]!.candidates).toBe(4);
  });

  it('settings for a generator that is not registered are E_BENCH_MANIFEST at their JSON path', async () => {
    const file = join(dir, 'bad-settings.json');
    await writeFile(file, JSON.stringify({ name: 'tiny', generators: { nope: {} }, pairs: [{ id: 's-t', source: 'src.ttl', target: 'tgt.ttl', reference: 'ref.rdf' }] }));
    await expect(runBenchmark({ corpus: file, registry })).rejects.toMatchObject({ code: 'E_BENCH_MANIFEST', location: { path: '$.generators.nope' } });
  });

  it('a misspelt setting of a built-in generator in the manifest is E_BENCH_MANIFEST at the manifest and its own path', async () => {
    const file = join(dir, 'typo-settings.json');
    await writeFile(file, JSON.stringify({ name: 'tiny', generators: { edit: { budgt: 5 } }, pairs: [{ id: 's-t', source: 'src.ttl', target: 'tgt.ttl', reference: 'ref.rdf' }] }));
    await expect(runBenchmark({ corpus: file, generators: ['edit'], baselines: false })).rejects.toMatchObject({ code: 'E_BENCH_MANIFEST', location: { file, path: '$.generators.edit.budgt' } });
  });

  it('an unknown generator is E_UNKNOWN_GENERATOR, before anything loads', async () => {
    await expect(runBenchmark({ corpus: manifest, generators: ['nope'], registry })).rejects.toMatchObject({ code: 'E_UNKNOWN_GENERATOR' });
  });

  it('top-k must be a positive integer', async () => {
    await expect(runBenchmark({ corpus: manifest, topK: 0, registry })).rejects.toMatchObject({ code: 'E_USAGE' });
  });

  it('top-k limits the recall@k curve and the candidates per subject', async () => {
    const r = await runBenchmark({ corpus: manifest, generators: ['prefix'], registry, topK: 1, baselines: false });
    const run = r.runs[0]!;
    expect(run.micro!.candidatesPerSubject).toBe(1);
    expect(run.micro!.recallAt).toHaveLength(10); // max(ks) still sets the curve length
    expect(run.micro!.recallAt[0]).toBe(0.75);
    expect(run.micro!.relation.recallAt[0]).toBe(0.5);
  });
});

describe('writeReport', () => {
  it('writes results.json (the result, verbatim), results.md and three SVG charts', async () => {
    const out = join(dir, 'out');
    const { files } = await writeReport(result, out);
    expect(files.map((f) => f.slice(out.length + 1)).sort()).toEqual(['precision-recall.svg', 'recall-at-k.svg', 'results.json', 'results.md', 'score-distribution.svg']);
    expect(JSON.parse(await readFile(join(out, 'results.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(result)));
    const md = await readFile(join(out, 'results.md'), 'utf8');
    expect(md).toMatch(/^# Benchmark: tiny/);
    expect(md).toMatch(/\| prefix \| 75\.0 \| 75\.0 \| 75\.0 \| 0\.750 \|/);
    expect(md).toMatch(/\| prefix \| 3 \| 3 \| 100\.0 \| 75\.0 \| 85\.7 \|/);
    // Relations: relation-level Hits@1, MRR, recall@10, F1, top-1 exactMatch; then one row per reference relation.
    expect(md).toMatch(/\| prefix \| 50\.0 \| 0\.500 \| 50\.0 \| 57\.1 \| 100\.0 \(3\/3\) \|/);
    expect(md).toMatch(/\| prefix \| < \(skos:broadMatch\) \| 2 \| 50\.0 \| 0\.500 \| 50\.0 \| 0 \(0\.0\) \|/);
  });

  it('the charts carry a title, axis titles and a legend', async () => {
    const out = join(dir, 'charts');
    await writeReport(result, out);
    const pr = await readFile(join(out, 'precision-recall.svg'), 'utf8');
    expect(pr.startsWith('<svg')).toBe(true);
    for (const text of ['Precision / recall over raw-score thresholds — tiny', '>recall<', '>precision<', '>generator<', '>prefix<', '>baseline:label+synonyms<']) expect(pr).toContain(text);
    const dist = await readFile(join(out, 'score-distribution.svg'), 'utf8');
    for (const text of ['Raw score distribution', 'raw score (generator-specific)', 'share of class', '>in reference<', '>not in reference<']) expect(dist).toContain(text);
    const recall = await readFile(join(out, 'recall-at-k.svg'), 'utf8');
    for (const text of ['Recall@k of candidate lists — tiny', 'k (candidates per subject)', '>recall@k<']) expect(recall).toContain(text);
  });

  it('the recall@k chart shows published recall@10 figures, marked as published', async () => {
    const { recallAtKSpec, renderSvg } = await import('../../src/bench/charts.js');
    const withPublished: BenchResult = {
      ...result,
      published: [{ corpus: 'tiny', system: 'Some retriever', metric: 'recall@10', value: 91.5, approximate: false, source: 'a paper', published: true }],
    };
    const svg = await renderSvg(recallAtKSpec(withPublished));
    expect(svg).toContain('Some retriever: 91.5 (published)');
    expect(svg).toContain('published recall@10 (not measured)');
    expect(await renderSvg(recallAtKSpec(result))).not.toContain('(published)');
  });

  it('results.md puts published figures beside the measured rows, marked and only in their own column', () => {
    const md = formatMarkdown({
      ...result,
      published: [
        { corpus: 'tiny', system: 'Some matcher', metric: 'F1', value: 88.1, approximate: false, source: 'OAEI', published: true },
        { corpus: 'tiny', system: 'Some retriever', metric: 'recall@10', value: 76, approximate: true, source: 'a paper', published: true },
      ],
    });
    expect(md).toContain('| *Some matcher* (published, not measured) |  |  |  |  | 88.1 |  |');
    expect(md).toContain('| *Some retriever* (published, not measured) |  |  |  |  | ≈ 76.0 |  |  |');
    expect(md).toContain('| Some matcher | F1 | 88.1 | OAEI |');
  });

  it('an output folder that cannot be created is E_WRITE_FAILED', async () => {
    const blocker = join(dir, 'file-not-folder');
    await writeFile(blocker, 'x');
    await expect(writeReport(result, join(blocker, 'out'), { charts: false })).rejects.toMatchObject({ code: 'E_WRITE_FAILED' });
  });

  it('a results file that is a FIFO in the output folder is refused (E_USAGE), not replaced', async () => {
    const out = join(dir, 'out-with-fifo');
    await mkdir(out);
    execFileSync('mkfifo', [join(out, 'results.json')]);
    await expect(writeReport(result, out, { charts: false })).rejects.toMatchObject({ code: 'E_USAGE', location: { file: join(out, 'results.json') } });
    expect(lstatSync(join(out, 'results.json')).isFIFO()).toBe(true);
  });
});

describe('histogram and curve helpers', () => {
  it('puts equal scores in one bin and the maximum in the last bin', () => {
    expect(scoreHistogram([{ score: 2, correct: true }, { score: 2, correct: false }])).toEqual([{ lo: 2, hi: 2, true: 1, false: 1 }]);
    const bins = scoreHistogram([{ score: 0, correct: false }, { score: 1, correct: true }], 4);
    expect(bins.map((b) => [b.true, b.false])).toEqual([[0, 1], [0, 0], [0, 0], [1, 0]]);
  });

  it('thins a long PR curve but keeps its last point', () => {
    const outcomes = Array.from({ length: 1000 }, (_, i) => ({ score: i, correct: i % 2 === 0 }));
    const curve = prCurve(outcomes, 500, 100);
    expect(curve.length).toBeLessThanOrEqual(101);
    expect(curve.at(-1)).toMatchObject({ threshold: 0, recall: 1, precision: 0.5 });
  });
});
