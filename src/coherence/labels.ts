/**
 * Which nodes are unsatisfiable under a set of mapping edges, for every node at once: each node
 * is labelled with the disjoint classes it reaches (a bit set), propagated over the strongly
 * connected components of the told and mapping edges in one pass (Tarjan's algorithm emits a
 * component after every component it reaches). A node is unsatisfiable when its label holds both
 * classes of a disjoint pair. Linear in nodes and edges (times the label width), so the search
 * for minimal conflicts (check.ts) needs to visit only the nodes found here.
 */
import type { CoherenceGraph } from './graph.js';

/** Outgoing mapping edges per node, flat: to, position, to, position, … */
export type MappingEdges = Map<number, number[]>;

/** Bit positions of the nodes some disjointness names, and each one's partners as bit positions. */
interface DisjointBits {
  /** Bit position per node, −1 for a node no disjointness names (for the nodes there were when computed). */
  bit: Int32Array;
  partners: number[][];
  words: number;
}

const bitsCache = new WeakMap<CoherenceGraph, { size: number; bits: DisjointBits }>();

function disjointBits(graph: CoherenceGraph): DisjointBits {
  const cached = bitsCache.get(graph);
  if (cached && cached.size === graph.disjoint.size) return cached.bits;
  const bit = new Int32Array(graph.size).fill(-1);
  let count = 0;
  for (const n of graph.disjoint.keys()) bit[n] = count++;
  const partners: number[][] = [];
  for (const [n, list] of graph.disjoint) partners[bit[n]!] = list.map((p) => bit[p.other]!);
  const bits = { bit, partners, words: Math.max(1, Math.ceil(count / 32)) };
  bitsCache.set(graph, { size: graph.disjoint.size, bits });
  return bits;
}

/** Every node's label (the disjoint classes it reaches, `words` 32-bit words each) and whether it is unsatisfiable. */
export interface Labels {
  label: Uint32Array;
  words: number;
  /** 1 for a node that reaches both classes of a disjoint pair. */
  unsat: Uint8Array;
  /** Whether the union of the labels of `nodes` holds a disjoint pair. */
  clash(nodes: readonly number[]): boolean;
}

/** For each node, whether it reaches both classes of a disjoint pair by told edges and `edges`. */
export function unsatisfiableNodes(graph: CoherenceGraph, edges: MappingEdges): Uint8Array {
  return labelNodes(graph, edges).unsat;
}

/** The labels of every node under told edges and `edges` (see the module comment). */
export function labelNodes(graph: CoherenceGraph, edges: MappingEdges): Labels {
  const n = graph.size;
  const result = new Uint8Array(n);
  const { bit, partners, words } = disjointBits(graph);
  const label = new Uint32Array(n * words);
  const clashIn = (bits: Uint32Array, at: number): boolean => {
    for (let b = 0; b < partners.length; b++) {
      if (!(bits[at + (b >>> 5)]! & (1 << (b & 31)))) continue;
      for (const p of partners[b]!) if (bits[at + (p >>> 5)]! & (1 << (p & 31))) return true;
    }
    return false;
  };
  const labels: Labels = {
    label, words, unsat: result,
    clash(nodes) {
      const union = new Uint32Array(words);
      for (const x of nodes) for (let w = 0; w < words; w++) union[w]! |= label[x * words + w]!;
      return clashIn(union, 0);
    },
  };
  if (graph.disjoint.size === 0) return labels;
  // Iterative Tarjan: index, low link, on-stack flag, and an explicit call stack of (node, next edge).
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const calls: number[] = [];
  const nextEdge: number[] = [];
  let counter = 0;
  // A node's successors: its told edges, then its mapping edges (read in place, not copied).
  const outs = graph.out;
  const degree = (v: number): number => outs[v]!.length + (edges.get(v)?.length ?? 0) / 2;
  const successor = (v: number, i: number): number => {
    const told = outs[v]!;
    return i < told.length ? told[i]! : edges.get(v)![(i - told.length) * 2]!;
  };
  /** The head of each finished node's component. */
  const component = new Int32Array(n).fill(-1);
  const orInto = (into: number, from: number): void => {
    for (let w = 0; w < words; w++) label[into * words + w]! |= label[from * words + w]!;
  };
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    calls.push(root);
    nextEdge.push(0);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (calls.length > 0) {
      const v = calls[calls.length - 1]!;
      const i = nextEdge[nextEdge.length - 1]!;
      if (i < degree(v)) {
        nextEdge[nextEdge.length - 1] = i + 1;
        const w = successor(v, i);
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          calls.push(w);
          nextEdge.push(0);
        } else if (onStack[w]) {
          if (index[w]! < low[v]!) low[v] = index[w]!;
        }
        continue;
      }
      calls.pop();
      nextEdge.pop();
      if (calls.length > 0) {
        const parent = calls[calls.length - 1]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
      if (low[v] !== index[v]) continue;
      // v roots a component: every component it reaches is labelled already.
      const members: number[] = [];
      let m: number;
      do {
        m = stack.pop()!;
        onStack[m] = 0;
        members.push(m);
      } while (m !== v);
      const head = members[0]!;
      for (const x of members) component[x] = head;
      for (const x of members) {
        const b = x < bit.length ? bit[x]! : -1;
        if (b >= 0) label[head * words + (b >>> 5)]! |= 1 << (b & 31);
        for (let j = 0, d = degree(x); j < d; j++) {
          const y = successor(x, j);
          if (component[y] !== head) orInto(head, y);
        }
      }
      const bad = clashIn(label, head * words) ? 1 : 0;
      for (const x of members) {
        if (x !== head) for (let w = 0; w < words; w++) label[x * words + w] = label[head * words + w]!;
        result[x] = bad;
      }
    }
  }
  return labels;
}
