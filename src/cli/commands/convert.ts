import { defineCommand } from 'citty';
import { EXCHANGE_FORMATS, formatMappings, readMappings } from '../../api/index.js';
import { outputFormat, parseExchangeFormat } from '../formats.js';
import { describeDiagnostic } from '../../model/errors.js';
import { err } from '../io.js';
import { openOutput } from '../output.js';

export default defineCommand({
  meta: { name: 'convert', description: 'Convert a mapping file between SSSOM TSV, Alignment API RDF/XML, JSON and CSV (input format from its extension, else its content).' },
  args: {
    in: { type: 'positional', description: 'Mapping file to read (.sssom.tsv/.tsv, .rdf/.xml, .json, .csv)', required: true },
    to: { type: 'string', description: `Output format: ${EXCHANGE_FORMATS.join('|')} (must agree with the --out extension)`, required: true },
    out: { type: 'string', description: 'Write here (atomically) instead of to stdout (- for stdout); never over an input' },
    metadata: { type: 'string', description: 'SSSOM external metadata (YAML) for a TSV/CSV file that does not embed its own' },
    from: { type: 'string', description: `Input format, when neither extension nor content tells: ${EXCHANGE_FORMATS.join('|')}` },
    'drop-unrepresentable': { type: 'boolean', description: 'For --to alignment: drop rows Alignment RDF cannot express (rejected rows, sssom:NoTermFound, literal mappings, other predicates) and count them on stderr, instead of failing' },
    strict: { type: 'boolean', description: 'Refuse what is otherwise read with a warning: no mapping_set_id, rows missing trailing cells, extension definitions SSSOM says to ignore' },
    condense: { type: 'boolean', default: true, description: 'Write a propagatable slot all mappings share once, at the set level (SSSOM condensation)', negativeDescription: 'Write every propagatable value on its own mapping' },
  },
  async run({ args }) {
    const to = outputFormat('--to', args.to, args.out, 'sssom');
    const from = args.from === undefined ? undefined : parseExchangeFormat(args.from, '--from');
    const output = await openOutput(args.out, { inputs: [args.in, args.metadata] });
    const set = await readMappings(args.in, {
      ...(from !== undefined ? { format: from } : {}),
      ...(args.metadata !== undefined ? { metadata: args.metadata } : {}),
      strict: Boolean(args.strict),
      onWarning: (w) => err(`ioa-align: warning: ${describeDiagnostic(w.location, w.message, w.code)}`),
    });
    let dropped = 0;
    await output.write(formatMappings(set, { format: to, condense: args.condense !== false, dropUnrepresentable: Boolean(args['drop-unrepresentable']), onDrop: () => { dropped++; } }));
    if (dropped > 0) err(`ioa-align: dropped ${dropped} of ${set.mappings.length} rows that Alignment RDF cannot express`);
  },
});
