/**
 * The hierarchy of a prepared ontology by concept position (named superclasses, `extends`
 * chains …), worked out once per prepared ontology and shared by the generators that read it.
 */
import type { PreparedOntology } from './lexical-index.js';

/** Parents and children by concept position. */
export interface Hierarchy {
  parents: number[][];
  children: number[][];
  /** Whether any concept has a parent. */
  any: boolean;
}

const hierarchies = new WeakMap<PreparedOntology, Hierarchy>();

export function hierarchyOf(prepared: PreparedOntology): Hierarchy {
  let h = hierarchies.get(prepared);
  if (h) return h;
  const position = new Map<string, number>();
  prepared.concepts.forEach((c, i) => position.set(c.iri, i));
  // Concepts are unique by IRI, so concept i's own position is i: a concept is not its own parent.
  const parents = prepared.concepts.map((c, i) => [...new Set(c.parents.map((p) => position.get(p)).filter((p): p is number => p !== undefined && p !== i))]);
  const children: number[][] = prepared.concepts.map(() => []);
  parents.forEach((ps, i) => {
    for (const p of ps) children[p]!.push(i);
  });
  h = { parents, children, any: parents.some((ps) => ps.length > 0) };
  hierarchies.set(prepared, h);
  return h;
}

