/**
 * Every shell example of README.md and docs/*.md works as written for a reader of a checkout: a
 * marked block (`<!-- NAME: begin -->`) is run by a test of test/docs, and every other ```sh
 * block is checked — its `npx ioa-align …` commands pass the argument contract, and none calls a
 * bare `ioa-align`, which is not on the PATH in a checkout ("command not found").
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineCommand } from 'citty';
import { describe, expect, it } from 'vitest';
import { checkArgs, findCommand, resolveCommand } from '../../src/cli/args.js';
import { COMMANDS } from '../../src/cli/main.js';
import { ROOT, documentationFiles, runDocScript, shellBlocks, shellCommands, type ShellBlock } from '../helpers/doc-script.js';

const blocks: ShellBlock[] = documentationFiles().flatMap((doc) => shellBlocks(doc));

/** What is wrong with one `npx ioa-align …` command line, or undefined: the CLI's own check, run without running the command. */
const root = resolveCommand(defineCommand({ meta: { name: 'ioa-align' }, subCommands: COMMANDS }), []);
async function contractProblem(args: string[]): Promise<string | undefined> {
  try {
    const { command, rest } = await findCommand(await root, args);
    checkArgs(command, rest);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the documentation\'s shell examples', () => {
  it('are found: the walk-throughs and the other examples', () => {
    expect(blocks.filter((b) => b.marker).map((b) => `${b.doc} ${b.marker}`)).toEqual(['docs/agent-records.md agent-records', 'docs/agent-records.md pinned-record', 'docs/compatibility-check.md walkthrough', 'docs/version-upgrade.md version-upgrade']);
    expect(blocks.length).toBeGreaterThanOrEqual(8);
  });

  it('every runnable block is run by a test of test/docs', () => {
    const tests = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.test.ts')).map((f) => readFileSync(join(import.meta.dirname, f), 'utf8')).join('\n');
    for (const b of blocks.filter((x) => x.marker)) expect([b.doc, b.marker, tests.includes(`docScript('${b.doc}', '${b.marker}')`)]).toEqual([b.doc, b.marker, true]);
  });

  it('no example calls a bare ioa-align, and every npx ioa-align command passes the argument contract', async () => {
    let checked = 0;
    for (const block of blocks) {
      for (const { line, words } of shellCommands(block.text)) {
        const where = `${block.doc}:${block.line + line}`;
        const at = words.findIndex((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w)); // skip VAR=value prefixes
        const [program, ...args] = words.slice(at);
        expect([where, program]).not.toEqual([where, 'ioa-align']);
        if (program !== 'npx' || args[0] !== 'ioa-align') continue;
        expect([where, await contractProblem(args.slice(1))]).toEqual([where, undefined]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(25);
  });

  it('the checker sees what a reader would trip on', async () => {
    expect(shellCommands('ioa-align check \\\n  --json # note\nnpm install && npx ioa-align propose "a b.ttl" $X | head')).toEqual([
      { line: 1, words: ['ioa-align', 'check', '--json'] },
      { line: 3, words: ['npm', 'install'] },
      { line: 3, words: ['npx', 'ioa-align', 'propose', 'a b.ttl', '$X'] },
      { line: 3, words: ['head'] },
    ]);
    expect(await contractProblem(['propose', 'a.ttl', 'b.ttl', '[--top-k', '5]'])).toMatch(/unexpected argument "\[--top-k"/);
    expect(await contractProblem(['review', 'simulate', 'c.tsv'])).toContain('missing required option --reference');
  });

  it('in a documentation run, a bare ioa-align is "command not found", as on a reader\'s machine', () => {
    const { run } = runDocScript('ioa-align --version\n');
    expect([run.status, run.stderr]).toEqual([127, expect.stringContaining('ioa-align: command not found')]);
    expect(runDocScript('npx ioa-align --version\n').run.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('in the repository root, the real npx runs the checkout\'s ioa-align without installing anything', () => {
    const run = spawnSync('npx', ['--no-install', 'ioa-align', '--version'], { cwd: ROOT, encoding: 'utf8' });
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect([run.status, run.stdout]).toEqual([0, `${version}\n`]);
  });
});
