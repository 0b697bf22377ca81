/**
 * How `validate` and `check` switch retrieval on: `--allow-remote` plus a policy (`--policy FILE`,
 * or for `check` the profile's `retrieval` member). Off by default; without `--allow-remote`
 * every remote context or reference is refused (`remote-disabled`), which the commands report
 * as RESOURCE_UNAVAILABLE → Indeterminate, never as invalid input or Incompatible (S4).
 *
 * Commands spread `REMOTE_ARGS` into their citty `args` and call `sessionFromCli(args, …)`;
 * `createDocumentLoader(session)` then goes into the envelope validator's `documentLoader` option.
 */
import { IoaError } from '../model/errors.js';
import { readTextFile } from '../io/files.js';
import { parseJson, readJson } from '../text/json.js';
import { RetrievalSession, type SessionOptions } from './fetch.js';
import { DEFAULT_POLICY, parseRetrievalPolicy, type RetrievalPolicy } from './policy.js';
import { createDocumentLoader, findRetrievalFailure, type DocumentLoader } from './loader.js';
import { RESOURCE_UNAVAILABLE, type ResourceUnavailableFinding } from './failure.js';

/** citty argument definitions shared by `validate` and `check`. */
export const REMOTE_ARGS = {
  'allow-remote': {
    type: 'boolean',
    description: 'Permit retrieval of remote JSON-LD contexts and references, bounded by the retrieval policy (off by default)',
  },
  policy: {
    type: 'string',
    description: 'Retrieval policy file (JSON: trustedOrigins, timeoutMs, totalBudgetMs, maxBytes, maxDepth, maxRedirects, acceptedMediaTypes, pins); needs --allow-remote',
  },
} as const;

/** The subset of parsed CLI arguments this module reads. */
export interface RemoteCliArgs {
  'allow-remote'?: boolean;
  policy?: string;
}

/**
 * The retrieval policy the command line selects. `profileRetrieval` is the profile's
 * `retrieval` member (raw JSON), used when no `--policy` file is given. Remote retrieval is on
 * only when `--allow-remote` is given *and* the policy does not say `"allowRemote": false`.
 */
export async function policyFromCli(args: RemoteCliArgs, profileRetrieval?: unknown): Promise<RetrievalPolicy> {
  const allow = args['allow-remote'] === true;
  if (args.policy && !allow) {
    throw new IoaError('E_USAGE', '--policy has no effect without --allow-remote (remote retrieval is off by default)');
  }
  if (!allow) return { ...DEFAULT_POLICY, allowRemote: false };
  let raw: unknown;
  let file: string | undefined;
  let path = '$';
  if (args.policy) {
    file = args.policy;
    raw = parseJson(await readTextFile(file, { what: 'retrieval policy', kind: 'config' }), file);
  } else if (profileRetrieval !== undefined) {
    raw = profileRetrieval;
    path = '$.retrieval';
  } else {
    throw new IoaError('E_USAGE', '--allow-remote needs a retrieval policy: give --policy FILE (or a profile with a "retrieval" member) naming the trusted origins');
  }
  const explicitOff = typeof raw === 'object' && raw !== null && (raw as { allowRemote?: unknown }).allowRemote === false;
  const policy = parseRetrievalPolicy(raw, path, file);
  // The flag is the operator's consent; the policy is the bound. A policy that says "no" wins.
  return { ...policy, allowRemote: !explicitOff };
}

/** A retrieval session for one command run, plus its jsonld document loader. */
export async function sessionFromCli(args: RemoteCliArgs, profileRetrieval?: unknown, options: SessionOptions = {}): Promise<{ session: RetrievalSession; documentLoader: DocumentLoader }> {
  const session = new RetrievalSession(await policyFromCli(args, profileRetrieval), options);
  return { session, documentLoader: createDocumentLoader(session) };
}

/**
 * The RESOURCE_UNAVAILABLE finding behind an error or a validator finding message, if retrieval
 * caused it. Commands use it to print Indeterminate (exit 4) instead of "invalid input".
 */
export function resourceUnavailable(error: unknown, path?: string): ResourceUnavailableFinding | undefined {
  return findRetrievalFailure(error)?.toFinding(path);
}

/**
 * The gate's `UnavailableResource` for a failed retrieval (S4: Indeterminate RESOURCE_UNAVAILABLE,
 * never absence, never Incompatible). The message keeps the machine-readable cause.
 */
export interface UnavailableFromRetrieval {
  kind: 'unavailable';
  role: 'artifact' | 'profile' | 'context';
  location: string;
  message: string;
  cause: ResourceUnavailableFinding['cause'];
}

export function unavailableResource(error: unknown, role: UnavailableFromRetrieval['role'], location: string): UnavailableFromRetrieval | undefined {
  const failure = findRetrievalFailure(error);
  if (!failure) return undefined;
  return { kind: 'unavailable', role, location, message: failure.message, cause: failure.reason };
}

/**
 * Fetch a remote profile or artifact as text under the session's policy; a failure becomes an
 * `UnavailableFromRetrieval` instead of an exception (the caller decides Indeterminate).
 */
export async function fetchTextOrUnavailable(session: RetrievalSession, location: string, role: UnavailableFromRetrieval['role']): Promise<string | UnavailableFromRetrieval> {
  try {
    return (await session.fetchText(location)).text;
  } catch (error) {
    const unavailable = unavailableResource(error, role, location);
    if (unavailable) return unavailable;
    throw error;
  }
}

/**
 * The `retrieval` member of a local profile file, read before the profile is validated so that
 * `--allow-remote` without `--policy` can use it. Undefined for a remote profile location or a
 * file that cannot be read as JSON (the profile's validation reports that properly).
 */
export async function readProfileRetrieval(profilePath: string): Promise<unknown> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(profilePath)) return undefined;
  let text: string;
  try {
    text = await readTextFile(profilePath, { kind: 'document' });
  } catch {
    return undefined;
  }
  // Read strictly: a profile naming "retrieval" twice gets no policy from either (its validation refuses it).
  const read = readJson(text);
  const doc = read.ok ? read.value : undefined;
  return typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as { retrieval?: unknown }).retrieval : undefined;
}

/** A validator finding, as far as this module needs one. */
interface ContextFinding {
  code: string;
  path: string;
  message: string;
  file?: string;
}

/**
 * When the only errors of an input are unavailable remote contexts (the envelope validator's
 * `E_CONTEXT_UNAVAILABLE`), the check is Indeterminate with RESOURCE_UNAVAILABLE reasons (S4);
 * returns those reasons. Undefined when there are other errors (then the input is invalid).
 * Causes come from the session's recorded failures; a context refused by the validator's own
 * default loader (remote retrieval not enabled) is `remote-disabled`.
 */
/** What the refusing loader (retrieval off) says: its errors are remote-disabled, whatever else ran. */
const REFUSED_WITHOUT_LOADER = 'remote retrieval is not permitted';

export function unavailableContextReasons(errors: readonly ContextFinding[], session?: RetrievalSession): ResourceUnavailableFinding[] | undefined {
  if (errors.length === 0 || errors.some((e) => e.code !== 'E_CONTEXT_UNAVAILABLE')) return undefined;
  const failures = session?.failures ?? [];
  return errors.map((e) => {
    const where = `${e.file ? `${e.file} ` : ''}${e.path}`;
    // The failure of this error's own resource, by the URL its message names (never another
    // resource's failure that happened to be recorded at the same position, such as an artifact's).
    const failure = failures.find((x) => e.message.includes(x.url));
    if (failure) return failure.toFinding(where);
    // Retrieval was on and the bytes came, but could not be used as a context (null, too deep):
    // the content is the cause, not a switched-off retrieval.
    if (session && !e.message.includes(REFUSED_WITHOUT_LOADER)) return { code: RESOURCE_UNAVAILABLE, cause: 'malformed-content', url: '(remote context)', message: e.message, path: where };
    return { code: RESOURCE_UNAVAILABLE, cause: 'remote-disabled', url: '(remote context)', message: `${e.message} (remote retrieval is off; use --allow-remote with a retrieval policy)`, path: where };
  });
}
