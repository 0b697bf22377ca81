/**
 * Artifact upgrade: carry an artifact's reviewed decisions from one release of an ontology to the
 * next, and send everything that changed to review.
 *
 * For every rule, its concept on the upgraded side (`--side target`: the rule's `to`; `source`:
 * its `from`) is looked up in the version alignment (computed by diff.ts, or read with `via`):
 * - **carried** into the draft when the concept is unchanged in the new release (its identifier,
 *   label and scope kept; diff.ts `carryable`, or a reviewed `skos:exactMatch` row of `via`): the
 *   same other end, the same conditions, the same relation, the concept's new IRI, and a
 *   `provenance` naming the rule it came from and why it was carried;
 * - **to review** otherwise: one candidate per place the concept went (the alignment's rows, then
 *   the diff's next-best candidates), each a rule from the new concept to the unchanged other end
 *   with the rule relation composed through the version change (compose.ts: an `=` rule through
 *   a `<` change is proposed as `skos:broadMatch`, never carried as `=`), the rule's conditions in
 *   `rule_conditions`, and the evidence (the version row and the generators' scores);
 * - **dropped** when the concept has no candidate at all in the new release.
 *
 * The draft is the artifact's next revision for the new release, unsigned, with an `upgrade`
 * member recording what was done: it is not an artifact until `artifact build --merge` joins the
 * carried rules and the reviewed file, and nothing is ever signed or trusted here.
 */
import { candidatesToMappingSet, CANDIDATE_NAMESPACE, CANDIDATE_PREFIX, type ExportCandidate } from '../exchange/index.js';
import type { MappingRule, RuleProvenance, ValidatedArtifact } from '../gate/artifact.js';
import { ruleSlotDefinitions, RULE_CONDITIONS_SLOT, RULE_INDEX_SLOT } from '../gate/rule-rows.js';
import { IoaError } from '../model/errors.js';
import { CLOSE_MATCH, EXACT_MATCH, rawScore, type Candidate, type EntityMappingRecord, type MappingSet } from '../model/mapping.js';
import { buildOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { readVersionAlignment, VERSION_CHANGE_SLOT, VERSION_EVIDENCE_SLOT, type VersionAlignment, type VersionRow } from './alignment-file.js';
import { composeRule } from './compose.js';
import { diffVersions, wentInto, type ConceptChange, type DiffOptions, type VersionDiff } from './diff.js';
import { assertSameSeries, definitionChange, identityPairs, sameLabel } from './identity.js';
import { identityFacts, lostScope } from './lineage.js';

export type UpgradeSide = 'source' | 'target';
export const UPGRADE_SIDES: readonly UpgradeSide[] = ['source', 'target'];

/** Extension slots of the review file, besides rule_conditions and rule_index (gate/rule-rows.ts). */
export const PREVIOUS_CONCEPT_SLOT = 'previous_concept';
export const VERSION_RELATION_SLOT = 'version_relation';

/** Candidates per rule in the review file besides the alignment's own rows (default). */
export const DEFAULT_CANDIDATES_PER_RULE = 5;

export interface UpgradeOptions {
  side: UpgradeSide;
  /** The release the artifact covers now. */
  old: OntologyIndex;
  /** The release to carry it to. */
  new: OntologyIndex;
  /** A version alignment to use instead of computing one (read with readMappings). */
  via?: MappingSet;
  /** Its file name, for messages and the draft's record. */
  viaFile?: string;
  /** Settings of the computed diff (generators, topK). */
  diff?: Pick<DiffOptions, 'generators' | 'topK' | 'signal' | 'onProgress' | 'onWarning'>;
  /** Accept OLD and NEW although nothing says they are releases of one ontology. */
  force?: boolean;
  /** Carry only concepts whose definition text is the same, not merely reworded. */
  strictDefinitions?: boolean;
  /** The draft's revision (default: the artifact's revision + 1, when it is a whole number). */
  revision?: string;
  /** Candidates per rule in the review file besides the alignment's rows (default 5). */
  candidatesPerRule?: number;
  /** Where the review file will be written, recorded in the draft. */
  reviewFile?: string;
  /** `mapping_date` of the review file (default today). */
  mappingDate?: string;
  onWarning?: (message: string) => void;
}

export interface CarriedRule {
  index: number;
  rule: MappingRule;
  /** The rule as carried (new concept, same relation and conditions, with provenance). */
  carried: MappingRule;
  why: string;
}

export interface PendingRule {
  index: number;
  rule: MappingRule;
  why: string;
  /** Candidate rows for it in the review file. */
  candidates: number;
}

export interface DroppedRule {
  index: number;
  rule: MappingRule;
  why: string;
}

export interface UpgradeResult {
  /** The draft (the next revision, unsigned, with its `upgrade` record). */
  draft: Record<string, unknown>;
  /** The review file: candidate rules for everything not carried. */
  review: MappingSet;
  carried: CarriedRule[];
  pending: PendingRule[];
  dropped: DroppedRule[];
  /** The computed diff (absent with `via`). */
  diff?: VersionDiff;
}

/** The next revision: a whole number plus one; anything else must be given. */
export function nextRevision(revision: string): string {
  if (!/^\d+$/.test(revision)) throw new IoaError('E_USAGE', `the artifact's revision "${revision}" is not a whole number, so the next one cannot be counted: give it (options.revision)`, { path: '$.revision' });
  return (BigInt(revision) + 1n).toString();
}

/** One place the concept may have gone: a new concept, the version relation, and the evidence. */
interface Destination {
  object: string;
  predicate: string;
  score: number;
  measure: string;
  members: readonly Candidate[];
  evidence: Candidate['evidence'];
  /** A row of the alignment (not a next-best candidate). */
  row: boolean;
  versionEvidence?: string;
  change?: string;
}

/** What the alignment says about one old concept. */
interface ConceptView {
  carry: boolean;
  why: string;
  /** The new concept a carried rule moves to. */
  carriedTo?: string;
  destinations: Destination[];
}

const VIA_MEASURE = 'version-alignment-row';

/** Views from a computed diff. */
function viewsFromDiff(diff: VersionDiff, perRule: number): Map<string, ConceptView> {
  const ranked = new Map<string, typeof diff.candidates>();
  for (const c of diff.candidates) {
    const list = ranked.get(c.subject);
    if (list) list.push(c);
    else ranked.set(c.subject, [c]);
  }
  const views = new Map<string, ConceptView>();
  const byIri = new Map<string, ConceptChange>(diff.concepts.map((c) => [c.iri, c]));
  for (const [iri, change] of byIri) {
    const destinations: Destination[] = change.rows.map((r) => ({
      object: r.object, predicate: r.predicate, score: r.candidate.score, measure: r.candidate.measure, members: r.candidate.members,
      evidence: r.candidate.evidence, row: true, versionEvidence: r.evidence, change: r.change.join(' '),
    }));
    // One candidate per new concept: its best-ranked relation (the others are in the version alignment).
    const seen = new Set(destinations.map((d) => d.object));
    let extra = 0;
    for (const c of ranked.get(iri) ?? []) {
      if (extra >= perRule) break;
      const key = c.object;
      if (seen.has(key)) continue;
      seen.add(key);
      destinations.push({ object: c.object, predicate: c.predicate, score: c.score, measure: c.measure, members: c.members, evidence: c.evidence, row: false });
      extra++;
    }
    const view: ConceptView = { carry: change.carryable, why: change.reason, destinations };
    if (change.carryable) view.carriedTo = change.identity!.iri;
    views.set(iri, view);
  }
  return views;
}

/** Views from a given version alignment: reviewed exactMatch rows carry, and unreviewed identity rows that pass the same test as a computed diff. */
function viewsFromVia(via: VersionAlignment, oldIndex: OntologyIndex, newIndex: OntologyIndex, strictDefinitions: boolean): Map<string, ConceptView> {
  const pairs = identityPairs(oldIndex, newIndex);
  const facts = identityFacts(oldIndex, newIndex, pairs);
  const bySubject = new Map<string, VersionRow[]>();
  const byObject = new Map<string, VersionRow[]>();
  for (const r of via.rows) {
    for (const [map, key] of [[bySubject, r.subject], [byObject, r.object]] as const) {
      const list = map.get(key);
      if (list) list.push(r);
      else map.set(key, [r]);
    }
  }
  const views = new Map<string, ConceptView>();
  for (const concept of oldIndex.concepts) {
    const rows = bySubject.get(concept.iri) ?? [];
    const destinations: Destination[] = rows.map((r) => ({
      object: r.object, predicate: r.predicate, score: r.score ?? 1, measure: VIA_MEASURE, members: [], evidence: [], row: true,
      ...(r.evidence !== undefined ? { versionEvidence: r.evidence } : {}), ...(r.change !== undefined ? { change: r.change } : {}),
    }));
    let carry = false;
    let why: string;
    const only = rows.length === 1 ? rows[0]! : undefined;
    if (rows.length === 0) why = via.removed.has(concept.iri) ? 'removed in the new release (version alignment)' : via.rejectedSubjects.has(concept.iri) ? 'a reviewer of the version alignment rejected its row, and no other row carries it' : 'the version alignment has no row for it';
    else if (!only) why = `the version alignment relates it to ${rows.length} concepts`;
    else if (only.predicate !== EXACT_MATCH) why = `the version alignment relates it by ${only.predicate}`;
    else if (only.reviewed) {
      carry = true;
      why = `reviewed exactMatch in the version alignment (${only.justification})`;
    } else {
      const pair = pairs.get(concept.iri);
      const move = facts.moves.get(concept.iri);
      let absorbed: string[];
      if (!pair || pair.new.iri !== only.object) why = 'unreviewed row, identifier not kept: a proposal';
      else if (pair.new.deprecated) why = 'deprecated in the new release';
      else if (!sameLabel(pair.old, pair.new)) why = `identifier kept (${pair.kind}) but the label changed`;
      else if (move && lostScope(move)) why = `identifier kept (${pair.kind}) but ${move.lost.length} of its ${move.kept.length} children moved elsewhere: narrower now`;
      else if ((absorbed = wentInto(concept.iri, byObject.get(pair.new.iri) ?? [], oldIndex)).length > 0) why = `identifier kept (${pair.kind}) but ${absorbed.length} other concept${absorbed.length === 1 ? '' : 's'} of the old release went into it (${absorbed.slice(0, 3).join(', ')}${absorbed.length > 3 ? ', …' : ''}): broader now`;
      else if (strictDefinitions && definitionChange(pair.old, pair.new) !== 'same') why = `identifier and label kept (${pair.kind}), definition ${definitionChange(pair.old, pair.new)}`;
      else {
        carry = true;
        const def = definitionChange(pair.old, pair.new);
        why = `${pair.kind}, same label, ${def === 'same' ? 'same definition' : `definition ${def}`} (unreviewed row, checked against both releases)`;
      }
    }
    const view: ConceptView = { carry, why, destinations };
    if (carry) view.carriedTo = only!.object;
    views.set(concept.iri, view);
  }
  return views;
}

/** An ontology known only by the artifact's id and version (the side that does not change). */
function placeholderIndex(ontologyId: string, version: string): OntologyIndex {
  return buildOntologyIndex({ source: ontologyId, concepts: [], iri: ontologyId, version });
}

const ruleRelationOf = (rule: MappingRule): string => rule.relation ?? EXACT_MATCH;

/**
 * Upgrade an artifact over a version change on one side (see the module comment).
 *
 * @throws IoaError E_VERSION_MISMATCH (the artifact's ontology or version on that side is not
 *   OLD's, a `via` file over other releases, no rule concept found in OLD), E_VERSION_SERIES (OLD
 *   and NEW not releases of one ontology, without `force`), E_USAGE (a revision that cannot be
 *   counted, an unknown side), and what the diff's generators throw.
 */
export async function upgradeArtifact(artifact: ValidatedArtifact, options: UpgradeOptions): Promise<UpgradeResult> {
  const { side, old: oldIndex, new: newIndex } = options;
  if (!UPGRADE_SIDES.includes(side)) throw new IoaError('E_USAGE', `the side must be source or target, not ${JSON.stringify(side)}`, { path: '$.side' });
  const sideId = side === 'target' ? artifact.targetOntologyId : artifact.sourceOntologyId;
  const sideVersion = side === 'target' ? artifact.targetOntologyVersion : artifact.sourceOntologyVersion;
  if (oldIndex.iri !== undefined && oldIndex.iri !== sideId) {
    throw new IoaError('E_VERSION_MISMATCH', `the artifact's ${side} ontology is ${sideId}, but ${oldIndex.source} is ${oldIndex.iri}: this is not the release the artifact covers on its ${side} side`, { path: `$.${side}OntologyId` });
  }
  if (oldIndex.version !== sideVersion && oldIndex.versionIri !== sideVersion) {
    throw new IoaError('E_VERSION_MISMATCH', `the artifact covers ${sideId} version ${sideVersion} on its ${side} side, but ${oldIndex.source} is version ${oldIndex.version ?? '(none stated)'}: upgrade from the release the artifact names`, { path: `$.${side}OntologyVersion` });
  }
  assertSameSeries(oldIndex, newIndex, options.force);
  const newId = newIndex.iri ?? sideId;
  const newVersion = newIndex.version;
  if (newVersion === undefined) throw new IoaError('E_VERSION_MISMATCH', `${newIndex.source} states no version, so the upgraded artifact could not name the release it covers; state it (options.new.version)`, { file: newIndex.source });
  if (newVersion === sideVersion && newId === sideId) options.onWarning?.(`${newIndex.source} is the release the artifact already covers (${sideId} ${sideVersion}): every rule whose concept is unchanged is carried into a new revision`);
  const revision = options.revision ?? nextRevision(artifact.revision);
  const conceptOf = (rule: MappingRule): string => (side === 'target' ? rule.to : rule.from);
  const inOld = artifact.mappingRules.filter((r) => oldIndex.byIri.has(conceptOf(r))).length;
  if (inOld === 0) {
    throw new IoaError('E_VERSION_MISMATCH', `none of the artifact's ${artifact.mappingRules.length} rule(s) has its ${side === 'target' ? '"to"' : '"from"'} in ${oldIndex.source}: the wrong release, the wrong part of it, or the wrong options.side`, { path: '$.mappingRules' });
  }

  let diff: VersionDiff | undefined;
  let views: Map<string, ConceptView>;
  let alignmentNote: Record<string, unknown>;
  const perRule = options.candidatesPerRule ?? DEFAULT_CANDIDATES_PER_RULE;
  if (options.via) {
    const via = readVersionAlignment(options.via, oldIndex, newIndex, options.viaFile);
    views = viewsFromVia(via, oldIndex, newIndex, options.strictDefinitions === true);
    alignmentNote = { given: options.viaFile ?? 'in memory', ...(via.mappingSetId !== undefined ? { mappingSetId: via.mappingSetId } : {}), rows: via.rows.length, rejected: via.rejected };
  } else {
    diff = await diffVersions(oldIndex, newIndex, { ...options.diff, force: options.force === true, strictDefinitions: options.strictDefinitions === true });
    views = viewsFromDiff(diff, perRule);
    const generators = [...new Set(diff.candidates.flatMap((c) => c.members.map((m) => m.generator)))].sort();
    alignmentNote = { computed: 'ioa-align diff', generators };
  }

  const carried: CarriedRule[] = [];
  const pending: PendingRule[] = [];
  const dropped: DroppedRule[] = [];
  const candidates: Array<ExportCandidate & { index: number; rule: MappingRule; destination: Destination; previous: string }> = [];
  artifact.mappingRules.forEach((rule, index) => {
    const concept = conceptOf(rule);
    const view = views.get(concept);
    const derivedFrom = { revision: artifact.revision, rule: index, from: rule.from, to: rule.to, ...(rule.relation !== undefined ? { relation: rule.relation } : {}) };
    if (!view) {
      options.onWarning?.(`rule ${index}: ${concept} is not a concept of ${oldIndex.source}; dropped`);
      dropped.push({ index, rule, why: `${concept} is not a concept of the old release ${sideVersion}` });
      return;
    }
    if (view.carry && view.carriedTo !== undefined) {
      const provenance: RuleProvenance = {
        derivedFrom, how: 'carried', why: `${side} concept unchanged in ${newVersion}: ${view.why}`,
        versionMapping: { subject: concept, predicate: EXACT_MATCH, object: view.carriedTo },
      };
      const next: MappingRule = {
        from: side === 'source' ? view.carriedTo : rule.from,
        to: side === 'target' ? view.carriedTo : rule.to,
        ...(rule.relation !== undefined ? { relation: rule.relation } : {}),
        conditions: { ...rule.conditions },
        ...(rule.comment !== undefined ? { comment: rule.comment } : {}),
        provenance,
      };
      carried.push({ index, rule, carried: next, why: view.why });
      return;
    }
    if (view.destinations.length === 0) {
      dropped.push({ index, rule, why: `${view.why}; no candidate in ${newVersion}` });
      return;
    }
    for (const destination of view.destinations) {
      const composed = composeRule(ruleRelationOf(rule), destination.predicate, side);
      candidates.push({
        subject: side === 'source' ? destination.object : rule.from,
        object: side === 'target' ? destination.object : rule.to,
        // Nothing follows from the composition (or the version relation is not established):
        // similar, relation to be decided by the reviewer.
        predicate: composed ?? CLOSE_MATCH,
        generator: 'fusion',
        score: rawScore(Math.min(1, Math.max(0, destination.score))),
        measure: destination.measure,
        rank: 0,
        justification: 'semapv:MappingChaining',
        evidence: destination.evidence,
        members: destination.members,
        index, rule, destination, previous: concept,
      });
    }
    pending.push({ index, rule, why: view.why, candidates: view.destinations.length });
  });

  // Ranks per subject (the review file's candidate_rank), in rule order then candidate order.
  const rankOf = new Map<string, number>();
  for (const c of candidates) {
    const r = (rankOf.get(c.subject) ?? 0) + 1;
    rankOf.set(c.subject, r);
    c.rank = r;
  }
  const oldIds = { source: [artifact.sourceOntologyId, artifact.sourceOntologyVersion], target: [artifact.targetOntologyId, artifact.targetOntologyVersion] } as const;
  const other = side === 'target' ? placeholderIndex(...oldIds.source) : placeholderIndex(...oldIds.target);
  const sourceId = side === 'source' ? newId : artifact.sourceOntologyId;
  const sourceVersion = side === 'source' ? newVersion : artifact.sourceOntologyVersion;
  const targetId = side === 'target' ? newId : artifact.targetOntologyId;
  const targetVersion = side === 'target' ? newVersion : artifact.targetOntologyVersion;
  const review = reviewSet(candidates, side === 'target' ? other : newIndex, side === 'target' ? newIndex : other, {
    description: `Candidate rules for revision ${revision} of ${artifact.artifactId}, whose ${side} ontology moves from ${sideVersion} to ${newVersion}: the rules that could not be carried unchanged, each through where its concept went.`,
    ...(options.mappingDate !== undefined ? { mappingDate: options.mappingDate } : {}),
  }, side);
  // The sources as the new revision names them (an ontology's version, not its version IRI), so
  // that the reviewed file is recognised as this upgrade's when it comes back.
  Object.assign(review.metadata, { subjectSource: sourceId, subjectSourceVersion: sourceVersion, objectSource: targetId, objectSourceVersion: targetVersion });
  const doc = artifact.document as Record<string, unknown>;
  const ruleJson = (r: MappingRule): Record<string, unknown> => ({
    from: r.from, to: r.to, ...(r.relation !== undefined ? { relation: r.relation } : {}), conditions: r.conditions,
    ...(r.comment !== undefined ? { comment: r.comment } : {}), ...(r.provenance !== undefined ? { provenance: r.provenance } : {}),
  });
  const draft: Record<string, unknown> = {
    artifactId: artifact.artifactId,
    revision,
    sourceOntologyId: sourceId,
    sourceOntologyVersion: sourceVersion,
    targetOntologyId: targetId,
    targetOntologyVersion: targetVersion,
    direction: artifact.direction,
    assertedBy: artifact.assertedBy,
    ...(doc.validFrom !== undefined ? { validFrom: doc.validFrom } : {}),
    validUntil: doc.validUntil,
    mappingRules: carried.map((c) => ruleJson(c.carried)),
    ...(artifact.description !== undefined ? { description: artifact.description } : {}),
    derivedFrom: `${artifact.artifactId} revision ${artifact.revision}`,
    upgrade: {
      side,
      previous: { revision: artifact.revision, digest: artifact.digest, ontologyId: sideId, version: sideVersion },
      to: { ontologyId: newId, version: newVersion },
      versionAlignment: alignmentNote,
      review: {
        ...(options.reviewFile !== undefined ? { file: options.reviewFile } : {}),
        ...(review.metadata.mappingSetId !== undefined ? { mappingSetId: review.metadata.mappingSetId } : {}),
        rules: pending.map((p) => ({ rule: p.index, ...ruleJson(p.rule), why: p.why, candidates: p.candidates })),
      },
      dropped: dropped.map((d) => ({ rule: d.index, ...ruleJson(d.rule), why: d.why })),
    },
  };
  const result: UpgradeResult = { draft, review, carried, pending, dropped };
  if (diff) result.diff = diff;
  return result;
}

/** The review file: a candidate file whose rows are candidate rules (see the module comment). */
function reviewSet(
  candidates: ReadonlyArray<ExportCandidate & { index: number; rule: MappingRule; destination: Destination; previous: string }>,
  source: OntologyIndex, target: OntologyIndex, context: { description: string; mappingDate?: string }, side: UpgradeSide,
): MappingSet {
  const set = candidatesToMappingSet(candidates, {
    source, target, selection: 'every rule of the earlier revision that could not be carried, composed through the version change', measureNote: 'the version alignment\'s score for the place the concept went (its fused value when computed)',
    ...(context.mappingDate !== undefined ? { mappingDate: context.mappingDate } : {}),
  });
  const byRow = new Map<string, (typeof candidates)[number]>();
  for (const c of candidates) byRow.set(`${c.subject}\u0000${c.rank}`, c);
  for (const record of set.mappings as EntityMappingRecord[]) {
    const rank = record.extensions?.candidate_rank;
    const c = byRow.get(`${record.subjectId}\u0000${String(rank)}`);
    if (!c) continue;
    const d = c.destination;
    record.extensions = {
      ...record.extensions,
      [RULE_CONDITIONS_SLOT]: JSON.stringify(c.rule.conditions),
      [RULE_INDEX_SLOT]: String(c.index),
      [PREVIOUS_CONCEPT_SLOT]: c.previous,
      [VERSION_RELATION_SLOT]: d.predicate,
      ...(d.versionEvidence !== undefined ? { [VERSION_EVIDENCE_SLOT]: d.versionEvidence } : {}),
      ...(d.change !== undefined ? { [VERSION_CHANGE_SLOT]: d.change } : {}),
    };
    const was = `${c.rule.from} ${ruleRelationOf(c.rule)} ${c.rule.to}`;
    const through = `${c.previous} ${d.predicate} ${d.object}`;
    record.comment = `rule ${c.index} (${was}) through ${d.row ? 'the version alignment row' : 'a next-best candidate'} ${through}${d.change ? ` (${d.change})` : ''}: ${c.predicate === CLOSE_MATCH ? 'no relation follows; choose one' : `proposed ${c.predicate}`}; the ${side} concept changed, so this needs a reviewer`;
  }
  set.metadata.curieMap = { ...set.metadata.curieMap, [CANDIDATE_PREFIX]: CANDIDATE_NAMESPACE };
  set.metadata.extensionDefinitions = [
    ...(set.metadata.extensionDefinitions ?? []),
    ...ruleSlotDefinitions(),
    { slotName: PREVIOUS_CONCEPT_SLOT, property: `${CANDIDATE_PREFIX}:${PREVIOUS_CONCEPT_SLOT}`, typeHint: 'xsd:anyURI' },
    { slotName: VERSION_RELATION_SLOT, property: `${CANDIDATE_PREFIX}:${VERSION_RELATION_SLOT}`, typeHint: 'xsd:string' },
    { slotName: VERSION_EVIDENCE_SLOT, property: `${CANDIDATE_PREFIX}:${VERSION_EVIDENCE_SLOT}`, typeHint: 'xsd:string' },
    { slotName: VERSION_CHANGE_SLOT, property: `${CANDIDATE_PREFIX}:${VERSION_CHANGE_SLOT}`, typeHint: 'xsd:string' },
  ];
  const description = set.metadata.extra?.mapping_set_description;
  set.metadata.extra = {
    ...set.metadata.extra,
    mapping_set_description: `${context.description} ${typeof description === 'string' ? description : ''} Each row is a candidate rule: rule_index names the rule of the earlier revision, rule_conditions its conditions (kept as they were), previous_concept the concept it used, version_relation how that concept relates to the row's new one; predicate_id is the rule relation composed through that change (skos:closeMatch where none follows). Accept a row by setting mapping_justification to semapv:ManualMappingCuration (with the relation you confirm), then run ioa-align artifact build --merge.`.replace(/\s+/g, ' ').trim(),
  };
  return set;
}
