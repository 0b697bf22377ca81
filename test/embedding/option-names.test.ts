/**
 * The embedding model's messages name the library's settings (`generatorConfig.embedding.model`,
 * `modelsDir`, ensureEmbeddingModel) to a library caller, and the command's flags (`--model`,
 * `--models-dir`, `ioa-align models build`) on the command line.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, propose } from '../../src/api/index.js';
import { ensureEmbeddingModel } from '../../src/api/generators.js';
import { DEFAULT_MODEL_ID } from '../../src/embedding/model-store.js';
import { rejectedIoaError } from '../helpers/errors.js';
import { runCli } from '../helpers/cli.js';

const ONTOLOGY = join(import.meta.dirname, '../../corpora/ioa-example/cs.ttl');
const dir = mkdtempSync(join(tmpdir(), 'ioa-embedding-names-'));

describe('embedding model messages: the library names its settings, the CLI its flags', () => {
  it('a model folder that is not there: E_MODEL_MISSING names ensureEmbeddingModel and the generator settings', async () => {
    const nowhere = join(dir, 'nowhere');
    const index = await loadOntology(ONTOLOGY);
    const e = await rejectedIoaError(propose(index, index, { generators: ['embedding'], generatorConfig: { embedding: { model: nowhere, cache: false } } }));
    expect(e.code).toBe('E_MODEL_MISSING');
    expect(e.message).toMatch(/build the default model with ensureEmbeddingModel\(\), give generatorConfig\.embedding\.model a model folder, or opt in to downloads with generatorConfig\.embedding\.allowRemoteModels$/);
    expect(e.message).not.toMatch(/--[a-z]/);
    const r = await runCli(['propose', ONTOLOGY, ONTOLOGY, '--generators', 'embedding', '--model', nowhere]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('build the default model with `ioa-align models build`, pass --model <dir>, or opt in to downloads with --allow-remote-models [E_MODEL_MISSING]')]);
    // bench says it with its flags too: as the error of a generator it was asked for, and as why
    // a generator of "all" was skipped.
    const track = ['bench', '--source', ONTOLOGY, '--target', join(ONTOLOGY, '../doc.ttl'), '--reference', join(ONTOLOGY, '../reviewed-cs-doc.sssom.tsv'), '--model', nowhere];
    const asked = await runCli([...track, '--generators', 'embedding,exact']);
    expect([asked.code, asked.stderr]).toEqual([2, expect.stringContaining('pass --model <dir>, or opt in to downloads with --allow-remote-models [E_MODEL_MISSING]')]);
    const all = await runCli([...track, '--generators', 'all', '--json']);
    expect(all.stderr).toContain('skipped generator "embedding": embedding model folder');
    expect(all.stderr).toContain('build the default model with `ioa-align models build`, pass --model <dir>, or opt in to downloads with --allow-remote-models\n');
    const skipped = (JSON.parse(all.stdout) as { runs: Array<{ name: string; skipReason?: string }> }).runs.find((run) => run.name === 'embedding');
    expect(skipped?.skipReason).toMatch(/pass --model <dir>, or opt in to downloads with --allow-remote-models$/);
  });

  it('a folder of the model\'s name that ioa-align did not build: E_USAGE names modelsDir', async () => {
    const own = join(dir, 'own');
    mkdirSync(join(own, DEFAULT_MODEL_ID), { recursive: true });
    writeFileSync(join(own, DEFAULT_MODEL_ID, 'NOTES.md'), 'my notes\n');
    const e = await rejectedIoaError(ensureEmbeddingModel({ modelsDir: own, maxWords: 2000 }));
    expect(e.code).toBe('E_USAGE');
    expect(e.message).toMatch(/refusing to replace it; move it away or set IOA_ALIGN_MODELS or modelsDir to another folder$/);
    expect(e.message).not.toMatch(/--[a-z]/);
    const r = await runCli(['models', 'build', '--models-dir', own, '--max-words', '2000']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('move it away or set IOA_ALIGN_MODELS or --models-dir to another folder [E_USAGE]')]);
  });

  it('a models folder that cannot be written: E_MODEL_BUILD_FAILED names modelsDir', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder\n');
    const e = await rejectedIoaError(ensureEmbeddingModel({ modelsDir: join(file, 'models'), maxWords: 2000 }));
    expect([e.code, e.message]).toEqual(['E_MODEL_BUILD_FAILED', expect.stringMatching(/\(set IOA_ALIGN_MODELS or modelsDir to a writable folder\)$/)]);
    expect(e.message).not.toMatch(/--[a-z]/);
    const r = await runCli(['models', 'build', '--models-dir', join(file, 'models'), '--max-words', '2000']);
    expect([r.code, r.stderr]).toEqual([expect.any(Number), expect.stringContaining('(set IOA_ALIGN_MODELS or --models-dir to a writable folder) [E_MODEL_BUILD_FAILED]')]);
  });
});
