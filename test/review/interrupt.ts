/** `ioa-align review` as a user runs it, stopped with Ctrl-C: shared by the whole-process review tests. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { fixture } from './fixture.js';

const BIN = resolve(import.meta.dirname, '../../bin/ioa-align.js');

/** `ioa-align review` on the fixture with `args`, stopped with Ctrl-C as soon as it printed its address. */
export async function startAndInterrupt(files: Awaited<ReturnType<typeof fixture>>, args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'review', files.candidates, '--source', files.source, '--target', files.target, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  let printed = '';
  await new Promise<void>((done) => child.stdout.on('data', (d) => { printed += String(d); if (/token=[\w-]+\n/.test(printed)) done(); }));
  child.kill('SIGINT');
  return { code: await exited, stderr };
}
