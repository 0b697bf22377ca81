/**
 * Candidates → a SSSOM-shaped MappingSet, the bridge from `propose` to every writer, and back.
 *
 * By default one row per candidate — per (subject, relation, object) — ranked: `candidate_rank`
 * says where it stands among its subject's candidates (1 = best), `similarity_score` holds the
 * value the list is ranked by (for a fused list the fused value, see `similarity_measure`), and
 * each member generator's own raw score and rank sit on the same row in `<generator>_score` and
 * `<generator>_rank` (extension slots, candidate-slots.ts). `evidence: 'rows'` adds each member
 * generator's own row after its candidate's row (own justification, raw score and measure).
 *
 * `confidence` is a curator's statement and is never filled here (draft Section 7.4: similarity
 * is not acceptance); neither the fused value nor a raw score is a probability.
 */
import { createHash } from 'node:crypto';
import type { Candidate, EntityMappingRecord, ExtensionDefinition, ExtensionValue, MappingRecord, MappingSet, MappingSetMetadata, SlotValue } from '../model/mapping.js';
import { BROAD_MATCH, hasEntityEnds, NARROW_MATCH, objectTerm, subjectTerm } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { DEFINITION_SOURCES, PRODUCT_DESCRIPTION_FIELD, type Concept } from '../model/concept.js';
import { IoaError } from '../model/errors.js';
import { NS } from '../model/vocabulary.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { buildCurieMap, canonicalTerm, PrefixMap } from './curie.js';
import { compareRecords, sortedMappings } from './order.js';
import {
  CANDIDATE_NAMESPACE, CANDIDATE_PREFIX, CANDIDATE_RANK, candidateRankOf, FAMILY_RANK, familyRankDefinition, memberDefinitions, memberGenerators, memberRankSlot, memberScoreSlot, rankDefinition,
  removedDefinition, SELECTION_REMOVED, selectionRemovedOf,
} from './candidate-slots.js';
import { isStandardSlot, numberText, slotUsage, type SlotScan, type SortedRows } from './slots.js';
import { uuidFromHash } from './ids.js';
import { EARLIER_EACH_SLOTS, EARLIER_SLOTS, earlierEachCells, type EarlierDecision } from './reviewed.js';

export { uuidFromHash };

/** SSSOM's value for "no license stated" (what sssom-py writes too). */
export const UNSPECIFIED_LICENSE = 'https://w3id.org/sssom/license/unspecified';

/** A ranked candidate, with the member candidates it was fused from when it is a fused one. */
export interface ExportCandidate extends Candidate {
  members?: readonly Candidate[];
  /** In a selected set: why the selection removed it (written to `selection_removed`). */
  selectionRemoved?: string;
  /** What earlier reviews decided on it (`propose --decisions`): written in the `earlier_*` columns. */
  earlier?: EarlierDecision;
}

/** Where member generators' evidence goes: columns of the candidate's row, or rows of their own too. */
export const EVIDENCE_LAYOUTS = ['columns', 'rows'] as const;
export type EvidenceLayout = (typeof EVIDENCE_LAYOUTS)[number];

export interface CandidateExportContext {
  source: OntologyIndex;
  target: OntologyIndex;
  /** Set-level `mapping_tool`; defaults to `ioa-align`. */
  mappingTool?: string;
  /** Defaults to a stable id derived from the ontologies, tool version and rows. */
  mappingSetId?: string;
  /** Defaults to {@link UNSPECIFIED_LICENSE}. */
  license?: string;
  /** `YYYY-MM-DD`; defaults to today (UTC). */
  mappingDate?: string;
  /** Default `columns`: one row per candidate. */
  evidence?: EvidenceLayout;
  /** How the candidates were selected, said in the set's description (e.g. `one-to-one (greedy), similarity_score >= 0.2`). */
  selection?: string;
  /** What the fused value is, said in the set's description. */
  measureNote?: string;
}

/**
 * Evidence field names (see Evidence) → the SSSOM `*_match_field` property they stand for. A
 * description's field is already the CURIE of the annotation it was read from (Concept
 * definitionSources, and `schema:keywords` / `skos:example` for keywords and examples).
 */
const MATCH_FIELD: Record<string, string> = {
  label: 'rdfs:label',
  'synonym:exact': 'oboInOwl:hasExactSynonym',
  'synonym:related': 'oboInOwl:hasRelatedSynonym',
  'synonym:broad': 'oboInOwl:hasBroadSynonym',
  'synonym:narrow': 'oboInOwl:hasNarrowSynonym',
  definition: 'skos:definition',
  ...Object.fromEntries(DEFINITION_SOURCES.map((source) => [source, source])),
  'schema:keywords': 'schema:keywords',
  'skos:example': 'skos:example',
  [PRODUCT_DESCRIPTION_FIELD]: PRODUCT_DESCRIPTION_FIELD,
};

/** Evidence fields of description text (definitions, keywords, examples). */
const DESCRIPTION_FIELDS: ReadonlySet<string> = new Set([...DEFINITION_SOURCES, 'schema:keywords', 'skos:example', PRODUCT_DESCRIPTION_FIELD]);
/** Description text pairs spelled out in a row's comment, at most. */
const DESCRIBED_IN_COMMENT = 2;

/** Prefixes of the description match fields that are not SSSOM built-ins, declared when a row uses them. */
const MATCH_FIELD_PREFIXES: Readonly<Record<string, string>> = {
  IAO: 'http://purl.obolibrary.org/obo/IAO_',
  dcterms: NS.dcterms,
  schema: NS.schema,
};

function preferredLabel(concept: Concept | undefined): string | undefined {
  if (!concept) return undefined;
  for (const l of concept.labels) if (!l.lang || l.lang === 'en' || l.lang.startsWith('en-')) return l.text;
  return concept.labels[0]?.text;
}

/**
 * The preferred label of each identifier of one ontology, looked up once per export: a subject
 * has about ten rows, an object often several.
 */
function labelCache(index: OntologyIndex): (iri: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  // The rows of one subject come one after the other: its label is at hand without a look-up.
  let last: string | undefined;
  let lastLabel: string | undefined;
  return (iri) => {
    if (iri === last) return lastLabel;
    let label = known.get(iri);
    if (label === undefined && !known.has(iri)) {
      label = preferredLabel(index.byIri.get(iri));
      known.set(iri, label);
    }
    last = iri;
    lastLabel = label;
    return label;
  };
}

function uniqueSorted(values: string[]): string[] | undefined {
  const distinct = [...new Set(values.filter((v) => v !== ''))].sort();
  return distinct.length ? distinct : undefined;
}

/**
 * Adds a value to a list of distinct non-empty values (what uniqueSorted keeps): the lists of one
 * row hold one to a few values, so a linear look-up is cheaper than a Set per row.
 */
function addDistinct(list: string[] | undefined, value: string | undefined): string[] | undefined {
  if (value === undefined || value === '') return list;
  if (list === undefined) return [value];
  if (!list.includes(value)) list.push(value);
  return list;
}

/** The list sorted as uniqueSorted sorts it; a list of one (the common case) as it is. */
function sortedList(list: string[]): string[] {
  return list.length > 1 ? list.sort() : list;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Where a candidate sits in the input, for messages: `$[i]`, or `$[i].members[j]` for a member.
 * Made only when a message needs it, not for each of the hundreds of thousands of rows.
 */
interface InputPath {
  index: number;
  member?: number;
}

function pathText(at: InputPath): string {
  return at.member === undefined ? `$[${at.index}]` : `$[${at.index}].members[${at.member}]`;
}

/** A score as SSSOM's similarity_score must be: in [0, 1]; anything else is a generator bug to report. */
function checkedScore(c: Candidate, at: InputPath): number {
  const score = Number(c.score);
  // Clamping would falsify the raw score and dropping it would hide the row.
  if (!Number.isFinite(score) || score < 0 || score > 1) {
    const path = pathText(at);
    throw new IoaError('E_SSSOM_SCORE_RANGE', `candidate ${path} (${c.generator}: ${c.subject} → ${c.object}) has raw score ${c.score}; SSSOM similarity_score must lie in [0, 1]`, { path: `${path}.score` });
  }
  return score;
}

type TermCache = (term: string, at: InputPath, field: 'predicate' | 'justification') => string;

/**
 * Predicates and justifications as canonical CURIEs, worked out once per distinct term: a run
 * has hundreds of thousands of rows but a handful of terms.
 */
function termCache(): TermCache {
  const known = new Map<string, string>();
  return (term, at, field) => {
    let curie = known.get(term);
    if (curie === undefined) {
      curie = canonicalTerm(projectTerm(term, `${pathText(at)}.${field}`));
      known.set(term, curie);
    }
    return curie;
  };
}

/**
 * The row of one candidate (or member): ends, labels, relation, score and the evidence's fields.
 * `withToolAndMeasure` false leaves out mapping_tool and similarity_measure, said once on the set.
 * One pass over the evidence collects every list (a fused candidate's evidence is its members'
 * together, and a run has hundreds of thousands of rows).
 */
function rowOf(c: Candidate, at: InputPath, plan: RowPlan, withToolAndMeasure = true): EntityMappingRecord {
  const { term } = plan;
  const subjectLabel = plan.subjectLabel(c.subject);
  const objectLabel = plan.objectLabel(c.object);
  const record: EntityMappingRecord = {
    subjectId: c.subject,
    predicateId: term(c.predicate, at, 'predicate'),
    objectId: c.object,
    justification: term(c.justification, at, 'justification'),
    similarityScore: checkedScore(c, at),
  };
  if (withToolAndMeasure) {
    record.similarityMeasure = c.measure;
    record.mappingTool = plan.toolOf(c.generator);
  }
  if (subjectLabel !== undefined) record.subjectLabel = subjectLabel;
  if (objectLabel !== undefined) record.objectLabel = objectLabel;
  let subjectFields: string[] | undefined;
  let objectFields: string[] | undefined;
  // match_string is the text both sides share; only meaningful when it is literally shared.
  // Multivalued: a `|` inside the text is escaped by the writers, not lost.
  let shared: string[] | undefined;
  let acrossLanguages = false;
  // Description text matched: which text matched which, spelled out (match_string holds only
  // text both sides share, and a description is rarely the other side's text).
  let described: string[] | undefined;
  for (const e of c.evidence) {
    subjectFields = addDistinct(subjectFields, MATCH_FIELD[e.subjectField]);
    objectFields = addDistinct(objectFields, MATCH_FIELD[e.objectField]);
    if (e.subjectText === e.objectText) shared = addDistinct(shared, e.subjectText);
    else if ((DESCRIPTION_FIELDS.has(e.subjectField) || DESCRIPTION_FIELDS.has(e.objectField)) && (described?.length ?? 0) < DESCRIBED_IN_COMMENT) {
      described = addDistinct(described, `${e.subjectText} ~ ${e.objectText}`);
    }
    if (e.subjectPreprocessing || e.objectPreprocessing || e.translation) acrossLanguages = true;
  }
  // Most rows have match fields and nothing else: `extra` is made only for a row that has a value.
  let extra: Record<string, SlotValue> | undefined;
  if (subjectFields) (extra ??= {}).subject_match_field = sortedList(subjectFields);
  if (objectFields) (extra ??= {}).object_match_field = sortedList(objectFields);
  if (shared) (extra ??= {}).match_string = sortedList(shared);
  // Across languages: the steps each side went through, and the translation itself in the
  // comment (semapv has no term for translation, so it is spelled out for the reviewer).
  if (acrossLanguages) {
    const subjectSteps = uniqueSorted(c.evidence.flatMap((e) => e.subjectPreprocessing ?? []));
    const objectSteps = uniqueSorted(c.evidence.flatMap((e) => e.objectPreprocessing ?? []));
    if (subjectSteps) (extra ??= {}).subject_preprocessing = subjectSteps;
    if (objectSteps) (extra ??= {}).object_preprocessing = objectSteps;
    const translations = [...new Set(c.evidence.flatMap((e) => (e.translation ? [`${e.subjectText}${e.subjectLang ? `@${e.subjectLang}` : ''} ~ ${e.objectText}${e.objectLang ? `@${e.objectLang}` : ''} (${e.translation})`] : [])))];
    if (translations.length) record.comment = translations.join(' | ');
  }
  if (described) record.comment = record.comment ? `${record.comment} | ${described.join(' | ')}` : described.join(' | ');
  if (extra) record.extra = extra;
  return record;
}

/** What every row of one export shares, worked out once before the rows. */
interface RowPlan {
  tool: string;
  layout: EvidenceLayout;
  term: TermCache;
  subjectLabel(iri: string): string | undefined;
  objectLabel(iri: string): string | undefined;
  /** A row's mapping_tool: the tool and the generator, made once per generator. */
  toolOf(generator: string): string;
  /**
   * One tool and one measure for every row (one generator, or one fused list): said once, on
   * the set, so every row reads them (SSSOM propagation) and the file stays small. A reviewer
   * edits reviewer_id, predicate_modifier, mapping_justification or comment, never these.
   */
  shared: ExportCandidate | undefined;
  /** Member generators met so far (each has its two columns). */
  generators: Set<string>;
  /** Whether a row so far was removed by the selection (its column is then declared). */
  removed: boolean;
  /** A member generator's score and rank slot names, made once per generator. */
  slotsOf(generator: string): readonly [string, string];
  /** Some candidate carries an earlier review's decision. */
  earlier: boolean;
}

function rowPlan(candidates: readonly ExportCandidate[], ctx: CandidateExportContext): RowPlan {
  const layout = ctx.evidence ?? 'columns';
  const first = candidates[0];
  const shared = layout === 'columns' && first !== undefined && candidates.every((c) => c.generator === first.generator && c.measure === first.measure);
  const tool = ctx.mappingTool ?? TOOL_NAME;
  const generators = new Set<string>();
  const slotNames = new Map<string, [string, string]>();
  const tools = new Map<string, string>();
  return {
    tool,
    layout,
    term: termCache(),
    subjectLabel: labelCache(ctx.source),
    objectLabel: labelCache(ctx.target),
    toolOf: (generator) => {
      let name = tools.get(generator);
      if (name === undefined) {
        name = `${tool}/${generator}`;
        tools.set(generator, name);
      }
      return name;
    },
    shared: shared ? first : undefined,
    generators,
    removed: false,
    earlier: candidates.some((c) => c.earlier !== undefined),
    slotsOf: (generator) => {
      let names = slotNames.get(generator);
      if (!names) {
        names = [memberScoreSlot(generator), memberRankSlot(generator)];
        slotNames.set(generator, names);
        generators.add(generator);
      }
      return names;
    },
  };
}

/** The rows of the candidates in their order: each candidate's row, with evidence as rows followed by its members' rows. */
function* candidateRows(candidates: readonly ExportCandidate[], plan: RowPlan): Generator<EntityMappingRecord> {
  const { slotsOf } = plan;
  const familyRanks = familyRanksOf(candidates);
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    const row = rowOf(c, { index: i }, plan, plan.shared === undefined);
    const rank = String(c.rank);
    const extensions: Record<string, string> = { [CANDIDATE_RANK]: rank, [FAMILY_RANK]: String(familyRanks[i]) };
    const members = c.members ?? [];
    for (let j = 0; j < members.length; j++) {
      const m = members[j]!;
      const slots = slotsOf(m.generator);
      extensions[slots[0]] = numberText(checkedScore(m, { index: i, member: j }));
      extensions[slots[1]] = String(m.rank);
    }
    if (c.selectionRemoved !== undefined) {
      extensions[SELECTION_REMOVED] = c.selectionRemoved;
      plan.removed = true;
    }
    if (c.earlier) {
      extensions[EARLIER_SLOTS.decision] = c.earlier.decision;
      extensions[EARLIER_SLOTS.predicate] = c.earlier.predicate;
      if (c.earlier.reviewers.length) extensions[EARLIER_SLOTS.reviewer] = c.earlier.reviewers.join('|');
      if (c.earlier.date !== undefined) extensions[EARLIER_SLOTS.date] = c.earlier.date;
      extensions[EARLIER_SLOTS.source] = c.earlier.source;
      Object.assign(extensions, earlierEachCells(c.earlier.each));
    }
    row.extensions = extensions;
    yield row;
    if (plan.layout === 'rows') {
      for (let j = 0; j < members.length; j++) {
        const m = members[j]!;
        // A member row states its candidate's relation: it is evidence for that mapping (a
        // member that alone said closeMatch supports a fused exactMatch another established).
        const member = rowOf(m.predicate === c.predicate ? m : { ...m, predicate: c.predicate }, { index: i, member: j }, plan);
        // The rank of the candidate this row is evidence for; the member's own rank is its column.
        const slots = slotsOf(m.generator);
        member.extensions = { [CANDIDATE_RANK]: rank, [FAMILY_RANK]: String(familyRanks[i]), [slots[0]]: numberText(m.score), [slots[1]]: String(m.rank) };
        yield member;
      }
    }
  }
}

/** Whether a relation is of the directional family (broader or narrower) rather than the equivalence one. */
const isDirectional = (predicate: string): boolean => predicate === BROAD_MATCH || predicate === NARROW_MATCH;

/**
 * Each candidate's `candidate_family_rank`: its place among its subject's candidates of its own family
 * in its generator's list,
 * in `candidate_rank` order; equal ranks (a list written by hand) go by object and relation, so
 * the input's order never changes a rank.
 */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const compareByRank = (a: ExportCandidate, b: ExportCandidate): number => a.rank - b.rank || compareText(a.object, b.object) || compareText(a.predicate, b.predicate);

function familyRanksOf(candidates: readonly ExportCandidate[]): Int32Array {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    // Ranks are each generator's own: a file of several generators' lists has one list per generator.
    const key = `${isDirectional(c.predicate) ? 'd' : 'e'}\u0000${c.generator}\u0000${c.subject}`;
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  }
  const ranks = new Int32Array(candidates.length);
  for (const list of groups.values()) {
    list.sort((a, b) => compareByRank(candidates[a]!, candidates[b]!));
    list.forEach((index, place) => (ranks[index] = place + 1));
  }
  return ranks;
}

/**
 * The set's metadata from its rows in the writers' order (one pass: the identifiers for the
 * curie_map, the rows for the set id, and for a writer what the rows use, into `scan`).
 * `plan.generators` is complete once the rows are made.
 */
function setMetadata(rows: Iterable<EntityMappingRecord>, ctx: CandidateExportContext, plan: RowPlan, scan?: SlotScan): MappingSetMetadata {
  // Identifiers repeat across rows (ten candidates per subject): each distinct one counts once.
  const iris = new Set<string>();
  const fieldPrefixes = new Set<string>();
  const id = ctx.mappingSetId === undefined ? setIdHash(ctx) : undefined;
  let subject: string | undefined;
  for (const m of rows) {
    // A subject's rows come together: its identifier is added once, not once per row.
    if (m.subjectId !== subject) {
      subject = m.subjectId;
      iris.add(subject);
    }
    iris.add(m.objectId);
    // A predicate outside the standard vocabularies stays an IRI in the record; give it a prefix.
    if (m.predicateId.includes('://')) iris.add(m.predicateId);
    for (const slot of ['subject_match_field', 'object_match_field'] as const) {
      const fields = m.extra?.[slot];
      if (Array.isArray(fields)) for (const f of fields) fieldPrefixes.add(f.slice(0, f.indexOf(':')));
    }
    id?.add(m);
    scan?.add(m);
  }
  const curieMap = buildCurieMap(iris);
  curieMap[CANDIDATE_PREFIX] = CANDIDATE_NAMESPACE;
  for (const prefix of [...fieldPrefixes].sort()) {
    const ns = MATCH_FIELD_PREFIXES[prefix];
    if (ns !== undefined && curieMap[prefix] === undefined) curieMap[prefix] = ns;
  }
  const definitions: ExtensionDefinition[] = [rankDefinition(), familyRankDefinition()];
  if (plan.removed) definitions.push(removedDefinition());
  for (const g of [...plan.generators].sort()) {
    for (const d of memberDefinitions(g)) {
      if (isStandardSlot(d.slotName)) throw new IoaError('E_INTERNAL', `generator name "${g}" would make the column ${d.slotName}, a standard SSSOM slot`);
      definitions.push(d);
    }
  }
  if (plan.earlier) {
    for (const slot of [...Object.values(EARLIER_SLOTS), ...Object.values(EARLIER_EACH_SLOTS)]) definitions.push({ slotName: slot, property: `${CANDIDATE_PREFIX}:${slot}`, typeHint: 'xsd:string' });
  }
  const metadata: MappingSetMetadata = {
    curieMap,
    mappingSetId: ctx.mappingSetId ?? id!.id(),
    license: ctx.license ?? UNSPECIFIED_LICENSE,
    mappingTool: plan.shared ? `${plan.tool}/${plan.shared.generator}` : plan.tool,
    mappingToolVersion: TOOL_VERSION,
    mappingDate: ctx.mappingDate ?? today(),
    extensionDefinitions: definitions,
    extra: { mapping_set_description: describeSet(plan.layout, plan.generators.size > 0, ctx, plan.earlier) },
  };
  if (plan.shared) metadata.extra!.similarity_measure = plan.shared.measure;
  const subjectSource = ctx.source.iri;
  const objectSource = ctx.target.iri;
  if (subjectSource) metadata.subjectSource = subjectSource;
  if (objectSource) metadata.objectSource = objectSource;
  const subjectVersion = ctx.source.versionIri ?? ctx.source.version;
  const objectVersion = ctx.target.versionIri ?? ctx.target.version;
  if (subjectVersion) metadata.subjectSourceVersion = subjectVersion;
  if (objectVersion) metadata.objectSourceVersion = objectVersion;
  return metadata;
}

/** The rows of the candidates sorted into the writers' order, and the set's metadata. */
function builtRows(candidates: readonly ExportCandidate[], ctx: CandidateExportContext, scan?: SlotScan): { metadata: MappingSetMetadata; rows: EntityMappingRecord[] } {
  const plan = rowPlan(candidates, ctx);
  // The rows are a fresh array: sorted in place, as sortedMappings would sort a copy.
  const rows = [...candidateRows(candidates, plan)].sort(compareRecords);
  return { metadata: setMetadata(rows, ctx, plan, scan), rows };
}

/**
 * Build the review set for `candidates` proposed from `ctx.source` (subjects) to `ctx.target`
 * (objects). The input is not modified. Rows come out in the writers' order: by subject, then
 * `candidate_rank` (each candidate's own `rank`), a candidate's row before its members' rows.
 */
export function candidatesToMappingSet(candidates: readonly ExportCandidate[], ctx: CandidateExportContext): MappingSet {
  const { metadata, rows } = builtRows(candidates, ctx);
  return { metadata, mappings: rows };
}

/**
 * The set candidatesToMappingSet builds, for a writer: its rows, already in the writers' order,
 * and what they use, found in the pass that makes the metadata (the writer need neither sort
 * them nor look at them once more before writing).
 */
export function candidateRowSet(candidates: readonly ExportCandidate[], ctx: CandidateExportContext): SortedRows {
  const scan = slotUsage();
  const { metadata, rows } = builtRows(candidates, ctx, scan);
  return { metadata, rows, usage: scan.usage };
}

/**
 * The set candidatesToMappingSet builds, for a writer that streams: its metadata, and its rows
 * made again each time they are iterated rather than held (a 50k × 50k run has half a million
 * rows, a few hundred MB as records). Only for candidates that come in the writers' row order,
 * as `propose` and `select` return them (checked here, row by row); for others, undefined: build
 * the set. Errors are those of candidatesToMappingSet, thrown here.
 */
export function candidateRowStream(candidates: readonly ExportCandidate[], ctx: CandidateExportContext): SortedRows | undefined {
  const plan = rowPlan(candidates, ctx);
  // What the writer needs to know of the rows is gathered in the same pass, so that the rows are
  // made twice in all (here, and as they are written), not three times.
  const scan = slotUsage();
  let ordered = true;
  function* checked(): Generator<EntityMappingRecord> {
    let previous: EntityMappingRecord | undefined;
    for (const row of candidateRows(candidates, plan)) {
      // In order when no row sorts before the one above it: the sort (stable) would keep them so.
      if (previous !== undefined && compareRecords(previous, row) > 0) {
        ordered = false;
        return;
      }
      previous = row;
      yield row;
    }
  }
  const metadata = setMetadata(checked(), ctx, plan, scan);
  if (!ordered) return undefined;
  return {
    metadata,
    // The plan's look-ups (labels, terms) are kept for the rows made again as they are written.
    rows: { length: scan.usage.rows, [Symbol.iterator]: () => candidateRows(candidates, plan) },
    usage: scan.usage,
  };
}

/** What a reader of the file needs to know about its rows, said once in its metadata. */
function describeSet(layout: EvidenceLayout, fused: boolean, ctx: CandidateExportContext, earlier = false): string {
  const parts = [
    'Candidate mappings for review: proposals, not accepted mappings; no score here is a confidence.',
    layout === 'columns' ? 'One row per candidate (subject, predicate, object).' : 'Each candidate\'s row is followed by one row per member generator that proposed it.',
    'Rows are ordered by subject_id, then candidate_rank (1 = the best candidate of its subject);',
    'candidate_family_rank is the rank among the subject\'s candidates of the same family, equivalences (exactMatch, closeMatch, relatedMatch) or broadMatch / narrowMatch, so each family\'s rank 1 is the subject\'s best answer of that kind.',
    `similarity_score is the value the candidates are ranked by${ctx.measureNote ? `: ${ctx.measureNote}` : ' (see similarity_measure)'}.`,
  ];
  if (fused) parts.push('<generator>_score and <generator>_rank hold each member generator\'s own raw score and rank, empty where it did not propose the candidate.');
  if (ctx.selection) parts.push(`Selected: ${ctx.selection}; candidate_rank is the rank before selection.`);
  if (earlier) parts.push('earlier_decision says what earlier reviews decided on a candidate (accept, reject, conflict where their reviewers disagree, or overruled where an adjudicator overruled every decision on it), with earlier_predicate (the relation accepted or rejected; every disputed one for a conflict), earlier_reviewer_id, earlier_review_date (the latest) and earlier_source (the reviewed set): a summary; empty where no earlier review decided it. The earlier_each_* columns hold each decision carried, one value per decision in the same order: earlier_each_reviewer_id, earlier_each_decision, earlier_each_predicate, earlier_each_review_date, earlier_each_comment, earlier_each_review_role, earlier_each_source and earlier_each_replaces (the decisions of the same reviewer it replaced, as replaces_decision names them). `ioa-align review` shows these as decided, writes each as its reviewer\'s own row, and never asks them again.');
  return parts.join(' ');
}

/** A candidate read back from a candidate file, with the member evidence of its row. */
export interface ReadCandidate {
  subject: string;
  predicate: string;
  object: string;
  /** `similarity_score` of the candidate's row. */
  score?: number;
  measure?: string;
  /** `candidate_rank`; absent for a row written by hand. */
  rank?: number;
  justification: string;
  /** `mapping_tool` of the row (e.g. `ioa-align/fusion`). */
  tool?: string;
  /** Member generators' raw score and rank, from the row's member columns. */
  members: Array<{ generator: string; score?: number; rank?: number }>;
  /** The candidate's row as read. */
  record: MappingRecord;
  /** With evidence as rows: the member generators' own rows that follow it. */
  evidenceRows: MappingRecord[];
  /** In a selected set: why the selection removed the row (`selection_removed`); absent for a selected row. */
  selectionRemoved?: string;
}

/**
 * The candidates of a set written by candidatesToMappingSet (after any round trip through a
 * file, a spreadsheet or convert), in the writers' row order. Rows of one subject with one
 * `candidate_rank` are one candidate: its `semapv:CompositeMatching` row (or its only row) leads,
 * the others are evidence rows. A row without a rank is a candidate of its own.
 */
export function candidatesFromMappingSet(set: MappingSet): ReadCandidate[] {
  const prefixes = new PrefixMap(set.metadata.curieMap);
  const expand = (curie: string): string | undefined => {
    const r = prefixes.expand(curie);
    return r.ok ? r.iri : undefined;
  };
  const generators = memberGenerators(set.metadata.extensionDefinitions, expand);
  const number = (value: unknown): number | undefined => {
    if (typeof value === 'number') return value;
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  };
  // Sorted, the rows of one subject and rank stand together: each run of them is one candidate.
  const groups: MappingRecord[][] = [];
  let previousSubject: string | undefined;
  let previousRank: number | undefined;
  for (const r of sortedMappings(set.mappings)) {
    const rank = candidateRankOf(r);
    // A row without a rank is a candidate of its own.
    const subject = rank === undefined ? undefined : subjectTerm(r);
    if (subject !== undefined && subject === previousSubject && rank === previousRank) groups[groups.length - 1]!.push(r);
    else groups.push([r]);
    previousSubject = subject;
    previousRank = rank;
  }
  const memberSlots = generators.map((generator) => ({ generator, score: memberScoreSlot(generator), rank: memberRankSlot(generator) }));
  return groups.map((rows) => {
    const lead = rows.find((r) => r.justification === 'semapv:CompositeMatching') ?? rows[0]!;
    const members: ReadCandidate['members'] = [];
    for (const slots of memberSlots) {
      const score = number(lead.extensions?.[slots.score]);
      const rank = number(lead.extensions?.[slots.rank]);
      if (score === undefined && rank === undefined) continue;
      const member: ReadCandidate['members'][number] = { generator: slots.generator };
      if (score !== undefined) member.score = score;
      if (rank !== undefined) member.rank = rank;
      members.push(member);
    }
    const out: ReadCandidate = {
      subject: hasEntityEnds(lead) ? lead.subjectId : subjectTerm(lead),
      predicate: lead.predicateId,
      object: hasEntityEnds(lead) ? lead.objectId : objectTerm(lead),
      justification: lead.justification,
      members,
      record: lead,
      evidenceRows: rows.filter((r) => r !== lead),
    };
    const rank = candidateRankOf(lead);
    if (rank !== undefined) out.rank = rank;
    if (lead.similarityScore !== undefined) out.score = lead.similarityScore;
    if (lead.similarityMeasure !== undefined) out.measure = lead.similarityMeasure;
    if (lead.mappingTool !== undefined) out.tool = lead.mappingTool;
    const removed = selectionRemovedOf(lead);
    if (removed !== undefined) out.selectionRemoved = removed;
    return out;
  });
}

/** The project's own namespaces (model/vocabulary.ts): the prefixes a generator may use in a CURIE. */
const PROJECT_PREFIXES = new PrefixMap(NS);

/**
 * A predicate or justification as an IRI. A CURIE with a prefix outside the project's namespaces
 * would be written into a file that cannot declare it, so it is refused here.
 */
function projectTerm(term: string, path: string): string {
  const r = PROJECT_PREFIXES.expand(term);
  if (!r.ok) throw new IoaError('E_SSSOM_UNKNOWN_PREFIX', `"${term}" uses prefix "${r.prefix}", which is not one of the project's namespaces; use a full IRI`, { path });
  return r.iri;
}

/** Characters JSON.stringify escapes in a string (and paired surrogates, which it keeps: they take the slow path). */
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * JSON.stringify of a row's extension values, the same text made faster: every row has the same
 * dozen keys, whose JSON is made once, and values are digits. Anything else (a value that is not
 * a string, or needs escaping) goes to JSON.stringify itself.
 */
function flatJsonWriter(): (values: Readonly<Record<string, ExtensionValue>>) => string {
  // Each key's JSON with its colon and the value's opening quote: `"candidate_rank":"`.
  const keys = new Map<string, string>();
  return (values) => {
    let out = '{';
    for (const k in values) {
      const v = values[k];
      if (typeof v !== 'string' || JSON_ESCAPED.test(v)) return JSON.stringify(values);
      let key = keys.get(k);
      if (key === undefined) {
        key = `${JSON.stringify(k)}:"`;
        keys.set(k, key);
      }
      out += out === '{' ? key : `,${key}`;
      out += v;
      out += '"';
    }
    return `${out}}`;
  };
}

/** Characters of row text hashed at a time by stableSetId. */
const HASH_PIECE = 1 << 16;

/**
 * The same inputs give the same id (so re-running `propose` yields an identical file), different
 * rows a different one. Formatted as a UUID under SSSOM's own namespace for generated sets.
 * Rows are added in the writers' order.
 */
function setIdHash(ctx: CandidateExportContext): { add(row: EntityMappingRecord): void; id(): string } {
  const h = createHash('sha256');
  h.update(`${ctx.source.iri ?? ctx.source.source}\n${ctx.target.iri ?? ctx.target.source}\n${TOOL_VERSION}\n${ctx.selection ?? ''}\n`);
  // The rows' text is handed to the hash in pieces of about 64 KiB rather than row by row: the
  // digest of the concatenation is the same, and one update per row cost more than the hashing.
  const json = flatJsonWriter();
  let text = '';
  return {
    add(r) {
      text += `${r.subjectId}\t${r.predicateId}\t${r.objectId}\t${r.justification}\t${numberText(r.similarityScore!)}\t${json(r.extensions ?? {})}\n`;
      if (text.length >= HASH_PIECE) {
        h.update(text);
        text = '';
      }
    },
    id() {
      h.update(text);
      return `https://w3id.org/sssom/mappings/${uuidFromHash(h.digest('hex'))}`;
    },
  };
}
