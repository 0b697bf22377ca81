/**
 * The propositional Horn encoding of two ontologies that the coherence check propagates over, in
 * the way LogMap encodes them: one node per named class of each side, and per property of each
 * side one node for its domain (everything that has a value of it) and one for its range
 * (everything that is a value of it); a told edge `a → b` for every `a ⊑ b` the files state or a
 * class expression gives (axioms.ts); disjointness as pairs of nodes that nothing may reach both
 * of. A mapping adds bridge edges between the sides (semantics.ts): a class mapping between the
 * two classes, a property mapping between the two domains and between the two ranges.
 *
 * Property statements become edges between those nodes: `domain(p) = C` gives dom(p) → C;
 * `p ⊑ q` gives dom(p) → dom(q) and rng(p) → rng(q); `p inverseOf q` gives dom(p) ↔ rng(q) and
 * rng(p) ↔ dom(q); `A ⊑ ∃p.X` gives A → dom(p). A domain that is a union of named classes
 * leads to the classes every member is under (the union is under them too).
 *
 * The two sides are kept apart (a node is a side and an IRI), so the check also works between
 * two releases of one ontology, where most IRIs are the same.
 */
import type { OntologyAxioms } from '../model/axioms.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { BridgeKind } from './semantics.js';

export type Side = 0 | 1;
/** What a node stands for: a class, or everything in a property's domain or range. */
export type NodeKind = 'class' | 'domain' | 'range';
/** The names of the two sides, source first. */
export const SIDE_NAMES = ['source', 'target'] as const;
/** Which of the two ontologies: the mappings' subjects come from the source, their objects from the target. */
export type SideName = (typeof SIDE_NAMES)[number];

const OWL_NOTHING = 'http://www.w3.org/2002/07/owl#Nothing';

/** The kinds of told statement an edge or a disjointness comes from (`existential`: `A ⊑ ∃p.X`). */
export const AXIOM_KINDS = ['subClassOf', 'equivalentClass', 'disjointWith', 'domain', 'range', 'inverseOf', 'subPropertyOf', 'equivalentProperty', 'existential'] as const;
/** One of {@link AXIOM_KINDS}. */
export type AxiomKind = (typeof AXIOM_KINDS)[number];

/** One told statement of one ontology, as the check used it. */
export interface ToldAxiom {
  ontology: SideName;
  axiom: AxiomKind;
  /** The class or property the statement is about. */
  subject: string;
  /** The class (or property, for property statements) it relates it to. */
  object: string;
}

const PROPERTY_KINDS: ReadonlySet<string> = new Set(['objectProperty', 'datatypeProperty', 'annotationProperty']);

const KIND_INDEX: Readonly<Record<NodeKind, number>> = { class: 0, domain: 1, range: 2 };

export class CoherenceGraph {
  /** Node ids by side, then kind (class, domain, range), then IRI. */
  private readonly ids: Array<Array<Map<string, number>>> = [[new Map(), new Map(), new Map()], [new Map(), new Map(), new Map()]];
  readonly side: Side[] = [];
  readonly kind: NodeKind[] = [];
  readonly iri: string[] = [];
  /** Told edges: `out[n]` the nodes n is under, `outAxiom[n]` the statement of each. */
  readonly out: number[][] = [];
  readonly outAxiom: number[][] = [];
  /** Reverse told edges, for the nodes under a node. */
  readonly into: number[][] = [];
  /** Disjoint partners of a node, with the statement. */
  readonly disjoint = new Map<number, Array<{ other: number; axiom: number }>>();
  readonly axioms: ToldAxiom[] = [];
  private readonly properties: [Set<string>, Set<string>] = [new Set(), new Set()];
  /** Terms each ontology declares a class (a term may be a class and a property: OWL 2 punning). */
  private readonly classes: [Set<string>, Set<string>] = [new Set(), new Set()];
  /** Edges made so far, as `from · 2^22 + to` (a number, not a string per edge). */
  private readonly edges = new Set<number>();

  constructor(readonly source: OntologyIndex, readonly target: OntologyIndex) {
    this.addSide(0, source);
    this.addSide(1, target);
  }

  get size(): number {
    return this.iri.length;
  }

  /** Whether either ontology states a disjointness: without one nothing can become unsatisfiable. */
  get hasDisjointness(): boolean {
    return this.disjoint.size > 0;
  }

  /** The node of (side, kind, iri), made on first use (a mapping may name a term no axiom mentions). */
  node(side: Side, kind: NodeKind, iri: string): number {
    const ids = this.ids[side]![KIND_INDEX[kind]]!;
    let id = ids.get(iri);
    if (id === undefined) {
      id = this.iri.length;
      ids.set(iri, id);
      this.side.push(side);
      this.kind.push(kind);
      this.iri.push(iri);
      this.out.push([]);
      this.outAxiom.push([]);
      this.into.push([]);
    }
    return id;
  }

  isProperty(side: Side, iri: string): boolean {
    return this.properties[side].has(iri);
  }

  /**
   * The edges a mapping adds, `[from, to]`: between the classes, or for two properties between
   * their domains and between their ranges; none for a class mapped to a property.
   */
  bridge(subject: string, object: string, kind: BridgeKind): Array<readonly [number, number]> {
    // A class on both sides is read as a class mapping, whatever else its IRI names (a punned
    // class is also used as a property: the property's statements do not make it less a class).
    const classes = this.classes[0].has(subject) && this.classes[1].has(object);
    const sp = !classes && this.isProperty(0, subject);
    const op = !classes && this.isProperty(1, object);
    if (sp !== op) return [];
    const pairs: Array<readonly [number, number]> = sp
      ? [[this.node(0, 'domain', subject), this.node(1, 'domain', object)], [this.node(0, 'range', subject), this.node(1, 'range', object)]]
      : [[this.node(0, 'class', subject), this.node(1, 'class', object)]];
    const edges: Array<readonly [number, number]> = [];
    for (const [a, b] of pairs) {
      if (kind !== 'broader') edges.push([a, b]);
      if (kind !== 'narrower') edges.push([b, a]);
    }
    return edges;
  }

  /** The named classes right above a class by told edges (parents, and equivalents). */
  classParents(side: Side, iri: string): string[] {
    const n = this.ids[side]![0]!.get(iri);
    return n === undefined ? [] : this.out[n]!.filter((m) => this.kind[m] === 'class').map((m) => this.iri[m]!);
  }

  /** The named classes right below a class by told edges (children, and equivalents). */
  classChildren(side: Side, iri: string): string[] {
    const n = this.ids[side]![0]!.get(iri);
    return n === undefined ? [] : this.into[n]!.filter((m) => this.kind[m] === 'class').map((m) => this.iri[m]!);
  }

  /**
   * The nearest classes a property's domain or range is stated to be under, its own or those of
   * the properties it is under or inverse of (empty when nothing states one).
   */
  propertyClasses(side: Side, kind: 'domain' | 'range', property: string): number[] {
    const start = this.ids[side]![KIND_INDEX[kind]]!.get(property);
    if (start === undefined) return [];
    const classes: number[] = [];
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length) {
      for (const m of this.out[stack.pop()!]!) {
        if (seen.has(m)) continue;
        seen.add(m);
        if (this.kind[m] === 'class') classes.push(m);
        else stack.push(m);
      }
    }
    return classes;
  }

  /** How a node is named in messages: the class, or "the domain of p" / "the range of p". */
  describe(n: number): string {
    const iri = this.iri[n]!;
    return this.kind[n] === 'class' ? iri : `the ${this.kind[n]} of ${iri}`;
  }

  private axiom(side: Side, axiom: AxiomKind, subject: string, object: string): number {
    this.axioms.push({ ontology: SIDE_NAMES[side], axiom, subject, object });
    return this.axioms.length - 1;
  }

  private edge(from: number, to: number, axiom: number): void {
    if (from === to) return;
    const k = from * 4_194_304 + to;
    if (this.edges.has(k)) return;
    this.edges.add(k);
    this.out[from]!.push(to);
    this.outAxiom[from]!.push(axiom);
    this.into[to]!.push(from);
  }

  private addDisjoint(a: number, b: number, axiom: number): void {
    for (const [x, y] of a === b ? [[a, b] as const] : [[a, b], [b, a]] as const) {
      const list = this.disjoint.get(x);
      if (list) list.push({ other: y, axiom });
      else this.disjoint.set(x, [{ other: y, axiom }]);
    }
  }

  private addSide(side: Side, index: OntologyIndex): void {
    const axioms: OntologyAxioms | undefined = index.axioms;
    const properties = this.properties[side];
    for (const c of index.concepts) (PROPERTY_KINDS.has(c.kind) ? properties : this.classes[side]).add(c.iri);
    if (axioms) {
      for (const list of [axioms.domains, axioms.ranges]) for (const d of list) properties.add(d.property);
      for (const list of [axioms.inverseProperties, axioms.subPropertyOf, axioms.equivalentProperties]) {
        for (const [p, q] of list) {
          properties.add(p);
          properties.add(q);
        }
      }
      for (const [, p] of axioms.existentials) properties.add(p);
    }
    const cls = (iri: string): number => this.node(side, 'class', iri);
    const dom = (iri: string): number => this.node(side, 'domain', iri);
    const rng = (iri: string): number => this.node(side, 'range', iri);
    const subProperty = (p: string, q: string, kind: AxiomKind): void => {
      const a = this.axiom(side, kind, p, q);
      this.edge(dom(p), dom(q), a);
      this.edge(rng(p), rng(q), a);
    };

    for (const c of index.concepts) {
      if (PROPERTY_KINDS.has(c.kind)) {
        for (const p of c.parents) subProperty(c.iri, p, 'subPropertyOf');
      } else {
        const n = cls(c.iri);
        for (const p of c.parents) this.edge(n, cls(p), this.axiom(side, 'subClassOf', c.iri, p));
      }
    }
    if (!axioms) return;
    for (const [a, b] of axioms.subClassOf) this.edge(cls(a), cls(b), this.axiom(side, 'subClassOf', a, b));
    for (const [a, b] of axioms.equivalentClasses) {
      const x = this.axiom(side, 'equivalentClass', a, b);
      this.edge(cls(a), cls(b), x);
      this.edge(cls(b), cls(a), x);
    }
    for (const [p, q] of axioms.subPropertyOf) subProperty(p, q, 'subPropertyOf');
    for (const [p, q] of axioms.equivalentProperties) {
      subProperty(p, q, 'equivalentProperty');
      subProperty(q, p, 'equivalentProperty');
    }
    for (const [p, q] of axioms.inverseProperties) {
      const x = this.axiom(side, 'inverseOf', p, q);
      this.edge(dom(p), rng(q), x);
      this.edge(rng(q), dom(p), x);
      this.edge(rng(p), dom(q), x);
      this.edge(dom(q), rng(p), x);
    }
    for (const [c, p] of axioms.existentials) this.edge(cls(c), dom(p), this.axiom(side, 'existential', c, p));
    // Domains and ranges last: a union's members need the class hierarchy to find what they share.
    for (const [list, node, kind] of [[axioms.domains, dom, 'domain'], [axioms.ranges, rng, 'range']] as const) {
      for (const { property, classes } of list) {
        const targets = classes.length === 1 ? classes : this.sharedAncestors(side, classes);
        for (const c of targets) this.edge(node(property), cls(c), this.axiom(side, kind, property, c));
      }
    }
    for (const [a, b] of axioms.disjointClasses) this.addDisjoint(cls(a), cls(b), this.axiom(side, 'disjointWith', a, b));
    // owl:Nothing has no instances: a class under it (`X ⊑ owl:Nothing`) is unsatisfiable.
    const nothing = this.ids[side]![KIND_INDEX.class]!.get(OWL_NOTHING);
    if (nothing !== undefined) this.addDisjoint(nothing, nothing, this.axiom(side, 'disjointWith', OWL_NOTHING, OWL_NOTHING));
  }

  /** The classes every one of `classes` is under by told edges (each itself included). */
  private sharedAncestors(side: Side, classes: readonly string[]): string[] {
    let shared: Set<number> | undefined;
    for (const c of classes) {
      const up = this.toldClosure(this.node(side, 'class', c));
      shared = shared === undefined ? up : new Set([...shared].filter((n) => up.has(n)));
    }
    return [...(shared ?? [])].map((n) => this.iri[n]!);
  }

  /** A node and everything above it by told edges. */
  toldClosure(start: number): Set<number> {
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length) {
      for (const m of this.out[stack.pop()!]!) {
        if (!seen.has(m)) {
          seen.add(m);
          stack.push(m);
        }
      }
    }
    return seen;
  }
}
