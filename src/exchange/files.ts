/**
 * Reading and writing mapping files in any exchange format, through the shared file reader and
 * writer (src/io/files.ts): inputs must be regular UTF-8 files; writes are atomic (the text is
 * streamed to a temporary file beside the destination as it is produced and renamed over it, so
 * a failure leaves nothing, or the previous file, at the destination, and no output is ever held
 * in memory as one string).
 *
 * A CSV file is written for spreadsheets: its first line is the header, and its SSSOM metadata
 * goes to a sidecar `F.yml` beside `F.csv` (SSSOM external metadata), both written together.
 * Readers pick up the sidecar of a TSV or CSV file by that name without being told.
 */
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseDocument, YAMLParseError } from 'yaml';
import { readTextFile, readTextHead, writeFileAtomic, writeFilesAtomic, type OutputData, type OutputOptions } from '../io/files.js';
import { refuseDeepYaml, yamlToJs } from './yaml.js';
import type { MappingSet } from '../model/mapping.js';
import { IoaError, isIoaError } from '../model/errors.js';
import { alignmentRdfChunks, parseAlignmentRdf, type AlignmentWriteOptions } from './alignment.js';
import { mappingTable, parseCsv, parseSssom, SSSOM_CSV, SSSOM_TSV, type ParseTableOptions } from './sssom-tsv.js';
import { jsonChunks, parseJson } from './json.js';
import type { SortedRows, WriteOptions } from './slots.js';

/** The exchange formats; also the choices of `convert --to` and `propose --format`. */
export const EXCHANGE_FORMATS = ['sssom', 'alignment', 'json', 'csv'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

export function isExchangeFormat(value: string): value is ExchangeFormat {
  return (EXCHANGE_FORMATS as readonly string[]).includes(value);
}

/** Conventional file extension per format. */
export const FORMAT_EXTENSION: Record<ExchangeFormat, string> = {
  sssom: '.sssom.tsv',
  alignment: '.rdf',
  json: '.json',
  csv: '.csv',
};

export function formatFromExtension(path: string): ExchangeFormat | undefined {
  const name = path.toLowerCase();
  if (name.endsWith('.tsv')) return 'sssom';
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.rdf') || name.endsWith('.xml') || name.endsWith('.owl')) return 'alignment';
  return undefined;
}

/** Guess the format from the first non-blank characters of the content. */
export function sniffFormat(text: string): ExchangeFormat | undefined {
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 4096);
  if (head.startsWith('<')) return 'alignment';
  if (head.startsWith('{')) return 'json';
  // The header row decides between the tabular forms; a metadata block alone means SSSOM.
  const header = head.split('\n').find((l) => !l.startsWith('#') && l.trim() !== '');
  if (header === undefined) return head.startsWith('#') ? 'sssom' : undefined;
  if (header.includes('\t')) return 'sssom';
  if (header.includes(',')) return 'csv';
  return undefined;
}

/** Parse text in the given format (`file` names it in errors). */
export async function parseMappings(text: string, format: ExchangeFormat, file: string, options: ParseTableOptions = {}): Promise<MappingSet> {
  switch (format) {
    case 'sssom': return parseSssom(text, file, options);
    case 'csv': return parseCsv(text, file, options);
    case 'json': return parseJson(text, file, options);
    case 'alignment': return parseAlignmentRdf(text, file, options);
  }
}

/** The external metadata file a TSV or CSV file `F.ext` is read with: `F.yml` beside it. */
export function sidecarPath(path: string): string {
  const ext = extname(path);
  return `${ext ? path.slice(0, -ext.length) : path}.yml`;
}

/** Set-level slots one of which every SSSOM metadata file has (ioa-align's sidecars have all three). */
const METADATA_SLOTS = ['curie_map', 'mapping_set_id', 'license'];

/**
 * Refuse (`E_USAGE`, before anything is written) to write the metadata sidecar `metadata` of the
 * table `name` over an existing file that is not SSSOM metadata: `F.yml` is a name other files
 * have too (a CI or compose file, someone's notes), and `--out F.csv` names only the table. An
 * earlier sidecar, or any YAML map with one of the set's slots, is replaced as the table is.
 */
export async function assertReplaceableSidecar(metadata: string, name: string): Promise<void> {
  if (!(await isFile(metadata))) return;
  const slots = await readExternalMetadata(metadata).catch(() => undefined);
  if (slots !== undefined && METADATA_SLOTS.some((slot) => slot in slots)) return;
  throw new IoaError('E_USAGE', `the file is not SSSOM metadata (no ${METADATA_SLOTS.join(', ')}), and writing ${name} would replace it with that table's metadata: choose another output path, or remove the file first`, { file: metadata });
}

/**
 * A TSV (or CSV) table written with its metadata inside is still read with the sidecar `F.yml`
 * beside it (readMappingFile). One left there from another set (`--out x.csv` earlier, then
 * `--out x.tsv`), or a YAML file that is no SSSOM metadata, would make the new file unreadable
 * (`E_SSSOM_BAD_METADATA`): refused (`E_USAGE`) before it is written, naming the sidecar. A
 * sidecar of the same set, or one without a mapping_set_id, is read with it as before.
 */
async function refuseUnreadableBeside(path: string, mappingSetId: string | undefined): Promise<void> {
  const metadata = sidecarPath(path);
  if (metadata === path || !(await isFile(metadata))) return;
  const slots = await readExternalMetadata(metadata).catch(() => undefined);
  const theirs = slots?.mapping_set_id;
  const isMetadata = slots !== undefined && METADATA_SLOTS.some((slot) => slot in slots);
  if (isMetadata && (typeof theirs !== 'string' || mappingSetId === undefined || theirs.trim() === mappingSetId.trim())) return;
  const why = isMetadata ? `describes another mapping set (${String(theirs)})` : 'is not SSSOM metadata';
  throw new IoaError('E_USAGE', `${metadata}, which every reader takes as the external metadata of this file, ${why}: the file written could not be read back; move ${metadata} away or choose another output path`, { file: path });
}

/**
 * `F.yml` is the sidecar of every table named F: writing `F.csv` with it beside an `F.tsv` of
 * another set (or one that reads its metadata from `F.yml`) would make that file unreadable, or
 * change what it says (readMappingFile reads the sidecar with it). Refused (`E_USAGE`) before
 * anything is written; a table of the same set (`convert F.tsv --out F.csv`) reads the same
 * metadata, and is left alone.
 */
async function refuseSidecarOfAnother(metadata: string, path: string, mappingSetId: string | undefined): Promise<void> {
  const stem = metadata.slice(0, -'.yml'.length);
  for (const sibling of [`${stem}.tsv`, `${stem}.csv`]) {
    if (sibling === path || !(await isFile(sibling))) continue;
    const head = await readTextHead(sibling, 65536).catch(() => '');
    const own = /^#\s*"?mapping_set_id"?:\s*"?([^"\r\n]*?)"?\s*,*\r?$/m.exec(head)?.[1]?.trim();
    if (own !== undefined && mappingSetId !== undefined && own === mappingSetId.trim()) continue;
    const why = own === undefined ? 'which states no mapping_set_id of its own and would take its metadata from it' : `a file of another mapping set (${own})`;
    throw new IoaError('E_USAGE', `writing ${path} writes its metadata to ${metadata}, which every reader takes as the metadata of ${sibling}, ${why}: choose another output path`, { file: path });
  }
}

/** Whether anything is at `path` (a symbolic link: whatever it leads to). */
async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export interface ReadFileOptions extends ParseTableOptions {
  /**
   * TSV/CSV only: read the sidecar `F.yml` (sidecarPath) as external metadata when `metadata` is
   * not given (default true). A sidecar whose mapping_set_id differs from the file's own is refused.
   */
  sidecar?: boolean;
  /** Told the path of the external metadata file a TSV/CSV file was read with. */
  onMetadataFile?: (path: string) => void;
}

/**
 * Read a mapping file: format from the extension, else from the content. For TSV/CSV files,
 * `options.metadata` supplies SSSOM external metadata; without it, the sidecar `F.yml` beside the
 * file is used when there is one. Embedded metadata wins where both give a slot.
 */
export async function readMappingFile(path: string, format?: ExchangeFormat, options: ReadFileOptions = {}): Promise<MappingSet> {
  return mappingFileText(path, await readTextFile(path, { what: 'mapping file' }), format, options);
}

/**
 * A mapping file whose text the caller has read already ({@link readMappingFile} after its read):
 * for a caller that looks at the text first, so the file is read once and what it looked at is
 * what is parsed. The sidecar `F.yml` of a TSV/CSV file is still read from beside `path`.
 */
export async function mappingFileText(path: string, text: string, format?: ExchangeFormat, options: ReadFileOptions = {}): Promise<MappingSet> {
  const chosen = format ?? formatFromExtension(path) ?? sniffFormat(text);
  if (!chosen) throw new IoaError('E_EXCHANGE_UNKNOWN_FORMAT', 'cannot tell the mapping format from the file name or content (expected SSSOM TSV, Alignment RDF/XML, JSON or CSV)', { file: path, line: 1 });
  const { sidecar, onMetadataFile, ...parseOptions } = options;
  if ((chosen === 'csv' || chosen === 'sssom') && parseOptions.metadata === undefined && sidecar !== false) {
    const candidate = sidecarPath(path);
    // Anything at that name is the sidecar: a FIFO, folder or device there is refused as every
    // input is (E_FILE_UNREADABLE, naming it), never read past as if there were no metadata.
    if (candidate !== path && await exists(candidate)) {
      parseOptions.metadata = await readExternalMetadata(candidate);
      parseOptions.metadataFile = candidate;
      onMetadataFile?.(candidate);
    }
  }
  return parseMappings(text, chosen, path, parseOptions);
}

export interface SerializeOptions extends WriteOptions {
  /** Alignment RDF only: see AlignmentWriteOptions. */
  alignment?: AlignmentWriteOptions;
}

/**
 * The set in the given format, as text chunks (see each format's writer). Rows are sorted; the set
 * is not modified. Rows already in order (SortedRows) stream through the tabular and JSON writers;
 * the Alignment writer groups its cells first, so it takes them as a set.
 */
export function serializeMappingChunks(set: MappingSet | SortedRows, format: ExchangeFormat, options: SerializeOptions = {}): Iterable<string> {
  switch (format) {
    case 'sssom': return mappingTable(set, SSSOM_TSV, options).chunks();
    case 'csv': return mappingTable(set, SSSOM_CSV, options).chunks();
    case 'json': return jsonChunks(set, options);
    case 'alignment': return alignmentRdfChunks('rows' in set ? { metadata: set.metadata, mappings: [...set.rows] } : set, options.alignment);
  }
}

/** The set in the given format as one string. Rows are sorted; the set is not modified. */
export function serializeMappings(set: MappingSet | SortedRows, format: ExchangeFormat, options: SerializeOptions = {}): string {
  return [...serializeMappingChunks(set, format, options)].join('');
}

/** The shared atomic writers (src/io/files.ts), re-exported for the exchange API's users. */
export { writeFileAtomic, writeFilesAtomic };

export interface WriteFileOptions extends SerializeOptions, Omit<OutputOptions, 'exclusive'> {
  /**
   * TSV/CSV: put the metadata in the sidecar `F.yml` (sidecarPath) and start the table with its
   * header. Default: true for CSV (a spreadsheet then shows the header on row 1), false for TSV.
   */
  externalMetadata?: boolean;
}

/**
 * Serialize and write atomically, streaming the rows to the temporary file; with external
 * metadata, the table and its sidecar together (both or neither). A set the format cannot
 * express fails before anything touches the disk. Returns the files written (sidecar first).
 */
export async function writeMappingFile(path: string, set: MappingSet | SortedRows, format: ExchangeFormat, options: WriteFileOptions = {}): Promise<{ files: string[] }> {
  const external = (format === 'csv' || format === 'sssom') && (options.externalMetadata ?? format === 'csv');
  let files: Array<{ path: string; data: OutputData }>;
  try {
    if (external) {
      const table = mappingTable(set, format === 'csv' ? SSSOM_CSV : SSSOM_TSV, { ...options, externalMetadata: true });
      const metadata = sidecarPath(path);
      if (metadata === path) throw new IoaError('E_USAGE', 'the table and its metadata file would be the same file; give it a .csv or .tsv extension', { file: path });
      await assertReplaceableSidecar(metadata, path);
      await refuseSidecarOfAnother(metadata, path, set.metadata.mappingSetId);
      files = [{ path: metadata, data: table.metadataYaml }, { path, data: table.chunks() }];
    } else {
      if (format === 'sssom' || format === 'csv') await refuseUnreadableBeside(path, set.metadata.mappingSetId);
      const chunks = serializeMappingChunks(set, format, options);
      // Generators run lazily: take the first chunk here, so a set the format cannot express
      // fails before a temporary file exists.
      const iterator = chunks[Symbol.iterator]();
      const first = iterator.next();
      files = [{ path, data: (function* () { if (!first.done) yield first.value; yield* { [Symbol.iterator]: () => iterator }; })() }];
    }
  } catch (error) {
    if (isIoaError(error)) throw error;
    throw new IoaError('E_INTERNAL', `serializing ${format} failed: ${(error as Error).message}`, { file: path }, { cause: error });
  }
  if (files.length === 1) await writeFileAtomic(path, files[0]!.data, options);
  else await writeFilesAtomic(files, options);
  return { files: files.map((f) => f.path) };
}

/**
 * SSSOM external metadata (a YAML file of set-level slots, SSSOM "external metadata mode") as
 * the `metadata` option of readMappingFile.
 */
export async function readExternalMetadata(path: string): Promise<Record<string, unknown>> {
  const text = await readTextFile(path, { what: 'external metadata' });
  refuseDeepYaml(text, path, 'external metadata');
  const doc = parseDocument(text, { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    // An error found at the very end (an unclosed bracket) belongs to the last line.
    const lastLine = Math.max(1, text.replace(/\n$/, '').split('\n').length);
    const line = Math.min(text.slice(0, error instanceof YAMLParseError ? error.pos[0] : 0).split('\n').length, lastLine);
    throw new IoaError('E_SSSOM_BAD_METADATA', `external metadata is not valid YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`, { file: path, line }, { cause: error });
  }
  const value = yamlToJs(doc, text, path, 'external metadata');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new IoaError('E_SSSOM_BAD_METADATA', 'external metadata must be a YAML map of slots', { file: path, line: 1 });
  return value as Record<string, unknown>;
}
