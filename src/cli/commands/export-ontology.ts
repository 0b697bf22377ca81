import { defineCommand } from 'citty';
import { EXPORT_FORMATS, IoaError, exportVocabulary, loadOntology, type ExportFormat } from '../../api/index.js';
import { openOutput } from '../output.js';
import { progress } from '../progress.js';
import { sayLoadingWarnings } from '../ontology-input.js';
import { formatFromExtension, type RdfFormat } from '../../ontology/rdf-source.js';

const FORMAT_NAMES: Record<RdfFormat, string> = { turtle: 'Turtle', ntriples: 'N-Triples', rdfxml: 'RDF/XML', jsonld: 'JSON-LD' };

/**
 * Every loader picks an ontology's format by its extension, and trusts the content over it only
 * for the generic `.json` and `.xml` (src/ontology/rdf-source.ts). So Turtle written into
 * `x.jsonld`, or JSON-LD into `x.ttl`, is a file no command reads back: refused before the work,
 * as the mapping commands refuse a --format that contradicts --out.
 */
function refuseContradictingExtension(to: ExportFormat, out: string | undefined): void {
  if (out === undefined || out === '-' || /\.(json|xml)$/i.test(out)) return;
  const implied = formatFromExtension(out);
  if (implied === undefined || implied === to) return;
  throw new IoaError('E_USAGE', `--to ${to} contradicts --out ${out}, whose extension means ${FORMAT_NAMES[implied]}: no command could read it back; name it ${to === 'turtle' ? '.ttl' : '.jsonld'}`, { path: '--to' });
}

export default defineCommand({
  meta: {
    name: 'export-ontology',
    description: 'Write any loaded vocabulary (OASF folder, hf-tasks, A2A Agent Card, or an ontology file) as Turtle or JSON-LD in the ioa vocabulary (ioa:Capability / ioa:Domain, rdfs:label, skos:altLabel, rdfs:comment, rdfs:subClassOf, ioa:inputs / ioa:outputs).',
  },
  args: {
    in: { type: 'positional', description: 'Vocabulary to read: an OASF release, schema, skills or domains folder; hf-tasks; an Agent Card .json; or an ontology file', required: true },
    to: { type: 'string', description: `Output format: ${EXPORT_FORMATS.join('|')}`, required: true },
    out: { type: 'string', description: 'Write here (atomically) instead of to stdout (- for stdout); never over an input' },
  },
  async run({ args }) {
    if (!(EXPORT_FORMATS as readonly string[]).includes(args.to)) {
      throw new IoaError('E_USAGE', `--to must be one of ${EXPORT_FORMATS.join(', ')}, not "${args.to}"`, { path: '--to' });
    }
    refuseContradictingExtension(args.to as ExportFormat, args.out);
    const output = await openOutput(args.out, { inputs: [args.in] });
    const bar = progress(`loading ${args.in}`);
    const index = await loadOntology(args.in, { onProgress: (d, t) => bar.update(d, t) });
    bar.done();
    // What loading left out (a server's earlier versions, one the registry deleted) is not in
    // the export: said on stderr, as propose says it.
    sayLoadingWarnings(index);
    const text = await exportVocabulary(index, args.to as ExportFormat);
    await output.write(text);
  },
});
