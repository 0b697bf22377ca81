/**
 * Where in a JSON-LD document the fault that a jsonld error names lies. jsonld's errors carry
 * what they are about in `details` — a term, a context, a value, an element — but as copies, and
 * for expansion errors often as the expanded element, which the document as written does not
 * hold. Each is found in the document by equal JSON where it can be, and otherwise by looking for
 * a place in the document that breaks the same rule, so the place named is always a fault of
 * the kind the message names.
 */
import type { JsonPathSegments } from '../text/json.js';

type Path = JsonPathSegments;
type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** The keywords of the expansion errors whose value is the value of that keyword. */
const KEYWORD_OF_CODE: Readonly<Record<string, string>> = {
  'invalid language-tagged string': '@language',
  'invalid base direction': '@direction',
};

/**
 * The path of what `error` (a jsonld error) is about in `doc`: the term it names (in the
 * context it names, when that context is in the document as written), else that context, else
 * the place that breaks the rule it names, else the value or element it names; undefined when
 * none of these can be told.
 */
export function pathOfJsonLdError(error: unknown, doc: unknown): Path | undefined {
  const details = (error as { details?: Record<string, unknown> }).details;
  if (!details) return undefined;
  const code = typeof details.code === 'string' ? details.code : '';
  // "invalid @id value", "invalid type value": the value of that keyword, a scalar too.
  const keyword = /^invalid (@?\w+) value$/.exec(code)?.[1]?.replace(/^(?!@)/, '@');
  const find = (target: unknown, member?: string): Path | undefined => {
    if (target === undefined || (member === undefined && (target === null || typeof target === 'boolean' || typeof target === 'number'))) return undefined;
    const json = JSON.stringify(target);
    const kind = Array.isArray(target) ? 'array' : typeof target;
    const walk = (value: unknown, path: Path): Path | undefined => {
      if ((member === undefined || path[path.length - 1] === member) && (Array.isArray(value) ? 'array' : typeof value) === kind && JSON.stringify(value) === json) return path;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const hit = walk(value[i], [...path, i]);
          if (hit) return hit;
        }
      } else if (isObject(value)) {
        for (const [key, v] of Object.entries(value)) {
          const hit = walk(v, [...path, key]);
          if (hit) return hit;
        }
      }
      return undefined;
    };
    return walk(doc, []);
  };
  // Every context of the document as written: each "@context" member, or each item of one that is an array.
  const contexts: Path[] = [];
  const collectContexts = (value: unknown, path: Path): void => {
    if (Array.isArray(value)) value.forEach((v, i) => collectContexts(v, [...path, i]));
    else if (isObject(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (key === '@context') {
          if (Array.isArray(v)) v.forEach((_c, i) => contexts.push([...path, key, i]));
          else contexts.push([...path, key]);
        }
        collectContexts(v, [...path, key]);
      }
    }
  };
  collectContexts(doc, []);
  const at = (path: Path): unknown => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], doc);
  const hasTerm = (path: Path, term: string): boolean => {
    const context = at(path);
    return isObject(context) && Object.hasOwn(context, term);
  };
  const context = typeof details.context === 'object' ? find(details.context) : undefined;
  if (typeof details.term === 'string') {
    const term = details.term;
    if (context && hasTerm(context, term)) return [...context, term];
    const holder = contexts.find((c) => hasTerm(c, term));
    if (holder) return [...holder, term];
  }
  if (context && code !== 'invalid local context') {
    // The member of the context at fault, when the rule it breaks tells which.
    const held = at(context);
    const member = isObject(held) ? memberAtFault(code, error instanceof Error ? error.message : '', held) : undefined;
    return member ? [...context, ...member] : context;
  }
  return byRule(code, details, doc, contexts, at) ?? context
    ?? (keyword ? find(details.value, keyword) : undefined) ?? find(details.value) ?? find(details.element);
}

/** The keyword of a context jsonld names by the code of an error in its value. */
const CONTEXT_KEYWORD_OF_CODE: Readonly<Record<string, string>> = {
  'invalid @version value': '@version',
  'invalid base IRI': '@base',
  'invalid vocab mapping': '@vocab',
  'invalid default language': '@language',
  'invalid base direction': '@direction',
  'invalid @propagate value': '@propagate',
  'invalid @import value': '@import',
};

/** Keywords a term definition may hold (JSON-LD 1.1). */
const TERM_DEFINITION_KEYWORDS = new Set(['@container', '@id', '@language', '@reverse', '@type', '@context', '@direction', '@index', '@nest', '@prefix', '@protected']);
const CONTAINERS = new Set(['@list', '@set', '@index', '@language', '@graph', '@id', '@type']);
const TYPE_KEYWORDS = new Set(['@id', '@vocab', '@json', '@none']);

/**
 * The member of `context` (a keyword of the context, a term, or a keyword of a term's
 * definition) that breaks the rule of the jsonld error `code` with `message`: jsonld names the
 * context of such an error, not the term. The first term of the context that breaks the rule.
 */
function memberAtFault(code: string, message: string, context: JsonObject): Path | undefined {
  const keyword = CONTEXT_KEYWORD_OF_CODE[code];
  // A term's "@direction" breaks the same rule as the context's: the context's only when it is wrong.
  const direction = context['@direction'];
  if (keyword !== undefined && Object.hasOwn(context, keyword) && (keyword !== '@direction' || (direction !== null && direction !== 'ltr' && direction !== 'rtl'))) return [keyword];
  const terms = Object.entries(context).filter(([term]) => !term.startsWith('@'));
  const definitions = terms.filter((entry): entry is [string, JsonObject] => isObject(entry[1]));
  /** The first term whose definition breaks `rule`, at the keyword `key` of it (when it has it). */
  const first = (rule: (definition: JsonObject, term: string) => boolean, key?: string): Path | undefined => {
    const hit = definitions.find(([term, definition]) => rule(definition, term));
    if (!hit) return undefined;
    return key !== undefined && Object.hasOwn(hit[1], key) ? [hit[0], key] : [hit[0]];
  };
  const isIri = (v: unknown): boolean => typeof v === 'string' && v.includes(':');
  const named = /on term "([^"]*)"/.exec(message)?.[1];
  switch (code) {
    case 'invalid base direction':
      return first((d) => '@direction' in d && d['@direction'] !== null && d['@direction'] !== 'ltr' && d['@direction'] !== 'rtl', '@direction');
    case 'invalid term definition': {
      if (Object.hasOwn(context, '')) return [''];
      if (named !== undefined && isObject(context[named])) return [named, '@index'];
      const wrong = terms.find(([, d]) => d !== null && typeof d !== 'string' && !isObject(d));
      if (wrong) return [wrong[0]];
      const unknown = definitions.map(([term, d]) => [term, Object.keys(d).find((k) => !TERM_DEFINITION_KEYWORDS.has(k))] as const).find(([, k]) => k !== undefined);
      if (unknown) return [unknown[0], unknown[1]!];
      return first((d, term) => '@prefix' in d && (term.includes(':') || term.includes('/') || (d['@prefix'] === true && typeof d['@id'] === 'string' && d['@id'].startsWith('@'))), '@prefix');
    }
    case 'invalid reverse property': {
      const kept = /must not contain (@\w+)/.exec(message)?.[1] ?? '@container';
      return first((d) => '@reverse' in d && kept in d, kept);
    }
    case 'invalid IRI mapping': {
      if (message.includes('@reverse')) return first((d) => '@reverse' in d && (typeof d['@reverse'] !== 'string' || !isIri(d['@reverse'])), '@reverse');
      if (message.includes('term in form of IRI')) return first((_d, term) => term.includes(':') || term.includes('/'));
      if (message.includes('array of strings')) return first((d) => '@id' in d && d['@id'] !== null && typeof d['@id'] !== 'string', '@id');
      return first((d) => typeof d['@id'] === 'string' && !d['@id'].startsWith('@') && !isIri(d['@id']) && !Object.hasOwn(context, d['@id']), '@id');
    }
    case 'invalid type mapping': {
      if (message.includes('container: @type')) return first((d) => asArray(d['@container']).includes('@type'), '@type');
      return first((d) => '@type' in d && (typeof d['@type'] !== 'string' || (!TYPE_KEYWORDS.has(d['@type']) && (!isIri(d['@type']) || d['@type'].startsWith('_:')) && !Object.hasOwn(context, d['@type']))), '@type');
    }
    case 'invalid container mapping':
      return first((d) => {
        if (!('@container' in d) || d['@container'] === null) return false;
        const list = asArray(d['@container']);
        return !list.every((c) => typeof c === 'string' && CONTAINERS.has(c)) || (list.length > 1 && (list.includes('@list') || (list.includes('@graph') && list.some((c) => !['@graph', '@id', '@index', '@set'].includes(c as string))) || (!list.includes('@graph') && list.length > (list.includes('@set') ? 2 : 1))));
      }, '@container');
    case 'invalid language mapping':
      return first((d) => '@language' in d && d['@language'] !== null && typeof d['@language'] !== 'string', '@language');
    case 'invalid @prefix value':
      return first((d) => '@prefix' in d && typeof d['@prefix'] !== 'boolean', '@prefix');
    case 'invalid @nest value':
      return first((d) => '@nest' in d && (typeof d['@nest'] !== 'string' || (d['@nest'].startsWith('@') && d['@nest'] !== '@nest')), '@nest');
    case 'invalid keyword alias': {
      const alias = terms.find(([, d]) => ['@context', '@preserve'].includes((isObject(d) ? d['@id'] : d) as string));
      return alias ? [alias[0]] : undefined;
    }
  }
  return undefined;
}

/**
 * The first place in `doc` that breaks the rule of the jsonld error `code`, for the errors
 * whose details the document does not hold as written (an expanded element, a number, none).
 * `contexts` are the paths of the document's contexts, in document order; `at` reads a path.
 */
function byRule(code: string, details: Record<string, unknown>, doc: unknown, contexts: readonly Path[], at: (path: Path) => unknown): Path | undefined {
  // Keyword aliases ("id": "@id"), reverse terms and terms with a property-valued index, from
  // every context of the document (which context applies where is not followed: a key is taken
  // for what any context makes it).
  const aliases = new Map<string, string>();
  const reverseTerms = new Set<string>();
  const indexTerms = new Set<string>();
  for (const path of contexts) {
    const c = at(path);
    if (!isObject(c)) continue;
    for (const [term, definition] of Object.entries(c)) {
      const id = typeof definition === 'string' ? definition : isObject(definition) ? definition['@id'] : undefined;
      if (typeof id === 'string' && id.startsWith('@')) aliases.set(term, id);
      if (isObject(definition) && typeof definition['@reverse'] === 'string') reverseTerms.add(term);
      if (isObject(definition) && definition['@index'] !== undefined) indexTerms.add(term);
    }
  }
  const kw = (key: string): string | undefined => (key.startsWith('@') ? key : aliases.get(key));
  /** The first node-level object (none inside a context) for which `visit` names a place. */
  const search = (visit: (object: JsonObject, path: Path) => Path | undefined): Path | undefined => {
    const walk = (value: unknown, path: Path): Path | undefined => {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const hit = walk(value[i], [...path, i]);
          if (hit) return hit;
        }
      } else if (isObject(value)) {
        const hit = visit(value, path);
        if (hit) return hit;
        for (const [key, v] of Object.entries(value)) {
          if (key === '@context') continue;
          const inner = walk(v, [...path, key]);
          if (inner) return inner;
        }
      }
      return undefined;
    };
    return walk(doc, []);
  };
  const keyOf = (object: JsonObject, keyword: string): string | undefined => Object.keys(object).find((k) => kw(k) === keyword);
  // An object written as `element` expands to: the same keywords, as many other members and,
  // for a value object, the same @value (@value is not expanded).
  const shape = (object: JsonObject): string => {
    const keys = Object.keys(object).filter((k) => k !== '@context');
    return [...keys.map((k) => kw(k)).filter((k) => k !== undefined).sort(), keys.filter((k) => kw(k) === undefined).length].join(' ');
  };
  const element = isObject(details.element) ? details.element : undefined;

  switch (code) {
    case 'invalid local context': {
      // A context that is no object: a number, a boolean (jsonld names the array it was in).
      const wrong = asArray(details.context).filter((c) => !isObject(c) && typeof c !== 'string' && c !== null);
      return contexts.find((path) => {
        const c = at(path);
        return wrong.some((w) => same(c, w));
      });
    }
    case 'invalid context nullification': {
      // A null context where a context with protected terms is in force (on the node or around it).
      const walk = (value: unknown, path: Path, guarded: boolean): Path | undefined => {
        if (Array.isArray(value)) {
          for (let i = 0; i < value.length; i++) {
            const hit = walk(value[i], [...path, i], guarded);
            if (hit) return hit;
          }
          return undefined;
        }
        if (!isObject(value)) return undefined;
        let inForce = guarded;
        if ('@context' in value) {
          const list = asArray(value['@context']);
          for (let i = 0; i < list.length; i++) {
            const c = list[i];
            if (c === null) {
              if (inForce) return Array.isArray(value['@context']) ? [...path, '@context', i] : [...path, '@context'];
            } else if (isObject(c) && (c['@protected'] === true || Object.values(c).some((d) => isObject(d) && d['@protected'] === true))) inForce = true;
          }
        }
        for (const [key, v] of Object.entries(value)) {
          if (key === '@context') continue;
          const hit = walk(v, [...path, key], inForce);
          if (hit) return hit;
        }
        return undefined;
      };
      return walk(doc, [], false);
    }
    case 'invalid value object':
    case 'invalid language-tagged value':
    case 'invalid typed value':
    case 'invalid set or list object': {
      if (!element) break;
      const wanted = shape(element);
      return search((object, path) => {
        if (shape(object) !== wanted) return undefined;
        const valueKey = keyOf(object, '@value');
        if ('@value' in element && (valueKey === undefined || !same(object[valueKey], element['@value']))) return undefined;
        const typeKey = keyOf(object, '@type');
        return code === 'invalid typed value' && typeKey !== undefined ? [...path, typeKey] : path;
      });
    }
    case 'colliding keywords': {
      // Two members of one object that are the same keyword: the second in jsonld's (sorted) order.
      const keyword = details.keyword;
      return search((object, path) => {
        const keys = Object.keys(object).filter((k) => kw(k) === keyword).sort();
        return keys.length > 1 ? [...path, keys[1]!] : undefined;
      });
    }
    case 'invalid reverse property value': {
      // A literal (a string, number or boolean, a value object, a list) where a node is reversed.
      const literal = (v: unknown): boolean => asArray(v).some((item) => !isObject(item) ? item !== null : Object.keys(item).some((k) => kw(k) === '@value' || kw(k) === '@list'));
      return search((object, path) => {
        for (const [key, v] of Object.entries(object)) {
          if (kw(key) === '@reverse' && isObject(v)) {
            const property = Object.keys(v).find((p) => literal(v[p]));
            if (property !== undefined) return [...path, key, property];
          }
          if (reverseTerms.has(key) && literal(v)) return [...path, key];
        }
        return undefined;
      });
    }
    case 'invalid @nest value': {
      // A nested value that is no node object.
      return search((object, path) => {
        for (const [key, v] of Object.entries(object)) {
          if (kw(key) !== '@nest') continue;
          const items = asArray(v);
          const i = items.findIndex((item) => !isObject(item) || Object.keys(item).some((k) => kw(k) === '@value'));
          if (i >= 0) return Array.isArray(v) ? [...path, key, i] : [...path, key];
        }
        return undefined;
      });
    }
    case 'invalid language map value': {
      // The member of the language map that is not a string.
      const map = details.languageMap;
      return search((object, path) => {
        if (!same(object, map)) return undefined;
        const key = Object.keys(object).find((k) => asArray(object[k]).some((v) => v !== null && typeof v !== 'string'));
        return key === undefined ? path : [...path, key];
      });
    }
    case 'conflicting indexes': {
      // One node written twice with different @index values: the second.
      const seen = new Map<string, unknown>();
      return search((object, path) => {
        const idKey = keyOf(object, '@id');
        const indexKey = keyOf(object, '@index');
        if (idKey === undefined || indexKey === undefined || typeof object[idKey] !== 'string') return undefined;
        const id = object[idKey];
        if (seen.has(id) && !same(seen.get(id), object[indexKey])) return [...path, indexKey];
        if (!seen.has(id)) seen.set(id, object[indexKey]);
        return undefined;
      });
    }
  }
  const value = details.value;
  // The value of a keyword jsonld names by its code (a "@language" that is a number).
  const keyword = KEYWORD_OF_CODE[code];
  if (keyword !== undefined && value !== undefined) {
    return search((object, path) => {
      const key = Object.keys(object).find((k) => kw(k) === keyword && (same(object[k], value) || (Array.isArray(value) && value.length === 1 && same(object[k], value[0]))));
      return key === undefined ? undefined : [...path, key];
    });
  }
  // A value object in an index map whose index is a property: it cannot take that index.
  if (code === 'invalid value object' && isObject(value) && '@value' in value) {
    return search((object, path) => {
      for (const [key, map] of Object.entries(object)) {
        if (!indexTerms.has(key) || !isObject(map)) continue;
        const index = Object.keys(map).find((k) => asArray(map[k]).some((m) => same(m, value['@value']) || (isObject(m) && same(m['@value'], value['@value']))));
        if (index !== undefined) return [...path, key, index];
      }
      return undefined;
    });
  }
  return undefined;
}
