/**
 * Kind detection and the one entry point for any document: `validateDocument` (parsed JSON),
 * `validateText` (JSON text, size-limited before parsing) and `assertValid` for callers that
 * prefer an exception.
 */
import { IoaError } from '../model/errors.js';
import { readJson } from '../text/json.js';
import { validateCapability } from './capability.js';
import { validateContextDocument } from './context-document.js';
import { validateEnvelope } from './envelope.js';
import { Findings, describeType, findingsMessage, isObject, jsonFaultFinding } from './findings.js';
import { resolveLimits } from './limits.js';
import { validateProfile } from './profile.js';
import { validateTrustPolicy } from './trust.js';
import { DOCUMENT_KINDS } from './types.js';
import type {
  DocumentKind, DomainProfile, ExternalKind, Finding, TrustPolicy, ValidateOptions, ValidatedCapability, ValidatedContext, ValidatedEnvelope,
  ValidationResult,
} from './types.js';

/** A result tagged with the kind of document validated. */
export type KindResult<K extends DocumentKind, T> = { kind: K } & ValidationResult<T>;

/**
 * What `validateDocument` returns: the validated value of whichever kind the document is
 * (narrow on `kind`, then `ok`). For `artifact` and `agent-card` the value is what the validator
 * passed in `options.validators` returns (the gate's `ValidatedArtifact`, the carriers' entry);
 * `kind` is `undefined` when the kind could not be detected.
 */
export type DocumentResult =
  | KindResult<'envelope', ValidatedEnvelope>
  | KindResult<'capability', ValidatedCapability>
  | KindResult<'profile', DomainProfile>
  | KindResult<'trust', TrustPolicy>
  | KindResult<'artifact', unknown>
  | KindResult<'context', ValidatedContext>
  | KindResult<'agent-card', unknown>
  | { kind: undefined; ok: false; value: undefined; findings: Finding[] };

const typeNames = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((t): t is string => typeof t === 'string');

/**
 * The kind of a parsed document: from `@type` (`ioa:SemanticProfile`, `ioa:Capability`, full or
 * compact), else from its shape (JSON-LD members, a lone `@context`, or the members of the plain-JSON
 * formats). `undefined` when nothing fits. Detection only picks a validator; it validates nothing.
 */
export function detectKind(input: unknown): DocumentKind | undefined {
  if (!isObject(input)) return undefined;
  const types = typeNames(input['@type'] ?? input['type']);
  if (types.some((t) => /(^|[#:/])SemanticProfile$/.test(t))) return 'envelope';
  if (types.some((t) => /(^|[#:/])Capability$/.test(t))) return 'capability';
  if ('@context' in input || '@type' in input) {
    if ('intentRef' in input || 'capabilityRefs' in input) return 'envelope';
    if ('inputs' in input || 'outputs' in input) return 'capability';
    if (Object.keys(input).length === 1 && '@context' in input) return 'context';
    return undefined;
  }
  if ('profileId' in input) return 'profile';
  if ('trustedIssuers' in input) return 'trust';
  if ('artifactId' in input || 'mappingRules' in input) return 'artifact';
  if (isObject(input.capabilities)) return 'agent-card';
  return undefined;
}

/**
 * Why a document that is only a piece of another one cannot be validated on its own, or
 * `undefined`. A term binding (5.2; the replacement of Section 12.3) gets its meaning from the
 * envelope around it: which IRIs `term` and `sense` expand to is set by that envelope's
 * `@context`, and whether the sense is acceptable by its profile. Calling it valid alone would
 * vouch for something only its envelope can show.
 */
function fragmentOf(input: unknown): string | undefined {
  if (!isObject(input)) return undefined;
  const keys = Object.keys(input);
  if (keys.length > 0 && keys.every((k) => k === 'term' || k === 'sense' || k === '@type')) {
    return 'a term binding ({"term", "sense"}, Sections 5.2 and 12.3) is part of an envelope\'s profileContext.termBindings, not a standalone document: its meaning comes from that envelope\'s @context and profile';
  }
  return undefined;
}

const EXTERNAL_OWNER: Record<ExternalKind, string> = {
  artifact: 'alignment artifacts are validated by the gate (src/gate: validateArtifact)',
  'agent-card': 'A2A Agent Cards are validated by the carrier bindings (src/carriers: agentCardValidator)',
};

/** Validate a parsed document of the given kind, or of the detected kind when `kind` is omitted. */
export async function validateDocument(input: unknown, options: ValidateOptions & { kind?: DocumentKind } = {}): Promise<DocumentResult> {
  const kind = options.kind ?? detectKind(input);
  switch (kind) {
    case 'envelope': return { kind, ...await validateEnvelope(input, options) };
    case 'capability': return { kind, ...await validateCapability(input, options) };
    case 'profile': return { kind, ...validateProfile(input, options) };
    case 'trust': return { kind, ...validateTrustPolicy(input, options) };
    case 'context': return { kind, ...await validateContextDocument(input, options) };
    case 'artifact':
    case 'agent-card': {
      const validator = options.validators?.[kind];
      if (!validator) {
        const f = new Findings();
        f.add('E_UNSUPPORTED_KIND', '$', `${EXTERNAL_OWNER[kind]}; none was passed in options.validators["${kind}"]`, kind === 'artifact' ? '7.2' : '12.2');
        return { kind, ok: false, value: undefined, findings: f.list };
      }
      return { kind, ...validator(input) } as DocumentResult;
    }
    default: {
      const f = new Findings();
      const fragment = fragmentOf(input);
      if (fragment) f.add('E_INVALID_KIND', '$', fragment, '5.4', 'validate the envelope that carries it');
      else {
        f.add('E_INVALID_KIND', '$', isObject(input)
          ? 'cannot tell what kind of document this is: no "@type" of ioa:SemanticProfile or ioa:Capability, not a lone "@context", and no members of a profile, trust policy, artifact or A2A Agent Card'
          : `expected a JSON object, got ${describeType(input)}`, '5.4', `if you know its kind, pass it explicitly (--kind ${DOCUMENT_KINDS.join('|')})`);
      }
      return { kind: undefined, ok: false, value: undefined, findings: f.list };
    }
  }
}

/** An invalid result for `kind` (which may be unknown), for input that never reached a validator. */
function invalidAs(kind: DocumentKind | undefined, findings: Finding[]): DocumentResult {
  return { kind, ok: false, value: undefined, findings } as DocumentResult;
}

/**
 * Validate JSON text. The size limit applies to the UTF-8 bytes before parsing, so an oversized
 * input is never parsed; malformed JSON is an `E_INVALID_JSON` finding with its `line` and `column`.
 * The result's `kind` is the one given, else the detected one; text nested too deep is not
 * validated, but its kind is detected from its top level. Text refused before it is read (too
 * large, not JSON, a member named twice) has no kind unless one was given.
 */
export async function validateText(text: string, options: ValidateOptions & { kind?: DocumentKind } = {}): Promise<DocumentResult> {
  const limits = resolveLimits(options.limits);
  const bytes = Buffer.byteLength(text, 'utf8');
  const f = new Findings();
  if (bytes > limits.maxBytes) {
    f.add('E_LIMIT_SIZE', '$', `document of ${bytes} bytes exceeds the limit of ${limits.maxBytes} bytes`, '6.1');
    return invalidAs(options.kind, f.list);
  }
  // The nesting limit is applied as the text is read, before anything walks the value.
  const read = readJson(text, 1, limits.maxDepth);
  if (!read.ok) {
    f.push(jsonFaultFinding(read.fault));
    // Too deep to validate, but its kind is read from its top level (detectKind looks no deeper):
    // the result says what was refused. Text refused unread (too large, not JSON, a member
    // named twice, which of whose values counts is not defined) has no kind unless one was given.
    return invalidAs(options.kind ?? (read.shallow !== undefined ? detectKind(read.shallow) : undefined), f.list);
  }
  return validateDocument(read.value, options);
}

/**
 * The value of a successful result, or an `IoaError` (`E_PARSE_JSON` at its line and column for
 * text that is not JSON, `E_DUPLICATE_KEY` for a member named twice in one object, `E_LIMIT_EXCEEDED` when a limit was hit, else `E_INVALID_DOCUMENT`) carrying the first error's path and every error in its message.
 */
export function assertValid<T>(result: ValidationResult<T> | { ok: boolean; value: unknown; findings: Finding[] }, file?: string): T {
  if (result.ok) return result.value as T;
  const errors = result.findings.filter((x) => x.severity === 'error');
  const first = errors[0];
  // Text that is not JSON: the syntax error's line and column, as every parse error is reported.
  if (first?.line !== undefined) {
    const where = { ...(file ? { file } : {}), line: first.line, ...(first.column !== undefined ? { column: first.column } : {}) };
    if (first.code === 'E_DUPLICATE_KEY') throw new IoaError('E_DUPLICATE_KEY', first.message, { ...where, path: first.path });
    if (first.code.startsWith('E_LIMIT_')) throw new IoaError('E_LIMIT_EXCEEDED', findingsMessage(errors, { sections: true }), { ...where, path: first.path });
    throw new IoaError('E_PARSE_JSON', first.message, { ...where, ...(first.path !== '$' ? { path: first.path } : {}) });
  }
  const code = first?.code.startsWith('E_LIMIT_') ? 'E_LIMIT_EXCEEDED' : 'E_INVALID_DOCUMENT';
  const message = findingsMessage(errors, { sections: true });
  throw new IoaError(code, message, { ...(file ? { file } : {}), ...(first ? { path: first.path } : {}) });
}
