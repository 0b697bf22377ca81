/**
 * A loaded ontology index is immutable: the gate and `propose` remember what they computed from
 * an index by its identity (coherence checkers, digests, name languages), so an index that could
 * change in place could be answered from a stale memory — in the gate, a stale Compatible (draft
 * Section 7.3 excludes an incoherent artifact; S5 revalidates whatever changed). `loadOntology`
 * freezes what it returns, so a change in place throws instead.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, type OntologyIndex } from '../../src/api/index.js';

const EX = join(new URL('../../', import.meta.url).pathname, 'corpora', 'ioa-example');
const DOC = 'https://example.net/onto/doc#';

describe('loadOntology returns an immutable index', () => {
  it('its fields, concepts, axioms and by-IRI map refuse changes in place (TypeError), and it still reads as before', async () => {
    const doc: OntologyIndex = await loadOntology(join(EX, 'doc.ttl'));
    const translate = doc.byIri.get(`${DOC}TranslateText`)!;
    const labels = JSON.stringify(translate.labels);
    expect(Object.isFrozen(doc) && Object.isFrozen(doc.concepts) && Object.isFrozen(translate) && Object.isFrozen(translate.labels[0])).toBe(true);
    expect(() => { doc.axioms = undefined; }).toThrow(TypeError);
    expect(() => { doc.versionIri = 'https://example.net/onto/doc/3'; }).toThrow(TypeError);
    expect(() => translate.labels.push({ text: 'Übersetzen', lang: 'de', source: 'rdfs:label' })).toThrow(TypeError);
    expect(() => { translate.kind = 'domain'; }).toThrow(TypeError);
    expect(() => doc.axioms!.disjointClasses.push([`${DOC}SummarizeText`, `${DOC}TranslateText`])).toThrow(TypeError);
    expect(() => doc.concepts.pop()).toThrow(TypeError);
    expect(() => doc.byIri.set(`${DOC}Other`, translate)).toThrow(TypeError);
    expect(() => doc.byIri.delete(`${DOC}TranslateText`)).toThrow(TypeError);
    expect(() => doc.byIri.clear()).toThrow(TypeError);
    expect(JSON.stringify(translate.labels)).toBe(labels);
    expect(doc.byIri.get(`${DOC}TranslateText`)).toBe(translate);
    // The label index is still built on first read.
    expect(doc.labelIndex.size).toBeGreaterThan(0);
  });

  it('a copy of a loaded index is the caller\'s own to change', async () => {
    const doc = await loadOntology(join(EX, 'doc.ttl'));
    const copy: OntologyIndex = structuredClone(doc);
    copy.concepts[0]!.labels.push({ text: 'x', source: 'rdfs:label' });
    copy.byIri.delete(copy.concepts[0]!.iri);
    copy.axioms = undefined;
    expect(copy.concepts[0]!.labels.length).toBe(doc.concepts[0]!.labels.length + 1);
    expect(doc.byIri.has(copy.concepts[0]!.iri)).toBe(true);
  });
});

describe('the ontologies a check reads from files are immutable too', () => {
  it('loadCheckFiles (what `check` and the CLI read through) seals its indexes, so a cached decision does not read them again', async () => {
    const { loadCheckFiles } = await import('../../src/gate/files.js');
    const { isSealedOntologyIndex } = await import('../../src/model/ontology-index.js');
    const loaded = await loadCheckFiles({
      request: join(EX, 'envelope-12.1-zh-en.json'), provider: join(EX, 'capability-doc-translate.json'),
      profile: join(EX, 'profile-tech-translation.json'), ontologies: [join(EX, 'cs.ttl'), join(EX, 'doc.ttl')],
    });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const read = loaded.input.ontologies ?? [];
    expect(read.map((o) => isSealedOntologyIndex(o))).toEqual([true, true]);
    expect(() => read[0]!.concepts.pop()).toThrow(TypeError);
  });
});
