#!/usr/bin/env node
// Whole-process speed of `ioa-align propose` (default generators, SSSOM written to a file) beside
// a scipy.sparse character-trigram TF-IDF baseline (tfidf_baseline.py, top 10), run alternately in the
// same script so both see the same machine load; each run under GNU time (`/usr/bin/time -v`):
// wall, CPU (user + system) and peak RSS. Medians per case, and ours / baseline ratios.
//
//   npm run build && node benchmarks/baseline/whole-process.mjs [--runs 3] [--cases anatomy,5k,20k,50k,ncit-ordo]
//       [--baseline-cases anatomy,5k,20k] [--baseline-runs N] [--out benchmarks/results/speed/whole-process.json]
//
// The baseline scores every source name against every target name (a sparse product, one dense
// block of scores at a time), so its time grows with n × m; it runs only for the cases in
// --baseline-cases (default: anatomy, 5k, 20k, ncit-ordo). Results are merged into the output
// file case by case, so a case can be re-run alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timedRun } from '../common.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(arg('--runs', '3'));
const wanted = arg('--cases', 'anatomy,5k,20k,50k').split(',');
const baselineCases = arg('--baseline-cases', 'anatomy,5k,20k,ncit-ordo').split(',');
const baselineRuns = Number(arg('--baseline-runs', String(runs)));
const outFile = arg('--out', join(root, 'benchmarks', 'results', 'speed', 'whole-process.json'));
const work = join(tmpdir(), `ioa-align-whole-process-${process.pid}`);
mkdirSync(work, { recursive: true });

const synthetic = (n) => {
  const dir = join(tmpdir(), 'ioa-align-synthetic');
  if (!existsSync(join(dir, `tgt-${n}.ttl`))) {
    const made = spawnSync(process.execPath, [join(root, 'benchmarks', 'lexical', 'synthetic.mjs'), '--write', dir, '--write-size', String(n)], { stdio: 'inherit' });
    if (made.status !== 0) process.exit(1);
  }
  return [join(dir, `src-${n}.ttl`), join(dir, `tgt-${n}.ttl`)];
};
const CASES = {
  anatomy: { what: 'OAEI anatomy, mouse → human (2,744 × 3,304 classes, RDF/XML)', files: () => [join(root, 'corpora/anatomy/mouse.owl'), join(root, 'corpora/anatomy/human.owl')] },
  '5k': { what: 'synthetic 5,000 × 5,000 (Turtle)', files: () => synthetic(5000) },
  '20k': { what: 'synthetic 20,000 × 20,000 (Turtle)', files: () => synthetic(20000) },
  '50k': { what: 'synthetic 50,000 × 50,000 (Turtle)', files: () => synthetic(50000) },
  '100k': { what: 'synthetic 100,000 × 100,000 (Turtle)', files: () => synthetic(100000) },
  'ncit-ordo': { what: 'NCIt disease module → ORDO (20,324 × 13,871 classes, Turtle)', files: () => [join(root, 'corpora/large/ncit-disease-2018-06-08.ttl'), join(root, 'corpora/large/ordo-2_6-2018-07-12.ttl')] },
};

/** One run under GNU time: wall s, CPU s, peak RSS MiB, load before, and the output's row count. */
function timed(command, commandArgs, out) {
  const { stderr: _stderr, stdout: _stdout, code: _code, ...figures } = timedRun(command, commandArgs, root);
  const rows = readFileSync(out, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).length - 1;
  return { ...figures, rows };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const summary = (list) => (list.length ? { wallS: median(list.map((r) => r.wallS)), cpuS: median(list.map((r) => r.cpuS)), peakRssMiB: median(list.map((r) => r.peakRssMiB)), rows: list[0].rows } : undefined);

const stored = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : { cases: {} };
for (const name of wanted) {
  const spec = CASES[name];
  if (!spec) throw new Error(`unknown case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
  const [source, target] = spec.files();
  const withBaseline = baselineCases.includes(name);
  const ours = [];
  const baseline = [];
  for (let i = 0; i < runs; i++) {
    const a = join(work, 'ours.tsv');
    ours.push(timed(process.execPath, [join(root, 'bin', 'ioa-align.js'), 'propose', source, target, '--out', a, '--quiet'], a));
    rmSync(a, { force: true });
    // Fewer baseline runs than ours (the slow large cases): they pair with our last runs.
    if (withBaseline && i >= runs - baselineRuns) {
      const b = join(work, 'baseline.tsv');
      baseline.push(timed('python3', [join(root, 'benchmarks', 'baseline', 'tfidf_baseline.py'), source, target, '--out', b], b));
      rmSync(b, { force: true });
    }
    process.stderr.write(`${name} run ${i + 1}: ours ${ours.at(-1).wallS} s${baseline.length ? `, baseline ${baseline.at(-1).wallS} s` : ''} (load ${ours.at(-1).load1mBefore})\n`);
    record(name, spec, ours, baseline);
  }
}

/** The case's medians so far, stored after every run so a long case that is stopped keeps its runs. */
function record(name, spec, ours, baseline) {
  const o = summary(ours);
  const b = summary(baseline);
  stored.cases[name] = {
    what: spec.what,
    runs: ours.length,
    ours: { ...o, runs: ours },
    ...(b ? { baselineRuns: baseline.length } : {}),
    ...(b ? { baseline: { ...b, runs: baseline }, ratio: { wall: Math.round((o.wallS / b.wallS) * 100) / 100, cpu: Math.round((o.cpuS / b.cpuS) * 100) / 100, peakRss: Math.round((o.peakRssMiB / b.peakRssMiB) * 100) / 100 } } : {}),
    measured: new Date().toISOString().slice(0, 10),
    load1m: Math.round(median([...ours, ...baseline].map((r) => r.load1mBefore)) * 100) / 100,
  };
  save();
}

function save() {
  stored.machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
  stored.method = 'whole process: `ioa-align propose SOURCE TARGET --out F` (default generators, SSSOM TSV) and `python3 benchmarks/baseline/tfidf_baseline.py SOURCE TARGET --out F`, alternately, each under /usr/bin/time -v; medians';
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(stored, null, 2)}\n`);
}
rmSync(work, { recursive: true, force: true });

console.log('| case | runs | ours wall s | ours CPU s | ours peak MiB | baseline wall s | baseline CPU s | baseline peak MiB | wall ratio | load |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, c] of Object.entries(stored.cases)) {
  console.log(`| ${name} | ${c.runs} | ${c.ours.wallS} | ${c.ours.cpuS} | ${c.ours.peakRssMiB} | ${c.baseline?.wallS ?? '–'} | ${c.baseline?.cpuS ?? '–'} | ${c.baseline?.peakRssMiB ?? '–'} | ${c.ratio ? `${c.ratio.wall}×` : '–'} | ${c.load1m} |`);
}
