import { defineCommand } from 'citty';
import { formatInspection, inspectOntology, loadOntology } from '../../api/index.js';
import { out } from '../io.js';
import { progress } from '../progress.js';

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
    const report = inspectOntology(index);
    out(args.json ? JSON.stringify(report, null, 2) : formatInspection(report));
  },
});
