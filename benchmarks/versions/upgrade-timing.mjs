#!/usr/bin/env node
// How long upgrading a 1,000-rule artifact takes: the synthetic artifact of artifacts.mjs (1,000
// rules over the 136 OASF 1.0.0 skills, each with conditions) carried to OASF 1.1.0 through the
// real CLI — loading both releases, computing the version diff, writing the draft and the review
// file — timed as a whole process, several runs, median quoted. Needs `npm run build`.
//
//   node benchmarks/versions/upgrade-timing.mjs [--runs N] [--rules N] [--out results.json]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEW, OLD, syntheticArtifact } from './artifacts.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', 5));
const size = Number(option('--rules', 1000));
const out = option('--out', undefined);
const dir = mkdtempSync(join(tmpdir(), 'ioa-upgrade-timing-'));
const artifact = join(dir, `synthetic-${size}.json`);
writeFileSync(artifact, JSON.stringify(await syntheticArtifact(size)));
const load = loadavg()[0];
const times = [];
let summary = '';
for (let i = 0; i < runs; i++) {
  const draft = join(dir, `draft-${i}.json`);
  const review = join(dir, `review-${i}.sssom.tsv`);
  const command = ['artifact', 'upgrade', artifact, '--side', 'target', '--from', OLD, '--to', NEW, '--out', draft, '--review-out', review];
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [join(root, 'bin/ioa-align.js'), ...command], { cwd: root, encoding: 'utf8' });
  times.push(Number(process.hrtime.bigint() - started) / 1e9);
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    process.exit(1);
  }
  summary = run.stderr.split('\n')[0];
  const written = JSON.parse(readFileSync(draft, 'utf8'));
  if (written.mappingRules.length + written.upgrade.review.rules.length + written.upgrade.dropped.length !== size) throw new Error('the draft does not account for every rule');
}
rmSync(dir, { recursive: true, force: true });
const sorted = [...times].sort((a, b) => a - b);
const result = {
  benchmark: 'versions/upgrade-timing',
  command: `ioa-align artifact upgrade synthetic-${size}.json --side target --from corpora/agents/oasf/v1.0.4/schema/skills --to corpora/agents/oasf/v1.1.1/schema/skills --out draft.json --review-out review.sssom.tsv`,
  rules: size,
  runs,
  wallSeconds: { min: round(sorted[0]), median: round(sorted[Math.floor(sorted.length / 2)]), max: round(sorted[sorted.length - 1]) },
  summary,
  loadAverage1mBefore: Math.round(load * 10) / 10,
  cpuCount: cpus().length,
  note: 'whole process (the CLI, both releases loaded, the version diff computed)',
};
function round(x) {
  return Math.round(x * 100) / 100;
}
const text = JSON.stringify(result, null, 2);
if (out) writeFileSync(out, `${text}\n`);
console.log(text);
