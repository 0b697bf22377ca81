#!/usr/bin/env node
// Builds the conference-subsumption track from the OAEI conference track in ../conference/ with
// src/bench/subsumption-track.ts (see its comment and README.md here for the construction).
//
// Usage, from the package root after `npm run build`:
//   node corpora/conference-subsumption/build.mjs [--out DIR]
// Writes targets/<pair>.ttl, reference/<pair>.rdf and selection.tsv (default: next to this
// script). Deterministic: building again gives the same bytes (test/bench/subsumption-track.test.ts).
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const { buildConferenceSubsumption } = await import(join(root, 'dist', 'bench', 'subsumption-track.js'));

const at = process.argv.indexOf('--out');
const out = at >= 0 ? process.argv[at + 1] : here;
mkdirSync(join(out, 'targets'), { recursive: true });
mkdirSync(join(out, 'reference'), { recursive: true });
const pairs = await buildConferenceSubsumption(join(root, 'corpora', 'conference'));
const selection = [];
for (const { id, track } of pairs) {
  writeFileSync(join(out, 'targets', `${id}.ttl`), track.turtle);
  writeFileSync(join(out, 'reference', `${id}.rdf`), track.referenceRdf);
  selection.push(...track.selectionTsv.trimEnd().split('\n').slice(selection.length ? 1 : 0));
}
writeFileSync(join(out, 'selection.tsv'), `${selection.join('\n')}\n`);
const subjects = pairs.reduce((n, p) => n + p.track.selected.length, 0);
const rows = pairs.reduce((n, p) => n + p.track.selected.reduce((m, s) => m + s.parents.length, 0), 0);
const several = pairs.reduce((n, p) => n + p.track.subjectsWithSeveralEquivalents, 0);
process.stderr.write(`${pairs.length} pairs; ${subjects} selected (${several} sampled subjects left out: several equivalents in the target); ${rows} reference rows\n`);
