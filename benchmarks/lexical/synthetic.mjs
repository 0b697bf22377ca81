#!/usr/bin/env node
// Scale of the fused lexical generators on generated ontologies of n × n concepts.
// `npm run build && node benchmarks/lexical/synthetic.mjs [--sizes 5000,20000,50000] [--json]`
// `node benchmarks/lexical/synthetic.mjs --write DIR --write-size N` writes the pair as DIR/src-N.ttl, DIR/tgt-N.ttl.
// Each size runs in its own process so peak RSS belongs to that size alone. Reported: wall and
// CPU time, peak RSS, and the (source name, target name) pairs the blocking examined, against
// n × m: cost must follow the pairs examined, not the product.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

if (args.includes('--size') || args.includes('--write')) {
  const n = Number(arg('--size', arg('--write-size')));
  const generators = arg('--generators', 'exact,edit,tfidf,wordnet').split(',');
  const { buildOntologyIndex } = await import('../../dist/model/ontology-index.js');
  const { emptyConcept } = await import('../../dist/model/concept.js');
  const { runGenerators } = await import('../../dist/generators/run.js');
  const { blockingCost } = await import('../../dist/generators/blocking.js');

  // Deterministic pseudo-random labels (mulberry32), words drawn Zipf-like from a pseudo-word
  // vocabulary so that, as in real ontologies, a few words are very common.
  let seed = 42;
  const rand = () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'zo', 'pe', 'an', 'or', 'el', 'is', 'um', 'tra', 'bri', 'dol', 'fen', 'gar'];
  const vocabulary = Array.from({ length: Math.max(2000, n / 5) }, () => Array.from({ length: 2 + Math.floor(rand() * 3) }, () => syllables[Math.floor(rand() * syllables.length)]).join(''));
  const word = () => vocabulary[Math.min(vocabulary.length - 1, Math.floor(vocabulary.length * rand() ** 3))];
  const label = () => Array.from({ length: 2 + Math.floor(rand() * 3) }, word).join(' ');
  const typo = (s) => { const i = Math.floor(rand() * s.length); return s.slice(0, i) + syllables[Math.floor(rand() * 10)][0] + s.slice(i + 1); };
  const variant = (s) => {
    const r = rand();
    if (r < 0.4) return s.split(' ').map((w) => w[0].toUpperCase() + w.slice(1)).join('_');
    if (r < 0.6) return s.split(' ').reverse().join(' ');
    if (r < 0.8) return typo(s);
    if (r < 0.9) return s.split(' ').map((w, i) => (i === 0 ? word() : w)).join(' ');
    return label();
  };
  const build = (name, labels) => buildOntologyIndex({
    source: name,
    concepts: labels.map((l, i) => { const c = emptyConcept(`http://${name}.example/C${i}`, 'class', `C${i}`); c.labels.push({ text: l, source: 'rdfs:label' }); return c; }),
  });
  const sourceLabels = Array.from({ length: n }, label);
  const targetLabels = sourceLabels.map(variant).sort(() => rand() - 0.5);
  if (args.includes('--write')) {
    // The same pair as Turtle files, for whole-process runs of the CLI and of other tools
    // (benchmarks/baseline/whole-process.mjs): `--write DIR --write-size N`.
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const dir = arg('--write');
    mkdirSync(dir, { recursive: true });
    const turtle = (name, labels) => [
      '@prefix owl: <http://www.w3.org/2002/07/owl#> .',
      '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .',
      '',
      `<http://${name}.example/> a owl:Ontology .`,
      '',
      ...labels.map((l, i) => `<http://${name}.example/C${i}> a owl:Class ;\n    rdfs:label ${JSON.stringify(l)} .\n`),
    ].join('\n');
    for (const [name, labels] of [['src', sourceLabels], ['tgt', targetLabels]]) writeFileSync(`${dir}/${name}-${n}.ttl`, turtle(name, labels));
    process.exit(0);
  }
  const source = build('src', sourceLabels);
  const target = build('tgt', targetLabels);

  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await runGenerators(source, target, { generators, topK: 10 });
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({
    n, generators,
    wallMs: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    postingsVisited: blockingCost().postings,
    pairsExamined: blockingCost().pairs,
    allPairs: n * n,
    candidates: (result.fused ?? result.members).length,
    perGeneratorMs: Object.fromEntries(Object.entries(result.timings).map(([k, v]) => [k, Math.round(v)])),
  }));
} else {
  const sizes = arg('--sizes', '5000,20000,50000').split(',').map(Number);
  const rows = [];
  for (const n of sizes) {
    const child = spawnSync(process.execPath, ['--max-old-space-size=4096', fileURLToPath(import.meta.url), '--size', String(n), ...(args.includes('--generators') ? ['--generators', arg('--generators')] : [])], { encoding: 'utf8' });
    if (child.status !== 0) { console.error(child.stderr); process.exit(1); }
    rows.push(JSON.parse(child.stdout.trim().split('\n').pop()));
  }
  if (args.includes('--json')) console.log(JSON.stringify({ loadAverage: (await import('node:os')).loadavg()[0], rows }, null, 2));
  else {
    console.log('n\twall ms\tcpu ms\tpeak MB\tpostings\tpairs examined\tn×m\tpairs/n\tper generator ms');
    for (const r of rows) console.log(`${r.n}\t${r.wallMs}\t${r.cpuMs}\t${r.peakRssMB}\t${r.postingsVisited}\t${r.pairsExamined}\t${r.allPairs}\t${Math.round(r.pairsExamined / r.n)}\t${JSON.stringify(r.perGeneratorMs)}`);
  }
}
