#!/usr/bin/env node
// Warm `check` throughput through the library API (issue #8 target: >= 5,000 decisions/s on this
// machine). Inputs are the real documents of corpora/ioa-example, read and validated once by
// `loadCheckFiles` (as `ioa-align check` does); the 12.4 artifact is signed at run time with a
// fresh Ed25519 key. Needs `npm run build`.
//
// Modes:
//   evaluate      evaluateCompatibility() on the 12.1 inputs: full decision every time (gate, rule
//                 selection, digests); signature verification memoised after the first call
//   evaluate-mix  the same, rotating over 4 different requests/outcomes (Compatible, Incompatible,
//                 RULE_INAPPLICABLE, DOMAIN_RESTRICTION)
//   cold-sig      a freshly validated artifact object each time, so every decision verifies the
//                 Ed25519 signature (the worst case of a receiver without memo)
//   cached        CompatibilityChecker.check() with unchanged inputs (revalidation-cache hits, S5)
//   json-copy     evaluate with the artifact as a cache or database gives it back (JSON.parse of
//                 the validated object): read again from its signed bytes and compared field by field
//   json-copy-2000  the same with an artifact of 2,001 rules (the 12.4 rule and 2,000 others)
//
// Usage: node benchmarks/gate/check-throughput.mjs [--seconds 1] [--rounds 5] [--json] [--out FILE]
//        (--out writes the JSON report, config and machine included, e.g. benchmarks/results/gate/check-throughput.json)
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompatibilityChecker, evaluateCompatibility, generateEd25519KeyPair, loadCheckFiles, signDocument, validateArtifact,
} from '../../dist/gate/index.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? Number(args[i + 1]) : dflt; };
const seconds = opt('seconds', 1);
const rounds = opt('rounds', 5);
const ex = (f) => new URL(`../../corpora/ioa-example/${f}`, import.meta.url).pathname;

// Run-time key and trust policy (no private key is committed).
const dir = mkdtempSync(join(tmpdir(), 'ioa-gate-bench-'));
const key = generateEd25519KeyPair();
const policy = JSON.parse(readFileSync(ex('trust-policy.json'), 'utf8'));
policy.trustedIssuers[0].keyId = key.keyId;
policy.trustedIssuers[0].publicKey = key.publicKeyPem;
writeFileSync(join(dir, 'trust.json'), JSON.stringify(policy));
const signed = signDocument(JSON.parse(readFileSync(ex('artifact-12.4.json'), 'utf8')), key.privateKeyPem, key.keyId);
writeFileSync(join(dir, 'artifact.json'), JSON.stringify(signed));

const now = Date.parse('2026-06-01T00:00:00Z');
async function load(request, provider = 'capability-doc-translate.json', profile = 'profile-tech-translation.json') {
  const r = await loadCheckFiles({
    request, provider: ex(provider), profile: ex(profile), artifacts: [join(dir, 'artifact.json')], trust: join(dir, 'trust.json'),
    ontologies: [ex('cs.ttl'), ex('law.ttl')], now,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.input;
}
const variant = (mutate) => {
  const env = JSON.parse(readFileSync(ex('envelope-12.1-zh-en.json'), 'utf8'));
  mutate(env);
  const path = join(dir, `env-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(env));
  return path;
};
const base = await load(ex('envelope-12.1-zh-en.json'));
const mix = [
  base,
  await load(ex('envelope-12.1-zh-en.json'), 'capability-cs-pdf-only.json'),
  await load(variant((e) => { e.profileContext.targetLang = 'ja'; })),
  await load(variant((e) => { e.profileContext.termBindings[0].sense = 'https://example.org/onto/law#MasterOfLaws'; })),
];
const expected = ['Compatible', 'Incompatible', 'Incompatible', 'Incompatible'];
mix.forEach((input, i) => {
  const outcome = evaluateCompatibility(input).outcome;
  if (outcome !== expected[i]) throw new Error(`mix[${i}]: expected ${expected[i]}, got ${outcome}`);
});
const artifactText = JSON.stringify(signed);
const checker = new CompatibilityChecker();
const stored = JSON.parse(JSON.stringify(validateArtifact(artifactText).value));
const large = JSON.parse(readFileSync(ex('artifact-12.4.json'), 'utf8'));
const rule = large.mappingRules[0];
large.mappingRules = [rule, ...Array.from({ length: 2000 }, (_, k) => ({ ...rule, from: `${rule.from}-${k}` }))];
const storedLarge = JSON.parse(JSON.stringify(validateArtifact(signDocument(large, key.privateKeyPem, key.keyId)).value));

let i = 0;
const modes = {
  evaluate: () => evaluateCompatibility(base),
  'evaluate-mix': () => evaluateCompatibility(mix[i++ & 3]),
  'cold-sig': () => evaluateCompatibility({ ...base, artifacts: [validateArtifact(artifactText).value] }),
  cached: () => checker.check(base),
  'json-copy': () => evaluateCompatibility({ ...base, artifacts: [stored] }),
  'json-copy-2000': () => evaluateCompatibility({ ...base, artifacts: [storedLarge] }),
};

function rate(fn) {
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  let n = 0;
  while (performance.now() < end) {
    for (let k = 0; k < 100; k++) {
      const v = fn();
      if (v.outcome === undefined) throw new Error('no verdict');
    }
    n += 100;
  }
  return n / ((performance.now() - start) / 1000);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results = {};
for (const [name, fn] of Object.entries(modes)) {
  if (fn().outcome !== 'Compatible' && !name.startsWith('evaluate-mix')) throw new Error(`${name}: the 12.1 inputs are not Compatible`);
  for (let w = 0; w < (name === 'json-copy-2000' ? 20 : 2000); w++) fn(); // warm-up: JIT, digest memo, signature memo
  const perRound = [];
  for (let r = 0; r < rounds; r++) perRound.push(rate(fn));
  results[name] = { decisionsPerSec: Math.round(median(perRound)), perRound: perRound.map(Math.round) };
}
if (evaluateCompatibility(base).outcome !== 'Compatible') throw new Error('12.1 inputs are not Compatible');

const report = {
  benchmark: 'gate/check-throughput',
  target: { mode: 'evaluate', decisionsPerSec: 5000 },
  met: results.evaluate.decisionsPerSec >= 5000,
  config: { seconds, rounds, inputs: '12.1: envelope-12.1-zh-en + capability-doc-translate + profile-tech-translation + signed artifact-12.4 + cs.ttl, law.ttl' },
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  date: new Date().toISOString(),
  results,
};
const outIndex = args.indexOf('--out');
if (outIndex >= 0) {
  const { mkdirSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  mkdirSync(dirname(args[outIndex + 1]), { recursive: true });
  writeFileSync(args[outIndex + 1], `${JSON.stringify(report, null, 2)}\n`);
}
if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  for (const [name, r] of Object.entries(results)) console.log(`${name.padEnd(15)} ${String(r.decisionsPerSec).padStart(9)} decisions/s  (rounds: ${r.perRound.join(', ')})`);
  console.log(`target evaluate >= 5000/s: ${report.met ? 'met' : 'NOT met'}`);
}
