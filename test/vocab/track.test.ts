/**
 * The `agents` benchmark track and the CLI on agent-world vocabularies: the manifest resolves,
 * every IRI of the hand-curated reference names a concept the OASF loader produces (so the IRI
 * scheme and the reference agree), and `inspect` takes an OASF folder and `hf-tasks`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIPELINE_DATA } from '@huggingface/tasks';
import { checkManifestFiles, loadManifest } from '../../src/bench/manifest.js';
import { runBenchmark } from '../../src/bench/runner.js';
import { readAlignmentFile } from '../../src/ontology/alignment-reader.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { runCli } from '../helpers/cli.js';

const root = join(import.meta.dirname, '../..');

describe('corpus agents', () => {
  it('the manifest names one OASF skills pair whose files exist', async () => {
    const manifest = await loadManifest('agents');
    await checkManifestFiles(manifest);
    expect(manifest.pairs.map((p) => p.id)).toEqual(['oasf-skills-1.0.0-1.1.0']);
    expect(manifest.pairs[0]!.source).toBe(join(root, 'corpora/agents/oasf/v1.0.4/schema/skills'));
  });

  it('every reference cell joins a 1.0.0 skill to a 1.1.0 skill the loader produces', async () => {
    const [pair] = (await loadManifest('agents')).pairs;
    const source = await loadVocabulary(pair!.source);
    const target = await loadVocabulary(pair!.target);
    const alignment = await readAlignmentFile(pair!.reference);
    expect(alignment.cells).toHaveLength(146);
    const missing = alignment.cells.flatMap((c) => [
      ...(source.byIri.has(c.entity1) ? [] : [`source ${c.entity1}`]),
      ...(target.byIri.has(c.entity2) ? [] : [`target ${c.entity2}`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('bench runs the track: exact finds only equivalences, so it stays under the 105/146 ceiling', async () => {
    const result = await runBenchmark({ corpus: 'agents', generators: ['exact'], baselines: false, fusion: false });
    const summary = result.corpus.pairs[0]!;
    expect(summary).toMatchObject({ referenceTriples: 146, subjectsNotInSource: 0, objectsNotInTarget: 0, sourceConcepts: 136, targetConcepts: 513 });
    expect(summary.relations).toEqual({ '=': 105, '<': 21, '>': 20 });
    const exact = result.runs.find((r) => r.name === 'exact')!;
    expect(exact.micro!.hitsAt['1']).toBeGreaterThan(0.5);
    expect(exact.micro!.candidateRecall).toBeLessThanOrEqual(105 / 146);
  });
});

describe('inspect on agent-world vocabularies', () => {
  it('an OASF release folder: 513 capabilities and 201 domains under schema 1.1.0', async () => {
    const { code, stdout, stderr } = await runCli(['inspect', join(root, 'corpora/agents/oasf/v1.1.1'), '--json']);
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout) as { counts: Record<string, number>; version: string; ontologyIri: string; coverage: { withDefinition: number } };
    expect(report.counts).toEqual({ capability: 513, domain: 201 });
    expect(report.version).toBe('1.1.0');
    expect(report.coverage.withDefinition).toBe(1);
  });

  it('hf-tasks: one capability per pipeline task plus subtasks', async () => {
    const { code, stdout } = await runCli(['inspect', 'hf-tasks', '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { counts: Record<string, number>; ontologyIri: string };
    expect(report.ontologyIri).toBe('https://huggingface.co/tasks');
    expect(report.counts.capability).toBeGreaterThan(Object.keys(PIPELINE_DATA).length);
  });

  it('a folder that is no OASF taxonomy falls through to the RDF reader and fails with its code', async () => {
    const { code, stderr } = await runCli(['inspect', join(root, 'corpora/agents/reference')]);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_FILE_UNREADABLE]');
  });

  it('the folder above the releases: E_VOCAB_INVALID naming the releases to choose from', async () => {
    const { code, stderr } = await runCli(['inspect', join(root, 'corpora/agents/oasf')]);
    expect(code).toBe(2);
    expect(stderr).toContain('[E_VOCAB_INVALID]');
    expect(stderr).toContain('v1.0.4, v1.1.1');
  });
});
