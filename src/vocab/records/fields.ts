/**
 * Reading the members of one record, with the JSON path of whatever is wrong. A fault names a
 * short reason (what is wrong, without the record's values) so that `--skip-invalid` can count
 * skipped records per reason, and the path so that the error can say where.
 */
import type { ErrorCode } from '../../model/errors.js';
import type { JsonPathSegments } from '../../text/json.js';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One record that breaks its layout's rules. */
export class RecordFault extends Error {
  constructor(
    /** What is wrong, the same words for every record with that fault (`MCP server: "name" missing`). */
    readonly reason: string,
    message: string,
    readonly path: JsonPathSegments,
    readonly code: ErrorCode = 'E_RECORD_INVALID',
  ) {
    super(message);
  }
}

/** A fault whose message is its reason. */
export const fault = (reason: string, path: JsonPathSegments, detail?: string): RecordFault =>
  new RecordFault(reason, detail ? `${reason}: ${detail}` : reason, path);

/** A required string member; `allowEmpty` for layouts whose records may leave it blank. */
export function requiredString(obj: JsonObject, key: string, path: JsonPathSegments, what: string, options: { allowEmpty?: boolean } = {}): string {
  const value = obj[key];
  if (value === undefined) throw fault(`${what}: "${key}" missing`, [...path, key]);
  if (typeof value !== 'string') throw fault(`${what}: "${key}" is not a string`, [...path, key]);
  if (!options.allowEmpty && !value.trim()) throw fault(`${what}: "${key}" is empty`, [...path, key]);
  return value.trim();
}

/** An optional string member: absent or null → undefined; blank → undefined. */
export function optionalString(obj: JsonObject, key: string, path: JsonPathSegments, what: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw fault(`${what}: "${key}" is not a string`, [...path, key]);
  return value.trim() || undefined;
}

/** An optional array of strings, blanks dropped: absent → undefined. */
export function optionalStrings(obj: JsonObject, key: string, path: JsonPathSegments, what: string): string[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw fault(`${what}: "${key}" is not an array of strings`, [...path, key]);
  return value.map((v: unknown, i) => {
    if (typeof v !== 'string') throw fault(`${what}: "${key}" holds a value that is not a string`, [...path, key, i]);
    return v.trim();
  }).filter((v) => v.length > 0);
}

/** An optional object member: absent → undefined. */
export function optionalObject(obj: JsonObject, key: string, path: JsonPathSegments, what: string): JsonObject | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw fault(`${what}: "${key}" is not an object`, [...path, key]);
  return value;
}
