/**
 * Round trips: SSSOM → JSON → SSSOM and SSSOM → CSV → SSSOM lose nothing; SSSOM → Alignment RDF →
 * SSSOM keeps everything Alignment RDF can carry (entities, relation, one measure, ontologies).
 * Writers sort deterministically and never change their input.
 */
import { stringifyYaml } from '../../src/exchange/yaml.js';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIoaError } from '../../src/model/errors.js';
import { rawScore, recordKey, type MappingRecord, type MappingSet } from '../../src/model/mapping.js';
import {
  parseAlignmentRdf, parseCsv, parseJson, parseSssom, serializeAlignmentRdf, serializeCsv, serializeJson,
  serializeMappings, serializeSssom, sortedMappings, EXCHANGE_FORMATS, parseMappings, sharedSlot, buildCurieMap, candidatesToMappingSet,
} from '../../src/exchange/index.js';
import { emptyConcept, type Concept } from '../../src/model/concept.js';
import { buildOntologyIndex } from '../../src/model/ontology-index.js';

const dir = join(import.meta.dirname, '../../corpora/sssom-examples');
const READABLE = [
  'cardinality.sssom.tsv', 'curation_rule.sssom.tsv', 'foodie-inc-2022-05-01.sssom.tsv', 'mapping_set_confidence.sssom.tsv',
  'mp-hp-exact-0.0.1.sssom.tsv', 'no_term_found.sssom.tsv', 'oaei-ordo-hp.rdf.tsv', 'predicate-types.sssom.tsv',
  'review_date.sssom.tsv', 'reviewer_agreement.sssom.tsv', 'similarity_score.sssom.tsv',
];
const read = (name: string): MappingSet => parseSssom(readFileSync(join(dir, name), 'utf8'), name);
const normal = (set: MappingSet): MappingSet => ({ metadata: set.metadata, mappings: sortedMappings(set.mappings) });

describe('SSSOM ↔ JSON and SSSOM ↔ CSV lose nothing', () => {
  for (const name of READABLE) {
    it(name, () => {
      const original = read(name);
      const viaJson = parseJson(serializeJson(original), 'x.json');
      const viaCsv = parseCsv(serializeCsv(original), 'x.csv');
      const viaTsv = parseSssom(serializeSssom(original), 'x.tsv');
      expect(viaJson).toEqual(normal(original));
      expect(viaCsv).toEqual(normal(original));
      expect(viaTsv).toEqual(normal(original));
      // And the SSSOM written after the trip is byte-identical.
      expect(serializeSssom(viaJson)).toBe(serializeSssom(original));
    });
  }
});

/** What an Alignment cell keeps of a group of rows sharing (subject, predicate, object). */
function expectedMeasure(rows: MappingRecord[]): number {
  const sorted = sortedMappings(rows);
  return sorted.find((r) => r.justification === 'semapv:CompositeMatching' && r.similarityScore !== undefined)?.similarityScore
    ?? sorted.find((r) => r.similarityScore !== undefined)?.similarityScore
    ?? sorted.find((r) => r.confidence !== undefined)?.confidence
    ?? 1; // Alignment API default for a cell without a measure
}

describe('SSSOM → Alignment RDF → SSSOM keeps what Alignment RDF carries', () => {
  const representable = ['cardinality.sssom.tsv', 'curation_rule.sssom.tsv', 'mapping_set_confidence.sssom.tsv', 'mp-hp-exact-0.0.1.sssom.tsv',
    'oaei-ordo-hp.rdf.tsv', 'review_date.sssom.tsv', 'reviewer_agreement.sssom.tsv', 'similarity_score.sssom.tsv'];
  for (const name of representable) {
    it(name, async () => {
      const original = read(name);
      const back = await parseAlignmentRdf(serializeAlignmentRdf(original), `${name}.rdf`);
      const groups = new Map<string, MappingRecord[]>();
      for (const m of original.mappings) {
        const k = recordKey(m);
        groups.set(k, [...(groups.get(k) ?? []), m]);
      }
      const got = new Map(back.mappings.map((m) => [recordKey(m), m.similarityScore]));
      expect(back.mappings).toHaveLength(groups.size);
      expect([...got.keys()].sort()).toEqual([...groups.keys()].sort());
      for (const [k, rows] of groups) expect(got.get(k)).toBe(expectedMeasure(rows));
      // And that SSSOM survives a second trip unchanged.
      const again = parseSssom(serializeSssom(await parseAlignmentRdf(serializeAlignmentRdf(back), 'again.rdf')), 'again.tsv');
      expect(again.mappings).toEqual(back.mappings);
    });
  }

  it('carries the source and target ontologies as onto1/onto2', async () => {
    const set = read('no_term_found.sssom.tsv'); // subject_source obo:hp, object_source obo:mp
    const rdf = serializeAlignmentRdf(set, { dropUnrepresentable: true });
    const back = await parseAlignmentRdf(rdf, 'x.rdf');
    expect(sharedSlot(back, 'subject_source')).toBe('http://purl.obolibrary.org/obo/hp');
    expect(sharedSlot(back, 'object_source')).toBe('http://purl.obolibrary.org/obo/mp');
  });

  it('keeps direction: broadMatch and narrowMatch come back as written, not folded into =', async () => {
    const set = read('foodie-inc-2022-05-01.sssom.tsv');
    const dropped: string[] = [];
    const back = await parseAlignmentRdf(serializeAlignmentRdf(set, { dropUnrepresentable: true, onDrop: (r) => dropped.push(r.objectId ?? '') }), 'x.rdf');
    expect(dropped).toEqual(['https://w3id.org/sssom/NoMapping']);
    expect(back.mappings.find((m) => m.subjectId?.endsWith('F004'))?.predicateId).toBe('skos:broadMatch');
  });

  it('refuses rows it cannot express unless told to drop them', () => {
    for (const [name, count] of [['predicate-types.sssom.tsv', 4], ['no_term_found.sssom.tsv', 1]] as const) {
      const set = read(name);
      let code: string | undefined;
      try {
        serializeAlignmentRdf(set);
      } catch (error) {
        code = isIoaError(error) ? error.code : String(error);
      }
      expect(code).toBe('E_EXCHANGE_UNREPRESENTABLE');
      let dropped = 0;
      const write = (): string => serializeAlignmentRdf(set, { dropUnrepresentable: true, onDrop: () => { dropped++; } });
      // Every row dropped leaves no cell, and a file without cells is not read
      // back as an alignment: refused rather than written.
      if (count === set.mappings.length) expect(write).toThrow(new RegExp(`none of the ${count} mappings can be written as an Alignment cell`));
      else write();
      expect(dropped).toBe(count);
    }
    expect(() => serializeAlignmentRdf({ ...read('no_term_found.sssom.tsv'), mappings: [] })).toThrow(expect.objectContaining({ code: 'E_EXCHANGE_UNREPRESENTABLE' }));
  });
});

describe('every format carries the proposed relation', () => {
  const set: MappingSet = {
    metadata: { curieMap: {}, mappingSetId: 'https://ex.org/sets/relations', license: 'https://w3id.org/sssom/license/unspecified', subjectSource: 'https://ex.org/s', objectSource: 'https://ex.org/o' },
    mappings: (['skos:exactMatch', 'skos:closeMatch', 'skos:broadMatch', 'skos:narrowMatch', 'skos:relatedMatch'] as const).map((predicateId, i) => ({
      subjectId: `https://ex.org/s/${i}`, predicateId, objectId: `https://ex.org/o/${i}`, justification: 'semapv:CompositeMatching', similarityScore: 0.5,
    })),
  };
  const predicates = (s: MappingSet): string[] => [...s.mappings].sort((a, b) => ((a.subjectId ?? '') < (b.subjectId ?? '') ? -1 : 1)).map((m) => m.predicateId);

  it('Alignment RDF writes =, <, > as symbols and closeMatch / relatedMatch as their SKOS IRIs (not %, which is incompatibility)', async () => {
    const rdf = serializeAlignmentRdf(set);
    expect(rdf).toContain('<relation>&lt;</relation>');
    expect(rdf).toContain('<relation>&gt;</relation>');
    expect(rdf).toContain('<relation>http://www.w3.org/2004/02/skos/core#closeMatch</relation>');
    expect(rdf).toContain('<relation>http://www.w3.org/2004/02/skos/core#relatedMatch</relation>');
    expect(rdf).not.toContain('<relation>%</relation>');
    expect(predicates(await parseAlignmentRdf(rdf, 'mem.rdf'))).toEqual(predicates(set));
  });

  it('SSSOM TSV, JSON and CSV keep every relation', async () => {
    for (const format of ['sssom', 'json', 'csv'] as const) {
      expect(predicates(await parseMappings(serializeMappings(set, format), format, `x.${format}`)), format).toEqual(predicates(set));
    }
  });
});

describe('writers', () => {
  it('never change their input and sort deterministically (shuffled input, same bytes)', async () => {
    const set = read('mp-hp-exact-0.0.1.sssom.tsv');
    const before = structuredClone(set);
    const shuffled: MappingSet = { metadata: set.metadata, mappings: [...set.mappings].reverse() };
    for (const format of EXCHANGE_FORMATS) {
      const a = serializeMappings(set, format);
      const b = serializeMappings(shuffled, format);
      expect(b).toBe(a);
      // Every writer's output reads back in its own format.
      expect((await parseMappings(a, format, `x.${format}`)).mappings.length).toBe(format === 'alignment' ? 42 : set.mappings.length);
    }
    expect(set).toEqual(before);
  });
});

// ---- property-based: arbitrary text in every free-text slot survives TSV, CSV and JSON --------

const tricky = fc.constantFrom('\t', '"', '""', '\n', '\r\n', '|', '#', ',', ' ', "'", ':', '{', '- ', 'é', '漢', '😀');
const text = fc.array(fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 6 })), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''))
  .filter((s) => s !== '');
const local = fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/);
const score = fc.double({ min: 0, max: 1, noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v));
const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
const nonEmpty = <T extends object>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => opt(arb.map(defined).filter((o) => Object.keys(o).length > 0));
/** Values for multivalued text slots: SSSOM 1.1 escapes `|` and `\` inside them. */
const values = fc.array(fc.oneof(text, fc.constantFrom('a|b', 'c\\', '\\|', 'd\\e')), { minLength: 1, maxLength: 3 });
const extensionName = fc.stringMatching(/^ext_[a-z]{1,4}$/);

/** One end: an entity (with an optional label) or, as SSSOM 1.1 allows, a literal (label only). */
const subject = fc.oneof(
  fc.record({
    subjectId: fc.oneof(local.map((l) => `https://ex.org/s/${l}`), local.map((l) => `http://other.org/onto#${l}`)),
    subjectLabel: opt(text),
  }),
  fc.record({ subjectType: fc.constant('rdfs literal' as const), subjectLabel: text }),
);
const object = fc.oneof(
  fc.record({ objectId: local.map((l) => `https://ex.org/o/${l}`), objectLabel: opt(text) }),
  fc.record({ objectType: fc.constant('rdfs literal' as const), objectLabel: text }),
);

const record: fc.Arbitrary<MappingRecord> = fc.record({
  subject,
  object,
  rest: fc.record({
    predicateId: fc.constantFrom('skos:exactMatch', 'skos:broadMatch', 'skos:narrowMatch', 'skos:closeMatch', 'owl:equivalentClass'),
    justification: fc.constantFrom('semapv:LexicalMatching', 'semapv:CompositeMatching', 'semapv:MappingReview', 'semapv:SemanticSimilarityThresholdMatching'),
    predicateModifier: opt(fc.constant('Not' as const)),
    similarityScore: opt(score),
    similarityMeasure: opt(text),
    confidence: opt(score),
    mappingTool: opt(text),
    reviewerId: opt(fc.array(local.map((l) => `https://orcid.org/${l}`), { minLength: 1, maxLength: 3 })),
    reviewDate: opt(fc.constantFrom('2026-01-02', '2025-12-31')),
    comment: opt(text),
    extra: nonEmpty(fc.record({
      author_id: opt(fc.array(local.map((l) => `orcid:${l}`), { minLength: 1, maxLength: 2 })),
      author_label: opt(values),
      mapping_cardinality: opt(fc.constantFrom('1:1', '1:n', 'n:n')),
      match_string: opt(values),
      reviewer_agreement: opt(fc.double({ min: -1, max: 1, noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v))),
      other: opt(text),
    })),
    extensions: opt(fc.dictionary(extensionName, text, { minKeys: 1, maxKeys: 3 })),
  }),
}).map(({ subject: s, object: o, rest }) => defined({ ...defined(s), ...defined(o), ...rest }) as unknown as MappingRecord);

const mappingSet: fc.Arbitrary<MappingSet> = fc.record({
  mappings: fc.array(record, { maxLength: 12 }),
  comment: opt(text),
  // Set-level extension values may be typed in a YAML block (and in our JSON), never in a row.
  extensions: opt(fc.dictionary(extensionName, fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((v) => (Object.is(v, -0) ? 0 : v)), fc.boolean()), { minKeys: 1, maxKeys: 2 })),
}).map(({ mappings, comment, extensions }) => ({
  metadata: {
    curieMap: { S: 'https://ex.org/s/', O: 'https://ex.org/o/', orcid: 'https://orcid.org/' },
    mappingSetId: 'https://ex.org/sets/1',
    license: 'https://creativecommons.org/publicdomain/zero/1.0/',
    ...(comment !== undefined ? { extra: { comment } } : {}),
    ...(extensions !== undefined ? { extensions } : {}),
  },
  mappings,
}));

describe('property: free text, scores, identifiers, literal ends and extension slots round-trip exactly', () => {
  it('regression: metadata text that is only whitespace and a newline (the yaml package writes it as a lossy |+ block)', () => {
    const set: MappingSet = {
      metadata: { curieMap: {}, mappingSetId: 'https://ex.org/sets/1', license: 'https://ex.org/l', extra: { comment: ' \n', mapping_set_description: 'a\n\n  b ' } },
      mappings: [],
    };
    expect(parseSssom(serializeSssom(set), 'r.tsv')).toEqual(set);
  });

  it('through SSSOM TSV, CSV and JSON', () => {
    fc.assert(fc.property(mappingSet, (set) => {
      const expected = normal(set);
      expect(parseSssom(serializeSssom(set), 'p.tsv')).toEqual(expected);
      expect(parseCsv(serializeCsv(set), 'p.csv')).toEqual(expected);
      expect(parseJson(serializeJson(set), 'p.json')).toEqual(expected);
    }), { numRuns: 100 });
  });
});

describe('metadata text with characters YAML 1.1 reads as line breaks', () => {
  const texts = (set: MappingSet): unknown[] => [set.metadata.extra?.mapping_set_title, set.metadata.extra?.mapping_set_description];

  it('NEL, LS and PS are written as the escapes \\N, \\L, \\P inside double quotes, and read back as written', () => {
    const text = [
      '#curie_map:',
      '#  HP: http://purl.obolibrary.org/obo/HP_',
      '#  MP: http://purl.obolibrary.org/obo/MP_',
      '#mapping_set_id: https://example.org/sets/1',
      '#license: https://creativecommons.org/publicdomain/zero/1.0/',
      '#mapping_set_title: "A\\x85B"',
      '#mapping_set_description: "line\\u2028separator, paragraph\\u2029separator"',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification',
      'HP:0000001\tskos:exactMatch\tMP:0000001\tsemapv:LexicalMatching',
      '',
    ].join('\n');
    const set = parseSssom(text, 'in.tsv');
    expect(texts(set)).toEqual(['A\u0085B', 'line\u2028separator, paragraph\u2029separator']);
    for (const written of [serializeSssom(set), serializeCsv(set)]) {
      expect(written).not.toMatch(/[\u0085\u2028\u2029]/);
      expect(written).toContain('#mapping_set_title: "A\\NB"');
      expect(written).toContain('"line\\Lseparator, paragraph\\Pseparator"');
    }
    const back = parseSssom(serializeSssom(set), 'out.tsv');
    expect(texts(back)).toEqual(texts(set));
  });
});

describe('IRIs with no namespace to cut, under schemes readers do not take as IRIs (did:, isbn:)', () => {
  const DID = 'did:web:a.example:translate';
  const ISBN = 'isbn:978-3-16-148410-0';
  const TARGET = 'https://ex.org/t#Translation';

  it('Alignment RDF → SSSOM TSV, JSON and CSV: the writer declares the scheme as a prefix expanding to itself, and the file reads back to the same IRIs', async () => {
    const rdf = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<rdf:RDF xmlns="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
      '<Alignment><xml>yes</xml><level>0</level><type>**</type>',
      `<map><Cell><entity1 rdf:resource="${DID}"/><entity2 rdf:resource="${TARGET}"/><relation>=</relation><measure>1.0</measure></Cell></map>`,
      `<map><Cell><entity1 rdf:resource="${ISBN}"/><entity2 rdf:resource="urn:isbn:0451450523"/><relation>=</relation><measure>0.5</measure></Cell></map>`,
      '</Alignment></rdf:RDF>',
    ].join('\n');
    const set = await parseAlignmentRdf(rdf, 'x.rdf');
    expect(set.metadata.curieMap).toMatchObject({ did: 'did:', isbn: 'isbn:' });
    const tsv = serializeSssom(set);
    expect(tsv).toContain(`${DID}\t`);
    const ends = (s: MappingSet): string[] => s.mappings.flatMap((m) => [m.subjectId ?? '', m.objectId ?? '']).sort();
    expect(ends(parseSssom(tsv, 'x.tsv'))).toEqual([ISBN, DID, TARGET, 'urn:isbn:0451450523'].sort());
    expect(ends(parseJson(serializeJson(set), 'x.json'))).toEqual(ends(set));
    expect(ends(parseCsv(serializeCsv(set), 'x.csv'))).toEqual(ends(set));
  });

  it('propose output (candidates): the same', () => {
    const concept = (iri: string): Concept => ({ ...emptyConcept(iri, 'class', 'Translation'), labels: [{ text: 'Translation', source: 'rdfs:label' }] });
    const source = buildOntologyIndex({ source: 's.ttl', concepts: [concept(DID)] });
    const target = buildOntologyIndex({ source: 't.ttl', concepts: [concept(TARGET)] });
    const set = candidatesToMappingSet([{ subject: DID, object: TARGET, predicate: 'skos:exactMatch', generator: 'exact', score: rawScore(1), measure: 'm', rank: 1, justification: 'semapv:LexicalMatching', evidence: [] }], { source, target, mappingDate: '2026-12-02' });
    const back = parseSssom(serializeSssom(set), 'c.tsv');
    expect(back.mappings[0]).toMatchObject({ subjectId: DID, objectId: TARGET });
  });

  it('the scheme is reserved before namespaces are named; an IRI written raw under a scheme another namespace took is refused (E_EXCHANGE_UNREPRESENTABLE), never written to read back as another IRI', () => {
    // A namespace whose last segment is "did" is named did2: the scheme keeps "did".
    expect(buildCurieMap(['http://ex.org/did/thing', DID], ['skos'])).toEqual({ skos: 'http://www.w3.org/2004/02/skos/core#', did: 'did:', did2: 'http://ex.org/did/' });
    // A did: IRI with a namespace, whose local part cannot be a CURIE's (`|`), is written raw, and
    // "did" already names http://ex.org/did/.
    let error: unknown;
    try {
      buildCurieMap(['http://ex.org/did/thing', 'did:x/a|b'], ['skos']);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'E_EXCHANGE_UNREPRESENTABLE' });
  });
});

describe('metadata plain scalars YAML 1.1 resolves to other types', () => {
  const text = [
    '#curie_map:',
    '#  "ON": http://ex.org/on/',
    '#  "y": http://ex.org/y/',
    '#mapping_set_id: http://ex.org/s',
    '#license: https://x.org/l',
    '#mapping_set_title: "yes"',
    '#mapping_set_version: "1:20"',
    '#subject_source_version: "2022-05-02"',
    '#object_source_version: "1_000"',
    '#mapping_set_description: "0o17"',
    '#comment: "~"',
    'subject_id\tpredicate_id\tobject_id\tmapping_justification',
    'ON:1\tskos:exactMatch\ty:2\tsemapv:ManualMappingCuration',
    '',
  ].join('\n');
  const expected = {
    curie_map: { ON: 'http://ex.org/on/', y: 'http://ex.org/y/' },
    mapping_set_title: 'yes', mapping_set_version: '1:20', subject_source_version: '2022-05-02', object_source_version: '1_000', mapping_set_description: '0o17', comment: '~',
  };

  it('are written quoted, keys too (a curie_map prefix ON), and read back as the same strings', () => {
    const set = parseSssom(text, 'in.tsv');
    for (const written of [serializeSssom(set, { condense: true }), serializeCsv(set, { condense: true })]) {
      for (const line of ['#  "ON": ', '#  "y": ', 'mapping_set_title: "yes"', 'mapping_set_version: "1:20"',
        'subject_source_version: "2022-05-02"', 'object_source_version: "1_000"', 'mapping_set_description: "0o17"', 'comment: "~"']) {
        expect(written).toContain(line);
      }
    }
    expect(parseSssom(serializeSssom(set, { condense: true }), 'out.tsv')).toEqual(parseSssom(serializeSssom(set), 'plain.tsv'));
  });

  it('"=" (PyYAML\'s value key) and "<<" (its merge key) are written quoted, keys too, so PyYAML reads them as text', () => {
    const text = stringifyYaml({ a: '=', c: 'a=b', m: '<<', '<<': 'x', n: '<<<' }, {});
    expect(text).toContain('a: "="');
    expect(text).toContain('c: a=b');
    expect(text).toContain('m: "<<"');
    expect(text).toContain('"<<": x');
    expect(text).toContain('"n": <<<');
    const probe = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' });
    if (probe.status !== 0) return;
    const read = spawnSync('python3', ['-c', 'import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))'], { input: text, encoding: 'utf8' });
    expect([read.status, JSON.parse(read.stdout)]).toEqual([0, { a: '=', c: 'a=b', m: '<<', '<<': 'x', n: '<<<' }]);
  });

  it('PyYAML (sssom-py\'s reader) reads the written block as the same strings, where it is installed', () => {
    const probe = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' });
    if (probe.status !== 0) return; // the quoting itself is checked above
    const block = serializeSssom(parseSssom(text, 'in.tsv'), { condense: true }).split('\n').filter((l) => l.startsWith('#')).map((l) => l.slice(1)).join('\n');
    const read = spawnSync('python3', ['-c', 'import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read()), default=repr))'], { input: block, encoding: 'utf8' });
    expect(read.status).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject(expected);
  });
});
