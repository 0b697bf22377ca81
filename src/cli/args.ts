/**
 * The command-line contract, checked once for every command before it runs: which command the
 * arguments name, that every option is one the command declares, that every option that takes a
 * value has one, that required arguments are there and that nothing is left over. citty parses
 * leniently (it drops unknown options and does not insist on required string options in every
 * version), so its parse is only trusted after this check has passed. The tokens handed to citty
 * are normalised to `--name=value`, so citty reads exactly the value checked here — also a value
 * that starts with `-` (`--top-k -1` reaches the command's own range check).
 */
import type { ArgDef, ArgsDef, CommandDef, CommandMeta } from 'citty';
import { IoaError } from '../model/errors.js';
import { isRepeatable } from './repeated.js';
import { suggest } from '../model/suggest.js';

/** Flags every command understands; main() handles them before any command runs. */
export const GLOBAL_FLAGS: ReadonlyArray<{ flag: string; description: string }> = [
  { flag: '-h, --help', description: 'Show this help' },
  { flag: '--debug', description: 'Print the stack trace of an error' },
];

/** A command with its pieces resolved (citty allows each to be a value, a function or a promise). */
export interface ResolvedCommand {
  /** Command names from the root: `['artifact', 'build']`; empty for the root. */
  path: readonly string[];
  def: CommandDef;
  meta: CommandMeta;
  args: ArgsDef;
  /** Sub-command names, in declaration order; empty for a command that runs. */
  subCommandNames: readonly string[];
}

async function resolve<T>(value: unknown): Promise<T> {
  return (typeof value === 'function' ? await (value as () => unknown)() : await value) as T;
}

export async function resolveCommand(def: CommandDef, path: readonly string[]): Promise<ResolvedCommand> {
  const subs = await resolve<Record<string, unknown> | undefined>(def.subCommands);
  return {
    path,
    def,
    meta: (await resolve<CommandMeta | undefined>(def.meta)) ?? {},
    args: (await resolve<ArgsDef | undefined>(def.args)) ?? {},
    subCommandNames: subs ? Object.keys(subs) : [],
  };
}

export async function subCommand(parent: ResolvedCommand, name: string): Promise<ResolvedCommand | undefined> {
  const subs = await resolve<Record<string, unknown> | undefined>(parent.def.subCommands);
  if (!subs || !Object.prototype.hasOwnProperty.call(subs, name)) return undefined;
  return resolveCommand(await resolve<CommandDef>(subs[name]), [...parent.path, name]);
}

/** A usage mistake, reported with the usage line of the command it concerns. */
export class UsageError extends IoaError {
  constructor(message: string, readonly command: ResolvedCommand) {
    super('E_USAGE', message);
  }
}

const isOption = (token: string): boolean => token.startsWith('-') && token !== '-';

/**
 * Find the command the arguments name. Returns it with the tokens that follow its name. An
 * unknown or missing sub-command is a usage error (with a suggestion when one is close).
 */
export async function findCommand(root: ResolvedCommand, argv: readonly string[]): Promise<{ command: ResolvedCommand; rest: string[] }> {
  let command = root;
  let rest = [...argv];
  while (command.subCommandNames.length > 0) {
    const name = rest[0];
    // A command that runs by itself and also has sub-commands (`review FILE` beside `review
    // simulate FILE`) runs itself unless its first argument names one of them.
    if (command.def.run && (name === undefined || isOption(name) || !command.subCommandNames.includes(name))) {
      return { command: { ...command, def: { ...command.def, subCommands: undefined }, subCommandNames: [] }, rest };
    }
    const choices = command.subCommandNames.join(', ');
    if (name === undefined) throw new UsageError(`missing command: choose one of ${choices}`, command);
    if (isOption(name)) throw new UsageError(`expected a command (${choices}) before ${name}`, command);
    const next = await subCommand(command, name);
    if (!next) {
      const hint = suggest(name, command.subCommandNames);
      throw new UsageError(`unknown command "${name}"${hint ? `; did you mean "${hint}"?` : `; choose one of ${choices}`}`, command);
    }
    command = next;
    rest = rest.slice(1);
  }
  return { command, rest };
}

/** The same lenient walk for `--help`: as deep as the named commands go, ignoring everything else. */
export async function findHelpTarget(root: ResolvedCommand, argv: readonly string[]): Promise<ResolvedCommand> {
  let command = root;
  for (const token of argv) {
    if (token === '--') break;
    if (isOption(token) || command.subCommandNames.length === 0) continue;
    const next = await subCommand(command, token);
    if (!next) break;
    command = next;
  }
  return command;
}

const takesValue = (def: ArgDef): boolean => def.type === 'string' || def.type === 'enum';
const isRequiredPositional = (def: ArgDef): boolean => def.required !== false && def.default === undefined;
const isRequiredOption = (def: ArgDef): boolean => def.required === true && def.default === undefined;

/**
 * Check `tokens` (what follows the command's name) against the command's declared arguments and
 * return them normalised for citty. Every problem is collected, so one run names all of them.
 */
export function checkArgs(command: ResolvedCommand, tokens: readonly string[]): string[] {
  const args = command.args;
  const positionals = Object.entries(args).filter(([, def]) => def.type === 'positional');
  const optionNames = Object.entries(args).filter(([, def]) => def.type !== 'positional').map(([name]) => name);
  const known = [...optionNames, 'help', 'debug'];
  const problems: string[] = [];
  const seen = new Set<string>();
  // Every spelling an option was given in, to refuse a single-valued option given twice.
  const given = new Map<string, string[]>();
  const note = (name: string, spelling: string): void => { given.set(name, [...(given.get(name) ?? []), spelling]); };
  const values: string[] = [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '--') {
      values.push(...tokens.slice(i + 1));
      out.push(...tokens.slice(i));
      break;
    }
    if (!isOption(token)) {
      values.push(token);
      out.push(token);
      continue;
    }
    const body = token.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq < 0 ? body : body.slice(0, eq);
    const inline = eq < 0 ? undefined : body.slice(eq + 1);
    const def = token.startsWith('--') && Object.prototype.hasOwnProperty.call(args, name) ? args[name]! : undefined;
    if (def && def.type !== 'positional') {
      seen.add(name);
      if (takesValue(def)) {
        let value = inline;
        if (value === undefined) {
          const next = tokens[i + 1];
          // A following option is not taken as this one's value: `--to --out x` forgot the value.
          if (next !== undefined && !next.startsWith('--')) value = tokens[++i]!;
        }
        if (value === undefined) problems.push(`option --${name} needs a value${tokens[i + 1]?.startsWith('--') ? ` (a value that begins with "--" is written --${name}=VALUE)` : ''}`);
        else {
          out.push(`--${name}=${value}`);
          note(name, JSON.stringify(value));
        }
      } else if (inline === undefined || inline === 'true' || inline === 'false') {
        out.push(token);
        note(name, `--${name}${inline === undefined ? '' : `=${inline}`}`);
      } else {
        problems.push(`option --${name} takes no value (got "${inline}")`);
      }
      continue;
    }
    const negated = token.startsWith('--no-') ? args[name.slice(3)] : undefined;
    if (negated?.type === 'boolean' && inline === undefined) {
      seen.add(name.slice(3));
      out.push(token);
      note(name.slice(3), token);
      continue;
    }
    // `--no-relases`: the nearest boolean option, negated as it was typed.
    const negatedHint = name.startsWith('no-') ? suggest(name.slice(3), optionNames.filter((n) => args[n]!.type === 'boolean')) : undefined;
    const hint = suggest(name, known) ?? (negatedHint === undefined ? undefined : `no-${negatedHint}`);
    // `--top_k 3`: the value belongs to the misspelt option, not to the positionals.
    const meant = hint === undefined ? undefined : args[hint];
    if (meant && takesValue(meant) && inline === undefined && tokens[i + 1] !== undefined && !tokens[i + 1]!.startsWith('--')) i++;
    problems.push(`unknown option ${token.startsWith('--') ? `--${name}` : token}${hint ? ` (did you mean --${hint}?)` : ''}`);
  }
  for (const [name, spellings] of given) {
    if (spellings.length > 1 && !isRepeatable(args[name]!)) {
      problems.push(takesValue(args[name]!)
        ? `option --${name} is given ${spellings.length} times (${spellings.join(', ')}) but takes one value; give it once`
        : `option --${name} is given ${spellings.length} times (${spellings.join(', ')}); give it once`);
    }
  }
  positionals.forEach(([name, def], index) => {
    if (index >= values.length && isRequiredPositional(def)) problems.push(`missing required argument <${name}>`);
  });
  // A last positional declared repeatable (`review conflicts A.tsv B.tsv …`) takes the rest.
  const variadic = positionals.length > 0 && isRepeatable(positionals[positionals.length - 1]![1]);
  if (!variadic) for (const extra of values.slice(positionals.length)) problems.push(`unexpected argument "${extra}"`);
  for (const name of optionNames) {
    if (isRequiredOption(args[name]!) && !seen.has(name)) problems.push(`missing required option --${name}`);
  }
  if (problems.length > 0) throw new UsageError(problems.join('; '), command);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Usage line and help
// ---------------------------------------------------------------------------------------------

const placeholder = (name: string, def: ArgDef): string => `<${def.valueHint ?? name}>`;

/** `ioa-align convert <in> --to <to> [options]`: positionals and required options, in order. */
export function usageLine(command: ResolvedCommand, program = 'ioa-align'): string {
  const parts = [program, ...command.path];
  if (command.subCommandNames.length > 0) {
    const sub = [...parts, command.path.length === 0 ? '<command>' : `<${command.subCommandNames.join('|')}>`, '…'].join(' ');
    // A command that also runs by itself (`review FILE …` beside `review simulate …`): both forms.
    return command.def.run ? `${usageLine({ ...command, subCommandNames: [] }, program)} | ${sub}` : sub;
  }
  let optional = false;
  for (const [name, def] of Object.entries(command.args)) {
    if (def.type === 'positional') parts.push(`${isRequiredPositional(def) ? `<${name}>` : `[${name}]`}${isRepeatable(def) ? '…' : ''}`);
    else if (isRequiredOption(def)) parts.push(`--${name} ${placeholder(name, def)}`);
    else optional = true;
  }
  if (optional) parts.push('[options]');
  return parts.join(' ');
}

/**
 * A word wider than a line is cut after a `|`, `,` or `/` where it has one (the choices of an
 * option, a path), else at the line's width.
 */
function pieces(word: string, room: number): string[] {
  if (word.length <= room) return [word];
  const out: string[] = [];
  let current = '';
  for (const part of word.split(/(?<=[|,/])/)) {
    if (current && current.length + part.length > room) {
      out.push(current);
      current = '';
    }
    current += part;
    while (current.length > room) {
      out.push(current.slice(0, room));
      current = current.slice(room);
    }
  }
  if (current) out.push(current);
  return out;
}

/** Greedy word wrap of one paragraph to `width` columns. */
export function wrap(text: string, width: number, indent = 0, firstIndent = indent): string[] {
  const lines: string[] = [];
  let line = ' '.repeat(firstIndent);
  let empty = true;
  const room = Math.max(10, width - Math.max(indent, firstIndent));
  for (const word of text.split(/\s+/).filter(Boolean).flatMap((w) => pieces(w, room))) {
    const pad = lines.length === 0 ? firstIndent : indent;
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
      continue;
    }
    line = empty ? ' '.repeat(pad) + word : `${line} ${word}`;
    empty = false;
  }
  if (!empty || lines.length === 0) lines.push(line);
  return lines;
}

/** Two columns: a label, then its description wrapped beside it (or below, when the label is long). */
function table(rows: ReadonlyArray<[string, string]>, width: number): string[] {
  const labelWidth = Math.min(Math.max(...rows.map(([label]) => label.length)), Math.floor(width / 3));
  const descIndent = 2 + labelWidth + 2;
  const lines: string[] = [];
  for (const [label, description] of rows) {
    if (label.length > labelWidth) {
      lines.push(...wrap(label, width, 6, 2));
      lines.push(...wrap(description, width, descIndent));
    } else {
      const body = wrap(description, width, descIndent);
      body[0] = `  ${label.padEnd(labelWidth)}  ${body[0]!.trimStart()}`;
      lines.push(...body);
    }
  }
  return lines;
}

function optionRows(args: ArgsDef): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const [name, def] of Object.entries(args)) {
    if (def.type === 'positional') continue;
    const notes = [isRequiredOption(def) ? '(required)' : '', isRepeatable(def) ? '(repeatable)' : '', def.default !== undefined ? `(default: ${String(def.default)})` : ''].filter(Boolean).join(' ');
    const label = def.type === 'boolean'
      ? def.default === true ? `--${name}, --no-${name}` : `--${name}`
      : `--${name} ${placeholder(name, def)}`;
    rows.push([label, [def.description ?? '', notes].filter(Boolean).join(' ')]);
  }
  return rows;
}

/** Help for any command, wrapped to `width` columns. Required options are marked and in the usage line. */
export async function renderHelp(command: ResolvedCommand, width: number, program = 'ioa-align'): Promise<string> {
  const lines: string[] = [...wrap(`Usage: ${usageLine(command, program)}`, width, 4, 0), ''];
  if (command.meta.description) lines.push(...wrap(command.meta.description, width), '');
  if (command.subCommandNames.length > 0) {
    lines.push('Commands:');
    const rows: Array<[string, string]> = [];
    for (const name of command.subCommandNames) {
      const sub = (await subCommand(command, name))!;
      if (sub.meta.hidden) continue;
      rows.push([name, sub.meta.description ?? '']);
    }
    lines.push(...table(rows, width), '');
    if (command.path.length > 0) {
      // Each sub-command's own usage line, so its required options show without a second --help.
      lines.push('Usage of each command:');
      for (const name of command.subCommandNames) {
        const sub = (await subCommand(command, name))!;
        if (!sub.meta.hidden) lines.push(...wrap(usageLine(sub, program), width, 6, 2));
      }
      lines.push('');
    }
    lines.push(...wrap(`Run \`${[program, ...command.path].join(' ')} <command> --help\` for a command's options.`, width), '');
  }
  if (command.subCommandNames.length === 0 || command.def.run) {
    const positionals = Object.entries(command.args).filter(([, def]) => def.type === 'positional');
    if (positionals.length > 0) {
      lines.push('Arguments:', ...table(positionals.map(([name, def]) => [`<${name}>`, def.description ?? '']), width), '');
    }
  }
  const rows = [...optionRows(command.args), ...GLOBAL_FLAGS.map((g): [string, string] => [g.flag, g.description])];
  if (command.path.length === 0 && command.meta.version) rows.push(['--version', `Print the version (${command.meta.version})`]);
  lines.push('Options:', ...table(rows, width));
  return lines.join('\n');
}
