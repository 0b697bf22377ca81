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

/** Parse strict JSON or throw `code` (default E_PARSE_JSON) with file, line and column. */
export function parseJson(text: string, file?: string, code: ErrorCode = 'E_PARSE_JSON'): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const errors: ParseError[] = [];
    parseTolerant(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
    const first = errors[0];
    const where = first ? lineColumnOf(text, first.offset) : {};
    const what = first ? printParseErrorCode(first.error) : (error as Error).message;
    throw new IoaError(code, `malformed JSON: ${what}`, { ...(file ? { file } : {}), ...where }, { cause: error });
  }
}
