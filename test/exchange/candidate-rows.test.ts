/**
 * Fused candidates as a review file: one row per candidate, ranked, members' raw scores and ranks
 * in declared extension columns; and back again (candidatesFromMappingSet) through every format.
 */
import { describe, expect, it } from 'vitest';
import { emptyConcept } from '../../src/model/concept.js';
import { buildOntologyIndex } from '../../src/model/ontology-index.js';
import { rawScore, type Candidate } from '../../src/model/mapping.js';
import {
  candidateRowStream, candidatesFromMappingSet, candidatesToMappingSet, parseCsv, parseJson, parseSssom, propagateSet, serializeCsv, serializeJson, serializeMappingChunks, serializeMappings, serializeSssom,
  type ExportCandidate,
} from '../../src/exchange/index.js';
import { mappingSetSchemaErrors } from '../helpers/sssom-schema.js';
import { thrownIoaError } from '../helpers/errors.js';

const S = 'http://a.org/onto#';
const O = 'http://b.org/onto#';
const index = (iri: string, names: string[], ns: string) => buildOntologyIndex({
  source: `${iri}.owl`, iri, concepts: names.map((n) => ({ ...emptyConcept(`${ns}${n}`, 'class', n), labels: [{ text: n.toLowerCase(), source: 'rdfs:label' as const }] })),
});
const source = index('http://a.org/onto', ['Heart', 'Lung', 'Aorta'], S);
const target = index('http://b.org/onto', ['Heart', 'Lungs', 'Artery', 'Vein'], O);

function member(generator: string, subject: string, object: string, score: number, rank: number): Candidate {
  return {
    subject: `${S}${subject}`, object: `${O}${object}`, predicate: 'skos:exactMatch', generator, score: rawScore(score), rank,
    measure: `${generator}-measure`, justification: generator === 'exact' ? 'semapv:LexicalMatching' : 'semapv:LexicalSimilarityThresholdMatching',
    evidence: [{ generator, subjectText: subject.toLowerCase(), objectText: object.toLowerCase(), subjectField: 'label', objectField: 'label' }],
  };
}

function fused(subject: string, object: string, score: number, rank: number, members: Candidate[]): ExportCandidate {
  return {
    subject: `${S}${subject}`, object: `${O}${object}`, predicate: 'skos:exactMatch', generator: 'fusion', score: rawScore(score), rank,
    measure: 'fused-measure', justification: 'semapv:CompositeMatching', evidence: members.flatMap((m) => m.evidence), members,
  };
}

const CANDIDATES: ExportCandidate[] = [
  fused('Aorta', 'Vein', 0.21, 2, [member('edit', 'Aorta', 'Vein', 0.62, 3)]),
  fused('Heart', 'Heart', 0.9, 1, [member('exact', 'Heart', 'Heart', 1, 1), member('edit', 'Heart', 'Heart', 1, 1)]),
  fused('Aorta', 'Artery', 0.35, 1, [member('edit', 'Aorta', 'Artery', 0.7, 1), member('tfidf', 'Aorta', 'Artery', 0.41, 2)]),
  fused('Lung', 'Lungs', 0.5, 1, [member('tfidf', 'Lung', 'Lungs', 0.88, 1)]),
];
const ctx = { source, target, mappingDate: '2026-12-02' };

describe('candidate rows (default layout)', () => {
  const set = candidatesToMappingSet(CANDIDATES, ctx);

  it('one row per candidate, ordered by subject then rank, whatever the input order', () => {
    expect(set.mappings.map((m) => [m.subjectId, m.objectId, m.extensions?.candidate_rank])).toEqual([
      [`${S}Aorta`, `${O}Artery`, '1'], [`${S}Aorta`, `${O}Vein`, '2'], [`${S}Heart`, `${O}Heart`, '1'], [`${S}Lung`, `${O}Lungs`, '1'],
    ]);
    expect(candidatesToMappingSet([...CANDIDATES].reverse(), ctx)).toEqual(set);
  });

  it('each candidate also has its rank within its family: a broader candidate that leads the list leaves the best equivalence at family rank 1', () => {
    const broader = (object: string, score: number, rank: number): ExportCandidate => ({ ...fused('Aorta', object, score, rank, [member('edit', 'Aorta', object, score, rank)]), predicate: 'skos:broadMatch' });
    const mixed: ExportCandidate[] = [
      fused('Aorta', 'Vein', 0.21, 3, [member('edit', 'Aorta', 'Vein', 0.62, 3)]),
      broader('Heart', 0.5, 1),
      fused('Aorta', 'Artery', 0.35, 2, [member('edit', 'Aorta', 'Artery', 0.7, 1)]),
      { ...broader('Lungs', 0.1, 4), predicate: 'skos:narrowMatch' },
    ];
    for (const input of [mixed, [...mixed].reverse()]) {
      for (const evidence of ['columns', 'rows'] as const) {
        const rows = candidatesToMappingSet(input, { ...ctx, evidence }).mappings.filter((m) => m.justification === 'semapv:CompositeMatching');
        expect(rows.map((m) => [m.predicateId, m.objectId, m.extensions?.candidate_rank, m.extensions?.candidate_family_rank])).toEqual([
          ['skos:broadMatch', `${O}Heart`, '1', '1'],
          ['skos:exactMatch', `${O}Artery`, '2', '1'],
          ['skos:exactMatch', `${O}Vein`, '3', '2'],
          ['skos:narrowMatch', `${O}Lungs`, '4', '2'],
        ]);
      }
    }
    // The written file says what the column is.
    const written = serializeSssom(candidatesToMappingSet(mixed, ctx));
    expect(written).toMatch(/slot_name: candidate_family_rank/);
    expect(written).toMatch(/candidate_family_rank is the rank among the subject's candidates of the same family/);
  });

  it('members\' raw scores and ranks in declared, typed extension columns; tool and measure said once on the set', () => {
    const aorta = set.mappings[0]!;
    expect(aorta.extensions).toEqual({ candidate_rank: '1', candidate_family_rank: '1', edit_score: '0.7', edit_rank: '1', tfidf_score: '0.41', tfidf_rank: '2' });
    expect(aorta.similarityScore).toBe(0.35);
    expect(set.metadata.extensionDefinitions).toEqual([
      { slotName: 'candidate_rank', property: 'ioa-align:candidate_rank', typeHint: 'xsd:integer' },
      { slotName: 'candidate_family_rank', property: 'ioa-align:candidate_family_rank', typeHint: 'xsd:integer' },
      { slotName: 'edit_score', property: 'ioa-align:edit_score', typeHint: 'xsd:double' },
      { slotName: 'edit_rank', property: 'ioa-align:edit_rank', typeHint: 'xsd:integer' },
      { slotName: 'exact_score', property: 'ioa-align:exact_score', typeHint: 'xsd:double' },
      { slotName: 'exact_rank', property: 'ioa-align:exact_rank', typeHint: 'xsd:integer' },
      { slotName: 'tfidf_score', property: 'ioa-align:tfidf_score', typeHint: 'xsd:double' },
      { slotName: 'tfidf_rank', property: 'ioa-align:tfidf_rank', typeHint: 'xsd:integer' },
    ]);
    expect(set.metadata.curieMap['ioa-align']).toBe('urn:ioa-align:sssom:');
    expect(set.metadata.mappingTool).toBe('ioa-align/fusion');
    expect(set.metadata.extra?.similarity_measure).toBe('fused-measure');
    for (const m of set.mappings) expect([m.mappingTool, m.similarityMeasure, m.confidence]).toEqual([undefined, undefined, undefined]);
    // Every curie_map a reviewer gets declares the prefixes reviewers write.
    expect(Object.keys(set.metadata.curieMap)).toEqual(expect.arrayContaining(['orcid', 'semapv', 'skos', 'owl', 'rdfs', 'oboInOwl']));
  });

  it('reads back into the same candidates, with their members, through SSSOM TSV, CSV and JSON', () => {
    const expected = [
      { subject: `${S}Aorta`, object: `${O}Artery`, rank: 1, score: 0.35, members: [{ generator: 'edit', score: 0.7, rank: 1 }, { generator: 'tfidf', score: 0.41, rank: 2 }] },
      { subject: `${S}Aorta`, object: `${O}Vein`, rank: 2, score: 0.21, members: [{ generator: 'edit', score: 0.62, rank: 3 }] },
      { subject: `${S}Heart`, object: `${O}Heart`, rank: 1, score: 0.9, members: [{ generator: 'edit', score: 1, rank: 1 }, { generator: 'exact', score: 1, rank: 1 }] },
      { subject: `${S}Lung`, object: `${O}Lungs`, rank: 1, score: 0.5, members: [{ generator: 'tfidf', score: 0.88, rank: 1 }] },
    ];
    for (const back of [parseSssom(serializeSssom(set), 'c.tsv'), parseCsv(serializeCsv(set), 'c.csv'), parseJson(serializeJson(set), 'c.json')]) {
      expect(back).toEqual(propagateSet(set));
      const read = candidatesFromMappingSet(back);
      expect(read.map(({ subject, object, rank, score, members }) => ({ subject, object, rank, score, members }))).toEqual(expected);
      expect(read.every((c) => c.measure === 'fused-measure' && c.tool === 'ioa-align/fusion' && c.predicate === 'skos:exactMatch')).toBe(true);
    }
  });

  it('JSON satisfies the SSSOM JSON Schema (extension values travel in `other`)', () => {
    expect(mappingSetSchemaErrors(JSON.parse(serializeJson(set)))).toEqual([]);
  });

  it('a hand-edited rank that is not an integer is refused by its declared type (E_SSSOM_BAD_ROW at its line)', () => {
    const text = serializeSssom(set).replace(/\t0\.35\t([^\n]*)\t1\t1\t0\.7/, '\t0.35\t$1\tfirst\t1\t0.7');
    expect(text).toContain('\tfirst\t');
    const error = thrownIoaError(() => parseSssom(text, 'edited.tsv'));
    expect(error.code).toBe('E_SSSOM_BAD_ROW');
    expect(error.message).toContain('candidate_rank "first" is not an integer');
  });

  it('a row a reviewer adds without a rank comes after the ranked rows of its subject, and reads as its own candidate', () => {
    const added = serializeSssom(set).replace(/\n$/, `\n${'a:Aorta\t\tskos:closeMatch\t\tb:Vein\t\tsemapv:ManualMappingCuration'}\n`);
    const withPrefixes = added.replace('#curie_map:\n', '#curie_map:\n#  a: "http://a.org/onto#"\n#  b: "http://b.org/onto#"\n');
    const back = parseSssom(withPrefixes, 'added.tsv');
    const again = parseSssom(serializeSssom(back), 'again.tsv');
    expect(again.mappings.filter((m) => m.subjectId === `${S}Aorta`).map((m) => m.extensions?.candidate_rank ?? m.justification)).toEqual(['1', '2', 'semapv:ManualMappingCuration']);
    const read = candidatesFromMappingSet(again);
    expect(read.find((c) => c.justification === 'semapv:ManualMappingCuration')).toMatchObject({ subject: `${S}Aorta`, object: `${O}Vein`, members: [], evidenceRows: [] });
    expect(read.find((c) => c.justification === 'semapv:ManualMappingCuration')?.rank).toBeUndefined();
  });
});

describe('candidate rows with evidence as rows', () => {
  const set = candidatesToMappingSet(CANDIDATES, { ...ctx, evidence: 'rows' });

  it('each candidate row is followed by its members\' own rows, tool and measure on every row', () => {
    const aorta = set.mappings.filter((m) => m.subjectId === `${S}Aorta`);
    expect(aorta.map((m) => [m.objectId, m.extensions?.candidate_rank, m.mappingTool, m.similarityScore])).toEqual([
      [`${O}Artery`, '1', 'ioa-align/fusion', 0.35],
      [`${O}Artery`, '1', 'ioa-align/edit', 0.7],
      [`${O}Artery`, '1', 'ioa-align/tfidf', 0.41],
      [`${O}Vein`, '2', 'ioa-align/fusion', 0.21],
      [`${O}Vein`, '2', 'ioa-align/edit', 0.62],
    ]);
    expect(set.metadata.mappingTool).toBe('ioa-align');
  });

  it('reads back into the same candidates, each with its evidence rows', () => {
    const read = candidatesFromMappingSet(parseSssom(serializeSssom(set), 'r.tsv'));
    expect(read.map((c) => [c.object, c.rank, c.members.length, c.evidenceRows.map((r) => r.mappingTool)])).toEqual([
      [`${O}Artery`, 1, 2, ['ioa-align/edit', 'ioa-align/tfidf']],
      [`${O}Vein`, 2, 1, ['ioa-align/edit']],
      [`${O}Heart`, 1, 2, ['ioa-align/exact', 'ioa-align/edit']],
      [`${O}Lungs`, 1, 1, ['ioa-align/tfidf']],
    ]);
  });
});

describe('writers stream', () => {
  it('every format comes in several chunks for a large set, and the chunks are exactly the text', () => {
    const many: ExportCandidate[] = Array.from({ length: 1500 }, (_, i) => fused('Heart', 'Heart', 0.5, i + 1, [member('edit', 'Heart', 'Heart', 0.5, i + 1)]))
      .map((c, i) => ({ ...c, object: `${O}T${i}` }));
    const set = candidatesToMappingSet(many, ctx);
    for (const format of ['sssom', 'csv', 'json', 'alignment'] as const) {
      const chunks = [...serializeMappingChunks(set, format)];
      expect([format, chunks.length > 2]).toEqual([format, true]);
      expect(chunks.join('')).toBe(serializeMappings(set, format));
      for (const chunk of chunks) expect(chunk.endsWith('\n')).toBe(true);
    }
  });
});

describe('rows streamed from candidates in the writers\' order', () => {
  // What propose returns: by subject, then rank; with members whose relation differs from the
  // candidate's, multiline and `|` text, and rows that sort apart only on later keys.
  const ordered: ExportCandidate[] = [
    fused('Aorta', 'Artery', 0.35, 1, [member('edit', 'Aorta', 'Artery', 0.7, 1), { ...member('tfidf', 'Aorta', 'Artery', 0.41, 2), predicate: 'skos:closeMatch' }]),
    { ...fused('Aorta', 'Vein', 0.21, 2, [member('edit', 'Aorta', 'Vein', 0.62, 3)]), predicate: 'skos:broadMatch' },
    fused('Heart', 'Heart', 0.9, 1, [member('exact', 'Heart', 'Heart', 1, 1), { ...member('edit', 'Heart', 'Heart', 1, 1), evidence: [{ generator: 'edit', subjectText: 'a|b\nc', objectText: 'a|b\nc', subjectField: 'label', objectField: 'synonym:exact' }] }]),
    fused('Lung', 'Lungs', 0.5, 1, [member('tfidf', 'Lung', 'Lungs', 0.88, 1)]),
  ];

  it('write exactly what the built set writes, in every format and both evidence layouts, with or without condensing', () => {
    for (const evidence of ['columns', 'rows'] as const) {
      const context = { ...ctx, evidence, selection: 'one-to-one' };
      const stream = candidateRowStream(ordered, context);
      if (stream === undefined) throw new Error('ordered candidates must stream');
      const set = candidatesToMappingSet(ordered, context);
      expect(stream.metadata).toEqual(set.metadata);
      expect([...stream.rows]).toEqual(set.mappings);
      expect(stream.rows.length).toBe(set.mappings.length);
      for (const format of ['sssom', 'csv', 'json', 'alignment'] as const) {
        for (const condense of [false, true]) {
          expect([evidence, format, condense, serializeMappings(stream, format, { condense })]).toEqual([evidence, format, condense, serializeMappings(set, format, { condense })]);
        }
      }
    }
  });

  it('are refused for candidates out of that order (the set is built instead), and fail as the built set fails', () => {
    expect(candidateRowStream([...ordered].reverse(), ctx)).toBeUndefined();
    expect(candidateRowStream(ordered.slice(0, 1), ctx)).toBeDefined();
    const bad = [...ordered, fused('Lung', 'Vein', 1.5, 2, [])];
    expect(thrownIoaError(() => candidateRowStream(bad, ctx))?.code).toBe('E_SSSOM_SCORE_RANGE');
  });
});
