/**
 * Reader for OAEI Alignment API files (RDF/XML). Cells keep their relation: `=` is equivalence,
 * `<` and `>` are directional subsumption and are never folded into `=`.
 */
import { pathToFileURL } from 'node:url';
import type { Quad } from '@rdfjs/types';
import { IoaError } from '../model/errors.js';
import { NS, RDF_TYPE } from '../model/vocabulary.js';
import { readRdfFile } from './rdf-source.js';

/**
 * SKOS mapping relations the Alignment API has no symbol for, written as the full IRI in
 * `<relation>` (the format leaves the relation open: "=" and the other symbols are the common
 * ones, not the only ones). `%` is the Alignment API's incompatibility (the two are disjoint),
 * so a relatedMatch is not written as `%`, and `%` is never read as one.
 */
export const SKOS_CLOSE_MATCH_IRI = `${NS.skos}closeMatch` as const;
export const SKOS_RELATED_MATCH_IRI = `${NS.skos}relatedMatch` as const;

/** Alignment API relations as written in `<relation>`. */
export type AlignmentRelation = '=' | '<' | '>' | '%' | 'HasInstance' | 'InstanceOf' | typeof SKOS_CLOSE_MATCH_IRI | typeof SKOS_RELATED_MATCH_IRI;

export interface AlignmentCell {
  entity1: string;
  entity2: string;
  relation: AlignmentRelation;
  /** `<measure>`, in [0, 1]; 1 when absent (the Alignment API default). */
  measure: number;
}

export interface Alignment {
  onto1?: string;
  onto2?: string;
  uri1?: string;
  uri2?: string;
  /** `<type>`, e.g. `11`, `??`. */
  type?: string;
  cells: AlignmentCell[];
}

/** The Alignment API's incompatibility: entity1 and entity2 must not be matched (disjoint). */
export const INCOMPATIBLE = '%' as const;

/** Relations that state a mapping (every relation but incompatibility). */
export type MappingAlignmentRelation = Exclude<AlignmentRelation, typeof INCOMPATIBLE>;

/**
 * The SKOS predicate of a relation, read as "entity1 PREDICATE entity2": `<` (entity1 is
 * subsumed by entity2) means entity2 is broader, `skos:broadMatch`. Incompatibility (`%`) has
 * none: it says that the two must not be mapped, not how they relate (see
 * {@link isIncompatible}; the SSSOM reading is a rejected exactMatch).
 */
export const PREDICATE_OF_RELATION: Record<MappingAlignmentRelation, string> = {
  '=': 'skos:exactMatch',
  '<': 'skos:broadMatch',
  '>': 'skos:narrowMatch',
  HasInstance: 'skos:narrowMatch',
  InstanceOf: 'skos:broadMatch',
  [SKOS_CLOSE_MATCH_IRI]: 'skos:closeMatch',
  [SKOS_RELATED_MATCH_IRI]: 'skos:relatedMatch',
};

export function isIncompatible(relation: AlignmentRelation): relation is typeof INCOMPATIBLE {
  return relation === INCOMPATIBLE;
}

export const RELATION_OF_PREDICATE: Record<string, AlignmentRelation> = {
  'skos:exactMatch': '=',
  'skos:broadMatch': '<',
  'skos:narrowMatch': '>',
  'skos:closeMatch': SKOS_CLOSE_MATCH_IRI,
  'skos:relatedMatch': SKOS_RELATED_MATCH_IRI,
  'owl:equivalentClass': '=',
  'owl:equivalentProperty': '=',
  'rdfs:subClassOf': '<',
  'rdfs:subPropertyOf': '<',
};

/** The lexical forms of an xsd:float or xsd:decimal that can lie in [0, 1] (no INF, no NaN). */
const XSD_DECIMAL_OR_FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const RELATIONS = new Set<string>([...Object.keys(PREDICATE_OF_RELATION), INCOMPATIBLE]);

/**
 * Files in the wild declare the namespace both with and without the trailing `#`
 * (`…/alignment` + `Cell` → `…/alignmentCell`); accept both spellings.
 */
function alignTerm(iri: string): string | undefined {
  const base = NS.align.slice(0, -1);
  if (iri.startsWith(NS.align)) return iri.slice(NS.align.length);
  if (iri.startsWith(base)) return iri.slice(base.length);
  return undefined;
}

function fileFolderIri(file: string): string | undefined {
  try {
    const href = pathToFileURL(file).href;
    return href.slice(0, href.lastIndexOf('/') + 1);
  } catch {
    return undefined;
  }
}

export async function readAlignmentFile(path: string): Promise<Alignment> {
  const { quads } = await readRdfFile(path, { format: 'rdfxml' });
  return alignmentFromQuads(quads, path);
}

export function alignmentFromQuads(quads: Quad[], file: string): Alignment {
  const nodes = new Map<string, Map<string, Quad['object'][]>>();
  const alignmentNodes: string[] = [];
  const cellNodes: string[] = [];
  const typesOf = new Map<string, string[]>();
  for (const q of quads) {
    const s = q.subject.value;
    if (q.predicate.value === RDF_TYPE) {
      const types = typesOf.get(s);
      if (types) types.push(q.object.value);
      else typesOf.set(s, [q.object.value]);
      const t = alignTerm(q.object.value);
      if (t === 'Alignment') alignmentNodes.push(s);
      if (t === 'Cell') cellNodes.push(s);
      continue;
    }
    const p = alignTerm(q.predicate.value);
    if (!p) continue;
    let props = nodes.get(s);
    if (!props) nodes.set(s, (props = new Map()));
    const list = props.get(p);
    if (list) list.push(q.object);
    else props.set(p, [q.object]);
  }
  if (alignmentNodes.length === 0 && cellNodes.length === 0) {
    throw new IoaError('E_ALIGNMENT_NO_CELLS', 'not an Alignment API file: no Alignment element and no Cell', { file });
  }
  // A file is one alignment. The cells of a second Alignment element would join the first's,
  // under the first's onto1/onto2, as one mapping set: which ontologies a cell relates is lost.
  // The same Alignment written twice (one rdf:about) counts too: its second onto1 goes unread.
  if (alignmentNodes.length > 1) {
    const named = new Set(alignmentNodes).size === 1 && alignmentNodes[0]!.includes(':') ? ` (each about ${alignmentNodes[0]})` : '';
    throw new IoaError('E_ALIGNMENT_MULTIPLE', `the file holds ${alignmentNodes.length} Alignment elements${named}; an Alignment API file is one alignment: write each in a file of its own`, { file, path: 'Alignment[1]' });
  }
  // A <map> holds a Cell. What else it holds (a <cell>, a Cell of another namespace, the text of
  // rdf:parseType="Literal") is no cell to the RDF reading, and would vanish from the alignment.
  // OAEI files in the wild also put their <onto1>/<onto2> inside the first <map>: metadata, no cell.
  const cells = new Set(cellNodes);
  const metadata = (type: string): boolean => ['onto1', 'onto2', 'Ontology'].includes(alignTerm(type) ?? '');
  for (const node of alignmentNodes) {
    (nodes.get(node)?.get('map') ?? []).forEach((held, j) => {
      const types = typesOf.get(held.value);
      if (held.termType !== 'Literal' && (cells.has(held.value) || types?.some(metadata))) return;
      const what = held.termType === 'Literal' ? 'text (an XML literal, or text in <map>)' : types ? `a node of type ${types.join(', ')}` : 'a node with no type';
      throw new IoaError('E_ALIGNMENT_BAD_CELL', `map ${j + 1} of the alignment holds ${what}, not a Cell: its content would be left out`, { file, path: `map[${j}]` });
    });
  }
  const first = (node: string, prop: string): string | undefined => nodes.get(node)?.get(prop)?.[0]?.value;
  const alignment: Alignment = { cells: [] };
  const root = alignmentNodes[0];
  if (root) {
    for (const field of ['onto1', 'onto2', 'uri1', 'uri2', 'type'] as const) {
      const objects = nodes.get(root)?.get(field);
      const value = objects?.[0];
      if (!value) continue;
      // onto1 may be a node carrying the ontology IRI as its subject (Alignment API level 0 "Ontology" form).
      alignment[field] = value.termType === 'BlankNode' ? (first(value.value, 'location') ?? value.value) : value.value;
    }
  }
  // The folder the file's relative IRIs resolve against (the RDF/XML reader's base is the file).
  const here = fileFolderIri(file);
  cellNodes.forEach((cell, i) => {
    const where = { file, path: `Cell[${i}]` };
    // A cell says one thing of each: a second entity1 or measure would leave one of the two
    // silently unread, so it is an error, as is an entity that is no IRI (a blank node).
    const only = (prop: string): Quad['object'] | undefined => {
      const objects = nodes.get(cell)?.get(prop);
      if (objects && objects.length > 1) throw new IoaError('E_ALIGNMENT_BAD_CELL', `cell ${i + 1} has ${objects.length} ${prop} elements; a cell has one`, where);
      return objects?.[0];
    };
    const entity = (prop: 'entity1' | 'entity2'): string | undefined => {
      const term = only(prop);
      if (term && term.termType !== 'NamedNode') throw new IoaError('E_ALIGNMENT_BAD_CELL', `cell ${i + 1}: ${prop} is not an IRI (rdf:resource="…")`, where);
      // A relative rdf:resource resolves against where the file happens to lie: a term of no ontology.
      if (term && here !== undefined && term.value.startsWith(here)) {
        throw new IoaError('E_ALIGNMENT_BAD_CELL', `cell ${i + 1}: ${prop} "${term.value.slice(here.length)}" is a relative IRI (it would name a place beside this file); write the term's full IRI`, where);
      }
      return term?.value;
    };
    const entity1 = entity('entity1');
    const entity2 = entity('entity2');
    // The Alignment API reads a cell without <relation> as "=" and one without <measure> as 1.
    const relation = (only('relation')?.value ?? '=').trim();
    const measureText = only('measure')?.value;
    if (!entity1 || !entity2) throw new IoaError('E_ALIGNMENT_BAD_CELL', `cell ${i + 1} lacks ${!entity1 ? 'entity1' : 'entity2'}`, where);
    if (!RELATIONS.has(relation)) throw new IoaError('E_ALIGNMENT_BAD_CELL', `cell ${i + 1} has unknown relation "${relation}"`, where);
    // Number() reads '' as 0, '0x1' and '0b1' as 1 and skips any Unicode space: a measure is an
    // xsd:float (XML white space around it collapsed), or it is no score at all.
    const measure = measureText === undefined ? 1 : XSD_DECIMAL_OR_FLOAT.test(measureText.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '')) ? Number(measureText) : Number.NaN;
    if (!Number.isFinite(measure) || measure < 0 || measure > 1) {
      throw new IoaError('E_ALIGNMENT_BAD_CELL', `cell ${i + 1} has measure "${measureText}", not a number in [0, 1]`, where);
    }
    alignment.cells.push({ entity1, entity2, relation: relation as AlignmentRelation, measure });
  });
  if (alignment.cells.length === 0) throw new IoaError('E_ALIGNMENT_NO_CELLS', 'the alignment has no cells', { file });
  return alignment;
}
