/**
 * Who a lock or a temporary file belongs to, and whether that process still runs. A process id
 * alone proves little: another host's pid says nothing here, and a pid is reused once its process
 * is gone. So an owner is its pid, its host and — where the system tells (Linux's /proc) — the
 * moment the process started: a live pid that started at another moment is another process.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** The process that holds a lock or wrote a temporary file. */
export interface ProcessOwner {
  pid: number;
  host: string;
  /** Start time of the process (clock ticks since boot, from /proc/PID/stat); absent where unknown. */
  start?: string;
}

/**
 * When process `pid` started, in clock ticks since boot (field 22 of /proc/PID/stat), or
 * undefined where there is no /proc or no such process.
 */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start !== undefined && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

let self: ProcessOwner | undefined;

/** This process as an owner. */
export function currentOwner(): ProcessOwner {
  if (self === undefined || self.pid !== process.pid) {
    const start = processStart(process.pid);
    self = { pid: process.pid, host: hostname(), ...(start !== undefined ? { start } : {}) };
  }
  return self;
}

/** Six hex digits naming this host, short enough for a file name. */
export function hostTag(host = hostname()): string {
  return createHash('sha256').update(host).digest('hex').slice(0, 6);
}

/**
 * `alive`: the owner runs (or may: its pid exists and nothing says it is another process);
 * `gone`: the owner is on this host and no longer runs (no such pid, or the pid now belongs to a
 * process that started at another moment); `unknown`: another host's process, which cannot be asked.
 */
export function ownerState(owner: ProcessOwner): 'alive' | 'gone' | 'unknown' {
  if (owner.host !== hostname()) return 'unknown';
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists, owned by another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  if (owner.start !== undefined) {
    const now = processStart(owner.pid);
    if (now !== undefined && now !== owner.start) return 'gone';
  }
  return 'alive';
}
