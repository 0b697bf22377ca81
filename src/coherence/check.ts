/**
 * The incoherence check: which mappings, taken as bridge axioms between two ontologies, make a
 * class (or a property's domain or range) unsatisfiable that each ontology alone leaves
 * satisfiable — a node from which both of two disjoint classes can be reached once the mappings
 * join the hierarchies (graph.ts). This is LogMap's propositional Horn propagation over the told
 * hierarchies: sound (every conflict it reports is a real one, given the axioms as read) and
 * incomplete (docs/coherence.md lists what it does not see).
 *
 * Each conflict names a minimal set of mappings: without any one of them the node is
 * satisfiable again. It is found as the union of the two paths (to each of the disjoint classes)
 * that use the fewest mappings, then shrunk one mapping at a time.
 */
import type { BridgeKind } from './semantics.js';
import { SIDE_NAMES, type CoherenceGraph, type NodeKind, type SideName, type ToldAxiom } from './graph.js';
import { unsatisfiableNodes, type MappingEdges } from './labels.js';

/** A mapping as the check sees it: its position in the caller's list and the edges it adds. */
export interface BridgeMapping {
  index: number;
  subject: string;
  predicate: string;
  object: string;
  kind: BridgeKind;
  edges: ReadonlyArray<readonly [number, number]>;
}

/** One reason for incoherence: a minimal set of mappings and the told axioms they combine with. */
export interface CoherenceConflict {
  /** Positions of the mappings in the list checked, ascending: without any one of them the conflict goes. */
  mappings: number[];
  /** What becomes unsatisfiable: a class, or the domain or range of a property (the property can then have no value). */
  unsatisfiable: { ontology: SideName; kind: NodeKind; iri: string };
  /** The disjointness it ends under both sides of. */
  disjoint: ToldAxiom;
  /** The told statements on the two ways up to the disjoint classes, in path order. */
  axioms: ToldAxiom[];
}

/** Scratch arrays reused by every search of one check (stamped instead of cleared). */
class Scratch {
  readonly stamp: Int32Array;
  readonly done: Int32Array;
  readonly cost: Int32Array;
  /** Predecessor node, and how it was reached: an axiom id ≥ 0, or −(position + 1) of a mapping. */
  readonly pred: Int32Array;
  readonly via: Int32Array;
  current = 0;
  constructor(size: number) {
    this.stamp = new Int32Array(size);
    this.done = new Int32Array(size);
    this.cost = new Int32Array(size);
    this.pred = new Int32Array(size);
    this.via = new Int32Array(size);
  }
}


export function mappingEdges(mappings: readonly BridgeMapping[], keep?: ReadonlySet<number>): MappingEdges {
  const edges: MappingEdges = new Map();
  const add = (position: number): void => {
    for (const [from, to] of mappings[position]!.edges) {
      const list = edges.get(from);
      if (list) list.push(to, position);
      else edges.set(from, [to, position]);
    }
  };
  // A few kept positions (a conflict being shrunk) are read directly, not by a pass over all.
  if (keep) for (const position of keep) add(position);
  else for (let position = 0; position < mappings.length; position++) add(position);
  return edges;
}

/** Mapping edges per node as {@link MappingEdges} holds them, in an array by node (read at every node a guided search takes). */
type EdgesByNode = ReadonlyArray<readonly number[] | undefined>;

function edgesByNode(graph: CoherenceGraph, edges: MappingEdges): EdgesByNode {
  const byNode = new Array<number[] | undefined>(graph.size);
  for (const [from, list] of edges) byNode[from] = list;
  return byNode;
}

/**
 * For each node some disjointness names: the cost of the cheapest way from every node to it
 * (−1 where there is none), over the edges a search takes, weighed as it weighs them (one
 * cheapest-first pass backwards from each), and each node's edges that keep to such a way. A
 * guided search (guidedSearch) takes those edges only.
 */
interface Guide {
  /** The disjoint nodes, and per each the cost from every node to it. */
  targets: number[];
  toward: Int32Array[];
  /** Each node's position in `targets`, −1 for a node no disjointness names. */
  slot: Int32Array;
  /**
   * Per disjoint node, each node's edges that keep to a cheapest way to it (the edge's weight
   * plus the cost from its end equals the cost from the node), as positions among the node's
   * edges (its told edges, then its mapping edges), ascending: node n's are `edges[offsets[n]]`
   * up to `edges[offsets[n + 1]]`.
   */
  onWay: Array<{ offsets: Int32Array; edges: Int32Array }>;
}

/**
 * What a guide says of the search from one start before it is made: the cost of the cheapest
 * disjoint pair (Infinity when none is reachable) and the disjoint nodes (positions in the
 * guide) in a pair of that cost.
 */
interface Plan {
  cost: number;
  members: number[];
}

function planFor(graph: CoherenceGraph, guide: Guide, start: number): Plan {
  let cost = Infinity;
  let members: number[] = [];
  guide.targets.forEach((target, k) => {
    const here = guide.toward[k]![start]!;
    if (here < 0) return;
    for (const { other } of graph.disjoint.get(target)!) {
      const there = guide.toward[guide.slot[other]!]![start]!;
      if (there < 0 || here + there > cost) continue;
      if (here + there < cost) {
        cost = here + there;
        members = [];
      }
      if (members[members.length - 1] !== k) members.push(k);
    }
  });
  return { cost, members };
}

/** Searches per disjoint node from which a guide is made. */
const GUIDE_SEARCHES_PER_TARGET = 4;
/** A guide is made only for at most this many (node, disjoint node) pairs: it holds two 4-byte numbers for each, besides the edges. */
const GUIDE_MAX_COSTS = 1 << 22;

function makeGuide(graph: CoherenceGraph, edges: MappingEdges, weight: (position: number) => number): Guide | undefined {
  const targets = [...graph.disjoint.keys()];
  if (targets.length * graph.size > GUIDE_MAX_COSTS) return undefined;
  // The mapping edges taken backwards, as (from, weight) pairs per node.
  const back = new Map<number, number[]>();
  for (const [from, list] of edges) {
    for (let i = 0; i < list.length; i += 2) {
      const to = list[i]!;
      const w = weight(list[i + 1]!);
      const l = back.get(to);
      if (l) l.push(from, w);
      else back.set(to, [from, w]);
    }
  }
  const toward = targets.map((target) => {
    const cost = new Int32Array(graph.size).fill(-1);
    cost[target] = 0;
    // Weights are 0 or 1: a node of the cost being worked on goes on `now`, one costing one more on `later`.
    let now = [target];
    let c = 0;
    while (now.length > 0) {
      const later: number[] = [];
      while (now.length > 0) {
        const n = now.pop()!;
        if (cost[n] !== c) continue;
        for (const m of graph.into[n]!) {
          if (cost[m] === -1 || cost[m]! > c) {
            cost[m] = c;
            now.push(m);
          }
        }
        const from = back.get(n);
        if (!from) continue;
        for (let i = 0; i < from.length; i += 2) {
          const m = from[i]!;
          const d = c + from[i + 1]!;
          if (cost[m] === -1 || cost[m]! > d) {
            cost[m] = d;
            (d === c ? now : later).push(m);
          }
        }
      }
      now = later;
      c++;
    }
    return cost;
  });
  const slot = new Int32Array(graph.size).fill(-1);
  targets.forEach((target, k) => { slot[target] = k; });
  const onWay = toward.map((cost) => {
    const offsets = new Int32Array(graph.size + 1);
    const list: number[] = [];
    for (let n = 0; n < graph.size; n++) {
      offsets[n] = list.length;
      const here = cost[n]!;
      if (here < 0) continue;
      const out = graph.out[n]!;
      for (let i = 0; i < out.length; i++) if (cost[out[i]!] === here) list.push(i);
      const mapped = edges.get(n);
      if (mapped) {
        for (let i = 0; i < mapped.length; i += 2) {
          const there = cost[mapped[i]!]!;
          if (there >= 0 && there === here - weight(mapped[i + 1]!)) list.push(out.length + i / 2);
        }
      }
    }
    offsets[graph.size] = list.length;
    return { offsets, edges: Int32Array.from(list) };
  });
  return { targets, toward, slot, onWay };
}

/** A search's buckets (one stack of nodes per cost) and how it records a node reached. */
function frontier(start: number, scratch: Scratch): { buckets: number[][]; relax: (from: number, to: number, cost: number, via: number) => void } {
  const stamp = scratch.current;
  const { stamp: stampOf, cost: costOf, pred, via: viaOf } = scratch;
  stampOf[start] = stamp;
  costOf[start] = 0;
  pred[start] = -1;
  viaOf[start] = 0;
  const buckets: number[][] = [[start]];
  // The first way that reaches a node at its cost is kept: a later one at no lower cost is not.
  const relax = (from: number, to: number, cost: number, via: number): void => {
    if (stampOf[to] === stamp && costOf[to]! <= cost) return;
    stampOf[to] = stamp;
    costOf[to] = cost;
    pred[to] = from;
    viaOf[to] = via;
    (buckets[cost] ??= []).push(to);
  };
  return { buckets, relax };
}

/**
 * Cheapest-first search from `start` over told edges (cost 0) and mapping edges (the weight of
 * the mapping: 1 when counted, else 0), with one bucket per cost, each worked as a stack: the
 * cheapest way to every node reached, in `scratch`. Returns the disjoint nodes it settled, in the
 * order settled (cheapest first): all a pair can be made of, with the nodes they are disjoint
 * with that were reached.
 */
function search(graph: CoherenceGraph, start: number, edges: MappingEdges, weight: (position: number) => number, scratch: Scratch): number[] {
  const stamp = ++scratch.current;
  const { done, cost: costOf } = scratch;
  const { buckets, relax } = frontier(start, scratch);
  // The cheapest disjoint pair among the nodes settled so far, and the settled nodes some
  // disjointness names, in the order settled (so by cost), from the first that may still pair
  // with a node not settled yet ("open"). Nodes settle in order of cost, so a node not settled
  // costs at least the bucket being worked on, and a pair with one costs at least the cheapest
  // open node's cost plus that (or twice that, for two such nodes). Once the cheapest pair costs
  // less than that bound, no pair to come can equal it, and the settled nodes' ways (the first
  // that reached each at its cost) are what a full search would give: the search stops there,
  // with the same pair and the same ties. With one disjointness this is as soon as both of its
  // classes are settled, not once everything up to the sum of their costs is.
  let bestPair = Infinity;
  const named: number[] = [];
  let firstOpen = 0;
  const settledEnough = (lowest: number): boolean => {
    if (bestPair === Infinity) return false;
    for (; firstOpen < named.length; firstOpen++) {
      const partners = graph.disjoint.get(named[firstOpen]!)!;
      if (partners.some((p) => done[p.other] !== stamp)) break;
    }
    // An open node costs no more than `lowest` (it is settled), so it bounds pairs more tightly than two unsettled nodes do.
    const bound = firstOpen < named.length ? costOf[named[firstOpen]!]! + lowest : 2 * lowest;
    return bestPair < bound;
  };
  for (let cost = 0; cost < buckets.length; cost++) {
    const bucket = buckets[cost];
    if (!bucket) continue;
    while (bucket.length > 0) {
      const n = bucket.pop()!;
      if (done[n] === stamp || costOf[n] !== cost) continue;
      done[n] = stamp;
      const partners = graph.disjoint.get(n);
      if (partners) {
        named.push(n);
        for (const { other } of partners) if (done[other] === stamp) bestPair = Math.min(bestPair, cost + costOf[other]!);
        if (settledEnough(cost)) return named;
      }
      const out = graph.out[n]!;
      const axioms = graph.outAxiom[n]!;
      for (let i = 0; i < out.length; i++) relax(n, out[i]!, cost, axioms[i]!);
      const mapped = edges.get(n);
      if (mapped) {
        for (let i = 0; i < mapped.length; i += 2) {
          const position = mapped[i + 1]!;
          relax(n, mapped[i]!, cost + weight(position), -(position + 1));
        }
      }
    }
    if (settledEnough(cost + 1)) break;
  }
  return named;
}

/** A guided search aims at no more disjoint nodes than this (a plan with more is searched unguided). */
const MAX_AIMS = 30;

/**
 * The search above, guided (`guide` made for the same edges and weights; `plan` what it says of
 * `start`, with at most MAX_AIMS members): the same result, from far fewer nodes. The search
 * knows the cheapest pair's cost before it begins, and which disjoint nodes are in a pair of
 * that cost. The pair the full search reports is made of the first of those to settle and its
 * first partner (in the order the disjointness lists them) that completes a pair of that cost:
 * this one stops once both are settled, and meanwhile takes only the nodes on a cheapest way to
 * those of them still wanted (until the first settles, all of them; then that partner), by the
 * edges that keep to such a way. Nothing the result depends on changes: were a node on such a
 * way, so would be the node its first way at its cost comes from (settled earlier, when no fewer
 * were wanted), so the nodes on one are reached at the same costs, by the same ways, in the same
 * order; and a pair with any node left out costs more.
 */
function guidedSearch(graph: CoherenceGraph, start: number, edges: EdgesByNode, weight: (position: number) => number, scratch: Scratch, guide: Guide, plan: Plan): number[] {
  const stamp = ++scratch.current;
  const { done, cost: costOf } = scratch;
  const { buckets, relax } = frontier(start, scratch);
  // The disjoint nodes still wanted: each one's node, its costs from every node, its cost from
  // the start and the edges on its ways; and the partner settled last once the first is known.
  let aimNodes: number[] = [];
  let aimToward: Int32Array[] = [];
  let aimCosts: number[] = [];
  let aimWays: Guide['onWay'] = [];
  const aimAt = (slots: readonly number[]): void => {
    aimNodes = slots.map((k) => guide.targets[k]!);
    aimToward = slots.map((k) => guide.toward[k]!);
    aimCosts = aimToward.map((toward) => toward[start]!);
    aimWays = slots.map((k) => guide.onWay[k]!);
  };
  aimAt(plan.members);
  let last = -1;
  // Cursors into the edge lists of the ways a node is on, merged in order (reused by every node).
  const lists: Int32Array[] = [];
  const at: number[] = [];
  const ends: number[] = [];
  const named: number[] = [];
  for (let cost = 0; cost < buckets.length; cost++) {
    const bucket = buckets[cost];
    if (!bucket) continue;
    while (bucket.length > 0) {
      const n = bucket.pop()!;
      if (done[n] === stamp || costOf[n] !== cost) continue;
      done[n] = stamp;
      const partners = graph.disjoint.get(n);
      if (partners) {
        named.push(n);
        if (n === last) return named;
        if (last === -1 && aimNodes.includes(n)) {
          last = partners.find((p) => {
            const there = guide.toward[guide.slot[p.other]!]![start]!;
            return there >= 0 && cost + there === plan.cost;
          })!.other;
          // Disjoint with itself: the pair is complete.
          if (last === n) return named;
          aimAt([guide.slot[last]!]);
        }
      }
      // The ways still wanted that the node is on, and their lists of its edges that keep to them.
      let count = 0;
      for (let j = 0; j < aimNodes.length; j++) {
        if (done[aimNodes[j]!] === stamp) continue;
        const rest = aimToward[j]![n]!;
        if (rest < 0 || cost + rest !== aimCosts[j]) continue;
        const { offsets, edges: list } = aimWays[j]!;
        lists[count] = list;
        at[count] = offsets[n]!;
        ends[count] = offsets[n + 1]!;
        count++;
      }
      // Those edges in the order of the node's edges (told, then mapping): the lists merged. An
      // edge on none of them leads off every way still wanted.
      const out = graph.out[n]!;
      const axioms = graph.outAxiom[n]!;
      const mapped = edges[n];
      for (;;) {
        let i = Infinity;
        for (let c = 0; c < count; c++) if (at[c]! < ends[c]! && lists[c]![at[c]!]! < i) i = lists[c]![at[c]!]!;
        if (i === Infinity) break;
        for (let c = 0; c < count; c++) if (at[c]! < ends[c]! && lists[c]![at[c]!] === i) at[c]!++;
        if (i < out.length) relax(n, out[i]!, cost, axioms[i]!);
        else {
          const position = mapped![(i - out.length) * 2 + 1]!;
          relax(n, mapped![(i - out.length) * 2]!, cost + weight(position), -(position + 1));
        }
      }
    }
  }
  return named;
}

/** The cheapest disjoint pair a search found (`settled`: the disjoint nodes it settled, in order), or undefined when none. */
function cheapestPair(graph: CoherenceGraph, settled: readonly number[], scratch: Scratch): { a: number; b: number; axiom: number; cost: number } | undefined {
  let best: { a: number; b: number; axiom: number; cost: number } | undefined;
  const stamp = scratch.current;
  for (const n of settled) {
    const partners = graph.disjoint.get(n)!;
    for (const { other, axiom } of partners) {
      if (scratch.stamp[other] !== stamp) continue;
      const cost = scratch.cost[n]! + scratch.cost[other]!;
      if (!best || cost < best.cost) best = { a: n, b: other, axiom, cost };
    }
  }
  return best;
}

/** The mappings (positions) and told axioms on the way from the search's start to `node`, in path order. */
function pathTo(node: number, scratch: Scratch): { mappings: number[]; axioms: number[] } {
  const mappings: number[] = [];
  const axioms: number[] = [];
  for (let at = node; scratch.pred[at] !== -1; at = scratch.pred[at]!) {
    const via = scratch.via[at]!;
    if (via < 0) mappings.push(-via - 1);
    else axioms.push(via);
  }
  return { mappings: mappings.reverse(), axioms: axioms.reverse() };
}

/** Nodes unsatisfiable by told edges alone, per graph (its size when computed: nodes are added on demand). */
const toldOnly = new WeakMap<CoherenceGraph, { size: number; unsat: Uint8Array }>();

function toldUnsatisfiable(graph: CoherenceGraph): Uint8Array {
  const cached = toldOnly.get(graph);
  if (cached && cached.size === graph.size) return cached.unsat;
  const unsat = unsatisfiableNodes(graph, new Map());
  toldOnly.set(graph, { size: graph.size, unsat });
  return unsat;
}

/**
 * The nodes to search from: unsatisfiable with every mapping, satisfiable without the counted
 * ones (without any mapping, or without the focus). Classes first, then domains and ranges;
 * within each, the order nodes were made (source first).
 */
function starts(graph: CoherenceGraph, mappings: readonly BridgeMapping[], all: MappingEdges, focus: number | undefined, known?: Uint8Array): number[] {
  const unsat = unsatisfiableNodes(graph, all);
  const before = known ?? (focus === undefined ? toldUnsatisfiable(graph) : unsatisfiableNodes(graph, mappingEdges(mappings, new Set([...mappings.keys()].filter((p) => p !== focus)))));
  const found: number[] = [];
  for (let n = 0; n < unsat.length; n++) if (unsat[n] && !(n < before.length && before[n])) found.push(n);
  // The ends of the focus mapping first (their conflicts are the plainest), then classes, domains
  // and ranges; within each, the order nodes were made (source first).
  const ends = new Set(focus === undefined ? [] : mappings[focus]!.edges.flat());
  const order = { class: 0, domain: 1, range: 2 } as const;
  return found.sort((a, b) => Number(ends.has(b)) - Number(ends.has(a)) || order[graph.kind[a]!] - order[graph.kind[b]!] || a - b);
}

/**
 * Conflicts among `mappings` (see the module comment). With `focus`, only conflicts that
 * include that mapping (a position in `mappings`): the others are taken as given, and a node
 * they already make unsatisfiable is not reported again (`before`, when the caller knows those
 * nodes already). `limit` stops after that many conflicts.
 */
export function findConflicts(graph: CoherenceGraph, mappings: readonly BridgeMapping[], options: { focus?: number; limit?: number; before?: Uint8Array; onProgress?: (done: number, total: number) => void } = {}): CoherenceConflict[] {
  if (!graph.hasDisjointness || mappings.length === 0) return [];
  const focus = options.focus;
  const all = mappingEdges(mappings);
  const weight = focus === undefined ? () => 1 : (position: number) => (position === focus ? 1 : 0);
  const scratch = new Scratch(graph.size);
  const found = new Map<string, CoherenceConflict>();
  const from = starts(graph, mappings, all, focus, options.before);
  // One search per class made unsatisfiable: where mappings make thousands so, this is the long
  // part. The guide costs two passes over the graph per disjoint node, and pays back where the
  // searches are many more than those.
  const guide = from.length >= GUIDE_SEARCHES_PER_TARGET * graph.disjoint.size ? makeGuide(graph, all, weight) : undefined;
  const byNode: EdgesByNode = guide ? edgesByNode(graph, all) : [];
  let done = 0;
  for (const start of from) {
    options.onProgress?.(done++, from.length);
    const plan = guide && planFor(graph, guide, start);
    // No pair reachable, or one at no cost (the counted mappings are not needed): what the search would find.
    if (plan && (plan.cost === Infinity || plan.cost === 0)) continue;
    const settled = guide && plan && plan.members.length <= MAX_AIMS ? guidedSearch(graph, start, byNode, weight, scratch, guide, plan) : search(graph, start, all, weight, scratch);
    const pair = cheapestPair(graph, settled, scratch);
    // Unreachable, or unsatisfiable without the counted mappings: nothing to report here.
    if (!pair || pair.cost === 0) continue;
    const used = [...new Set([...pathTo(pair.a, scratch).mappings, ...pathTo(pair.b, scratch).mappings])];
    const minimal = shrink(graph, start, mappings, used, focus, scratch);
    const key = minimal.join(' ');
    if (found.has(key)) continue;
    found.set(key, explain(graph, start, mappings, minimal, scratch));
    if (options.limit !== undefined && found.size >= options.limit) break;
  }
  options.onProgress?.(from.length, from.length);
  return minimalOnly([...found.values()]);
}

/** Subsets of a conflict's mappings looked up one by one up to this size; beyond it, compared with every other conflict. */
const SUBSET_LOOKUP_MAX = 12;

/**
 * A set that contains another conflict's set is not minimal: drop it. Sets are small (a few
 * mappings), so each one's proper subsets are looked up among the sets found instead of
 * comparing every pair of conflicts (thousands of conflicts made that the slow part).
 */
function minimalOnly(conflicts: readonly CoherenceConflict[]): CoherenceConflict[] {
  const keys = new Set(conflicts.map((c) => c.mappings.join(' ')));
  const contains = (c: CoherenceConflict): boolean => {
    const m = c.mappings;
    if (m.length > SUBSET_LOOKUP_MAX) return conflicts.some((d) => d !== c && d.mappings.length < m.length && d.mappings.every((x) => m.includes(x)));
    // Every proper, non-empty subset (mappings are sorted, so a subset's key is its members in order).
    for (let mask = 1; mask < (1 << m.length) - 1; mask++) {
      const subset: number[] = [];
      for (let i = 0; i < m.length; i++) if (mask & (1 << i)) subset.push(m[i]!);
      if (keys.has(subset.join(' '))) return true;
    }
    return false;
  };
  return conflicts.filter((c) => !contains(c));
}

/** Whether `start` reaches both classes of some disjoint pair using told edges and the mappings at `positions`. */
function unsatisfiable(graph: CoherenceGraph, start: number, mappings: readonly BridgeMapping[], positions: ReadonlySet<number>, scratch: Scratch): boolean {
  const settled = search(graph, start, mappingEdges(mappings, positions), () => 1, scratch);
  return cheapestPair(graph, settled, scratch) !== undefined;
}

/**
 * Drop the mappings `start` stays unsatisfiable without, one at a time (the focus mapping stays):
 * what remains is minimal. Positions are returned ascending.
 */
function shrink(graph: CoherenceGraph, start: number, mappings: readonly BridgeMapping[], used: readonly number[], focus: number | undefined, scratch: Scratch): number[] {
  // With a focus, the other mappings were free in the search: keep only what is needed.
  const keep = new Set(used);
  for (const position of [...used].sort((a, b) => b - a)) {
    if (position === focus || keep.size === 1) continue;
    keep.delete(position);
    if (!unsatisfiable(graph, start, mappings, keep, scratch)) keep.add(position);
  }
  return [...keep].sort((a, b) => a - b);
}

/** The conflict of `start` under exactly the mappings at `positions`, with its axioms. */
function explain(graph: CoherenceGraph, start: number, mappings: readonly BridgeMapping[], positions: readonly number[], scratch: Scratch): CoherenceConflict {
  const settled = search(graph, start, mappingEdges(mappings, new Set(positions)), () => 1, scratch);
  const pair = cheapestPair(graph, settled, scratch)!;
  const ways = [pathTo(pair.a, scratch), pathTo(pair.b, scratch)];
  const axioms: ToldAxiom[] = [];
  for (const way of ways) for (const a of way.axioms) if (!axioms.includes(graph.axioms[a]!)) axioms.push(graph.axioms[a]!);
  return {
    mappings: positions.map((p) => mappings[p]!.index).sort((a, b) => a - b),
    unsatisfiable: { ontology: SIDE_NAMES[graph.side[start]!], kind: graph.kind[start]!, iri: graph.iri[start]! },
    disjoint: graph.axioms[pair.axiom]!,
    axioms,
  };
}
