#!/usr/bin/env node
// Builds the agents-subsumption track from the OASF migration in ../agents/ with
// src/bench/subsumption-track.ts (see its comment and README.md here for the construction).
//
// Usage, from the package root after `npm run build`:
//   node corpora/agents-subsumption/build.mjs [--out DIR]
// Writes skills-1.1.0-without-equivalents.ttl, reference.rdf and selection.tsv (default: next to
// this script). Deterministic: building again gives the same bytes (test/bench/subsumption-track.test.ts).
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const { buildAgentsSubsumption } = await import(join(root, 'dist', 'bench', 'subsumption-track.js'));

const at = process.argv.indexOf('--out');
const out = at >= 0 ? process.argv[at + 1] : here;
mkdirSync(out, { recursive: true });
const track = await buildAgentsSubsumption(join(root, 'corpora', 'agents'));
writeFileSync(join(out, 'skills-1.1.0-without-equivalents.ttl'), track.turtle);
writeFileSync(join(out, 'reference.rdf'), track.referenceRdf);
writeFileSync(join(out, 'selection.tsv'), track.selectionTsv);
process.stderr.write(`${track.cellsConsidered} reference cells with a named parent; ${track.eligible} eligible; ${track.selected.length} selected (${track.subjectsWithSeveralEquivalents} sampled subjects left out: several equivalents in the target); ${track.selected.reduce((n, s) => n + s.parents.length, 0)} reference rows\n`);
