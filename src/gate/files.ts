/**
 * Reading the inputs of a check from files (what `ioa-align check` and scripts call). Validation is
 * the envelope module's (envelope, capability, profile, trust) and the gate's (artifact); this
 * file only decides what an unreadable input means:
 *
 * - request, provider, trust policy, ontologies, candidates: the caller's own local input → an
 *   error (exit 2), like any usage mistake;
 * - profile and artifacts: required resources whose retrieval failed or is prohibited → kept as
 *   `UnavailableResource`, so the verdict is Indeterminate RESOURCE_UNAVAILABLE (S4), never
 *   "absent" and never Incompatible. Remote locations are fetched only through a policy-bounded
 *   retrieval session (`files.retrieval`, from `--allow-remote`).
 */
import { dirname, resolve } from 'node:path';
import type { DocumentKind, DomainProfile, Finding, TrustPolicy, ValidatedCapability, ValidatedEnvelope, ValidateOptions } from '../envelope/types.js';
import { DEFAULT_LIMITS, validateText, compileShapes } from '../envelope/index.js';
import { IoaError, isIoaError } from '../model/errors.js';
import { readTextFile } from '../io/files.js';
import { sealOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { loadOntologyFile } from '../ontology/load.js';
import { validateArtifact, type ValidatedArtifact } from './artifact.js';
import type { CandidateEvidence, CheckInput, UnavailableResource } from './compatibility.js';
import { createDocumentLoader, fetchTextOrUnavailable, unavailableResource, type RetrievalSession } from '../retrieval/index.js';

export interface CheckFiles {
  request: string;
  provider: string;
  profile: string;
  artifacts?: readonly string[];
  trust?: string;
  ontologies?: readonly string[];
  candidates?: readonly string[];
  now?: Date | number;
  /**
   * Policy-bounded retrieval (`--allow-remote`, src/retrieval): when given and its policy allows
   * remote retrieval, remote profile/artifact locations and remote JSON-LD contexts are fetched
   * under it; every failure is an UnavailableResource (Indeterminate, S4). Without it nothing
   * remote is fetched.
   */
  retrieval?: RetrievalSession;
  /**
   * Documents held in memory rather than in files, by the name used in place of a path above
   * (the library's `check` passes parsed documents this way; findings name them).
   */
  inline?: ReadonlyMap<string, string>;
}

/** A finding from one input file. */
export interface FileFinding extends Finding {
  file: string;
}

export type LoadedCheck = { ok: true; input: CheckInput; warnings: FileFinding[] } | { ok: false; errors: FileFinding[]; warnings: FileFinding[] };

/** Findings that mean a retrieved resource exceeded its budget ("too big"), not "malformed" (6.1, S4). */
const BUDGET_CODES = new Set(['E_LIMIT_SIZE', 'E_LIMIT_DEPTH', 'E_LIMIT_ARRAY_LENGTH', 'E_LIMIT_CONTEXT']);

const REMOTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The caller's own inputs: unreadable (missing, a FIFO, a folder…) is an error, exit 2. Documents held in memory come from `inline`. */
const readText = async (path: string, what: string, inline?: ReadonlyMap<string, string>): Promise<string> => inline?.get(path) ?? readTextFile(path, { what, kind: 'document' });

/**
 * A profile or artifact that cannot be read, or is over the size budget, is unavailable (S4), not
 * invalid; a file that is not UTF-8 is invalid.
 */
const isUnreadable = (error: unknown): boolean => isIoaError(error) && (error.code === 'E_FILE_UNREADABLE' || error.code === 'E_INPUT_TOO_LARGE');

async function readRequired(path: string, role: UnavailableResource['role'], allowRemote: boolean, session?: RetrievalSession, inline?: ReadonlyMap<string, string>): Promise<string | UnavailableResource> {
  const held = inline?.get(path);
  if (held !== undefined) return held;
  if (REMOTE.test(path)) {
    if (session?.policy.allowRemote) return fetchTextOrUnavailable(session, path, role);
    return {
      kind: 'unavailable', role, location: path,
      message: allowRemote
        ? 'remote retrieval is not enabled for this run (give --allow-remote; the retrieval policy bounds it)'
        : 'remote retrieval is prohibited by the profile\'s retrieval policy',
    };
  }
  try {
    // Read no more than validation would accept: a larger file is too big (S4) without being read.
    return await readTextFile(path, { what: role, kind: 'document' });
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    // A file over its size limit says so by its code, as a budget finding would (E_LIMIT_SIZE).
    return { kind: 'unavailable', role, location: path, message: (error as IoaError).code === 'E_INPUT_TOO_LARGE' ? `${(error as Error).message} [E_INPUT_TOO_LARGE]` : (error as Error).message };
  }
}

/**
 * The SHACL shapes a profile names (5.4). A remote profile's `shapes` is a reference relative to
 * the profile's own URL, fetched under the same retrieval policy: a document from elsewhere never
 * names a file of this machine (an absolute path is a path on the profile's server). A local
 * profile's shapes are a file beside it, or a remote URL fetched under the policy. Whatever cannot
 * be obtained is unavailable (S4).
 */
async function readShapes(profile: string, shapes: string, session: RetrievalSession | undefined, inline?: ReadonlyMap<string, string>): Promise<{ text: string; location: string } | UnavailableResource> {
  const remoteProfile = REMOTE.test(profile) && !inline?.has(profile);
  let location: string;
  if (remoteProfile || REMOTE.test(shapes)) {
    try {
      location = new URL(shapes, remoteProfile ? profile : undefined).href;
    } catch {
      return { kind: 'unavailable', role: 'profile', location: shapes, message: `the profile's SHACL shapes reference ${JSON.stringify(shapes)} is not a URL reference${remoteProfile ? ` relative to ${profile}` : ''}` };
    }
    if (!session?.policy.allowRemote) {
      return { kind: 'unavailable', role: 'profile', location, message: 'the profile\'s SHACL shapes are remote and remote retrieval is not enabled for this run (give --allow-remote; the retrieval policy bounds it)' };
    }
    try {
      return { text: (await session.fetchText(location, { acceptedMediaTypes: SHAPES_MEDIA_TYPES })).text, location };
    } catch (error) {
      const unavailable = unavailableResource(error, 'profile', location);
      if (!unavailable) throw error;
      return { ...unavailable, message: `the profile's SHACL shapes cannot be retrieved: ${unavailable.message}` };
    }
  }
  location = resolve(dirname(profile), shapes);
  try {
    return { text: await readTextFile(location, { what: 'SHACL shapes', kind: 'document', maxBytes: 4 * DEFAULT_LIMITS.maxBytes }), location };
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    return { kind: 'unavailable', role: 'profile', location, message: `the profile's SHACL shapes cannot be read: ${(error as Error).message}` };
  }
}

/**
 * An alignment artifact named as candidate mappings is refused as what it is: read as a mapping
 * file, its rules would fail as unknown SSSOM extension slots, a message about something the
 * user never wrote. Its place is among the artifacts, where the gate checks signature and trust.
 * It looks at the text the mapping reader then parses: the file is read once.
 */
function refuseArtifactAsCandidates(path: string, text: string): void {
  if (!/^\s*\{/.test(text) || !text.includes('"mappingRules"')) return;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return; // not JSON: the mapping readers report it with a location
  }
  if (typeof doc === 'object' && doc !== null && !Array.isArray(doc) && 'mappingRules' in doc && 'artifactId' in doc) {
    throw new IoaError('E_USAGE', 'this is an alignment artifact, not a mapping file: give it with --artifact (`artifacts` in the library), where the gate checks its signature, trust and validity; candidates are SSSOM, Alignment RDF, JSON or CSV mapping rows', { file: path });
  }
}

/** What SHACL shapes may be served as (Turtle, the only syntax compileShapes reads). */
const SHAPES_MEDIA_TYPES = ['text/turtle', 'application/x-turtle'] as const;

/**
 * Read and validate every input. Invalid documents are reported together (every file, every
 * error finding) rather than stopping at the first, so one run shows all that must be fixed.
 */
export async function loadCheckFiles(files: CheckFiles): Promise<LoadedCheck> {
  const errors: FileFinding[] = [];
  const warnings: FileFinding[] = [];
  const unavailable: UnavailableResource[] = [];
  const collect = (file: string, findings: readonly Finding[]): void => {
    for (const f of findings) (f.severity === 'error' ? errors : warnings).push({ ...f, file });
  };
  /**
   * Validate one document. For retrieved resources (`role`: profile, artifacts), a document whose
   * only errors are exceeded budgets is recorded as unavailable (too big, S4) instead of invalid.
   */
  const validate = async <T>(file: string, text: string, kind: DocumentKind, options: ValidateOptions = {}, role?: UnavailableResource['role']): Promise<T | undefined> => {
    // Artifacts are the gate's own kind: the envelope module validates them with this validator.
    const result = await validateText(text, { ...options, kind, validators: { artifact: validateArtifact } });
    const errs = result.findings.filter((f) => f.severity === 'error');
    const tooBig = role !== undefined && errs.length > 0 && errs.every((f) => BUDGET_CODES.has(f.code));
    if (!result.ok && role !== undefined && tooBig) {
      unavailable.push({ kind: 'unavailable', role, location: file, message: errs.map((f) => `${f.message} (${f.code})`).join('; ') });
      collect(file, result.findings.filter((f) => f.severity !== 'error'));
      return undefined;
    }
    collect(file, result.findings);
    return result.ok ? (result.value as T) : undefined;
  };

  let profile: DomainProfile | UnavailableResource;
  const validateOptions: ValidateOptions = {};
  const profileText = await readRequired(files.profile, 'profile', false, files.retrieval, files.inline);
  if (typeof profileText !== 'string') profile = profileText;
  else {
    const value = await validate<DomainProfile>(files.profile, profileText, 'profile', {}, 'profile');
    if (!value && errors.length > 0) return { ok: false, errors, warnings };
    profile = value ?? unavailable[unavailable.length - 1]!;
    if (value) validateOptions.profile = value;
    if (value?.shapes !== undefined) {
      const shapes = await readShapes(files.profile, value.shapes, value.retrieval?.allowRemote === false ? undefined : files.retrieval, files.inline);
      // 5.4: an unavailable required external constraint leaves the check Indeterminate.
      if ('text' in shapes) validateOptions.shapes = compileShapes(shapes.text, shapes.location); // shapes that do not parse are a broken profile
      else profile = shapes;
    }
  }
  const allowRemote = typeof profile === 'object' && profile.kind === 'profile' ? profile.retrieval?.allowRemote === true : false;
  // A profile that explicitly forbids remote retrieval wins over the command line's consent.
  const session = profile.kind === 'profile' && profile.retrieval?.allowRemote === false ? undefined : files.retrieval;
  if (session?.policy.allowRemote) validateOptions.documentLoader = createDocumentLoader(session);

  const envelope = await validate<ValidatedEnvelope>(files.request, await readText(files.request, 'request envelope', files.inline), 'envelope', validateOptions);
  const provider = await validate<ValidatedCapability>(files.provider, await readText(files.provider, 'capability advertisement', files.inline), 'capability', validateOptions);
  const trust = files.trust === undefined ? undefined : await validate<TrustPolicy>(files.trust, await readText(files.trust, 'trust policy', files.inline), 'trust');
  const artifacts: Array<ValidatedArtifact | UnavailableResource> = [];
  for (const path of files.artifacts ?? []) {
    const text = await readRequired(path, 'artifact', allowRemote, session, files.inline);
    if (typeof text !== 'string') artifacts.push(text);
    else {
      const before = unavailable.length;
      const value = await validate<ValidatedArtifact>(path, text, 'artifact', {}, 'artifact');
      if (value) artifacts.push(value);
      else if (unavailable.length > before) artifacts.push(unavailable[unavailable.length - 1]!);
    }
  }
  // alignmentRef resolution (6.1): under --allow-remote, a referenced artifact that was not
  // supplied is fetched under the retrieval policy; if it cannot be, it is unavailable (S4).
  const ref = envelope?.alignmentRef;
  if (ref !== undefined && session?.policy.allowRemote && REMOTE.test(ref) && !artifacts.some((a) => a.kind === 'artifact' && a.artifactId === ref)) {
    const text = await fetchTextOrUnavailable(session, ref, 'artifact');
    if (typeof text !== 'string') artifacts.push(text);
    else {
      const before = unavailable.length;
      const value = await validate<ValidatedArtifact>(ref, text, 'artifact', {}, 'artifact');
      if (value) artifacts.push(value);
      else if (unavailable.length > before) artifacts.push(unavailable[unavailable.length - 1]!);
    }
  }
  if (errors.length > 0 || !envelope || !provider || (files.trust !== undefined && !trust)) return { ok: false, errors, warnings };

  const ontologies: OntologyIndex[] = [];
  // Sealed as loadOntology's are: a sealed index cannot change, so its digest and coherence checker
  // are kept by identity. Unsealed, every decision (a cache hit of CompatibilityChecker included)
  // would snapshot the whole ontology again: tens of milliseconds for a 3,000-class one.
  for (const path of files.ontologies ?? []) ontologies.push(sealOntologyIndex(await loadOntologyFile(path)));
  const candidates: CandidateEvidence[] = [];
  if (files.candidates && files.candidates.length > 0) {
    const { mappingFileText, reviewedDecisions } = await import('../exchange/index.js');
    for (const path of files.candidates) {
      const text = await readTextFile(path, { what: 'mapping file' });
      refuseArtifactAsCandidates(path, text);
      const set = await mappingFileText(path, text);
      // A row whose review_decision contradicts its predicate_modifier is refused here, where the
      // file is known, rather than while evaluating, where only its line would be.
      reviewedDecisions(set, { file: path });
      candidates.push(...set.mappings);
    }
  }
  const input: CheckInput = { envelope, provider, profile, artifacts, ontologies };
  if (trust) input.trust = trust;
  if (candidates.length > 0) input.candidates = candidates;
  if (files.now !== undefined) input.now = files.now;
  return { ok: true, input, warnings };
}
