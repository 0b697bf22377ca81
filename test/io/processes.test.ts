/**
 * What only a separate process can show: an interrupted write removes its temporary file,
 * `keys generate` leaves no half-written key when the disk refuses the write, and a build lock
 * left by a killed process is broken instead of waited on. The children run the compiled code
 * (dist/, which `npm test` builds before vitest starts; checked here to match the sources).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireBuildLock, DEFAULT_MODEL_ID } from '../../src/embedding/model-store.js';
import { main } from '../../src/cli/main.js';
import { requireFreshDist } from '../helpers/dist.js';
import { tempDir, within } from './helpers.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

beforeAll(() => {
  requireFreshDist();
});

const children: ChildProcess[] = [];
// A failed assertion must not leave a lock holder running.
afterAll(() => { for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL'); });

interface Ended { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

function run(command: string, args: string[], onLine?: (line: string, child: ChildProcess) => void): { child: ChildProcess; ended: Promise<Ended> } {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line) onLine?.(line, child);
  });
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const ended = new Promise<Ended>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, ended };
}

const temporaries = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe('an interrupted write leaves no temporary file', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} while writing: the temporary file is removed and the process ends by that signal`, async () => {
      const dir = tempDir('ioa-signal-');
      const destination = join(dir, 'result.sssom.tsv');
      let seen: string[] = [];
      const { ended } = run(process.execPath, [join(FIXTURES, 'interrupted-write.mjs'), destination], (line, child) => {
        if (line !== 'ready') return;
        seen = temporaries(dir); // the write is under way: its temporary file exists
        child.kill(signal);
      });
      const result = await within(ended, 20_000);
      expect(seen).toHaveLength(1);
      expect(result.signal).toBe(signal);
      expect(temporaries(dir)).toEqual([]);
      expect(existsSync(destination)).toBe(false);
    });
  }

  it('a program with its own SIGINT handler keeps it; the temporary file is removed all the same', async () => {
    const dir = tempDir('ioa-signal-');
    const { ended } = run(process.execPath, [join(FIXTURES, 'interrupted-write.mjs'), join(dir, 'out.json'), 'own-handler'], (line, child) => {
      if (line === 'ready') child.kill('SIGINT');
    });
    const result = await within(ended, 20_000);
    expect(result.code).toBe(7);
    expect(result.stdout).toContain('own handler');
    expect(temporaries(dir)).toEqual([]);
  });
});

describe('a signal the program handles itself does not cut a write short', () => {
  it('SIGTERM during a save with a SIGTERM handler of its own: the write and its lock are left alone, the file is complete', async () => {
    const dir = tempDir('ioa-signal-');
    const destination = join(dir, 'r.sssom.tsv');
    const { ended } = run(process.execPath, [join(FIXTURES, 'finishing-write.mjs'), destination], (line, child) => {
      if (line === 'ready') child.kill('SIGTERM');
    });
    const result = await within(ended, 20_000);
    expect([result.code, result.stdout.trim().split('\n')]).toEqual([0, ['ready', 'lock held', 'saved']]);
    expect(readFileSync(destination, 'utf8')).toBe('first chunk\nsecond chunk\n');
    expect(readdirSync(dir)).toEqual(['r.sssom.tsv']);
  });
});

describe('arguments that are not valid UTF-8', () => {
  const SHOP = join(ROOT, 'test/generators/data/shop-a.ttl');

  it('are refused with E_USAGE naming the option, and nothing is written under the U+FFFD name', async () => {
    const dir = tempDir('ioa-argv-');
    // `printf '\\351'` is the Latin-1 byte of é: no UTF-8, so Node reads U+FFFD there.
    const script = 'cd "$1" && exec "$2" "$3" propose "$4" "$4" --quiet --out "$(printf \'r\\351sum\\351.tsv\')"';
    const result = await within(run('sh', ['-c', script, 'sh', dir, process.execPath, join(ROOT, 'bin/ioa-align.js'), SHOP]).ended, 30_000);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ioa-align: the value of --out ("r\uFFFDsum\uFFFD.tsv") is not valid UTF-8');
    expect(result.stderr).toContain('[E_USAGE]');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a positional argument too; a U+FFFD typed as such (valid UTF-8) is an ordinary character', async () => {
    const dir = tempDir('ioa-argv-');
    writeFileSync(join(dir, 'typed-\uFFFD.ttl'), readFileSync(SHOP));
    const script = 'cd "$1" && cp "$4" "$(printf \'in\\351.ttl\')" && exec "$2" "$3" inspect "$(printf \'in\\351.ttl\')"';
    const refused = await within(run('sh', ['-c', script, 'sh', dir, process.execPath, join(ROOT, 'bin/ioa-align.js'), SHOP]).ended, 30_000);
    expect([refused.code, refused.stderr.split('\n')[0]]).toEqual([2, expect.stringMatching(/^ioa-align: argument "in\uFFFD\.ttl" is not valid UTF-8: .* \[E_USAGE\]$/)]);
    const typed = await within(run(process.execPath, ['bin/ioa-align.js', 'inspect', join(dir, 'typed-\uFFFD.ttl')]).ended, 30_000);
    expect(typed.code).toBe(0);
  });
});

describe('keys generate is atomic', () => {
  it('a write the file system refuses (file size limit 0, like a full disk): exit 2, E_WRITE_FAILED, no key file left; a rerun works', async () => {
    const dir = join(tempDir('ioa-keys-'), 'k');
    const failed = await within(run('sh', ['-c', 'ulimit -f 0 && exec "$0" bin/ioa-align.js keys generate --out "$1"', process.execPath, dir]).ended, 30_000);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain(`${join(dir, 'private.pem')}: cannot write the file: file too large (EFBIG) [E_WRITE_FAILED]`);
    expect(readdirSync(dir)).toEqual([]);
    const rerun = await within(run(process.execPath, ['bin/ioa-align.js', 'keys', 'generate', '--out', dir]).ended, 30_000);
    expect(rerun.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['private.pem', 'public.pem']);
    expect(readFileSync(join(dir, 'private.pem'), 'utf8')).toContain('BEGIN PRIVATE KEY');
  });
});

describe('the model build lock', () => {
  it('a lock left by a process that is gone (same host) is broken at once', async () => {
    const dir = tempDir('ioa-lock-');
    const folder = join(dir, 'model');
    const dead = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).ended;
    const pid = Number(dead.stdout);
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid, host: hostname(), startedAt: new Date().toISOString(), token: 'killed-build' }));
    const waits: string[] = [];
    const release = await within(acquireBuildLock(folder, { onWait: (m) => waits.push(m) }), 10_000);
    expect(waits).toEqual([]);
    expect(JSON.parse(readFileSync(`${folder}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('a live holder is waited for, with a message naming its pid, until it is killed', async () => {
    const dir = tempDir('ioa-lock-');
    const folder = join(dir, 'model');
    let holder = 0;
    const held = new Promise<void>((resolve) => {
      run(process.execPath, [join(FIXTURES, 'hold-lock.mjs'), folder], (line) => {
        if (line.startsWith('held ')) { holder = Number(line.slice(5)); resolve(); }
      });
    });
    await within(held, 20_000);
    const waits: string[] = [];
    let acquired = false;
    const pending = acquireBuildLock(folder, { onWait: (m) => waits.push(m), pollMs: 50 }).then((release) => { acquired = true; return release; });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(acquired).toBe(false);
    expect(waits).toEqual([`waiting for the model build lock held by pid ${holder} (${folder}.lock)`]);
    process.kill(holder, 'SIGKILL'); // no cleanup: the lock file stays behind, as after a crash
    const release = await within(pending, 10_000);
    expect(JSON.parse(readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.pid);
    await release();
  });

  it('models build says on stderr (not stdout) whose lock it waits for, then builds once the holder is gone', async () => {
    const dir = tempDir('ioa-lock-');
    const folder = join(dir, DEFAULT_MODEL_ID);
    let holder = 0;
    await within(new Promise<void>((resolve) => {
      run(process.execPath, [join(FIXTURES, 'hold-lock.mjs'), folder], (line) => {
        if (line.startsWith('held ')) { holder = Number(line.slice(5)); resolve(); }
      });
    }), 20_000);
    let stdout = '';
    let stderr = '';
    const code = await within(main(['models', 'build', '--models-dir', dir, '--max-words', '2000', '--json'], {
      stdout: new Writable({ write(chunk, _e, cb) { stdout += String(chunk); cb(); } }),
      stderr: new Writable({
        write(chunk, _e, cb) {
          stderr += String(chunk);
          if (stderr.includes('waiting for the model build lock')) process.kill(holder, 'SIGKILL');
          cb();
        },
      }),
    }), 60_000);
    expect(code).toBe(0);
    expect(stderr).toContain(`ioa-align: waiting for the model build lock held by pid ${holder}`);
    expect(stdout).not.toContain('waiting');
    expect(JSON.parse(stdout)).toMatchObject({ built: true, folder });
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });
});
