#!/usr/bin/env node
// Cost of the retrieval guards (issue #9) and of carrier round trips (issue #10), measured in one
// run, interleaved so every variant sees the same machine load. Needs `npm run build`.
//
// Retrieval, against a server on 127.0.0.1 serving the 6.1 context (1.6 kB):
//   raw-fresh   undici request through a fresh Agent per fetch (the connection pattern the guard uses)
//   guarded     fetchDocument: URL/authority checks, origin match, address class, pinned Agent,
//               streamed byte limit, media type, sha256 (no cache)
//   cached      the same through one RetrievalCache (second and later fetches never touch the network)
// Carriers: validateEnvelope alone vs wrap+unwrap (A2A 1.0, NLIP), each ending in the validator.
//
// Usage: node benchmarks/retrieval/overhead.mjs [--seconds 1] [--rounds 5] [--json]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { Agent, request } from 'undici';
import { RetrievalCache, fetchDocument, retrievalPolicy } from '../../dist/retrieval/index.js';
import { unwrapA2A, unwrapNlip, wrapA2A, wrapNlip } from '../../dist/carriers/index.js';
import { validateEnvelope } from '../../dist/envelope/index.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? Number(args[i + 1]) : dflt; };
const seconds = opt('seconds', 1);
const rounds = opt('rounds', 5);
const context = readFileSync(new URL('../../corpora/ioa-example/context-6.1.json', import.meta.url), 'utf8');
const envelope = JSON.parse(readFileSync(new URL('../../corpora/ioa-example/envelope-6.2.json', import.meta.url), 'utf8'));

const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/ld+json', 'content-length': Buffer.byteLength(context) }).end(context));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;
const url = `${origin}/context.jsonld`;
const policy = retrievalPolicy({ allowRemote: true, trustedOrigins: [origin] });
const cache = new RetrievalCache();

async function rate(fn) {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const start = performance.now();
  while (performance.now() < end) {
    for (let i = 0; i < 20; i++) await fn();
    n += 20;
  }
  return n / ((performance.now() - start) / 1000);
}

const variants = {
  'raw-fresh': async () => {
    const agent = new Agent({ pipelining: 0 });
    const { body } = await request(url, { dispatcher: agent });
    await body.arrayBuffer();
    await agent.destroy();
  },
  guarded: async () => { await fetchDocument(url, policy); },
  cached: async () => { await fetchDocument(url, policy, { cache }); },
  'validate-only': async () => { await validateEnvelope(envelope); },
  'a2a-round-trip': async () => { await unwrapA2A(JSON.parse(JSON.stringify(await wrapA2A(envelope, { messageId: 'm' })))); },
  'nlip-round-trip': async () => { await unwrapNlip(JSON.parse(JSON.stringify(await wrapNlip(envelope, { task: 't' })))); },
};
const results = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) for (const [k, fn] of Object.entries(variants)) results[k].push(await rate(fn));
server.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const table = Object.entries(results).map(([k, xs]) => ({ variant: k, opsPerSecond: Math.round(median(xs)), msPerOp: +(1000 / median(xs)).toFixed(3) }));
const ratio = (a, b) => +(median(results[a]) / median(results[b])).toFixed(2);
const summary = {
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  seconds, rounds, table,
  guardedVsRawFresh: ratio('guarded', 'raw-fresh'),
  a2aRoundTripVsValidate: ratio('a2a-round-trip', 'validate-only'),
  nlipRoundTripVsValidate: ratio('nlip-round-trip', 'validate-only'),
};
if (args.includes('--json')) console.log(JSON.stringify(summary, null, 2));
else {
  for (const row of table) console.log(`${row.variant.padEnd(16)} ${String(row.opsPerSecond).padStart(7)} ops/s  ${row.msPerOp} ms/op`);
  console.log(`guarded / raw-fresh throughput: ${summary.guardedVsRawFresh}; A2A round trip / validate: ${summary.a2aRoundTripVsValidate}; NLIP: ${summary.nlipRoundTripVsValidate}`);
}
