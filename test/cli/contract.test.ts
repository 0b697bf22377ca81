/**
 * The command-line contract every command shares (README "Command line"): a missing argument, an
 * unknown option or a stray argument is a usage error (exit 2, E_USAGE) naming it, followed by
 * the command's usage line; help lists required options and fits the terminal.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { ResolvedCommand } from '../../src/cli/args.js';
import { runCli } from '../helpers/cli.js';
import { leafCommands } from '../helpers/commands.js';
import { DEFAULT_GENERATORS } from '../../src/generators/registry.js';
import { DEFAULT_DIFF_GENERATORS } from '../../src/versions/diff.js';

const required = (command: ResolvedCommand): { positionals: string[]; options: string[] } => {
  const entries = Object.entries(command.args);
  return {
    positionals: entries.filter(([, d]) => d.type === 'positional' && d.required !== false && d.default === undefined).map(([n]) => n),
    options: entries.filter(([, d]) => d.type !== 'positional' && d.required === true && d.default === undefined).map(([n]) => n),
  };
};

describe('missing required arguments are usage errors (exit 2, E_USAGE), never internal errors', () => {
  const cases: Array<[string[], string]> = [
    [['check'], 'missing required option --request'],
    [['check', '--request', 'e.json', '--provider', 'c.json'], 'missing required option --profile'],
    [['propose'], 'missing required argument <source>'],
    [['propose', 'a.ttl'], 'missing required argument <target>'],
    [['convert', 'in.tsv'], 'missing required option --to'],
    [['artifact', 'build', '--from', 'r.tsv'], 'missing required option --artifact-id'],
    [['artifact', 'sign', 'a.json'], 'missing required option --key'],
    [['artifact', 'sign', '--key', 'k.pem'], 'missing required argument <artifact>'],
    [['artifact', 'verify', 'a.json'], 'missing required option --trust'],
    [['keys', 'generate'], 'missing required option --out'],
    [['nlip', 'wrap', 'e.json'], 'missing required option --task'],
    [['validate'], 'missing required argument <file>'],
    [['export-ontology', 'hf-tasks'], 'missing required option --to'],
    [['a2a', 'card', '--version', '1.0'], 'missing required option --ontology-id'],
    [['a2a', 'wrap'], 'missing required argument <envelope>'],
    [['inspect'], 'missing required argument <ontology>'],
    // A command that also has a sub-command (`review simulate`) still checks its own arguments.
    [['review'], 'missing required argument <candidates>'],
    [['review', 'c.tsv', '--source', 's.owl', '--target', 't.owl'], 'missing required option --out'],
    [['review', 'simulate', 'c.tsv'], 'missing required option --reference'],
  ];
  it.each(cases)('%j → %s', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    const [first, second] = r.stderr.split('\n');
    expect(first).toMatch(/^ioa-align: .*\[E_USAGE\]$/);
    expect(first).toContain(message);
    expect(second).toMatch(new RegExp(`^usage: ioa-align ${argv.filter((a) => /^[a-z]/.test(a) && !a.includes('.'))[0]}`));
    expect(r.stdout).toBe('');
  });

  it('holds for every command: each names all of its missing required arguments and prints its own usage line', async () => {
    const leaves = await leafCommands();
    expect(leaves.length).toBeGreaterThanOrEqual(17);
    let checked = 0;
    for (const command of leaves) {
      const { positionals, options } = required(command);
      if (positionals.length + options.length === 0) continue;
      const r = await runCli([...command.path]);
      expect([command.path.join(' '), r.code]).toEqual([command.path.join(' '), 2]);
      for (const p of positionals) expect(r.stderr).toContain(`missing required argument <${p}>`);
      for (const o of options) expect(r.stderr).toContain(`missing required option --${o}`);
      expect(r.stderr).toContain('[E_USAGE]');
      expect(r.stderr).toContain(`\nusage: ioa-align ${command.path.join(' ')} `);
      expect(r.stderr).not.toContain('internal error');
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(14);
  });
});

describe('unknown options are refused (exit 2, E_USAGE) with a suggestion from the command\'s own options', () => {
  it('propose a b --top_k 3: did you mean --top-k? — and the command does not run', async () => {
    const r = await runCli(['propose', 'missing-a.ttl', 'missing-b.ttl', '--top_k', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('ioa-align: unknown option --top_k (did you mean --top-k?) [E_USAGE]');
    expect(r.stderr).toContain('usage: ioa-align propose <source> <target> [options]');
    expect(r.stderr).not.toContain('E_FILE_UNREADABLE');
  });

  it('other spellings and typos get the nearest option; a far-off name gets no guess', async () => {
    const camel = await runCli(['propose', 'a', 'b', '--topK', '3']);
    expect([camel.code, camel.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: unknown option --topK (did you mean --top-k?) [E_USAGE]']);
    const typo = await runCli(['convert', 'x.tsv', '--to', 'csv', '--metdata', 'm.yml']);
    expect([typo.code, typo.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: unknown option --metdata (did you mean --metadata?) [E_USAGE]']);
    const negated = await runCli(['bench', '--corpus', 'agents', '--no-relases']);
    expect([negated.code, negated.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: unknown option --no-relases (did you mean --no-releases?) [E_USAGE]']);
    const far = await runCli(['validate', 'x.json', '--zzzzzz']);
    expect([far.code, far.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: unknown option --zzzzzz [E_USAGE]']);
    const short = await runCli(['check', '-x']);
    expect(short.code).toBe(2);
    expect(short.stderr.split('\n')[0]).toContain('unknown option -x');
  });

  it('holds for every command, before anything runs (bench and models build included)', async () => {
    for (const command of await leafCommands()) {
      const r = await runCli([...command.path, '--bogus-flag']);
      expect([command.path.join(' '), r.code]).toEqual([command.path.join(' '), 2]);
      expect(r.stderr).toContain('unknown option --bogus-flag');
      expect(r.stderr).toContain('[E_USAGE]');
    }
  });

  it('an option without its value, a value on a flag, a stray argument and an unknown command are usage errors too', async () => {
    const noValue = await runCli(['convert', 'x.tsv', '--to']);
    expect([noValue.code, noValue.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: option --to needs a value [E_USAGE]']);
    const swallowed = await runCli(['convert', 'x.tsv', '--to', '--out', 'y.csv']);
    expect([swallowed.code, swallowed.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: option --to needs a value (a value that begins with "--" is written --to=VALUE) [E_USAGE]']);
    const dashed = await runCli(['nlip', 'wrap', '/nonexistent/e.json', '--task', '--weird-task-name']);
    expect(dashed.stderr).toContain('option --task needs a value');
    const inlineDashed = await runCli(['nlip', 'wrap', '/nonexistent/e.json', '--task=--weird-task-name']);
    expect([inlineDashed.code, inlineDashed.stderr.includes('[E_FILE_UNREADABLE]')]).toEqual([2, true]);
    const flagValue = await runCli(['validate', 'x.json', '--json=yes']);
    expect([flagValue.code, flagValue.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: option --json takes no value (got "yes") [E_USAGE]']);
    const stray = await runCli(['validate', 'a.json', 'b.json']);
    expect([stray.code, stray.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: unexpected argument "b.json" [E_USAGE]']);
    const command = await runCli(['chek']);
    expect([command.code, command.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: unknown command "chek"; did you mean "check"? [E_USAGE]']);
    const sub = await runCli(['artifact', 'verfy']);
    expect([sub.code, sub.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: unknown command "verfy"; did you mean "verify"? [E_USAGE]']);
    const group = await runCli(['keys']);
    expect([group.code, group.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: missing command: choose one of generate [E_USAGE]']);
  });

  it('global flags and option forms are accepted: --debug anywhere, --x=v, --no-x, a value starting with "-"', async () => {
    const debug = await runCli(['validate', '--debug', '/nonexistent/x.json']);
    expect([debug.code, debug.stderr.includes('[E_FILE_UNREADABLE]')]).toEqual([2, true]);
    const negative = await runCli(['propose', 'a', 'b', '--top-k', '-1']);
    expect([negative.code, negative.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: --top-k must be an integer from 1 to 1000, not "-1" [E_USAGE]']);
    const inline = await runCli(['propose', 'a', 'b', '--top-k=0']);
    expect([inline.code, inline.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: --top-k must be an integer from 1 to 1000, not "0" [E_USAGE]']);
    const negated = await runCli(['bench', '--no-charts', '--corpus', 'no-such-corpus']);
    expect([negated.code, negated.stderr.includes('[E_UNKNOWN_CORPUS]')]).toEqual([2, true]);
  });
});

class Terminal extends Writable {
  text = '';
  constructor(readonly isTTY: boolean, readonly columns?: number) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function help(argv: string[], tty?: number): Promise<string> {
  const stdout = new Terminal(tty !== undefined, tty);
  const code = await main([...argv, '--help'], { stdout, stderr: new Terminal(false) });
  expect(code).toBe(0);
  return stdout.text;
}

const longest = (text: string): number => Math.max(...text.split('\n').map((l) => l.length));

describe('--help', () => {
  it('the root help wraps at 80 columns when piped, and at the terminal\'s width on a terminal', async () => {
    const piped = await help([]);
    expect(longest(piped)).toBeLessThanOrEqual(80);
    expect(piped).toContain('artifact');
    const wide = await help([], 120);
    expect(longest(wide)).toBeLessThanOrEqual(120);
    expect(longest(wide)).toBeGreaterThan(80);
    const narrow = await help([], 60);
    expect(longest(narrow)).toBeLessThanOrEqual(60);
  });

  it('keys --help shows the required --out of keys generate', async () => {
    const text = await help(['keys']);
    expect(text).toContain('ioa-align keys generate --out <out>');
  });

  it('every command\'s help lists each required argument and option, marks options (required), and fits 80 columns', async () => {
    for (const command of await leafCommands()) {
      const text = await help([...command.path]);
      const { positionals, options } = required(command);
      const usage = text.split('\n\n')[0]!.replace(/\s+/g, ' ');
      for (const p of positionals) expect(usage).toContain(`<${p}>`);
      for (const o of options) {
        expect(usage).toContain(`--${o} `);
        expect(text).toMatch(new RegExp(`--${o} <[^>]+>[\\s\\S]*?\\(required\\)`));
      }
      expect([command.path.join(' '), longest(text)]).toEqual([command.path.join(' '), Math.min(longest(text), 80)]);
    }
  });

  it('--generators names the default list the command runs: propose and bench DEFAULT_GENERATORS, diff and artifact upgrade DEFAULT_DIFF_GENERATORS', async () => {
    const cases: Array<[string[], readonly string[]]> = [
      [['propose'], DEFAULT_GENERATORS], [['bench'], DEFAULT_GENERATORS],
      [['diff'], DEFAULT_DIFF_GENERATORS], [['artifact', 'upgrade'], DEFAULT_DIFF_GENERATORS],
    ];
    for (const [path, list] of cases) {
      // The option's paragraph, with the help's line wrapping undone.
      const text = (await help(path)).replace(/\s+/g, ' ');
      const option = text.slice(text.indexOf('--generators'));
      const stated = /default(?:, as in propose)?: ([a-z,]+)\)/.exec(option.slice(0, 400))?.[1];
      expect([path.join(' '), stated]).toEqual([path.join(' '), list.join(',')]);
    }
  });
});
