/**
 * Identity across releases: the version segment of IRIs (declared by a loader, or recognised from
 * the ontology's own IRI), the same-ontology check, and ids that prove identity only where the
 * vocabulary declares them stable.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology } from '../../src/api/index.js';
import { emptyConcept } from '../../src/model/concept.js';
import { buildOntologyIndex } from '../../src/model/ontology-index.js';
import {
  assertSameSeries, comparableLabel, definitionChange, hasPathSegment, identityPairs, seriesOf, versionSegmentOf, withoutVersionSegment,
} from '../../src/versions/identity.js';
import { thrownIoaError } from '../helpers/errors.js';

const ROOT = join(import.meta.dirname, '../..');
const FIX = join(import.meta.dirname, 'fixtures');
const OASF_OLD = join(ROOT, 'corpora/agents/oasf/v1.0.4/schema/skills');
const OASF_NEW = join(ROOT, 'corpora/agents/oasf/v1.1.1/schema/skills');

describe('version segments in IRIs', () => {
  it('are whole path segments, never part of a segment, the host, the query or the fragment', () => {
    expect(hasPathSegment('https://x.org/1.0/skills/a', '1.0')).toBe(true);
    expect(hasPathSegment('https://x.org/v1.0/skills/a', '1.0')).toBe(false);
    expect(hasPathSegment('https://1.0/skills/a', '1.0')).toBe(false);
    expect(hasPathSegment('https://x.org/a?v=1.0', '1.0')).toBe(false);
    expect(hasPathSegment('https://x.org/a#1.0', '1.0')).toBe(false);
    expect(withoutVersionSegment('https://x.org/1.0/skills/a#b', '1.0')).toBe('https://x.org/{version}/skills/a#b');
    expect(withoutVersionSegment('https://x.org/1.0/skills/a', undefined)).toBe('https://x.org/1.0/skills/a');
  });

  it('OASF declares its segment (the schema version) and that its numeric ids are not stable', async () => {
    const oasf = await loadOntology(OASF_OLD);
    expect(oasf.identifiers).toEqual({ iriVersionSegment: '1.0.0', stableNotations: false });
    expect(versionSegmentOf(oasf)).toBe('1.0.0');
    expect(seriesOf(oasf)).toBe('https://schema.oasf.outshift.com/{version}/skills');
  });

  it('is recognised without a declaration when the ontology IRI carries the version as a segment', async () => {
    const [a, b] = await Promise.all([loadOntology(join(FIX, 'versioned-1.0.ttl')), loadOntology(join(FIX, 'versioned-1.1.ttl'))]);
    expect(a.identifiers).toBeUndefined();
    expect([versionSegmentOf(a), versionSegmentOf(b)]).toEqual(['1.0', '1.1']);
    const pairs = identityPairs(a, b);
    expect([...pairs.values()].map((p) => [p.old.localName, p.new.iri, p.kind])).toEqual([
      ['translate', 'http://example.org/tasks/1.1/onto/translate', 'version-segment'],
      ['summarize', 'http://example.org/tasks/1.1/onto/summarize', 'version-segment'],
    ]);
  });

  it('changes nothing for stable IRIs: zoo\'s version IRI holds the version, its concepts do not, and they pair by the same IRI', async () => {
    const [a, b] = await Promise.all([loadOntology(join(FIX, 'zoo-1.0.ttl')), loadOntology(join(FIX, 'zoo-2.0.ttl'))]);
    expect([a.version, versionSegmentOf(a), seriesOf(a), seriesOf(b)]).toEqual(['1.0', '1.0', 'http://example.org/zoo', 'http://example.org/zoo']);
    const pairs = identityPairs(a, b);
    expect(pairs.get('http://example.org/zoo#Dog')).toMatchObject({ kind: 'same-iri', new: { iri: 'http://example.org/zoo#Dog' } });
    expect(pairs.has('http://example.org/zoo#Reptile')).toBe(false);
  });

  it('an ontology that names no version has no segment', () => {
    expect(versionSegmentOf(buildOntologyIndex({ source: 'x', concepts: [], iri: 'http://x.org/1.0/onto' }))).toBeUndefined();
  });
});

describe('releases of one ontology', () => {
  it('two OASF releases are one ontology; OASF and another ontology are not (E_VERSION_SERIES), unless forced', async () => {
    const [a, b, other] = await Promise.all([loadOntology(OASF_OLD), loadOntology(OASF_NEW), loadOntology(join(FIX, 'other.ttl'))]);
    expect(() => assertSameSeries(a, b)).not.toThrow();
    const e = thrownIoaError(() => assertSameSeries(a, other));
    expect(e.code).toBe('E_VERSION_SERIES');
    expect(e.message).toContain('not releases of one ontology');
    expect(() => assertSameSeries(a, other, true)).not.toThrow();
  });

  it('an ontology without an IRI cannot be placed (E_VERSION_SERIES)', () => {
    const bare = buildOntologyIndex({ source: 'bare.ttl', concepts: [emptyConcept('http://x.org/a', 'class', 'a')] });
    const named = buildOntologyIndex({ source: 'named.ttl', concepts: [], iri: 'http://x.org/onto' });
    expect(thrownIoaError(() => assertSameSeries(bare, named)).code).toBe('E_VERSION_SERIES');
  });
});

describe('identity of concepts', () => {
  it('OASF reuses numeric ids for unrelated skills: an id alone never pairs them (id 4 is tabular_text in 1.0.0, three_d_generation in 1.1.0)', async () => {
    const [a, b] = await Promise.all([loadOntology(OASF_OLD), loadOntology(OASF_NEW)]);
    const tabular = a.concepts.find((c) => c.localName === 'tabular_text')!;
    const threeD = b.concepts.find((c) => c.localName === 'three_d_generation')!;
    expect(tabular.notations).toEqual(threeD.notations); // the reuse this test is about
    const pairs = identityPairs(a, b);
    expect(pairs.has(tabular.iri)).toBe(false);
    expect([...pairs.values()].some((p) => p.kind === 'same-id')).toBe(false);
    // Kept leaf names pair by the version segment: translation in 1.0.0 is translation in 1.1.0.
    expect(pairs.get('https://schema.oasf.outshift.com/1.0.0/skills/translation')).toMatchObject({ kind: 'version-segment', new: { iri: 'https://schema.oasf.outshift.com/1.1.0/skills/translation' } });
  });

  it('a notation pairs concepts only when both releases declare notations stable, and only a notation unique on each side', () => {
    const concept = (iri: string, ...notations: string[]) => ({ ...emptyConcept(iri, 'concept', iri.split('/').pop()!), notations });
    const old = (stable: boolean) => buildOntologyIndex({ source: 'a', iri: 'http://x.org/s', concepts: [concept('http://x.org/1/a', '7'), concept('http://x.org/1/b', '8'), concept('http://x.org/1/c', '9')], identifiers: { stableNotations: stable } });
    const neu = (stable: boolean) => buildOntologyIndex({ source: 'b', iri: 'http://x.org/s', concepts: [concept('http://x.org/2/p', '7'), concept('http://x.org/2/q', '9'), concept('http://x.org/2/r', '9')], identifiers: { stableNotations: stable } });
    expect([...identityPairs(old(true), neu(true)).values()].map((p) => [p.old.iri, p.new.iri, p.kind])).toEqual([['http://x.org/1/a', 'http://x.org/2/p', 'same-id']]);
    expect(identityPairs(old(true), neu(false)).size).toBe(0);
    expect(identityPairs(old(false), neu(true)).size).toBe(0);
  });

  it('labels compare without case, punctuation or "&" versus "and"; definitions as text', () => {
    expect(comparableLabel('Monitoring & Alerting')).toBe(comparableLabel('Monitoring and Alerting'));
    expect(comparableLabel('Image-to-3D')).toBe(comparableLabel('Image to 3D'));
    expect(comparableLabel('Language Translation')).not.toBe(comparableLabel('Language Translation and Multilingual Support'));
    const c = (d?: string) => ({ ...emptyConcept('http://x.org/a', 'class', 'a'), definitions: d === undefined ? [] : [d] });
    expect(definitionChange(c('A small cat.'), c('a small  cat'))).toBe('same');
    expect(definitionChange(c('A small cat.'), c('A feline.'))).toBe('reworded');
    expect(definitionChange(c(), c('A feline.'))).toBe('added');
    expect(definitionChange(c('A feline.'), c())).toBe('removed');
    expect(definitionChange(c(), c())).toBe('same');
  });

  it('a vowel sign or tone mark is part of the word (दिन "day" is not दान "donation", ป่า "forest" not ป้า "aunt"); a soft hyphen, a joiner or ß against ss changes nothing, as the matchers read them', () => {
    for (const [a, b] of [['दिन', 'दान'], ['बेटा', 'बेटी'], ['ป่า', 'ป้า']] as const) expect([a, comparableLabel(a) === comparableLabel(b)]).toEqual([a, false]);
    for (const [a, b] of [['soft\u00adware', 'software'], ['کتاب\u200cها', 'کتابها'], ['Straße', 'STRASSE']] as const) expect([a, comparableLabel(a)]).toEqual([a, comparableLabel(b)]);
    const c = (d: string) => ({ ...emptyConcept('http://x.org/a', 'class', 'a'), definitions: [d] });
    expect(definitionChange(c('एक दिन'), c('एक दान'))).toBe('reworded');
  });
});
