/**
 * The product gazetteer (src/generators/products.ts) and what the `description` generator makes
 * of it: an agent record that names a well-known product is also described by what the product
 * is, with its own evidence field; a concept that is not an agent record is never expanded.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempFile } from '../helpers/files.js';
import { thrownIoaError } from '../helpers/errors.js';
import { mappingSetSchemaErrors } from '../helpers/sssom-schema.js';
import description from '../../src/generators/description.js';
import { PRODUCTS, productDescription, productNames, productsNamed } from '../../src/generators/products.js';
import { wordNetDefinitions } from '../../src/generators/wordnet-lexicon.js';
import { emptyConcept, PRODUCT_DESCRIPTION_FIELD, type Concept } from '../../src/model/concept.js';
import { buildOntologyIndex } from '../../src/model/ontology-index.js';
import { collect } from './suite.js';
import { formatInspection, inspectOntology } from '../../src/ontology/inspect.js';
import { ontology } from './fixtures.js';

const prose = (text: string) => productsNamed([{ text, identifier: false }]).map((p) => p.names[0]);
const identifier = (text: string) => productsNamed([{ text, identifier: true }]).map((p) => p.names[0]);

describe('productsNamed', () => {
  it('finds a product by any of its names, whole words only, case-insensitive', () => {
    expect(prose('An MCP server for querying InfluxDB')).toEqual(['InfluxDB']);
    expect(prose('query influxdb and postgres')).toEqual(['InfluxDB', 'PostgreSQL']);
    expect(prose('Influxdbx is not it, nor is mongodbish')).toEqual([]);
  });

  it('a name that is an ordinary word counts in prose only capitalised, in an identifier as written', () => {
    expect(prose('fits a linear model to the notion of discord')).toEqual([]);
    expect(prose('Create Linear issues and post to Discord')).toEqual(['Linear', 'Discord']);
    expect(identifier('mcp-linear')).toEqual(['Linear']);
  });

  it('names of several words match as a sequence, and the longer name wins', () => {
    expect(prose('Read rows from Google Sheets, then search with Google Search')).toEqual(['Google Sheets', 'Tavily']);
    expect(prose('a Rocket.Chat bot')).toEqual(['Mattermost']);
    expect(prose('Google alone names nothing')).toEqual([]);
  });

  it('a link in prose is where something is hosted, not a product it names', () => {
    expect(prose('A Redis server (pushed to https://github.com/org/servers/tree/main/src/redis)')).toEqual(['Redis']);
  });

  it('names each product once, in the order first named', () => {
    expect(productsNamed([{ text: 'mcp-redis', identifier: true }, { text: 'The Redis server for Redis users', identifier: false }]).map((p) => p.names[0])).toEqual(['Redis']);
  });

  it('every one-word name WordNet knows as an ordinary word is flagged, so prose must capitalise it (git, docker and mongo aside)', async () => {
    const single = productNames().filter((n) => !n.word && /^[\p{L}\p{N}]+$/u.test(n.name));
    const known = await wordNetDefinitions().definitions(single.map((n) => n.name.toLowerCase()));
    expect([...known.keys()].sort()).toEqual(['docker', 'git', 'mongo']);
  });

  it('every entry starts with a category noun phrase (the genus the generator reads)', () => {
    for (const p of PRODUCTS) expect(productDescription(p), p.names[0]).toMatch(/^[^:]+: an? [^(]+ \(.+\)$/);
  });
});

const provenance = { format: 'agent-record-row' as const, recordId: 'io.github.idoru/influxdb-mcp-server', file: 'records.jsonl' };
function server(iri: string, label: string, text: string, asRecord = true): Concept {
  const c = emptyConcept(iri, 'capability', iri.split('/').pop()!);
  c.labels.push({ text: label, source: 'name' });
  c.definitions.push(text);
  if (asRecord) c.record = { parameters: [], provenance: { ...provenance, recordId: `io.github.example/${label}` } };
  return c;
}
const skills = () =>
  ontology('skills', [
    { iri: 'urn:o/timeseries', kind: 'capability', labels: ['Time-Series Database Operations'], definitions: ['Store and read measurements indexed by time.'] },
    { iri: 'urn:o/translation', kind: 'capability', labels: ['Translation'], definitions: ['Translate text between languages.'] },
    { iri: 'urn:o/messaging', kind: 'capability', labels: ['Team Messaging'], definitions: ['Send and read messages in team channels.'] },
  ]);

describe('description: what a product an agent record names is', () => {
  it('a record naming a product is matched through what the product is, and says so in its evidence', async () => {
    const records = buildOntologyIndex({ source: 'records', concepts: [server('urn:r/influx', 'influxdb', 'An MCP server for querying InfluxDB')] });
    const out = await collect(description(), records, skills());
    const top = out.find((c) => c.subject === 'urn:r/influx' && c.rank === 1)!;
    expect(top.object).toBe('urn:o/timeseries');
    expect(top.predicate).toBe('skos:broadMatch');
    expect(top.evidence).toContainEqual(expect.objectContaining({ subjectField: PRODUCT_DESCRIPTION_FIELD, subjectText: expect.stringContaining('InfluxDB: a time-series database') }));
  });

  it('a concept that is not an agent record is never expanded: the same text finds nothing', async () => {
    const plain = buildOntologyIndex({ source: 'plain', concepts: [server('urn:r/influx', 'influxdb', 'An MCP server for querying InfluxDB', false)] });
    const out = await collect(description(), plain, skills());
    expect(out.filter((c) => c.object === 'urn:o/timeseries')).toEqual([]);
  });

  it('an ordinary word in a record\'s prose is not a product: "discord" in lower case adds nothing', async () => {
    const records = buildOntologyIndex({ source: 'records', concepts: [server('urn:r/calm', 'calm', 'Resolves discord between two plans.')] });
    const out = await collect(description(), records, skills());
    expect(out.filter((c) => c.object === 'urn:o/messaging')).toEqual([]);
  });
});

describe('--no-products: only the records\' own words', () => {
  const rows = `${JSON.stringify({ id: 'urn:r/influx', kind: 'mcp-server', name: 'io.github.idoru/influxdb-mcp-server', description: 'An MCP server for querying InfluxDB', tags: [], examples: [] })}\n`;
  // The OASF 1.1.0 skills as bundled (corpora/agents): records meet skills of their own kind.
  const skillsFile = fileURLToPath(new URL('../../corpora/agents/oasf/v1.1.1/schema/skills', import.meta.url));

  it('propose reads what a named product is by default, and not with --no-products', async () => {
    const records = await tempFile('records.jsonl', rows);
    const on = await runCli(['propose', records, skillsFile]);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toMatch(/\tskills:nosql_database_operations\t[^\n]*\tdcterms:description\|ioa-align:product\t/);
    const off = await runCli(['propose', records, skillsFile, '--no-products']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).not.toContain('ioa-align:product');
  });

  it('the SSSOM JSON it writes with the product field is valid against the SSSOM schema', async () => {
    const records = await tempFile('records.jsonl', rows);
    const r = await runCli(['propose', records, skillsFile, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('ioa-align:product');
    expect(mappingSetSchemaErrors(JSON.parse(r.stdout))).toEqual([]);
  });

  it('--no-products without the description generator is a usage error naming the option', async () => {
    const records = await tempFile('records.jsonl', rows);
    const r = await runCli(['propose', records, skillsFile, '--generators', 'exact', '--no-products']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--no-products applies to the description generator');
    expect(r.stderr).toContain('[E_USAGE]');
  });

  it('a products setting that is not true or false is refused (E_USAGE)', () => {
    expect(thrownIoaError(() => description({ products: 'yes' })).code).toBe('E_USAGE');
  });
});

describe('inspect: which records name a product ioa-align knows', () => {
  it('counts the records that name one and the names found; null where the source holds no agent record', () => {
    const records = buildOntologyIndex({ source: 'records', concepts: [server('urn:r/influx', 'influxdb', 'An MCP server for querying InfluxDB'), server('urn:r/redis', 'redis', 'The official Redis server, with Postgres too'), server('urn:r/calm', 'calm', 'Resolves discord between two plans.')] });
    const report = inspectOntology(records);
    expect(report.products).toEqual({ records: 3, naming: 2, named: [{ product: 'InfluxDB', records: 1 }, { product: 'Postgres', records: 1 }, { product: 'Redis', records: 1 }], more: false });
    expect(formatInspection(report)).toContain('products     2 of 3 records name a product the description generator knows (InfluxDB 1, Postgres 1, Redis 1); --no-products leaves that out');
    expect(inspectOntology(skills()).products).toBeNull();
  });
});

describe('a tool a record wraps names the activity the record does (corpora/README.md, labelling rule 4)', () => {
  const skillsFile = fileURLToPath(new URL('../../corpora/agents/oasf/v1.1.1/schema/skills', import.meta.url));
  const row = (id: string, name: string, description: string) => JSON.stringify({ id, kind: 'mcp-server', name, description, tags: [], examples: [] });

  it('a scraper, a browser driver and a code scanner make exactMatch rows with the product text first; a database stays broadMatch', async () => {
    const records = await tempFile('tools.jsonl', [
      row('urn:r/crawl', 'io.github.example/firecrawl-mcp', 'Firecrawl for your agent'),
      row('urn:r/browser', 'io.github.example/mcp-playwright', 'Drive a browser with Playwright'),
      // "Static Application Security Testing" keys as the genus does once its generic word leaves before derivations.
      row('urn:r/scan', 'io.github.example/mcp', 'Use Semgrep from your agent'),
      row('urn:r/redis', 'io.github.example/mcp-redis', 'Talk to Redis'),
    ].join('\n') + '\n');
    const r = await runCli(['propose', records, skillsFile, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = (JSON.parse(r.stdout) as { mappings: Array<{ subject_id: string; predicate_id: string; object_id: string; subject_match_field?: string[]; comment?: string }> }).mappings;
    // The pair's rows in rank order: the best relation first.
    const relation = (subject: string, object: string) => rows.filter((m) => m.subject_id.endsWith(subject) && m.object_id.endsWith(object)).map((m) => m.predicate_id);
    expect(relation('crawl', 'web_scraping')[0]).toBe('skos:exactMatch');
    expect(relation('browser', 'browser_automation')[0]).toBe('skos:exactMatch');
    expect(relation('scan', 'sast_scanning')[0]).toBe('skos:exactMatch');
    expect(relation('redis', 'nosql_database_operations')).toEqual(['skos:broadMatch']);
    const crawl = rows.find((m) => m.subject_id.endsWith('crawl') && m.object_id.endsWith('web_scraping'))!;
    expect(crawl.subject_match_field).toContain(PRODUCT_DESCRIPTION_FIELD);
    expect(crawl.comment).toMatch(/^Firecrawl: a web scraping tool .*\[tool for: web scraping tool\] ~ Web Scraping/);
  });

  it('a text to speech server is matched as Text to Speech, not as text, and its evidence names the product the record names', async () => {
    const records = await tempFile('tts.jsonl', `${row('urn:r/polly', 'io.github.acme/polly-mcp', 'Speak text aloud with Amazon Polly voices')}\n`);
    const r = await runCli(['propose', records, skillsFile, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = (JSON.parse(r.stdout) as { mappings: Array<{ predicate_id: string; object_id: string; comment?: string }> }).mappings;
    // Rows in rank order: the first is the record's best candidate; its only equivalent is Text to Speech.
    expect([rows[0]!.predicate_id, rows[0]!.object_id.split(':').pop()]).toEqual(['skos:exactMatch', 'text_to_speech']);
    expect(rows.filter((m) => m.predicate_id === 'skos:exactMatch').map((m) => m.object_id.split(':').pop())).toEqual(['text_to_speech']);
    expect(rows[0]!.comment).toMatch(/^Amazon Polly: a text-to-speech service/);
  });

  it('without the gazetteer the same records are broadMatch only', async () => {
    const records = await tempFile('tools.jsonl', `${row('urn:r/crawl', 'io.github.example/firecrawl-mcp', 'Firecrawl for your agent')}\n`);
    const r = await runCli(['propose', records, skillsFile, '--format', 'json', '--no-products']);
    expect(r.code, r.stderr).toBe(0);
    const rows = (JSON.parse(r.stdout) as { mappings: Array<{ predicate_id: string }> }).mappings;
    expect(rows.some((m) => m.predicate_id === 'skos:exactMatch')).toBe(false);
  });
});
