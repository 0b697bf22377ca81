// Converts the OAEI anatomy reference alignment (1,516 cells) to SSSOM TSV and back, and on to
// Alignment RDF/XML and back, timing each step. Needs `npm run build` (runs from dist/).
//
//   node benchmarks/exchange/anatomy-roundtrip.mjs [--runs N] [--out results.json]
//
// Prints one JSON object: the resolved configuration beside the results (median and min per
// step over N warm runs, plus the first, cold run), and whether the round trip was lossless.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readAlignmentAsMappingSet, serializeSssom, parseSssom, serializeAlignmentRdf, parseAlignmentRdf, serializeJson, parseJson } from '../../dist/exchange/index.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(flag('--runs', '10'));
const out = flag('--out', undefined);
const reference = fileURLToPath(new URL('../../corpora/anatomy/reference.rdf', import.meta.url));

const key = (m) => `${m.subjectId}\u0000${m.predicateId}\u0000${m.objectId}\u0000${m.similarityScore}`;
const sameRows = (a, b) => a.length === b.length && a.map(key).sort().join('\n') === b.map(key).sort().join('\n');

async function once() {
  const t = {};
  let s = performance.now();
  const set = await readAlignmentAsMappingSet(reference);
  t.readAlignmentFile = performance.now() - s;
  s = performance.now();
  const tsv = serializeSssom(set);
  t.writeSssom = performance.now() - s;
  s = performance.now();
  const fromTsv = parseSssom(tsv, 'anatomy.sssom.tsv');
  t.readSssom = performance.now() - s;
  s = performance.now();
  const rdf = serializeAlignmentRdf(fromTsv);
  t.writeAlignment = performance.now() - s;
  s = performance.now();
  const fromRdf = await parseAlignmentRdf(rdf, 'anatomy.rdf');
  t.readAlignmentText = performance.now() - s;
  s = performance.now();
  const fromJson = parseJson(serializeJson(fromTsv), 'anatomy.json');
  t.jsonRoundTrip = performance.now() - s;
  t.sssomRoundTrip = t.writeSssom + t.readSssom;
  t.total = Object.entries(t).filter(([k]) => k !== 'sssomRoundTrip').reduce((a, [, v]) => a + v, 0);
  return {
    t,
    cells: set.mappings.length,
    sssomBytes: Buffer.byteLength(tsv),
    lossless: sameRows(set.mappings, fromTsv.mappings) && sameRows(set.mappings, fromRdf.mappings) && sameRows(set.mappings, fromJson.mappings),
  };
}

const cold = await once();
const warm = [];
for (let i = 0; i < runs; i++) warm.push(await once());
const steps = Object.keys(cold.t);
const round = (x) => Math.round(x * 100) / 100;
const stat = (step) => {
  const xs = warm.map((r) => r.t[step]).sort((a, b) => a - b);
  return { medianMs: round(xs[Math.floor(xs.length / 2)]), minMs: round(xs[0]), coldMs: round(cold.t[step]) };
};
const result = {
  benchmark: 'exchange/anatomy-roundtrip',
  config: { reference: 'corpora/anatomy/reference.rdf', warmRuns: runs, node: process.version, platform: `${process.platform}-${process.arch}` },
  cells: cold.cells,
  sssomBytes: cold.sssomBytes,
  lossless: cold.lossless && warm.every((r) => r.lossless),
  steps: Object.fromEntries(steps.map((s) => [s, stat(s)])),
};
const text = JSON.stringify(result, null, 2);
console.log(text);
if (out) writeFileSync(out, `${text}\n`);
if (result.cells !== 1516 || !result.lossless) process.exitCode = 1;
