/**
 * The A2A Agent Card extension entry of draft Section 12.2 and extension activation.
 *
 * Field names follow the A2A specification (`AgentCapabilities.extensions[]` of `AgentExtension`
 * {uri, description, required, params}); activation uses the `A2A-Extensions` service parameter
 * (HTTP header) of A2A 1.0 and reads the legacy `X-A2A-Extensions` of 0.3. A request that does
 * not activate an extension the card marks `required` is refused with A2A's
 * `ExtensionSupportRequiredError` (JSON-RPC -32008, HTTP 400).
 */
import type { ValidationResult } from '../envelope/index.js';
import { IoaError } from '../model/errors.js';
import { DEFAULT_IRI_SCHEMES, iriProblem } from '../envelope/syntax.js';
import { IRI_CHARACTERS } from '../text/iri.js';
import { DEFAULT_EXTENSION_URI, carrierError, isObject } from './common.js';

/** `params` of the semantic-profile extension (Section 12.2). */
export interface SemanticProfileParams {
  ontologyIds: string[];
  ontologyVersions: string[];
}

/** One `AgentExtension` entry for the semantic-profile extension. */
export interface SemanticProfileExtension {
  uri: string;
  description?: string;
  /** A2A default is false. */
  required: boolean;
  params: SemanticProfileParams;
}

/** The Agent Card fragment of Section 12.2 (merge it into a complete card). */
export interface AgentCardFragment {
  capabilities: { extensions: SemanticProfileExtension[] };
}

export interface ExtensionEntryOptions {
  ontologyIds: string[];
  ontologyVersions: string[];
  uri?: string;
  description?: string;
  required?: boolean;
}

const ABSOLUTE_IRI = new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*:${IRI_CHARACTERS}+$`, 'u');

/** Build the 12.2 entry; inputs are validated the same way a parsed entry is. */
export function buildExtensionEntry(options: ExtensionEntryOptions): SemanticProfileExtension {
  const entry: SemanticProfileExtension = {
    uri: options.uri ?? DEFAULT_EXTENSION_URI,
    ...(options.description !== undefined ? { description: options.description } : {}),
    required: options.required ?? false,
    params: { ontologyIds: [...options.ontologyIds], ontologyVersions: [...options.ontologyVersions] },
  };
  return parseExtensionEntry(entry, '$', entry.uri);
}

/** Build the Section 12.2 fragment `{capabilities: {extensions: [entry]}}`. */
export function buildCardFragment(options: ExtensionEntryOptions): AgentCardFragment {
  return { capabilities: { extensions: [buildExtensionEntry(options)] } };
}

function stringList(value: unknown, path: string, what: string, check: (s: string) => boolean, hint: string): string[] {
  if (!Array.isArray(value) || value.length === 0) throw carrierError(`${what} must be a non-empty array`, path);
  const seen = new Set<string>();
  return value.map((v, i) => {
    if (typeof v !== 'string' || !check(v)) throw carrierError(`${what}[${i}] must be ${hint}`, `${path}[${i}]`);
    if (seen.has(v)) throw carrierError(`${what} lists "${v}" twice`, `${path}[${i}]`);
    seen.add(v);
    return v;
  });
}

/**
 * Validate one `AgentExtension` entry of the semantic-profile extension. Closed set: members the
 * A2A `AgentExtension` does not define, or `params` members 12.2 does not define, are errors.
 */
export function parseExtensionEntry(input: unknown, path = '$', uri = DEFAULT_EXTENSION_URI): SemanticProfileExtension {
  if (!isObject(input)) throw carrierError('an extension entry must be a JSON object', path);
  for (const key of Object.keys(input)) {
    if (!['uri', 'description', 'required', 'params'].includes(key)) throw carrierError(`unknown member "${key}" in an A2A AgentExtension`, `${path}.${key}`);
  }
  if (typeof input.uri !== 'string' || !ABSOLUTE_IRI.test(input.uri)) throw carrierError('"uri" must be an absolute URI', `${path}.uri`);
  if (input.uri !== uri) throw carrierError(`"uri" is ${input.uri}, expected the semantic-profile extension ${uri}`, `${path}.uri`);
  if (input.description !== undefined && typeof input.description !== 'string') throw carrierError('"description" must be a string', `${path}.description`);
  if (input.required !== undefined && typeof input.required !== 'boolean') throw carrierError('"required" must be a boolean', `${path}.required`);
  const params = input.params;
  if (!isObject(params)) throw carrierError('"params" with ontologyIds and ontologyVersions is required', `${path}.params`);
  for (const key of Object.keys(params)) {
    if (key !== 'ontologyIds' && key !== 'ontologyVersions') throw carrierError(`unknown member "${key}" in the semantic-profile params (Section 12.2 defines ontologyIds and ontologyVersions)`, `${path}.params.${key}`);
  }
  // The same IRI rule as the envelope's ontologyId: a compact IRI ("cs:agent-core") is not
  // expanded here, so it would silently never match the ontology an envelope names.
  const ontologyIds = stringList(params.ontologyIds, `${path}.params.ontologyIds`, 'ontologyIds', (s) => iriProblem(s, DEFAULT_IRI_SCHEMES) === undefined, `an absolute ontology IRI with scheme ${DEFAULT_IRI_SCHEMES.join(', ')} (a compact IRI is not expanded)`);
  // A version of spaces only is as empty as "" (the envelope's ontologyVersion must not be blank either).
  const ontologyVersions = stringList(params.ontologyVersions, `${path}.params.ontologyVersions`, 'ontologyVersions', (s) => s.trim() !== '', 'a version string that is not empty or blank');
  return {
    uri: input.uri,
    ...(typeof input.description === 'string' ? { description: input.description } : {}),
    required: input.required ?? false,
    params: { ontologyIds, ontologyVersions },
  };
}

/**
 * Find and validate the semantic-profile entry in an Agent Card (complete card or the 12.2
 * fragment). Undefined when the card does not advertise the extension; other extensions are
 * left alone; the same URI listed twice is an error (which one would apply is a guess).
 */
export function parseAgentCard(card: unknown, uri = DEFAULT_EXTENSION_URI): SemanticProfileExtension | undefined {
  if (!isObject(card)) throw carrierError('an Agent Card must be a JSON object', '$');
  const capabilities = card.capabilities;
  if (capabilities === undefined) return undefined;
  if (!isObject(capabilities)) throw carrierError('"capabilities" must be an object', '$.capabilities');
  const extensions = capabilities.extensions;
  if (extensions === undefined) return undefined;
  if (!Array.isArray(extensions)) throw carrierError('"capabilities.extensions" must be an array', '$.capabilities.extensions');
  const hits = extensions.map((e, i) => [e, i] as const).filter(([e]) => isObject(e) && e.uri === uri);
  if (hits.length === 0) return undefined;
  if (hits.length > 1) throw carrierError(`the extension ${uri} is listed ${hits.length} times`, `$.capabilities.extensions[${hits[1]![1]}]`);
  const [entry, index] = hits[0]!;
  return parseExtensionEntry(entry, `$.capabilities.extensions[${index}]`, uri);
}

/**
 * An Agent Card (complete, or the fragment of Section 12.2) as a document kind of the validator:
 * valid when it advertises the semantic-profile extension `uri` with a well-formed entry. Plug it
 * into the envelope validator as `validators['agent-card']`.
 */
export function agentCardValidator(uri = DEFAULT_EXTENSION_URI): (input: unknown) => ValidationResult<SemanticProfileExtension> {
  return (input) => {
    let entry: SemanticProfileExtension | undefined;
    try {
      entry = parseAgentCard(input, uri);
    } catch (error) {
      if (!(error instanceof IoaError) || error.code !== 'E_CARRIER_INVALID') throw error;
      return { ok: false, value: undefined, findings: [{ code: 'E_INVALID_AGENT_CARD', severity: 'error', path: error.location.path ?? '$', message: error.message, section: '12.2' }] };
    }
    if (entry === undefined) {
      return { ok: false, value: undefined, findings: [{ code: 'E_INVALID_AGENT_CARD', severity: 'error', path: '$.capabilities.extensions', message: `the card does not advertise the semantic-profile extension ${uri}`, section: '12.2' }] };
    }
    return { ok: true, value: entry, findings: [] };
  };
}

/**
 * Does the entry advertise ontology `id` at `version`? `ambiguous` when several ids and several
 * versions are listed: 12.2's two parallel lists do not say which version belongs to which id,
 * and pairing them by position would be a guess.
 */
export function advertises(entry: SemanticProfileExtension, id: string, version: string): 'yes' | 'no' | 'ambiguous' {
  const { ontologyIds, ontologyVersions } = entry.params;
  if (!ontologyIds.includes(id) || !ontologyVersions.includes(version)) return 'no';
  return ontologyIds.length === 1 || ontologyVersions.length === 1 ? 'yes' : 'ambiguous';
}

// ---------------------------------------------------------------------------------------------
// Activation
// ---------------------------------------------------------------------------------------------

/** A2A 1.0 service parameter (HTTP header) naming the extensions a request activates. */
export const EXTENSIONS_HEADER = 'A2A-Extensions';
/** The A2A 0.3 spelling, still read and echoed for 0.3 clients. */
export const LEGACY_EXTENSIONS_HEADER = 'X-A2A-Extensions';
/** A2A `ExtensionSupportRequiredError`. */
export const EXTENSION_SUPPORT_REQUIRED = { code: -32008, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', name: 'ExtensionSupportRequiredError' } as const;

/** Header values as Node (`IncomingHttpHeaders`), a plain record, or a WHATWG `Headers`. */
export type HeaderBag = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function headerValues(headers: HeaderBag, name: string): string[] {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const v = (headers as { get(name: string): string | null }).get(name);
    return v === null ? [] : [v];
  }
  const lower = name.toLowerCase();
  const out: string[] = [];
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() !== lower || v === undefined) continue;
    out.push(...(Array.isArray(v) ? v : [v]));
  }
  return out;
}

/** Comma-separated URIs, whitespace trimmed, case kept (URIs are case-sensitive), duplicates dropped. */
export function parseExtensionsHeader(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const uri = part.trim();
      if (uri && !out.includes(uri)) out.push(uri);
    }
  }
  return out;
}

/** Headers a client sends to activate extensions (`legacy` adds the 0.3 header too). */
export function activationHeaders(uris: readonly string[], options: { legacy?: boolean } = {}): Record<string, string> {
  const value = uris.join(', ');
  return options.legacy ? { [EXTENSIONS_HEADER]: value, [LEGACY_EXTENSIONS_HEADER]: value } : { [EXTENSIONS_HEADER]: value };
}

/** What the agent answers to one request's activation. */
export type Negotiation =
  | {
      ok: true;
      /** Requested and supported, in request order. */
      activated: string[];
      /** Requested but not supported by this agent: ignored, as A2A prescribes. */
      ignored: string[];
      /** Echo of the activated extensions, in the header spelling(s) the client used. */
      responseHeaders: Record<string, string>;
    }
  | {
      ok: false;
      /** JSON-RPC error object of ExtensionSupportRequiredError. */
      error: { code: -32008; message: string; data: { requiredExtensions: string[] } };
      httpStatus: 400;
    };

/**
 * Negotiate extensions for one request against the agent's card: activate what was requested and
 * is supported, echo it, and refuse the request when a `required` extension was not activated.
 */
export function negotiateExtensions(card: unknown, requestHeaders: HeaderBag): Negotiation {
  if (!isObject(card)) throw carrierError('an Agent Card must be a JSON object', '$');
  const caps = isObject(card.capabilities) ? card.capabilities : {};
  const list = Array.isArray(caps.extensions) ? caps.extensions.filter(isObject) : [];
  const supported = list.map((e) => e.uri).filter((u): u is string => typeof u === 'string');
  const required = list.filter((e) => e.required === true).map((e) => e.uri).filter((u): u is string => typeof u === 'string');
  const modern = headerValues(requestHeaders, EXTENSIONS_HEADER);
  const legacy = headerValues(requestHeaders, LEGACY_EXTENSIONS_HEADER);
  const requested = parseExtensionsHeader([...modern, ...legacy]);
  const missing = required.filter((u) => !requested.includes(u));
  if (missing.length > 0) {
    return {
      ok: false,
      error: { code: -32008, message: `Extension support is required: ${missing.join(', ')}`, data: { requiredExtensions: missing } },
      httpStatus: 400,
    };
  }
  const activated = requested.filter((u) => supported.includes(u));
  const ignored = requested.filter((u) => !supported.includes(u));
  const echo = activated.join(', ');
  const responseHeaders: Record<string, string> = {};
  if (modern.length > 0 || legacy.length === 0) responseHeaders[EXTENSIONS_HEADER] = echo;
  if (legacy.length > 0) responseHeaders[LEGACY_EXTENSIONS_HEADER] = echo;
  return { ok: true, activated, ignored, responseHeaders };
}
