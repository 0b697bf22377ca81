/**
 * candidatesToMappingSet: one row per mapping per justification, raw scores in similarity_score
 * (never confidence — draft Section 7.4: similarity is not acceptance), labels and sources from
 * the ontology indexes, and a curie_map covering the namespaces in use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyConcept, type Concept, type Label } from '../../src/model/concept.js';
import { buildOntologyIndex, type OntologyIndex } from '../../src/model/ontology-index.js';
import { rawScore, recordKey, tripleKey, type Candidate, type MappingJustification } from '../../src/model/mapping.js';
import { isIoaError } from '../../src/model/errors.js';
import { candidatesToMappingSet, parseSssom, propagateSet, serializeJson, serializeSssom, serializeAlignmentRdf, parseAlignmentRdf } from '../../src/exchange/index.js';
import { mappingSetSchemaErrors } from '../helpers/sssom-schema.js';

const packageVersion = (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

function concept(iri: string, labels: Label[]): Concept {
  const c = emptyConcept(iri, 'class', iri.split('#')[1] ?? iri);
  c.labels = labels;
  return c;
}

const mouse: OntologyIndex = buildOntologyIndex({
  source: 'mouse.owl', iri: 'http://mouse.owl', version: '2024-01', concepts: [
    concept('http://mouse.owl#MA_0000072', [{ text: 'heart', source: 'rdfs:label' }]),
    concept('http://mouse.owl#MA_0000168', [{ text: 'Lunge', lang: 'de', source: 'rdfs:label' }, { text: 'lung', lang: 'en', source: 'rdfs:label' }]),
  ],
});
const human: OntologyIndex = buildOntologyIndex({
  source: 'human.owl', iri: 'http://human.owl', versionIri: 'http://human.owl/2024-02', concepts: [
    concept('http://human.owl#NCI_C12727', [{ text: 'Heart', source: 'rdfs:label' }]),
    concept('http://human.owl#NCI_C12468', [{ text: 'Lung', source: 'rdfs:label' }]),
  ],
});

function candidate(subject: string, object: string, generator: string, score: number, measure: string, justification: MappingJustification, rank = 1): Candidate {
  return {
    subject, object, predicate: 'skos:exactMatch', generator, score: rawScore(score), measure, rank, justification,
    evidence: generator === 'lexical'
      ? [{ generator, subjectText: 'heart', objectText: 'heart', subjectField: 'label', objectField: 'synonym:exact' }]
      : [],
  };
}

const HEART = ['http://mouse.owl#MA_0000072', 'http://human.owl#NCI_C12727'] as const;
const LUNG = ['http://mouse.owl#MA_0000168', 'http://human.owl#NCI_C12468'] as const;
// A fused proposal arrives as its members plus one CompositeMatching candidate.
const CANDIDATES: Candidate[] = [
  candidate(...LUNG, 'embedding', 0.91, 'cosine', 'semapv:SemanticSimilarityThresholdMatching'),
  candidate(...HEART, 'fusion', 0.0328, 'reciprocal-rank-fusion', 'semapv:CompositeMatching'),
  candidate(...HEART, 'embedding', 0.87, 'cosine', 'semapv:SemanticSimilarityThresholdMatching'),
  candidate(...HEART, 'lexical', 1, 'normalized-label-equality', 'semapv:LexicalMatching'),
];
const ctx = { source: mouse, target: human, mappingDate: '2026-12-02' };

describe('candidatesToMappingSet', () => {
  const set = candidatesToMappingSet(CANDIDATES, ctx);

  it('writes one row per mapping per justification', () => {
    expect(set.mappings).toHaveLength(4);
    const heart = set.mappings.filter((m) => m.subjectId === HEART[0]);
    expect(heart.map((m) => m.justification).sort()).toEqual(['semapv:CompositeMatching', 'semapv:LexicalMatching', 'semapv:SemanticSimilarityThresholdMatching']);
    expect(heart.every((m) => m.objectId === HEART[1] && m.predicateId === 'skos:exactMatch')).toBe(true);
  });

  it('puts the raw score in similarity_score with its measure, and never fills confidence', () => {
    const byTool = new Map(set.mappings.filter((m) => m.subjectId === HEART[0]).map((m) => [m.mappingTool, m]));
    expect(byTool.get('ioa-align/fusion')).toMatchObject({ similarityScore: 0.0328, similarityMeasure: 'reciprocal-rank-fusion' });
    expect(byTool.get('ioa-align/embedding')).toMatchObject({ similarityScore: 0.87, similarityMeasure: 'cosine' });
    expect(byTool.get('ioa-align/lexical')).toMatchObject({ similarityScore: 1, similarityMeasure: 'normalized-label-equality' });
    expect(set.mappings.every((m) => m.confidence === undefined)).toBe(true);
    // In the written file the confidence column is there for reviewers, and empty.
    const lines = serializeSssom(set).split('\n').filter((l) => l && !l.startsWith('#'));
    const col = lines[0]!.split('\t').indexOf('confidence');
    expect(col).toBeGreaterThanOrEqual(0);
    expect(lines.slice(1).map((l) => l.split('\t')[col])).toEqual(['', '', '', '']);
  });

  it('takes labels from the indexes, preferring English', () => {
    const lung = set.mappings.find((m) => m.subjectId === LUNG[0]);
    expect(lung).toMatchObject({ subjectLabel: 'lung', objectLabel: 'Lung' });
    expect(set.mappings.find((m) => m.subjectId === HEART[0])).toMatchObject({ subjectLabel: 'heart', objectLabel: 'Heart' });
  });

  it('names the tool, its version, the sources and their versions', () => {
    expect(set.metadata).toMatchObject({
      mappingTool: 'ioa-align', mappingToolVersion: packageVersion, mappingDate: '2026-12-02',
      subjectSource: 'http://mouse.owl', subjectSourceVersion: '2024-01',
      objectSource: 'http://human.owl', objectSourceVersion: 'http://human.owl/2024-02',
      license: 'https://w3id.org/sssom/license/unspecified',
    });
    expect(set.metadata.mappingSetId).toMatch(/^https:\/\/w3id\.org\/sssom\/mappings\/[0-9a-f-]{36}$/);
  });

  it('writes JSON that satisfies the SSSOM JSON Schema', () => {
    expect(mappingSetSchemaErrors(JSON.parse(serializeJson(set)))).toEqual([]);
  });

  it('builds a curie_map from the namespaces in use plus skos, semapv, owl and rdfs', () => {
    const namespaces = Object.values(set.metadata.curieMap);
    for (const ns of ['http://mouse.owl#', 'http://human.owl#', 'http://www.w3.org/2004/02/skos/core#', 'https://w3id.org/semapv/vocab/',
      'http://www.w3.org/2002/07/owl#', 'http://www.w3.org/2000/01/rdf-schema#', 'http://www.geneontology.org/formats/oboInOwl#']) {
      expect(namespaces).toContain(ns);
    }
    expect(serializeSssom(set)).toMatch(/^mouse:MA_0000072\theart\tskos:exactMatch\t\thuman:NCI_C12727\tHeart\t/m);
    // The ontology IRIs (http://mouse.owl) are not namespaces: no prefix may cover a bare scheme.
    expect(namespaces.filter((ns) => /^[a-z]+:\/*$/i.test(ns))).toEqual([]);
  });

  it('records which fields matched (SSSOM subject_match_field / object_match_field / match_string)', () => {
    const lexical = set.mappings.find((m) => m.mappingTool === 'ioa-align/lexical');
    expect(lexical?.extra).toEqual({ subject_match_field: ['rdfs:label'], object_match_field: ['oboInOwl:hasExactSynonym'], match_string: ['heart'] });
  });

  it('the written SSSOM reads back as the same set, and converts to Alignment RDF with the fused score', async () => {
    // Read back in the readers' form: the set-level sources and dates propagated to every row.
    expect(parseSssom(serializeSssom(set), 'c.sssom.tsv')).toEqual(propagateSet(set));
    expect(propagateSet(set).mappings.every((m) => m.extra?.subject_source === 'http://mouse.owl' && m.extra?.mapping_date === '2026-12-02')).toBe(true);
    // The tool stays on the set: every row names its own generator there.
    expect(propagateSet(set).metadata.mappingTool).toBe('ioa-align');
    const cells = (await parseAlignmentRdf(serializeAlignmentRdf(set), 'c.rdf')).mappings;
    expect(cells.map((m) => [recordKey(m), m.similarityScore])).toEqual(expect.arrayContaining([
      [tripleKey(HEART[0], 'skos:exactMatch', HEART[1]), 0.0328],
      [tripleKey(LUNG[0], 'skos:exactMatch', LUNG[1]), 0.91],
    ]));
    expect(cells).toHaveLength(2);
  });

  it('does not change its input, and the same input gives the same set id; other rows another', () => {
    const before = structuredClone(CANDIDATES);
    const again = candidatesToMappingSet([...CANDIDATES].reverse(), ctx);
    expect(CANDIDATES).toEqual(before);
    expect(again).toEqual(set);
    expect(candidatesToMappingSet(CANDIDATES.slice(1), ctx).metadata.mappingSetId).not.toBe(set.metadata.mappingSetId);
  });

  it('a raw score outside [0, 1] cannot be written as similarity_score: E_SSSOM_SCORE_RANGE, not clamped', () => {
    const bad = [...CANDIDATES, candidate(...LUNG, 'bm25', 7.2, 'bm25', 'semapv:LexicalSimilarityThresholdMatching')];
    try {
      candidatesToMappingSet(bad, ctx);
      expect.unreachable();
    } catch (error) {
      expect(isIoaError(error) && error.toJSON()).toMatchObject({ code: 'E_SSSOM_SCORE_RANGE', path: '$[4].score' });
    }
  });

  it('a predicate as a full IRI is canonicalised; a CURIE with a prefix no file could declare is refused', () => {
    const iriPredicate = { ...CANDIDATES[0]!, predicate: 'http://www.w3.org/2004/02/skos/core#closeMatch' };
    expect(candidatesToMappingSet([iriPredicate], ctx).mappings[0]?.predicateId).toBe('skos:closeMatch');
    const custom = { ...CANDIDATES[0]!, predicate: 'https://example.org/ioa/semantic#equivalentTerm' };
    const written = serializeSssom(candidatesToMappingSet([custom], ctx));
    expect(parseSssom(written, 'x.tsv').mappings[0]?.predicateId).toBe('https://example.org/ioa/semantic#equivalentTerm');
    try {
      candidatesToMappingSet([{ ...CANDIDATES[0]!, predicate: 'acme:sameAs' }], ctx);
      expect.unreachable();
    } catch (error) {
      expect(isIoaError(error) && error.toJSON()).toMatchObject({ code: 'E_SSSOM_UNKNOWN_PREFIX', path: '$[0].predicate' });
    }
  });
});

describe('buildCurieMap', () => {
  it('names OBO-style and hash namespaces, keeps prefixes unique, and never covers a bare scheme', async () => {
    const { buildCurieMap } = await import('../../src/exchange/index.js');
    const map = buildCurieMap(['http://purl.obolibrary.org/obo/HP_0001', 'http://purl.obolibrary.org/obo/MP_0002', 'http://mouse.owl',
      'https://a.org/onto#X', 'https://b.org/onto#Y', 'http://www.w3.org/2004/02/skos/core#exactMatch']);
    expect(map).toMatchObject({ HP: 'http://purl.obolibrary.org/obo/HP_', MP: 'http://purl.obolibrary.org/obo/MP_', skos: 'http://www.w3.org/2004/02/skos/core#' });
    const onto = Object.entries(map).filter(([, ns]) => ns.endsWith('/onto#')).map(([p]) => p).sort();
    expect(onto).toEqual(['onto', 'onto2']);
    expect(Object.values(map).some((ns) => /^[a-z]+:\/*$/i.test(ns))).toBe(false);
  });

  it('never names a namespace `_` (the blank-node prefix) or `______`, whatever script its last segment is in', async () => {
    const { buildCurieMap } = await import('../../src/exchange/index.js');
    const map = buildCurieMap(['http://ex.org/ü/Herz', 'http://ex.org/ö/Herz', 'http://例え.jp/オントロジー#X', 'http://ex.org/données/Y']);
    const prefixes = Object.fromEntries(Object.entries(map).map(([p, ns]) => [ns, p]));
    expect([prefixes['http://ex.org/ö/'], prefixes['http://ex.org/ü/'], prefixes['http://例え.jp/オントロジー#']]).toEqual(['ns', 'ns2', 'ns3']);
    expect(prefixes['http://ex.org/données/']).toBe('donn_es');
    expect(Object.keys(map).filter((p) => /^_+\d*$/.test(p))).toEqual([]);
  });

  it('writes namespaces minted per record under one path with that path\'s prefix, and every identifier reads back', async () => {
    const { buildCurieMap, PrefixMap } = await import('../../src/exchange/index.js');
    const servers = Array.from({ length: 12 }, (_, i) => `https://registry.modelcontextprotocol.io/servers/io.github.owner${i}/mcp-${i}`);
    const skills = Array.from({ length: 9 }, (_, i) => `https://a2a.example/agent-${i}/skills/translate-doc-${i}`);
    const few = ['https://b.example/one/x', 'https://b.example/two/y'];
    const taxonomy = 'https://schema.oasf.outshift.com/1.1.0/skills/text_classification';
    const iris = [...servers, ...skills, ...few, taxonomy];
    const map = buildCurieMap(iris);
    const byNs = Object.fromEntries(Object.entries(map).map(([p, ns]) => [ns, p]));
    expect(byNs['https://registry.modelcontextprotocol.io/servers/']).toBe('servers');
    expect(byNs['https://a2a.example/']).toBe('a2a.example');
    // The taxonomy keeps its own prefix instead of becoming `skills10` beside nine agents' ones.
    expect(byNs['https://schema.oasf.outshift.com/1.1.0/skills/']).toBe('skills');
    // Two namespaces under one path are not many: they keep their own prefixes.
    expect(byNs['https://b.example/one/']).toBe('one');
    expect(byNs['https://b.example/two/']).toBe('two');
    expect(Object.keys(map).filter((p) => /^(io\.github|skills\d)/.test(p))).toEqual([]);
    const prefixes = new PrefixMap(map);
    expect(prefixes.contract(servers[3]!)).toBe('servers:io.github.owner3/mcp-3');
    for (const iri of iris) expect(prefixes.expand(prefixes.contract(iri))).toEqual({ ok: true, iri });
  });
});

describe('the stable set id', () => {
  it('is the SHA-256 of the ontologies, tool version, selection and each sorted row with its extension values as JSON, however many rows and whatever the generator names', async () => {
    const { createHash } = await import('node:crypto');
    const { uuidFromHash } = await import('../../src/exchange/ids.js');
    // Enough rows to be hashed in several pieces, and generator names JSON must escape.
    const members = (i: number): Candidate[] => ['plain', 'quo"te', 'back\\slash', 'ünï\u2028'].map((generator, g) => {
      const [subject, object] = i % 2 ? LUNG : HEART;
      return candidate(subject, object, generator, ((i * 7 + g) % 100) / 100, `${generator}-measure`, 'semapv:LexicalSimilarityThresholdMatching', g + 1);
    });
    const fused = Array.from({ length: 1500 }, (_, i) => ({
      ...candidate(`http://mouse.owl#S${i}`, HEART[1], 'fusion', (i % 97) / 97, 'fused', 'semapv:CompositeMatching', 1 + (i % 3)),
      members: members(i),
    }));
    const set = candidatesToMappingSet(fused, { ...ctx, selection: 'one-to-one' });
    const h = createHash('sha256');
    h.update(`http://mouse.owl\nhttp://human.owl\n${packageVersion}\none-to-one\n`);
    for (const r of set.mappings) {
      if (!('subjectId' in r) || !('objectId' in r)) throw new Error('entity rows expected');
      h.update(`${r.subjectId}\t${r.predicateId}\t${r.objectId}\t${r.justification}\t${r.similarityScore}\t${JSON.stringify(r.extensions ?? {})}\n`);
    }
    expect(set.metadata.mappingSetId).toBe(`https://w3id.org/sssom/mappings/${uuidFromHash(h.digest('hex'))}`);
    expect(Object.keys(set.mappings[0]!.extensions!)).toContain('quo"te_score');
  });
});
