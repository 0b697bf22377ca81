/** Options `diff` and `artifact upgrade` share, parsed before any slow work starts. */
import { IoaError } from '../model/errors.js';
import type { OntologyIndex } from '../model/ontology-index.js';

export function parseTopK(value: string | undefined, option = '--top-k'): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 1 || n > 1000) throw new IoaError('E_USAGE', `${option} must be an integer from 1 to 1000, not "${value}"`, { path: option });
  return n;
}

/** The index with its version stated (or replaced) on the command line (`--from-version`, `--to-version`). */
export function withVersion(index: OntologyIndex, version: string | undefined, option: string): OntologyIndex {
  if (version === undefined) return index;
  if (version.trim() === '') throw new IoaError('E_USAGE', `${option} must not be empty`, { path: option });
  return { ...index, version };
}
