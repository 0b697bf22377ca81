/**
 * An artifact's rules as mapping rows, and a row's own conditions: what lets artifacts be
 * converted, diffed, reviewed and benchmarked like any mapping set, and rebuilt from such a set.
 *
 * One row per rule, in rule order:
 * - `subject_id` = `from`, `object_id` = `to`, `predicate_id` = the rule's relation
 *   (`skos:exactMatch` when the rule states none);
 * - `mapping_justification` = `semapv:ManualMappingCuration`: a rule is a decision someone made,
 *   which is also what lets `artifact build` read the rows back into rules;
 * - `author_id` = the artifact's `assertedBy`; `comment` = the rule's comment;
 * - `rule_conditions` (extension slot, `ioa-align:rule_conditions`): the rule's `conditions` as
 *   one JSON object (`{}` for none), compact, keys in the order the artifact gives them;
 * - `rule_index` (extension slot): the rule's position in `mappingRules`, from 0.
 * The set: `mapping_set_id` = the artifact id, `mapping_set_version` = its revision, sources and
 * versions from the artifact, `artifact_direction` (extension) its declared direction.
 *
 * A row's `rule_conditions` must hold a JSON object; anything else is refused rather than read as
 * "no conditions", which would widen the rule to every task.
 */
import { CANDIDATE_NAMESPACE, CANDIDATE_PREFIX, UNSPECIFIED_LICENSE, buildCurieMap } from '../exchange/index.js';
import { IoaError, type ErrorLocation } from '../model/errors.js';
import { readJson } from '../text/json.js';
import { cutText } from '../text/cut.js';
import { Findings } from '../envelope/findings.js';
import { checkLimits, DEFAULT_LIMITS, nestingOnly } from '../envelope/limits.js';
import type { EntityMappingRecord, MappingRecord, MappingSet } from '../model/mapping.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import type { ValidatedArtifact } from './artifact.js';

/** The extension column holding a rule's conditions as one JSON object. */
export const RULE_CONDITIONS_SLOT = 'rule_conditions';
/** The extension column holding a rule's position in `mappingRules` (from 0). */
export const RULE_INDEX_SLOT = 'rule_index';
/** The set-level extension slot holding the artifact's declared direction. */
export const ARTIFACT_DIRECTION_SLOT = 'artifact_direction';

/** Extension definitions of the rule slots, under the project's namespace. */
export function ruleSlotDefinitions(): Array<{ slotName: string; property: string; typeHint: string }> {
  return [
    { slotName: RULE_CONDITIONS_SLOT, property: `${CANDIDATE_PREFIX}:${RULE_CONDITIONS_SLOT}`, typeHint: 'xsd:string' },
    { slotName: RULE_INDEX_SLOT, property: `${CANDIDATE_PREFIX}:${RULE_INDEX_SLOT}`, typeHint: 'xsd:integer' },
  ];
}

/** The artifact's rules as a mapping set (see the module comment). */
export function artifactToMappingSet(artifact: ValidatedArtifact): MappingSet {
  const mappings: EntityMappingRecord[] = artifact.mappingRules.map((rule, i) => {
    const record: EntityMappingRecord = {
      subjectId: rule.from,
      predicateId: rule.relation ?? 'skos:exactMatch',
      objectId: rule.to,
      justification: 'semapv:ManualMappingCuration',
      extra: { author_id: [artifact.assertedBy] },
      extensions: { [RULE_CONDITIONS_SLOT]: JSON.stringify(rule.conditions), [RULE_INDEX_SLOT]: String(i) },
    };
    if (rule.comment !== undefined) record.comment = rule.comment;
    return record;
  });
  const curieMap = buildCurieMap([...mappings.flatMap((m) => [m.subjectId, m.objectId]), artifact.assertedBy]);
  curieMap[CANDIDATE_PREFIX] = CANDIDATE_NAMESPACE;
  return {
    metadata: {
      curieMap,
      mappingSetId: artifact.artifactId,
      license: UNSPECIFIED_LICENSE,
      mappingTool: TOOL_NAME,
      mappingToolVersion: TOOL_VERSION,
      subjectSource: artifact.sourceOntologyId,
      subjectSourceVersion: artifact.sourceOntologyVersion,
      objectSource: artifact.targetOntologyId,
      objectSourceVersion: artifact.targetOntologyVersion,
      extensionDefinitions: [...ruleSlotDefinitions(), { slotName: ARTIFACT_DIRECTION_SLOT, property: `${CANDIDATE_PREFIX}:${ARTIFACT_DIRECTION_SLOT}`, typeHint: 'xsd:string' }],
      extensions: { [ARTIFACT_DIRECTION_SLOT]: artifact.direction },
      extra: {
        mapping_set_version: artifact.revision,
        mapping_set_description: `The ${artifact.mappingRules.length} rule(s) of alignment artifact ${artifact.artifactId} revision ${artifact.revision} (${artifact.signature ? `carries a signature by key ${artifact.signature.keyId}, not verified` : 'unsigned'}), one row per rule in rule order: the rule's relation as predicate_id, its conditions as a JSON object in rule_conditions, its position in rule_index. A row here is not an accepted artifact: only the gate accepts one, signed.`,
      },
    },
    mappings,
  };
}

/**
 * How deep a rule's conditions may nest: what is left of an artifact's nesting limit (6.1) below
 * `$.mappingRules[i].conditions`. Condition values are strings; the bound is there so that a
 * hostile conditions object is refused at its path before anything recursive (canonical JSON,
 * copying) walks it and exhausts the stack.
 */
export const CONDITIONS_MAX_DEPTH = DEFAULT_LIMITS.maxDepth - 3;

/** The error for conditions nested past CONDITIONS_MAX_DEPTH: E_LIMIT_EXCEEDED at the place, with the JSON path. */
export function conditionsTooDeep(what: string, path: string, location: ErrorLocation = {}): IoaError {
  return new IoaError('E_LIMIT_EXCEEDED', `${what} at ${path}: nesting deeper than ${CONDITIONS_MAX_DEPTH} levels (an artifact nests at most ${DEFAULT_LIMITS.maxDepth}, 6.1)`, location);
}

/** Refuse conditions nested past CONDITIONS_MAX_DEPTH (E_LIMIT_EXCEEDED at the place, with the JSON path). */
export function assertConditionsNesting(conditions: unknown, what: string, location: ErrorLocation = {}): void {
  const findings = new Findings();
  if (checkLimits(conditions, nestingOnly(CONDITIONS_MAX_DEPTH), findings)) return;
  throw conditionsTooDeep(what, findings.list[0]!.path, location);
}

/**
 * The conditions a row carries in `rule_conditions`, or undefined when it has no such cell.
 *
 * @throws IoaError E_ARTIFACT_BUILD (the cell is not a JSON object), E_DUPLICATE_KEY (it names a condition twice), E_LIMIT_EXCEEDED (it nests past the artifact limit)
 */
export function rowConditions(record: MappingRecord, location: ErrorLocation = {}): Record<string, unknown> | undefined {
  const raw = record.extensions?.[RULE_CONDITIONS_SLOT];
  if (raw === undefined || raw === '') return undefined;
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    const read = readJson(raw);
    if (!read.ok && read.fault.kind === 'duplicate-key') {
      throw new IoaError('E_DUPLICATE_KEY', `${RULE_CONDITIONS_SLOT} at ${read.fault.path}: ${read.fault.message}`, location);
    }
    if (!read.ok && read.fault.kind === 'depth') {
      throw new IoaError('E_LIMIT_EXCEEDED', `${RULE_CONDITIONS_SLOT} at ${read.fault.path ?? '$'}: ${read.fault.message} (an artifact nests at most ${DEFAULT_LIMITS.maxDepth}, 6.1)`, location);
    }
    if (!read.ok) throw new IoaError('E_ARTIFACT_BUILD', `${RULE_CONDITIONS_SLOT} must hold one JSON object of rule conditions, got ${JSON.stringify(cutText(raw, 80))}: ${read.fault.message}`, location);
    parsed = read.value;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new IoaError('E_ARTIFACT_BUILD', `${RULE_CONDITIONS_SLOT} must hold one JSON object of rule conditions, got ${JSON.stringify(cutText(String(raw), 80))}`, location);
  }
  assertConditionsNesting(parsed, RULE_CONDITIONS_SLOT, location);
  return parsed as Record<string, unknown>;
}
