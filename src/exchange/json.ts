/**
 * JSON form of a mapping set: one object with the SSSOM metadata slots and a sorted `mappings`
 * array of SSSOM slot objects (the shape of SSSOM's LinkML JSON, without JSON-LD context).
 * Identifiers are CURIEs as in the TSV; scores are numbers; multivalued slots are arrays.
 */
import type { MappingSet } from '../model/mapping.js';
import { IoaError } from '../model/errors.js';
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

/** 1-based line of a character offset, for JSON syntax errors. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Offset of the first syntax error in text that JSON.parse rejected. Node 20's messages do not
 * always carry a position ("Unexpected token 'o', … is not valid JSON"), and a reviewer editing
 * a file by hand needs the line; this scanner only locates, JSON.parse still decides.
 */
const LITERAL = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const ws = (): void => { while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++; };
  const fail = (): never => { throw i; };
  const string = (): void => {
    if (text[i] !== '"') fail();
    i++;
    for (;;) {
      if (i >= text.length) fail();
      const c = text[i]!;
      if (c === '"') { i++; return; }
      if (c < ' ') fail();
      if (c === '\\') {
        i++;
        const e = text[i];
        if (e === 'u') { if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail(); i += 5; }
        else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail();
      } else i++;
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++; ws();
      if (text[i] === '}') { i++; return; }
      for (;;) {
        ws(); string(); ws();
        if (text[i] !== ':') fail();
        i++; value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return; }
        fail();
      }
    }
    if (c === '[') {
      i++; ws();
      if (text[i] === ']') { i++; return; }
      for (;;) {
        value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return; }
        fail();
      }
    }
    if (c === '"') return string();
    LITERAL.lastIndex = i;
    const literal = LITERAL.exec(text);
    if (!literal) fail();
    i += literal![0].length;
  };
  try {
    value();
    ws();
    return i < text.length ? i : undefined;
  } catch (offset) {
    return offset as number;
  }
}

function syntaxErrorLine(text: string, error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : '';
  const pos = /position (\d+)/.exec(message);
  const offset = pos?.[1] ? Number(pos[1]) : jsonErrorOffset(text);
  return offset === undefined ? undefined : lineAt(text, offset);
}

/** Parse the JSON form, validating exactly as the SSSOM TSV reader does. */
export function parseJson(text: string, file: string): MappingSet {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const line = syntaxErrorLine(text, error);
    throw new IoaError('E_EXCHANGE_BAD_JSON', `not valid JSON: ${(error as Error).message}`, line !== undefined ? { file, line } : { file }, { cause: error });
  }
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
