/**
 * Public types of the envelope module (draft Sections 5–6): what a validated semantic envelope,
 * capability advertisement, domain profile and trust policy look like once they have passed
 * validation, and the findings validation reports.
 *
 * These are the only shapes the gate and the compatibility engine (src/gate) should consume: a
 * value of one of the `Validated…` types has passed presence, cardinality, type and identifier
 * expansion checks (Section 5.4). IRIs are absolute (Section 6.1), already expanded from compact
 * forms such as `cs:TechTranslation`; strings are exactly as sent (no trimming, no case folding:
 * comparison rules belong to the profile and the gate).
 */

// ---------------------------------------------------------------------------------------------
// Findings
// ---------------------------------------------------------------------------------------------

/**
 * Closed set of finding codes. `E_…` findings are errors (they make a document invalid), `W_…`
 * are warnings (reported, never silent, never blocking). Each code has one meaning; add new codes
 * at the end of their group.
 */
export const FINDING_CODES = [
  // input that is not a usable document at all
  'E_INVALID_JSON', //              not JSON, or not a JSON object at the top (5.4)
  'E_DUPLICATE_KEY', //             a member name twice in one object (I-JSON, RFC 7493 2.3)
  'E_INVALID_KIND', //              kind cannot be detected, or differs from the requested kind
  'E_INVALID_STRUCTURE', //         not a single node object (@graph, @reverse, @set at top, …)
  // limits (resource exhaustion)
  'E_LIMIT_SIZE', //                document larger than limits.maxBytes
  'E_LIMIT_DEPTH', //               nesting deeper than limits.maxDepth
  'E_LIMIT_ARRAY_LENGTH', //        an array longer than limits.maxArrayLength
  'E_LIMIT_CONTEXT', //             scoped contexts whose processing would go past its budget
  // JSON-LD context and expansion (6.1, 6.5)
  'E_INVALID_CONTEXT_MISSING', //   no @context (6.2)
  'E_CONTEXT_UNAVAILABLE', //       a remote context was refused or could not be retrieved (6.1)
  'E_INVALID_CONTEXT', //           the context is not valid JSON-LD 1.1
  'E_INVALID_PROTECTED_REDEFINITION', // a protected core term redefined (6.1)
  'E_INVALID_TERM_DEFINITION', //   a baseline term defined with another IRI or type handling (6.1)
  'E_INVALID_ALIAS', //             `id` / `type` (or another keyword alias) used (6.5)
  'E_INVALID_UNDECLARED_TERM', //   a member that does not expand (would be dropped) (6.1)
  'E_INVALID_UNKNOWN_TERM', //      an expanded term this document kind does not define (6.1, 6.4)
  'E_INVALID_JSONLD', //            any other JSON-LD syntax error
  // fields (5.2, 5.3, 6.2, 6.3)
  'E_INVALID_NODE_TYPE', //         @type missing or not the required class
  'E_INVALID_MISSING_FIELD', //     a required field is absent
  'E_INVALID_CARDINALITY', //       several values where exactly one is required
  'E_INVALID_VALUE_TYPE', //        wrong type (literal for IRI, number for string, …) (5.4)
  'E_INVALID_EMPTY_VALUE', //       empty string or empty array where non-empty is required
  'E_INVALID_RELATIVE_IRI', //      an IRI-valued reference that is not absolute (6.1)
  'E_INVALID_IRI', //               not a well-formed IRI, or a compact IRI with an undefined prefix
  'E_INVALID_LANGUAGE_TAG', //      not a BCP 47 language tag (5.2)
  'E_INVALID_MEDIA_TYPE', //        not a `type/subtype` media type (5.2, 6.3)
  'E_INVALID_REUSE', //             reused envelope without an unambiguous revision (5.3)
  'E_INVALID_SHAPE', //             a SHACL shape of the profile is violated (5.4)
  // plain-JSON documents defined by this project (domain profile, trust policy)
  'E_INVALID_UNKNOWN_MEMBER', //    a member the format does not define
  'E_INVALID_VALUE', //             value outside its enumeration or range
  'E_INVALID_DUPLICATE', //         the same key listed twice where it must be unique
  'E_INVALID_REFERENCE', //         refers to something the same document does not declare
  'E_INVALID_KEY', //               a public key that is not an Ed25519 SPKI PEM
  // kinds this module cannot validate (yet)
  'E_UNSUPPORTED_KIND',
  // kinds validated outside this module, through ValidateOptions.validators
  'E_ENVELOPE_MISSING', //          a carrier message that carries no envelope (12.2, 12.6)
  'E_INVALID_AGENT_CARD', //        the A2A Agent Card's semantic-profile extension entry is missing or malformed (12.2)
  // warnings
  'W_IGNORED_TERM', //              a descriptive extension term ignored because the profile permits it (6.1)
  'W_SHAPE_WARNING', //             a SHACL result of severity sh:Warning or sh:Info (5.4)
] as const;

/** One of {@link FINDING_CODES}. */
export type FindingCode = (typeof FINDING_CODES)[number];

/** `error` findings make the document invalid; `warning` findings never do. */
export type Severity = 'error' | 'warning';

/**
 * Draft section a finding enforces. Profile and trust-policy formats are this project's (DESIGN.md);
 * their findings cite the draft section that requires the profile or policy to say it (5.3, 7.2).
 */
export type DraftSection =
  | '5.2' | '5.3' | '5.4'
  | '6.1' | '6.2' | '6.3' | '6.4' | '6.5'
  | '7.1' | '7.2' | '7.3'
  | '12.2' | '12.4' | '12.6';

/** One validation finding. */
export interface Finding {
  code: FindingCode;
  severity: Severity;
  /** JSON path into the document as sent, e.g. `$.profileContext.termBindings[0].sense`. */
  path: string;
  message: string;
  /** The draft section whose requirement this finding enforces. */
  section: DraftSection;
  /** How to fix it, when there is an obvious correction (e.g. `use "@type" instead of "type"`). */
  hint?: string;
  /** 1-based line and column in the text, for faults found before there is a JSON value (syntax). */
  line?: number;
  column?: number;
}

/**
 * Result of every validator. `value` exists only when `ok`; findings may hold warnings even then.
 * Invalid input never yields a value (Section 7.1: a malformed envelope is never a basis for a
 * decision).
 */
export type ValidationResult<T> =
  | { ok: true; value: T; findings: Finding[] }
  | { ok: false; value: undefined; findings: Finding[] };

// ---------------------------------------------------------------------------------------------
// Validated documents
// ---------------------------------------------------------------------------------------------

/** Absolute IRI string (validated: has a scheme, no spaces, compact forms expanded). */
export type Iri = string;

/**
 * The document kinds `validateDocument` knows. `context` is a JSON-LD context document such as the
 * baseline of Section 6.1. `artifact` (Section 7.2) and `agent-card` (an A2A Agent Card or its
 * Section 12.2 fragment) are validated by higher layers (src/gate, src/carriers), which the
 * caller plugs in through {@link ValidateOptions.validators}: this module never reaches up.
 */
export const DOCUMENT_KINDS = ['envelope', 'capability', 'profile', 'trust', 'artifact', 'context', 'agent-card'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Kinds whose validator lives in another module and is passed in by the caller. */
export const EXTERNAL_KINDS = ['artifact', 'agent-card'] as const;
export type ExternalKind = (typeof EXTERNAL_KINDS)[number];

/** Validators of the {@link ExternalKind}s: each takes the parsed JSON and returns findings. */
export type ExternalValidators = Partial<Record<ExternalKind, (input: unknown) => ValidationResult<unknown>>>;

/** A JSON-LD context document (`{"@context": …}`, Section 6.1) that keeps every core term's meaning. */
export interface ValidatedContext {
  kind: 'context';
  /** The `@context` value as given. */
  context: unknown;
}

/** A term binding (5.2): a non-empty literal term and the Concept IRI it denotes. */
export interface TermBinding {
  term: string;
  sense: Iri;
}

/** The optional `profileContext` of an envelope: an `ioa:Context` node (5.2, 6.2). */
export interface ProfileContext {
  /** `domain`: the Domain IRI of the task, when declared. */
  domain?: Iri;
  /** `termBindings`, in document order; empty when none are declared. */
  termBindings: TermBinding[];
  /** BCP 47 tag of the task's source language, when declared (syntax checked, not canonicalised). */
  sourceLang?: string;
  /** BCP 47 tag of the task's target language, when declared. */
  targetLang?: string;
}

/**
 * A task-specific semantic envelope that passed Sections 5.3, 5.4 and 6.1–6.5 (an
 * `ioa:SemanticProfile` node).
 */
export interface ValidatedEnvelope {
  kind: 'envelope';
  /** Instance identifier (`@id`), when present. */
  id?: Iri;
  ontologyId: Iri;
  ontologyVersion: string;
  /** One or more Capability IRIs, in document order, duplicates removed. */
  capabilityRefs: Iri[];
  intentRef: Iri;
  profileContext?: ProfileContext;
  alignmentRef?: Iri;
  /** Explicit profile-instance revision string, when supplied (5.3). */
  profileVersion?: string;
  /** The JSON-LD expanded form of the document (what the checks ran on). */
  expanded: ExpandedDocument;
}

/**
 * A capability advertisement (6.3) plus the optional members DESIGN.md adds: the ontology it is
 * declared under and the languages the provider supports.
 */
export interface ValidatedCapability {
  kind: 'capability';
  /** The Capability IRI (`@id`). */
  id: Iri;
  /** Accepted input media types (`type/subtype[;params]`), as sent, non-empty. */
  inputs: string[];
  /** Produced output media types, as sent, non-empty. */
  outputs: string[];
  /** `label` (rdfs:label): descriptive only, never used to decide anything (6.4). */
  label?: string;
  ontologyId?: Iri;
  ontologyVersion?: string;
  /** BCP 47 tags of the source languages the provider accepts. */
  sourceLang?: string[];
  /** BCP 47 tags of the target languages the provider produces. */
  targetLang?: string[];
  expanded: ExpandedDocument;
}

/** Condition names whose evaluation semantics this project defines (DESIGN.md). */
export const CONDITION_NAMES = ['inputMediaType', 'outputMediaType', 'sourceLang', 'targetLang', 'domain'] as const;
export type ConditionName = (typeof CONDITION_NAMES)[number];

/** How a profile treats descriptive extension terms it does not define (6.1). */
export type UnknownTermTreatment = 'reject' | 'ignore';

/** `none`: several applicable rules are Indeterminate; `latest-revision`: of the revisions of one artifact (same id and issuer), the highest integer revision wins; artifacts are never ordered against each other (5.3, 7.3). */
export type MappingSelection = 'none' | 'latest-revision';

/** Relations a profile may declare between two versions of one ontology (5.3). */
export const VERSION_RELATIONS = ['compatible'] as const;
export type VersionRelationKind = (typeof VERSION_RELATIONS)[number];

/** A directional relation `from` → `to` between two versions of one ontology (5.3, never inferred). */
export interface VersionRelation {
  ontologyId: Iri;
  from: string;
  to: string;
  relation: VersionRelationKind;
}

/** Retrieval policy of a profile. Only `allowRemote` is checked here; the retrieval module owns the rest. */
export interface RetrievalPolicy {
  allowRemote: boolean;
  /** Further members, passed through unchanged for the retrieval module (#9) to validate. */
  [member: string]: unknown;
}

/** A domain profile (DESIGN.md "Domain profile"), normalised: optional members have their defaults. */
export interface DomainProfile {
  kind: 'profile';
  profileId: Iri;
  revision: string;
  /** Ontologies (and exact versions) the profile accepts. */
  ontologies: { ontologyId: Iri; versions: string[] }[];
  /** Default `[]`: two different versions are never used together unless related here. */
  versionRelations: VersionRelation[];
  /** Absent: no domain restriction on term bindings. */
  termBindings?: { permittedDomains: Iri[]; crossDomain: boolean };
  /** Default `[]`. */
  requiredConditions: ConditionName[];
  /** Default `none`. */
  mappingSelection: MappingSelection;
  /** Default `reject`. */
  unknownTerms: UnknownTermTreatment;
  retrieval?: RetrievalPolicy;
  /** Path of a SHACL Turtle file, relative to the profile file, as written. */
  shapes?: string;
  /**
   * Default `false`. When `true`, envelopes under this profile are reused across messages and
   * must carry an unambiguous revision (5.3): `profileVersion` with an instance identifier
   * (`@id`), or an immutable `@id` (RFC 6920 `ni:` URI).
   */
  envelopeReuse: boolean;
}

/** An issuer the receiver trusts, with its Ed25519 key and the directions it may assert. */
export interface TrustedIssuer {
  id: Iri;
  keyId: string;
  /** Ed25519 public key, PEM (SPKI); parsed and checked to be Ed25519. */
  publicKey: string;
  scopes: TrustScope[];
}

/** How far a trust scope reaches: its own direction only (the default), or the reverse too. */
export const SCOPE_DIRECTIONS = ['source-to-target', 'both'] as const;
export type ScopeDirection = (typeof SCOPE_DIRECTIONS)[number];

/**
 * Use an issuer is trusted for: mapping terms of `sourceOntologyId` to terms of
 * `targetOntologyId`. Directional: the reverse use is covered only with `direction: "both"`
 * (absent means `source-to-target`).
 */
export interface TrustScope {
  sourceOntologyId: Iri;
  targetOntologyId: Iri;
  direction?: ScopeDirection;
}

/** A trust policy (DESIGN.md "Trust policy"), normalised. */
export interface TrustPolicy {
  kind: 'trust';
  trustedIssuers: TrustedIssuer[];
  /** Default `true`. */
  requireSignature: boolean;
  /** Default 60; 0 ≤ value ≤ 3600. */
  clockSkewSeconds: number;
}

/** A JSON-LD expanded document (array of expanded node objects), as produced by `jsonld.expand`. */
export type ExpandedDocument = ReadonlyArray<Readonly<Record<string, unknown>>>;

/** Any validated document, discriminated by `kind`. */
export type ValidatedDocument = ValidatedEnvelope | ValidatedCapability | DomainProfile | TrustPolicy;

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

/** Resource limits applied before and during expansion. Every exceeded limit is an error finding. */
export interface Limits {
  /** Maximum document size in bytes (UTF-8 of the JSON text, or an estimate for parsed input). Default 256 KiB. */
  maxBytes: number;
  /** Maximum nesting depth of objects and arrays. Default 32. */
  maxDepth: number;
  /** Maximum length of any array. Default 1024. */
  maxArrayLength: number;
}

/** Result a JSON-LD document loader returns (jsonld's RemoteDocument). */
export interface RemoteDocument {
  document: unknown;
  documentUrl: string;
  contextUrl?: string | null;
}

/**
 * Hook for remote contexts. The default refuses every URL (Section 6.1: profiles should use the
 * inline context, and a receiver must not fetch unbounded). The retrieval module plugs in a
 * policy-bounded loader here; whatever it throws becomes an `E_CONTEXT_UNAVAILABLE` finding.
 */
export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

/** A compiled SHACL shapes graph (see `compileShapes` in shacl.ts). Opaque to callers. */
export interface CompiledShapes {
  /** Where the shapes came from, for messages. */
  readonly source: string;
  /** Validate an RDF dataset produced from an expanded document. */
  readonly validate: (quads: readonly import('@rdfjs/types').Quad[]) => Promise<ShapeViolation[]>;
}

/** One SHACL validation result, flattened. */
export interface ShapeViolation {
  focusNode: string;
  path?: string;
  message: string;
  severity: 'violation' | 'warning' | 'info';
}

/** Options shared by every validator. All optional; defaults are strict. */
export interface ValidateOptions {
  /** The accepted domain profile, if known: its `unknownTerms` and `envelopeReuse` apply. */
  profile?: DomainProfile;
  /** Overrides the profile's (or the default `reject`) treatment of descriptive extension terms. */
  unknownTerms?: UnknownTermTreatment;
  /** Forces the Section 5.3 reuse check regardless of the profile. */
  reused?: boolean;
  limits?: Partial<Limits>;
  /** Loader for remote contexts; default refuses all (see {@link DocumentLoader}). */
  documentLoader?: DocumentLoader;
  /** Optional SHACL shapes of the profile, checked on the expanded graph (Section 5.4). */
  shapes?: CompiledShapes;
  /**
   * IRI schemes accepted for IRI-valued references. A value such as `cs:TechTranslation` whose
   * `cs` prefix is undefined stays `cs:TechTranslation` after expansion; it looks absolute but is
   * a forgotten prefix, so schemes outside this list are rejected. Default: http, https, urn,
   * did, tag, ni.
   */
  iriSchemes?: readonly string[];
  /**
   * Validators for the kinds other modules own (artifacts: the gate's `validateArtifact`; Agent
   * Cards: the carriers'). Without one, such a document is `E_UNSUPPORTED_KIND`, never valid.
   */
  validators?: ExternalValidators;
}
