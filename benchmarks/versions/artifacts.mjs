// Artifacts over OASF 1.0.0 for measuring `artifact upgrade` on the OASF 1.0.0 → 1.1.0
// migration, and what a correct upgrade of each must give. Imported by upgrade.mjs and
// upgrade-timing.mjs; `node benchmarks/versions/artifacts.mjs --out DIR` writes them as files.
// Needs `npm run build`.
//
// How the artifacts are made (nothing here looks at the 1.1.0 release or at what the upgrade does):
// - hf-tasks → OASF 1.0.0 skills: a Hugging Face task or subtask whose label is an OASF 1.0.0
//   skill's label (case, punctuation and `&`/"and" aside: identity.ts comparableLabel) maps to it
//   as skos:exactMatch — OASF 1.0.0's skills were modelled on the Hugging Face tasks; a subtask
//   without such a skill of its own maps to its task's skill as skos:broadMatch (the subtask is a
//   kind of its task). Each rule carries the media-type conditions of text tasks, or none.
// - every-skill → OASF 1.0.0: one concept per OASF 1.0.0 skill, named after it, mapped to it as
//   skos:exactMatch: the whole migration, every kind of change it holds.
// - synthetic(n): n rules from made-up source concepts to the 136 skills in turn (exactMatch and
//   broadMatch alternating), each with its own conditions: the size test (upgrade-timing.mjs).
//
// What a correct upgrade gives (`expected`): a rule `a r o` and each reference row `o R n`
// (corpora/agents/reference/oasf-1.0.0-to-1.1.0.tsv, hand-curated, 146 rows) give the rule
// `a (r∘R) n` (compose.ts: = ∘ X = X, < ∘ < = <, > ∘ > = >); where nothing follows (< ∘ >, > ∘ <),
// or the skill has no reference row, the rule has no expected successor — it must not be carried.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const OLD = join(root, 'corpora/agents/oasf/v1.0.4/schema/skills');
export const NEW = join(root, 'corpora/agents/oasf/v1.1.1/schema/skills');
const REFERENCE = join(root, 'corpora/agents/reference/oasf-1.0.0-to-1.1.0.tsv');
const RELATION = { '=': 'skos:exactMatch', '<': 'skos:broadMatch', '>': 'skos:narrowMatch' };

const { loadOntology } = await import(join(root, 'dist/api/index.js'));
const { comparableLabel } = await import(join(root, 'dist/versions/identity.js'));
const { compose } = await import(join(root, 'dist/versions/compose.js'));

/** The migration reference: old skill IRI → [{ relation, object }]. */
export function referenceRows() {
  const rows = new Map();
  for (const line of readFileSync(REFERENCE, 'utf8').split('\n').slice(1)) {
    if (!line.trim()) continue;
    const [subject, , rel, object] = line.split('\t');
    if (!rows.has(subject)) rows.set(subject, []);
    rows.get(subject).push({ relation: RELATION[rel], object });
  }
  return rows;
}

const TEXT = { inputMediaType: 'text/plain', outputMediaType: 'text/plain' };

function artifact(id, sourceOntologyId, sourceOntologyVersion, oasf, rules, description) {
  return {
    artifactId: id, revision: '1',
    sourceOntologyId, sourceOntologyVersion,
    targetOntologyId: oasf.iri, targetOntologyVersion: oasf.version,
    direction: 'source-to-target', assertedBy: 'https://example.org/mapping-authority',
    validUntil: '2030-01-01T00:00:00Z', mappingRules: rules, description,
  };
}

/** hf-tasks → OASF 1.0.0 (see the file comment). */
export async function hfTasksArtifact() {
  const [hf, oasf] = await Promise.all([loadOntology('hf-tasks'), loadOntology(OLD)]);
  const byLabel = new Map();
  for (const c of oasf.concepts) for (const l of c.labels) if (!byLabel.has(comparableLabel(l.text))) byLabel.set(comparableLabel(l.text), c.iri);
  const exact = new Map();
  for (const c of hf.concepts) {
    if (c.kind !== 'capability') continue;
    const hit = c.labels.map((l) => byLabel.get(comparableLabel(l.text))).find(Boolean);
    if (hit) exact.set(c.iri, hit);
  }
  const rules = [];
  const inNlp = (c) => [c, ...c.parents.map((p) => hf.byIri.get(p)).filter(Boolean)].some((x) => x.inDomain.includes('https://huggingface.co/tasks#nlp'));
  for (const c of hf.concepts) {
    if (c.kind !== 'capability') continue;
    const conditions = inNlp(c) ? { ...TEXT } : {};
    if (exact.has(c.iri)) rules.push({ from: c.iri, to: exact.get(c.iri), conditions });
    else {
      const parent = c.parents.map((p) => exact.get(p)).find(Boolean);
      if (parent) rules.push({ from: c.iri, to: parent, relation: 'skos:broadMatch', conditions });
    }
  }
  return artifact('https://example.org/align/hf-tasks-oasf', hf.iri, hf.version, oasf, rules, 'Hugging Face tasks to OASF 1.0.0 skills, by label (benchmarks/versions/artifacts.mjs)');
}

/** every-skill → OASF 1.0.0 (see the file comment). */
export async function everySkillArtifact() {
  const oasf = await loadOntology(OLD);
  const rules = oasf.concepts.map((c) => ({ from: `https://example.org/every-skill#${c.localName}`, to: c.iri, conditions: {} }));
  return artifact('https://example.org/align/every-skill-oasf', 'https://example.org/every-skill', '1', oasf, rules, 'one concept per OASF 1.0.0 skill, to it (benchmarks/versions/artifacts.mjs)');
}

/** n rules over the 136 skills (see the file comment). */
export async function syntheticArtifact(n) {
  const oasf = await loadOntology(OLD);
  const rules = [];
  for (let i = 0; i < n; i++) {
    const to = oasf.concepts[i % oasf.concepts.length].iri;
    rules.push({ from: `https://example.org/synthetic#c${i}`, to, ...(i % 2 ? { relation: 'skos:broadMatch' } : {}), conditions: { sourceLang: ['en', 'de', 'fr', 'zh'][i % 4], targetLang: 'en' } });
  }
  return artifact(`https://example.org/align/synthetic-${n}`, 'https://example.org/synthetic', '1', oasf, rules, `${n} synthetic rules over OASF 1.0.0 (benchmarks/versions/artifacts.mjs)`);
}

/**
 * What a correct upgrade of `doc` gives, per rule index: the expected successor rules
 * [{ from, relation, to }] (empty: none follows, the rule must not be carried).
 */
export function expected(doc, reference = referenceRows()) {
  return doc.mappingRules.map((rule) => (reference.get(rule.to) ?? []).flatMap((row) => {
    const relation = compose(rule.relation ?? 'skos:exactMatch', row.relation);
    return relation ? [{ from: rule.from, relation, to: row.object }] : [];
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const dir = at > 0 ? process.argv[at + 1] : join(root, 'benchmarks/versions/artifacts');
  mkdirSync(dir, { recursive: true });
  for (const [name, doc] of [['hf-tasks-oasf-1.0.0', await hfTasksArtifact()], ['every-skill-oasf-1.0.0', await everySkillArtifact()], ['synthetic-1000-oasf-1.0.0', await syntheticArtifact(1000)]]) {
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(doc, null, 2)}\n`);
    console.log(`${join(dir, `${name}.json`)}: ${doc.mappingRules.length} rules`);
  }
}
