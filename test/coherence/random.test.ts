/**
 * The conflicts the checker reports on seeded random ontologies and mappings — several
 * disjointnesses on both sides, classes with more than one parent, equivalences, broader and
 * narrower mappings — are exactly those of a plain reference computation written here: for every
 * class the mappings make unsatisfiable, a cheapest-first search that settles every node it can
 * reach (no stopping early, no pruning), its cheapest disjoint pair, that pair's two ways, shrunk
 * one mapping at a time, and non-minimal sets dropped by comparing every pair. Same conflicts,
 * same minimal sets, same ways and axioms, same order, for `check` and for `conflictsWith`. And
 * independently of any search order, each reported set really conflicts and is minimal (checked
 * by plain reachability).
 */
import { describe, expect, it } from 'vitest';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { CoherenceChecker, bridgeKind, SIDE_NAMES, type CoherenceConflict, type CoherenceMapping, type ToldAxiom } from '../../src/coherence/index.js';
import type { CoherenceGraph } from '../../src/coherence/graph.js';
import { tempFile } from '../helpers/files.js';
import { seededRandom } from '../helpers/random.js';

const S = 'http://s.org/random#';
const T = 'http://t.org/random#';

interface Case { seed: number; classes: number; perClass: number; disjoint: number; extraParents: number }

/** Two random class hierarchies (a tree plus extra parents and a few equivalences) with disjoint pairs, and random mappings. */
async function randomCase({ seed, classes, perClass, disjoint, extraParents }: Case): Promise<{ checker: CoherenceChecker; mappings: CoherenceMapping[] }> {
  const next = seededRandom(seed);
  const below = (n: number): number => Math.floor(next() * n);
  const side = async (ns: string): Promise<CoherenceChecker['source']> => {
    const lines = [`@prefix : <${ns}> .`, '@prefix owl: <http://www.w3.org/2002/07/owl#> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .', ':C0 a owl:Class .'];
    for (let i = 1; i < classes; i++) lines.push(`:C${i} a owl:Class ; rdfs:subClassOf :C${below(i)} .`);
    for (let k = 0; k < extraParents; k++) {
      const i = 1 + below(classes - 1);
      lines.push(`:C${i} rdfs:subClassOf :C${below(i)} .`);
    }
    // A few equivalences, so that the told edges have cycles of their own.
    for (let k = 0; k < 3; k++) lines.push(`:C${below(classes)} owl:equivalentClass :C${below(classes)} .`);
    // Disjoint pairs among the upper classes, where most classes are below one of them.
    const upper = Math.max(4, Math.floor(classes / 10));
    for (let k = 0; k < disjoint; k++) {
      const a = 1 + below(upper);
      const b = 1 + below(upper);
      if (a !== b) lines.push(`:C${a} owl:disjointWith :C${b} .`);
    }
    return loadOntologyFile(await tempFile('o.ttl', `${lines.join('\n')}\n`));
  };
  const source = await side(S);
  const target = await side(T);
  const predicates = ['skos:exactMatch', 'skos:exactMatch', 'skos:exactMatch', 'skos:closeMatch', 'skos:broadMatch', 'skos:narrowMatch', 'skos:relatedMatch'];
  const mappings: CoherenceMapping[] = [];
  for (let s = 0; s < classes; s++) {
    for (let k = 0; k < perClass; k++) mappings.push({ subject: `${S}C${s}`, predicate: predicates[below(predicates.length)]!, object: `${T}C${below(classes)}` });
  }
  return { checker: new CoherenceChecker(source, target), mappings };
}

interface Bridge { index: number; edges: ReadonlyArray<readonly [number, number]> }

/** The mappings with a logical reading and their edges, as the checker takes them. */
function bridgesOf(graph: CoherenceGraph, mappings: readonly CoherenceMapping[]): Bridge[] {
  const out: Bridge[] = [];
  mappings.forEach((m, index) => {
    const kind = bridgeKind(m.predicate);
    if (!kind) return;
    const edges = graph.bridge(m.subject, m.object, kind);
    if (edges.length > 0) out.push({ index, edges });
  });
  return out;
}

/** Outgoing mapping edges per node, [to, position], in the order of the positions given. */
function edgesOf(bridges: readonly Bridge[], positions: Iterable<number>): Map<number, Array<[number, number]>> {
  const edges = new Map<number, Array<[number, number]>>();
  for (const p of positions) for (const [from, to] of bridges[p]!.edges) (edges.get(from) ?? edges.set(from, []).get(from)!).push([to, p]);
  return edges;
}

/** Whether `start` reaches both nodes of a disjoint pair by told edges and `edges` (plain reachability). */
function reachesPair(graph: CoherenceGraph, start: number, edges: Map<number, Array<[number, number]>>): boolean {
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (const m of [...graph.out[n]!, ...(edges.get(n) ?? []).map(([to]) => to)]) {
      if (!seen.has(m)) {
        seen.add(m);
        stack.push(m);
      }
    }
  }
  return [...seen].some((n) => (graph.disjoint.get(n) ?? []).some((p) => seen.has(p.other)));
}

/**
 * A full cheapest-first search: buckets by cost, each worked as a stack, a node's way the first
 * that reached it at its cost. Every reachable node is settled.
 */
function fullSearch(graph: CoherenceGraph, start: number, edges: Map<number, Array<[number, number]>>, weight: (p: number) => number) {
  const cost = new Map<number, number>([[start, 0]]);
  const pred = new Map<number, [number, number]>();
  const done = new Set<number>();
  const reached: number[] = [];
  const buckets: number[][] = [[start]];
  const relax = (from: number, to: number, c: number, via: number): void => {
    if (cost.has(to) && cost.get(to)! <= c) return;
    cost.set(to, c);
    pred.set(to, [from, via]);
    (buckets[c] ??= []).push(to);
  };
  for (let c = 0; c < buckets.length; c++) {
    const bucket = buckets[c] ?? [];
    while (bucket.length > 0) {
      const n = bucket.pop()!;
      if (done.has(n) || cost.get(n) !== c) continue;
      done.add(n);
      reached.push(n);
      graph.out[n]!.forEach((to, i) => relax(n, to, c, graph.outAxiom[n]![i]!));
      for (const [to, p] of edges.get(n) ?? []) relax(n, to, c + weight(p), -(p + 1));
    }
  }
  let pair: { a: number; b: number; axiom: number; cost: number } | undefined;
  for (const n of reached) {
    for (const { other, axiom } of graph.disjoint.get(n) ?? []) {
      if (!cost.has(other)) continue;
      const c = cost.get(n)! + cost.get(other)!;
      if (!pair || c < pair.cost) pair = { a: n, b: other, axiom, cost: c };
    }
  }
  const way = (node: number): { mappings: number[]; axioms: number[] } => {
    const mappings: number[] = [];
    const axioms: number[] = [];
    for (let at = node; pred.has(at); at = pred.get(at)![0]) {
      const via = pred.get(at)![1];
      if (via < 0) mappings.unshift(-via - 1);
      else axioms.unshift(via);
    }
    return { mappings, axioms };
  };
  return { pair, way };
}

/** Whether each node reaches both nodes of a disjoint pair under `edges`. */
function unsatisfiableAll(graph: CoherenceGraph, edges: Map<number, Array<[number, number]>>): boolean[] {
  return Array.from({ length: graph.size }, (_, n) => reachesPair(graph, n, edges));
}

/** The reference computation of the module comment (focus: only conflicts with that position, the others free). */
function referenceConflicts(graph: CoherenceGraph, bridges: readonly Bridge[], focus?: number, limit?: number): CoherenceConflict[] {
  if (!graph.hasDisjointness || bridges.length === 0) return [];
  const positions = [...bridges.keys()];
  const all = edgesOf(bridges, positions);
  const weight = focus === undefined ? () => 1 : (p: number) => (p === focus ? 1 : 0);
  const unsat = unsatisfiableAll(graph, all);
  const before = unsatisfiableAll(graph, edgesOf(bridges, focus === undefined ? [] : positions.filter((p) => p !== focus)));
  const ends = new Set(focus === undefined ? [] : bridges[focus]!.edges.flat());
  const order = { class: 0, domain: 1, range: 2 } as const;
  const starts = unsat.flatMap((u, n) => (u && !before[n] ? [n] : []))
    .sort((a, b) => Number(ends.has(b)) - Number(ends.has(a)) || order[graph.kind[a]!] - order[graph.kind[b]!] || a - b);
  const found = new Map<string, CoherenceConflict>();
  for (const start of starts) {
    const { pair, way } = fullSearch(graph, start, all, weight);
    if (!pair || pair.cost === 0) continue;
    const used = [...new Set([...way(pair.a).mappings, ...way(pair.b).mappings])];
    const keep = new Set(used);
    for (const p of [...used].sort((a, b) => b - a)) {
      if (p === focus || keep.size === 1) continue;
      keep.delete(p);
      if (!reachesPair(graph, start, edgesOf(bridges, keep))) keep.add(p);
    }
    const minimal = [...keep].sort((a, b) => a - b);
    const key = minimal.join(' ');
    if (found.has(key)) continue;
    const exact = fullSearch(graph, start, edgesOf(bridges, minimal), () => 1);
    const axioms: ToldAxiom[] = [];
    for (const w of [exact.way(exact.pair!.a), exact.way(exact.pair!.b)]) for (const a of w.axioms) if (!axioms.includes(graph.axioms[a]!)) axioms.push(graph.axioms[a]!);
    found.set(key, {
      mappings: minimal.map((p) => bridges[p]!.index).sort((a, b) => a - b),
      unsatisfiable: { ontology: SIDE_NAMES[graph.side[start]!], kind: graph.kind[start]!, iri: graph.iri[start]! },
      disjoint: graph.axioms[exact.pair!.axiom]!,
      axioms,
    });
    if (limit !== undefined && found.size >= limit) break;
  }
  const list = [...found.values()];
  return list.filter((c) => !list.some((d) => d !== c && d.mappings.length < c.mappings.length && d.mappings.every((m) => c.mappings.includes(m))));
}

const CASES: Case[] = [
  { seed: 1, classes: 120, perClass: 2, disjoint: 1, extraParents: 0 },
  { seed: 2, classes: 150, perClass: 2, disjoint: 6, extraParents: 30 },
  { seed: 3, classes: 100, perClass: 3, disjoint: 12, extraParents: 20 },
  { seed: 4, classes: 200, perClass: 1, disjoint: 4, extraParents: 40 },
];

describe('conflicts on random ontologies, against a plain reference computation', () => {
  for (const c of CASES) {
    it(`seed ${c.seed}: ${c.classes} classes a side, ${c.perClass} mapping(s) per class, ${c.disjoint} disjointness(es) a side`, async () => {
      const { checker, mappings } = await randomCase(c);
      const graph = checker.graph;
      const bridges = bridgesOf(graph, mappings);
      const report = checker.check(mappings);
      // Enough conflicts to mean something, in the reference's order, with the same ways and axioms.
      expect(report.conflicts.length).toBeGreaterThan(5);
      expect(report.conflicts).toEqual(referenceConflicts(graph, bridges));
      // Each set conflicts and is minimal, by plain reachability from the class named.
      const position = new Map(bridges.map((b, p) => [b.index, p]));
      for (const conflict of report.conflicts) {
        const u = conflict.unsatisfiable;
        const start = graph.node(SIDE_NAMES.indexOf(u.ontology) as 0 | 1, u.kind, u.iri);
        const own = conflict.mappings.map((i) => position.get(i)!);
        expect(reachesPair(graph, start, edgesOf(bridges, own))).toBe(true);
        for (const p of own) expect(reachesPair(graph, start, edgesOf(bridges, own.filter((q) => q !== p)))).toBe(false);
      }
      // conflictsWith: what a mapping repair removed would add to the (coherent) set repair kept,
      // each conflict including it; with repair's limit of one, and without.
      const repaired = checker.repair(mappings);
      expect(repaired.removed.length).toBeGreaterThan(3);
      const kept = repaired.kept.map((i) => mappings[i]!);
      for (const { index } of repaired.removed.slice(0, 4)) {
        const candidate = mappings[index]!;
        const rest = bridgesOf(graph, [...kept, candidate]);
        const with1 = checker.conflictsWith(candidate, kept, { limit: 1 });
        expect(with1).toHaveLength(1);
        expect(with1).toEqual(referenceConflicts(graph, rest, rest.length - 1, 1));
        expect(checker.conflictsWith(candidate, kept)).toEqual(referenceConflicts(graph, rest, rest.length - 1));
      }
    });
  }
});
