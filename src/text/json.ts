/**
 * JSON parsing with a location on failure. Node 20's JSON.parse messages carry no position, so
 * on error the text is parsed again with jsonc-parser (strict options) to find the offset.
 */
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
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
