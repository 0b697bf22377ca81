#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm install` (the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('ioa-align: dist/ is missing; run `npm install` (or `npm run build`) in the project folder first.\n');
  process.exit(1);
}
// A reader that stops early (`| head`) is not an error: stop writing quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
