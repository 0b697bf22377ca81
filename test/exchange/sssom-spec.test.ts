/**
 * Conformance with the SSSOM specification's own example suite (corpora/sssom-spec: the 27
 * files of examples/schema and the JSON Schema generated from the model). One golden test per
 * file: its rows as read (counts and values taken from the file by hand, not from our writer),
 * the JSON Schema's verdict on the JSON we write for it, and the round trips through JSON, TSV
 * and CSV. A file added to the folder without an entry here fails the first test, so a new SSSOM
 * feature shows up as a failing file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIoaError } from '../../src/model/errors.js';
import type { MappingRecord, MappingSet } from '../../src/model/mapping.js';
import {
  EXTENSIONS_MARKER, MAPPING_SLOTS, PROPAGATABLE, SET_SLOTS, SLOTS, parseCsv, parseJson, parseSssom, serializeCsv, serializeJson,
  serializeSssom, sharedSlot, sortedMappings, type ExchangeWarning,
} from '../../src/exchange/index.js';
import { mappingSetSchemaErrors, sssomJsonSchema } from '../helpers/sssom-schema.js';

const dir = join(import.meta.dirname, '../../corpora/sssom-spec');
const NOT_MAPPINGS = new Set(['LICENSE.txt', 'SOURCE.txt', 'sssom_schema.schema.json']);

interface Read {
  set: MappingSet;
  warnings: ExchangeWarning[];
  text: string;
}

function read(name: string): Read {
  const text = readFileSync(join(dir, name), 'utf8');
  const warnings: ExchangeWarning[] = [];
  return { set: parseSssom(text, name, { onWarning: (w) => warnings.push(w) }), warnings, text };
}

const normal = (set: MappingSet): MappingSet => ({ metadata: set.metadata, mappings: sortedMappings(set.mappings) });
const iri = (m: MappingRecord | undefined, side: 'subject' | 'object'): string | undefined => (side === 'subject' ? m?.subjectId : m?.objectId);
const bySubject = (set: MappingSet, suffix: string): MappingRecord[] => set.mappings.filter((m) => m.subjectId?.endsWith(suffix));
const OBO = 'http://purl.obolibrary.org/obo/';

/** What each file must read as, beyond its row count. Values are those written in the file. */
const EXPECTED: Record<string, { rows: number; check: (r: Read) => void }> = {
  'cardinality-scope-empty.sssom.tsv': {
    rows: 6,
    check: ({ set }) => {
      expect(set.mappings.map((m) => m.extra?.mapping_cardinality)).toEqual(Array(6).fill('1:n'));
      expect(set.mappings[0]).toMatchObject({ subjectId: 'https://example.org/entities/0001', subjectLabel: 'alice', objectId: 'https://example.com/entities/0011', objectLabel: 'alpha', extra: { object_source: 'SRC:com' } });
      expect(set.mappings.every((m) => m.extra?.cardinality_scope === undefined)).toBe(true);
    },
  },
  'cardinality-scope-predicate+object_source.sssom.tsv': {
    rows: 6,
    check: ({ set }) => {
      // cardinality_scope is propagatable: the set's list stands for every mapping.
      for (const m of set.mappings) expect(m.extra?.cardinality_scope).toEqual(['predicate_id', 'object_source']);
      expect(set.metadata.extra?.cardinality_scope).toBeUndefined();
      expect(set.mappings.map((m) => m.extra?.mapping_cardinality)).toEqual(Array(6).fill('1:1'));
    },
  },
  'cardinality-scope-predicate.sssom.tsv': {
    rows: 6,
    check: ({ set }) => {
      for (const m of set.mappings) expect(m.extra?.cardinality_scope).toEqual(['predicate_id']);
      expect(bySubject(set, '0007').map((m) => m.extra?.mapping_cardinality)).toEqual(['1:1', '1:1']);
      expect(bySubject(set, '0001').map((m) => m.extra?.mapping_cardinality)).toEqual(['1:n', '1:n']);
    },
  },
  'cardinality-with-unmapped-entities.sssom.tsv': {
    rows: 4,
    check: ({ set }) => {
      const NTF = 'https://w3id.org/sssom/NoTermFound';
      expect(set.mappings.map((m) => [m.subjectId === NTF, m.objectId === NTF, m.extra?.mapping_cardinality])).toEqual([
        [false, true, '1:0'], [false, false, '1:1'], [true, false, '0:1'], [true, true, '0:0'],
      ]);
      expect(set.mappings[3]?.extra).toMatchObject({ subject_source: 'SRC:E', object_source: 'SRC:F' });
    },
  },
  'cardinality.sssom.tsv': {
    rows: 9,
    check: ({ set }) => {
      expect(bySubject(set, '0001').map((m) => m.justification)).toEqual(['semapv:LexicalMatching', 'semapv:MappingReview']);
      expect(set.mappings.find((m) => m.subjectId?.endsWith('0005') && m.objectId?.endsWith('0005'))?.extra?.mapping_cardinality).toBe('n:n');
      expect(set.mappings[8]?.comment).toBe('S6 mapped only to O5, O5 mapped to both S5 and S6');
    },
  },
  'composite-entities.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.mappings[0]?.subjectId).toBe("http://example.org/schema0001/(disease:'MONDO:0005148',phenotype:'HP:0009124')");
      expect(set.mappings.map((m) => m.subjectType)).toEqual(Array(3).fill('composed entity expression'));
      expect(set.mappings.map((m) => m.objectId)).toEqual([`${OBO}MP_0000003`, `${OBO}MP_0000018`, `${OBO}MP_0000018`]);
    },
  },
  'curation_rule-propagated.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      // The set-level rule applies to every mapping (no row has its own).
      for (const m of set.mappings) expect(m.extra?.curation_rule).toEqual(['DISEASE_MAPPING_COMMONS_RULES:MPR2']);
      expect(set.metadata.extra?.curation_rule).toBeUndefined();
      // creator_id describes the set, not its mappings: it stays there.
      expect(set.metadata.extra?.creator_id).toEqual(['orcid:0000-0002-7356-1779']);
      expect(set.mappings.every((m) => m.extra?.creator_id === undefined)).toBe(true);
      // Written back condensed (as `convert` does): once, on the set.
      const json = JSON.parse(serializeJson(set, { condense: true })) as { curation_rule?: string[]; mappings: { curation_rule?: string[] }[] };
      expect(json.curation_rule).toEqual(['DISEASE_MAPPING_COMMONS_RULES:MPR2']);
      expect(json.mappings.every((m) => m.curation_rule === undefined)).toBe(true);
    },
  },
  'curation_rule.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.mappings.map((m) => m.extra?.curation_rule)).toEqual([
        ['DISEASE_MAPPING_COMMONS_RULES:MPR2'], ['DISEASE_MAPPING_COMMONS_RULES:MPR3'], ['DISEASE_MAPPING_COMMONS_RULES:MPR3'],
      ]);
      expect(set.mappings[0]?.extra?.see_also).toEqual(['https://github.com/mapping-commons/disease-mappings/issues/16']);
    },
  },
  'curation_rule_text-propagated.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      const rule = 'Human and mouse phenotypes that inhere in homologous structures and exhibit the same phenotypic quality are considered exact matches.';
      for (const m of set.mappings) expect(m.extra?.curation_rule_text).toEqual([rule]);
    },
  },
  'curation_rule_text.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.mappings[2]?.extra?.curation_rule_text).toEqual(['The two phenotypes are associated with the exact same set of diseases']);
      expect(set.mappings[2]?.subjectId).toBe(`${OBO}HP_0000411`);
    },
  },
  'curation_rule_text2.sssom.tsv': {
    rows: 8,
    check: ({ set, warnings }) => {
      // Five rows end without their (empty) comment cell; the last one has no final newline either.
      expect(warnings).toEqual([expect.objectContaining({ code: 'SSSOM_SHORT_ROWS', location: { file: 'curation_rule_text2.sssom.tsv', line: 11 } })]);
      expect(warnings[0]?.message).toMatch(/^5 row\(s\)/);
      const last = set.mappings[7];
      expect(last).toMatchObject({ subjectId: `${OBO}WTO_0000452`, objectId: 'http://www.cropontology.org/rdf/CO_321:0000932', objectLabel: 'Bacterial leaf blight severity' });
      expect((last?.extra?.curation_rule_text as string[])[0]).toMatch(/^Rule 1\.3: .* severity of this one on the plant\.$/);
      expect(last?.comment).toBeUndefined();
      expect(set.mappings[2]).toMatchObject({ subjectLabel: 'anther extrusion', predicateId: 'skos:exactMatch' });
      expect(set.mappings[2]?.extra).toBeUndefined();
      // Single-valued in the file, a list in the model (SSSOM/TSV: parsers accept the scalar form).
      expect(set.metadata.extra?.creator_id).toEqual(['ror:02kvxyf05']);
      expect(set.metadata.extra?.creator_label).toEqual(['INRAE']);
    },
  },
  'curie_map.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.metadata.curieMap).toEqual({ HP: `${OBO}HP_`, MP: `${OBO}MP_`, orcid: 'https://orcid.org/' });
      expect(set.mappings.map((m) => iri(m, 'subject'))).toEqual([`${OBO}HP_0009124`, `${OBO}HP_0008551`, `${OBO}HP_0000411`]);
    },
  },
  'cxsmiles_pipe.sssom.tsv': {
    rows: 1,
    check: ({ set }) => {
      // One value whose escaped pipes (`\|`) belong to it, not two or three values.
      expect(set.mappings[0]?.extra?.match_string).toEqual(['c12c3c4c5c1[Fe]23451234c5c1c2c3c45 |C:4.5,0.6,1.7,2.8,3.9,7.12,6.10,9.16,10.18,8.14|']);
      expect(set.mappings[0]?.objectId).toBe('http://rdf.ncbi.nlm.nih.gov/pubchem/compound/CID7611');
      expect(set.mappings[0]?.extra?.subject_match_field).toEqual(['wikidata:P10718']);
    },
  },
  'extension-slots.sssom.tsv': {
    rows: 4,
    check: ({ set, warnings }) => {
      expect(warnings).toEqual([]);
      expect(set.metadata.extensionDefinitions).toEqual([
        { slotName: 'ext_bar', property: 'EXPROP:barProperty', typeHint: 'xsd:integer' },
        { slotName: 'ext_baz', property: 'EXPROP:bazProperty', typeHint: 'linkml:Uriorcurie' },
        { slotName: 'ext_foo', property: 'EXPROP:fooProperty' },
      ]);
      // Defined and undefined extensions both survive, at set level and on mappings.
      expect(set.metadata.extensions).toEqual({ ext_foo: 'Foo A', ext_undeclared_foo: 'Foo B' });
      expect(set.mappings.map((m) => m.extensions)).toEqual([
        { ext_bar: '111', ext_baz: 'ORGENT:BAZ_0001', ext_undeclared_baz: 'BAZ A' },
        { ext_bar: '112', ext_baz: 'ORGENT:BAZ_0002' },
        { ext_bar: '114', ext_undeclared_baz: 'Baz C' },
        { ext_bar: '115', ext_baz: 'ORGENT:BAZ_0005', ext_undeclared_baz: 'Baz E' },
      ]);
      expect(set.metadata.extra).toEqual({ mapping_set_title: 'Sample set EXO2C with extension slots' });
      // In JSON they travel in `other` (the schema is closed); nowhere else.
      const json = JSON.parse(serializeJson(set)) as Record<string, unknown> & { mappings: Record<string, unknown>[] };
      expect(json.other).toBe(`${EXTENSIONS_MARKER}{"slots":{"ext_undeclared_foo":"Foo B","ext_foo":"Foo A"}}`);
      expect(json.mappings[0]?.other).toBe(`${EXTENSIONS_MARKER}{"slots":{"ext_undeclared_baz":"BAZ A","ext_bar":"111","ext_baz":"ORGENT:BAZ_0001"}}`);
      expect(Object.keys(json.mappings[0]!).filter((k) => k.startsWith('ext_'))).toEqual([]);
    },
  },
  'issue_tracker.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.metadata.extra?.issue_tracker).toBe('https://github.com/mapping-commons/mh_mapping_initiative/issues');
      expect(set.mappings.map((m) => m.extra?.issue_tracker_item)).toEqual(['MH_MAPPINGS_GITHUB_ISSUES:9123', undefined, 'MH_MAPPINGS_GITHUB_ISSUES:9125']);
    },
  },
  'issue_tracker_item.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.mappings.map((m) => m.extra?.issue_tracker_item)).toEqual(['MH_MAPPINGS_GITHUB_ISSUES:9123', undefined, 'MH_MAPPINGS_GITHUB_ISSUES:9125']);
    },
  },
  'literals.sssom.tsv': {
    rows: 4,
    check: ({ set }) => {
      // SSSOM 1.1 literal mappings: the subject is the label itself, and has no id.
      expect(set.mappings.map((m) => [m.subjectType, m.subjectLabel, m.subjectId])).toEqual([
        ['rdfs literal', 'alice', undefined], ['rdfs literal', 'bob', undefined], ['rdfs literal', 'daphne', undefined], ['rdfs literal', 'eve', undefined],
      ]);
      expect(set.mappings[0]).toMatchObject({ objectId: 'https://example.com/entities/0011', objectLabel: 'alpha', predicateId: 'skos:closeMatch' });
      const json = JSON.parse(serializeJson(set)) as { subject_type?: string; mappings: Record<string, unknown>[] };
      expect(json.mappings.every((m) => m.subject_id === undefined && m.subject_type === 'rdfs literal' && typeof m.subject_label === 'string')).toBe(true);
      // Condensed, the type is said once for the whole set.
      expect((JSON.parse(serializeJson(set, { condense: true })) as { subject_type?: string }).subject_type).toBe('rdfs literal');
    },
  },
  'mapping_set_confidence.sssom.tsv': {
    rows: 2,
    check: ({ set }) => {
      expect(set.metadata.extra).toMatchObject({ sssom_version: '1.1', mapping_set_confidence: 0.8 });
      expect(set.mappings.map((m) => m.mappingTool)).toEqual(['AgreementMakerLight', 'AgreementMakerLight']);
      expect((JSON.parse(serializeJson(set)) as { mapping_set_confidence: unknown }).mapping_set_confidence).toBe(0.8);
    },
  },
  'mapping_tool_id.sssom.tsv': {
    rows: 2,
    check: ({ set }) => {
      expect(set.mappings.map((m) => m.extra?.mapping_tool_id)).toEqual(['wikidata:Q58057366', 'wikidata:Q58057366']);
    },
  },
  'no_term_found.sssom.tsv': {
    rows: 2,
    check: ({ set }) => {
      expect(set.mappings[1]?.objectId).toBe('https://w3id.org/sssom/NoTermFound');
      expect(set.mappings.map((m) => [m.extra?.subject_source, m.extra?.object_source])).toEqual([['obo:hp', 'obo:mp'], ['obo:hp', 'obo:mp']]);
      expect(sharedSlot(set, 'object_source')).toBe('obo:mp');
    },
  },
  'pipe-escaping.sssom.tsv': {
    rows: 2,
    check: ({ set }) => {
      // What the file's own comment says the two author_label cells hold.
      expect(set.mappings.map((m) => m.extra?.author_label)).toEqual([['Alice|Bob', 'Charlie'], ['Alice\\Bob', 'Charlie\\', 'David\\|Eve\\']]);
    },
  },
  'predicate-types.sssom.tsv': {
    rows: 4,
    check: ({ set }) => {
      expect(set.mappings.map((m) => m.extra?.predicate_type)).toEqual(['owl annotation property', 'owl object property', 'owl data property', 'rdf property']);
      expect(set.mappings[1]?.predicateId).toBe('https://example.org/properties/example_object_property');
    },
  },
  'record-ids.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.mappings.map((m) => m.extra?.record_id)).toEqual(['RI:0000001', 'RI:0000002', 'RI:0000003']);
      // The `HP`/`MP` prefixes of this file stand for FBbt and UBERON.
      expect(set.mappings[0]).toMatchObject({ subjectId: `${OBO}FBbt_0009124`, objectId: `${OBO}UBERON_0000003` });
      expect(set.metadata.extra?.sssom_version).toBe('1.1');
    },
  },
  'review_date.sssom.tsv': {
    rows: 1,
    check: ({ set }) => {
      expect(set.mappings[0]).toMatchObject({ reviewDate: '2026-03-26', reviewerId: ['https://orcid.org/0000-0003-4423-4370'], extra: { author_id: ['orcid:0000-0001-9439-5346'] } });
      expect(set.metadata.extra?.see_also).toHaveLength(3);
    },
  },
  'reviewer_agreement.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.mappings.map((m) => m.extra?.reviewer_agreement)).toEqual([0.99, 0, -0.99]);
      const json = JSON.parse(serializeJson(set)) as { mappings: { subject_id: string; reviewer_agreement: unknown }[] };
      expect(json.mappings.map((m) => [m.subject_id, m.reviewer_agreement])).toEqual([['CHEBI:10001', 0.99], ['CHEBI:10057', -0.99], ['CHEBI:127105', 0]]);
    },
  },
  'similarity_score.sssom.tsv': {
    rows: 3,
    check: ({ set }) => {
      expect(set.mappings.map((m) => [m.similarityScore, m.similarityMeasure])).toEqual([[0.8, 'wikidata:Q865360'], [0.4, 'wikidata:Q865360'], [1, 'wikidata:Q1784941']]);
      expect(set.mappings.every((m) => m.confidence === undefined)).toBe(true);
    },
  },
  'version.sssom.tsv': {
    rows: 2,
    check: ({ set, warnings, text }) => {
      expect(set.metadata.extra?.sssom_version).toBe('1.1');
      expect(set.metadata.license).toBe('https://w3id.org/sssom/license/unspecified');
      // No mapping_set_id: derived, said so, and refused in strict mode.
      expect(set.metadata.mappingSetId).toMatch(/^https:\/\/w3id\.org\/sssom\/mappings\/[0-9a-f-]{36}$/);
      expect(warnings.map((w) => w.code)).toEqual(['SSSOM_DERIVED_SET_ID']);
      let code: string | undefined;
      try {
        parseSssom(text, 'version.sssom.tsv', { strict: true });
      } catch (error) {
        code = isIoaError(error) ? `${error.code}:${error.location.line}` : String(error);
      }
      expect(code).toBe('E_SSSOM_MISSING_METADATA:1');
    },
  },
};

/** Data rows counted naively: lines that are neither metadata, header nor blank. */
function naiveRowCount(text: string): number {
  return text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).length - 1;
}

describe('corpora/sssom-spec: the SSSOM specification\'s examples', () => {
  it('has an expectation for every example file', () => {
    const files = readdirSync(dir).filter((f) => !NOT_MAPPINGS.has(f)).sort();
    expect(files).toHaveLength(27);
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${expected.rows} rows, schema-valid JSON, lossless round trips`, () => {
      const r = read(name);
      expect(r.set.mappings).toHaveLength(expected.rows);
      expect(naiveRowCount(r.text)).toBe(expected.rows);
      expected.check(r);

      const json = serializeJson(r.set);
      expect(mappingSetSchemaErrors(JSON.parse(json))).toEqual([]);
      const viaJson = parseJson(json, `${name}.json`);
      const want = normal(r.set);
      expect(viaJson).toEqual(want);
      expect(parseSssom(serializeSssom(viaJson), `${name}.back.tsv`)).toEqual(want);
      expect(parseSssom(serializeSssom(r.set), `${name}.again.tsv`)).toEqual(want);
      expect(parseSssom(serializeSssom(r.set, { condense: true }), `${name}.condensed.tsv`)).toEqual(want);
      expect(mappingSetSchemaErrors(JSON.parse(serializeJson(r.set, { condense: true })))).toEqual([]);
      expect(parseJson(serializeJson(r.set, { condense: true }), `${name}.condensed.json`)).toEqual(want);
      expect(parseCsv(serializeCsv(r.set), `${name}.csv`)).toEqual(want);
    });
  }
});

describe('the JSON Schema check is not vacuous', () => {
  const json = (): Record<string, unknown> & { mappings: Record<string, unknown>[] } =>
    JSON.parse(serializeJson(read('reviewer_agreement.sssom.tsv').set)) as Record<string, unknown> & { mappings: Record<string, unknown>[] };

  it('refuses a number written as a string, an unknown slot, a missing mapping_set_id and a bad date', () => {
    const stringNumber = json();
    stringNumber.mappings[0]!.reviewer_agreement = '0.99';
    expect(mappingSetSchemaErrors(stringNumber)).toEqual(['/mappings/0/reviewer_agreement must be number,null']);
    const unknown = json();
    unknown.mappings[0]!.ext_bar = '1';
    expect(mappingSetSchemaErrors(unknown)).toEqual(['/mappings/0 must NOT have additional properties (ext_bar)']);
    const noId = json();
    delete noId.mapping_set_id;
    expect(mappingSetSchemaErrors(noId)).toEqual(["/ must have required property 'mapping_set_id'"]);
    const badDate = json();
    badDate.mappings[0]!.review_date = '2026-02-30';
    expect(mappingSetSchemaErrors(badDate)).toEqual(['/mappings/0/review_date must match format "date"']);
  });
});

describe('the slot table matches the SSSOM JSON Schema', () => {
  const defs = sssomJsonSchema.$defs;
  const kinds = (props: Record<string, Record<string, unknown>>, names: readonly string[]): void => {
    for (const name of names) {
      const p = props[name];
      expect(p, name).toBeDefined();
      const types = ([] as unknown[]).concat(p!.type ?? []);
      expect(types.includes('array'), `${name} multivalued`).toBe(Boolean(SLOTS[name]?.multivalued));
      expect(types.includes('number'), `${name} double`).toBe(SLOTS[name]?.kind === 'double');
      if (SLOTS[name]?.kind === 'double') expect([p!.minimum, p!.maximum], name).toEqual(SLOTS[name]!.range);
    }
  };

  it('Mapping: the same slots, lists and numbers', () => {
    expect([...MAPPING_SLOTS].sort()).toEqual(Object.keys(defs.Mapping!.properties).sort());
    kinds(defs.Mapping!.properties, MAPPING_SLOTS);
  });

  it('MappingSet: the same slots, lists and numbers', () => {
    expect([...SET_SLOTS, 'mappings'].sort()).toEqual(Object.keys(defs.MappingSet!.properties).sort());
    kinds(defs.MappingSet!.properties, SET_SLOTS.filter((s) => s !== 'curie_map' && s !== 'extension_definitions'));
  });

  it('every propagatable slot exists on both classes', () => {
    expect(PROPAGATABLE).toHaveLength(20);
    for (const slot of PROPAGATABLE) {
      expect(defs.Mapping!.properties[slot], slot).toBeDefined();
      expect(defs.MappingSet!.properties[slot], slot).toBeDefined();
    }
  });
});
