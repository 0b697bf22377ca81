/**
 * The one strict JSON reader. JSON.parse accepts two things a document that feeds a decision must
 * not hold (I-JSON, RFC 7493): a member name twice in one object, where it silently keeps the last
 * (a trust policy saying `"requireSignature": true, "requireSignature": false` would read as
 * false to us and as true to a reader that keeps the first), and a `\ud800`-style escape of a lone
 * surrogate, which is no Unicode character and turns into U+FFFD when written out. `readJson`
 * refuses both with a JSON path, line and column; syntax errors are located too (Node 20's
 * JSON.parse messages carry no position, so the text is scanned again with jsonc-parser).
 */
import { findNodeAtLocation, parse as parseTolerant, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
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
 * that is half of a UTF-16 pair), `duplicate-key`, `number-range` (a number too large for a
 * double, which JSON.parse reads as Infinity) or `depth` (nested deeper than the reader's limit).
 * All but `syntax` carry the JSON path of the value at fault (`depth`: when the text is JSON).
 */
export interface JsonFault {
  kind: 'syntax' | 'lone-surrogate' | 'duplicate-key' | 'number-range' | 'depth';
  message: string;
  line?: number;
  column?: number;
  path?: string;
}

/**
 * How deep {@link readJson} lets JSON nest unless told otherwise (Section 6.1: processing must not
 * allow resource exhaustion). JSON.parse and the I-JSON scan below read any depth, but almost
 * everything after them walks a value by recursion (copies, canonical JSON, jsonld's expansion,
 * jsonc-parser's error locator), and a few thousand levels of `[[[…]]]` — a few kilobytes — end
 * there in "Maximum call stack size exceeded" with no place. No document read here nests past a
 * few dozen levels; envelopes and artifacts are held to 32 (their `maxDepth`).
 */
export const MAX_JSON_DEPTH = 256;

const depthMessage = (maxDepth: number): string => `nesting deeper than ${maxDepth} levels`;

/**
 * Where text that JSON.parse refused first nests deeper than `maxDepth`: brackets outside strings
 * counted in one pass, so the fault is found without the recursive parse that locates syntax
 * errors. Only the line and column are known (the text is no JSON to build a path in).
 */
function malformedDepthFault(text: string, maxDepth: number, firstLine: number): JsonFault | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) {
        const at = lineColumnOf(text, i);
        return { kind: 'depth', message: depthMessage(maxDepth), line: at.line + firstLine - 1, column: at.column };
      }
    } else if (c === 0x5d || c === 0x7d) depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/**
 * The outcome of {@link readJson}. A text refused for its depth that JSON.parse could read also gives its outer value as `shallow`: its top-level members may be
 * looked at (what kind of document it is), but it must never be walked.
 */
export type JsonReading = { ok: true; value: unknown } | { ok: false; fault: JsonFault; cause?: unknown; shallow?: unknown };

/**
 * Text that may hold a number beyond a double's range (about 1.8e308): an exponent of three
 * digits, or a run of 309 digits. Only such text has its numbers read one by one.
 */
const MAY_OVERFLOW = /[eE]\+?\d{3}|\d{309}/;

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
 * The first I-JSON fault of `text`, which JSON.parse has accepted. Since the text is known to be
 * JSON, the scan needs only its strings and its structure characters (numbers, literals, colons
 * and white space hold none of `"{}[],`), which makes it a single pass over character codes: on a
 * 23 MB mapping set jsonc-parser's token scanner took 1.7 times as long as JSON.parse, this pass
 * 0.6 times (in process, medians of 9). It keeps its own stack instead of recursing (JSON.parse reads nesting far
 * deeper than a recursive reader survives), decodes a string only when it is a member name or may
 * hold a surrogate, and builds a path only for the fault it reports. `firstLine` and `maxDepth` as
 * for readJson.
 */
export function iJsonFault(text: string, firstLine = 1, maxDepth = Number.POSITIVE_INFINITY): JsonFault | undefined {
  // Lines count from `firstLine`, the file line the text starts on (one line of a JSON Lines file).
  const where = (offset: number): { line: number; column: number } => {
    const at = lineColumnOf(text, offset);
    return { line: at.line + firstLine - 1, column: at.column };
  };
  const surrogates = MAY_HOLD_SURROGATE.test(text);
  const overflows = MAY_OVERFLOW.test(text);
  const stack: Frame[] = [];
  const pathOf = (extra?: string): string => {
    let path = '$';
    for (const frame of stack) if (frame.names === undefined || !frame.expectName) path = childPath(path, frame.at);
    return extra === undefined ? path : childPath(path, extra);
  };
  const n = text.length;
  // Where the next backslash is, found once and reused: most strings hold none.
  let backslash = text.indexOf('\\');
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c === 0x7b || c === 0x5b) && stack.length >= maxDepth) {
      // The path of the value being opened is the path the frames spell now.
      return { kind: 'depth', path: pathOf(), ...where(i), message: depthMessage(maxDepth) };
    }
    if (c === 0x7b) stack.push({ names: new Map(), at: '', expectName: true }); // {
    else if (c === 0x5b) stack.push({ names: undefined, at: 0, expectName: false }); // [
    else if (c === 0x7d || c === 0x5d) stack.pop(); // } ]
    else if (c === 0x2c) { // ,
      const top = stack[stack.length - 1]!;
      if (top.names) top.expectName = true;
      else top.at = (top.at as number) + 1;
    } else if (c === 0x22) { // a string: find its closing quote
      const offset = i;
      if (backslash >= 0 && backslash < offset) backslash = text.indexOf('\\', offset);
      i = text.indexOf('"', offset + 1);
      const escaped = backslash >= 0 && backslash < i;
      if (escaped) {
        // A quote is the string's end when an even number of backslashes stands before it.
        for (;;) {
          let k = i - 1;
          while (text.charCodeAt(k) === 0x5c) k--;
          if ((i - 1 - k) % 2 === 0) break;
          i = text.indexOf('"', i + 1);
        }
      }
      const top = stack[stack.length - 1];
      const isName = top?.names !== undefined && top.expectName;
      if (!isName && !surrogates) continue;
      const value = escaped ? JSON.parse(text.slice(offset, i + 1)) as string : text.slice(offset + 1, i);
      if (surrogates && LONE_SURROGATE.test(value)) {
        const unit = value.match(LONE_SURROGATE)![0].charCodeAt(0).toString(16);
        return {
          kind: 'lone-surrogate', path: isName ? pathOf(value) : pathOf(), ...where(offset),
          message: `${isName ? 'a member name' : 'a string'} holds a lone surrogate (\\u${unit}), half of a UTF-16 pair and no Unicode character; I-JSON (RFC 7493 2.1) forbids it, and writing it out would silently turn it into U+FFFD`,
        };
      }
      if (!isName) continue;
      const first = top.names!.get(value);
      top.at = value;
      top.expectName = false;
      if (first !== undefined) {
        const was = where(first);
        return {
          kind: 'duplicate-key', path: pathOf(), ...where(offset),
          message: `member ${JSON.stringify(value)} appears twice in one object (first at line ${was.line}, column ${was.column}); duplicate member names are refused (I-JSON, RFC 7493 2.3): readers disagree on which one counts`,
        };
      }
      top.names!.set(value, offset);
    }
  }
  return overflows ? numberRangeFault(text, where) : undefined;
}

/**
 * The first number of `text` (JSON) beyond a double's range, which JSON.parse reads as Infinity.
 * Asked apart from iJsonFault's pass and only of text that may hold one: with a branch for numbers
 * in that loop, V8's optimizing compiler (Node 20) produced code that never ended on a later call.
 * JSON.parse's reviver marks such a number; the first mark in document order is then placed.
 */
function numberRangeFault(text: string, where: (offset: number) => { line: number; column: number }): JsonFault | undefined {
  const mark = Symbol('beyond range');
  let marked = false;
  const value: unknown = JSON.parse(text, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? ((marked = true), mark) : v));
  if (!marked) return undefined;
  const segments: (string | number)[] = [];
  const find = (node: unknown): boolean => {
    if (node === mark) return true;
    if (typeof node !== 'object' || node === null) return false;
    for (const [key, child] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
      segments.push(key);
      if (find(child)) return true;
      segments.pop();
    }
    return false;
  };
  find(value);
  const root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
  const node = root ? findNodeAtLocation(root, segments) : undefined;
  const offset = node?.offset ?? 0;
  const number = node ? text.slice(offset, offset + node.length) : 'a number';
  return {
    kind: 'number-range', path: segments.reduce<string>((path, key) => childPath(path, key), '$'), ...where(offset),
    message: `the number ${number.slice(0, 40)}${number.length > 40 ? '…' : ''} is beyond what a double holds and would be read as Infinity; I-JSON (RFC 7493 2.2) leaves such numbers out`,
  };
}

/**
 * Read JSON text strictly: a syntax error, a lone surrogate, a duplicate member name, a number
 * too large for a double or nesting
 * deeper than `maxDepth` (default {@link MAX_JSON_DEPTH}) is a fault with its location; anything
 * else is the value JSON.parse gives. `firstLine` is the file line the text starts on (one line of
 * a JSON Lines file): every line in the fault counts from it. The depth is checked before any
 * recursive walk of the text or of the value, so a caller that gets a value can walk it.
 */
export function readJson(text: string, firstLine = 1, maxDepth: number = MAX_JSON_DEPTH): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    const deep = malformedDepthFault(text, maxDepth, firstLine);
    if (deep) return { ok: false, fault: deep, cause: error };
    const syntax = jsonSyntaxError(text, error);
    if (syntax.line !== undefined) syntax.line += firstLine - 1;
    return { ok: false, fault: { kind: 'syntax', ...syntax }, cause: error };
  }
  const fault = iJsonFault(text, firstLine, maxDepth);
  if (!fault) return { ok: true, value };
  return fault.kind === 'depth' ? { ok: false, fault, shallow: value } : { ok: false, fault };
}

/**
 * The error for a fault of {@link readJson}: `E_DUPLICATE_KEY` for a member name given twice,
 * `E_LIMIT_EXCEEDED` for nesting past the limit, else `code`; with file, line, column and, where
 * there is one, the JSON path.
 */
export function jsonFaultError(read: { fault: JsonFault; cause?: unknown }, file?: string, code: ErrorCode = 'E_PARSE_JSON'): IoaError {
  const { kind, message, ...where } = read.fault;
  const errorCode = kind === 'duplicate-key' ? 'E_DUPLICATE_KEY' : kind === 'depth' ? 'E_LIMIT_EXCEEDED' : code;
  return new IoaError(errorCode, message, { ...(file ? { file } : {}), ...where }, read.cause === undefined ? undefined : { cause: read.cause });
}

/**
 * Parse strict JSON or throw: `E_DUPLICATE_KEY` for a member name given twice in one object,
 * `E_LIMIT_EXCEEDED` for nesting deeper than `maxDepth` (default {@link MAX_JSON_DEPTH}), else
 * `code` (default E_PARSE_JSON) for text that is not JSON or holds a lone surrogate; with file,
 * line, column and, where there is one, the JSON path.
 */
export function parseJson(text: string, file?: string, code: ErrorCode = 'E_PARSE_JSON', maxDepth: number = MAX_JSON_DEPTH): unknown {
  const read = readJson(text, 1, maxDepth);
  if (read.ok) return read.value;
  throw jsonFaultError(read, file, code);
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
