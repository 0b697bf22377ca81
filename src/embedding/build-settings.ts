/**
 * What a model build depends on (settings, their hash, the cache key) and what it records (the
 * stamp), kept apart from the build itself so that checking "is the model up to date?" loads no
 * ONNX or protobuf code.
 */
import { createHash } from 'node:crypto';
import type { RetrofitSettings } from './retrofit.js';

/** Everything that changes the built model; its hash is part of the cache key. */
export interface BuildSettings {
  /** Keep only the N most frequent words (undefined: all). */
  maxWords?: number;
  /** SIF smoothing `a`; 0 disables down-weighting. */
  sifA: number;
  /** Remove this many principal components (0 or 1) of the frequency-weighted word vectors. */
  removeComponents: number;
  /**
   * Word pieces for words the vocabulary lacks: `##w` for each of the `maxRank` most frequent
   * words of at least `minLength` characters, carrying w's vector times `weight`, so that
   * "subcapsular" becomes "sub ##capsular" instead of [UNK]. Null: whole words only.
   */
  subwords: { maxRank: number; minLength: number; weight: number } | null;
  /**
   * Character pieces so that no word of letters and digits ends as [UNK]: every single character
   * (as a word and as `##c`) and every `##` piece of up to `maxLength` letters, each with a
   * pseudo-random vector derived from a hash of its characters (`c` and `##c` share one). A word
   * the vectors lack ("geniohyoid", "serosa", "4") then still embeds, identically on both sides.
   */
  hashedPieces: { maxLength: number; weight: number } | null;
  /** Retrofitting to WordNet synonym sets (Faruqui et al., 2015); null: none. */
  retrofit: RetrofitSettings | null;
}

export const DEFAULT_BUILD_SETTINGS: BuildSettings = {
  sifA: 1e-3,
  removeComponents: 1,
  subwords: { maxRank: 100_000, minLength: 3, weight: 0.5 },
  hashedPieces: { maxLength: 3, weight: 0.5 },
  retrofit: null,
};

export interface BuildStamp {
  format: 'ioa-align-word-vector-model/1';
  source: { package: string; version: string };
  settings: BuildSettings;
  settingsHash: string;
  vocabularySize: number;
  dims: number;
  builtAt: string;
  buildMillis: number;
}

export function settingsHash(settings: BuildSettings): string {
  return createHash('sha256').update(stableJson(settings)).digest('hex').slice(0, 16);
}

/** The cache key of a built model: source package, its version and the settings hash. */
export function buildKey(source: { package: string; version: string }, settings: BuildSettings): string {
  return `${source.package}@${source.version}#${settingsHash(settings)}`;
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

