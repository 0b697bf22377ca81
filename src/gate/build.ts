/**
 * Reviewed SSSOM → alignment artifact draft (unsigned). Only rows a reviewer accepted become
 * rules: justification `semapv:ManualMappingCuration` or `semapv:MappingReview`, no
 * `predicate_modifier: Not`, and a predicate that states equivalence or subsumption. The rule
 * keeps the reviewer's relation and its direction (7.2: "the meaning and direction of each
 * mapping rule"): an exactMatch row becomes a plain rule, a broadMatch row (`to` broader) a rule
 * with `"relation": "skos:broadMatch"`, a narrowMatch row one with `"skos:narrowMatch"`.
 * closeMatch and relatedMatch rows do not say that one concept can stand for the other and are
 * left out. Generator rows — whatever their score — never become rules (7.4). Every row left
 * out is reported with why.
 *
 * A file that both accepts a statement and rejects it (`predicate_modifier: Not`) — written the
 * same way or the other way round (`b exactMatch a`, `b narrowMatch a` for `a broadMatch b`) — is
 * a contradictory review: the build fails and names the rows.
 * Failing is the safer of the two choices: letting the rejection veto the pair would still sign
 * an artifact built from a review that contradicts itself, and the reviewer's acceptance would
 * vanish into a count of skipped rows; a human has to say which row is wrong.
 *
 * A reviewed literal mapping (SSSOM 1.1: one end is a string, not a concept) is refused outright:
 * a rule maps a concept IRI to a concept IRI, and dropping a row a reviewer accepted would
 * publish an artifact that silently lacks it.
 */
import { hasEntityEnds, LITERAL_TYPE, NO_TERM_IDS, objectTerm, statementKey, subjectTerm, tripleKey, type MappingRecord, type MappingSet } from '../model/mapping.js';
import { sharedSlot } from '../exchange/slots.js';
import { PrefixMap } from '../exchange/curie.js';
import { readClock } from './clock.js';
import { IoaError } from '../model/errors.js';
import type { Iri } from '../envelope/types.js';
import { validateArtifact, type Direction, type RuleRelation, type ValidatedArtifact } from './artifact.js';
import { assertConditionsNesting, RULE_CONDITIONS_SLOT, rowConditions } from './rule-rows.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { ruleConflicts, type RuleConflict } from './coherence.js';
import { settleReviewers } from './reviewers.js';
import { rowDecision, type RowPlace } from '../exchange/reviewed.js';

export const REVIEWED_JUSTIFICATIONS = ['semapv:ManualMappingCuration', 'semapv:MappingReview'] as const;
/** Predicates that become rules, and the rule relation each states (subject → object). */
export const RULE_PREDICATES: Readonly<Record<string, RuleRelation>> = {
  'skos:exactMatch': 'skos:exactMatch',
  'owl:equivalentClass': 'skos:exactMatch',
  'owl:equivalentProperty': 'skos:exactMatch',
  'skos:broadMatch': 'skos:broadMatch',
  'rdfs:subClassOf': 'skos:broadMatch',
  'rdfs:subPropertyOf': 'skos:broadMatch',
  'skos:narrowMatch': 'skos:narrowMatch',
};

const ruleRelation = (m: MappingRecord): RuleRelation | undefined =>
  Object.prototype.hasOwnProperty.call(RULE_PREDICATES, m.predicateId) ? RULE_PREDICATES[m.predicateId] : undefined;

export interface ArtifactBuildOptions {
  artifactId: Iri;
  revision: string;
  /** Default: the set's `subject_source` / `subject_source_version`. Required one way or the other. */
  sourceOntologyId?: Iri;
  sourceOntologyVersion?: string;
  targetOntologyId?: Iri;
  targetOntologyVersion?: string;
  direction: Direction;
  assertedBy: Iri;
  validUntil: string;
  validFrom?: string;
  /** Conditions attached to every rule. */
  conditions: Record<string, unknown>;
  /** The clock `validUntil` must lie after (epoch milliseconds or a Date; default: now). */
  now?: number | Date;
  description?: string;
  /** The reviewed file's name and where each record came from, for messages that name rows. */
  file?: string;
  lineOf?: (record: MappingRecord) => number | undefined;
  /**
   * The two ontologies the rules map between (`from` in `source`, `to` in `target`): with them the
   * rules are checked for coherence, and an incoherent set is refused (E_ARTIFACT_INCOHERENT)
   * unless `allowIncoherent`. Without them the check is not made, and the result says so.
   */
  ontologies?: { source: OntologyIndex; target: OntologyIndex };
  /** Build even when the rules are incoherent with the ontologies (the conflicts are still reported). */
  allowIncoherent?: boolean;
}

/** Whether a build checked its rules for coherence, and what it found. */
export type ArtifactCoherence =
  | { checked: false; reason: string }
  | { checked: true; conflicts: Array<RuleConflict & { rows: Array<{ row: number; line?: number }> }> };

export interface SkippedRow {
  /** 1-based position among the set's mappings. */
  row: number;
  /** The file line the row started on, when the reader knows it. */
  line?: number;
  subject: string;
  object: string;
  why: string;
}

export interface ArtifactBuildResult {
  document: Record<string, unknown>;
  artifact: ValidatedArtifact;
  skipped: SkippedRow[];
  /** The coherence check of the rules with the ontologies, or why it was not made. */
  coherence: ArtifactCoherence;
}

/**
 * Check reviewed rules for coherence (see ArtifactBuildOptions.ontologies): refuse an incoherent
 * set with E_ARTIFACT_INCOHERENT naming the conflicts and their rows, unless allowed.
 */
export function checkRuleCoherence(
  reviewed: ReadonlyArray<Pick<ReviewedRule, 'rule' | 'index' | 'line'>>,
  options: Pick<ArtifactBuildOptions, 'ontologies' | 'allowIncoherent' | 'file'> & { unit?: 'row' | 'rule' },
): ArtifactCoherence {
  if (!options.ontologies) return { checked: false, reason: 'no ontologies were given: the rules were not checked for coherence' };
  const { source, target } = options.ontologies;
  refuseReversedRules(reviewed, options);
  const conflicts = ruleConflicts(reviewed.map((r) => r.rule as { from: string; to: string; relation?: RuleRelation }), source, target).map((c) => ({
    ...c,
    rows: c.mappings.map((i) => ({ row: reviewed[i]!.index + 1, ...(reviewed[i]!.line !== undefined ? { line: reviewed[i]!.line! } : {}) })),
  }));
  if (conflicts.length > 0 && !options.allowIncoherent) {
    // Rows of the reviewed file by line (or position); rules of a merged artifact by index.
    const where = (r: { row: number; line?: number }): string =>
      r.line !== undefined ? `${options.file ?? 'line'}${options.file ? ':' : ' '}${r.line}` : options.unit === 'rule' ? `rule ${r.row - 1}` : `row ${r.row}`;
    const listed = conflicts.slice(0, 5).map((c, n) => `(${n + 1}) ${c.rows.map(where).join(' and ')}: ${c.message}`).join('; ') + (conflicts.length > 5 ? `; and ${conflicts.length - 5} more` : '');
    const line = conflicts[0]!.rows[0]?.line;
    throw new IoaError('E_ARTIFACT_INCOHERENT',
      `the rules are incoherent with ${source.source} and ${target.source}: ${conflicts.length} conflict(s) ${listed}. Reject one row of each conflict and build again, or pass options.allowIncoherent to build anyway`,
      { ...(options.file ? { file: options.file } : {}), ...(line !== undefined ? { line } : {}) });
  }
  return { checked: true, conflicts };
}

/**
 * With both ontologies given, a rule written the other way round — its `from` a term of the target
 * and not of the source, its `to` a term of the source and not of the target — would be signed as
 * a rule no check can ever apply (7.2: an artifact defines each rule's direction), the reviewer's
 * acceptance lost without a word. Such a row is refused (E_ARTIFACT_BUILD at its line); it is never
 * turned round silently, since which of its two relations the reviewer meant cannot be told. A term
 * the index does not hold (an annotation property, a class only named as a superclass) says
 * nothing about direction and is left alone.
 */
function refuseReversedRules(
  reviewed: ReadonlyArray<Pick<ReviewedRule, 'rule' | 'index' | 'line'>>,
  options: Pick<ArtifactBuildOptions, 'ontologies' | 'file'> & { unit?: 'row' | 'rule' },
): void {
  const { source, target } = options.ontologies!;
  for (const r of reviewed) {
    const { from, to } = r.rule as { from: string; to: string };
    const reversed = target.byIri.has(from) && !source.byIri.has(from) && source.byIri.has(to) && !target.byIri.has(to);
    if (!reversed) continue;
    const place = r.line !== undefined ? {} : { path: options.unit === 'rule' ? `$.mappingRules[${r.index}]` : `$.mappings[${r.index}]` };
    throw new IoaError('E_ARTIFACT_BUILD',
      `${options.unit === 'rule' ? `rule ${r.index}` : 'the row'} maps ${from}, a term of the target ontology ${target.source}, to ${to}, a term of the source ontology ${source.source}: it is written the other way round (a rule runs from the source's term to the target's). Swap its subject and object (broadMatch becomes narrowMatch), or build the artifact with the two ontologies exchanged`,
      { ...(options.file ? { file: options.file } : {}), ...(r.line !== undefined ? { line: r.line } : {}), ...place });
  }
}

/**
 * Why a row makes no rule, or undefined. Whether a reviewer decided the row is read as `review`
 * reads it (rowDecision), so the two commands never take one row in opposite ways.
 */
function skipReason(m: MappingRecord, place: RowPlace): string | undefined {
  const decision = rowDecision(m, place);
  if (decision === 'reject') return 'predicate_modifier Not (a reviewer rejected it)';
  if (decision === 'unsure') return 'review_decision unsure (the reviewer did not decide it)';
  if (!(REVIEWED_JUSTIFICATIONS as readonly string[]).includes(m.justification)) return `justification ${m.justification} is not a review (candidates never become rules)`;
  if (!ruleRelation(m)) return `predicate ${m.predicateId} states neither equivalence nor subsumption (a rule needs exactMatch, broadMatch or narrowMatch)`;
  for (const end of [m.subjectId, m.objectId]) {
    if (end !== undefined && NO_TERM_IDS.has(end)) return `sssom:${end.slice(end.lastIndexOf('/') + 1)} records that no match exists`;
  }
  return undefined;
}

/** What reviewedRules needs of the build options. */
export type ReviewedRuleOptions = Pick<ArtifactBuildOptions, 'conditions' | 'file' | 'lineOf'>;

/** A rule from a reviewed row, with the row it came from. */
export interface ReviewedRule {
  rule: Record<string, unknown>;
  record: MappingRecord;
  /** 0-based position among the set's mappings. */
  index: number;
  line?: number;
}

/**
 * A set's `subject_source` or `object_source` as an IRI. They are entity references, which SSSOM
 * writes as CURIEs (`KF_FOOD:DB`): the artifact (and the check that a review belongs to a draft)
 * needs the IRI the set's prefixes make of one.
 */
export function setSourceIri(set: MappingSet, slot: 'subject_source' | 'object_source'): string | undefined {
  const v = sharedSlot(set, slot);
  if (typeof v !== 'string') return undefined;
  const expanded = new PrefixMap(set.metadata.curieMap).expand(v);
  return expanded.ok ? expanded.iri : v;
}

export function buildArtifact(set: MappingSet, options: ArtifactBuildOptions): ArtifactBuildResult {
  const need = (value: string | undefined, what: string, option: string): string => {
    if (value === undefined || value === '') {
      throw new IoaError('E_ARTIFACT_BUILD', `${what} is required: pass options.${option} or set it in the SSSOM metadata`, { path: `$.${option}` });
    }
    return value;
  };
  // Readers move set-level sources to every mapping (SSSOM propagation); sharedSlot takes them back.
  const shared = (slot: string): string | undefined => {
    const v = sharedSlot(set, slot);
    return typeof v === 'string' ? v : undefined;
  };
  const sourceIri = (slot: 'subject_source' | 'object_source'): string | undefined => setSourceIri(set, slot);
  const sourceOntologyId = need(options.sourceOntologyId ?? sourceIri('subject_source'), 'the source ontology id', 'sourceOntologyId');
  const sourceOntologyVersion = need(options.sourceOntologyVersion ?? shared('subject_source_version'), 'the source ontology version', 'sourceOntologyVersion');
  const targetOntologyId = need(options.targetOntologyId ?? sourceIri('object_source'), 'the target ontology id', 'targetOntologyId');
  const targetOntologyVersion = need(options.targetOntologyVersion ?? shared('object_source_version'), 'the target ontology version', 'targetOntologyVersion');
  const { rules: reviewed, skipped } = reviewedRules(set, options);
  const rules = reviewed.map((r) => r.rule);
  const coherence = rules.length === 0 ? { checked: false as const, reason: 'no rules' } : checkRuleCoherence(reviewed, options);
  if (rules.length === 0) {
    throw new IoaError('E_ARTIFACT_BUILD', `no reviewed rows to build rules from (${skipped.length} row(s) skipped; rows need justification ${REVIEWED_JUSTIFICATIONS.join(' or ')}, an exactMatch, broadMatch or narrowMatch predicate and no predicate_modifier Not)`);
  }
  const document: Record<string, unknown> = {
    artifactId: options.artifactId,
    revision: options.revision,
    sourceOntologyId,
    sourceOntologyVersion,
    targetOntologyId,
    targetOntologyVersion,
    direction: options.direction,
    assertedBy: options.assertedBy,
    ...(options.validFrom !== undefined ? { validFrom: options.validFrom } : {}),
    validUntil: options.validUntil,
    mappingRules: rules,
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(set.metadata.mappingSetId !== undefined ? { derivedFrom: set.metadata.mappingSetId } : {}),
  };
  const result = validateArtifact(document);
  if (!result.ok) {
    const first = result.findings.find((f) => f.severity === 'error')!;
    throw new IoaError('E_ARTIFACT_BUILD', `the built artifact is invalid: ${first.message} (${first.code})`, { path: first.path });
  }
  refuseExpired(result.value, options.now, 'options.validUntil');
  return { document, artifact: result.value, skipped, coherence };
}

/**
 * An artifact whose validity has already ended when it is built would be excluded (EXPIRED) by
 * every check from the moment it is signed: refuse it (E_ARTIFACT_BUILD at `$.validUntil`) rather
 * than hand over a document that can never be used. `option` names where the date came from
 * (`options.validUntil`, which the CLI words as its flag).
 */
export function refuseExpired(artifact: Pick<ValidatedArtifact, 'validUntil'>, now: number | Date | undefined, option: string): void {
  const clock = readClock(now) ?? Date.now();
  if (artifact.validUntil > clock) return;
  throw new IoaError('E_ARTIFACT_BUILD',
    `validUntil ${new Date(artifact.validUntil).toISOString()} has already passed (now is ${new Date(clock).toISOString()}): the artifact would be expired before it is used; give a later ${option}`,
    { path: '$.validUntil' });
}

/**
 * The rules the rows a reviewer accepted give (see the module comment), each with its row, and
 * the rows left out with why. A row's own conditions (`rule_conditions`) join `options.conditions`.
 *
 * @throws IoaError E_ARTIFACT_BUILD (a contradictory review, a reviewed literal mapping, a malformed
 *   or conflicting rule_conditions)
 */
export function reviewedRules(set: MappingSet, options: ReviewedRuleOptions): { rules: ReviewedRule[]; skipped: SkippedRow[] } {
  assertConditionsNesting(options.conditions, 'the conditions for every rule', options.file ? { file: options.file } : {});
  const skipped: SkippedRow[] = [];
  const rules: ReviewedRule[] = [];
  const seen = new Set<string>();
  const where = (m: MappingRecord, i: number): { row: number; line?: number } => {
    const line = options.lineOf?.(m);
    return line === undefined ? { row: i + 1 } : { row: i + 1, line };
  };
  const name = (at: { row: number; line?: number }): string => at.line !== undefined ? `${options.file ?? 'line'}${options.file ? ':' : ' '}${at.line}` : `row ${at.row}`;
  // Rejected statements: an accepted row stating the same thing contradicts one, however either is
  // written (`b exactMatch a` for `a exactMatch b`, `b narrowMatch a` for `a broadMatch b`);
  // rejecting a broadMatch while accepting an exactMatch of the pair does not.
  const statement = (m: MappingRecord): string => statementKey(subjectTerm(m), ruleRelation(m)!, objectTerm(m));
  const rejected = new Map<string, Array<{ m: MappingRecord; at: { row: number; line?: number } }>>();
  // Reviewers who conflict must be settled by an adjudicator; the rows an adjudicator overruled are left out.
  const { overruled } = settleReviewers(set, options);
  set.mappings.forEach((m, i) => {
    if (m.predicateModifier === 'Not' && ruleRelation(m) && !overruled.has(i)) rejected.set(statement(m), [...(rejected.get(statement(m)) ?? []), { m, at: where(m, i) }]);
  });
  // A row's own conditions (rule_conditions: an artifact converted to rows, an upgrade's review
  // file) and those given for every rule together; the same name with two values is refused,
  // never settled by picking one.
  const conditionsFor = (m: MappingRecord, i: number, at: { row: number; line?: number }): Record<string, unknown> => {
    const located = { ...(options.file ? { file: options.file } : {}), ...(at.line !== undefined ? { line: at.line } : {}), path: `$.mappings[${i}].${RULE_CONDITIONS_SLOT}` };
    const own = rowConditions(m, located) ?? {};
    for (const [condition, value] of Object.entries(options.conditions)) {
      if (condition in own && JSON.stringify(own[condition]) !== JSON.stringify(value)) {
        throw new IoaError('E_ARTIFACT_BUILD', `${name(at)} states condition ${condition} = ${JSON.stringify(own[condition])} in ${RULE_CONDITIONS_SLOT}, and the build gives ${JSON.stringify(value)} for every rule; remove one of them`, located);
      }
    }
    return { ...own, ...options.conditions };
  };
  const conflicts: Array<{ at: { row: number; line?: number }; text: string }> = [];
  set.mappings.forEach((m, i) => {
    const at = where(m, i);
    const why = overruled.get(i) ?? skipReason(m, { ...(options.file !== undefined ? { file: options.file } : {}), row: i });
    if (why) {
      skipped.push({ ...at, subject: subjectTerm(m), object: objectTerm(m), why });
      return;
    }
    if (!hasEntityEnds(m)) {
      const side = m.subjectType === LITERAL_TYPE ? `its subject is the literal ${subjectTerm(m)}` : `its object is the literal ${objectTerm(m)}`;
      throw new IoaError('E_ARTIFACT_BUILD', `${name(at)} is a reviewed literal mapping (${side}): an artifact rule needs concept IRIs on both sides; map the text to a concept, or remove the row`,
        { ...(options.file ? { file: options.file } : {}), ...(at.line !== undefined ? { line: at.line } : {}), path: `$.mappings[${i}]` });
    }
    for (const r of rejected.get(statement(m)) ?? []) {
      conflicts.push({ at, text: `${name(at)} accepts ${m.subjectId} ${m.predicateId} ${m.objectId}, ${name(r.at)} rejects ${subjectTerm(r.m)} ${r.m.predicateId} ${objectTerm(r.m)}` });
    }
    const relation = ruleRelation(m)!;
    const conditions = conditionsFor(m, i, at);
    // Two rows of one relation between one pair are one rule, unless their conditions differ
    // (a pair may hold for zh → en and for ja → en as two rules).
    const key = `${tripleKey(m.subjectId, relation, m.objectId)}\u0000${JSON.stringify(conditions)}`;
    if (seen.has(key)) {
      skipped.push({ ...at, subject: m.subjectId, object: m.objectId, why: 'duplicate of an earlier accepted row' });
      return;
    }
    seen.add(key);
    // Equivalence rules stay as artifacts always wrote them (no relation means exactMatch).
    const rule = relation === 'skos:exactMatch'
      ? { from: m.subjectId, to: m.objectId, conditions }
      : { from: m.subjectId, to: m.objectId, relation, conditions };
    rules.push({ rule, record: m, index: i, ...(at.line !== undefined ? { line: at.line } : {}) });
  });
  // Two accepted relations for one pair under the same conditions say different things (in SKOS
  // exactMatch is disjoint with broadMatch, and narrowMatch is broadMatch the other way round):
  // signed, `check` could only answer from one of them.
  const relationsOf = new Map<string, Array<{ at: { row: number; line?: number }; m: MappingRecord }>>();
  for (const r of rules) {
    const statement = statementKey(subjectTerm(r.record), ruleRelation(r.record)!, objectTerm(r.record)).split('\u0000');
    const pair = `${statement[0]}\u0000${statement[2]}\u0000${JSON.stringify(r.rule.conditions)}`;
    const at = r.line !== undefined ? { row: r.index + 1, line: r.line } : { row: r.index + 1 };
    relationsOf.set(pair, [...(relationsOf.get(pair) ?? []), { at, m: r.record }]);
  }
  for (const rows of relationsOf.values()) {
    if (rows.length < 2) continue;
    const [first, ...rest] = rows;
    for (const other of rest) {
      conflicts.push({ at: other.at, text: `${name(first!.at)} accepts ${first!.m.subjectId} ${first!.m.predicateId} ${first!.m.objectId}, ${name(other.at)} accepts ${other.m.subjectId} ${other.m.predicateId} ${other.m.objectId}` });
    }
  }
  if (conflicts.length > 0) {
    const listed = conflicts.slice(0, 5).map((c) => c.text).join('; ') + (conflicts.length > 5 ? `; and ${conflicts.length - 5} more` : '');
    const line = conflicts[0]!.at.line;
    throw new IoaError('E_ARTIFACT_BUILD',
      `the review contradicts itself: ${conflicts.length} accepted row(s) map a pair that another row rejects or accepts under another relation (${listed}); keep one decision for each pair and build again`,
      { ...(options.file ? { file: options.file } : {}), ...(line !== undefined ? { line } : {}) });
  }
  return { rules, skipped };
}
