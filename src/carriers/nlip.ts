/**
 * NLIP-style carriage (draft Section 12.6): a natural-language `text` message whose structured
 * submessage (`format` `structured`, `subformat` `JSON`) is the complete envelope.
 *
 * Field names follow the NLIP message model (`format`, `subformat`, `content`, `label`,
 * `submessages`; NLIP treats `format` and `subformat` values case-insensitively). 12.6 leaves the
 * submessage identification to the binding; this binding ties the envelope to its task with
 * labels: the message's `label` is the task label, and the envelope submessage's `label` is
 * `ioa-semantic-envelope:<task label>`. A submessage whose label names another task is an error
 * (the association with the task is what the binding must protect), not something to skip.
 */
import { IoaError } from '../model/errors.js';
import type { ValidateOptions } from '../envelope/index.js';
import { carrierError, isObject, noEnvelope, requireValidEnvelope, validateCarried, validateCarriedText, type CarrierInfo, type JsonObject, type UnwrapResult } from './common.js';
import { discloseResult, parseDisclosedResult, type DecisionLike, type Disclosure, type DisclosedResult } from './disclosure.js';

export const ENVELOPE_LABEL_PREFIX = 'ioa-semantic-envelope:';
export const RESULT_LABEL_PREFIX = 'ioa-compatibility-result:';

export interface NlipWrapOptions {
  /** Task label that ties the envelope to its task (required: 12.6 "protect its association with the task"). */
  task: string;
  /** Natural-language content of the message (descriptive only, Section 6.4). */
  text?: string;
  /** `subformat` of the text: the language, NLIP style (default `english`). */
  language?: string;
  validate?: ValidateOptions;
}

function checkTask(task: unknown, path = '$.label'): string {
  if (typeof task !== 'string' || task.trim() === '' || task !== task.trim()) throw carrierError('the task label must be a non-empty string without surrounding spaces', path);
  return task;
}

/** Put a (valid) envelope into an NLIP message as a labelled structured submessage. */
export async function wrapNlip(envelope: unknown, options: NlipWrapOptions): Promise<JsonObject> {
  if (typeof options !== 'object' || options === null) throw new IoaError('E_USAGE', 'wrapNlip needs its options: { task, … }', { path: '$.options' });
  const task = checkTask(options.task);
  await requireValidEnvelope(envelope, options.validate);
  return {
    format: 'text',
    subformat: options.language ?? 'english',
    content: options.text ?? '',
    label: task,
    submessages: [{ format: 'structured', subformat: 'JSON', content: envelope, label: `${ENVELOPE_LABEL_PREFIX}${task}` }],
  };
}

export interface NlipUnwrapOptions {
  /** The task this receiver expects; when given, the message must be labelled with it. */
  task?: string;
  validate?: ValidateOptions;
  file?: string;
}

const lower = (v: unknown): string | undefined => (typeof v === 'string' ? v.toLowerCase() : undefined);

/**
 * An NLIP `format`: a non-empty word, compared case-insensitively. Which words NLIP allows is not
 * checked (12.6 specifies no NLIP version, and the NLIP drafts' lists differ); a blank format, or
 * one with spaces around it (`"text "`), is no format of any of them, and its content would
 * silently not be read as what it says it is.
 */
function checkFormat(format: unknown, path: string, file: string | undefined): string {
  if (typeof format !== 'string') throw carrierError('"format" is required', path, file);
  if (format.trim() === '' || format !== format.trim()) throw carrierError(`"format" must be a non-empty string without surrounding spaces, got ${JSON.stringify(format)}`, path, file);
  return format;
}

/** Read the envelope submessage out of an NLIP message and run the envelope validator on it. */
export async function unwrapNlip(input: unknown, options: NlipUnwrapOptions = {}): Promise<UnwrapResult> {
  const { file } = options;
  if (!isObject(input)) throw carrierError('an NLIP message must be a JSON object', '$', file);
  checkFormat(input.format, '$.format', file);
  const label = input.label === undefined ? undefined : checkTask(input.label);
  const task = options.task ?? label;
  if (task === undefined) throw carrierError('the message has no "label" naming its task, and no task was given: the envelope cannot be tied to a task', '$.label', file);
  if (options.task !== undefined && label !== undefined && label !== options.task) {
    throw carrierError(`the message is labelled for task "${label}", not "${options.task}"`, '$.label', file);
  }
  const text: string[] = [];
  if (lower(input.format) === 'text' && typeof input.content === 'string' && input.content !== '') text.push(input.content);
  const subs = input.submessages ?? [];
  if (!Array.isArray(subs)) throw carrierError('"submessages" must be an array', '$.submessages', file);

  const hits: number[] = [];
  subs.forEach((sub, i) => {
    const path = `$.submessages[${i}]`;
    if (!isObject(sub)) throw carrierError('a submessage must be an object', path, file);
    checkFormat(sub.format, `${path}.format`, file);
    if (lower(sub.format) === 'text' && typeof sub.content === 'string') text.push(sub.content);
    if (typeof sub.label !== 'string' || !sub.label.startsWith(ENVELOPE_LABEL_PREFIX)) return;
    const subTask = sub.label.slice(ENVELOPE_LABEL_PREFIX.length);
    if (subTask !== task) throw carrierError(`the envelope submessage is labelled for task "${subTask}", but the message belongs to task "${task}"`, `${path}.label`, file);
    if (lower(sub.format) !== 'structured' || lower(sub.subformat) !== 'json') {
      throw carrierError('the envelope submessage must have format "structured" and subformat "JSON"', `${path}.format`, file);
    }
    hits.push(i);
  });
  if (hits.length > 1) throw carrierError(`${hits.length} submessages carry an envelope for task "${task}"; which one applies would be a guess`, `$.submessages[${hits[1]}]`, file);
  const index = hits[0];
  const envelopePath = index === undefined ? undefined : `$.submessages[${index}].content`;
  const carrier: CarrierInfo = { carrier: 'nlip', task, text, ...(envelopePath !== undefined ? { envelopePath } : {}) };
  if (index === undefined) return noEnvelope(carrier, '$.submessages', `no submessage carries an envelope for task "${task}" (label "${ENVELOPE_LABEL_PREFIX}${task}", format "structured", subformat "JSON")`, '12.6');
  const document = (subs[index] as JsonObject).content;
  // NLIP allows structured content as a nested JSON object or as JSON text. Text goes to the
  // validator's own JSON entry point (size limit first, then parsing), not to a parse of ours.
  if (typeof document === 'string') return validateCarriedText(document, carrier, options.validate);
  return validateCarried(document, carrier, options.validate);
}

/** An NLIP reply carrying a compatibility result for `task`, disclosed per the setting (7.1). */
export function nlipReply(result: DecisionLike, options: { task: string; disclosure: Disclosure; text?: string; language?: string }): JsonObject {
  const task = checkTask(options.task);
  return {
    format: 'text',
    subformat: options.language ?? 'english',
    content: options.text ?? '',
    label: task,
    submessages: [{ format: 'structured', subformat: 'JSON', content: discloseResult(result, options.disclosure), label: `${RESULT_LABEL_PREFIX}${task}` }],
  };
}

/** The requester's side of `nlipReply`: the disclosed result submessage for `task`. */
export function readNlipReply(input: unknown, options: { task: string }): DisclosedResult {
  if (!isObject(input)) throw carrierError('an NLIP message must be a JSON object', '$');
  if (input.label !== undefined && input.label !== options.task) throw carrierError(`the reply is labelled for task "${String(input.label)}", not "${options.task}"`, '$.label');
  const subs = Array.isArray(input.submessages) ? input.submessages : [];
  const label = `${RESULT_LABEL_PREFIX}${options.task}`;
  const hits = subs.map((s, i) => [s, i] as const).filter(([s]) => isObject(s) && s.label === label);
  if (hits.length !== 1) throw carrierError(`expected exactly one submessage labelled "${label}", found ${hits.length}`, '$.submessages');
  const [sub, index] = hits[0]!;
  if (lower((sub as JsonObject).format) !== 'structured' || lower((sub as JsonObject).subformat) !== 'json') throw carrierError('the result submessage must have format "structured" and subformat "JSON"', `$.submessages[${index}].format`);
  return parseDisclosedResult((sub as JsonObject).content, `$.submessages[${index}].content`);
}
