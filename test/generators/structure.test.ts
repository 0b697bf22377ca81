/**
 * `structure`: the shared generator contract, then the evidence it exists for — subsumption from
 * names and hierarchies, children of dissolved categories, parent agreement — and silence about
 * hierarchy where there is none.
 */
import { describe, expect, it } from 'vitest';
import structure from '../../src/generators/structure.js';
import type { Candidate } from '../../src/model/mapping.js';
import { collect, generatorSuite } from './suite.js';
import { ontology, type ConceptSpec } from './fixtures.js';

generatorSuite('structure', {
  make: () => structure(),
  mustFind: [['Paper', 'Paper'], ['PancreaticDuct', 'Pancreatic_Duct']],
  selfPair: ['Artery', 'RenalArtery'],
});

const S = 'http://s.example/#';
const T = 'http://t.example/#';
const src = (specs: ConceptSpec[]) => ontology('s', specs.map((c) => ({ ...c, iri: S + c.iri, parents: c.parents?.map((p) => S + p) })));
const tgt = (specs: ConceptSpec[]) => ontology('t', specs.map((c) => ({ ...c, iri: T + c.iri, parents: c.parents?.map((p) => T + p) })));
const local = (iri: string): string => iri.split('#').pop()!;
const of = (list: Candidate[], subject: string): Array<[string, string]> =>
  list.filter((c) => local(c.subject) === subject).map((c) => [c.predicate, local(c.object)]);

describe('subsumption proposals', () => {
  it('a subject named like a target plus a modifier is narrower than it (broadMatch)', async () => {
    // "lung alveolus" has a child like the subject ("right lung alveolus"): the subject is one more.
    const target = tgt([{ iri: 'Alveolus', labels: ['Lung_Alveolus'] }, { iri: 'RightAlveolus', labels: ['Right_Lung_Alveolus'], parents: ['Alveolus'] }]);
    const out = await collect(structure(), src([{ iri: 'leftAlveolus', labels: ['left lung alveolus'] }]), target);
    expect(of(out, 'leftAlveolus')[0]).toEqual(['skos:broadMatch', 'Alveolus']);
    expect(of(out, 'leftAlveolus')).not.toContainEqual(['skos:exactMatch', 'Alveolus']);
  });

  it('with no such child the modifier may be redundant: both the equivalent and the broader reading are proposed', async () => {
    // OAEI anatomy: "retina inner plexiform layer" = "Inner_Plexiform_Layer".
    const out = await collect(structure(), src([{ iri: 'ipl', labels: ['retina inner plexiform layer'] }]), tgt([{ iri: 'IPL', labels: ['Inner_Plexiform_Layer'] }]));
    expect(of(out, 'ipl')).toEqual([['skos:exactMatch', 'IPL'], ['skos:broadMatch', 'IPL']]);
  });

  it('a subject whose name a target extends with a modifier is broader than it (narrowMatch)', async () => {
    const out = await collect(structure(), src([{ iri: 'gen', labels: ['Image Generation'] }]), tgt([{ iri: 'ungen', labels: ['Unconditional Image Generation'] }]));
    expect(of(out, 'gen')).toContainEqual(['skos:narrowMatch', 'ungen']);
  });

  it('a subject that looks like the children of a target (its equivalent deleted) gets that target as broader', async () => {
    // The equivalent "Left_Lung" is missing: its sibling "Right_Lung" sits under "Lung", so does the subject.
    const target = tgt([
      { iri: 'Organ', labels: ['Organ'] },
      { iri: 'Lung', labels: ['Lung_Organ_System_Part'], parents: ['Organ'] },
      { iri: 'RightLung', labels: ['Right_Lung'], parents: ['Lung'] },
    ]);
    const source = src([{ iri: 'leftLung', labels: ['left lung'] }, { iri: 'rightLung', labels: ['right lung'] }]);
    const out = await collect(structure(), source, target);
    expect(of(out, 'leftLung')[0]).toEqual(['skos:broadMatch', 'Lung']);
    // The sibling's namesake is not proposed as the subject's equivalent.
    expect(of(out, 'leftLung')).not.toContainEqual(['skos:exactMatch', 'RightLung']);
  });

  it('what the subject\'s parent matches is broader than the subject', async () => {
    const source = src([{ iri: 'gland', labels: ['endocrine gland'] }, { iri: 'thyroid', labels: ['thyroid'], parents: ['gland'] }]);
    const target = tgt([{ iri: 'EndocrineGland', labels: ['Endocrine_Gland'] }, { iri: 'Kidney', labels: ['Kidney'] }]);
    const out = await collect(structure(), source, target);
    expect(of(out, 'thyroid')).toEqual([['skos:broadMatch', 'EndocrineGland']]);
  });

  it('a category dissolved between versions is broader than what its children became (narrowMatch)', async () => {
    // Version 1: "Image Processing" with children; version 2 has no such category, its former
    // children sit elsewhere. Their counterparts are narrower than the subject.
    const source = src([
      { iri: 'imageProcessing', labels: ['Image Processing'] },
      { iri: 'imageToText', labels: ['Image to Text'], parents: ['imageProcessing'] },
      { iri: 'textToImage', labels: ['Text to Image'], parents: ['imageProcessing'] },
    ]);
    const target = tgt([
      { iri: 'Multimodal', labels: ['Multimodal Processing'] },
      { iri: 'ImageToText', labels: ['Image to Text'], parents: ['Multimodal'] },
      { iri: 'ImageGeneration', labels: ['Image Generation'] },
      { iri: 'TextToImage', labels: ['Text to Image'], parents: ['ImageGeneration'] },
    ]);
    const out = await collect(structure(), source, target);
    expect(of(out, 'imageProcessing')).toEqual(expect.arrayContaining([['skos:narrowMatch', 'ImageToText'], ['skos:narrowMatch', 'TextToImage']]));
  });

  it('a target holding all of the subject\'s children and more of its own is broader (merged categories)', async () => {
    const source = src([
      { iri: 'tokens', labels: ['Token Classification'] },
      { iri: 'ner', labels: ['Named Entity Recognition'], parents: ['tokens'] },
      { iri: 'pos', labels: ['Part-of-Speech Tagging'], parents: ['tokens'] },
    ]);
    const target = tgt([
      { iri: 'Understanding', labels: ['Language Understanding'] },
      { iri: 'NER', labels: ['Named Entity Recognition'], parents: ['Understanding'] },
      { iri: 'POS', labels: ['Part-of-Speech Tagging'], parents: ['Understanding'] },
      { iri: 'Comprehension', labels: ['Contextual Comprehension'], parents: ['Understanding'] },
    ]);
    const out = await collect(structure(), source, target);
    expect(of(out, 'tokens')).toContainEqual(['skos:broadMatch', 'Understanding']);
  });
});

describe('specificity and shared votes', () => {
  it('of two consistent broader candidates, the one below the other ranks first', async () => {
    // "parasympathetic ganglion" is a kind of "Ganglion" by its name, and looks like the children
    // of "Autonomic_Ganglion" (under Ganglion): the tighter answer is Autonomic_Ganglion.
    const source = src([{ iri: 'para', labels: ['parasympathetic ganglion'] }, { iri: 'symp', labels: ['sympathetic ganglion'] }]);
    const target = tgt([
      { iri: 'Ganglion', labels: ['Ganglion'] },
      { iri: 'Autonomic', labels: ['Autonomic_Ganglion'], parents: ['Ganglion'] },
      { iri: 'Sympathetic', labels: ['Sympathetic_Ganglion'], parents: ['Autonomic'] },
    ]);
    const out = await collect(structure(), source, target);
    const broad = out.filter((c) => local(c.subject) === 'para' && c.predicate === 'skos:broadMatch');
    expect(broad.map((c) => local(c.object))).toEqual(['Autonomic', 'Ganglion']);
    // Its own evidence alone (no link to Ganglion) scores lower than Ganglion's name evidence
    // above: the share of its ancestor's support is what puts it first.
    const flat = await collect(structure(), source, tgt([
      { iri: 'Ganglion', labels: ['Ganglion'] },
      { iri: 'Autonomic', labels: ['Autonomic_Ganglion'] },
      { iri: 'Sympathetic', labels: ['Sympathetic_Ganglion'], parents: ['Autonomic'] },
    ]));
    const alone = flat.find((c) => local(c.subject) === 'para' && local(c.object) === 'Autonomic')!.score;
    expect(alone).toBeLessThan(broad[1]!.score);
    expect(broad[0]!.score).toBeGreaterThan(alone);
  });

  it('a category\'s children share their narrower votes: its own counterpart ranks above any one child\'s', async () => {
    // Version 1 "Security & Privacy" has three children whose counterparts sit under
    // "Cybersecurity"; Cybersecurity holds them and more (coverage) and is the category's answer.
    const source = src([
      { iri: 'sec', labels: ['Security & Privacy'] },
      { iri: 'vuln', labels: ['Vulnerability Analysis'], parents: ['sec'] },
      { iri: 'leak', labels: ['Secret Leak Detection'], parents: ['sec'] },
      { iri: 'threat', labels: ['Threat Detection'], parents: ['sec'] },
    ]);
    const target = tgt([
      { iri: 'Cyber', labels: ['Cybersecurity'] },
      { iri: 'Vuln', labels: ['Vulnerability Analysis'], parents: ['Cyber'] },
      { iri: 'Leak', labels: ['Secret Leak Detection'], parents: ['Cyber'] },
      { iri: 'Threat', labels: ['Threat Detection'], parents: ['Cyber'] },
      { iri: 'Pentest', labels: ['Penetration Testing'], parents: ['Cyber'] },
    ]);
    const out = await collect(structure(), source, target);
    const sec = out.filter((c) => local(c.subject) === 'sec');
    expect(local(sec[0]!.object)).toBe('Cyber');
    const child = sec.find((c) => local(c.object) === 'Vuln' && c.predicate === 'skos:narrowMatch')!;
    // One vote of 0.9 × similarity, shared by three children.
    expect(child.score).toBeLessThan(0.9 / 3 + 1e-9);
  });
});

describe('definitions', () => {
  it('a target whose definition names the subject covers it; a one-word name says nothing', async () => {
    const source = src([{ iri: 'tabCls', labels: ['Tabular Classification'] }, { iri: 'search', labels: ['Search'] }]);
    const target = tgt([
      { iri: 'TabularPrediction', labels: ['Tabular Prediction'], definitions: ['Classification and regression over tabular data. Search them too.'] },
      { iri: 'WebSearch', labels: ['Web Search'], definitions: ['Applied web search and information retrieval.'] },
    ]);
    const out = await collect(structure(), source, target);
    expect(of(out, 'tabCls')).toContainEqual(['skos:broadMatch', 'TabularPrediction']);
    // "search" is in both definitions, and the second sentence is not read: nothing from definitions.
    for (const c of out.filter((x) => local(x.subject) === 'search')) for (const e of c.evidence) expect(e.objectField).not.toBe('definition');
  });
});

describe('equivalence and context', () => {
  it('parent agreement breaks a tie between namesakes: "H" under "Atom" prefers hydrogen', async () => {
    const source = src([{ iri: 'atom', labels: ['Atom'] }, { iri: 'h', labels: ['H'], parents: ['atom'] }]);
    const target = tgt([
      { iri: 'Atom', labels: ['Atom'] },
      { iri: 'Quantity', labels: ['Thermodynamic Quantity'] },
      { iri: 'Enthalpy', labels: ['H'], parents: ['Quantity'] },
      { iri: 'Hydrogen', labels: ['H'], parents: ['Atom'] },
    ]);
    const out = await collect(structure(), source, target);
    const h = out.filter((c) => local(c.subject) === 'h');
    const hydrogen = h.find((c) => local(c.object) === 'Hydrogen')!;
    const enthalpy = h.find((c) => local(c.object) === 'Enthalpy');
    expect(hydrogen.rank).toBe(1);
    expect(enthalpy === undefined || enthalpy.score < hydrogen.score).toBe(true);
  });

  it('proposes the likely equivalent first, and what lies above it only after it', async () => {
    const source = src([{ iri: 'v5', labels: ['thoracic vertebra 5'] }]);
    const target = tgt([
      { iri: 'Thoracic', labels: ['Thoracic_Vertebra'] },
      { iri: 'T5', labels: ['Thoracic_Vertebra_5'], parents: ['Thoracic'] },
    ]);
    const out = await collect(structure(), source, target);
    expect(of(out, 'v5')[0]).toEqual(['skos:exactMatch', 'T5']);
    expect(of(out, 'v5')).toContainEqual(['skos:broadMatch', 'Thoracic']);
  });

  it('without a hierarchy on either side it proposes nothing from hierarchies', async () => {
    const source = src([{ iri: 'a', labels: ['kidney'] }, { iri: 'b', labels: ['renal pelvis'] }]);
    const target = tgt([{ iri: 'K', labels: ['Kidney'] }, { iri: 'P', labels: ['Pelvis'] }]);
    const out = await collect(structure(), source, target);
    // Only name evidence: the equivalent by name, and "renal pelvis" as a kind of "Pelvis".
    for (const c of out) for (const e of c.evidence) expect(['label', 'name', 'head of name']).toContain(e.subjectField);
  });
});
