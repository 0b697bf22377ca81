/**
 * `artifact build --merge DRAFT.json`: the carried rules of an upgrade draft and the rows a
 * reviewer accepted in its review file become the complete new revision — an unsigned artifact,
 * to be signed like any other. Nothing from the review file becomes a rule unless reviewed
 * (gate/build.ts: semapv:ManualMappingCuration or semapv:MappingReview, no predicate_modifier Not).
 *
 * A reviewed row keeps the conditions its rule had: every accepted row must carry them in
 * `rule_conditions` (the upgrade writes them on every row); a row without them is refused, since
 * a rule without conditions would apply to every task.
 */
import { readArtifactDraftShape } from './draft.js';
import { refuseExpired, reviewedRules, setSourceIri } from '../gate/build.js';
import { RULE_CONDITIONS_SLOT, RULE_INDEX_SLOT } from '../gate/rule-rows.js';
import { validateArtifact, type RuleProvenance, type ValidatedArtifact } from '../gate/artifact.js';
import { sharedSlot } from '../exchange/index.js';
import { IoaError } from '../model/errors.js';
import type { MappingRecord, MappingSet } from '../model/mapping.js';
import { PREVIOUS_CONCEPT_SLOT, VERSION_RELATION_SLOT } from './upgrade.js';

export interface MergeOptions {
  /** The reviewed file's name, for messages and provenance. */
  file?: string;
  lineOf?: (record: MappingRecord) => number | undefined;
  /** Replace the draft's validity (RFC 3339). */
  validUntil?: string;
  validFrom?: string;
  description?: string;
  /** The clock the validity must end after (default: now). */
  now?: number | Date;
}

export interface MergeResult {
  document: Record<string, unknown>;
  artifact: ValidatedArtifact;
  carried: number;
  reviewed: number;
  /** Rules of the earlier revision sent to review that no accepted row derives from: the new revision lacks them. */
  unresolved: Array<{ rule: number; from: string; to: string }>;
  /** Rows of the review file left out, with why. */
  skipped: Array<{ row: number; line?: number; subject: string; object: string; why: string }>;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Join an upgrade draft and its reviewed file into the new revision (see the module comment).
 *
 * @throws IoaError E_INVALID_DOCUMENT (not an upgrade draft), E_VERSION_MISMATCH (a reviewed file
 *   over other ontologies or releases than the draft's), E_ARTIFACT_BUILD (an accepted row
 *   without rule_conditions, a contradictory review, nothing to build, an invalid result)
 */
export function mergeDraft(draftJson: unknown, reviewed: MappingSet | undefined, options: MergeOptions = {}): MergeResult {
  const draft = readArtifactDraftShape(draftJson);
  const where = options.file !== undefined ? { file: options.file } : {};
  const rules: Array<Record<string, unknown>> = draft.carried.map((r) => ({ ...r }));
  const carried = rules.length;
  let reviewedCount = 0;
  const derived = new Set<number>();
  let skipped: MergeResult['skipped'] = [];
  if (reviewed) {
    for (const [slot, expected] of [
      ['subject_source', draft.document.sourceOntologyId], ['subject_source_version', draft.document.sourceOntologyVersion],
      ['object_source', draft.document.targetOntologyId], ['object_source_version', draft.document.targetOntologyVersion],
    ] as const) {
      const value = slot === 'subject_source' || slot === 'object_source' ? setSourceIri(reviewed, slot) : text(sharedSlot(reviewed, slot));
      if (value !== undefined && value !== expected) {
        throw new IoaError('E_VERSION_MISMATCH', `the reviewed file's ${slot} is ${value}; the draft's revision ${String(draft.document.revision)} is for ${String(expected)}: it is the review of another upgrade`, { ...where, path: `$.${slot}` });
      }
    }
    const built = reviewedRules(reviewed, { conditions: {}, ...(options.file !== undefined ? { file: options.file } : {}), ...(options.lineOf ? { lineOf: options.lineOf } : {}) });
    skipped = built.skipped;
    const reviewedIn = reviewed.metadata.mappingSetId ?? options.file;
    const seen = new Set(rules.map((r) => key(r)));
    for (const r of built.rules) {
      if (r.record.extensions?.[RULE_CONDITIONS_SLOT] === undefined || r.record.extensions[RULE_CONDITIONS_SLOT] === '') {
        throw new IoaError('E_ARTIFACT_BUILD', `${r.line !== undefined ? `${options.file ?? 'line'}:${r.line}` : `row ${r.index + 1}`} is accepted but has no ${RULE_CONDITIONS_SLOT}: the rule's conditions would be lost, and a rule without conditions applies to every task; write them ({} for none)`,
          { ...where, ...(r.line !== undefined ? { line: r.line } : {}), path: `$.mappings[${r.index}].${RULE_CONDITIONS_SLOT}` });
      }
      const index = Number(text(r.record.extensions?.[RULE_INDEX_SLOT]));
      const previous = Number.isInteger(index) ? draft.pending.get(index) : undefined;
      if (previous) derived.add(index);
      const provenance: RuleProvenance = { how: 'reviewed' };
      if (previous) {
        provenance.derivedFrom = { revision: draft.previousRevision, rule: index, from: previous.from, to: previous.to, ...(previous.relation !== undefined ? { relation: previous.relation } : {}) };
        const concept = text(r.record.extensions?.[PREVIOUS_CONCEPT_SLOT]);
        const relation = text(r.record.extensions?.[VERSION_RELATION_SLOT]);
        const next = draft.side === 'target' ? r.rule.to : r.rule.from;
        if (concept !== undefined && relation !== undefined && typeof next === 'string') provenance.versionMapping = { subject: concept, predicate: relation, object: next };
      }
      if (reviewedIn !== undefined) provenance.reviewedIn = reviewedIn;
      const reviewers = r.record.reviewerId;
      if (reviewers && reviewers.length > 0) provenance.reviewers = [...reviewers];
      provenance.why = `accepted in review (${r.record.justification})`;
      const rule = { ...r.rule, provenance };
      if (seen.has(key(rule))) continue;
      seen.add(key(rule));
      rules.push(rule);
      reviewedCount++;
    }
  }
  if (rules.length === 0) {
    throw new IoaError('E_ARTIFACT_BUILD', reviewed
      ? 'nothing to build: the draft carries no rule and the reviewed file accepts none (rows need semapv:ManualMappingCuration or semapv:MappingReview)'
      : 'nothing to build: the draft carries no rule; review its review file and pass the reviewed set to mergeDraft', where);
  }
  // The new revision lists its rules in the order of the rules they came from; rules a reviewer
  // added come last, in the review file's order.
  const origin = (rule: Record<string, unknown>): number => {
    const p = rule.provenance as { derivedFrom?: { rule?: unknown } } | undefined;
    return typeof p?.derivedFrom?.rule === 'number' ? p.derivedFrom.rule : Number.POSITIVE_INFINITY;
  };
  rules.sort((a, b) => {
    const [x, y] = [origin(a), origin(b)];
    return x === y ? 0 : x < y ? -1 : 1;
  });
  const { upgrade: _upgrade, ...rest } = draft.document;
  const document: Record<string, unknown> = {
    ...rest,
    ...(options.validFrom !== undefined ? { validFrom: options.validFrom } : {}),
    ...(options.validUntil !== undefined ? { validUntil: options.validUntil } : {}),
    ...(options.description !== undefined ? { description: options.description } : {}),
    mappingRules: rules,
  };
  const result = validateArtifact(document);
  if (!result.ok) {
    const first = result.findings.find((f) => f.severity === 'error')!;
    throw new IoaError('E_ARTIFACT_BUILD', `the merged artifact is invalid: ${first.message} (${first.code})`, { path: first.path });
  }
  refuseExpired(result.value, options.now, options.validUntil === undefined ? 'options.validUntil (the draft\'s has passed)' : 'options.validUntil');
  const unresolved = [...draft.pending].filter(([i]) => !derived.has(i)).map(([i, r]) => ({ rule: i, from: r.from, to: r.to }));
  return { document, artifact: result.value, carried, reviewed: reviewedCount, unresolved, skipped };
}

function key(rule: Record<string, unknown>): string {
  return JSON.stringify([rule.from, rule.relation ?? 'skos:exactMatch', rule.to, rule.conditions]);
}
