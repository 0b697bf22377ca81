/**
 * The axioms a coherence check reads (src/ontology/axioms.ts), from RDF/XML, Turtle and JSON-LD
 * alike: disjointness in its four forms, equivalence between named classes, what class
 * expressions give as Horn statements, domains and ranges (unions included, datatype ranges
 * left out), inverse, sub- and equivalent properties, existential restrictions.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { readRdfFile } from '../../src/ontology/rdf-source.js';
import { inspectOntology, formatInspection } from '../../src/ontology/inspect.js';
import { selectKinds } from '../../src/model/kinds.js';
import { tempFile } from '../helpers/files.js';
import { runCli } from '../helpers/cli.js';

const E = 'http://e.org/o#';

/** One small ontology with every kind of axiom read, written three ways. */
const TURTLE = `@prefix : <${E}> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
: a owl:Ontology .
:Person a owl:Class . :Document a owl:Class . :Paper a owl:Class ; rdfs:subClassOf :Document .
:Review a owl:Class ; rdfs:subClassOf :Document . :Author a owl:Class ; rdfs:subClassOf :Person .
:Human a owl:Class ; owl:equivalentClass :Person .
:Person owl:disjointWith :Document .
[] a owl:AllDisjointClasses ; owl:members ( :Paper :Review :Poster ) .
:Contribution a owl:Class ; owl:disjointUnionOf ( :Poster :Demo ) .
:Robot a owl:Class ; rdfs:subClassOf [ owl:complementOf :Person ] .
:Actor a owl:Class ; owl:equivalentClass [ owl:unionOf ( :Person :Robot ) ] .
:Chair a owl:Class ; rdfs:subClassOf [ owl:intersectionOf ( :Author [ a owl:Restriction ; owl:onProperty :writes ; owl:someValuesFrom :Paper ] ) ] .
:Editor a owl:Class ; rdfs:subClassOf [ a owl:Restriction ; owl:onProperty :edits ; owl:minCardinality 1 ] .
:Lurker a owl:Class ; rdfs:subClassOf [ a owl:Restriction ; owl:onProperty :edits ; owl:minCardinality 0 ] .
:writes a owl:ObjectProperty ; rdfs:domain :Author ; rdfs:range :Paper ; owl:inverseOf :writtenBy .
:writtenBy a owl:ObjectProperty .
:edits a owl:ObjectProperty ; rdfs:domain [ owl:unionOf ( :Author :Human ) ] ; rdfs:subPropertyOf :handles .
:handles a owl:ObjectProperty ; owl:equivalentProperty :treats .
:treats a owl:ObjectProperty .
:title a owl:DatatypeProperty ; rdfs:domain :Document ; rdfs:range xsd:string .
`;

const RDFXML = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
  xmlns:owl="http://www.w3.org/2002/07/owl#" xml:base="${E}">
  <owl:Ontology rdf:about="${E}"/>
  <owl:Class rdf:about="${E}Person"><owl:disjointWith rdf:resource="${E}Document"/></owl:Class>
  <owl:Class rdf:about="${E}Document"/>
  <owl:Class rdf:about="${E}Paper"><rdfs:subClassOf rdf:resource="${E}Document"/></owl:Class>
  <owl:Class rdf:about="${E}Review"><rdfs:subClassOf rdf:resource="${E}Document"/></owl:Class>
  <owl:Class rdf:about="${E}Author"><rdfs:subClassOf rdf:resource="${E}Person"/></owl:Class>
  <owl:Class rdf:about="${E}Human"><owl:equivalentClass rdf:resource="${E}Person"/></owl:Class>
  <owl:AllDisjointClasses><owl:members rdf:parseType="Collection">
    <owl:Class rdf:about="${E}Paper"/><owl:Class rdf:about="${E}Review"/><owl:Class rdf:about="${E}Poster"/>
  </owl:members></owl:AllDisjointClasses>
  <owl:Class rdf:about="${E}Contribution"><owl:disjointUnionOf rdf:parseType="Collection">
    <owl:Class rdf:about="${E}Poster"/><owl:Class rdf:about="${E}Demo"/>
  </owl:disjointUnionOf></owl:Class>
  <owl:Class rdf:about="${E}Robot"><rdfs:subClassOf><owl:Class><owl:complementOf rdf:resource="${E}Person"/></owl:Class></rdfs:subClassOf></owl:Class>
  <owl:Class rdf:about="${E}Actor"><owl:equivalentClass><owl:Class><owl:unionOf rdf:parseType="Collection">
    <owl:Class rdf:about="${E}Person"/><owl:Class rdf:about="${E}Robot"/>
  </owl:unionOf></owl:Class></owl:equivalentClass></owl:Class>
  <owl:Class rdf:about="${E}Chair"><rdfs:subClassOf><owl:Class><owl:intersectionOf rdf:parseType="Collection">
    <owl:Class rdf:about="${E}Author"/>
    <owl:Restriction><owl:onProperty rdf:resource="${E}writes"/><owl:someValuesFrom rdf:resource="${E}Paper"/></owl:Restriction>
  </owl:intersectionOf></owl:Class></rdfs:subClassOf></owl:Class>
  <owl:Class rdf:about="${E}Editor"><rdfs:subClassOf><owl:Restriction><owl:onProperty rdf:resource="${E}edits"/>
    <owl:minCardinality rdf:datatype="http://www.w3.org/2001/XMLSchema#nonNegativeInteger">1</owl:minCardinality></owl:Restriction></rdfs:subClassOf></owl:Class>
  <owl:Class rdf:about="${E}Lurker"><rdfs:subClassOf><owl:Restriction><owl:onProperty rdf:resource="${E}edits"/>
    <owl:minCardinality rdf:datatype="http://www.w3.org/2001/XMLSchema#nonNegativeInteger">0</owl:minCardinality></owl:Restriction></rdfs:subClassOf></owl:Class>
  <owl:ObjectProperty rdf:about="${E}writes"><rdfs:domain rdf:resource="${E}Author"/><rdfs:range rdf:resource="${E}Paper"/>
    <owl:inverseOf rdf:resource="${E}writtenBy"/></owl:ObjectProperty>
  <owl:ObjectProperty rdf:about="${E}writtenBy"/>
  <owl:ObjectProperty rdf:about="${E}edits"><rdfs:domain><owl:Class><owl:unionOf rdf:parseType="Collection">
    <owl:Class rdf:about="${E}Author"/><owl:Class rdf:about="${E}Human"/></owl:unionOf></owl:Class></rdfs:domain>
    <rdfs:subPropertyOf rdf:resource="${E}handles"/></owl:ObjectProperty>
  <owl:ObjectProperty rdf:about="${E}handles"><owl:equivalentProperty rdf:resource="${E}treats"/></owl:ObjectProperty>
  <owl:ObjectProperty rdf:about="${E}treats"/>
  <owl:DatatypeProperty rdf:about="${E}title"><rdfs:domain rdf:resource="${E}Document"/>
    <rdfs:range rdf:resource="http://www.w3.org/2001/XMLSchema#string"/></owl:DatatypeProperty>
</rdf:RDF>
`;

const list = (...items: string[]): unknown => ({ '@list': items.map((i) => ({ '@id': `ex:${i}` })) });
const JSONLD = JSON.stringify({
  '@context': { ex: E, owl: 'http://www.w3.org/2002/07/owl#', rdfs: 'http://www.w3.org/2000/01/rdf-schema#', xsd: 'http://www.w3.org/2001/XMLSchema#' },
  '@graph': [
    { '@id': E, '@type': 'owl:Ontology' },
    { '@id': 'ex:Person', '@type': 'owl:Class', 'owl:disjointWith': { '@id': 'ex:Document' } },
    { '@id': 'ex:Document', '@type': 'owl:Class' },
    { '@id': 'ex:Paper', '@type': 'owl:Class', 'rdfs:subClassOf': { '@id': 'ex:Document' } },
    { '@id': 'ex:Review', '@type': 'owl:Class', 'rdfs:subClassOf': { '@id': 'ex:Document' } },
    { '@id': 'ex:Author', '@type': 'owl:Class', 'rdfs:subClassOf': { '@id': 'ex:Person' } },
    { '@id': 'ex:Human', '@type': 'owl:Class', 'owl:equivalentClass': { '@id': 'ex:Person' } },
    { '@type': 'owl:AllDisjointClasses', 'owl:members': list('Paper', 'Review', 'Poster') },
    { '@id': 'ex:Contribution', '@type': 'owl:Class', 'owl:disjointUnionOf': list('Poster', 'Demo') },
    { '@id': 'ex:Robot', '@type': 'owl:Class', 'rdfs:subClassOf': { 'owl:complementOf': { '@id': 'ex:Person' } } },
    { '@id': 'ex:Actor', '@type': 'owl:Class', 'owl:equivalentClass': { 'owl:unionOf': list('Person', 'Robot') } },
    {
      '@id': 'ex:Chair', '@type': 'owl:Class',
      'rdfs:subClassOf': { 'owl:intersectionOf': { '@list': [{ '@id': 'ex:Author' }, { '@type': 'owl:Restriction', 'owl:onProperty': { '@id': 'ex:writes' }, 'owl:someValuesFrom': { '@id': 'ex:Paper' } }] } },
    },
    { '@id': 'ex:Editor', '@type': 'owl:Class', 'rdfs:subClassOf': { '@type': 'owl:Restriction', 'owl:onProperty': { '@id': 'ex:edits' }, 'owl:minCardinality': 1 } },
    { '@id': 'ex:Lurker', '@type': 'owl:Class', 'rdfs:subClassOf': { '@type': 'owl:Restriction', 'owl:onProperty': { '@id': 'ex:edits' }, 'owl:minCardinality': 0 } },
    { '@id': 'ex:writes', '@type': 'owl:ObjectProperty', 'rdfs:domain': { '@id': 'ex:Author' }, 'rdfs:range': { '@id': 'ex:Paper' }, 'owl:inverseOf': { '@id': 'ex:writtenBy' } },
    { '@id': 'ex:writtenBy', '@type': 'owl:ObjectProperty' },
    { '@id': 'ex:edits', '@type': 'owl:ObjectProperty', 'rdfs:domain': { 'owl:unionOf': list('Author', 'Human') }, 'rdfs:subPropertyOf': { '@id': 'ex:handles' } },
    { '@id': 'ex:handles', '@type': 'owl:ObjectProperty', 'owl:equivalentProperty': { '@id': 'ex:treats' } },
    { '@id': 'ex:treats', '@type': 'owl:ObjectProperty' },
    { '@id': 'ex:title', '@type': 'owl:DatatypeProperty', 'rdfs:domain': { '@id': 'ex:Document' }, 'rdfs:range': { '@id': 'xsd:string' } },
  ],
});

const e = (name: string): string => `${E}${name}`;
const pair = (a: string, b: string): [string, string] => [e(a), e(b)];
const sortPairs = (list: ReadonlyArray<readonly [string, string]>): string[] => list.map(([a, b]) => `${a} ${b}`).sort();

describe('axioms for coherence, read alike from RDF/XML, Turtle and JSON-LD', () => {
  it.each([['o.ttl', TURTLE], ['o.owl', RDFXML], ['o.jsonld', JSONLD]])('%s', async (name, text) => {
    const axioms = (await loadOntologyFile(await tempFile(name, text))).axioms!;
    // Person ⊥ Document; Paper, Review, Poster pairwise; Poster ⊥ Demo; Robot ⊥ Person (complement).
    expect(sortPairs(axioms.disjointClasses)).toEqual(sortPairs([
      pair('Document', 'Person'), pair('Paper', 'Review'), pair('Paper', 'Poster'), pair('Poster', 'Review'), pair('Demo', 'Poster'), pair('Person', 'Robot'),
    ]));
    expect(axioms.equivalentClasses).toEqual([pair('Human', 'Person')]);
    // Union members under the class they define, disjoint-union parts under theirs, an intersection's named conjunct.
    expect(sortPairs(axioms.subClassOf)).toEqual(sortPairs([pair('Poster', 'Contribution'), pair('Demo', 'Contribution'), pair('Person', 'Actor'), pair('Robot', 'Actor'), pair('Chair', 'Author')]));
    // Chair ⊑ ∃writes.Paper (inside an intersection) and Editor ⊑ ≥1 edits; Lurker's ≥0 says nothing.
    expect(sortPairs(axioms.existentials)).toEqual(sortPairs([pair('Chair', 'writes'), pair('Editor', 'edits')]));
    const byProperty = (list: typeof axioms.domains): string[] => list.map((d) => `${d.property} ${d.classes.join(',')}`).sort();
    expect(byProperty(axioms.domains)).toEqual([`${e('edits')} ${e('Author')},${e('Human')}`, `${e('title')} ${e('Document')}`, `${e('writes')} ${e('Author')}`]);
    // title's range is a datatype, not a class.
    expect(byProperty(axioms.ranges)).toEqual([`${e('writes')} ${e('Paper')}`]);
    expect(axioms.inverseProperties).toEqual([pair('writes', 'writtenBy')]);
    expect(axioms.subPropertyOf).toEqual([pair('edits', 'handles')]);
    expect(axioms.equivalentProperties).toEqual([pair('handles', 'treats')]);
    expect(axioms.counts).toEqual({
      subClassOf: 3, equivalentClass: 1, disjointWith: 1, allDisjointClasses: 1, disjointUnionOf: 1, complementOf: 1, disjointPairs: 6,
      domain: 3, range: 1, inverseOf: 1, subPropertyOf: 1, equivalentProperty: 1, existential: 2,
    });
  });

  it('a list that does not end in rdf:nil, or names a class expression, gives no disjointness (nothing is guessed)', async () => {
    const text = `@prefix : <${E}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
:A a owl:Class . :B a owl:Class .
[] a owl:AllDisjointClasses ; owl:members [ rdf:first :A ; rdf:rest [ rdf:first :B ] ] .
[] a owl:AllDisjointClasses ; owl:members ( :A [ owl:complementOf :B ] ) .
`;
    const axioms = (await loadOntologyFile(await tempFile('broken.ttl', text))).axioms!;
    expect(axioms.disjointClasses).toEqual([]);
    expect(axioms.counts.allDisjointClasses).toBe(0);
  });

  it('on the conference ontologies: as many disjointWith, domain and inverseOf statements as the file has triples of them', async () => {
    for (const name of ['edas', 'cmt', 'ekaw']) {
      const file = join(import.meta.dirname, `../../corpora/conference/ontologies/${name}.owl`);
      const { quads } = await readRdfFile(file);
      const named = (local: string): number => quads.filter((q) => q.predicate.value.endsWith(`#${local}`) && q.object.termType === 'NamedNode' && q.subject.termType === 'NamedNode').length;
      const counts = (await loadOntologyFile(file)).axioms!.counts;
      expect([counts.disjointWith, counts.inverseOf]).toEqual([named('disjointWith'), named('inverseOf')]);
      // Every domain is a named class or a union of named classes in these files.
      expect(counts.domain).toBe(quads.filter((q) => q.predicate.value.endsWith('#domain')).length);
    }
  });

  it('an intersection that contains itself (a blank-node cycle RDF allows) or is nested 20,000 deep loads, read as what it says', async () => {
    const head = `@prefix : <${E}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n`;
    const cycle = `${head}:X a owl:Class ; rdfs:subClassOf _:i . :A a owl:Class . :B a owl:Class .\n_:i owl:intersectionOf ( :A _:i [ owl:intersectionOf ( :B _:i ) ] ) .\n`;
    const looped = (await loadOntologyFile(await tempFile('cycle.ttl', cycle))).axioms!;
    expect(sortPairs(looped.subClassOf)).toEqual(sortPairs([pair('X', 'A'), pair('X', 'B')]));
    // Deep3 ⊑ A ⊓ (A ⊓ (… ⊓ B)), 20,000 levels: the recursion this was overflowed the stack near 10,000.
    let nested = ':B';
    for (let i = 0; i < 20_000; i++) nested = `[ owl:intersectionOf ( :A ${nested} ) ]`;
    const deep = (await loadOntologyFile(await tempFile('deep.ttl', `${head}:Deep a owl:Class ; rdfs:subClassOf ${nested} . :A a owl:Class . :B a owl:Class .\n`))).axioms!;
    expect(sortPairs([...new Map(deep.subClassOf.map((p) => [p.join(' '), p])).values()])).toEqual(sortPairs([pair('Deep', 'A'), pair('Deep', 'B')]));
  });

  it('keeps the axioms when only some kinds are matched', async () => {
    const index = await loadOntologyFile(await tempFile('o.ttl', TURTLE));
    expect(selectKinds(index, new Set(['class'])).axioms).toBe(index.axioms);
  });

  it('inspect reports the counts, in text and JSON; a vocabulary with no axioms reports null', async () => {
    const file = await tempFile('o.ttl', TURTLE);
    const report = inspectOntology(await loadOntologyFile(file));
    expect(report.axioms).toMatchObject({ disjointWith: 1, allDisjointClasses: 1, disjointPairs: 6, domain: 3, range: 1 });
    expect(formatInspection(report)).toContain('disjointness: disjointWith 1, AllDisjointClasses 1, disjointUnionOf 1, complementOf 1 (6 disjoint pairs)');
    const json = JSON.parse((await runCli(['inspect', file, '--json'])).stdout) as { axioms: Record<string, number> };
    expect(json.axioms).toMatchObject({ equivalentClass: 1, inverseOf: 1, subPropertyOf: 1, equivalentProperty: 1, existential: 2 });
    const text = (await runCli(['inspect', file])).stdout;
    expect(text).toContain('domain 3, range 1, inverseOf 1, subPropertyOf 1, equivalentProperty 1, existential restrictions 2');
    const oasf = JSON.parse((await runCli(['inspect', join(import.meta.dirname, '../../corpora/agents/oasf/v1.0.4'), '--json'])).stdout) as { axioms: unknown };
    expect(oasf.axioms).toBeNull();
  });
});
