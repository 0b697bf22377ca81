/**
 * Property candidates weighed by their domains and ranges after fusion
 * (src/generators/property-support.ts): a subject property with a rival whose domain or range the
 * selected class mappings relate has its unsupported property candidates lowered and re-ranked;
 * no support anywhere, or no domains and ranges stated, changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { weighPropertySupport } from '../../src/generators/property-support.js';
import { DEFAULT_CLAIMED_WEIGHT, type FusedCandidate } from '../../src/generators/fusion.js';
import { rawScore } from '../../src/model/mapping.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { tempFile } from '../helpers/files.js';

const S = 'http://s.org/o#';
const T = 'http://t.org/o#';

async function ontology(ns: string, body: string): Promise<OntologyIndex> {
  return loadOntologyFile(await tempFile('o.ttl', `@prefix : <${ns}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n${body}\n`));
}

const fused = (s: string, o: string, score: number, rank: number): FusedCandidate => ({
  subject: `${S}${s}`, predicate: 'skos:exactMatch', object: `${T}${o}`, score: rawScore(score), rank, generator: 'fusion', measure: 'fused',
  justification: 'semapv:CompositeMatching', evidence: [], members: [],
});
const listOf = (list: readonly FusedCandidate[]): string[] => list.map((c) => `${c.subject.slice(S.length)}=${c.object.slice(T.length)}@${c.rank}:${c.score}`);

// A reviewer reviews papers; the target has both directions of the relation, named alike.
const SOURCE = ':Person a owl:Class . :Paper a owl:Class . :reviews a owl:ObjectProperty ; rdfs:domain :Person ; rdfs:range :Paper .';
const TARGET = ':Person a owl:Class . :Paper a owl:Class . '
  + ':isReviewedBy a owl:ObjectProperty ; rdfs:domain :Paper ; rdfs:range :Person . :isReviewing a owl:ObjectProperty ; rdfs:domain :Person ; rdfs:range :Paper .';

describe('property candidates weighed by domain and range', () => {
  it('the rival whose domain and range the class mappings relate moves ahead; the other keeps its place in the list at a lower value', async () => {
    const source = await ontology(S, SOURCE);
    const target = await ontology(T, TARGET);
    const input = [fused('Paper', 'Paper', 0.9, 1), fused('Person', 'Person', 0.9, 1), fused('reviews', 'isReviewedBy', 0.35, 1), fused('reviews', 'isReviewing', 0.22, 2)];
    const before = structuredClone(input);
    const out = weighPropertySupport(input, source, target);
    expect(listOf(out)).toEqual(['Paper=Paper@1:0.9', 'Person=Person@1:0.9', 'reviews=isReviewing@1:0.22', `reviews=isReviewedBy@2:${0.35 * DEFAULT_CLAIMED_WEIGHT}`]);
    expect(input).toEqual(before);
  });

  it('without class mappings to relate them, or without domains and ranges on one side, nothing changes', async () => {
    const source = await ontology(S, SOURCE);
    const target = await ontology(T, TARGET);
    const noAnchors = [fused('reviews', 'isReviewedBy', 0.35, 1), fused('reviews', 'isReviewing', 0.22, 2)];
    expect(listOf(weighPropertySupport(noAnchors, source, target))).toEqual(listOf(noAnchors));
    const bare = await ontology(T, ':Person a owl:Class . :Paper a owl:Class . :isReviewedBy a owl:ObjectProperty . :isReviewing a owl:ObjectProperty .');
    const input = [fused('Paper', 'Paper', 0.9, 1), fused('Person', 'Person', 0.9, 1), ...noAnchors];
    expect(listOf(weighPropertySupport(input, source, bare))).toEqual(listOf(input));
  });

  it('a subject whose candidates are all unsupported keeps its list: no rival has support', async () => {
    const source = await ontology(S, SOURCE);
    const target = await ontology(T, ':Person a owl:Class . :Paper a owl:Class . :isReviewedBy a owl:ObjectProperty ; rdfs:domain :Paper ; rdfs:range :Person .');
    const input = [fused('Paper', 'Paper', 0.9, 1), fused('Person', 'Person', 0.9, 1), fused('reviews', 'isReviewedBy', 0.35, 1)];
    expect(listOf(weighPropertySupport(input, source, target))).toEqual(listOf(input));
  });
});
