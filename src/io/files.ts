/**
 * The one way ioa-align reads an input file and writes an output file. Every command and loader
 * goes through here, so the rules hold everywhere:
 *
 * Reading: only regular files. A FIFO, socket, device or directory is refused before anything
 * waits on it (opening a FIFO for reading would block until a writer appears). Text is decoded
 * as strict UTF-8 (an invalid byte is `E_PARSE_UTF8` with its offset) and a leading byte-order
 * mark is dropped, so every format accepts a BOM the same way.
 *
 * Writing: the text goes to a temporary file beside the destination, is flushed and renamed over
 * it, so a failure or an interrupt leaves the old file (or nothing) — never half a file. What the
 * destination already is decides the rest:
 * - nothing, or a regular file: atomic replace; an existing file keeps its mode (and, when run as
 *   root, its owner);
 * - a symbolic link: the write goes through to the file the link points at; the link stays;
 * - a character device (`/dev/null`, a terminal): written through like a shell redirection, never
 *   renamed over or replaced;
 * - anything else (directory, FIFO, socket, block device): refused, `E_USAGE`, nothing written;
 * - the same file as one of the command's inputs (same device and inode, whatever the path
 *   spelling or links): refused, `E_USAGE`, naming both.
 */
import { constants, type Stats } from 'node:fs';
import { copyFile, link, lstat, open, readlink, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { IoaError } from '../model/errors.js';
import { decodeUtf8 } from './utf8.js';
import { trackTemporary } from './temp.js';

export { decodeUtf8, firstInvalidUtf8 } from './utf8.js';
export { trackTemporary } from './temp.js';

/** What a file system entry is, for messages. */
export function kindOf(info: Stats): string {
  if (info.isFile()) return 'regular file';
  if (info.isDirectory()) return 'directory';
  if (info.isFIFO()) return 'FIFO (named pipe)';
  if (info.isSocket()) return 'socket';
  if (info.isCharacterDevice()) return 'character device';
  if (info.isBlockDevice()) return 'block device';
  if (info.isSymbolicLink()) return 'symbolic link';
  return 'special file';
}

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

function reasonOf(error: unknown): string {
  switch (errnoOf(error)) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': return 'permission denied';
    case 'EISDIR': return 'it is a directory';
    case 'ELOOP': return 'too many levels of symbolic links';
    case 'ENOTDIR': return 'a component of the path is not a directory';
    default: return errnoOf(error) ?? (error as Error)?.message ?? String(error);
  }
}

export interface ReadOptions {
  /** What the file is ("trust policy", "A2A message"), for messages. */
  what?: string;
  /** Refuse a file larger than this many bytes (`E_LIMIT_EXCEEDED`) without reading it. */
  maxBytes?: number;
}

function unreadable(path: string, what: string | undefined, reason: string, cause?: unknown): IoaError {
  return new IoaError('E_FILE_UNREADABLE', `cannot read ${what ?? 'file'}: ${reason}`, { file: path }, cause === undefined ? undefined : { cause });
}

function notRegular(path: string, what: string | undefined, info: Stats): IoaError {
  return unreadable(path, what, `it is a ${kindOf(info)}, not a regular file`);
}

/**
 * Check that `path` names a readable regular file (following symbolic links) and return its size.
 * For callers that stream the file themselves or only need to know it is a file.
 */
export async function assertRegularFile(path: string, what?: string): Promise<number> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    throw unreadable(path, what, reasonOf(error), error);
  }
  if (!info.isFile()) throw notRegular(path, what, info);
  return info.size;
}

// O_NONBLOCK: a path swapped for a FIFO between the check and the open must not block the open;
// O_NOCTTY: a terminal is never made the controlling one. Regular files ignore both.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The bytes of a regular file (see ReadOptions). */
export async function readInputBytes(path: string, options: ReadOptions = {}): Promise<Buffer> {
  await assertRegularFile(path, options.what);
  let handle: FileHandle;
  try {
    handle = await open(path, READ_FLAGS);
  } catch (error) {
    throw unreadable(path, options.what, reasonOf(error), error);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notRegular(path, options.what, info);
    if (options.maxBytes !== undefined && info.size > options.maxBytes) {
      throw new IoaError('E_LIMIT_EXCEEDED', `${options.what ?? 'file'} is larger than ${options.maxBytes} bytes (${info.size} bytes)`, { file: path });
    }
    return await handle.readFile();
  } catch (error) {
    if (error instanceof IoaError) throw error;
    throw unreadable(path, options.what, reasonOf(error), error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The text of a regular UTF-8 file, BOM dropped (see the module comment). */
export async function readTextFile(path: string, options: ReadOptions = {}): Promise<string> {
  return decodeUtf8(await readInputBytes(path, options), path);
}

// ---------------------------------------------------------------------------------------------
// Writing

/** What a write takes: the whole text or bytes, or chunks produced while writing (never held whole). */
export type OutputData = string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

export interface OutputOptions {
  /**
   * The command's input files. Writing onto any of them (compared by device and inode, so links
   * and other spellings count) is refused. Undefined entries are skipped.
   */
  inputs?: readonly (string | undefined)[];
  /** Never replace an existing file: the destination must not exist (signing keys). */
  exclusive?: boolean;
  /** Permission bits of a new file (default 0o666 less the umask). An existing file keeps its own. */
  mode?: number;
}

/** Where a write will land, after following symbolic links. */
export interface OutputTarget {
  /** The path as given. */
  path: string;
  /** The path that will be replaced or created: `path` with every symbolic link followed. */
  final: string;
  /** `new`: nothing there yet; `file`: a regular file; `device`: a character device written through. */
  kind: 'new' | 'file' | 'device';
  existing?: Stats;
}

const MAX_LINKS = 40;

/** Follow symbolic links at `path` (the last component) to the path a write should land on. */
async function followLinks(path: string): Promise<{ final: string; info?: Stats }> {
  let current = resolve(path);
  for (let hops = 0; ; hops++) {
    let info: Stats;
    try {
      info = await lstat(current);
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return { final: current };
      throw error;
    }
    if (!info.isSymbolicLink()) return { final: current, info };
    if (hops >= MAX_LINKS) throw Object.assign(new Error('too many levels of symbolic links'), { code: 'ELOOP' });
    // Resolve the link text against the real folder holding the link, as the kernel does.
    current = resolve(await realpath(dirname(current)), await readlink(current));
  }
}

function writeFailed(path: string, error: unknown): IoaError {
  if (error instanceof IoaError) return error;
  return new IoaError('E_WRITE_FAILED', `cannot write the file: ${reasonOf(error)}`, { file: path }, { cause: error });
}

/**
 * Check a destination before the work that produces its content starts, so a wrong `--out`
 * fails at once. `writeFileAtomic` runs the same check again when it writes.
 */
export async function resolveOutput(path: string, options: OutputOptions = {}): Promise<OutputTarget> {
  let followed: { final: string; info?: Stats };
  try {
    followed = await followLinks(path);
  } catch (error) {
    throw writeFailed(path, error);
  }
  const { final, info } = followed;
  if (info === undefined) return { path, final, kind: 'new' };
  if (options.exclusive) throw new IoaError('E_WRITE_FAILED', 'the file already exists and is never overwritten', { file: path });
  if (!info.isFile() && !info.isCharacterDevice()) {
    throw new IoaError('E_USAGE', `the output is a ${kindOf(info)}, not a regular file: refusing to write over it`, { file: path });
  }
  for (const input of options.inputs ?? []) {
    if (input === undefined) continue;
    const other = await stat(input).catch(() => undefined);
    if (other && other.dev === info.dev && other.ino === info.ino && info.isFile()) {
      throw new IoaError('E_USAGE', `the output is the same file as the input ${input}: refusing to overwrite an input (choose another output path)`, { file: path });
    }
  }
  return { path, final, kind: info.isFile() ? 'file' : 'device', existing: info };
}

async function writeAll(handle: FileHandle, data: OutputData): Promise<void> {
  if (typeof data === 'string' || data instanceof Uint8Array) {
    await handle.writeFile(data);
    return;
  }
  for await (const chunk of data) await handle.write(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
}

/**
 * Put the finished temporary file at `final` unless something is there already. link() never
 * replaces, so a file that appeared meanwhile is kept and this write fails. File systems without
 * hard links get an exclusive copy, removed again if it fails half-way.
 */
async function linkExclusive(temp: string, final: string): Promise<void> {
  try {
    await link(temp, final);
  } catch (error) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(errnoOf(error) ?? '')) throw error;
    try {
      await copyFile(temp, final, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if (errnoOf(copyError) !== 'EEXIST') await unlink(final).catch(() => undefined);
      throw copyError;
    }
  }
}

/** A fresh temporary path beside the file a write will replace. */
function temporaryPath(target: OutputTarget): string {
  return join(dirname(target.final), `.${basename(target.final)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Write `data` to the new temporary file `temp`, flushed, with the destination's mode and owner;
 * on failure the temporary file is gone. The caller tracks `temp` (trackTemporary) meanwhile.
 */
async function writeTemporary(temp: string, target: OutputTarget, data: OutputData, options: OutputOptions): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    const existing = target.existing;
    const mode = existing ? existing.mode & 0o7777 : (options.mode ?? 0o666);
    handle = await open(temp, 'wx', mode);
    // The open mode went through the umask: an existing file's (or a key's) mode is set exactly.
    if (existing || options.mode !== undefined) await handle.chmod(mode);
    if (existing && process.getuid?.() === 0 && (existing.uid !== 0 || existing.gid !== 0)) {
      await handle.chown(existing.uid, existing.gid).catch(() => undefined);
    }
    await writeAll(handle, data);
    await handle.sync();
    await handle.close();
    handle = undefined;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

async function writeThrough(target: OutputTarget, data: OutputData): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(target.final, constants.O_WRONLY | (constants.O_NOCTTY ?? 0));
    await writeAll(handle, data);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Write `data` to `path` by the rules of the module comment. Failures are `E_WRITE_FAILED`
 * (or `E_USAGE` for a destination that must not be written), with nothing left behind.
 */
export async function writeFileAtomic(path: string, data: OutputData, options: OutputOptions = {}): Promise<void> {
  const target = await resolveOutput(path, options);
  if (target.kind === 'device') {
    try {
      await writeThrough(target, data);
    } catch (error) {
      throw writeFailed(path, error);
    }
    return;
  }
  const temp = temporaryPath(target);
  const untrack = trackTemporary(temp);
  try {
    await writeTemporary(temp, target, data, options);
    if (options.exclusive) {
      await linkExclusive(temp, target.final);
      await unlink(temp);
    } else {
      await rename(temp, target.final);
    }
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    if (options.exclusive && errnoOf(error) === 'EEXIST') {
      throw new IoaError('E_WRITE_FAILED', 'the file already exists and is never overwritten', { file: path }, { cause: error });
    }
    throw writeFailed(path, error);
  } finally {
    untrack();
  }
}

/** One file of a group written together (see writeFilesAtomic). */
export interface OutputFile {
  path: string;
  data: OutputData;
}

/**
 * Files that belong together (a CSV table and its metadata sidecar), each written by the rules of
 * writeFileAtomic, and put in place only when every one is complete: a failure while producing
 * or writing any of them leaves every destination as it was. (The renames that follow are the
 * only step between the two states.) A character device among them is written through, in order.
 */
export async function writeFilesAtomic(files: readonly OutputFile[], options: Omit<OutputOptions, 'exclusive'> = {}): Promise<void> {
  const targets: OutputTarget[] = [];
  for (const f of files) targets.push(await resolveOutput(f.path, options));
  const finals = new Set(targets.filter((t) => t.kind !== 'device').map((t) => t.final));
  if (finals.size < targets.filter((t) => t.kind !== 'device').length) {
    throw new IoaError('E_USAGE', `two of the files to write are the same file: ${files.map((f) => f.path).join(', ')}`, { file: files[0]?.path ?? '' });
  }
  const pending: Array<{ temp: string; target: OutputTarget }> = [];
  const untrack: Array<() => void> = [];
  let current = files[0]?.path ?? '';
  try {
    for (const [i, f] of files.entries()) {
      current = f.path;
      const target = targets[i]!;
      if (target.kind === 'device') {
        await writeThrough(target, f.data);
        continue;
      }
      const temp = temporaryPath(target);
      untrack.push(trackTemporary(temp));
      pending.push({ temp, target });
      await writeTemporary(temp, target, f.data, options);
    }
    for (const { temp, target } of pending) {
      current = target.path;
      await rename(temp, target.final);
    }
  } catch (error) {
    await Promise.all(pending.map(({ temp }) => unlink(temp).catch(() => undefined)));
    throw writeFailed(current, error);
  } finally {
    for (const u of untrack) u();
  }
}
