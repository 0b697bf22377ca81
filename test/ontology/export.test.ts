import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSource, type Concept } from '../../src/model/concept.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { exportVocabulary, toTurtle } from '../../src/ontology/export.js';
import { runCli } from '../helpers/cli.js';

const root = join(import.meta.dirname, '../..');
const oasfSkills = join(root, 'corpora/agents/oasf/v1.1.1/schema/skills');
const card = join(root, 'corpora/agents/samples/tech-docs-agent-card.json');

/**
 * What must survive a round trip: identity, kind, every stated name, definitions, hierarchy,
 * constraints. A name the loader made from the local name is not stated, is not exported, and is
 * made again from the same IRI by whatever reads the export.
 */
function essence(c: Concept): unknown {
  return {
    iri: c.iri,
    kind: c.kind,
    names: [...c.labels.filter((l) => l.source !== 'localName').map((l) => l.text), ...c.synonyms.map((s) => s.text)].sort(),
    // Each definition with the annotation it was read from.
    definitions: c.definitions.map((d, i) => `${definitionSource(c, i)} ${d}`).sort(),
    keywords: [...c.keywords].sort(),
    examples: [...c.examples].sort(),
    parents: [...c.parents].sort(),
    inDomain: [...c.inDomain].sort(),
    inputs: [...c.inputs].sort(),
    outputs: [...c.outputs].sort(),
  };
}
const essences = (index: OntologyIndex): unknown[] => [...index.concepts].sort((a, b) => (a.iri < b.iri ? -1 : 1)).map(essence);

describe('export-ontology', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ioa-export-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const [what, location] of [['OASF 1.1.0 skills', oasfSkills], ['hf-tasks', 'hf-tasks'], ['an A2A card', card]] as const) {
    it(`${what}: Turtle and JSON-LD reload through the RDF readers with the same concepts`, async () => {
      const original = await loadVocabulary(location);
      for (const [to, ext] of [['turtle', 'ttl'], ['jsonld', 'jsonld']] as const) {
        const file = join(dir, `${what.replace(/\W+/g, '-')}.${ext}`);
        const { code, stderr } = await runCli(['export-ontology', location, '--to', to, '--out', file]);
        expect(code, stderr).toBe(0);
        const reloaded = await loadOntologyFile(file);
        expect(reloaded.iri).toBe(original.iri);
        expect(reloaded.version).toBe(original.version);
        expect(essences(reloaded)).toEqual(essences(original));
      }
    });
  }

  it('uses the ioa vocabulary terms the issue names', async () => {
    const ttl = await exportVocabulary(await loadVocabulary(card), 'turtle');
    expect(ttl).toContain('<https://agents.example.org/tech-docs/a2a/v1#transcribe-meeting> a ioa:Capability');
    expect(ttl).toMatch(/rdfs:label "Meeting transcription"/);
    expect(ttl).toMatch(/skos:altLabel "transcribe meeting"/);
    expect(ttl).toMatch(/ioa:inputs "audio\/wav", "audio\/mpeg"/);
    const domains = await exportVocabulary(await loadVocabulary(join(root, 'corpora/agents/oasf/v1.0.4/schema/domains')), 'turtle');
    expect(domains).toMatch(/<https:\/\/schema\.oasf\.outshift\.com\/1\.0\.0\/domains\/crop_management> a ioa:Domain;\n\s+rdfs:label "Crop Management";/);
    expect(domains).toMatch(/rdfs:subClassOf <https:\/\/schema\.oasf\.outshift\.com\/1\.0\.0\/domains\/agriculture>/);
  });

  it('is deterministic and keeps OWL kinds for ontology files', async () => {
    const cmt = join(root, 'corpora/conference/ontologies/cmt.owl');
    const a = await runCli(['export-ontology', cmt, '--to', 'turtle']);
    const b = await runCli(['export-ontology', cmt, '--to', 'turtle']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain('a owl:Class');
    expect(a.stdout).toContain('a owl:ObjectProperty');
    const original = await loadOntologyFile(cmt);
    const file = join(dir, 'cmt.ttl');
    await runCli(['export-ontology', cmt, '--to', 'turtle', '--out', file]);
    expect((await loadOntologyFile(file)).concepts.map((c) => [c.iri, c.kind, c.parents]).sort())
      .toEqual(original.concepts.map((c) => [c.iri, c.kind, c.parents]).sort());
  });

  it('usage errors: unknown --to format exits 2 with E_USAGE; an unreadable input exits 2 with its code', async () => {
    const bad = await runCli(['export-ontology', card, '--to', 'rdfxml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('[E_USAGE]');
    const missing = await runCli(['export-ontology', join(dir, 'nope.ttl'), '--to', 'turtle']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('[E_FILE_UNREADABLE]');
    expect(await readFile(join(dir, 'nope.ttl'), 'utf8').catch(() => 'absent')).toBe('absent');
  });

  it('--to that contradicts the --out extension (Turtle into x.jsonld, JSON-LD into x.ttl) is E_USAGE before any work; generic .json/.xml read back by content', async () => {
    const cases: Array<[string, string, string]> = [
      ['turtle', 'x.jsonld', 'JSON-LD'], ['jsonld', 'x.ttl', 'Turtle'], ['turtle', 'x.nt', 'N-Triples'], ['jsonld', 'x.owl', 'RDF/XML'],
    ];
    for (const [to, name, means] of cases) {
      const out = join(dir, name);
      const run = await runCli(['export-ontology', join(dir, 'missing-input.ttl'), '--to', to, '--out', out]);
      expect([run.code, run.stderr.split('\n')[0]]).toEqual([2, `ioa-align: --to ${to} contradicts --out ${out}, whose extension means ${means}: no command could read it back; name it ${to === 'turtle' ? '.ttl' : '.jsonld'} [E_USAGE]`]);
      expect(await readFile(out, 'utf8').catch(() => 'absent')).toBe('absent');
    }
    const generic: Array<[string, string]> = [['turtle', 'generic.json'], ['jsonld', 'generic.xml']];
    for (const [to, name] of generic) {
      const out = join(dir, name);
      expect((await runCli(['export-ontology', card, '--to', to, '--out', out])).code).toBe(0);
      expect((await loadVocabulary(out)).concepts.length).toBeGreaterThan(0);
    }
    const bad = await runCli(['export-ontology', card, '--to', 'rdfxml']);
    expect(bad.stderr.split('\n')[0]).toBe('ioa-align: --to must be one of turtle, jsonld, not "rdfxml" [E_USAGE]');
  });
});

describe('export-ontology writes only what the source states', () => {
  it('a class without a label gets none in the export (not its split local name); owl:deprecated and its replacement survive', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'ioa-export-'));
    const file = join(dir, 'a.ttl');
    writeFileSync(file, `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<http://example.org/a> a owl:Ontology .
<http://example.org/a#Named> a owl:Class ; rdfs:label "named" .
<http://example.org/a#NoLabel> a owl:Class .
<http://example.org/a#Old> a owl:Class ; rdfs:label "old" ; owl:deprecated true ; <http://purl.obolibrary.org/obo/IAO_0100001> <http://example.org/a#Named> .
`);
    const index = await loadVocabulary(file);
    const turtle = await toTurtle(index);
    expect(turtle).not.toMatch(/No Label/);
    const out = join(dir, 'export.ttl');
    writeFileSync(out, turtle);
    const back = await loadVocabulary(out);
    const noLabel = back.byIri.get('http://example.org/a#NoLabel')!;
    expect(noLabel.labels.map((l) => l.source)).toEqual(['localName']);
    const old = back.byIri.get('http://example.org/a#Old')!;
    expect([old.deprecated, old.replacedBy]).toEqual([true, ['http://example.org/a#Named']]);
  });

  it('an agent record whose own capability shares the vocabulary\'s IRI keeps it on reload (an OASF record)', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'ioa-export-'));
    const file = join(dir, 'docs-agent.oasf.json');
    writeFileSync(file, JSON.stringify({ schema_version: '1.1.0', name: 'docs-agent', version: '1.0.0', description: 'Translates and summarizes engineering documentation.',
      skills: [{ name: 'language_processing/language_translation/translation', id: 10401 }, { name: 'language_processing/language_generation/summarization', id: 10302 }] }));
    const index = await loadVocabulary(file);
    const out = join(dir, 'export.ttl');
    writeFileSync(out, await toTurtle(index));
    const back = await loadVocabulary(out);
    expect([back.iri, back.version, back.concepts.map((c) => c.iri).sort()]).toEqual([index.iri, index.version, index.concepts.map((c) => c.iri).sort()]);
    expect(back.byIri.get(index.iri!)?.definitions).toEqual(['Translates and summarizes engineering documentation.']);
  });

  it('labels go back under the predicate they were read from: two rdfs:labels in two languages stay two rdfs:labels, a skos:prefLabel stays one', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'ioa-export-'));
    const file = join(dir, 'a.ttl');
    writeFileSync(file, `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix skos: <http://www.w3.org/2004/02/skos/core#> .
<http://example.org/a> a owl:Ontology .
<http://example.org/a#Heart> a owl:Class ; rdfs:label "cœur"@fr , "heart"@en .
<http://example.org/a#Lung> a owl:Class ; skos:prefLabel "lung organ"@en ; rdfs:label "lung" .
`);
    const index = await loadVocabulary(file);
    const out = join(dir, 'export.ttl');
    writeFileSync(out, await toTurtle(index));
    const back = await loadVocabulary(out);
    for (const iri of ['http://example.org/a#Heart', 'http://example.org/a#Lung']) {
      const shape = (c: typeof index.concepts[number]) => [c.labels.map((l) => [l.source, l.text, l.lang]).sort(), c.synonyms];
      expect([iri, shape(back.byIri.get(iri)!)]).toEqual([iri, shape(index.byIri.get(iri)!)]);
    }
  });
});
