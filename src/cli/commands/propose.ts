/**
 * `ioa-align propose <source> <target>`: candidate mappings from source concepts to target
 * concepts, fused over the lexical generators by default, as SSSOM TSV (or Alignment RDF, JSON,
 * CSV). Candidates are proposals for review: their scores are raw similarity, never confidence.
 */
import { defineCommand } from 'citty';
import { candidatesToMappingSet, EXCHANGE_FORMATS, serializeMappings } from '../../exchange/index.js';
import { EMBEDDING_CLI_ARGS, embeddingConfigFromCli } from '../../embedding/cli-options.js';
import { GENERATORS } from '../../generators/registry.js';
import { candidatesForExport, parseGeneratorList, runGenerators } from '../../generators/run.js';
import { defaultGenerators, languageWarnings } from '../../generators/languages.js';
import { IoaError } from '../../model/errors.js';
import { loadVocabulary } from '../../ontology/dispatch.js';
import { err } from '../io.js';
import { outputFormat } from '../formats.js';
import { openOutput } from '../output.js';
import { progress } from '../progress.js';

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
    generators: { type: 'string', description: `Comma-separated generators, fused by reciprocal rank when more than one, or "all" (default: the lexical ones). Choices: ${Object.keys(GENERATORS).join(', ')}` },
    'top-k': { type: 'string', description: `Candidates per source concept (default ${DEFAULT_TOP_K})` },
    format: { type: 'string', description: `Output format: ${EXCHANGE_FORMATS.join('|')} (default: from the --out extension, else sssom)` },
    out: { type: 'string', description: 'Write here (atomically) instead of to stdout (- for stdout); never over an input' },
    ...EMBEDDING_CLI_ARGS,
  },
  async run({ args }) {
    // Check every option before the (slow) loading starts. Without --generators the choice
    // waits for the ontologies: names in Chinese and English add `translate`.
    const requested = args.generators === undefined ? undefined : parseGeneratorList(args.generators);
    const generators = requested ?? [];
    const topK = parseTopK(args['top-k']);
    const format = outputFormat('--format', args.format, args.out, 'sssom');
    const embeddingConfig = embeddingConfigFromCli(args);
    if (embeddingConfig && !generators.includes('embedding')) {
      throw new IoaError('E_USAGE', 'model options (--model, --model-id, --allow-remote-models, --models-dir) apply to the embedding generator: add it to --generators');
    }
    const output = await openOutput(args.out, { inputs: [args.source, args.target] });
    if (generators.includes('embedding') && !embeddingConfig?.model && !embeddingConfig?.modelId) {
      // The default model is built from package files on first use (~10 s): show that work.
      const { ensureModel } = await import('../../embedding/model-store.js');
      const building = progress('embedding model');
      const modelsDir = embeddingConfig?.modelsDir;
      await ensureModel({ ...(typeof modelsDir === 'string' ? { modelsDir } : {}), onProgress: (stage, done, total) => building.update(done, total, stage), onWait: (message) => err(`ioa-align: ${message}`) });
      building.done();
    }

    const loading = progress('loading');
    const [source, target] = await Promise.all([
      loadVocabulary(args.source, { onProgress: (d, t) => loading.update(d, t, args.source) }),
      loadVocabulary(args.target),
    ]);
    loading.done(`loaded ${source.concepts.length} + ${target.concepts.length} concepts`);
    for (const index of [source, target]) for (const warning of index.warnings) err(`ioa-align: warning: ${index.source}: ${warning}`);
    for (const warning of languageWarnings(source, target, requested)) err(`ioa-align: warning: ${warning}`);
    if (!requested) generators.push(...defaultGenerators(source, target));

    let bar = progress(generators[0]!);
    let current: string = generators[0]!;
    const result = await runGenerators(source, target, {
      generators,
      topK,
      ...(embeddingConfig ? { config: { embedding: embeddingConfig } } : {}),
      onWarning: (message) => err(`ioa-align: warning: ${message}`),
      onProgress: (generator, done, total) => {
        if (generator !== current) {
          bar.done();
          bar = progress(generator);
          current = generator;
        }
        bar.update(done, total);
      },
    });
    const candidates = candidatesForExport(result);
    const subjects = new Set(candidates.map((c) => c.subject)).size;
    bar.done(`${candidates.length} candidate rows for ${subjects} of ${source.concepts.length} source concepts`);

    const set = candidatesToMappingSet(candidates, { source, target });
    await output.write(serializeMappings(set, format));
  },
});
