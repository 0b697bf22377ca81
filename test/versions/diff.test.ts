/**
 * Version diff: what happened to each concept between two releases, the version alignment as a
 * candidate file, and the composition of relations an upgrade relies on.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, readCandidates } from '../../src/api/index.js';
import { parseSssom, serializeSssom, sharedSlot } from '../../src/exchange/index.js';
import { compose, composeRule } from '../../src/versions/compose.js';
import { diffVersions, type VersionDiff } from '../../src/versions/diff.js';
import { readVersionAlignment, versionAlignmentSet, NO_TERM_FOUND } from '../../src/versions/alignment-file.js';
import { formatDiffSummary } from '../../src/versions/summary.js';
import { rejectedIoaError } from '../helpers/errors.js';

const ROOT = join(import.meta.dirname, '../..');
const FIX = join(import.meta.dirname, 'fixtures');
const zoo = (name: string): string => `http://example.org/zoo#${name}`;

/** Write `text` to `dir/name` and return the path. */
function write(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('composition of a rule with a version change', () => {
  it('follows the table: = is neutral, < and > compose with themselves, < with > gives nothing', () => {
    const E = 'skos:exactMatch';
    const B = 'skos:broadMatch';
    const N = 'skos:narrowMatch';
    expect([compose(E, E), compose(E, B), compose(E, N), compose(B, E), compose(N, E)]).toEqual([E, B, N, B, N]);
    expect([compose(B, B), compose(N, N), compose(B, N), compose(N, B)]).toEqual([B, N, undefined, undefined]);
    expect(compose(E, 'skos:closeMatch')).toBeUndefined();
    // Target side: from r old, old R new. Source side: new inverse(R) old, old r to.
    expect(composeRule(E, B, 'target')).toBe(B); // an = rule through a < change: the new concept is broader
    expect(composeRule(E, B, 'source')).toBe(N); // the old source concept is narrower than the new one
    expect(composeRule(B, N, 'source')).toBe(B); // new ⊑ old ⊑ to
    expect(composeRule(B, N, 'target')).toBeUndefined();
  });
});

describe('diff of two releases with stable IRIs (test/versions/fixtures/zoo-*.ttl)', async () => {
  const [a, b] = await Promise.all([loadOntology(join(FIX, 'zoo-1.0.ttl')), loadOntology(join(FIX, 'zoo-2.0.ttl'))]);
  const diff = await diffVersions(a, b);
  const change = (name: string) => diff.concepts.find((c) => c.iri === zoo(name))!;
  const rows = (name: string) => change(name).rows.map((r) => [r.predicate, r.object, r.evidence]);

  it('names each change and keeps the identity evidence', () => {
    expect(change('Dog')).toMatchObject({ change: ['unchanged'], carryable: true });
    expect(rows('Dog')).toEqual([['skos:exactMatch', zoo('Dog'), 'same-iri']]);
    expect(change('Cat')).toMatchObject({ change: ['reworded'], carryable: true, identity: { definition: 'reworded', sameLabel: true } });
    expect(change('Penguin')).toMatchObject({ change: ['moved'], carryable: true, identity: { moved: true } });
    expect(change('Fish')).toMatchObject({ change: ['renamed'], carryable: false });
    expect(change('Fish').reason).toContain('label changed');
    expect(change('Pet')).toMatchObject({ change: ['deprecated'], carryable: false });
    expect(rows('Pet')).toEqual([['skos:exactMatch', zoo('CompanionAnimal'), 'replaced-by']]);
    expect(change('Reptile')).toMatchObject({ change: ['removed'], carryable: false, rows: [] });
    expect(change('Songbird')).toMatchObject({ change: ['merged'], carryable: false });
    expect(rows('Songbird')).toEqual([['skos:broadMatch', zoo('Bird'), 'structural']]);
    expect(change('Sparrow').change).toEqual(['moved']);
    expect(change('Insect').change).toEqual(['split']);
    expect(rows('Insect')).toEqual([['skos:narrowMatch', zoo('Crawler'), 'structural'], ['skos:narrowMatch', zoo('Flyer'), 'structural']]);
    expect(diff.added).toEqual([zoo('FlightlessBird')]); // the deprecated Pet is not new; CompanionAnimal and the Insect places have rows
  });

  it('reports its progress step by step: the work started ahead, each generator, fusion', async () => {
    const steps: string[] = [];
    const again = await diffVersions(a, b, { onProgress: (step) => { if (steps.at(-1) !== step) steps.push(step); } });
    expect(again.concepts.length).toBe(diff.concepts.length);
    // edit starts its blocking ahead and runs after the other generators (identity, which reads
    // the facts gathered before, reports nothing of its own).
    expect(steps).toEqual(['preparing', 'exact', 'tfidf', 'wordnet', 'structure', 'description', 'edit', 'fusing']);
  });

  it('with strict definitions, a reworded definition is not carried', async () => {
    const strict = await diffVersions(a, b, { strictDefinitions: true });
    expect(strict.concepts.find((c) => c.iri === zoo('Cat'))).toMatchObject({ carryable: false });
    expect(strict.concepts.find((c) => c.iri === zoo('Dog'))).toMatchObject({ carryable: true });
  });

  it('says whether the two releases could be declared compatible (only unchanged or moved concepts, none removed)', async () => {
    expect(diff.compatible).toBe(false);
    const same = await diffVersions(a, a);
    expect(same.compatible).toBe(true);
    expect(same.concepts.every((c) => c.change.join() === 'unchanged')).toBe(true);
    expect(formatDiffSummary(same)).toContain('may declare 1.0 → 1.0 compatible');
    expect(formatDiffSummary(diff)).toContain('not compatible as a whole');
  });

  it('refuses an ontology that is not a release of this one (E_VERSION_SERIES)', async () => {
    const other = await loadOntology(join(FIX, 'other.ttl'));
    expect((await rejectedIoaError(diffVersions(a, other))).code).toBe('E_VERSION_SERIES');
  });

  it('writes the alignment as a candidate file that reads back: version columns, NoTermFound rows, ranks', () => {
    const text = serializeSssom(versionAlignmentSet(diff, a, b));
    const set = parseSssom(text, 'va.sssom.tsv');
    const dog = set.mappings.find((m) => m.subjectId === zoo('Dog'))!;
    expect(dog).toMatchObject({ predicateId: 'skos:exactMatch', objectId: zoo('Dog'), justification: 'semapv:LexicalMatching' });
    expect(dog.extensions).toMatchObject({ version_change: 'unchanged', version_evidence: 'same-iri', candidate_rank: '1' });
    expect(set.mappings.find((m) => m.subjectId === zoo('Reptile'))).toMatchObject({ objectId: NO_TERM_FOUND, extensions: { version_change: 'removed' } });
    expect(set.mappings.find((m) => m.objectId === zoo('FlightlessBird'))).toMatchObject({ subjectId: NO_TERM_FOUND, extensions: { version_change: 'added' } });
    // The release states the replacement; the diff still only proposes it (no reviewed justification).
    expect(set.mappings.find((m) => m.subjectId === zoo('Pet'))).toMatchObject({ justification: 'semapv:BackgroundKnowledgeBasedMatching', extensions: { version_evidence: 'replaced-by' } });
    expect(['subject_source', 'subject_source_version', 'object_source', 'object_source_version'].map((slot) => sharedSlot(set, slot))).toEqual(['http://example.org/zoo', 'http://example.org/zoo/1.0', 'http://example.org/zoo', 'http://example.org/zoo/2.0']);
    // The review page reads candidates from it like any candidate file.
    const candidates = readCandidates(set);
    expect(candidates.filter((c) => c.rank !== undefined).length).toBe(diff.alignment.length);
    // And it is the version alignment an upgrade can be given.
    const via = readVersionAlignment(set, a, b);
    expect(via.removed).toEqual(new Set([zoo('Reptile')]));
    expect(via.rows.find((r) => r.subject === zoo('Insect'))).toMatchObject({ predicate: 'skos:narrowMatch', reviewed: false });
  });
});

describe('diff of a release against itself: nothing changed, so nothing is reported', () => {
  const T = 'http://example.org/t#';
  const RELEASE = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix : <${T}> . @prefix bfo: <http://purl.obolibrary.org/obo/BFO_> .
<http://example.org/t> a owl:Ontology .
:L a owl:Class ; rdfs:label "lymphoid organ" ; rdfs:subClassOf owl:Thing .
:T a owl:Class ; rdfs:label "tonsil" ; rdfs:subClassOf :L .
:PT a owl:Class ; rdfs:label "palatine tonsil" ; rdfs:subClassOf :T .
:BD a owl:Class ; rdfs:label "bile duct" ; rdfs:subClassOf bfo:0000040 .
:CBD a owl:Class ; rdfs:label "common bile duct" ; rdfs:subClassOf :BD .
`;

  it('a concept whose IRI and label are kept is unchanged, even beside a concept with a like name (tonsil, palatine tonsil)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-diff-same-'));
    const diff = await diffVersions(await loadOntology(write(dir, 'a.ttl', RELEASE)), await loadOntology(write(dir, 'b.ttl', RELEASE)), { force: true });
    expect(diff.concepts.map((c) => [c.iri.slice(T.length), c.change, c.rows.map((r) => `${r.predicate} ${r.object.slice(T.length)}`)])).toEqual(
      ['L', 'T', 'PT', 'BD', 'CBD'].map((n) => [n, ['unchanged'], [`skos:exactMatch ${n}`]]),
    );
    expect(diff.added).toEqual([]);
  });

  it('a parent stated as owl:Thing, or a class of an imported ontology kept in both, is no move', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-diff-top-'));
    // The new release drops the explicit owl:Thing: still no move.
    const diff = await diffVersions(await loadOntology(write(dir, 'a.ttl', RELEASE)), await loadOntology(write(dir, 'b.ttl', RELEASE.replace(' ; rdfs:subClassOf owl:Thing', ''))), { force: true });
    expect(diff.concepts.filter((c) => c.identity?.moved).map((c) => c.iri)).toEqual([]);
    // A real move is still one: the bile duct under another imported class.
    const moved = await diffVersions(await loadOntology(write(dir, 'c.ttl', RELEASE)), await loadOntology(write(dir, 'd.ttl', RELEASE.replace('bfo:0000040', 'bfo:0000004'))), { force: true });
    expect(moved.concepts.filter((c) => c.identity?.moved).map((c) => [c.iri.slice(T.length), c.change])).toEqual([['BD', ['moved']]]);
  });
});

describe('diff: what only looks the same, and what only suggests', () => {
  const X = 'http://example.org/x#';
  const head = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix oboInOwl: <http://www.geneontology.org/formats/oboInOwl#> . @prefix obo: <http://purl.obolibrary.org/obo/> . @prefix : <${X}> .
<http://example.org/x> a owl:Ontology .
`;

  it('labels that differ only in +, # or a final - are different labels: swapping "Rh+" and "Rh-" is two renames, "C++" → "C#" one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-diff-symbols-'));
    const before = `${head}:Pos a owl:Class ; rdfs:label "Find Rh+ donor" .\n:Neg a owl:Class ; rdfs:label "Find Rh- donor" .\n:Cpp a owl:Class ; rdfs:label "C++ code review" .\n:Img a owl:Class ; rdfs:label "Image-to-3D" .\n`;
    const after = `${head}:Pos a owl:Class ; rdfs:label "Find Rh- donor" .\n:Neg a owl:Class ; rdfs:label "Find Rh+ donor" .\n:Cpp a owl:Class ; rdfs:label "C# code review" .\n:Img a owl:Class ; rdfs:label "Image to 3D" .\n`;
    const diff = await diffVersions(await loadOntology(write(dir, 'a.ttl', before)), await loadOntology(write(dir, 'b.ttl', after)), { force: true });
    const sameLabel = (n: string) => diff.concepts.find((c) => c.iri === `${X}${n}`)!.identity?.sameLabel;
    expect(['Pos', 'Neg', 'Cpp', 'Img'].map(sameLabel)).toEqual([false, false, false, true]);
    expect(diff.concepts.filter((c) => c.change.includes('unchanged')).map((c) => c.iri)).toEqual([`${X}Img`]);
  });

  it('oboInOwl:consider is a suggestion, not a replacement: no successor row; IAO:0100001 is, and stays a candidate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-diff-consider-'));
    const before = `${head}:OCR a owl:Class ; rdfs:label "optical character recognition" .\n:Old a owl:Class ; rdfs:label "old thing" .\n:Describe a owl:Class ; rdfs:label "describe image" .\n:New a owl:Class ; rdfs:label "new thing" .\n`;
    const after = `${head}:OCR a owl:Class ; rdfs:label "optical character recognition" ; owl:deprecated true ; oboInOwl:consider :Describe .\n:Old a owl:Class ; rdfs:label "old thing" ; owl:deprecated true ; obo:IAO_0100001 :New .\n:Describe a owl:Class ; rdfs:label "describe image" .\n:New a owl:Class ; rdfs:label "new thing" .\n`;
    const [a, b] = [await loadOntology(write(dir, 'a.ttl', before)), await loadOntology(write(dir, 'b.ttl', after))];
    expect([b.byIri.get(`${X}OCR`)!.replacedBy, b.byIri.get(`${X}OCR`)!.consider]).toEqual([undefined, [`${X}Describe`]]);
    const diff = await diffVersions(a, b, { force: true });
    const rows = (n: string) => diff.concepts.find((c) => c.iri === `${X}${n}`)!.rows.map((r) => [r.object.slice(X.length), r.evidence]);
    expect(rows('OCR')).toEqual([]);
    // New keeps its own identity too: the replacement row is there although New is already mapped (a merge).
    expect([rows('Old'), rows('New')]).toEqual([[['New', 'replaced-by']], [['New', 'same-iri']]]);
  });
});

describe('diff: a kept concept that absorbed another is broader now', () => {
  it('a category merged into a kept class: the class is broadened and its rules are not carried unreviewed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-diff-merge-'));
    const T = 'https://example.org/onto/t#';
    const before = `@prefix ex: <${T}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<https://example.org/onto/t> a owl:Ontology ; owl:versionInfo "1.0" .
ex:Service a owl:Class ; rdfs:label "Service" .
ex:Translation a owl:Class ; rdfs:subClassOf ex:Service ; rdfs:label "Translation" .
ex:TextTranslation a owl:Class ; rdfs:subClassOf ex:Translation ; rdfs:label "Text translation" .
ex:SpeechTranslation a owl:Class ; rdfs:subClassOf ex:Translation ; rdfs:label "Speech translation" .
ex:Summarization a owl:Class ; rdfs:subClassOf ex:Service ; rdfs:label "Summarization" .
ex:TextSummarization a owl:Class ; rdfs:subClassOf ex:Summarization ; rdfs:label "Text summarization" .
ex:VideoSummarization a owl:Class ; rdfs:subClassOf ex:Summarization ; rdfs:label "Video summarization" .
ex:MeetingSummarization a owl:Class ; rdfs:subClassOf ex:Summarization ; rdfs:label "Meeting summarization" .
`;
    const after = before.replace('"1.0"', '"1.1"').replace(/^ex:Summarization .*\n/m, '').replaceAll('rdfs:subClassOf ex:Summarization', 'rdfs:subClassOf ex:Translation');
    const a = join(dir, 'a.ttl');
    const b = join(dir, 'b.ttl');
    writeFileSync(a, before);
    writeFileSync(b, after);
    const diff = await diffVersions(await loadOntology(a), await loadOntology(b));
    const translation = diff.concepts.find((c) => c.iri === `${T}Translation`)!;
    expect(diff.concepts.find((c) => c.iri === `${T}Summarization`)!.rows.map((r) => [r.predicate, r.object])).toEqual([['skos:broadMatch', `${T}Translation`]]);
    expect([translation.change, translation.carryable]).toEqual([['broadened'], false]);
    expect(translation.reason).toContain(`other concept of the old release went into it (${T}Summarization): broader now`);
    expect(diff.compatible).toBe(false);

  });
});

describe('diff: a category merged into a kept sibling', () => {
  it('is merged (broader row to the sibling), not removed; the sibling is broadened and its rules are held', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-diff-sibling-'));
    const Z = 'http://ex.org/zoo#';
    const head = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <${Z}> .\n`;
    const common = `:Animal a owl:Class ; rdfs:label "Animal" .\n:Cat a owl:Class ; rdfs:label "Cat" ; rdfs:subClassOf :Animal .\n:HouseCat a owl:Class ; rdfs:label "House cat" ; rdfs:subClassOf :Cat .\n:Dog a owl:Class ; rdfs:label "Dog" ; rdfs:subClassOf :Animal .\n`;
    const before = `${head}<http://ex.org/zoo> a owl:Ontology ; owl:versionInfo "1.0" .\n${common}:Feline a owl:Class ; rdfs:label "Big feline" ; rdfs:subClassOf :Animal .\n:Lion a owl:Class ; rdfs:label "Lion" ; rdfs:subClassOf :Feline .\n:Tiger a owl:Class ; rdfs:label "Tiger" ; rdfs:subClassOf :Feline .\n:Leopard a owl:Class ; rdfs:label "Leopard" ; rdfs:subClassOf :Feline .\n`;
    const after = `${head}<http://ex.org/zoo> a owl:Ontology ; owl:versionInfo "2.0" .\n${common}:Lion a owl:Class ; rdfs:label "Lion" ; rdfs:subClassOf :Cat .\n:Tiger a owl:Class ; rdfs:label "Tiger" ; rdfs:subClassOf :Cat .\n:Leopard a owl:Class ; rdfs:label "Leopard" ; rdfs:subClassOf :Cat .\n`;
    const [a, b] = [join(dir, 'a.ttl'), join(dir, 'b.ttl')];
    writeFileSync(a, before);
    writeFileSync(b, after);
    const diff = await diffVersions(await loadOntology(a), await loadOntology(b));
    const of = (name: string) => diff.concepts.find((c) => c.iri === `${Z}${name}`)!;
    expect([of('Feline').change, of('Feline').rows.map((r) => [r.predicate, r.object])]).toEqual([['merged'], [['skos:broadMatch', `${Z}Cat`]]]);
    expect([of('Cat').change, of('Cat').carryable]).toEqual([['broadened'], false]);
    expect(of('Dog').carryable).toBe(true);
  });
});

describe('diff of OASF 1.0.0 → 1.1.0 (the bundled releases)', async () => {
  const [a, b] = await Promise.all([
    loadOntology(join(ROOT, 'corpora/agents/oasf/v1.0.4/schema/skills')),
    loadOntology(join(ROOT, 'corpora/agents/oasf/v1.1.1/schema/skills')),
  ]);
  const diff: VersionDiff = await diffVersions(a, b);
  const skill = (v: string, name: string): string => `https://schema.oasf.outshift.com/${v}/skills/${name}`;
  const of = (name: string) => diff.concepts.find((c) => c.iri === skill('1.0.0', name))!;

  it('a kept leaf name with the same caption is the same skill, moved or not', () => {
    expect(of('translation')).toMatchObject({ carryable: true, identity: { kind: 'version-segment', iri: skill('1.1.0', 'translation') } });
    expect(of('speech_recognition').change).toContain('moved');
  });

  it('a kept name whose children left is narrower now, not the same (analytical_reasoning lost its children to reasoning_planning)', () => {
    expect(of('analytical_reasoning')).toMatchObject({ carryable: false });
    expect(of('analytical_reasoning').rows.map((r) => [r.predicate, r.object])).toEqual([['skos:narrowMatch', skill('1.1.0', 'analytical_reasoning')]]);
  });

  it('a renamed caption goes to review; a reused numeric id pairs nothing (tabular_text is not three_d_generation)', () => {
    expect(of('language_translation')).toMatchObject({ carryable: false, change: expect.arrayContaining(['renamed']) });
    expect(of('tabular_text').rows.map((r) => r.object)).not.toContain(skill('1.1.0', 'three_d_generation'));
  });

  it('two skills merged into one are each narrower than it, never one of them its equivalent (tabular_classification, tabular_regression → tabular_prediction)', () => {
    for (const old of ['tabular_classification', 'tabular_regression']) {
      expect([old, of(old).change, of(old).rows.map((r) => [r.predicate, r.object])]).toEqual([old, ['merged'], [['skos:broadMatch', skill('1.1.0', 'tabular_prediction')]]]);
    }
  });

  it('a kept skill is broader only when another went into it whole and was not under it already: a dissolved parent narrower-mapped onto it, or its own removed child, leave its rules carried', () => {
    // image_processing narrowMatch image_to_text: the dissolved parent covers more than the kept skill.
    for (const kept of ['image_to_text', 'text_to_image', 'mathematical_reasoning']) expect([kept, of(kept).change.includes('broadened'), of(kept).carryable]).toEqual([kept, false, true]);
    // generation_of_any was retrieval_augmented_generation's own child in 1.0.4.
    expect(a.byIri.get(skill('1.0.0', 'generation_of_any'))!.parents).toContain(skill('1.0.0', 'retrieval_augmented_generation'));
    expect([of('retrieval_augmented_generation').change.includes('broadened'), of('retrieval_augmented_generation').carryable]).toEqual([false, true]);
  });

  it('a dissolved category is broader than the places its children went (image_processing)', () => {
    expect(of('image_processing').change).toContain('split');
    expect(of('image_processing').rows.map((r) => [r.predicate, r.object])).toEqual(expect.arrayContaining([
      ['skos:narrowMatch', skill('1.1.0', 'image_to_text')],
      ['skos:narrowMatch', skill('1.1.0', 'text_to_image')],
    ]));
  });
});
