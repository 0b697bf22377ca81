/**
 * Control characters that come from the input (file names, document values) never reach the
 * terminal raw: errors, warnings and human-readable reports escape them as `\uXXXX`. Data on
 * stdout (SSSOM, JSON) stays byte for byte.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IoaError, escapeControls } from '../../src/model/errors.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from './helpers.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
/** ESC (a colour sequence), BEL, NUL, a C1 control (CSI) and a right-to-left override. */
const HOSTILE = '\u001b[31mred\u0007\u0000\u009b2J\u202eevil';
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('escaping', () => {
  it('writes every control character as \\uXXXX and keeps the rest', () => {
    expect(escapeControls(HOSTILE)).toBe('\\u001b[31mred\\u0007\\u0000\\u009b2J\\u202eevil');
    expect(escapeControls('line\nnext\ttab', { keepNewlines: true })).toBe('line\nnext\\u0009tab');
    expect(escapeControls('ü, 中文, emoji 🙂')).toBe('ü, 中文, emoji 🙂');
    expect(escapeControls(escapeControls(HOSTILE))).toBe(escapeControls(HOSTILE));
  });

  it('IoaError.describe() escapes the file, the JSON path and the message', () => {
    const error = new IoaError('E_PARSE_JSON', `bad value ${HOSTILE}`, { file: `a${HOSTILE}.json`, path: `$.x${HOSTILE}` });
    expect(error.describe()).not.toMatch(RAW);
    expect(error.describe()).toContain('\\u001b[31mred');
    // The structured form keeps the text as it was (JSON output escapes it in its own way).
    expect(error.toJSON().message).toContain(HOSTILE);
  });
});

describe('the CLI', () => {
  const dir = tempDir('ioa-tty-');

  it('an error naming a file with control characters in its name (exit 2)', async () => {
    const run = await runCli(['inspect', join(dir, `missing${HOSTILE}.ttl`)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('[E_FILE_UNREADABLE]');
    expect(run.stderr).toContain('missing\\u001b[31mred\\u0007\\u0000');
    expect(run.stderr).not.toMatch(RAW);
  });

  it('a parse error quoting the input (exit 2, E_PARSE_TURTLE)', async () => {
    const file = join(dir, 'hostile.ttl');
    writeFileSync(file, `@prefix ex: <http://example.org/> .\nex:a ex:b ${HOSTILE} .\n`);
    const run = await runCli(['inspect', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('[E_PARSE_TURTLE]');
    expect(run.stderr).not.toMatch(RAW);
  });

  it('validate: findings that quote a hostile value are escaped on stdout (exit 2)', async () => {
    const envelope = JSON.parse(readFileSync(join(EX, 'envelope-12.1-zh-en.json'), 'utf8')) as Record<string, unknown>;
    envelope['@type'] = `ioa:SemanticEnvelope${HOSTILE}`;
    const file = join(dir, 'hostile-envelope.json');
    writeFileSync(file, JSON.stringify(envelope));
    const run = await runCli(['validate', file, '--kind', 'envelope']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('\\u001b[31mred');
    expect(run.stdout).not.toMatch(RAW);
    expect(run.stderr).not.toMatch(RAW);
    // --json is data: the value is there exactly, in JSON's own escaping.
    const json = await runCli(['validate', file, '--kind', 'envelope', '--json']);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('warnings on stderr are escaped (propose on an ontology without concepts, its file name hostile)', async () => {
    const file = join(dir, `empty${HOSTILE.replace('\u0000', '')}.ttl`);
    writeFileSync(file, '@prefix ex: <http://example.org/> .\n');
    const run = await runCli(['propose', file, join(EX, 'doc.ttl'), '--generators', 'exact']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('empty\\u001b[31mred\\u0007\\u009b2J\\u202eevil.ttl: no concepts to match');
    expect(run.stderr).not.toMatch(RAW);
  });
});
