/**
 * One compatibility decision from files or documents (draft 7.1): what `ioa-align check` does,
 * as a function that returns the result instead of printing it. Inputs are validated first; input
 * that is not valid gets no verdict (`Invalid`), a required remote context that was not
 * retrieved leaves the check Indeterminate (S4), and otherwise the engine decides.
 */
import { IoaError } from '../model/errors.js';
import type { MappingSet } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { readClock } from './clock.js';
import { checkKeys, checkList, optionKeys } from '../model/options.js';
import { DEFAULT_POLICY } from '../retrieval/policy.js';
import { RetrievalSession, type ResourceRevision } from '../retrieval/fetch.js';
import { unavailableContextReasons } from '../retrieval/cli.js';
import type { ResourceUnavailableFinding } from '../retrieval/failure.js';
import { evaluateCompatibility, NOT_AUTHORISATION, type CandidateEvidence, type Verdict } from './compatibility.js';
import { loadCheckFiles, type FileFinding } from './files.js';
import { documentOf } from './artifact.js';

/**
 * A JSON document: its path (or URL, for a profile or artifact under a retrieval policy), or the
 * parsed document itself (a trust policy may also be one `createTrustPolicy` returned).
 */
export type DocumentInput = string | object;

/** The inputs of {@link check}. Paths are read; objects are validated as they are. */
export interface CheckRequest {
  /** Request semantic envelope (draft 6.2). */
  request: DocumentInput;
  /** Provider capability advertisement (6.3) naming its `ontologyId` and `ontologyVersion`. */
  provider: DocumentInput;
  /** Domain profile. */
  profile: DocumentInput;
  /** Alignment artifacts (7.2); only signed, trusted, valid, in-scope ones count. */
  artifacts?: readonly DocumentInput[];
  /** Trust policy; without it no artifact is trusted. */
  trust?: DocumentInput;
  /** The requester's ontologies (intents, capabilities, domains): paths or loaded indexes. */
  ontologies?: readonly (string | OntologyIndex)[];
  /** Candidate mappings: never establish compatibility, reported as CANDIDATE_ONLY (reviewed rejections as CANDIDATE_REJECTED). Mapping files or sets. */
  candidates?: readonly (string | MappingSet)[];
  /** Clock for validity windows: epoch milliseconds, a Date, or an RFC 3339 date-time (default: now). */
  now?: number | Date | string;
  /**
   * Policy-bounded retrieval of remote profiles, artifacts and JSON-LD contexts (see
   * `createRetrievalSession` in `ioa-align/envelope`). Without it nothing remote is fetched.
   */
  retrieval?: RetrievalSession;
}

/** A decision was reached: the verdict, with the non-blocking findings about the inputs. */
export interface CheckVerdict extends Verdict {
  kind: 'verdict';
  warnings: FileFinding[];
  /** What was retrieved under the retrieval policy, with revisions (6.1, S5); empty without retrieval. */
  retrieved: ResourceRevision[];
}

/** The inputs are not valid: no verdict. Every error of every input is listed. */
export interface InvalidCheck {
  kind: 'invalid';
  outcome: 'Invalid';
  errors: FileFinding[];
  warnings: FileFinding[];
}

/** A required remote context could not be retrieved or was refused: Indeterminate, RESOURCE_UNAVAILABLE (S4). */
export interface UnavailableCheck {
  kind: 'unavailable';
  outcome: 'Indeterminate';
  reasons: ResourceUnavailableFinding[];
  notice: typeof NOT_AUTHORISATION;
  warnings: FileFinding[];
}

/** What {@link check} returns; `kind` tells the three apart. */
export type CheckResult = CheckVerdict | InvalidCheck | UnavailableCheck;

const ROLE_NAMES = { request: 'request', provider: 'provider', profile: 'profile', trust: 'trust policy' } as const;

/** The keys of CheckRequest: any other is refused. */
const CHECK_INPUTS = optionKeys<CheckRequest>()('artifacts', 'candidates', 'now', 'ontologies', 'profile', 'provider', 'request', 'retrieval', 'trust');

/**
 * Decide semantic compatibility between a request and a provider (draft 7.1): Compatible,
 * Incompatible or Indeterminate with reason codes, the mapping used, the excluded artifacts and
 * the digests of every input. Only an accepted alignment artifact — validated, signed by a
 * trusted issuer in scope, inside its validity window, for the versions and direction in use —
 * can bridge two ontologies; candidates and scores never do. Compatible is not authorisation.
 *
 * @param inputs - Documents (paths or parsed objects), ontologies, candidates, clock, retrieval.
 * @returns A verdict, `Invalid` with every finding, or Indeterminate for an unavailable remote context.
 * @throws {@link IoaError} `E_FILE_UNREADABLE` (a request, provider, trust policy, ontology or
 *   candidate file cannot be read — an unreadable profile or artifact is a RESOURCE_UNAVAILABLE
 *   reason instead), the parse errors of ontologies (`E_PARSE_TURTLE`, `E_PARSE_RDFXML`,
 *   `E_PARSE_JSONLD`, `E_UNKNOWN_FORMAT`) and candidate files (`E_SSSOM_*`, `E_EXCHANGE_*`),
 *   `E_USAGE` (a malformed `now` or input shape).
 */
export async function check(inputs: CheckRequest): Promise<CheckResult> {
  if (typeof inputs !== 'object' || inputs === null) throw new IoaError('E_USAGE', 'check takes { request, provider, profile, … }', { path: '$' });
  checkKeys(inputs, CHECK_INPUTS, '$', 'input');
  const now = readClock(inputs.now);
  for (const list of ['artifacts', 'ontologies', 'candidates'] as const) checkList(inputs[list], `$.${list}`);
  const inline = new Map<string, string>();
  const place = (value: DocumentInput | undefined, name: string, path: string): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === 'string') {
      if (value === '') throw new IoaError('E_USAGE', `${path.slice(2)} is an empty path`, { path });
      return value;
    }
    if (typeof value !== 'object' || value === null) throw new IoaError('E_USAGE', `${path.slice(2)} must be a path or a parsed JSON document`, { path });
    const key = `<${name}>`;
    // A validated trust policy carries its `kind`, which the JSON form does not have; a validated
    // artifact carries the document it was read from.
    const { kind, ...json } = value as { kind?: unknown };
    inline.set(key, JSON.stringify(kind === 'trust' ? json : documentOf(value as Readonly<Record<string, unknown>>)));
    return key;
  };
  for (const role of ['request', 'provider', 'profile'] as const) {
    if (inputs[role] === undefined) throw new IoaError('E_USAGE', `check needs a ${ROLE_NAMES[role]}`, { path: `$.${role}` });
  }
  const artifacts = (inputs.artifacts ?? []).map((a, i) => place(a, `artifact ${i + 1}`, `$.artifacts[${i}]`)!);
  const ontologyPaths = (inputs.ontologies ?? []).filter((o): o is string => typeof o === 'string');
  const ontologyIndexes = (inputs.ontologies ?? []).filter((o): o is OntologyIndex => typeof o !== 'string');
  const candidatePaths = (inputs.candidates ?? []).filter((c): c is string => typeof c === 'string');
  const candidateSets = (inputs.candidates ?? []).filter((c): c is MappingSet => typeof c !== 'string');
  const trust = place(inputs.trust, 'trust policy', '$.trust');
  const session = inputs.retrieval ?? new RetrievalSession({ ...DEFAULT_POLICY, allowRemote: false });

  const loaded = await loadCheckFiles({
    request: place(inputs.request, 'request', '$.request')!,
    provider: place(inputs.provider, 'provider', '$.provider')!,
    profile: place(inputs.profile, 'profile', '$.profile')!,
    artifacts,
    ...(trust !== undefined ? { trust } : {}),
    ontologies: ontologyPaths,
    candidates: candidatePaths,
    ...(now !== undefined ? { now } : {}),
    retrieval: session,
    inline,
  });
  if (!loaded.ok) {
    const unavailable = unavailableContextReasons(loaded.errors, session);
    if (unavailable) return { kind: 'unavailable', outcome: 'Indeterminate', reasons: unavailable, notice: NOT_AUTHORISATION, warnings: loaded.warnings };
    return { kind: 'invalid', outcome: 'Invalid', errors: loaded.errors, warnings: loaded.warnings };
  }
  const input = loaded.input;
  if (ontologyIndexes.length > 0) input.ontologies = [...(input.ontologies ?? []), ...ontologyIndexes];
  if (candidateSets.length > 0) {
    const extra: CandidateEvidence[] = candidateSets.flatMap((set) => set.mappings);
    input.candidates = [...(input.candidates ?? []), ...extra];
  }
  const verdict = evaluateCompatibility(input);
  return { kind: 'verdict', ...verdict, warnings: loaded.warnings, retrieved: [...session.revisions] };
}
