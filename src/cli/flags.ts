/**
 * Library errors name an option as the library spells it: `$.reviewer` as the path and
 * `options.reviewer` in the text, since a library caller never typed a flag. On the command line
 * the same option is a flag, and the message must say so: {@link withFlags} runs a library call
 * and gives such an error the flag's name in both places. Only an error whose text names the
 * option is about it: a path like `$.validUntil` alone may be a member of a document read.
 *
 * Most such options are members of `options`, named by the bare key (`force`). An input that is a
 * member of another argument, or lies deeper, is named in full, as the library writes it:
 * `files.out` (openReview's files), `options.new.version`. A hint at what only the command offers
 * (`propose --decisions`) is worded by the library its own way, and that wording is a key too: the
 * command puts its own words in its place.
 */
import { IoaError, isIoaError } from '../model/errors.js';

/**
 * The library's option name (`sourceOntologyId`, or a name in full: `files.out`) → the command's
 * flag (`--source-id`, `--out`).
 */
export type FlagNames = Readonly<Record<string, string>>;

/** How the library writes `option` in a message: `options.force`, or a name given in full as it is. */
function writtenName(option: string): string {
  return /^\w+$/.test(option) ? `options.${option}` : option;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` (a message or warning) with each option of `flags` it names (`options.force`) named by its flag. */
export function asFlagText(text: string, flags: FlagNames): string {
  return Object.entries(flags).reduce((t, [option, flag]) => t.replace(new RegExp(`(?<![\\w.])${escaped(writtenName(option))}(?![\\w.])`, 'g'), flag), text);
}

/** `error` with each option of `flags` named by its flag; anything else as it is. */
export function asFlagError(error: unknown, flags: FlagNames): unknown {
  if (!isIoaError(error)) return error;
  let message = error.message;
  let path = error.location.path;
  for (const [option, flag] of Object.entries(flags)) {
    const named = asFlagText(message, { [option]: flag });
    if (named === message) continue;
    message = named;
    if (path === `$.${option}`) path = flag;
  }
  if (message === error.message) return error;
  return new IoaError(error.code, message, { ...error.location, ...(path !== undefined ? { path } : {}) }, { cause: error });
}

/** Run `work`; an error it throws names the options of `flags` by their flags (asFlagError). */
export async function withFlags<T>(flags: FlagNames, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asFlagError(error, flags);
  }
}
