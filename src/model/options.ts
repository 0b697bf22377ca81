/**
 * Checks of what a library caller passes, at the entry points: an options argument that is not
 * an object, a callback that is not a function or a signal that is not an AbortSignal fails at
 * once with E_USAGE and the option's path, instead of a TypeError from deep inside a run.
 */
import { IoaError } from './errors.js';

/** `options` is undefined or a plain object; returns it as one. */
export function optionsObject<T extends object>(options: T | undefined, path = '$'): T {
  if (options === undefined) return {} as T;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new IoaError('E_USAGE', `options must be an object, not ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}`, { path });
  }
  return options;
}

/** Each named option, when given, is a function. */
export function checkCallbacks(options: object, names: readonly string[], path = '$'): void {
  for (const name of names) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined && typeof value !== 'function') throw new IoaError('E_USAGE', `${name} must be a function, not ${value === null ? 'null' : typeof value}`, { path: `${path}.${name}` });
  }
}

/** `value` is a loaded ontology (what `loadOntology` returns), not a path or anything else. */
export function checkLoaded(value: unknown, path: string, what = 'a loaded ontology (what loadOntology returns)'): void {
  const loaded = typeof value === 'object' && value !== null && (value as { byIri?: unknown }).byIri instanceof Map && Array.isArray((value as { concepts?: unknown }).concepts);
  if (!loaded) throw new IoaError('E_USAGE', `${path.replace(/^\$\.?/, '') || 'the argument'} must be ${what}, not ${typeof value === 'string' ? `the path ${JSON.stringify(value)} (load it first)` : value === null ? 'null' : typeof value}`, { path });
}

/** `value`, when given, is an array (a string where a list goes is the usual slip). */
export function checkList(value: unknown, path: string): void {
  if (value !== undefined && !Array.isArray(value)) throw new IoaError('E_USAGE', `${path.replace(/^\$\./, '')} must be an array, not ${value === null ? 'null' : typeof value}`, { path });
}

/** `signal`, when given, is an AbortSignal. */
export function checkSignal(signal: unknown, path = '$.signal'): void {
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new IoaError('E_USAGE', 'signal must be an AbortSignal (from an AbortController)', { path });
}
