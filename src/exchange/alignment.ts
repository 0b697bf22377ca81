/**
 * Alignment API RDF/XML (the OAEI format) as an exchange format.
 *
 * Reading goes through the project's one Alignment reader (src/ontology/alignment-reader.ts);
 * this module only maps cells to SSSOM rows and writes the format.
 *
 * What Alignment RDF can carry: entity1, entity2, a relation, one measure, and the two
 * ontologies. Labels, justifications, reviewers, comments and rejected (`Not`) rows have no place
 * in it; a writer asked to write a row it cannot express fails (or, when told, drops the row and
 * reports it), never drops it silently.
 */
import { selectionRemovedOf } from './candidate-slots.js';
import { createHash } from 'node:crypto';
import { hasEntityEnds, NO_TERM_IDS, objectTerm, subjectTerm, type EntityMappingRecord, type MappingRecord, type MappingSet, type MappingSetMetadata } from '../model/mapping.js';
import { IoaError } from '../model/errors.js';
import { NS } from '../model/vocabulary.js';
import { IRI_CHARACTERS } from '../text/iri.js';
import { parseRdfXml } from '../ontology/rdfxml.js';
import { PREDICATE_OF_RELATION, RELATION_OF_PREDICATE, alignmentFromQuads, isIncompatible, readAlignmentFile, type Alignment, type AlignmentRelation } from '../ontology/alignment-reader.js';
import { buildCurieMap, PrefixMap } from './curie.js';
import { sortedMappings } from './order.js';
import { sharedSlot, tolerate, type ReadOptions } from './slots.js';
import { UNSPECIFIED_LICENSE } from './candidates.js';
import { uuidFromHash } from './ids.js';
import { rowDecision } from './reviewed.js';

/** Justification given to rows read from an Alignment file, which does not say how it was made. */
export const ALIGNMENT_JUSTIFICATION = 'semapv:UnspecifiedMatching';

export interface AlignmentWriteOptions {
  /**
   * Drop rows the format cannot express (rejected rows, `sssom:NoTermFound`, predicates without an
   * Alignment relation) instead of failing; each is passed to `onDrop`.
   */
  dropUnrepresentable?: boolean;
  onDrop?: (record: MappingRecord, reason: string) => void;
}

function unrepresentable(r: MappingRecord): string | undefined {
  if (r.predicateModifier === 'Not') return 'a rejected mapping (predicate_modifier Not)';
  if (!hasEntityEnds(r)) return 'a literal mapping (an Alignment cell relates two entities)';
  if (NO_TERM_IDS.has(r.subjectId) || NO_TERM_IDS.has(r.objectId)) return 'a "no mapping" statement (sssom:NoTermFound / sssom:NoMapping)';
  if (!(r.predicateId in RELATION_OF_PREDICATE)) return `predicate ${r.predicateId}, which has no Alignment API relation`;
  // A selected set keeps the rows its selection removed, marked: as a cell such a row would read
  // as selected, and a coherent selection as an incoherent one.
  const removed = selectionRemovedOf(r);
  if (removed !== undefined) return `a row the selection removed (selection_removed: ${removed})`;
  return undefined;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const ABSOLUTE_IRI = new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*:${IRI_CHARACTERS}*$`, 'u');

function isAbsoluteIri(value: string): boolean {
  return ABSOLUTE_IRI.test(value);
}

function ontologyElement(tag: 'onto1' | 'onto2', source: string | undefined, prefixes: PrefixMap): string | undefined {
  if (source === undefined) return undefined;
  const expanded = prefixes.expand(source);
  const iri = expanded.ok ? expanded.iri : source;
  if (isAbsoluteIri(iri)) return `<${tag}>\n\t<Ontology rdf:about="${xmlEscape(iri)}">\n\t\t<location>${xmlEscape(iri)}</location>\n\t</Ontology>\n</${tag}>`;
  return `<${tag}>${xmlEscape(source)}</${tag}>`;
}

/**
 * Alignment `type`: per side, `1` or `?` when each entity appears in at most one cell, `*`
 * otherwise (`?` when not every entity is known to be covered, which a writer cannot know).
 */
function alignmentType(cells: readonly { entity1: string; entity2: string }[]): string {
  const side = (key: 'entity1' | 'entity2'): string => {
    const counts = new Map<string, number>();
    for (const c of cells) counts.set(c[key], (counts.get(c[key]) ?? 0) + 1);
    return [...counts.values()].some((n) => n > 1) ? '*' : '?';
  };
  return `${side('entity1')}${side('entity2')}`;
}

/** Row fields a cell holds, or that are reported elsewhere (the review, by convert). */
const CELL_FIELDS = new Set(['subjectId', 'predicateId', 'objectId', 'predicateModifier', 'similarityScore', 'reviewerId', 'reviewDate', 'comment']);
/** Justifications of a review: the caller says what a review loses. */
const REVIEW_JUSTIFICATIONS = new Set(['semapv:ManualMappingCuration', 'semapv:MappingReview']);

/**
 * Whether an accepted row holds a review that an Alignment cell loses: a reviewer, a review date,
 * a reviewer label or a curation justification. A comment alone is no review: generators write
 * comments on candidates (a quoted definition), and such a comment is reported with the other
 * slots a cell cannot hold. Rejected rows are refused or dropped by the writer, so are none.
 */
export function carriesReview(r: MappingRecord): boolean {
  if (r.predicateModifier === 'Not') return false;
  return Boolean(r.reviewerId?.length || r.reviewDate || r.extra?.reviewer_label || REVIEW_JUSTIFICATIONS.has(r.justification));
}
/** Set fields the file holds (the two ontologies), or that only shape the text. */
const FILE_FIELDS = new Set(['curieMap', 'extensionDefinitions', 'subjectSource', 'objectSource']);
/** A set id derived from the content (deriveSetId), which a reader derives again. */
const DERIVED_SET_ID = 'https://w3id.org/sssom/mappings/';
const slotName = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const filled = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** What writing `set` as Alignment RDF leaves out, slot by slot (see {@link alignmentLosses}). */
export interface AlignmentLosses {
  /** SSSOM slot (or extension column) → rows whose value is not written. */
  rows: Map<string, number>;
  /** Set-level slots not written. */
  set: string[];
  /** Rows whose confidence becomes the cell's measure, which reads back as similarity_score. */
  confidenceAsMeasure: number;
  /** The cells written (rows of one subject, relation and object share one). */
  cells: number;
  /** Rows written into a cell another row of the same subject, relation and object already gave (their own score and justification are not written), with one example. */
  merged: { rows: number; example?: string };
  /** Predicates written as an Alignment relation that reads back as another predicate (`owl:equivalentClass` as `=`, read as skos:exactMatch): predicate → rows and what it reads back as. */
  predicates: Map<string, { rows: number; readsAs: string; relation: AlignmentRelation }>;
}

/** The cell a row is written into: one per subject, Alignment relation and object. */
function cellKey(r: EntityMappingRecord): string {
  return `${r.subjectId}\u0000${RELATION_OF_PREDICATE[r.predicateId]!}\u0000${r.objectId}`;
}

/** The row whose score a cell's measure is (see serializeAlignmentRdf), among the rows of one cell. */
function measureOf(rows: readonly MappingRecord[]): number | undefined {
  const sorted = sortedMappings(rows);
  const composite = sorted.find((r) => r.justification === 'semapv:CompositeMatching' && r.similarityScore !== undefined);
  return composite?.similarityScore ?? sorted.find((r) => r.similarityScore !== undefined)?.similarityScore
    ?? sorted.find((r) => r.confidence !== undefined)?.confidence;
}

/**
 * What Alignment RDF cannot carry of `set` (entity1, entity2, a relation and one measure per cell;
 * the two ontologies): every other slot with a value, so a writer can say what it left out. The
 * review slots (reviewer, date, comment) are left to the caller, which says more about them.
 */
export function alignmentLosses(set: MappingSet): AlignmentLosses {
  const rows = new Map<string, number>();
  let confidenceAsMeasure = 0;
  // The file names one source ontology and one target ontology: a value all rows share is kept.
  const kept = new Set(['subject_source', 'object_source'].filter((slot) => sharedSlot(set, slot) !== undefined));
  const lose = (slot: string): void => {
    if (!kept.has(slot)) rows.set(slot, (rows.get(slot) ?? 0) + 1);
  };
  const cells = new Map<string, EntityMappingRecord[]>();
  const predicates = new Map<string, { rows: number; readsAs: string; relation: AlignmentRelation }>();
  for (const r of set.mappings) {
    // A row the writer cannot express is refused or dropped (and counted) as a whole.
    if (unrepresentable(r) || !hasEntityEnds(r)) continue;
    const key = cellKey(r);
    cells.set(key, [...(cells.get(key) ?? []), r]);
    const relation = RELATION_OF_PREDICATE[r.predicateId]!;
    const readsAs = PREDICATE_OF_RELATION[relation as keyof typeof PREDICATE_OF_RELATION];
    if (readsAs !== undefined && readsAs !== r.predicateId) {
      const seen = predicates.get(r.predicateId);
      predicates.set(r.predicateId, { rows: (seen?.rows ?? 0) + 1, readsAs, relation });
    }
    // A comment goes with the review when the row has one (convert says what a review loses).
    if (filled(r.comment) && !carriesReview(r)) lose('comment');
    for (const [field, value] of Object.entries(r)) {
      if (CELL_FIELDS.has(field) || !filled(value)) continue;
      if (field === 'extensions' || field === 'extra') {
        for (const [slot, v] of Object.entries(value as Record<string, unknown>)) if (filled(v)) lose(slot);
      } else if (field === 'justification') {
        if (value !== ALIGNMENT_JUSTIFICATION && !REVIEW_JUSTIFICATIONS.has(String(value))) lose('mapping_justification');
      } else if (field === 'confidence') {
        if (r.similarityScore === undefined) confidenceAsMeasure++;
        else lose('confidence');
      } else lose(slotName(field));
    }
  }
  const setLost: string[] = [];
  for (const [field, value] of Object.entries(set.metadata)) {
    if (FILE_FIELDS.has(field) || !filled(value)) continue;
    if (field === 'extensions' || field === 'extra') {
      for (const [slot, v] of Object.entries(value as Record<string, unknown>)) if (filled(v)) setLost.push(slot);
    } else if (!(field === 'license' && value === UNSPECIFIED_LICENSE) && !(field === 'mappingSetId' && String(value).startsWith(DERIVED_SET_ID))) setLost.push(slotName(field));
  }
  const merged: AlignmentLosses['merged'] = { rows: 0 };
  for (const group of cells.values()) {
    if (group.length < 2) continue;
    merged.rows += group.length - 1;
    if (merged.example === undefined) {
      const first = group[0]!;
      const measure = measureOf(group);
      const scores = group.map((r) => r.similarityScore ?? r.confidence).filter((v): v is number => v !== undefined);
      const others = scores.filter((v) => v !== measure);
      merged.example = `${first.subjectId} ${RELATION_OF_PREDICATE[first.predicateId]} ${first.objectId} from ${group.length} rows${measure !== undefined ? `, measure ${measure}` : ''}${others.length ? ` (not written: ${others.join(', ')})` : ''}`;
    }
  }
  return { rows, set: setLost, confidenceAsMeasure, cells: cells.size, merged, predicates };
}

/**
 * Write the set as Alignment API RDF/XML (level 0). Rows of one (subject, relation, object) become
 * one cell: the format has no place for several justifications. The cell's measure is the
 * `semapv:CompositeMatching` row's score when there is one, else the first row's similarity_score,
 * else its confidence; without either the measure is omitted (the Alignment API reads 1).
 */
export function serializeAlignmentRdf(set: MappingSet, options: AlignmentWriteOptions = {}): string {
  return [...alignmentRdfChunks(set, options)].join('');
}

/**
 * Alignment RDF/XML as text chunks (see serializeAlignmentRdf); a set the format cannot express
 * fails at the first chunk, before any text exists.
 */
export function* alignmentRdfChunks(set: MappingSet, options: AlignmentWriteOptions = {}): Generator<string> {
  const prefixes = new PrefixMap(set.metadata.curieMap);
  const groups = new Map<string, { entity1: string; entity2: string; relation: AlignmentRelation; rows: MappingRecord[] }>();
  set.mappings.forEach((r, i) => {
    // A row whose review_decision and predicate_modifier disagree has no one reading; a cell
    // (which keeps neither column) would settle it as a stated mapping.
    rowDecision(r, { row: i });
    const why = unrepresentable(r);
    if (why || !hasEntityEnds(r)) {
      if (!options.dropUnrepresentable) {
        throw new IoaError('E_EXCHANGE_UNREPRESENTABLE', `mapping ${i + 1} (${subjectTerm(r)} ${r.predicateId} ${objectTerm(r)}) is ${why}; Alignment RDF cannot express it`, { path: `mappings[${i}]` });
      }
      options.onDrop?.(r, why ?? '');
      return;
    }
    const relation = RELATION_OF_PREDICATE[r.predicateId]!;
    const key = cellKey(r);
    const group = groups.get(key);
    if (group) group.rows.push(r);
    else groups.set(key, { entity1: r.subjectId, entity2: r.objectId, relation, rows: [r] });
  });
  // An Alignment without cells is read as no alignment at all (E_ALIGNMENT_NO_CELLS: most often
  // the wrong file): writing one would hand over a file nothing reads back.
  if (groups.size === 0) {
    throw new IoaError('E_EXCHANGE_UNREPRESENTABLE', set.mappings.length === 0
      ? 'the set holds no mappings, and an Alignment RDF file without cells is not read back as an alignment; write SSSOM, JSON or CSV, which hold an empty set'
      : `none of the ${set.mappings.length} mappings can be written as an Alignment cell (each was dropped), and an Alignment RDF file without cells is not read back as an alignment; write SSSOM, JSON or CSV instead`);
  }
  const cells = [...groups.values()].map((g) => ({ entity1: g.entity1, entity2: g.entity2, relation: g.relation, measure: measureOf(g.rows) })).sort((a, b) => (a.entity1 < b.entity1 ? -1 : a.entity1 > b.entity1 ? 1 : a.entity2 < b.entity2 ? -1 : a.entity2 > b.entity2 ? 1 : a.relation < b.relation ? -1 : a.relation > b.relation ? 1 : 0));

  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rdf:RDF xmlns="${NS.align}" xmlns:rdf="${NS.rdf}" xmlns:xsd="${NS.xsd}">`,
    '<Alignment>',
    '<xml>yes</xml>',
    '<level>0</level>',
    `<type>${alignmentType(cells)}</type>`,
  ];
  // Readers move a set-level subject_source to every mapping (SSSOM propagation): take it back.
  const source = (slot: string): string | undefined => {
    const v = sharedSlot(set, slot);
    return typeof v === 'string' ? v : undefined;
  };
  for (const el of [ontologyElement('onto1', source('subject_source'), prefixes), ontologyElement('onto2', source('object_source'), prefixes)]) {
    if (el) out.push(el);
  }
  for (const c of cells) {
    if (out.length >= 4096) {
      yield `${out.join('\n')}\n`;
      out.length = 0;
    }
    out.push('<map>', '\t<Cell>',
      `\t\t<entity1 rdf:resource="${xmlEscape(c.entity1)}"/>`,
      `\t\t<entity2 rdf:resource="${xmlEscape(c.entity2)}"/>`);
    if (c.measure !== undefined) out.push(`\t\t<measure rdf:datatype="${NS.xsd}float">${c.measure}</measure>`);
    out.push(`\t\t<relation>${xmlEscape(c.relation)}</relation>`, '\t</Cell>', '</map>');
  }
  out.push('</Alignment>', '</rdf:RDF>');
  yield `${out.join('\n')}\n`;
}

/**
 * An Alignment already read (readAlignmentFile) as a MappingSet: one row per cell, the relation
 * as its SKOS predicate (PREDICATE_OF_RELATION), the measure as `similarity_score` — an
 * Alignment measure is the matcher's degree, not a curator's confidence.
 *
 * An incompatibility cell (`%`: the two entities are disjoint) becomes a rejected equivalence,
 * `skos:exactMatch` with `predicate_modifier: Not`: SSSOM has no mapping predicate for
 * disjointness, and "not the same" is what follows from it for a reviewer or a gate (which never
 * builds a rule from a `Not` row). The reading is weaker than the cell, so the Alignment writer
 * does not turn such a row back into `%` (it refuses rejected rows).
 */
export function alignmentToMappingSet(alignment: Alignment, options: ReadOptions & { file?: string } = {}): MappingSet {
  // An instance relation is not a SKOS mapping relation: the nearest one is read, and said.
  const instance = alignment.cells.filter((c) => c.relation === 'HasInstance' || c.relation === 'InstanceOf');
  if (instance.length > 0) {
    const counts = (['HasInstance', 'InstanceOf'] as const).map((rel) => [rel, instance.filter((c) => c.relation === rel).length] as const).filter(([, n]) => n > 0);
    const first = instance[0]!;
    tolerate(options, 'ALIGNMENT_INSTANCE_RELATION',
      `${counts.map(([rel, n]) => `${n} cell(s) with relation ${rel} read as ${PREDICATE_OF_RELATION[rel]}`).join(', ')} (SSSOM has no instance relation; written back to Alignment RDF as ${counts.map(([rel]) => RELATION_OF_PREDICATE[PREDICATE_OF_RELATION[rel]]).join(' / ')}), e.g. ${first.entity1} ${first.relation} ${first.entity2}`,
      options.file !== undefined ? { file: options.file } : {},
      `${instance.length} cell(s) have relation HasInstance or InstanceOf, which SSSOM has no predicate for (e.g. ${first.entity1} ${first.relation} ${first.entity2}); without options.strict they are read as skos:narrowMatch / skos:broadMatch`);
  }
  const mappings: EntityMappingRecord[] = alignment.cells.map((cell) => ({
    subjectId: cell.entity1,
    predicateId: isIncompatible(cell.relation) ? 'skos:exactMatch' : PREDICATE_OF_RELATION[cell.relation],
    ...(isIncompatible(cell.relation) ? { predicateModifier: 'Not' as const } : {}),
    objectId: cell.entity2,
    justification: ALIGNMENT_JUSTIFICATION,
    similarityScore: cell.measure,
  }));
  const sorted = sortedMappings(mappings);
  const h = createHash('sha256');
  for (const r of sorted) h.update(`${r.subjectId}\t${r.predicateModifier ?? ''}${r.predicateId}\t${r.objectId}\t${r.similarityScore}\n`);
  const metadata: MappingSetMetadata = {
    curieMap: buildCurieMap(sorted.flatMap((r) => [r.subjectId, r.objectId])),
    // Alignment files have no id; one derived from the content keeps conversion deterministic.
    mappingSetId: `https://w3id.org/sssom/mappings/${uuidFromHash(h.digest('hex'))}`,
    license: UNSPECIFIED_LICENSE,
  };
  const subjectSource = [alignment.onto1, alignment.uri1].find((v): v is string => v !== undefined && isAbsoluteIri(v));
  const objectSource = [alignment.onto2, alignment.uri2].find((v): v is string => v !== undefined && isAbsoluteIri(v));
  // The ontologies describe every cell: held the way an SSSOM reader holds a set-level source
  // after propagation (on each mapping; on the set only when there are no mappings).
  for (const [slot, field, value] of [['subject_source', 'subjectSource', subjectSource], ['object_source', 'objectSource', objectSource]] as const) {
    if (value === undefined) continue;
    if (sorted.length === 0) metadata[field] = value;
    for (const r of sorted) r.extra = { ...r.extra, [slot]: value };
  }
  return { metadata, mappings: sorted };
}

/** Read an Alignment API RDF/XML file into a MappingSet. */
export async function readAlignmentAsMappingSet(path: string, options: ReadOptions = {}): Promise<MappingSet> {
  return alignmentToMappingSet(await readAlignmentFile(path), { ...options, file: path });
}

/**
 * Alignment RDF/XML held in memory (e.g. just written, or received over a carrier) as a
 * MappingSet: RDF/XML → quads with the project's RDF/XML parser, then the one Alignment reader.
 */
export async function parseAlignmentRdf(text: string, file: string, options: ReadOptions = {}): Promise<MappingSet> {
  return alignmentToMappingSet(alignmentFromQuads(await parseRdfXml(text, file), file), { ...options, file });
}
