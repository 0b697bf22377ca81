/**
 * Shared by the agent-world loaders (OASF, Hugging Face tasks, A2A Agent Cards): reading JSON
 * with a location on failure, small type guards that name the JSON path of a fault, and label
 * handling that keeps one entry per normalised text.
 */
import type { Concept, Label, LabelSource } from '../model/concept.js';
import { IoaError, type ErrorLocation } from '../model/errors.js';
import { labelKey } from '../model/ontology-index.js';
import { parseJson } from '../text/json.js';
import { readTextFile } from '../io/files.js';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function vocabError(message: string, location: ErrorLocation, cause?: unknown): IoaError {
  return new IoaError('E_VOCAB_INVALID', message, location, cause === undefined ? undefined : { cause });
}

/** Read and parse a JSON file; unreadable → E_FILE_UNREADABLE, malformed → E_PARSE_JSON with line. */
export async function readJsonFile(file: string): Promise<unknown> {
  return parseJson(await readTextFile(file), file);
}

/** A required, non-blank string member. */
export function requireString(obj: JsonObject, key: string, file: string, at: string): string {
  const value = obj[key];
  if (typeof value !== 'string' || !value.trim()) {
    throw vocabError(`"${key}" must be a non-empty string`, { file, path: `${at}.${key}` });
  }
  return value.trim();
}

/** An optional string member: absent → undefined, present but not a string → error. */
export function optionalString(obj: JsonObject, key: string, file: string, at: string): string | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw vocabError(`"${key}" must be a string`, { file, path: `${at}.${key}` });
  return value.trim() || undefined;
}

/** An optional array of strings: absent → undefined. */
export function optionalStringArray(obj: JsonObject, key: string, file: string, at: string): string[] | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw vocabError(`"${key}" must be an array of strings`, { file, path: `${at}.${key}` });
  return value.map((v, i) => {
    if (typeof v !== 'string') throw vocabError(`"${key}"[${i}] must be a string`, { file, path: `${at}.${key}[${i}]` });
    return v.trim();
  }).filter((v) => v.length > 0);
}

/**
 * Add a label unless one with the same normalised text is already there: OASF's caption
 * "Image Classification" and its split name "image classification" are one label, not two.
 */
export function addLabel(concept: Concept, text: string | undefined, source: LabelSource): void {
  const trimmed = text?.trim();
  if (!trimmed) return;
  const key = labelKey(trimmed);
  const known = (l: Label): boolean => labelKey(l.text) === key;
  if (concept.labels.some(known) || concept.synonyms.some((s) => labelKey(s.text) === key)) return;
  concept.labels.push({ text: trimmed, source });
}

export function addUnique(list: string[], value: string | undefined): void {
  const trimmed = value?.trim();
  if (trimmed && !list.includes(trimmed)) list.push(trimmed);
}
