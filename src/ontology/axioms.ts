/**
 * Quads → OntologyAxioms: the statements a coherence check needs (model/axioms.ts), read beside
 * the index (build-index.ts hands every quad to `add`). Only the predicates below are kept, and
 * of blank nodes only what class expressions and RDF lists are made of, so a file without such
 * axioms costs a set look-up per quad.
 *
 * Class expressions are read as far as they give Horn statements between named classes, the
 * fragment the coherence check propagates (docs/coherence.md):
 * - `A ⊑ B ⊓ C`, `A ≡ B ⊓ C` → `A ⊑ B`, `A ⊑ C` (conjuncts that are named classes);
 * - `A ≡ B ⊔ C` → `B ⊑ A`, `C ⊑ A`; `A ⊑ B ⊔ C` says nothing Horn and is left out;
 * - `A disjointUnionOf (B C)` → `B ⊑ A`, `C ⊑ A`, `B` and `C` disjoint;
 * - `A ⊑ ¬B`, `A ≡ ¬B` → `A` and `B` disjoint;
 * - `A ⊑ ∃p.X`, `A ⊑ ≥1 p`, `A ⊑ =n p` (n ≥ 1), `A ⊑ p value v`, and the same as conjuncts or
 *   through `≡` → every A has a p (`existentials`);
 * - domains and ranges that are named classes or unions of named classes.
 * Anything else (nested expressions, property chains, universal restrictions, `≡` to an
 * existential read right to left) is not a Horn statement between named classes and is skipped.
 */
import type { Quad, Term } from '@rdfjs/types';
import { emptyAxioms, type OntologyAxioms } from '../model/axioms.js';
import { NS, RDF_TYPE } from '../model/vocabulary.js';

const OWL = NS.owl;
const RDFS = NS.rdfs;
const RDF = NS.rdf;

const SUB_CLASS_OF = `${RDFS}subClassOf`;
const EQUIVALENT_CLASS = `${OWL}equivalentClass`;
const DISJOINT_WITH = `${OWL}disjointWith`;
const DISJOINT_UNION_OF = `${OWL}disjointUnionOf`;
const DOMAIN = `${RDFS}domain`;
const RANGE = `${RDFS}range`;
const INVERSE_OF = `${OWL}inverseOf`;
const SUB_PROPERTY_OF = `${RDFS}subPropertyOf`;
const EQUIVALENT_PROPERTY = `${OWL}equivalentProperty`;
const ALL_DISJOINT_CLASSES = `${OWL}AllDisjointClasses`;
const FIRST = `${RDF}first`;
const REST = `${RDF}rest`;
const NIL = `${RDF}nil`;

/** Statements about named subjects that are axioms. */
const AXIOM_PREDICATES: ReadonlySet<string> = new Set([
  SUB_CLASS_OF, EQUIVALENT_CLASS, DISJOINT_WITH, DISJOINT_UNION_OF, DOMAIN, RANGE, INVERSE_OF, SUB_PROPERTY_OF, EQUIVALENT_PROPERTY,
]);

/** What a blank node may be made of: class expressions, restrictions, lists, AllDisjointClasses. */
const NODE_PREDICATES: ReadonlySet<string> = new Set([
  FIRST, REST, `${OWL}unionOf`, `${OWL}intersectionOf`, `${OWL}complementOf`, `${OWL}onProperty`, `${OWL}members`,
  `${OWL}someValuesFrom`, `${OWL}hasValue`, `${OWL}minCardinality`, `${OWL}cardinality`, `${OWL}minQualifiedCardinality`, `${OWL}qualifiedCardinality`,
]);

/** Restriction predicates that give every instance at least one value (the count is checked for cardinalities). */
const EXISTENTIAL: ReadonlySet<string> = new Set([`${OWL}someValuesFrom`, `${OWL}hasValue`]);
const AT_LEAST: ReadonlySet<string> = new Set([`${OWL}minCardinality`, `${OWL}cardinality`, `${OWL}minQualifiedCardinality`, `${OWL}qualifiedCardinality`]);

/** Ranges that are datatypes, not classes. */
const DATATYPE_NAMESPACES = [NS.xsd, `${RDFS}Literal`, `${RDF}PlainLiteral`, `${RDF}langString`, `${RDF}XMLLiteral`];

/** A term as the collector keys it: a blank node as `_:label`, anything else by its value. */
function key(term: Term): string {
  return term.termType === 'BlankNode' ? `_:${term.value}` : term.value;
}

const isBlank = (k: string): boolean => k.startsWith('_:');

/** A blank node's parts, as far as they are read. */
interface NodeRecord {
  first?: string;
  rest?: string;
  unionOf?: string;
  intersectionOf?: string;
  complementOf?: string;
  onProperty?: string;
  members?: string;
  /** Some value is required (someValuesFrom, hasValue, a cardinality of at least one). */
  existential?: boolean;
  allDisjoint?: boolean;
}

/** Collects the axioms of one file, quad by quad (see the module comment). */

/** The largest disjointness group read pair by pair (2,000 classes: about 2 million pairs). */
export const MAX_DISJOINT_GROUP = 2000;

export class AxiomCollector {
  private readonly nodes = new Map<string, NodeRecord>();
  /** Statements with an axiom predicate, in source order: [subject, predicate, object]. */
  private readonly statements: Array<[string, string, string]> = [];
  /** Named nodes typed owl:AllDisjointClasses (a blank one is a NodeRecord). */
  private readonly namedAllDisjoint = new Set<string>();

  add(quad: Quad): void {
    // Most quads are labels, synonyms and types: decide on the predicate before anything else.
    const predicate = quad.predicate.value;
    if (predicate === RDF_TYPE) {
      if (quad.object.value === ALL_DISJOINT_CLASSES) {
        const subject = key(quad.subject);
        if (isBlank(subject)) this.node(subject).allDisjoint = true;
        else this.namedAllDisjoint.add(subject);
      }
      return;
    }
    if (NODE_PREDICATES.has(predicate)) {
      const subject = key(quad.subject);
      const object = key(quad.object);
      const record = this.node(subject);
      switch (predicate) {
        case FIRST: record.first = object; break;
        case REST: record.rest = object; break;
        case `${OWL}unionOf`: record.unionOf = object; break;
        case `${OWL}intersectionOf`: record.intersectionOf = object; break;
        case `${OWL}complementOf`: record.complementOf = object; break;
        case `${OWL}onProperty`: record.onProperty = object; break;
        case `${OWL}members`: record.members = object; break;
        default:
          if (EXISTENTIAL.has(predicate)) record.existential = true;
          else if (AT_LEAST.has(predicate) && Number(quad.object.value) >= 1) record.existential = true;
      }
      return;
    }
    if (AXIOM_PREDICATES.has(predicate)) this.statements.push([key(quad.subject), predicate, key(quad.object)]);
  }

  private node(k: string): NodeRecord {
    let record = this.nodes.get(k);
    if (!record) this.nodes.set(k, (record = {}));
    return record;
  }

  /** The members of an RDF list, or undefined when it is not a well-formed list. */
  private list(head: string | undefined): string[] | undefined {
    const items: string[] = [];
    const seen = new Set<string>();
    let at = head;
    while (at !== undefined && at !== NIL) {
      if (seen.has(at)) return undefined;
      seen.add(at);
      const record = this.nodes.get(at);
      if (record?.first === undefined) return undefined;
      items.push(record.first);
      at = record.rest;
    }
    return at === NIL ? items : undefined;
  }

  /** The named classes of a list, or undefined when any member is not a named class. */
  private namedList(head: string | undefined): string[] | undefined {
    const items = this.list(head);
    return items && items.every((x) => !isBlank(x)) ? items : undefined;
  }

  /**
   * The axioms read. `isDatatypeProperty` tells a datatype property (whose range is not a class)
   * from an object property.
   */
  finish(isDatatypeProperty: (iri: string) => boolean = () => false, onWarning: (message: string) => void = () => {}): OntologyAxioms {
    const axioms = emptyAxioms();
    const counts = axioms.counts;
    const disjoint = new Set<string>();
    // A class disjoint with itself (`X disjointWith X`, `X ⊑ ¬X`) can have no instances: kept as
    // the pair (X, X), which the checker reads as a class under both classes of a disjoint pair.
    const addDisjoint = (a: string, b: string): void => {
      const [x, y] = a < b ? [a, b] : [b, a];
      const k = `${x}\u0000${y}`;
      if (disjoint.has(k)) return;
      disjoint.add(k);
      axioms.disjointClasses.push([x, y]);
    };
    // Pairwise, a disjointness group costs the square of its size (6,000 members: 18 million
    // pairs, more than the checker can hold): a larger group is left out of the coherence checks,
    // and said so, rather than stopping the load.
    const disjointAll = (members: readonly string[]): void => {
      if (members.length > MAX_DISJOINT_GROUP) {
        onWarning(`a disjointness of ${members.length} classes (owl:AllDisjointClasses or owl:disjointUnionOf, starting ${members[0]}) is left out of coherence checks: the checker reads groups of up to ${MAX_DISJOINT_GROUP} classes, pair by pair`);
        return;
      }
      for (let i = 0; i < members.length; i++) for (let j = i + 1; j < members.length; j++) addDisjoint(members[i]!, members[j]!);
    };
    const existentials = new Set<string>();
    const addExistential = (cls: string, property: string): void => {
      const k = `${cls}\u0000${property}`;
      if (existentials.has(k)) return;
      existentials.add(k);
      axioms.existentials.push([cls, property]);
      counts.existential++;
    };
    /**
     * What `cls ⊑ expression` gives (also the left-to-right half of `cls ≡ expression`). Walked
     * with a stack of its own, in the order a recursion would take, and each anonymous expression
     * once: an intersection nested thousands deep, or one that contains itself (a blank-node
     * cycle, which RDF allows), would otherwise overflow the call stack.
     */
    const superExpression = (cls: string, expression: string): void => {
      const seen = new Set<string>();
      const frames: string[][] = [[expression]];
      while (frames.length > 0) {
        const frame = frames[frames.length - 1]!;
        const next = frame.pop();
        if (next === undefined) { frames.pop(); continue; }
        if (!isBlank(next)) { axioms.subClassOf.push([cls, next]); continue; }
        if (seen.has(next)) continue;
        seen.add(next);
        const record = this.nodes.get(next);
        if (!record) continue;
        if (record.complementOf !== undefined && !isBlank(record.complementOf)) {
          addDisjoint(cls, record.complementOf);
          counts.complementOf++;
        } else if (record.onProperty !== undefined && record.existential && !isBlank(record.onProperty)) {
          addExistential(cls, record.onProperty);
        } else if (record.intersectionOf !== undefined) {
          // Reversed: the frame is taken from its end, so its parts come out in list order.
          frames.push([...(this.list(record.intersectionOf) ?? [])].reverse());
        }
      }
    };
    const propertyClasses = (object: string): string[] | undefined => {
      if (!isBlank(object)) return [object];
      const record = this.nodes.get(object);
      return record?.unionOf !== undefined ? this.namedList(record.unionOf) : undefined;
    };

    for (const [subject, predicate, object] of this.statements) {
      if (isBlank(subject)) continue;
      switch (predicate) {
        case SUB_CLASS_OF:
          if (isBlank(object)) superExpression(subject, object);
          else counts.subClassOf++;
          break;
        case EQUIVALENT_CLASS:
          if (!isBlank(object)) {
            if (object !== subject) {
              axioms.equivalentClasses.push([subject, object]);
              counts.equivalentClass++;
            }
          } else {
            superExpression(subject, object);
            const union = this.nodes.get(object)?.unionOf;
            if (union !== undefined) for (const part of this.namedList(union) ?? []) axioms.subClassOf.push([part, subject]);
          }
          break;
        case DISJOINT_WITH:
          if (!isBlank(object)) {
            counts.disjointWith++;
            addDisjoint(subject, object);
          }
          break;
        case DISJOINT_UNION_OF: {
          const parts = this.namedList(object);
          if (parts) {
            counts.disjointUnionOf++;
            for (const part of parts) axioms.subClassOf.push([part, subject]);
            disjointAll(parts);
          }
          break;
        }
        case DOMAIN: {
          const classes = propertyClasses(object);
          if (classes) {
            axioms.domains.push({ property: subject, classes });
            counts.domain++;
          }
          break;
        }
        case RANGE: {
          if (isDatatypeProperty(subject)) break;
          const classes = propertyClasses(object);
          if (classes && !classes.some((c) => DATATYPE_NAMESPACES.some((ns) => c.startsWith(ns)))) {
            axioms.ranges.push({ property: subject, classes });
            counts.range++;
          }
          break;
        }
        case INVERSE_OF:
          if (!isBlank(object)) {
            axioms.inverseProperties.push([subject, object]);
            counts.inverseOf++;
          }
          break;
        case SUB_PROPERTY_OF:
          if (!isBlank(object)) {
            axioms.subPropertyOf.push([subject, object]);
            counts.subPropertyOf++;
          }
          break;
        case EQUIVALENT_PROPERTY:
          if (!isBlank(object) && object !== subject) {
            axioms.equivalentProperties.push([subject, object]);
            counts.equivalentProperty++;
          }
          break;
      }
    }
    // AllDisjointClasses: a (usually blank) node with owl:members.
    for (const record of this.nodes.values()) {
      if (!record.allDisjoint) continue;
      const members = this.namedList(record.members);
      if (members) {
        counts.allDisjointClasses++;
        disjointAll(members);
      }
    }
    for (const k of this.namedAllDisjoint) {
      const members = this.namedList(this.nodes.get(k)?.members);
      if (members) {
        counts.allDisjointClasses++;
        disjointAll(members);
      }
    }
    counts.disjointPairs = axioms.disjointClasses.length;
    return axioms;
  }
}
