#!/usr/bin/env node
// What coherence buys, per track (needs `npm run build`): the one-to-one selection of the default
// generators' fused candidates, plain, repaired, structurally selected, and both (the default),
// scored at object level against each track's reference as `bench` scores it; conflicts the
// checker finds in each selected set (none may remain after repair); removals; and the in-process
// CPU time of the selection with its steps against the plain selection. On conference also
// against ra1 closed by composition over the 21 pairs (ra2-like; not the OAEI rar2, which was
// curated by hand and repaired for conservativity as well). The subsumption tracks are selected
// as `bench` selects them there (broader candidates for subjects left without an equivalence).
// Exits 1 when the checker finds a conflict in the default (repaired) selection of any track:
// after repair none may remain.
//
// Usage: node benchmarks/coherence/run.mjs [--out FILE] [track ...]   (default: every track below)
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { loadOntology, propose, selectDetailed, CoherenceChecker, DEFAULT_MIN_FUSED_VALUE } = await import(join(root, 'dist', 'api', 'index.js'));
const { readReference } = await import(join(root, 'dist', 'api', 'bench.js'));

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
const wanted = args.filter((a, i) => a !== '--out' && args[i - 1] !== '--out');
const TRACKS = ['conference', 'anatomy', 'agents', 'multilingual', 'multilingual-cldr', 'agentworld-dev', 'anatomy-subsumption', 'conference-subsumption', 'agents-subsumption']
  .filter((t) => wanted.length === 0 || wanted.includes(t))
  .filter((t) => existsSync(join(root, 'corpora', t, 'manifest.json')));
const VARIANTS = { plain: { repair: false, structure: false }, repair: { repair: true, structure: false }, structure: { repair: false, structure: true }, default: {} };

const cpuMs = (f) => {
  const before = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(before);
  return [value, (used.user + used.system) / 1000];
};
const f1 = ({ proposed, correct, reference }) => {
  const p = proposed ? correct / proposed : 0;
  const r = reference ? correct / reference : 0;
  return { proposed, correct, reference, precision: round(p), recall: round(r), f1: round(p + r ? (2 * p * r) / (p + r) : 0) };
};
const round = (x) => Math.round(x * 10000) / 10000;

/** ra1 closed by composition: entities made equivalent by any chain of ra1 cells over all pairs. */
function closure(cells) {
  const parent = new Map();
  const find = (x) => { while (parent.get(x) !== x) { parent.set(x, parent.get(parent.get(x))); x = parent.get(x); } return x; };
  const add = (x) => { if (!parent.has(x)) parent.set(x, x); };
  for (const [a, b] of cells) { add(a); add(b); parent.set(find(a), find(b)); }
  return (a, b) => parent.has(a) && parent.has(b) && find(a) === find(b);
}

const results = { measured: new Date().toISOString().slice(0, 10), machine: { cpus: cpus().length, node: process.version, load1mBefore: Math.round(loadavg()[0] * 10) / 10 }, threshold: DEFAULT_MIN_FUSED_VALUE, tracks: {} };
for (const track of TRACKS) {
  const dir = join(root, 'corpora', track);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const cache = new Map();
  const load = (p) => { if (!cache.has(p)) cache.set(p, loadOntology(join(dir, p))); return cache.get(p); };
  const pairs = [];
  for (const pair of manifest.pairs) {
    const [source, target, ref] = await Promise.all([load(pair.source), load(pair.target), readReference(join(dir, pair.reference))]);
    const cells = ref.cells.filter((c) => c.relation !== '%');
    pairs.push({ id: pair.id, source, target, cells, candidates: await propose(source, target, manifest.generators ? { generatorConfig: manifest.generators } : {}) });
  }
  const directional = track.endsWith('-subsumption');
  const same = track === 'conference' ? closure(pairs.flatMap((p) => p.cells.map((c) => [c.entity1, c.entity2]))) : undefined;
  const row = { pairs: pairs.length, ...(directional ? { directional } : {}), variants: {} };
  for (const [name, steps] of Object.entries(VARIANTS)) {
    const counts = { proposed: 0, correct: 0, reference: 0 };
    const closed = { proposed: 0, correct: 0, reference: 0 };
    let conflicts = 0, removedByRepair = 0, removedByStructure = 0, ms = 0;
    for (const p of pairs) {
      const checker = new CoherenceChecker(p.source, p.target);
      const [outcome, used] = cpuMs(() => selectDetailed(p.candidates, { mode: 'one-to-one', directional, minScore: DEFAULT_MIN_FUSED_VALUE, ontologies: { source: p.source, target: p.target }, ...steps }));
      ms += used;
      const chosen = outcome.selected;
      conflicts += checker.check(chosen).conflicts.length;
      removedByRepair += outcome.removed.filter((r) => r.by === 'repair').length;
      removedByStructure += outcome.removed.filter((r) => r.by === 'structure').length;
      const refPairs = new Set(p.cells.map((c) => `${c.entity1}\u0000${c.entity2}`));
      const selectedPairs = new Set(chosen.map((c) => `${c.subject}\u0000${c.object}`));
      counts.proposed += selectedPairs.size;
      counts.reference += refPairs.size;
      for (const k of selectedPairs) if (refPairs.has(k)) counts.correct++;
      if (same) {
        const ents = (side) => [...(side === 0 ? p.source : p.target).byIri.keys()];
        let size = 0;
        const targets = ents(1);
        for (const s of ents(0)) for (const t of targets) if (same(s, t)) size++;
        closed.reference += size;
        closed.proposed += selectedPairs.size;
        for (const k of selectedPairs) { const [s, t] = k.split('\u0000'); if (same(s, t)) closed.correct++; }
      }
    }
    row.variants[name] = { ...f1(counts), conflictsAfter: conflicts, removedByRepair, removedByStructure, selectionCpuMs: Math.round(ms), ...(same ? { closedRa1: f1(closed) } : {}) };
  }
  results.tracks[track] = row;
  process.stderr.write(`${track}: ${Object.entries(row.variants).map(([k, v]) => `${k} ${v.f1}`).join(', ')}\n`);
}
const text = JSON.stringify(results, null, 2);
if (out) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${text}\n`);
}
const incoherent = Object.entries(results.tracks).filter(([, r]) => r.variants.default.conflictsAfter > 0);
for (const [t, r] of incoherent) console.error(`${t}: the checker finds ${r.variants.default.conflictsAfter} conflict(s) in the repaired selection; after repair none may remain`);
if (incoherent.length > 0) process.exitCode = 1;
console.log(['| track | plain one-to-one F1 | + repair | + structure | both (default) | conflicts in plain / default | removed: repair, structure | selection CPU ms: plain / default |', '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...Object.entries(results.tracks).map(([t, r]) => `| ${t} | ${r.variants.plain.f1} | ${r.variants.repair.f1} | ${r.variants.structure.f1} | ${r.variants.default.f1} | ${r.variants.plain.conflictsAfter} / ${r.variants.default.conflictsAfter} | ${r.variants.default.removedByRepair}, ${r.variants.default.removedByStructure} | ${r.variants.plain.selectionCpuMs} / ${r.variants.default.selectionCpuMs} |`)].join('\n'));
