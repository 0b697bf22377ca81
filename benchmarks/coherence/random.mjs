#!/usr/bin/env node
// The coherence check's worst case: random equivalences between two random trees with one
// disjointness at the top, where nearly every class ends up under both disjoint classes and needs
// its own search for a minimal conflict (docs/coherence.md, "Cost"). Deterministic (seeded): the
// same arguments give the same files, the same conflicts and the same output bytes.
//
//   npm run build && node benchmarks/coherence/random.mjs [--classes 30000] [--per-class 5] [--seed 1]
//       [--runs 1] [--no-process] [--no-in-process] [--out FILE]
//
// Each side is a tree of N classes (Turtle): class i > 0 is under a class drawn from 0 … i−1,
// except that the target's classes 1 and 2 are both under 0 and disjoint. Every source class gets
// `--per-class` exactMatch mappings to distinct random target classes (SSSOM TSV). Measured:
// - whole process: `ioa-align coherence MAPPINGS --source S --target T` under GNU time (wall, CPU
//   user + system, peak RSS, load average when it started), its output to a file; conflicts read
//   from its first line, and a SHA-256 of the output (the same before and after a change that
//   must not change what is reported; the files sit at a fixed path for that reason);
// - in process: the two ontologies loaded with loadOntology, then `checkCoherence` alone
//   (wall and CPU), with a SHA-256 of its conflicts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom, timedRun } from '../common.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
if (!existsSync(join(root, 'dist', 'api', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const args = process.argv.slice(2);
const KNOWN = new Set(['--classes', '--per-class', '--seed', '--runs', '--out', '--no-process', '--no-in-process']);
for (let i = 0; i < args.length; i++) {
  if (!KNOWN.has(args[i])) {
    console.error(`unknown argument ${args[i]}; usage: random.mjs [--classes N] [--per-class M] [--seed S] [--runs R] [--no-process] [--no-in-process] [--out FILE]`);
    process.exit(2);
  }
  if (!args[i].startsWith('--no-')) i++;
}
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const classes = Number(arg('--classes', '30000'));
const perClass = Number(arg('--per-class', '5'));
const seed = Number(arg('--seed', '1'));
const runs = Number(arg('--runs', '1'));
const outFile = arg('--out', undefined);
if (!(Number.isInteger(classes) && classes >= 3 && Number.isInteger(perClass) && perClass >= 1 && perClass <= classes && Number.isInteger(runs) && runs >= 1)) {
  console.error('--classes must be an integer ≥ 3, --per-class an integer from 1 to --classes, --runs ≥ 1');
  process.exit(2);
}

const SOURCE = 'http://example.org/random/source#';
const TARGET = 'http://example.org/random/target#';

/** The two trees and the mappings, as files under a path fixed by the arguments. */
function build() {
  const dir = join(tmpdir(), 'ioa-align-coherence-random', `${classes}-${perClass}-${seed}`);
  mkdirSync(dir, { recursive: true });
  const next = seededRandom(seed);
  const below = (i) => Math.floor(next() * i);
  const tree = (ns, id, disjoint) => {
    const lines = [`@prefix : <${ns}> .`, '@prefix owl: <http://www.w3.org/2002/07/owl#> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .', `<${ns.slice(0, -1)}> a owl:Ontology .`, ':C0 a owl:Class .'];
    for (let i = 1; i < classes; i++) lines.push(`:C${i} a owl:Class ; rdfs:subClassOf :C${disjoint && i <= 2 ? 0 : below(i)} .`);
    if (disjoint) lines.push(':C1 owl:disjointWith :C2 .');
    const file = join(dir, `${id}.ttl`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const source = tree(SOURCE, 'source', false);
  const target = tree(TARGET, 'target', true);
  const mappings = [];
  for (let s = 0; s < classes; s++) {
    const objects = new Set();
    while (objects.size < perClass) objects.add(below(classes));
    for (const o of objects) mappings.push({ subject: `${SOURCE}C${s}`, predicate: 'skos:exactMatch', object: `${TARGET}C${o}` });
  }
  const sssom = join(dir, 'mappings.sssom.tsv');
  writeFileSync(sssom, [
    '# curie_map:', '#   skos: http://www.w3.org/2004/02/skos/core#', '#   semapv: https://w3id.org/semapv/vocab/',
    '# license: https://w3id.org/sssom/license/unspecified', `# mapping_set_id: https://example.org/random/${classes}-${perClass}-${seed}`,
    'subject_id\tpredicate_id\tobject_id\tmapping_justification',
    ...mappings.map((m) => `${m.subject}\t${m.predicate}\t${m.object}\tsemapv:UnspecifiedMatching`), '',
  ].join('\n'));
  return { dir, source, target, sssom, mappings };
}

const sha = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const round = (x, places = 2) => Math.round(x * 10 ** places) / 10 ** places;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const files = build();
const result = {
  what: `ioa-align coherence: ${(classes * perClass).toLocaleString('en')} random exactMatch mappings (${perClass} per source class) between two random ${classes.toLocaleString('en')}-class trees, one disjointness at the top of the target (seed ${seed})`,
  measured: new Date().toISOString(),
  machine: { cpus: cpus().length, memGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  classes, perClass, seed, mappings: files.mappings.length,
};

if (!args.includes('--no-process')) {
  const measured = [];
  const stdoutFile = join(files.dir, 'coherence.txt');
  for (let r = 0; r < runs; r++) {
    const m = timedRun(process.execPath, [join(root, 'bin', 'ioa-align.js'), 'coherence', files.sssom, '--source', files.source, '--target', files.target], root, { accept: [0, 3], stdoutFile });
    const text = readFileSync(stdoutFile, 'utf8');
    const conflicts = Number(/; (\d+) conflict\(s\)/.exec(text.slice(0, text.indexOf('\n')))?.[1]);
    measured.push({ ...m, conflicts, outputSha256: sha(text) });
    process.stderr.write(`whole process, run ${r + 1}: ${conflicts} conflicts, ${m.wallS.toFixed(1)} s wall, ${m.cpuS.toFixed(1)} CPU-s, ${m.peakRssMiB} MiB, load ${m.load1mBefore.toFixed(1)}, output ${sha(text)}\n`);
  }
  result.wholeProcess = {
    runs, conflicts: measured[0].conflicts, outputSha256: measured[0].outputSha256,
    wallS: median(measured.map((m) => m.wallS)), cpuS: median(measured.map((m) => m.cpuS)), peakRssMiB: median(measured.map((m) => m.peakRssMiB)),
    load1m: measured.map((m) => round(m.load1mBefore, 1)),
  };
}

if (!args.includes('--no-in-process')) {
  const { loadOntology, checkCoherence } = await import(join(root, 'dist', 'api', 'index.js'));
  const load = performance.now();
  const [source, target] = await Promise.all([loadOntology(files.source), loadOntology(files.target)]);
  const loadMs = performance.now() - load;
  const measured = [];
  for (let r = 0; r < runs; r++) {
    const loadBefore = loadavg()[0];
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const report = await checkCoherence(files.mappings, { source, target });
    const wallMs = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    const digest = sha(JSON.stringify(report.conflicts));
    measured.push({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, conflicts: report.conflicts.length, digest, load1mBefore: loadBefore });
    process.stderr.write(`in process, run ${r + 1}: ${report.conflicts.length} conflicts, checkCoherence ${(wallMs / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s, load ${loadBefore.toFixed(1)}, conflicts ${digest}\n`);
  }
  result.inProcess = {
    runs, loadS: round(loadMs / 1000), conflicts: measured[0].conflicts, conflictsSha256: measured[0].digest,
    checkS: round(median(measured.map((m) => m.wallMs)) / 1000), checkCpuS: round(median(measured.map((m) => m.cpuMs)) / 1000),
    load1m: measured.map((m) => round(m.load1mBefore, 1)),
  };
}

const text = JSON.stringify(result, null, 2);
if (outFile) {
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${text}\n`);
}
console.log(text);
