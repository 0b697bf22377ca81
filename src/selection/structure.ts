/**
 * Structural selection: what the hierarchies and property declarations of the two ontologies
 * say about candidates, used after a first selection has fixed the mappings it is surest of
 * (the anchors), in the way AML and LogMap propagate structure.
 *
 * - A class equivalence candidate whose subject's parent the anchors map to its object's parent
 *   gains {@link STRUCTURAL_BOOST} in the selection's order, as much again when a child is
 *   mapped to a child, and as much again when an existential restriction of the subject
 *   (`part_of some heart`) has its filler mapped to the filler of a restriction of the object on
 *   the same property (one spelled alike, or mapped by an anchor): it agrees with what is already
 *   selected about its neighbours. Anatomies say where a part is mostly through `part_of` (the
 *   mouse anatomy states 1,637 such restrictions beside its is-a tree), which the told hierarchy
 *   leaves out; restrictions on different properties (`part_of` against `has_part`) never count.
 *   Only the order and threshold of the selection use the boost; the candidate's own value is
 *   unchanged.
 * - A property mapping is kept only when the selected class mappings relate the domains or the
 *   ranges of the two properties: a class the subject's domain (range) is stated to be under
 *   is, through the selected class mappings and the told hierarchies, under a class the object's
 *   domain (range) is stated to be under, or the other way round. Property names are short and generic (`name`, `date`,
 *   `writtenBy`) and say little on their own; a property whose domain and range nothing relates
 *   (or that states neither) is left to review rather than proposed (LogMap keeps property
 *   mappings only with such support too).
 */
import type { CoherenceGraph, NodeKind } from '../coherence/graph.js';
import { bridgeKind } from '../coherence/semantics.js';
import { relationFamily, type Selectable } from './select.js';
import type { Restriction } from '../model/concept.js';
import { localNameOf } from '../text/identifiers.js';

/** What a candidate gains for each of parent and child agreement with the anchors. */
export const STRUCTURAL_BOOST = 0.05;

/** An existential restriction a class is stated to be under: `property some filler`. */
export type Existential = Pick<Restriction, 'property' | 'filler'>;

/** A class's existential restrictions on one side (0 source, 1 target); none when unknown. */
export type ExistentialsOf = (side: 0 | 1, iri: string) => readonly Existential[];

/**
 * How a property is spelled, for telling that two ontologies restrict classes on the same one
 * when no anchor maps it: its local name, lower case, letters and digits only (`part_of`,
 * `partOf` and `part-of` all read `partof`).
 */
function propertySpelling(iri: string): string {
  return localNameOf(iri).toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The boost each candidate gains (0 for most), by position in `candidates`. Anchors are class
 * equivalences (and, for restrictions, property equivalences); a candidate's own anchor does not
 * count for it. Without `existentials` only parents and children are compared.
 */
export function structuralBoosts(candidates: readonly Selectable[], anchors: readonly Selectable[], graph: CoherenceGraph, existentials?: ExistentialsOf): number[] {
  const mapped = new Map<string, Set<string>>();
  const mappedProperties = new Set<string>();
  for (const a of anchors) {
    if (relationFamily(a.predicate) !== 'equivalence') continue;
    if (graph.isProperty(0, a.subject)) {
      mappedProperties.add(`${a.subject}\u0000${a.object}`);
      continue;
    }
    const set = mapped.get(a.subject);
    if (set) set.add(a.object);
    else mapped.set(a.subject, new Set([a.object]));
  }
  if (mapped.size === 0) return candidates.map(() => 0);
  const agrees = (mine: readonly string[], theirs: readonly string[]): boolean => {
    if (mine.length === 0 || theirs.length === 0) return false;
    const other = new Set(theirs);
    return mine.some((x) => [...(mapped.get(x) ?? [])].some((y) => other.has(y)));
  };
  const sameProperty = (p: string, q: string): boolean => mappedProperties.has(`${p}\u0000${q}`) || propertySpelling(p) === propertySpelling(q);
  const restrictionsAgree = (mine: readonly Existential[], theirs: readonly Existential[]): boolean =>
    mine.some((r) => {
      const images = mapped.get(r.filler);
      return images !== undefined && theirs.some((t) => images.has(t.filler) && sameProperty(r.property, t.property));
    });
  return candidates.map((c) => {
    if (relationFamily(c.predicate) !== 'equivalence' || graph.isProperty(0, c.subject) || graph.isProperty(1, c.object)) return 0;
    let boost = 0;
    if (agrees(graph.classParents(0, c.subject), graph.classParents(1, c.object))) boost += STRUCTURAL_BOOST;
    if (agrees(graph.classChildren(0, c.subject), graph.classChildren(1, c.object))) boost += STRUCTURAL_BOOST;
    if (existentials && restrictionsAgree(existentials(0, c.subject), existentials(1, c.object))) boost += STRUCTURAL_BOOST;
    return boost;
  });
}

/**
 * The property mappings among `selected` whose domains and ranges the selected class mappings do
 * not relate (see the module comment), by position, with why.
 */
export function unsupportedProperties(selected: readonly Selectable[], graph: CoherenceGraph): Map<number, string> {
  const out = new Map<number, string>();
  const properties = selected.map((c, i) => [c, i] as const).filter(([c]) => bridgeKind(c.predicate) !== undefined && graph.isProperty(0, c.subject) && graph.isProperty(1, c.object));
  if (properties.length === 0) return out;
  // The class mappings as edges between class nodes, both ways for equivalences.
  const edges = new Map<number, number[]>();
  for (const c of selected) {
    const kind = bridgeKind(c.predicate);
    if (!kind || graph.isProperty(0, c.subject) || graph.isProperty(1, c.object)) continue;
    for (const [a, b] of graph.bridge(c.subject, c.object, kind)) {
      const list = edges.get(a);
      if (list) list.push(b);
      else edges.set(a, [b]);
    }
  }
  const above = (starts: readonly number[]): Set<number> => {
    const seen = new Set(starts);
    const stack = [...starts];
    while (stack.length) {
      const n = stack.pop()!;
      for (const m of [...graph.out[n]!, ...(edges.get(n) ?? [])]) if (!seen.has(m)) {
        seen.add(m);
        stack.push(m);
      }
    }
    return seen;
  };
  /** Whether some class under one side's stated classes reaches, through the mappings, a stated class of the other side. */
  const related = (kind: Exclude<NodeKind, 'class'>, subject: string, object: string): boolean => {
    const mine = graph.propertyClasses(0, kind, subject);
    const theirs = graph.propertyClasses(1, kind, object);
    if (mine.length === 0 || theirs.length === 0) return false;
    const reaches = (from: readonly number[], to: readonly number[]): boolean => {
      const up = above(from);
      return to.some((n) => up.has(n));
    };
    return reaches(mine, theirs) || reaches(theirs, mine);
  };
  for (const [c, i] of properties) {
    if (related('domain', c.subject, c.object) || related('range', c.subject, c.object)) continue;
    out.set(i, 'no selected class mapping relates the domains or the ranges of the two properties (or neither states one)');
  }
  return out;
}
