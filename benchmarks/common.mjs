// Helpers the benchmark programs share (benchmarks are programs, not tests: STYLE.md point 10).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Run a command under GNU time (`/usr/bin/time -v`) and read its whole-process figures: wall
 * seconds, CPU seconds (user + system), peak RSS in MiB, the 1-minute load average when it
 * started, and its exit code and output. Throws (after printing its stderr) when the command
 * fails: exits with a code not in `accept` (default: 0 only; `ioa-align coherence` exits 3 on a
 * completed check that found conflicts). `stdoutFile`: standard output goes to that file instead
 * (for output larger than a buffer should hold; `stdout` is then empty).
 */
export function timedRun(command, commandArgs, cwd, { accept = [0], stdoutFile } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-align-time-'));
  const report = join(dir, 'time.txt');
  const loadBefore = loadavg()[0];
  const fd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'w');
  const child = spawnSync('/usr/bin/time', ['-v', '-o', report, command, ...commandArgs], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...(fd === undefined ? {} : { stdio: ['ignore', fd, 'pipe'] }) });
  if (fd !== undefined) closeSync(fd);
  if (!accept.includes(child.status)) {
    process.stderr.write(child.stderr);
    throw new Error(`${command} ${commandArgs.join(' ')} failed (${child.status})`);
  }
  const text = readFileSync(report, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  const field = (label) => text.split('\n').find((l) => l.trim().startsWith(label))?.split(': ').pop()?.trim();
  const wall = field('Elapsed (wall clock) time').split(':').map(Number).reduce((a, b) => a * 60 + b, 0);
  const cpu = Number(field('User time (seconds)')) + Number(field('System time (seconds)'));
  return {
    wallS: Math.round(wall * 100) / 100,
    cpuS: Math.round(cpu * 100) / 100,
    peakRssMiB: Math.round(Number(field('Maximum resident set size (kbytes)')) / 1024),
    load1mBefore: Math.round(loadBefore * 100) / 100,
    code: child.status,
    stdout: child.stdout ?? '',
    stderr: child.stderr,
  };
}

/** mulberry32: a small seeded generator of numbers in [0, 1), so synthetic data is the same every run. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
