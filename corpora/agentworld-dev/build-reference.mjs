#!/usr/bin/env node
// Builds the agentworld-dev track's references, reference-mcp-servers.sssom.tsv and
// reference-a2a-skills.sssom.tsv (one per source file: a pair is scored against its own), from labels.tsv (the hand
// labels: record, OASF 1.1.0 skill, relation, rationale; rules in corpora/README.md). Checks that
// every labelled record is in the JSONL files and every skill in OASF 1.1.0 (release v1.1.1),
// and takes the labels of both ends from there.
//
// With --blind, builds reference-mcp-servers-blind.sssom.tsv from labels-blind.tsv instead: 50
// servers that labels.tsv leaves out, labelled blind later with knowledge of the products
// (corpora/README.md, "The blind set").
//
// Usage, from the package root after `npm run build`:
//   node corpora/agentworld-dev/build-reference.mjs [--blind] [--out DIR]
// Deterministic: building again gives the same bytes (test/bench/agentworld-track.test.ts).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const { loadOntology } = await import(join(root, 'dist', 'api', 'index.js'));
const { writeMappingFile } = await import(join(root, 'dist', 'exchange', 'index.js'));
const { splitIdentifier } = await import(join(root, 'dist', 'text', 'identifiers.js'));

const MCP = 'https://registry.modelcontextprotocol.io/servers/';
const A2A = 'https://a2a.example/';
const OASF = 'https://schema.oasf.outshift.com/1.1.0/skills/';
const RELATION = { '=': 'skos:exactMatch', '<': 'skos:broadMatch', '>': 'skos:narrowMatch' };

const at = process.argv.indexOf('--out');
const out = at >= 0 ? process.argv[at + 1] : here;
const blind = process.argv.includes('--blind');
const LABELS = blind ? 'labels-blind.tsv' : 'labels.tsv';

/** Source file → its reference file. */
const PARTS = blind
  ? { 'mcp-servers-dev.jsonl': 'reference-mcp-servers-blind.sssom.tsv', 'a2a-skills-dev.jsonl': undefined }
  : { 'mcp-servers-dev.jsonl': 'reference-mcp-servers.sssom.tsv', 'a2a-skills-dev.jsonl': 'reference-a2a-skills.sssom.tsv' };
const records = new Map();
const partOf = new Map();
for (const file of Object.keys(PARTS)) {
  const index = await loadOntology(join(here, file));
  for (const c of index.concepts) {
    records.set(c.iri, c);
    partOf.set(c.iri, file);
  }
}
const oasf = await loadOntology(join(root, 'corpora', 'agents', 'oasf', 'v1.1.1', 'schema', 'skills'));

const mappings = [];
const seen = new Set();
readFileSync(join(here, LABELS), 'utf8').split('\n').forEach((line, i) => {
  if (!line.trim() || line.startsWith('#')) return;
  const [key, skill, symbol, rationale, ...rest] = line.split('\t');
  const where = `${LABELS}:${i + 1}`;
  if (rest.length || !rationale) throw new Error(`${where}: expected four tab-separated columns`);
  const subjectId = (key.startsWith('io.github.') || /^[a-z0-9.-]+\.[a-z]+\//.test(key) ? MCP : A2A) + key;
  const record = records.get(subjectId);
  if (!record) throw new Error(`${where}: no record ${subjectId}`);
  const target = oasf.byIri.get(OASF + skill);
  if (!target) throw new Error(`${where}: no OASF 1.1.0 skill ${skill}`);
  const predicateId = RELATION[symbol];
  if (!predicateId) throw new Error(`${where}: relation must be =, < or >, not ${symbol}`);
  const key3 = `${subjectId} ${skill}`;
  if (seen.has(key3)) throw new Error(`${where}: ${key} → ${skill} is labelled twice`);
  seen.add(key3);
  mappings.push({
    // An MCP server's label as the reference was written: its whole name after the "/", split
    // (the loader's label now leaves out "mcp" and "server"; a display column, not a label).
    subjectId, subjectLabel: subjectId.startsWith(MCP) ? splitIdentifier(key.slice(key.indexOf('/') + 1)) : record.labels[0].text,
    predicateId, objectId: target.iri, objectLabel: target.labels[0].text,
    justification: 'semapv:ManualMappingCuration', comment: rationale.trim(),
  });
});

const metadata = (file) => ({
    mappingSetId: `https://w3id.org/ioa-align/corpora/agentworld-dev/${PARTS[file].replace(/\.sssom\.tsv$/, '')}`,
    license: 'https://creativecommons.org/publicdomain/zero/1.0/',
    subjectSource: file.startsWith('mcp') ? 'https://github.com/modelcontextprotocol/registry' : 'https://github.com/a2aproject/a2a-samples',
    objectSource: 'https://schema.oasf.outshift.com/1.1.0/skills',
    objectSourceVersion: '1.1.0',
    curieMap: { mcp: MCP, a2a: A2A, oasf: OASF },
    extra: blind ? {
      mapping_set_title: 'agentworld-dev, blind set: MCP Registry seed servers labelled against OASF 1.1.0 skills',
      mapping_set_description: 'Hand labels of 50 servers labels.tsv leaves out, 1 to 3 most specific fitting OASF skills per record, relation = < >, rationale in comment; labelled blind (before any candidates were made for them) with knowledge of the products allowed (rules: corpora/README.md, agentworld-dev, "The blind set").',
    } : {
      mapping_set_title: `agentworld-dev: ${file.startsWith('mcp') ? 'MCP Registry seed servers' : 'A2A sample skills'} labelled against OASF 1.1.0 skills`,
      mapping_set_description: 'Hand labels, 1 to 3 most specific fitting OASF skills per record, relation = < >, rationale in comment; labelled from the records\' own text before any candidates were made (rules: corpora/README.md, agentworld-dev).',
    },
});
for (const [file, reference] of Object.entries(PARTS)) {
  if (reference === undefined) continue;
  await writeMappingFile(join(out, reference), { metadata: metadata(file), mappings: mappings.filter((m) => partOf.get(m.subjectId) === file) }, 'sssom');
}
const subjects = new Set(mappings.map((m) => m.subjectId));
const count = (p) => mappings.filter((m) => m.predicateId === p).length;
process.stderr.write(`${mappings.length} reference rows for ${subjects.size} records: ${count('skos:exactMatch')} =, ${count('skos:broadMatch')} <, ${count('skos:narrowMatch')} >\n`);
