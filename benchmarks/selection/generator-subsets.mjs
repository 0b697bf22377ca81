#!/usr/bin/env node
// What each default generator costs and brings: anatomy `propose` whole-process wall time beside
// the TF-IDF baseline (alternately, as benchmarks/baseline/whole-process.mjs does), and fused
// Hits@1 / recall@10 on the anatomy, conference and agents tracks, for the default set and for
// smaller sets. The data for deciding whether a smaller default could meet the anatomy speed
// target (≤ 1.0× the baseline) without falling below Hits@1 0.90 and recall@10 0.975.
//
//   npm run build && node benchmarks/selection/generator-subsets.mjs [--runs 3] [--out benchmarks/results/speed/generator-subsets.json]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(arg('--runs', '3'));
const outFile = arg('--out', join(root, 'benchmarks', 'results', 'speed', 'generator-subsets.json'));
const work = join(tmpdir(), `ioa-align-subsets-${process.pid}`);
mkdirSync(work, { recursive: true });
const cli = join(root, 'bin', 'ioa-align.js');
const [mouse, human] = ['mouse.owl', 'human.owl'].map((f) => join(root, 'corpora', 'anatomy', f));

const DEFAULT = ['exact', 'tfidf', 'wordnet', 'structure', 'edit'];
const SUBSETS = [
  DEFAULT,
  ...DEFAULT.map((left) => DEFAULT.filter((g) => g !== left)),
  ['exact', 'tfidf', 'wordnet'],
  ['exact', 'tfidf', 'edit'],
  ['exact', 'tfidf'],
];
const TRACKS = ['anatomy', 'conference', 'agents'];

/** One whole-process run under GNU time: wall and CPU seconds. */
function timed(command, commandArgs) {
  const report = join(work, 'time.txt');
  const child = spawnSync('/usr/bin/time', ['-v', '-o', report, command, ...commandArgs], { cwd: root, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${child.status}): ${child.stderr}`);
  const text = readFileSync(report, 'utf8');
  const field = (label) => text.split('\n').find((l) => l.trim().startsWith(label))?.split(': ').pop()?.trim();
  const wall = field('Elapsed (wall clock) time').split(':').map(Number).reduce((a, b) => a * 60 + b, 0);
  return { wallS: wall, cpuS: Number(field('User time (seconds)')) + Number(field('System time (seconds)')) };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const round = (x, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

// Quality: the fused run of each subset on each track (micro averages).
const quality = SUBSETS.map((subset) => {
  const byTrack = {};
  for (const track of TRACKS) {
    const child = spawnSync(process.execPath, [cli, 'bench', '--corpus', track, '--generators', subset.join(','), '--json', '--no-charts'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (child.status !== 0) throw new Error(`bench ${track} ${subset} failed: ${child.stderr}`);
    const fusion = JSON.parse(child.stdout).runs.find((r) => r.name === 'fusion');
    byTrack[track] = { hitsAt1: round(fusion.micro.hitsAt['1']), recallAt10: round(fusion.micro.recallAt[9]) };
  }
  process.stderr.write(`${subset.join(',')}: ${TRACKS.map((t) => `${t} ${byTrack[t].hitsAt1}/${byTrack[t].recallAt10}`).join(', ')}\n`);
  return byTrack;
});

// Speed: every subset and the baseline in turn, `runs` rounds, so all see the same load.
const times = SUBSETS.map(() => []);
const baseline = [];
for (let i = 0; i < runs; i++) {
  const load = loadavg()[0];
  SUBSETS.forEach((subset, s) => times[s].push(timed(process.execPath, [cli, 'propose', mouse, human, '--generators', subset.join(','), '--out', join(work, 'ours.tsv'), '--quiet'])));
  baseline.push(timed('python3', [join(root, 'benchmarks', 'baseline', 'tfidf_baseline.py'), mouse, human, '--out', join(work, 'baseline.tsv')]));
  process.stderr.write(`round ${i + 1}: default ${times[0].at(-1).wallS} s, baseline ${baseline.at(-1).wallS} s (load ${load.toFixed(2)})\n`);
}
rmSync(work, { recursive: true, force: true });

const baselineWall = median(baseline.map((r) => r.wallS));
const rows = SUBSETS.map((subset, s) => {
  const wallS = median(times[s].map((r) => r.wallS));
  return { generators: subset, wallS, cpuS: round(median(times[s].map((r) => r.cpuS)), 2), ratio: round(wallS / baselineWall, 2), quality: quality[s] };
});
const result = {
  measured: new Date().toISOString().slice(0, 10),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  method: `anatomy propose --generators G --out F whole process under /usr/bin/time -v, ${runs} rounds of every set then the baseline, medians; quality from ioa-align bench --generators G (fusion, micro)`,
  baseline: { wallS: baselineWall, runs: baseline.map((r) => r.wallS) },
  rows,
};
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);

console.log(`| generators | anatomy wall s | CPU s | / baseline (${baselineWall} s) | ${TRACKS.map((t) => `${t} Hits@1 | ${t} recall@10`).join(' | ')} |`);
console.log(`|---|---:|---:|---:|${TRACKS.map(() => '---:|---:').join('|')}|`);
for (const r of rows) console.log(`| ${r.generators.join(', ')} | ${r.wallS} | ${r.cpuS} | ${r.ratio}× | ${TRACKS.map((t) => `${r.quality[t].hitsAt1} | ${r.quality[t].recallAt10}`).join(' | ')} |`);
