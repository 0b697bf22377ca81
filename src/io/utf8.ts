/**
 * Strict UTF-8 decoding. Node's `toString('utf8')` replaces a broken byte sequence with U+FFFD and
 * carries on, so a file with a stray Latin-1 byte would validate with a changed value; every
 * reader decodes through here instead and a broken file is a parse error at its byte offset.
 */
import { isUtf8 } from 'node:buffer';
import { IoaError } from '../model/errors.js';

const BOM = 0xfeff;

/**
 * Offset of the first byte that does not start or continue a well-formed UTF-8 sequence
 * (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF); -1 when all are valid.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) { i++; continue; }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // overlong
      if (b === 0xed) hi = 0x9f; // UTF-16 surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90; // overlong
      if (b === 0xf4) hi = 0x8f; // above U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = i + k < n ? bytes[i + k]! : -1;
      // Only the first continuation byte has the narrowed range.
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Leading bytes of the compressed and archive formats people hand a text reader by mistake. */
const COMPRESSED: ReadonlyArray<[string, readonly number[]]> = [
  ['gzip', [0x1f, 0x8b]], ['zip', [0x50, 0x4b, 0x03, 0x04]], ['bzip2', [0x42, 0x5a, 0x68]],
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]], ['zstd', [0x28, 0xb5, 0x2f, 0xfd]],
];

/**
 * A file that is not UTF-8 because it is compressed (`o.ttl.gz`) is told so, rather than as
 * "invalid UTF-8 at byte offset 1" (`E_UNKNOWN_FORMAT`).
 */
export function refuseCompressed(head: Uint8Array, file?: string): void {
  const kind = COMPRESSED.find(([, magic]) => magic.every((b, i) => head[i] === b))?.[0];
  if (kind === undefined) return;
  throw new IoaError('E_UNKNOWN_FORMAT', `the file is ${kind}-compressed: ioa-align reads uncompressed files only; decompress it first`, { ...(file !== undefined ? { file } : {}), line: 1, column: 1 });
}

/**
 * The text of UTF-8 bytes. A leading byte-order mark is dropped (every format reader accepts one
 * the same way); invalid UTF-8 is `E_PARSE_UTF8` with its byte offset, line and column.
 */
export function decodeUtf8(bytes: Uint8Array, file?: string): string {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isUtf8(buffer)) {
    refuseCompressed(buffer, file);
    const offset = firstInvalidUtf8(buffer);
    const before = buffer.subarray(0, Math.max(0, offset)).toString('utf8');
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    const byte = buffer[offset];
    throw new IoaError('E_PARSE_UTF8',
      `invalid UTF-8 at byte offset ${offset}${byte === undefined ? '' : ` (0x${byte.toString(16).padStart(2, '0')})`}: the file must be encoded in UTF-8`,
      { ...(file !== undefined ? { file } : {}), line, column });
  }
  const text = buffer.toString('utf8');
  return text.charCodeAt(0) === BOM ? text.slice(1) : text;
}
