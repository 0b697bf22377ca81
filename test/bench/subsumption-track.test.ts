/**
 * The anatomy-subsumption track is reproducible: building it again from corpora/anatomy gives the
 * committed files byte for byte, and the construction keeps the promises its README makes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAgentsSubsumption, buildAnatomySubsumption, buildConferenceSubsumption, buildSubsumptionTrack, type SubsumptionPair, type SubsumptionTrack } from '../../src/bench/subsumption-track.js';
import { readManifest } from '../../src/bench/manifest.js';
import { readAlignmentFile } from '../../src/ontology/alignment-reader.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { readRdfFile } from '../../src/ontology/rdf-source.js';
import { ontology } from '../generators/fixtures.js';

const TRACK = fileURLToPath(new URL('../../corpora/anatomy-subsumption/', import.meta.url));
const ANATOMY = fileURLToPath(new URL('../../corpora/anatomy/', import.meta.url));
const CONFERENCE_TRACK = fileURLToPath(new URL('../../corpora/conference-subsumption/', import.meta.url));
const AGENTS_TRACK = fileURLToPath(new URL('../../corpora/agents-subsumption/', import.meta.url));

let track: SubsumptionTrack;
beforeAll(async () => {
  track = await buildAnatomySubsumption(ANATOMY);
}, 60_000);

describe('anatomy-subsumption track', () => {
  it('rebuilds the committed files byte for byte', () => {
    expect(track.turtle).toBe(readFileSync(`${TRACK}human-without-equivalents.ttl`, 'utf8'));
    expect(track.referenceRdf).toBe(readFileSync(`${TRACK}reference.rdf`, 'utf8'));
    expect(track.selectionTsv).toBe(readFileSync(`${TRACK}selection.tsv`, 'utf8'));
    expect(track.selected).toHaveLength(337);
  });

  it('deletes every selected class, keeps every answer class, and re-attaches children to the parents', async () => {
    const pruned = await loadVocabulary(`${TRACK}human-without-equivalents.ttl`);
    const original = await loadVocabulary(`${ANATOMY}human.owl`);
    for (const s of track.selected) {
      expect(pruned.byIri.has(s.deleted)).toBe(false);
      for (const p of s.parents) expect(pruned.byIri.has(p)).toBe(true);
      for (const child of original.concepts.filter((c) => c.parents.includes(s.deleted))) {
        expect(pruned.byIri.get(child.iri)!.parents).toEqual(expect.arrayContaining(s.parents));
      }
    }
    expect(pruned.concepts.length).toBe(original.concepts.length - 337);
  });

  it('leaves no subject an equivalent in the pruned target, and each subject once', async () => {
    const pruned = await loadVocabulary(`${TRACK}human-without-equivalents.ttl`);
    const { cells } = await readAlignmentFile(`${ANATOMY}reference.rdf`);
    const subjects = new Set(track.selected.map((s) => s.subject));
    expect(subjects.size).toBe(track.selected.length);
    expect(cells.filter((c) => c.relation === '=' && subjects.has(c.entity1) && pruned.byIri.has(c.entity2))).toEqual([]);
  });
});

describe('buildSubsumptionTrack on a small hierarchy', () => {
  // Target: Organ ⊒ Lung ⊒ {Left Lung, Right Lung}; the reference says s:lung = t:Lung.
  const T = 'http://t.example/#';
  it('answers with the deleted class\'s parents as broadMatch (<) cells and moves its children up', async () => {
    const source = ontology('s', [{ iri: 'http://s.example/#lung', labels: ['lung'] }]);
    const ttl = `@prefix : <${T}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
:Organ a owl:Class ; rdfs:label "Organ" .
:Lung a owl:Class ; rdfs:label "Lung" ; rdfs:subClassOf :Organ .
:LeftLung a owl:Class ; rdfs:label "Left Lung" ; rdfs:subClassOf :Lung .
:RightLung a owl:Class ; rdfs:label "Right Lung" ; rdfs:subClassOf :Lung .
`;
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${mkdtempSync(`${tmpdir()}/ioa-subs-`)}/t.ttl`;
    writeFileSync(file, ttl);
    const target = await loadVocabulary(file);
    const { quads } = await readRdfFile(file);
    const built = await buildSubsumptionTrack({ source, target, targetQuads: quads, cells: [{ entity1: 'http://s.example/#lung', entity2: `${T}Lung`, relation: '=', measure: 1 }], every: 1 });
    expect(built.selected).toEqual([{ subject: 'http://s.example/#lung', deleted: `${T}Lung`, parents: [`${T}Organ`] }]);
    expect(built.referenceRdf).toContain(`<entity2 rdf:resource="${T}Organ"/>`);
    expect(built.referenceRdf).toContain('<relation>&lt;</relation>');
    expect(built.turtle).not.toContain('"Lung"');
    writeFileSync(file, built.turtle);
    const pruned = await loadVocabulary(file);
    expect(pruned.byIri.get(`${T}LeftLung`)!.parents).toEqual([`${T}Organ`]);
  });
});

describe('buildSubsumptionTrack skips a subject the reference gives several equivalents', () => {
  // Target: Organ ⊒ {Lung, Heart}, Pulmo a root class. The reference says s:lung = t:Lung and
  // s:lung = t:Pulmo (Pulmo has no named superclass, so it could never be selected itself), and
  // s:heart = t:Heart. Deleting Lung alone would leave Pulmo, a right `=` answer, in the target
  // while the track's reference asks for s:lung < t:Organ.
  const T = 'http://t.example/#';
  it('writes no `<` row for s:lung while an equivalent of it stays, and still selects s:heart', async () => {
    const source = ontology('s', [{ iri: 'http://s.example/#lung', labels: ['lung'] }, { iri: 'http://s.example/#heart', labels: ['heart'] }]);
    const ttl = `@prefix : <${T}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
:Organ a owl:Class ; rdfs:label "Organ" .
:Lung a owl:Class ; rdfs:label "Lung" ; rdfs:subClassOf :Organ .
:Heart a owl:Class ; rdfs:label "Heart" ; rdfs:subClassOf :Organ .
:Pulmo a owl:Class ; rdfs:label "Pulmo" .
`;
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${mkdtempSync(`${tmpdir()}/ioa-subs-`)}/t.ttl`;
    writeFileSync(file, ttl);
    const target = await loadVocabulary(file);
    const { quads } = await readRdfFile(file);
    const cells = [
      { entity1: 'http://s.example/#lung', entity2: `${T}Lung`, relation: '=' as const, measure: 1 },
      { entity1: 'http://s.example/#lung', entity2: `${T}Pulmo`, relation: '=' as const, measure: 1 },
      { entity1: 'http://s.example/#heart', entity2: `${T}Heart`, relation: '=' as const, measure: 1 },
    ];
    const built = await buildSubsumptionTrack({ source, target, targetQuads: quads, cells, every: 1 });
    expect(built.selected).toEqual([{ subject: 'http://s.example/#heart', deleted: `${T}Heart`, parents: [`${T}Organ`] }]);
    expect(built.referenceRdf).not.toContain('http://s.example/#lung');
    expect(built.turtle).toContain('"Lung"');
  });
  it('leaves such a subject out after the every-n-th sampling, so the other subjects\' sample does not move', async () => {
    // Organ ⊒ {o0 … o5}, s:si = t:oi, every second eligible cell. The subject whose class comes
    // first in the sampling order (sha256 of the class IRI) also gets t:Pulmo as an equivalent:
    // the track must be the sample without that extra cell, minus that subject.
    const { createHash } = await import('node:crypto');
    const organs = [0, 1, 2, 3, 4, 5].map((i) => ({ subject: `http://s.example/#s${i}`, cls: `${T}o${i}` }));
    const source = ontology('s', organs.map((o, i) => ({ iri: o.subject, labels: [`organ ${i}`] })));
    const ttl = `@prefix : <${T}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
:Organ a owl:Class ; rdfs:label "Organ" .
:Pulmo a owl:Class ; rdfs:label "Pulmo" .
${organs.map((o, i) => `:o${i} a owl:Class ; rdfs:label "O${i}" ; rdfs:subClassOf :Organ .`).join('\n')}
`;
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${mkdtempSync(`${tmpdir()}/ioa-subs-`)}/t.ttl`;
    writeFileSync(file, ttl);
    const target = await loadVocabulary(file);
    const { quads } = await readRdfFile(file);
    const plain = organs.map((o) => ({ entity1: o.subject, entity2: o.cls, relation: '=' as const, measure: 1 }));
    const first = [...organs].sort((a, b) => (createHash('sha256').update(a.cls).digest('hex') < createHash('sha256').update(b.cls).digest('hex') ? -1 : 1))[0]!;
    const sample = (await buildSubsumptionTrack({ source, target, targetQuads: quads, cells: plain, every: 2 })).selected;
    expect(sample.map((s) => s.subject)).toContain(first.subject);
    const built = await buildSubsumptionTrack({ source, target, targetQuads: quads, cells: [...plain, { entity1: first.subject, entity2: `${T}Pulmo`, relation: '=', measure: 1 }], every: 2 });
    expect(built.selected).toEqual(sample.filter((s) => s.subject !== first.subject));
    expect(built.subjectsWithSeveralEquivalents).toBe(1);
    expect(built.turtle).toContain(`"O${organs.indexOf(first)}"`);
  });
});

describe('conference-subsumption track', () => {
  let pairs: SubsumptionPair[];
  beforeAll(async () => {
    pairs = await buildConferenceSubsumption(fileURLToPath(new URL('../../corpora/conference/', import.meta.url)));
  }, 60_000);

  it('rebuilds the committed files byte for byte, one pruned target per pair', () => {
    expect(pairs).toHaveLength(21);
    const selection: string[] = [];
    for (const { id, track } of pairs) {
      expect(track.turtle).toBe(readFileSync(`${CONFERENCE_TRACK}targets/${id}.ttl`, 'utf8'));
      expect(track.referenceRdf).toBe(readFileSync(`${CONFERENCE_TRACK}reference/${id}.rdf`, 'utf8'));
      selection.push(...track.selectionTsv.trimEnd().split('\n').slice(selection.length ? 1 : 0));
    }
    expect(`${selection.join('\n')}\n`).toBe(readFileSync(`${CONFERENCE_TRACK}selection.tsv`, 'utf8'));
    expect(pairs.reduce((n, p) => n + p.track.selected.length, 0)).toBe(152);
  });

  it('deletes only classes, and the manifest names every pair with its own target', async () => {
    const manifest = await readManifest(`${CONFERENCE_TRACK}manifest.json`);
    expect(manifest.pairs.map((p) => p.id)).toEqual(pairs.map((p) => p.id));
    for (const pair of manifest.pairs) {
      const built = pairs.find((p) => p.id === pair.id)!.track;
      const pruned = await loadVocabulary(pair.target);
      const reference = await readAlignmentFile(pair.reference);
      expect(reference.cells.every((c) => c.relation === '<' && pruned.byIri.has(c.entity2))).toBe(true);
      for (const s of built.selected) expect(pruned.byIri.has(s.deleted)).toBe(false);
      // No subject keeps an equivalent: its `=` answer would be right yet scored against `<` rows.
      const equivalence = await readAlignmentFile(`${fileURLToPath(new URL('../../corpora/conference/', import.meta.url))}reference/${pair.id}.rdf`);
      const subjects = new Set(built.selected.map((s) => s.subject));
      expect(equivalence.cells.filter((c) => c.relation === '=' && subjects.has(c.entity1) && pruned.byIri.has(c.entity2))).toEqual([]);
    }
  });
});

describe('agents-subsumption track', () => {
  it('rebuilds the committed files byte for byte, and the pruned taxonomy keeps its skills capabilities', async () => {
    const track = await buildAgentsSubsumption(fileURLToPath(new URL('../../corpora/agents/', import.meta.url)));
    expect(track.turtle).toBe(readFileSync(`${AGENTS_TRACK}skills-1.1.0-without-equivalents.ttl`, 'utf8'));
    expect(track.referenceRdf).toBe(readFileSync(`${AGENTS_TRACK}reference.rdf`, 'utf8'));
    expect(track.selectionTsv).toBe(readFileSync(`${AGENTS_TRACK}selection.tsv`, 'utf8'));
    expect(track.selected).toHaveLength(81);
    const pruned = await loadVocabulary(`${AGENTS_TRACK}skills-1.1.0-without-equivalents.ttl`);
    for (const s of track.selected) {
      expect(pruned.byIri.has(s.deleted)).toBe(false);
      for (const p of s.parents) expect(pruned.byIri.get(p)?.kind).toBe('capability');
    }
  }, 60_000);
});

describe('buildSubsumptionTrack leaves properties alone', () => {
  it('selects no cell whose target is a property, although it has a parent property', async () => {
    const T = 'http://t.example/#';
    const ttl = `@prefix : <${T}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
:hasPart a owl:ObjectProperty ; rdfs:label "has part" .
:hasComponent a owl:ObjectProperty ; rdfs:label "has component" ; rdfs:subPropertyOf :hasPart .
`;
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${mkdtempSync(`${tmpdir()}/ioa-subs-`)}/t.ttl`;
    writeFileSync(file, ttl);
    const target = await loadVocabulary(file);
    expect(target.byIri.get(`${T}hasComponent`)!.parents).toEqual([`${T}hasPart`]);
    const source = ontology('s', [{ iri: 'http://s.example/#hasComponent', labels: ['has component'] }]);
    const { quads } = await readRdfFile(file);
    const built = await buildSubsumptionTrack({ source, target, targetQuads: quads, cells: [{ entity1: 'http://s.example/#hasComponent', entity2: `${T}hasComponent`, relation: '=', measure: 1 }], every: 1 });
    expect(built.selected).toEqual([]);
    expect(built.cellsConsidered).toBe(0);
  });
});
