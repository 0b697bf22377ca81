import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ioaErrorOf, tempFile } from '../helpers/files.js';
import { join } from 'node:path';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { detectFormat, sniffFormat } from '../../src/ontology/rdf-source.js';
import { splitIdentifier, localNameOf } from '../../src/text/identifiers.js';
import { JSONLD_SCOPED_CONTEXT_ALLOWANCE, JSONLD_SCOPED_CONTEXT_RATIO, MAX_JSONLD_DEPTH } from '../../src/ontology/jsonld-offline.js';
import { MAX_RDFXML_DEPTH, MAX_RDFXML_NAMESPACES } from '../../src/ontology/rdfxml.js';
import { formatJsonPath, locateJsonPath } from '../../src/text/json.js';

const corpus = (p: string): string => join(import.meta.dirname, '../../corpora', p);


describe('OAEI anatomy (RDF/XML)', () => {
  it('mouse.owl declares 2,744 classes (owl:Thing among them, not offered for matching)', async () => {
    const mouse = await loadOntologyFile(corpus('anatomy/mouse.owl'));
    expect(mouse.declaredCounts.class).toBe(2744);
    expect(mouse.byIri.has('http://www.w3.org/2002/07/owl#Thing')).toBe(false);
    expect(mouse.concepts.filter((c) => c.kind === 'class' && c.iri.startsWith('http://mouse.owl#MA_'))).toHaveLength(2737);
    expect(mouse.iri).toBe('http://mouse.owl');
  });

  it('human.owl declares 3,304 classes and resolves synonym nodes to their text', async () => {
    const human = await loadOntologyFile(corpus('anatomy/human.owl'));
    expect(human.declaredCounts.class).toBe(3304);
    // oboInOwl:hasRelatedSynonym points at genid nodes carrying rdfs:label (PITFALLS.md: 5,265 links).
    const synonyms = human.concepts.reduce((n, c) => n + c.synonyms.length, 0);
    expect(synonyms).toBeGreaterThan(5200);
    const withSynonym = human.concepts.find((c) => c.synonyms.length > 0)!;
    expect(withSynonym.synonyms[0]!.kind).toBe('related');
    expect(withSynonym.synonyms[0]!.text).not.toMatch(/^genid|^_:/);
    // A synonym is text from the file, lower-case NCI style, never a node id.
    const all = human.concepts.flatMap((c) => c.synonyms.map((s) => s.text));
    expect(all.some((t) => t.startsWith('genid') || t.startsWith('http'))).toBe(false);
  });
});

describe('OAEI conference (RDF/XML, labels from local names)', () => {
  // Class counts checked by hand: unique rdf:ID/rdf:about of owl:Class elements in each file.
  // Property counts include properties declared as owl:FunctionalProperty + rdf:type (cmt.owl line 393 ff.).
  it.each([
    ['cmt.owl', 29, 49, 10],
    ['ekaw.owl', 73, 33, undefined],
    ['confof.owl', 38, 13, 23],
  ])('%s: %i classes, %s object properties, %s datatype properties', async (file, classes, objectProps, dataProps) => {
    const onto = await loadOntologyFile(corpus(`conference/ontologies/${file}`));
    expect(onto.declaredCounts.class).toBe(classes);
    expect(onto.declaredCounts.objectProperty).toBe(objectProps);
    expect(onto.declaredCounts.datatypeProperty).toBe(dataProps);
  });

  it('splits local names into words when a concept has no label', async () => {
    const cmt = await loadOntologyFile(corpus('conference/ontologies/cmt.owl'));
    const pcm = cmt.byIri.get('http://cmt#ProgramCommitteeMember')!;
    expect(pcm.labels).toEqual([{ text: 'Program Committee Member', source: 'localName' }]);
    expect(cmt.byIri.get('http://cmt#Co-author')!.labels[0]!.text).toBe('Co author');
  });
});

describe('the draft\'s Turtle (Section 5.5)', () => {
  it('reads capabilities, intents, domains, abbreviations and ontology version', async () => {
    const cs = await loadOntologyFile(corpus('ioa-example/cs.ttl'));
    expect(cs.iri).toBe('https://example.org/onto/agent-core');
    expect(cs.version).toBe('1.0');
    const intent = cs.byIri.get('https://example.org/onto/cs#TranslateTechDoc')!;
    expect(intent.kind).toBe('intent');
    expect(intent.requiresCapability).toEqual(['https://example.org/onto/cs#TechTranslation']);
    expect(intent.appliesToDomain).toEqual(['https://example.org/onto/cs#ComputerScience']);
    const llm = cs.byIri.get('https://example.org/onto/cs#LargeLanguageModel')!;
    expect(llm.kind).toBe('concept');
    expect(llm.abbreviations).toEqual([{ text: 'LLM', preferred: false }]);
    expect(llm.inDomain).toEqual(['https://example.org/onto/cs#ComputerScience']);
    const cap = cs.byIri.get('https://example.org/onto/cs#TechTranslation')!;
    expect(cap.kind).toBe('capability');
    expect(cap.inputs).toEqual(['text/plain']);
    const law = await loadOntologyFile(corpus('ioa-example/law.ttl'));
    expect(law.byIri.get('https://example.org/onto/law#MasterOfLaws')!.abbreviations).toEqual([{ text: 'LL.M.', preferred: true }]);
  });

  it('reads JSON-LD and N-Triples with the same result as Turtle', async () => {
    const jsonld = await tempFile('x.jsonld', JSON.stringify({
      '@context': { ioa: 'https://example.org/ioa/semantic#', rdfs: 'http://www.w3.org/2000/01/rdf-schema#', skos: 'http://www.w3.org/2004/02/skos/core#' },
      '@id': 'https://example.org/onto/cs#TechTranslation',
      '@type': 'ioa:Capability',
      'rdfs:label': { '@value': 'Technische Übersetzung', '@language': 'de' },
      'skos:altLabel': 'Tech translation',
    }));
    const fromJson = await loadOntologyFile(jsonld);
    const c = fromJson.byIri.get('https://example.org/onto/cs#TechTranslation')!;
    expect(c.kind).toBe('capability');
    expect(c.labels).toEqual([{ text: 'Technische Übersetzung', lang: 'de', source: 'rdfs:label' }]);
    expect(c.synonyms).toEqual([{ text: 'Tech translation', kind: 'exact' }]);

    const nt = await tempFile('x.nt', '<http://e.org/A> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/2002/07/owl#Class> .\n<http://e.org/A> <http://www.geneontology.org/formats/oboInOwl#hasExactSynonym> "alpha" .\n');
    const fromNt = await loadOntologyFile(nt);
    expect(fromNt.byIri.get('http://e.org/A')!.synonyms).toEqual([{ text: 'alpha', kind: 'exact' }]);
  });

  it('detects the format from content when the extension says nothing', async () => {
    const path = await tempFile('onto.data', '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n<http://e.org/B> a owl:Class .\n');
    expect(await detectFormat(path)).toBe('turtle');
    expect(sniffFormat('<?xml version="1.0"?><rdf:RDF/>')).toBe('rdfxml');
    expect(sniffFormat('{"@context": {}}')).toBe('jsonld');
    expect(sniffFormat('hello world')).toBeUndefined();
  });
});

describe('bad input', () => {
  it('an unreadable file is E_FILE_UNREADABLE naming the file', async () => {
    const error = await ioaErrorOf(loadOntologyFile('/nonexistent/onto.ttl'));
    expect(error.code).toBe('E_FILE_UNREADABLE');
    expect(error.location.file).toBe('/nonexistent/onto.ttl');
  });

  it('an unknown format is E_UNKNOWN_FORMAT', async () => {
    const path = await tempFile('notes.data', 'just some notes, not RDF\n');
    expect((await ioaErrorOf(loadOntologyFile(path))).code).toBe('E_UNKNOWN_FORMAT');
  });

  it('malformed Turtle is E_PARSE_TURTLE with the line', async () => {
    const path = await tempFile('bad.ttl', '@prefix ex: <http://e.org/> .\nex:a a ex:B .\nex:c ex:d "unterminated .\n');
    const error = await ioaErrorOf(loadOntologyFile(path));
    expect(error.code).toBe('E_PARSE_TURTLE');
    expect(error.location.line).toBe(3);
  });

  it('malformed XML is E_PARSE_RDFXML with line and column', async () => {
    const path = await tempFile('bad.owl', '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n  <rdf:Description rdf:about="http://e.org/a">\n</rdf:RDF>\n');
    const error = await ioaErrorOf(loadOntologyFile(path));
    expect(error.code).toBe('E_PARSE_RDFXML');
    expect(error.location.line).toBe(4);
    expect(error.location.column).toBeGreaterThan(0);
  });

  it('malformed JSON is E_PARSE_JSON with its line; a remote context is refused offline', async () => {
    const bad = await tempFile('bad.jsonld', '{\n  "@id": "http://e.org/a",\n  "x": \n}');
    const error = await ioaErrorOf(loadOntologyFile(bad));
    expect(error.code).toBe('E_PARSE_JSON');
    expect(error.location.line).toBe(4);
    const remote = await tempFile('remote.jsonld', JSON.stringify({ '@context': 'https://example.org/ctx.jsonld', '@id': 'http://e.org/a' }));
    expect((await ioaErrorOf(loadOntologyFile(remote))).code).toBe('E_PARSE_JSONLD');
  });

  it('owl:imports is never followed, and the index says so (the imported classes are missing)', async () => {
    const index = await loadOntologyFile(await tempFile('imports.ttl', '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n<http://e.org/o> a owl:Ontology ; owl:imports <http://e.org/other.owl> .\n<http://e.org/o#A> a owl:Class .\n'));
    expect(index.concepts.map((c) => c.iri)).toEqual(['http://e.org/o#A']);
    expect(index.warnings.filter((w) => w.includes('owl:imports <http://e.org/other.owl> not followed'))).toHaveLength(1);
  });

  it('JSON-LD nested past the depth jsonld can recurse through is E_LIMIT_EXCEEDED at its path, not a stack overflow; a few hundred levels still load', async () => {
    const nested = (levels: number): string => `{"@context":{"@vocab":"http://e.org/"},"@id":"http://e.org/r",${'"a":{'.repeat(levels)}"b":1${'}'.repeat(levels)}}`;
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('deep.jsonld', nested(20_000))));
    expect(error.code).toBe('E_LIMIT_EXCEEDED');
    expect(error.location.path).toBe(`$${'.a'.repeat(MAX_JSONLD_DEPTH)}`);
    expect((await loadOntologyFile(await tempFile('ok.jsonld', nested(MAX_JSONLD_DEPTH - 2)))).concepts).toBeDefined();
  });

  it('RDF/XML nested past MAX_RDFXML_DEPTH is E_LIMIT_EXCEEDED at the element that goes too deep, not minutes of namespace lookups; a couple of hundred levels still load', async () => {
    const nested = (levels: number): string => '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:x="http://e.org/x#">\n'
      + `<owl:Class rdf:about="http://e.org/A">${'<x:p><rdf:Description>'.repeat(levels / 2)}${'</rdf:Description></x:p>'.repeat(levels / 2)}</owl:Class>\n</rdf:RDF>\n`;
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('deep.rdf', nested(20_000))));
    // rdf:RDF, owl:Class, then pairs of 22 characters: the element opened at depth MAX_RDFXML_DEPTH + 1 ends the read.
    const opened = MAX_RDFXML_DEPTH + 1 - 2;
    const column = '<owl:Class rdf:about="http://e.org/A">'.length + 22 * Math.floor((opened - 1) / 2) + ((opened - 1) % 2 === 0 ? 5 : 22);
    expect([error.code, error.location.line, error.location.column]).toEqual(['E_LIMIT_EXCEEDED', 3, column]);
    expect((await loadOntologyFile(await tempFile('ok.rdf', nested(MAX_RDFXML_DEPTH - 4)))).concepts.map((c) => c.iri)).toEqual(['http://e.org/A']);
  });

  it('RDF/XML with more than MAX_RDFXML_NAMESPACES namespace declarations in scope is E_LIMIT_EXCEEDED at the element, not minutes of copying them into every element below it', async () => {
    const declarations = (n: number, from = 0): string => Array.from({ length: n }, (_, i) => ` xmlns:n${from + i}="http://n.example/${from + i}#"`).join('');
    const head = '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:owl="http://www.w3.org/2002/07/owl#"';
    const classes = Array.from({ length: 50 }, (_, i) => `<owl:Class rdf:about="http://e.org/C${i}"/>`).join('\n');
    // 50,000 declarations on one element.
    const flood = await ioaErrorOf(loadOntologyFile(await tempFile('flood.rdf', `${head}>\n<owl:Class rdf:about="http://e.org/A"${declarations(50_000)}>\n${classes}\n</owl:Class>\n</rdf:RDF>\n`)));
    expect([flood.code, flood.location.line]).toEqual(['E_LIMIT_EXCEEDED', 3]);
    expect(flood.message).toBe(`this element brings the XML namespace declarations in scope to 50002, more than ${MAX_RDFXML_NAMESPACES}: the RDF/XML reader copies every declaration in scope into each element below it, and no ontology declares that many`);
    // Declarations add up over the elements that hold one another (rdf: and owl: count too):
    // refused at the one that passes the bound.
    const half = MAX_RDFXML_NAMESPACES / 2;
    const nested = await ioaErrorOf(loadOntologyFile(await tempFile('nested.rdf', `${head}${declarations(half)}>\n<owl:Class rdf:about="http://e.org/A">\n<owl:equivalentClass${declarations(half - 2, half)}>\n<owl:Class rdf:about="http://e.org/B"${declarations(1, 2 * half)}/>\n</owl:equivalentClass>\n</owl:Class>\n</rdf:RDF>\n`)));
    expect([nested.code, nested.location.line]).toEqual(['E_LIMIT_EXCEEDED', 5]);
    // Up to the bound, the file loads.
    const ok = await loadOntologyFile(await tempFile('ok-ns.rdf', `${head}${declarations(MAX_RDFXML_NAMESPACES - 2)}>\n${classes}\n</rdf:RDF>\n`));
    expect(ok.concepts).toHaveLength(50);
  });

  it('a JSON-LD scoped context processed at more places than its budget allows is E_LIMIT_EXCEEDED at its term, not minutes of context processing', async () => {
    const scoped = (terms: number, nodes: number): string => {
      const context = Object.fromEntries(Array.from({ length: terms }, (_, i) => [`t${i}`, `http://e.org/t${i}`]));
      return `{\n  "@context": {\n    "@version": 1.1,\n    "label": "http://www.w3.org/2000/01/rdf-schema#label",\n    "C": ${JSON.stringify({ '@id': 'http://www.w3.org/2002/07/owl#Class', '@context': context })}\n  },\n  "@graph": [\n${Array.from({ length: nodes }, (_, i) => `    {"@id": "http://e.org/c${i}", "@type": "C", "label": "c ${i}"}`).join(',\n')}\n  ]\n}\n`;
    };
    // A 1,000-term context that jsonld processes anew at each of 2,000 classes typed with its term.
    const text = scoped(1000, 2000);
    const size = JSON.stringify(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`t${i}`, `http://e.org/t${i}`]))).length;
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('scoped.jsonld', text)));
    expect([error.code, error.location.line, error.location.column, error.location.path]).toEqual(['E_LIMIT_EXCEEDED', 5, 10, '$["@context"].C']);
    const limit = JSONLD_SCOPED_CONTEXT_ALLOWANCE + JSONLD_SCOPED_CONTEXT_RATIO * text.length;
    expect(error.message).toBe(`the scoped context of "C" (${size} characters) applies wherever "C" is used (2000 places): ${size * 2000} characters of context processing, more than ${limit} (${JSONLD_SCOPED_CONTEXT_ALLOWANCE} plus ${JSONLD_SCOPED_CONTEXT_RATIO} times the ${text.length} characters of the document); jsonld processes a scoped context anew where it applies`);
    // A scoped context of a few terms, used by a hundred classes, loads.
    expect((await loadOntologyFile(await tempFile('scoped-ok.jsonld', scoped(10, 100)))).concepts).toHaveLength(100);
  });

  it('malformed JSON-LD is E_PARSE_JSONLD at the line, column and path of what jsonld names (a term, a context, a value)', async () => {
    const at = async (name: string, doc: unknown): Promise<unknown[]> => {
      const error = await ioaErrorOf(loadOntologyFile(await tempFile(name, JSON.stringify(doc, null, 2))));
      return [error.code, error.location.line, error.location.column, error.location.path];
    };
    const owl = 'http://www.w3.org/2002/07/owl#';
    // Two terms defined by each other.
    expect(await at('cyclic.jsonld', { '@context': { owl, a: 'b:x', b: 'a:y' }, '@id': 'http://e.org/A', '@type': 'owl:Class', a: 'v' }))
      .toEqual(['E_PARSE_JSONLD', 4, 10, '$["@context"].a']);
    // A protected term redefined in a node's own context: the redefinition, not the definition.
    expect(await at('protected.jsonld', { '@context': { '@version': 1.1, '@protected': true, owl, label: 'http://www.w3.org/2000/01/rdf-schema#label' }, '@graph': [{ '@context': { label: 'http://e.org/label' }, '@id': 'http://e.org/A', '@type': 'owl:Class' }] }))
      .toEqual(['E_PARSE_JSONLD', 11, 18, '$["@graph"][0]["@context"].label']);
    // An @id that is not a string.
    expect(await at('id.jsonld', { '@context': { owl }, '@graph': [{ '@id': 'http://e.org/A', '@type': 'owl:Class' }, { '@id': 5, '@type': 'owl:Class' }] }))
      .toEqual(['E_PARSE_JSONLD', 11, 14, '$["@graph"][1]["@id"]']);
  });

  // Each of these named only the file: jsonld's error carries no term or context, or an expanded
  // copy of the element that the document as written does not hold.
  const E = 'http://e.org/';
  const P = `${E}p`;
  it.each<[string, unknown, (string | number)[]]>([
    ['a @context that is a number', { '@context': 5, '@id': `${E}A` }, ['@context']],
    ['a null @context under a protected one', { '@context': { '@protected': true, a: `${E}a` }, '@graph': [{ '@id': `${E}A` }, { '@context': [null], '@id': `${E}B` }] }, ['@graph', 1, '@context', 0]],
    ['a value object with both @type and @language', { '@id': `${E}A`, [P]: [{ '@value': 'x' }, { '@value': 'x', '@type': `${E}t`, '@language': 'en' }] }, [P, 1]],
    ['a value object with a member other than @type, @language, @direction and @index', { '@id': `${E}A`, [P]: { '@value': 'x', [`${E}q`]: 'y' } }, [P]],
    ['a language-tagged number', { '@id': `${E}A`, [P]: [{ '@value': 5 }, { '@value': 5, '@language': 'en' }] }, [P, 1]],
    ['a typed value whose @type is a blank node', { '@id': `${E}A`, [P]: { '@value': 'x', '@type': '_:t' } }, [P, '@type']],
    ['a @list beside another member', { '@id': `${E}A`, [P]: { '@list': ['a'], [`${E}q`]: 'y' } }, [P]],
    ['@id given twice, once by an alias', { '@context': { id: '@id' }, '@id': `${E}A`, id: `${E}B` }, ['id']],
    ['a @language that is a number', { '@id': `${E}A`, [P]: { '@value': 'x', '@language': 5 } }, [P, '@language']],
    ['a @direction that is a number', { '@id': `${E}A`, [P]: { '@value': 'x', '@direction': 5 } }, [P, '@direction']],
    ['a @direction other than ltr and rtl', { '@id': `${E}A`, [P]: { '@value': 'x', '@direction': 'up' } }, [P, '@direction']],
    ['a literal under @reverse', { '@id': `${E}A`, '@reverse': { [P]: 'literal' } }, ['@reverse', P]],
    ['a literal for a reverse term', { '@context': { r: { '@reverse': `${E}r` } }, '@id': `${E}A`, r: 'lit' }, ['r']],
    ['a @nest value that is a number', { '@context': { n: '@nest' }, '@id': `${E}A`, n: 5 }, ['n']],
    ['a language map value that is a number', { '@context': { q: { '@id': `${E}q`, '@container': '@language' } }, '@id': `${E}A`, q: { de: 'x', en: 5 } }, ['q', 'en']],
    ['a string in a property-valued index map', { '@context': { q: { '@id': `${E}q`, '@container': '@index', '@index': `${E}i` } }, '@id': `${E}A`, q: { k: 'v' } }, ['q', 'k']],
    ['one node with two @index values', { '@graph': [{ '@id': `${E}a`, '@index': '1' }, { '@id': `${E}a`, '@index': '2' }] }, ['@graph', 1, '@index']],
  ])('malformed JSON-LD is located too: %s', async (_what, doc, path) => {
    const text = JSON.stringify(doc, null, 2);
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('located.jsonld', text)));
    expect([error.code, error.location.path]).toEqual(['E_PARSE_JSONLD', formatJsonPath(path)]);
    const { line, column } = locateJsonPath(text, path)!;
    expect([error.location.line, error.location.column]).toEqual([line, column]);
  });

  // jsonld names the context of these errors, not the term: each is placed at the member at fault.
  const good = { owl: 'http://www.w3.org/2002/07/owl#', label: { '@id': 'http://www.w3.org/2000/01/rdf-schema#label', '@language': 'en' } };
  it.each<[string, Record<string, unknown>, (string | number)[]]>([
    ['an @vocab that is a number', { ...good, '@vocab': 5 }, ['@vocab']],
    ['a term whose definition is a number', { ...good, a: 5 }, ['a']],
    ['a term definition with an unknown keyword', { ...good, a: { '@id': `${E}a`, '@foo': 1 } }, ['a', '@foo']],
    ['a term whose @id is relative', { ...good, b: { '@id': `${E}b` }, a: { '@id': 'rel' } }, ['a', '@id']],
    ['a term whose @type is relative', { ...good, b: { '@id': `${E}b`, '@type': '@id' }, a: { '@id': `${E}a`, '@type': 'rel' } }, ['a', '@type']],
    ['a term with an unknown container', { ...good, b: { '@id': `${E}b`, '@container': '@set' }, a: { '@id': `${E}a`, '@container': '@foo' } }, ['a', '@container']],
    ['a term whose @language is a number', { ...good, a: { '@id': `${E}a`, '@language': 5 } }, ['a', '@language']],
    ['a term whose @direction is neither ltr nor rtl, beside a good default', { ...good, '@direction': 'ltr', a: { '@id': `${E}a`, '@direction': 'up' } }, ['a', '@direction']],
    ['a reverse term with an @id', { ...good, a: { '@reverse': `${E}r`, '@id': `${E}a` } }, ['a', '@id']],
    ['an alias of @context', { ...good, c: '@context' }, ['c']],
  ])('malformed JSON-LD in a context is placed at the member at fault: %s', async (_what, context, member) => {
    const text = JSON.stringify({ '@context': context, '@id': `${E}A` }, null, 2);
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('context.jsonld', text)));
    const path = ['@context', ...member];
    expect([error.code, error.location.path]).toEqual(['E_PARSE_JSONLD', formatJsonPath(path)]);
    const { line, column } = locateJsonPath(text, path)!;
    expect([error.location.line, error.location.column]).toEqual([line, column]);
  });

  it('a remote @context is refused as what it is (nothing fetched), at its line and column, not as an unreachable URL', async () => {
    const error = await ioaErrorOf(loadOntologyFile(await tempFile('remote.jsonld', '{\n  "@context": "https://schema.org/",\n  "@id": "http://example.org/x", "name": "x"\n}\n')));
    expect([error.code, error.location.line, error.location.column]).toEqual(['E_PARSE_JSONLD', 2, 15]);
    expect(error.message).toBe('the remote context https://schema.org/ is not fetched (nothing is loaded from the network): put the context in the file (inline "@context" objects only)');
  });

  it('a compressed file is said to be compressed (E_UNKNOWN_FORMAT), not invalid UTF-8', async () => {
    const file = await tempFile('o.ttl.gz', '');
    writeFileSync(file, gzipSync('@prefix owl: <http://www.w3.org/2002/07/owl#> .\n<http://e.org/A> a owl:Class .\n'));
    const error = await ioaErrorOf(loadOntologyFile(file));
    expect([error.code, error.message]).toEqual(['E_UNKNOWN_FORMAT', 'the file is gzip-compressed: ioa-align reads uncompressed files only; decompress it first']);
  });
});

describe('identifiers', () => {
  it.each([
    ['hasPaperTitle', 'has Paper Title'],
    ['Conference_Member', 'Conference Member'],
    ['XMLParser', 'XML Parser'],
    ['MA_0000001', 'MA 0000001'],
    ['meta-review', 'meta review'],
    ['Paper1', 'Paper 1'],
    ['covid19Case', 'covid 19 Case'],
    // Short codes keep their digits: a product or technology, not a word and a number.
    ['mcp-s3', 'mcp s3'],
    ['k8s-manager', 'k8s manager'],
    ['blockchain_web3', 'blockchain web3'],
    ['getEC2Instances', 'get EC 2 Instances'],
    ['CA2_field', 'CA 2 field'],
  ])('%s → %s', (input, expected) => expect(splitIdentifier(input)).toBe(expected));

  it('takes the fragment, else the last path segment', () => {
    expect(localNameOf('http://cmt#Paper')).toBe('Paper');
    expect(localNameOf('https://schema.oasf.outshift.com/1.1.0/skills/image_classification')).toBe('image_classification');
    expect(localNameOf('http://e.org/a/b/')).toBe('b');
  });
});
