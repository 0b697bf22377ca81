#!/usr/bin/env node
// How much memory writing a large candidate file takes: the whole text built as one string
// (serializeMappings, what `propose --out` did before) against the streaming writer
// (writeMappingFile: rows go to the temporary file in chunks as they are produced).
// Needs `npm run build`; run with --expose-gc so the baseline is measured after a collection:
//
//   node --expose-gc benchmarks/exchange/streaming-write.mjs [--subjects 50000] [--k 10] [--out results.json]
//
// Prints one JSON object: the configuration, the file size and, per way of writing, the peak
// heap above the baseline (the set itself already built), sampled every 5 ms and at every chunk.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { candidatesToMappingSet, serializeMappings, writeMappingFile } from '../../dist/exchange/index.js';
import { buildOntologyIndex } from '../../dist/model/ontology-index.js';
import { emptyConcept } from '../../dist/model/concept.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const subjects = Number(flag('--subjects', '50000'));
const k = Number(flag('--k', '10'));
const out = flag('--out', undefined);
if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(2);
}

const concept = (ns, i) => ({ ...emptyConcept(`${ns}C${i}`, 'class', `C${i}`), labels: [{ text: `concept number ${i}`, source: 'rdfs:label' }] });
const source = buildOntologyIndex({ source: 's.owl', iri: 'http://s.example/onto', concepts: Array.from({ length: subjects }, (_, i) => concept('http://s.example/onto#', i)) });
const target = buildOntologyIndex({ source: 't.owl', iri: 'http://t.example/onto', concepts: Array.from({ length: subjects }, (_, i) => concept('http://t.example/onto#', i)) });
const member = (generator, s, o, score, rank) => ({
  subject: s, object: o, predicate: 'skos:exactMatch', generator, score, rank, measure: generator, justification: 'semapv:LexicalSimilarityThresholdMatching',
  evidence: [{ generator, subjectText: 'concept', objectText: 'concept', subjectField: 'label', objectField: 'label' }],
});
const candidates = [];
for (let i = 0; i < subjects; i++) {
  const s = `http://s.example/onto#C${i}`;
  for (let r = 1; r <= k; r++) {
    const o = `http://t.example/onto#C${(i + r * 7919) % subjects}`;
    const members = [member('edit', s, o, 0.9 / r, r), member('tfidf', s, o, 0.8 / r, r)];
    candidates.push({ ...members[0], generator: 'fusion', measure: 'fused', justification: 'semapv:CompositeMatching', score: Math.round(0.3 / r * 1e6) / 1e6, members });
  }
}
const set = candidatesToMappingSet(candidates, { source, target, mappingDate: '2026-12-02' });

async function peakDuring(work) {
  globalThis.gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sample = () => { const h = process.memoryUsage().heapUsed; if (h > peak) peak = h; };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  await work(sample);
  const ms = performance.now() - started;
  clearInterval(timer);
  sample();
  return { peakHeapAboveBaselineMB: Math.round((peak - base) / 1024 / 1024), ms: Math.round(ms) };
}

const dir = mkdtempSync(join(tmpdir(), 'ioa-stream-'));
const file = join(dir, 'candidates.sssom.tsv');
const asString = await peakDuring(async (sample) => {
  const text = serializeMappings(set, 'sssom');
  sample();
  writeFileSync(file, text);
});
const size = statSync(file).size;
const streamed = await peakDuring(async () => { await writeMappingFile(file, set, 'sssom'); });
rmSync(dir, { recursive: true, force: true });
const result = {
  benchmark: 'exchange/streaming-write',
  config: { subjects, candidatesPerSubject: k, rows: set.mappings.length, node: process.version },
  fileBytes: size,
  oneString: asString,
  streaming: streamed,
  note: 'in-process heap (V8 heapUsed) above the heap holding the set, sampled every 5 ms; not whole-process RSS',
};
const text = JSON.stringify(result, null, 2);
if (out) writeFileSync(out, `${text}\n`);
console.log(text);
