/**
 * SSSOM TSV (and its CSV variant): a `#`-prefixed YAML metadata block, a header row, one row per
 * mapping per justification (SSSOM spec 1.0/1.1, "SSSOM/TSV").
 *
 * Fields may be quoted the way pandas/sssom-py writes them (`"…""…"`), which also lets a value
 * hold a tab or a newline; line numbers in errors are physical lines of the file. A row may stop
 * before its trailing empty cells (editors drop them; pandas and sssom-py read such rows). Columns
 * the model does not know are extension slots, kept as text.
 */
import { parseDocument, YAMLParseError } from 'yaml';
import type { MappingRecord, MappingSet, SlotValue } from '../model/mapping.js';
import { IoaError, type ErrorCode, type ErrorLocation } from '../model/errors.js';
import { refuseDeepYaml, stringifyYaml, yamlToJs } from './yaml.js';
import {
  assembleSet, cellText, cellValue, columnsFor, MAPPING_SLOTS, readSetSlots, REQUIRED_COLUMNS, tableOf, SLOTS, tolerate,
  type ReadOptions, type RowSlots, type SortedRows, type WriteOptions,
} from './slots.js';

/** TSV or CSV: what differs between the two tabular forms. */
export interface TableDialect {
  delimiter: '\t' | ',';
  /** For messages. */
  name: string;
  /** Code for a row of the wrong shape. */
  rowCode: ErrorCode;
  /** Cells are guarded against spreadsheet formula injection (see neutraliseCell). */
  spreadsheet?: boolean;
}

export const SSSOM_TSV: TableDialect = { delimiter: '\t', name: 'SSSOM TSV', rowCode: 'E_SSSOM_BAD_ROW' };
export const SSSOM_CSV: TableDialect = { delimiter: ',', name: 'CSV', rowCode: 'E_EXCHANGE_BAD_CSV', spreadsheet: true };

/**
 * First characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection": `=`,
 * `+`, `-`, `@`, tab, carriage return), plus the guard `'` itself so that guarding stays
 * reversible.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

/**
 * A CSV cell as written: a value that a spreadsheet would run as a formula gets a leading `'`
 * (shown as text, the `'` hidden). A value that starts with `'` gets one more, so every guarded
 * cell on disk starts with `'` followed by one of the trigger characters or `'`, and
 * unneutraliseCell restores any value exactly.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value of a CSV cell written by neutraliseCell; any other cell is read as it stands. */
export function unneutraliseCell(cell: string): string {
  return cell.length >= 2 && cell[0] === "'" && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * A spreadsheet splits a `#` metadata line at its commas too, and a piece may start a formula
 * (an ontology's free-text version such as `1,=HYPERLINK(…)`) or a quoted field holding one.
 * Every comma followed by a trigger character or `"` gets a `'` after it; reading removes
 * exactly those, by the same argument as neutraliseCell.
 */
const GUARD_AFTER_COMMA = /,(?=[=+\-@\t\r'"])/g;
const GUARDED_COMMA = /,'(?=[=+\-@\t\r'"])/g;

export function guardMetadataLine(line: string): string {
  return line.replace(GUARD_AFTER_COMMA, ",'");
}

export function unguardMetadataLine(line: string): string {
  return line.replace(GUARDED_COMMA, ',');
}

export interface ParseTableOptions extends ReadOptions {
  /**
   * Metadata supplied outside the file (SSSOM "external metadata" mode), as slot → value.
   * Embedded metadata wins where both give a slot; a `mapping_set_id` on both sides must agree.
   */
  metadata?: Readonly<Record<string, unknown>>;
  /** Where `metadata` came from, for messages. */
  metadataFile?: string;
}

interface TableRecord {
  fields: string[];
  /** 1-based line on which the record starts. */
  line: number;
  /** False when the file ended without a newline after this record. */
  terminated: boolean;
}

/** Split delimited text into records, honouring double-quoted fields. */
function* readRecords(text: string, start: number, firstLine: number, delimiter: string, file: string): Generator<TableRecord> {
  let i = start;
  let line = firstLine;
  const n = text.length;
  let nextQuote = text.indexOf('"', i);
  while (i < n) {
    const recordLine = line;
    // Fast path: a line without quotes is split as it stands (nearly every row in practice).
    const eol = text.indexOf('\n', i);
    const end = eol < 0 ? n : eol;
    // Remember the next quote: searching afresh per row would rescan the file for each row.
    if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf('"', i);
    if (nextQuote < 0 || nextQuote > end) {
      const raw = text.slice(i, end > i && text[end - 1] === '\r' && eol >= 0 ? end - 1 : end);
      i = eol < 0 ? n : eol + 1;
      if (eol >= 0) line++;
      yield { fields: raw.split(delimiter), line: recordLine, terminated: eol >= 0 };
      continue;
    }
    const fields: string[] = [];
    let field = '';
    let atFieldStart = true;
    let terminated = false;
    while (i < n) {
      const c = text[i]!;
      if (atFieldStart && c === '"') {
        const quoteLine = line;
        i++;
        for (;;) {
          const close = text.indexOf('"', i);
          if (close < 0) throw new IoaError('E_SSSOM_TRUNCATED', 'file ends inside a quoted field', { file, line: quoteLine });
          const chunk = text.slice(i, close);
          field += chunk;
          for (let k = chunk.indexOf('\n'); k >= 0; k = chunk.indexOf('\n', k + 1)) line++;
          if (text[close + 1] === '"') {
            field += '"';
            i = close + 2;
            continue;
          }
          i = close + 1;
          break;
        }
        // A quote opens a quoted cell only when the cell is all quoted: `"Summarization" in
        // OASF` (a hand edit) would lose its quotes, read as pandas reads it, and be written back
        // so. Text after the closing quote is refused at its place instead.
        const after = text[i];
        if (after !== undefined && after !== delimiter && after !== '\n' && !(after === '\r' && (text[i + 1] === '\n' || i + 1 === n))) {
          const column = i - (text.lastIndexOf('\n', i - 1) + 1) + 1;
          throw new IoaError(delimiter === '\t' ? 'E_SSSOM_BAD_ROW' : 'E_EXCHANGE_BAD_CSV', 'text after the closing quote of a quoted cell: a cell that starts with a double quote is read as quoted, so quote it whole and double its own quotes (write `"A" b` as `"""A"" b"`)', { file, line, column });
        }
        atFieldStart = false;
        continue;
      }
      atFieldStart = false;
      if (c === delimiter) {
        fields.push(field);
        field = '';
        atFieldStart = true;
        i++;
      } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
        i += c === '\r' ? 2 : 1;
        line++;
        terminated = true;
        break;
      } else {
        field += c;
        i++;
      }
    }
    fields.push(field);
    yield { fields, line: recordLine, terminated };
  }
}

/**
 * The file line each parsed record started on, kept beside the records rather than in them so a
 * MappingSet stays the SSSOM data model (round trips and comparisons see no extra field).
 */
const recordLines = new WeakMap<MappingRecord, number>();

/** The 1-based line a record read from SSSOM TSV or CSV started on; undefined for other sources. */
export function sourceLine(record: MappingRecord): number | undefined {
  return recordLines.get(record);
}

/**
 * External metadata with the embedded block over it, slot by slot, except the two slots that
 * are collections: `curie_map` and `extension_definitions` are merged (the embedded entry first),
 * so a prefix or an extension the sidecar declares is not lost because the file declares others.
 * Entries the two define differently are refused before this (parseMappingTable).
 */
function mergedMetadata(external: Readonly<Record<string, unknown>> | undefined, embedded: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...external, ...embedded };
  if (!external) return merged;
  const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isMap(external.curie_map) && isMap(embedded.curie_map)) merged.curie_map = { ...external.curie_map, ...embedded.curie_map };
  const own = embedded.extension_definitions;
  const other = external.extension_definitions;
  if (Array.isArray(own) && Array.isArray(other)) {
    const nameOf = (d: unknown): unknown => (isMap(d) ? d.slot_name : undefined);
    const defined = new Set<unknown>(own.map(nameOf).filter((n) => n !== undefined));
    merged.extension_definitions = [...own, ...other.filter((d) => !defined.has(nameOf(d)))];
  }
  return merged;
}

/** Parse SSSOM TSV (or, with {@link SSSOM_CSV}, its CSV variant) into a MappingSet. */
export function parseMappingTable(input: string, file: string, dialect: TableDialect, options: ParseTableOptions = {}): MappingSet {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  // An empty file is not a set without metadata: say what it is before asking for a license.
  if (text.trim() === '') throw new IoaError('E_SSSOM_TRUNCATED', `the file is empty: ${dialect.name} needs at least its header row`, { file, line: 1 });
  // Lines that end in a bare carriage return (classic Mac OS) would read as one line: the whole
  // metadata block and table as a single YAML comment. Say what the file is instead.
  const firstBreak = text.search(/[\r\n]/);
  if (firstBreak >= 0 && text[firstBreak] === '\r' && text[firstBreak + 1] !== '\n') {
    throw new IoaError(dialect.rowCode, `line 1 ends in a bare carriage return (classic Mac OS line endings): ${dialect.name} lines end in LF or CRLF; convert the file first (e.g. tr '\\r' '\\n')`, { file, line: 1 });
  }
  // The metadata block: every leading line that starts with `#` (in CSV also `"#`: a spreadsheet
  // quotes a cell it must, see spreadsheetLine).
  const metaLines: string[] = [];
  let pos = 0;
  while (pos < text.length && (text[pos] === '#' || (dialect.spreadsheet && text.startsWith('"#', pos)))) {
    const end = text.indexOf('\n', pos);
    const stop = end < 0 ? text.length : end;
    const line = text.slice(pos, text[stop - 1] === '\r' ? stop - 1 : stop);
    metaLines.push(dialect.spreadsheet ? unguardMetadataLine(spreadsheetLine(line, file).slice(1)) : line.slice(1));
    pos = end < 0 ? text.length : end + 1;
  }
  const embedded = parseMetadataBlock(metaLines, file);
  // External metadata for another set (a sidecar left from an earlier run beside a file that
  // names its own set) would relabel the rows with the wrong sources and prefixes: refuse.
  const externalId = options.metadata?.mapping_set_id;
  const embeddedId = embedded.mapping_set_id;
  if (typeof externalId === 'string' && typeof embeddedId === 'string' && externalId.trim() !== embeddedId.trim()) {
    const line = metaLines.findIndex((l) => /^\s*mapping_set_id\s*:/.test(l)) + 1;
    throw new IoaError('E_SSSOM_BAD_METADATA', `the file's mapping_set_id ${embeddedId} differs from ${externalId} in its external metadata${options.metadataFile ? ` ${options.metadataFile}` : ''}: they describe different mapping sets`, { file, line: line || 1 });
  }
  const lineOf = (slot?: string): ErrorLocation => {
    // `curie_map.skos`: the entry's line within the curie_map block.
    const entry = slot ? /^curie_map\.(.+)$/.exec(slot)?.[1] : undefined;
    if (entry !== undefined) {
      const start = metaLines.findIndex((l) => /^\s*curie_map\s*:/.test(l));
      const escaped = entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const re = new RegExp(`^\\s+["']?${escaped}["']?\\s*:`);
      const i = start < 0 ? -1 : metaLines.findIndex((l, n) => n > start && re.test(l));
      return i >= 0 ? { file, line: i + 1 } : lineOf('curie_map');
    }
    if (slot) {
      const re = new RegExp(`^\\s*${slot}\\s*:`);
      const i = metaLines.findIndex((l) => re.test(l));
      if (i >= 0) return { file, line: i + 1 };
    }
    return { file, line: 1 };
  };
  // Embedded metadata wins over external metadata slot by slot, but not where the two disagree on
  // what the rows mean: a prefix expanded two ways would give every CURIE of it two IRIs, and two
  // licenses two sets of terms. Such a pair is refused, naming both places.
  if (options.metadata) {
    const external = options.metadata;
    const disagree = (slot: string, detail: string): never => {
      throw new IoaError('E_SSSOM_BAD_METADATA', `${detail} in the file, but ${options.metadataFile ? `its external metadata ${options.metadataFile}` : 'the external metadata'} says otherwise: the two must agree (remove the slot from one of them)`, lineOf(slot));
    };
    const ownMap = embedded.curie_map;
    const otherMap = external.curie_map;
    if (ownMap && typeof ownMap === 'object' && !Array.isArray(ownMap) && otherMap && typeof otherMap === 'object' && !Array.isArray(otherMap)) {
      for (const [prefix, iri] of Object.entries(ownMap as Record<string, unknown>)) {
        const other = (otherMap as Record<string, unknown>)[prefix];
        if (other !== undefined && String(other).trim() !== String(iri).trim()) disagree('curie_map', `prefix ${prefix} expands to ${String(iri)}`);
      }
    }
    if (typeof embedded.license === 'string' && typeof external.license === 'string' && embedded.license.trim() !== external.license.trim()) disagree('license', `license is ${embedded.license.trim()}`);
    const ownDefinitions = embedded.extension_definitions;
    const otherDefinitions = external.extension_definitions;
    if (Array.isArray(ownDefinitions) && Array.isArray(otherDefinitions)) {
      const nameOf = (d: unknown): unknown => (d && typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>).slot_name : undefined);
      const canonical = (d: unknown): string => JSON.stringify(Object.entries(d as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      for (const own of ownDefinitions) {
        const other = otherDefinitions.find((d) => nameOf(d) !== undefined && nameOf(d) === nameOf(own));
        if (other !== undefined && canonical(other) !== canonical(own)) disagree('extension_definitions', `extension slot ${String(nameOf(own))} is defined as ${canonical(own)}`);
      }
    }
  }
  const meta = readSetSlots(mergedMetadata(options.metadata, embedded), { ...options, at: lineOf, typeCode: 'E_SSSOM_BAD_METADATA', text });

  const records = readRecords(text, pos, metaLines.length + 1, dialect.delimiter, file);
  let first = records.next();
  // Blank lines between the metadata block and the header row (pandas, so sssom-py, skips them).
  while (!first.done && first.value.fields.every((f) => f.trim() === '')) first = records.next();
  if (first.done) throw new IoaError('E_SSSOM_TRUNCATED', `${dialect.name} has no header row`, { file, line: metaLines.length + 1 });
  const header = first.value.fields.map((h) => h.trim());
  // A spreadsheet pads every row to the widest one, the header included: trailing nameless
  // columns are padding as long as no row has a value there (checked row by row below).
  while (header.length > 1 && header[header.length - 1] === '') header.pop();
  const headerAt = { file, line: first.value.line };
  const seen = new Map<string, number>();
  header.forEach((name, i) => {
    if (name === '') throw new IoaError(dialect.rowCode, `header column ${i + 1} has no name`, headerAt);
    const earlier = seen.get(name);
    if (earlier !== undefined) throw new IoaError('E_SSSOM_DUPLICATE_COLUMN', `header columns ${earlier + 1} and ${i + 1} are both named "${name}"`, headerAt);
    seen.set(name, i);
  });
  for (const required of REQUIRED_COLUMNS) {
    if (!seen.has(required)) throw new IoaError('E_SSSOM_MISSING_COLUMN', `required column ${required} is missing from the header`, headerAt);
  }
  const absent = new Set(['subject_id', 'object_id'].filter((c) => !seen.has(c)));
  // A column is a mapping slot of the model, or an extension slot (defined or not); a set-only
  // slot used as a column is not standard for a mapping, so it is kept as an extension too.
  const standard = header.map((name) => MAPPING_SLOTS.includes(name));
  const specs = header.map((name, i) => (standard[i] ? SLOTS[name] : undefined));
  const previousCells: (string | undefined)[] = [];
  const previousValues: SlotValue[] = [];

  const rows: RowSlots[] = [];
  const lines: number[] = [];
  let short: { count: number; line: number } | undefined;
  for (const rec of records) {
    if (rec.fields.every((f) => f.trim() === '')) continue; // blank line, or one a spreadsheet padded
    // No identifier starts with `#`: such a line is metadata or a note put after the header, where
    // SSSOM has no comments. Read as a row it would be a mapping with empty slots.
    if (rec.fields[0]!.startsWith('#')) {
      throw new IoaError(dialect.rowCode, `a "#" line inside the table: ${dialect.name} puts its "#" metadata lines before the header row and has no comment lines after it`, { file, line: rec.line });
    }
    // Cells past the header's last column are padding when empty; a value there has no column.
    while (rec.fields.length > header.length && rec.fields[rec.fields.length - 1]!.trim() === '') rec.fields.pop();
    if (rec.fields.length > header.length) {
      throw new IoaError(dialect.rowCode, `row has ${rec.fields.length} fields, the header has ${header.length}`, { file, line: rec.line });
    }
    const at = { file, line: rec.line };
    const row: RowSlots = { slots: {}, extensions: {}, at: () => at, missing: () => headerAt, absent };
    if (rec.fields.length < header.length) {
      // Editors and pandas drop trailing empty cells; sssom-py reads such rows, so do we. A short
      // last row without its newline may instead be an interrupted write: if it lacks a value a
      // mapping needs, say so.
      if (!rec.terminated && !requiredPresent(header, rec.fields)) {
        throw new IoaError('E_SSSOM_TRUNCATED', `file ends in the middle of a row: row has ${rec.fields.length} fields, the header has ${header.length}`, at);
      }
      if (options.strict) throw new IoaError(dialect.rowCode, `row has ${rec.fields.length} fields, the header has ${header.length}`, at);
      short = { count: (short?.count ?? 0) + 1, line: short?.line ?? rec.line };
    }
    const site = { at, bad: 'E_SSSOM_BAD_ROW' } as const;
    const fields = rec.fields;
    for (let i = 0; i < fields.length; i++) {
      let cell = dialect.spreadsheet ? unneutraliseCell(fields[i]!) : fields[i]!;
      if (cell === '') continue;
      const name = header[i]!;
      // A cell as the row above has it is that row's value: a candidate file repeats its
      // subject, label, tool and measure on every row of a subject, and sharing them keeps a
      // large file's records from holding a copy of each. Lists are never shared (a record's
      // list is its own to change).
      const same = cell === previousCells[i];
      if (same) cell = previousCells[i]!;
      else previousCells[i] = cell;
      if (!standard[i]) {
        row.extensions[name] = cell;
        continue;
      }
      const spec = specs[i]!;
      const value = same && !spec.multivalued ? previousValues[i]! : cellValue(name, spec, cell, site);
      previousValues[i] = value;
      // A cell of spaces around nothing is as empty as an empty one (only free text keeps spaces).
      if (value !== '') row.slots[name] = value;
    }
    rows.push(row);
    lines.push(rec.line);
  }
  if (short) {
    tolerate(options, 'SSSOM_SHORT_ROWS', `${short.count} row(s) have fewer cells than the header (first at line ${short.line}); the missing trailing cells were read as empty`, { file, line: short.line });
  }
  const set = assembleSet(meta, rows);
  set.mappings.forEach((record, i) => recordLines.set(record, lines[i]!));
  return set;
}

/**
 * A `#` metadata line of a CSV file as it was written, after a spreadsheet saved it: the
 * spreadsheet split the line at its commas into cells, quoted cells that needed it and padded
 * the row with empty cells. Joining the cells again with commas, without the trailing empty
 * ones, gives the line back.
 */
function spreadsheetLine(line: string, file: string): string {
  // The writer quotes every YAML string in CSV (metadataYaml) and guards every comma before a
  // quote (guardMetadataLine), so its own lines never end in a comma nor start with a quote: only
  // a line that does was split and saved by a spreadsheet. Its cells, joined, are the guarded line.
  if (!line.endsWith(',') && !line.startsWith('"')) return line;
  let cells: string[];
  try {
    const record = readRecords(line, 0, 1, ',', file).next();
    cells = record.done ? [line] : [...record.value.fields];
  } catch {
    cells = [line];
  }
  while (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
  return cells.join(',').replace(/,+$/, '');
}

/** Does a short row still hold every value a mapping cannot do without? */
function requiredPresent(header: readonly string[], fields: readonly string[]): boolean {
  return REQUIRED_COLUMNS.every((c) => {
    const i = header.indexOf(c);
    return i < fields.length && fields[i]!.trim() !== '';
  });
}

function parseMetadataBlock(lines: string[], file: string): Record<string, unknown> {
  if (lines.length === 0) return {};
  // Every metadata line ended with a newline in the file; the last one matters to a `|+` scalar.
  const block = `${lines.join('\n')}\n`;
  refuseDeepYaml(block, file, 'metadata block');
  const doc = parseDocument(block, { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    // The block's lines are the file's first lines, so a line within the block is a file line.
    const offset = error instanceof YAMLParseError ? error.pos[0] : 0;
    // An error found at the end of the block (an unclosed bracket) belongs to its last line.
    const line = Math.min(block.slice(0, offset).split('\n').length, lines.length);
    throw new IoaError('E_SSSOM_BAD_METADATA', `metadata block is not valid YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`, { file, line }, { cause: error });
  }
  const value = yamlToJs(doc, block, file, 'metadata block');
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new IoaError('E_SSSOM_BAD_METADATA', 'metadata block must be a YAML map of slots', { file, line: 1 });
  return value as Record<string, unknown>;
}

/** Cells a CSV or TSV writer must quote: one test per cell, as a file has millions of them. */
const CSV_NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const TSV_NEEDS_QUOTES = /[\t\r\n]|^"/;

function quote(value: string, delimiter: string): string {
  // A regular expression runs natively: it tests a cell faster than a loop over its characters.
  const needs = (delimiter === ',' ? CSV_NEEDS_QUOTES : TSV_NEEDS_QUOTES).test(value);
  return needs ? `"${value.replace(/"/g, '""')}"` : value;
}

export interface TableWriteOptions extends WriteOptions {
  /**
   * Leave the metadata out of the table (SSSOM external metadata mode): the first line is the
   * header, and the metadata goes elsewhere (see tableMetadataYaml), e.g. a sidecar file.
   */
  externalMetadata?: boolean;
}

/** Lines per chunk a streaming writer hands on: large enough to keep writes few, small enough to never hold a file. */
const LINES_PER_CHUNK = 512;

function metadataYaml(table: { metadata: Record<string, unknown>; extensions: Record<string, unknown> }, dialect: TableDialect): string {
  // Quoted scalars only: the yaml package writes " \n" as a `|+` block that reads back as "\n".
  // In CSV every string is double-quoted, so no line of the block ends in a comma or starts with
  // a quote: what a spreadsheet does to such a line can then be undone (spreadsheetLine).
  return stringifyYaml({ ...table.metadata, ...table.extensions }, {
    lineWidth: 0, blockQuote: false, ...(dialect.spreadsheet ? { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' } : {}),
  });
}

/** A set laid out as a table, ready to stream: its metadata as YAML, and its lines in chunks. */
export interface TableText {
  /** The metadata as YAML (what the `#` block holds, or an external metadata file). */
  metadataYaml: string;
  /**
   * The file as text chunks, each ending in a newline: the `#` block unless the metadata is
   * external, the header, then the rows.
   */
  chunks(): Generator<string>;
}

/**
 * SSSOM TSV (or CSV) laid out for writing. Rows are sorted; the input set is not modified.
 * Everything that can fail (a value the format cannot hold) fails here, before any text exists.
 */
export function mappingTable(set: MappingSet | SortedRows, dialect: TableDialect, options: TableWriteOptions = {}): TableText {
  const table = tableOf(set, options);
  const standard = columnsFor(table.usedSlots);
  const columns = [...standard, ...table.extensionColumns];
  // A sidecar is YAML, not a spreadsheet: it is written plainly.
  const yaml = metadataYaml(table, options.externalMetadata ? SSSOM_TSV : dialect);
  const cell = dialect.spreadsheet ? (v: string) => quote(neutraliseCell(v), dialect.delimiter) : (v: string) => quote(v, dialect.delimiter);
  return {
    metadataYaml: yaml,
    *chunks() {
      const { delimiter } = dialect;
      const extensionColumns = table.extensionColumns;
      let text = '';
      if (!options.externalMetadata) {
        for (const l of yaml.replace(/\n$/, '').split('\n')) text += `#${dialect.spreadsheet ? guardMetadataLine(l) : l}\n`;
      }
      text += `${columns.map((c) => quote(c, delimiter)).join(delimiter)}\n`;
      // A review column no row fills (reviewer_id, confidence…) is written empty without a look-up.
      const filled = standard.map((c) => table.usedSlots.has(c));
      let lines = 0;
      for (const row of table.rows()) {
        // Most cells of a candidate file are empty (the review columns): they skip the quoting test.
        let line = '';
        for (let i = 0; i < standard.length; i++) {
          const v = filled[i] ? row.slots[standard[i]!] : undefined;
          if (i > 0) line += delimiter;
          if (v !== undefined && v !== '') line += cell(cellText(v));
        }
        for (let i = 0; i < extensionColumns.length; i++) {
          const v = row.extensions[extensionColumns[i]!];
          line += delimiter;
          if (v !== undefined && v !== '') line += cell(cellText(v));
        }
        text += `${line}\n`;
        if (++lines === LINES_PER_CHUNK) {
          yield text;
          text = '';
          lines = 0;
        }
      }
      if (text !== '') yield text;
    },
  };
}

/** Write SSSOM TSV (or CSV) as one string. Rows are sorted; the input set is not modified. */
export function serializeMappingTable(set: MappingSet, dialect: TableDialect, options: TableWriteOptions = {}): string {
  return [...mappingTable(set, dialect, options).chunks()].join('');
}

/** Parse SSSOM TSV text. `file` is used in error locations only. */
export function parseSssom(text: string, file: string, options: ParseTableOptions = {}): MappingSet {
  return parseMappingTable(text, file, SSSOM_TSV, options);
}

/** Write a MappingSet as SSSOM TSV. */
export function serializeSssom(set: MappingSet, options: WriteOptions = {}): string {
  return serializeMappingTable(set, SSSOM_TSV, options);
}

/** Parse the CSV form: the same metadata block and columns as SSSOM TSV, comma-separated. */
export function parseCsv(text: string, file: string, options: ParseTableOptions = {}): MappingSet {
  return parseMappingTable(text, file, SSSOM_CSV, options);
}

export function serializeCsv(set: MappingSet, options: WriteOptions = {}): string {
  return serializeMappingTable(set, SSSOM_CSV, options);
}
