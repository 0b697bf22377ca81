/**
 * Alignment artifacts (draft Section 7.2, shape of example 12.4) and their strict validation.
 *
 * An artifact is plain JSON (not JSON-LD): every IRI is written out absolute. Validation checks
 * shape only — presence, types, enumerations, absolute IRIs, timestamps, condition syntax and the
 * signature's form. Whether the artifact may be USED (trust, signature, validity window,
 * versions, direction, scope, applicability) is the gate's decision (gate.ts).
 *
 * `confidence` is kept as descriptive metadata and never read by any decision (12.4: "the score
 * is descriptive and does not authorize use of this mapping").
 */
import { Findings, jsonFaultFinding } from '../envelope/findings.js';
import { checkLimits, nestingOnly } from '../envelope/limits.js';
import { DEFAULT_IRI_SCHEMES, iriProblem, isLanguageTag, isMediaType } from '../envelope/syntax.js';
import type { DraftSection, Finding, FindingCode, Iri, ValidationResult } from '../envelope/types.js';
import { CONDITION_NAMES, type ConditionName } from '../envelope/types.js';
import { parseDateTime, readDateTime } from '../text/datetime.js';
import { describeIriCharacter } from '../text/iri.js';
import { readJson } from '../text/json.js';
import { jcs, sha256 } from './canonical.js';
import { SIGNATURE_ALG, type ArtifactSignature } from './signature.js';

/** Directions an artifact may declare. `bidirectional` only when stated (7.2): never a default. */
export const DIRECTIONS = ['source-to-target', 'target-to-source', 'bidirectional'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * Conditions of a rule. Known names (DESIGN.md "Condition semantics") are strings whose syntax was
 * checked; any other name is kept with its JSON value so the engine can report it as
 * `UNKNOWN_CONDITION` instead of silently dropping it.
 */
export type RuleConditions = Partial<Record<ConditionName, string>> & Readonly<Record<string, unknown>>;

/**
 * What a rule says of `from` and `to` (read in the artifact's source-to-target direction):
 * `skos:exactMatch` (the default when absent: the same concept), `skos:broadMatch` (`to` is
 * broader: whatever is a `from` is a `to`), `skos:narrowMatch` (`to` is narrower). Read in the
 * reverse direction, broad and narrow swap.
 */
export const RULE_RELATIONS = ['skos:exactMatch', 'skos:broadMatch', 'skos:narrowMatch'] as const;
export type RuleRelation = (typeof RULE_RELATIONS)[number];

/**
 * Where a rule of a new revision came from (written by `artifact upgrade` and `artifact build
 * --merge`). Descriptive only: no decision reads it, and the signature covers it like the rest.
 */
export interface RuleProvenance {
  /** The rule of the earlier revision it was derived from (absent for a rule a reviewer added). */
  derivedFrom?: { revision: string; rule: number; from: Iri; to: Iri; relation?: RuleRelation };
  /** `carried`: its concept was unchanged in the new release; `reviewed`: a reviewer accepted it. */
  how: 'carried' | 'reviewed';
  /** Why, in words. */
  why?: string;
  /** The version alignment row it went through (old concept → new concept). */
  versionMapping?: { subject: Iri; predicate: string; object: Iri };
  /** The reviewed mapping set it was accepted in. */
  reviewedIn?: string;
  /** Who accepted it (the row's reviewer_id, as written). */
  reviewers?: string[];
}

/** One directional mapping rule: `from` in the source ontology, `to` in the target ontology. */
export interface MappingRule {
  from: Iri;
  to: Iri;
  /** Absent means `skos:exactMatch`. */
  relation?: RuleRelation;
  conditions: RuleConditions;
  /** Descriptive comment; no effect. */
  comment?: string;
  /** Where the rule came from, when an upgrade derived it; descriptive, no effect. */
  provenance?: RuleProvenance;
}

/** An artifact that passed shape validation. It is NOT accepted: only the gate accepts. */
export interface ValidatedArtifact {
  kind: 'artifact';
  artifactId: Iri;
  revision: string;
  sourceOntologyId: Iri;
  sourceOntologyVersion: string;
  targetOntologyId: Iri;
  targetOntologyVersion: string;
  direction: Direction;
  assertedBy: Iri;
  /** Epoch milliseconds of `validFrom`, when given. */
  validFrom?: number;
  /** Epoch milliseconds of `validUntil`. */
  validUntil: number;
  mappingRules: MappingRule[];
  /** Descriptive only (12.4); never used by a decision. */
  confidence?: number;
  description?: string;
  /** Where the rules came from (e.g. the reviewed SSSOM mapping set id); descriptive. */
  derivedFrom?: string;
  signature?: ArtifactSignature;
  /** JCS of the document without `signature`: exactly the bytes the signature covers. */
  signingInput: string;
  /** `sha256:` of the JCS of the whole document, signature included (cache key, report). */
  digest: string;
  /** The JSON document as given (frozen), for re-serialisation. */
  document: Readonly<Record<string, unknown>>;
}

/**
 * The JSON document of an artifact given as an object: a {@link ValidatedArtifact} (what
 * readArtifact and buildArtifact return) stands for the document it was read from, which is
 * validated again like any other.
 */
export function documentOf(artifact: Readonly<Record<string, unknown>> | ValidatedArtifact): Readonly<Record<string, unknown>> {
  const { kind, document } = artifact as { kind?: unknown; document?: unknown };
  return kind === 'artifact' && typeof document === 'object' && document !== null ? (document as Readonly<Record<string, unknown>>) : (artifact as Readonly<Record<string, unknown>>);
}

/** IRI schemes accepted in artifacts; `cs:TechTranslation` (a compact IRI) is not absolute here. */
export const ARTIFACT_IRI_SCHEMES = DEFAULT_IRI_SCHEMES;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const TOP_MEMBERS = new Set([
  'artifactId', 'revision', 'sourceOntologyId', 'sourceOntologyVersion', 'targetOntologyId', 'targetOntologyVersion',
  'direction', 'assertedBy', 'validFrom', 'validUntil', 'mappingRules', 'confidence', 'description', 'derivedFrom', 'signature',
]);
const RULE_MEMBERS = new Set(['from', 'to', 'relation', 'conditions', 'comment', 'provenance']);
const PROVENANCE_MEMBERS = new Set(['derivedFrom', 'how', 'why', 'versionMapping', 'reviewedIn', 'reviewers']);
const DERIVED_MEMBERS = new Set(['revision', 'rule', 'from', 'to', 'relation']);
const VERSION_MAPPING_MEMBERS = new Set(['subject', 'predicate', 'object']);
const SIGNATURE_MEMBERS = new Set(['alg', 'keyId', 'value']);

/** The same IRI, media-type and language-tag forms as envelopes (src/envelope/syntax.ts). */
export function isAbsoluteIri(value: string): boolean {
  return iriProblem(value, ARTIFACT_IRI_SCHEMES) === undefined;
}
export { isLanguageTag, isMediaType };

/** Parse an RFC 3339 date-time strictly (src/text/datetime.ts); `undefined` when it is not one. */
export const parseTimestamp = parseDateTime;

class Collector {
  readonly findings: Finding[] = [];
  error(code: FindingCode, path: string, message: string, section: DraftSection = '7.2', hint?: string): void {
    const finding: Finding = { code, severity: 'error', path, message, section };
    if (hint) finding.hint = hint;
    this.findings.push(finding);
  }
  get failed(): boolean {
    return this.findings.some((f) => f.severity === 'error');
  }
}

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requiredString(c: Collector, doc: Record<string, unknown>, name: string, path = '$'): string | undefined {
  const value = doc[name];
  if (value === undefined) {
    c.error('E_INVALID_MISSING_FIELD', `${path}.${name}`, `required member "${name}" is missing`);
    return undefined;
  }
  if (typeof value !== 'string') {
    c.error('E_INVALID_VALUE_TYPE', `${path}.${name}`, `"${name}" must be a string, got ${typeName(value)}`);
    return undefined;
  }
  if (value.length === 0) {
    c.error('E_INVALID_EMPTY_VALUE', `${path}.${name}`, `"${name}" must not be empty`);
    return undefined;
  }
  return value;
}

function requiredIri(c: Collector, doc: Record<string, unknown>, name: string, path = '$'): string | undefined {
  const value = requiredString(c, doc, name, path);
  if (value === undefined) return undefined;
  const problem = iriProblem(value, ARTIFACT_IRI_SCHEMES);
  if (problem?.kind === 'forbidden-character') {
    c.error('E_INVALID_IRI', `${path}.${name}`, `"${name}" holds ${describeIriCharacter(problem.character)}, which RFC 3987 forbids in an IRI: "${value}"`, '6.1');
    return undefined;
  }
  if (problem !== undefined) {
    const relative = !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value);
    c.error(
      relative ? 'E_INVALID_RELATIVE_IRI' : 'E_INVALID_IRI',
      `${path}.${name}`,
      relative
        ? `"${name}" must be an absolute IRI, got "${value}"`
        : `"${name}" is not an absolute IRI with an accepted scheme (${ARTIFACT_IRI_SCHEMES.join(', ')}): "${value}" (compact IRIs are not expanded in artifacts)`,
      '6.1',
    );
    return undefined;
  }
  return value;
}

function timestamp(c: Collector, doc: Record<string, unknown>, name: string, required: boolean): number | undefined {
  if (doc[name] === undefined && !required) return undefined;
  const text = requiredString(c, doc, name);
  if (text === undefined) return undefined;
  const read = readDateTime(text);
  if (!read.ok) {
    c.error('E_INVALID_VALUE', `$.${name}`, `"${name}" must be an RFC 3339 date-time with offset (e.g. 2026-12-31T00:00:00Z), got "${text}": ${read.why}`);
    return undefined;
  }
  return read.ms;
}

function unknownMembers(c: Collector, doc: Record<string, unknown>, allowed: Set<string>, path: string): void {
  for (const name of Object.keys(doc)) {
    if (allowed.has(name)) continue;
    // An upgrade draft is not an artifact until `artifact build --merge` completes it.
    if (path === '$' && name === 'upgrade') c.error('E_INVALID_UNKNOWN_MEMBER', '$.upgrade', 'this is an upgrade draft (ioa-align artifact upgrade), not an artifact: complete it with `ioa-align artifact build --merge DRAFT.json` (and the reviewed file), then sign the result');
    else c.error('E_INVALID_UNKNOWN_MEMBER', `${path}.${name}`, `member "${name}" is not defined for this object`);
  }
}

function validateProvenance(c: Collector, value: unknown, path: string): RuleProvenance | undefined {
  if (!isObject(value)) {
    c.error('E_INVALID_VALUE_TYPE', path, `"provenance" must be an object, got ${typeName(value)}`);
    return undefined;
  }
  unknownMembers(c, value, PROVENANCE_MEMBERS, path);
  const failed = c.findings.length;
  const derived = value.derivedFrom;
  let derivedFrom: RuleProvenance['derivedFrom'] | undefined;
  if (derived !== undefined && !isObject(derived)) c.error('E_INVALID_VALUE_TYPE', `${path}.derivedFrom`, '"derivedFrom" must be an object naming the earlier rule (revision, rule, from, to)');
  else if (derived !== undefined) {
    unknownMembers(c, derived, DERIVED_MEMBERS, `${path}.derivedFrom`);
    const revision = requiredString(c, derived, 'revision', `${path}.derivedFrom`);
    const from = requiredIri(c, derived, 'from', `${path}.derivedFrom`);
    const to = requiredIri(c, derived, 'to', `${path}.derivedFrom`);
    const rule = derived.rule;
    if (typeof rule !== 'number' || !Number.isInteger(rule) || rule < 0) c.error('E_INVALID_VALUE', `${path}.derivedFrom.rule`, '"rule" must be the earlier rule\'s index in mappingRules (an integer from 0)');
    const relation = derived.relation;
    if (relation !== undefined && !(RULE_RELATIONS as readonly unknown[]).includes(relation)) c.error('E_INVALID_VALUE', `${path}.derivedFrom.relation`, `"relation" must be one of ${RULE_RELATIONS.join(', ')}`);
    if (revision !== undefined && from !== undefined && to !== undefined && typeof rule === 'number') {
      derivedFrom = { revision, rule, from, to, ...(relation !== undefined ? { relation: relation as RuleRelation } : {}) };
    }
  }
  const how = value.how;
  if (how !== 'carried' && how !== 'reviewed') c.error(how === undefined ? 'E_INVALID_MISSING_FIELD' : 'E_INVALID_VALUE', `${path}.how`, '"how" must be "carried" or "reviewed"');
  for (const name of ['why', 'reviewedIn'] as const) {
    if (value[name] !== undefined && typeof value[name] !== 'string') c.error('E_INVALID_VALUE_TYPE', `${path}.${name}`, `"${name}" must be a string, got ${typeName(value[name])}`);
  }
  if (value.reviewers !== undefined && (!Array.isArray(value.reviewers) || value.reviewers.some((r) => typeof r !== 'string'))) c.error('E_INVALID_VALUE_TYPE', `${path}.reviewers`, '"reviewers" must be an array of strings');
  let versionMapping: RuleProvenance['versionMapping'] | undefined;
  if (value.versionMapping !== undefined) {
    const vm = value.versionMapping;
    if (!isObject(vm)) c.error('E_INVALID_VALUE_TYPE', `${path}.versionMapping`, `"versionMapping" must be an object, got ${typeName(vm)}`);
    else {
      unknownMembers(c, vm, VERSION_MAPPING_MEMBERS, `${path}.versionMapping`);
      const subject = requiredIri(c, vm, 'subject', `${path}.versionMapping`);
      const predicate = requiredString(c, vm, 'predicate', `${path}.versionMapping`);
      const object = requiredIri(c, vm, 'object', `${path}.versionMapping`);
      if (subject !== undefined && predicate !== undefined && object !== undefined) versionMapping = { subject, predicate, object };
    }
  }
  if (c.findings.length > failed) return undefined;
  const out: RuleProvenance = { how: how as RuleProvenance['how'] };
  if (derivedFrom) out.derivedFrom = derivedFrom;
  if (typeof value.why === 'string') out.why = value.why;
  if (versionMapping) out.versionMapping = versionMapping;
  if (typeof value.reviewedIn === 'string') out.reviewedIn = value.reviewedIn;
  if (Array.isArray(value.reviewers)) out.reviewers = [...(value.reviewers as string[])];
  return out;
}

function validateConditions(c: Collector, value: unknown, path: string): RuleConditions | undefined {
  if (value === undefined) {
    c.error('E_INVALID_MISSING_FIELD', path, 'required member "conditions" is missing (use {} for a rule without conditions)');
    return undefined;
  }
  if (!isObject(value)) {
    c.error('E_INVALID_VALUE_TYPE', path, `"conditions" must be an object, got ${typeName(value)}`);
    return undefined;
  }
  const conditions: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(value)) {
    const at = `${path}.${name}`;
    if (!(CONDITION_NAMES as readonly string[]).includes(name)) {
      // Kept, not dropped: the engine must answer UNKNOWN_CONDITION for it (DESIGN.md). A copy:
      // the validated artifact is frozen, the caller's document is not ours to freeze.
      ownMember(conditions, name, structuredClone(raw));
      continue;
    }
    if (typeof raw !== 'string') {
      c.error('E_INVALID_VALUE_TYPE', at, `condition "${name}" must be a string, got ${typeName(raw)}`);
      continue;
    }
    if ((name === 'inputMediaType' || name === 'outputMediaType') && !isMediaType(raw)) {
      c.error('E_INVALID_MEDIA_TYPE', at, `condition "${name}" is not a type/subtype media type: "${raw}"`);
      continue;
    }
    if ((name === 'sourceLang' || name === 'targetLang') && !isLanguageTag(raw)) {
      c.error('E_INVALID_LANGUAGE_TAG', at, `condition "${name}" is not a BCP 47 language tag: "${raw}"`);
      continue;
    }
    if (name === 'domain' && !isAbsoluteIri(raw)) {
      c.error('E_INVALID_RELATIVE_IRI', at, `condition "domain" must be an absolute Domain IRI, got "${raw}"`);
      continue;
    }
    ownMember(conditions, name, raw);
  }
  return conditions as RuleConditions;
}

/**
 * Set `name` as an own member whatever it is: `target[name] = value` with the name `__proto__`
 * would replace the object's prototype instead, so a signed condition would vanish (and its
 * members be inherited as if they were conditions).
 */
function ownMember(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

function validateRules(c: Collector, value: unknown): MappingRule[] {
  if (value === undefined) {
    c.error('E_INVALID_MISSING_FIELD', '$.mappingRules', 'required member "mappingRules" is missing');
    return [];
  }
  if (!Array.isArray(value)) {
    c.error('E_INVALID_VALUE_TYPE', '$.mappingRules', `"mappingRules" must be an array, got ${typeName(value)}`);
    return [];
  }
  if (value.length === 0) {
    c.error('E_INVALID_EMPTY_VALUE', '$.mappingRules', '"mappingRules" must contain at least one rule');
    return [];
  }
  const rules: MappingRule[] = [];
  value.forEach((raw, i) => {
    const path = `$.mappingRules[${i}]`;
    if (!isObject(raw)) {
      c.error('E_INVALID_VALUE_TYPE', path, `a mapping rule must be an object, got ${typeName(raw)}`);
      return;
    }
    unknownMembers(c, raw, RULE_MEMBERS, path);
    const from = requiredIri(c, raw, 'from', path);
    const to = requiredIri(c, raw, 'to', path);
    const conditions = validateConditions(c, raw.conditions, `${path}.conditions`);
    let comment: string | undefined;
    if (raw.comment !== undefined) {
      if (typeof raw.comment === 'string') comment = raw.comment;
      else c.error('E_INVALID_VALUE_TYPE', `${path}.comment`, `"comment" must be a string, got ${typeName(raw.comment)}`);
    }
    let relation: RuleRelation | undefined;
    if (raw.relation !== undefined) {
      if (typeof raw.relation !== 'string') c.error('E_INVALID_VALUE_TYPE', `${path}.relation`, `"relation" must be a string, got ${typeName(raw.relation)}`);
      else if (!(RULE_RELATIONS as readonly string[]).includes(raw.relation)) c.error('E_INVALID_VALUE', `${path}.relation`, `"relation" must be one of ${RULE_RELATIONS.join(', ')}, got "${raw.relation}"`);
      else relation = raw.relation as RuleRelation;
    }
    const provenance = raw.provenance === undefined ? undefined : validateProvenance(c, raw.provenance, `${path}.provenance`);
    if (from && to && conditions) {
      const rule: MappingRule = { from, to, conditions };
      if (relation !== undefined) rule.relation = relation;
      if (comment !== undefined) rule.comment = comment;
      if (provenance !== undefined) rule.provenance = provenance;
      rules.push(rule);
    }
  });
  return rules;
}

function validateSignature(c: Collector, value: unknown): ArtifactSignature | undefined {
  if (value === undefined) return undefined;
  const path = '$.signature';
  if (!isObject(value)) {
    c.error('E_INVALID_VALUE_TYPE', path, `"signature" must be an object, got ${typeName(value)}`);
    return undefined;
  }
  unknownMembers(c, value, SIGNATURE_MEMBERS, path);
  const alg = requiredString(c, value, 'alg', path);
  const keyId = requiredString(c, value, 'keyId', path);
  const sig = requiredString(c, value, 'value', path);
  if (alg !== undefined && alg !== SIGNATURE_ALG) {
    c.error('E_INVALID_VALUE', `${path}.alg`, `signature algorithm must be "${SIGNATURE_ALG}", got "${alg}"`);
  }
  if (sig !== undefined && (!BASE64URL.test(sig) || Buffer.from(sig, 'base64url').length !== 64)) {
    c.error('E_INVALID_VALUE', `${path}.value`, 'signature value must be the base64url (unpadded) encoding of a 64-byte Ed25519 signature');
  }
  if (c.failed || alg === undefined || keyId === undefined || sig === undefined) return undefined;
  return { alg: SIGNATURE_ALG, keyId, value: sig };
}

/**
 * Validate an alignment artifact (Section 7.2, example 12.4, plus `signature`). Accepts the parsed
 * JSON value or its text. Findings use the envelope module's shape (code, severity, JSON path,
 * message, section). A valid result is still not accepted: pass it to the gate.
 */
export function validateArtifact(input: unknown): ValidationResult<ValidatedArtifact> {
  const c = new Collector();
  let doc: unknown = input;
  if (typeof input === 'string') {
    const read = readJson(input, 1, nestingOnly().maxDepth);
    if (!read.ok) return { ok: false, value: undefined, findings: [jsonFaultFinding(read.fault)] };
    doc = read.value;
  }
  if (!isObject(doc)) {
    c.error('E_INVALID_JSON', '$', `an artifact must be a JSON object, got ${typeName(doc)}`);
    return { ok: false, value: undefined, findings: c.findings };
  }
  // Nesting first, as for every other document of a decision (6.1): the walks below (copying,
  // freezing, canonical JSON for the digest and the signature) recurse, and a condition nested
  // thousands deep would exhaust the stack instead of being refused at its path. Size and array
  // length are not bounded here: an artifact of many rules is legitimate.
  const nesting = new Findings();
  if (!checkLimits(doc, nestingOnly(), nesting)) {
    return { ok: false, value: undefined, findings: nesting.list };
  }
  unknownMembers(c, doc, TOP_MEMBERS, '$');
  const artifactId = requiredIri(c, doc, 'artifactId');
  const revision = requiredString(c, doc, 'revision');
  // A revision is compared, printed and written into file names and messages: one line of text.
  if (revision !== undefined && /[\u0000-\u001f\u007f]/.test(revision)) {
    c.error('E_INVALID_VALUE', '$.revision', `"revision" must not contain control characters (a line break, a tab), got ${JSON.stringify(revision)}`);
  }
  const sourceOntologyId = requiredIri(c, doc, 'sourceOntologyId');
  const sourceOntologyVersion = requiredString(c, doc, 'sourceOntologyVersion');
  const targetOntologyId = requiredIri(c, doc, 'targetOntologyId');
  const targetOntologyVersion = requiredString(c, doc, 'targetOntologyVersion');
  const directionText = requiredString(c, doc, 'direction');
  if (directionText !== undefined && !(DIRECTIONS as readonly string[]).includes(directionText)) {
    c.error('E_INVALID_VALUE', '$.direction', `"direction" must be one of ${DIRECTIONS.join(', ')}, got "${directionText}"`);
  }
  const assertedBy = requiredIri(c, doc, 'assertedBy');
  const validFrom = timestamp(c, doc, 'validFrom', false);
  const validUntil = timestamp(c, doc, 'validUntil', true);
  if (validFrom !== undefined && validUntil !== undefined && validFrom > validUntil) {
    c.error('E_INVALID_VALUE', '$.validFrom', '"validFrom" is later than "validUntil"');
  }
  const mappingRules = validateRules(c, doc.mappingRules);
  let confidence: number | undefined;
  if (doc.confidence !== undefined) {
    if (typeof doc.confidence !== 'number') {
      c.error('E_INVALID_VALUE_TYPE', '$.confidence', `"confidence" must be a number (descriptive only), got ${typeName(doc.confidence)}`, '12.4');
    } else if (!Number.isFinite(doc.confidence) || doc.confidence < 0 || doc.confidence > 1) {
      // Descriptive only (7.4), but a confidence of 2, or one too large for a double, is no
      // confidence at all: SSSOM, where reviewed rows come from, bounds it to [0, 1].
      c.error('E_INVALID_VALUE', '$.confidence', `"confidence" must lie between 0 and 1 (descriptive only), got ${Number.isFinite(doc.confidence) ? doc.confidence : 'a number too large for a double'}`, '12.4');
    } else confidence = doc.confidence;
  }
  const optionalText = (name: 'description' | 'derivedFrom'): string | undefined => {
    const value = doc[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') c.error('E_INVALID_VALUE_TYPE', `$.${name}`, `"${name}" must be a string, got ${typeName(value)}`);
    return typeof value === 'string' ? value : undefined;
  };
  const description = optionalText('description');
  const derivedFrom = optionalText('derivedFrom');
  const signature = validateSignature(c, doc.signature);

  if (c.failed) return { ok: false, value: undefined, findings: c.findings };
  const document = deepFreeze(structuredClone(doc));
  const { signature: _sig, ...unsigned } = document;
  const value: ValidatedArtifact = {
    kind: 'artifact',
    artifactId: artifactId!,
    revision: revision!,
    sourceOntologyId: sourceOntologyId!,
    sourceOntologyVersion: sourceOntologyVersion!,
    targetOntologyId: targetOntologyId!,
    targetOntologyVersion: targetOntologyVersion!,
    direction: directionText as Direction,
    assertedBy: assertedBy!,
    validUntil: validUntil!,
    mappingRules,
    signingInput: jcs(unsigned),
    digest: sha256(jcs(document)),
    document,
  };
  if (validFrom !== undefined) value.validFrom = validFrom;
  if (confidence !== undefined) value.confidence = confidence;
  if (description !== undefined) value.description = description;
  if (derivedFrom !== undefined) value.derivedFrom = derivedFrom;
  if (signature !== undefined) value.signature = signature;
  // Frozen through and through (the rules and their conditions too), and recorded: a field of
  // this object can never come to differ from the content it was read from (signedContent).
  const frozen = deepFreeze(value);
  validated.add(frozen);
  return { ok: true, value: frozen, findings: c.findings };
}

/** Every artifact object validateArtifact returned: deep-frozen, so its fields are its content. */
const validated = new WeakSet<object>();

/** The members of a {@link ValidatedArtifact} that must equal what its signed bytes say. */
const CONTENT_MEMBERS = [
  'kind', 'artifactId', 'revision', 'sourceOntologyId', 'sourceOntologyVersion', 'targetOntologyId', 'targetOntologyVersion',
  'direction', 'assertedBy', 'validFrom', 'validUntil', 'mappingRules', 'confidence', 'description', 'derivedFrom',
  'signature', 'signingInput', 'digest', 'document',
] as const satisfies ReadonlyArray<keyof ValidatedArtifact>;

/** What {@link signedContent} found: the artifact its signed bytes hold, or why the object is not one. */
export type SignedContent =
  | { ok: true; artifact: ValidatedArtifact }
  | { ok: false; artifactId: string; revision: string; message: string };

/**
 * Artifacts read back from signed bytes: by those bytes, then by the signature (bounded). Keyed by
 * the `signingInput` string itself, not by a text built from it: a copy kept as JSON hands the same
 * string back on every decision, and a string's hash is computed once, where a key made by joining
 * it to the signature would be hashed anew, all of it, each time.
 */
const rederived = new Map<string, Map<string, ValidatedArtifact | string>>();
let rederivedCount = 0;

/** The artifact `signingInput` (with `signature`) holds, or why it holds none. */
function rederive(signingInputText: unknown, signature: unknown): ValidatedArtifact | string {
  if (typeof signingInputText !== 'string') return 'it carries no signingInput (the bytes its signature covers)';
  const signatureKey = safeJcs(signature ?? null);
  const known = rederived.get(signingInputText)?.get(signatureKey);
  if (known !== undefined) return known;
  let found: ValidatedArtifact | string;
  let doc: unknown;
  try {
    doc = JSON.parse(signingInputText);
  } catch {
    doc = undefined;
  }
  if (!isObject(doc) || Object.hasOwn(doc, 'signature')) found = 'its signingInput is not the canonical JSON of an unsigned artifact document';
  else {
    const result = validateArtifact(signature === undefined ? doc : { ...doc, signature });
    const first = result.findings.find((f) => f.severity === 'error');
    found = result.ok ? result.value : `its signingInput is not a valid artifact (${first?.path ?? '$'}: ${first?.message ?? 'invalid'})`;
  }
  if (rederivedCount >= 10_000) {
    rederived.clear();
    rederivedCount = 0;
  }
  let bySignature = rederived.get(signingInputText);
  if (!bySignature) rederived.set(signingInputText, (bySignature = new Map()));
  bySignature.set(signatureKey, found);
  rederivedCount++;
  return found;
}

/** RFC 8785 text of a value, or a marker no JSON text equals when it has none. */
function safeJcs(value: unknown): string {
  if (value === undefined) return '\u0000undefined';
  try {
    return jcs(value);
  } catch {
    return '\u0000unrepresentable';
  }
}

/**
 * Whether `given` is the JSON value `held` (which validateArtifact made, nested at most a few dozen
 * levels): the same members whatever their order, an undefined member the same as an absent one,
 * as their canonical JSON texts would compare, but without writing either out. Comparing the two
 * texts of a copy kept as JSON cost every decision two canonicalisations of the whole artifact
 * and its document (300 ms for 2,000 rules); this walk stops at the first difference. Anything
 * JSON does not hold, nesting past the bound, or a member that throws when read is a difference.
 */
function sameJson(given: unknown, held: unknown, depth = 0): boolean {
  if (given === held) return true;
  if (typeof given !== 'object' || typeof held !== 'object' || given === null || held === null || depth > SAME_JSON_DEPTH) return false;
  if (Array.isArray(held)) {
    if (!Array.isArray(given) || given.length !== held.length) return false;
    for (let i = 0; i < held.length; i++) if (!sameJson(given[i], held[i], depth + 1)) return false;
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(given);
  if (Array.isArray(given) || (proto !== Object.prototype && proto !== null)) return false;
  const g = given as Record<string, unknown>;
  const h = held as Record<string, unknown>;
  let members = 0;
  for (const name of Object.keys(h)) {
    if (h[name] === undefined) continue;
    members++;
    if (!Object.hasOwn(g, name) || !sameJson(g[name], h[name], depth + 1)) return false;
  }
  for (const name of Object.keys(g)) if (g[name] !== undefined) members--;
  return members === 0;
}

/** Deeper than any artifact validateArtifact returns (DEFAULT_LIMITS.maxDepth), with room for its wrapper. */
const SAME_JSON_DEPTH = 64;

const claimed = (value: unknown): string => (typeof value === 'string' ? value : '(none)');

/**
 * The artifact a decision may rest on: the content of `artifact.signingInput` — exactly the bytes
 * its signature covers — never the object's own fields taken on their word (7.2). An object that
 * validateArtifact returned is that content already (it is deep-frozen); any other object (a
 * spread copy, one kept as JSON) is read again from its `signingInput` and `signature`, and
 * stands for that content only if every field equals it. Otherwise it is `ok: false`, naming the
 * members that differ: a decision on edited fields would report a signature that never covered them.
 */
export function signedContent(artifact: ValidatedArtifact): SignedContent {
  if (validated.has(artifact)) return { ok: true, artifact };
  const given = artifact as unknown as Record<string, unknown>;
  const id = { artifactId: claimed(given.artifactId), revision: claimed(given.revision) };
  if (typeof artifact !== 'object' || artifact === null) return { ok: false, ...id, message: 'not an artifact object' };
  const content = rederive(given.signingInput, given.signature);
  if (typeof content === 'string') return { ok: false, ...id, message: `the object is not an artifact as validateArtifact returned it: ${content}` };
  const held = content as unknown as Record<string, unknown>;
  const differing = CONTENT_MEMBERS.filter((name) => {
    try {
      return !sameJson(given[name], held[name]);
    } catch {
      return true; // a member that cannot be read is no copy of the content
    }
  });
  if (differing.length > 0) {
    return {
      ok: false, artifactId: content.artifactId, revision: content.revision,
      message: `${differing.join(', ')} of the object differ${differing.length === 1 ? 's' : ''} from the content it was validated from (signingInput, the bytes ${content.signature ? 'its signature covers' : 'a signature would cover'}); only that content is decided on — validate the changed document again`,
    };
  }
  return { ok: true, artifact: content };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
