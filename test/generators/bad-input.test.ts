/**
 * Awkward input must not crash a generator: empty ontologies, concepts without names, other
 * scripts, very long names, duplicate IRIs. Where something is lost, a warning says so.
 */
import { describe, expect, it } from 'vitest';
import { runGenerators } from '../../src/generators/run.js';
import { LEXICAL_GENERATORS } from '../../src/generators/registry.js';
import { emptyConcept } from '../../src/model/concept.js';
import { buildOntologyIndex } from '../../src/model/ontology-index.js';
import { concept, ontology } from './fixtures.js';

async function run(source: ReturnType<typeof ontology>, target: ReturnType<typeof ontology>) {
  const warnings: string[] = [];
  const result = await runGenerators(source, target, { generators: LEXICAL_GENERATORS, topK: 5, onWarning: (w) => warnings.push(w) });
  return { ...result, warnings };
}

describe('lexical generators on bad input', () => {
  it('handles an empty ontology', async () => {
    const r = await run(ontology('empty', []), ontology('t', [{ iri: 'http://t#a', labels: ['a thing'] }]));
    expect(r.members).toEqual([]);
    expect(r.fused).toEqual([]);
    expect(r.warnings).toEqual(['empty: no concepts to match (no named classes, properties or individuals)']);
  });

  it('warns about concepts without any usable name and still matches the others', async () => {
    const nameless = buildOntologyIndex({
      source: 'nameless.ttl',
      concepts: [emptyConcept('http://s#123456', 'class', '123456'), concept({ iri: 'http://s#h', labels: ['Heart'] })],
    });
    const r = await run(nameless, ontology('t', [{ iri: 'http://t#h', labels: ['heart'] }]));
    expect(r.warnings.some((w) => w.includes('nameless.ttl') && w.includes('1 concept(s) have no usable name'))).toBe(true);
    expect(r.fused!.map((c) => [c.subject, c.object])).toEqual([['http://s#h', 'http://t#h']]);
  });

  it('matches names in CJK and Cyrillic scripts', async () => {
    const source = ontology('s', [{ iri: 'http://s#1', labels: ['机器翻译'] }, { iri: 'http://s#2', labels: ['Перевод текста'] }]);
    const target = ontology('t', [
      { iri: 'http://t#1', labels: ['机器翻译'] },
      { iri: 'http://t#2', labels: ['перевод текста'] },
      { iri: 'http://t#3', labels: ['语音识别'] },
    ]);
    const r = await run(source, target);
    const top = r.fused!.filter((c) => c.rank === 1).map((c) => [c.subject, c.object]);
    expect(top).toEqual([['http://s#1', 'http://t#1'], ['http://s#2', 'http://t#2']]);
    expect(r.members.some((c) => c.generator === 'exact' && c.subject === 'http://s#2' && c.object === 'http://t#2')).toBe(true);
  });

  it('cuts extremely long names with a warning and still matches on their beginning', async () => {
    const long = `lateral ventricle choroid plexus ${'epithelium '.repeat(2000)}`;
    const source = ontology('s', [{ iri: 'http://s#long', labels: [long] }, { iri: 'http://s#x', labels: ['choroid plexus'] }]);
    const target = ontology('t', [{ iri: 'http://t#cp', labels: ['Choroid Plexus'] }, { iri: 'http://t#long', labels: [long] }]);
    const r = await run(source, target);
    expect(r.warnings.some((w) => w.includes('longer than 512 characters were cut'))).toBe(true);
    expect(r.fused!.find((c) => c.subject === 'http://s#long' && c.rank === 1)?.object).toBe('http://t#long');
  });

  it('matches each duplicate IRI once and warns', async () => {
    const dup = buildOntologyIndex({
      source: 'dup.ttl',
      concepts: [concept({ iri: 'http://s#a', labels: ['heart'] }), concept({ iri: 'http://s#a', labels: ['heart'] })],
    });
    const r = await run(dup, ontology('t', [{ iri: 'http://t#h', labels: ['Heart'] }]));
    expect(r.warnings.some((w) => w.includes('duplicate IRI http://s#a'))).toBe(true);
    expect(r.members.filter((c) => c.generator === 'exact').length).toBe(1);
    for (const g of LEXICAL_GENERATORS) {
      const pairs = r.members.filter((c) => c.generator === g).map((c) => `${c.subject} ${c.object}`);
      expect(new Set(pairs).size, g).toBe(pairs.length);
    }
  });

  it('bounds the work when thousands of concepts share one name, with a warning', async () => {
    const same = (prefix: string) => ontology(prefix, Array.from({ length: 1100 }, (_, i) => ({ iri: `http://${prefix}#c${i}`, labels: ['thing'] })));
    const r = await run(same('s'), same('t'));
    expect(r.warnings.some((w) => w.includes('shared by more than 1000 concepts; exact compares'))).toBe(true);
    for (const g of ['exact', 'edit', 'tfidf']) {
      const mine = r.members.filter((c) => c.generator === g);
      // Every subject still gets its top 5, drawn from the names the bound lets it meet.
      expect(mine.length, g).toBe(1100 * 5);
    }
  });
});
