/**
 * Candidates → a SSSOM-shaped MappingSet, the bridge from `propose` to every writer.
 *
 * One row per candidate, i.e. per mapping *per justification*: a fused proposal arrives as one
 * Candidate per member generator plus one `semapv:CompositeMatching` candidate, and each becomes
 * its own row. A generator's raw score goes to `similarity_score` with its meaning in
 * `similarity_measure`; `confidence` is a curator's statement and is never filled here
 * (draft Section 7.4: similarity is not acceptance).
 */
import { createHash } from 'node:crypto';
import type { Candidate, EntityMappingRecord, MappingSet, MappingSetMetadata, SlotValue } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { Concept } from '../model/concept.js';
import { IoaError } from '../model/errors.js';
import { NS } from '../model/vocabulary.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { buildCurieMap, canonicalTerm, PrefixMap } from './curie.js';
import { sortedMappings } from './order.js';

/** SSSOM's value for "no license stated" (what sssom-py writes too). */
export const UNSPECIFIED_LICENSE = 'https://w3id.org/sssom/license/unspecified';

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
}

/** Evidence field names (see Evidence) → the SSSOM `*_match_field` property they stand for. */
const MATCH_FIELD: Record<string, string> = {
  label: 'rdfs:label',
  'synonym:exact': 'oboInOwl:hasExactSynonym',
  'synonym:related': 'oboInOwl:hasRelatedSynonym',
  'synonym:broad': 'oboInOwl:hasBroadSynonym',
  'synonym:narrow': 'oboInOwl:hasNarrowSynonym',
  definition: 'skos:definition',
};

function preferredLabel(concept: Concept | undefined): string | undefined {
  if (!concept) return undefined;
  const label = concept.labels.find((l) => !l.lang || l.lang === 'en' || l.lang.startsWith('en-')) ?? concept.labels[0];
  return label?.text;
}

function uniqueSorted(values: string[]): string[] | undefined {
  const distinct = [...new Set(values.filter((v) => v !== ''))].sort();
  return distinct.length ? distinct : undefined;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Build the review set for `candidates` proposed from `ctx.source` (subjects) to `ctx.target`
 * (objects). The input is not modified; rows come out sorted.
 */
export function candidatesToMappingSet(candidates: readonly Candidate[], ctx: CandidateExportContext): MappingSet {
  const tool = ctx.mappingTool ?? TOOL_NAME;
  const mappings: EntityMappingRecord[] = candidates.map((c, i) => {
    const score = Number(c.score);
    // SSSOM bounds similarity_score to [0, 1]; clamping would falsify the raw score and
    // dropping it would hide the row, so a generator outside the range is a bug to report.
    if (!Number.isFinite(score) || score < 0 || score > 1) {
      throw new IoaError('E_SSSOM_SCORE_RANGE', `candidate ${i + 1} (${c.generator}: ${c.subject} → ${c.object}) has raw score ${c.score}; SSSOM similarity_score must lie in [0, 1]`, { path: `$[${i}].score` });
    }
    const record: EntityMappingRecord = {
      subjectId: c.subject,
      predicateId: canonicalTerm(projectTerm(c.predicate, `$[${i}].predicate`)),
      objectId: c.object,
      justification: canonicalTerm(projectTerm(c.justification, `$[${i}].justification`)),
      similarityScore: score,
      similarityMeasure: c.measure,
      mappingTool: `${tool}/${c.generator}`,
    };
    const subjectLabel = preferredLabel(ctx.source.byIri.get(c.subject));
    const objectLabel = preferredLabel(ctx.target.byIri.get(c.object));
    if (subjectLabel !== undefined) record.subjectLabel = subjectLabel;
    if (objectLabel !== undefined) record.objectLabel = objectLabel;
    const extra: Record<string, SlotValue> = {};
    const subjectFields = uniqueSorted(c.evidence.map((e) => MATCH_FIELD[e.subjectField] ?? ''));
    const objectFields = uniqueSorted(c.evidence.map((e) => MATCH_FIELD[e.objectField] ?? ''));
    if (subjectFields) extra.subject_match_field = subjectFields;
    if (objectFields) extra.object_match_field = objectFields;
    // match_string is the text both sides share; only meaningful when it is literally shared.
    // Multivalued: a `|` inside the text is escaped by the writers, not lost.
    const shared = uniqueSorted(c.evidence.filter((e) => e.subjectText === e.objectText).map((e) => e.subjectText));
    if (shared) extra.match_string = shared;
    // Across languages: the steps each side went through, and the translation itself in the
    // comment (semapv has no term for translation, so it is spelled out for the reviewer).
    const subjectSteps = uniqueSorted(c.evidence.flatMap((e) => e.subjectPreprocessing ?? []));
    const objectSteps = uniqueSorted(c.evidence.flatMap((e) => e.objectPreprocessing ?? []));
    if (subjectSteps) extra.subject_preprocessing = subjectSteps;
    if (objectSteps) extra.object_preprocessing = objectSteps;
    const translations = [...new Set(c.evidence.flatMap((e) => (e.translation ? [`${e.subjectText}${e.subjectLang ? `@${e.subjectLang}` : ''} ~ ${e.objectText}${e.objectLang ? `@${e.objectLang}` : ''} (${e.translation})`] : [])))];
    if (translations.length) record.comment = translations.join(' | ');
    if (Object.keys(extra).length) record.extra = extra;
    return record;
  });

  const curieMap = buildCurieMap([
    ...mappings.flatMap((m) => [m.subjectId, m.objectId]),
    // A predicate outside the standard vocabularies stays an IRI in the record; give it a prefix.
    ...mappings.map((m) => m.predicateId).filter((p) => p.includes('://')),
  ]);
  const usesOboInOwl = (v: SlotValue | undefined): boolean => Array.isArray(v) && v.some((f) => f.startsWith('oboInOwl:'));
  if (mappings.some((m) => usesOboInOwl(m.extra?.subject_match_field) || usesOboInOwl(m.extra?.object_match_field))) {
    curieMap.oboInOwl = NS.oboInOwl;
  }
  const sorted = sortedMappings(mappings);
  const metadata: MappingSetMetadata = {
    curieMap,
    mappingSetId: ctx.mappingSetId ?? stableSetId(ctx, sorted),
    license: ctx.license ?? UNSPECIFIED_LICENSE,
    mappingTool: tool,
    mappingToolVersion: TOOL_VERSION,
    mappingDate: ctx.mappingDate ?? today(),
  };
  const subjectSource = ctx.source.iri;
  const objectSource = ctx.target.iri;
  if (subjectSource) metadata.subjectSource = subjectSource;
  if (objectSource) metadata.objectSource = objectSource;
  const subjectVersion = ctx.source.versionIri ?? ctx.source.version;
  const objectVersion = ctx.target.versionIri ?? ctx.target.version;
  if (subjectVersion) metadata.subjectSourceVersion = subjectVersion;
  if (objectVersion) metadata.objectSourceVersion = objectVersion;
  return { metadata, mappings: sorted };
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

/**
 * The same inputs give the same id (so re-running `propose` yields an identical file), different
 * rows a different one. Formatted as a UUID under SSSOM's own namespace for generated sets.
 */
function stableSetId(ctx: CandidateExportContext, rows: readonly EntityMappingRecord[]): string {
  const h = createHash('sha256');
  h.update(`${ctx.source.iri ?? ctx.source.source}\n${ctx.target.iri ?? ctx.target.source}\n${TOOL_VERSION}\n`);
  for (const r of rows) h.update(`${r.subjectId}\t${r.predicateId}\t${r.objectId}\t${r.justification}\t${r.similarityScore}\n`);
  return `https://w3id.org/sssom/mappings/${uuidFromHash(h.digest('hex'))}`;
}

export function uuidFromHash(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
