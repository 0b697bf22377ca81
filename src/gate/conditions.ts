/**
 * Condition semantics for mapping rules (DESIGN.md "Condition semantics") and for comparing a
 * task with a provider's declared constraints. Everything here is exact and case-insensitive
 * only where the underlying standard says so; nothing falls back (`zh-CN` never matches `zh`).
 */
import { CONDITION_NAMES, type ConditionName, type Iri } from '../envelope/types.js';
import type { MappingRule } from './artifact.js';

/** What the task requires, gathered from the envelope and the requester's ontology files. */
export interface TaskRequirements {
  /** Media types the requester's capabilities take (`ioa:inputs`); empty when unknown. */
  inputMediaTypes: string[];
  /** Media types the requester expects back (`ioa:outputs`); empty when unknown. */
  outputMediaTypes: string[];
  sourceLang?: string;
  targetLang?: string;
  /** The task's Domain IRI (`profileContext.domain`, else the intent's single `appliesToDomain`). */
  domain?: Iri;
}

/**
 * How two values of one condition relate, the one comparison both the provider's declared
 * constraints and mapping-rule conditions use:
 * - `same`: equal under the standard's own rules;
 * - `related`: not equal, but one may stand for the other under a rule nothing here applies (a
 *   language range and a tag it matches, RFC 4647 §3.3.1; one media type with other parameters):
 *   the relation is not established, in either direction, and is never a completed conflict;
 * - `different`: nothing relates them.
 */
export type Comparison = 'same' | 'related' | 'different';

/** The closest relation of `value` to any of `declared` (`same` before `related`). */
export function closest(value: string, declared: readonly string[], compare: (a: string, b: string) => Comparison): Comparison {
  let best: Comparison = 'different';
  for (const d of declared) {
    const c = compare(value, d);
    if (c === 'same') return c;
    if (c === 'related') best = c;
  }
  return best;
}

/** Media types: `same` as sameMediaType; `related` when only their parameters differ. */
export function compareMediaType(a: string, b: string): Comparison {
  if (sameMediaType(a, b)) return 'same';
  return essence(a) === essence(b) ? 'related' : 'different';
}

const essence = (value: string): string => (value.split(';')[0] ?? '').trim().toLowerCase();

/**
 * Language tags: `same` as sameLanguage; `related` when one is a prefix of the other ending at a
 * subtag boundary (`zh` and `zh-Hans`, the RFC 4647 basic filtering match), or when they are two
 * spellings of one language that canonicalisation joins (the deprecated `iw` and `he`, `in` and
 * `id`, `tl` and `fil`: RFC 5646 §4.5, by the CLDR aliases Intl knows). Which way, if any, one
 * may stand for the other is for a profile to say, and none here says it; a conflict is never
 * concluded between two names of one language.
 */
export function compareLanguage(a: string, b: string): Comparison {
  if (sameLanguage(a, b)) return 'same';
  const prefixed = (x: string, y: string): boolean => x === y || x.startsWith(`${y}-`) || y.startsWith(`${x}-`);
  if (prefixed(a.toLowerCase(), b.toLowerCase())) return 'related';
  const [x, y] = [canonicalLanguage(a), canonicalLanguage(b)];
  return x !== undefined && y !== undefined && prefixed(x, y) ? 'related' : 'different';
}

/** The tag's canonical form (lower case), or undefined when Intl does not read it. */
function canonicalLanguage(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0]?.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Media type equality (RFC 9110): type and subtype case-insensitive; parameters compared as a
 * set with case-insensitive names and exact values (unquoted). `text/plain` ≠ `text/plain;charset=utf-8`.
 */
export function sameMediaType(a: string, b: string): boolean {
  return normaliseMediaType(a) === normaliseMediaType(b);
}

const mediaCache = new Map<string, string>();
function normaliseMediaType(value: string): string {
  let norm = mediaCache.get(value);
  if (norm !== undefined) return norm;
  const [essence = '', ...params] = value.split(';');
  const parts = params
    .map((p) => {
      const eq = p.indexOf('=');
      const name = p.slice(0, eq).trim().toLowerCase();
      let v = p.slice(eq + 1).trim();
      if (v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
      return `${name}=${v}`;
    })
    .sort();
  norm = [essence.trim().toLowerCase(), ...parts].join(';');
  if (mediaCache.size < 10_000) mediaCache.set(value, norm);
  return norm;
}

/** BCP 47 tags compare case-insensitively (RFC 5646 §2.1.1) and exactly: no truncation fallback. */
export function sameLanguage(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * A rule serves only the values it states: a related value (see Comparison) leaves the rule
 * inapplicable, as a different one does, and the message says that nothing was inferred.
 */
const unrelated = (c: Comparison): string => (c === 'related' ? ' (related values, but no fallback between them is inferred)' : '');

export const isKnownCondition = (name: string): name is ConditionName => (CONDITION_NAMES as readonly string[]).includes(name);

/** How one rule relates to the task. */
export type RuleEvaluation =
  | { status: 'applies' }
  /** A condition contradicts the task, or a condition the profile requires is absent from the rule. */
  | { status: 'inapplicable'; condition: string; message: string }
  /** The task does not state what a condition needs, so the rule can neither apply nor be excluded. */
  | { status: 'undetermined'; condition: string; message: string }
  /** A condition whose evaluation semantics this project does not define. */
  | { status: 'unknown-condition'; condition: string; message: string };

/**
 * Evaluate a rule's conditions against the task (7.2: "each mapping rule, including any
 * parameter, input/output, unit, or domain conditions needed for its use"). Unknown conditions
 * win over everything else: a rule whose meaning we cannot evaluate is never treated as either
 * applicable or inapplicable.
 */
export function evaluateRule(rule: MappingRule, task: TaskRequirements, requiredConditions: readonly ConditionName[]): RuleEvaluation {
  const conditions = rule.conditions as Readonly<Record<string, unknown>>;
  for (const name of Object.keys(conditions)) {
    if (!isKnownCondition(name)) {
      return { status: 'unknown-condition', condition: name, message: `condition "${name}" has no evaluation semantics defined by this project` };
    }
  }
  for (const name of requiredConditions) {
    if (conditions[name] === undefined) {
      return { status: 'inapplicable', condition: name, message: `the profile requires condition "${name}" and the rule does not state it (7.2: an absent required condition cannot be repaired)` };
    }
  }
  let undetermined: RuleEvaluation | undefined;
  for (const name of CONDITION_NAMES) {
    const expected = conditions[name];
    if (typeof expected !== 'string') continue;
    const result = evaluateCondition(name, expected, task);
    if (result.status === 'inapplicable') return result;
    if (result.status === 'undetermined' && !undetermined) undetermined = result;
  }
  return undetermined ?? { status: 'applies' };
}

function evaluateCondition(name: ConditionName, expected: string, task: TaskRequirements): RuleEvaluation {
  switch (name) {
    case 'inputMediaType':
    case 'outputMediaType': {
      const actual = name === 'inputMediaType' ? task.inputMediaTypes : task.outputMediaTypes;
      if (actual.length === 0) return { status: 'undetermined', condition: name, message: `the task states no ${name === 'inputMediaType' ? 'input' : 'output'} media type` };
      // Every media type the task uses must be covered, not just one of them.
      const uncovered = actual.find((m) => compareMediaType(m, expected) !== 'same');
      return uncovered === undefined
        ? { status: 'applies' }
        : { status: 'inapplicable', condition: name, message: `rule requires ${name} ${expected}; the task uses ${uncovered}${unrelated(compareMediaType(uncovered, expected))}` };
    }
    case 'sourceLang':
    case 'targetLang': {
      const actual = task[name];
      if (actual === undefined) return { status: 'undetermined', condition: name, message: `the task states no ${name}` };
      const comparison = compareLanguage(actual, expected);
      return comparison === 'same'
        ? { status: 'applies' }
        : { status: 'inapplicable', condition: name, message: `rule requires ${name} ${expected}; the task has ${actual}${unrelated(comparison)}` };
    }
    case 'domain': {
      if (task.domain === undefined) return { status: 'undetermined', condition: name, message: 'the task states no domain' };
      return task.domain === expected
        ? { status: 'applies' }
        : { status: 'inapplicable', condition: name, message: `rule requires domain ${expected}; the task's domain is ${task.domain}` };
    }
  }
}
