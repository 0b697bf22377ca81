/**
 * The shared reader and writer (src/io/files.ts): what every command's inputs and `--out` go
 * through. Special files are made in temporary folders; the real /dev/null is never touched.
 */
import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8, readTextFile, resolveOutput, writeFileAtomic, writeFilesAtomic } from '../../src/io/files.js';
import { rejectedIoaError, thrownIoaError } from '../helpers/errors.js';
import { fifo, nullDevice, releaseFifo, tempDir, within } from './helpers.js';

const dir = tempDir();
const pipes: string[] = [];
afterAll(() => { for (const p of pipes) releaseFifo(p); });

describe('reading', () => {
  it('refuses a FIFO at once (E_FILE_UNREADABLE) instead of waiting for a writer', async () => {
    const pipe = fifo(dir, 'read-pipe');
    pipes.push(pipe);
    const error = await within(rejectedIoaError(readTextFile(pipe)));
    expect(error.code).toBe('E_FILE_UNREADABLE');
    expect(error.message).toContain('FIFO');
    expect(error.location.file).toBe(pipe);
  });

  it('refuses a directory and a missing file with E_FILE_UNREADABLE', async () => {
    expect((await rejectedIoaError(readTextFile(dir))).message).toContain('directory');
    expect((await rejectedIoaError(readTextFile(join(dir, 'absent')))).message).toContain('no such file');
  });

  it('drops a UTF-8 byte-order mark and reads the rest unchanged', async () => {
    const file = join(dir, 'bom.txt');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a": "é"}')]));
    expect(await readTextFile(file)).toBe('{"a": "é"}');
  });

  it('invalid UTF-8 is E_PARSE_UTF8 with its byte offset, line and column', async () => {
    const file = join(dir, 'latin1.txt');
    writeFileSync(file, Buffer.concat([Buffer.from('line one\nab'), Buffer.from([0xe9]), Buffer.from('t\n')]));
    const error = await rejectedIoaError(readTextFile(file));
    expect(error.code).toBe('E_PARSE_UTF8');
    expect(error.message).toContain('byte offset 11 (0xe9)');
    expect(error.location).toMatchObject({ file, line: 2, column: 3 });
  });

  it('a size limit is checked before reading (E_INPUT_TOO_LARGE)', async () => {
    const file = join(dir, 'big.txt');
    writeFileSync(file, 'x'.repeat(100));
    expect((await rejectedIoaError(readTextFile(file, { maxBytes: 99 }))).code).toBe('E_INPUT_TOO_LARGE');
    expect(await readTextFile(file, { maxBytes: 100 })).toHaveLength(100);
  });
});

describe('strict UTF-8', () => {
  it('finds the first invalid byte exactly where Node says the bytes are not UTF-8', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
      const offset = firstInvalidUtf8(bytes);
      expect(offset === -1).toBe(isUtf8(bytes));
      // Everything before the offset is valid UTF-8 on its own.
      if (offset >= 0) expect(isUtf8(bytes.subarray(0, offset))).toBe(true);
    }), { numRuns: 3000 });
  });

  it('rejects overlong forms, surrogates and code points above U+10FFFF', () => {
    for (const bytes of [[0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]]) {
      expect(firstInvalidUtf8(Uint8Array.from([0x41, ...bytes]))).toBe(1);
      expect(thrownIoaError(() => decodeUtf8(Uint8Array.from(bytes))).code).toBe('E_PARSE_UTF8');
    }
    expect(decodeUtf8(Buffer.from('€𝄞'))).toBe('€𝄞');
  });
});

describe('writing', () => {
  it('replaces a regular file atomically and keeps its mode', async () => {
    const file = join(dir, 'out.txt');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    await writeFileAtomic(file, 'new text');
    expect(readFileSync(file, 'utf8')).toBe('new text');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes through a symbolic link: the link stays a link, the target gets the text and keeps its mode', async () => {
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'old');
    chmodSync(target, 0o600);
    const link = join(dir, 'link.txt');
    symlinkSync('target.txt', link);
    await writeFileAtomic(link, 'through the link');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('target.txt');
    expect(readFileSync(target, 'utf8')).toBe('through the link');
    expect(statSync(target).mode & 0o777).toBe(0o600);
  });

  it('refuses a FIFO or a directory with E_USAGE and leaves it as it was', async () => {
    const pipe = fifo(dir, 'out-pipe');
    pipes.push(pipe);
    const error = await within(rejectedIoaError(writeFileAtomic(pipe, 'x')));
    expect(error.code).toBe('E_USAGE');
    expect(error.message).toContain('FIFO');
    expect(lstatSync(pipe).isFIFO()).toBe(true);
    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    expect((await rejectedIoaError(writeFileAtomic(folder, 'x'))).code).toBe('E_USAGE');
    expect(statSync(folder).isDirectory()).toBe(true);
  });

  const device = nullDevice(dir);
  it.skipIf(device === undefined)('writes through a character device (a null device made in a temporary folder) and leaves it a device', async () => {
    await writeFileAtomic(device!, 'discarded');
    const info = lstatSync(device!);
    expect(info.isCharacterDevice()).toBe(true);
    expect(info.rdev).toBe(statSync('/dev/null').rdev);
    expect(readdirSync(dir).filter((f) => f.startsWith('.null-device'))).toEqual([]);
  });

  it('refuses an output that is one of the inputs, by device and inode (a hard link or another spelling counts)', async () => {
    const input = join(dir, 'input.tsv');
    writeFileSync(input, 'precious');
    const hard = join(dir, 'hard-link.tsv');
    linkSync(input, hard);
    for (const out of [input, hard, join(dir, '.', 'input.tsv')]) {
      const error = await rejectedIoaError(writeFileAtomic(out, 'clobbered', { inputs: [undefined, input] }));
      expect(error.code).toBe('E_USAGE');
      expect(error.location.file).toBe(out);
      expect(error.message).toContain(input);
    }
    expect(readFileSync(input, 'utf8')).toBe('precious');
    // The check also runs before any work (resolveOutput), with the same result.
    expect((await rejectedIoaError(resolveOutput(hard, { inputs: [input] }))).code).toBe('E_USAGE');
  });

  it('exclusive: never replaces an existing file; a new one gets the requested mode exactly', async () => {
    const key = join(dir, 'key.pem');
    await writeFileAtomic(key, 'secret', { exclusive: true, mode: 0o600 });
    expect(statSync(key).mode & 0o777).toBe(0o600);
    const error = await rejectedIoaError(writeFileAtomic(key, 'other', { exclusive: true }));
    expect(error.code).toBe('E_WRITE_FAILED');
    expect(readFileSync(key, 'utf8')).toBe('secret');
  });

  it('a failed write (missing folder) is E_WRITE_FAILED and leaves nothing behind', async () => {
    const error = await rejectedIoaError(writeFileAtomic(join(dir, 'no-such-folder', 'x.txt'), 'x'));
    expect(error.code).toBe('E_WRITE_FAILED');
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
  });

  it('streams chunks from an async iterable', async () => {
    const file = join(dir, 'streamed.txt');
    async function* chunks(): AsyncIterable<string | Uint8Array> { yield 'a'; yield Buffer.from('b'); yield 'c'; }
    await writeFileAtomic(file, chunks());
    expect(readFileSync(file, 'utf8')).toBe('abc');
  });
});

describe('writing files that belong together (writeFilesAtomic)', () => {
  it('streams chunks and puts every file in place; a failure in any one leaves every destination as it was, and no temporary file', async () => {
    const folder = join(dir, 'together');
    mkdirSync(folder);
    const table = join(folder, 't.csv');
    const meta = join(folder, 't.yml');
    writeFileSync(table, 'old table\n');
    function* rows(fail: boolean): Generator<string> {
      yield 'a,b\n';
      yield '1,2\n';
      if (fail) throw new Error('the set cannot be written');
      yield '3,4\n';
    }
    const error = await rejectedIoaError(writeFilesAtomic([{ path: meta, data: 'curie_map: {}\n' }, { path: table, data: rows(true) }]));
    expect(error.code).toBe('E_WRITE_FAILED');
    expect(error.location.file).toBe(table);
    expect(readFileSync(table, 'utf8')).toBe('old table\n');
    expect(existsSync(meta)).toBe(false);
    expect(readdirSync(folder)).toEqual(['t.csv']);
    await writeFilesAtomic([{ path: meta, data: 'curie_map: {}\n' }, { path: table, data: rows(false) }]);
    expect(readFileSync(table, 'utf8')).toBe('a,b\n1,2\n3,4\n');
    expect(readFileSync(meta, 'utf8')).toBe('curie_map: {}\n');
    expect(readdirSync(folder).sort()).toEqual(['t.csv', 't.yml']);
  });

  it('refuses, before writing anything, a group that names one file twice or overwrites an input', async () => {
    const folder = join(dir, 'together-refused');
    mkdirSync(folder);
    const input = join(folder, 'in.csv');
    writeFileSync(input, 'x\n');
    expect((await rejectedIoaError(writeFilesAtomic([{ path: join(folder, 'a'), data: '1' }, { path: join(folder, '.', 'a'), data: '2' }]))).code).toBe('E_USAGE');
    expect((await rejectedIoaError(writeFilesAtomic([{ path: join(folder, 'b'), data: '1' }, { path: input, data: '2' }], { inputs: [input] }))).code).toBe('E_USAGE');
    expect(readdirSync(folder)).toEqual(['in.csv']);
  });
});
