import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Loading the anatomy ontologies and building indexes takes seconds on a 2-core machine.
    testTimeout: 60_000,
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
  },
});
