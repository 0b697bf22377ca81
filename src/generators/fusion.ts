/**
 * Fusion of several generators' ranked lists into one. The fused candidate keeps every member
 * candidate and its evidence; its score is the **fused value**, with its own
 * `similarity_measure`, in [0, 1] as SSSOM's `similarity_score` must be:
 *
 *     fused(s, o) = Σ_g w_g · score_g(s, o) / √rank_g(s, o)  ÷  Σ_g w_g
 *
 * summed over the member generators g that proposed the pair, divided by the weights of the
 * generators that ran and proposed anything at all: a weighted mean, over the members, of each
 * member's own raw score discounted by the square root of its rank for the subject (a member
 * that did not propose the pair adds 0). It is 1 only when every such member ranks the pair
 * first with a raw score of 1. A generator silent for the whole run could not apply to these
 * ontologies (English name matchers on Chinese names, `translate` on two English ones): its
 * silence says nothing about any pair, so it does not dilute the others. A generator that
 * proposes for some subjects and not others does count everywhere: there its silence is
 * evidence (`exact` found no equal name). Ontologies that mix scripts are the case this rule
 * does not separate.
 *
 * What it is not: a probability, a confidence, or calibrated into one — and never will be.
 * Members' raw scores keep their own scales (a TF-IDF cosine of 0.8 and an edit similarity of
 * 0.8 mean different things); the weighted mean only says how strongly, and how high up, the
 * members that were asked propose the pair. It is a ranking and selection statistic: it orders a
 * subject's candidates, and a threshold on it (`--min-score`) is a review-effort dial whose
 * default was measured on benchmarks, not a statement that a candidate is right.
 *
 * Why not reciprocal rank fusion (Cormack et al. 2009), which this module used before and still
 * offers (`value: 'rrf'`): RRF uses ranks only, so its values bunch on a handful of levels
 * (1, 0.667, 0.333 … for the default members) and no threshold can separate a strong rank-1
 * candidate from a weak one (benchmarks/selection/README.md has the measurements).
 *
 * Candidates are grouped on (subject, relation, object): direction and relation are identity.
 * `skos:exactMatch` and `skos:closeMatch` votes are one group: SKOS makes every exactMatch a
 * closeMatch, so a member that only says "close" still supports the pair. The fused candidate
 * is `skos:exactMatch` when equivalence is established (see `fusedEquivalence`), else
 * `skos:closeMatch`.
 *
 * Two families, budgeted apart (docs/relations.md): the **equivalence** family (exactMatch,
 * closeMatch, relatedMatch) keeps `topK` candidates per subject, the **directional** family
 * (broadMatch, narrowMatch) `directionalTopK` more, so a broader or narrower proposal never takes
 * an equivalence candidate's place. Both are on one scale and ranked together, 1 = the subject's
 * best candidate of either family (a review file names a candidate by subject and rank), so a
 * reader (or a benchmark) going down a subject's list sees the two families interleaved by the
 * evidence:
 * - **claims**: an equivalence candidate whose object another subject carries by name (name
 *   identity), or resembles more by the similarity members' own scores, is that other subject's
 *   likelier equivalent: for this subject it ranks lower (`ownedWeight`, `claimedWeight`);
 * - **established equivalent**: a subject whose best unclaimed equivalence candidate is
 *   established (name identity, the structure generator's likely equivalent, or two similarity
 *   generators agreeing on it among their first two) has its broader / narrower candidates
 *   ranked lower (`establishedFactor`); a subject without one probably has no counterpart, and
 *   its place in the other hierarchy is the best proposal (`unestablishedBoost`).
 */
import type { Candidate, Evidence, MappingRelation } from '../model/mapping.js';
import { BROAD_MATCH, CLOSE_MATCH, EXACT_MATCH, NARROW_MATCH, rawScore } from '../model/mapping.js';

export const FUSION_GENERATOR = 'fusion';

/** The usual RRF constant: dampens the difference between rank 1 and rank 2 of one member. */
export const DEFAULT_RRF_K = 60;

/**
 * Default member weights. `exact` and `wordnet` propose only names that are equal after
 * normalisation or after synonym substitution, and stay silent otherwise; `edit` and `tfidf`
 * fill their k slots with whatever is most similar. A rank from the former is stronger
 * evidence (anatomy rank-1 precision: exact 0.97, wordnet 0.57 against edit 0.53, tfidf 0.49),
 * so it counts double. Chosen on OAEI anatomy (benchmarks/lexical/fusion-sweep.mjs): fused
 * Hits@1 0.899 with equal weights, 0.904 with these.
 *
 * `embedding` counts little: at weight 1 it pulls lexically right answers down on anatomy
 * (fused Hits@1 0.888 against 0.896 without it), at 0.02 it mostly orders what the lexical
 * members tie on and adds the neighbours only it finds at the tail (anatomy Hits@1 0.904,
 * conference Hits@1 0.721 → 0.738 and recall@10 0.872 → 0.898; benchmarks/embedding/fusion-weights.mjs).
 */
export const DEFAULT_FUSION_WEIGHTS: Readonly<Record<string, number>> = { exact: 2, wordnet: 2, embedding: 0.02, structure: 1, description: 1 };

/**
 * Ties between fused scores are common (two members ranking a and b as 1,2 and 2,1). They are
 * broken by the members' own ranks, asking first the member most often right at rank 1 on
 * anatomy (rank-1 precision: exact 0.97, wordnet 0.57, edit 0.53, tfidf 0.49), not by IRI order.
 */
export const DEFAULT_TIE_BREAK: readonly string[] = ['exact', 'wordnet', 'edit', 'tfidf', 'structure'];

/** Justifications whose score is a similarity: evidence that a pair is alike, not of which relation holds. */
const SIMILARITY_JUSTIFICATIONS: ReadonlySet<string> = new Set(['semapv:LexicalSimilarityThresholdMatching', 'semapv:SemanticSimilarityThresholdMatching']);

/** Justifications of name identity: names equal after normalisation, or WordNet synonyms. */
const NAME_IDENTITY_JUSTIFICATIONS: ReadonlySet<string> = new Set(['semapv:LexicalMatching', 'semapv:BackgroundKnowledgeBasedMatching']);

/** The group a relation's votes fuse in: exactMatch and closeMatch share one. */
function familyOf(predicate: string): string {
  return predicate === EXACT_MATCH || predicate === CLOSE_MATCH ? EXACT_MATCH : predicate;
}

const DIRECTIONAL: ReadonlySet<string> = new Set([BROAD_MATCH, NARROW_MATCH]);

/*
 * The factors below were chosen together on the anatomy equivalence and subsumption tracks and
 * checked on the tracks they were not chosen on (the OASF migration, conference, and the
 * conference and OASF subsumption tracks), with the default generators (lexical and
 * `structure`) and the fused value; benchmarks/relations/README.md has the sweep.
 * - DEFAULT_SHARED_SIMILARITY 0: a similarity score says two names are alike, not that one is
 *   broader; shared at 0.5 it lifts lexically similar wholes and parts ("Adrenal_Gland" for
 *   "adrenal gland capsule") over the parent the hierarchy names (anatomy subsumption Hits@1
 *   0.405 at 0, 0.388 at 0.5), although it finds two more OASF directional rows.
 * - DEFAULT_OWNED_WEIGHT 0.3, DEFAULT_CLAIMED_WEIGHT 0.5: a candidate that is another subject's
 *   likelier equivalent drops below this subject's own evidence; an owned weight of 0.5 pushes
 *   two anatomy equivalents out of the first ten rows (exactMatch kept on 1,440 instead of 1,442
 *   of 1,516 `=` rows); a claimed weight of 0.4 costs conference Hits@1 (0.747 → 0.737).
 * - DEFAULT_UNESTABLISHED_BOOST 2 and DEFAULT_ESTABLISHED_FACTOR 0.7: without them (1 and 1)
 *   subsumption Hits@1 is 0.397 on anatomy and 0.366 on conference, with them 0.405 and 0.412;
 *   they cost anatomy Hits@1 0.925 → 0.912 and conference 0.760 → 0.747.
 * - DEFAULT_DIRECTIONAL_TOP_K 5: with 10, broader candidates crowd the first ten rows a
 *   benchmark reads (anatomy object recall@10 0.984 → 0.976, exactMatch kept on 1,436 of 1,516);
 *   with 3, the subsumption answers with their relation in the first ten fall from 0.69 to 0.61.
 */
export const DEFAULT_SHARED_SIMILARITY = 0;
export const DEFAULT_OWNED_WEIGHT = 0.3;
export const DEFAULT_CLAIMED_WEIGHT = 0.5;
export const DEFAULT_UNESTABLISHED_BOOST = 2;
export const DEFAULT_ESTABLISHED_FACTOR = 0.7;
export const DEFAULT_DIRECTIONAL_TOP_K = 5;

/**
 * The `--min-score` that `propose --select` applies to the fused value when none is given:
 * a review-effort dial, not a statement that a candidate is right (see the module comment).
 * How it was chosen, and what it gives on each track: benchmarks/selection/README.md.
 */
export const DEFAULT_MIN_FUSED_VALUE = 0.2;

/** How members' contributions are summed (see the module comment). */
export type FusedValueKind = 'mean' | 'rrf';

/** Decimals the fused value keeps: what is written is what is ranked and selected on. */
const FUSED_DECIMALS = 1e6;

export interface FusionOptions {
  /** Equivalence-family candidates kept per subject after fusion. */
  topK: number;
  /** Broader / narrower candidates kept per subject besides them (default DEFAULT_DIRECTIONAL_TOP_K). */
  directionalTopK?: number;
  /** `mean` (default): the rank-discounted weighted mean of member scores; `rrf`: reciprocal rank fusion. */
  value?: FusedValueKind;
  /** RRF constant k (default 60), for `value: 'rrf'`. */
  k?: number;
  /**
   * The generators that ran, including any that proposed nothing. Reciprocal rank fusion
   * normalises over all of them; the fused value over those that proposed anything (see the
   * module comment). Defaults to the generators seen among the candidates.
   */
  generators?: readonly string[];
  /** Generators whose ranks break ties between equal fused scores, first decisive first. */
  tieBreak?: readonly string[];
  /** Per-generator weight (default DEFAULT_FUSION_WEIGHTS, else 1): trust in a member, never a rescaling of its scores. */
  weights?: Readonly<Record<string, number>>;
  /**
   * Share of a pair's similarity votes counted for its broadMatch / narrowMatch candidates
   * (default DEFAULT_SHARED_SIMILARITY).
   */
  sharedSimilarity?: number;
  /**
   * Factor on the fused score of an equivalence candidate whose object another subject carries
   * by name while this subject has only similarity for it (default DEFAULT_OWNED_WEIGHT).
   */
  ownedWeight?: number;
  /**
   * Factor on the fused score of an equivalence candidate whose object another subject resembles
   * more, by the similarity members' own scores (default DEFAULT_CLAIMED_WEIGHT).
   */
  claimedWeight?: number;
  /**
   * Factor on the broadMatch / narrowMatch candidates of a subject without an established
   * equivalent (default DEFAULT_UNESTABLISHED_BOOST).
   */
  unestablishedBoost?: number;
  /** Factor on the broadMatch / narrowMatch candidates of a subject with one (default DEFAULT_ESTABLISHED_FACTOR). */
  establishedFactor?: number;
  /**
   * Subjects that are offerings (agent records, record-relations.ts): what resembles them is
   * proposed as broader, so their similarity candidates already are their place in the other
   * hierarchy, and the rule for subjects without an established equivalent (`unestablishedBoost`)
   * does not apply to them: their broader / narrower candidates keep `establishedFactor`. Nor do
   * claims: many offerings share one broader class, so another offering resembling a class more
   * does not make it that offering's own (an offering neither makes nor suffers a claim).
   */
  offerings?: ReadonlySet<string>;
  /**
   * Members that speak only to some subjects by their nature (the version diff's `identity`,
   * which has something to say only where an identifier was kept, and `lineage`): their weight
   * counts in a subject's fused value only when they propose something for that subject, so
   * their silence elsewhere does not lower the other members' values. Default none.
   */
  partialMembers?: ReadonlySet<string>;
}

/** A fused candidate with the member candidates it was built from. */
export interface FusedCandidate extends Candidate {
  members: Candidate[];
}

export function fusionMeasure(k: number, generators: readonly string[]): string {
  return `reciprocal-rank-fusion(k=${k};normalised;${[...generators].sort().join(',')})`;
}

/** The `similarity_measure` of the fused value: its definition and the weights of the generators that ran. */
export function fusedValueMeasure(generators: readonly string[], weights: Readonly<Record<string, number>> = DEFAULT_FUSION_WEIGHTS, partialMembers?: ReadonlySet<string>): string {
  // A partial member's weight counts only for subjects it proposed for: `name:weight(partial)`.
  const parts = [...generators].sort().map((g) => `${g}:${Math.max(0, weights[g] ?? 1)}${partialMembers?.has(g) ? '(partial)' : ''}`);
  return `weighted-mean-of-score/sqrt(rank)(${parts.join(',')})`;
}

/** A member's raw score as the fused value reads it: within [0, 1], as SSSOM requires of it. */
const bounded = (score: number): number => (Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0);

/**
 * The relation of a fused equivalence group. `skos:exactMatch` when
 * - a member establishes it: names equal or WordNet synonyms (`exact`, `wordnet`), the
 *   structure generator's likely equivalent, or a similarity generator at its own exact level
 *   (its member candidate says exactMatch), or
 * - two similarity generators independently propose the pair, each with a raw score of at least
 *   AGREEMENT_FROM,
 * and no other subject owns the object's name: when another source concept carries the target's
 * name exactly (name identity), that concept is the target's equivalent, and a third one matched
 * to it by similarity alone is only close ("female reproductive system" next to a source that
 * has "male reproductive system" for Male_Reproductive_System). Otherwise `skos:closeMatch`.
 *
 * Names of the shape "one is the other plus modifiers" are not held back from exactMatch here:
 * on OAEI anatomy most such pairs are equivalents ("lymph node follicle" /
 * "Lymph_Node_Lymphoid_Follicle"), and where the equivalent is missing the subject's status
 * (see fuseCandidates) ranks the structure generator's broader candidate first.
 */
export function fusedEquivalence(members: readonly Candidate[], ownedByAnother: boolean): MappingRelation {
  if (members.some(isNameIdentity)) return EXACT_MATCH;
  if (ownedByAnother) return CLOSE_MATCH;
  if (members.some((m) => m.predicate === EXACT_MATCH)) return EXACT_MATCH;
  return similarityGeneratorsAgree(members) ? EXACT_MATCH : CLOSE_MATCH;
}

/**
 * Whether two different similarity generators propose the pair, each with a raw score of at
 * least AGREEMENT_FROM (and at a rank of at most `maxRank`, when given). Called once per fused
 * group: it makes no array or set.
 */
function similarityGeneratorsAgree(members: readonly Candidate[], maxRank?: number): boolean {
  let first: string | undefined;
  for (const m of members) {
    if (!SIMILARITY_JUSTIFICATIONS.has(m.justification) || !(m.score >= AGREEMENT_FROM)) continue;
    if (maxRank !== undefined && !(m.rank <= maxRank)) continue;
    if (first === undefined) first = m.generator;
    else if (m.generator !== first) return true;
  }
  return false;
}

/**
 * The raw score each of two agreeing similarity generators must reach for their agreement to
 * establish equivalence. Every similarity measure here lies in [0, 1] with 1 for identical
 * names; below this, two generators agreeing on "Translate Tech Doc" / "Translate a document"
 * (edit 0.57, tfidf 0.40) is agreement on a weak resemblance. Chosen on anatomy: 0.45 keeps
 * exactMatch on 95.1 % of the reference's rows (0.5: 94.4 %, 0: 95.3 %).
 */
export const AGREEMENT_FROM = 0.45;

const isNameIdentity = (m: Candidate): boolean => m.predicate === EXACT_MATCH && NAME_IDENTITY_JUSTIFICATIONS.has(m.justification);

/**
 * Whether a member establishes the pair's equivalence by evidence other than similarity scores:
 * name identity, or the structure generator's likely equivalent.
 */
function establishes(members: readonly Candidate[]): boolean {
  return members.some((m) => m.predicate === EXACT_MATCH && !SIMILARITY_JUSTIFICATIONS.has(m.justification));
}

/**
 * The ranks up to which two similarity generators' agreement on a subject's best candidate makes
 * it the subject's established equivalent. Further down, two generators agreeing says the pair
 * is alike, not that it is the subject's counterpart (with the equivalent deleted, anatomy
 * subsumption subjects meet a part or sibling at ranks 3 to 6 of both: "auditory bone" /
 * "Striae_Medullares"; anatomy subsumption Hits@1 0.388 with no bound, 0.399 at 3, 0.405 at 2);
 * at 2 rather than 1, an equivalent that one generator ranks second still counts (anatomy Hits@1
 * 0.904 at 1, 0.912 at 2, 0.921 with no bound).
 */
export const AGREEMENT_RANK = 2;

interface Group {
  subject: string;
  family: string;
  object: string;
  score: number;
  members: Candidate[];
  /** Similarity votes of the pair counted into a directional group (not its members); NO_CANDIDATES until there are. */
  shared: readonly Candidate[];
  /** The group of the same subject and object in another family (nearly always none). */
  otherFamily: Group | undefined;
  /** Whether a member is name identity (isNameIdentity). */
  nameIdentity: boolean;
  /** The similarity members' weighted raw scores (read for the equivalence family: see the claims below). */
  claim: number;
  /** Equivalence family: another subject's likelier equivalent (its score was lowered for it). */
  claimed: boolean;
  /** Equivalence family: the fused relation (see fusedEquivalence). */
  relation: MappingRelation | undefined;
  /** The fused value as written, once the scores are final. */
  value: number;
}

/**
 * One subject's groups, in the order they were first proposed (which group comes first decides
 * between equal scores below), found by object and family. Nested by subject and object rather
 * than keyed on one (subject, family, object) string: a run has hundreds of thousands of members,
 * and a key string per member cost more than the rest of fusion.
 */
interface SubjectGroups {
  list: Group[];
  /** Object → its first group; the groups of its other families follow by `otherFamily`. */
  byObject: Map<string, Group>;
  /** Whether the subject has an established equivalent (see the module comment). */
  established: boolean;
  /** The partial members (FusionOptions.partialMembers) that proposed something for the subject. */
  partial?: Set<string>;
}

function findGroup(first: Group | undefined, family: string): Group | undefined {
  for (let g = first; g; g = g.otherFamily) if (g.family === family) return g;
  return undefined;
}

/** The `shared` list of most groups: one empty array rather than one per group. */
const NO_CANDIDATES: readonly Candidate[] = Object.freeze([]);

/**
 * The start of a group's sums, zero as V8 stores a fraction: a field that starts as the integer 0
 * is laid out again, in every group already made, when the first fraction is written to it
 * (measured: fusion's first call on synthetic 5k, CPU ms 317 -> 268, medians of 3). It is -0
 * because that is the zero literal V8 keeps as a double; no sum or value stays -0 (-0 + 0 is 0,
 * and every group gets its first member's contribution, which is never negative, before it is
 * read), so nothing different is ranked or written.
 */
const DOUBLE_ZERO = -0;

/** In `owners`: the object's name is carried by more than one subject. */
const SEVERAL_SUBJECTS = null;

/**
 * Fuse the ranked lists of several generators. Per subject, the best `topK` equivalence-family
 * and the best `directionalTopK` directional candidates, ranked together 1, 2, … in descending
 * fused value; ties go to the candidate more members proposed, then to the better rank of the
 * first decisive member in `tieBreak`, then to the object IRI.
 */
export function fuseCandidates(members: Iterable<Candidate>, options: FusionOptions): FusedCandidate[] {
  const k = options.k ?? DEFAULT_RRF_K;
  const weights = options.weights ?? DEFAULT_FUSION_WEIGHTS;
  const weightOf = (generator: string): number => weights[generator] ?? 1;
  const rrf = options.value === 'rrf';
  const contribution = (c: Candidate, weight: number): number =>
    rrf ? weight / (k + c.rank) : (weight * bounded(c.score)) / Math.sqrt(Math.max(1, c.rank));
  const sharedSimilarity = options.sharedSimilarity ?? DEFAULT_SHARED_SIMILARITY;
  const ownedWeight = options.ownedWeight ?? DEFAULT_OWNED_WEIGHT;
  const claimedWeight = options.claimedWeight ?? DEFAULT_CLAIMED_WEIGHT;
  const unestablished = options.unestablishedBoost ?? DEFAULT_UNESTABLISHED_BOOST;
  const establishedFactor = options.establishedFactor ?? DEFAULT_ESTABLISHED_FACTOR;
  const directionalTopK = options.directionalTopK ?? DEFAULT_DIRECTIONAL_TOP_K;
  const bySubject = new Map<string, SubjectGroups>();
  const generators = new Set<string>(options.generators ?? []);
  const partial = options.partialMembers && options.partialMembers.size > 0 ? options.partialMembers : undefined;
  // Objects whose name a subject carries exactly: object → that subject, or SEVERAL_SUBJECTS.
  const owners = new Map<string, string | typeof SEVERAL_SUBJECTS>();
  const proposing = new Set<string>();
  // Members come subject by subject from each generator, and generator by generator: the last
  // subject's groups and the last generator's weight are at hand.
  let current: SubjectGroups | undefined;
  let currentSubject: string | undefined;
  let currentGenerator: string | undefined;
  let weight = 0;
  for (const c of members) {
    if (c.generator !== currentGenerator) {
      currentGenerator = c.generator;
      weight = weightOf(c.generator);
      generators.add(c.generator);
      proposing.add(c.generator);
    }
    if (!(weight > 0)) continue;
    const family = familyOf(c.predicate);
    if (c.subject !== currentSubject || current === undefined) {
      currentSubject = c.subject;
      current = bySubject.get(c.subject);
      if (!current) {
        current = { list: [], byObject: new Map(), established: false };
        bySubject.set(c.subject, current);
      }
    }
    if (partial?.has(c.generator)) (current.partial ??= new Set()).add(c.generator);
    const ofObject = current.byObject.get(c.object);
    let group = findGroup(ofObject, family);
    if (group) group.members.push(c);
    else {
      // Most groups keep one member: an array made with it is sized for one, where the first
      // push into an empty array reserves room for seventeen.
      group = {
        subject: c.subject, family, object: c.object, score: DOUBLE_ZERO, members: [c], shared: NO_CANDIDATES, otherFamily: undefined,
        nameIdentity: false, claim: DOUBLE_ZERO, claimed: false, relation: undefined, value: DOUBLE_ZERO,
      };
      current.list.push(group);
      if (ofObject) {
        let last = ofObject;
        while (last.otherFamily) last = last.otherFamily;
        last.otherFamily = group;
      } else current.byObject.set(c.object, group);
    }
    group.score += contribution(c, weight);
    if (SIMILARITY_JUSTIFICATIONS.has(c.justification)) group.claim += weight * c.score;
    if (isNameIdentity(c)) {
      group.nameIdentity = true;
      const owner = owners.get(c.object);
      if (owner === undefined) owners.set(c.object, c.subject);
      else if (owner !== c.subject) owners.set(c.object, SEVERAL_SUBJECTS);
    }
  }
  if (sharedSimilarity > 0) {
    for (const { list, byObject } of bySubject.values()) {
      for (const group of list) {
        if (!DIRECTIONAL.has(group.family)) continue;
        const equivalence = findGroup(byObject.get(group.object), EXACT_MATCH);
        const shared: Candidate[] = [];
        for (const m of equivalence?.members ?? []) {
          if (!SIMILARITY_JUSTIFICATIONS.has(m.justification)) continue;
          group.score += sharedSimilarity * contribution(m, weightOf(m.generator));
          shared.push(m);
        }
        if (shared.length > 0) group.shared = shared;
      }
    }
  }

  // Claims. A target another subject carries by name is that subject's equivalent; a target
  // another subject resembles more (the similarity members' raw scores, each compared only with
  // its own) is likelier that subject's. For this subject the pair should not crowd out what its
  // own evidence proposes. Where the equivalent of a subject is missing (a subsumption task, a
  // category dropped between versions), its nearest names are siblings and children that have
  // their own counterparts among the subject's neighbours: this is what shows it.
  const ownedByAnother = (group: Group): boolean => {
    const owner = owners.get(group.object);
    return owner !== undefined && owner !== group.subject;
  };
  // The best claim on each object (the group that makes it): the highest wins, and between equal
  // claims which one is kept does not matter (a claim only counts when it is higher than the
  // subject's own).
  const offerings = options.offerings;
  const bestClaim = new Map<string, Group>();
  for (const [subject, { list }] of bySubject) {
    if (offerings?.has(subject)) continue;
    for (const group of list) {
      if (group.family !== EXACT_MATCH) continue;
      const seen = bestClaim.get(group.object);
      if (!seen || group.claim > seen.claim) bestClaim.set(group.object, group);
    }
  }
  // Then, subject by subject, the claims on each equivalence group, its relation, and the
  // subject's status before ranking.
  for (const [iri, subject] of bySubject) {
    const offering = offerings?.has(iri) === true;
    let top: Group | undefined;
    for (const group of subject.list) {
      if (group.family !== EXACT_MATCH) continue;
      const owned = ownedByAnother(group);
      if (!group.nameIdentity && !offering) {
        if (owned) {
          group.claimed = true;
          group.score *= ownedWeight;
        } else {
          const best = bestClaim.get(group.object);
          if (best && best.subject !== group.subject && best.claim > group.claim + 1e-9) {
            group.claimed = true;
            group.score *= claimedWeight;
          }
        }
      }
      group.relation = fusedEquivalence(group.members, owned);
      if (group.relation === EXACT_MATCH && !group.claimed && establishes(group.members)) subject.established = true;
      if (!top || group.score > top.score) top = group;
    }
    if (top && !top.claimed && top.relation === EXACT_MATCH && similarityGeneratorsAgree(top.members, AGREEMENT_RANK)) subject.established = true;
  }

  // RRF normalises over every generator that ran; the fused value over those that proposed anything.
  const counted = rrf ? [...generators] : [...generators].filter((g) => proposing.has(g));
  const measure = rrf ? fusionMeasure(k, counted) : fusedValueMeasure(counted, weights, partial);
  let best = 0;
  for (const g of counted) best += Math.max(0, weightOf(g)) / (rrf ? k + 1 : 1);
  // A partial member counts for a subject only where it spoke (FusionOptions.partialMembers).
  const partialCounted = partial ? counted.filter((g) => partial.has(g)) : [];
  const bestFor = (spoke: ReadonlySet<string> | undefined): number => {
    let b = best;
    for (const g of partialCounted) if (!spoke?.has(g)) b -= Math.max(0, weightOf(g)) / (rrf ? k + 1 : 1);
    return b > 0 ? b : best;
  };
  // What is written is what is ranked: the value as rounded for output, made once per group
  // (not at every comparison of the sort).
  const valueOf = (group: Group, of: number): number => Math.min(1, rrf ? Math.round((group.score / of) * 1e12) / 1e12 : Math.round((group.score / of) * FUSED_DECIMALS) / FUSED_DECIMALS);
  for (const [subject, { list, established, partial: spoke }] of bySubject) {
    const factor = established || offerings?.has(subject) ? establishedFactor : unestablished;
    const of = partialCounted.length > 0 ? bestFor(spoke) : best;
    for (const group of list) {
      if (DIRECTIONAL.has(group.family)) group.score *= factor;
      group.value = valueOf(group, of);
    }
  }
  const tieBreak = options.tieBreak ?? DEFAULT_TIE_BREAK;
  const rankBy = (group: Group, generator: string): number =>
    group.members.find((m) => m.generator === generator)?.rank ?? group.shared.find((m) => m.generator === generator)?.rank ?? Number.POSITIVE_INFINITY;
  const byMembers = (a: Group, b: Group): number => {
    for (const g of tieBreak) {
      const d = rankBy(a, g) - rankBy(b, g);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    return 0;
  };
  const byGenerator = (a: Candidate, b: Candidate): number => (a.generator < b.generator ? -1 : a.generator > b.generator ? 1 : 0);
  const fused: FusedCandidate[] = [];
  for (const [, { list }] of [...bySubject].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    list.sort(
      (a, b) =>
        // Values are compared as written (rounded), so float noise cannot hide a tie.
        b.value - a.value ||
        b.members.length + b.shared.length - (a.members.length + a.shared.length) ||
        byMembers(a, b) ||
        (a.object < b.object ? -1 : a.object > b.object ? 1 : 0) ||
        (a.family < b.family ? -1 : a.family > b.family ? 1 : 0),
    );
    let equivalence = 0;
    let directionals = 0;
    let rank = 0;
    for (const group of list) {
      const directional = DIRECTIONAL.has(group.family);
      if (directional ? directionals >= directionalTopK : equivalence >= options.topK) continue;
      if (directional) directionals++;
      else equivalence++;
      rank++;
      // The group is done with once its subject is ranked: its member list becomes the candidate's.
      const sortedMembers = group.members.sort(byGenerator);
      // One member's evidence is copied at its size (the common case), several are gathered.
      const evidence: Evidence[] = sortedMembers.length === 1 ? sortedMembers[0]!.evidence.slice() : [];
      if (sortedMembers.length > 1) for (const m of sortedMembers) for (const e of m.evidence) evidence.push(e);
      if (group.shared.length > 0) for (const m of [...group.shared].sort(byGenerator)) for (const e of m.evidence) evidence.push(e);
      fused.push({
        subject: group.subject,
        predicate: group.relation ?? group.family,
        object: group.object,
        generator: FUSION_GENERATOR,
        score: rawScore(group.value),
        measure,
        rank,
        justification: 'semapv:CompositeMatching',
        evidence,
        members: sortedMembers,
      });
    }
  }
  return fused;
}
