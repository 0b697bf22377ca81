#!/usr/bin/env node
/**
 * Performance of the default embedding model on this machine:
 *  - build time and peak memory (child process, forced rebuild into benchmarks/out/perf-models),
 *  - throughput in labels/s at batch 128 (anatomy's label variants, int8 and float32 graphs),
 *  - anatomy mouse → human embedding + search wall time once the model is built (fresh process:
 *    model load included, ontology parsing excluded), without and with the embedding disk cache.
 *
 *   npm run build && node benchmarks/embedding/performance.mjs [--skip-build]
 *
 * Writes benchmarks/out/embedding/performance.json. Timings depend on machine load: the load
 * average is recorded beside them.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const dist = resolve(process.env.IOA_DIST ?? join(root, 'dist'));
const modelsDir = join(root, 'benchmarks/out/perf-models');
const child = (code) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, maxBuffer: 1 << 26, env: { ...process.env, IOA_DIST: dist } }).toString().trim().split('\n').pop());
const imp = (p) => `await import(${JSON.stringify(join(dist, p))})`;

const result = { date: new Date().toISOString(), cpus: cpus().length, cpuModel: cpus()[0]?.model, loadAverageAtStart: loadavg() };

if (!process.argv.includes('--skip-build')) {
  result.build = child(`
    const { ensureModel } = ${imp('embedding/model-store.js')};
    const t = Date.now();
    const r = await ensureModel({ modelsDir: ${JSON.stringify(modelsDir)}, force: true });
    console.log(JSON.stringify({ ms: Date.now() - t, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024), vocabulary: r.stamp.vocabularySize, settingsHash: r.stamp.settingsHash }));`);
} else {
  const { ensureModel } = await import(join(dist, 'embedding/model-store.js'));
  await ensureModel({ modelsDir });
}
const { DEFAULT_MODEL_ID } = await import(join(dist, 'embedding/model-store.js'));
const folder = join(modelsDir, DEFAULT_MODEL_ID);
result.files = {
  'onnx/model.onnx': (await stat(join(folder, 'onnx/model.onnx'))).size,
  'onnx/model_quantized.onnx': (await stat(join(folder, 'onnx/model_quantized.onnx'))).size,
  'tokenizer.json': (await stat(join(folder, 'tokenizer.json'))).size,
};

result.throughput = {};
for (const dtype of ['q8', 'fp32']) {
  result.throughput[dtype] = child(`
    const { loadOntologyFile } = ${imp('ontology/load.js')};
    const { loadEmbedder } = ${imp('embedding/runtime.js')};
    const { nameVariants } = ${imp('generators/embedding-core.js')};
    const texts = [];
    for (const f of ['mouse', 'human']) texts.push(...nameVariants((await loadOntologyFile('corpora/anatomy/' + f + '.owl')).concepts, 'best').map((n) => n.text));
    let t = Date.now();
    const e = await loadEmbedder({ modelsDir: ${JSON.stringify(modelsDir)}, modelId: ${JSON.stringify(DEFAULT_MODEL_ID)}, dtype: '${dtype}' });
    const loadMs = Date.now() - t;
    let best = Infinity;
    for (let i = 0; i < 3; i++) { t = Date.now(); await e.embed(texts, { batchSize: 128 }); best = Math.min(best, Date.now() - t); }
    console.log(JSON.stringify({ texts: texts.length, batch: 128, loadMs, embedMs: best, labelsPerSecond: Math.round(texts.length / (best / 1000)) }));`);
}

const cacheDir = join(root, 'benchmarks/out/perf-cache');
await rm(cacheDir, { recursive: true, force: true });
const propose = (cache) => child(`
    const { loadOntologyFile } = ${imp('ontology/load.js')};
    const { default: embedding } = ${imp('generators/embedding.js')};
    const s = await loadOntologyFile('corpora/anatomy/mouse.owl');
    const o = await loadOntologyFile('corpora/anatomy/human.owl');
    const gen = embedding({ modelsDir: ${JSON.stringify(modelsDir)}, autoBuild: false, ${cache ? `cacheDir: ${JSON.stringify(cacheDir)}` : 'cache: false'} });
    const t = Date.now();
    let n = 0;
    for await (const c of gen.propose(s, o, { topK: 10 })) n++;
    console.log(JSON.stringify({ candidates: n, ms: Date.now() - t, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }));`);
result.anatomyProposeNoCache = propose(false);
result.anatomyProposeColdCache = propose(true);
result.anatomyProposeWarmCache = propose(true);
// Exact search scaling (synthetic unit vectors, one row per group): when would an approximate
// index start to pay? Time for 1,000 query concepts against corpora of growing size.
result.exactSearchScaling = child(`
    const { searchTopKWith, onnxRowScorer } = ${imp('embedding/search.js')};
    const unit = (n, seed) => { let x = seed; const v = new Float32Array(n * 100); for (let i = 0; i < v.length; i++) { x = (x * 1103515245 + 12345) >>> 0; v[i] = x / 4294967296 - 0.5; }
      for (let r = 0; r < n; r++) { let s = 0; for (let d = 0; d < 100; d++) s += v[r * 100 + d] ** 2; s = Math.sqrt(s); for (let d = 0; d < 100; d++) v[r * 100 + d] /= s; } return v; };
    const grouped = (n, seed) => ({ vectors: unit(n, seed), dims: 100, groupOf: Int32Array.from({ length: n }, (_, i) => i), groups: n });
    const q = grouped(1000, 1);
    const rows = [];
    for (const n of [10000, 50000, 100000]) {
      const c = grouped(n, 2);
      const t = Date.now();
      await searchTopKWith(await onnxRowScorer(c), q, c, { k: 10, queryBlock: 128 });
      rows.push({ queries: 1000, corpus: n, ms: Date.now() - t });
    }
    console.log(JSON.stringify(rows));`);
result.loadAverageAtEnd = loadavg();
await mkdir(join(root, 'benchmarks/out/embedding'), { recursive: true });
await writeFile(join(root, 'benchmarks/out/embedding/performance.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
