/**
 * `ioa-align artifact build|sign|verify`: from a reviewed SSSOM file to a signed alignment artifact
 * (draft 7.2, 12.4), and verification against a trust policy. `verify` exits 0 when the artifact
 * would pass the gate's trust and validity checks, 4 when a well-formed artifact would not (the
 * Indeterminate `check` gives for it), 2 for invalid input or usage.
 */
import { defineCommand } from 'citty';
import { DEFAULT_DIFF_GENERATORS } from '../../versions/diff.js';
import { describeDiagnostic, IoaError } from '../../model/errors.js';
import { formatJsonPath, jsonFaultError, locateJsonPath, parseJson, readJson } from '../../text/json.js';
import { CONDITION_NAMES } from '../../envelope/types.js';
import { suggest } from '../../model/suggest.js';
import { readTextFile } from '../../io/files.js';
import { out, err, report as printReport, setExitCode } from '../io.js';
import { openOutput } from '../output.js';
import { parseNow } from '../clock.js';
import { EXIT } from '../exit-codes.js';
import type { OntologyIndex } from '../../model/ontology-index.js';
import { loadOntologyPair } from '../ontology-input.js';
import type { ArtifactCoherence } from '../../gate/build.js';
import { CONDITIONS_MAX_DEPTH, assertConditionsNesting, conditionsTooDeep } from '../../gate/rule-rows.js';
import type { ValidatedArtifact } from '../../gate/artifact.js';
import { asFlagError, asFlagText, withFlags } from '../flags.js';

/** The option of signArtifact that `artifact sign` takes as a flag. */
const SIGN_FLAGS = { force: '--force' };

/** The options of buildArtifact and mergeDraft that `artifact build` takes as flags. */
const BUILD_FLAGS = {
  sourceOntologyId: '--source-id', sourceOntologyVersion: '--source-version', targetOntologyId: '--target-id', targetOntologyVersion: '--target-version',
  validUntil: '--valid-until', allowIncoherent: '--allow-incoherent',
  // mergeDraft takes the reviewed set as an argument; the command reads it from --from.
  'pass the reviewed set to mergeDraft': 'pass it with --from',
};

/** The options of upgradeArtifact that `artifact upgrade` takes as flags. */
const UPGRADE_FLAGS = { side: '--side', 'options.new.version': '--to-version', revision: '--revision', force: '--force' };

const build = defineCommand({
  meta: { name: 'build', description: 'Build an unsigned artifact from the rows a reviewer accepted (semapv:ManualMappingCuration or semapv:MappingReview, no predicate_modifier Not).' },
  args: {
    from: { type: 'string', description: 'Reviewed mappings (SSSOM TSV or another exchange format); required unless --merge' },
    merge: { type: 'string', description: 'An upgrade draft (artifact upgrade --out): join its carried rules with the rows accepted in --from (its reviewed review file) into the complete new revision; the artifact id, revision, ontologies, direction, issuer and validity come from the draft' },
    'artifact-id': { type: 'string', description: 'Artifact IRI (required unless --merge)' },
    revision: { type: 'string', description: 'Artifact revision (required unless --merge)' },
    'source-id': { type: 'string', description: 'Source ontology IRI (default: SSSOM subject_source)' },
    'source-version': { type: 'string', description: 'Source ontology version (default: SSSOM subject_source_version)' },
    'target-id': { type: 'string', description: 'Target ontology IRI (default: SSSOM object_source)' },
    'target-version': { type: 'string', description: 'Target ontology version (default: SSSOM object_source_version)' },
    direction: { type: 'string', description: 'source-to-target | target-to-source | bidirectional', default: 'source-to-target' },
    'asserted-by': { type: 'string', description: 'Issuer IRI (required unless --merge)' },
    'valid-until': { type: 'string', description: 'RFC 3339 date-time (required unless --merge; with it, replaces the draft\'s)' },
    'valid-from': { type: 'string', description: 'RFC 3339 date-time' },
    now: { type: 'string', description: 'The clock --valid-until must lie after (RFC 3339 date-time; default: the current time): a validity that has already ended is refused' },
    conditions: { type: 'string', description: 'JSON file with conditions for every rule (inputMediaType, outputMediaType, sourceLang, targetLang, domain; a misspelling of one is refused, another name is kept with a warning: the gate answers UNKNOWN_CONDITION for it)' },
    'input-media-type': { type: 'string', description: 'Condition inputMediaType' },
    'output-media-type': { type: 'string', description: 'Condition outputMediaType' },
    'source-lang': { type: 'string', description: 'Condition sourceLang (BCP 47)' },
    'target-lang': { type: 'string', description: 'Condition targetLang (BCP 47)' },
    domain: { type: 'string', description: 'Condition domain (Domain IRI)' },
    description: { type: 'string', description: 'Descriptive text' },
    out: { type: 'string', description: 'Write here (atomically) instead of stdout (- for stdout)' },
    verbose: { type: 'boolean', description: 'List every row left out, with its line and reason (default: one count per reason)' },
    source: { type: 'string', description: 'The source ontology file: with --target, the accepted rows are checked for coherence with both ontologies, and an incoherent set is refused (E_ARTIFACT_INCOHERENT); without them the check is not made (a warning says so)' },
    target: { type: 'string', description: 'The target ontology file (with --source)' },
    'allow-incoherent': { type: 'boolean', description: 'Build even when the accepted rows are incoherent with --source and --target (each conflict is still reported)' },
    'skip-invalid': { type: 'boolean', description: 'Agent record files as --source or --target: leave bad records out (a summary per reason on stderr), as propose --skip-invalid did' },
  },
  async run({ args, rawArgs }) {
    const { buildArtifact, DIRECTIONS } = await import('../../api/gate.js');
    const { readMappings } = await import('../../api/index.js');
    if ((args.source === undefined) !== (args.target === undefined)) throw new IoaError('E_USAGE', 'the coherence check needs both ontologies: give --source and --target together', { path: args.source === undefined ? '--source' : '--target' });
    if (args['allow-incoherent'] && args.source === undefined) throw new IoaError('E_USAGE', '--allow-incoherent means something only with --source and --target (the ontologies the rules are checked against)', { path: '--allow-incoherent' });
    if (args['skip-invalid'] && args.source === undefined) throw new IoaError('E_USAGE', '--skip-invalid means something only with --source and --target (the record files it reads)', { path: '--skip-invalid' });
    const now = parseNow(args.now);
    if (args.merge !== undefined) return merge(args, rawArgs, now);
    const missing = (['from', 'artifact-id', 'revision', 'asserted-by', 'valid-until'] as const).filter((name) => args[name] === undefined);
    if (missing.length > 0) throw new IoaError('E_USAGE', missing.map((name) => `missing required option --${name}`).join('; '), { path: `--${missing[0]}` });
    const from = args.from!;
    if (!(DIRECTIONS as readonly string[]).includes(args.direction)) throw new IoaError('E_USAGE', `--direction must be one of ${DIRECTIONS.join(', ')}`);
    const output = await openOutput(args.out, { inputs: [from, args.conditions, args.source, args.target], json: true });
    let conditions: Record<string, unknown> = {};
    if (args.conditions !== undefined) {
      // Nesting is bounded as the text is read, before anything walks the value (6.1).
      const conditionsText = await readTextFile(args.conditions, { what: 'conditions file', kind: 'config' });
      const read = readJson(conditionsText, 1, CONDITIONS_MAX_DEPTH);
      if (!read.ok && read.fault.kind === 'depth') {
        const { line, column, path } = read.fault;
        throw conditionsTooDeep('the conditions file', path ?? '$', { file: args.conditions, ...(line !== undefined ? { line, column } : {}) });
      }
      if (!read.ok) throw jsonFaultError(read, args.conditions);
      const parsed = read.value;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new IoaError('E_ARTIFACT_BUILD', 'the conditions file must hold one JSON object', { file: args.conditions, path: '$' });
      assertConditionsNesting(parsed, 'the conditions file', { file: args.conditions });
      conditions = parsed as Record<string, unknown>;
      checkConditionNames(conditions, args.conditions, conditionsText);
    }
    const flags: Array<[string, string, string | undefined]> = [
      ['inputMediaType', 'input-media-type', args['input-media-type']], ['outputMediaType', 'output-media-type', args['output-media-type']],
      ['sourceLang', 'source-lang', args['source-lang']], ['targetLang', 'target-lang', args['target-lang']], ['domain', 'domain', args.domain],
    ];
    for (const [name, flag, value] of flags) {
      if (value === undefined) continue;
      // Two values for one condition are refused, never settled by letting one silently win.
      if (name in conditions && JSON.stringify(conditions[name]) !== JSON.stringify(value)) {
        throw new IoaError('E_USAGE', `--${flag} ${JSON.stringify(value)} contradicts ${name} = ${JSON.stringify(conditions[name])} in the conditions file ${args.conditions}; give the condition once`, { path: `--${flag}` });
      }
      conditions[name] = value;
    }
    const set = await readMappings(from, { onWarning: (w) => err(`ioa-align: warning: ${describeDiagnostic(w.location, w.message, w.code)}`) });
    const ontologies = await loadCoherenceOntologies(args.source, args.target, Boolean(args['skip-invalid']));
    const result = await withFlags(BUILD_FLAGS, () => buildArtifact(set, {
      ...(ontologies ? { ontologies, allowIncoherent: Boolean(args['allow-incoherent']) } : {}),
      file: from,
      artifactId: args['artifact-id']!, revision: args.revision!, direction: args.direction as (typeof DIRECTIONS)[number], assertedBy: args['asserted-by']!,
      validUntil: args['valid-until']!, conditions,
      ...(now !== undefined ? { now } : {}),
      ...(args['valid-from'] !== undefined ? { validFrom: args['valid-from'] } : {}),
      ...(args['source-id'] !== undefined ? { sourceOntologyId: args['source-id'] } : {}),
      ...(args['source-version'] !== undefined ? { sourceOntologyVersion: args['source-version'] } : {}),
      ...(args['target-id'] !== undefined ? { targetOntologyId: args['target-id'] } : {}),
      ...(args['target-version'] !== undefined ? { targetOntologyVersion: args['target-version'] } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
    }));
    // A real review file leaves tens of thousands of candidate rows out: one line per reason,
    // and every row only when asked for.
    reportSkipped(result.skipped, from, Boolean(args.verbose));
    reportCoherence(result.coherence, from);
    err(`${result.artifact.mappingRules.length} rule(s) from ${set.mappings.length} row(s); the artifact is unsigned: run \`ioa-align artifact sign\``);
    await output.write(JSON.stringify(result.document, null, 2));
  },
});

/**
 * Condition names of a conditions file that the gate does not evaluate. A rule holding one is
 * kept as it is (the engine answers UNKNOWN_CONDITION for it), so every check the rule applies to
 * is Indeterminate: a name that is a misspelling of a known one (`sourcelang`) is refused before
 * the artifact is written and signed, any other is named on stderr.
 */
function checkConditionNames(conditions: Readonly<Record<string, unknown>>, file: string, text: string): void {
  for (const name of Object.keys(conditions)) {
    if ((CONDITION_NAMES as readonly string[]).includes(name)) continue;
    const meant = suggest(name, CONDITION_NAMES);
    const effect = `a rule holding it answers Indeterminate UNKNOWN_CONDITION wherever it applies (conditions evaluated: ${CONDITION_NAMES.join(', ')})`;
    if (meant !== undefined) {
      throw new IoaError('E_ARTIFACT_BUILD', `condition ${JSON.stringify(name)} is not one the gate evaluates; did you mean ${JSON.stringify(meant)}? As written, ${effect}`, { file, ...locateJsonPath(text, [name]), path: formatJsonPath([name]) });
    }
    err(`ioa-align: warning: ${describeDiagnostic({ file, ...locateJsonPath(text, [name]), path: formatJsonPath([name]) }, `condition ${JSON.stringify(name)} is not one the gate evaluates: ${effect}`, 'UNKNOWN_CONDITION')}`);
  }
}

/** Rows a build left out: one line per reason, or each row with --verbose. */
function reportSkipped(skipped: ReadonlyArray<{ line?: number; row: number; subject: string; object: string; why: string }>, file: string, verbose: boolean): void {
  // A real review file leaves tens of thousands of candidate rows out: one line per reason,
  // and every row only when asked for.
  if (verbose) for (const s of skipped) err(`skipped ${s.line !== undefined ? `${file}:${s.line}` : `row ${s.row}`} ${s.subject} → ${s.object}: ${s.why}`);
  else {
    const byReason = new Map<string, number>();
    for (const s of skipped) byReason.set(s.why, (byReason.get(s.why) ?? 0) + 1);
    for (const [why, count] of [...byReason].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) err(`skipped ${count} row(s): ${why}`);
    if (skipped.length > 0) err('  (--verbose lists every skipped row)');
  }
}

/** Both ontologies of the coherence check, loaded (see loadOntologyPair), or undefined when not given. */
async function loadCoherenceOntologies(source: string | undefined, target: string | undefined, skipInvalid = false): Promise<{ source: OntologyIndex; target: OntologyIndex } | undefined> {
  return source === undefined || target === undefined ? undefined : loadOntologyPair(source, target, skipInvalid);
}

/** What the coherence check of a build found (never silent: an unchecked build says so). */
function reportCoherence(coherence: ArtifactCoherence, file: string, unit: 'row' | 'rule' = 'row'): void {
  if (!coherence.checked) {
    err(`ioa-align: warning: coherence not checked: give --source and --target (the ontologies the rules map between) to check the rules against them`);
    return;
  }
  if (coherence.conflicts.length === 0) {
    err('coherent with both ontologies: no rule makes a class or property unsatisfiable');
    return;
  }
  err(`ioa-align: warning: built although the rules are incoherent with the ontologies (--allow-incoherent): ${coherence.conflicts.length} conflict(s)`);
  for (const c of coherence.conflicts) err(`  ${c.rows.map((r) => (r.line !== undefined ? `${file}:${r.line}` : unit === 'rule' ? `rule ${r.row - 1}` : `row ${r.row}`)).join(' and ')}: ${c.message}`);
}

/** Options of `artifact build` that say what the draft already says, refused beside --merge. */
const NOT_WITH_MERGE = ['artifact-id', 'revision', 'source-id', 'source-version', 'target-id', 'target-version', 'direction', 'asserted-by', 'conditions', 'input-media-type', 'output-media-type', 'source-lang', 'target-lang', 'domain'] as const;

/** `artifact build --merge DRAFT [--from REVIEWED]`: the complete new revision of an upgrade. */
async function merge(args: Record<string, unknown>, rawArgs: readonly string[], now: number | undefined): Promise<void> {
  const given = NOT_WITH_MERGE.filter((name) => rawArgs.some((a) => a === `--${name}` || a.startsWith(`--${name}=`)));
  if (given.length > 0) {
    throw new IoaError('E_USAGE', `--merge takes the artifact's identity, ontologies, direction, issuer and rule conditions from the draft: drop ${given.map((g) => `--${g}`).join(', ')}`, { path: `--${given[0]}` });
  }
  const { mergeDraft } = await import('../../versions/index.js');
  const { readMappings } = await import('../../api/index.js');
  const { sourceLine } = await import('../../exchange/index.js');
  const draftFile = args.merge as string;
  const from = args.from as string | undefined;
  const output = await openOutput(args.out as string | undefined, { inputs: [draftFile, ...(from !== undefined ? [from] : []), ...[args.source, args.target].filter((x): x is string => typeof x === 'string')], json: true });
  const draft = parseJson(await readTextFile(draftFile, { what: 'upgrade draft', kind: 'artifact' }), draftFile);
  const set = from === undefined ? undefined : await readMappings(from, { onWarning: (w) => err(`ioa-align: warning: ${describeDiagnostic(w.location, w.message, w.code)}`) });
  let result;
  try {
    result = mergeDraft(draft, set, {
      ...(from !== undefined ? { file: from, lineOf: sourceLine } : {}),
      ...(typeof args['valid-until'] === 'string' ? { validUntil: args['valid-until'] } : {}),
      ...(typeof args['valid-from'] === 'string' ? { validFrom: args['valid-from'] } : {}),
      ...(typeof args.description === 'string' ? { description: args.description } : {}),
      ...(now !== undefined ? { now } : {}),
    });
  } catch (error) {
    // A malformed draft is named by its file.
    if (error instanceof IoaError && error.code === 'E_INVALID_DOCUMENT' && error.location.file === undefined) throw new IoaError(error.code, error.message, { ...error.location, file: draftFile }, { cause: error });
    throw asFlagError(error, BUILD_FLAGS);
  }
  if (from !== undefined) reportSkipped(result.skipped, from, Boolean(args.verbose));
  // The complete new revision is what gets signed: its rules, carried and reviewed, are checked together.
  const { checkRuleCoherence } = await import('../../gate/build.js');
  const ontologies = await loadCoherenceOntologies(args.source as string | undefined, args.target as string | undefined, Boolean(args['skip-invalid']));
  const rules = Array.isArray(result.document.mappingRules) ? (result.document.mappingRules as Array<Record<string, unknown>>) : [];
  reportCoherence(checkRuleCoherence(rules.map((rule, index) => ({ rule, index })), { ...(ontologies ? { ontologies, allowIncoherent: Boolean(args['allow-incoherent']) } : {}), file: draftFile, unit: 'rule' }), draftFile, 'rule');
  for (const u of result.unresolved) err(`ioa-align: warning: rule ${u.rule} of the earlier revision (${u.from} → ${u.to}) was neither carried nor accepted in review: revision ${String(result.document.revision)} has no rule for it`);
  err(`${result.carried} carried + ${result.reviewed} reviewed rule(s) in ${String(result.document.artifactId)} revision ${String(result.document.revision)}; the artifact is unsigned: run \`ioa-align artifact sign\``);
  await output.write(JSON.stringify(result.document, null, 2));
}

const upgrade = defineCommand({
  meta: { name: 'upgrade', description: 'Carry an artifact to a new release of the ontology on one side: rules whose concept is unchanged are carried into an unsigned draft of the next revision (with provenance), every other rule goes to a review file as candidate rules through where its concept went. Nothing is signed or trusted.' },
  args: {
    artifact: { type: 'positional', description: 'The artifact (JSON), signed or not', required: true },
    side: { type: 'string', description: 'The side whose ontology moves: source | target', required: true },
    from: { type: 'string', description: 'The release the artifact covers on that side (OLD)', required: true },
    to: { type: 'string', description: 'The release to carry it to (NEW)', required: true },
    via: { type: 'string', description: 'A version alignment OLD → NEW to use instead of computing one (diff\'s output, reviewed: reviewed exactMatch rows carry)' },
    out: { type: 'string', description: 'The draft (JSON): the next revision with the carried rules and an "upgrade" record', required: true },
    'review-out': { type: 'string', description: 'The review file: candidate rules for everything not carried (SSSOM TSV, or .csv/.json by extension)', required: true },
    revision: { type: 'string', description: 'The draft\'s revision (default: the artifact\'s + 1)' },
    candidates: { type: 'string', description: 'Candidates per rule in the review file besides the version alignment\'s own rows (default 5)' },
    generators: { type: 'string', description: `Generators of the computed diff besides identity and lineage (default: ${DEFAULT_DIFF_GENERATORS.join(',')})` },
    'strict-definitions': { type: 'boolean', description: 'Carry only concepts whose definition text is the same, not merely reworded' },
    'from-version': { type: 'string', description: 'OLD\'s version, when its file states none (or to override it)' },
    'to-version': { type: 'string', description: 'NEW\'s version, likewise' },
    force: { type: 'boolean', description: 'Accept OLD and NEW although nothing says they are releases of one ontology' },
    trust: { type: 'string', description: 'Trust policy (JSON): a signed artifact\'s signature must verify with the key it lists for the issuer before its rules are carried unreviewed (required for a signed artifact unless --unverified)' },
    unverified: { type: 'boolean', description: 'Carry the rules of a signed artifact without checking its signature (said on stderr)' },
    verbose: { type: 'boolean', description: 'List every rule: carried, to review or dropped, with why' },
  },
  async run({ args }) {
    const { upgradeArtifact, formatUpgradeSummary, UPGRADE_SIDES } = await import('../../versions/index.js');
    const { readArtifact } = await import('../../api/gate.js');
    const { loadOntology, readMappings } = await import('../../api/index.js');
    const { parseGeneratorList } = await import('../../generators/run.js');
    const { mappingTable, SSSOM_CSV, serializeMappingChunks, sidecarPath } = await import('../../exchange/index.js');
    const { writeFilesAtomic } = await import('../../io/files.js');
    const { parseTopK, withVersion } = await import('../version-options.js');
    const { outputFormat } = await import('../formats.js');
    if (!(UPGRADE_SIDES as readonly string[]).includes(args.side)) throw new IoaError('E_USAGE', `--side must be source or target, not "${args.side}"`, { path: '--side' });
    const side = args.side as (typeof UPGRADE_SIDES)[number];
    const candidates = parseTopK(args.candidates, '--candidates');
    const generators = args.generators === undefined ? undefined : parseGeneratorList(args.generators);
    for (const [option, value] of [['--out', args.out], ['--review-out', args['review-out']]] as const) {
      if (value === '-' || value === '') throw new IoaError('E_USAGE', `${option} names a file: the draft and the review file are written together`, { path: option });
    }
    const format = outputFormat('--review-out', undefined, args['review-out'], 'sssom');
    if (format === 'alignment') throw new IoaError('E_USAGE', '--review-out must be SSSOM TSV, CSV or JSON: Alignment RDF cannot hold the rule conditions a review row carries', { path: '--review-out' });
    const inputs = [args.artifact, args.from, args.to, ...(args.via !== undefined ? [args.via] : [])];
    // Both destinations are checked before the work: nothing is written when one is wrong.
    await openOutput(args.out, { inputs, json: true });
    await openOutput(args['review-out'], { inputs, option: '--review-out', candidates: {}, companions: (path) => (format === 'csv' ? [sidecarPath(path)] : []) });
    if (args.trust !== undefined && args.unverified) throw new IoaError('E_USAGE', '--trust verifies the artifact\'s signature and --unverified skips that: give one, not both', { path: '--unverified' });
    const artifact = await readArtifact(args.artifact);
    // Carried rules reach the next revision without a reviewer: they are carried only from
    // content whose signature was verified, or when the user says to take the file's word.
    await checkUpgradeInput(artifact, args.artifact, args.trust, Boolean(args.unverified));
    const [oldIndex, newIndex] = await Promise.all([loadOntology(args.from), loadOntology(args.to)]);
    const via = args.via === undefined ? undefined : await readMappings(args.via, { onWarning: (w) => err(`ioa-align: warning: ${describeDiagnostic(w.location, w.message, w.code)}`) });
    const result = await withFlags(UPGRADE_FLAGS, () => upgradeArtifact(artifact, {
      side,
      old: withVersion(oldIndex, args['from-version'], '--from-version'),
      new: withVersion(newIndex, args['to-version'], '--to-version'),
      ...(via ? { via, viaFile: args.via! } : {}),
      ...(generators ? { diff: { generators } } : {}),
      ...(candidates !== undefined ? { candidatesPerRule: candidates } : {}),
      ...(args.revision !== undefined ? { revision: args.revision } : {}),
      force: Boolean(args.force),
      strictDefinitions: Boolean(args['strict-definitions']),
      reviewFile: args['review-out'],
      onWarning: (message) => err(`ioa-align: warning: ${message}`),
    }));
    const reviewPath = args['review-out'];
    const reviewFiles = format === 'csv'
      ? (() => {
        const table = mappingTable(result.review, SSSOM_CSV, { externalMetadata: true });
        return [{ path: sidecarPath(reviewPath), data: table.metadataYaml }, { path: reviewPath, data: table.chunks() }];
      })()
      : [{ path: reviewPath, data: serializeMappingChunks(result.review, format) }];
    await writeFilesAtomic([{ path: args.out, data: `${JSON.stringify(result.draft, null, 2)}\n` }, ...reviewFiles], { inputs });
    err(formatUpgradeSummary(result, Boolean(args.verbose)));
  },
});

/**
 * Whether the rules of the artifact `artifact upgrade` reads may be carried (the library's check,
 * its messages naming the command's flags); what it finds is said on stderr.
 */
async function checkUpgradeInput(artifact: ValidatedArtifact, file: string, trust: string | undefined, unverified: boolean): Promise<void> {
  const { checkArtifactToCarry } = await import('../../gate/artifact-tools.js');
  const said = await checkArtifactToCarry(artifact, trust, unverified, { artifact: file, file, trust: '--trust T', unverified: '--unverified', trustPath: '--trust', policy: trust ?? 'the trust policy' });
  if (said.warning !== undefined) err(`ioa-align: warning: ${said.warning}`);
  if (said.verified !== undefined) err(said.verified);
}

const sign = defineCommand({
  meta: { name: 'sign', description: 'Sign an artifact with an Ed25519 private key (JCS of the artifact without "signature"). An existing signature is replaced only when it verifies with this key (E_SIGNATURE_INVALID when it does not, E_USAGE when another key made it) or with --force.' },
  args: {
    artifact: { type: 'positional', description: 'Artifact JSON file', required: true },
    key: { type: 'string', description: 'Private key (PKCS#8 PEM)', required: true },
    'key-id': { type: 'string', description: 'Key id to record (default: RFC 7638 thumbprint of the public key)' },
    force: { type: 'boolean', description: 'Replace an existing signature that does not verify with this key (said on stderr)' },
    out: { type: 'string', description: 'Write here (atomically) instead of stdout (- for stdout)' },
  },
  async run({ args }) {
    const { parsePrivateKey } = await import('../../gate/signature.js');
    const { readArtifact, signArtifact } = await import('../../api/gate.js');
    // Writing over the artifact itself is allowed (explicit in-place signing); over the key is not.
    const output = await openOutput(args.out, { inputs: [args.key], json: true });
    const artifact = await readArtifact(args.artifact);
    const keyPem = await readTextFile(args.key, { what: 'private key', kind: 'key' });
    parsePrivateKey(keyPem, args.key); // names the key file in the error when it is not an Ed25519 private key
    let signed;
    try {
      signed = await signArtifact(artifact, keyPem, args['key-id'], { force: Boolean(args.force), onWarning: (message) => err(`ioa-align: warning: ${asFlagText(message, SIGN_FLAGS)}`) });
    } catch (error) {
      // A signature that is refused is named by its file.
      if (error instanceof IoaError && error.location.file === undefined && error.location.path === '$.signature') throw asFlagError(new IoaError(error.code, error.message, { file: args.artifact, path: '$.signature' }, { cause: error }), SIGN_FLAGS);
      throw asFlagError(error, SIGN_FLAGS);
    }
    await output.write(JSON.stringify(signed, null, 2));
  },
});

const verify = defineCommand({
  meta: { name: 'verify', description: 'Check an artifact against a trust policy: trusted issuer and key, valid signature, issuer in scope for a direction the artifact declares (a bidirectional one: either), inside its validity window. Exit 0 verified, 4 not verified (a well-formed artifact the gate would exclude: check is Indeterminate for it), 2 invalid input or usage.' },
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
    // An unsigned artifact verifies only under requireSignature: false, and is never "signed by".
    const verified = report.signed
      ? `verified: ${report.artifactId} revision ${report.revision}, signed by ${report.assertedBy} (key ${report.keyId})`
      : `verified: ${report.artifactId} revision ${report.revision}, asserted by ${report.assertedBy}; unsigned: provenance not verified, accepted only because the trust policy sets requireSignature: false`;
    if (args.json) out(JSON.stringify(report, null, 2));
    else printReport(ok ? verified : [`NOT verified: ${report.artifactId} revision ${report.revision}`, ...report.problems.map((p) => `  ${p.code}: ${p.message}`)].join('\n'));
    // Not verified is a completed check of valid input, not invalid input: check gives the same
    // artifact Indeterminate (ARTIFACT_EXCLUDED), exit 4.
    if (!ok) setExitCode(EXIT.indeterminate);
  },
});

export default defineCommand({
  meta: { name: 'artifact', description: 'Build, upgrade, sign and verify alignment artifacts (draft Section 7.2).' },
  subCommands: { build, upgrade, sign, verify },
});
