/**
 * Kind-aware matching: the draft's kinds meet only their own kind unless cross-kind pairing is
 * asked for (then as relatedMatch), OWL classes, properties and individuals stay apart, and
 * `--kinds` leaves the others out of the run.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runGenerators } from '../../src/generators/run.js';
import { parseKinds, selectKinds } from '../../src/model/kinds.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { collect } from './suite.js';
import { ontology } from './fixtures.js';
import tfidf from '../../src/generators/tfidf.js';

const OASF = fileURLToPath(new URL('../../corpora/agents/oasf/', import.meta.url));

describe('the draft\'s kinds', () => {
  const source = ontology('s', [{ iri: 'http://s/#translate', kind: 'capability', labels: ['Technical Document Translation'] }]);
  const target = ontology('t', [
    { iri: 'http://t/#TranslateDocument', kind: 'intent', labels: ['Translate a document'] },
    { iri: 'http://t/#TranslateText', kind: 'capability', labels: ['Translate text'] },
    { iri: 'http://t/#Documentation', kind: 'domain', labels: ['Documentation'] },
  ]);

  it('a capability is matched with capabilities only by default', async () => {
    const out = await collect(tfidf(), source, target);
    expect(out.map((c) => c.object)).toEqual(['http://t/#TranslateText']);
  });

  it('with cross-kind pairing, other kinds come as relatedMatch, never as equivalents', async () => {
    const out = await collect(tfidf(), source, target, { crossKind: true });
    const byObject = Object.fromEntries(out.map((c) => [c.object.split('#')[1], c.predicate]));
    expect(byObject).toMatchObject({ TranslateDocument: 'skos:relatedMatch', Documentation: 'skos:relatedMatch' });
    expect(byObject.TranslateText).not.toBe('skos:relatedMatch');
  });

  it('on the OASF release folders no skill is paired with a domain unless asked', async () => {
    const [v1, v2] = await Promise.all([loadVocabulary(`${OASF}v1.0.4`), loadVocabulary(`${OASF}v1.1.1`)]);
    const kindOf = (iri: string): string | undefined => v1.byIri.get(iri)?.kind ?? v2.byIri.get(iri)?.kind;
    const strict = await runGenerators(v1, v2, { generators: ['exact', 'tfidf'], topK: 10 });
    const mixed = strict.fused!.filter((c) => kindOf(c.subject) !== kindOf(c.object));
    expect(strict.fused!.length).toBeGreaterThan(1000);
    expect(mixed).toEqual([]);
    const cross = await runGenerators(v1, v2, { generators: ['exact', 'tfidf'], topK: 10, crossKind: true });
    const crossed = cross.fused!.filter((c) => kindOf(c.subject) !== kindOf(c.object));
    expect(crossed.length).toBeGreaterThan(0);
    for (const c of crossed) expect(c.predicate).toBe('skos:relatedMatch');
  });
});

describe('--kinds', () => {
  it('parses selectors into concept kinds and refuses unknown ones with E_USAGE listing the choices', () => {
    expect([...parseKinds('classes,properties')].sort()).toEqual(['annotationProperty', 'class', 'datatypeProperty', 'objectProperty']);
    expect(() => parseKinds('classes,things')).toThrow(expect.objectContaining({ code: 'E_USAGE', message: expect.stringMatching(/things.*choose from classes, properties, individuals/) }));
    expect(() => parseKinds(' , ')).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });

  it('keeps only the chosen kinds, with the ontology\'s identity and declared counts', () => {
    const index = ontology('o', [
      { iri: 'http://o/#A', labels: ['A'] },
      { iri: 'http://o/#p', kind: 'objectProperty', labels: ['p'] },
      { iri: 'http://o/#i', kind: 'individual', labels: ['i'] },
    ]);
    const classes = selectKinds(index, parseKinds('classes'));
    expect(classes.concepts.map((c) => c.iri)).toEqual(['http://o/#A']);
    expect(classes.byIri.has('http://o/#p')).toBe(false);
    expect(classes.declaredCounts).toEqual(index.declaredCounts);
    expect(selectKinds(index, parseKinds('classes,properties,individuals'))).toBe(index);
  });
});
