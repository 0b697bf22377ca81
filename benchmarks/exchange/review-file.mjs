#!/usr/bin/env node
// The review file `propose` writes for OAEI anatomy with the default generators, through the real
// CLI: rows, distinct (subject, predicate, object) triples, whether every subject's rows run best
// first (candidate_rank 1, 2, … and similarity_score never rising), file size and wall time.
// Needs `npm run build`.
//
//   node benchmarks/exchange/review-file.mjs [--out results.json]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSssom, candidatesFromMappingSet } from '../../dist/exchange/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
const dir = mkdtempSync(join(tmpdir(), 'ioa-review-file-'));
const file = join(dir, 'anatomy.sssom.tsv');
const command = ['propose', 'corpora/anatomy/mouse.owl', 'corpora/anatomy/human.owl', '--out', file];
const load = loadavg()[0];
const started = process.hrtime.bigint();
const run = spawnSync(process.execPath, [join(root, 'bin/ioa-align.js'), ...command], { cwd: root, encoding: 'utf8' });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
if (run.status !== 0) {
  process.stderr.write(run.stderr);
  process.exit(1);
}
const bytes = statSync(file).size;
const set = parseSssom(readFileSync(file, 'utf8'), file);
rmSync(dir, { recursive: true, force: true });
const triples = new Set(set.mappings.map((m) => `${m.subjectId} ${m.predicateId} ${m.objectId}`));
let bestFirst = true;
let previous;
for (const c of candidatesFromMappingSet(set)) {
  const fresh = !previous || previous.subject !== c.subject;
  if (fresh ? c.rank !== 1 : c.rank !== previous.rank + 1 || c.score > previous.score) bestFirst = false;
  previous = c;
}
const result = {
  benchmark: 'exchange/review-file',
  command: `ioa-align ${command.slice(0, -2).join(' ')} --out anatomy.sssom.tsv`,
  rows: set.mappings.length,
  distinctTriples: triples.size,
  subjects: new Set(set.mappings.map((m) => m.subjectId)).size,
  bestFirst,
  bytes,
  megabytes: Math.round(bytes / 1e4) / 100,
  wallSeconds: Math.round(seconds * 10) / 10,
  loadAverage1mBefore: Math.round(load * 10) / 10,
  cpuCount: cpus().length,
  note: 'whole process (the CLI, ontology loading included)',
};
const text = JSON.stringify(result, null, 2);
if (out) writeFileSync(out, `${text}\n`);
console.log(text);
