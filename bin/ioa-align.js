#!/usr/bin/env node
// Thin launcher for the CLI compiled to dist/.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) buildFromSource();
const { main, guardStandardStreams } = await import(entry.href);
// A reader that stops early (`| head`) ends the run quietly; any other failed write on standard
// output or error (a full disk) ends it with one line naming the code and exit 2.
guardStandardStreams();
process.exitCode = await main(process.argv.slice(2));

/**
 * The project's .npmrc sets ignore-scripts (no dependency's install script may run: one of them
 * would download a CUDA build), which also skips this package's own `prepare`. So in a source
 * checkout the first run compiles dist/ (a few seconds); `npm run build` does the same.
 */
function buildFromSource() {
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const config = fileURLToPath(new URL('../tsconfig.build.json', import.meta.url));
  if (!existsSync(tsc) || !existsSync(config)) {
    process.stderr.write('ioa-align: dist/ is missing; run `npm install` and `npm run build` in the project folder first.\n');
    process.exit(1);
  }
  process.stderr.write('ioa-align: compiling dist/ from src/ (first run in this checkout; `npm run build` does the same)\n');
  const built = spawnSync(process.execPath, [tsc, '-p', config], { stdio: ['ignore', 2, 2] });
  if (built.status !== 0 || !existsSync(fileURLToPath(entry))) {
    process.stderr.write('ioa-align: building dist/ failed; run `npm run build` to see why.\n');
    process.exit(1);
  }
}
