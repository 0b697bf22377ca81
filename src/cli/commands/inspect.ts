import { defineCommand } from 'citty';
import { formatInspection, inspectOntology, loadOntology } from '../../api/index.js';
import { out, report } from '../io.js';
import { progress } from '../progress.js';
import { loadingWarning } from '../ontology-input.js';

export default defineCommand({
  meta: { name: 'inspect', description: 'Show an ontology\'s IRI and version, concept counts per kind, and label / synonym coverage.' },
  args: {
    ontology: { type: 'positional', description: 'Ontology file (Turtle, N-Triples, RDF/XML, JSON-LD) or another supported vocabulary source', required: true },
    json: { type: 'boolean', description: 'Print one JSON object instead of a table' },
    'skip-invalid': { type: 'boolean', description: 'Agent record files: leave bad records out (counted per reason under warnings) instead of stopping at the first' },
  },
  async run({ args }) {
    const bar = progress(`loading ${args.ontology}`);
    const index = await loadOntology(args.ontology, { onProgress: (d, t) => bar.update(d, t), ...(args['skip-invalid'] ? { skipInvalid: true } : {}) });
    bar.done();
    const inspected = inspectOntology(index);
    const inspection = { ...inspected, warnings: inspected.warnings.map(loadingWarning) };
    // The table is for people: labels and version strings from the file are escaped; JSON is data.
    if (args.json) out(JSON.stringify(inspection, null, 2));
    else report(formatInspection(inspection));
  },
});
