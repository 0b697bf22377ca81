/**
 * `ioa-align coherence MAPPINGS --source S --target T`: whether a mapping set — candidates, a
 * selection, a reviewed file or an alignment artifact — is coherent with the two ontologies
 * (src/coherence). Exit 0 coherent, 3 incoherent (a completed check found conflicts), 2 invalid
 * input or usage. Nothing is written or changed.
 */
import { defineCommand } from 'citty';
import { describeDiagnostic, IoaError } from '../../model/errors.js';
import { err, out, report, setExitCode } from '../io.js';
import { EXIT } from '../exit-codes.js';
import { progress } from '../progress.js';
import { readIfArtifact } from '../mapping-input.js';
import { loadOntologyPair } from '../ontology-input.js';

export default defineCommand({
  meta: { name: 'coherence', description: 'Check a mapping set (candidates, a selection, a reviewed file or an artifact) for coherence with the two ontologies it maps between: which mappings make a class, or a property\'s domain or range, unsatisfiable. Exit 0 coherent, 3 incoherent.' },
  args: {
    mappings: { type: 'positional', description: 'Mapping file (SSSOM TSV, CSV, JSON, Alignment RDF) or alignment artifact (.json)', required: true },
    source: { type: 'string', description: 'The ontology of the subjects (the artifact\'s source ontology)', required: true },
    target: { type: 'string', description: 'The ontology of the objects', required: true },
    json: { type: 'boolean', description: 'Print one JSON object' },
    'skip-invalid': { type: 'boolean', description: 'Agent record files as --source or --target: leave bad records out (a summary per reason on stderr), as propose --skip-invalid did' },
  },
  async run({ args }) {
    const { readMappings } = await import('../../api/index.js');
    const { CoherenceChecker, coherenceOf, mappingsToCheck } = await import('../../api/coherence.js');
    const artifact = await readIfArtifact(args.mappings);
    const set = artifact?.set ?? await readMappings(args.mappings, { onWarning: (w) => err(`ioa-align: warning: ${describeDiagnostic(w.location, w.message, w.code)}`) });
    const loading = progress('loading');
    const { source, target } = await loadOntologyPair(args.source, args.target, Boolean(args['skip-invalid']));
    loading.done();
    if (artifact) {
      for (const [side, index, id] of [['source', source, artifact.artifact.sourceOntologyId], ['target', target, artifact.artifact.targetOntologyId]] as const) {
        if (index.iri !== undefined && index.iri !== id) err(`ioa-align: warning: the artifact's ${side} ontology is ${id}; --${side} declares ${index.iri}`);
      }
    }
    const rows = mappingsToCheck(set, artifact ? undefined : args.mappings);
    const checking = progress('checking');
    // Redrawn once per percent: the note changes with every class searched, and a line redrawn
    // for each of tens of thousands of classes costs the terminal more than the search.
    let percent = -1;
    const result = coherenceOf(rows, new CoherenceChecker(source, target), {
      onProgress: (done, total) => {
        const now = total > 0 ? Math.floor((done * 100) / total) : 100;
        if (now === percent) return;
        percent = now;
        checking.update(done, total, `${done} of ${total} unsatisfiable classes searched`);
      },
    });
    checking.done();
    const skipped = rows.skipped;
    const at = (i: number): string => {
      const m = rows.checked[i]!;
      return `${m.line !== undefined ? `${args.mappings}:${m.line}` : `row ${m.row + 1}`} ${m.subject} ${m.predicate} ${m.object}`;
    };
    // Not one mapping joins the two ontologies: "coherent" would be a verdict on nothing.
    if (rows.checked.length > 0 && result.unknownTerms === rows.checked.length) {
      throw new IoaError('E_USAGE', `none of the ${rows.checked.length} mappings names a subject of ${source.source} and an object of ${target.source}: nothing could be checked (were --source and --target given the right way round?)`, { path: '--source' });
    }
    if (result.unknownTerms > 0) err(`ioa-align: warning: ${result.unknownTerms} of ${rows.checked.length} mappings name a subject ${source.source} lacks or an object ${target.source} lacks: were --source and --target given the right way round?`);
    if (args.json) {
      out(JSON.stringify({
        coherent: result.coherent,
        checked: rows.checked.length,
        skipped,
        ignored: result.ignored,
        unknownTerms: result.unknownTerms,
        disjointness: result.disjointness,
        conflicts: result.conflicts.map((c) => ({
          message: c.message,
          unsatisfiable: c.unsatisfiable,
          disjoint: c.disjoint,
          axioms: c.axioms,
          mappings: c.mappings.map((i) => {
            const m = rows.checked[i]!;
            return { subject_id: m.subject, predicate_id: m.predicate, object_id: m.object, row: m.row + 1, ...(m.line !== undefined ? { line: m.line } : {}) };
          }),
        })),
      }, null, 2));
    } else {
      const left = [skipped.rejected ? `${skipped.rejected} rejected` : '', skipped.removedBySelection ? `${skipped.removedBySelection} removed by the selection` : '', skipped.unreviewed ? `${skipped.unreviewed} not reviewed` : '', skipped.literal ? `${skipped.literal} literal` : ''].filter(Boolean);
      const lines = [`${result.coherent ? 'coherent' : 'incoherent'}: ${rows.checked.length} mapping(s) checked${left.length ? ` (left out: ${left.join(', ')})` : ''}${result.ignored ? `, ${result.ignored} with no logical reading` : ''}; ${result.conflicts.length} conflict(s)`];
      if (!result.disjointness) lines.push('  neither ontology states a disjointness: no mapping can make a class unsatisfiable');
      result.conflicts.forEach((c, n) => {
        lines.push(`  ${n + 1}. ${c.message}`);
        for (const i of c.mappings) lines.push(`     ${at(i)}`);
      });
      report(lines.join('\n'));
    }
    if (!result.coherent) setExitCode(EXIT.incompatible);
  },
});
