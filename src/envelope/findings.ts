/**
 * Building findings and JSON paths. Severity follows the code (`E_…` error, `W_…` warning) so a
 * finding can never claim to be harmless while carrying an error code.
 */
import type { JsonFault } from '../text/json.js';
import type { DraftSection, Finding, FindingCode, ValidationResult } from './types.js';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export { childPath } from '../text/json.js';

export function finding(code: FindingCode, path: string, message: string, section: DraftSection, hint?: string): Finding {
  const f: Finding = { code, severity: code.startsWith('W_') ? 'warning' : 'error', path, message, section };
  if (hint !== undefined) f.hint = hint;
  return f;
}

/** A collector that validators push findings into. */
export class Findings {
  readonly list: Finding[] = [];

  /** `path` may be a function: paths are only built when there is something to report. */
  add(code: FindingCode, path: string | (() => string), message: string, section: DraftSection, hint?: string): void {
    this.list.push(finding(code, typeof path === 'function' ? path() : path, message, section, hint));
  }

  push(...items: Finding[]): void {
    this.list.push(...items);
  }

  get hasErrors(): boolean {
    return this.list.some((f) => f.severity === 'error');
  }

  /** Any value is returned only when no error was found (Section 7.1: malformed input is no basis). */
  result<T>(value: T | undefined): ValidationResult<T> {
    if (this.hasErrors || value === undefined) {
      if (!this.hasErrors) this.add('E_INVALID_STRUCTURE', '$', 'document could not be validated', '5.4');
      return { ok: false, value: undefined, findings: this.list };
    }
    return { ok: true, value, findings: this.list };
  }
}

/** Human description of a JSON value's type for messages ("a number", "an array", …). */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return 'a boolean';
    case 'object': return 'an object';
    default: return typeof value;
  }
}

/**
 * The message of an error that reports a document's error findings: each placed by its JSON path,
 * its own code in parentheses, so that the line printed ends in one bracketed code, the error's.
 */
export function findingsMessage(errors: readonly Finding[], options: { sections?: boolean } = {}): string {
  return errors.map((f) => `${f.path}: ${f.message} (${f.code}${options.sections ? `, Section ${f.section}` : ''})`).join('; ') || 'invalid document';
}

/**
 * The finding for JSON text the strict reader refused: `E_DUPLICATE_KEY` at the member named
 * twice, `E_LIMIT_DEPTH` at the value nested past the limit (6.1), else `E_INVALID_JSON` (a
 * syntax error or a lone surrogate); with line and column.
 */
export function jsonFaultFinding(fault: JsonFault): Finding {
  const out = fault.kind === 'depth'
    ? finding('E_LIMIT_DEPTH', fault.path ?? '$', fault.message, '6.1', 'raise limits.maxDepth only if the profile needs it')
    : finding(fault.kind === 'duplicate-key' ? 'E_DUPLICATE_KEY' : 'E_INVALID_JSON', fault.path ?? '$', fault.message, '5.4');
  if (fault.line !== undefined) Object.assign(out, { line: fault.line, column: fault.column });
  return out;
}
