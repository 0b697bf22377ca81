/**
 * The baseline inline context of draft Section 6.1 and the checks that keep a sender's context
 * honest: every core term it defines must have exactly the baseline meaning and type handling,
 * no keyword may be aliased (`id`/`type`, Section 6.5), and no remote context is fetched unless
 * a loader is plugged in (the retrieval module's policy-bounded loader).
 */
import { IoaError } from '../model/errors.js';
import { IRI_CHARACTERS } from '../text/iri.js';
import { childPath, describeType, finding, isObject } from './findings.js';
import { isJsonLdError, loadJsonLd, type ActiveContext, type TermMapping } from './jsonld-api.js';
import type { DocumentLoader, Finding, RemoteDocument } from './types.js';

import { BASELINE_CONTEXT, BASELINE_NAME_OF, BASELINE_PREFIXES, BASELINE_TERMS, IOA, type BaselineTerm } from './baseline-context.js';

export { BASELINE_CONTEXT, BASELINE_NAME_OF, BASELINE_PREFIXES, BASELINE_TERMS, type BaselineTerm };

/**
 * The default loader: refuses every URL. Section 6.1 asks profiles to use the inline context; a
 * receiver that fetched whatever a sender names would be open to SSRF and resource exhaustion.
 */
export const refusingDocumentLoader: DocumentLoader = async (url: string): Promise<RemoteDocument> => {
  throw new IoaError('E_RETRIEVAL', `remote context ${url} not retrieved: remote retrieval is not permitted (no document loader configured)`);
};

// ---------------------------------------------------------------------------------------------
// Context checks
// ---------------------------------------------------------------------------------------------

const BASELINE_RAW = BASELINE_CONTEXT['@context'] as Readonly<Record<string, unknown>>;
const ABSOLUTE_PREFIX_IRI = new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*:${IRI_CHARACTERS}*[#/:]$`, 'u');

function sameShallow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}

/**
 * Fast path: a context object that copies baseline definitions verbatim and otherwise only adds
 * prefixes (like the examples of 6.2 and 6.3) needs no checking. Returns a key that identifies
 * its meaning (two contexts with the same key process to the same active context), or
 * `undefined` meaning "look closer" (not "invalid").
 */
export function verbatimKey(ctx: Readonly<Record<string, unknown>>): string | undefined {
  let key = '';
  for (const name in ctx) {
    const value = ctx[name];
    if (name === '@version') { if (value !== 1.1) return undefined; key += '@version\n'; continue; }
    if (name === '@protected') { if (typeof value !== 'boolean') return undefined; key += `@protected=${String(value)}\n`; continue; }
    if (name in BASELINE_RAW) { if (!sameShallow(value, BASELINE_RAW[name])) return undefined; key += `${name}\n`; continue; }
    if (name.startsWith('@') || name.includes(':') || typeof value !== 'string' || !ABSOLUTE_PREFIX_IRI.test(value)) return undefined;
    // A prefix onto the ioa namespace would create a second spelling of core terms; look closer.
    if (value === IOA) return undefined;
    key += `${name}=${value}\n`;
  }
  return key;
}

const isVerbatimSubset = (ctx: Readonly<Record<string, unknown>>): boolean => verbatimKey(ctx) !== undefined;

/** Processed active contexts of verbatim-subset contexts, by `verbatimKey`. */
const activeCache = new Map<string, ActiveContext>();
const ACTIVE_CACHE_MAX = 64;
let initialContext: Promise<ActiveContext> | undefined;

/** The cached active context for `key`, without waiting (the common case). */
export const activeContextHit = (key: string): ActiveContext | undefined => activeCache.get(key);

/**
 * The processed (active) context for a verbatim-subset context, processed by jsonld once and
 * cached. `undefined` if processing fails (the caller then expands the usual way and reports).
 */
export async function cachedActiveContext(key: string, ctx: Readonly<Record<string, unknown>>): Promise<ActiveContext | undefined> {
  const hit = activeCache.get(key);
  if (hit) return hit;
  try {
    const jsonld = await loadJsonLd();
    initialContext ??= jsonld.processContext(null, null, {});
    const active = await jsonld.processContext(await initialContext, ctx, { documentLoader: refusingDocumentLoader });
    if (activeCache.size >= ACTIVE_CACHE_MAX) activeCache.delete(activeCache.keys().next().value as string);
    activeCache.set(key, active);
    return active;
  } catch {
    return undefined;
  }
}

const KEYWORD = /^@[a-z]+$/i;

interface Scoped { term: string; context: unknown; path: string }

function checkMapping(term: string, mapping: TermMapping, path: string, out: Finding[], scoped: Scoped[]): void {
  const where = childPath(path, term);
  const target = mapping['@id'];
  if (typeof target === 'string' && KEYWORD.test(target)) {
    if (target === '@id' || target === '@type') {
      out.push(finding('E_INVALID_ALIAS', where, `term "${term}" is an alias of ${target}; the baseline uses @id and @type directly and defines no alias`, '6.5', `remove the alias and write "${target}"`));
    } else if (target !== '@context') {
      out.push(finding('E_INVALID_ALIAS', where, `term "${term}" aliases the keyword ${target}; keyword aliases are not part of the baseline context`, '6.1', `write "${target}" directly`));
    }
    return;
  }
  const prefixIri = BASELINE_PREFIXES.get(term);
  if (prefixIri !== undefined) {
    if (target !== prefixIri) {
      out.push(finding('E_INVALID_PROTECTED_REDEFINITION', where, `prefix "${term}" must be ${prefixIri}, got ${String(target)}`, '6.1', `define "${term}": "${prefixIri}"`));
    }
    return;
  }
  const baseline = BASELINE_TERMS.get(term);
  if (baseline === undefined) {
    // A non-core term may carry a scoped context; it must not redefine core terms either.
    if (mapping['@context'] !== undefined) scoped.push({ term, context: mapping['@context'], path: where });
    return;
  }
  if (mapping.reverse || target !== baseline.iri) {
    out.push(finding('E_INVALID_PROTECTED_REDEFINITION', where,
      `core term "${term}" must mean ${baseline.iri}${mapping.reverse ? ' (not as a reverse property)' : `, but is defined as ${String(target)}`}`,
      '6.1', `use the baseline definition of "${term}" from Section 6.1`));
    return;
  }
  const type = mapping['@type'];
  if (baseline.iriValued ? type !== '@id' : type !== undefined) {
    out.push(finding('E_INVALID_TERM_DEFINITION', where,
      baseline.iriValued
        ? `core term "${term}" takes IRI values and must be defined with "@type": "@id"`
        : `core term "${term}" takes plain literals and must not set "@type" (${String(type)})`,
      '6.1', `use the baseline definition of "${term}" from Section 6.1`));
  }
  const container = mapping['@container'] ?? [];
  const extra = (['@language', '@direction', '@nest', '@index', '@context'] as const).filter((k) => mapping[k] !== undefined && mapping[k] !== null);
  if (container.some((c) => c !== '@set') || extra.length > 0) {
    out.push(finding('E_INVALID_TERM_DEFINITION', where,
      `core term "${term}" is defined with ${[...container.filter((c) => c !== '@set'), ...extra].join(', ')}, which the baseline does not have`,
      '6.1', `use the baseline definition of "${term}" from Section 6.1`));
  }
}

/** Findings per distinct context text; a context is checked once per process. */
const analysisCache = new Map<string, Finding[]>();
const ANALYSIS_CACHE_MAX = 256;
const ANALYSIS_KEY_MAX = 16 * 1024;

/** Context-processing errors are reported by expansion; here we only look at what processed. */
async function analyse(context: unknown, path: string, documentLoader: DocumentLoader): Promise<Finding[]> {
  const out: Finding[] = [];
  let active: ActiveContext;
  try {
    const jsonld = await loadJsonLd();
    const initial = await jsonld.processContext(null, null, {});
    active = await jsonld.processContext(initial, context, { documentLoader });
  } catch {
    return out; // expansion reports the same error with its proper code
  }
  let pending: Scoped[] = [];
  for (const [term, mapping] of active.mappings) checkMapping(term, mapping, path, out, pending);
  let depth = 0;
  while (pending.length > 0 && depth < 4) {
    const current = pending;
    pending = [];
    depth += 1;
    for (const scoped of current) {
      try {
        const inner = await (await loadJsonLd()).processContext(active, scoped.context, { documentLoader });
        for (const [term, mapping] of inner.mappings) {
          const baseline = BASELINE_TERMS.get(term);
          const before = active.mappings.get(term);
          if ((baseline !== undefined || BASELINE_PREFIXES.has(term)) && before !== undefined && mapping['@id'] !== before['@id']) {
            out.push(finding('E_INVALID_PROTECTED_REDEFINITION', childPath(scoped.path, term),
              `the scoped context of "${scoped.term}" redefines core term "${term}"`, '6.1'));
          } else if (baseline !== undefined || BASELINE_PREFIXES.has(term)) {
            checkMapping(term, mapping, childPath(scoped.path, '@context'), out, pending);
          }
        }
      } catch (error) {
        // Processed on its own, a scoped redefinition of a protected term throws; JSON-LD 1.1
        // expansion would let a property-scoped context override it, so it must be caught here.
        if (isJsonLdError(error) && error.details?.code === 'protected term redefinition') {
          const term = String(error.details.term ?? '');
          out.push(finding('E_INVALID_PROTECTED_REDEFINITION', childPath(childPath(scoped.path, '@context'), term),
            `the scoped context of "${scoped.term}" redefines core term "${term}"`, '6.1'));
        }
        // anything else is reported by expansion
      }
    }
  }
  return out;
}

/**
 * Every `@protected` of a context, at its level or in a term definition (scoped contexts
 * included), that is not a boolean: JSON-LD 1.1 (context processing, 5.1.2 step 5.11 and
 * 4.2.2 step 11) raises "invalid @protected value", which jsonld.js does not, so `"true"` and
 * `"false"` alike would read as protecting.
 */
function protectedValueFindings(context: unknown, path: string, out: Finding[]): void {
  if (Array.isArray(context)) {
    context.forEach((c, i) => protectedValueFindings(c, childPath(path, i), out));
    return;
  }
  if (!isObject(context)) return;
  const check = (holder: Record<string, unknown>, at: string): void => {
    if (!('@protected' in holder) || typeof holder['@protected'] === 'boolean') return;
    out.push(finding('E_INVALID_CONTEXT', childPath(at, '@protected'),
      `invalid JSON-LD context: invalid @protected value (JSON-LD 1.1 requires true or false, got ${describeType(holder['@protected'])} ${JSON.stringify(holder['@protected'])})`, '6.1'));
  };
  check(context, path);
  for (const [term, definition] of Object.entries(context)) {
    if (!isObject(definition)) continue;
    const at = childPath(path, term);
    check(definition, at);
    if ('@context' in definition) protectedValueFindings(definition['@context'], childPath(at, '@context'), out);
  }
}

/**
 * Check one `@context` value (object, array or string) found at `path`. Verbatim copies of the
 * baseline skip processing; anything else is processed with jsonld once and the findings cached.
 */
export async function checkContext(context: unknown, path: string, documentLoader: DocumentLoader, loaderIsDefault: boolean): Promise<Finding[]> {
  if (isObject(context) && isVerbatimSubset(context)) return [];
  let key: string | undefined;
  // Results that depend on a custom loader are not cached: its policy may change between calls.
  if (loaderIsDefault) {
    key = `${path}\u0000${JSON.stringify(context)}`;
    // Large contexts are not kept: a stream of distinct hostile contexts must not grow memory.
    if (key.length > ANALYSIS_KEY_MAX) key = undefined;
  }
  if (key !== undefined) {
    const hit = analysisCache.get(key);
    if (hit) return hit.map((f) => ({ ...f }));
  }
  const found: Finding[] = [];
  protectedValueFindings(context, path, found);
  found.push(...await analyse(context, path, documentLoader));
  if (key !== undefined) {
    if (analysisCache.size >= ANALYSIS_CACHE_MAX) analysisCache.delete(analysisCache.keys().next().value as string);
    analysisCache.set(key, found);
  }
  return found.map((f) => ({ ...f }));
}
