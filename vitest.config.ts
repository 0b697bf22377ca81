import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest (measured whole-suite on the 2-core machine, slowest first). They
 * start first so that no long file is left running alone at the end while the other worker idles.
 * Vitest orders by the durations it cached from the last run, but a fresh clone (CI) has no cache
 * and falls back to file size, which put the short-to-read but slow files (a documentation
 * walk-through, the anatomy parity run) last.
 */
const SLOW_FIRST = [
  'test/package/packaging.test.ts',
  'test/docs/version-upgrade.test.ts',
  'test/docs/agent-records.test.ts',
  'test/api/anatomy-parity.test.ts',
  'test/docs/walkthrough.test.ts',
  'test/bench/subsumption-track.test.ts',
  'test/review/bench.test.ts',
  'test/generators/propose-cli.test.ts',
  'test/io/processes.test.ts',
  'test/io/streams-and-races.test.ts',
  'test/bench/reference-and-selection.test.ts',
  'test/embedding/build.test.ts',
  'test/package/api-surface.test.ts',
  'test/bench/cli.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const i = SLOW_FIRST.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the other files keep the order vitest chose.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Loading the anatomy ontologies and building indexes takes seconds on a 2-core machine, and
    // the whole-process tests (API Extractor, the documentation walk-throughs, anatomy through the
    // CLI) take 15–20 s alone but over 60 s when others share the machine (load 10 measured): a
    // timeout is a guard against a hang, not a performance assertion.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on a 2-core machine one worker, so the
    // whole suite ran file after file. Many files wait on child processes (the CLI, npm, tsc), so
    // a worker per core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // One child process per worker, reused for the files it runs, with the imported modules kept:
    // a fresh process per file spent about 0.8 s per file starting Node and importing src/ again
    // (about 56 s of the suite's worker time for 108 files). Tests therefore must not leave global
    // state behind (environment variables, globals, registrations); none mock modules.
    isolate: false,
    sequence: { sequencer: SlowFirstSequencer },
  },
});
