/**
 * JSON form of a mapping set: one object with the SSSOM metadata slots and a sorted `mappings`
 * array of SSSOM slot objects, the shape of `$defs/MappingSet` in the JSON Schema generated from
 * the SSSOM model (without JSON-LD context). Identifiers are CURIEs as in the TSV; slots typed
 * `double` are JSON numbers; multivalued slots are arrays.
 *
 * Extension slots: that schema is closed (no property outside the model), so extension values
 * travel in the `other` slot, the model's own place for "properties not part of the SSSOM spec":
 * `other` then holds {@link EXTENSIONS_MARKER} followed by a JSON object
 * `{"slots": {name: value, …}, "other": "<the slot's own text, if any>"}`. Readers undo it, and
 * also accept extension values as plain keys (as other tools write them).
 */
import type { ExtensionValue, MappingSet } from '../model/mapping.js';
import { IoaError, type ErrorLocation } from '../model/errors.js';
import { parseJson as parseJsonText, readJson } from '../text/json.js';
import {
  assembleSet, MAPPING_SLOTS, orderedKeys, readSetSlots, REQUIRED_COLUMNS, SET_SLOTS, tableOf, SLOTS, structuredValue, type RowValues,
  type ReadOptions, type RowSlots, type SortedRows, type WriteOptions,
} from './slots.js';

/** Slots whose absence from a mapping object is reported as a missing slot (not an empty one). */
const REQUIRED_KEYS = ['subject_id', 'object_id', ...REQUIRED_COLUMNS];

/** Prefix of an `other` value that carries extension slots (see the module comment). */
export const EXTENSIONS_MARKER = 'ioa-align:extension-slots';

/** `other` as written: extension values (and the slot's own text) folded in when there are any. */
function foldOther(own: unknown, extensions: Readonly<Record<string, ExtensionValue>>): string | undefined {
  const text = typeof own === 'string' ? own : undefined;
  // A text of its own that starts with the marker is wrapped too, so that reading it back is exact.
  if (Object.keys(extensions).length === 0 && !text?.startsWith(EXTENSIONS_MARKER)) return text;
  return `${EXTENSIONS_MARKER}${JSON.stringify({ slots: extensions, ...(text !== undefined ? { other: text } : {}) })}`;
}

/**
 * An object's slots with any extension values carried in `other` unfolded into plain keys (and
 * `other` restored to its own text).
 */
function unfoldOther(obj: Record<string, unknown>, at: ErrorLocation, standard: readonly string[]): Record<string, unknown> {
  const other = obj.other;
  if (typeof other !== 'string' || !other.startsWith(EXTENSIONS_MARKER)) return obj;
  const read = readJson(other.slice(EXTENSIONS_MARKER.length));
  if (!read.ok) {
    if (read.fault.kind === 'duplicate-key') throw new IoaError('E_DUPLICATE_KEY', `other (after ${EXTENSIONS_MARKER}) at ${read.fault.path}: ${read.fault.message}`, { ...at, path: `${at.path ?? '$'}.other` });
    if (read.fault.kind === 'depth') throw new IoaError('E_LIMIT_EXCEEDED', `other (after ${EXTENSIONS_MARKER}) at ${read.fault.path ?? '$'}: ${read.fault.message}`, at);
    throw new IoaError('E_EXCHANGE_BAD_JSON', `other starts with ${EXTENSIONS_MARKER} but what follows is not JSON: ${read.fault.message}`, at, { cause: read.cause });
  }
  const carried = read.value;
  const shape = carried as { slots?: unknown; other?: unknown } | null;
  if (typeof shape !== 'object' || shape === null || Array.isArray(shape) || typeof shape.slots !== 'object' || shape.slots === null || Array.isArray(shape.slots)
    || (shape.other !== undefined && typeof shape.other !== 'string') || Object.keys(shape).some((k) => k !== 'slots' && k !== 'other')) {
    throw new IoaError('E_EXCHANGE_BAD_JSON', `other starts with ${EXTENSIONS_MARKER} but does not hold {"slots": {…}, "other"?: "…"}`, at);
  }
  const { other: _, ...rest } = obj;
  const out: Record<string, unknown> = { ...rest };
  if (shape.other !== undefined) out.other = shape.other;
  for (const [name, value] of Object.entries(shape.slots as Record<string, unknown>)) {
    if (standard.includes(name) || name in out) throw new IoaError('E_EXCHANGE_BAD_JSON', `other carries an extension slot "${name}" that is a standard slot or given twice`, at);
    out[name] = value;
  }
  return out;
}

/** Write the set as JSON (2-space indented, rows sorted). The input is not modified. */
export function serializeJson(set: MappingSet, options: WriteOptions = {}): string {
  return [...jsonChunks(set, options)].join('');
}

/** Mappings per chunk of the streaming JSON writer. */
const MAPPINGS_PER_CHUNK = 256;

/**
 * The JSON of serializeJson as text chunks, the metadata first, then the mappings a few hundred
 * at a time: the same text, never held whole.
 */
export function* jsonChunks(set: MappingSet | SortedRows, options: WriteOptions = {}): Generator<string> {
  const table = tableOf(set, options);
  const metadata: Record<string, unknown> = { ...table.metadata };
  const setOther = foldOther(metadata.other, table.extensions);
  if (setOther !== undefined) metadata.other = setOther;
  const ordered = Object.fromEntries(orderedKeys(Object.keys(metadata), SET_SLOTS).map((k) => [k, metadata[k]]));
  const mapping = (row: RowValues): Record<string, unknown> => {
    const obj: Record<string, unknown> = { ...row.slots };
    const extensions: Record<string, ExtensionValue> = {};
    for (const k of table.extensionColumns) if (k in row.extensions) extensions[k] = row.extensions[k]!;
    const other = foldOther(obj.other, extensions);
    if (other !== undefined) obj.other = other;
    return Object.fromEntries(orderedKeys(Object.keys(obj), MAPPING_SLOTS).map((k) => [k, obj[k]]));
  };
  // `"mappings": []` closes the document; its rows are spliced in between the brackets, indented
  // as JSON.stringify would indent them.
  const head = JSON.stringify({ ...ordered, mappings: [] }, null, 2);
  if (table.rowCount === 0) {
    yield `${head}\n`;
    return;
  }
  let chunk = `${head.slice(0, -'[]\n}'.length)}[\n`;
  let i = -1;
  for (const row of table.rows()) {
    i++;
    // Indent on "\n" only: JSON.stringify leaves U+2028/U+2029 raw inside strings, and a regex `^`
    // with the m flag would take them for line starts.
    chunk += `    ${JSON.stringify(mapping(row), null, 2).replaceAll('\n', '\n    ')}${i < table.rowCount - 1 ? ',' : ''}\n`;
    if ((i + 1) % MAPPINGS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}  ]\n}\n`;
}

/** Parse the JSON form, validating exactly as the SSSOM TSV reader does. */
export function parseJson(text: string, file: string, options: ReadOptions = {}): MappingSet {
  const value = parseJsonText(text, file, 'E_EXCHANGE_BAD_JSON');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new IoaError('E_EXCHANGE_BAD_JSON', 'a mapping set must be a JSON object', { file, path: '$' });
  }
  // Another kind of JSON file (an Agent Card, a trust policy, a record) is told as such, not
  // reported at the first of its members that is no SSSOM slot value.
  if (!('mappings' in value)) {
    const members = Object.keys(value).slice(0, 3).map((k) => JSON.stringify(k)).join(', ');
    throw new IoaError('E_EXCHANGE_BAD_JSON', `not a mapping set: the object has no "mappings" array, where SSSOM JSON holds its rows${members ? ` (its members begin ${members}: another kind of file?)` : ''}`, { file, path: '$' });
  }
  const { mappings: rawMappings, ...meta } = unfoldOther(value as Record<string, unknown>, { file, path: '$.other' }, [...SET_SLOTS, 'mappings']);
  const setSlots = readSetSlots(meta, { ...options, at: (slot) => ({ file, path: slot ? `$.${slot}` : '$' }), typeCode: 'E_EXCHANGE_BAD_JSON', text });
  if (!Array.isArray(rawMappings)) throw new IoaError('E_EXCHANGE_BAD_JSON', '"mappings" must be an array', { file, path: '$.mappings' });
  const rows = rawMappings.map((raw: unknown, i): RowSlots => {
    const base = `$.mappings[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new IoaError('E_EXCHANGE_BAD_JSON', 'each mapping must be an object', { file, path: base });
    const obj = unfoldOther(raw as Record<string, unknown>, { file, path: `${base}.other` }, MAPPING_SLOTS);
    const at = (slot?: string): ErrorLocation => ({ file, path: slot ? `${base}.${slot}` : base });
    const row: RowSlots = { slots: {}, extensions: {}, at, missing: at, absent: new Set(REQUIRED_KEYS.filter((s) => obj[s] === undefined)) };
    for (const [key, v] of Object.entries(obj)) {
      if (v === null || v === undefined) continue;
      if (MAPPING_SLOTS.includes(key)) {
        const parsed = structuredValue(key, SLOTS[key]!, v, { at: at(key), bad: 'E_SSSOM_BAD_ROW' }, 'E_EXCHANGE_BAD_JSON');
        if (parsed !== undefined && parsed !== '') row.slots[key] = parsed;
      } else if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) {
        row.extensions[key] = v;
      } else {
        throw new IoaError('E_EXCHANGE_BAD_JSON', `slot ${key} must be a string, a number or a boolean (an extension slot holds one value)`, at(key));
      }
    }
    return row;
  });
  return assembleSet(setSlots, rows);
}
