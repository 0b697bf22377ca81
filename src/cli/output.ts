/**
 * Where a command's result goes: standard output (no `--out`, or `--out -`), or a file written by
 * the shared writer (src/io/files.ts: atomic, never over a directory, FIFO, socket or one of the
 * command's inputs; through symbolic links and character devices). The destination is checked
 * when the command starts, so a wrong `--out` fails before the work, and again when written.
 */
import { IoaError } from '../model/errors.js';
import { resolveOutput, writeFileAtomic, type OutputOptions } from '../io/files.js';
import { out } from './io.js';

export interface Output {
  /** Undefined when the result goes to standard output. */
  readonly path: string | undefined;
  /** Write the whole result; a final newline is added when missing, as on standard output. */
  write(text: string): Promise<void>;
}

/** `--out -` names standard output, as in most command-line tools. */
export const STDOUT = '-';

export interface OpenOutputOptions extends OutputOptions {
  /** Files written beside the output (a CSV file's metadata sidecar), checked the same way. */
  companions?: (path: string) => readonly string[];
}

export async function openOutput(outPath: string | undefined, options: OpenOutputOptions = {}): Promise<Output> {
  if (outPath === '') throw new IoaError('E_USAGE', `--out needs a file path (or ${STDOUT} for standard output)`, { path: '--out' });
  if (outPath === undefined || outPath === STDOUT) return { path: undefined, write: async (text) => out(text) };
  await resolveOutput(outPath, options);
  for (const companion of options.companions?.(outPath) ?? []) await resolveOutput(companion, options);
  return {
    path: outPath,
    write: (text) => writeFileAtomic(outPath, text.endsWith('\n') ? text : `${text}\n`, options),
  };
}

/** For commands whose `--out` names a folder (`bench`, `keys generate`): `-` cannot be one. */
export function outputFolder(outPath: string): string {
  if (outPath === STDOUT || outPath === '') throw new IoaError('E_USAGE', '--out names a folder here; standard output (-) cannot hold several files', { path: '--out' });
  return outPath;
}
