/**
 * Building an artifact from reviewed mappings, for the library API: a reviewed file (read with
 * the exchange readers, so skipped rows name their lines) or a mapping set already in memory.
 */
import { optionKeys, optionsObject } from '../model/options.js';
import { readClock } from '../gate/clock.js';
import { readMappingFile, sourceLine } from '../exchange/index.js';
import { buildArtifact as buildFromSet, type ArtifactBuildOptions, type ArtifactBuildResult } from '../gate/build.js';
import { DIRECTIONS, type Direction } from '../gate/artifact.js';
import { IoaError } from '../model/errors.js';
import type { MappingSet } from '../model/mapping.js';

/** Options of {@link buildArtifact}. */
export interface BuildArtifactOptions extends Omit<ArtifactBuildOptions, 'lineOf' | 'direction' | 'conditions'> {
  /** Default `source-to-target`. */
  direction?: Direction;
  /** Conditions attached to every rule (`inputMediaType`, `outputMediaType`, `sourceLang`, `targetLang`, `domain`). Default none. */
  conditions?: Record<string, unknown>;
}

/** The keys of BuildArtifactOptions: any other is refused (optionsObject). */
const BUILD_OPTIONS = optionKeys<BuildArtifactOptions>()('allowIncoherent', 'artifactId', 'assertedBy', 'conditions', 'description', 'direction', 'file', 'now', 'ontologies', 'revision', 'sourceOntologyId', 'sourceOntologyVersion', 'targetOntologyId', 'targetOntologyVersion', 'validFrom', 'validUntil');

/**
 * Build an unsigned alignment artifact (draft 7.2, example 12.4) from the rows a reviewer
 * accepted: `semapv:ManualMappingCuration` or `semapv:MappingReview` justifications, an
 * equivalence predicate, no `predicate_modifier Not`. Candidate rows never become rules; each
 * left-out row is reported in `skipped` with why. With `ontologies` (both loaded with
 * `loadOntology`) the rules are checked for coherence with them and an incoherent set is refused
 * unless `allowIncoherent`; `coherence` in the result says what was found, or that the check was
 * not made. Sign the result with `signArtifact`.
 *
 * @param mappings - A reviewed mapping file (SSSOM TSV or another exchange format) or a `MappingSet` (from `ioa-align`).
 * @param options - Artifact id, revision, issuer, validity, direction, conditions; ontology ids and
 *   versions default to the set's `subject_source(_version)` / `object_source(_version)`.
 * @returns The artifact document, its validated form and the skipped rows.
 * @throws {@link IoaError} `E_ARTIFACT_INCOHERENT` (the rules make a class or a property's domain or
 *   range of the ontologies unsatisfiable; the message names each conflict and its rows),
 *   `E_ARTIFACT_BUILD` (a required id or version missing, no accepted row,
 *   an accepted row that contradicts a rejected one, a result that would not be a valid artifact such
 *   as a malformed date-time), `E_REVIEW_ROW_CONTRADICTION` (a row whose review_decision
 *   contradicts its predicate_modifier), `E_USAGE` (an unknown direction), and the errors of
 *   `readMappings` for a file.
 */
export async function buildArtifact(mappings: MappingSet | string, options: BuildArtifactOptions): Promise<ArtifactBuildResult> {
  if (options === undefined) throw new IoaError('E_USAGE', 'buildArtifact needs its options: { artifactId, revision, assertedBy, validUntil, … }', { path: '$.options' });
  options = optionsObject(options, '$.options', BUILD_OPTIONS);
  readClock(options.now);
  const direction = options.direction ?? 'source-to-target';
  if (!(DIRECTIONS as readonly string[]).includes(direction)) throw new IoaError('E_USAGE', `direction must be one of ${DIRECTIONS.join(', ')}, not ${JSON.stringify(direction)}`, { path: '$.direction' });
  const file = typeof mappings === 'string' ? mappings : options.file;
  const set = typeof mappings === 'string' ? await readMappingFile(mappings) : mappings;
  // Rows read from a file (here or by readMappings) know their line: skipped rows name it.
  return buildFromSet(set, { ...options, direction, conditions: options.conditions ?? {}, lineOf: sourceLine, ...(file !== undefined ? { file } : {}) });
}
