#!/usr/bin/env node
// `artifact upgrade` on the OASF 1.0.0 → 1.1.0 migration, measured against the hand-curated
// reference: the artifacts of artifacts.mjs (hf-tasks → OASF 1.0.0, and every 1.0.0 skill), upgraded
// on their target side with the computed version alignment (and with --strict-definitions), and
// every carried rule and review row compared with what the reference says the rule becomes.
// Needs `npm run build`.
//
//   node benchmarks/versions/upgrade.mjs [--out results.json]
//
// Figures per artifact:
// - carried, and carried right: the carried rule (from, relation, to) is an expected successor;
//   "carried with a changed relation": its (from, to) is expected with another relation;
// - carried share: carried / rules;
// - review recall: of the expected successors of the rules not carried, those present in the
//   review file as (from, to), and as (from, relation, to) with the proposed relation;
// - rules not carried although their successor is the carried form (missed carries), dropped rules.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { everySkillArtifact, expected, hfTasksArtifact, NEW, OLD, referenceRows } from './artifacts.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { loadOntology } = await import(join(root, 'dist/api/index.js'));
const { readArtifact } = await import(join(root, 'dist/api/gate.js'));
const { upgradeArtifact } = await import(join(root, 'dist/versions/index.js'));

const args = process.argv.slice(2);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
const [oldIndex, newIndex] = await Promise.all([loadOntology(OLD), loadOntology(NEW)]);
const reference = referenceRows();
const pct = (n, d) => (d ? Math.round((1000 * n) / d) / 10 : null);

async function measure(name, doc, strictDefinitions) {
  const artifact = await readArtifact(doc);
  const started = performance.now();
  const result = await upgradeArtifact(artifact, { side: 'target', old: oldIndex, new: newIndex, strictDefinitions });
  const ms = performance.now() - started;
  const want = expected(doc, reference);
  const key = (r) => `${r.from}\u0000${r.relation ?? 'skos:exactMatch'}\u0000${r.to}`;
  const pair = (r) => `${r.from}\u0000${r.to}`;
  let right = 0;
  let changedRelation = 0;
  let wrongTarget = 0;
  const errors = [];
  for (const c of result.carried) {
    const exp = want[c.index];
    if (exp.some((e) => key(e) === key(c.carried))) right++;
    else if (exp.some((e) => pair(e) === pair(c.carried))) {
      changedRelation++;
      errors.push(`${c.carried.to} carried as ${c.carried.relation ?? 'skos:exactMatch'}; expected ${exp.filter((e) => pair(e) === pair(c.carried)).map((e) => e.relation).join(', ')}`);
    } else {
      wrongTarget++;
      errors.push(`${c.carried.to} carried; expected ${exp.map((e) => `${e.relation} ${e.to}`).join(', ') || 'nothing'}`);
    }
  }
  // The review file's rows, by the rule they derive from.
  const rows = new Map();
  for (const m of result.review.mappings) {
    const rule = Number(m.extensions?.rule_index);
    if (!rows.has(rule)) rows.set(rule, []);
    rows.get(rule).push({ from: m.subjectId, relation: m.predicateId, to: m.objectId });
  }
  let expectedInReview = 0;
  let foundPair = 0;
  let foundTriple = 0;
  const missing = [];
  for (const p of result.pending) {
    for (const e of want[p.index]) {
      expectedInReview++;
      const got = rows.get(p.index) ?? [];
      if (got.some((g) => pair(g) === pair(e))) foundPair++;
      else missing.push(`rule ${p.index}: ${e.relation} ${e.to}`);
      if (got.some((g) => key(g) === key(e))) foundTriple++;
    }
  }
  const droppedExpected = result.dropped.reduce((n, d) => n + want[d.index].length, 0);
  const rules = doc.mappingRules.length;
  const carriedConditions = result.carried.every((c) => JSON.stringify(c.carried.conditions) === JSON.stringify(doc.mappingRules[c.index].conditions));
  return {
    artifact: name,
    strictDefinitions,
    rules,
    rulesWithExpectedSuccessor: want.filter((w) => w.length > 0).length,
    carried: result.carried.length,
    carriedShare: pct(result.carried.length, rules),
    carriedRight: right,
    carriedRightShare: pct(right, result.carried.length),
    carriedWithChangedRelation: changedRelation,
    carriedToWrongTarget: wrongTarget,
    carriedConditionsKept: carriedConditions,
    toReview: result.pending.length,
    reviewRows: result.review.mappings.length,
    expectedInReview,
    reviewRecallPair: pct(foundPair, expectedInReview),
    reviewRecallTriple: pct(foundTriple, expectedInReview),
    dropped: result.dropped.length,
    droppedWithExpectedSuccessor: droppedExpected,
    inProcessMs: Math.round(ms),
    errors,
    missingFromReview: missing,
  };
}

const results = [];
for (const [name, make] of [['hf-tasks → OASF 1.0.0', hfTasksArtifact], ['every 1.0.0 skill', everySkillArtifact]]) {
  const doc = await make();
  for (const strict of [false, true]) results.push(await measure(name, doc, strict));
}
const report = {
  benchmark: 'versions/upgrade',
  reference: 'corpora/agents/reference/oasf-1.0.0-to-1.1.0.tsv (146 rows)',
  loadAverage1mBefore: Math.round(loadavg()[0] * 10) / 10,
  cpuCount: cpus().length,
  note: 'in-process: upgradeArtifact with the computed diff (ontologies loaded beforehand)',
  results,
};
const text = JSON.stringify(report, null, 2);
if (out) writeFileSync(out, `${text}\n`);
console.log(text);
