/**
 * `ioa-align propose <source> <target>`: candidate mappings from source concepts to target
 * concepts, fused over DEFAULT_GENERATORS unless `--generators` names others, as a review file: SSSOM
 * TSV (or Alignment RDF, JSON, CSV with a metadata sidecar), one row per candidate, best first within
 * each subject. `--select` and `--min-score` keep a selection (still candidates). Candidates are
 * proposals for review: their scores are raw similarity or its fused value, never confidence.
 */
import { setFlagsFromString } from 'node:v8';
import { defineCommand } from 'citty';
import {
  DEFAULT_MIN_FUSED_VALUE, EVIDENCE_LAYOUTS, EXCHANGE_FORMATS, IoaError, formatMappingChunks, listGenerators, loadOntology, propose, selectDetailed, writeMappings,
  type EvidenceLayout, type ProposedCandidate,
} from '../../api/index.js';
import { descriptionConfigFromCli, EMBEDDING_CLI_ARGS, EMBEDDING_FLAGS, embeddingConfigFromCli } from '../embedding-options.js';
import { withFlags } from '../flags.js';
import { parseGeneratorList, stepLabel } from '../../generators/run.js';
import { DEFAULT_DIRECTIONAL_TOP_K } from '../../generators/fusion.js';
import { DEFAULT_GENERATORS } from '../../generators/registry.js';
import { KIND_SELECTORS, kindsOf, parseKindList, selectKinds } from '../../model/kinds.js';
import { earlierDecisions, readMappingFile, reviewedDecisions, sidecarPath, type EarlierDecision } from '../../exchange/index.js';
import { repeatable, repeated } from '../repeated.js';
import { err, outChunks } from '../io.js';
import { warnUncarried, warnUnsure } from '../uncarried.js';
import { outputFormat } from '../formats.js';
import { openOutput } from '../output.js';
import { progress, type Progress } from '../progress.js';
import { parseMinScore, parseSelectDirectional, parseSelectionStep, parseSelectMode, SELECTION_CLI_ARGS } from '../selection-options.js';
import { sayLoadingWarnings } from '../ontology-input.js';

export const DEFAULT_TOP_K = 10;

/**
 * From this many concepts on both sides, V8 is asked to grow the heap by 30 % at a time. By
 * default it lets a fast-allocating program's heap grow up to fourfold between full collections,
 * and a large run, which holds hundreds of megabytes of candidates, then peaks at up to twice
 * what it holds (NCIt → ORDO 1.49 GiB against 1.09 GiB with the setting, 20k × 20k 768 against
 * 618 MiB). Small runs keep the default: it saves them collections (anatomy 5 % faster).
 */
const LARGE_RUN_CONCEPTS = 20_000;

function parseTopK(value: string | undefined, option = '--top-k', min = 1): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > 1000) throw new IoaError('E_USAGE', `${option} must be an integer from ${min} to 1000, not "${value}"`, { path: option });
  return n;
}

function parseEvidence(value: string | undefined): EvidenceLayout {
  if (value === undefined) return 'columns';
  if (!(EVIDENCE_LAYOUTS as readonly string[]).includes(value)) throw new IoaError('E_USAGE', `--evidence must be one of ${EVIDENCE_LAYOUTS.join(', ')}, not "${value}"`, { path: '--evidence' });
  return value as EvidenceLayout;
}

export default defineCommand({
  meta: { name: 'propose', description: 'Propose candidate mappings from a source ontology to a target ontology (SSSOM on stdout by default): one row per candidate, best first within each subject. Scores are raw generator similarities or their fused value, not confidence.' },
  args: {
    source: { type: 'positional', description: 'Source ontology (subjects)', required: true },
    target: { type: 'positional', description: 'Target ontology (objects)', required: true },
    generators: { type: 'string', description: `Comma-separated generators, fused when more than one, or "all" (default: ${DEFAULT_GENERATORS.join(',')}). Choices: ${listGenerators().map((g) => g.name).join(', ')}` },
    'top-k': { type: 'string', description: `Equivalence candidates (exact, close, related) per source concept (default ${DEFAULT_TOP_K})` },
    'directional-top-k': { type: 'string', description: `Broader / narrower candidates per source concept besides them, when generators are fused (default ${DEFAULT_DIRECTIONAL_TOP_K}; 0 for none)` },
    format: { type: 'string', description: `Output format: ${EXCHANGE_FORMATS.join('|')} (default: from the --out extension, else sssom)` },
    out: { type: 'string', description: 'Write here (atomically) instead of to stdout (- for stdout); never over an input. A .csv file gets its metadata in a sidecar .yml beside it' },
    ...SELECTION_CLI_ARGS,
    evidence: { type: 'string', description: `Where each member generator's score and rank go: ${EVIDENCE_LAYOUTS.join(' | ')} (columns: on the candidate's row, the default; rows: also one row per member generator)` },
    quiet: { type: 'boolean', description: 'Print no summary line on stderr' },
    decisions: repeatable({ type: 'string', description: 'A reviewed file of an earlier review: candidates it decided are marked (earlier_decision accept, reject or conflict, earlier_reviewer_id, earlier_review_date, and each decision in the earlier_each_* columns); a selection (--select) leaves rejected ones out' }),
    kinds: { type: 'string', description: `Match only these kinds of concept, comma-separated: ${Object.keys(KIND_SELECTORS).join(', ')} (default: all)` },
    'cross-kind': { type: 'boolean', description: 'Also pair capabilities, intents, domains and concepts with each other (proposed as skos:relatedMatch)' },
    releases: { type: 'boolean', description: 'Source and target are two releases of one ontology: fuse the version diff\'s evidence too (identity of kept identifiers, lineage of moved children). Default: when both name one ontology IRI, version segments aside; --no-releases compares them as two ontologies' },
    'skip-invalid': { type: 'boolean', description: 'Agent record files: leave bad records out (a summary per reason on stderr) instead of stopping at the first' },
    ...EMBEDDING_CLI_ARGS,
  },
  async run({ args, rawArgs }) {
    // Check every option before the (slow) loading starts. Without --generators the choice
    // waits for the ontologies: names in Chinese and English add `translate`.
    const requested = args.generators === undefined ? undefined : parseGeneratorList(args.generators);
    const topK = parseTopK(args['top-k']) ?? DEFAULT_TOP_K;
    const directionalTopK = parseTopK(args['directional-top-k'], '--directional-top-k', 0);
    const format = outputFormat('--format', args.format, args.out, 'sssom');
    const kinds = args.kinds === undefined ? undefined : parseKindList(args.kinds);
    const mode = parseSelectMode(args.select);
    const minScore = parseMinScore(args['min-score']);
    const selectDirectional = parseSelectDirectional(args['select-directional'], mode);
    const repair = parseSelectionStep(args.repair, 'repair', mode);
    const structure = parseSelectionStep(args.structure, 'structure', mode);
    const evidence = parseEvidence(args.evidence);
    const embeddingConfig = embeddingConfigFromCli(args);
    if (embeddingConfig && !requested?.includes('embedding')) {
      throw new IoaError('E_USAGE', 'model options (--model, --model-id, --allow-remote-models, --models-dir) apply to the embedding generator: add it to --generators');
    }
    const descriptionConfig = descriptionConfigFromCli(args);
    if (descriptionConfig && requested && !requested.includes('description')) {
      const option = descriptionConfig.encoder !== undefined ? '--encoder' : '--no-products';
      throw new IoaError('E_USAGE', `${option} applies to the description generator: add it to --generators`, { path: option });
    }
    const generatorConfig = { ...(embeddingConfig ? { embedding: embeddingConfig } : {}), ...(descriptionConfig ? { description: descriptionConfig } : {}) };
    const decisionFiles = repeated(rawArgs, 'decisions');
    const inputs = [args.source, args.target, ...decisionFiles];
    // Earlier reviews are read before the (slow) proposal: a bad file fails at once.
    const reviews = await Promise.all(decisionFiles.map(async (path) => {
      const set = await readMappingFile(path);
      // Its rows read as decisions now, so a contradictory one is named with its file at once.
      reviewedDecisions(set, { file: path });
      return { set, source: set.metadata.mappingSetId ?? path, file: path };
    }));
    const output = await openOutput(args.out, { inputs, candidates: { carryOption: '--decisions' }, companions: (path) => (format === 'csv' ? [sidecarPath(path)] : []) });

    const loading = progress('loading');
    const [loadedSource, loadedTarget] = await Promise.all([
      loadOntology(args.source, { onProgress: (d, t) => loading.update(d, t, args.source), ...(args['skip-invalid'] ? { skipInvalid: true } : {}) }),
      loadOntology(args.target, args['skip-invalid'] ? { skipInvalid: true } : {}),
    ]);
    const selected = kinds ? kindsOf(kinds) : undefined;
    const [source, target] = selected ? [selectKinds(loadedSource, selected), selectKinds(loadedTarget, selected)] : [loadedSource, loadedTarget];
    loading.done(`loaded ${source.concepts.length} + ${target.concepts.length} concepts`);
    if (source.concepts.length + target.concepts.length >= LARGE_RUN_CONCEPTS) setFlagsFromString('--heap-growing-percent=30');
    sayLoadingWarnings(source, target);

    // One bar per stage: the default embedding model's build, then each generator.
    let bar: Progress | undefined;
    let stage = '';
    const candidates = await withFlags(EMBEDDING_FLAGS, () => propose(source, target, {
      ...(requested ? { generators: requested } : {}),
      topK,
      ...(directionalTopK !== undefined ? { directionalTopK } : {}),
      ...(args['cross-kind'] ? { crossKind: true } : {}),
      ...(typeof args.releases === 'boolean' ? { releases: args.releases } : {}),
      ...(Object.keys(generatorConfig).length > 0 ? { generatorConfig } : {}),
      onWarning: (message) => err(`ioa-align: warning: ${message}`),
      onProgress: (event) => {
        const label = event.stage === 'model' ? 'embedding model' : event.stage === 'load' ? 'loading' : stepLabel(event);
        if (label !== stage) {
          bar?.done();
          bar = progress(label);
          stage = label;
        }
        // Fusion is one call: say how much it fuses rather than draw a bar that cannot move.
        if (event.stage === 'fuse') {
          if (event.done < event.total) bar?.status(`${event.total.toLocaleString('en')} member candidates`);
        } else bar?.update(event.done, event.total, event.note);
      },
    }));
    bar?.done();

    // The default threshold belongs to the fused value; a single generator's raw score has its
    // own scale, so with one generator only an explicit --min-score applies.
    // Earlier decisions mark their candidates; a rejected pair is never selected again.
    const unmatched: string[] = [];
    const unsure: string[] = [];
    const earlier = reviews.length > 0
      ? earlierDecisions(candidates, reviews, (d, why) => (why === 'unsure' ? unsure : unmatched).push(`${d.subject} ${d.predicate} ${d.object} (${d.decision}${d.reviewer ? ` by ${d.reviewer}` : ''})`))
      : new Map<number, EarlierDecision>();
    // A decision whose pair this run does not propose, or an unsure one, is not carried: said, never dropped unseen.
    if (unmatched.length > 0) warnUncarried(unmatched, 'these candidates');
    if (unsure.length > 0) warnUnsure(unsure);
    const withEarlier: Array<ProposedCandidate & { earlier?: EarlierDecision }> = earlier.size > 0 ? candidates.map((c, i) => (earlier.has(i) ? { ...c, earlier: earlier.get(i)! } : c)) : candidates;
    const fused = candidates.some((c) => c.members.length > 0);
    const threshold = minScore ?? (mode !== undefined && fused ? DEFAULT_MIN_FUSED_VALUE : undefined);
    // A pair an earlier reviewer rejected is never selected again.
    const selectable = withEarlier.filter((c) => c.earlier?.decision !== 'reject');
    const outcome = mode === undefined && threshold === undefined
      ? undefined
      : selectDetailed(selectable, {
        ...(mode ? { mode } : {}), ...(selectDirectional ? { directional: true } : {}), ...(threshold !== undefined ? { minScore: threshold } : {}),
        ...(mode ? { ontologies: { source, target } } : {}), ...(repair !== undefined ? { repair } : {}),
        // The boost is in units of the fused value: a single generator's raw score gets it only when asked, like a threshold.
        structure: structure ?? (mode === 'one-to-one' && fused),
      });
    // What the selection removed stays in the file, marked with why; Alignment RDF has no place
    // for the mark, so there it is left out (and said so).
    const removed = outcome?.removed ?? [];
    const marked = new Map<ProposedCandidate, string>(removed.map((r) => [r.candidate, `${r.by}: ${r.reason}`]));
    const selectedSet = new Set<ProposedCandidate>(outcome?.selected ?? []);
    const kept = outcome === undefined ? withEarlier : format === 'alignment' ? outcome.selected : selectable.filter((c) => marked.has(c) || selectedSet.has(c));
    const chosen = marked.size === 0 || format === 'alignment' ? kept : kept.map((c) => (marked.has(c) ? { ...c, selectionRemoved: marked.get(c)! } : c));
    if (format === 'alignment' && removed.length > 0 && !args.quiet) err(`ioa-align: ${removed.length} selected candidate(s) removed by ${[...new Set(removed.map((r) => r.by))].join(' and ')} are not written: Alignment RDF cannot mark them (SSSOM, JSON and CSV keep them, marked in selection_removed)`);
    const selection = outcome?.description ?? '';
    const written = { source, target, format, evidence, ...(selection ? { selection } : {}) };

    let where = 'stdout';
    if (output.path === undefined) {
      await outChunks(formatMappingChunks(chosen, written));
    } else {
      const writing = progress('writing');
      writing.status(`${chosen.length.toLocaleString('en')} candidates to ${output.path}`);
      const { files } = await writeMappings(output.path, chosen, { ...written, inputs });
      writing.done();
      where = files.length > 1 ? `${output.path} (metadata in ${files[0]})` : output.path;
    }
    if (!args.quiet) {
      // On stderr even when piped: stdout may be the file itself.
      const subjects = new Set(chosen.map((c) => c.subject)).size;
      const how = [mode, threshold !== undefined ? `min-score ${threshold}` : undefined].filter(Boolean).join(', ');
      const byRepair = removed.filter((r) => r.by === 'repair').length;
      const byStructure = removed.length - byRepair;
      const marks = format === 'alignment' || removed.length === 0 ? '' : `; removed ${[byRepair ? `${byRepair} by repair` : '', byStructure ? `${byStructure} by structure` : ''].filter(Boolean).join(' and ')}, marked in selection_removed`;
      const decided = chosen.filter((c) => c.earlier !== undefined).length;
      err(`ioa-align: wrote ${chosen.length} candidate${chosen.length === 1 ? '' : 's'}${how ? ` (selected: ${how}${marks})` : ''} for ${subjects} of ${source.concepts.length} subjects to ${where}${reviews.length ? `; ${decided} already decided in ${reviews.length} earlier review${reviews.length === 1 ? '' : 's'}` : ''}`);
    }
  },
});
