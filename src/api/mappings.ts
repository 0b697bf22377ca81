/**
 * Reading and writing mapping files for the library API: candidates from {@link propose} or a
 * mapping set read back after review, in SSSOM TSV, Alignment API RDF/XML, JSON or CSV. The
 * exchange module underneath is the CLI's (`propose --out`, `convert`), so files are identical.
 */
import {
  candidateRowSet, candidateRowStream, candidatesFromMappingSet, candidatesToMappingSet, EVIDENCE_LAYOUTS, EXCHANGE_FORMATS, formatFromExtension, isExchangeFormat, readExternalMetadata, readMappingFile,
  serializeMappingChunks, serializeMappings, writeMappingFile, type CandidateExportContext, type EvidenceLayout, type ExchangeFormat, type ReadCandidate, type SerializeOptions,
  type SortedRows,
} from '../exchange/index.js';
import type { ExchangeWarning } from '../exchange/slots.js';
import { IoaError, isIoaError } from '../model/errors.js';
import { refuseReplacingDecisions } from '../exchange/decision-guard.js';
import { optionKeys, optionsObject } from '../model/options.js';
import type { Candidate, MappingRecord, MappingSet } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { ProposedCandidate } from './propose.js';

export { EXCHANGE_FORMATS, EVIDENCE_LAYOUTS, type ExchangeFormat, type EvidenceLayout, type ReadCandidate } from '../exchange/index.js';
export type { ExchangeWarning, ExchangeWarningCode } from '../exchange/slots.js';

/** Options of {@link readMappings}. */
export interface ReadMappingsOptions {
  /** The file's format, when neither its extension nor its content tells (default: detected). */
  format?: ExchangeFormat;
  /**
   * SSSOM external metadata (slot → value) for a TSV or CSV file that does not embed its own,
   * or the path of a YAML file holding it.
   */
  metadata?: Readonly<Record<string, unknown>> | string;
  /**
   * Refuse what is otherwise read with a warning: a set without `mapping_set_id`, rows missing
   * trailing cells, extension definitions SSSOM says to ignore.
   */
  strict?: boolean;
  /** Receives each warning of a lenient read. */
  onWarning?: (warning: ExchangeWarning) => void;
  /**
   * TSV/CSV: read the sidecar `F.yml` beside `F.tsv`/`F.csv` as external metadata when `metadata`
   * is not given (default true). A sidecar whose `mapping_set_id` differs from the file's own is
   * refused (E_SSSOM_BAD_METADATA).
   */
  sidecar?: boolean;
  /** Told the path of the external metadata file a TSV/CSV file was read with. */
  onMetadataFile?: (path: string) => void;
}

/** Set-level facts of a written set, for candidates (a {@link MappingSet} carries its own). */
export interface MappingContext {
  /** The ontology the candidates' subjects come from: its IRI and version become `subject_source`. */
  source: OntologyIndex;
  /** The ontology the objects come from (`object_source`). */
  target: OntologyIndex;
  /** `mapping_set_id` (default: a stable id from the ontologies, tool version and rows). */
  mappingSetId?: string;
  /** `license` (default: SSSOM's "unspecified"). */
  license?: string;
  /** `mapping_date`, `YYYY-MM-DD` (default: today, UTC). */
  mappingDate?: string;
  /**
   * `columns` (default): one row per candidate, each member generator's raw score and rank in
   * `<generator>_score` / `<generator>_rank` columns; `rows`: also one row per member generator.
   */
  evidence?: EvidenceLayout;
  /** How the candidates were selected (e.g. `one-to-one (greedy on similarity_score)`), said in the set's description. */
  selection?: string;
}

/** Options of {@link writeMappings} and {@link formatMappings}. */
export interface WriteMappingsOptions extends Partial<MappingContext> {
  /** Output format (default: from the file extension — `.tsv` SSSOM, `.csv`, `.json`, `.rdf`/`.xml`/`.owl` Alignment — else SSSOM). */
  format?: ExchangeFormat;
  /**
   * Alignment RDF only: rows the format cannot express (rejected rows, `sssom:NoTermFound`, other
   * predicates) are dropped and passed to `onDrop` instead of failing the write.
   */
  dropUnrepresentable?: boolean;
  onDrop?: (record: MappingRecord, reason: string) => void;
  /**
   * SSSOM condensation: write a propagatable slot every mapping shares once, at the set level
   * (what `convert` does by default). Off by default, so a review file keeps each row's values in its row.
   */
  condense?: boolean;
  /**
   * Files the write must never replace (your inputs), compared by device and inode. The files of
   * `source` and `target` are always among them.
   */
  inputs?: readonly string[];
  /**
   * TSV/CSV files: the metadata in a sidecar `F.yml` beside the table, whose first line is then
   * its header (default: true for CSV — spreadsheets — and false for SSSOM TSV).
   */
  externalMetadata?: boolean;
}

/** What {@link writeMappings} and {@link formatMappings} take: candidates, or a mapping set. */
export type MappingsInput = readonly (Candidate | ProposedCandidate)[] | MappingSet;

const isSet = (value: unknown): value is MappingSet =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as MappingSet).mappings) && typeof (value as MappingSet).metadata === 'object';

function checkFormat(format: unknown, path: string): ExchangeFormat {
  if (typeof format !== 'string' || !isExchangeFormat(format)) throw new IoaError('E_USAGE', `format must be one of ${EXCHANGE_FORMATS.join(', ')}, not ${JSON.stringify(format)}`, { path });
  return format;
}

/**
 * Candidates as a SSSOM-shaped mapping set: one row per candidate, rows by subject and then
 * rank (`candidate_rank`), the ranked value in `similarity_score` with its `similarity_measure`,
 * each member generator's raw score and rank in declared extension columns, `confidence` left
 * empty (a curator's statement, never a generator's). `evidence: 'rows'` adds each member's row.
 *
 * @param candidates - What {@link propose} returned (or any candidates).
 * @param context - The source and target ontologies, and optional set-level slots.
 * @returns The set, rows sorted; the input is not modified.
 * @throws {@link IoaError} `E_SSSOM_SCORE_RANGE` (a score outside [0, 1]),
 *   `E_SSSOM_UNKNOWN_PREFIX` (a predicate or justification CURIE with an unknown prefix),
 *   `E_USAGE` (no source or target ontology).
 */
export function toMappingSet(candidates: readonly (Candidate | ProposedCandidate)[], context: MappingContext): MappingSet {
  return candidatesToMappingSet(candidates, exportContext(context));
}

/** The exchange module's context of a {@link MappingContext}, checked. */
function exportContext(context: MappingContext): CandidateExportContext {
  if (!context || typeof context.source !== 'object' || typeof context.target !== 'object' || context.source === null || context.target === null) {
    throw new IoaError('E_USAGE', 'writing candidates needs { source, target }: the ontologies they were proposed between (their ids and versions go into the set)', { path: '$.source' });
  }
  if (context.evidence !== undefined && !(EVIDENCE_LAYOUTS as readonly string[]).includes(context.evidence)) {
    throw new IoaError('E_USAGE', `evidence must be one of ${EVIDENCE_LAYOUTS.join(', ')}, not ${JSON.stringify(context.evidence)}`, { path: '$.evidence' });
  }
  return {
    source: context.source,
    target: context.target,
    ...(context.evidence !== undefined ? { evidence: context.evidence } : {}),
    ...(context.selection !== undefined ? { selection: context.selection } : {}),
    ...(context.mappingSetId !== undefined ? { mappingSetId: context.mappingSetId } : {}),
    ...(context.license !== undefined ? { license: context.license } : {}),
    ...(context.mappingDate !== undefined ? { mappingDate: context.mappingDate } : {}),
  };
}

/**
 * Candidates from which a write streams their rows rather than building the set first. Streaming
 * makes each row twice (for the set's metadata and the writer's columns, then for the text)
 * instead of once, so it pays only where holding the rows costs: a 50k × 50k run has half a
 * million rows, a few hundred MB as records; anatomy's 41k are built faster than streamed.
 */
const STREAM_FROM_CANDIDATES = 100_000;

/**
 * What the writers take: a set as given, or for candidates the set toMappingSet would build.
 * Many candidates in the writers' order (as propose and select return them) are not built into a
 * set first: their rows are made while they are written (candidateRowStream). Fewer are built
 * into rows in the writers' order, with what the rows use (candidateRowSet), so the writer does
 * not sort or scan them again. The Alignment writer groups its cells, so it gets the set. Every
 * way gives the same bytes.
 */
function asWritable(input: MappingsInput, options: WriteMappingsOptions, format: ExchangeFormat): MappingSet | SortedRows {
  if (isSet(input)) return input;
  if (!Array.isArray(input)) throw new IoaError('E_USAGE', 'mappings must be an array of candidates or a MappingSet { metadata, mappings }', { path: '$' });
  const context = exportContext(options as MappingContext);
  const stream = format !== 'alignment' && input.length >= STREAM_FROM_CANDIDATES ? candidateRowStream(input, context) : undefined;
  return stream ?? (format === 'alignment' ? candidatesToMappingSet(input, context) : candidateRowSet(input, context));
}

/**
 * Candidates or a mapping set as text in one exchange format (what the CLI prints to stdout).
 *
 * @param mappings - Candidates from {@link propose}, or a {@link MappingSet}.
 * @param options - `format` (default SSSOM), and for candidates the `source` and `target` ontologies.
 * @returns The serialised set, rows sorted.
 * @throws {@link IoaError} `E_EXCHANGE_UNREPRESENTABLE` (Alignment RDF cannot express a row and
 *   `dropUnrepresentable` is off), the errors of {@link toMappingSet}, `E_USAGE` (a bad format or input).
 */
export function formatMappings(mappings: MappingsInput, options: WriteMappingsOptions = {}): string {
  options = optionsObject(options, '$', WRITE_OPTIONS);
  const format = options.format === undefined ? 'sssom' : checkFormat(options.format, '$.format');
  return serializeMappings(asWritable(mappings, options, format), format, alignmentOptions(options));
}

/**
 * {@link formatMappings} as text chunks, each ending in a newline, for writing a large set to a
 * stream without holding its text: the chunks joined are exactly the string formatMappings returns.
 *
 * @throws {@link IoaError} as {@link formatMappings}, when the set is given or at the first chunk.
 */
export function formatMappingChunks(mappings: MappingsInput, options: WriteMappingsOptions = {}): Iterable<string> {
  options = optionsObject(options, '$', WRITE_OPTIONS);
  const format = options.format === undefined ? 'sssom' : checkFormat(options.format, '$.format');
  return serializeMappingChunks(asWritable(mappings, options, format), format, alignmentOptions(options));
}

/**
 * The candidates of a candidate file read back (after review, a spreadsheet or `convert`): one
 * per `propose` row, in the file's order, with its rank, ranked value and each member
 * generator's raw score and rank; with evidence as rows, the members' own rows beside it.
 */
export function readCandidates(set: MappingSet): ReadCandidate[] {
  if (!isSet(set)) throw new IoaError('E_USAGE', 'readCandidates takes a MappingSet { metadata, mappings } (from readMappings)', { path: '$' });
  return candidatesFromMappingSet(set);
}

function alignmentOptions(options: WriteMappingsOptions): SerializeOptions {
  const serialize: SerializeOptions = options.condense ? { condense: true } : {};
  if (options.dropUnrepresentable || options.onDrop) {
    serialize.alignment = { dropUnrepresentable: options.dropUnrepresentable === true, ...(options.onDrop ? { onDrop: options.onDrop } : {}) };
  }
  return serialize;
}

/** The keys of WriteMappingsOptions: any other is refused (optionsObject). */
const WRITE_OPTIONS = optionKeys<WriteMappingsOptions>()('condense', 'dropUnrepresentable', 'evidence', 'externalMetadata', 'format', 'inputs', 'license', 'mappingDate', 'mappingSetId', 'onDrop', 'selection', 'source', 'target');

/**
 * Write candidates or a mapping set to a file, atomically (the rows streamed to a temporary file,
 * then a rename): a failed write leaves no partial file. The format comes from `options.format`,
 * else from the file's extension, else SSSOM TSV; a format that contradicts the extension is
 * refused. A CSV file gets its metadata in the sidecar `F.yml`, written together with it.
 *
 * @param path - Destination file.
 * @param mappings - Candidates from {@link propose} (give `source` and `target`), or a {@link MappingSet}.
 * @param options - Format, ontologies and set-level slots.
 * Candidates never replace a file that holds reviewers' decisions (`E_OUT_HOLDS_DECISIONS`, as
 * `ioa-align propose --out` refuses it): write them elsewhere, or remove the review first if it is
 * no longer wanted. A {@link MappingSet} is written over such a file, as `ioa-align convert` does:
 * it is a set of decisions itself, written again on purpose.
 *
 * @throws {@link IoaError} `E_WRITE_FAILED` (the file cannot be written), `E_USAGE` (a format that
 *   contradicts the extension, a bad input), `E_OUT_HOLDS_DECISIONS` (candidates over a reviewed
 *   file), and the errors of {@link formatMappings}.
 */
export async function writeMappings(path: string, mappings: MappingsInput, options: WriteMappingsOptions = {}): Promise<{ files: string[] }> {
  if (typeof path !== 'string' || path === '') throw new IoaError('E_USAGE', 'writeMappings needs a file path', { path: '$.path' });
  options = optionsObject(options, '$.options', WRITE_OPTIONS);
  const explicit = options.format === undefined ? undefined : checkFormat(options.format, '$.format');
  const implied = formatFromExtension(path);
  if (explicit !== undefined && implied !== undefined && explicit !== implied) {
    throw new IoaError('E_USAGE', `format ${explicit} contradicts ${path}, whose extension means ${implied}`, { path: '$.format' });
  }
  const format = explicit ?? implied ?? 'sssom';
  // The ontologies the candidates were made from are inputs whether or not the caller lists
  // them: a path mixed up with the source ontology's must never replace it.
  const inputs = [...(options.inputs ?? []), ...[options.source?.source, options.target?.source].filter((p): p is string => typeof p === 'string')];
  if (!isSet(mappings)) await refuseReplacingDecisions(path, '$.path', {});
  return writeMappingFile(path, asWritable(mappings, options, format), format, {
    ...alignmentOptions(options),
    ...(inputs.length > 0 ? { inputs } : {}),
    ...(options.externalMetadata !== undefined ? { externalMetadata: options.externalMetadata } : {}),
  });
}

/** The keys of ReadMappingsOptions: any other is refused (optionsObject). */
const READ_OPTIONS = optionKeys<ReadMappingsOptions>()('format', 'metadata', 'onMetadataFile', 'onWarning', 'sidecar', 'strict');

/**
 * Read a mapping file — SSSOM TSV (embedded or external metadata), Alignment API RDF/XML, JSON
 * or CSV — into a {@link MappingSet}: full IRIs for subjects and objects, canonical CURIEs for
 * predicates and justifications. Use it to read reviewed mappings back.
 *
 * @param path - The file.
 * @param options - Format override and SSSOM external metadata.
 * @returns The set as the file states it.
 * @throws {@link IoaError} `E_FILE_UNREADABLE`, `E_EXCHANGE_UNKNOWN_FORMAT` (format cannot be told),
 *   `E_SSSOM_MISSING_METADATA` / `E_SSSOM_MISSING_COLUMN` / `E_SSSOM_DUPLICATE_COLUMN` /
 *   `E_SSSOM_UNKNOWN_PREFIX` / `E_SSSOM_SCORE_RANGE` / `E_SSSOM_TRUNCATED` / `E_SSSOM_BAD_ROW` /
 *   `E_SSSOM_BAD_METADATA` (malformed SSSOM, with line numbers), `E_EXCHANGE_BAD_JSON`,
 *   `E_EXCHANGE_BAD_CSV`, `E_PARSE_RDFXML` / `E_ALIGNMENT_NO_CELLS` / `E_ALIGNMENT_BAD_CELL` /
 *   `E_ALIGNMENT_MULTIPLE` (Alignment files), `E_USAGE` (a bad format option).
 */
export async function readMappings(path: string, options: ReadMappingsOptions = {}): Promise<MappingSet> {
  if (typeof path !== 'string' || path === '') throw new IoaError('E_USAGE', 'readMappings needs a file path', { path: '$.path' });
  options = optionsObject(options, '$', READ_OPTIONS);
  const format = options.format === undefined ? undefined : checkFormat(options.format, '$.format');
  const metadata = typeof options.metadata === 'string' ? await readExternalMetadata(options.metadata) : options.metadata;
  return readMappingFile(path, format, {
    ...(metadata ? { metadata } : {}),
    ...(options.strict !== undefined ? { strict: options.strict } : {}),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    ...(options.sidecar !== undefined ? { sidecar: options.sidecar } : {}),
    ...(options.onMetadataFile ? { onMetadataFile: options.onMetadataFile } : {}),
    ...(typeof options.metadata === 'string' ? { metadataFile: options.metadata } : {}),
  });
}
