/**
 * `ioa-align artifact build|sign|verify`: from a reviewed SSSOM file to a signed alignment artifact
 * (draft 7.2, 12.4), and verification against a trust policy. `verify` exits 0 when the artifact
 * would pass the gate's trust and validity checks, 2 otherwise.
 */
import { defineCommand } from 'citty';
import { describeDiagnostic, IoaError } from '../../model/errors.js';
import { parseJson } from '../../text/json.js';
import { readTextFile } from '../../io/files.js';
import { out, err, report as printReport, setExitCode } from '../io.js';
import { openOutput } from '../output.js';
import { parseNow } from '../clock.js';
import { EXIT } from '../exit-codes.js';

const readText = (path: string): Promise<string> => readTextFile(path);

const build = defineCommand({
  meta: { name: 'build', description: 'Build an unsigned artifact from the rows a reviewer accepted (semapv:ManualMappingCuration or semapv:MappingReview, no predicate_modifier Not).' },
  args: {
    from: { type: 'string', description: 'Reviewed mappings (SSSOM TSV or another exchange format)', required: true },
    'artifact-id': { type: 'string', description: 'Artifact IRI', required: true },
    revision: { type: 'string', description: 'Artifact revision', required: true },
    'source-id': { type: 'string', description: 'Source ontology IRI (default: SSSOM subject_source)' },
    'source-version': { type: 'string', description: 'Source ontology version (default: SSSOM subject_source_version)' },
    'target-id': { type: 'string', description: 'Target ontology IRI (default: SSSOM object_source)' },
    'target-version': { type: 'string', description: 'Target ontology version (default: SSSOM object_source_version)' },
    direction: { type: 'string', description: 'source-to-target | target-to-source | bidirectional', default: 'source-to-target' },
    'asserted-by': { type: 'string', description: 'Issuer IRI', required: true },
    'valid-until': { type: 'string', description: 'RFC 3339 date-time', required: true },
    'valid-from': { type: 'string', description: 'RFC 3339 date-time' },
    conditions: { type: 'string', description: 'JSON file with conditions for every rule' },
    'input-media-type': { type: 'string', description: 'Condition inputMediaType' },
    'output-media-type': { type: 'string', description: 'Condition outputMediaType' },
    'source-lang': { type: 'string', description: 'Condition sourceLang (BCP 47)' },
    'target-lang': { type: 'string', description: 'Condition targetLang (BCP 47)' },
    domain: { type: 'string', description: 'Condition domain (Domain IRI)' },
    description: { type: 'string', description: 'Descriptive text' },
    out: { type: 'string', description: 'Write here (atomically) instead of stdout (- for stdout)' },
    verbose: { type: 'boolean', description: 'List every row left out, with its line and reason (default: one count per reason)' },
  },
  async run({ args }) {
    const { buildArtifact, DIRECTIONS } = await import('../../api/gate.js');
    const { readMappings } = await import('../../api/index.js');
    if (!(DIRECTIONS as readonly string[]).includes(args.direction)) throw new IoaError('E_USAGE', `--direction must be one of ${DIRECTIONS.join(', ')}`);
    const output = await openOutput(args.out, { inputs: [args.from, args.conditions] });
    let conditions: Record<string, unknown> = {};
    if (args.conditions !== undefined) {
      const parsed = parseJson(await readText(args.conditions), args.conditions);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new IoaError('E_ARTIFACT_BUILD', 'the conditions file must hold one JSON object', { file: args.conditions, path: '$' });
      conditions = parsed as Record<string, unknown>;
    }
    const flags: Array<[string, string | undefined]> = [
      ['inputMediaType', args['input-media-type']], ['outputMediaType', args['output-media-type']], ['sourceLang', args['source-lang']],
      ['targetLang', args['target-lang']], ['domain', args.domain],
    ];
    for (const [name, value] of flags) if (value !== undefined) conditions[name] = value;
    const set = await readMappings(args.from, { onWarning: (w) => err(`ioa-align: warning: ${describeDiagnostic(w.location, w.message, w.code)}`) });
    const result = await buildArtifact(set, {
      file: args.from,
      artifactId: args['artifact-id'], revision: args.revision, direction: args.direction as (typeof DIRECTIONS)[number], assertedBy: args['asserted-by'],
      validUntil: args['valid-until'], conditions,
      ...(args['valid-from'] !== undefined ? { validFrom: args['valid-from'] } : {}),
      ...(args['source-id'] !== undefined ? { sourceOntologyId: args['source-id'] } : {}),
      ...(args['source-version'] !== undefined ? { sourceOntologyVersion: args['source-version'] } : {}),
      ...(args['target-id'] !== undefined ? { targetOntologyId: args['target-id'] } : {}),
      ...(args['target-version'] !== undefined ? { targetOntologyVersion: args['target-version'] } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
    });
    // A real review file leaves tens of thousands of candidate rows out: one line per reason,
    // and every row only when asked for.
    if (args.verbose) for (const s of result.skipped) err(`skipped ${s.line !== undefined ? `${args.from}:${s.line}` : `row ${s.row}`} ${s.subject} → ${s.object}: ${s.why}`);
    else {
      const byReason = new Map<string, number>();
      for (const s of result.skipped) byReason.set(s.why, (byReason.get(s.why) ?? 0) + 1);
      for (const [why, count] of [...byReason].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) err(`skipped ${count} row(s): ${why}`);
      if (result.skipped.length > 0) err('  (--verbose lists every skipped row)');
    }
    err(`${result.artifact.mappingRules.length} rule(s) from ${set.mappings.length} row(s); the artifact is unsigned: run \`ioa-align artifact sign\``);
    await output.write(JSON.stringify(result.document, null, 2));
  },
});

const sign = defineCommand({
  meta: { name: 'sign', description: 'Sign an artifact with an Ed25519 private key (JCS of the artifact without "signature"); replaces any existing signature.' },
  args: {
    artifact: { type: 'positional', description: 'Artifact JSON file', required: true },
    key: { type: 'string', description: 'Private key (PKCS#8 PEM)', required: true },
    'key-id': { type: 'string', description: 'Key id to record (default: RFC 7638 thumbprint of the public key)' },
    out: { type: 'string', description: 'Write here (atomically) instead of stdout (- for stdout)' },
  },
  async run({ args }) {
    const { parsePrivateKey } = await import('../../gate/signature.js');
    const { readArtifact, signArtifact } = await import('../../api/gate.js');
    // Writing over the artifact itself is allowed (explicit in-place signing); over the key is not.
    const output = await openOutput(args.out, { inputs: [args.key] });
    const artifact = await readArtifact(args.artifact);
    const keyPem = await readText(args.key);
    parsePrivateKey(keyPem, args.key); // names the key file in the error when it is not an Ed25519 private key
    const signed = await signArtifact(artifact.document, keyPem, args['key-id']);
    await output.write(JSON.stringify(signed, null, 2));
  },
});

const verify = defineCommand({
  meta: { name: 'verify', description: 'Check an artifact against a trust policy: trusted issuer and key, valid signature, issuer in scope, inside its validity window.' },
  args: {
    artifact: { type: 'positional', description: 'Artifact JSON file', required: true },
    trust: { type: 'string', description: 'Trust policy (JSON)', required: true },
    now: { type: 'string', description: 'Clock (RFC 3339 date-time, e.g. 2026-06-01T00:00:00Z), default: current time' },
    json: { type: 'boolean', description: 'Print one JSON object' },
  },
  async run({ args }) {
    const { verifyArtifact } = await import('../../api/gate.js');
    // The use is the artifact's own declared one: verify checks trust and validity, not a request.
    const report = await verifyArtifact(args.artifact, args.trust, { now: parseNow(args.now) ?? Date.now() });
    const ok = report.verified;
    if (args.json) out(JSON.stringify(report, null, 2));
    else printReport(ok ? `verified: ${report.artifactId} revision ${report.revision}, signed by ${report.assertedBy} (key ${report.keyId ?? 'none'})` : [`NOT verified: ${report.artifactId} revision ${report.revision}`, ...report.problems.map((p) => `  ${p.code}: ${p.message}`)].join('\n'));
    if (!ok) setExitCode(EXIT.invalid);
  },
});

export default defineCommand({
  meta: { name: 'artifact', description: 'Build, sign and verify alignment artifacts (draft Section 7.2).' },
  subCommands: { build, sign, verify },
});
