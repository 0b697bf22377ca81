/**
 * Lexical checks on decision-sensitive values: IRIs (6.1), media types and language tags (5.2).
 * They check form only; comparison rules (case-insensitivity and so on) belong to the gate.
 */
import { forbiddenIriCharacter, IRI_CHARACTERS } from '../text/iri.js';

/** Default IRI schemes (see `ValidateOptions.iriSchemes`). */
export const DEFAULT_IRI_SCHEMES: readonly string[] = ['http', 'https', 'urn', 'did', 'tag', 'ni'];

const IRI = new RegExp(`^([A-Za-z][A-Za-z0-9+.-]*|_):(${IRI_CHARACTERS}+)$`, 'u');
/** Space and the characters RFC 3986 leaves out of URIs. */
const URI_EXCLUDED = /[\s<>"{}|\\^`]/;
const SCHEME_ONLY = /^[A-Za-z][A-Za-z0-9+.-]*:$/;
const HTTP_AUTHORITY = /^\/\/[^/?#\s]+/;
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** RFC 6838 `type/subtype` with optional parameters; no wildcards: a constraint names one type. */
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"]*"))*$`);
/** RFC 5646 langtag or private use (the regular grandfathered tags match it as langtags). */
const LANGUAGE_TAG =
  /^(([A-Za-z]{2,3}(-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})(-[A-Za-z]{4})?(-([A-Za-z]{2}|\d{3}))?(-([A-Za-z\d]{5,8}|\d[A-Za-z\d]{3}))*(-[0-9A-WY-Za-wy-z](-[A-Za-z\d]{2,8})+)*(-x(-[A-Za-z\d]{1,8})+)?|x(-[A-Za-z\d]{1,8})+)$/;

export type IriProblem =
  | { kind: 'relative' }
  | { kind: 'malformed' }
  | { kind: 'blank-node' }
  | { kind: 'unknown-scheme'; scheme: string }
  /** A character RFC 3987 forbids in IRIs: a control, a bidirectional override, … (src/text/iri.ts). */
  | { kind: 'forbidden-character'; character: string };

/** `undefined` when `value` is an absolute IRI with an accepted scheme, else what is wrong. */
export function iriProblem(value: string, schemes: readonly string[]): IriProblem | undefined {
  const match = IRI.exec(value); // one regex on the common path: scheme, then only IRI characters
  if (match === null) {
    const character = forbiddenIriCharacter(value);
    if (character !== undefined) return { kind: 'forbidden-character', character };
    if (value.startsWith('_:')) return { kind: 'blank-node' };
    if (value === '' || URI_EXCLUDED.test(value) || SCHEME_ONLY.test(value)) return { kind: 'malformed' };
    return { kind: 'relative' };
  }
  const scheme = match[1]!.toLowerCase();
  if (scheme === '_') return { kind: 'blank-node' };
  if (!schemes.includes(scheme)) return { kind: 'unknown-scheme', scheme: match[1]! };
  if ((scheme === 'http' || scheme === 'https') && !HTTP_AUTHORITY.test(match[2]!)) return { kind: 'malformed' };
  return undefined;
}

/**
 * A media type that names one type: `*` is a token character of RFC 7230, but a type or subtype
 * of `*` is a range (`*\/*`, `text/*`), which a constraint cannot be — accepted, it then conflicted
 * with every task in `check` by the equality of media types.
 */
export const isMediaType = (value: string): boolean => MEDIA_TYPE.test(value) && !value.split(';')[0]!.split('/').some((part) => part.trim().includes('*'));
/**
 * RFC 5646 section 2.2.8's irregular grandfathered tags: deprecated, but Language-Tag still
 * includes them, and a valid tag must not be refused as malformed.
 */
const IRREGULAR_GRANDFATHERED = new Set([
  'en-gb-oed', 'i-ami', 'i-bnn', 'i-default', 'i-enochian', 'i-hak', 'i-klingon', 'i-lux', 'i-mingo',
  'i-navajo', 'i-pwn', 'i-tao', 'i-tay', 'i-tsu', 'sgn-be-fr', 'sgn-be-nl', 'sgn-ch-de',
]);
export const isLanguageTag = (value: string): boolean => LANGUAGE_TAG.test(value) || IRREGULAR_GRANDFATHERED.has(value.toLowerCase());
