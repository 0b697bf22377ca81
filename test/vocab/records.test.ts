/**
 * Agent records as vocabularies (src/vocab/records): every layout read from hand-made fixtures
 * that follow the published shapes, the real records of corpora/agentworld-dev, and bad records
 * with their exact codes and locations, stopped at or skipped with a summary per reason.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Concept } from '../../src/model/concept.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { compareVersions, loadRecords } from '../../src/vocab/records/load.js';
import { mcpServerNameLabel } from '../../src/vocab/records/mcp-server.js';
import { runCli } from '../helpers/cli.js';
import { rejectedIoaError } from '../helpers/errors.js';

const FIXTURES = join(import.meta.dirname, 'fixtures/records');
const DEV = join(import.meta.dirname, '../../corpora/agentworld-dev');
const fixture = (name: string): string => join(FIXTURES, name);
const byIri = (concepts: Concept[], iri: string): Concept => {
  const c = concepts.find((x) => x.iri === iri);
  if (!c) throw new Error(`no concept ${iri} among ${concepts.map((x) => x.iri).join(', ')}`);
  return c;
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ioa-records-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('MCP Registry server.json', () => {
  it('the 2025-12-11 layout: title and split name as labels, description as definition, version and $schema kept', async () => {
    const index = await loadVocabulary(fixture('weather-server-2025-12-11.json'));
    expect(index.iri).toBe('https://registry.modelcontextprotocol.io/servers');
    const [server] = index.concepts;
    expect(server!.iri).toBe('https://registry.modelcontextprotocol.io/servers/io.github.example-org/weather');
    expect(server!.kind).toBe('capability');
    expect(server!.labels.map((l) => [l.text, l.source])).toEqual([['Weather Forecasts', 'caption'], ['weather', 'name']]);
    expect(server!.definitions).toEqual(['Current conditions and seven-day forecasts for any city, from a public weather API.']);
    expect(server!.alternativeIds).toEqual(['io.github.example-org/weather']);
    expect(server!.record!.provenance).toEqual({ format: 'mcp-server', recordId: 'io.github.example-org/weather', version: '1.4.2', schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json', file: fixture('weather-server-2025-12-11.json') });
  });

  it('a JSON array of servers (several schema dates) is read server by server, not as an empty JSON-LD document', async () => {
    const index = await loadVocabulary(fixture('servers-2025-12-11.json'));
    expect(index.concepts.map((c) => [c.alternativeIds[0], c.localName])).toEqual([['io.github.example-org/weather', 'weather'], ['com.example.docs/pdf-tools', 'pdf-tools'], ['io.github.example-org/sql-reader', 'sql-reader']]);
    expect(index.concepts[1]!.labels.map((l) => l.text)).toEqual(['pdf tools']);
    expect(index.warnings).toEqual([]);
  });

  it('the 2025 seed layout: version from version_detail, an empty description is no definition', async () => {
    const index = await loadVocabulary(fixture('servers-seed-2025.json'));
    const [invoices, notes] = index.concepts;
    expect(invoices!.record!.provenance).toMatchObject({ format: 'mcp-server-seed-2025', version: '0.0.1-seed' });
    // "mcp-server-invoices": the words that say it is an MCP server are not its name.
    expect(invoices!.labels.map((l) => l.text)).toEqual(['invoices']);
    expect(invoices!.definitions).toEqual(['A Model Context Protocol server to create and send invoices']);
    expect(notes!.definitions).toEqual([]);
  });

  it('an MCP server\'s label leaves out the words "mcp" and "server" of its name; when nothing else is left, or only what it is written in, it is its publisher\'s name', () => {
    expect(mcpServerNameLabel('io.github.redis/mcp-redis')).toBe('redis');
    expect(mcpServerNameLabel('io.github.idoru/influxdb-mcp-server')).toBe('influxdb');
    expect(mcpServerNameLabel('io.github.example/serverless-deploy')).toBe('serverless deploy');
    expect(mcpServerNameLabel('io.github.aws-samples/sample-mcp-server-s3')).toBe('sample s3');
    expect(mcpServerNameLabel('io.github.e2b-dev/mcp-server')).toBe('e2b dev');
    expect(mcpServerNameLabel('io.github.integration-app/mcp-server')).toBe('integration app');
    expect(mcpServerNameLabel('io.github.inkeep/mcp-server-python')).toBe('inkeep');
    expect(mcpServerNameLabel('com.screenshotone/mcp')).toBe('screenshotone');
  });

  it('the registry list response, entry by entry', async () => {
    const index = await loadVocabulary(fixture('registry-list.json'));
    expect(index.concepts.map((c) => [c.alternativeIds[0], c.record!.provenance.version])).toEqual([['io.github.example-org/weather', '1.4.2'], ['com.example.docs/pdf-tools', '0.3.0']]);
  });

  it('JSON Lines of servers: each record keeps its line', async () => {
    const path = await file('servers.jsonl', [
      JSON.stringify({ name: 'io.github.a/one', description: 'First server.', version: '1.0.0', packages: [] }),
      '',
      JSON.stringify({ name: 'io.github.a/two', description: 'Second server.', version: '2.0.0', remotes: [] }),
    ].join('\n'));
    const index = await loadVocabulary(path);
    expect(index.concepts.map((c) => [c.alternativeIds[0], c.record!.provenance.line])).toEqual([['io.github.a/one', 1], ['io.github.a/two', 3]]);
  });

  it('registry list entries on their own ({server, _meta}), one per line or in an array, are servers at their place', async () => {
    const entry = (name: string, version: string): unknown => ({ server: { name, description: `Server ${name}.`, version }, _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active' } } });
    const lines = await file('entries.jsonl', [JSON.stringify(entry('io.github.a/one', '1.0.0')), JSON.stringify(entry('io.github.a/two', '2.0.0'))].join('\n'));
    const fromLines = await loadVocabulary(lines);
    expect(fromLines.concepts.map((c) => [c.alternativeIds[0], c.definitions[0], c.record!.provenance.line])).toEqual([['io.github.a/one', 'Server io.github.a/one.', 1], ['io.github.a/two', 'Server io.github.a/two.', 2]]);
    const array = await file('entries.json', JSON.stringify([entry('io.github.a/one', '1.0.0'), { server: { name: 'io.github.a/bad', description: 'No version.' } }]));
    // The second lacks the version the published schema requires: no layout takes it, and it is an error at its place, not a skipped line.
    const error = await rejectedIoaError(loadVocabulary(array));
    expect(error.code).toBe('E_RECORD_INVALID');
    expect(error.location).toMatchObject({ path: '$[1]', line: 1 });
  });
});

describe('MCP tools/list', () => {
  it('each tool a capability: title (or annotations.title) and split name as labels, input property titles as parameters', async () => {
    const index = await loadVocabulary(fixture('weather-tools.json'));
    expect(index.iri).toBe('urn:ioa-align:mcp-tools:weather-tools');
    const forecast = byIri(index.concepts, 'urn:ioa-align:mcp-tools:weather-tools#get_forecast');
    expect(forecast.labels.map((l) => l.text)).toEqual(['Weather forecast', 'get forecast']);
    expect(forecast.definitions).toEqual(['Seven-day weather forecast for a city.']);
    expect(forecast.record!.parameters).toEqual(['City name', 'days']);
    const alerts = byIri(index.concepts, 'urn:ioa-align:mcp-tools:weather-tools#get_alerts');
    expect(alerts.labels[0]!.text).toBe('Weather alerts');
    expect(alerts.record!.provenance.format).toBe('mcp-tool');
  });

  it('inside its JSON-RPC response', async () => {
    const index = await loadVocabulary(fixture('weather-tools-rpc.json'));
    expect(index.concepts.map((c) => c.iri)).toEqual(['urn:ioa-align:mcp-tools:weather-tools-rpc#get_forecast']);
  });
});

describe('OASF records, slug lists and ERC-8004 registrations', () => {
  it('an OASF 0.8.0 record: itself a capability, and each declared skill and domain a concept standing for the 0.8.0 term', async () => {
    const index = await loadVocabulary(fixture('oasf-record-0.8.0.json'));
    const base = 'urn:ioa-align:oasf-record:example-org%2Freport-assistant';
    expect(index.iri).toBe(base);
    const record = byIri(index.concepts, base);
    expect(record.labels[0]!.text).toBe('report assistant');
    expect(record.definitions).toEqual(['Summarizes long reports and answers questions about them.']);
    expect(record.record!.provenance).toMatchObject({ format: 'oasf-record', version: 'v1.2.0', schema: 'OASF v0.8.0' });
    const summarization = byIri(index.concepts, `${base}#skills/natural_language_processing/natural_language_generation/summarization`);
    expect(summarization.kind).toBe('capability');
    // Named and defined as the bundled OASF 0.8.0 release has it.
    expect(summarization.labels[0]!.text).toBe('Text Summarization');
    expect(summarization.definitions[0]).toMatch(/summar/i);
    expect(summarization.record!.declared).toEqual({ part: 'skills', schemaVersion: '0.8.0', slug: 'natural_language_processing/natural_language_generation/summarization', iri: 'https://schema.oasf.outshift.com/0.8.0/skills/summarization' });
    const domain = byIri(index.concepts, `${base}#domains/technology/software_engineering`);
    expect(domain.kind).toBe('domain');
    expect(domain.record!.declared!.iri).toBe('https://schema.oasf.outshift.com/0.8.0/domains/software_engineering');
  });

  it('an OASF 1.0.0 record: a skill by name and id is checked, a skill by id alone is named', async () => {
    const index = await loadVocabulary(fixture('oasf-record-1.0.0.json'));
    const declared = index.concepts.filter((c) => c.record!.declared).map((c) => [c.record!.declared!.slug, c.notations]);
    expect(declared).toEqual([['natural_language_processing/language_translation/translation', ['10501']], ['natural_language_processing/natural_language_generation/summarization', ['10202']]]);
  });

  it('an ERC-8004 registration: its OASF endpoint\'s 0.8.0 slugs', async () => {
    const index = await loadVocabulary(fixture('erc8004-registration.json'));
    expect(index.concepts.map((c) => c.record!.declared?.iri ?? c.iri)).toEqual([
      'urn:ioa-align:erc-8004:Market%20Brief%20Agent',
      'https://schema.oasf.outshift.com/0.8.0/skills/summarization',
      'https://schema.oasf.outshift.com/0.8.0/skills/math_word_problems',
      'https://schema.oasf.outshift.com/0.8.0/domains/investment_services',
    ]);
  });

  it('a slug list without a record name; a version written "0.8" is read as 0.8.0 with a warning', async () => {
    const path = await file('pinned.json', JSON.stringify({ schema_version: '0.8', skills: ['natural_language_processing/language_translation/translation'] }));
    const index = await loadVocabulary(path);
    expect(index.concepts.map((c) => c.iri)).toEqual(['urn:ioa-align:oasf-slugs:pinned#skills/natural_language_processing/language_translation/translation']);
    expect(index.warnings).toEqual(['OASF slug list: OASF version "0.8" read as 0.8.0']);
  });

  it('a version that is not bundled: slugs taken as written, with a warning; an id alone cannot be named', async () => {
    const path = await file('v070.json', JSON.stringify({ schema_version: 'v0.7.0', name: 'email-agent', skills: [{ id: 10306, name: 'natural_language_processing/information_retrieval_synthesis/information_retrieval_synthesis_search' }] }));
    const index = await loadVocabulary(path);
    expect(index.concepts).toHaveLength(2);
    expect(index.warnings[0]).toMatch(/^OASF 0\.7\.0 is not bundled/);
    const idOnly = await file('v070-id.json', JSON.stringify({ schema_version: '0.7.0', name: 'email-agent', skills: [{ id: 10306 }] }));
    const error = await rejectedIoaError(loadVocabulary(idOnly));
    expect([error.code, error.location.path, error.location.line]).toEqual(['E_RECORD_INVALID', '$.skills[0]', 1]);
  });
});

describe('record rows (corpora/agentworld-dev)', () => {
  it('the 191 MCP seed servers and 30 A2A skills load, each with its source; tags are keywords and examples examples (description text, never names)', async () => {
    const servers = await loadVocabulary(join(DEV, 'mcp-servers-dev.jsonl'));
    expect(servers.concepts).toHaveLength(191);
    expect(servers.concepts.filter((c) => c.definitions.length === 0)).toHaveLength(35);
    const redis = byIri(servers.concepts, 'https://registry.modelcontextprotocol.io/servers/io.github.redis/mcp-redis');
    expect(redis.labels.map((l) => l.text)).toEqual(['redis']);
    expect(redis.record!.provenance.origin).toBe('modelcontextprotocol/registry@1ad366c59ac3c0e27a6bf8b91c64edf9e9725ff5:data/seed_2025_05_16.json');
    const skills = await loadVocabulary(join(DEV, 'a2a-skills-dev.jsonl'));
    expect(skills.concepts).toHaveLength(30);
    const translator = byIri(skills.concepts, 'https://a2a.example/ai-translation-bot/skills/ai-translator');
    expect(translator.labels.map((l) => l.text)).toEqual(['AI Translation Service']);
    expect(translator.synonyms).toEqual([]);
    expect(translator.keywords).toEqual(['translation', 'language', 'ai', 'multilingual']);
    expect(translator.examples).toHaveLength(3);
    expect(translator.definitionSources).toEqual(['dcterms:description']);
    expect(translator.definitions).toHaveLength(1);
  });
});

describe('bad records: stop with the exact code and place, or skip with a summary per reason', () => {
  const good = { name: 'io.github.a/good', description: 'A good server.', version: '1.0.0', packages: [] };

  it('each fault has its code and location (file:line:column at a JSON path)', async () => {
    const cases: Array<[string, string, string, number | undefined, string]> = [
      ['no-description.json', JSON.stringify([good, { name: 'io.github.a/bad', version: '1.0.0', packages: [] }], null, 2), 'E_RECORD_INVALID', 8, '$[1].description'],
      // A file naming the server schema is a server.json: its bad name is reported at the name.
      ['bad-name.json', JSON.stringify([{ ...good, name: 'no slash at all', $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json' }]), 'E_RECORD_INVALID', 1, '$[0].name'],
      ['two-slashes.json', JSON.stringify({ ...good, name: 'io.github.a/b/c' }, null, 2), 'E_RECORD_INVALID', 2, '$.name'],
      ['empty-description.json', JSON.stringify({ ...good, description: ' ' }), 'E_RECORD_INVALID', 1, '$.description'],
      ['duplicate.json', JSON.stringify([good, good], null, 2), 'E_RECORD_DUPLICATE', 8, '$[1]'],
      ['tool-without-schema.json', JSON.stringify({ tools: [{ name: 'x' }] }), 'E_RECORD_INVALID', 1, '$.tools[0].inputSchema'],
      ['row-bad-kind.json', JSON.stringify([{ id: 'https://x.example/1', kind: 'robot', name: 'n' }]), 'E_RECORD_INVALID', 1, '$[0].kind'],
      ['row-relative-id.json', JSON.stringify([{ id: 'x/1', kind: 'mcp-server', name: 'io.github.a/b' }]), 'E_RECORD_INVALID', 1, '$[0].id'],
      ['unknown-slug.json', JSON.stringify({ schema_version: '0.8.0', skills: ['natural_language_processing/summarization'] }), 'E_RECORD_INVALID', 1, '$.skills[0]'],
      ['bad-slug.json', JSON.stringify({ schema_version: '0.8.0', skills: ['Summarization!'] }), 'E_RECORD_INVALID', 1, '$.skills[0]'],
      ['wrong-id.json', JSON.stringify({ schema_version: '1.0.0', skills: [{ name: 'natural_language_processing/language_translation/translation', id: 10202 }] }), 'E_RECORD_INVALID', 1, '$.skills[0]'],
      ['bad-version.json', JSON.stringify({ schema_version: 'latest', skills: ['a/b'] }), 'E_RECORD_INVALID', 1, '$.schema_version'],
      // Declarations of the wrong type are faults, never a file read as another layout without them.
      ['skills-object.json', JSON.stringify({ schema_version: '1.0.0', name: 'org/translator', description: 'Translates.', skills: { name: 'natural_language_processing/language_translation/translation' } }), 'E_RECORD_INVALID', 1, '$.skills'],
      ['domains-string.json', JSON.stringify({ schema_version: '1.0.0', name: 'org/translator', skills: [], domains: 'technology/software_engineering' }), 'E_RECORD_INVALID', 1, '$.domains'],
      ['name-number.json', JSON.stringify({ schema_version: '1.0.0', name: 42, skills: ['natural_language_processing/language_translation/translation'] }), 'E_RECORD_INVALID', 1, '$.name'],
      ['erc-endpoints-object.json', JSON.stringify({ type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1', name: 'A', description: 'An agent.', endpoints: { name: 'OASF', version: '0.8.0', skills: [] } }), 'E_RECORD_INVALID', 1, '$.endpoints'],
      ['erc-endpoint-null.json', JSON.stringify({ type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1', name: 'A', description: 'An agent.', endpoints: [{ name: 'A2A', endpoint: 'https://x.example' }, null] }), 'E_RECORD_INVALID', 1, '$.endpoints[1]'],
      ['erc-endpoint-nameless.json', JSON.stringify({ type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1', name: 'A', description: 'An agent.', endpoints: [{ name: 7, version: '0.8.0', skills: [] }] }), 'E_RECORD_INVALID', 1, '$.endpoints[0].name'],
      // A declaration's field of another type is a fault at that field: never the term read from its other field.
      ['decl-name-number.json', JSON.stringify({ schema_version: '1.0.0', name: 'org/translator', skills: [{ name: 123, id: 10201 }] }), 'E_RECORD_INVALID', 1, '$.skills[0].name'],
      ['decl-id-word.json', JSON.stringify({ schema_version: '1.0.0', name: 'org/translator', skills: [{ name: 'natural_language_processing/language_translation/translation', id: 'abc' }] }), 'E_RECORD_INVALID', 1, '$.skills[0].id'],
      ['decl-id-boolean.json', JSON.stringify({ schema_version: '1.0.0', name: 'org/translator', skills: [{ name: 'natural_language_processing/language_translation/translation', id: true }] }), 'E_RECORD_INVALID', 1, '$.skills[0].id'],
      ['record-version-number.json', JSON.stringify({ schema_version: '1.0.0', name: 'org/translator', version: 2, skills: ['natural_language_processing/language_translation/translation'] }), 'E_RECORD_INVALID', 1, '$.version'],
      // An OASF record without its schema version is told so, not read as a broken Agent Card.
      ['no-schema-version.json', JSON.stringify({ name: 'org/translator', version: '1.0.0', skills: [{ name: 'natural_language_processing/language_translation/translation', id: 10201 }] }), 'E_RECORD_INVALID', 1, '$.schema_version'],
      ['schema-version-number.json', JSON.stringify({ schema_version: 1.1, name: 'org/translator', skills: ['natural_language_processing/language_translation/translation'] }), 'E_RECORD_INVALID', 1, '$.schema_version'],
      ['erc-version-number.json', JSON.stringify({ type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1', name: 'A', description: 'An agent.', endpoints: [{ name: 'OASF', version: 0.8, skills: [] }] }), 'E_RECORD_INVALID', 1, '$.endpoints[0].version'],
      ['not-records.json', JSON.stringify({ hello: 'world' }), 'E_UNKNOWN_FORMAT', 1, '$'],
      ['not-records.txt', JSON.stringify({ hello: 'world' }), 'E_UNKNOWN_FORMAT', 1, '$'],
      ['no-records.json', '[]', 'E_PARSE_JSONLD', undefined, '$'],
    ];
    for (const [name, text, code, line, path] of cases) {
      const error = await rejectedIoaError(loadVocabulary(await file(name, text)));
      expect([name, error.code, error.location.line, error.location.path ?? '']).toEqual([name, code, line, path]);
    }
  });

  it('a 0.8.0 slug declared with an id: the id cannot be checked (0.8.0 has none) and a warning says so, once', async () => {
    const path = await file('slug-and-id.json', JSON.stringify({ schema_version: '0.8.0', name: 'org/translator', skills: [
      { name: 'natural_language_processing/natural_language_generation/summarization', id: 999999 },
    ], domains: [{ name: 'technology/software_engineering', id: 101 }] }));
    const index = await loadVocabulary(path);
    expect(index.concepts).toHaveLength(3);
    expect(index.warnings).toEqual(['OASF record: OASF 0.8.0 as bundled has no numeric ids, so the ids beside declared slugs are not checked (the slugs are, and are what is read)']);
  });

  it('a wrong type says what it found: a numeric OASF version is "not a string", not "missing"', async () => {
    const error = await rejectedIoaError(loadVocabulary(await file('svnum.json', JSON.stringify({ schema_version: 1.1, name: 'org/translator', skills: ['a/b'] }))));
    expect(error.message).toBe('OASF record: the OASF version is not a string: 1.1');
    const missing = await rejectedIoaError(loadVocabulary(await file('nosv.json', JSON.stringify({ name: 'org/translator', skills: ['natural_language_processing/language_translation/translation'] }))));
    expect(missing.message).toBe('OASF record: the OASF version is missing');
  });

  it('with --skip-invalid a badly typed declaration is left out alone: the record and its other terms are read', async () => {
    const path = await file('one-bad-decl.json', JSON.stringify({ schema_version: '1.0.0', name: 'org/translator', skills: ['natural_language_processing/language_translation/translation', { name: 123, id: 10201 }] }));
    const index = await loadRecords(path, { skipInvalid: true });
    expect(index.concepts.map((c) => c.alternativeIds.at(-1))).toEqual(['org/translator', 'natural_language_processing/language_translation/translation']);
    expect(index.warnings[0]).toContain('skipped 1 of 3 record(s)');
  });

  it('with --skip-invalid a malformed domains list is left out alone: the record\'s skills are read; an unusable version counts every declaration it loses', async () => {
    const record = { schema_version: '1.0.0', name: 'org/translator', skills: ['natural_language_processing/language_translation/translation', 'natural_language_processing/creative_content/storytelling'], domains: { name: 'technology/software_engineering' } };
    const index = await loadRecords(await file('bad-domains.json', JSON.stringify(record)), { skipInvalid: true });
    expect(index.concepts.map((c) => c.alternativeIds.at(-1))).toEqual(['org/translator', 'natural_language_processing/language_translation/translation', 'natural_language_processing/creative_content/storytelling']);
    expect(index.warnings[0]).toContain('skipped 1 of 4 record(s)');
    const versionless = await loadRecords(await file('bad-version.json', JSON.stringify({ ...record, schema_version: 'latest', domains: ['technology/software_engineering'] })), { skipInvalid: true });
    expect(versionless.warnings[0]).toContain('skipped 3 of 4 record(s)');
    const run = await runCli(['records', 'declared', await file('bad-version2.json', JSON.stringify({ ...record, schema_version: 'latest', domains: ['technology/software_engineering'] })), '--skip-invalid']);
    expect([run.code, run.stderr]).toEqual([2, expect.stringContaining('no OASF skill or domain declaration is left: the ones the records list were skipped as invalid (see the warning above) [E_EMPTY_ONTOLOGY]')]);
  });

  it('the unknown slug names the release\'s path of the same leaf', async () => {
    const error = await rejectedIoaError(loadVocabulary(await file('slug.json', JSON.stringify({ schema_version: '0.8.0', skills: ['natural_language_processing/summarization'] }))));
    expect(error.message).toContain('OASF 0.8.0 has "natural_language_processing/natural_language_generation/summarization"');
  });

  it('JSON Lines: a malformed line is E_PARSE_JSON at its line; the CLI prints file:line:column and exits 2', async () => {
    const path = await file('lines.jsonl', `${JSON.stringify(good)}\n{"name": "io.github.a/x",\n${JSON.stringify({ ...good, name: 'io.github.a/three', description: '' })}\n`);
    const error = await rejectedIoaError(loadVocabulary(path));
    expect([error.code, error.location.line]).toEqual(['E_PARSE_JSON', 2]);
    const run = await runCli(['inspect', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/lines\.jsonl:2:\d+: malformed JSON: .* \[E_PARSE_JSON\]/);
  });

  it('JSON Lines are read as strictly as a .json file: a member named twice is E_DUPLICATE_KEY at line:column and path, a lone surrogate E_PARSE_JSON', async () => {
    const twice = `{"name": "io.github.a/first", ${JSON.stringify(good).slice(1)}`;
    const path = await file('twice.jsonl', `${JSON.stringify({ ...good, name: 'io.github.a/one' })}\n${twice}\n`);
    const run = await runCli(['inspect', path]);
    expect([run.code, run.stderr.trim()]).toEqual([2, `ioa-align: ${path}:2:${twice.indexOf('"name"', 5) + 1} at $.name: member "name" appears twice in one object (first at line 2, column 2); duplicate member names are refused (I-JSON, RFC 7493 2.3): readers disagree on which one counts [E_DUPLICATE_KEY]`]);
    const surrogate = await file('surrogate.jsonl', `${JSON.stringify({ ...good, description: 'half \ud800 a pair' })}\n`);
    const error = await rejectedIoaError(loadVocabulary(surrogate));
    expect([error.code, error.location.line, error.location.path]).toEqual(['E_PARSE_JSON', 1, '$.description']);
    const skipped = await loadRecords(path, { skipInvalid: true });
    expect(skipped.concepts.map((c) => c.alternativeIds[0])).toEqual(['io.github.a/one']);
    expect(skipped.warnings[0]).toContain('1 × JSON line naming a member twice [E_DUPLICATE_KEY] (line 2:');
  });

  it('--skip-invalid leaves each bad record out and says how many per reason, with the first places', async () => {
    const path = await file('mixed.jsonl', [
      JSON.stringify(good),
      '{"name": "io.github.a/x",',
      JSON.stringify({ ...good, name: 'io.github.a/three', description: '' }),
      JSON.stringify({ ...good, name: 'io.github.a/four', description: '' }),
      JSON.stringify(good),
      JSON.stringify({ unrelated: true }),
      JSON.stringify({ ...good, name: 'io.github.a/five' }),
    ].join('\n'));
    const index = await loadRecords(path, { skipInvalid: true });
    expect(index.concepts.map((c) => c.alternativeIds[0])).toEqual(['io.github.a/good', 'io.github.a/five']);
    expect(index.warnings).toEqual([[
      'skipped 5 of 7 record(s) as invalid (options.skipInvalid):',
      '  2 × MCP server: "description" is empty [E_RECORD_INVALID] (line 3:43 $.description, line 4:42 $.description)',
      '  1 × malformed JSON line [E_PARSE_JSON] (line 2:26)',
      '  1 × not a known agent record layout [E_RECORD_INVALID] (line 6:1 $)',
      '  1 × two records with one identifier [E_RECORD_DUPLICATE] (line 5:1 $)',
    ].join('\n')]);
    // The CLI: the same summary as a warning, naming its flag, the good records written.
    const run = await runCli(['inspect', path, '--skip-invalid']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('skipped 5 of 7 record(s) as invalid (--skip-invalid):');
    const json = await runCli(['inspect', path, '--skip-invalid', '--json']);
    expect((JSON.parse(json.stdout) as { warnings: string[] }).warnings[0]).toMatch(/^skipped 5 of 7 record\(s\) as invalid \(--skip-invalid\):\n/);
    const listed = await runCli(['records', 'declared', path, '--skip-invalid']);
    expect(listed.stderr).toContain('skipped 5 of 7 record(s) as invalid (--skip-invalid):');
    expect(run.stdout).toContain('matchable    2 concepts');
    expect(run.stdout).toContain('2 × MCP server: "description" is empty [E_RECORD_INVALID]');
    const stopped = await runCli(['inspect', path]);
    expect([stopped.code, stopped.stderr.trim()]).toEqual([2, `ioa-align: ${path}:2:26: malformed JSON: property name expected [E_PARSE_JSON]`]);
  });

  it('every record skipped is E_EMPTY_ONTOLOGY, never an empty vocabulary; the error keeps the counts and places per reason', async () => {
    const path = await file('all-bad.json', JSON.stringify([{ ...good, description: '' }]));
    const error = await rejectedIoaError(loadRecords(path, { skipInvalid: true }));
    expect([error.code, error.message]).toEqual(['E_EMPTY_ONTOLOGY', 'no records left: all 1 record(s) were skipped as invalid: 1 × MCP server: "description" is empty [E_RECORD_INVALID] (line 1:43 $[0].description)']);
  });

  it('a card whose header is broken counts every skill it lists as skipped, not one record', async () => {
    const skill = (id: string): object => ({ id, name: id, description: `Does ${id}.`, tags: ['t'] });
    const card = (name: string, skills: object[]): string => JSON.stringify({ name, description: 'd', url: `https://${name || 'x'}.example/a2a`, protocolVersion: '0.3.0', version: '1.0.0', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'], skills });
    const path = await file('cards.jsonl', `${card('', [skill('s1'), skill('s2'), skill('s3')])}\n${card('y', [skill('s4')])}\n`);
    const index = await loadRecords(path, { skipInvalid: true });
    expect(index.concepts.map((c) => c.localName)).toEqual(['s4']);
    expect(index.warnings[0]).toMatch(/^skipped 3 of 4 record\(s\) as invalid \(options\.skipInvalid\):\n {2}3 × A2A card: "name" is empty \[E_VOCAB_INVALID\] \(line 1:9 \$\.name\)$/);
  });

  it('a registry listing with several versions of one server reads the latest, whatever the order, and says so; the same version twice is still a duplicate', async () => {
    const entry = (version: string, description: string) => JSON.stringify({ server: { ...good, version, description }, _meta: { 'io.modelcontextprotocol.registry/official': { isLatest: version === '2.0.0' } } });
    for (const lines of [[entry('0.10.0', 'Old'), entry('2.0.0', 'Forecasts and alerts'), entry('0.9.1', 'Older')], [entry('2.0.0', 'Forecasts and alerts'), entry('0.1.0', 'Old')]]) {
      const index = await loadRecords(await file('page.jsonl', `${lines.join('\n')}\n`));
      expect(index.concepts.map((c) => [c.record?.provenance.version, c.definitions[0]])).toEqual([['2.0.0', 'Forecasts and alerts']]);
      expect(index.warnings).toContainEqual(expect.stringContaining('listed beside a later version of the same server were left out: the latest version of each is read (io.github.a/good 2.0.0 over'));
    }
    expect(compareVersions('1.0.0', '1.0.0-rc.1')).toBeGreaterThan(0);
    expect(compareVersions('0.10.0', '0.9.1')).toBeGreaterThan(0);
  });

  it('of several versions of one server, the entry the registry marks isLatest is read, also where the strings do not order them (no SemVer, or only build metadata apart)', async () => {
    const entry = (version: string, latest: boolean) => JSON.stringify({ server: { ...good, version, description: `Release ${version}` }, _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: latest } } });
    for (const [older, latest] of [['preview', '1.0.0'], ['1.0.0+build.2', '1.0.0+build.1']] as const) {
      for (const lines of [[entry(older, false), entry(latest, true)], [entry(latest, true), entry(older, false)]]) {
        const index = await loadRecords(await file('page.jsonl', `${lines.join('\n')}\n`));
        expect(index.concepts.map((c) => [c.record?.provenance.version, c.definitions[0]])).toEqual([[latest, `Release ${latest}`]]);
        expect(index.warnings).toContainEqual(expect.stringContaining(`the latest version of each is read (io.github.a/good ${latest} over ${older})`));
      }
    }
  });

  it('a JSON line holding an empty array is a bad record, refused or counted as skipped, as a .json file of [] is refused', async () => {
    const path = await file('odd.jsonl', `${JSON.stringify(good)}\n[]\n`);
    const error = await rejectedIoaError(loadRecords(path));
    expect([error.code, error.location.line, error.location.column]).toEqual(['E_RECORD_INVALID', 2, 1]);
    const index = await loadRecords(path, { skipInvalid: true });
    expect(index.concepts).toHaveLength(1);
    expect(index.warnings[0]).toBe('skipped 1 of 2 record(s) as invalid (options.skipInvalid):\n  1 × JSON line holding an empty array: no record [E_RECORD_INVALID] (line 2:1)');
  });

  it('a server the registry marks deleted is left out with a counted note; a deprecated one is read, with a note', async () => {
    const official = (status: string) => ({ 'io.modelcontextprotocol.registry/official': { status } });
    const entries = [
      { server: { ...good, name: 'io.github.a/live' }, _meta: official('active') },
      { server: { ...good, name: 'io.github.a/gone' }, _meta: official('deleted') },
      { server: { ...good, name: 'io.github.a/old' }, _meta: official('deprecated') },
    ];
    for (const path of [await file('list.json', JSON.stringify({ servers: entries, metadata: { count: 3 } })), await file('entries.jsonl', `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`)]) {
      const index = await loadRecords(path);
      expect(index.concepts.map((c) => c.alternativeIds[0])).toEqual(['io.github.a/live', 'io.github.a/old']);
      expect(index.warnings).toEqual([
        '1 server(s) the registry marks deleted were left out (io.github.a/gone)',
        '1 server(s) the registry marks deprecated were read (io.github.a/old)',
      ]);
    }
  });

  it('pre-release versions are ordered as SemVer 11.4 orders them: numeric identifiers as numbers, fewer identifiers first', () => {
    expect(compareVersions('1.0.0-rc.10', '1.0.0-rc.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-beta.11', '1.0.0-beta.2')).toBeGreaterThan(0);
    // The example of SemVer 11.4: alpha < alpha.1 < alpha.beta < beta < beta.2 < beta.11 < rc.1 < 1.0.0.
    const ordered = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0'];
    expect([...ordered].reverse().sort(compareVersions)).toEqual(ordered);
    expect(compareVersions('1.0.0-rc.1+build.5', '1.0.0-rc.1')).toBe(0);
  });

  it('a duplicate on another line of a JSON Lines file names the line of the first', async () => {
    const path = await file('dup.jsonl', `${JSON.stringify(good)}\n${JSON.stringify({ ...good, name: 'io.github.a/other' })}\n${JSON.stringify(good)}\n`);
    const error = await rejectedIoaError(loadRecords(path));
    expect([error.code, error.location.line, error.message]).toEqual(['E_RECORD_DUPLICATE', 3, 'a second record with the identifier "io.github.a/good" (the first is at line 1:1 at $): they would become one concept']);
  });
});

describe('which reader a file goes to: records are read under any name, JSON-LD keywords beside them do not hide them', () => {
  const server = { name: 'io.github.a/weather', description: 'Forecasts for any city.', version: '1.0.0', packages: [] };

  it('a server.json or a tools/list result without the .json extension is read as records, not as an empty JSON-LD graph', async () => {
    const noExtension = await loadVocabulary(await file('server', JSON.stringify(server)));
    expect(noExtension.concepts.map((c) => c.alternativeIds[0])).toEqual(['io.github.a/weather']);
    const tools = await loadVocabulary(await file('tools.txt', JSON.stringify({ tools: [{ name: 'get_forecast', description: 'Forecast for a city.', inputSchema: { type: 'object' } }] })));
    expect(tools.concepts.map((c) => c.localName)).toEqual(['get_forecast']);
  });

  it('a Turtle file without an extension still goes to the RDF reader', async () => {
    const index = await loadVocabulary(await file('ontology', '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n<https://x.example/A> a owl:Class .\n'));
    expect(index.concepts.map((c) => c.iri)).toEqual(['https://x.example/A']);
  });

  it('an Agent Card with a schema.org @type, or servers of which one carries an @id, are read as records', async () => {
    const card = { '@type': 'SoftwareApplication', name: 'Docs', description: 'Docs agent.', url: 'https://docs.example/a2a', protocolVersion: '0.3.0', version: '1.0.0', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'], skills: [{ id: 'summarise', name: 'Summarise', description: 'Summarises documents.', tags: ['docs'] }] };
    const cardIndex = await loadVocabulary(await file('card-type.json', JSON.stringify(card)));
    expect(cardIndex.concepts.map((c) => c.localName)).toEqual(['summarise']);
    const servers = await loadVocabulary(await file('servers-id.json', JSON.stringify([server, { ...server, name: 'io.github.a/maps', '@id': 'https://x.example/maps' }])));
    expect(servers.concepts.map((c) => c.alternativeIds[0])).toEqual(['io.github.a/weather', 'io.github.a/maps']);
  });

  it('an Agent Card with a JSON-LD @context (inline or remote) is still a card: its skills are read', async () => {
    const card = { name: 'Docs', description: 'Docs agent.', url: 'https://docs.example/a2a', protocolVersion: '0.3.0', version: '1.0.0', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'], skills: [{ id: 'summarise', name: 'Summarise', description: 'Summarises documents.', tags: ['docs'] }] };
    for (const context of [{ '@vocab': 'https://schema.org/' }, 'https://schema.org']) {
      const index = await loadVocabulary(await file('card-context.json', JSON.stringify({ '@context': context, ...card })));
      expect(index.concepts.map((c) => c.localName)).toEqual(['summarise']);
    }
  });

  it('an Agent Card with a JSON-LD @context and a broken header is the card\'s own fault, never an empty JSON-LD graph', async () => {
    const header = { '@type': 'SoftwareApplication', supportedInterfaces: [{ url: 'https://ld.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }], version: '1' };
    const skill = { id: 's', name: 'Summarize', description: 'Summarize text', tags: [] };
    const broken: Array<[Record<string, unknown>, string]> = [
      [{ ...header, skills: [skill] }, '$.name'],
      [{ ...header, name: 'LD Agent', skills: skill }, '$.skills'],
      [{ ...header, name: 'LD Agent', skills: 'oops' }, '$.skills'],
      [{ name: 'LD Agent', url: 'https://ld.example/a2a', protocolVersion: 5, skills: { s: skill } }, '$.protocolVersion'],
    ];
    for (const context of [{ '@vocab': 'https://schema.org/' }, 'https://schema.org']) {
      for (const [card, path] of broken) {
        const error = await rejectedIoaError(loadVocabulary(await file('card-broken.json', JSON.stringify({ '@context': context, ...card }))));
        expect([error.code, error.location.path]).toEqual(['E_VOCAB_INVALID', path]);
      }
    }
  });

  it('no record layout, broken in any top-level member, falls through to the RDF reader beside a JSON-LD @context', async () => {
    const card = { name: 'Docs', url: 'https://docs.example/a2a', protocolVersion: '0.3.0', version: '1.0.0', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'], skills: [{ id: 'summarise', name: 'Summarise', description: 'Summarises documents.', tags: ['docs'] }] };
    const tool = { name: 'get_forecast', description: 'Forecast for a city.', inputSchema: { type: 'object' } };
    const documents: Record<string, Record<string, unknown>> = {
      card,
      'card 1.0': { name: 'Docs', supportedInterfaces: [{ url: 'https://docs.example/a2a' }], skills: card.skills },
      server,
      'server.json': { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json', ...server },
      'registry entry': { server, _meta: {} },
      'registry list': { servers: [{ server, _meta: {} }], metadata: { count: 1 } },
      tools: { tools: [tool] },
      'record row': { id: 'urn:x:1', kind: 'mcp-server', name: 'io.github.a/weather', description: 'Forecasts.' },
      'OASF record': { name: 'docs', version: '1.0.0', schema_version: '1.0.0', description: 'Docs.', skills: [{ name: 'natural_language_processing/natural_language_generation/summarization' }] },
    };
    const wrong: unknown[] = [7, 'oops', { x: 1 }, [], null];
    const dropped: string[] = [];
    for (const [layout, document] of Object.entries(documents)) {
      for (const member of Object.keys(document)) {
        for (const value of wrong) {
          const path = await file('layout.json', JSON.stringify({ '@context': { '@vocab': 'https://schema.org/' }, ...document, [member]: value }));
          let outcome: string;
          try {
            const index = await loadVocabulary(path);
            outcome = index.concepts.length > 0 ? 'read' : 'empty';
          } catch (error) {
            outcome = error instanceof Error && 'code' in error ? String(error.code) : String(error);
          }
          if (/^(empty|E_PARSE_JSONLD|E_UNKNOWN_FORMAT)$/.test(outcome)) dropped.push(`${layout} ${member}=${JSON.stringify(value)}: ${outcome}`);
        }
      }
    }
    expect(dropped).toEqual([]);
  });

  it('a JSON-LD document that only names members a record layout claims is read as JSON-LD when it holds concepts (a SKOS concept with servers and metadata)', async () => {
    const skos = { '@context': { skos: 'http://www.w3.org/2004/02/skos/core#', servers: 'http://example.org/servers', metadata: 'http://example.org/metadata' }, '@id': 'http://example.org/c', '@type': 'skos:Concept', 'skos:prefLabel': 'c', servers: 's1', metadata: 'm' };
    const index = await loadVocabulary(await file('skos.json', JSON.stringify(skos)));
    expect(index.concepts.map((c) => c.iri)).toEqual(['http://example.org/c']);
    // Without a concept as JSON-LD, the layout's own fault is said (never an empty graph).
    const broken = { '@context': { '@vocab': 'https://schema.org/' }, '@type': 'SoftwareApplication', supportedInterfaces: [{ url: 'https://ld.example/a2a' }], skills: [{ id: 's', name: 'Summarize', description: 'Summarize text', tags: [] }] };
    expect((await rejectedIoaError(loadVocabulary(await file('ldnoname.json', JSON.stringify(broken))))).code).toBe('E_VOCAB_INVALID');
    // An OpenAPI document's `servers` are its URLs: not a registry list whose servers lack names.
    const openapi = { openapi: '3.1.0', info: { title: 'x', version: '1' }, servers: [{ url: 'https://api.example' }], paths: {} };
    expect((await rejectedIoaError(loadVocabulary(await file('openapi.json', JSON.stringify(openapi))))).code).toBe('E_UNKNOWN_FORMAT');
  });
});
