/**
 * Checks of what a library caller passes, at the entry points: an options argument that is not
 * an object, a callback that is not a function or a signal that is not an AbortSignal fails at
 * once with E_USAGE and the option's path, instead of a TypeError from deep inside a run.
 */
import { suggest } from './suggest.js';
import { IoaError } from './errors.js';

/**
 * `options` is undefined or a plain object whose keys are all among `known`; returns it as one. A
 * misspelt key (`topk`, `signa`) is refused with E_USAGE at its path, naming the key meant when one
 * is close, rather than left out unseen: a run never goes on with a default its caller believes
 * replaced (a misspelt `signal` could no longer cancel it). A key whose value is undefined counts
 * as absent.
 */
export function optionsObject<T extends object>(options: T | undefined, path = '$', known?: readonly string[]): T {
  if (options === undefined) return {} as T;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new IoaError('E_USAGE', `options must be an object, not ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}`, { path });
  }
  if (known) checkKeys(options, known, path, 'option');
  return options;
}

/** Every key of `value` whose value is not undefined is one of `known` (see optionsObject). */
export function checkKeys(value: object, known: readonly string[], path: string, what: string): void {
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || known.includes(key)) continue;
    const hint = suggest(key, known);
    throw new IoaError('E_USAGE', `unknown ${what} "${key}"${hint ? `; did you mean "${hint}"?` : `; the ${what}s are ${known.join(', ')}`}`, { path: `${path}.${key}` });
  }
}

/**
 * The keys of an options type, as the list optionsObject checks against. The compiler refuses a
 * list that leaves out a key of `T` or names one it lacks, so the list cannot drift from the type:
 * `optionKeys<ProposeOptions>()('topK', 'signal', …)`.
 */
export function optionKeys<T extends object>() {
  return <const K extends ReadonlyArray<keyof T & string>>(...keys: K & ([Exclude<keyof T & string, K[number]>] extends [never] ? unknown : { missing: Exclude<keyof T & string, K[number]> })): readonly string[] => keys;
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
