/**
 * Ontology versions move: how two releases of one ontology relate ({@link diffVersions}), and
 * carrying an alignment artifact's reviewed rules to the new release ({@link upgradeArtifact},
 * then {@link mergeDraft} with the reviewed file). Drafts and review files only: nothing here
 * signs, trusts or accepts an artifact — sign the merged revision with `signArtifact` from
 * `ioa-align/gate`, and only the gate accepts it.
 *
 * @packageDocumentation
 */
import { checkCallbacks, checkLoaded, optionKeys, optionsObject } from '../model/options.js';
import { checkArtifactToCarry, readArtifact } from '../gate/artifact-tools.js';
import type { TrustPolicy } from '../envelope/types.js';
import type { ValidatedArtifact } from '../gate/artifact.js';
import type { MappingSet } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { IoaError } from '../model/errors.js';
import { diffVersions as diff, type DiffOptions, type VersionDiff } from '../versions/diff.js';
import { upgradeArtifact as upgrade, type UpgradeOptions, type UpgradeResult } from '../versions/upgrade.js';
import { loadOntology } from './ontology.js';
import { readMappings } from './mappings.js';

export {
  DEFAULT_DIFF_GENERATORS, DIFF_FUSION_WEIGHTS, CHANGE_KINDS, ROW_EVIDENCE, FAINT,
  type AlignmentRow, type ChangeKind, type ConceptChange, type DiffOptions, type RowEvidence, type VersionDiff,
} from '../versions/diff.js';
export {
  identityPairs, assertSameSeries, seriesOf, versionSegmentOf, withoutVersionSegment, hasPathSegment, comparableLabel, definitionChange, IDENTITY_KINDS,
  type DefinitionChange, type IdentityKind, type IdentityPair, type ReleaseRef,
} from '../versions/identity.js';
export {
  versionAlignmentSet, readVersionAlignment, NO_TERM_FOUND, VERSION_CHANGE_SLOT, VERSION_EVIDENCE_SLOT,
  type VersionAlignment, type VersionAlignmentOptions, type VersionRow,
} from '../versions/alignment-file.js';
export { compose, composeRule, type RuleRelationLike } from '../versions/compose.js';
export {
  nextRevision, UPGRADE_SIDES, DEFAULT_CANDIDATES_PER_RULE, PREVIOUS_CONCEPT_SLOT, VERSION_RELATION_SLOT,
  type CarriedRule, type DroppedRule, type PendingRule, type UpgradeOptions, type UpgradeResult, type UpgradeSide,
} from '../versions/upgrade.js';
export { mergeDraft, type MergeOptions, type MergeResult } from '../versions/merge.js';
export { readArtifactDraftShape, type ReadDraft } from '../versions/draft.js';
export { formatDiffSummary, formatUpgradeSummary } from '../versions/summary.js';
export { artifactToMappingSet, rowConditions, RULE_CONDITIONS_SLOT, RULE_INDEX_SLOT, ARTIFACT_DIRECTION_SLOT } from '../gate/rule-rows.js';
export type { IdentifierPolicy, OntologyIndex } from '../model/ontology-index.js';
export type { AxiomCounts, OntologyAxioms } from '../model/axioms.js';
export type { MappingRule, RuleProvenance, ValidatedArtifact } from '../gate/artifact.js';
export { IoaError, isIoaError, ERROR_CODES, type ErrorCode, type ErrorLocation } from '../model/errors.js';

const load = (index: OntologyIndex | string): Promise<OntologyIndex> => (typeof index === 'string' ? loadOntology(index) : Promise.resolve(index));

/** Options of {@link diffVersions}: those of the diff, and how releases given as locations are read. */
export interface DiffVersionsOptions extends DiffOptions {
  /**
   * Agent record files given as locations: leave bad records out, and say what was left out (one
   * summary per file, counted per reason) through `onWarning`, as `propose --skip-invalid` does.
   */
  skipInvalid?: boolean;
}

/** The keys of DiffVersionsOptions: any other is refused (optionsObject). */
const DIFF_OPTIONS = optionKeys<DiffVersionsOptions>()('force', 'generators', 'onProgress', 'onWarning', 'signal', 'skipInvalid', 'strictDefinitions', 'topK');

/**
 * Compare two releases of one ontology: identity first (the same IRI, an IRI that differs only
 * by its version segment, a notation where the vocabulary declares notations stable), then the
 * generators with `identity` and `lineage` evidence, fused and selected into a version alignment
 * OLD → NEW, with what happened to each old concept and the concepts added.
 *
 * @param oldRelease - The old release, loaded or a location `loadOntology` (from `ioa-align`) takes.
 * @param newRelease - The new release, likewise.
 * @param options - Generators, top-k, `force` (compare ontologies not known to be one),
 *   `strictDefinitions`, `skipInvalid` (bad agent records of a release given as a location left out).
 * @returns The ranked candidates, the alignment rows, a change record per old concept, the added concepts.
 * @throws {@link IoaError} `E_VERSION_SERIES` (not releases of one ontology, without `force`),
 *   `E_USAGE` (`skipInvalid` with both releases already loaded), the errors of `loadOntology`
 *   (from `ioa-align`) for locations, and what the generators throw.
 */
export async function diffVersions(oldRelease: OntologyIndex | string, newRelease: OntologyIndex | string, options: DiffVersionsOptions = {}): Promise<VersionDiff> {
  for (const [value, path] of [[oldRelease, '$.oldRelease'], [newRelease, '$.newRelease']] as const) {
    if (typeof value !== 'string') checkLoaded(value, path, 'a loaded ontology or a location');
  }
  const { skipInvalid, ...rest } = optionsObject(options, '$.options', DIFF_OPTIONS);
  checkCallbacks(rest, ['onWarning', 'onProgress'], '$.options');
  if (skipInvalid && typeof oldRelease !== 'string' && typeof newRelease !== 'string') {
    throw new IoaError('E_USAGE', 'skipInvalid means something only for a release given as a location (the record file it reads); loaded releases were read already', { path: '$.options.skipInvalid' });
  }
  const loading = skipInvalid ? { skipInvalid: true } : {};
  const read = async (release: OntologyIndex | string): Promise<OntologyIndex> => {
    if (typeof release !== 'string') return release;
    const index = await loadOntology(release, loading);
    // What was left out is said once per file, as the other commands that read records say it.
    if (skipInvalid) for (const warning of index.warnings) rest.onWarning?.(`${index.source}: ${warning}`);
    return index;
  };
  const [a, b] = await Promise.all([read(oldRelease), read(newRelease)]);
  return diff(a, b, rest);
}

/** Options of {@link upgradeArtifact}: those of the upgrade, with releases and `via` as locations too. */
export interface UpgradeArtifactOptions extends Omit<UpgradeOptions, 'old' | 'new' | 'via'> {
  old: OntologyIndex | string;
  new: OntologyIndex | string;
  /** A version alignment to use instead of computing one: a mapping set, or a mapping file's path. */
  via?: MappingSet | string;
  /**
   * A trust policy (path, JSON or validated): a signed artifact's signature must verify with a key
   * it lists for the issuer before any rule is carried. Required for a signed artifact unless
   * `unverified` is set.
   */
  trust?: string | Readonly<Record<string, unknown>> | TrustPolicy;
  /** Carry a signed artifact's rules without checking its signature (said through `onWarning`). */
  unverified?: boolean;
}

const UPGRADE_ARTIFACT_OPTIONS = optionKeys<UpgradeArtifactOptions>()('candidatesPerRule', 'diff', 'force', 'mappingDate', 'new', 'old', 'onWarning', 'reviewFile', 'revision', 'side', 'strictDefinitions', 'trust', 'unverified', 'via', 'viaFile');

/**
 * Carry an artifact to a new release of the ontology on one side. Rules whose concept is
 * unchanged are carried into the draft (the next revision, unsigned, each rule with provenance);
 * every other rule becomes candidate rules in the review set, with the relation composed
 * through the version change (an `=` rule through a `<` change is proposed as broadMatch, never
 * carried); rules whose concept has no candidate are dropped. Complete the revision with
 * {@link mergeDraft} and the reviewed set.
 *
 * @param artifact - The artifact: a path, its JSON, or a validated artifact.
 * Carried rules reach the next revision without a reviewer, so a signed artifact's signature is
 * verified first against `trust` (its scopes and validity window are not asked: the new revision
 * is signed and judged on its own), or `unverified: true` says to take the file's word; an
 * unsigned artifact is carried with a warning that nothing vouches for its rules.
 *
 * @param options - `side`, `old`, `new`, `trust` or `unverified` for a signed artifact, and optionally `via`, `revision`, `candidatesPerRule`, `strictDefinitions`, `force`.
 * @returns The draft, the review set, and the carried, pending and dropped rules with why.
 * @throws {@link IoaError} `E_SIGNATURE_INVALID` (the artifact does not verify against `trust`:
 *   nothing is carried), `E_USAGE` (a signed artifact with neither `trust` nor `unverified`, or
 *   both), `E_VERSION_MISMATCH` (the artifact does not cover OLD on that side, a
 *   `via` set over other releases), `E_VERSION_SERIES` (OLD and NEW not releases of one ontology),
 *   `E_USAGE` (a revision that cannot be counted, an unknown side), and the errors of `readArtifact`,
 *   `loadOntology` (from `ioa-align`) and `readMappings`.
 */
export async function upgradeArtifact(artifact: string | Readonly<Record<string, unknown>> | ValidatedArtifact, options: UpgradeArtifactOptions): Promise<UpgradeResult> {
  if (typeof options !== 'object' || options === null) throw new IoaError('E_USAGE', 'upgradeArtifact needs { side, old, new }', { path: '$' });
  // A misspelt strictDefinitions would carry reworded rules unreviewed: refused, never ignored.
  optionsObject(options, '$', UPGRADE_ARTIFACT_OPTIONS);
  if (options.trust !== undefined && options.unverified === true) throw new IoaError('E_USAGE', 'trust verifies the artifact\'s signature and unverified skips that: give one, not both', { path: '$.unverified' });
  if (options.unverified !== undefined && typeof options.unverified !== 'boolean') throw new IoaError('E_USAGE', 'unverified must be true or false', { path: '$.unverified' });
  const validated = typeof artifact === 'object' && (artifact as ValidatedArtifact).kind === 'artifact' && 'signingInput' in artifact ? (artifact as ValidatedArtifact) : await readArtifact(artifact as string | Readonly<Record<string, unknown>>);
  const file = typeof artifact === 'string' ? artifact : undefined;
  const said = await checkArtifactToCarry(validated, options.trust, options.unverified === true, {
    artifact: file ?? 'the artifact', ...(file !== undefined ? { file } : {}),
    trust: 'options.trust', unverified: 'options.unverified: true', trustPath: '$.trust',
    policy: typeof options.trust === 'string' ? options.trust : 'the trust policy',
  });
  if (said.warning !== undefined) options.onWarning?.(said.warning);
  const [a, b] = await Promise.all([load(options.old), load(options.new)]);
  const via = typeof options.via === 'string' ? await readMappings(options.via) : options.via;
  const { old: _old, new: _new, via: _via, trust: _trust, unverified: _unverified, ...rest } = options;
  return upgrade(validated, { ...rest, old: a, new: b, ...(via ? { via, ...(typeof options.via === 'string' ? { viaFile: options.via } : {}) } : {}) });
}
