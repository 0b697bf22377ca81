/**
 * Turning identifiers into words. Used by loaders (a concept without a label gets its split
 * local name) and by lexical generators (normalisation), so both agree on what a "word" is.
 */

/** Fragment after `#`, else the last non-empty path segment, else the IRI itself. */
export function localNameOf(iri: string): string {
  const hash = iri.lastIndexOf('#');
  if (hash >= 0 && hash < iri.length - 1) return iri.slice(hash + 1);
  const trimmed = iri.replace(/[/#]+$/, '');
  const slash = trimmed.lastIndexOf('/');
  const colon = trimmed.lastIndexOf(':');
  const cut = Math.max(slash, colon);
  return cut >= 0 && cut < trimmed.length - 1 ? trimmed.slice(cut + 1) : trimmed;
}

/** The letters of a lower-case code that keeps its digits (see rewriteIdentifier). */
const SHORT_CODE = /^\p{Ll}{1,3}$/u;

/** ASCII words, each lower-case or capitalised, separated by spaces or underscores. */
const PLAIN_WORDS = /^[_ ]*[A-Za-z][a-z]*(?:[_ ]+[A-Za-z][a-z]*)*[_ ]*$/;

/**
 * `hasPaperTitle` → `has Paper Title`, `Conference_Member` → `Conference Member`,
 * `MA_0000001` → `MA 0000001`, `XMLParser` → `XML Parser`, `Paper1` → `Paper 1`, `s3-bucket` → `s3 bucket`.
 */
export function splitIdentifier(name: string): string {
  // The common case, `abdominal wall` or `Abdominal_Wall`: nothing to decode and no case or digit
  // boundary inside a word, so only the separators change. Skips five Unicode regex passes.
  if (PLAIN_WORDS.test(name)) return name.replace(/[_ ]+/g, ' ').trim();
  return rewriteIdentifier(name);
}

/**
 * The full rewrite of an identifier into words: percent-decoding, separators, case and digit
 * boundaries. splitIdentifier takes a shortcut for plain words, which must give the same text.
 */
export function rewriteIdentifier(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A stray % is just a character here.
  }
  return decoded
    .replace(/[_\-.\s]+/g, ' ')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    // A word's number is its own word (`Paper1` → `Paper 1`, `CA2` → `CA 2`), but a short
    // lower-case code keeps its digits (`s3`, `ec2`, `k8s`, `web3`, `gpt4` in identifiers): split,
    // its letters and digit matched other words' ("s", "3d"), and the product it names was lost.
    .replace(/(\p{L}+)(\p{N})/gu, (whole, letters: string, digit: string) => (SHORT_CODE.test(letters) ? whole : `${letters} ${digit}`))
    .replace(/\s+/g, ' ')
    .trim();
}
