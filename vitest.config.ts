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
  },
});
