/**
 * JSON parsing with a location on failure. Node 20's JSON.parse messages carry no position, so
 * on error the text is parsed again with jsonc-parser (strict options) to find the offset.
 */
import { findNodeAtLocation, parse as parseTolerant, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { IoaError, type ErrorCode } from '../model/errors.js';

export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Where and why `text` is not JSON (1-based line and column), for text JSON.parse refused. */
export interface JsonSyntaxError {
  message: string;
  line?: number;
  column?: number;
}

/**
 * Locate the syntax error JSON.parse reported (`error`) in `text`. Every command reports a JSON
 * syntax error this way, so each prints the same `file:line:column: message` for the same fault.
 */
export function jsonSyntaxError(text: string, error: unknown): JsonSyntaxError {
  const errors: ParseError[] = [];
  parseTolerant(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return { message: `malformed JSON: ${(error as Error).message.split('\n')[0]}` };
  // `ValueExpected` → `value expected`
  const what = printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return { message: `malformed JSON: ${what}`, ...lineColumnOf(text, first.offset) };
}

/** Parse strict JSON or throw `code` (default E_PARSE_JSON) with file, line and column. */
export function parseJson(text: string, file?: string, code: ErrorCode = 'E_PARSE_JSON'): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const { message, ...where } = jsonSyntaxError(text, error);
    throw new IoaError(code, message, { ...(file ? { file } : {}), ...where }, { cause: error });
  }
}

/** A JSON path as segments: `['servers', 3, 'name']` is `$.servers[3].name`. */
export type JsonPathSegments = readonly (string | number)[];

/** `['servers', 3, 'name']` → `$.servers[3].name` (keys that are not identifiers in brackets). */
export function formatJsonPath(path: JsonPathSegments): string {
  return '$' + path.map((s) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join('');
}

/**
 * Line and column (1-based) of the value at `path` in the JSON `text`, or of the nearest
 * enclosing value that exists (a missing member is reported where its object starts). Parses the
 * text again, so call it for a fault, not for every value.
 */
export function locateJsonPath(text: string, path: JsonPathSegments): { line: number; column: number } | undefined {
  const root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
  if (!root) return undefined;
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, [...path.slice(0, n)]);
    if (node) return lineColumnOf(text, node.offset);
  }
  return undefined;
}
