/**
 * Nothing changes or vanishes without a word: an option given twice is refused instead of the
 * last value winning, `propose X X` says why it proposes nothing, JSON-LD nodes whose id is not
 * an IRI are counted, an artifact whose validity has already ended is not built, and a message
 * names its path and its code once.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRepeatable } from '../../src/cli/repeated.js';
import { loadOntology } from '../../src/api/index.js';
import { buildArtifact } from '../../src/gate/index.js';
import { readMappingFile } from '../../src/exchange/index.js';
import { runCli } from '../helpers/cli.js';
import { leafCommands } from '../helpers/commands.js';
import { thrownIoaError } from '../helpers/errors.js';

const EX = join(import.meta.dirname, '../../corpora/ioa-example');
const ex = (f: string): string => join(EX, f);
const dir = mkdtempSync(join(tmpdir(), 'ioa-surprises-'));
const codes = (stderr: string): string[] => stderr.match(/\[E_[A-Z_]+\]/g) ?? [];

describe('an option that takes one value, given twice, is a usage error naming it (not last-wins)', () => {
  it('check --trust A --trust B: E_USAGE before any file is read', async () => {
    const r = await runCli(['check', '--request', 'e.json', '--provider', 'c.json', '--profile', 'p.json', '--trust', 'a.json', '--trust', 'b.json']);
    expect([r.code, codes(r.stderr)]).toEqual([2, ['[E_USAGE]']]);
    expect(r.stderr.split('\n')[0]).toBe('ioa-align: option --trust is given 2 times ("a.json", "b.json") but takes one value; give it once [E_USAGE]');
    expect(r.stderr).not.toContain('E_FILE_UNREADABLE');
  });

  it('holds for every option of every command that is not declared repeatable; a flag and its --no- form count as one option', async () => {
    let checked = 0;
    for (const command of await leafCommands()) {
      const entries = Object.entries(command.args);
      const positionals = entries.filter(([, d]) => d.type === 'positional' && d.required !== false && d.default === undefined).map(() => 'x');
      const requiredOptions = entries.filter(([, d]) => d.type !== 'positional' && d.required === true && d.default === undefined);
      for (const [name, def] of entries) {
        if (def.type === 'positional' || isRepeatable(def)) continue;
        const others = requiredOptions.filter(([n]) => n !== name).flatMap(([n]) => [`--${n}`, 'x']);
        const twice = def.type === 'boolean' ? [`--${name}`, def.default === true ? `--no-${name}` : `--${name}`] : [`--${name}`, 'a', `--${name}`, 'b'];
        const r = await runCli([...command.path, ...positionals, ...others, ...twice]);
        const label = `${command.path.join(' ')} --${name}`;
        expect([label, r.code, codes(r.stderr)]).toEqual([label, 2, ['[E_USAGE]']]);
        expect([label, r.stderr]).toEqual([label, expect.stringContaining(`option --${name} is given 2 times`)]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('the options declared repeatable still take several values', async () => {
    const card = await runCli(['a2a', 'card', '--ontology-id', 'https://a.example/o', '--ontology-id', 'https://b.example/o', '--version', '1', '--version', '2']);
    expect(card.code).toBe(0);
    expect((JSON.parse(card.stdout) as { capabilities: { extensions: Array<{ params: { ontologyIds: string[] } }> } }).capabilities.extensions[0]!.params.ontologyIds).toEqual(['https://a.example/o', 'https://b.example/o']);
    const check = await runCli(['check', '--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-doc-translate.json'), '--profile', ex('profile-tech-translation.json'),
      '--ontology', ex('cs.ttl'), '--ontology', ex('doc.ttl'), '--artifact', ex('artifact-12.4.json'), '--artifact', ex('artifact-12.4.json'), '--now', '2026-06-01T00:00:00Z', '--json']);
    expect([check.code, (JSON.parse(check.stdout) as { outcome: string }).outcome]).toEqual([4, 'Indeterminate']);
    const help = await runCli(['check', '--help']);
    expect(help.stdout).toMatch(/--artifact <artifact>\s+Alignment artifact \(Section 7\.2\) \(repeatable\)/);
  });
});

describe('propose with the same ontology on both sides says why nothing is proposed', () => {
  it('a warning names the shared concepts, beside the summary line', async () => {
    const r = await runCli(['propose', ex('cs.ttl'), ex('cs.ttl'), '--out', join(dir, 'self.sssom.tsv')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`ioa-align: warning: all 4 source concepts are concepts of the target too (the same IRIs: ${ex('cs.ttl')} is both source and target): a concept is never proposed as its own match`);
    expect(r.stderr).toContain('wrote 0 candidates for 0 of 4 subjects');
    // Two different ontologies: no such warning.
    const other = await runCli(['propose', ex('cs.ttl'), ex('doc.ttl'), '--out', join(dir, 'pair.sssom.tsv')]);
    expect(other.stderr).not.toContain('never proposed as its own match');
  });
});

describe('what loading leaves out of an agent records file is said by every command that reads it, not only by propose', () => {
  const server = (name: string, version: string, status = 'active') => ({
    server: { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json', name, description: `Weather forecasts ${version}`, version, packages: [] },
    _meta: { 'io.modelcontextprotocol.registry/official': { status } },
  });
  const listing = (name: string, entries: object[]): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(entries));
    return path;
  };
  const older = 'io.github.a/weather 2.0.0 over 1.0.0';
  const deleted = '1 server(s) the registry marks deleted were left out (io.github.b/gone)';

  it('export-ontology: the earlier version and the deleted server it does not write are named on stderr', async () => {
    const file = listing('servers.json', [server('io.github.a/weather', '1.0.0'), server('io.github.a/weather', '2.0.0'), server('io.github.b/gone', '1.0.0', 'deleted')]);
    const run = await runCli(['export-ontology', file, '--to', 'turtle', '--out', join(dir, 'servers.ttl')]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`ioa-align: warning: ${file}: 1 server version(s) listed beside a later version of the same server were left out: the latest version of each is read (${older})`);
    expect(run.stderr).toContain(`ioa-align: warning: ${file}: ${deleted}`);
  });

  it('diff of two listings: which version each release was read in is said without --skip-invalid', async () => {
    const old = listing('old-servers.json', [server('io.github.a/weather', '1.0.0'), server('io.github.a/weather', '2.0.0')]);
    const next = listing('new-servers.json', [server('io.github.a/weather', '2.0.0'), server('io.github.c/sun', '1.0.0')]);
    const run = await runCli(['diff', old, next, '--out', join(dir, 'servers-diff.sssom.tsv'), '--force', '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`ioa-align: warning: ${old}: 1 server version(s) listed beside a later version of the same server were left out: the latest version of each is read (${older})`);
  });
});

describe('JSON-LD nodes whose @id is not an absolute IRI are counted, not dropped silently', () => {
  it('inspect and the loader warn with the count and examples', async () => {
    const file = join(dir, 'relative.jsonld');
    writeFileSync(file, JSON.stringify({
      '@context': { rdfs: 'http://www.w3.org/2000/01/rdf-schema#', owl: 'http://www.w3.org/2002/07/owl#', ex: 'http://example.org/' },
      '@graph': [
        { '@id': 'ex:A', '@type': 'owl:Class', 'rdfs:label': 'alpha' },
        { '@id': 'Beta', '@type': 'owl:Class', 'rdfs:label': 'beta' },
        { '@id': 'gamma class', '@type': 'owl:Class', 'rdfs:label': 'gamma', 'rdfs:subClassOf': { '@id': 'ex:A' } },
      ],
    }));
    const index = await loadOntology(file);
    expect(index.concepts.map((c) => c.iri)).toEqual(['http://example.org/A']);
    expect(index.warnings).toEqual(['2 JSON-LD node ids are not absolute IRIs ("Beta", "gamma class") and cannot be resolved without a base: left out, with the 5 statements naming them']);
    const r = await runCli(['inspect', file]);
    expect(r.stdout).toContain('warning      2 JSON-LD node ids are not absolute IRIs');
    // A file whose ids are all IRIs: no warning.
    writeFileSync(file, JSON.stringify({ '@context': { rdfs: 'http://www.w3.org/2000/01/rdf-schema#', owl: 'http://www.w3.org/2002/07/owl#' }, '@id': 'http://example.org/A', '@type': 'owl:Class', 'rdfs:label': 'alpha' }));
    expect((await loadOntology(file)).warnings).toEqual([]);
  });

  it('members whose names do not expand, @type values that are not IRIs and values outside any node are counted too', async () => {
    const file = join(dir, 'dropped.jsonld');
    writeFileSync(file, JSON.stringify({
      '@context': { rdfs: 'http://www.w3.org/2000/01/rdf-schema#', owl: 'http://www.w3.org/2002/07/owl#', ex: 'http://example.org/', label: 'rdfs:label' },
      '@graph': [
        // A misspelt term: its label was dropped, and the class matched by its local name.
        { '@id': 'ex:A', '@type': 'owl:Class', lable: 'alpha' },
        { '@id': 'ex:B', '@type': 'owl:Class', lable: 'beta', 'rdfs:comment': 'b', 'alt label': 'bee' },
        // A @type with no prefix and no @vocab: the class vanished.
        { '@id': 'ex:C', '@type': 'Class', label: 'gamma' },
        'a stray string',
      ],
    }));
    const index = await loadOntology(file);
    expect(index.concepts.map((c) => c.iri)).toEqual(['http://example.org/A', 'http://example.org/B']);
    expect(index.warnings).toEqual([
      '3 JSON-LD members left out: their names do not expand to an IRI under the file\'s "@context" ("lable" ×2, "alt label"); define the terms there or write full IRIs',
      '1 JSON-LD @type value is not an absolute IRI ("Class") and cannot be resolved without a base or "@vocab": left out, and with it what the type declared',
      '1 JSON-LD value outside any node ("a stray string") left out',
    ]);
    const r = await runCli(['inspect', file]);
    expect(r.stdout).toContain('warning      3 JSON-LD members left out');
  });
});

describe('JSON-LD that an ontology reading would change without a word is counted in a warning', () => {
  const context = { rdfs: 'http://www.w3.org/2000/01/rdf-schema#', owl: 'http://www.w3.org/2002/07/owl#', ex: 'http://example.org/' };

  it('statements in named graphs are read into the one ontology, and the warning says so and names the graphs', async () => {
    const file = join(dir, 'named-graphs.jsonld');
    writeFileSync(file, JSON.stringify({
      '@context': context,
      '@graph': [
        { '@id': 'ex:A', '@type': 'owl:Class', 'rdfs:label': 'alpha' },
        { '@id': 'ex:g1', '@graph': [{ '@id': 'ex:B', '@type': 'owl:Class', 'rdfs:label': 'beta' }] },
        { '@id': 'ex:g2', '@graph': [{ '@id': 'ex:C', '@type': 'owl:Class' }, { '@id': 'ex:D', '@type': 'owl:Class', 'rdfs:label': 'delta' }] },
      ],
    }));
    const index = await loadOntology(file);
    expect(index.concepts.map((c) => c.iri)).toEqual(['http://example.org/A', 'http://example.org/B', 'http://example.org/C', 'http://example.org/D']);
    expect(index.warnings).toEqual(['5 JSON-LD statements lie in 2 named graphs ("http://example.org/g1", "http://example.org/g2"): read into the one ontology with the default graph\'s, which graph each was in is not kept']);
    // A top-level "@graph" without "@id" is the default graph: no warning.
    writeFileSync(file, JSON.stringify({ '@context': context, '@graph': [{ '@id': 'ex:A', '@type': 'owl:Class' }] }));
    expect((await loadOntology(file)).warnings).toEqual([]);
  });

  it('a compact IRI whose prefix the context does not define (as a prefix) is counted, not read as an IRI of that scheme in silence', async () => {
    const file = join(dir, 'undeclared-prefix.jsonld');
    writeFileSync(file, JSON.stringify({
      // "v" is a term, but its IRI ends in neither "/" nor "#": JSON-LD 1.1 does not expand "v:Z" with it.
      '@context': { ...context, v: 'http://example.org/vocab_' },
      '@graph': [
        { '@id': 'ex:A', '@type': 'owl:Class', 'skos:prefLabel': 'alpha', 'rdfs:seeAlso': { '@id': 'mailto:someone@example.org' } },
        { '@id': 'ex:B', '@type': 'owl:Class', 'skos:prefLabel': 'beta', 'rdfs:subClassOf': { '@id': 'exx:A' } },
        { '@id': 'ex:C', '@type': 'owl:Class', 'rdfs:seeAlso': [{ '@id': 'v:Z' }, { '@id': 'urn:isbn:0451450523' }, { '@id': 'tag:example.org,2024:c' }, { '@id': 'foo://host/x' }] },
      ],
    }));
    const index = await loadOntology(file);
    expect(index.warnings).toEqual(['4 JSON-LD IRIs start with a prefix that the file\'s "@context" does not define as one ("skos:prefLabel" ×2, "exx:A", "v:Z") and are read as IRIs of the schemes "skos:", "exx:", "v:"; define each prefix there (an IRI ending in "/" or "#", or "@prefix": true) or write full IRIs']);
    const r = await runCli(['inspect', file]);
    expect(r.stdout).toContain('warning      4 JSON-LD IRIs start with a prefix');
  });
});

describe('an artifact whose validity has already ended is not built (E_ARTIFACT_BUILD, exit 2)', () => {
  const args = (validUntil: string, ...extra: string[]): string[] => ['artifact', 'build', '--from', ex('reviewed-cs-doc.sssom.tsv'), '--artifact-id', 'https://example.org/a', '--revision', '1',
    '--asserted-by', 'https://example.org/i', '--valid-until', validUntil, '--out', join(dir, 'past.json'), ...extra];

  it('--valid-until before now: refused, nothing written; --now sets the clock it is judged by', async () => {
    const r = await runCli(args('2026-01-01T00:00:00Z', '--now', '2026-06-01T00:00:00Z'));
    expect([r.code, codes(r.stderr)]).toEqual([2, ['[E_ARTIFACT_BUILD]']]);
    expect(r.stderr).toContain('validUntil 2026-01-01T00:00:00.000Z has already passed (now is 2026-06-01T00:00:00.000Z): the artifact would be expired before it is used; give a later --valid-until');
    expect(() => readFileSync(join(dir, 'past.json'))).toThrow();
    expect((await runCli(args('2026-01-01T00:00:00Z', '--now', '2025-06-01T00:00:00Z'))).code).toBe(0);
    // Without --now the current time decides.
    expect(codes((await runCli(args('2001-01-01T00:00:00Z'))).stderr)).toEqual(['[E_ARTIFACT_BUILD]']);
    expect(codes((await runCli(args('2026-06-01T00:00:00Z', '--now', '2026-06-01T00:00:00Z'))).stderr)).toEqual(['[E_ARTIFACT_BUILD]']);
  });

  it('the library refuses it too', async () => {
    const set = await readMappingFile(ex('reviewed-cs-doc.sssom.tsv'));
    const error = thrownIoaError(() => buildArtifact(set, { artifactId: 'https://example.org/a', revision: '1', direction: 'source-to-target', assertedBy: 'https://example.org/i', validUntil: '2026-01-01T00:00:00Z', conditions: {}, now: Date.parse('2026-03-01T00:00:00Z') }));
    expect([error.code, error.location.path]).toEqual(['E_ARTIFACT_BUILD', '$.validUntil']);
  });
});

describe('a diagnostic names its path once and ends in one code', () => {
  it.each([
    ['an option\'s own message', ['propose', 'a.ttl', 'b.ttl', '--top-k', '-1'], 'ioa-align: --top-k must be an integer from 1 to 1000, not "-1" [E_USAGE]'],
    ['a clock', ['artifact', 'verify', ex('artifact-12.4.json'), '--trust', ex('trust-policy.json'), '--now', 'x'], 'ioa-align: --now must be an RFC 3339 date-time such as 2026-06-01T00:00:00Z, got "x": not of the form YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM [E_USAGE]'],
    ['a document\'s findings', ['artifact', 'verify', ex('artifact-12.4.json'), '--trust', ex('envelope-6.2.json')],
      `ioa-align: ${ex('envelope-6.2.json')}: $["@context"]: "@context" is not a member of a trust policy (E_INVALID_UNKNOWN_MEMBER, Section 7.2); `],
    ['a built artifact', ['artifact', 'build', '--from', ex('reviewed-cs-doc.sssom.tsv'), '--artifact-id', 'rel', '--revision', '1', '--asserted-by', 'https://example.org/i', '--valid-until', '2099-01-01T00:00:00Z'],
      'ioa-align: at $.artifactId: the built artifact is invalid: "artifactId" must be an absolute IRI, got "rel" (E_INVALID_RELATIVE_IRI) [E_ARTIFACT_BUILD]'],
  ])('%s', async (_what, argv, start) => {
    const r = await runCli(argv);
    const first = r.stderr.split('\n')[0]!;
    expect(r.code).toBe(2);
    expect(first.startsWith(start)).toBe(true);
    expect(codes(first)).toHaveLength(1);
    expect(first).not.toMatch(/at (\S+): \1\b/);
  });
});
