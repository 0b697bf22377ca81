/**
 * The coherence check of mappings between two loaded ontologies, and its repair: the library's
 * entry to this module. A checker builds the Horn encoding of the two ontologies once
 * (graph.ts) and checks any number of mapping sets against it (check.ts).
 *
 * Repair keeps the mappings in order of value and removes, greedily, the ones that conflict with
 * mappings of higher value: while a conflict remains, the conflict whose lowest-valued mapping
 * has the highest value loses that mapping, which finds every mapping that takes part in a
 * conflict; then those are taken again best first, each kept unless it conflicts with what is
 * kept already. Every removal is needed (putting any removed mapping back makes the set
 * incoherent again) and no mapping is ever removed in favour of mappings of lower value, whatever
 * the order of the statements in the files; it is not the smallest possible removal (a minimum hitting set is NP-hard and
 * would trade one strong mapping for several weak ones), and a conflict the Horn propagation
 * does not see is not repaired (docs/coherence.md).
 */
import type { OntologyIndex } from '../model/ontology-index.js';
import { IoaError } from '../model/errors.js';
import { bridgeKind, curieOf } from './semantics.js';
import { CoherenceGraph, type ToldAxiom } from './graph.js';
import { findConflicts, mappingEdges, type BridgeMapping, type CoherenceConflict } from './check.js';
import { labelNodes, type Labels } from './labels.js';

/** A mapping to check: subject in the source ontology, object in the target, and the relation. */
export interface CoherenceMapping {
  /** IRI of a class or property of the source ontology. */
  subject: string;
  /** The relation, CURIE or IRI (semantics.ts says how each is read). */
  predicate: string;
  /** IRI of a class or property of the target ontology. */
  object: string;
}

/** A mapping repair may remove: with the value it is ranked by (higher is better) and its rank among its subject's candidates. */
export interface RankedMapping extends CoherenceMapping {
  /** The value the mapping is ranked by (higher first); absent counts as 0. */
  score?: number;
  /** Rank among its subject's candidates, breaking equal values (lower first). */
  rank?: number;
}

/** What {@link CoherenceChecker.check} found. */
export interface CoherenceReport {
  /** Mappings checked. */
  mappings: number;
  /** Mappings with no logical reading (relatedMatch, a class mapped to a property): they cannot conflict. */
  ignored: number;
  /** One entry per minimal set of mappings that makes something unsatisfiable. */
  conflicts: CoherenceConflict[];
  /** Whether either ontology states any disjointness (without one, nothing can be unsatisfiable). */
  disjointness: boolean;
}

/** A mapping repair removed, and the conflict it lost (with mappings of higher value). */
export interface RepairRemoval {
  /** Its position in the list repaired. */
  index: number;
  /** A conflict it has with mappings that were kept (positions in the list repaired). */
  conflict: CoherenceConflict;
}

/** What {@link CoherenceChecker.repair} kept and removed. */
export interface RepairResult {
  /** Positions of the mappings kept, ascending. */
  kept: number[];
  /** The mappings removed, in the order removed. */
  removed: RepairRemoval[];
}

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Best first: value, then the rank among its subject's candidates, then IRIs (as selection orders them). */
function compareRanked(a: RankedMapping, b: RankedMapping): number {
  return (b.score ?? 0) - (a.score ?? 0) || (a.rank ?? 0) - (b.rank ?? 0) || text(a.subject, b.subject) || text(a.object, b.object) || text(a.predicate, b.predicate);
}

function checkMappings(mappings: unknown): asserts mappings is readonly CoherenceMapping[] {
  if (!Array.isArray(mappings)) throw new IoaError('E_USAGE', 'mappings must be an array of { subject, predicate, object }', { path: '$.mappings' });
  mappings.forEach((m: Partial<CoherenceMapping> | null, i) => {
    if (typeof m !== 'object' || m === null || typeof m.subject !== 'string' || typeof m.predicate !== 'string' || typeof m.object !== 'string') {
      throw new IoaError('E_USAGE', `mapping ${i + 1} must have a subject, predicate and object (strings)`, { path: `$.mappings[${i}]` });
    }
  });
}

/** An accepted set as {@link CoherenceChecker.conflictsWith} reuses it across candidates. */
interface AcceptedState {
  key: string;
  bridges: BridgeMapping[];
  labels: Labels;
  /** The accepted mappings' edges taken backwards. */
  into: Map<number, number[]>;
}

/**
 * Checks mapping sets against two loaded ontologies (see the module comment): build it once per
 * pair of ontologies, then check, repair or screen candidates as often as needed.
 */
export class CoherenceChecker {
  /** The Horn encoding of the two ontologies. @internal */
  readonly graph: CoherenceGraph;
  private accepted: AcceptedState | undefined;

  /**
   * @param source - The ontology of the mappings' subjects.
   * @param target - The ontology of their objects.
   */
  constructor(readonly source: OntologyIndex, readonly target: OntologyIndex) {
    this.graph = new CoherenceGraph(source, target);
  }

  /** The mappings with a logical reading, as the search takes them (index: position in `mappings`). */
  private bridges(mappings: readonly CoherenceMapping[]): BridgeMapping[] {
    const out: BridgeMapping[] = [];
    mappings.forEach((m, index) => {
      const kind = bridgeKind(m.predicate);
      if (!kind) return;
      const edges = this.graph.bridge(m.subject, m.object, kind);
      if (edges.length > 0) out.push({ index, subject: m.subject, predicate: m.predicate, object: m.object, kind, edges });
    });
    return out;
  }

  /**
   * Every conflict among `mappings` (each a minimal set; positions refer to `mappings`).
   * `onProgress`: classes searched of those the mappings make unsatisfiable.
   */
  check(mappings: readonly CoherenceMapping[], options: { onProgress?: (done: number, total: number) => void } = {}): CoherenceReport {
    checkMappings(mappings);
    const bridges = this.bridges(mappings);
    return { mappings: mappings.length, ignored: mappings.length - bridges.length, conflicts: findConflicts(this.graph, bridges, options.onProgress ? { onProgress: options.onProgress } : {}), disjointness: this.graph.hasDisjointness };
  }

  /**
   * The conflicts adding `candidate` to `accepted` would cause (each includes the candidate;
   * positions refer to `accepted`, the candidate's is `accepted.length`). Conflicts `accepted`
   * has without it are not reported again. `limit` stops after that many.
   */
  conflictsWith(candidate: CoherenceMapping, accepted: readonly CoherenceMapping[], options: { limit?: number } = {}): CoherenceConflict[] {
    checkMappings([candidate]);
    checkMappings(accepted);
    if (!this.graph.hasDisjointness) return [];
    const [own] = this.bridges([candidate]);
    if (!own) return [];
    const state = this.acceptedState(accepted);
    if (!this.mayConflict(state, own)) return [];
    const bridges = [...state.bridges, { ...own, index: accepted.length }];
    return findConflicts(this.graph, bridges, { focus: bridges.length - 1, before: state.labels.unsat, ...(options.limit !== undefined ? { limit: options.limit } : {}) });
  }

  /** The accepted set's bridges, labels and reverse edges, kept while the set stays the same. */
  private acceptedState(accepted: readonly CoherenceMapping[]): AcceptedState {
    const key = accepted.map((m) => `${m.subject}\u0000${m.predicate}\u0000${m.object}`).join('\u0001');
    if (this.accepted?.key === key) return this.accepted;
    const bridges = this.bridges(accepted);
    const edges = mappingEdges(bridges);
    const into = new Map<number, number[]>();
    for (const [from, list] of edges) for (let i = 0; i < list.length; i += 2) {
      const to = list[i]!;
      const l = into.get(to);
      if (l) l.push(from);
      else into.set(to, [from]);
    }
    this.accepted = { key, bridges, labels: labelNodes(this.graph, edges), into };
    return this.accepted;
  }

  /**
   * Whether adding `bridge` could make a node unsatisfiable: a node can gain only through an end
   * of the new edges, and then at most the labels of those ends, so a node that reaches an end
   * and, with those labels, holds a disjoint pair is the only kind that can. A cheap screen; the
   * search (check.ts) decides.
   */
  private mayConflict(state: AcceptedState, bridge: BridgeMapping): boolean {
    const ends = [...new Set(bridge.edges.flat())];
    const seen = new Set(ends);
    const stack = [...ends];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (!state.labels.unsat[n] && state.labels.clash([n, ...ends])) return true;
      for (const list of [this.graph.into[n], state.into.get(n)]) {
        if (!list) continue;
        for (const m of list) {
          if (!seen.has(m)) {
            seen.add(m);
            stack.push(m);
          }
        }
      }
    }
    return false;
  }

  /** Greedy repair by value (see the module comment). */
  repair(mappings: readonly RankedMapping[]): RepairResult {
    checkMappings(mappings);
    const all = this.bridges(mappings);
    const priority = [...mappings.keys()].sort((a, b) => compareRanked(mappings[a]!, mappings[b]!));
    const place = new Map(priority.map((position, i) => [position, i]));
    const worst = (conflict: CoherenceConflict): number => conflict.mappings.reduce((w, m) => (place.get(m)! > place.get(w)! ? m : w));
    const gone = new Set<number>();
    /** Every mapping some conflict found on the way involves. */
    const involved = new Set<number>();
    if (!this.graph.hasDisjointness) return { kept: [...mappings.keys()], removed: [] };
    for (;;) {
      const conflicts = findConflicts(this.graph, all.filter((b) => !gone.has(b.index)));
      if (conflicts.length === 0) break;
      for (const conflict of conflicts) for (const m of conflict.mappings) involved.add(m);
      // The conflict whose weakest mapping is strongest goes first; each loses its weakest
      // mapping unless an earlier removal in this round already resolved it.
      conflicts.sort((a, b) => place.get(worst(a))! - place.get(worst(b))!);
      for (const conflict of conflicts) {
        if (conflict.mappings.some((m) => gone.has(m))) continue;
        gone.add(worst(conflict));
      }
    }
    // The rounds above find which mappings take part in conflicts (one conflict per
    // unsatisfiable class each round, so which one depends on the order of the statements); the
    // choice is made again among those alone, best first: each is kept unless it conflicts with
    // what is kept already — mappings of higher value, or ones no conflict involved. So no
    // mapping is removed in favour of one of lower value, whatever the order of the files. The
    // kept set's labels are computed once while it does not change, and most candidates are
    // screened out without a search.
    const kept = new Set([...mappings.keys()].filter((i) => !involved.has(i)));
    const final: RepairRemoval[] = [];
    for (const index of priority) {
      if (!involved.has(index)) continue;
      const keptPositions = [...mappings.keys()].filter((i) => kept.has(i));
      const [conflict] = this.conflictsWith(mappings[index]!, keptPositions.map((i) => mappings[i]!), { limit: 1 });
      if (conflict) {
        // Positions in the kept list (the candidate last) back to positions in `mappings`.
        final.push({ index, conflict: { ...conflict, mappings: conflict.mappings.map((p) => (p === keptPositions.length ? index : keptPositions[p]!)).sort((a, b) => a - b) } });
      } else kept.add(index);
    }
    return { kept: [...mappings.keys()].filter((i) => kept.has(i)), removed: final };
  }
}

/** A told statement as people read it, e.g. `Paper ⊑ Document (source)`. */
export function describeAxiom(a: ToldAxiom): string {
  const s = shortName(a.subject);
  const o = shortName(a.object);
  const stated = ((): string => {
    switch (a.axiom) {
      case 'subClassOf': return `${s} ⊑ ${o}`;
      case 'equivalentClass': return `${s} ≡ ${o}`;
      case 'disjointWith': return `${s} disjointWith ${o}`;
      case 'domain': return `domain(${s}) ⊑ ${o}`;
      case 'range': return `range(${s}) ⊑ ${o}`;
      case 'inverseOf': return `${s} inverseOf ${o}`;
      case 'subPropertyOf': return `${s} ⊑ ${o}`;
      case 'equivalentProperty': return `${s} ≡ ${o}`;
      case 'existential': return `${s} ⊑ ∃${o}`;
    }
  })();
  return `${stated} (${a.ontology})`;
}

/** The fragment or last path segment of an IRI, for messages (the structured fields keep the IRI). */
export function shortName(iri: string): string {
  const m = /[#/]([^#/]+)$/.exec(iri);
  return m ? m[1]! : iri;
}

/**
 * A conflict in one sentence: what becomes unsatisfiable, the disjointness, the mappings (as
 * `mappings[i]` gives them) and the told axioms on the way.
 */
export function describeConflict(conflict: CoherenceConflict, mappings: readonly CoherenceMapping[]): string {
  const u = conflict.unsatisfiable;
  const what = u.kind === 'class' ? `${u.ontology} class ${shortName(u.iri)}` : `the ${u.kind} of ${u.ontology} property ${shortName(u.iri)}`;
  const used = conflict.mappings.map((i) => {
    const m = mappings[i];
    return m ? `${shortName(m.subject)} ${curieOf(m.predicate)} ${shortName(m.object)}` : `#${i}`;
  });
  const way = conflict.axioms.map(describeAxiom);
  return `${what} becomes unsatisfiable: ${used.join(' and ')} put${used.length === 1 ? 's' : ''} it under two disjoint classes (${describeAxiom(conflict.disjoint)})${way.length ? `, through ${way.join(', ')}` : ''}`;
}
