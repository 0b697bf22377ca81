/**
 * Entry point of the `ioa-align` command. Commands are registered as data (STYLE.md point 2):
 * add a file under commands/ and one line to COMMANDS. Heavy modules load only when their
 * command runs. This is the only place that maps errors to exit codes.
 */
import { defineCommand, runCommand, renderUsage, type CommandDef, type SubCommandsDef } from 'citty';
import { IoaError, isIoaError } from '../model/errors.js';
import { installIo, cliIo, type CliIo } from './io.js';
import { TOOL_VERSION } from '../version.js';

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
  bench: lazy(() => import('./commands/bench.js')),
  validate: lazy(() => import('./commands/validate.js')),
  a2a: lazy(() => import('./commands/a2a.js')),
  nlip: lazy(() => import('./commands/nlip.js')),
  check: lazy(() => import('./commands/check.js')),
  keys: lazy(() => import('./commands/keys.js')),
  artifact: lazy(() => import('./commands/artifact.js')),
};

/** Exit codes: 0 ok, 1 internal error, 2 invalid input or usage; `check` adds 3 and 4. */
export const EXIT = { ok: 0, internal: 1, invalid: 2, incompatible: 3, indeterminate: 4 } as const;

function rootCommand(): CommandDef {
  return defineCommand({
    meta: { name: 'ioa-align', version: TOOL_VERSION, description: 'Candidate ontology mappings, review exports and a strict compatibility gate for Internet-of-Agents semantic profiles.' },
    subCommands: Object.fromEntries(Object.entries(COMMANDS).map(([name, load]) => [name, load])),
  });
}

async function resolveTarget(root: CommandDef, argv: string[]): Promise<[CommandDef, CommandDef | undefined]> {
  let cmd = root;
  let parent: CommandDef | undefined;
  let rest = argv;
  for (;;) {
    const subs = (typeof cmd.subCommands === 'function' ? await cmd.subCommands() : await cmd.subCommands) as Record<string, unknown> | undefined;
    const name = rest.find((a) => !a.startsWith('-'));
    if (!subs || !name || !(name in subs)) return [cmd, parent];
    const entry = subs[name];
    parent = cmd;
    cmd = (typeof entry === 'function' ? await (entry as () => Promise<CommandDef>)() : await entry) as CommandDef;
    rest = rest.slice(rest.indexOf(name) + 1);
  }
}

export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const debug = argv.includes('--debug');
  const args = argv.filter((a) => a !== '--debug');
  installIo({ stdout: io.stdout ?? process.stdout, stderr: io.stderr ?? process.stderr, exitCode: 0, debug });
  const root = rootCommand();
  try {
    if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
      const [cmd, parent] = await resolveTarget(root, args);
      const usage = await renderUsage(cmd, parent);
      cliIo().stdout.write(`${cliIo().stdout.isTTY ? usage : stripAnsi(usage)}\n`);
      return args.length === 0 ? EXIT.invalid : EXIT.ok;
    }
    if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
      cliIo().stdout.write(`${TOOL_VERSION}\n`);
      return EXIT.ok;
    }
    await runCommand(root, { rawArgs: args });
    return cliIo().exitCode;
  } catch (error) {
    return reportError(error, debug);
  }
}

const stripAnsi = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');

function reportError(error: unknown, debug: boolean): number {
  const stderr = cliIo().stderr;
  if (isIoaError(error)) {
    stderr.write(`ioa-align: ${error.describe()}\n`);
    if (debug && error.stack) stderr.write(`${error.stack}\n`);
    return error.code === 'E_INTERNAL' ? EXIT.internal : EXIT.invalid;
  }
  // citty's own usage errors (unknown command, missing positional) are usage, not crashes.
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E_(UNKNOWN_COMMAND|NO_COMMAND|ARG|MISSING|INVALID)/.test(code)) {
    stderr.write(`ioa-align: ${stripAnsi((error as Error).message)} [E_USAGE] (try --help)\n`);
    return EXIT.invalid;
  }
  const wrapped = new IoaError('E_INTERNAL', `internal error: ${(error as Error)?.message ?? String(error)} (run again with --debug for details)`);
  stderr.write(`ioa-align: ${wrapped.describe()}\n`);
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  return EXIT.internal;
}
