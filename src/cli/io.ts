/**
 * The CLI's connection to the outside: where output goes and what exit code a command chose.
 * `main()` installs a fresh one per call, so tests can run commands in-process and read the
 * output without spawning a process (STYLE.md point 7).
 */
import type { Writable } from 'node:stream';
import { describeDiagnostic, escapeControls } from '../model/errors.js';

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

/** Data on stdout (SSSOM, JSON, Turtle…), byte for byte: it is meant for a file or a program. */
export function out(text: string): void {
  current.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * A report for a person on stdout (findings, a verdict): control characters from the input are
 * escaped (`\u001b`), so a hostile file cannot drive the terminal.
 */
export function report(text: string): void {
  out(escapeControls(text, { keepNewlines: true }));
}

/**
 * Write text chunks to stdout as they come, waiting whenever the stream's buffer is full, so a
 * large output (a whole candidate file) is never held in memory at once.
 */
export async function outChunks(chunks: Iterable<string>): Promise<void> {
  const stream = current.stdout;
  for (const chunk of chunks) {
    if (stream.destroyed) return; // a failed standard output ends the run (guardStandardStreams)
    if (!stream.write(chunk)) {
      // A stream that fails instead of draining ends the wait too.
      await new Promise<void>((resolve) => {
        const done = (): void => {
          stream.off('drain', done);
          stream.off('close', done);
          resolve();
        };
        stream.once('drain', done);
        stream.once('close', done);
      });
    }
  }
}

/** Diagnostics, warnings and notes on stderr; control characters escaped as in report(). */
export function err(text: string): void {
  const safe = escapeControls(text, { keepNewlines: true });
  current.stderr.write(safe.endsWith('\n') ? safe : `${safe}\n`);
}

export function setExitCode(code: number): void {
  current.exitCode = code;
}

/**
 * `file:line:column at PATH: message [CODE]` for a finding placed in a document's text (a syntax
 * error, a lone surrogate, a member named twice): the form every parse error takes, with the
 * JSON path when there is one besides the root.
 */
export function textFault(f: { file: string; line?: number; column?: number; path: string; message: string; code: string }): string {
  const where = { file: f.file, ...(f.line !== undefined ? { line: f.line } : {}), ...(f.column !== undefined ? { column: f.column } : {}), ...(f.path !== '$' ? { path: f.path } : {}) };
  return describeDiagnostic(where, f.message, f.code);
}
