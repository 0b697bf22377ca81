#!/usr/bin/env node
// In-process CPU time of the structure generator and of fusion on OAEI anatomy, against the
// lexical generators it runs beside: each repetition loads the ontologies afresh (no cache carried
// over) and runs the default generators, measuring each with process.cpuUsage (user + system, so
// other processes on a shared machine matter less than for wall time). Not a test:
//   npm run build && node benchmarks/relations/cost.mjs [repetitions]
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { loadVocabulary } = await import(join(root, 'dist', 'ontology', 'dispatch.js'));
const { loadGenerator } = await import(join(root, 'dist', 'generators', 'run.js'));
const { fuseCandidates } = await import(join(root, 'dist', 'generators', 'fusion.js'));
const { DEFAULT_GENERATORS } = await import(join(root, 'dist', 'generators', 'registry.js'));

const reps = Number(process.argv[2] ?? 3);
const rows = [];
for (let r = 0; r < reps; r++) {
  const [source, target] = await Promise.all([loadVocabulary(join(root, 'corpora/anatomy/mouse.owl')), loadVocabulary(join(root, 'corpora/anatomy/human.owl'))]);
  const cpu = {};
  const all = [];
  for (const name of DEFAULT_GENERATORS) {
    const gen = await loadGenerator(name);
    const t0 = process.cpuUsage();
    for await (const c of gen.propose(source, target, { topK: 10 })) all.push(c);
    const dt = process.cpuUsage(t0);
    cpu[name] = (dt.user + dt.system) / 1000;
  }
  const lexical = all.filter((c) => c.generator !== 'structure');
  let t0 = process.cpuUsage();
  fuseCandidates(lexical, { topK: 10, generators: DEFAULT_GENERATORS.filter((g) => g !== 'structure') });
  let dt = process.cpuUsage(t0);
  cpu['fusion (lexical only)'] = (dt.user + dt.system) / 1000;
  t0 = process.cpuUsage();
  fuseCandidates(all, { topK: 10, generators: DEFAULT_GENERATORS });
  dt = process.cpuUsage(t0);
  cpu['fusion (default)'] = (dt.user + dt.system) / 1000;
  rows.push(cpu);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const k of Object.keys(rows[0])) console.log(`${k.padEnd(22)} median ${median(rows.map((r) => r[k])).toFixed(0)} ms CPU  (${rows.map((r) => r[k].toFixed(0)).join(', ')})`);
