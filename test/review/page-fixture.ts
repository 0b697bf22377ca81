/**
 * Two small anatomy-like ontologies and a hand-written candidate file for the review page's
 * browser tests: fixed values and ranks (no generator run, so the items and their order do not
 * move when a generator changes), one subject with a dozen candidates, is-a parents and
 * children, part_of restrictions, a term that can be linked to (https IRIs on the source side;
 * the target's example.org IRIs cannot), a label with a right-to-left override and a label that
 * is markup.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SRC = 'https://w3id.org/ioa-review-test/src/';
export const TGT = 'http://example.org/tgt#';
/** Reads "lung original kidney" when the override acts. */
export const SPOOF_LABEL = 'lung \u202Eyendik lanigiro';

const SOURCE_TTL = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix oboInOwl: <http://www.geneontology.org/formats/oboInOwl#> . @prefix obo: <http://purl.obolibrary.org/obo/> . @prefix : <${SRC}> .
<https://w3id.org/ioa-review-test/src> a owl:Ontology .
:part_of a owl:ObjectProperty ; rdfs:label "part of" .
:Body a owl:Class ; rdfs:label "body" .
:Structure a owl:Class ; rdfs:label "anatomical structure" .
:Organ a owl:Class ; rdfs:label "organ" ; rdfs:subClassOf :Structure .
:Heart a owl:Class ; rdfs:label "heart" ; rdfs:subClassOf :Organ , [ a owl:Restriction ; owl:onProperty :part_of ; owl:someValuesFrom :Body ] .
:Valve a owl:Class ; rdfs:label "heart valve" ; oboInOwl:hasExactSynonym "cardiac valve" ;
  obo:IAO_0000115 "A valve of the heart that keeps blood flowing one way." ;
  rdfs:subClassOf :Structure , [ a owl:Restriction ; owl:onProperty :part_of ; owl:someValuesFrom :Heart ] .
:MitralValve a owl:Class ; rdfs:label "mitral valve" ; rdfs:subClassOf :Valve .
:AorticValve a owl:Class ; rdfs:label "aortic valve" ; rdfs:subClassOf :Valve .
:Aorta a owl:Class ; rdfs:label "aorta" ; rdfs:subClassOf :Structure .
:Kidney a owl:Class ; rdfs:label "kidney" ; rdfs:subClassOf :Organ .
:Spoof a owl:Class ; rdfs:label "${SPOOF_LABEL}" ; rdfs:subClassOf :Organ .
:Hostile a owl:Class ; rdfs:label "author <img src=x onerror=\\"document.body.dataset.pwned=1\\">" .
`;

const TARGET_TTL = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <${TGT}> .
<http://example.org/tgt> a owl:Ontology .
:partOf a owl:ObjectProperty ; rdfs:label "part of" .
:Body a owl:Class ; rdfs:label "body" .
:Organ a owl:Class ; rdfs:label "organ" .
:Heart a owl:Class ; rdfs:label "heart" ; rdfs:subClassOf :Organ .
:Valve a owl:Class ; rdfs:label "valve" .
:HeartValve a owl:Class ; rdfs:label "heart valve" ; rdfs:subClassOf :Valve , [ a owl:Restriction ; owl:onProperty :partOf ; owl:someValuesFrom :Heart ] .
:CardiacValve a owl:Class ; rdfs:label "cardiac valve" ; rdfs:subClassOf :Valve .
:Aorta a owl:Class ; rdfs:label "aorta" .
:Kidney a owl:Class ; rdfs:label "kidney" ; rdfs:subClassOf :Organ .
:Lung a owl:Class ; rdfs:label "lung" ; rdfs:subClassOf :Organ .
:Author a owl:Class ; rdfs:label "author" .
:Vessel a owl:Class ; rdfs:label "blood vessel" .
:Muscle a owl:Class ; rdfs:label "muscle" .
`;

/** subject, predicate, object, value: ranks follow the value within each subject. */
const ROWS: Array<[string, string, string, number]> = [
  ['Valve', 'exactMatch', 'HeartValve', 0.9],
  ['Valve', 'exactMatch', 'CardiacValve', 0.7],
  ['Valve', 'broadMatch', 'Valve', 0.5],
  ['Valve', 'closeMatch', 'Heart', 0.1],
  ['Heart', 'exactMatch', 'Heart', 0.95],
  ['Heart', 'closeMatch', 'Organ', 0.2],
  ['Aorta', 'exactMatch', 'Aorta', 0.92],
  ['Aorta', 'closeMatch', 'Vessel', 0.3],
  ['Kidney', 'exactMatch', 'Kidney', 0.9],
  ['Spoof', 'exactMatch', 'Lung', 0.6],
  ['Spoof', 'exactMatch', 'Kidney', 0.4],
  ['Hostile', 'exactMatch', 'Author', 0.65],
  ['Body', 'exactMatch', 'Body', 0.99],
  ...(['Organ', 'Heart', 'Kidney', 'Lung', 'Valve', 'HeartValve', 'CardiacValve', 'Aorta', 'Vessel', 'Muscle', 'Body', 'Author'] as const)
    .map((o, i): [string, string, string, number] => ['Organ', i % 3 === 2 ? 'closeMatch' : 'exactMatch', o, Number((0.6 - i * 0.045).toFixed(3))]),
];

function candidatesTsv(rows: ReadonlyArray<[string, string, string, number]>, src = SRC, tgt = TGT): string {
  const rank = new Map<string, number>();
  const lines = rows.map(([s, p, o, v]) => {
    const r = (rank.get(s) ?? 0) + 1;
    rank.set(s, r);
    const edit = (v * 0.9).toFixed(3);
    return [`src:${s}`, `skos:${p}`, `tgt:${o}`, 'semapv:CompositeMatching', 'rdfs:label', 'rdfs:label', String(v), 'fused', String(r), edit, String(r), String(v), String(r)].join('\t');
  });
  return [
    '#curie_map:',
    `#  src: ${src}`,
    `#  tgt: ${tgt}`,
    '#  skos: http://www.w3.org/2004/02/skos/core#',
    '#  semapv: https://w3id.org/semapv/vocab/',
    '#  rdfs: http://www.w3.org/2000/01/rdf-schema#',
    '#  ioa-align: "urn:ioa-align:sssom:"',
    '#mapping_set_id: https://example.org/review-page-test/candidates',
    '#license: https://w3id.org/sssom/license/unspecified',
    '#mapping_tool: ioa-align/fusion',
    '#extension_definitions:',
    '#  - slot_name: candidate_rank',
    '#    property: ioa-align:candidate_rank',
    '#    type_hint: xsd:integer',
    '#  - slot_name: edit_score',
    '#    property: ioa-align:edit_score',
    '#    type_hint: xsd:double',
    '#  - slot_name: edit_rank',
    '#    property: ioa-align:edit_rank',
    '#    type_hint: xsd:integer',
    '#  - slot_name: tfidf_score',
    '#    property: ioa-align:tfidf_score',
    '#    type_hint: xsd:double',
    '#  - slot_name: tfidf_rank',
    '#    property: ioa-align:tfidf_rank',
    '#    type_hint: xsd:integer',
    ['subject_id', 'predicate_id', 'object_id', 'mapping_justification', 'subject_match_field', 'object_match_field', 'similarity_score', 'similarity_measure', 'candidate_rank', 'edit_score', 'edit_rank', 'tfidf_score', 'tfidf_rank'].join('\t'),
    ...lines,
    '',
  ].join('\n');
}

export interface FixtureFiles { dir: string; source: string; target: string; candidates: string }

/** A fresh folder holding two ontologies and the candidate file of `rows`. */
function writeFixture(prefix: string, sourceTtl: string, targetTtl: string, csv: string): FixtureFiles {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const files = { dir, source: join(dir, 'src.ttl'), target: join(dir, 'tgt.ttl'), candidates: join(dir, 'candidates.sssom.tsv') };
  writeFileSync(files.source, sourceTtl);
  writeFileSync(files.target, targetTtl);
  writeFileSync(files.candidates, csv);
  return files;
}

/** A folder with the two ontologies and the candidate file. */
export function pageFixture(): FixtureFiles {
  return writeFixture('ioa-review-page-', SOURCE_TTL, TARGET_TTL, candidatesTsv(ROWS));
}

/**
 * People and organisations: the target says an organisation is no person (owl:disjointWith), so
 * once person = person is accepted, administrator = administration organisation would put the
 * source's administrator under two disjoint classes.
 */
export const COHERENCE_SRC = 'http://example.org/src#';
export const COHERENCE_TGT = 'http://example.org/tgt#';
const PEOPLE_SOURCE = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <${COHERENCE_SRC}> .
<http://example.org/src> a owl:Ontology .
:Person a owl:Class ; rdfs:label "person" .
:Administrator a owl:Class ; rdfs:label "administrator" ; rdfs:subClassOf :Person .
:Paper a owl:Class ; rdfs:label "paper" .
`;
const PEOPLE_TARGET = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <${COHERENCE_TGT}> .
<http://example.org/tgt> a owl:Ontology .
:Person a owl:Class ; rdfs:label "person" .
:Organisation a owl:Class ; rdfs:label "administration organisation" ; owl:disjointWith :Person .
:Administrator a owl:Class ; rdfs:label "administrator" ; rdfs:subClassOf :Person .
:Paper a owl:Class ; rdfs:label "paper" .
`;
const PEOPLE_ROWS: Array<[string, string, string, number]> = [
  ['Person', 'exactMatch', 'Person', 0.95],
  ['Administrator', 'exactMatch', 'Administrator', 0.9],
  ['Administrator', 'exactMatch', 'Organisation', 0.6],
  ['Paper', 'exactMatch', 'Paper', 0.93],
];

/** A folder with the people ontologies (a disjointness in the target) and their candidates. */
export function coherenceFixture(): FixtureFiles {
  return writeFixture('ioa-review-page-coherence-', PEOPLE_SOURCE, PEOPLE_TARGET, candidatesTsv(PEOPLE_ROWS, COHERENCE_SRC, COHERENCE_TGT));
}

/**
 * Labels in several scripts: Arabic and Hebrew (one with digits of its own), a label mixing
 * Arabic and Latin, Latin stored decomposed (NFD), full-width Latin, a dotted capital I, a
 * capital double s, a long Arabic label. "عضلة القلب (myocardium) 2" has as its best candidate
 * the Arabic heart's own target, so once that is accepted its first candidate carries a warning.
 */
export const SCRIPTS_SRC = 'https://w3id.org/ioa-review-test/scripts-src/';
export const SCRIPTS_TGT = 'https://w3id.org/ioa-review-test/scripts-tgt/';
const LONG_ARABIC = `بداية التسمية ${'نسيج عضلي قلبي '.repeat(8)}نهاية التسمية`;
export const SCRIPT_LABELS: Record<string, [string, string]> = {
  Ar: ['قلب الإنسان', 'القلب'],
  Mixed: ['عضلة القلب (myocardium) 2', 'myocardium عضلة'],
  Num: ['קבוצה 12 (group) 3', 'group 12'],
  He: ['לב האדם', 'לב'],
  Nfd: ['Cre\u0300me bru\u0302le\u0301e', 'custard dessert'],
  Fw: ['ＸＹＺ receptor', 'receptor protein'],
  Tr: ['İzmir gland', 'gland of a city'],
  Ss: ['STRASSE organ', 'street organ'],
  ArLong: [LONG_ARABIC, `بداية الهدف ${'نسيج عضلي قلبي '.repeat(8)}نهاية الهدف`],
};
const ttlString = (s: string): string => JSON.stringify(s);
// The subjects have a synonym and a definition: a subject card of a few lines, as in real files.
const scriptsTtl = (base: string, side: 0 | 1, extra: string): string => `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix oboInOwl: <http://www.geneontology.org/formats/oboInOwl#> . @prefix obo: <http://purl.obolibrary.org/obo/> .
<${base.slice(0, -1)}> a owl:Ontology .
${Object.entries(SCRIPT_LABELS).map(([k, l]) => `<${base}${k}> a owl:Class ; rdfs:label ${ttlString(l[side])}${side ? '' : ` ; oboInOwl:hasExactSynonym ${ttlString(`${k} synonym`)} ; obo:IAO_0000115 ${ttlString(`Definition of ${l[0]}: a term written in its own script for this test.`)}`} .`).join('\n')}
${extra}
`;
const SCRIPTS_ROWS: Array<[string, string, string, number]> = [
  ['Mixed', 'exactMatch', 'Ar', 0.95],
  ...Object.keys(SCRIPT_LABELS).flatMap((k): Array<[string, string, string, number]> => [[k, 'exactMatch', k, 0.9], [k, 'closeMatch', 'Other', 0.3]]),
];

/** A folder with the multi-script ontologies and their candidates. */
export function scriptsFixture(): FixtureFiles {
  return writeFixture('ioa-review-page-scripts-', scriptsTtl(SCRIPTS_SRC, 0, ''), scriptsTtl(SCRIPTS_TGT, 1, `<${SCRIPTS_TGT}Other> a owl:Class ; rdfs:label "other אחר أخرى" .`), candidatesTsv(SCRIPTS_ROWS, SCRIPTS_SRC, SCRIPTS_TGT));
}

/**
 * A candidate file of many subjects, for the item list that draws only the rows in view.
 * `S0` … `S{n-1}` ("subject 0 of group 0" …, every tenth in group 7 too), each with an exact
 * match on its own target and a close match on the next one. `Long` has a label far wider than
 * the list, one word of it unbroken, and a target as long. `First` and `Last`, at the two ends of
 * the source ontology, share their only candidate (`Shared`): accepting one closes the other.
 */
export const MANY_SRC = 'https://w3id.org/ioa-review-test/many-src/';
export const MANY_TGT = 'https://w3id.org/ioa-review-test/many-tgt/';
export const LONG_LABEL = `inflammation of the ${'pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3)} of the left upper lobe of the lung, with effusion`;
export function manyFixture(n = 4000): FixtureFiles {
  const head = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .`;
  const subjects = Array.from({ length: n }, (_, i) => `<${MANY_SRC}S${i}> a owl:Class ; rdfs:label "subject ${i} of group ${i % 10}" .`);
  const targets = Array.from({ length: n + 1 }, (_, i) => `<${MANY_TGT}T${i}> a owl:Class ; rdfs:label "target ${i}" .`);
  const source = [head, `<${MANY_SRC.slice(0, -1)}> a owl:Ontology .`, `<${MANY_SRC}First> a owl:Class ; rdfs:label "first subject" .`, `<${MANY_SRC}Long> a owl:Class ; rdfs:label ${JSON.stringify(LONG_LABEL)} .`, ...subjects, `<${MANY_SRC}Last> a owl:Class ; rdfs:label "last subject" .`, ''].join('\n');
  const target = [head, `<${MANY_TGT.slice(0, -1)}> a owl:Ontology .`, `<${MANY_TGT}Shared> a owl:Class ; rdfs:label "shared target" .`, `<${MANY_TGT}Long> a owl:Class ; rdfs:label ${JSON.stringify(`${LONG_LABEL}, target`)} .`, ...targets, ''].join('\n');
  const rows: Array<[string, string, string, number]> = [
    ['First', 'exactMatch', 'Shared', 0.9],
    ['Long', 'exactMatch', 'Long', 0.9],
    ...Array.from({ length: n }, (_, i): Array<[string, string, string, number]> => [[`S${i}`, 'exactMatch', `T${i}`, Number((0.95 - (i % 90) / 100).toFixed(2))], [`S${i}`, 'closeMatch', `T${i + 1}`, 0.03]]).flat(),
    ['Last', 'exactMatch', 'Shared', 0.9],
  ];
  return writeFixture('ioa-review-page-many-', source, target, candidatesTsv(rows, MANY_SRC, MANY_TGT));
}
