#!/usr/bin/env node
// The agentworld-dev track (corpora/agentworld-dev: real MCP Registry servers and A2A skills,
// 105 of them labelled by hand against OASF 1.1.0 skills) against the baseline that reads
// descriptions (benchmarks/baseline/description_tfidf.py: word TF-IDF over name + description +
// tags against OASF caption + name + description). Re-measuring after any change is this one
// command (after `npm run build`):
//
//   node benchmarks/agentworld/run.mjs [--blind] [--out FILE] [--generators a,b]
//
// --blind measures the blind set instead (manifest-blind.json: 50 servers the dev labels leave
// out, labelled blind later; corpora/README.md), into agentworld-dev-blind.json.
//
// Ours: `ioa-align bench --corpus agentworld-dev --json` through the CLI, as a user runs it (the
// fused default unless --generators says otherwise). The baseline: the Python script per pair,
// its rows scored by the same metric code (dist/bench/metrics.js) against the same references.
// It proposes no relation, so each of its rows is scored as skos:broadMatch — the relation most
// reference rows have (a record is usually narrower than an OASF skill): the "relation right"
// figure a prior alone reaches.
//
// Figures (micro averages over the two pairs; quality is deterministic): Hits@1 and MRR over the
// labelled records, recall@5 over the reference rows (the object found in the record's first
// five), relation right in the top 5 over reference rows (the exact triple in the first five
// candidate rows), and the same as a share of the rows whose object was found in the top 5.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const arg = (name) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const blind = process.argv.includes('--blind');
const track = blind ? 'agentworld-dev-blind' : 'agentworld-dev';
const out = arg('--out') ?? join(root, 'benchmarks', 'results', 'agentworld', `${track}.json`);
const generators = arg('--generators');
const python = process.env.PYTHON ?? 'python3';

const { countPair, microAverage, referenceSet } = await import(join(root, 'dist', 'bench', 'metrics.js'));
const { readReference } = await import(join(root, 'dist', 'bench', 'reference.js'));
const corpus = join(root, 'corpora', 'agentworld-dev');
const manifestPath = join(corpus, blind ? 'manifest-blind.json' : 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const K = 10;

function run(command, args) {
  const started = process.hrtime.bigint();
  const child = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (child.status !== 0) {
    process.stderr.write(child.stderr);
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${child.status}`);
  }
  return { stdout: child.stdout, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** The figures this track reports, from a Metrics object. */
function figures(m) {
  const found5 = m.recallAt[4];
  const right5 = m.relation.recallAt[4];
  return {
    hitsAt1: round(m.hitsAt['1']),
    recallAt5: round(found5),
    recallAt10: round(m.recallAt[9]),
    mrr: round(m.mrr),
    relationRightAt5: round(right5),
    relationRightAt5OfFound: round(found5 > 0 ? right5 / found5 : 0),
  };
}
const round = (x) => Math.round(x * 1000) / 1000;

// Ours, through the CLI.
const benchArgs = ['bench', '--corpus', blind ? 'corpora/agentworld-dev/manifest-blind.json' : 'agentworld-dev', '--json', '--review-budget', '0', '--top-k', String(K), ...(generators ? ['--generators', generators] : [])];
process.stderr.write(`ioa-align ${benchArgs.join(' ')}\n`);
const ours = run(process.execPath, [join(root, 'bin', 'ioa-align.js'), ...benchArgs]);
const bench = JSON.parse(ours.stdout);
const fused = bench.runs.find((r) => r.kind === 'fusion') ?? bench.runs.find((r) => r.status === 'ok' && r.kind !== 'baseline');
const perGenerator = Object.fromEntries(bench.runs.filter((r) => r.status === 'ok').map((r) => [r.name, figures(r.micro)]));

// The baseline, per pair, scored by the same code.
const dir = mkdtempSync(join(tmpdir(), 'ioa-agentworld-'));
const counts = [];
let baselineSeconds = 0;
for (const pair of manifest.pairs) {
  const tsv = join(dir, `${pair.id}.tsv`);
  const done = run(python, [join(root, 'benchmarks', 'baseline', 'description_tfidf.py'), join(corpus, pair.source), join(corpus, pair.target), '--top-k', String(K), '--out', tsv]);
  baselineSeconds += done.seconds;
  const rows = readFileSync(tsv, 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  const candidates = rows.map(([subject, object, score]) => ({ subject, predicate: 'skos:broadMatch', object, score: Number(score) }));
  const reference = referenceSet((await readReference(join(corpus, pair.reference))).cells.map((c) => ({ subject: c.entity1, predicate: c.relation === '=' ? 'skos:exactMatch' : c.relation === '<' ? 'skos:broadMatch' : c.relation === '>' ? 'skos:narrowMatch' : c.relation, object: c.entity2 })));
  counts.push(countPair(candidates, reference, { ks: [1, 5, 10], maxK: K }));
}
const baseline = figures(microAverage(counts));

const oursFigures = figures(fused.micro);
const result = {
  track,
  measured: new Date().toISOString(),
  machine: { cpus: cpus().length, node: process.version, load1mBefore: Math.round(loadavg()[0] * 10) / 10 },
  reference: { pairs: manifest.pairs.map((p) => p.id) },
  command: `ioa-align ${benchArgs.join(' ')}`,
  ours: { run: fused.name, ...oursFigures, benchSeconds: Math.round(ours.seconds * 10) / 10 },
  perGenerator,
  baseline: { name: 'word TF-IDF over name + description + tags (benchmarks/baseline/description_tfidf.py), every row as skos:broadMatch', ...baseline, seconds: Math.round(baselineSeconds * 10) / 10 },
  targets: {
    hitsAt1: { target: `≥ baseline + 0.15 = ${round(baseline.hitsAt1 + 0.15)}`, met: oursFigures.hitsAt1 >= baseline.hitsAt1 + 0.15 },
    recallAt5: { target: '≥ 0.75', met: oursFigures.recallAt5 >= 0.75 },
    relationRightAt5: { target: '≥ 0.60 of the reference rows', met: oursFigures.relationRightAt5 >= 0.6 },
  },
};
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
const row = (name, f) => `| ${name} | ${f.hitsAt1.toFixed(3)} | ${f.recallAt5.toFixed(3)} | ${f.recallAt10.toFixed(3)} | ${f.mrr.toFixed(3)} | ${f.relationRightAt5.toFixed(3)} | ${f.relationRightAt5OfFound.toFixed(3)} |`;
process.stdout.write([
  '| run | Hits@1 | recall@5 | recall@10 | MRR | relation right in top 5 | … of the rows found in top 5 |',
  '|---|---:|---:|---:|---:|---:|---:|',
  row(`ioa-align ${fused.name}`, oursFigures),
  ...Object.entries(perGenerator).filter(([name]) => name !== fused.name).map(([name, f]) => row(name, f)),
  row('baseline: word TF-IDF on descriptions (all rows <)', baseline),
  '',
  `targets: Hits@1 ${result.targets.hitsAt1.target}: ${result.targets.hitsAt1.met ? 'met' : 'not met'}; recall@5 ≥ 0.75: ${result.targets.recallAt5.met ? 'met' : 'not met'}; relation right in top 5 ≥ 0.60: ${result.targets.relationRightAt5.met ? 'met' : 'not met'}`,
  `wrote ${out}`,
  '',
].join('\n'));
