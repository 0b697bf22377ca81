/**
 * The characters no IRI may hold (RFC 3987), for every IRI check of the project: the envelope and
 * plain-document validators, artifacts, trust policies, carriers, context prefixes and reviewer ids.
 *
 * - space and the characters RFC 3986 leaves out of URIs (`<>"{}|\^` and the backtick);
 * - the C0 controls, DEL and the C1 controls: not `ucschar` (RFC 3987 2.2);
 * - the bidirectional formatting characters, which "MUST NOT be used in IRIs" (RFC 3987 4.1:
 *   U+200E, U+200F, U+202A–U+202E), with the isolates and the Arabic letter mark Unicode added
 *   since (U+2066–U+2069, U+061C): an IRI that displays in another order than it is compared in
 *   can make a reviewer trust an issuer or ontology id it does not name;
 * - noncharacters and specials outside `ucschar` (U+FDD0–U+FDEF, U+FFF0–U+FFFF, and the last two
 *   code points of every other plane, U+1FFFE–U+1FFFF … U+10FFFE–U+10FFFF) and lone surrogates;
 * - the tag characters U+E0000–U+E007F, outside `ucschar` too: they display as nothing, so an
 *   issuer with a tag appended prints exactly like the issuer without it.
 */
const URI_EXCLUDED = '\\s<>"{}|\\\\^`';
const ASTRAL_NONCHARACTERS = Array.from({ length: 16 }, (_, i) => `\\u{${(i + 1).toString(16)}fffe}\\u{${(i + 1).toString(16)}ffff}`).join('');
const TAGS = '\\u{e0000}-\\u{e007f}';
const UNSAFE = `\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\ufdd0-\\ufdef\\ufff0-\\uffff${ASTRAL_NONCHARACTERS}${TAGS}\\ud800-\\udfff`;

/** A regular-expression character class (for the `u` flag) of the characters an IRI may hold. */
export const IRI_CHARACTERS = `[^${URI_EXCLUDED}${UNSAFE}]`;

/** Controls, bidirectional marks, noncharacters, tag characters, lone surrogates; white space is left to the form checks. */
const UNSAFE_CHARACTER = new RegExp(`(?!\\s)[${UNSAFE}]`, 'u');

/**
 * The first character of `value` that is neither white space nor a URI delimiter and still may
 * not appear in an IRI (a control, a bidirectional mark, a noncharacter, a tag character, a lone
 * surrogate), or undefined.
 */
export function forbiddenIriCharacter(value: string): string | undefined {
  return UNSAFE_CHARACTER.exec(value)?.[0];
}

/** `U+202E (a bidirectional formatting character)`: what a forbidden character is, for messages. */
export function describeIriCharacter(character: string): string {
  const code = character.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const what = code <= 0x1f || (code >= 0x7f && code <= 0x9f) ? 'a control character'
    : /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(character) ? 'a bidirectional formatting character'
      : code >= 0xd800 && code <= 0xdfff ? 'a lone surrogate'
        : code >= 0xe0000 && code <= 0xe007f ? 'an invisible tag character'
          : 'a noncharacter';
  return `${hex} (${what})`;
}
