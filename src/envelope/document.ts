/**
 * Kind detection and the one entry point for any document: `validateDocument` (parsed JSON),
 * `validateText` (JSON text, size-limited before parsing) and `assertValid` for callers that
 * prefer an exception.
 */
import { IoaError } from '../model/errors.js';
import { validateCapability } from './capability.js';
import { validateEnvelope } from './envelope.js';
import { Findings, describeType, isObject } from './findings.js';
import { resolveLimits } from './limits.js';
import { validateProfile } from './profile.js';
import { validateTrustPolicy } from './trust.js';
import type {
  DocumentKind, DomainProfile, Finding, TrustPolicy, ValidateOptions, ValidatedCapability, ValidatedEnvelope, ValidationResult,
} from './types.js';

/** A result tagged with the kind of document validated. */
export type KindResult<K extends DocumentKind, T> = { kind: K } & ValidationResult<T>;

/**
 * What `validateDocument` returns: the validated value of whichever kind the document is
 * (narrow on `kind`, then `ok`). For `artifact` the value is the gate's `ValidatedArtifact`;
 * `kind` is `undefined` when the kind could not be detected.
 */
export type DocumentResult =
  | KindResult<'envelope', ValidatedEnvelope>
  | KindResult<'capability', ValidatedCapability>
  | KindResult<'profile', DomainProfile>
  | KindResult<'trust', TrustPolicy>
  | KindResult<'artifact', unknown>
  | { kind: undefined; ok: false; value: undefined; findings: Finding[] };

const typeNames = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((t): t is string => typeof t === 'string');

/**
 * The kind of a parsed document: from `@type` (`ioa:SemanticProfile`, `ioa:Capability`, full or
 * compact), else from its shape (JSON-LD members, or the members of the project's plain-JSON
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
    return undefined;
  }
  if ('profileId' in input) return 'profile';
  if ('trustedIssuers' in input) return 'trust';
  if ('artifactId' in input || 'mappingRules' in input) return 'artifact';
  return undefined;
}

interface GateModule {
  validateArtifact(input: unknown): ValidationResult<unknown>;
}

/** src/gate is built by another issue; load it only when an artifact is validated. */
async function loadGate(): Promise<GateModule | undefined> {
  try {
    const mod = (await import('../gate/index.js')) as Partial<GateModule>;
    return typeof mod.validateArtifact === 'function' ? (mod as GateModule) : undefined;
  } catch {
    return undefined;
  }
}

/** Validate a parsed document of the given kind, or of the detected kind when `kind` is omitted. */
export async function validateDocument(input: unknown, options: ValidateOptions & { kind?: DocumentKind } = {}): Promise<DocumentResult> {
  const kind = options.kind ?? detectKind(input);
  switch (kind) {
    case 'envelope': return { kind, ...await validateEnvelope(input, options) };
    case 'capability': return { kind, ...await validateCapability(input, options) };
    case 'profile': return { kind, ...validateProfile(input, options) };
    case 'trust': return { kind, ...validateTrustPolicy(input, options) };
    case 'artifact': {
      const gate = await loadGate();
      if (!gate) {
        const f = new Findings();
        f.add('E_UNSUPPORTED_KIND', '$', 'alignment artifacts are validated by the gate module (src/gate), which is not available in this build', '7.2');
        return { kind, ok: false, value: undefined, findings: f.list };
      }
      return { kind, ...gate.validateArtifact(input) };
    }
    default: {
      const f = new Findings();
      f.add('E_INVALID_KIND', '$', isObject(input)
        ? 'cannot tell what kind of document this is: no "@type" of ioa:SemanticProfile or ioa:Capability and no members of a profile, trust policy or artifact'
        : `expected a JSON object, got ${describeType(input)}`, '5.4', 'pass the kind explicitly (--kind envelope|capability|profile|trust|artifact)');
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
 * input is never parsed; malformed JSON is a finding with its line and column in the message.
 */
export async function validateText(text: string, options: ValidateOptions & { kind?: DocumentKind } = {}): Promise<DocumentResult> {
  const limits = resolveLimits(options.limits);
  const bytes = Buffer.byteLength(text, 'utf8');
  const f = new Findings();
  if (bytes > limits.maxBytes) {
    f.add('E_LIMIT_SIZE', '$', `document of ${bytes} bytes exceeds the limit of ${limits.maxBytes} bytes`, '6.1');
    return invalidAs(options.kind, f.list);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    let where = '';
    if (pos) {
      const before = text.slice(0, Number(pos[1]));
      where = ` (line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')})`;
    }
    f.add('E_INVALID_JSON', '$', `not valid JSON${where}: ${message}`, '5.4');
    return invalidAs(options.kind, f.list);
  }
  return validateDocument(parsed, options);
}

/**
 * The value of a successful result, or an `IoaError` (`E_LIMIT_EXCEEDED` when a limit was hit,
 * else `E_INVALID_DOCUMENT`) carrying the first error's path and every error in its message.
 */
export function assertValid<T>(result: ValidationResult<T> | { ok: boolean; value: unknown; findings: Finding[] }, file?: string): T {
  if (result.ok) return result.value as T;
  const errors = result.findings.filter((x) => x.severity === 'error');
  const first = errors[0];
  const code = first?.code.startsWith('E_LIMIT_') ? 'E_LIMIT_EXCEEDED' : 'E_INVALID_DOCUMENT';
  const message = errors.map((e) => `${e.path}: ${e.message} [${e.code}, Section ${e.section}]`).join('; ') || 'invalid document';
  throw new IoaError(code, message, { ...(file ? { file } : {}), ...(first ? { path: first.path } : {}) });
}
