/**
 * What every carrier binding shares: the extension URI, the one way out of a carrier (the
 * envelope validator, Section 6.4: a carrier never repairs or guesses), and carrier errors.
 */
import { assertValid, validateEnvelope, validateText, type Finding, type ValidateOptions, type ValidatedEnvelope } from '../envelope/index.js';
import { IoaError } from '../model/errors.js';

/** The example extension URI of Section 12.2 ("not a registered extension"); configurable everywhere. */
export const DEFAULT_EXTENSION_URI = 'https://example.org/extensions/semantic-profile/v1';

/** Media type of an envelope carried as structured data (JSON-LD, Section 6.1). */
export const ENVELOPE_MEDIA_TYPE = 'application/ld+json';

/** Media type of a compatibility reply carried as structured data (plain JSON, not JSON-LD). */
export const RESULT_MEDIA_TYPE = 'application/json';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where the carrier put the envelope, and what else it said about it. */
export interface CarrierInfo {
  carrier: 'a2a' | 'nlip';
  /** A2A wire form the message was read in (`1.0` or `0.3`); NLIP has one form. */
  wire?: '1.0' | '0.3';
  /** JSON path of the envelope inside the carrier message; undefined when no envelope was found. */
  envelopePath?: string;
  /** A2A messageId / contextId / taskId, NLIP task label. */
  messageId?: string;
  contextId?: string;
  taskId?: string;
  task?: string;
  /** Natural-language text that accompanied the envelope: descriptive only (6.4). */
  text: string[];
}

/**
 * Result of unwrapping: always the envelope validator's verdict. `ok` only when the validator
 * accepted the carried envelope; findings carry the validator's codes with paths rebased into
 * the carrier message (e.g. `$.parts[1].data.intentRef`).
 */
export type UnwrapResult =
  | { ok: true; envelope: ValidatedEnvelope; document: unknown; findings: Finding[]; carrier: CarrierInfo }
  | { ok: false; envelope: undefined; document: unknown; findings: Finding[]; carrier: CarrierInfo };

export function carrierError(message: string, path: string, file?: string): IoaError {
  return new IoaError('E_CARRIER_INVALID', message, file ? { file, path } : { path });
}

/** Rebase a validator path (`$…`, relative to the envelope) under the envelope's carrier path. */
export function rebasePath(path: string, base: string | undefined): string {
  if (base === undefined) return path;
  return path === '$' ? base : path.startsWith('$') ? `${base}${path.slice(1)}` : path;
}

/**
 * A carrier message with no envelope in it: not valid, and said as what it is (where the
 * envelope would be, and what marks it), never as a document of type undefined.
 */
export function noEnvelope(carrier: CarrierInfo, path: string, message: string, section: '12.2' | '12.6'): UnwrapResult {
  return { ok: false, envelope: undefined, document: undefined, findings: [{ code: 'E_ENVELOPE_MISSING', severity: 'error', path, message, section }], carrier };
}

/** The one exit of every carrier: hand what was carried to the envelope validator, unchanged. */
export async function validateCarried(document: unknown, carrier: CarrierInfo, options: ValidateOptions = {}): Promise<UnwrapResult> {
  const result = await validateEnvelope(document, options);
  const findings = result.findings.map((f) => ({ ...f, path: rebasePath(f.path, carrier.envelopePath) }));
  if (result.ok) return { ok: true, envelope: result.value, document, findings, carrier };
  return { ok: false, envelope: undefined, document, findings, carrier };
}

/**
 * The same for an envelope a carrier holds as JSON text (NLIP structured content may be a JSON
 * string): the validator parses it under its own size limit and reports malformed JSON itself.
 */
export async function validateCarriedText(text: string, carrier: CarrierInfo, options: ValidateOptions = {}): Promise<UnwrapResult> {
  const result = await validateText(text, { ...options, kind: 'envelope' });
  const findings = result.findings.map((f) => ({ ...f, path: rebasePath(f.path, carrier.envelopePath) }));
  if (result.ok) return { ok: true, envelope: result.value as ValidatedEnvelope, document: JSON.parse(text) as unknown, findings, carrier };
  return { ok: false, envelope: undefined, document: text, findings, carrier };
}

/** Validate an envelope before it is wrapped: a carrier carries only what the validator accepts. */
export async function requireValidEnvelope(document: unknown, options: ValidateOptions = {}): Promise<ValidatedEnvelope> {
  return assertValid(await validateEnvelope(document, options));
}
