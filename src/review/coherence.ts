/**
 * Coherence warnings for the review: for each candidate of an item, the accepted mappings that
 * accepting it would make incoherent with the two ontologies (src/coherence), with the axiom —
 * what a reviewer should see before pressing `a`. The session calls it with the candidates and
 * the accepted set; the checker and the accepted set's state are kept between calls.
 */
import type { OntologyIndex } from '../model/ontology-index.js';
import { CoherenceChecker, describeAxiom, describeConflict, type CoherenceMapping } from '../coherence/index.js';

/** One accepted mapping a candidate conflicts with, and why. */
export interface IncoherentWith {
  subject_id: string;
  predicate_id: string;
  object_id: string;
  /** The disjointness the two would put one class under both sides of, e.g. `Organisation disjointWith Person (target)`. */
  axiom: string;
  /** The whole conflict in one sentence: what becomes unsatisfiable and through which axioms. */
  message: string;
}

/** Conflicts looked for per candidate: enough to warn, cheap on a large accepted set. */
const CONFLICTS_PER_CANDIDATE = 5;

/** The coherence warnings of one review session's two ontologies (see the module comment). */
export class ReviewCoherence {
  private checker: CoherenceChecker | undefined;

  constructor(private readonly source: OntologyIndex, private readonly target: OntologyIndex) {}

  /**
   * For each candidate (same order), the accepted mappings it conflicts with; empty for one that
   * is accepted itself or conflicts with nothing. A conflict the accepted set has already is not
   * blamed on a candidate.
   */
  warnings(candidates: readonly CoherenceMapping[], accepted: readonly CoherenceMapping[]): IncoherentWith[][] {
    if (accepted.length === 0) return candidates.map(() => []);
    const checker = (this.checker ??= new CoherenceChecker(this.source, this.target));
    if (!checker.graph.hasDisjointness) return candidates.map(() => []);
    const same = (a: CoherenceMapping, b: CoherenceMapping): boolean => a.subject === b.subject && a.predicate === b.predicate && a.object === b.object;
    return candidates.map((candidate) => {
      if (accepted.some((a) => same(a, candidate))) return [];
      const all = [...accepted, candidate];
      const found: IncoherentWith[] = [];
      for (const conflict of checker.conflictsWith(candidate, accepted, { limit: CONFLICTS_PER_CANDIDATE })) {
        for (const i of conflict.mappings) {
          const m = accepted[i];
          if (!m || found.some((f) => f.subject_id === m.subject && f.predicate_id === m.predicate && f.object_id === m.object)) continue;
          found.push({ subject_id: m.subject, predicate_id: m.predicate, object_id: m.object, axiom: describeAxiom(conflict.disjoint), message: describeConflict(conflict, all) });
        }
      }
      return found;
    });
  }
}
