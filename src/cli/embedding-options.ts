/**
 * The command-line options that choose the embedding model, shared by `propose` and `bench` so
 * both spell them the same way. Offline is the default; downloading is an explicit opt-in.
 *
 *   --model <dir>             any local model folder in the transformers.js layout
 *   --model-id <id>           with --allow-remote-models: a Hugging Face hub id (e.g. Xenova/all-MiniLM-L6-v2)
 *   --allow-remote-models     permit downloads from the Hugging Face hub (needs internet)
 *   --models-dir <dir>        folder of model folders (default: the package's models/)
 *   --encoder <name>          description generator: a sentence encoder (offline)
 *   --no-products             description generator: leave out what a product an agent record names is
 */
import { IoaError } from '../model/errors.js';
import type { GeneratorConfig } from '../generators/types.js';
import { DESCRIPTION_ENCODERS } from '../generators/description-encoder.js';
import type { FlagNames } from './flags.js';

/**
 * How the embedding model's messages name its settings in the library → how the command says
 * them: the generator's settings are these flags, and the model is built by `models build`.
 */
export const EMBEDDING_FLAGS: FlagNames = {
  'ensureEmbeddingModel()': '`ioa-align models build`',
  'give generatorConfig.embedding.model a model folder': 'pass --model <dir>',
  'generatorConfig.embedding.allowRemoteModels': '--allow-remote-models',
  'IOA_ALIGN_MODELS or modelsDir': 'IOA_ALIGN_MODELS or --models-dir',
};

/** citty argument definitions; spread them into a command's `args`. */
export const EMBEDDING_CLI_ARGS = {
  model: { type: 'string', description: 'embedding generator: a local model folder in the transformers.js layout (config.json, tokenizer.json, onnx/)' },
  'model-id': { type: 'string', description: 'embedding generator: a Hugging Face model id, only with --allow-remote-models (e.g. Xenova/all-MiniLM-L6-v2)' },
  'allow-remote-models': { type: 'boolean', description: 'embedding generator: allow downloading models from the Hugging Face hub (off by default: everything runs offline)' },
  'models-dir': { type: 'string', description: 'embedding generator: folder of model folders (default: the package\'s models/)' },
  encoder: { type: 'string', description: `description generator: a sentence encoder whose cosine of two descriptions is one more comparison, offline: ${DESCRIPTION_ENCODERS.join(' | ')} (default: none, BM25 only)` },
  products: { type: 'boolean', default: true, description: 'description generator: read what a well-known product an agent record names is, from ioa-align\'s gazetteer (use --no-products to match the records\' own words only)' },
} as const;

export interface EmbeddingCliValues {
  model?: string | undefined;
  'model-id'?: string | undefined;
  'allow-remote-models'?: boolean | undefined;
  'models-dir'?: string | undefined;
  encoder?: string | undefined;
  products?: boolean | undefined;
}

/** The `description` generator's settings from parsed CLI values (`--encoder`, `--no-products`); undefined when none were given. */
export function descriptionConfigFromCli(args: EmbeddingCliValues): GeneratorConfig | undefined {
  const config: Record<string, unknown> = {};
  if (args.encoder !== undefined) {
    if (!(DESCRIPTION_ENCODERS as readonly string[]).includes(args.encoder)) {
      throw new IoaError('E_USAGE', `--encoder must be one of ${DESCRIPTION_ENCODERS.join(', ')}, got ${JSON.stringify(args.encoder)}`, { path: '--encoder' });
    }
    config.encoder = args.encoder;
  }
  if (args.products === false) config.products = false;
  return Object.keys(config).length > 0 ? config : undefined;
}

/** The `embedding` generator's settings from parsed CLI values; undefined when none were given. */
export function embeddingConfigFromCli(args: EmbeddingCliValues): GeneratorConfig | undefined {
  const config: Record<string, unknown> = {};
  if (args.model) config.model = args.model;
  if (args['model-id']) {
    if (!args['allow-remote-models']) {
      throw new IoaError('E_USAGE', `--model-id ${args['model-id']} names a hub model: add --allow-remote-models to permit the download, or use --model <dir> for a local folder`);
    }
    config.modelId = args['model-id'];
  }
  if (args['allow-remote-models']) config.allowRemoteModels = true;
  if (args['models-dir']) config.modelsDir = args['models-dir'];
  return Object.keys(config).length > 0 ? config : undefined;
}
