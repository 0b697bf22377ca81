/**
 * The documentation's shell examples, as tests see them. A ```sh block between
 * `<!-- NAME: begin -->` and `<!-- NAME: end -->` is runnable: a test runs it as written, in a
 * fresh folder that links the repository's corpora/, the way a reader runs it from the
 * repository root. Every other ```sh block is checked: each `npx ioa-align …` command in it must
 * pass the command line's argument contract (a known command, known options with their values,
 * the required arguments), and no command may call a bare `ioa-align`, which is not on a
 * reader's PATH in a checkout.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** One fenced ```sh block of a Markdown file. */
export interface ShellBlock {
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  text: string;
  /** The name of the `<!-- NAME: begin -->` marker around it: a block a test runs. */
  marker?: string;
}

/** The Markdown files whose examples are tested: README.md and docs/*.md. */
export function documentationFiles(): string[] {
  return ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

/** Every ```sh block of `doc` (relative to the repository), with the marker that makes it runnable. */
export function shellBlocks(doc: string): ShellBlock[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```sh') continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`${doc}:${i + 1}: a \`\`\`sh block that is never closed`);
    const before = /^<!-- ([\w-]+): begin -->$/.exec(lines[i - 1] ?? '')?.[1];
    const after = /^<!-- ([\w-]+): end -->$/.exec(lines[end + 1] ?? '')?.[1];
    if (before !== after) throw new Error(`${doc}:${i + 1}: a runnable block needs both markers with one name (<!-- NAME: begin --> / <!-- NAME: end -->)`);
    blocks.push({ doc, line: i + 1, text: `${lines.slice(i + 1, end).join('\n')}\n`, ...(before ? { marker: before } : {}) });
    i = end;
  }
  return blocks;
}

/** The shell block named `marker` in the Markdown file `doc` (relative to the repository). */
export function docScript(doc: string, marker: string): string {
  const block = shellBlocks(doc).find((b) => b.marker === marker);
  if (!block) throw new Error(`${doc} has no ${marker} block`);
  return block.text;
}

/**
 * The simple commands of a shell text, each as its words: continuation lines joined, comments
 * dropped, split at `|`, `&&`, `||` and `;`. Quotes group words; `$VAR` stays as written. Enough
 * for the documentation's examples, which use no subshells or here-documents.
 */
export function shellCommands(text: string): Array<{ line: number; words: string[] }> {
  const commands: Array<{ line: number; words: string[] }> = [];
  let words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  let line = 1;
  let start = 1;
  // A redirection's target (`> file`, `2>&1`) is not an argument of the command.
  let redirectTarget = false;
  const endWord = (): void => {
    if (word !== undefined && !redirectTarget) words.push(word);
    if (word !== undefined) redirectTarget = false;
    word = undefined;
  };
  const endCommand = (): void => {
    endWord();
    if (words.length > 0) commands.push({ line: start, words });
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else {
        if (c === '\n') line++;
        word = (word ?? '') + c;
      }
      continue;
    }
    if (c === '\\' && text[i + 1] === '\n') { i++; line++; endWord(); continue; }
    if (c === "'" || c === '"') { quote = c; word ??= ''; continue; }
    if (c === '#' && word === undefined) { while (i + 1 < text.length && text[i + 1] !== '\n') i++; continue; }
    if ((c === '>' || c === '<') && (word === undefined || /^\d+$/.test(word))) {
      word = undefined;
      while (text[i + 1] === '>' || text[i + 1] === '&') i++;
      // `2>&1` names a descriptor, not a file: nothing follows to skip.
      if (/\d/.test(text[i + 1] ?? '') && text[i] === '&') { while (/\d/.test(text[i + 1] ?? '')) i++; continue; }
      redirectTarget = true;
      continue;
    }
    if (c === '\n' || c === ';' || c === '|' || c === '&') {
      endCommand();
      redirectTarget = false;
      if (c === '\n') line++;
      if ((c === '|' || c === '&') && text[i + 1] === c) i++;
      start = line;
      continue;
    }
    if (c === ' ' || c === '\t') { endWord(); if (words.length === 0) start = line; continue; }
    if (words.length === 0 && word === undefined) start = line;
    word = (word ?? '') + c;
  }
  endCommand();
  return commands;
}

/** Whether a process is running (a zombie, waiting for its parent to read its status, is not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Runs `script` under `set -euo pipefail` in a new folder that links the repository's corpora/.
 * `npx` there is a stand-in for npm's: `npx ioa-align …` runs the repository's bin, which is what
 * npx does in the repository root (test/docs/examples.test.ts runs the real one there); anything
 * else fails, and `ioa-align` alone is not on the PATH, as for a reader of a checkout. Like npm's,
 * it runs the bin as its child rather than in its own place, so a script that stops `npx` alone
 * (`kill $!`) leaves the program running: `leftRunning` lists the programs still running once the
 * script has ended (each is then stopped, so the suite does not hang).
 */
export function runDocScript(script: string): { dir: string; run: SpawnSyncReturns<string>; leftRunning: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-doc-'));
  symlinkSync(join(ROOT, 'corpora'), join(dir, 'corpora'));
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  const children = join(dir, '.npx-children');
  writeFileSync(join(bin, 'npx'), [
    '#!/bin/sh',
    'if [ "$1" = ioa-align ]; then',
    '  shift',
    // npm's exec waits for the program as its child; a signal that ends npm does not reach it.
    `  "${process.execPath}" "${join(ROOT, 'bin/ioa-align.js')}" "$@" <&0 &`,
    '  child=$!',
    `  echo "$child" >> "${children}"`,
    '  wait "$child"',
    '  exit $?',
    'fi',
    'echo "npx $*: only npx ioa-align is available in a documentation run" >&2',
    'exit 127',
    '',
  ].join('\n'));
  chmodSync(join(bin, 'npx'), 0o755);
  writeFileSync(join(dir, 'walk.sh'), `set -euo pipefail\n${script}`);
  // A walk-through that leaves a background server behind must fail, not hang the suite.
  const run = spawnSync('bash', ['walk.sh'], { cwd: dir, env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }, encoding: 'utf8', timeout: 180_000, killSignal: 'SIGKILL' });
  let started: number[] = [];
  try {
    started = readFileSync(children, 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    // no npx ioa-align ran
  }
  // A program being stopped gets a moment to finish.
  const until = Date.now() + 5_000;
  while (started.some(running) && Date.now() < until) spawnSync('sleep', ['0.1']);
  const leftRunning = started.filter(running);
  for (const pid of leftRunning) process.kill(pid, 'SIGKILL');
  return { dir, run, leftRunning };
}
