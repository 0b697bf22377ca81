/**
 * Tests that run the compiled code (bin/ioa-align.js, dist/ in a child process or a packed
 * tarball) need dist/ to match the sources. `npm test` builds it once before vitest starts;
 * a test file must not rebuild it itself, since another file may be reading dist/ meanwhile
 * (API Extractor, `npm pack`, spawned CLIs) and would see it half-written.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/** Newest modification time under a folder. */
function newest(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((t, e) => Math.max(t, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
}

/** Throws unless dist/ exists and is at least as new as every file under src/. */
export function requireFreshDist(): void {
  if (!existsSync(join(ROOT, 'dist', 'api', 'index.js')) || newest(join(ROOT, 'dist')) < newest(join(ROOT, 'src'))) {
    throw new Error('dist/ is missing or older than src/: run `npm run build` first (npm test does)');
  }
}
