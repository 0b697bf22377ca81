import { defineCommand } from 'citty';
import { EXCHANGE_FORMATS, formatMappingChunks, readMappings, writeMappings } from '../../api/index.js';
import { alignmentLosses, carriesReview, reviewedDecisions, sidecarPath } from '../../exchange/index.js';
import { outputFormat, parseExchangeFormat } from '../formats.js';
import { describeDiagnostic } from '../../model/errors.js';
import { err, outChunks } from '../io.js';
import { openOutput } from '../output.js';
import { readIfArtifact } from '../mapping-input.js';
import { withFlags } from '../flags.js';

export default defineCommand({
  meta: { name: 'convert', description: 'Convert a mapping file between SSSOM TSV, Alignment API RDF/XML, JSON and CSV (input format from its extension, else its content). A TSV or CSV file F.ext is read with the metadata sidecar F.yml beside it, if there is one. An alignment artifact (JSON) becomes one row per rule: its relation as predicate_id, its conditions as JSON in the rule_conditions column.' },
  args: {
    in: { type: 'positional', description: 'Mapping file to read (.sssom.tsv/.tsv, .rdf/.xml, .json, .csv), or an alignment artifact (.json)', required: true },
    to: { type: 'string', description: `Output format: ${EXCHANGE_FORMATS.join('|')} (default: the one the --out extension names; required without such an --out)` },
    out: { type: 'string', description: 'Write here (atomically) instead of to stdout (- for stdout); never over an input. A .csv file gets its metadata in a sidecar .yml beside it' },
    metadata: { type: 'string', description: 'SSSOM external metadata (YAML) for a TSV/CSV file, instead of its sidecar F.yml' },
    from: { type: 'string', description: `Input format, when neither extension nor content tells: ${EXCHANGE_FORMATS.join('|')}` },
    'drop-unrepresentable': { type: 'boolean', description: 'For --to alignment: drop rows Alignment RDF cannot express (rejected rows, sssom:NoTermFound, literal mappings, other predicates) and count them on stderr, instead of failing' },
    strict: { type: 'boolean', description: 'Refuse what is otherwise read with a warning: no mapping_set_id, rows missing trailing cells, extension definitions SSSOM says to ignore, well-known prefixes left undeclared' },
    condense: { type: 'boolean', default: true, description: 'Write a propagatable slot all mappings share once, at the set level (SSSOM condensation)', negativeDescription: 'Write every propagatable value on its own mapping' },
    quiet: { type: 'boolean', description: 'Print no summary line on stderr' },
  },
  async run({ args }) {
    const to = outputFormat('--to', args.to, args.out, undefined);
    const from = args.from === undefined ? undefined : parseExchangeFormat(args.from, '--from');
    const inputs = [args.in, ...(args.metadata !== undefined ? [args.metadata] : []), sidecarPath(args.in)];
    const output = await openOutput(args.out, { inputs, mayReplaceDecisions: true, companions: (path) => (to === 'csv' ? [sidecarPath(path)] : []) });
    let metadataFile = args.metadata;
    const artifact = from === undefined || from === 'json' ? (await readIfArtifact(args.in))?.set : undefined;
    const set = artifact ?? await withFlags({ strict: '--strict' }, () => readMappings(args.in, {
      ...(from !== undefined ? { format: from } : {}),
      ...(args.metadata !== undefined ? { metadata: args.metadata } : {}),
      strict: Boolean(args.strict),
      onWarning: (w) => err(`ioa-align: warning: ${describeDiagnostic(w.location, w.message, w.code)}`),
      onMetadataFile: (path) => { metadataFile = path; },
    }));
    // Alignment RDF keeps neither review_decision nor predicate_modifier's partner column: a row
    // where the two disagree is refused here, naming the file, as every reader of reviews does.
    if (to === 'alignment') reviewedDecisions(set, { file: args.in });
    let dropped = 0;
    const options = { format: to, condense: args.condense !== false, dropUnrepresentable: Boolean(args['drop-unrepresentable']), onDrop: () => { dropped++; } };
    let where = 'stdout';
    if (output.path === undefined) {
      await outChunks(formatMappingChunks(set, options));
    } else {
      const { files } = await writeMappings(output.path, set, { ...options, inputs });
      where = files.length > 1 ? `${output.path} (metadata in ${files[0]})` : output.path;
    }
    if (dropped > 0) err(`ioa-align: dropped ${dropped} of ${set.mappings.length} rows that Alignment RDF cannot express`);
    let cells: number | undefined;
    if (to === 'alignment') {
      // Never silent: every slot the cells cannot hold is named, with how many rows had it.
      const lost = alignmentLosses(set);
      cells = lost.cells;
      if (lost.merged.rows > 0) err(`ioa-align: warning: ${lost.merged.rows} row(s) share a cell with another row of the same subject, relation and object (Alignment RDF has one cell, with one measure, for them): their own similarity_score and justification are not written; e.g. ${lost.merged.example}`);
      for (const [predicate, { rows, readsAs, relation }] of [...lost.predicates].sort(([a], [b]) => (a < b ? -1 : 1))) {
        err(`ioa-align: warning: ${rows} row(s) with predicate ${predicate} are written as the Alignment relation ${relation}, which reads back as ${readsAs}`);
      }
      const parts = [...lost.rows].sort(([a], [b]) => (a < b ? -1 : 1)).map(([slot, n]) => `${slot} (${n} row${n === 1 ? '' : 's'})`);
      if (parts.length > 0 || lost.set.length > 0) {
        err(`ioa-align: warning: Alignment RDF keeps two entities, a relation and one measure per cell: not written${parts.length ? ` — ${parts.join(', ')}` : ''}${lost.set.length ? `${parts.length ? ';' : ' —'} of the set: ${lost.set.join(', ')}` : ''}; keep ${args.in} for them`);
      }
      if (lost.confidenceAsMeasure > 0) err(`ioa-align: warning: ${lost.confidenceAsMeasure} row(s) have a confidence and no similarity_score: it is written as the cell's measure, which reads back as similarity_score (a matcher's degree, not a curator's confidence)`);
      const reviewed = set.mappings.filter(carriesReview).length;
      if (reviewed > 0) err(`ioa-align: warning: ${reviewed} of ${set.mappings.length} rows carry a review (reviewer, review date, curation justification and the comment beside them) that Alignment RDF has no place for: their cells are written without it, as unreviewed candidates would be; keep ${args.in} for the review`);
    }
    if (!args.quiet) {
      // On stderr even when piped: stdout may be the converted file itself.
      const written = cells ?? set.mappings.length - dropped;
      // Alignment RDF writes one cell for the rows of one subject, relation and object: count cells.
      const what = cells === undefined ? `mapping${written === 1 ? '' : 's'}` : `mapping${written === 1 ? '' : 's'} (Alignment cells, from ${set.mappings.length - dropped} row${set.mappings.length - dropped === 1 ? '' : 's'})`;
      err(`ioa-align: wrote ${written} ${what} from ${args.in}${metadataFile ? ` (metadata from ${metadataFile})` : ''} to ${where}`);
    }
  },
});
