/**
 * What a JSON-LD document's scoped contexts cost to process. A term definition with its own
 * `@context` (a type- or property-scoped context) is processed anew wherever the term applies,
 * so the work is the context's size times its uses, not the size of the file: a 1,000-term context
 * on a type used by 4,000 classes (a 288 KB ontology) took 13 s of CPU, a 9,000-term one on 1,024
 * term bindings (a 214 KB envelope) 36 s. Documents that scope contexts scope a few terms.
 */
import type { JsonPathSegments } from './json.js';

/** The budget, in characters of context: a fixed allowance plus a multiple of the document's length. */
export const JSONLD_SCOPED_CONTEXT_ALLOWANCE = 16 * 1024 * 1024;
export const JSONLD_SCOPED_CONTEXT_RATIO = 4;

/** One scoped context that goes over the budget with the others, and what they cost together. */
export interface ScopedContextExcess {
  /** The term whose scoped context costs the most. */
  term: string;
  /** Characters of its context (as JSON). */
  size: number;
  /** Places the term could apply: members it names, strings equal to it (an `@type` value, an alias). */
  uses: number;
  /** Where its definition is. */
  path: JsonPathSegments;
  /** Characters of context processing all scoped contexts together cost, and the budget. */
  total: number;
  limit: number;
  /** A sentence saying so, for an error or a finding. */
  message: string;
}

const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The costliest scoped context of `doc` when all of them together (each one's size times the
 * places its term could apply, an upper bound of what jsonld processes) go past the budget for a
 * document of `length` characters; undefined within it. `length` may be a function: it is asked
 * only when the fixed allowance alone is not enough (an envelope is measured by writing it out).
 */
export function scopedContextExcess(doc: unknown, length: number | (() => number)): ScopedContextExcess | undefined {
  const scoped: Array<{ term: string; size: number; path: JsonPathSegments }> = [];
  const contexts = (value: unknown, path: JsonPathSegments): void => {
    if (Array.isArray(value)) value.forEach((c, i) => contexts(c, [...path, i]));
    else if (isJsonObject(value)) {
      for (const [term, definition] of Object.entries(value)) {
        if (!term.startsWith('@') && isJsonObject(definition) && definition['@context'] !== undefined) {
          scoped.push({ term, size: JSON.stringify(definition['@context']).length, path: [...path, term] });
          contexts(definition['@context'], [...path, term, '@context']);
        }
      }
    }
  };
  // The contexts first: most documents scope none, and then no use needs counting. Every node is
  // visited, but only a context needs its path: one stack, copied there.
  const path: Array<string | number> = [];
  const findContexts = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        findContexts(value[i]);
        path.pop();
      }
    } else if (isJsonObject(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (key === '@context') {
          contexts(v, [...path, key]);
          continue;
        }
        path.push(key);
        findContexts(v);
        path.pop();
      }
    }
  };
  findContexts(doc);
  if (scoped.length === 0) return undefined;
  // Uses of the scoped terms only: member names and strings outside contexts (a context holds
  // definitions, not uses: its terms apply in the nodes around it).
  const uses = new Map<string, number>(scoped.map((s) => [s.term, 0]));
  const count = (name: string): void => {
    const n = uses.get(name);
    if (n !== undefined) uses.set(name, n + 1);
  };
  const walk = (value: unknown): void => {
    if (typeof value === 'string') count(value);
    else if (Array.isArray(value)) {
      for (const v of value) walk(v);
    } else if (isJsonObject(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (key === '@context') continue;
        count(key);
        walk(v);
      }
    }
  };
  walk(doc);
  const cost = (s: (typeof scoped)[number]): number => s.size * (uses.get(s.term) ?? 0);
  const total = scoped.reduce((sum, s) => sum + cost(s), 0);
  if (total <= JSONLD_SCOPED_CONTEXT_ALLOWANCE) return undefined;
  const chars = typeof length === 'function' ? length() : length;
  const limit = JSONLD_SCOPED_CONTEXT_ALLOWANCE + JSONLD_SCOPED_CONTEXT_RATIO * chars;
  if (total <= limit) return undefined;
  const worst = scoped.reduce((a, b) => (cost(b) > cost(a) ? b : a));
  const n = uses.get(worst.term) ?? 0;
  return {
    ...worst, uses: n, total, limit,
    message: `the scoped context of "${worst.term}" (${worst.size} characters) applies wherever "${worst.term}" is used (${n} places): ${total} characters of context processing, more than ${limit} (${JSONLD_SCOPED_CONTEXT_ALLOWANCE} plus ${JSONLD_SCOPED_CONTEXT_RATIO} times the ${chars} characters of the document); jsonld processes a scoped context anew where it applies`,
  };
}
