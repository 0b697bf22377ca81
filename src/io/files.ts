/**
 * The one way ioa-align reads an input file and writes an output file. Every command and loader
 * goes through here, so the rules hold everywhere:
 *
 * Reading: only regular files. A FIFO, socket, device or directory is refused before anything
 * waits on it (opening a FIFO for reading would block until a writer appears). The size is
 * checked before a byte is read, against the limit of the kind of input (src/io/limits.ts:
 * `E_INPUT_TOO_LARGE`); readTextChunks reads a file of any size as a stream of text. Text is
 * decoded as strict UTF-8 (an invalid byte is `E_PARSE_UTF8` with its offset) and a leading
 * byte-order mark is dropped, so every format accepts a BOM the same way.
 *
 * Writing: the text goes to a temporary file beside the destination, is flushed and renamed over
 * it, so a failure or an interrupt leaves the old file (or nothing) — never half a file. What the
 * destination already is decides the rest:
 * - nothing, or a regular file: atomic replace; an existing file keeps its mode (and, when run as
 *   root, its owner);
 * - a symbolic link: the write goes through to the file the link points at; the link stays;
 * - a character device (`/dev/null`, a terminal): written through like a shell redirection, never
 *   renamed over or replaced;
 * - a stream of this process (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, or a
 *   link to one): written to that open file descriptor, so it lands where the shell redirected
 *   it (appended after `>>`, into a pipe), never renamed over the file behind it;
 * - anything else (directory, FIFO, socket, block device): refused, `E_USAGE`, nothing written;
 * - the same file as one of the command's inputs (same real path, or same device and inode,
 *   whatever the spelling or links): refused, `E_USAGE`, naming both;
 * - a file that holds a PEM key (a private or public key): refused, `E_USAGE`; no output is a
 *   key, and keys are never written over (see holdsPemKey).
 * The folder of a new file must exist and be writable; that is checked before the work too.
 *
 * A temporary file is named `.F.<pid>-<start>-<host>.<random>.tmp`: the process that writes it,
 * when that process started, and a tag of its host. An interrupt removes it (src/io/temp.ts); one
 * left by a process killed outright (SIGKILL, a power cut) is removed by the next write to `F`
 * once it is provably stale — same host, and that process gone (no such pid, or the pid now
 * belongs to a process that started at another moment). A live writer's file is never touched.
 */
import { constants, write as writeFd, type Stats } from 'node:fs';
import { access, copyFile, link, lstat, mkdir, open, readdir, readFile, readlink, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { IoaError } from '../model/errors.js';
import { decodeUtf8, firstInvalidUtf8, refuseCompressed } from './utf8.js';
import { trackTemporary } from './temp.js';
import { inputLimit, inputTooLarge, type InputKind } from './limits.js';
import { currentOwner, hostTag, ownerState } from './owner.js';

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

/** What an errno means, for the failures a person can act on; the code itself is always named where it says why a write failed. */
const ERRNO_TEXT: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
  EFBIG: 'file too large',
  EBADF: 'not an open file descriptor',
  EPERM: 'operation not permitted',
};

/** Why a file operation failed, in words; write failures name their code (`no space left on device (ENOSPC)`). */
export function reasonOf(error: unknown): string {
  const code = errnoOf(error);
  switch (code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': return 'permission denied';
    case 'EISDIR': return 'it is a directory';
    case 'ELOOP': return 'too many levels of symbolic links';
    case 'ENOTDIR': return 'a component of the path is not a directory';
    default: return code !== undefined ? (ERRNO_TEXT[code] !== undefined ? `${ERRNO_TEXT[code]} (${code})` : code) : (error as Error)?.message ?? String(error);
  }
}

export interface ReadOptions {
  /** What the file is ("trust policy", "A2A message"), for messages. */
  what?: string;
  /** The kind of input, whose documented limit applies (src/io/limits.ts; default `text`). */
  kind?: InputKind;
  /** Refuse a file larger than this many bytes (`E_INPUT_TOO_LARGE`) without reading it; default: the limit of `kind`. */
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

/** Open a regular file for reading, checked again on the open handle (the path may have changed meanwhile). */
async function openRegular(path: string, what: string | undefined): Promise<{ handle: FileHandle; size: number }> {
  await assertRegularFile(path, what);
  let handle: FileHandle;
  try {
    handle = await open(path, READ_FLAGS);
  } catch (error) {
    throw unreadable(path, what, reasonOf(error), error);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notRegular(path, what, info);
    return { handle, size: info.size };
  } catch (error) {
    await handle.close().catch(() => undefined);
    if (error instanceof IoaError) throw error;
    throw unreadable(path, what, reasonOf(error), error);
  }
}

/** The bytes of a regular file, refused unread when it is over the limit of its kind (see ReadOptions). */
export async function readInputBytes(path: string, options: ReadOptions = {}): Promise<Buffer> {
  const kind = options.kind ?? 'text';
  const max = options.maxBytes ?? inputLimit(kind);
  const size = await assertRegularFile(path, options.what);
  if (size > max) throw inputTooLarge(path, size, kind, max, options.what);
  const { handle, size: opened } = await openRegular(path, options.what);
  try {
    if (opened > max) throw inputTooLarge(path, opened, kind, max, options.what);
    // Read at most one byte past the limit: a file that grows while it is read stays bounded.
    const buffer = Buffer.allocUnsafe(Math.min(max + 1, opened + 1));
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === buffer.length) {
        if (filled > max) throw inputTooLarge(path, filled, kind, max, options.what);
        break;
      }
    }
    return buffer.subarray(0, filled);
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

/** Bytes at the end of `bytes` that start a UTF-8 sequence the next chunk completes (0–3). */
function incompleteTail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back]!;
    if (b >= 0x80 && b <= 0xbf) continue; // a continuation byte: look further back
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/** The first `bytes` bytes of a file's text (strict UTF-8, BOM dropped; a character cut at the end left out): enough to sniff a format without reading the rest. */
export async function readTextHead(path: string, bytes = 4096, options: Pick<ReadOptions, 'what'> = {}): Promise<string> {
  for await (const chunk of readTextChunks(path, { ...options, chunkBytes: bytes })) return chunk;
  return '';
}

export interface TextChunkOptions extends Pick<ReadOptions, 'what'> {
  /** Bytes per read (default 1 MiB). */
  chunkBytes?: number;
  /** Told the bytes read so far and the file's size after each chunk. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The text of a regular UTF-8 file of any size, as chunks: never held whole, so a file larger
 * than a string can hold is read too. The same rules as readTextFile: strict UTF-8 (`E_PARSE_UTF8`
 * with the byte offset, line and column of the first bad byte), a leading BOM dropped. Stopping
 * early (a parse error) closes the file.
 */
export async function* readTextChunks(path: string, options: TextChunkOptions = {}): AsyncGenerator<string, void, undefined> {
  const { handle, size } = await openRegular(path, options.what);
  const buffer = Buffer.allocUnsafe(options.chunkBytes ?? 1 << 20);
  let carry: Buffer = Buffer.alloc(0);
  let consumed = 0; // bytes decoded before `carry`
  let line = 1;
  let column = 0; // characters since the last line break
  let first = true;
  try {
    for (;;) {
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buffer, 0, buffer.length, null));
      } catch (error) {
        throw unreadable(path, options.what, reasonOf(error), error);
      }
      const end = bytesRead === 0;
      const bytes = carry.length > 0 ? Buffer.concat([carry, buffer.subarray(0, bytesRead)]) : buffer.subarray(0, bytesRead);
      const keep = end ? 0 : incompleteTail(bytes);
      const part = bytes.subarray(0, bytes.length - keep);
      if (!isUtf8(part)) {
        if (consumed === 0) refuseCompressed(part, path);
        // Where the first bad byte is, as decodeUtf8 says it for a whole file.
        const offset = Math.max(0, firstInvalidUtf8(part));
        const before = part.subarray(0, offset).toString('utf8');
        const lines = before.split('\n');
        const at = lines.length === 1 ? { line, column: column + before.length + 1 } : { line: line + lines.length - 1, column: lines[lines.length - 1]!.length + 1 };
        const byte = part[offset];
        throw new IoaError('E_PARSE_UTF8',
          `invalid UTF-8 at byte offset ${consumed + offset}${byte === undefined ? '' : ` (0x${byte.toString(16).padStart(2, '0')})`}: the file must be encoded in UTF-8`,
          { file: path, ...at });
      }
      carry = Buffer.from(bytes.subarray(bytes.length - keep));
      consumed += part.length;
      let text = part.toString('utf8');
      const lastBreak = text.lastIndexOf('\n');
      if (lastBreak < 0) column += text.length;
      else {
        for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) line++;
        column = text.length - lastBreak - 1;
      }
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (text.length > 0) yield text;
      options.onProgress?.(consumed, size);
      if (end) return;
    }
  } finally {
    await handle.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/** What a write takes: the whole text or bytes, or chunks produced while writing (never held whole). */
export type OutputData = string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

export interface OutputOptions {
  /**
   * The command's input files. Writing onto any of them (the same real path, or the same device
   * and inode, so links and other spellings count) is refused. Undefined entries are skipped.
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
  /** The path that will be replaced or created: `path` with every symbolic link (of the file and its folders) followed. */
  final: string;
  /**
   * `new`: nothing there yet; `file`: a regular file; `device`: a character device written
   * through; `stream`: an open file descriptor of this process (`/dev/stdout`, `/dev/fd/N`) written to.
   */
  kind: 'new' | 'file' | 'device' | 'stream';
  existing?: Stats;
  /** For a `stream`: the file descriptor. */
  fd?: number;
}

const MAX_LINKS = 40;

/**
 * The paths that name an open file descriptor of this process rather than a file: written to the
 * descriptor, never followed to the file behind it (which `/proc/self/fd/N` would give: the log a
 * shell appends to, or a pipe's `pipe:[…]` that is no path at all).
 */
const STREAM_PATH = /^\/(?:dev\/(stdin|stdout|stderr)|dev\/fd\/(\d+)|proc\/(?:self|thread-self|(\d+))\/fd\/(\d+))$/;

/** The file descriptor a path names (see STREAM_PATH), or undefined for an ordinary path. */
export function streamDescriptor(path: string): number | undefined {
  const match = STREAM_PATH.exec(resolve(path));
  if (!match) return undefined;
  if (match[1] !== undefined) return ['stdin', 'stdout', 'stderr'].indexOf(match[1]);
  if (match[2] !== undefined) return Number(match[2]);
  // /proc/PID/fd/N of another process is that process's file: an ordinary path.
  if (match[3] !== undefined && Number(match[3]) !== process.pid) return undefined;
  return Number(match[4]);
}

/** Follow symbolic links at `path` (the last component) to the path a write should land on, or to a stream descriptor. */
async function followLinks(path: string): Promise<{ final: string; info?: Stats; fd?: number }> {
  let current = resolve(path);
  for (let hops = 0; ; hops++) {
    const fd = streamDescriptor(current);
    if (fd !== undefined) return { final: current, fd };
    let info: Stats;
    try {
      info = await lstat(current);
    } catch (error) {
      // Nothing there (or a file where a folder should be): writableFolder says which.
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return { final: current };
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
 * The real folder a new or replaced file goes into, checked to exist and take files, so a write
 * that cannot happen fails before the work that produces it.
 */
async function writableFolder(path: string, final: string): Promise<string> {
  const folder = dirname(final);
  let real: string;
  try {
    real = await realpath(folder);
  } catch (error) {
    const code = errnoOf(error);
    const why = code === 'ENOENT' ? `the folder ${folder} does not exist` : code === 'ENOTDIR' ? `${folder} is not a folder` : `its folder ${folder} cannot be used: ${reasonOf(error)}`;
    throw new IoaError('E_WRITE_FAILED', `cannot write the file: ${why}`, { file: path }, { cause: error });
  }
  if (!(await stat(real)).isDirectory()) throw new IoaError('E_WRITE_FAILED', `cannot write the file: ${folder} is not a folder`, { file: path });
  try {
    await access(real, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new IoaError('E_WRITE_FAILED', `cannot write the file: its folder ${folder} does not take new files: ${reasonOf(error)}`, { file: path }, { cause: error });
  }
  return real;
}

/** The access mode of this process's descriptor `fd` (O_RDONLY 0, O_WRONLY 1, O_RDWR 2), from /proc/self/fdinfo. */
async function accessMode(fd: number | string): Promise<number | undefined> {
  const info = await readFile(`/proc/self/fdinfo/${fd}`, 'latin1').catch(() => undefined);
  const flags = info === undefined ? undefined : /^flags:\s*([0-7]+)/m.exec(info)?.[1];
  return flags === undefined ? undefined : parseInt(flags, 8) & 3;
}

/**
 * Check that descriptor `fd` is an output this process was given (a file, pipe or terminal the
 * shell opened for writing), not a descriptor of its own: Node keeps event polls, eventfds and
 * pipes whose both ends it holds (its signal and wake-up channels), and writing into one of those
 * crashes the process. Where there is no /proc, the open at write time has the last word.
 */
async function checkDescriptor(path: string, fd: number): Promise<void> {
  let behind: string;
  try {
    behind = await readlink(`/proc/self/fd/${fd}`);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') throw new IoaError('E_WRITE_FAILED', `cannot write to file descriptor ${fd}: it is not open`, { file: path }, { cause: error });
    return;
  }
  const refuse = (why: string): never => {
    throw new IoaError('E_USAGE', `file descriptor ${fd} is not an output this process was given (${why}): refusing to write to it`, { file: path });
  };
  if (behind.startsWith('anon_inode:')) refuse(`it is ${behind}`);
  if ((await accessMode(fd)) === 0) refuse('it is open for reading only');
  if (behind.startsWith('pipe:')) {
    for (const other of await readdir('/proc/self/fd').catch(() => [] as string[])) {
      if (other === String(fd) || (await readlink(`/proc/self/fd/${other}`).catch(() => '')) !== behind) continue;
      if ((await accessMode(other)) === 0) refuse(`this process reads the other end of ${behind} itself`);
    }
  }
}

/**
 * Check a destination before the work that produces its content starts, so a wrong `--out`
 * fails at once. `writeFileAtomic` runs the same check again when it writes.
 */
export async function resolveOutput(path: string, options: OutputOptions = {}): Promise<OutputTarget> {
  // A file that is never overwritten (a private key, a new trust policy) is not written through a
  // link either: a link placed beforehand, even one to nothing, would send it wherever it points.
  if (options.exclusive) {
    const entry = await lstat(path).catch(() => undefined);
    if (entry?.isSymbolicLink()) {
      const to = await readlink(path).catch(() => '?');
      throw new IoaError('E_WRITE_FAILED', `a symbolic link (to ${to}) is already there: this file is never overwritten, nor written through a link`, { file: path });
    }
  }
  let followed: { final: string; info?: Stats; fd?: number };
  try {
    followed = await followLinks(path);
  } catch (error) {
    throw writeFailed(path, error);
  }
  const { info, fd } = followed;
  if (fd !== undefined) {
    await checkDescriptor(path, fd);
    return { path, final: followed.final, kind: 'stream', fd };
  }
  // What is there is named first: `trust init --out DIR` is a folder given by mistake, which
  // "already exists and is never overwritten" would not tell.
  if (info !== undefined && !info.isFile() && !info.isCharacterDevice()) {
    throw new IoaError('E_USAGE', `the output is a ${kindOf(info)}, not a regular file: refusing to write over it`, { file: path });
  }
  if (info !== undefined && options.exclusive) throw new IoaError('E_WRITE_FAILED', 'the file already exists and is never overwritten', { file: path });
  if (info?.isCharacterDevice()) return { path, final: followed.final, kind: 'device', existing: info };
  const final = join(await writableFolder(path, followed.final), basename(followed.final));
  // The temporary file written beside it, and the lock, have longer names than the file itself:
  // a name the file system takes could still fail, and only after all the work. Told now.
  const longest = Math.max(Buffer.byteLength(basename(temporaryPath({ path, final, kind: 'new' }))), Buffer.byteLength(`${basename(final)}.lock.${process.pid}.${'0'.repeat(16)}.tmp`));
  if (longest > NAME_MAX) {
    throw new IoaError('E_USAGE', `the file name is ${Buffer.byteLength(basename(final))} bytes long; the temporary file written beside it would be ${longest}, over the ${NAME_MAX} bytes a file name may have: choose a shorter name`, { file: path });
  }
  for (const input of options.inputs ?? []) {
    if (input === undefined) continue;
    const other = await stat(input).catch(() => undefined);
    const real = await realpath(input).catch(() => undefined);
    const same = (other !== undefined && info !== undefined && other.dev === info.dev && other.ino === info.ino) || real === final;
    if (same) {
      throw new IoaError('E_USAGE', `the output is the same file as the input ${input}: refusing to overwrite an input (choose another output path)`, { file: path });
    }
    // A folder read as input (an OASF release, a corpus) is input in every file under it: one of
    // them replaced by the output would leave the vocabulary unreadable.
    if (other?.isDirectory() && real !== undefined && final.startsWith(real.endsWith(sep) ? real : `${real}${sep}`)) {
      throw new IoaError('E_USAGE', `the output lies inside the input folder ${input}: refusing to write into an input (choose another output path)`, { file: path });
    }
  }
  if (info !== undefined && (await holdsPemKey(final))) {
    throw new IoaError('E_USAGE', 'the output is a key file (it starts with a PEM key): no command writes a key over another, so refusing to replace it (choose another output path)', { file: path });
  }
  return info === undefined ? { path, final, kind: 'new' } : { path, final, kind: 'file', existing: info };
}

/**
 * The first line of a PEM key: PKCS#8 and SPKI (what `keys generate` writes), and the RSA, EC,
 * encrypted and OpenSSH forms. After a BOM (read as Latin-1: its three bytes) or blank lines.
 */
const PEM_KEY = /^(?:\u00EF\u00BB\u00BF)?\s*-----BEGIN [A-Z0-9 ]*(?:PRIVATE|PUBLIC) KEY-----/;

/**
 * Whether the regular file at `path` holds a PEM key. Keys are written only by `keys generate`,
 * never over an existing file; any other output that lands on one (`artifact sign … --out
 * keys/public.pem`) would destroy a key that may exist nowhere else, so an output never replaces
 * it. Only the head of the file is read.
 */
async function holdsPemKey(path: string): Promise<boolean> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const head = Buffer.alloc(256);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return PEM_KEY.test(head.subarray(0, bytesRead).toString('latin1'));
  } catch {
    // Unreadable (a file this user may replace but not read): the write decides.
    return false;
  } finally {
    await handle?.close();
  }
}

/**
 * Whether two destinations are one file: the same real path, or the same device and inode.
 * Devices and streams are written through, never replaced: two outputs may share one.
 */
export function sameDestination(a: OutputTarget, b: OutputTarget): boolean {
  if (a.kind === 'device' || a.kind === 'stream' || b.kind === 'device' || b.kind === 'stream') return false;
  if (a.final === b.final) return true;
  return a.existing !== undefined && b.existing !== undefined && a.existing.dev === b.existing.dev && a.existing.ino === b.existing.ino;
}

/** One output of a run, named for messages (`--summary F`, `the metadata sidecar F.yml of --out F.csv`). */
export interface NamedTarget {
  name: string;
  target: OutputTarget;
}

/**
 * Refuse (`E_USAGE`, naming both) when `next` is the same file as one of `earlier`: two outputs
 * of one run written to one file would leave only the last, or a table without its metadata.
 */
export function assertDistinctOutput(next: NamedTarget, earlier: readonly NamedTarget[]): void {
  const clash = earlier.find((e) => sameDestination(e.target, next.target));
  if (clash) {
    throw new IoaError('E_USAGE', `${next.name} is the same file as ${clash.name}: one run never writes two outputs to one file (choose different paths)`, { file: next.target.path });
  }
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

/** The longest file name (bytes) the usual file systems take (ext4, XFS, btrfs, APFS, tmpfs). */
const NAME_MAX = 255;

/** `<pid>-<start>-<host>.<random>.tmp`: who writes a temporary file (see the module comment). */
const TEMPORARY_SUFFIX = /^(\d+)-(\d+|x)-([0-9a-f]{6})\.[0-9a-f]{12}\.tmp$/;

/** A fresh temporary path beside the file a write will replace, named after its writer. */
function temporaryPath(target: OutputTarget): string {
  const owner = currentOwner();
  return join(dirname(target.final), `.${basename(target.final)}.${owner.pid}-${owner.start ?? 'x'}-${hostTag(owner.host)}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Remove the temporary files of earlier writes to `final` whose writer provably ended without
 * cleaning up (killed outright): written on this host by a process that no longer runs. Returns
 * the files removed. A file whose writer may still run, or runs on another host, is kept.
 */
export async function removeStaleTemporaries(final: string): Promise<string[]> {
  const prefix = `.${basename(final)}.`;
  const folder = dirname(final);
  const names = await readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  const host = currentOwner().host;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = TEMPORARY_SUFFIX.exec(name.slice(prefix.length));
    if (!match || match[3] !== hostTag(host)) continue;
    const pid = Number(match[1]);
    if (pid === process.pid) continue;
    if (ownerState({ pid, host, ...(match[2] !== 'x' ? { start: match[2]! } : {}) }) !== 'gone') continue;
    const path = join(folder, name);
    // Only regular files: a link or folder by that name is nobody's temporary file.
    if (!(await lstat(path).catch(() => undefined))?.isFile()) continue;
    await unlink(path).then(() => removed.push(path), () => undefined);
  }
  return removed;
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

/** Write to a descriptor this process was given and does not own: never closed; a non-blocking one is waited on. */
async function writeToDescriptor(fd: number, data: OutputData): Promise<void> {
  const put = async (chunk: string | Uint8Array): Promise<void> => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let offset = 0; offset < bytes.length;) {
      try {
        offset += await new Promise<number>((resolve, reject) => writeFd(fd, bytes, offset, bytes.length - offset, null, (error, written) => (error ? reject(error) : resolve(written))));
      } catch (error) {
        if (errnoOf(error) !== 'EAGAIN') throw error;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
  if (typeof data === 'string' || data instanceof Uint8Array) await put(data);
  else for await (const chunk of data) await put(chunk);
}

/**
 * A character device or a stream: written in place, like a shell redirection. A stream is opened
 * anew through its `/dev/fd/N` name, appending: where the descriptor is a file the shell opened
 * (`>> log`), the output goes after what it holds, and nothing is renamed over it; a pipe or
 * terminal is written as it is. A socket cannot be opened by name (ENXIO): it is written through
 * the descriptor itself.
 */
async function writeThrough(target: OutputTarget, data: OutputData): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    try {
      handle = await open(target.final, constants.O_WRONLY | (constants.O_NOCTTY ?? 0) | (target.kind === 'stream' ? constants.O_APPEND : 0));
    } catch (error) {
      if (target.kind !== 'stream' || errnoOf(error) !== 'ENXIO') throw error;
      await writeToDescriptor(target.fd!, data);
      return;
    }
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
  if (target.kind === 'device' || target.kind === 'stream') {
    try {
      await writeThrough(target, data);
    } catch (error) {
      throw writeFailed(path, error);
    }
    return;
  }
  await removeStaleTemporaries(target.final);
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
 * only step between the two states.) A character device or stream among them is written
 * through, in order. Two of them naming one file is `E_USAGE`, before anything is written.
 */
export async function writeFilesAtomic(files: readonly OutputFile[], options: Omit<OutputOptions, 'exclusive'> = {}): Promise<void> {
  const targets: NamedTarget[] = [];
  for (const f of files) {
    const next = { name: f.path, target: await resolveOutput(f.path, options) };
    assertDistinctOutput(next, targets);
    targets.push(next);
  }
  const pending: Array<{ temp: string; target: OutputTarget }> = [];
  const untrack: Array<() => void> = [];
  let current = files[0]?.path ?? '';
  try {
    for (const [i, f] of files.entries()) {
      current = f.path;
      const target = targets[i]!.target;
      if (target.kind === 'device' || target.kind === 'stream') {
        await writeThrough(target, f.data);
        continue;
      }
      await removeStaleTemporaries(target.final);
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

// ---------------------------------------------------------------------------------------------
// Output folders

/**
 * Check, without creating anything, that `folder` can hold output files: it is a folder that
 * takes files, or it does not exist yet and the nearest folder above it that does exist takes
 * them. `E_USAGE` when the output folder itself is something else (a file, a FIFO), as for an
 * output file that is a folder; `E_WRITE_FAILED` when it cannot be made or written into.
 */
export async function checkOutputFolder(folder: string): Promise<void> {
  let current = resolve(folder);
  for (;;) {
    const info = await stat(current).catch((error: unknown) => {
      if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return undefined;
      throw new IoaError('E_WRITE_FAILED', `cannot use the folder: ${reasonOf(error)}`, { file: folder }, { cause: error });
    });
    if (info !== undefined) {
      if (!info.isDirectory()) {
        if (current === resolve(folder)) throw new IoaError('E_USAGE', `the output folder is a ${kindOf(info)}, not a folder`, { file: folder });
        throw new IoaError('E_WRITE_FAILED', `cannot create the folder: ${current} is a ${kindOf(info)}, not a folder`, { file: folder });
      }
      try {
        await access(current, constants.W_OK | constants.X_OK);
      } catch (error) {
        throw new IoaError('E_WRITE_FAILED', `cannot write into ${current === resolve(folder) ? 'the folder' : `${current}, where the folder would be made`}: ${reasonOf(error)}`, { file: folder }, { cause: error });
      }
      return;
    }
    const parent = dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * Create `folder` (and the folders above it) for output files. Node's recursive mkdir says
 * ENOENT where the file system is read-only; the real reason (EROFS, EACCES) is found and named.
 */
export async function makeOutputFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    await checkOutputFolder(folder);
    throw new IoaError('E_WRITE_FAILED', `cannot create the folder: ${reasonOf(error)}`, { file: folder }, { cause: error });
  }
}
