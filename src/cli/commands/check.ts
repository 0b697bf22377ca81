/**
 * `ioa-align check`: one compatibility decision (draft 7.1). Exit codes are the contract
 * (DESIGN.md): 0 Compatible, 3 Incompatible, 4 Indeterminate, 2 invalid input or usage,
 * 1 internal error. `--json` prints one object; invalid input prints
 * `{"outcome": "Invalid", "errors": [...]}`.
 */
import { defineCommand } from 'citty';
import { IoaError } from '../../api/gate.js';
import { out, err, report, setExitCode, textFault } from '../io.js';
import { parseNow } from '../clock.js';
import { EXIT } from '../exit-codes.js';
import { repeatable, repeated } from '../repeated.js';
import { REMOTE_ARGS, readProfileRetrieval, sessionFromCli } from '../../retrieval/index.js';

export default defineCommand({
  meta: { name: 'check', description: 'Decide semantic compatibility: Compatible (0), Incompatible (3) or Indeterminate (4). Compatible is not authorisation.' },
  args: {
    request: { type: 'string', description: 'Request semantic envelope (Section 6.2), JSON-LD', required: true },
    provider: { type: 'string', description: 'Provider capability advertisement (Section 6.3) with ontologyId/ontologyVersion', required: true },
    profile: { type: 'string', description: 'Domain profile (JSON)', required: true },
    artifact: repeatable({ type: 'string', description: 'Alignment artifact (Section 7.2)' }),
    trust: { type: 'string', description: 'Trust policy (JSON); without it no artifact is trusted' },
    ontology: repeatable({ type: 'string', description: 'Requester ontology file (Turtle, JSON-LD, RDF/XML) with intents, capabilities, domains. When both ontologies of an artifact are given, its rules are checked for coherence with them (an incoherent artifact is excluded: INCOHERENT)' }),
    candidates: repeatable({ type: 'string', description: 'Candidate mappings (SSSOM TSV, JSON …); never establish compatibility, reported as CANDIDATE_ONLY (a reviewer rejection, predicate_modifier Not, as CANDIDATE_REJECTED)' }),
    now: { type: 'string', description: 'Clock for validity windows (RFC 3339 date-time, e.g. 2026-06-01T00:00:00Z), default: current time' },
    json: { type: 'boolean', description: 'Print one JSON object' },
    ...REMOTE_ARGS,
  },
  async run({ args, rawArgs }) {
    const now = parseNow(args.now);
    const { check, NOT_AUTHORISATION } = await import('../../api/gate.js');
    // --allow-remote: bounded by --policy, else by the profile's own "retrieval" member.
    const { session } = await sessionFromCli(args, args.policy ? undefined : await readProfileRetrieval(args.profile));
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check({
        retrieval: session,
        request: args.request, provider: args.provider, profile: args.profile,
        ...(args.trust !== undefined ? { trust: args.trust } : {}),
        artifacts: repeated(rawArgs, 'artifact'), ontologies: repeated(rawArgs, 'ontology'), candidates: repeated(rawArgs, 'candidates'),
        ...(now !== undefined ? { now } : {}),
      });
    } catch (error) {
      // --json promises one object even for input that cannot be read or parsed (an ontology
      // with a syntax error, an unreadable request): the same Invalid shape, exit 2.
      if (!args.json || !(error instanceof IoaError) || error.code === 'E_INTERNAL') throw error;
      out(JSON.stringify({ outcome: 'Invalid', errors: [error.toJSON()] }, null, 2));
      setExitCode(EXIT.invalid);
      return;
    }
    for (const w of result.warnings) err(`warning: ${w.file} ${w.path}: ${w.message} [${w.code}]`);
    // What was read but left out of the decision (a descriptive term ignored under the profile's
    // unknownTerms "ignore") belongs to the result, not only to stderr (6.4: no silent exclusion).
    const warnings = result.warnings.map(({ file, code, path, message }) => ({ file, code, path, message }));
    const withWarnings = <T extends object>(o: T): T | (T & { warnings: typeof warnings }) => (warnings.length > 0 ? { ...o, warnings } : o);
    if (result.kind === 'unavailable') {
      // S4: a required remote context that was refused or not retrieved leaves the check
      // Indeterminate (RESOURCE_UNAVAILABLE), not invalid input and not Incompatible.
      const unavailable = result.reasons;
      if (args.json) out(JSON.stringify(withWarnings({ outcome: 'Indeterminate', reasons: unavailable, notice: NOT_AUTHORISATION }), null, 2));
      else report(['Indeterminate', ...unavailable.map((r) => `  ${r.code} (${r.cause}): ${r.message}${r.path ? ` [at ${r.path}]` : ''}`)].join('\n'));
      setExitCode(EXIT.indeterminate);
      return;
    }
    if (result.kind === 'invalid') {
      const errors = result.errors.map(({ file, code, path, message, section, line, column }) => ({ file, code, path, message, section, ...(line !== undefined ? { line, column } : {}) }));
      if (args.json) out(JSON.stringify(withWarnings({ outcome: 'Invalid', errors }), null, 2));
      else {
        // Text that is not JSON has a line and column (`file:line:column: message [CODE]`);
        // a document that parsed but is invalid is placed by its JSON path.
        for (const e of errors) {
          err(e.line !== undefined ? `ioa-align: ${textFault(e)}` : `ioa-align: ${e.file} at ${e.path}: ${e.message} [${e.code}, Section ${e.section}]`);
        }
      }
      setExitCode(EXIT.invalid);
      return;
    }
    const { kind: _kind, warnings: _warnings, retrieved: _retrieved, ...verdict } = result;
    // With --allow-remote the revisions of what was retrieved are part of the result (6.1, S5).
    if (args.json) out(JSON.stringify(withWarnings(args['allow-remote'] ? { ...verdict, retrieval: { revisions: session.revisions } } : verdict), null, 2));
    else {
      const lines: string[] = [verdict.outcome];
      for (const r of verdict.reasons) lines.push(`  ${r.code}${r.detail && r.detail !== r.code ? ` (${r.detail})` : ''}: ${r.message}${r.path ? ` [at ${r.path}]` : ''}`);
      for (const m of verdict.mapping) {
        lines.push(m.kind === 'direct'
          ? `  mapping: ${m.capability} offered directly`
          : `  mapping: ${m.capability} → ${m.provider} by ${m.artifactId} revision ${m.revision} rule ${m.ruleIndex} (asserted by ${m.assertedBy}${m.signed ? '' : '; unsigned: provenance not verified, accepted only because the trust policy sets requireSignature: false'})`);
      }
      if (verdict.excluded.length > 0 && verdict.outcome === 'Compatible') {
        for (const e of verdict.excluded) lines.push(`  excluded ${e.artifactId} (revision ${e.revision}): ${e.code}: ${e.message}`);
      }
      lines.push(`  profile ${verdict.inputs.profile ? `${verdict.inputs.profile.profileId} revision ${verdict.inputs.profile.revision}` : '(unavailable)'}; request ${verdict.inputs.request}`);
      lines.push(`Note: ${verdict.notice}`);
      report(lines.join('\n'));
    }
    setExitCode(verdict.outcome === 'Compatible' ? EXIT.ok : verdict.outcome === 'Incompatible' ? EXIT.incompatible : EXIT.indeterminate);
  },
});
