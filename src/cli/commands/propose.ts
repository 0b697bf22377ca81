/**
 * `ioa-align propose <source> <target>`: candidate mappings from source concepts to target
 * concepts, fused over the lexical generators by default, as SSSOM TSV (or Alignment RDF, JSON,
 * CSV). Candidates are proposals for review: their scores are raw similarity, never confidence.
 */
import { defineCommand } from 'citty';
import { EXCHANGE_FORMATS, IoaError, formatMappings, listGenerators, loadOntology, propose } from '../../api/index.js';
import { EMBEDDING_CLI_ARGS, embeddingConfigFromCli } from '../../embedding/cli-options.js';
import { parseGeneratorList } from '../../generators/run.js';
import { KIND_SELECTORS, kindsOf, parseKindList, selectKinds } from '../../model/kinds.js';
import { err } from '../io.js';
import { outputFormat } from '../formats.js';
import { openOutput } from '../output.js';
import { progress, type Progress } from '../progress.js';

export const DEFAULT_TOP_K = 10;

function parseTopK(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TOP_K;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new IoaError('E_USAGE', `--top-k must be an integer from 1 to 1000, not "${value}"`, { path: '--top-k' });
  return n;
}

export default defineCommand({
  meta: { name: 'propose', description: 'Propose candidate mappings from a source ontology to a target ontology (SSSOM on stdout by default). Scores are raw generator similarities, not confidence.' },
  args: {
    source: { type: 'positional', description: 'Source ontology (subjects)', required: true },
    target: { type: 'positional', description: 'Target ontology (objects)', required: true },
    generators: { type: 'string', description: `Comma-separated generators, fused by reciprocal rank when more than one, or "all" (default: the lexical ones). Choices: ${listGenerators().map((g) => g.name).join(', ')}` },
    'top-k': { type: 'string', description: `Candidates per source concept (default ${DEFAULT_TOP_K})` },
    format: { type: 'string', description: `Output format: ${EXCHANGE_FORMATS.join('|')} (default: from the --out extension, else sssom)` },
    out: { type: 'string', description: 'Write here (atomically) instead of to stdout (- for stdout); never over an input' },
    kinds: { type: 'string', description: `Match only these kinds of concept, comma-separated: ${Object.keys(KIND_SELECTORS).join(', ')} (default: all)` },
    'cross-kind': { type: 'boolean', description: 'Also pair capabilities, intents, domains and concepts with each other (proposed as skos:relatedMatch)' },
    ...EMBEDDING_CLI_ARGS,
  },
  async run({ args }) {
    // Check every option before the (slow) loading starts. Without --generators the choice
    // waits for the ontologies: names in Chinese and English add `translate`.
    const requested = args.generators === undefined ? undefined : parseGeneratorList(args.generators);
    const topK = parseTopK(args['top-k']);
    const format = outputFormat('--format', args.format, args.out, 'sssom');
    const kinds = args.kinds === undefined ? undefined : parseKindList(args.kinds);
    const embeddingConfig = embeddingConfigFromCli(args);
    if (embeddingConfig && !requested?.includes('embedding')) {
      throw new IoaError('E_USAGE', 'model options (--model, --model-id, --allow-remote-models, --models-dir) apply to the embedding generator: add it to --generators');
    }
    const output = await openOutput(args.out, { inputs: [args.source, args.target] });

    const loading = progress('loading');
    const [loadedSource, loadedTarget] = await Promise.all([
      loadOntology(args.source, { onProgress: (d, t) => loading.update(d, t, args.source) }),
      loadOntology(args.target),
    ]);
    const selected = kinds ? kindsOf(kinds) : undefined;
    const [source, target] = selected ? [selectKinds(loadedSource, selected), selectKinds(loadedTarget, selected)] : [loadedSource, loadedTarget];
    loading.done(`loaded ${source.concepts.length} + ${target.concepts.length} concepts`);
    for (const index of [source, target]) for (const warning of index.warnings) err(`ioa-align: warning: ${index.source}: ${warning}`);

    // One bar per stage: the default embedding model's build, then each generator.
    let bar: Progress | undefined;
    let stage = '';
    const candidates = await propose(source, target, {
      ...(requested ? { generators: requested } : {}),
      topK,
      ...(args['cross-kind'] ? { crossKind: true } : {}),
      ...(embeddingConfig ? { generatorConfig: { embedding: embeddingConfig } } : {}),
      onWarning: (message) => err(`ioa-align: warning: ${message}`),
      onProgress: (event) => {
        const label = event.stage === 'model' ? 'embedding model' : event.stage === 'load' ? 'loading' : (event.generator ?? 'generator');
        if (label !== stage) {
          bar?.done();
          bar = progress(label);
          stage = label;
        }
        bar?.update(event.done, event.total, event.note);
      },
    });
    const rows = candidates.reduce((n, c) => n + 1 + c.members.length, 0);
    const subjects = new Set(candidates.map((c) => c.subject)).size;
    bar?.done(`${rows} candidate rows for ${subjects} of ${source.concepts.length} source concepts`);

    await output.write(formatMappings(candidates, { source, target, format }));
  },
});
