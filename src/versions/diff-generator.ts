/**
 * The version diff as a generator, so the benchmark harness can score it like any other
 * (`bench --diff`): it proposes the diff's ranked candidates per old concept, and its own
 * decision — the version alignment — is what benchmarks score as its selected set.
 *
 * A benchmark track states that its pairs are releases of one ontology, so the series check is
 * not repeated here (`force`).
 */
import type { Candidate } from '../model/mapping.js';
import { defineGenerator, type Generator, type GeneratorConfig } from '../generators/types.js';
import type { GeneratorName } from '../generators/registry.js';
import { diffVersions } from './diff.js';

export const DIFF_GENERATOR = 'diff';

export default defineGenerator((config?: GeneratorConfig): Generator => {
  const members = Array.isArray(config?.generators) ? (config.generators as GeneratorName[]) : undefined;
  const chosen = new WeakSet<Candidate>();
  return {
    name: DIFF_GENERATOR,
    measure: 'version-diff(fused value)',
    justification: 'semapv:CompositeMatching',
    async *propose(source, target, options) {
      const diff = await diffVersions(source, target, {
        topK: options.topK, force: true,
        ...(members ? { generators: members } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onWarning ? { onWarning: options.onWarning } : {}),
      });
      for (const row of diff.alignment) chosen.add(row.candidate);
      yield* diff.candidates;
    },
    decide: (candidates) => candidates.filter((c) => chosen.has(c)),
  };
});
