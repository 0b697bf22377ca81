import path from 'node:path';
import { readTextFile } from '../../io/files.js';
import { defineCommand } from 'citty';
import { IoaError } from '../../model/errors.js';
import {
  DEFAULT_LIMITS, DOCUMENT_KINDS, assertValid, compileShapes, validateProfile, validateText,
  type CompiledShapes, type DocumentKind, type DocumentResult, type DomainProfile, type ExternalValidators, type Finding,
} from '../../api/envelope.js';
import { parseJson } from '../../text/json.js';
import { err, out, report, setExitCode, textFault } from '../io.js';
import { EXIT } from '../exit-codes.js';
import { NOT_RETRIEVED, contextNotRetrieved } from './carrier-io.js';
import { REMOTE_ARGS, readProfileRetrieval, sessionFromCli } from '../../retrieval/index.js';

async function readLimited(file: string, maxBytes: number): Promise<string> {
  try {
    return await readTextFile(file, { maxBytes, kind: 'document' });
  } catch (error) {
    // Oversized files are reported as findings by validateText; read only what proves the point.
    if (error instanceof IoaError && error.code === 'E_INPUT_TOO_LARGE') return ' '.repeat(maxBytes + 1);
    throw error;
  }
}

async function loadProfile(file: string): Promise<{ profile: DomainProfile; shapes?: CompiledShapes }> {
  // The profile and its shapes configure the validation: one too large is an error (E_INPUT_TOO_LARGE), not a finding.
  const parsed = parseJson(await readTextFile(file, { what: 'domain profile', kind: 'document' }), file);
  const profile = assertValid(validateProfile(parsed), file);
  if (profile.shapes === undefined) return { profile };
  const shapesFile = path.resolve(path.dirname(file), profile.shapes);
  const turtle = await readTextFile(shapesFile, { what: 'SHACL shapes', kind: 'document', maxBytes: 4 * DEFAULT_LIMITS.maxBytes });
  return { profile, shapes: compileShapes(turtle, shapesFile) };
}

/**
 * The validators of kinds that other modules own. The command chooses them, so the envelope
 * module, which sits below the gate and the carriers, never has to reach up for them.
 */
async function externalValidators(): Promise<ExternalValidators> {
  const [{ validateArtifact }, { agentCardValidator }] = await Promise.all([import('../../api/gate.js'), import('../../api/carriers.js')]);
  return { artifact: validateArtifact, 'agent-card': agentCardValidator() };
}

function describe(f: Finding): string {
  return `  ${f.severity} ${f.code} at ${f.path}: ${f.message} (Section ${f.section})${f.hint ? `\n      hint: ${f.hint}` : ''}`;
}

export function formatResult(file: string, result: DocumentResult): string {
  const kind = result.kind ?? 'document';
  const lines = [result.ok ? `${file}: valid ${kind}` : contextNotRetrieved(result.findings) ? `${file}: ${kind} ${NOT_RETRIEVED}` : `${file}: invalid ${kind}`];
  for (const f of result.findings) lines.push(describe(f));
  return lines.join('\n');
}

export default defineCommand({
  meta: { name: 'validate', description: 'Validate a semantic envelope, capability advertisement, domain profile, trust policy, alignment artifact, JSON-LD context (6.1) or A2A Agent Card extension entry (12.2) (draft Sections 5–7, 12). Exit 0 valid, 2 invalid, 4 a remote context was not retrieved (not validated).' },
  args: {
    file: { type: 'positional', description: 'JSON document to validate', required: true },
    kind: { type: 'string', description: `Document kind (${DOCUMENT_KINDS.join('|')}); detected from @type or shape when omitted` },
    profile: { type: 'string', description: 'Domain profile (JSON) whose unknown-term treatment, reuse rule and SHACL shapes apply' },
    json: { type: 'boolean', description: 'Print one JSON object {file, kind, valid, unavailable?, findings, value?}; kind is null when it is not known: no kind detected, or the document refused before it was read (too large, not JSON, a member named twice) without --kind' },
    ...REMOTE_ARGS,
  },
  async run({ args }) {
    const kind = args.kind as string | undefined;
    if (kind !== undefined && !(DOCUMENT_KINDS as readonly string[]).includes(kind)) {
      throw new IoaError('E_USAGE', `--kind must be one of ${DOCUMENT_KINDS.join(', ')}, got "${kind}"`);
    }
    const loaded = args.profile ? await loadProfile(args.profile) : undefined;
    const text = await readLimited(args.file, DEFAULT_LIMITS.maxBytes);
    // Remote contexts: refused by the validator's default loader unless --allow-remote (6.1).
    const { session, documentLoader } = await sessionFromCli(args, args.policy || !args.profile ? undefined : await readProfileRetrieval(args.profile));
    const result = await validateText(text, {
      ...(args['allow-remote'] ? { documentLoader } : {}),
      ...(kind ? { kind: kind as DocumentKind } : {}),
      ...(loaded ? { profile: loaded.profile } : {}),
      ...(loaded?.shapes ? { shapes: loaded.shapes } : {}),
      validators: await externalValidators(),
    });
    // Text that is not JSON at all is bad input, reported as every command reports it; nesting
    // past the limit (6.1) is a finding of the document like any other.
    const syntax = result.findings.filter((f) => f.line !== undefined && !f.code.startsWith('E_LIMIT_'));
    if (!args.json && syntax.length > 0) {
      for (const f of syntax) err(`ioa-align: ${textFault({ ...f, file: args.file })}`);
      setExitCode(EXIT.invalid);
      return;
    }
    const unavailable = !result.ok && contextNotRetrieved(result.findings);
    if (args.json) {
      const retrieval = args['allow-remote'] ? { retrieval: { revisions: session.revisions, unavailable: session.failures.map((f) => f.toFinding()) } } : {};
      out(JSON.stringify({ file: args.file, kind: result.kind ?? null, valid: result.ok, ...(unavailable ? { unavailable } : {}), findings: result.findings, ...(result.ok ? { value: result.value } : {}), ...retrieval }, null, 2));
    } else {
      report(formatResult(args.file, result));
    }
    // Exit codes of DESIGN.md: 0 valid, 2 invalid input; 4 (as an Indeterminate check) when a
    // remote context was not retrieved, so the document could not be validated at all.
    setExitCode(result.ok ? EXIT.ok : unavailable ? EXIT.indeterminate : EXIT.invalid);
  },
});
