/**
 * The one strict JSON reader. JSON.parse accepts two things a document that feeds a decision must
 * not hold (I-JSON, RFC 7493): a member name twice in one object, where it silently keeps the last
 * (a trust policy saying `"requireSignature": true, "requireSignature": false` would read as
 * false to us and as true to a reader that keeps the first), and a `\ud800`-style escape of a lone
 * surrogate, which is no Unicode character and turns into U+FFFD when written out. `readJson`
 * refuses both with a JSON path, line and column; syntax errors are located too (Node 20's
 * JSON.parse messages carry no position, so the text is scanned again with jsonc-parser).
 */
import { createScanner, parse as parseTolerant, printParseErrorCode, SyntaxKind, type ParseError } from 'jsonc-parser';
import { IoaError, type ErrorCode } from '../model/errors.js';

export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

const SIMPLE_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.a.b[0]["@type"]`: dot notation where the key allows it, bracketed JSON strings otherwise. */
export function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return SIMPLE_KEY.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
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

/**
 * What is wrong with a JSON text: `syntax` (not JSON), `lone-surrogate` (an escape or character
 * that is half of a UTF-16 pair) or `duplicate-key`. The last two carry the JSON path of the
 * string or member at fault.
 */
export interface JsonFault {
  kind: 'syntax' | 'lone-surrogate' | 'duplicate-key';
  message: string;
  line?: number;
  column?: number;
  path?: string;
}

/** The outcome of {@link readJson}. */
export type JsonReading = { ok: true; value: unknown } | { ok: false; fault: JsonFault; cause?: unknown };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text that may hold a surrogate: an escape of one, or a surrogate code unit itself. */
const MAY_HOLD_SURROGATE = /\\u[dD][89a-fA-F]|[\uD800-\uDFFF]/;

interface Frame {
  /** Member names seen so far and where each began (objects only). */
  names: Map<string, number> | undefined;
  /** The member being read (objects) or the index of the element being read (arrays). */
  at: string | number;
  expectName: boolean;
}

/**
 * The first I-JSON fault of `text`, which JSON.parse has accepted. The scan keeps its own stack
 * instead of recursing (jsonc-parser's visitor overflows the call stack near 20,000 levels of
 * nesting, which JSON.parse reads), and builds a path only for the fault it reports.
 */
export function iJsonFault(text: string): JsonFault | undefined {
  const surrogates = MAY_HOLD_SURROGATE.test(text);
  const scanner = createScanner(text, true);
  const stack: Frame[] = [];
  const pathOf = (extra?: string): string => {
    let path = '$';
    for (const frame of stack) if (frame.names === undefined || !frame.expectName) path = childPath(path, frame.at);
    return extra === undefined ? path : childPath(path, extra);
  };
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const top = stack[stack.length - 1];
    switch (token) {
      case SyntaxKind.OpenBraceToken: stack.push({ names: new Map(), at: '', expectName: true }); break;
      case SyntaxKind.OpenBracketToken: stack.push({ names: undefined, at: 0, expectName: false }); break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken: stack.pop(); break;
      case SyntaxKind.CommaToken:
        if (top?.names) top.expectName = true;
        else if (top) top.at = (top.at as number) + 1;
        break;
      case SyntaxKind.StringLiteral: {
        const value = scanner.getTokenValue();
        const offset = scanner.getTokenOffset();
        const isName = top?.names !== undefined && top.expectName;
        if (surrogates && LONE_SURROGATE.test(value)) {
          const unit = value.match(LONE_SURROGATE)![0].charCodeAt(0).toString(16);
          return {
            kind: 'lone-surrogate', path: isName ? pathOf(value) : pathOf(), ...lineColumnOf(text, offset),
            message: `${isName ? 'a member name' : 'a string'} holds a lone surrogate (\\u${unit}), half of a UTF-16 pair and no Unicode character; I-JSON (RFC 7493 2.1) forbids it, and writing it out would silently turn it into U+FFFD`,
          };
        }
        if (isName) {
          const first = top.names!.get(value);
          top.at = value;
          top.expectName = false;
          if (first !== undefined) {
            const was = lineColumnOf(text, first);
            return {
              kind: 'duplicate-key', path: pathOf(), ...lineColumnOf(text, offset),
              message: `member ${JSON.stringify(value)} appears twice in one object (first at line ${was.line}, column ${was.column}); duplicate member names are refused (I-JSON, RFC 7493 2.3): readers disagree on which one counts`,
            };
          }
          top.names!.set(value, offset);
        }
        break;
      }
      default: break;
    }
  }
  return undefined;
}

/**
 * Read JSON text strictly: a syntax error, a lone surrogate or a duplicate member name is a
 * fault with its location; anything else is the value JSON.parse gives.
 */
export function readJson(text: string): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, fault: { kind: 'syntax', ...jsonSyntaxError(text, error) }, cause: error };
  }
  const fault = iJsonFault(text);
  return fault ? { ok: false, fault } : { ok: true, value };
}

/**
 * Parse strict JSON or throw: `E_DUPLICATE_KEY` for a member name given twice in one object,
 * else `code` (default E_PARSE_JSON) for text that is not JSON or holds a lone surrogate; with
 * file, line, column and, where there is one, the JSON path.
 */
export function parseJson(text: string, file?: string, code: ErrorCode = 'E_PARSE_JSON'): unknown {
  const read = readJson(text);
  if (read.ok) return read.value;
  const { kind, message, ...where } = read.fault;
  throw new IoaError(kind === 'duplicate-key' ? 'E_DUPLICATE_KEY' : code, message, { ...(file ? { file } : {}), ...where }, read.cause === undefined ? undefined : { cause: read.cause });
}
