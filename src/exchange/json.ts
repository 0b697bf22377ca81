/**
 * JSON form of a mapping set: one object with the SSSOM metadata slots and a sorted `mappings`
 * array of SSSOM slot objects (the shape of SSSOM's LinkML JSON, without JSON-LD context).
 * Identifiers are CURIEs as in the TSV; scores are numbers; multivalued slots are arrays.
 */
import type { MappingSet } from '../model/mapping.js';
import { IoaError } from '../model/errors.js';
import { parseJson as parseJsonText } from '../text/json.js';
import { PrefixMap } from './curie.js';
import { sortedMappings } from './order.js';
import { metadataFromSlots, metadataToSlots, MULTIVALUED, orderedKeys, COLUMN_ORDER, recordFromSlots, recordToSlots } from './slots.js';

/**
 * Slots the model holds as numbers. Other slots (e.g. reviewer_agreement) stay strings, because
 * they are kept verbatim and `0.0` must not come back as `0`.
 */
const NUMERIC = new Set(['similarity_score', 'confidence']);

type JsonSlot = string | number | string[];

/** Write the set as JSON (2-space indented, rows sorted). The input is not modified. */
export function serializeJson(set: MappingSet): string {
  const prefixes = new PrefixMap(set.metadata.curieMap);
  const mappings = sortedMappings(set.mappings).map((r) => {
    const slots = recordToSlots(r, prefixes);
    const obj: Record<string, JsonSlot> = {};
    for (const key of orderedKeys(Object.keys(slots), COLUMN_ORDER)) {
      const value = slots[key]!;
      if (NUMERIC.has(key) && Number.isFinite(Number(value))) obj[key] = Number(value);
      else if (MULTIVALUED.has(key) || key === 'reviewer_id') obj[key] = value.split('|');
      else obj[key] = value;
    }
    return obj;
  });
  return `${JSON.stringify({ ...metadataToSlots(set.metadata), mappings }, null, 2)}\n`;
}

/** Parse the JSON form, validating exactly as the SSSOM TSV reader does. */
export function parseJson(text: string, file: string): MappingSet {
  const value = parseJsonText(text, file, 'E_EXCHANGE_BAD_JSON');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new IoaError('E_EXCHANGE_BAD_JSON', 'a mapping set must be a JSON object', { file, path: '$' });
  }
  const { mappings: rawMappings, ...meta } = value as Record<string, unknown>;
  const metadata = metadataFromSlots(meta, (slot) => ({ file, path: slot ? `$.${slot}` : '$' }));
  if (!Array.isArray(rawMappings)) throw new IoaError('E_EXCHANGE_BAD_JSON', '"mappings" must be an array', { file, path: '$.mappings' });
  const prefixes = new PrefixMap(metadata.curieMap);
  const mappings = rawMappings.map((raw: unknown, i) => {
    const base = `$.mappings[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new IoaError('E_EXCHANGE_BAD_JSON', 'each mapping must be an object', { file, path: base });
    const values: Record<string, string> = {};
    for (const [key, v] of Object.entries(raw as Record<string, unknown>)) {
      if (typeof v === 'string') values[key] = v;
      else if (typeof v === 'number' && Number.isFinite(v)) values[key] = String(v);
      else if (Array.isArray(v) && v.every((x) => typeof x === 'string' && !x.includes('|'))) values[key] = v.join('|');
      else if (v !== null) throw new IoaError('E_EXCHANGE_BAD_JSON', `slot ${key} must be a string, a number or an array of strings`, { file, path: `${base}.${key}` });
    }
    return recordFromSlots(values, prefixes, (slot) => ({ file, path: slot ? `${base}.${slot}` : base }));
  });
  return { metadata, mappings };
}
