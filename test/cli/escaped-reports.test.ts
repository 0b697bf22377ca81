/**
 * Reports meant for people — on the terminal or in a file a person opens (the `inspect` table, the
 * `diff --summary` file, `bench`'s Markdown) — show the control characters an input brings (ESC,
 * BEL, U+202E and the rest) as `\u001b`-style escapes, so a hostile ontology cannot drive the
 * terminal of whoever reads them. Data formats (SSSOM, JSON) stay exact.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const dir = mkdtempSync(join(tmpdir(), 'ioa-escaped-'));
const FIX = join(import.meta.dirname, '../versions/fixtures');
// Turtle \u escapes: ESC [2J (clear screen), BEL, RIGHT-TO-LEFT OVERRIDE.
const HOSTILE = '\\u001B[2J\\u0007\\u202E';
const DECODED = '\u001b[2J\u0007\u202e';
const ESCAPED = '\\u001b[2J\\u0007\\u202e';

const hostile = (name: string, edit: (text: string) => string): string => {
  const file = join(dir, name);
  writeFileSync(file, edit(readFileSync(join(FIX, name), 'utf8')));
  return file;
};
const OLD = hostile('zoo-1.0.ttl', (t) => t);
const NEW = hostile('zoo-2.0.ttl', (t) => t.replace('owl:versionInfo "2.0"', `owl:versionInfo "2.0${HOSTILE}"`).replace('rdfs:label "Bony fish"', `rdfs:label "Bony${HOSTILE} fish"`));

describe('reports for people escape what the input brings; data stays exact', () => {
  it('inspect: the table escapes owl:versionInfo and labels; --json holds them exactly', async () => {
    const table = await runCli(['inspect', NEW]);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(RAW);
    expect(table.stdout).toMatch(new RegExp(`^version\\s+2\\.0${ESCAPED.replace(/[\\[]/g, '\\$&')}`, 'm'));
    const json = await runCli(['inspect', NEW, '--json']);
    expect((JSON.parse(json.stdout) as { version: string }).version).toBe(`2.0${DECODED}`);
  });

  it('diff --summary FILE writes an escaped summary; the stderr summary is escaped; the alignment keeps the label exactly', async () => {
    const summary = join(dir, 'summary.txt');
    const out = join(dir, 'va.sssom.tsv');
    const run = await runCli(['diff', OLD, NEW, '--summary', summary, '--out', out]);
    expect(run.code).toBe(0);
    const text = readFileSync(summary, 'utf8');
    expect(text).not.toMatch(RAW);
    expect(text).toContain(`Bony${ESCAPED} fish`);
    expect(run.stderr).not.toMatch(RAW);
    expect(readFileSync(out, 'utf8')).toContain(`Bony${DECODED} fish`);
    // The same summary on stdout (--summary -) is the same report.
    const stdout = await runCli(['diff', OLD, NEW, '--summary', '-', '--out', join(dir, 'va2.sssom.tsv'), '--quiet']);
    expect(stdout.stdout).not.toMatch(RAW);
    expect(stdout.stdout).toContain(`Bony${ESCAPED} fish`);
  });

  it('keys generate and trust add-key echo a folder and file name escaped', async () => {
    const keys = join(dir, `k${DECODED}`);
    const run = await runCli(['keys', 'generate', '--out', keys]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(RAW);
    expect(run.stdout).toContain(`k${ESCAPED}/public.pem`);
    const trust = join(dir, `t${DECODED}.json`);
    expect((await runCli(['trust', 'init', '--out', trust])).code).toBe(0);
    const add = await runCli(['trust', 'add-key', '--trust', trust, '--issuer', 'https://example.org/i', '--key', join(keys, 'public.pem'), '--scope', 'https://a.example/o:https://b.example/o']);
    expect([add.code, RAW.test(add.stdout), add.stdout.startsWith(`${join(dir, `t${ESCAPED}.json`)}: trusted key`)]).toEqual([0, false, true]);
  });
});

describe('commands print text for people through report() or err(), data through out()', () => {
  it('every out(…) in a command prints JSON or the data of a mapping file (or the review URL it made itself); a table or message goes through report()', () => {
    const commands = join(import.meta.dirname, '../../src/cli/commands');
    const calls = readdirSync(commands).flatMap((f) => [...readFileSync(join(commands, f), 'utf8').matchAll(/\bout\(([^\n]*)/g)].map((m) => `${f}: out(${m[1]!}`));
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.filter((c) => !/: out\((JSON\.stringify|formatMappings)\(/.test(c) && c !== 'review.ts: out(server.url);')).toEqual([]);
  });
});
