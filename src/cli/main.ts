/**
 * Entry point of the `ioa-align` command. Commands are registered as data (STYLE.md point 2):
 * add a file under commands/ and one line to COMMANDS. Heavy modules load only when their
 * command runs. This is the only place that maps errors to exit codes, and the only place that
 * checks arguments (args.ts): every command gets the same contract without code of its own.
 */
import { defineCommand, runCommand, type CommandDef, type SubCommandsDef } from 'citty';
import { IoaError, escapeControls, isIoaError } from '../model/errors.js';
import { installIo, cliIo, type CliIo } from './io.js';
import { TOOL_VERSION } from '../version.js';
import { UsageError, checkArgs, findCommand, findHelpTarget, renderHelp, resolveCommand, usageLine, type ResolvedCommand } from './args.js';
import { undecodableArgument } from './argv-encoding.js';
import { EXIT } from './exit-codes.js';
import { reasonOf } from '../io/files.js';

/** citty's own type for a sub-command (it erases each command's argument types). */
type AnyCommand = Awaited<ReturnType<Extract<SubCommandsDef[string], () => Promise<unknown>>>>;
type LazyCommand = () => Promise<AnyCommand>;

const lazy = (load: () => Promise<{ default: unknown }>): LazyCommand => async () => (await load()).default as AnyCommand;

export const COMMANDS: Record<string, LazyCommand> = {
  inspect: lazy(() => import('./commands/inspect.js')),
  propose: lazy(() => import('./commands/propose.js')),
  'export-ontology': lazy(() => import('./commands/export-ontology.js')),
  models: lazy(() => import('./commands/models.js')),
  convert: lazy(() => import('./commands/convert.js')),
  coherence: lazy(() => import('./commands/coherence.js')),
  diff: lazy(() => import('./commands/diff.js')),
  bench: lazy(() => import('./commands/bench.js')),
  validate: lazy(() => import('./commands/validate.js')),
  a2a: lazy(() => import('./commands/a2a.js')),
  nlip: lazy(() => import('./commands/nlip.js')),
  check: lazy(() => import('./commands/check.js')),
  keys: lazy(() => import('./commands/keys.js')),
  trust: lazy(() => import('./commands/trust.js')),
  artifact: lazy(() => import('./commands/artifact.js')),
  review: lazy(() => import('./commands/review.js')),
  records: lazy(() => import('./commands/records.js')),
};

function rootCommand(): CommandDef {
  return defineCommand({
    meta: { name: 'ioa-align', version: TOOL_VERSION, description: 'Candidate ontology mappings, review exports and a strict compatibility gate for Internet-of-Agents semantic profiles.' },
    subCommands: Object.fromEntries(Object.entries(COMMANDS).map(([name, load]) => [name, load])),
  });
}

/** Help is wrapped to the terminal's width, and to 80 columns when it is not a terminal. */
function helpWidth(stream: CliIo['stdout']): number {
  const columns = stream.isTTY ? (stream as { columns?: number }).columns : undefined;
  return typeof columns === 'number' && columns >= 40 ? columns : 80;
}

export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  // Global flags count only before `--`: after it every token is an argument.
  const end = argv.indexOf('--');
  const flags = end < 0 ? argv : argv.slice(0, end);
  const debug = flags.includes('--debug');
  const args = argv.filter((a, i) => a !== '--debug' || (end >= 0 && i > end));
  installIo({ stdout: io.stdout ?? process.stdout, stderr: io.stderr ?? process.stderr, exitCode: 0, debug });
  let command: ResolvedCommand | undefined;
  try {
    const root = await resolveCommand(rootCommand(), []);
    command = root;
    if (args.length === 0 || flags.includes('--help') || flags.includes('-h')) {
      const target = await findHelpTarget(root, args);
      cliIo().stdout.write(`${await renderHelp(target, helpWidth(cliIo().stdout))}\n`);
      return args.length === 0 ? EXIT.invalid : EXIT.ok;
    }
    if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
      cliIo().stdout.write(`${TOOL_VERSION}\n`);
      return EXIT.ok;
    }
    const found = await findCommand(root, args);
    command = found.command;
    const undecodable = undecodableArgument(found.rest);
    if (undecodable) {
      const shown = JSON.stringify(found.rest[undecodable.index]!.replace(/^--[^=]+=/, ''));
      const what = undecodable.option === undefined ? `argument ${shown}` : `the value of ${undecodable.option} (${shown})`;
      throw new UsageError(`${what} is not valid UTF-8: the bytes that do not decode would be read as U+FFFD, naming another file or text than the one given (rename the file, or give the argument in UTF-8)`, command);
    }
    const rawArgs = checkArgs(command, found.rest);
    await runCommand(command.def, { rawArgs });
    return cliIo().exitCode;
  } catch (error) {
    return reportError(error, debug, command);
  }
}

function reportError(error: unknown, debug: boolean, command: ResolvedCommand | undefined): number {
  const stderr = cliIo().stderr;
  if (isIoaError(error)) {
    stderr.write(`ioa-align: ${error.describe()}\n`);
    // A usage mistake is followed by the usage line of the command it concerns.
    const about = error instanceof UsageError ? error.command : command;
    if (error.code === 'E_USAGE' && about) stderr.write(`usage: ${usageLine(about)}\n`);
    if (debug && error.stack) stderr.write(`${error.stack}\n`);
    return error.code === 'E_INTERNAL' ? EXIT.internal : EXIT.invalid;
  }
  // citty's own usage errors (its codes drift: `EARG` beside `E_UNKNOWN_COMMAND`) are usage, not
  // crashes. checkArgs catches these first; this is the net under it.
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E_?(UNKNOWN_COMMAND|NO_COMMAND|ARG|MISSING|INVALID)/.test(code)) {
    stderr.write(`ioa-align: ${escapeControls(stripAnsi((error as Error).message))} [E_USAGE]\n`);
    if (command) stderr.write(`usage: ${usageLine(command)}\n`);
    return EXIT.invalid;
  }
  const wrapped = new IoaError('E_INTERNAL', `internal error: ${(error as Error)?.message ?? String(error)} (run again with --debug for details)`);
  stderr.write(`ioa-align: ${wrapped.describe()}\n`);
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  return EXIT.internal;
}

const stripAnsi = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * What a failed write on standard output or standard error means for the process (the launcher,
 * bin/ioa-align.js, installs this before anything is written). Such failures arrive as 'error'
 * events of the stream, after the write call returned, so no command sees them:
 * - EPIPE: the reader stopped early (`| head`): not an error, the run stops quietly;
 * - anything else (ENOSPC on `> /dev/full`, EIO, EROFS, EDQUOT, EFBIG): one line on standard
 *   error naming the code, `E_WRITE_FAILED`, exit 2 — never a stack trace.
 */
export function guardStandardStreams(): void {
  const streams = [{ stream: process.stdout, name: 'standard output' }, { stream: process.stderr, name: 'standard error' }];
  for (const { stream, name } of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      if (stream !== process.stderr) {
        const failure = new IoaError('E_WRITE_FAILED', `cannot write to ${name}: ${reasonOf(error)}`);
        try {
          process.stderr.write(`ioa-align: ${failure.describe()}\n`);
        } catch {
          // standard error fails too: the exit code still tells
        }
      }
      process.exit(EXIT.invalid);
    });
  }
}
