import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Finding } from '../../src/envelope/index.js';

const dir = fileURLToPath(new URL('../../corpora/ioa-example/', import.meta.url));

export type Json = Record<string, unknown>;

/** A fresh parsed copy of one of the draft's documents, as printed. */
export function draftDoc(name: 'envelope-6.2' | 'capability-6.3' | 'context-6.1' | 'artifact-12.4' | 'binding-replacement-12.3' | 'a2a-extension-12.2'): Json {
  return JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8')) as Json;
}

export const draftText = (name: string): string => readFileSync(`${dir}${name}.json`, 'utf8');

/** The 6.2 envelope with `edit` applied to a fresh copy. */
export function envelope(edit: (doc: Json) => void = () => {}): Json {
  const doc = draftDoc('envelope-6.2');
  edit(doc);
  return doc;
}

export function capability(edit: (doc: Json) => void = () => {}): Json {
  const doc = draftDoc('capability-6.3');
  edit(doc);
  return doc;
}

/** The `@context` object of a document, for editing. */
export const ctx = (doc: Json): Json => doc['@context'] as Json;

/** Error codes, sorted and de-duplicated, for exact assertions. */
export const errorCodes = (findings: readonly Finding[]): string[] =>
  [...new Set(findings.filter((f) => f.severity === 'error').map((f) => f.code))].sort();

export const withCode = (findings: readonly Finding[], code: string): Finding[] => findings.filter((f) => f.code === code);
