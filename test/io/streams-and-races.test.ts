/**
 * What only separate processes show: `--out /dev/stdout` and `/dev/fd/N` write to the stream the
 * shell gave (appended after `>>`, into a pipe), never renamed over it; two `trust add-key` runs
 * on one policy both keep their key; a full disk on standard output or on `--out` is one line
 * with its code and exit 2; a read-only file system says EROFS, at once; and the temporary file a
 * killed write left is removed by the next write to the same output, a live writer's never.
 * The children run the compiled code (dist/, which `npm test` builds first).
 */
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519KeyPair } from '../../src/gate/index.js';
import { hostTag, processStart } from '../../src/io/owner.js';
import { resolveOutput } from '../../src/io/files.js';
import { rejectedIoaError } from '../helpers/errors.js';
import { runCli } from '../helpers/cli.js';
import { requireFreshDist } from '../helpers/dist.js';
import { tempDir, within } from './helpers.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const EX = join(ROOT, 'corpora/ioa-example');
const TSV = join(EX, 'reviewed-cs-doc.sssom.tsv');

beforeAll(() => {
  requireFreshDist();
});

const children: ChildProcess[] = [];
afterAll(() => { for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL'); });

interface Ended { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** Run the CLI (bin/ioa-align.js) with the given stdio; stdout and stderr are collected when piped. */
function cli(args: string[], stdio: StdioOptions = ['ignore', 'pipe', 'pipe']): Promise<Ended> {
  const child = spawn(process.execPath, ['bin/ioa-align.js', ...args], { cwd: ROOT, stdio });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr?.on('data', (c: Buffer) => { stderr += c.toString(); });
  return within(new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }))), 60_000);
}

describe('/dev/stdout, /dev/stderr and /dev/fd/N are streams: written through, never renamed over', () => {
  it('--out /dev/stdout >> log: the output is appended, what the log held stays', async () => {
    const dir = tempDir('ioa-stream-');
    const log = join(dir, 'log.txt');
    writeFileSync(log, 'earlier line\n');
    const fd = openSync(log, 'a');
    const run = await cli(['convert', TSV, '--to', 'json', '--out', '/dev/stdout', '--quiet'], ['ignore', fd, 'pipe']);
    closeSync(fd);
    expect(run.code).toBe(0);
    const text = readFileSync(log, 'utf8');
    expect(text.startsWith('earlier line\n{')).toBe(true);
    expect((JSON.parse(text.slice('earlier line\n'.length)) as { mappings: unknown[] }).mappings).toHaveLength(3);
    expect(readdirSync(dir)).toEqual(['log.txt']);
  });

  it('--out /dev/stdout | cat, --out /dev/fd/1 and --out /proc/self/fd/1: the pipe gets the output', async () => {
    for (const path of ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']) {
      const run = await cli(['convert', TSV, '--to', 'json', '--out', path, '--quiet']);
      expect([path, run.code, run.stderr]).toEqual([path, 0, '']);
      expect((JSON.parse(run.stdout) as { mappings: unknown[] }).mappings).toHaveLength(3);
    }
  });

  it('--out /dev/fd/3 with 3>>log appends; /dev/stderr goes to standard error; a symbolic link to /dev/stdout too', async () => {
    const dir = tempDir('ioa-stream-');
    const log = join(dir, 'three.txt');
    writeFileSync(log, 'kept\n');
    const fd = openSync(log, 'a');
    const three = await cli(['a2a', 'card', '--ontology-id', 'https://example.org/o', '--version', '1'], ['ignore', 'pipe', 'pipe']);
    const wrapped = await cli(['a2a', 'wrap', join(EX, 'envelope-12.1-zh-en.json'), '--out', '/dev/fd/3', '--message-id', 'm1'], ['ignore', 'pipe', 'pipe', fd]);
    closeSync(fd);
    expect(three.code).toBe(0);
    expect(wrapped.code).toBe(0);
    expect(readFileSync(log, 'utf8')).toMatch(/^kept\n\{\n {2}"messageId": "m1"/);
    const stderr = await cli(['convert', TSV, '--to', 'json', '--out', '/dev/stderr', '--quiet']);
    expect(stderr.code).toBe(0);
    expect(stderr.stdout).toBe('');
    expect(JSON.parse(stderr.stderr)).toHaveProperty('mappings');
    const { symlinkSync } = await import('node:fs');
    symlinkSync('/dev/stdout', join(dir, 'to-stdout'));
    const linked = await cli(['convert', TSV, '--to', 'json', '--out', join(dir, 'to-stdout'), '--quiet']);
    expect(linked.code).toBe(0);
    expect(JSON.parse(linked.stdout)).toHaveProperty('mappings');
  });

  it('/dev/fd/N not given to the process: refused before the work, never written into one of its own descriptors', async () => {
    const closed = await cli(['convert', TSV, '--to', 'json', '--out', '/dev/fd/60']);
    expect(closed.code).toBe(2);
    expect(closed.stderr).toBe('ioa-align: /dev/fd/60: cannot write to file descriptor 60: it is not open [E_WRITE_FAILED]\n');
    // Writing into one of Node's own descriptors (its event poll, eventfds, wake-up pipes) would
    // crash the process: each of this process's own is refused (checked here, nothing written).
    const behind = (fd: string): string => { try { return readlinkSync(`/proc/self/fd/${fd}`); } catch { return ''; } };
    const readOnly = (fd: string): boolean => {
      try {
        return (parseInt(/^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1'))![1]!, 8) & 3) === 0;
      } catch {
        return false;
      }
    };
    const own = readdirSync('/proc/self/fd').filter((fd) => Number(fd) > 2);
    let refused = 0;
    for (const fd of own) {
      const what = behind(fd);
      const internal = what.startsWith('anon_inode:') || (what !== '' && readOnly(fd))
        || (what.startsWith('pipe:') && own.some((o) => o !== fd && behind(o) === what && readOnly(o)));
      if (!internal) continue;
      const error = await rejectedIoaError(resolveOutput(`/dev/fd/${fd}`));
      expect([fd, error.code]).toEqual([fd, 'E_USAGE']);
      refused++;
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe('two trust add-key runs on one policy both keep their key', () => {
  it('five trials of two concurrent runs: every run exits 0 and the policy holds both keys', async () => {
    const dir = tempDir('ioa-trust-race-');
    const keys = [generateEd25519KeyPair(), generateEd25519KeyPair()];
    keys.forEach((k, i) => writeFileSync(join(dir, `k${i}.pem`), k.publicKeyPem));
    for (let trial = 0; trial < 5; trial++) {
      const policy = join(dir, `trust-${trial}.json`);
      expect((await runCli(['trust', 'init', '--out', policy])).code).toBe(0);
      const runs = await Promise.all(keys.map((_, i) => cli(['trust', 'add-key', '--trust', policy, '--issuer', `https://example.org/issuer-${i}`, '--key', join(dir, `k${i}.pem`), '--scope', 'https://example.org/a:https://example.org/b'])));
      expect(runs.map((r) => r.code)).toEqual([0, 0]);
      const held = (JSON.parse(readFileSync(policy, 'utf8')) as { trustedIssuers: Array<{ keyId: string }> }).trustedIssuers.map((t) => t.keyId).sort();
      expect(held).toEqual(keys.map((k) => k.keyId).sort());
      expect(readdirSync(dir).filter((f) => f.endsWith('.lock') || f.endsWith('.tmp'))).toEqual([]);
    }
  });
});

describe('a failed write is one line naming its code, exit 2, never a stack trace', () => {
  const commands: string[][] = [
    ['a2a', 'card', '--ontology-id', 'https://example.org/o', '--version', '1'],
    ['convert', TSV, '--to', 'json'],
    ['propose', join(EX, 'cs.ttl'), join(EX, 'doc.ttl'), '--quiet'],
  ];
  for (const argv of commands) {
    it(`${argv.slice(0, 2).join(' ')} > /dev/full: ENOSPC on standard output`, async () => {
      const full = openSync('/dev/full', 'w');
      const run = await cli(argv, ['ignore', full, 'pipe']);
      closeSync(full);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('ioa-align: cannot write to standard output: no space left on device (ENOSPC) [E_WRITE_FAILED]\n');
    });
  }

  it('--out /dev/full: ENOSPC on the output file', async () => {
    const run = await cli(['convert', TSV, '--to', 'json', '--out', '/dev/full']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('ioa-align: /dev/full: cannot write the file: no space left on device (ENOSPC) [E_WRITE_FAILED]\n');
  });

  it('| head: a reader that stops early is still no error (EPIPE)', async () => {
    const shell = spawnSync('sh', ['-c', '"$0" bin/ioa-align.js propose "$1" "$2" --quiet | head -c 10 > /dev/null', process.execPath, join(EX, 'cs.ttl'), join(EX, 'doc.ttl')], { cwd: ROOT, encoding: 'utf8' });
    expect(shell.status).toBe(0);
    expect(shell.stderr).toBe('');
  });
});

/** A read-only file system mounted for the test (root only), or undefined where none can be mounted. */
function readOnlyMount(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = tempDir('ioa-ro-');
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', dir], { stdio: 'ignore' });
  return mounted.status === 0 ? dir : undefined;
}

describe('a read-only file system says EROFS, before the work', () => {
  it('--out into it, a key folder in it, a bench folder in it: E_WRITE_FAILED naming EROFS, never ENOENT', async (context) => {
    const ro = readOnlyMount();
    if (ro === undefined) {
      context.skip(); // not root, or no permission to mount here
      return;
    }
    try {
      await readOnlyChecks(ro);
    } finally {
      // Lazily if something still holds it: the mount never outlives the test.
      if (spawnSync('umount', [ro], { stdio: 'ignore' }).status !== 0) spawnSync('umount', ['-l', ro], { stdio: 'ignore' });
    }
  });

  async function readOnlyChecks(ro: string): Promise<void> {
    const out = join(ro, 'x.json');
    const file = await runCli(['convert', join(EX, 'missing-input.tsv'), '--to', 'json', '--out', out]);
    expect(file.code).toBe(2);
    expect(file.stderr).toBe(`ioa-align: ${out}: cannot write the file: its folder ${ro} does not take new files: read-only file system (EROFS) [E_WRITE_FAILED]\n`);
    const keys = await runCli(['keys', 'generate', '--out', join(ro, 'k')]);
    expect(keys.code).toBe(2);
    expect(keys.stderr).toContain('read-only file system (EROFS) [E_WRITE_FAILED]');
    expect(keys.stderr).not.toContain('ENOENT');
    const bench = await runCli(['bench', '--source', join(EX, 'missing.ttl'), '--target', join(EX, 'missing.ttl'), '--reference', join(EX, 'missing.tsv'), '--out', join(ro, 'b', 'c')]);
    expect(bench.code).toBe(2);
    expect(bench.stderr).toContain('read-only file system (EROFS) [E_WRITE_FAILED]');
  }
});

describe('a temporary file left by a killed write is removed by the next write to the same output', () => {
  const temporaries = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

  /** Start a write to `destination` that never finishes; resolves once its temporary file exists. */
  function hangingWrite(destination: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, [join(FIXTURES, 'interrupted-write.mjs'), destination], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(child);
    return within(new Promise((resolve) => child.stdout!.on('data', (c: Buffer) => { if (c.toString().includes('ready')) resolve(child); })), 20_000);
  }

  it('SIGKILL leaves the temporary file; the next run on that output removes it and writes', async () => {
    const dir = tempDir('ioa-stale-');
    const destination = join(dir, 'out.json');
    const writer = await hangingWrite(destination);
    writer.kill('SIGKILL');
    await new Promise((resolve) => writer.once('exit', resolve));
    expect(temporaries(dir)).toHaveLength(1);
    const run = await runCli(['convert', TSV, '--to', 'json', '--out', destination, '--quiet']);
    expect(run.code).toBe(0);
    expect(temporaries(dir)).toEqual([]);
    expect(JSON.parse(readFileSync(destination, 'utf8'))).toHaveProperty('mappings');
  });

  it('a live writer\'s temporary file is never removed; one whose pid now belongs to a later process is; another host\'s is kept', async () => {
    const dir = tempDir('ioa-stale-');
    const destination = join(dir, 'out.json');
    const writer = await hangingWrite(destination);
    const live = temporaries(dir);
    expect(live).toHaveLength(1);
    // The same live pid with another start time: the writer died and its pid was given again.
    const reused = `.out.json.${writer.pid}-1-${hostTag(hostname())}.aaaaaaaaaaaa.tmp`;
    // A pid that is gone, but on another host: nothing here can prove that writer dead.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const foreign = `.out.json.${dead}-${processStart(process.pid) ?? 'x'}-${hostTag(`not-${hostname()}`)}.bbbbbbbbbbbb.tmp`;
    for (const name of [reused, foreign]) writeFileSync(join(dir, name), 'partial');
    const run = await runCli(['convert', TSV, '--to', 'json', '--out', destination, '--quiet']);
    expect(run.code).toBe(0);
    expect(temporaries(dir).sort()).toEqual([...live, foreign].sort());
    writer.kill('SIGKILL');
  });

  it('only temporary files of that output are touched, and only regular files', async () => {
    const dir = tempDir('ioa-stale-');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const other = `.other.json.${dead}-x-${hostTag(hostname())}.cccccccccccc.tmp`;
    writeFileSync(join(dir, other), 'partial');
    const folder = `.out.json.${dead}-x-${hostTag(hostname())}.dddddddddddd.tmp`;
    mkdirSync(join(dir, folder));
    copyFileSync(TSV, join(dir, 'in.tsv'));
    const run = await runCli(['convert', join(dir, 'in.tsv'), '--to', 'json', '--out', join(dir, 'out.json'), '--quiet']);
    expect(run.code).toBe(0);
    expect(existsSync(join(dir, other))).toBe(true);
    expect(existsSync(join(dir, folder))).toBe(true);
  });
});
