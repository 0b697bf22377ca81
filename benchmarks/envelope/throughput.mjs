#!/usr/bin/env node
// Validation throughput on the Section 6.2 envelope versus a bare `jsonld.expand` of the same
// document, measured in the same run, interleaved in CPU time so both see the same conditions (issue #7
// target: validation >= 0.8x bare expansion). Needs `npm run build`.
//
// Usage: node benchmarks/envelope/throughput.mjs [--seconds 1] [--rounds 5] [--json] [--out FILE]
// --out writes the JSON report (configuration included) to FILE, e.g. benchmarks/results/envelope/throughput.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { cpus } from 'node:os';
import jsonld from 'jsonld';
import { validateEnvelope } from '../../dist/envelope/index.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? Number(args[i + 1]) : dflt; };
const seconds = opt('seconds', 1);
const rounds = opt('rounds', 9);
const text = readFileSync(new URL('../../corpora/ioa-example/envelope-6.2.json', import.meta.url), 'utf8');
const parsed = JSON.parse(text);
const refuse = async (url) => { throw new Error(`remote context ${url} refused`); };

/**
 * Alternates small batches of the two functions for `seconds`, so both see the same conditions.
 * Each batch is timed in this process's CPU time (user + system), not wall time: on a machine
 * shared with other work, wall time mostly measures the neighbours. Returns ops per CPU-second.
 */
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
async function paired(a, b, batch = 400) {
  let ta = 0;
  let tb = 0;
  let n = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    let t = cpuMs();
    for (let i = 0; i < batch; i++) await a();
    ta += cpuMs() - t;
    t = cpuMs();
    for (let i = 0; i < batch; i++) await b();
    tb += cpuMs() - t;
    n += batch;
  }
  return [n / (ta / 1000), n / (tb / 1000), n, ta, tb];
}

const scenarios = {
  // The same parsed object every time (a receiver that already holds the document).
  'same-object': {
    bare: () => jsonld.expand(parsed, { documentLoader: refuse }),
    validate: async () => { const r = await validateEnvelope(parsed); if (!r.ok) throw new Error('6.2 did not validate'); },
  },
  // Parse the text each time (a receiver handling a new message).
  'parse-each': {
    bare: () => jsonld.expand(JSON.parse(text), { documentLoader: refuse }),
    validate: async () => { const r = await validateEnvelope(JSON.parse(text)); if (!r.ok) throw new Error('6.2 did not validate'); },
  },
};

const results = {};
for (const [name, s] of Object.entries(scenarios)) {
  for (let i = 0; i < 300; i++) { await s.bare(); await s.validate(); } // warm-up (JIT, context caches)
  const bare = [];
  const validate = [];
  let cpuBare = 0;
  let cpuValidate = 0;
  let ops = 0;
  for (let r = 0; r < rounds; r++) {
    // Alternate which side goes first in each pair of batches.
    const [x, y, n, ta, tb] = r % 2 === 0 ? await paired(s.bare, s.validate) : await paired(s.validate, s.bare).then(([p, q, m, tp, tq]) => [q, p, m, tq, tp]);
    bare.push(x);
    validate.push(y);
    ops += n;
    cpuBare += ta;
    cpuValidate += tb;
  }
  results[name] = {
    // Over the whole run: same number of operations on each side, total CPU time of each.
    bareExpandPerCpuSec: Math.round(ops / (cpuBare / 1000)),
    validatePerCpuSec: Math.round(ops / (cpuValidate / 1000)),
    ratio: Number((cpuBare / cpuValidate).toFixed(3)),
    ratiosPerRound: validate.map((v, i) => Number((v / bare[i]).toFixed(3))),
    operationsPerSide: ops,
  };
}

const report = { benchmark: 'envelope-throughput', date: new Date().toISOString(), loadAverage: (await import('node:os')).loadavg(), document: 'corpora/ioa-example/envelope-6.2.json', target: 0.8, seconds, rounds, node: process.version, cpu: cpus()[0]?.model, results };
if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  for (const [name, r] of Object.entries(results)) {
    console.log(`${name.padEnd(12)} bare jsonld.expand ${String(r.bareExpandPerCpuSec).padStart(6)}/cpu-s   validateEnvelope ${String(r.validatePerCpuSec).padStart(6)}/cpu-s   ratio ${r.ratio} (target >= 0.8)`);
  }
}
const outIndex = args.indexOf('--out');
if (outIndex >= 0) {
  const file = args[outIndex + 1];
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
