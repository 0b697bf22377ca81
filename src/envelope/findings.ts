/**
 * Building findings and JSON paths. Severity follows the code (`E_…` error, `W_…` warning) so a
 * finding can never claim to be harmless while carrying an error code.
 */
import type { DraftSection, Finding, FindingCode, ValidationResult } from './types.js';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SIMPLE_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.a.b[0]["@type"]`: dot notation where the key allows it, bracketed JSON strings otherwise. */
export function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return SIMPLE_KEY.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

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
