/**
 * The CLI's connection to the outside: where output goes and what exit code a command chose.
 * `main()` installs a fresh one per call, so tests can run commands in-process and read the
 * output without spawning a process (STYLE.md point 7).
 */
import type { Writable } from 'node:stream';

export interface CliIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  /** Set by a command that ends with something other than success (e.g. `check` → 3 or 4). */
  exitCode: number;
  debug: boolean;
}

let current: CliIo = { stdout: process.stdout, stderr: process.stderr, exitCode: 0, debug: false };

export function cliIo(): CliIo {
  return current;
}

export function installIo(io: CliIo): void {
  current = io;
}

export function out(text: string): void {
  current.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function err(text: string): void {
  current.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function setExitCode(code: number): void {
  current.exitCode = code;
}
