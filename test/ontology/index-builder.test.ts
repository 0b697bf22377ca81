// The loaders hand quads one at a time to an IndexBuilder, Turtle through n3's callback mode:
// these tests hold that path to what reading every quad first gives, and to the same errors.
import { describe, expect, it } from 'vitest';
import { ioaErrorOf, tempFile } from '../helpers/files.js';
import { join } from 'node:path';
import { DataFactory } from 'n3';
import { buildIndexFromQuads, IndexBuilder } from '../../src/ontology/build-index.js';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { readRdfFile } from '../../src/ontology/rdf-source.js';
import { labelKey } from '../../src/model/ontology-index.js';

const { namedNode, literal, blankNode, quad } = DataFactory;
const corpus = (p: string): string => join(import.meta.dirname, '../../corpora', p);


/** Everything an index says, label index included, as one comparable value. */
const snapshot = (index: ReturnType<typeof buildIndexFromQuads>): unknown => ({ ...index, byIri: [...index.byIri.keys()], labelIndex: [...index.labelIndex] });

describe('IndexBuilder', () => {
  it.each(['anatomy/mouse.owl', 'conference/ontologies/cmt.owl', 'anatomy-subsumption/human-without-equivalents.ttl', 'ioa-example/cs.ttl'])(
    'loading %s streams to the index built from all its quads',
    async (file) => {
      const { quads } = await readRdfFile(corpus(file));
      expect(snapshot(await loadOntologyFile(corpus(file)))).toEqual(snapshot(buildIndexFromQuads(quads, corpus(file))));
    },
  );

  it('keeps subjects in the order of their first statement, even one the index does not read', () => {
    const ex = (s: string) => namedNode(`http://e.org/${s}`);
    const type = namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type');
    const cls = namedNode('http://www.w3.org/2002/07/owl#Class');
    const label = namedNode('http://www.w3.org/2000/01/rdf-schema#label');
    const builder = new IndexBuilder('mem');
    builder.add(quad(ex('b'), ex('unread'), literal('x')));
    builder.add(quad(ex('a'), type, cls));
    builder.add(quad(ex('b'), type, cls));
    builder.add(quad(ex('a'), namedNode('http://www.geneontology.org/formats/oboInOwl#hasRelatedSynonym'), blankNode('n1')));
    builder.add(quad(blankNode('n1'), label, literal('Alpha Syn', 'EN')));
    builder.add(quad(ex('a'), label, literal('Alpha', 'en')));
    const index = builder.finish();
    expect(index.concepts.map((c) => c.iri)).toEqual(['http://e.org/b', 'http://e.org/a']);
    const a = index.byIri.get('http://e.org/a')!;
    expect(a.synonyms).toEqual([{ text: 'Alpha Syn', kind: 'related', lang: 'en' }]);
    expect(a.labels).toEqual([{ text: 'Alpha', source: 'rdfs:label', lang: 'en' }]);
    expect(index.labelIndex.get('alpha syn')).toEqual(['http://e.org/a']);
  });

  it('reads descriptions with their source, strongest first; examples and keywords apart; editorial comments left out', async () => {
    const ttl = [
      '@prefix ex: <http://e.org/> . @prefix owl: <http://www.w3.org/2002/07/owl#> .',
      '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix skos: <http://www.w3.org/2004/02/skos/core#> .',
      '@prefix dcterms: <http://purl.org/dc/terms/> . @prefix obo: <http://purl.obolibrary.org/obo/> . @prefix schema: <https://schema.org/> .',
      'ex:a a owl:Class ; rdfs:label "Alpha" ; rdfs:comment "A comment in prose about alpha." ; dcterms:description "Alpha described." ;',
      '  obo:IAO_0000115 "An alpha is a letter." ; skos:example "alpha particle" ; schema:keywords "greek" .',
      'ex:b a owl:Class ; rdfs:label "Beta" ; rdfs:comment "confTool" ; rdfs:comment "Made by the tool." ; skos:definition "A second letter." .',
      'ex:c a owl:Class ; rdfs:label "Gamma" ; rdfs:comment "Made by the tool." ; rdfs:comment "https://e.org/gamma" .',
      'ex:d a owl:Class ; rdfs:label "Delta" ; rdfs:comment "Made by the tool." .',
    ].join('\n');
    const index = await loadOntologyFile(await tempFile('descriptions.ttl', `${ttl}\n`));
    const a = index.byIri.get('http://e.org/a')!;
    expect(a.definitions).toEqual(['An alpha is a letter.', 'Alpha described.', 'A comment in prose about alpha.']);
    expect(a.definitionSources).toEqual(['IAO:0000115', 'dcterms:description', 'rdfs:comment']);
    expect(a.examples).toEqual(['alpha particle']);
    expect(a.keywords).toEqual(['greek']);
    // One word, a bare URL, or a comment three concepts share: notes, not descriptions.
    const b = index.byIri.get('http://e.org/b')!;
    expect(b.definitions).toEqual(['A second letter.']);
    expect(b.definitionSources).toEqual(['skos:definition']);
    expect(index.byIri.get('http://e.org/c')!.definitions).toEqual([]);
    expect(index.byIri.get('http://e.org/d')!.definitions).toEqual([]);
  });

  it('reads oboInOwl:hasDefinition as a definition: a literal, or the rdfs:label of the node it points at (OAEI anatomy); a node without one is a warning', async () => {
    const ttl = [
      '@prefix ex: <http://e.org/> . @prefix owl: <http://www.w3.org/2002/07/owl#> .',
      '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix oio: <http://www.geneontology.org/formats/oboInOwl#> .',
      '@prefix skos: <http://www.w3.org/2004/02/skos/core#> .',
      'ex:lip a owl:Class ; rdfs:label "Lip" ; skos:definition "A fold." ; oio:hasDefinition ex:genid1 .',
      'ex:genid1 rdfs:label "Either of the two fleshy margins of the mouth." .',
      'ex:jaw a owl:Class ; rdfs:label "Jaw" ; oio:hasDefinition [ rdfs:label "The bony structure of the mouth." ] .',
      'ex:tooth a owl:Class ; rdfs:label "Tooth" ; oio:hasDefinition "A hard structure in the jaw." .',
      'ex:gum a owl:Class ; rdfs:label "Gum" ; oio:hasDefinition ex:genid2 .',
    ].join('\n');
    const index = await loadOntologyFile(await tempFile('has-definition.ttl', `${ttl}\n`));
    const lip = index.byIri.get('http://e.org/lip')!;
    // oboInOwl:hasDefinition ranks with the OBO textual definition, ahead of skos:definition.
    expect(lip.definitions).toEqual(['Either of the two fleshy margins of the mouth.', 'A fold.']);
    expect(lip.definitionSources).toEqual(['oboInOwl:hasDefinition', 'skos:definition']);
    expect(index.byIri.get('http://e.org/jaw')!.definitions).toEqual(['The bony structure of the mouth.']);
    expect(index.byIri.get('http://e.org/tooth')!.definitions).toEqual(['A hard structure in the jaw.']);
    expect(index.byIri.get('http://e.org/gum')!.definitions).toEqual([]);
    expect(index.warnings).toContain('http://e.org/gum: oboInOwl:hasDefinition points at http://e.org/genid2, which has no rdfs:label; no definition read');
    // The definition nodes are not concepts.
    expect(index.concepts.map((c) => c.iri).sort()).toEqual(['http://e.org/gum', 'http://e.org/jaw', 'http://e.org/lip', 'http://e.org/tooth']);
  });

  it('folds labels for the label index the same way with and without the ASCII shortcut', () => {
    expect(labelKey('  Pancreatic \t Duct ')).toBe('pancreatic duct');
    expect(labelKey('ＡＢＣ　Ｄｕｃｔ')).toBe('abc duct');
    expect(labelKey('ﬁbre')).toBe('fibre');
  });
});

describe('parse errors through the streaming path', () => {
  it('Turtle: the line of an error far into the file', async () => {
    const lines = ['@prefix ex: <http://e.org/> .'];
    for (let i = 0; i < 2000; i++) lines.push(`ex:c${i} a ex:C ; ex:label "c ${i}" .`);
    lines.push('ex:bad ex:p ex:q ex:r .');
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('late.ttl', `${lines.join('\n')}\n`)));
    expect(error.code).toBe('E_PARSE_TURTLE');
    expect(error.location.line).toBe(2002);
  });

  it('N-Triples: a bad line is E_PARSE_TURTLE with its line', async () => {
    const text = '<http://e.org/a> <http://e.org/p> <http://e.org/b> .\n<http://e.org/a> <http://e.org/p> "x" ;\n<http://e.org/a> <http://e.org/p> "y" .\n';
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('bad.nt', text)));
    expect(error.code).toBe('E_PARSE_TURTLE');
    expect(error.location.line).toBe(2);
    // Read by the Turtle parser, but said in the file's own syntax.
    expect(error.message).toMatch(/^malformed N-Triples: /);
    const turtle = await ioaErrorOf(loadOntologyFile(await tempFile('bad.ttl', '@prefix : <http://e.org/> .\n:a :p :b ;;; .\n:a :p')));
    expect(turtle.message).toMatch(/^malformed Turtle: /);
  });

  it('RDF/XML: a truncated document is E_PARSE_RDFXML with its line', async () => {
    const text = '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n  <rdf:Description rdf:about="http://e.org/a">\n';
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('cut.owl', text)));
    expect(error.code).toBe('E_PARSE_RDFXML');
    expect(error.location.line).toBe(4);
  });
});

describe('what counts as a concept beyond owl:Class', () => {
  it('a SKOS vocabulary: skos:Concept is matched as a class, skos:broader and skos:narrower give its hierarchy', async () => {
    const file = await tempFile('thesaurus.ttl', `@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix ex: <http://example.org/t#> .
ex:animal a skos:Concept ; skos:prefLabel "animal"@en ; skos:narrower ex:dog .
ex:dog a skos:Concept ; skos:prefLabel "dog"@en ; skos:altLabel "hound"@en .
ex:puppy a skos:Concept ; skos:prefLabel "puppy"@en ; skos:broader ex:dog .
`);
    const index = await loadOntologyFile(file);
    expect(index.concepts.map((c) => [c.localName, c.kind, c.parents])).toEqual([['animal', 'class', []], ['dog', 'class', ['http://example.org/t#animal']], ['puppy', 'class', ['http://example.org/t#dog']]]);
    expect(index.concepts[1]!.synonyms.map((s) => s.text)).toEqual(['hound']);
    expect(index.warnings).toEqual([]);
  });

  it('an untyped subject of rdfs:subClassOf is a class (the domain of rdfs:subClassOf), not dropped', async () => {
    const file = await tempFile('untyped.ttl', `@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
<http://example.org/A> a owl:Class ; rdfs:label "alpha" .
<http://example.org/B> rdfs:subClassOf <http://example.org/A> ; rdfs:label "beta" .
`);
    const index = await loadOntologyFile(file);
    expect(index.concepts.map((c) => [c.localName, c.kind, c.parents])).toEqual([['A', 'class', []], ['B', 'class', ['http://example.org/A']]]);
  });

  it('a file in which nothing is a concept says so in its warnings', async () => {
    const file = await tempFile('nothing.ttl', '<http://example.org/x> <http://www.w3.org/2000/01/rdf-schema#label> "x" .\n');
    const index = await loadOntologyFile(file);
    expect([index.concepts.length, index.warnings]).toEqual([0, ['no concepts to match: nothing here is declared an owl:Class, rdfs:Class, skos:Concept, property, individual or ioa term (is this the ontology you meant?)']]);
  });
});
