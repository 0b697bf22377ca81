/**
 * Version diff and artifact upgrade: how two releases of one ontology relate, and carrying an
 * artifact's reviewed rules to the new release (drafts and review files only; the gate alone
 * accepts artifacts).
 */
export {
  diffVersions, DEFAULT_DIFF_GENERATORS, DIFF_FUSION_WEIGHTS, CHANGE_KINDS, ROW_EVIDENCE,
  type AlignmentRow, type ChangeKind, type ConceptChange, type DiffOptions, type RowEvidence, type VersionDiff,
} from './diff.js';
export {
  identityPairs, assertSameSeries, seriesOf, versionSegmentOf, withoutVersionSegment, hasPathSegment, comparableLabel, definitionChange, IDENTITY_KINDS,
  type DefinitionChange, type IdentityKind, type IdentityPair, type ReleaseRef,
} from './identity.js';
export {
  versionAlignmentSet, readVersionAlignment, NO_TERM_FOUND, VERSION_CHANGE_SLOT, VERSION_EVIDENCE_SLOT,
  type VersionAlignment, type VersionAlignmentOptions, type VersionRow,
} from './alignment-file.js';
export { compose, composeRule } from './compose.js';
export {
  upgradeArtifact, nextRevision, UPGRADE_SIDES, DEFAULT_CANDIDATES_PER_RULE, PREVIOUS_CONCEPT_SLOT, VERSION_RELATION_SLOT,
  type CarriedRule, type DroppedRule, type PendingRule, type UpgradeOptions, type UpgradeResult, type UpgradeSide,
} from './upgrade.js';
export { mergeDraft, type MergeOptions, type MergeResult } from './merge.js';
export { readArtifactDraftShape, type ReadDraft } from './draft.js';
export { formatDiffSummary, formatUpgradeSummary } from './summary.js';
