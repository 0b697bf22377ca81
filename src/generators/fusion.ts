/**
 * Rank fusion. Raw scores of different generators share no scale (a TF-IDF cosine of 0.8 and an
 * edit similarity of 0.8 mean different things), so they are never added: each member
 * contributes `weight / (k + rank)` for every candidate it ranked (reciprocal rank fusion,
 * Cormack et al. 2009). The fused candidate keeps every member's evidence and member
 * candidate, and its score is an RRF score with its own `similarity_measure`, divided by the
 * largest score possible (every member ranking the pair first) so it lies in [0, 1] as SSSOM's
 * `similarity_score` must: 1 means "first for every member".
 *
 * Candidates are grouped on (subject, predicate, object): direction and relation are identity.
 */
import type { Candidate } from '../model/mapping.js';
import { rawScore, tripleKey } from '../model/mapping.js';

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
export const DEFAULT_FUSION_WEIGHTS: Readonly<Record<string, number>> = { exact: 2, wordnet: 2, embedding: 0.02 };

/**
 * Ties between fused scores are common (two members ranking a and b as 1,2 and 2,1). They are
 * broken by the members' own ranks, asking first the member most often right at rank 1 on
 * anatomy (rank-1 precision: exact 0.97, wordnet 0.57, edit 0.53, tfidf 0.49), not by IRI order.
 */
export const DEFAULT_TIE_BREAK: readonly string[] = ['exact', 'wordnet', 'edit', 'tfidf'];

export interface FusionOptions {
  /** Candidates kept per subject after fusion. */
  topK: number;
  /** RRF constant k (default 60). */
  k?: number;
  /**
   * The generators that ran, including any that proposed nothing: the maximum score (every
   * member ranking a pair first) and the measure name are over these. Defaults to the
   * generators seen among the candidates.
   */
  generators?: readonly string[];
  /** Generators whose ranks break ties between equal fused scores, first decisive first. */
  tieBreak?: readonly string[];
  /** Per-generator weight (default DEFAULT_FUSION_WEIGHTS, else 1): trust in a member, never a rescaling of its scores. */
  weights?: Readonly<Record<string, number>>;
}

/** A fused candidate with the member candidates it was built from. */
export interface FusedCandidate extends Candidate {
  members: Candidate[];
}

export function fusionMeasure(k: number, generators: readonly string[]): string {
  return `reciprocal-rank-fusion(k=${k};normalised;${[...generators].sort().join(',')})`;
}

/**
 * Fuse the ranked lists of several generators. The output has ranks 1..topK per subject in
 * descending fused score; ties go to the candidate more members proposed, then to the better rank
 * of the first decisive member in `tieBreak`, then to the object IRI.
 */
export function fuseCandidates(members: Iterable<Candidate>, options: FusionOptions): FusedCandidate[] {
  const k = options.k ?? DEFAULT_RRF_K;
  const groups = new Map<string, { subject: string; predicate: string; object: string; score: number; members: Candidate[] }>();
  const generators = new Set<string>(options.generators ?? []);
  for (const c of members) {
    generators.add(c.generator);
    const weight = (options.weights ?? DEFAULT_FUSION_WEIGHTS)[c.generator] ?? 1;
    if (!(weight > 0)) continue;
    const key = tripleKey(c.subject, c.predicate, c.object);
    let group = groups.get(key);
    if (!group) {
      group = { subject: c.subject, predicate: c.predicate, object: c.object, score: 0, members: [] };
      groups.set(key, group);
    }
    group.score += weight / (k + c.rank);
    group.members.push(c);
  }
  const measure = fusionMeasure(k, [...generators]);
  let best = 0;
  for (const g of generators) best += Math.max(0, (options.weights ?? DEFAULT_FUSION_WEIGHTS)[g] ?? 1) / (k + 1);
  const bySubject = new Map<string, Array<typeof groups extends Map<string, infer G> ? G : never>>();
  for (const group of groups.values()) {
    const list = bySubject.get(group.subject);
    if (list) list.push(group);
    else bySubject.set(group.subject, [group]);
  }
  const fused: FusedCandidate[] = [];
  for (const [, list] of [...bySubject].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const tieBreak = options.tieBreak ?? DEFAULT_TIE_BREAK;
    const rankBy = (group: { members: Candidate[] }, generator: string): number =>
      group.members.find((m) => m.generator === generator)?.rank ?? Number.POSITIVE_INFINITY;
    const byMembers = (a: { members: Candidate[] }, b: { members: Candidate[] }): number => {
      for (const g of tieBreak) {
        const d = rankBy(a, g) - rankBy(b, g);
        if (d !== 0 && !Number.isNaN(d)) return d;
      }
      return 0;
    };
    list.sort(
      (a, b) =>
        // Scores are compared after rounding so float noise cannot hide a tie.
        Math.round((b.score - a.score) * 1e12) ||
        b.members.length - a.members.length ||
        byMembers(a, b) ||
        (a.object < b.object ? -1 : a.object > b.object ? 1 : 0) ||
        (a.predicate < b.predicate ? -1 : a.predicate > b.predicate ? 1 : 0),
    );
    list.slice(0, Math.max(0, options.topK)).forEach((group, i) => {
      const sortedMembers = [...group.members].sort((a, b) => (a.generator < b.generator ? -1 : a.generator > b.generator ? 1 : 0));
      fused.push({
        subject: group.subject,
        predicate: group.predicate,
        object: group.object,
        generator: FUSION_GENERATOR,
        score: rawScore(Math.min(1, Math.round((group.score / best) * 1e12) / 1e12)),
        measure,
        rank: i + 1,
        justification: 'semapv:CompositeMatching',
        evidence: sortedMembers.flatMap((m) => m.evidence),
        members: sortedMembers,
      });
    });
  }
  return fused;
}
