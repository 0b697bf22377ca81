/**
 * Shared plumbing of the `a2a` and `nlip` commands: reading a JSON file with a size cap, the
 * validator options of an unwrap, and printing an unwrap result (the envelope validator's findings, exit 0 valid / 2 invalid / 4 a remote context not retrieved).
 */
import type { UnwrapResult } from '../../api/carriers.js';
import type { ValidateOptions } from '../../api/envelope.js';
import { readTextFile } from '../../io/files.js';
import { IoaError } from '../../model/errors.js';
import { sessionFromCli, type RemoteCliArgs } from '../../retrieval/index.js';
import { parseJson } from '../../text/json.js';
import { out, report, setExitCode } from '../io.js';
import { EXIT } from '../exit-codes.js';

/** Carrier messages hold one envelope plus text: a few times the envelope limit (src/io/limits.ts). */
export async function readJsonFile(file: string, what: string): Promise<unknown> {
  return parseJson(await readTextFile(file, { what, kind: 'carrier' }), file);
}

/**
 * Validator options for an unwrap: with --allow-remote, the policy-bounded loader; without it the
 * validator keeps its own loader, which refuses every remote context. Rejects --policy alone.
 */
export async function unwrapValidateOptions(args: RemoteCliArgs): Promise<ValidateOptions> {
  const { documentLoader } = await sessionFromCli(args);
  return args['allow-remote'] ? { documentLoader } : {};
}

/**
 * Run a wrap with the envelope's file named in its error: the carrier library validates a value,
 * not a file, so its errors carry a JSON path and no file.
 */
export async function namingFile<T>(file: string, wrap: () => Promise<T>): Promise<T> {
  try {
    return await wrap();
  } catch (error) {
    if (error instanceof IoaError && error.location.file === undefined) throw new IoaError(error.code, error.message, { ...error.location, file }, { cause: error });
    throw error;
  }
}

/**
 * Whether the only errors are remote contexts that were not retrieved (E_CONTEXT_UNAVAILABLE):
 * the document was then not validated, and calling it invalid would turn a refused or failed
 * retrieval into a claim about its content (6.1, S4). Exit 4, as an Indeterminate check.
 */
export function contextNotRetrieved(findings: readonly { code: string; severity: string }[]): boolean {
  const errors = findings.filter((f) => f.severity === 'error');
  return errors.length > 0 && errors.every((f) => f.code === 'E_CONTEXT_UNAVAILABLE');
}

/** The headline for a document whose remote context was not retrieved. */
export const NOT_RETRIEVED = 'not validated: a remote context was not retrieved, so whether it is valid is unknown (Section 6.1; --allow-remote with a retrieval policy, or an inline context)';

export function printUnwrap(file: string, result: UnwrapResult, json: boolean): void {
  const unavailable = !result.ok && contextNotRetrieved(result.findings);
  if (json) {
    out(JSON.stringify({ file, valid: result.ok, ...(unavailable ? { unavailable } : {}), carrier: result.carrier, findings: result.findings, ...(result.ok ? { envelope: result.document } : {}) }, null, 2));
  } else if (result.ok) {
    out(JSON.stringify(result.document, null, 2));
  } else {
    const at = result.carrier.envelopePath ? ` (at ${result.carrier.envelopePath})` : ' (no envelope found)';
    const lines = [unavailable ? `${file}: the carried envelope${at} is ${NOT_RETRIEVED}` : `${file}: the carried envelope is invalid${at}`];
    for (const f of result.findings) lines.push(`  ${f.severity} ${f.code} at ${f.path}: ${f.message} (Section ${f.section})`);
    report(lines.join('\n'));
  }
  setExitCode(result.ok ? EXIT.ok : unavailable ? EXIT.indeterminate : EXIT.invalid);
}
