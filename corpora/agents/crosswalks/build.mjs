#!/usr/bin/env node
// Builds the OASF version crosswalks: `ioa-align diff` between the bundled releases (0.8.0 →
// 1.0.0, 1.0.0 → 1.1.0, and 0.8.0 → 1.1.0 directly), skills and domains together, each written as
// the diff writes it (a SSSOM candidate file with version_change and version_evidence) plus its
// summary, and then the rows a person has checked marked as reviewed:
//   - 0.8.0 → 1.0.0: the 36 concepts listed in checked-0.8.0-1.0.0.tsv (checked by hand);
//   - 1.0.0 → 1.1.0: rows that are rows of the hand-curated skills reference
//     (../reference/oasf-1.0.0-to-1.1.0.tsv);
//   - 0.8.0 → 1.1.0: rows whose way through 1.0.0 is checked at both steps: the 0.8.0 concept is
//     unchanged in 1.0.0 (same leaf name, caption, description and parent) or checked by hand,
//     and its 1.0.0 successor's row is a row of the hand-curated reference.
// A checked row gets mapping_justification semapv:MappingReview, a reviewer_label, review_date
// and the check in its comment; every other row stays a candidate. `artifact upgrade --via` carries
// a rule whose concept has one reviewed skos:exactMatch row.
//
// Usage, from the package root after `npm run build`:
//   node corpora/agents/crosswalks/build.mjs [--out DIR]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const { readMappingFile, writeMappingFile } = await import(join(root, 'dist', 'exchange', 'index.js'));
const { loadOntology } = await import(join(root, 'dist', 'api', 'index.js'));
const at = process.argv.indexOf('--out');
const out = at >= 0 ? process.argv[at + 1] : here;
const oasf = (tag) => join(root, 'corpora', 'agents', 'oasf', tag);
const BASE = 'https://schema.oasf.outshift.com/';
const REVIEWER = 'ioa-align maintainers (hand check; corpora/README.md, section OASF version crosswalks)';
const REVIEW_DATE = '2026-12-04';
const RELATION = { '=': 'skos:exactMatch', '<': 'skos:broadMatch', '>': 'skos:narrowMatch' };

const lines = (file) => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
// 0.8.0 concepts checked by hand: IRI → note.
const checkedByHand = new Map(lines(join(here, 'checked-0.8.0-1.0.0.tsv')).map((l) => {
  const [part, leaf, symbol, note] = l.split('\t');
  if (symbol !== '=') throw new Error(`checked-0.8.0-1.0.0.tsv: only = rows are expected, not ${symbol}`);
  return [`${BASE}0.8.0/${part}/${leaf}`, note];
}));
// The hand-curated 1.0.0 → 1.1.0 skills reference: "subject predicate object" → rationale.
const reference = new Map(lines(join(here, '..', 'reference', 'oasf-1.0.0-to-1.1.0.tsv')).slice(1).map((l) => {
  const [subject, , symbol, object, , rationale] = l.split('\t');
  return [`${subject} ${RELATION[symbol]} ${object}`, rationale];
}));

const [v080, v100] = await Promise.all([loadOntology(oasf('v0.8.0')), loadOntology(oasf('v1.0.4'))]);
/** The 0.8.0 concept is the same in 1.0.0: leaf name, caption, description and parent. */
function unchanged(iri) {
  const a = v080.byIri.get(iri);
  const b = v100.byIri.get(iri.replace('/0.8.0/', '/1.0.0/'));
  if (!a || !b) return false;
  const parent = (c, v) => c.parents.map((p) => p.replace(`/${v}/`, '/')).join(' ');
  return a.labels[0].text === b.labels[0].text && (a.definitions[0] ?? '') === (b.definitions[0] ?? '') && parent(a, '0.8.0') === parent(b, '1.0.0');
}

const PAIRS = [
  {
    name: 'oasf-0.8.0-to-1.0.0', from: 'v0.8.0', to: 'v1.0.4',
    check: (r) => r.predicateId === 'skos:exactMatch' && r.objectId === r.subjectId.replace('/0.8.0/', '/1.0.0/') && checkedByHand.has(r.subjectId)
      ? `checked by hand: ${checkedByHand.get(r.subjectId)}` : undefined,
  },
  {
    name: 'oasf-1.0.0-to-1.1.0', from: 'v1.0.4', to: 'v1.1.1',
    check: (r) => {
      const why = reference.get(`${r.subjectId} ${r.predicateId} ${r.objectId}`);
      return why === undefined ? undefined : `as in the hand-curated reference (corpora/agents/reference): ${why}`;
    },
  },
  {
    name: 'oasf-0.8.0-to-1.1.0', from: 'v0.8.0', to: 'v1.1.1',
    check: (r) => {
      const step = unchanged(r.subjectId) ? 'unchanged in 1.0.0' : checkedByHand.has(r.subjectId) ? `checked by hand in 1.0.0 (${checkedByHand.get(r.subjectId)})` : undefined;
      const why = step && reference.get(`${r.subjectId.replace('/0.8.0/', '/1.0.0/')} ${r.predicateId} ${r.objectId}`);
      return why === undefined || !step ? undefined : `checked through 1.0.0: ${step}; then as in the hand-curated reference: ${why}`;
    },
  },
];

const work = mkdtempSync(join(tmpdir(), 'ioa-crosswalks-'));
for (const pair of PAIRS) {
  const file = join(work, `${pair.name}.sssom.tsv`);
  const summary = join(out, `${pair.name}.summary.txt`);
  const run = spawnSync(process.execPath, [join(root, 'bin', 'ioa-align.js'), 'diff', oasf(pair.from), oasf(pair.to), '--out', file, '--summary', summary, '--quiet'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    process.exit(1);
  }
  const set = await readMappingFile(file);
  set.metadata.mappingSetId = `https://w3id.org/ioa-align/corpora/agents/crosswalks/${pair.name}`;
  set.metadata.license = 'https://creativecommons.org/publicdomain/zero/1.0/';
  let checked = 0;
  for (const r of set.mappings) {
    const note = r.subjectId && r.objectId ? pair.check(r) : undefined;
    if (!note) continue;
    checked++;
    r.justification = 'semapv:MappingReview';
    r.reviewDate = REVIEW_DATE;
    r.extra = { ...(r.extra ?? {}), reviewer_label: [REVIEWER] };
    r.comment = `${note} | ${r.comment ?? ''}`.replace(/ \| $/, '');
  }
  await writeMappingFile(join(out, `${pair.name}.sssom.tsv`), set, 'sssom');
  const rows = set.mappings.length;
  const note = `\nchecked: ${checked} of ${rows} row(s) carry semapv:MappingReview (see corpora/README.md, section OASF version crosswalks for what was checked and how); the other ${rows - checked} are candidates from ioa-align diff.\n`;
  writeFileSync(summary, readFileSync(summary, 'utf8') + note);
  process.stderr.write(`${pair.name}: ${rows} rows, ${checked} checked\n`);
}
