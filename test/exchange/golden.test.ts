/**
 * Golden tests over corpora/sssom-examples/: every file is read, with the outcome the SSSOM
 * specification demands (rows, or the exact error and line for files that break the spec), and
 * the JSON written for every file read satisfies the SSSOM JSON Schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIoaError, type ErrorCode } from '../../src/model/errors.js';
import { recordKey, type MappingSet } from '../../src/model/mapping.js';
import {
  parseSssom, readAlignmentAsMappingSet, readMappingFile, serializeJson, serializeSssom, sharedSlot,
} from '../../src/exchange/index.js';
import { mappingSetSchemaErrors } from '../helpers/sssom-schema.js';

const dir = join(import.meta.dirname, '../../corpora/sssom-examples');
const path = (name: string): string => join(dir, name);

type Expected = { rows: number } | { code: ErrorCode; line: number; why: string };

/** One entry per file in the directory; a new file without an entry fails the first test. */
const EXPECTED: Record<string, Expected> = {
  'cardinality.sssom.tsv': { rows: 9 },
  'curation_rule.sssom.tsv': { rows: 3 },
  // The spec's external-metadata example: its metadata lives in a sidecar YAML file that is not
  // part of the corpus, so on its own it lacks a license (and declares no prefixes). A missing
  // mapping_set_id alone would only be a warning.
  'example1.sssom.tsv': { code: 'E_SSSOM_MISSING_METADATA', line: 1, why: 'no embedded metadata, so no license' },
  'foodie-inc-2022-05-01.sssom.tsv': { rows: 5 },
  'mapping_set_confidence.sssom.tsv': { rows: 2 },
  // sssom-py test data that predates mapping_set_id being required (read with a derived id and a
  // warning) and SSSOM's list of justifications: `semapv:MappingCuration` is not one of them.
  'mondo-nando.sssom.tsv': { code: 'E_SSSOM_BAD_ROW', line: 13, why: 'justification semapv:MappingCuration' },
  'mp-hp-exact-0.0.1.sssom.tsv': { rows: 42 },
  'no_term_found.sssom.tsv': { rows: 2 },
  'oaei-ordo-hp.rdf.tsv': { rows: 646 },
  'oaei-ordo-hp.rdf': { rows: 646 },
  'predicate-types.sssom.tsv': { rows: 4 },
  'review_date.sssom.tsv': { rows: 1 },
  'reviewer_agreement.sssom.tsv': { rows: 3 },
  'similarity_score.sssom.tsv': { rows: 3 },
};
/** Provenance and licence texts shipped with the examples; not mapping files. */
const NOT_MAPPINGS = new Set(['SOURCE.txt', 'LICENSE.sssom-py.head.txt', 'LICENSE.sssom-spec.txt']);

/** Data rows counted naively (lines that are neither metadata, header nor blank). */
function naiveRowCount(text: string): number {
  return text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).length - 1;
}

function caught(fn: () => unknown): { code: string; line?: number } | undefined {
  try {
    fn();
  } catch (error) {
    if (isIoaError(error)) return { code: error.code, ...(error.location.line !== undefined ? { line: error.location.line } : {}) };
    throw error;
  }
  return undefined;
}

async function outcome(name: string): Promise<MappingSet | { code: string; line?: number }> {
  try {
    return await readMappingFile(path(name));
  } catch (error) {
    if (isIoaError(error)) return { code: error.code, ...(error.location.line !== undefined ? { line: error.location.line } : {}) };
    throw error;
  }
}

describe('corpora/sssom-examples golden outcomes', () => {
  it('covers every file in the directory', () => {
    const files = readdirSync(dir).filter((f) => !NOT_MAPPINGS.has(f)).sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${'rows' in expected ? `${expected.rows} rows` : `${expected.code} at line ${expected.line} (${expected.why})`}`, async () => {
      const result = await outcome(name);
      if ('rows' in expected) {
        expect('mappings' in result ? result.mappings.length : result).toBe(expected.rows);
        if (name.endsWith('.tsv')) expect(expected.rows).toBe(naiveRowCount(readFileSync(path(name), 'utf8')));
        // Whatever we read, the JSON we write for it satisfies the SSSOM JSON Schema.
        if ('mappings' in result) expect(mappingSetSchemaErrors(JSON.parse(serializeJson(result)))).toEqual([]);
      } else {
        expect(result).toEqual({ code: expected.code, line: expected.line });
      }
    });
  }
});

describe('what the readers make of the examples', () => {
  const read = (name: string): MappingSet => parseSssom(readFileSync(path(name), 'utf8'), name);

  it('expands CURIEs with curie_map and the built-in prefixes (skos, semapv, sssom)', () => {
    const set = read('cardinality.sssom.tsv');
    const first = set.mappings.find((m) => m.extra?.mapping_cardinality === '1:n');
    expect(first?.subjectId).toBe('https://example.org/subject/0002');
    expect(first?.objectId).toMatch(/^https:\/\/example\.org\/object\/000[23]$/);
    expect(first?.predicateId).toBe('skos:exactMatch');
    expect(first?.justification).toBe('semapv:LexicalMatching');
    expect(set.metadata.mappingSetId).toBe('https://example.org/sets/cardinality');
  });

  it('unquotes pandas-style quoted comments and keeps confidence as the curator wrote it', () => {
    const set = read('foodie-inc-2022-05-01.sssom.tsv');
    const apple = set.mappings.find((m) => m.subjectId === 'https://kewl-foodie.inc/food/F001');
    expect(apple?.comment).toBe('We could map to FOODON:03310788 instead to cover sliced apples, but only "whole" apple types exist.');
    expect(apple?.confidence).toBe(0.95);
    expect(apple?.similarityScore).toBeUndefined();
    expect(apple?.objectId).toBe('http://purl.obolibrary.org/obo/FOODON_00002473');
    expect(set.mappings.some((m) => m.objectId === 'https://w3id.org/sssom/NoMapping')).toBe(true);
    expect(set.metadata.mappingDate).toBe('2022-05-02');
    // subject_source is set-level and no row has its own: it propagates to every mapping, and
    // sharedSlot gives it back as the set's.
    expect(set.metadata.subjectSource).toBeUndefined();
    expect(set.mappings.every((m) => m.extra?.subject_source === 'KF_FOOD:DB')).toBe(true);
    expect(sharedSlot(set, 'subject_source')).toBe('KF_FOOD:DB');
    expect(set.metadata.extra?.mapping_set_version).toBe('2022-05-01');
  });

  it('reads similarity_score and similarity_measure, not confidence', () => {
    const set = read('similarity_score.sssom.tsv');
    const row = set.mappings.find((m) => m.subjectId?.endsWith('HP_0009124'));
    expect(row).toMatchObject({ similarityScore: 0.8, similarityMeasure: 'wikidata:Q865360', justification: 'semapv:LexicalSimilarityThresholdMatching' });
    expect(row?.confidence).toBeUndefined();
  });

  it('reads reviewer_id as expanded IRIs and review_date', () => {
    const [row] = read('review_date.sssom.tsv').mappings;
    expect(row?.reviewerId).toEqual(['https://orcid.org/0000-0003-4423-4370']);
    expect(row?.reviewDate).toBe('2026-03-26');
    expect(row?.extra?.author_id).toEqual(['orcid:0000-0001-9439-5346']);
  });

  it('keeps the slots without a field of their own, typed as the model types them (reviewer_agreement a number)', () => {
    expect(read('reviewer_agreement.sssom.tsv').mappings.map((m) => m.extra?.reviewer_agreement)).toEqual([0.99, 0, -0.99]);
    const types = read('predicate-types.sssom.tsv');
    expect(types.mappings.map((m) => m.predicateId)).toContain('https://example.org/properties/example_annot_property');
    expect(types.mappings.map((m) => m.extra?.predicate_type)).toContain('owl annotation property');
  });

  it('reads a file saved with Windows line endings (CRLF) exactly as the original', () => {
    const text = readFileSync(path('foodie-inc-2022-05-01.sssom.tsv'), 'utf8');
    expect(parseSssom(text.replace(/\n/g, '\r\n'), 'crlf.tsv')).toEqual(parseSssom(text, 'lf.tsv'));
  });

  it('sssom:NoTermFound is an identifier like any other', () => {
    expect(read('no_term_found.sssom.tsv').mappings.map((m) => m.objectId)).toContain('https://w3id.org/sssom/NoTermFound');
  });

  it('example1 reads once its external metadata is supplied (SSSOM external metadata mode)', () => {
    const set = parseSssom(readFileSync(path('example1.sssom.tsv'), 'utf8'), 'example1.sssom.tsv', {
      metadata: {
        mapping_set_id: 'https://w3id.org/sssom/tutorial/example1.sssom.tsv',
        license: 'https://creativecommons.org/licenses/by/4.0/',
        curie_map: { KF_FOOD: 'https://kewl-foodie.inc/food/', FOODON: 'http://purl.obolibrary.org/obo/FOODON_', orcid: 'https://orcid.org/' },
      },
    });
    expect(set.mappings).toHaveLength(5);
    // Same rows as the embedded-metadata copy of the same example.
    const foodie = read('foodie-inc-2022-05-01.sssom.tsv');
    const key = (s: MappingSet): string[] => s.mappings.map(recordKey).sort();
    expect(key(set)).toEqual(key(foodie));
  });

  it('mondo-nando: read leniently, its missing mapping_set_id is a warning and its first bad row the error; strict refuses the id', () => {
    const text = readFileSync(path('mondo-nando.sssom.tsv'), 'utf8');
    const warnings: string[] = [];
    const lenient = (): unknown => parseSssom(text, 'mondo-nando.sssom.tsv', { onWarning: (w) => warnings.push(w.code) });
    expect(caught(lenient)).toMatchObject({ code: 'E_SSSOM_BAD_ROW', line: 13 });
    expect(warnings).toEqual(['SSSOM_DERIVED_SET_ID']);
    expect(caught(() => parseSssom(text, 'mondo-nando.sssom.tsv', { strict: true }))).toMatchObject({ code: 'E_SSSOM_MISSING_METADATA', line: 1 });
  });
});

describe('oaei-ordo-hp.rdf → SSSOM', () => {
  it('gives the same 646 (subject, predicate, object) rows as sssom-py\'s oaei-ordo-hp.rdf.tsv, with the same measures', async () => {
    const fromRdf = await readAlignmentAsMappingSet(path('oaei-ordo-hp.rdf'));
    const written = serializeSssom(fromRdf);
    const reread = parseSssom(written, 'converted.sssom.tsv');
    const reference = parseSssom(readFileSync(path('oaei-ordo-hp.rdf.tsv'), 'utf8'), 'oaei-ordo-hp.rdf.tsv');

    const ours = new Map(reread.mappings.map((m) => [recordKey(m), m.similarityScore]));
    const theirs = new Map(reference.mappings.map((m) => [recordKey(m), m.confidence]));
    expect(ours.size).toBe(646);
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    // sssom-py put the Alignment measure in confidence; here it is a similarity_score (the
    // matcher's degree, not a curator's statement), with the same value.
    for (const [k, v] of theirs) expect(ours.get(k)).toBeCloseTo(v!, 12);
    expect(reread.mappings.every((m) => m.confidence === undefined)).toBe(true);
    expect(sharedSlot(reread, 'subject_source')).toBe('http://purl.obolibrary.org/ordo.owl');
    expect(sharedSlot(reread, 'object_source')).toBe('http://purl.obolibrary.org/hp.owl');
    // Written as CURIEs with generated prefixes.
    expect(written).toMatch(/^Orphanet:\d+\t\tskos:exactMatch\t\tHP:\d+\t/m);
  });
});
