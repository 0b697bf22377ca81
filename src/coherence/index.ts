/**
 * Coherence of mappings with the ontologies they join: the check (LogMap-style propositional
 * Horn propagation over the told hierarchies, disjointness and property domains and ranges) and
 * the greedy repair by value. Mappings in, conflicts or a repaired list out; never a verdict.
 */
export {
  CoherenceChecker, describeAxiom, describeConflict, shortName,
  type CoherenceMapping, type CoherenceReport, type RankedMapping, type RepairRemoval, type RepairResult,
} from './checker.js';
export type { CoherenceConflict } from './check.js';
export { AXIOM_KINDS, SIDE_NAMES, type AxiomKind, type NodeKind, type SideName, type ToldAxiom } from './graph.js';
export { bridgeKind, type BridgeKind } from './semantics.js';
