#!/usr/bin/env node
// Whole-process speed and memory of `ioa-align propose RECORDS OASF` at directory scale: 10,000
// agent records synthesised from the real ones of corpora/agentworld-dev against the 513 OASF
// 1.1.0 skills (release v1.1.1), default generators, SSSOM written to a file; each run under GNU
// time (`/usr/bin/time -v`): wall, CPU (user + system), peak RSS. Target: ≤ 30 s, ≤ 1 GiB.
//
//   npm run build && node benchmarks/agentworld/scale.mjs [--records 10000] [--runs 3] [--out FILE]
//
// The synthetic records are record rows (the layout of corpora/agentworld-dev), made
// deterministically (seeded): record i takes the name, description and tags of real record
// i mod 221 and mixes in the words of two other real records — one in its name, a clause in its
// description, a tag — so the set has the real records' vocabulary and length but no two records
// alike. Records the real set leaves without a description stay without one.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom, timedRun } from '../common.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const n = Number(arg('--records', '10000'));
const runs = Number(arg('--runs', '3'));
const outFile = arg('--out', join(root, 'benchmarks', 'results', 'agentworld', 'scale.json'));
const work = join(tmpdir(), `ioa-align-agentworld-scale-${process.pid}`);
mkdirSync(work, { recursive: true });

export function synthesise(count, seed = 34) {
  const real = ['mcp-servers-dev.jsonl', 'a2a-skills-dev.jsonl'].flatMap((f) => readFileSync(join(root, 'corpora', 'agentworld-dev', f), 'utf8').trim().split('\n').map((l) => JSON.parse(l)));
  const next = seededRandom(seed);
  const pick = () => real[Math.floor(next() * real.length)];
  const wordOf = (text) => {
    const words = text.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 2);
    return words.length ? words[Math.floor(next() * words.length)].toLowerCase() : 'agent';
  };
  const clauseOf = (text) => text.split(/[.;,]/).map((s) => s.trim()).filter(Boolean)[0] ?? '';
  const rows = [];
  for (let i = 0; i < count; i++) {
    const base = real[i % real.length];
    const a = pick();
    const b = pick();
    const extra = wordOf(`${a.name} ${a.description}`);
    const name = base.kind === 'mcp-server' ? `${base.name.split('/')[0]}/${base.name.split('/')[1]}-${extra}-${i}` : `${base.name} ${extra} ${i}`;
    const description = base.description ? `${base.description.trim()} Also: ${clauseOf(b.description || b.name).toLowerCase()}.` : '';
    rows.push({
      id: `${base.id}-synthetic-${i}`, kind: base.kind, name, description,
      tags: [...base.tags, ...(a.tags.length ? [a.tags[Math.floor(next() * a.tags.length)]] : [])],
      examples: base.examples, source: `synthesised from ${base.id} (benchmarks/agentworld/scale.mjs)`,
    });
  }
  return rows;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const records = join(work, `records-${n}.jsonl`);
writeFileSync(records, synthesise(n).map((r) => JSON.stringify(r)).join('\n') + '\n');
const target = join(root, 'corpora', 'agents', 'oasf', 'v1.1.1', 'schema', 'skills');
const out = join(work, 'candidates.sssom.tsv');
const commandArgs = [join(root, 'bin', 'ioa-align.js'), 'propose', records, target, '--out', out];
const measured = [];
for (let r = 0; r < runs; r++) {
  const m = timedRun(process.execPath, commandArgs, root);
  measured.push(m);
  process.stderr.write(`run ${r + 1}: ${m.wallS.toFixed(1)} s wall, ${m.cpuS.toFixed(1)} CPU-s, ${Math.round(m.peakRssMiB)} MiB, load ${m.load1mBefore.toFixed(1)}\n`);
}
const rows = readFileSync(out, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).length - 1;
const result = {
  what: `propose ${n.toLocaleString('en')} synthetic agent records (record rows from corpora/agentworld-dev) → OASF 1.1.0 skills (513), default generators, SSSOM to a file`,
  measured: new Date().toISOString(),
  machine: { cpus: cpus().length, memGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  runs,
  wallS: Math.round(median(measured.map((m) => m.wallS)) * 100) / 100,
  cpuS: Math.round(median(measured.map((m) => m.cpuS)) * 100) / 100,
  peakRssMiB: Math.round(median(measured.map((m) => m.peakRssMiB))),
  load1m: measured.map((m) => Math.round(m.load1mBefore * 10) / 10),
  rowsWritten: rows,
  targets: { wallS: 30, peakRssMiB: 1024 },
  note: 'whole process; figures taken on a shared machine are noisy: re-measure on a quiet one',
};
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
rmSync(work, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
