/**
 * Envelope carriage in an A2A Message (draft Sections 6.2, 12.2): the envelope travels as a
 * structured data part with `mediaType` `application/ld+json`, and the message lists the
 * semantic-profile extension URI in its `extensions`.
 *
 * Wire forms (A2A field names):
 * - 1.0: `{messageId, contextId?, taskId?, role: "ROLE_USER"|"ROLE_AGENT", parts: [{text} |
 *   {data, mediaType?, metadata?}], extensions?}`; a Part names its content by member.
 * - 0.3: `{kind: "message", messageId, role: "user"|"agent", parts: [{kind: "text", text} |
 *   {kind: "data", data, metadata?}], extensions?}`. A 0.3 DataPart has no mediaType, so this
 *   binding marks the envelope part with `metadata.mediaType` = `application/ld+json` (what
 *   `wrapA2A` writes for 0.3, and the only 0.3 marker `unwrapA2A` accepts).
 * Unwrapping also accepts the message inside `{message: …}` (SendMessageRequest / stream
 * response) or a JSON-RPC request whose `params.message` is the message.
 */
import { randomUUID } from 'node:crypto';
import type { ValidateOptions } from '../envelope/index.js';
import {
  DEFAULT_EXTENSION_URI, ENVELOPE_MEDIA_TYPE, RESULT_MEDIA_TYPE, carrierError, isObject, noEnvelope, requireValidEnvelope, validateCarried,
  type CarrierInfo, type JsonObject, type UnwrapResult,
} from './common.js';
import { discloseResult, parseDisclosedResult, type DecisionLike, type Disclosure, type DisclosedResult } from './disclosure.js';

export type A2AWire = '1.0' | '0.3';

export interface A2AWrapOptions {
  /** Default `1.0`. */
  wire?: A2AWire;
  /** Default a random UUID. */
  messageId?: string;
  contextId?: string;
  taskId?: string;
  /** Default `user` (a request). */
  role?: 'user' | 'agent';
  /** Natural-language text sent alongside (descriptive only, Section 6.4). */
  text?: string;
  /** Extension URI; default the 12.2 example URI. */
  uri?: string;
  /** Options for the envelope validator that checks the envelope before it is wrapped. */
  validate?: ValidateOptions;
}

function roleValue(role: 'user' | 'agent', wire: A2AWire): string {
  return wire === '1.0' ? (role === 'user' ? 'ROLE_USER' : 'ROLE_AGENT') : role;
}

function base(options: A2AWrapOptions, wire: A2AWire, role: 'user' | 'agent'): JsonObject {
  return {
    ...(wire === '0.3' ? { kind: 'message' } : {}),
    messageId: options.messageId ?? randomUUID(),
    ...(options.contextId !== undefined ? { contextId: options.contextId } : {}),
    ...(options.taskId !== undefined ? { taskId: options.taskId } : {}),
    role: roleValue(role, wire),
  };
}

function textPart(text: string, wire: A2AWire): JsonObject {
  return wire === '1.0' ? { text } : { kind: 'text', text };
}

function dataPart(data: unknown, mediaType: string, wire: A2AWire): JsonObject {
  return wire === '1.0' ? { data, mediaType } : { kind: 'data', data, metadata: { mediaType } };
}

/**
 * Put a (valid) envelope into an A2A Message. The envelope is validated first and carried
 * byte-for-byte as given (the JSON as sent, not the expanded form: the receiver expands it).
 */
export async function wrapA2A(envelope: unknown, options: A2AWrapOptions = {}): Promise<JsonObject> {
  await requireValidEnvelope(envelope, options.validate);
  const wire = options.wire ?? '1.0';
  const parts: JsonObject[] = [];
  if (options.text !== undefined) parts.push(textPart(options.text, wire));
  parts.push(dataPart(envelope, ENVELOPE_MEDIA_TYPE, wire));
  return { ...base(options, wire, options.role ?? 'user'), parts, extensions: [options.uri ?? DEFAULT_EXTENSION_URI] };
}

export interface A2AUnwrapOptions {
  uri?: string;
  validate?: ValidateOptions;
  file?: string;
}

/** Locate the Message in what was received; returns it and its JSON path. */
function locateMessage(input: unknown, file?: string): { message: JsonObject; path: string } {
  if (!isObject(input)) throw carrierError('an A2A message must be a JSON object', '$', file);
  // Where a document holds a message in two of the places a message can be, taking either is a
  // guess about which one the sender meant (as two data parts are): refused, naming both.
  const places: Array<{ message: JsonObject; path: string }> = [];
  if ('parts' in input || 'messageId' in input) places.push({ message: input, path: '$' });
  if (isObject(input.message)) places.push({ message: input.message, path: '$.message' });
  if (typeof input.jsonrpc === 'string' && isObject(input.params) && isObject(input.params.message)) places.push({ message: input.params.message, path: '$.params.message' });
  if (places.length > 1) throw carrierError(`the document holds a message at ${places.map((p) => p.path).join(' and at ')}: taking one would be a guess`, places[1]!.path, file);
  if (places[0]) return places[0];
  throw carrierError('no A2A Message found (expected a Message, {"message": …}, or a JSON-RPC request with params.message)', '$', file);
}

function detectWire(message: JsonObject, path: string, file?: string): A2AWire {
  const role = message.role;
  const modern = role === 'ROLE_USER' || role === 'ROLE_AGENT';
  const legacy = role === 'user' || role === 'agent';
  if (!modern && !legacy) throw carrierError(`"role" must be ROLE_USER or ROLE_AGENT (A2A 1.0) or user or agent (0.3), ${role === undefined ? 'but the message has none' : `got ${JSON.stringify(role)}`}`, `${path}.role`, file);
  if (modern && message.kind !== undefined) throw carrierError('a 1.0 message (ROLE_…) must not carry the 0.3 "kind" member', `${path}.kind`, file);
  if (legacy && message.kind !== 'message') throw carrierError('a 0.3 message must have "kind": "message"', `${path}.kind`, file);
  return modern ? '1.0' : '0.3';
}

function optionalString(message: JsonObject, key: string, path: string, file?: string): string | undefined {
  const v = message[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw carrierError(`"${key}" must be a non-empty string`, `${path}.${key}`, file);
  return v;
}

/** The media type a part declares for its data, by wire form; undefined if the part has no data. */
function dataMediaType(part: JsonObject, wire: A2AWire): string | undefined {
  if (wire === '1.0') return 'data' in part && typeof part.mediaType === 'string' ? part.mediaType : undefined;
  if (part.kind !== 'data') return undefined;
  const meta = part.metadata;
  return isObject(meta) && typeof meta.mediaType === 'string' ? meta.mediaType : undefined;
}

/** The members an A2A 1.0 Part names its content by, one per part. */
const PART_CONTENTS = ['text', 'raw', 'url', 'data'] as const;

const sameMediaType = (a: string, b: string): boolean => a.split(';')[0]!.trim().toLowerCase() === b;

/**
 * Read the envelope out of an A2A Message and run the envelope validator on it. The carrier
 * structure itself (role, parts, extension declaration, one envelope part) is checked strictly:
 * a broken carrier throws `E_CARRIER_INVALID`; a missing or malformed envelope gives the
 * validator's findings.
 */
export async function unwrapA2A(input: unknown, options: A2AUnwrapOptions = {}): Promise<UnwrapResult> {
  const { file } = options;
  const uri = options.uri ?? DEFAULT_EXTENSION_URI;
  const { message, path } = locateMessage(input, file);
  const wire = detectWire(message, path, file);
  const messageId = optionalString(message, 'messageId', path, file);
  if (messageId === undefined) throw carrierError('"messageId" is required', `${path}.messageId`, file);
  const contextId = optionalString(message, 'contextId', path, file);
  const taskId = optionalString(message, 'taskId', path, file);
  const parts = message.parts;
  if (!Array.isArray(parts)) throw carrierError('"parts" must be an array', `${path}.parts`, file);

  const text: string[] = [];
  const envelopeParts: number[] = [];
  parts.forEach((part, i) => {
    if (!isObject(part)) throw carrierError('a part must be an object', `${path}.parts[${i}]`, file);
    if (wire === '0.3' && typeof part.kind !== 'string') throw carrierError('a 0.3 part needs "kind"', `${path}.parts[${i}].kind`, file);
    if (wire === '1.0' && part.kind !== undefined) throw carrierError('a 1.0 part must not carry the 0.3 "kind" member', `${path}.parts[${i}].kind`, file);
    if (wire === '1.0') {
      // A 1.0 Part's content is one of these (a oneof): with two, one receiver reads the text and
      // another the envelope.
      const contents = PART_CONTENTS.filter((member) => member in part);
      if (contents.length > 1) throw carrierError(`a part holds one of ${PART_CONTENTS.join(', ')}; this one has ${contents.join(' and ')}`, `${path}.parts[${i}]`, file);
    }
    const isText = wire === '1.0' ? 'text' in part : part.kind === 'text';
    if (isText) {
      if (typeof part.text !== 'string') throw carrierError('"text" must be a string', `${path}.parts[${i}].text`, file);
      text.push(part.text);
    }
    const mediaType = dataMediaType(part, wire);
    if (mediaType !== undefined && sameMediaType(mediaType, ENVELOPE_MEDIA_TYPE)) envelopeParts.push(i);
  });

  const extensions = message.extensions;
  if (extensions !== undefined && (!Array.isArray(extensions) || extensions.some((e) => typeof e !== 'string'))) {
    throw carrierError('"extensions" must be an array of URI strings', `${path}.extensions`, file);
  }
  const declared = Array.isArray(extensions) && extensions.includes(uri);
  if (envelopeParts.length > 1) {
    throw carrierError(`${envelopeParts.length} parts carry ${ENVELOPE_MEDIA_TYPE}; which one is the envelope would be a guess`, `${path}.parts[${envelopeParts[1]}]`, file);
  }
  if (envelopeParts.length === 1 && !declared) {
    // Section 12.2: carriage follows the extension; an undeclared JSON-LD part is not ours to read.
    throw carrierError(`the message carries ${ENVELOPE_MEDIA_TYPE} data but does not list the extension ${uri} in "extensions"`, `${path}.extensions`, file);
  }
  const index = envelopeParts[0];
  const envelopePath = index === undefined ? undefined : `${path}.parts[${index}].data`;
  const carrier: CarrierInfo = {
    carrier: 'a2a', wire, messageId, text,
    ...(envelopePath !== undefined ? { envelopePath } : {}),
    ...(contextId !== undefined ? { contextId } : {}),
    ...(taskId !== undefined ? { taskId } : {}),
  };
  if (index === undefined) return noEnvelope(carrier, `${path}.parts`, `no part carries an envelope (${ENVELOPE_MEDIA_TYPE} data)`, '12.2');
  const document = (parts[index] as JsonObject).data;
  return validateCarried(document, carrier, options.validate);
}

export interface A2AReplyOptions {
  disclosure: Disclosure;
  wire?: A2AWire;
  messageId?: string;
  contextId?: string;
  taskId?: string;
  uri?: string;
  text?: string;
}

/**
 * An agent's reply carrying a compatibility result, disclosed per the setting (Section 7.1): the
 * decider's own result keeps Incompatible vs Indeterminate; the reply exposes what `disclosure`
 * allows. The result travels as `application/json` data (it is not JSON-LD).
 */
export function a2aReply(result: DecisionLike, options: A2AReplyOptions): JsonObject {
  const wire = options.wire ?? '1.0';
  const disclosed: DisclosedResult = discloseResult(result, options.disclosure);
  const parts: JsonObject[] = [];
  if (options.text !== undefined) parts.push(textPart(options.text, wire));
  parts.push(dataPart(disclosed, RESULT_MEDIA_TYPE, wire));
  return { ...base(options, wire, 'agent'), parts, extensions: [options.uri ?? DEFAULT_EXTENSION_URI] };
}

/** The requester's side of `a2aReply`: the disclosed result in an agent's reply Message. */
export function readA2AReply(input: unknown, options: { uri?: string; file?: string } = {}): DisclosedResult {
  const { file } = options;
  const uri = options.uri ?? DEFAULT_EXTENSION_URI;
  const { message, path } = locateMessage(input, file);
  const wire = detectWire(message, path, file);
  const extensions = message.extensions;
  if (!Array.isArray(extensions) || !extensions.includes(uri)) throw carrierError(`the reply does not list the extension ${uri} in "extensions"`, `${path}.extensions`, file);
  const parts = Array.isArray(message.parts) ? message.parts : [];
  const hits = parts.map((p, i) => [p, i] as const).filter(([p]) => isObject(p) && dataMediaType(p, wire) !== undefined && sameMediaType(dataMediaType(p, wire)!, RESULT_MEDIA_TYPE));
  if (hits.length !== 1) throw carrierError(`expected exactly one ${RESULT_MEDIA_TYPE} data part with the result, found ${hits.length}`, `${path}.parts`, file);
  const [part, index] = hits[0]!;
  return parseDisclosedResult((part as JsonObject).data, `${path}.parts[${index}].data`);
}
