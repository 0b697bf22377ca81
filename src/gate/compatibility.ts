/**
 * The compatibility engine (draft Section 7.1): request envelope + requester ontology knowledge +
 * provider advertisement + domain profile + artifacts (through the gate) → Compatible |
 * Incompatible | Indeterminate, with reason codes, the mapping used and the inputs' digests.
 *
 * Outcome rule: a completed finding that a required condition is violated is Incompatible; any
 * requirement that could not be established is Indeterminate; only when every requirement was
 * validated — directly or through an accepted artifact — is the result Compatible. Compatible is
 * never authorisation (7.1).
 */
import type { Concept, ConceptKind } from '../model/concept.js';
import { objectTerm, subjectTerm, type Candidate, type MappingRecord } from '../model/mapping.js';
import { rowDecision } from '../exchange/reviewed.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { DomainProfile, Iri, TrustPolicy, ValidatedCapability, ValidatedEnvelope } from '../envelope/types.js';
import { signedContent, type ValidatedArtifact } from './artifact.js';
import { checkedDigest, jsonDigest } from './canonical.js';
import { ontologyDigest } from './ontology-digest.js';
import { closest, compareLanguage, compareMediaType, sameMediaType, type TaskRequirements } from './conditions.js';
import { selectRule } from './select.js';
import { acceptArtifacts, versionUsable, type AcceptedArtifact, type Exclusion, type MappingUse, type OntologyRef } from './gate.js';
import { artifactConflicts } from './coherence.js';

/** The three outcomes of 7.1. Invalid input is not an outcome: it is rejected before evaluation. */
export type Outcome = 'Compatible' | 'Incompatible' | 'Indeterminate';

/** Reason codes (DESIGN.md decision table). Each has one effect on the outcome. */
export const REASON_CODES = {
  // completed findings of a conflict → Incompatible
  INTENT_NOT_APPLICABLE: 'incompatible',
  DOMAIN_RESTRICTION: 'incompatible',
  CAPABILITY_NOT_OFFERED: 'incompatible',
  CONSTRAINT_CONFLICT: 'incompatible',
  // could not be established → Indeterminate
  UNKNOWN_PROFILE: 'indeterminate',
  UNKNOWN_VERSION_RELATION: 'indeterminate',
  UNKNOWN_TERM: 'indeterminate',
  CONSTRAINT_NOT_ESTABLISHED: 'indeterminate',
  NO_ACCEPTED_ALIGNMENT: 'indeterminate',
  CANDIDATE_ONLY: 'indeterminate',
  CANDIDATE_REJECTED: 'indeterminate',
  ARTIFACT_EXCLUDED: 'indeterminate',
  REVERSE_NOT_DECLARED: 'indeterminate',
  CHAIN_NOT_DECLARED: 'indeterminate',
  RULE_INAPPLICABLE: 'indeterminate',
  UNKNOWN_CONDITION: 'indeterminate',
  AMBIGUOUS_MAPPING: 'indeterminate',
  RESOURCE_UNAVAILABLE: 'indeterminate',
} as const satisfies Record<string, 'incompatible' | 'indeterminate'>;
export type ReasonCode = keyof typeof REASON_CODES;

/** Why the outcome is what it is. Compatible verdicts carry no reasons. */
export interface Reason {
  code: ReasonCode;
  message: string;
  /** JSON path into the input at fault, prefixed by the input's role (e.g. `request:$.intentRef`). */
  path?: string;
  /** For exclusion reasons: the specific exclusion (e.g. `EXPIRED` under `ARTIFACT_EXCLUDED`). */
  detail?: Exclusion['code'];
  artifactId?: Iri;
  ruleIndex?: number;
}

/** How one requested capability was matched to the provider's. */
export type MappingUsed =
  | { kind: 'direct'; capability: Iri; provider: Iri }
  | {
      kind: 'artifact';
      capability: Iri;
      provider: Iri;
      artifactId: Iri;
      revision: string;
      /** Who the artifact says asserted it: a claim, verified only when `signed` (12.4). */
      assertedBy: Iri;
      /**
       * Whether a signature by a trusted key of `assertedBy` was verified. False only under a
       * trust policy with `requireSignature: false`: the artifact's provenance was then not
       * verified, and `assertedBy` is its unchecked claim (7.2, 12.4).
       */
      signed: boolean;
      digest: string;
      ruleIndex: number;
      orientation: 'forward' | 'reverse';
      conditions: Readonly<Record<string, unknown>>;
    };

/** `sha256:` digests (RFC 8785 JCS) of every input a decision rested on, for audit and revalidation. */
export interface InputDigests {
  request: string;
  provider: string;
  profile?: { profileId: Iri; revision: string; digest: string };
  trust?: string;
  artifacts: Array<{ artifactId: Iri; revision: string; digest: string }>;
  ontologies: Array<{ source: string; digest: string }>;
  candidates?: string;
}

/** Printed with every verdict: semantic compatibility is not permission (7.1). */
export const NOT_AUTHORISATION =
  'Compatible means the semantic requirements were validated; it does not establish authorization or execution admission (draft Section 7.1).';

/** One decision: outcome, why, what mapping it used, what was excluded, and on which inputs. */
export interface Verdict {
  outcome: Outcome;
  reasons: Reason[];
  /** One entry per requested capability, when every one was matched. */
  mapping: MappingUsed[];
  /** Artifacts and rules the gate excluded, with why (reported even when the outcome is Compatible). */
  excluded: Exclusion[];
  inputs: InputDigests;
  notice: typeof NOT_AUTHORISATION;
}

/** A required resource that could not be obtained (S4): never absence, never Incompatible. */
export interface UnavailableResource {
  kind: 'unavailable';
  role: 'artifact' | 'profile' | 'context';
  location: string;
  message: string;
}

/** Candidate mappings offered as evidence. They never establish anything (7.4, S2). */
export type CandidateEvidence = Candidate | MappingRecord;

/** Everything one decision needs, already validated (see `loadCheckFiles` for files). */
export interface CheckInput {
  envelope: ValidatedEnvelope;
  provider: ValidatedCapability;
  profile: DomainProfile | UnavailableResource;
  artifacts?: readonly (ValidatedArtifact | UnavailableResource)[];
  trust?: TrustPolicy;
  /** The requester's ontology knowledge (intents, capabilities, domains), from `--ontology` files. */
  ontologies?: readonly OntologyIndex[];
  candidates?: readonly CandidateEvidence[];
  /** Clock for validity windows; defaults to the current time. */
  now?: Date | number;
}

const isUnavailable = (x: unknown): x is UnavailableResource => (x as { kind?: unknown } | null)?.kind === 'unavailable';

/** Digests of every input: the identity of a decision (and the revalidation cache key, S5). */
export function digestInputs(input: CheckInput): InputDigests {
  const digests: InputDigests = {
    request: checkedDigest(input.envelope),
    provider: checkedDigest(input.provider),
    artifacts: (input.artifacts ?? []).map((a) =>
      isUnavailable(a) ? { artifactId: a.location, revision: '(unavailable)', digest: jsonDigest(a) } : { artifactId: a.artifactId, revision: a.revision, digest: a.digest }),
    ontologies: (input.ontologies ?? []).map((o) => ({ source: o.source, digest: ontologyDigest(o) })),
  };
  if (!isUnavailable(input.profile)) {
    digests.profile = { profileId: input.profile.profileId, revision: input.profile.revision, digest: checkedDigest(input.profile) };
  }
  if (input.trust) digests.trust = checkedDigest(input.trust);
  if (input.candidates && input.candidates.length > 0) {
    // Scores are arbitrary doubles (±Infinity included), which JSON cannot carry: digest their text.
    const candidates = input.candidates;
    digests.candidates = jsonDigest(candidates.map((c) => {
      const [s, o, score] = candidateEnds(c);
      // A rejection gives another reason than a proposal of the same triple: its digest differs.
      return [s, 'predicateId' in c ? c.predicateId : c.predicate, o, String(score), ...(isRejection(c) ? ['Not'] : [])];
    }));
  }
  return digests;
}

/**
 * The ontology files whose statements may stand for `ref` (6.4: decision-sensitive values are
 * validated against the applicable ontology version): the files that declare that ontology at
 * that version, and the files that declare no ontology at all (a fragment such as the draft's
 * `law` example, with nothing to contradict). A file that declares another ontology, or this one
 * at another version or at none, never answers for it: an intent read from release 9.9 says
 * nothing about what it means in 1.0.
 */
const speaksFor = (o: OntologyIndex, ref: OntologyRef): boolean => o.iri === undefined || declares(o, ref);

/** Whether the file declares `ref` itself: its ontology at its version. */
const declares = (o: OntologyIndex, ref: OntologyRef): boolean => o.iri === ref.ontologyId && o.version === ref.version;

/**
 * The files that declare `ref` itself, its ontology at its version: the only ones that may state
 * the request's own intent and capabilities. A fragment that declares no ontology may add term
 * senses (the draft's `law` example), but cannot establish what an intent of agent-core 1.1
 * requires: nothing in it says which ontology or version it is (6.4).
 */
function declaringFiles(ontologies: readonly OntologyIndex[], ref: OntologyRef): OntologyIndex[] {
  return ontologies.filter((o) => declares(o, ref));
}

/** The files that speak for `ref` (speaksFor). */
function filesFor(ontologies: readonly OntologyIndex[], ref: OntologyRef): OntologyIndex[] {
  return ontologies.filter((o) => speaksFor(o, ref));
}

/** Why a term looked up for `ref` is not taken from a file that defines it (see filesFor), if one does. */
function elsewhere(ontologies: readonly OntologyIndex[], ref: OntologyRef, iri: Iri): string {
  const other = ontologies.find((o) => o.byIri.has(iri) && !declares(o, ref));
  if (!other) return '';
  if (other.iri === undefined) return ` (${other.source} defines it, but declares no ontology and version: the terms of ${ref.ontologyId} version ${ref.version} are read only from a file declaring it (owl:Ontology with owl:versionInfo), 6.4)`;
  const declared = other.iri === ref.ontologyId ? `${other.iri} version ${other.version ?? '(none declared)'}` : `another ontology, ${other.iri}`;
  return ` (${other.source} defines it, but declares ${declared}, not ${ref.ontologyId} version ${ref.version}: 6.4)`;
}

/** What a decision reads of a term: the lists the files state about it. */
const DECISION_LISTS = ['requiresCapability', 'appliesToDomain', 'inDomain', 'inputs', 'outputs'] as const;

/**
 * A term as the given files state it together: the files are one graph (RDF merge), so what any
 * of them says about the term counts, whatever order they were given in. A second file adding a
 * required capability or another input media type is not overruled by the first.
 */
function lookup(ontologies: readonly OntologyIndex[], iri: Iri): Concept | undefined {
  const found = ontologies.map((o) => o.byIri.get(iri)).filter((c): c is Concept => c !== undefined);
  if (found.length <= 1) return found[0];
  const merged: Concept = { ...found[0]! };
  for (const list of DECISION_LISTS) merged[list] = [...new Set(found.flatMap((c) => c[list]))];
  return merged;
}

/**
 * How the files define `iri` when none of them gives it the kind the draft declares for its use
 * (5.2: capabilityRefs are Capability IRIs, intentRef an Intent IRI, a sense a Concept IRI):
 * the kinds found, for the message; undefined when one of them is `expected`, or when no file
 * defines the term (the caller reports an undefined term in its own words). A term of another
 * kind has none of the lists the check reads, and would pass by saying nothing.
 */
function wrongKind(files: readonly OntologyIndex[], iri: Iri, expected: ConceptKind): string | undefined {
  // A term typed several ways (`a ioa:Concept, ioa:Domain`) is each of them.
  const kinds = [...new Set(files.flatMap((o) => { const c = o.byIri.get(iri); return c ? (c.kinds ?? [c.kind]) : []; }))];
  if (kinds.length === 0 || kinds.includes(expected)) return undefined;
  return `is defined as ${kinds.map(withArticle).join(' and as ')}, not ${withArticle(expected)}`;
}

const withArticle = (kind: string): string => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;

/**
 * Subject, object and score of a candidate. A mapping record's literal end (SSSOM 1.1) comes out
 * as its JSON-quoted text, which no concept IRI equals. (A literal record has no `subjectId`, so
 * records are told from Candidates by `predicateId`.)
 */
const candidateEnds = (c: CandidateEvidence): [string, string, number | undefined] =>
  'predicateId' in c ? [subjectTerm(c), objectTerm(c), c.similarityScore] : [c.subject, c.object, c.score];

/** A reviewed row that rejects its mapping (`predicate_modifier Not`, or `review_decision reject`). */
const isRejection = (c: CandidateEvidence): boolean => 'predicateId' in c && rowDecision(c) === 'reject';

/** Exclusion codes that the decision table names as reason codes of their own. */
const OWN_REASON = new Set<Exclusion['code']>(['REVERSE_NOT_DECLARED', 'CHAIN_NOT_DECLARED', 'RULE_INAPPLICABLE']);

function exclusionReason(e: Exclusion): Reason {
  const code: ReasonCode = OWN_REASON.has(e.code) ? (e.code as ReasonCode) : 'ARTIFACT_EXCLUDED';
  const reason: Reason = { code, message: `${e.artifactId} (revision ${e.revision})${e.ruleIndex !== undefined ? ` rule ${e.ruleIndex}` : ''}: ${e.message}`, detail: e.code, artifactId: e.artifactId };
  if (e.ruleIndex !== undefined) {
    reason.ruleIndex = e.ruleIndex;
    reason.path = `artifact:$.mappingRules[${e.ruleIndex}].${e.member ?? 'conditions'}`;
  }
  return reason;
}

/** Evaluate one decision. Pure: same inputs (and clock) → same verdict. */
export function evaluateCompatibility(input: CheckInput): Verdict {
  const now = input.now === undefined ? Date.now() : typeof input.now === 'number' ? input.now : input.now.getTime();
  const reasons: Reason[] = [];
  const mapping: MappingUsed[] = [];
  const excluded: Exclusion[] = [];
  const add = (code: ReasonCode, message: string, path?: string): void => {
    reasons.push(path === undefined ? { code, message } : { code, message, path });
  };
  const finish = (): Verdict => {
    const outcome: Outcome = reasons.some((r) => REASON_CODES[r.code] === 'incompatible')
      ? 'Incompatible'
      : reasons.length > 0 ? 'Indeterminate' : 'Compatible';
    return { outcome, reasons, mapping: outcome === 'Compatible' ? mapping : [], excluded, inputs: digestInputs(input), notice: NOT_AUTHORISATION };
  };
  const { envelope, provider } = input;
  const ontologies = input.ontologies ?? [];

  // S4: what could not be obtained is never absence and never a conflict.
  if (isUnavailable(input.profile)) {
    add('RESOURCE_UNAVAILABLE', `the domain profile could not be obtained from ${input.profile.location}: ${input.profile.message}`, 'profile');
    return finish();
  }
  const profile = input.profile;
  const artifacts: ValidatedArtifact[] = [];
  const unavailableLocations = new Set<string>();
  for (const a of input.artifacts ?? []) {
    if (isUnavailable(a)) {
      add('RESOURCE_UNAVAILABLE', `alignment artifact ${a.location} could not be obtained: ${a.message}`, 'artifact');
      unavailableLocations.add(a.location);
    } else {
      // The signed content, never fields set on the object after validation (7.2).
      const content = signedContent(a);
      if (content.ok) artifacts.push(content.artifact);
      else excluded.push({ code: 'ALTERED', artifactId: content.artifactId, revision: content.revision, message: content.message });
    }
  }
  const ref = envelope.alignmentRef;
  if (ref !== undefined && !unavailableLocations.has(ref) && !artifacts.some((a) => a.artifactId === ref)) {
    add('RESOURCE_UNAVAILABLE', `the request references alignment artifact ${ref}, which was not supplied (it is never fetched implicitly)`, 'request:$.alignmentRef');
  }

  // 5.3: the receiver must know both ontologies and their versions. The request's profileVersion
  // is the revision of the semantic profile instance, the envelope itself (5.2: "profile-instance
  // revision"), not of the domain profile: a reused envelope revised from "1" to "2" is evaluated
  // afresh like any other, and its revision is part of the request's digest, so a verdict kept for
  // one revision is never taken for another (S5).
  const known = (ref: OntologyRef): boolean => profile.ontologies.some((o) => o.ontologyId === ref.ontologyId && o.versions.includes(ref.version));
  const requester: OntologyRef = { ontologyId: envelope.ontologyId, version: envelope.ontologyVersion };
  if (!known(requester)) {
    add('UNKNOWN_PROFILE', `profile ${profile.profileId} does not know ontology ${requester.ontologyId} version ${requester.version}`, 'request:$.ontologyVersion');
  }
  let providerRef: OntologyRef | undefined;
  if (provider.ontologyId === undefined || provider.ontologyVersion === undefined) {
    add('UNKNOWN_PROFILE', `the provider advertisement of ${provider.id} names no ontologyId and ontologyVersion, so it cannot be placed in profile ${profile.profileId}`, 'provider:$');
  } else {
    providerRef = { ontologyId: provider.ontologyId, version: provider.ontologyVersion };
    if (!known(providerRef)) add('UNKNOWN_PROFILE', `profile ${profile.profileId} does not know ontology ${providerRef.ontologyId} version ${providerRef.version}`, 'provider:$.ontologyVersion');
  }
  if (reasons.some((r) => r.code === 'UNKNOWN_PROFILE') || !providerRef) return finish();
  const sameOntology = requester.ontologyId === providerRef.ontologyId;
  if (sameOntology && !versionUsable(profile, requester.ontologyId, requester.version, providerRef.version)) {
    add('UNKNOWN_VERSION_RELATION', `request uses ${requester.ontologyId} ${requester.version}, provider ${providerRef.version}; profile ${profile.profileId} defines no relation ${requester.version} → ${providerRef.version} (never inferred from version strings)`, 'provider:$.ontologyVersion');
    return finish();
  }

  // 5.4: the intent must be applicable to the declared capabilities; term bindings within the
  // profile's domains. Knowledge comes only from the requester's ontology files.
  const context = envelope.profileContext;
  const requesterFiles = filesFor(ontologies, requester);
  const ownFiles = declaringFiles(ontologies, requester);
  const intent = lookup(ownFiles, envelope.intentRef);
  // 5.2: domain is a Domain IRI. The task's domain decides the intent's applicability, the
  // provider's domain and every rule's domain condition, so it must be a known Domain first (6.4):
  // an IRI nobody defines never conflicts with anything and would pass every test unnoticed.
  let domainKnown = true;
  if (context?.domain !== undefined) {
    const domainFiles = [...new Set([...requesterFiles, ...filesFor(ontologies, providerRef)])];
    const kind = wrongKind(domainFiles, context.domain, 'domain');
    if (!lookup(domainFiles, context.domain)) {
      domainKnown = false;
      add('UNKNOWN_TERM', `the task's domain ${context.domain} is not defined in the ontology files given for ${[...new Set([requester, providerRef].map((r) => `${r.ontologyId} version ${r.version}`))].join(' or ')}${elsewhere(ontologies, requester, context.domain)}, so it cannot be checked (6.4)`, 'request:$.profileContext.domain');
    } else if (kind !== undefined) {
      domainKnown = false;
      add('UNKNOWN_TERM', `the task's domain ${context.domain} ${kind} (5.2: domain is a Domain IRI), so it cannot be checked`, 'request:$.profileContext.domain');
    }
  }
  let taskDomain = context?.domain;
  /** The intent, when it is one: what it requires and where it applies count for the decision. */
  let validIntent: Concept | undefined;
  if (!intent) {
    add('UNKNOWN_TERM', `intent ${envelope.intentRef} is not defined in the requester's ontology files${elsewhere(ontologies, requester, envelope.intentRef)}, so its applicability cannot be established`, 'request:$.intentRef');
  } else if (wrongKind(ownFiles, envelope.intentRef, 'intent') !== undefined) {
    // 5.2: intentRef is one Intent IRI. A capability, domain or concept there has no
    // requiresCapability to check, and would pass every applicability test by saying nothing.
    add('UNKNOWN_TERM', `intentRef ${envelope.intentRef} ${wrongKind(ownFiles, envelope.intentRef, 'intent')!}, so the request's applicability cannot be established (5.2, 5.4)`, 'request:$.intentRef');
  } else if (intent.requiresCapability.length === 0) {
    // 5.4: the intent must be applicable to the declared capabilities, and 5.1 makes an intent
    // the goal "with the capabilities … needed to realize it". One that names none can be checked
    // against no capability: like a term of another kind, it would pass by saying nothing.
    add('CONSTRAINT_NOT_ESTABLISHED', `intent ${intent.iri} declares no required capability (ioa:requiresCapability), so its applicability to the declared capabilities cannot be established (5.1, 5.4)`, 'request:$.intentRef');
  } else {
    validIntent = intent;
    const missing = intent.requiresCapability.filter((c) => !envelope.capabilityRefs.includes(c));
    if (missing.length > 0) add('INTENT_NOT_APPLICABLE', `intent ${intent.iri} requires ${missing.join(', ')}, not among the declared capabilities`, 'request:$.capabilityRefs');
    if (taskDomain !== undefined && domainKnown && intent.appliesToDomain.length > 0 && !intent.appliesToDomain.includes(taskDomain)) {
      add('INTENT_NOT_APPLICABLE', `intent ${intent.iri} applies to ${intent.appliesToDomain.join(', ')}, not to the task's domain ${taskDomain}`, 'request:$.profileContext.domain');
    }
    if (taskDomain === undefined && intent.appliesToDomain.length === 1) taskDomain = intent.appliesToDomain[0];
  }
  const restriction = profile.termBindings;
  const bindings = context?.termBindings ?? [];
  // 6.4: a term the request binds to two senses is ambiguous, whatever the profile permits.
  const sensesOf = new Map<string, string[]>();
  for (const b of bindings) sensesOf.set(b.term, [...new Set([...(sensesOf.get(b.term) ?? []), b.sense])]);
  for (const [term, senses] of sensesOf) {
    if (senses.length < 2) continue;
    const at = bindings.findIndex((b) => b.term === term && b.sense === senses[1]);
    add('UNKNOWN_TERM', `term "${term}" is bound to ${senses.join(' and to ')}: an ambiguous binding is no basis for a decision (6.4)`, `request:$.profileContext.termBindings[${at}].term`);
  }
  bindings.forEach((binding, i) => {
    const path = `request:$.profileContext.termBindings[${i}].sense`;
    const sense = lookup(requesterFiles, binding.sense);
    // A sense nobody defines is unknown under any profile: the binding says what a term of the
    // task means, and a meaning that cannot be looked up cannot be relied on.
    if (!sense) {
      add('UNKNOWN_TERM', `the sense ${binding.sense} of term "${binding.term}" is not defined in the requester's ontology files${elsewhere(ontologies, requester, binding.sense)}, so what the term means cannot be established${restriction && !restriction.crossDomain ? ', nor the profile\'s domain restriction checked' : ''}`, path);
      return;
    }
    const senseKind = wrongKind(requesterFiles, binding.sense, 'concept');
    if (senseKind !== undefined) {
      add('UNKNOWN_TERM', `the sense ${binding.sense} of term "${binding.term}" ${senseKind} (5.2: a sense is a Concept IRI), so what the term means cannot be established`, path);
      return;
    }
    if (!restriction || restriction.crossDomain) return;
    if (sense.inDomain.length === 0) add('UNKNOWN_TERM', `the sense ${binding.sense} of term "${binding.term}" declares no domain, so the profile's domain restriction cannot be checked`, path);
    else if (!sense.inDomain.some((d) => restriction.permittedDomains.includes(d))) {
      add('DOMAIN_RESTRICTION', `term "${binding.term}" is bound to ${binding.sense} in ${sense.inDomain.join(', ')}; profile ${profile.profileId} permits only ${restriction.permittedDomains.join(', ')} and no cross-domain bindings (5.4, 12.3)`, path);
    }
  });

  // Task requirements: what the task needs, from the envelope and the requester's capabilities.
  const task: TaskRequirements = { inputMediaTypes: [], outputMediaTypes: [] };
  /** capabilityRefs whose meaning is not established: nothing is matched for them. */
  const unknownRefs = new Set<Iri>();
  envelope.capabilityRefs.forEach((ref, at) => {
    // Like the intent: a required capability the requester's ontology does not define has no
    // inputs, outputs or domain to check, and a rule mapping it would be taken on trust.
    if (!lookup(ownFiles, ref)) {
      unknownRefs.add(ref);
      add('UNKNOWN_TERM', `capability ${ref} is not defined in the requester's ontology files${elsewhere(ontologies, requester, ref)}, so what it requires cannot be established`, `request:$.capabilityRefs[${at}]`);
      return;
    }
    const kind = wrongKind(ownFiles, ref, 'capability');
    if (kind !== undefined) {
      unknownRefs.add(ref);
      add('UNKNOWN_TERM', `capability ${ref} ${kind} (5.2: capabilityRefs are Capability IRIs), so what it requires cannot be established`, `request:$.capabilityRefs[${at}]`);
    }
  });
  for (const ref of envelope.capabilityRefs) {
    if (unknownRefs.has(ref)) continue;
    const cap = lookup(ownFiles, ref);
    for (const m of cap?.inputs ?? []) if (!task.inputMediaTypes.some((x) => sameMediaType(x, m))) task.inputMediaTypes.push(m);
    for (const m of cap?.outputs ?? []) if (!task.outputMediaTypes.some((x) => sameMediaType(x, m))) task.outputMediaTypes.push(m);
  }
  if (context?.sourceLang !== undefined) task.sourceLang = context.sourceLang;
  if (context?.targetLang !== undefined) task.targetLang = context.targetLang;
  if (taskDomain !== undefined) task.domain = taskDomain;
  for (const name of profile.requiredConditions) {
    const stated = name === 'inputMediaType' ? task.inputMediaTypes.length > 0 : name === 'outputMediaType' ? task.outputMediaTypes.length > 0 : task[name] !== undefined;
    if (!stated) add('CONSTRAINT_NOT_ESTABLISHED', `profile ${profile.profileId} requires condition "${name}" and the task does not state it`, 'request:$.profileContext');
  }

  // The provider's declared constraints against the task (both paths). 6.3 media types; DESIGN
  // languages. The comparison is the one rule conditions use: a value only related to what the
  // provider declares (zh and zh-Hans; other media type parameters) is not established, as it
  // is for a rule; only a value unrelated to every declared one is a completed conflict (7.1).
  const NO_FALLBACK = 'no fallback between them is inferred, so the constraint is not established';
  const inputs = task.inputMediaTypes.map((m) => [m, closest(m, provider.inputs, compareMediaType)] as const);
  const uncovered = inputs.filter(([, c]) => c === 'different').map(([m]) => m);
  const nearly = inputs.filter(([, c]) => c === 'related').map(([m]) => m);
  if (uncovered.length > 0) add('CONSTRAINT_CONFLICT', `the task sends ${uncovered.join(', ')}; the provider accepts only ${provider.inputs.join(', ')}`, 'provider:$.inputs');
  else if (nearly.length > 0) add('CONSTRAINT_NOT_ESTABLISHED', `the task sends ${nearly.join(', ')}; the provider accepts ${provider.inputs.join(', ')}, the same media type with other parameters: ${NO_FALLBACK}`, 'provider:$.inputs');
  if (task.outputMediaTypes.length > 0) {
    const output = task.outputMediaTypes.map((m) => closest(m, provider.outputs, compareMediaType)).reduce((a, b) => (a === 'same' || b === 'same' ? 'same' : a === 'related' || b === 'related' ? 'related' : 'different'));
    if (output === 'different') add('CONSTRAINT_CONFLICT', `the task expects ${task.outputMediaTypes.join(', ')}; the provider produces only ${provider.outputs.join(', ')}`, 'provider:$.outputs');
    else if (output === 'related') add('CONSTRAINT_NOT_ESTABLISHED', `the task expects ${task.outputMediaTypes.join(', ')}; the provider produces ${provider.outputs.join(', ')}, the same media type with other parameters: ${NO_FALLBACK}`, 'provider:$.outputs');
  }
  for (const name of ['sourceLang', 'targetLang'] as const) {
    const wanted = task[name];
    const offered = provider[name];
    if (wanted === undefined || offered === undefined) continue;
    const comparison = closest(wanted, offered, compareLanguage);
    if (comparison === 'different') add('CONSTRAINT_CONFLICT', `the task needs ${name} ${wanted}; the provider supports ${offered.join(', ')}`, `provider:$.${name}`);
    else if (comparison === 'related') add('CONSTRAINT_NOT_ESTABLISHED', `the task needs ${name} ${wanted}; the provider supports ${offered.join(', ')}, related tags (RFC 4647 prefix): ${NO_FALLBACK}`, `provider:$.${name}`);
  }

  // 6.3: an advertisement identifies a Capability. Where a file declares the provider's ontology
  // at its version, the advertised IRI must be a capability there (as the request's terms must be
  // in the request's ontology, 6.4): a term it does not define, or defines with another kind,
  // offers nothing that could be compared, so no conflict with it can be a completed finding.
  // Without such a file the advertisement is taken as it identifies itself.
  const providerOwn = declaringFiles(ontologies, providerRef);
  let providerKnown = true;
  if (providerOwn.length > 0) {
    const where = `${providerRef.ontologyId} version ${providerRef.version} (${providerOwn.map((o) => o.source).join(', ')})`;
    const providerKind = wrongKind(providerOwn, provider.id, 'capability');
    if (!lookup(providerOwn, provider.id)) {
      providerKnown = false;
      add('UNKNOWN_TERM', `the provider's capability ${provider.id} is not defined in ${where}${elsewhere(ontologies, providerRef, provider.id)}, so what it offers cannot be established`, 'provider:$["@id"]');
    } else if (providerKind !== undefined) {
      providerKnown = false;
      add('UNKNOWN_TERM', `the provider's capability ${provider.id} ${providerKind} in ${where} (6.3: an advertisement identifies a Capability), so what it offers cannot be established`, 'provider:$["@id"]');
    }
  }

  if (sameOntology) {
    // The requester's own ontology establishes the task's domain for the provider when the
    // intent applies to that domain and requires the very capability the provider offers (S1).
    // Undefined when the intent is already reported (unknown, or requiring nothing): whether it
    // covers the domain is not established either.
    const intentCovers = validIntent === undefined ? undefined : task.domain !== undefined
      && validIntent.appliesToDomain.includes(task.domain) && validIntent.requiresCapability.includes(provider.id);
    matchDirect(input, profile, task, filesFor(ontologies, providerRef), add, mapping, { refs: unknownRefs, provider: !providerKnown, domain: !domainKnown }, intentCovers);
  } else {
    const use: MappingUse = { source: requester, target: providerRef };
    // The request names the alignment its sender agreed to: no other artifact the receiver holds
    // decides for it (7.3: a receiver's local selection is not the peer's agreement).
    const referenced = ref === undefined ? artifacts : artifacts.filter((a) => {
      if (a.artifactId === ref) return true;
      excluded.push({ code: 'NOT_REFERENCED', artifactId: a.artifactId, revision: a.revision, message: `the request names alignment artifact ${ref} (alignmentRef); another artifact does not decide for it` });
      return false;
    });
    const gate = acceptArtifacts({ artifacts: referenced, trust: input.trust, profile, use, now });
    excluded.push(...gate.excluded);
    // An artifact whose rules are incoherent with its two ontologies (when both were given) is
    // excluded before any rule is selected (7.3; gate/coherence.ts says why not Incompatible).
    const coherent = gate.accepted.filter((a) => {
      const conflicts = artifactConflicts(a, ontologies);
      if (conflicts === undefined || conflicts.length === 0) return true;
      const first = conflicts[0]!;
      excluded.push({
        code: 'INCOHERENT', artifactId: a.artifactId, revision: a.revision,
        message: `its rules are incoherent with ${a.sourceOntologyId} and ${a.targetOntologyId}: ${conflicts.length} conflict(s); rule(s) ${first.mappings.join(', ')}: ${first.message}`,
      });
      return false;
    });
    matchThroughArtifacts(input, profile, task, coherent, add, mapping, excluded, reasons, unknownRefs);
  }
  return finish();
}

type Add = (code: ReasonCode, message: string, path?: string) => void;

/** `providerFiles`: the ontology files that may speak for the provider's ontology and version (filesFor). */
/** What was already reported as UNKNOWN_TERM: the capabilityRefs, the provider's capability, the task's domain. */
interface Unknown {
  refs: ReadonlySet<Iri>;
  provider: boolean;
  domain: boolean;
}

/**
 * A term whose meaning is not established (`unknown`) is never compared: "not offered" or a
 * domain conflict would be a completed finding about something nobody could read (7.1).
 * `intentCovers`: the requester's ontology itself places the provider's capability in the task's
 * domain (see the caller); undefined when the intent is not established, which is reported already.
 */
function matchDirect(
  input: CheckInput, profile: DomainProfile, task: TaskRequirements, providerFiles: readonly OntologyIndex[], add: Add, mapping: MappingUsed[],
  unknown: Unknown, intentCovers: boolean | undefined,
): void {
  const { envelope, provider } = input;
  for (const ref of envelope.capabilityRefs) {
    if (unknown.refs.has(ref) || unknown.provider) continue;
    if (ref === provider.id) mapping.push({ kind: 'direct', capability: ref, provider: provider.id });
    else add('CAPABILITY_NOT_OFFERED', `the request needs ${ref}; the provider offers ${provider.id} in the same ontology`, 'provider:$["@id"]');
  }
  // Without a mapping rule, required language conditions must be declared by the provider itself.
  for (const name of ['sourceLang', 'targetLang'] as const) {
    if (profile.requiredConditions.includes(name) && task[name] !== undefined && provider[name] === undefined) {
      add('CONSTRAINT_NOT_ESTABLISHED', `profile ${profile.profileId} requires "${name}" and the provider declares no ${name}`, `provider:$.${name}`);
    }
  }
  if (task.domain === undefined || unknown.domain || unknown.provider) return;
  const declared = lookup(providerFiles, provider.id)?.inDomain ?? [];
  if (declared.length > 0 && !declared.includes(task.domain)) {
    add('CONSTRAINT_CONFLICT', `the provider's capability ${provider.id} is in ${declared.join(', ')}; the task's domain is ${task.domain}`, 'provider:$["@id"]');
  } else if (declared.length === 0 && intentCovers === false && profile.requiredConditions.includes('domain')) {
    // As for languages: without a mapping rule, a required condition must be established for the
    // provider itself, and a capability that declares no domain says nothing about this one.
    add('CONSTRAINT_NOT_ESTABLISHED', `profile ${profile.profileId} requires "domain": the provider's capability ${provider.id} declares no domain (ioa:inDomain), and no intent of the request that applies to ${task.domain} requires it, so the task's domain cannot be checked against the provider`, 'provider:$["@id"]');
  }
}

function matchThroughArtifacts(
  input: CheckInput, profile: DomainProfile, task: TaskRequirements, accepted: readonly AcceptedArtifact[],
  add: Add, mapping: MappingUsed[], excluded: Exclusion[], reasons: Reason[], unknownRefs: ReadonlySet<Iri>,
): void {
  const { envelope, provider } = input;
  let explained = false;
  const explainExclusions = (): void => {
    if (explained) return;
    explained = true;
    for (const e of excluded) reasons.push(exclusionReason(e));
  };
  for (const ref of envelope.capabilityRefs) {
    // Already UNKNOWN_TERM: a rule mapping it would be taken on trust.
    if (unknownRefs.has(ref)) continue;
    const selection = selectRule(accepted, ref, task, profile);
    for (const e of selection.excluded) {
      if (!excluded.some((x) => x.code === e.code && x.artifactId === e.artifactId && x.revision === e.revision && x.ruleIndex === e.ruleIndex)) excluded.push(e);
    }
    switch (selection.status) {
      case 'unknown-condition':
        for (const u of selection.unknown) {
          reasons.push({ code: 'UNKNOWN_CONDITION', message: `${u.artifact.artifactId} rule ${u.ruleIndex}: ${u.message}`, path: `artifact:$.mappingRules[${u.ruleIndex}].conditions.${u.condition}`, artifactId: u.artifact.artifactId, ruleIndex: u.ruleIndex });
        }
        break;
      case 'ambiguous':
        add('AMBIGUOUS_MAPPING', `${ref} has ${selection.rules.length} applicable rules with different targets (${selection.targets.join(', ')}) and profile ${profile.profileId} defines no selection rule that resolves them (7.3)`);
        break;
      case 'contradictory':
        add('AMBIGUOUS_MAPPING', `the accepted rules for ${ref} contradict each other, so the mapping cannot be established (7.3): ${selection.messages.join('; ')}`);
        explainExclusions();
        break;
      case 'undetermined':
        add('CONSTRAINT_NOT_ESTABLISHED', `rules for ${ref} cannot be evaluated: ${selection.messages.join('; ')}`);
        break;
      case 'none': {
        const related = (input.candidates ?? []).filter((c) => {
          const [s, o] = candidateEnds(c);
          return (s === ref && o === provider.id) || (s === provider.id && o === ref);
        });
        // A row a reviewer rejected says no; it is reported as such, never as a mere candidate.
        const rejections = related.filter(isRejection);
        const proposals = related.filter((c) => !isRejection(c));
        if (rejections.length > 0) {
          const who = [...new Set(rejections.flatMap((c) => ('predicateId' in c ? [`${c.reviewerId?.join(', ') ?? 'an unnamed reviewer'}${c.reviewDate ? ` on ${c.reviewDate}` : ''}`] : [])))];
          add('CANDIDATE_REJECTED', `${rejections.length} reviewed mapping(s) between ${ref} and ${provider.id} were rejected (predicate_modifier Not) by ${who.join('; ')}; a rejection is a reviewer's "no", and no accepted artifact maps them (7.4)`);
        }
        if (proposals.length > 0) {
          const best = Math.max(...proposals.map((c) => candidateEnds(c)[2] ?? Number.NaN).filter(Number.isFinite));
          add('CANDIDATE_ONLY', `${proposals.length} candidate mapping(s) relate ${ref} and ${provider.id}${Number.isFinite(best) ? ` (highest score ${best})` : ''}; a candidate or score of any size is a recommendation only, never an accepted mapping (7.4, S2)`);
        }
        if (related.length === 0) {
          add('NO_ACCEPTED_ALIGNMENT', accepted.length === 0
            ? `no accepted alignment artifact maps ${ref} (${envelope.ontologyId}) to the provider's ontology ${provider.ontologyId}`
            : `no applicable rule of the accepted artifacts maps ${ref} to the provider's ontology`);
        }
        explainExclusions();
        break;
      }
      case 'selected': {
        const hit = selection.rule;
        if (hit.to !== provider.id) {
          add('NO_ACCEPTED_ALIGNMENT', `the accepted mapping takes ${ref} to ${hit.to}; the provider offers ${provider.id}`, 'provider:$["@id"]');
          break;
        }
        mapping.push({
          kind: 'artifact', capability: ref, provider: provider.id, artifactId: hit.artifact.artifactId, revision: hit.artifact.revision,
          assertedBy: hit.artifact.assertedBy, signed: hit.artifact.signature !== undefined, digest: hit.artifact.digest, ruleIndex: hit.ruleIndex, orientation: hit.artifact.orientation, conditions: hit.conditions,
        });
        break;
      }
    }
  }
}
