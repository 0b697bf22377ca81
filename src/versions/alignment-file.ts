/**
 * The version alignment as a SSSOM mapping set, and back (for `artifact upgrade --via`).
 *
 * Written as a candidate file (src/exchange/candidates.ts: one ranked row per candidate,
 * `candidate_rank`, each member generator's score and rank in its columns), so it opens in a
 * review like any candidate file. Per row:
 * - `mapping_justification`: `semapv:LexicalMatching` when the identifier was kept (the
 *   identifier compared as text; `skos:notation` in the match fields for a kept notation),
 *   `semapv:StructuralMatching` when only hierarchy evidence supports the row,
 *   `semapv:CompositeMatching` for fused evidence;
 * - `version_evidence` (extension): what the row rests on — `same-iri`, `version-segment`,
 *   `same-id`, `replaced-by` (a deprecated concept's stated replacement), `lexical`, `structural`
 *   or `composite`; semapv has no terms for the first four;
 * - `version_change` (extension): what happened to the old concept, change kinds separated by
 *   spaces (`moved reworded`, `split`, `removed` …);
 * - `comment`: the same in words, for a reviewer.
 * An old concept without counterpart is a row to `sssom:NoTermFound` (`removed`, `deprecated`);
 * a new concept nothing maps to is a row from `sssom:NoTermFound` (`added`).
 */
import { candidatesToMappingSet, CANDIDATE_NAMESPACE, CANDIDATE_PREFIX, sharedSlot, sourceLine } from '../exchange/index.js';
import { settleReviewers } from '../gate/reviewers.js';
import { IoaError } from '../model/errors.js';
import { hasEntityEnds, NARROW_MATCH, NO_TERM_FOUND, EXACT_MATCH, recordKey, type EntityMappingRecord, type MappingRecord, type MappingSet, type SlotValue } from '../model/mapping.js';
import { NS } from '../model/vocabulary.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { preferredLabel } from './identity.js';
import type { AlignmentRow, ConceptChange, VersionDiff } from './diff.js';

export const VERSION_CHANGE_SLOT = 'version_change';
export const VERSION_EVIDENCE_SLOT = 'version_evidence';
/** SSSOM's "there is no matching entity". */
export { NO_TERM_FOUND };

const REVIEWED = new Set(['semapv:ManualMappingCuration', 'semapv:MappingReview']);

function justificationOf(row: AlignmentRow): string {
  if (row.evidence === 'same-iri' || row.evidence === 'version-segment' || row.evidence === 'same-id') return 'semapv:LexicalMatching';
  // The release itself states the replacement: knowledge of the ontology's curators, not a match
  // of names; still a candidate here, which a reviewer accepts before `--via` carries a rule by it
  // (the diff accepts nothing).
  if (row.evidence === 'replaced-by') return 'semapv:BackgroundKnowledgeBasedMatching';
  return row.evidence === 'structural' ? 'semapv:StructuralMatching' : 'semapv:CompositeMatching';
}

/** The comment of a row: what happened to the old concept, in words. */
export function describeChange(concept: ConceptChange, oldIndex: OntologyIndex, newIndex: OntologyIndex): string {
  const parts: string[] = [];
  const id = concept.identity;
  if (id) {
    parts.push(`identifier kept (${id.kind})`);
    parts.push(id.sameLabel ? 'same label' : `label ${JSON.stringify(preferredLabel(oldIndex.byIri.get(concept.iri)!) ?? '')} → ${JSON.stringify(preferredLabel(newIndex.byIri.get(id.iri)!) ?? '')}`);
    parts.push(id.definition === 'same' ? 'same definition' : `definition ${id.definition}`);
    if (id.moved) parts.push('parent changed');
  } else {
    parts.push('identifier not kept');
  }
  parts.push(`change: ${concept.change.join(', ')}`);
  parts.push(concept.carryable ? 'rules on it can be carried' : `rules on it go to review (${concept.reason})`);
  return parts.join('; ');
}

export interface VersionAlignmentOptions {
  mappingSetId?: string;
  mappingDate?: string;
  license?: string;
  /** Rows for the new concepts nothing maps to (default true). */
  added?: boolean;
}

/** The version alignment of `diff` as a mapping set (see the module comment). */
export function versionAlignmentSet(diff: VersionDiff, oldIndex: OntologyIndex, newIndex: OntologyIndex, options: VersionAlignmentOptions = {}): MappingSet {
  const rows = diff.alignment;
  const set = candidatesToMappingSet(rows.map((r) => ({ ...r.candidate, predicate: r.predicate })), {
    source: oldIndex,
    target: newIndex,
    selection: 'the version alignment of ioa-align diff (identity first, then the fused candidates selected one-to-one; see version_change and version_evidence)',
    ...(options.mappingSetId !== undefined ? { mappingSetId: options.mappingSetId } : {}),
    ...(options.mappingDate !== undefined ? { mappingDate: options.mappingDate } : {}),
    ...(options.license !== undefined ? { license: options.license } : {}),
  });
  const byKey = new Map(rows.map((r) => [`${r.subject}\u0000${r.predicate}\u0000${r.object}`, r]));
  const concepts = new Map(diff.concepts.map((c) => [c.iri, c]));
  const extra: MappingRecord[] = [];
  for (const record of set.mappings) {
    if (!hasEntityEnds(record)) continue;
    const row = byKey.get(recordKey(record));
    if (!row) continue;
    const concept = concepts.get(row.subject)!;
    record.justification = justificationOf(row);
    record.extensions = { ...record.extensions, [VERSION_CHANGE_SLOT]: row.change.join(' '), [VERSION_EVIDENCE_SLOT]: row.evidence };
    if (row.evidence === 'same-id') record.extra = { ...record.extra, subject_match_field: ['skos:notation'], object_match_field: ['skos:notation'] };
    record.comment = describeChange(concept, oldIndex, newIndex);
  }
  const label = (index: OntologyIndex, iri: string): { label?: string } => {
    const c = index.byIri.get(iri);
    const text = c ? preferredLabel(c) : undefined;
    return text !== undefined ? { label: text } : {};
  };
  for (const concept of diff.concepts) {
    if (concept.rows.length > 0) continue;
    const subjectLabel = label(oldIndex, concept.iri).label;
    const record: EntityMappingRecord = {
      subjectId: concept.iri, predicateId: 'skos:exactMatch', objectId: NO_TERM_FOUND, justification: 'semapv:CompositeMatching',
      ...(subjectLabel !== undefined ? { subjectLabel } : {}),
      comment: describeChange(concept, oldIndex, newIndex),
      extensions: { [VERSION_CHANGE_SLOT]: concept.change.join(' '), [VERSION_EVIDENCE_SLOT]: concept.identity ? concept.identity.kind : 'composite' },
    };
    extra.push(record);
  }
  if (options.added !== false) {
    for (const iri of diff.added) {
      const objectLabel = label(newIndex, iri).label;
      extra.push({
        subjectId: NO_TERM_FOUND, predicateId: 'skos:exactMatch', objectId: iri, justification: 'semapv:CompositeMatching',
        ...(objectLabel !== undefined ? { objectLabel } : {}),
        comment: 'added: no concept of the old release maps to it',
        extensions: { [VERSION_CHANGE_SLOT]: 'added', [VERSION_EVIDENCE_SLOT]: 'composite' },
      });
    }
  }
  set.mappings.push(...extra);
  set.metadata.curieMap = { ...set.metadata.curieMap, sssom: NS.sssom, [CANDIDATE_PREFIX]: CANDIDATE_NAMESPACE };
  set.metadata.extensionDefinitions = [
    ...(set.metadata.extensionDefinitions ?? []),
    { slotName: VERSION_CHANGE_SLOT, property: `${CANDIDATE_PREFIX}:${VERSION_CHANGE_SLOT}`, typeHint: 'xsd:string' },
    { slotName: VERSION_EVIDENCE_SLOT, property: `${CANDIDATE_PREFIX}:${VERSION_EVIDENCE_SLOT}`, typeHint: 'xsd:string' },
  ];
  const description = set.metadata.extra?.mapping_set_description;
  set.metadata.extra = {
    ...set.metadata.extra,
    mapping_set_description: `Version alignment ${diff.old.version ?? '?'} → ${diff.new.version ?? '?'} (subjects: the old release, objects: the new one). ${typeof description === 'string' ? description : ''} version_change says what happened to the old concept, version_evidence what the row rests on (same-iri, version-segment, same-id, replaced-by, lexical, structural, composite); sssom:NoTermFound rows are removed (object) and added (subject) concepts.`.replace(/\s+/g, ' ').trim(),
  };
  return set;
}

/** A row of a version alignment read back (`--via`). */
export interface VersionRow {
  /** Old concept. */
  subject: string;
  predicate: string;
  /** New concept. */
  object: string;
  /** A reviewer accepted it (semapv:ManualMappingCuration or semapv:MappingReview). */
  reviewed: boolean;
  justification: string;
  evidence?: string;
  change?: string;
  score?: number;
  record: MappingRecord;
}

/** What a version alignment file holds for an upgrade: rows per old concept, and old concepts stated removed. */
export interface VersionAlignment {
  rows: VersionRow[];
  /** Old concepts the file maps to sssom:NoTermFound. */
  removed: Set<string>;
  /** Rows a reviewer rejected (predicate_modifier Not), left out. */
  rejected: number;
  /** Old concepts with a rejected row: a rule of one with no other row was rejected, not forgotten. */
  rejectedSubjects: ReadonlySet<string>;
  mappingSetId?: string;
}

const text = (v: SlotValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Read a version alignment (a diff's output, reviewed or not) against the two releases it must
 * be about. Every subject must be a concept of `oldIndex` and every object one of `newIndex`
 * (or sssom:NoTermFound), and the set's sources and versions, where it states them, must be theirs.
 *
 * @throws IoaError E_VERSION_MISMATCH (a file over other ontologies or releases)
 */
export function readVersionAlignment(set: MappingSet, oldIndex: OntologyIndex, newIndex: OntologyIndex, file?: string): VersionAlignment {
  const where = file !== undefined ? { file } : {};
  const expect = (slot: string, index: OntologyIndex, what: 'iri' | 'version'): void => {
    const value = text(sharedSlot(set, slot));
    if (value === undefined) return;
    const ok = what === 'iri' ? value === index.iri : value === index.version || value === index.versionIri;
    if (!ok) {
      throw new IoaError('E_VERSION_MISMATCH', `the version alignment's ${slot} is ${value}, but ${index.source} is ${what === 'iri' ? index.iri ?? '(no ontology IRI)' : `version ${index.version ?? '(none stated)'}`}: it aligns other releases`, { ...where, path: `$.${slot}` });
    }
  };
  expect('subject_source', oldIndex, 'iri');
  expect('subject_source_version', oldIndex, 'version');
  expect('object_source', newIndex, 'iri');
  expect('object_source_version', newIndex, 'version');
  const rows: VersionRow[] = [];
  const removed = new Set<string>();
  let rejected = 0;
  const strangers: string[] = [];
  // Reviewers of the version alignment who conflict on a row must be settled first, as for
  // `artifact build`: carrying a rule through a row one reviewer rejected would decide for them.
  // Rows an adjudicator overruled are left out.
  const { overruled } = settleReviewers(set, { ...(file !== undefined ? { file } : {}), lineOf: sourceLine });
  const rejectedSubjects = new Set<string>();
  set.mappings.forEach((record, i) => {
    if (!hasEntityEnds(record)) {
      strangers.push(`row ${i + 1} is a literal mapping`);
      return;
    }
    if (overruled.has(i)) return;
    if (record.predicateModifier === 'Not') {
      rejected++;
      rejectedSubjects.add(record.subjectId);
      return;
    }
    if (record.subjectId === NO_TERM_FOUND) {
      if (!newIndex.byIri.has(record.objectId)) strangers.push(`row ${i + 1}: object ${record.objectId} is not a concept of ${newIndex.source}`);
      return;
    }
    if (!oldIndex.byIri.has(record.subjectId)) {
      strangers.push(`row ${i + 1}: subject ${record.subjectId} is not a concept of ${oldIndex.source}`);
      return;
    }
    if (record.objectId === NO_TERM_FOUND) {
      removed.add(record.subjectId);
      return;
    }
    if (!newIndex.byIri.has(record.objectId)) {
      strangers.push(`row ${i + 1}: object ${record.objectId} is not a concept of ${newIndex.source}`);
      return;
    }
    const row: VersionRow = { subject: record.subjectId, predicate: record.predicateId, object: record.objectId, reviewed: REVIEWED.has(record.justification), justification: record.justification, record };
    const evidence = text(record.extensions?.[VERSION_EVIDENCE_SLOT] as SlotValue | undefined);
    const change = text(record.extensions?.[VERSION_CHANGE_SLOT] as SlotValue | undefined);
    if (evidence !== undefined) row.evidence = evidence;
    if (change !== undefined) row.change = change;
    if (record.similarityScore !== undefined) row.score = record.similarityScore;
    rows.push(row);
  });
  if (strangers.length > 0) {
    throw new IoaError('E_VERSION_MISMATCH', `the version alignment is not over ${oldIndex.source} → ${newIndex.source}: ${strangers.slice(0, 3).join('; ')}${strangers.length > 3 ? `; and ${strangers.length - 3} more` : ''}`, where);
  }
  const out: VersionAlignment = { rows, removed, rejected, rejectedSubjects };
  if (set.metadata.mappingSetId !== undefined) out.mappingSetId = set.metadata.mappingSetId;
  return out;
}

/** Relations a version row can carry a rule through or propose it with. */
export const VERSION_RELATIONS: ReadonlySet<string> = new Set([EXACT_MATCH, 'skos:closeMatch', 'skos:broadMatch', NARROW_MATCH]);
