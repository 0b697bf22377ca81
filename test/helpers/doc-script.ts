/**
 * Runs a shell block of a document as written: the block between `<!-- NAME: begin -->` and
 * `<!-- NAME: end -->` in a Markdown file, in a fresh folder that links the repository's corpora/,
 * with `ioa-align` on the PATH. The documentation's walk-throughs are tested this way so they
 * cannot drift from the tool.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** The shell block named `marker` in the Markdown file `doc` (relative to the repository). */
export function docScript(doc: string, marker: string): string {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const m = new RegExp(`<!-- ${marker}: begin -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\`\\n<!-- ${marker}: end -->`).exec(text);
  if (!m) throw new Error(`${doc} has no ${marker} block`);
  return m[1]!;
}

/** Runs `script` under `set -euo pipefail` in a new folder; returns the folder and the run. */
export function runDocScript(script: string): { dir: string; run: SpawnSyncReturns<string> } {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-doc-'));
  symlinkSync(join(ROOT, 'corpora'), join(dir, 'corpora'));
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'ioa-align'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin/ioa-align.js')}" "$@"\n`);
  chmodSync(join(bin, 'ioa-align'), 0o755);
  writeFileSync(join(dir, 'walk.sh'), `set -euo pipefail\n${script}`);
  const run = spawnSync('bash', ['walk.sh'], { cwd: dir, env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }, encoding: 'utf8' });
  return { dir, run };
}
