/**
 * Locks between processes, for every read-modify-write of a file ioa-align owns (a trust policy
 * that `trust add-key` extends, a reviewed file the review page keeps saving, the embedding model
 * store and its cache): without one, two runs that read the same state each write back their own
 * change and one of them is silently lost.
 *
 * A lock is the file `<path>.lock`, created whole or not at all: its owner record is written to a
 * temporary file that is then hard-linked into place, and link() fails when the lock exists, on
 * local and network file systems alike. The owner record names the pid, host and start time of
 * the holder (src/io/owner.ts), so a lock left behind by a killed process is broken at once by
 * the next run on the same host, a lock whose pid was reused by another process is recognised as
 * stale, and a live holder's lock is never broken. A lock whose holder cannot be asked (another
 * host, an unreadable record) is broken once it is older than `staleMs`.
 *
 * Why not proper-lockfile (the usual npm choice; 4.1.2 installs from the registry and works on
 * Node 20 without network): it judges a lock stale by its age alone and keeps it fresh by touching
 * it from a timer. A holder killed with SIGKILL then blocks every other run for the whole stale
 * period (10 s by default; measured: the next run took the lock after 9.9 s), a holder
 * whose event loop stalls longer than that (a long synchronous step, a suspended machine) loses
 * its lock to another process while it still writes, and a timer that cannot touch the lock
 * reports "compromised" by throwing outside any caller. Asking whether the owner still runs has
 * none of these failure modes, and the model build already relied on it.
 */
import { randomBytes } from 'node:crypto';
import { link, lstat, readFile, realpath, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { IoaError } from '../model/errors.js';
import { currentOwner, ownerState, type ProcessOwner } from './owner.js';
import { trackTemporary } from './temp.js';

/** The record inside a lock file. */
export interface LockHolder extends ProcessOwner {
  startedAt: string;
  /** Random: tells this holder's lock from a later one by the same process. */
  token: string;
}

export interface LockOptions {
  /**
   * How long to wait for a live holder before giving up with `E_FILE_LOCKED` (default 10 s;
   * `Infinity` waits as long as the holder lives).
   */
  waitMs?: number;
  pollMs?: number;
  /** A lock whose holder cannot be asked (another host, no readable record) is broken after this long (default 10 min). */
  staleMs?: number;
  /** Called once when the lock is held by someone else and this process starts waiting. */
  onWait?: (holder: LockHolder | undefined, lock: string) => void;
  /** What the lock protects, for messages ("trust policy"). */
  what?: string;
}

const DEFAULT_WAIT_MS = 10_000;
const STALE_LOCK_MS = 10 * 60_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isSafeInteger(value.pid) && (value.pid as number) > 0 && typeof value.host === 'string' && typeof value.token === 'string') {
      return { pid: value.pid!, host: value.host, token: value.token, startedAt: String(value.startedAt ?? ''), ...(typeof value.start === 'string' ? { start: value.start } : {}) };
    }
  } catch {
    // a lock written by an older version (a folder) or cut short: no owner to ask
  }
  return undefined;
}

/** "pid 123 on host-b", for messages. */
export function describeHolder(holder: LockHolder | undefined): string {
  if (holder === undefined) return 'an unknown process';
  return `pid ${holder.pid}${holder.host === currentOwner().host ? '' : ` on ${holder.host}`}`;
}

/**
 * Take the lock file `lock`. Returns the release function. Throws `E_FILE_LOCKED` when a live
 * holder keeps it longer than `waitMs`, `E_WRITE_FAILED` when the lock cannot be created at all
 * (a read-only folder: the write it protects could not happen either).
 */
export async function acquireLock(lock: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const staleMs = options.staleMs ?? STALE_LOCK_MS;
  const me: LockHolder = { ...currentOwner(), startedAt: new Date().toISOString(), token: randomBytes(8).toString('hex') };
  const mine = JSON.stringify(me);
  const temp = `${lock}.${process.pid}.${me.token}.tmp`;
  const untrackTemp = trackTemporary(temp);
  try {
    await writeFile(temp, mine, { flag: 'wx' });
  } catch (error) {
    untrackTemp();
    throw new IoaError('E_WRITE_FAILED', `cannot create the lock file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: lock }, { cause: error });
  }
  const deadline = Date.now() + waitMs;
  let announced = false;
  try {
    for (;;) {
      try {
        await link(temp, lock);
        // An interrupted run (Ctrl-C) releases the lock on its way out; a killed one leaves it
        // to the owner check of the next run.
        const untrackLock = trackTemporary(lock);
        return async () => {
          untrackLock();
          const held = await readFile(lock, 'utf8').catch(() => undefined);
          if (held === mine) await unlink(lock).catch(() => {});
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new IoaError('E_WRITE_FAILED', `cannot create the lock file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: lock }, { cause: error });
        }
      }
      const info = await lstat(lock).catch(() => undefined);
      if (!info) continue; // released meanwhile
      const text = info.isFile() ? await readFile(lock, 'utf8').catch(() => '') : '';
      const holder = parseHolder(text);
      const state = holder === undefined ? 'unknown' : ownerState(holder);
      if (state === 'gone' || (state === 'unknown' && Date.now() - info.mtimeMs > staleMs)) {
        await breakLock(lock, text, info.isDirectory());
        continue;
      }
      if (Date.now() >= deadline) {
        throw new IoaError('E_FILE_LOCKED', `${options.what ?? 'the file'} is being changed by ${describeHolder(holder)} (lock ${lock}, taken ${holder?.startedAt || 'at an unknown time'}); nothing was written: try again when it is done`, { file: lock });
      }
      if (!announced) {
        announced = true;
        options.onWait?.(holder, lock);
      }
      await sleep(Math.min(options.pollMs ?? 50, Math.max(1, deadline - Date.now())));
    }
  } finally {
    await unlink(temp).catch(() => {});
    untrackTemp();
  }
}

/**
 * Remove a stale lock without removing a fresh one: move it aside, and only delete it if it is
 * still the one judged stale; a lock taken meanwhile by a live process is put back.
 */
async function breakLock(lock: string, staleText: string, legacyFolder: boolean): Promise<void> {
  if (legacyFolder) {
    await rmdir(lock).catch(() => {});
    return;
  }
  const aside = `${lock}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(lock, aside);
  } catch {
    return; // someone else broke or released it
  }
  const text = await readFile(aside, 'utf8').catch(() => '');
  if (text !== staleText) await link(aside, lock).catch(() => {});
  await unlink(aside).catch(() => {});
}

/**
 * Run `work` holding the lock of `file` (the lock file `<file>.lock` beside it): a
 * read-modify-write of `file` inside `work` cannot interleave with another process's.
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const release = await acquireLock(`${await canonicalPath(file)}.lock`, options);
  try {
    return await work();
  } finally {
    await release();
  }
}

/** `file` with every symbolic link resolved (of the folder, when the file does not exist yet), so two spellings share one lock. */
async function canonicalPath(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    return join(await realpath(dirname(file)).catch(() => dirname(file)), basename(file));
  }
}

/** Which version of a file is on disk: enough to tell that another process replaced or changed it. */
export interface FileVersion {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
}

/** The version of `file` now; null when there is no such file. */
export async function fileVersion(file: string): Promise<FileVersion | null> {
  try {
    const info = await stat(file, { bigint: true });
    return { dev: info.dev, ino: info.ino, size: info.size, mtimeNs: info.mtimeNs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const sameVersion = (a: FileVersion | null, b: FileVersion | null): boolean =>
  a === null || b === null ? a === b : a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;

/**
 * Compare-and-swap on a file: run `write` holding the file's lock, only if the file is still the
 * version this process last saw (`seen`; null: it did not exist). Returns the version `write`
 * left. A file that changed meanwhile is `E_FILE_CHANGED` and is left as it is: another process
 * won the race, and overwriting its change would lose it silently.
 */
export async function writeIfUnchanged(file: string, seen: FileVersion | null, write: () => Promise<void>, options: LockOptions = {}): Promise<FileVersion | null> {
  return withFileLock(file, async () => {
    const now = await fileVersion(file);
    if (!sameVersion(now, seen)) {
      throw new IoaError('E_FILE_CHANGED', `${options.what ?? 'the file'} was ${now === null ? 'removed' : seen === null ? 'created' : 'changed'} by another process since this one read it: not overwritten, so nothing of either is lost (reopen it to go on from what it holds now)`, { file });
    }
    await write();
    return fileVersion(file);
  }, options);
}
