/**
 * Resource limits (Section 6.1: fetching and processing must not allow resource exhaustion).
 * Checked before anything else touches the document; each exceeded limit is an error finding.
 */
import { IoaError } from '../model/errors.js';
import { childPath, type Findings } from './findings.js';
import type { Limits } from './types.js';

/** Defaults: far above any envelope, profile or policy seen in practice, far below harm. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({ maxBytes: 256 * 1024, maxDepth: 32, maxArrayLength: 1024 });

/** Limits that bound nesting alone: for documents whose size and array lengths have no fixed bound (an artifact of many rules). */
export function nestingOnly(maxDepth: number = DEFAULT_LIMITS.maxDepth): Limits {
  return { maxDepth, maxBytes: Number.MAX_SAFE_INTEGER, maxArrayLength: Number.MAX_SAFE_INTEGER };
}

export function resolveLimits(limits: Partial<Limits> = {}): Limits {
  const out = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(out)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new IoaError('E_USAGE', `limit ${name} must be a positive integer, got ${String(value)}`);
    }
  }
  return out;
}

/**
 * One walk: depth, array lengths and an estimate of the serialised size (exact for text input,
 * which `validateText` measures before parsing). Stops at the first exceeded limit: the point is
 * not to keep walking a hostile document.
 */
export function checkLimits(input: unknown, limits: Limits, f: Findings): boolean {
  let bytes = 0;
  // Keys of the current branch; the JSON path is only built when a limit is exceeded.
  const stack: (string | number)[] = [];
  const here = (): string => stack.reduce<string>((p, k) => childPath(p, k), '$');
  const walk = (value: unknown, depth: number): boolean => {
    if (typeof value === 'string') { bytes += value.length + 2; return true; }
    if (typeof value !== 'object' || value === null) { bytes += 5; return true; }
    if (depth > limits.maxDepth) {
      f.add('E_LIMIT_DEPTH', here(), `nesting deeper than ${limits.maxDepth} levels`, '6.1', 'raise limits.maxDepth only if the profile needs it');
      return false;
    }
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayLength) {
        f.add('E_LIMIT_ARRAY_LENGTH', here(), `array of ${value.length} items exceeds the limit of ${limits.maxArrayLength}`, '6.1');
        return false;
      }
      bytes += 2;
      for (let i = 0; i < value.length; i++) {
        stack.push(i);
        if (!walk(value[i], depth + 1)) return false;
        stack.pop();
      }
    } else {
      bytes += 2;
      for (const key in value) {
        bytes += key.length + 4;
        stack.push(key);
        if (!walk((value as Record<string, unknown>)[key], depth + 1)) return false;
        stack.pop();
      }
    }
    if (bytes > limits.maxBytes) {
      f.add('E_LIMIT_SIZE', '$', `document larger than the limit of ${limits.maxBytes} bytes`, '6.1');
      return false;
    }
    return true;
  };
  return walk(input, 1);
}
