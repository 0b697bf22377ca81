import { closeSync, constants, mkdtempSync, openSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const tempDir = (prefix = 'ioa-io-'): string => mkdtempSync(join(tmpdir(), prefix));

/** A named pipe; nothing ever writes to it, so a reader that opens it without care blocks. */
export function fifo(dir: string, name = 'pipe'): string {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
}

/**
 * Unblock any reader stuck in open() on the FIFO (a writer that opens and closes at once), so a
 * regression fails on its timeout instead of leaving a blocked thread behind.
 */
export function releaseFifo(path: string): void {
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // ENXIO: nobody is reading it
  }
}

/**
 * A character device node equivalent to /dev/null inside `dir` (never the real /dev/null), or
 * undefined where device nodes cannot be made (not root, or a nodev file system).
 */
export function nullDevice(dir: string): string | undefined {
  const path = join(dir, 'null-device');
  try {
    execFileSync('mknod', [path, 'c', '1', '3'], { stdio: 'ignore' });
    closeSync(openSync(path, 'w'));
    return path;
  } catch {
    return undefined;
  }
}

/** Reject after `ms`: a read that waits on a FIFO must fail the test, not hang it. */
export function within<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
