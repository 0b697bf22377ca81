/**
 * Reading and writing mapping files in any exchange format, through the shared file reader and
 * writer (src/io/files.ts): inputs must be regular UTF-8 files; writes are atomic (the text is
 * fully produced first, written to a temporary file beside the destination and renamed over it,
 * so a failure leaves nothing, or the previous file, at the destination).
 */
import { parseDocument, YAMLParseError } from 'yaml';
import { readTextFile, writeFileAtomic, type OutputOptions } from '../io/files.js';
import { yamlToJs } from './yaml.js';
import type { MappingSet } from '../model/mapping.js';
import { IoaError, isIoaError } from '../model/errors.js';
import { parseAlignmentRdf, serializeAlignmentRdf, type AlignmentWriteOptions } from './alignment.js';
import { parseCsv, parseSssom, serializeCsv, serializeSssom, type ParseTableOptions } from './sssom-tsv.js';
import { parseJson, serializeJson } from './json.js';
import type { WriteOptions } from './slots.js';

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
    case 'alignment': return parseAlignmentRdf(text, file);
  }
}

/**
 * Read a mapping file: format from the extension, else from the content. `options.metadata`
 * supplies SSSOM external metadata for TSV/CSV files that do not embed theirs.
 */
export async function readMappingFile(path: string, format?: ExchangeFormat, options: ParseTableOptions = {}): Promise<MappingSet> {
  const text = await readTextFile(path, { what: 'mapping file' });
  const chosen = format ?? formatFromExtension(path) ?? sniffFormat(text);
  if (!chosen) throw new IoaError('E_EXCHANGE_UNKNOWN_FORMAT', 'cannot tell the mapping format from the file name or content (expected SSSOM TSV, Alignment RDF/XML, JSON or CSV)', { file: path, line: 1 });
  return parseMappings(text, chosen, path, options);
}

export interface SerializeOptions extends WriteOptions {
  /** Alignment RDF only: see AlignmentWriteOptions. */
  alignment?: AlignmentWriteOptions;
}

/** The set in the given format. Rows are sorted; the set is not modified. */
export function serializeMappings(set: MappingSet, format: ExchangeFormat, options: SerializeOptions = {}): string {
  switch (format) {
    case 'sssom': return serializeSssom(set, options);
    case 'csv': return serializeCsv(set, options);
    case 'json': return serializeJson(set, options);
    case 'alignment': return serializeAlignmentRdf(set, options.alignment);
  }
}

/** The shared atomic writer (src/io/files.ts), re-exported for the exchange API's users. */
export { writeFileAtomic };

/**
 * Serialize and write atomically. Serialization happens before anything touches the disk, so a
 * set the format cannot express leaves the destination untouched.
 */
export async function writeMappingFile(path: string, set: MappingSet, format: ExchangeFormat, options: SerializeOptions & OutputOptions = {}): Promise<void> {
  let text: string;
  try {
    text = serializeMappings(set, format, options);
  } catch (error) {
    if (isIoaError(error)) throw error;
    throw new IoaError('E_INTERNAL', `serializing ${format} failed: ${(error as Error).message}`, { file: path }, { cause: error });
  }
  await writeFileAtomic(path, text, options);
}

/**
 * SSSOM external metadata (a YAML file of set-level slots, SSSOM "external metadata mode") as
 * the `metadata` option of readMappingFile.
 */
export async function readExternalMetadata(path: string): Promise<Record<string, unknown>> {
  const text = await readTextFile(path, { what: 'external metadata' });
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
