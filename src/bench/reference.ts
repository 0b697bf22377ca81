/**
 * A benchmark's reference alignment, from an OAEI Alignment API file or from a curated mapping
 * file in any exchange format (SSSOM TSV, CSV, JSON): the triples a run is scored against.
 *
 * From a mapping file, every row counts that relates two entities with a relation the metrics
 * know (`skos:exactMatch`, `skos:broadMatch`, `skos:narrowMatch`, `skos:relatedMatch`, and their
 * OWL/RDFS spellings), whatever its justification: a curated set is the reference as a whole. A
 * row a reviewer rejected (`predicate_modifier: Not`) says the pair is *not* a mapping and is left
 * out, as are literal mappings; they are counted in `ignored`. A row of any other predicate is
 * `E_BENCH_REFERENCE` at its line: a misspelt relation must not shrink the reference unseen.
 */
import type { AlignmentRelation } from '../ontology/alignment-reader.js';
import { isIncompatible, readAlignmentFile, RELATION_OF_PREDICATE } from '../ontology/alignment-reader.js';
import { formatFromExtension, readMappingFile, sourceLine } from '../exchange/index.js';
import { IoaError } from '../model/errors.js';
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
  /** Rows that are not reference mappings: rejected or literal rows of a mapping file, `%` cells of an alignment. */
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
    // An incompatibility cell (`%`) says two entities must not be mapped: like a rejected row of a
    // mapping file, it is no reference mapping.
    const cells = alignment.cells.filter((c) => !isIncompatible(c.relation)).map((c) => ({ entity1: c.entity1, entity2: c.entity2, relation: c.relation }));
    const ignored = alignment.cells.length - cells.length;
    if (cells.length === 0) {
      throw new IoaError('E_BENCH_REFERENCE', `none of the alignment's ${alignment.cells.length} cells can be scored against (${ignored} incompatibilities, relation %)`, { file: path });
    }
    return { cells, format: 'alignment', ignored };
  }
  const set = await readMappingFile(path);
  const cells: ReferenceCell[] = [];
  let ignored = 0;
  for (const [i, r] of set.mappings.entries()) {
    const relation = RELATION_OF_PREDICATE[r.predicateId];
    if (!hasEntityEnds(r) || r.predicateModifier === 'Not') {
      ignored++;
      continue;
    }
    // A relation no metric knows is most often a misspelt one (skos:fooMatch): leaving the row
    // out would score every run against a smaller reference without a word.
    if (relation === undefined) {
      const line = sourceLine(r);
      throw new IoaError('E_BENCH_REFERENCE', `reference row with predicate ${r.predicateId}, which no metric reads (${Object.keys(RELATION_OF_PREDICATE).join(', ')}); fix the predicate, or mark the row rejected (predicate_modifier Not) to leave it out`, { file: path, ...(line !== undefined ? { line } : {}), path: `$.mappings[${i}].predicate_id` });
    }
    cells.push({ entity1: r.subjectId, entity2: r.objectId, relation });
  }
  // Scored against nothing, every generator would get 0 as if it had failed: say what is wrong.
  if (cells.length === 0) {
    throw new IoaError('E_BENCH_REFERENCE', set.mappings.length === 0
      ? 'the reference holds no mapping rows: there is nothing to score against'
      : `none of the reference's ${set.mappings.length} rows can be scored against (${ignored} rejected with predicate_modifier Not or literal mappings)`, { file: path });
  }
  return { cells, format: format ?? 'mapping file', ignored };
}
