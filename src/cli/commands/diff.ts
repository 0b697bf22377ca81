/**
 * `ioa-align diff OLD NEW`: how two releases of one ontology relate, as a version alignment
 * OLD → NEW (SSSOM by default; a candidate file a reviewer can open), with a summary on stderr:
 * unchanged, moved, reworded, renamed, narrowed, broadened, split, merged, removed, deprecated,
 * added. The alignment proposes; it accepts nothing.
 */
import { defineCommand } from 'citty';
import { DEFAULT_DIFF_GENERATORS } from '../../versions/diff.js';
import { EXCHANGE_FORMATS, formatMappingChunks, writeMappings } from '../../api/index.js';
import { loadOntologyPair } from '../ontology-input.js';
import { withFlags } from '../flags.js';
import { parseGeneratorList } from '../../generators/run.js';
import { sidecarPath } from '../../exchange/index.js';
import { escapeControls } from '../../model/errors.js';
import { err, outChunks } from '../io.js';
import { outputFormat } from '../formats.js';
import { openOutput } from '../output.js';
import { progress, type Progress } from '../progress.js';
import { parseTopK, withVersion } from '../version-options.js';

export default defineCommand({
  meta: { name: 'diff', description: 'Compare two releases of one ontology: a version alignment OLD → NEW (SSSOM on stdout by default) with what happened to each old concept (unchanged, moved, reworded, renamed, narrowed, broadened, split, merged, removed, deprecated; and the added concepts), and a summary on stderr.' },
  args: {
    old: { type: 'positional', description: 'The old release (any ontology or vocabulary ioa-align reads)', required: true },
    new: { type: 'positional', description: 'The new release', required: true },
    out: { type: 'string', description: 'Write the version alignment here (atomically) instead of stdout (- for stdout); never over an input' },
    format: { type: 'string', description: `Output format: ${EXCHANGE_FORMATS.join('|')} (default: from the --out extension, else sssom)` },
    summary: { type: 'string', description: 'Also write the long summary (every changed concept by kind, the added ones) to this file' },
    generators: { type: 'string', description: `Generators fused besides identity and lineage (default: ${DEFAULT_DIFF_GENERATORS.join(',')})` },
    'top-k': { type: 'string', description: 'Candidates ranked per old concept (default 10)' },
    'strict-definitions': { type: 'boolean', description: 'Count a concept as carryable only when its definition text is the same, not merely reworded' },
    'from-version': { type: 'string', description: 'The old release\'s version, when its file states none (or to override it)' },
    'to-version': { type: 'string', description: 'The new release\'s version, likewise' },
    added: { type: 'boolean', default: true, description: 'Write a row (from sssom:NoTermFound) for each added concept', negativeDescription: 'Leave the added concepts out of the file (the summary still counts them)' },
    force: { type: 'boolean', description: 'Compare even when nothing says the two are releases of one ontology (different ontology IRIs, or none)' },
    quiet: { type: 'boolean', description: 'Print no summary on stderr' },
    'skip-invalid': { type: 'boolean', description: 'Agent record files: leave bad records out (a summary per reason on stderr) instead of stopping at the first, as propose --skip-invalid does' },
  },
  async run({ args }) {
    const { diffVersions, versionAlignmentSet, formatDiffSummary } = await import('../../versions/index.js');
    const format = outputFormat('--format', args.format, args.out, 'sssom');
    const generators = args.generators === undefined ? undefined : parseGeneratorList(args.generators);
    const topK = parseTopK(args['top-k']);
    const inputs = [args.old, args.new];
    const output = await openOutput(args.out, { inputs, candidates: {}, companions: (path) => (format === 'csv' ? [sidecarPath(path)] : []) });
    const summaryOut = args.summary === undefined ? undefined : await openOutput(args.summary, { inputs, option: '--summary' });
    const loading = progress('loading');
    const pair = await loadOntologyPair(args.old, args.new, Boolean(args['skip-invalid']));
    const [oldIndex, newIndex] = [withVersion(pair.source, args['from-version'], '--from-version'), withVersion(pair.target, args['to-version'], '--to-version')] as const;
    loading.done(`loaded ${oldIndex.concepts.length} + ${newIndex.concepts.length} concepts`);
    let bar: Progress | undefined;
    let stage = '';
    const diff = await withFlags({ force: '--force' }, () => diffVersions(oldIndex, newIndex, {
      ...(generators ? { generators } : {}),
      ...(topK !== undefined ? { topK } : {}),
      force: Boolean(args.force),
      strictDefinitions: Boolean(args['strict-definitions']),
      onWarning: (message) => err(`ioa-align: warning: ${message}`),
      onProgress: (step, done, total) => {
        if (step !== stage) {
          bar?.done();
          bar = progress(step);
          stage = step;
        }
        bar?.update(done, total);
      },
    }));
    bar?.done();
    const set = versionAlignmentSet(diff, oldIndex, newIndex, { added: args.added !== false });
    // Alignment RDF has no "no counterpart" cell: removed and added concepts stay in the summary.
    let dropped = 0;
    const written = { format, ...(format === 'alignment' ? { dropUnrepresentable: true, onDrop: () => { dropped++; } } : {}) };
    if (output.path === undefined) await outChunks(formatMappingChunks(set, written));
    else await writeMappings(output.path, set, { ...written, inputs });
    if (dropped > 0) err(`ioa-align: Alignment RDF cannot say "no counterpart": ${dropped} removed or added concept(s) are in the summary only`);
    // The long summary is a report for people, in a file or on stdout: labels from the ontologies
    // are escaped as on the terminal, so opening it with cat or less cannot drive the terminal.
    if (summaryOut) await summaryOut.write(escapeControls(formatDiffSummary(diff, true, { old: oldIndex, new: newIndex }), { keepNewlines: true }));
    if (!args.quiet) err(formatDiffSummary(diff));
  },
});
