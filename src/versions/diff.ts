/**
 * Version diff: how two releases of one ontology relate, as a version alignment OLD → NEW.
 *
 * 1. Identity (identity.ts): concepts whose identifier the new release kept — the same IRI, the
 *    IRI without its version segment, or a notation where the vocabulary declares notations stable.
 * 2. Candidates: the ordinary generators (by default DEFAULT_DIFF_GENERATORS) plus two
 *    that only a diff has (lineage.ts): `identity`, and `lineage`, which follows the children of
 *    concepts without an identity partner to where their counterparts sit in the new release.
 *    Everything is fused with the relation-aware fusion of the generators (fusion.ts), in two
 *    rounds: `lineage` needs the anchors (established equivalents) the first round finds.
 * 3. The alignment: the fused candidates selected one-to-one (src/selection: equivalences first,
 *    then a broader or narrower concept for the subjects left without one), with two rules only a
 *    diff has — an identity partner whose children left is the narrower successor of the old
 *    concept, whatever the names say; and an old concept left without any row whose children were
 *    spread over the new release (a dissolved category) is broader than each place its children
 *    went, which the selection leaves out because those places have equivalents of their own.
 *    `skos:closeMatch` candidates enter the selection only from DEFAULT_MIN_FUSED_VALUE on, so a
 *    weak resemblance does not hide a subsumption.
 * 4. Changes per old concept: unchanged, moved, reworded, renamed, narrowed, broadened, split,
 *    merged, removed, deprecated; and the new concepts nothing maps to: added.
 *
 * The diff proposes; it accepts nothing. Its rows are candidates for review (the version
 * alignment can be reviewed like any candidate file and passed to `artifact upgrade --via`).
 */
import { IoaError, isIoaError } from '../model/errors.js';
import { NS } from '../model/vocabulary.js';
import type { Candidate, MappingRelation } from '../model/mapping.js';
import { BROAD_MATCH, CLOSE_MATCH, EXACT_MATCH, NARROW_MATCH } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { DEFAULT_FUSION_WEIGHTS, DEFAULT_MIN_FUSED_VALUE, fuseCandidates, type FusedCandidate, type FusionOptions } from '../generators/fusion.js';
import { progressBySteps, runGenerators } from '../generators/run.js';
import type { GeneratorName } from '../generators/registry.js';
import type { Generator } from '../generators/types.js';
import { select } from '../selection/index.js';
import {
  assertSameSeries, definitionChange, identityPairs, releaseRef, sameLabel,
  type DefinitionChange, type IdentityKind, type IdentityPair, type ReleaseRef,
} from './identity.js';
import { identityFacts, identityGenerator, lineageGenerator, lostScope, IDENTITY_GENERATOR, LINEAGE_GENERATOR, type ChildrenMove, type LineageVerdict } from './lineage.js';

/** Every class's parent, stated or not. */
const OWL_THING = `${NS.owl}Thing`;

/** The generators a diff runs besides `identity` and `lineage` when none are named. */
export const DEFAULT_DIFF_GENERATORS: readonly GeneratorName[] = ['exact', 'edit', 'tfidf', 'wordnet', 'structure', 'description'];

/**
 * Fusion weights of a diff: the fusion defaults, plus `identity` (a kept identifier outweighs any
 * name resemblance: a concept is its own successor before it is anything else's) and `lineage`.
 */
export const DIFF_FUSION_WEIGHTS: Readonly<Record<string, number>> = { ...DEFAULT_FUSION_WEIGHTS, [IDENTITY_GENERATOR]: 3, [LINEAGE_GENERATOR]: 1.5 };

/**
 * Fusion factors of a diff. The fusion defaults were chosen on ontologies aligned once (anatomy,
 * conference); across two releases of one ontology a name shared by both releases under a moved
 * parent is more often a narrowed or broadened category, so a similarity score still counts for
 * the pair's broader / narrower candidate (sharedSimilarity 0.5) and a subject's directional
 * candidates are not ranked down when it has an established equivalent (establishedFactor 1).
 * Measured on the OASF migration (bench --diff, benchmarks/README.md): against the fusion
 * defaults, directional rows with the right relation in the first ten 21 → 23 of 41, one-to-one
 * F1 84.6 → 85.0; the version alignment keeps 13 of 41 directional rows either way.
 */
export const DIFF_FUSION_OPTIONS: Readonly<Pick<FusionOptions, 'sharedSimilarity' | 'ownedWeight' | 'claimedWeight' | 'unestablishedBoost' | 'establishedFactor'>> = {
  sharedSimilarity: 0.5, ownedWeight: 0.5, claimedWeight: 1, unestablishedBoost: 1.5, establishedFactor: 1,
};

/** Kinds of change, per old concept (and `added` for new concepts nothing maps to). */
export const CHANGE_KINDS = ['unchanged', 'moved', 'reworded', 'renamed', 'narrowed', 'broadened', 'split', 'merged', 'removed', 'deprecated', 'added'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Why a row of the alignment holds, as far as the diff can say. */
export type RowEvidence = IdentityKind | 'replaced-by' | 'lexical' | 'structural' | 'composite';
export const ROW_EVIDENCE: readonly RowEvidence[] = ['same-iri', 'version-segment', 'same-id', 'replaced-by', 'lexical', 'structural', 'composite'];

export interface DiffOptions {
  /** Generators fused besides `identity` and `lineage` (default DEFAULT_DIFF_GENERATORS). */
  generators?: readonly (GeneratorName | Generator)[];
  /** Candidates kept per old concept (default 10). */
  topK?: number;
  /** Compare two ontologies even when nothing says they are releases of one (see assertSameSeries). */
  force?: boolean;
  /** Carry only concepts whose definition text is the same, not merely reworded (see carryable). */
  strictDefinitions?: boolean;
  signal?: AbortSignal;
  /**
   * Progress by step: `step` is the generator at work, `preparing` for work a generator starts
   * ahead of the others (`edit`'s blocking), or `fusing`; `done` of `total` within that step.
   */
  onProgress?: (step: string, done: number, total: number) => void;
  onWarning?: (message: string) => void;
}

/** One row of the version alignment: `subject` in OLD, `object` in NEW. */
export interface AlignmentRow {
  subject: string;
  predicate: MappingRelation;
  object: string;
  /** The fused candidate behind the row (its fused value, members and rank). */
  candidate: FusedCandidate;
  evidence: RowEvidence;
  /** What the row says happened to the subject (the concept's change kinds). */
  change: ChangeKind[];
}

/** What happened to one old concept. */
export interface ConceptChange {
  iri: string;
  change: ChangeKind[];
  /** Its identity partner in NEW, when its identifier was kept. */
  identity?: { iri: string; kind: IdentityKind; sameLabel: boolean; definition: DefinitionChange; moved: boolean };
  rows: AlignmentRow[];
  /**
   * Whether a rule on this concept may be carried into NEW unreviewed: its identifier, label and
   * scope were kept (its definition the same, or only reworded unless strictDefinitions), it is not
   * deprecated, and its one row is an exactMatch to its identity partner.
   */
  carryable: boolean;
  /** Why it may or may not be carried, for the summary and provenance. */
  reason: string;
}

export interface VersionDiff {
  old: ReleaseRef;
  new: ReleaseRef;
  /** Every fused candidate, per old concept ranked 1..topK by fused value. */
  candidates: FusedCandidate[];
  /** The version alignment (rows in candidate order). */
  alignment: AlignmentRow[];
  /** Per old concept, in OLD's order. */
  concepts: ConceptChange[];
  /** New concepts that no row maps to. */
  added: string[];
  /** Counts per change kind (a concept counts once per kind it has). */
  counts: Record<ChangeKind, number>;
  /** Every old concept is unchanged or only moved, and none was removed: a profile may declare OLD → NEW compatible. */
  compatible: boolean;
  /** Concepts in each release. */
  sizes: { old: number; new: number };
}

const isEquivalenceish = (p: string): boolean => p === EXACT_MATCH || p === CLOSE_MATCH;

/** The evidence a fused candidate rests on, in the terms of the version alignment. */
function rowEvidence(c: FusedCandidate, pair: IdentityPair | undefined): RowEvidence {
  if (pair && c.object === pair.new.iri && c.members.some((m) => m.generator === IDENTITY_GENERATOR)) return pair.kind;
  if (pair?.new.deprecated && (pair.new.replacedBy ?? []).includes(c.object)) return 'replaced-by';
  const structural = c.members.some((m) => m.justification === 'semapv:StructuralMatching');
  const lexical = c.members.some((m) => m.justification !== 'semapv:StructuralMatching');
  return structural && lexical ? 'composite' : structural ? 'structural' : 'lexical';
}

/**
 * Compare two releases of one ontology (see the module comment).
 *
 * @throws IoaError E_VERSION_SERIES (not releases of one ontology, without `force`), and what the generators throw.
 */
export async function diffVersions(oldIndex: OntologyIndex, newIndex: OntologyIndex, options: DiffOptions = {}): Promise<VersionDiff> {
  assertSameSeries(oldIndex, newIndex, options.force);
  const topK = options.topK ?? 10;
  const generators = options.generators ?? DEFAULT_DIFF_GENERATORS;
  let first;
  try {
    first = await runGenerators(oldIndex, newIndex, {
      // A concept whose IRI the new release kept is its own first candidate: the names count for it.
      generators, topK, fuse: false, pairSameIri: true,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
      ...(options.onProgress ? { onProgress: progressBySteps(options.onProgress) } : {}),
    });
  } catch (error) {
    if (isIoaError(error) || (options.signal?.aborted && error === options.signal.reason)) throw error;
    throw new IoaError('E_GENERATOR_FAILED', `version diff failed: ${(error as Error)?.message ?? String(error)}`, {}, { cause: error });
  }
  const names = generators.map((g) => (typeof g === 'string' ? g : g.name));
  options.onProgress?.('fusing', 0, first.members.length);
  const releases = await fuseReleases(oldIndex, newIndex, first.members, { generators: names, topK });
  options.onProgress?.('fusing', first.members.length, first.members.length);
  const alignment = chooseAlignment(releases.candidates, releases.pairs, releases.moves, releases.verdicts);
  return describeDiff(oldIndex, newIndex, releases.candidates, alignment, releases.pairs, releases.moves, options.strictDefinitions === true);
}

/** Fusion settings {@link fuseReleases} accepts: the diff's factors, optionally with partial members. */
export type ReleaseFusionOptions = typeof DIFF_FUSION_OPTIONS & Pick<FusionOptions, 'partialMembers'>;

/**
 * Fusion settings of `propose` and `bench` between two releases of one ontology. A diff reads the
 * fused list through its own alignment rules (chooseAlignment); `propose` hands the fused list
 * itself to ranking and selection, where two things differ. `identity` and `lineage` speak only
 * where an identifier was kept or a parent anchored, so they count only for subjects they spoke
 * for (partialMembers): their silence must not dilute, below the selection threshold, what the
 * name generators find for a renamed concept. And a subject without an established equivalent
 * lifts its directional candidates more (unestablishedBoost 2), since a concept that lost its
 * identity across releases most often became a narrower or broader one. Measured with `bench`
 * (benchmarks/README.md): OASF migration directional rows with the right relation in the first
 * ten 24 → 27 of 41 against the diff's settings; the subsumption track's directional selection
 * F1 0.26 → 0.34. The diff keeps its own settings: on its alignment they cost 0.4 points of F1.
 */
const RELEASE_PROPOSE_FUSION_OPTIONS: Readonly<ReleaseFusionOptions> = {
  ...DIFF_FUSION_OPTIONS, unestablishedBoost: 2, partialMembers: new Set([IDENTITY_GENERATOR, LINEAGE_GENERATOR]),
};

/**
 * The fused list `propose` writes between two releases of one ontology (and `bench` scores as
 * propose's): {@link fuseReleases} under RELEASE_PROPOSE_FUSION_OPTIONS.
 */
export async function fuseReleasesForPropose(
  oldIndex: OntologyIndex, newIndex: OntologyIndex, members: readonly Candidate[],
  options: { generators: readonly string[]; topK: number; directionalTopK?: number },
): Promise<FusedCandidate[]> {
  return (await fuseReleases(oldIndex, newIndex, members, { ...options, fusion: RELEASE_PROPOSE_FUSION_OPTIONS })).candidates;
}

/** What {@link fuseReleases} found besides the fused candidates, for the version alignment. */
export interface ReleaseFusion {
  candidates: FusedCandidate[];
  pairs: Map<string, IdentityPair>;
  moves: ReadonlyMap<string, ChildrenMove>;
  verdicts: Map<string, LineageVerdict>;
}

/**
 * The members' candidates between two releases of one ontology fused as a version diff fuses
 * them: `identity` joins the members, then `lineage` once a first round has found the anchors,
 * under the diff's weights and factors (DIFF_FUSION_WEIGHTS, DIFF_FUSION_OPTIONS). `propose`
 * uses it too when its source and target are releases of one ontology.
 *
 * @param members - The member generators' own candidates (OLD concepts as subjects).
 * @param options.generators - The members' names, as fusion counts them.
 * @param options.fusion - Fusion factors (default DIFF_FUSION_OPTIONS; `propose`'s are
 *   RELEASE_PROPOSE_FUSION_OPTIONS, see fuseReleasesForPropose).
 */
export async function fuseReleases(
  oldIndex: OntologyIndex, newIndex: OntologyIndex, members: readonly Candidate[],
  options: { generators: readonly string[]; topK: number; directionalTopK?: number; fusion?: Readonly<ReleaseFusionOptions> },
): Promise<ReleaseFusion> {
  const { topK } = options;
  const pairs = identityPairs(oldIndex, newIndex);
  const facts = identityFacts(oldIndex, newIndex, pairs);
  const identity: Candidate[] = [];
  for await (const c of identityGenerator(facts).propose(oldIndex, newIndex, { topK })) identity.push(c);
  const all = [...members, ...identity];
  const names = [...options.generators, IDENTITY_GENERATOR];
  const fuse = (candidates: readonly Candidate[], generatorNames: readonly string[]): FusedCandidate[] =>
    fuseCandidates(candidates, {
      generators: generatorNames, topK, weights: DIFF_FUSION_WEIGHTS, ...(options.fusion ?? DIFF_FUSION_OPTIONS),
      ...(options.directionalTopK !== undefined ? { directionalTopK: options.directionalTopK } : {}),
    });
  // Round one: anchors for lineage — identity partners that kept their scope, and equivalents the
  // fused evidence establishes one-to-one.
  const roundOne = fuse(withoutRestatedParents(all, parentSuccessors(oldIndex, pairs, new Map())), names);
  const anchors = new Map<string, string>();
  for (const [iri, p] of pairs) if (!p.new.deprecated && !lostScope(facts.moves.get(iri)!)) anchors.set(iri, p.new.iri);
  const taken = new Set(anchors.values());
  for (const c of select(roundOne.filter((c) => c.predicate === EXACT_MATCH), { mode: 'one-to-one', minScore: DEFAULT_MIN_FUSED_VALUE })) {
    if (!anchors.has(c.subject) && !taken.has(c.object)) {
      anchors.set(c.subject, c.object);
      taken.add(c.object);
    }
  }
  const verdicts = new Map<string, LineageVerdict>();
  const lineage = lineageGenerator(facts.oldTree, facts.newTree, anchors, new Set(pairs.keys()), verdicts);
  const lineageCandidates: Candidate[] = [];
  for await (const c of lineage.propose(oldIndex, newIndex, { topK })) lineageCandidates.push(c);
  const candidates = fuse([...withoutRestatedParents(all, parentSuccessors(oldIndex, pairs, anchors)), ...lineageCandidates], [...names, LINEAGE_GENERATOR]);
  return { candidates, pairs, moves: facts.moves, verdicts };
}

/**
 * Fused value under which a candidate without identity or lineage evidence does not enter the
 * alignment: half the default selection threshold (DEFAULT_MIN_FUSED_VALUE), so that merged
 * categories whose evidence is one structural vote still find their broader successor.
 */
export const FAINT = DEFAULT_MIN_FUSED_VALUE / 2;

/** The generator whose evidence is what descriptions say (src/generators/description.ts). */
const DESCRIPTION_GENERATOR = 'description';

/** Generators whose exactMatch says the two names are the same name. */
const NAME_IDENTITY = new Set(['exact', 'wordnet', IDENTITY_GENERATOR]);
const namesEqual = (c: FusedCandidate): boolean => c.members.some((m) => NAME_IDENTITY.has(m.generator) && m.predicate === EXACT_MATCH);

/**
 * Old concept → the new concepts its old parents became (their identity partners, else their
 * anchored equivalents): what was broader than it already, whatever happened to it.
 */
function parentSuccessors(oldIndex: OntologyIndex, pairs: ReadonlyMap<string, IdentityPair>, anchors: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const c of oldIndex.concepts) {
    const successors = new Set<string>();
    for (const p of c.parents) {
      const s = pairs.get(p)?.new.iri ?? anchors.get(p);
      if (s) successors.add(s);
    }
    if (successors.size > 0) out.set(c.iri, successors);
  }
  return out;
}

/**
 * The successor of a concept's own old parent was broader than it before the release: a
 * definition naming that parent as its genus, or siblings described alike, say where the concept
 * sat, not where it went ("Reptile: a scaly cold-blooded animal", removed in the new release, is
 * not merged into Animal). Such `description` votes are left out of a diff; other generators'
 * broader candidates to the same concept stay (the structure generator's, lineage's).
 */
function withoutRestatedParents(members: readonly Candidate[], parents: ReadonlyMap<string, ReadonlySet<string>>): Candidate[] {
  return members.filter((m) => !(m.generator === DESCRIPTION_GENERATOR && m.predicate === BROAD_MATCH && parents.get(m.subject)?.has(m.object)));
}

/** The version alignment from the ranked candidates (see the module comment, step 3). */
function chooseAlignment(candidates: readonly FusedCandidate[], pairs: ReadonlyMap<string, IdentityPair>, moves: ReadonlyMap<string, ChildrenMove>, verdicts: ReadonlyMap<string, LineageVerdict>): FusedCandidate[] {
  const dissolved = (c: FusedCandidate): boolean => verdicts.get(c.subject) === 'dissolved';
  // A subject's strongest directional candidate: an equivalence weaker than it does not compete
  // (the selection takes equivalences first, which suits ontologies aligned once, not a release
  // whose categories were merged into broader ones).
  const directional = new Map<string, number>();
  for (const c of candidates) if (c.predicate === BROAD_MATCH || c.predicate === NARROW_MATCH) directional.set(c.subject, Math.max(directional.get(c.subject) ?? 0, c.score));
  const pool = candidates.filter((c) => {
    // A resemblance this faint says the concept has no counterpart (removed), not where it went.
    if (c.score < FAINT && !c.members.some((m) => m.generator === IDENTITY_GENERATOR || m.generator === LINEAGE_GENERATOR)) return false;
    if (isEquivalenceish(c.predicate) && !namesEqual(c) && c.score < (directional.get(c.subject) ?? 0)) return false;
    // A dissolved category has no equivalent, however alike a name looks, unless it is the same name.
    if (isEquivalenceish(c.predicate) && dissolved(c) && !namesEqual(c)) return false;
    return c.predicate === EXACT_MATCH || c.predicate === BROAD_MATCH || c.predicate === NARROW_MATCH || (c.predicate === CLOSE_MATCH && c.score >= DEFAULT_MIN_FUSED_VALUE);
  });
  const chosen = new Set(select(pool, { mode: 'one-to-one', directional: true }));
  // An identity partner that lost its children is the old concept's narrower successor.
  for (const [iri, p] of pairs) {
    if (p.new.deprecated || !lostScope(moves.get(iri)!)) continue;
    const narrower = candidates.find((c) => c.subject === iri && c.object === p.new.iri && c.predicate === NARROW_MATCH);
    if (!narrower) continue;
    for (const c of chosen) if (c.subject === iri && c.object === p.new.iri) chosen.delete(c);
    chosen.add(narrower);
  }
  // A dissolved category without an equivalent: every place its children went (the selection
  // leaves these out, their objects having equivalents of their own).
  const equivalent = new Set([...chosen].filter((c) => isEquivalenceish(c.predicate)).map((c) => c.subject));
  for (const c of candidates) {
    if (!dissolved(c) || equivalent.has(c.subject) || c.predicate !== NARROW_MATCH || !c.members.some((m) => m.generator === LINEAGE_GENERATOR)) continue;
    chosen.add(c);
  }
  // A category merged into a concept another old concept kept (lineage's verdict 'merged', its
  // children now under that concept): one-to-one gives the concept to its own predecessor and the
  // category's equivalence candidate loses, leaving the category "removed". It went into it:
  // narrower than it, lineage's broader row.
  const placed = new Set([...chosen].map((c) => c.subject));
  for (const c of candidates) {
    if (placed.has(c.subject) || verdicts.get(c.subject) !== 'merged' || c.predicate !== BROAD_MATCH || !c.members.some((m) => m.generator === LINEAGE_GENERATOR)) continue;
    chosen.add(c);
    placed.add(c.subject);
  }
  // Several old concepts gone into one new concept (merged): none of them is its equivalent, each
  // is narrower; an equivalence row beside a broader one to the same object takes the pair's
  // broader candidate where there is one (an identity partner stays the concept's own).
  const into = new Map<string, Set<string>>();
  for (const c of chosen) into.set(c.object, (into.get(c.object) ?? new Set()).add(c.subject));
  for (const c of [...chosen]) {
    if (!isEquivalenceish(c.predicate) || (into.get(c.object)?.size ?? 0) < 2 || pairs.get(c.subject)?.new.iri === c.object) continue;
    const broader = candidates.find((x) => x.subject === c.subject && x.object === c.object && x.predicate === BROAD_MATCH);
    if (!broader) continue;
    chosen.delete(c);
    chosen.add(broader);
  }
  // A concept the new release retired with a stated replacement: the replacement, whatever else
  // maps to it (an OBO merge points several retired terms at one class the release kept, which
  // one-to-one would give to that class's own predecessor alone).
  for (const [iri, p] of pairs) {
    if (!p.new.deprecated) continue;
    for (const replacement of p.new.replacedBy ?? []) {
      const row = candidates.find((c) => c.subject === iri && c.object === replacement && isEquivalenceish(c.predicate));
      if (!row) continue;
      for (const other of chosen) if (other.subject === iri && other !== row && isEquivalenceish(other.predicate)) chosen.delete(other);
      chosen.add(row);
    }
  }
  return candidates.filter((c) => chosen.has(c));
}

function emptyCounts(): Record<ChangeKind, number> {
  return Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
}

/**
 * The other old concepts that went into the kept concept `kept` whole, by the version alignment's
 * rows to its successor: a row saying the successor is broader or the same (broadMatch,
 * exactMatch, closeMatch) from a concept that was not under `kept` already. A dissolved parent
 * whose row says the successor is narrower covers more than it, and a removed child widens
 * nothing; either leaves it as it was. Shared by the computed diff and `upgrade --via`.
 */
export function wentInto(kept: string, rowsToSuccessor: ReadonlyArray<{ subject: string; predicate: string }>, oldIndex: OntologyIndex): string[] {
  const under = (iri: string): boolean => {
    const seen = new Set<string>();
    const queue = [iri];
    while (queue.length > 0) {
      for (const parent of oldIndex.byIri.get(queue.pop()!)?.parents ?? []) {
        if (parent === kept) return true;
        if (!seen.has(parent)) { seen.add(parent); queue.push(parent); }
      }
    }
    return false;
  };
  const whole = new Set([BROAD_MATCH, EXACT_MATCH, CLOSE_MATCH]);
  return [...new Set(rowsToSuccessor.filter((r) => r.subject !== kept && whole.has(r.predicate)).map((r) => r.subject))].filter((s) => !under(s));
}

function describeDiff(
  oldIndex: OntologyIndex, newIndex: OntologyIndex, candidates: FusedCandidate[], chosen: readonly FusedCandidate[],
  pairs: ReadonlyMap<string, IdentityPair>, moves: ReadonlyMap<string, ChildrenMove>, strictDefinitions: boolean,
): VersionDiff {
  const bySubject = new Map<string, FusedCandidate[]>();
  const byObject = new Map<string, Set<string>>();
  const rowsTo = new Map<string, FusedCandidate[]>();
  for (const c of chosen) {
    const list = bySubject.get(c.subject);
    if (list) list.push(c);
    else bySubject.set(c.subject, [c]);
    const set = byObject.get(c.object);
    if (set) set.add(c.subject);
    else byObject.set(c.object, new Set([c.subject]));
    const to = rowsTo.get(c.object);
    if (to) to.push(c);
    else rowsTo.set(c.object, [c]);
  }
  // Parents as the new release would name them. owl:Thing is every class's parent, stated or
  // not: never a move. A parent that is no concept of the old release (a class of an imported
  // ontology) is the same class in the new one when the IRI is the same; an old concept without a
  // counterpart is a parent the new release cannot have (`?`).
  const named = (iris: readonly string[]): string[] => iris.filter((i) => i !== OWL_THING);
  const mapped = (iris: readonly string[], to: (iri: string) => string | undefined): string[] =>
    named(iris).map((i) => to(i) ?? (oldIndex.byIri.has(i) ? `?${i}` : i)).sort();
  // A parent's counterpart: its identity partner, else its equivalent in the alignment.
  const equivalentOf = new Map<string, string>();
  for (const c of chosen) if (c.predicate === EXACT_MATCH && !equivalentOf.has(c.subject)) equivalentOf.set(c.subject, c.object);
  const partnerOf = (iri: string): string | undefined => pairs.get(iri)?.new.iri ?? equivalentOf.get(iri);
  const counts = emptyCounts();
  const concepts: ConceptChange[] = [];
  const alignment: AlignmentRow[] = [];
  for (const concept of oldIndex.concepts) {
    const iri = concept.iri;
    const rows = bySubject.get(iri) ?? [];
    const pair = pairs.get(iri);
    const change = new Set<ChangeKind>();
    let identity: ConceptChange['identity'];
    if (pair) {
      const moved = mapped(concept.parents, partnerOf).join('\u0000') !== named(pair.new.parents).sort().join('\u0000');
      identity = { iri: pair.new.iri, kind: pair.kind, sameLabel: sameLabel(concept, pair.new), definition: definitionChange(concept, pair.new), moved };
      if (pair.new.deprecated) change.add('deprecated');
      if (moved) change.add('moved');
      if (!identity.sameLabel) change.add('renamed');
      if (identity.definition !== 'same') change.add('reworded');
    }
    const toPartner = pair ? rows.find((r) => r.object === pair.new.iri) : undefined;
    for (const r of rows) {
      if (r.predicate === NARROW_MATCH) change.add(rows.filter((x) => x.predicate === NARROW_MATCH).length > 1 ? 'split' : 'narrowed');
      else if (r.predicate === BROAD_MATCH) change.add((byObject.get(r.object)?.size ?? 0) > 1 ? 'merged' : 'broadened');
      else if (isEquivalenceish(r.predicate) && r !== toPartner && !(pair?.new.deprecated && (pair.new.replacedBy ?? []).includes(r.object))) {
        change.add('renamed');
        if ((byObject.get(r.object)?.size ?? 0) > 1) change.add('merged');
      }
    }
    if (rows.length === 0 && !change.has('deprecated')) change.add('removed');
    if (pair && toPartner && toPartner.predicate !== EXACT_MATCH && toPartner.predicate !== CLOSE_MATCH) change.delete('renamed');
    // Kept, but other old concepts went into it (a category merged into it, terms replaced by it):
    // it covers more than it did, so an `=` rule on it says less than it did. Only a concept that
    // went in whole counts — its row says the kept one is broader or the same — and one that was
    // not under it already: a dissolved parent whose row says the kept concept is narrower covers
    // more than it, not the other way round, and a removed child widens nothing.
    const absorbed = pair && !pair.new.deprecated ? wentInto(iri, rowsTo.get(pair.new.iri) ?? [], oldIndex) : [];
    if (absorbed.length > 0) change.add('broadened');
    if (change.size === 0) change.add('unchanged');
    const kinds = CHANGE_KINDS.filter((k) => change.has(k));
    const out: ConceptChange = { iri, change: kinds, rows: [], carryable: false, reason: '' };
    if (identity) out.identity = identity;
    [out.carryable, out.reason] = carryDecision(out, rows, pair, moves.get(iri), strictDefinitions, absorbed);
    for (const r of rows) {
      const row: AlignmentRow = { subject: r.subject, predicate: r.predicate as MappingRelation, object: r.object, candidate: r, evidence: rowEvidence(r, pair), change: kinds };
      out.rows.push(row);
      alignment.push(row);
    }
    for (const k of kinds) counts[k]++;
    concepts.push(out);
  }
  // A deprecated concept of the new release is not new, whatever maps to it.
  const added = newIndex.concepts.filter((c) => !byObject.has(c.iri) && !c.deprecated).map((c) => c.iri);
  counts.added = added.length;
  const compatible = concepts.every((c) => c.change.every((k) => k === 'unchanged' || k === 'moved'));
  return { old: releaseRef(oldIndex), new: releaseRef(newIndex), candidates, alignment, concepts, added, counts, compatible, sizes: { old: oldIndex.concepts.length, new: newIndex.concepts.length } };
}

/** Whether a rule on the concept may be carried unreviewed, and why (see ConceptChange.carryable). */
function carryDecision(c: ConceptChange, rows: readonly FusedCandidate[], pair: IdentityPair | undefined, move: ChildrenMove | undefined, strictDefinitions: boolean, absorbed: readonly string[]): [boolean, string] {
  if (!pair || !c.identity) return [false, rows.length === 0 ? 'no counterpart in the new release' : `identifier not kept (${c.change.join(', ')}): where it went is a proposal`];
  const id = c.identity;
  if (pair.new.deprecated) return [false, 'deprecated in the new release'];
  if (!id.sameLabel) return [false, `identifier kept (${id.kind}) but the label changed`];
  if (move && lostScope(move)) return [false, `identifier kept (${id.kind}) but ${move.lost.length} of its ${move.kept.length} children moved elsewhere: narrower now`];
  if (absorbed.length > 0) return [false, `identifier kept (${id.kind}) but ${absorbed.length} other concept${absorbed.length === 1 ? '' : 's'} of the old release went into it (${absorbed.slice(0, 3).join(', ')}${absorbed.length > 3 ? ', …' : ''}): broader now`];
  if (strictDefinitions && id.definition !== 'same') return [false, `identifier and label kept (${id.kind}), definition ${id.definition}`];
  if (rows.length !== 1 || rows[0]!.object !== id.iri || rows[0]!.predicate !== EXACT_MATCH) return [false, `identifier and label kept (${id.kind}), but the alignment relates it otherwise`];
  const notes = [id.kind, 'same label', id.definition === 'same' ? 'same definition' : `definition ${id.definition}`, ...(id.moved ? ['moved'] : [])];
  return [true, notes.join(', ')];
}
