#!/usr/bin/env node
// Validation throughput on the Section 6.2 envelope versus a bare `jsonld.expand` of the same
// document, measured in the same run, interleaved so both see the same machine load (issue #7
// target: validation >= 0.8x bare expansion). Needs `npm run build`.
//
// Usage: node benchmarks/envelope/throughput.mjs [--seconds 1] [--rounds 5] [--json]
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import jsonld from 'jsonld';
import { validateEnvelope } from '../../dist/envelope/index.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? Number(args[i + 1]) : dflt; };
const seconds = opt('seconds', 1);
const rounds = opt('rounds', 5);
const text = readFileSync(new URL('../../corpora/ioa-example/envelope-6.2.json', import.meta.url), 'utf8');
const parsed = JSON.parse(text);
const refuse = async (url) => { throw new Error(`remote context ${url} refused`); };

/** Runs `fn` repeatedly for `seconds`; returns operations per second. */
async function rate(fn) {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const start = performance.now();
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) await fn();
    n += 50;
  }
  return n / ((performance.now() - start) / 1000);
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = {};
for (const [name, s] of Object.entries(scenarios)) {
  for (let i = 0; i < 300; i++) { await s.bare(); await s.validate(); } // warm-up (JIT, context caches)
  const bare = [];
  const validate = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate the order so neither side always runs on a warmer or cooler machine.
    if (r % 2 === 0) { bare.push(await rate(s.bare)); validate.push(await rate(s.validate)); }
    else { validate.push(await rate(s.validate)); bare.push(await rate(s.bare)); }
  }
  results[name] = {
    bareExpandPerSec: Math.round(median(bare)),
    validatePerSec: Math.round(median(validate)),
    ratio: Number((median(validate) / median(bare)).toFixed(3)),
    ratiosPerRound: validate.map((v, i) => Number((v / bare[i]).toFixed(3))),
  };
}

const report = { benchmark: 'envelope-throughput', document: 'corpora/ioa-example/envelope-6.2.json', target: 0.8, seconds, rounds, node: process.version, cpu: cpus()[0]?.model, results };
if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  for (const [name, r] of Object.entries(results)) {
    console.log(`${name.padEnd(12)} bare jsonld.expand ${String(r.bareExpandPerSec).padStart(6)}/s   validateEnvelope ${String(r.validatePerSec).padStart(6)}/s   ratio ${r.ratio} (target >= 0.8)`);
  }
}
