/**
 * How large an input file may be, per kind of input. The size is checked from the file system
 * before a byte is read, so a file too large to hold is refused at once (`E_INPUT_TOO_LARGE`, exit
 * 2) instead of failing deep inside a parser or the JavaScript engine.
 *
 * Ontologies in Turtle, N-Triples and RDF/XML have no limit: their parsers take the text in
 * chunks, so a large one is read as a stream (src/ontology/rdf-source.ts). Every other input is parsed
 * from one string, and a JavaScript string holds at most `MAX_TEXT_BYTES` characters; the
 * limits below are that ceiling or, for documents that feed a decision, the budget their
 * validation has anyway (draft 6.1: processing must not allow resource exhaustion).
 */
import { constants as bufferConstants } from 'node:buffer';
import { IoaError } from '../model/errors.js';

/**
 * The largest file read as one text: the engine's string limit (2^29 − 24 on 64-bit V8). A UTF-8
 * file never decodes to more UTF-16 units than it has bytes, so a file of this size always fits.
 */
export const MAX_TEXT_BYTES: number = bufferConstants.MAX_STRING_LENGTH;

const KiB = 1024;
const MiB = 1024 * KiB;

/** One kind of input and its limit. */
export interface InputLimit {
  /** What the file is, in messages ("alignment artifact"). */
  readonly what: string;
  /** Default limit in bytes. */
  readonly bytes: number;
  /** Environment variable that raises (or lowers) the limit, in MiB; absent where raising makes no sense. */
  readonly env?: string;
  /** What to do instead, where the limit cannot be raised. */
  readonly instead?: string;
}

/**
 * The documented limits (README "Files in and out"). Agent documents (envelope, capability
 * advertisement, profile, trust policy, context, Agent Card entry) stop at the 256 KiB their
 * validation allows (src/envelope/limits.ts); reading more would only prove the same point.
 */
export const INPUT_LIMITS = {
  /** Anything read as one text without a kind of its own: mapping files and their metadata, references, vocabulary files, JSON-LD ontologies. */
  text: { what: 'file', bytes: MAX_TEXT_BYTES, instead: 'a larger file cannot be held as one text; split it (an ontology can be given as Turtle, N-Triples or RDF/XML, which are read as a stream)' },
  /** JSON-LD ontologies: jsonld parses a whole document at once. */
  jsonld: { what: 'JSON-LD ontology', bytes: MAX_TEXT_BYTES, instead: 'jsonld reads a whole document at once; convert it to Turtle, N-Triples or RDF/XML, which are read as a stream' },
  /** Alignment artifacts and upgrade drafts (artifact sign, verify, upgrade, build --merge; convert). */
  artifact: { what: 'alignment artifact', bytes: 64 * MiB, env: 'IOA_ALIGN_MAX_ARTIFACT_MIB' },
  /** Agent documents validated against the 6.1 budget (validate, check, trust add-key, artifact verify's trust policy). */
  document: { what: 'document', bytes: 256 * KiB, instead: 'it is over the validation budget of draft Section 6.1' },
  /** A2A and NLIP messages: one envelope plus text. */
  carrier: { what: 'carrier message', bytes: 1 * MiB, instead: 'a message carries one envelope of at most 256 KiB' },
  /** PEM keys. */
  key: { what: 'key', bytes: 64 * KiB, instead: 'an Ed25519 key in PEM is a few hundred bytes' },
  /** Small configuration files: retrieval policy, rule conditions, benchmark manifest. */
  config: { what: 'configuration file', bytes: 16 * MiB, instead: 'a configuration file this large is not one' },
} as const satisfies Record<string, InputLimit>;

export type InputKind = keyof typeof INPUT_LIMITS;

/** The limit of `kind` in bytes, with its environment override applied (whole MiB, at most MAX_TEXT_BYTES). */
export function inputLimit(kind: InputKind): number {
  const limit: InputLimit = INPUT_LIMITS[kind];
  const raw = limit.env === undefined ? undefined : process.env[limit.env];
  if (raw === undefined || raw.trim() === '') return limit.bytes;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw new IoaError('E_USAGE', `${limit.env} must be a whole number of MiB, not "${raw}"`, { path: limit.env });
  return Math.min(Number(raw) * MiB, MAX_TEXT_BYTES);
}

/** "64 MiB", "256 KiB", "536870888 bytes": a limit as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}

/** `E_INPUT_TOO_LARGE` for a file of `size` bytes over the limit of `kind` (or an explicit `max`). */
export function inputTooLarge(file: string, size: number, kind: InputKind, max = inputLimit(kind), what?: string): IoaError {
  const limit: InputLimit = INPUT_LIMITS[kind];
  const how = limit.env !== undefined
    ? `; set ${limit.env} (in MiB, at most ${formatBytes(MAX_TEXT_BYTES)}) to raise it`
    : limit.instead !== undefined ? `; ${limit.instead}` : '';
  return new IoaError('E_INPUT_TOO_LARGE', `the ${what ?? limit.what} is ${size} bytes, over the limit of ${formatBytes(max)} for this input${how}`, { file });
}
