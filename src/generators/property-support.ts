/**
 * Property candidates weighed by what their domains and ranges say, after fusion.
 *
 * A property's name is short and says little: `reviewes` (Member_PC → Contribution) is as like
 * `isReviewedBy` (Paper → Reviewer) as `isReviewing` (Reviewer → Paper) by name, and a
 * review's `writtenBy` as a paper's. What tells them apart is the classes they connect. So,
 * where both ontologies state domains or ranges, the class mappings the one-to-one selection
 * keeps with the two ontologies (what `propose --select one-to-one` keeps: structure and repair
 * included) are taken as anchors, and a property ↔ property equivalence candidate is *supported*
 * when those anchors relate the two properties' domains or their ranges through the told
 * hierarchies (the test structural selection applies: selection/structure.ts
 * `unsupportedProperties`). A subject property with a supported candidate has its unsupported
 * property candidates' values multiplied by {@link DEFAULT_CLAIMED_WEIGHT} — the factor fusion
 * already gives a candidate that is likelier another subject's — and its list re-ranked. A
 * subject without any supported candidate keeps its list: no evidence, no change.
 *
 * Nothing changes for a pair where either side states no domain or range (anatomy, OASF,
 * agent records, NCIt → ORDO as bundled), and the check costs nothing there.
 */
import type { OntologyIndex } from '../model/ontology-index.js';
import { rawScore } from '../model/mapping.js';
import { CoherenceChecker } from '../coherence/index.js';
import { relationFamily, select } from '../selection/index.js';
import { unsupportedProperties } from '../selection/structure.js';
import { DEFAULT_CLAIMED_WEIGHT, DEFAULT_MIN_FUSED_VALUE, type FusedCandidate } from './fusion.js';

const statesSignatures = (index: OntologyIndex): boolean => (index.axioms?.domains.length ?? 0) + (index.axioms?.ranges.length ?? 0) > 0;

/** `fused` with unsupported property candidates lowered where a rival has support (see the module comment); the input is not changed. */
export function weighPropertySupport(fused: readonly FusedCandidate[], source: OntologyIndex, target: OntologyIndex): FusedCandidate[] {
  if (!statesSignatures(source) || !statesSignatures(target)) return [...fused];
  const checker = new CoherenceChecker(source, target);
  const graph = checker.graph;
  const equivalences = fused.filter((c) => relationFamily(c.predicate) === 'equivalence');
  const properties = equivalences.filter((c) => graph.isProperty(0, c.subject) && graph.isProperty(1, c.object));
  if (properties.length === 0) return [...fused];
  const anchors = select(equivalences, { mode: 'one-to-one', minScore: DEFAULT_MIN_FUSED_VALUE, ontologies: { source, target }, checker })
    .filter((c) => !graph.isProperty(0, c.subject) && !graph.isProperty(1, c.object));
  // Each property candidate is judged on its own against the class anchors.
  const unsupported = new Set([...unsupportedProperties([...anchors, ...properties], graph).keys()].filter((i) => i >= anchors.length).map((i) => properties[i - anchors.length]!));
  const supportedSubjects = new Set(properties.filter((c) => !unsupported.has(c)).map((c) => c.subject));
  const lowered = new Set([...unsupported].filter((c) => supportedSubjects.has(c.subject)));
  if (lowered.size === 0) return [...fused];
  const out = fused.map((c) => (lowered.has(c) ? { ...c, score: rawScore(c.score * DEFAULT_CLAIMED_WEIGHT), members: [...c.members] } : c));
  // Re-rank the subjects that changed, best first (the earlier rank among equal values).
  const changed = new Set([...lowered].map((c) => c.subject));
  const bySubject = new Map<string, FusedCandidate[]>();
  for (const c of out) {
    if (!changed.has(c.subject)) continue;
    const list = bySubject.get(c.subject);
    if (list) list.push(c);
    else bySubject.set(c.subject, [c]);
  }
  const reranked = new Map<FusedCandidate, number>();
  for (const list of bySubject.values()) {
    [...list].sort((a, b) => b.score - a.score || a.rank - b.rank).forEach((c, i) => reranked.set(c, i + 1));
  }
  const result = out.map((c) => {
    const rank = reranked.get(c);
    return rank === undefined || rank === c.rank ? c : { ...c, rank };
  });
  // Fused lists come by subject, best first: a changed subject's candidates go where its first
  // one was, in their new order.
  const ordered: FusedCandidate[] = [];
  const placed = new Set<string>();
  for (const c of result) {
    if (!changed.has(c.subject)) ordered.push(c);
    else if (!placed.has(c.subject)) {
      placed.add(c.subject);
      ordered.push(...result.filter((x) => x.subject === c.subject).sort((a, b) => a.rank - b.rank));
    }
  }
  return ordered;
}
