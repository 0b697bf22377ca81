/**
 * The anatomy-subsumption track is reproducible: building it again from corpora/anatomy gives the
 * committed files byte for byte, and the construction keeps the promises its README makes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAnatomySubsumption, buildSubsumptionTrack, type SubsumptionTrack } from '../../src/bench/subsumption-track.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { readRdfFile } from '../../src/ontology/rdf-source.js';
import { ontology } from '../generators/fixtures.js';

const TRACK = fileURLToPath(new URL('../../corpora/anatomy-subsumption/', import.meta.url));
const ANATOMY = fileURLToPath(new URL('../../corpora/anatomy/', import.meta.url));

let track: SubsumptionTrack;
beforeAll(async () => {
  track = await buildAnatomySubsumption(ANATOMY);
}, 60_000);

describe('anatomy-subsumption track', () => {
  it('rebuilds the committed files byte for byte', () => {
    expect(track.turtle).toBe(readFileSync(`${TRACK}human-without-equivalents.ttl`, 'utf8'));
    expect(track.referenceRdf).toBe(readFileSync(`${TRACK}reference.rdf`, 'utf8'));
    expect(track.selectionTsv).toBe(readFileSync(`${TRACK}selection.tsv`, 'utf8'));
    expect(track.selected).toHaveLength(344);
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
    expect(pruned.concepts.length).toBe(original.concepts.length - 344);
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
