import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAlignmentFile, PREDICATE_OF_RELATION } from '../../src/ontology/alignment-reader.js';
import { alignmentToMappingSet, serializeAlignmentRdf } from '../../src/exchange/alignment.js';
import { referenceTriples } from '../../src/bench/runner.js';
import { IoaError } from '../../src/model/errors.js';

const corpus = (p: string): string => join(import.meta.dirname, '../../corpora', p);

async function alignmentFile(cells: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ioa-align-'));
  const path = join(dir, 'a.rdf');
  await writeFile(path, `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<Alignment><xml>yes</xml><level>0</level><type>11</type>
<onto1>http://a.org/onto</onto1><onto2>http://b.org/onto</onto2>
${cells}
</Alignment></rdf:RDF>`);
  return path;
}

const cell = (e1: string, e2: string, rel: string, measure = '1.0'): string =>
  `<map><Cell><entity1 rdf:resource="${e1}"/><entity2 rdf:resource="${e2}"/><measure rdf:datatype="xsd:float">${measure}</measure><relation>${rel.replace('<', '&lt;').replace('>', '&gt;')}</relation></Cell></map>`;

describe('OAEI Alignment API reader', () => {
  it('reads the anatomy reference: 1,516 equivalence cells', async () => {
    const alignment = await readAlignmentFile(corpus('anatomy/reference.rdf'));
    expect(alignment.cells).toHaveLength(1516);
    expect(new Set(alignment.cells.map((c) => c.relation))).toEqual(new Set(['=']));
    expect(alignment.cells.every((c) => c.entity1.startsWith('http://mouse.owl#') && c.entity2.startsWith('http://human.owl#'))).toBe(true);
  });

  it('reads all 21 conference references: 305 cells', async () => {
    const { readFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(corpus('conference/manifest.json'), 'utf8')) as { pairs: { reference: string }[] };
    let total = 0;
    for (const pair of manifest.pairs) total += (await readAlignmentFile(corpus(`conference/${pair.reference}`))).cells.length;
    expect(manifest.pairs).toHaveLength(21);
    expect(total).toBe(305);
  });

  it('keeps < and > distinct from = and maps them to directional predicates', async () => {
    const path = await alignmentFile(cell('http://a.org/x', 'http://b.org/y', '<', '0.5') + cell('http://a.org/p', 'http://b.org/q', '>') + cell('http://a.org/m', 'http://b.org/n', '='));
    const alignment = await readAlignmentFile(path);
    expect(alignment.onto1).toBe('http://a.org/onto');
    expect(alignment.type).toBe('11');
    expect(alignment.cells.map((c) => [c.entity1, c.relation, c.measure])).toEqual([
      ['http://a.org/x', '<', 0.5],
      ['http://a.org/p', '>', 1],
      ['http://a.org/m', '=', 1],
    ]);
    expect(PREDICATE_OF_RELATION['<']).toBe('skos:broadMatch');
    expect(PREDICATE_OF_RELATION['>']).toBe('skos:narrowMatch');
  });

  it('reads % as incompatibility: a rejected exactMatch in SSSOM terms, never a relatedMatch, and no mapping to find in a benchmark', async () => {
    const path = await alignmentFile(cell('http://a.org/x', 'http://b.org/y', '%') + cell('http://a.org/m', 'http://b.org/n', '='));
    const alignment = await readAlignmentFile(path);
    expect(alignment.cells.map((c) => c.relation)).toEqual(['%', '=']);
    expect('%' in PREDICATE_OF_RELATION).toBe(false);
    const set = alignmentToMappingSet(alignment);
    const incompatible = set.mappings.find((m) => m.objectId === 'http://b.org/y')!;
    expect(incompatible.predicateId).toBe('skos:exactMatch');
    expect(incompatible.predicateModifier).toBe('Not');
    expect(set.mappings.find((m) => m.objectId === 'http://b.org/n')!.predicateModifier).toBeUndefined();
    expect(set.mappings.some((m) => m.predicateId === 'skos:relatedMatch')).toBe(false);
    // A benchmark reference asks to find the = cell only.
    expect(referenceTriples(alignment.cells)).toEqual([{ subject: 'http://a.org/m', predicate: 'skos:exactMatch', object: 'http://b.org/n' }]);
    // "Not the same" is weaker than disjoint: the writer refuses to turn it back into %.
    expect(() => serializeAlignmentRdf(set)).toThrow(expect.objectContaining({ code: 'E_EXCHANGE_UNREPRESENTABLE' }));
    expect(serializeAlignmentRdf(set, { dropUnrepresentable: true })).not.toContain('<relation>%</relation>');
  });

  it.each([
    ['no cells', '', 'E_ALIGNMENT_NO_CELLS'],
    ['a cell without entity2', '<map><Cell><entity1 rdf:resource="http://a.org/x"/><relation>=</relation></Cell></map>', 'E_ALIGNMENT_BAD_CELL'],
    ['an unknown relation', cell('http://a.org/x', 'http://b.org/y', '~'), 'E_ALIGNMENT_BAD_CELL'],
    ['a measure outside [0,1]', cell('http://a.org/x', 'http://b.org/y', '=', '1.7'), 'E_ALIGNMENT_BAD_CELL'],
    // Each of these was read before, one value silently lost or invented.
    ['an empty measure (not a score of 0)', cell('http://a.org/x', 'http://b.org/y', '=', ''), 'E_ALIGNMENT_BAD_CELL'],
    ['two measures', cell('http://a.org/x', 'http://b.org/y', '=').replace('</Cell>', '<measure rdf:datatype="xsd:float">0.2</measure></Cell>'), 'E_ALIGNMENT_BAD_CELL'],
    ['two entity1 elements', cell('http://a.org/x', 'http://b.org/y', '=').replace('</Cell>', '<entity1 rdf:resource="http://a.org/other"/></Cell>'), 'E_ALIGNMENT_BAD_CELL'],
    ['an entity that is a blank node', '<map><Cell><entity1><rdf:Description/></entity1><entity2 rdf:resource="http://b.org/y"/><relation>=</relation></Cell></map>', 'E_ALIGNMENT_BAD_CELL'],
    ['a relative entity IRI (it resolves against the file\'s own folder)', cell('Conference', 'http://b.org/y', '='), 'E_ALIGNMENT_BAD_CELL'],
    ['an entity that is a literal', '<map><Cell><entity1>http://a.org/x</entity1><entity2 rdf:resource="http://b.org/y"/><relation>=</relation></Cell></map>', 'E_ALIGNMENT_BAD_CELL'],
    // Number() reads these as 1, 1 and 0.5: none is an xsd:float.
    ['a hexadecimal measure', cell('http://a.org/x', 'http://b.org/y', '=', '0x1'), 'E_ALIGNMENT_BAD_CELL'],
    ['a binary measure', cell('http://a.org/x', 'http://b.org/y', '=', '0b1'), 'E_ALIGNMENT_BAD_CELL'],
    ['a measure followed by a no-break space', cell('http://a.org/x', 'http://b.org/y', '=', '0.5\u00a0'), 'E_ALIGNMENT_BAD_CELL'],
    // A map beside a good cell that holds no Cell: its cell was left out without a word.
    ['a map holding a lower-case <cell>', cell('http://a.org/m', 'http://b.org/n', '=') + cell('http://a.org/x', 'http://b.org/y', '=').replace(/Cell>/g, 'cell>'), 'E_ALIGNMENT_BAD_CELL'],
    ['a map holding a Cell of another namespace', cell('http://a.org/m', 'http://b.org/n', '=') + cell('http://a.org/x', 'http://b.org/y', '=').replace('<Cell>', '<Cell xmlns="http://example.org/other#">'), 'E_ALIGNMENT_BAD_CELL'],
    ['a map read as an XML literal', cell('http://a.org/m', 'http://b.org/n', '=') + cell('http://a.org/x', 'http://b.org/y', '=').replace('<map>', '<map rdf:parseType="Literal">'), 'E_ALIGNMENT_BAD_CELL'],
  ])('rejects %s', async (_name, cells, code) => {
    const path = await alignmentFile(cells);
    await expect(readAlignmentFile(path)).rejects.toSatisfy((e: unknown) => e instanceof IoaError && e.code === code);
  });

  it('a measure in any xsd:float spelling within [0, 1] is read', async () => {
    const alignment = await readAlignmentFile(await alignmentFile(['1', '1.0', ' .5 ', '5e-1', '+0.25', '1E0'].map((m, i) => cell(`http://a.org/x${i}`, 'http://b.org/y', '=', m)).join('')));
    expect(alignment.cells.map((c) => c.measure)).toEqual([1, 1, 0.5, 0.5, 0.25, 1]);
  });

  it('two Alignment elements in one file are refused at the second, not merged into one mapping set', async () => {
    // Their cells, ontologies and types would be read as one alignment's (the second's onto1 lost).
    const second = `</Alignment><Alignment><onto1>http://c.org/onto</onto1><onto2>http://d.org/onto</onto2>${cell('http://c.org/x', 'http://d.org/y', '=')}`;
    const error = await readAlignmentFile(await alignmentFile(cell('http://a.org/m', 'http://b.org/n', '=') + second)).then(() => undefined, (e: unknown) => e as IoaError);
    expect([error?.code, error?.location.path]).toEqual(['E_ALIGNMENT_MULTIPLE', 'Alignment[1]']);
    expect(error?.message).toMatch(/^the file holds 2 Alignment elements/);
    // One Alignment named twice (by rdf:about) is two elements too: the second's onto1 would be dropped.
    const named = await alignmentFile(cell('http://a.org/m', 'http://b.org/n', '=') + second);
    await writeFile(named, (await readFile(named, 'utf8')).replace(/<Alignment>/g, '<Alignment rdf:about="http://a.org/alignment">'));
    const again = await readAlignmentFile(named).then(() => undefined, (e: unknown) => e as IoaError);
    expect([again?.code, again?.location.path]).toEqual(['E_ALIGNMENT_MULTIPLE', 'Alignment[1]']);
    expect(again?.message).toMatch(/^the file holds 2 Alignment elements \(each about http:\/\/a.org\/alignment\)/);
  });

  it('a map that holds no Cell is refused at its place, saying what it holds', async () => {
    const path = await alignmentFile(cell('http://a.org/m', 'http://b.org/n', '=') + cell('http://a.org/x', 'http://b.org/y', '=').replace(/Cell>/g, 'cell>'));
    const error = await readAlignmentFile(path).then(() => undefined, (e: unknown) => e as IoaError);
    expect([error?.code, error?.location.path, error?.message]).toEqual(['E_ALIGNMENT_BAD_CELL', 'map[1]',
      'map 2 of the alignment holds a node of type http://knowledgeweb.semanticweb.org/heterogeneity/alignment#cell, not a Cell: its content would be left out']);
  });
});
