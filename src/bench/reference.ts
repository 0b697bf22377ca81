/**
 * A benchmark's reference alignment, from an OAEI Alignment API file or from a curated mapping
 * file in any exchange format (SSSOM TSV, CSV, JSON): the triples a run is scored against.
 *
 * From a mapping file, every row counts that relates two entities with a relation the metrics
 * know (`skos:exactMatch`, `skos:broadMatch`, `skos:narrowMatch`, `skos:relatedMatch`, and their
 * OWL/RDFS spellings), whatever its justification: a curated set is the reference as a whole. A
 * row a reviewer rejected (`predicate_modifier: Not`) says the pair is *not* a mapping and is left
 * out, as are literal mappings and rows of other predicates; they are counted in `ignored`.
 */
import type { AlignmentRelation } from '../ontology/alignment-reader.js';
import { readAlignmentFile, RELATION_OF_PREDICATE } from '../ontology/alignment-reader.js';
import { formatFromExtension, readMappingFile } from '../exchange/index.js';
import { hasEntityEnds } from '../model/mapping.js';
import { readTextHead } from '../io/files.js';

export interface ReferenceCell {
  entity1: string;
  entity2: string;
  relation: AlignmentRelation;
}

export interface ReferenceAlignment {
  cells: ReferenceCell[];
  /** `alignment` (OAEI RDF/XML) or the exchange format of a mapping file. */
  format: string;
  /** Rows of a mapping file that are not reference mappings (rejected, literal, other predicates). */
  ignored: number;
}

async function looksLikeXml(path: string): Promise<boolean> {
  try {
    return (await readTextHead(path, 4096, { what: 'reference alignment' })).trimStart().startsWith('<');
  } catch {
    return false;
  }
}

/** Read a reference: Alignment RDF/XML by extension or content, else a mapping file. */
export async function readReference(path: string): Promise<ReferenceAlignment> {
  const format = formatFromExtension(path);
  if (format === 'alignment' || (format === undefined && await looksLikeXml(path))) {
    const alignment = await readAlignmentFile(path);
    return { cells: alignment.cells.map((c) => ({ entity1: c.entity1, entity2: c.entity2, relation: c.relation })), format: 'alignment', ignored: 0 };
  }
  const set = await readMappingFile(path);
  const cells: ReferenceCell[] = [];
  let ignored = 0;
  for (const r of set.mappings) {
    const relation = RELATION_OF_PREDICATE[r.predicateId];
    if (!hasEntityEnds(r) || r.predicateModifier === 'Not' || relation === undefined) {
      ignored++;
      continue;
    }
    cells.push({ entity1: r.subjectId, entity2: r.objectId, relation });
  }
  return { cells, format: format ?? 'mapping file', ignored };
}
