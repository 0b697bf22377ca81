/**
 * On a terminal, `propose` shows what it is doing from loading to the written file: the work
 * started ahead of the generators (`preparing`, step by step), each generator, fusion and the
 * write, each step closed by a line of its own. Piped, it prints no progress at all.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asOnATerminal } from '../helpers/terminal.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../io/helpers.js';

const corpus = (name: string): string => join(import.meta.dirname, '../../corpora/conference/ontologies', name);

/** The lines a terminal would end up showing, and every state a redrawn line went through. */
function screen(stderr: string): { lines: string[]; states: string[] } {
  const clean = stderr.replace(/\u001b\[K/g, '');
  return { lines: clean.split('\n').map((line) => line.split('\r').pop()!).filter(Boolean), states: clean.split(/[\r\n]/).filter(Boolean) };
}

describe('propose progress', () => {
  const dir = tempDir('ioa-progress-');
  asOnATerminal();

  it('a terminal that reports no width (0 columns) is taken as 80 wide: the lines still say what is done', async () => {
    const out = join(dir, 'unsized.sssom.tsv');
    const run = await runCli(['propose', corpus('cmt.owl'), corpus('ekaw.owl'), '--out', out], { terminal: true, columns: 0 });
    expect(run.code).toBe(0);
    const { states } = screen(run.stderr);
    expect(states.some((state) => state.startsWith('loading'))).toBe(true);
    expect(states.filter((state) => state === '…')).toEqual([]);
  });

  it('a redrawn line never wraps on a narrow terminal: it is cut to the width, so no stale row is left', async () => {
    const out = join(dir, 'narrow.sssom.tsv');
    const run = await runCli(['propose', corpus('cmt.owl'), corpus('ekaw.owl'), '--out', out], { terminal: true, columns: 40 });
    expect(run.code).toBe(0);
    // Every state a \r redraws: at most 39 characters (the last column stays free).
    const redrawn = run.stderr.replace(/\u001b\[K/g, '').split('\r').map((s) => s.split('\n')[0]!).filter(Boolean);
    expect(redrawn.length).toBeGreaterThan(5);
    for (const state of redrawn) expect([state, [...state].length <= 39]).toEqual([state, true]);
  });

  it('names every step on a terminal, in the order the work is done, each closed once', async () => {
    const out = join(dir, 'cmt-ekaw.sssom.tsv');
    const run = await runCli(['propose', corpus('cmt.owl'), corpus('ekaw.owl'), '--out', out], { terminal: true });
    expect(run.code).toBe(0);
    const { lines, states } = screen(run.stderr);
    const stepOf = (line: string): string => line.split(' ')[0]!;
    expect(lines.map(stepOf)).toEqual(['loading', 'preparing', 'exact', 'tfidf', 'wordnet', 'structure', 'description', 'edit', 'fusing', 'writing', 'ioa-align:']);
    expect(lines[0]).toMatch(/^loading loaded \d+ \+ \d+ concepts$/);
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^\S+ done$/);
    // The steps of the work started ahead, in order, before any generator's bar.
    const ahead = states.filter((s) => s.startsWith('preparing [')).map((s) => s.replace(/^.*% /, ''));
    expect([...new Set(ahead)]).toEqual(['name index', 'name vectors', 'name pairs']);
    expect(states.findLastIndex((s) => s.startsWith('preparing'))).toBeLessThan(states.findIndex((s) => s.startsWith('exact')));
    // Fusion and the write say how much they handle.
    expect(states).toContainEqual(expect.stringMatching(/^fusing [\d,]+ member candidates$/));
    const written = Number(/wrote (\d+) candidates/.exec(lines.at(-1)!)![1]);
    expect(states).toContain(`writing ${written.toLocaleString('en')} candidates to ${out}`);
  });

  it('prints no progress when stderr is not a terminal', async () => {
    const run = await runCli(['propose', corpus('cmt.owl'), corpus('ekaw.owl'), '--out', join(dir, 'piped.sssom.tsv')]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^ioa-align: wrote \d+ candidates for \d+ of \d+ subjects to /)]);
  });
});
