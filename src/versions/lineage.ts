/**
 * Evidence only a comparison of two releases of one ontology has: two generators that run beside
 * the ordinary ones in a version diff and are fused with them (they are not in the registry:
 * between two unrelated ontologies they have nothing to say).
 *
 * - `identity` proposes each concept whose identifier the new release kept (identity.ts) as its
 *   own equivalent (`semapv:LexicalMatching` on the identifier: the strongest evidence a diff
 *   has) — unless the concept lost its children: when most of an old concept's children that
 *   the new release kept now sit outside the concept's subtree, the concept kept its name but
 *   not its scope, and `identity` proposes it as narrower in the new release (the old one is
 *   broader: `skos:narrowMatch`, `semapv:StructuralMatching`).
 * - `lineage` follows the children of an old concept that has no identity partner, through their
 *   counterparts in the new release (anchors: identity pairs and established equivalents):
 *   - all of them now under one concept P (within COVER_DEPTH levels), and P holds nothing else
 *     of the old release: P is the old concept renamed or moved (`skos:exactMatch`);
 *   - all of them under P, and P also holds what came from elsewhere: the old concept was merged
 *     into the broader P (`skos:broadMatch`);
 *   - spread over several places: the old concept was dissolved or split; each concept that holds
 *     some of its children and nothing else of the old release took part of it, and so does each
 *     child's counterpart (`skos:narrowMatch`: the old concept is broader).
 *
 * Votes are raw scores in [0, 1] (how many children support them), never confidences.
 */
import type { Concept } from '../model/concept.js';
import type { Candidate, Evidence, MappingJustification, MappingRelation } from '../model/mapping.js';
import { BROAD_MATCH, EXACT_MATCH, NARROW_MATCH, rawScore } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { Generator, GeneratorOptions } from '../generators/types.js';
import type { IdentityPair } from './identity.js';
import { sameLabel } from './identity.js';

export const IDENTITY_GENERATOR = 'identity';
export const LINEAGE_GENERATOR = 'lineage';

/** Levels walked up from a child's counterpart when looking for the concept that holds it. */
export const COVER_DEPTH = 3;
/** Share of an old concept's kept children that must have left it for it to count as narrowed. */
const LOST_SHARE = 0.5;

/** Parents and children by IRI, within one release. */
export class Hierarchy {
  readonly parents = new Map<string, string[]>();
  readonly children = new Map<string, string[]>();

  constructor(index: OntologyIndex) {
    for (const c of index.concepts) {
      const ps = c.parents.filter((p) => p !== c.iri && index.byIri.has(p));
      this.parents.set(c.iri, ps);
      for (const p of ps) {
        const list = this.children.get(p);
        if (list) list.push(c.iri);
        else this.children.set(p, [c.iri]);
      }
    }
  }

  childrenOf(iri: string): readonly string[] {
    return this.children.get(iri) ?? [];
  }

  parentsOf(iri: string): readonly string[] {
    return this.parents.get(iri) ?? [];
  }

  private readonly ancestorCache = new Map<string, Map<string, number>>();

  /** Ancestors up to `depth` levels, each with the level it was first reached at (cached: do not modify). */
  ancestors(iri: string, depth: number): ReadonlyMap<string, number> {
    const key = `${depth}\u0000${iri}`;
    const cached = this.ancestorCache.get(key);
    if (cached) return cached;
    const found = new Map<string, number>();
    this.ancestorCache.set(key, found);
    let frontier = [iri];
    for (let level = 1; level <= depth && frontier.length > 0; level++) {
      const next: string[] = [];
      for (const node of frontier) {
        for (const p of this.parentsOf(node)) {
          if (found.has(p) || p === iri) continue;
          found.set(p, level);
          next.push(p);
        }
      }
      frontier = next;
    }
    return found;
  }

  /** Whether `descendant` lies under `ancestor` within `depth` levels. */
  under(descendant: string, ancestor: string, depth: number): boolean {
    return this.ancestors(descendant, depth).has(ancestor);
  }
}

/** The children of an old concept that the new release kept, and those of them now outside its partner's subtree. */
export interface ChildrenMove {
  kept: string[];
  lost: string[];
}

/** Where the kept children of `pair.old` went, relative to `pair.new`. */
export function childrenMove(pair: IdentityPair, oldTree: Hierarchy, newTree: Hierarchy, anchors: ReadonlyMap<string, string>): ChildrenMove {
  const kept: string[] = [];
  const lost: string[] = [];
  for (const child of oldTree.childrenOf(pair.old.iri)) {
    const anchor = anchors.get(child);
    if (anchor === undefined) continue;
    kept.push(child);
    if (anchor !== pair.new.iri && !newTree.under(anchor, pair.new.iri, COVER_DEPTH + 1)) lost.push(child);
  }
  return { kept, lost };
}

/** True when most of the kept children left (see the module comment). */
export function lostScope(move: ChildrenMove): boolean {
  return move.kept.length > 0 && move.lost.length / move.kept.length > LOST_SHARE;
}

const evidence = (generator: string, subjectText: string, objectText: string, subjectField: string, objectField: string): Evidence => ({ generator, subjectText, objectText, subjectField, objectField });

const labelOf = (c: Concept | undefined, iri: string): string => c?.labels[0]?.text ?? iri;

interface Vote {
  subject: string;
  predicate: MappingRelation;
  object: string;
  score: number;
  justification: MappingJustification;
  evidence: Evidence[];
}

/** Candidates of one generator from votes: ranks 1..k per subject by descending score, then object IRI. */
function ranked(name: string, measure: string, votes: readonly Vote[], topK: number): Candidate[] {
  const bySubject = new Map<string, Vote[]>();
  for (const v of votes) {
    const list = bySubject.get(v.subject);
    if (list) list.push(v);
    else bySubject.set(v.subject, [v]);
  }
  const out: Candidate[] = [];
  for (const [, list] of bySubject) {
    list.sort((a, b) => b.score - a.score || (a.object < b.object ? -1 : a.object > b.object ? 1 : 0) || (a.predicate < b.predicate ? -1 : 1));
    list.slice(0, topK).forEach((v, i) => out.push({
      subject: v.subject, predicate: v.predicate, object: v.object, generator: name, score: rawScore(Math.round(v.score * 1e6) / 1e6),
      measure, rank: i + 1, justification: v.justification, evidence: v.evidence,
    }));
  }
  return out;
}

/** Facts about identity pairs that the identity generator and the diff share. */
export interface IdentityFacts {
  pairs: ReadonlyMap<string, IdentityPair>;
  /** Old IRI → where its kept children went. */
  moves: ReadonlyMap<string, ChildrenMove>;
}

/** The anchors identity alone gives: identity pairs whose concept kept its scope. */
export function identityAnchors(pairs: ReadonlyMap<string, IdentityPair>): Map<string, string> {
  const anchors = new Map<string, string>();
  for (const [iri, p] of pairs) if (!p.new.deprecated) anchors.set(iri, p.new.iri);
  return anchors;
}

export function identityFacts(oldIndex: OntologyIndex, newIndex: OntologyIndex, pairs: ReadonlyMap<string, IdentityPair>): IdentityFacts & { oldTree: Hierarchy; newTree: Hierarchy } {
  const oldTree = new Hierarchy(oldIndex);
  const newTree = new Hierarchy(newIndex);
  const anchors = identityAnchors(pairs);
  const moves = new Map<string, ChildrenMove>();
  for (const [iri, p] of pairs) moves.set(iri, childrenMove(p, oldTree, newTree, anchors));
  return { pairs, moves, oldTree, newTree };
}

/** The `identity` generator over precomputed facts (see the module comment). */
export function identityGenerator(facts: IdentityFacts): Generator {
  const measure = 'identifier-kept';
  return {
    name: IDENTITY_GENERATOR,
    measure,
    justification: 'semapv:LexicalMatching',
    async *propose(_source: OntologyIndex, _target: OntologyIndex, options: GeneratorOptions) {
      const votes: Vote[] = [];
      for (const [iri, p] of facts.pairs) {
        const move = facts.moves.get(iri)!;
        const field = p.kind === 'same-id' ? 'notation' : 'identifier';
        if (p.new.deprecated) {
          // The identifier is kept but the concept retired: point at what the release says replaces it.
          for (const r of p.new.replacedBy ?? []) {
            if (r !== p.new.iri) votes.push({ subject: iri, predicate: EXACT_MATCH, object: r, score: 0.5, justification: 'semapv:UnspecifiedMatching', evidence: [evidence(IDENTITY_GENERATOR, p.old.iri, r, field, 'term replaced by')] });
          }
          continue;
        }
        if (lostScope(move)) {
          votes.push({
            subject: iri, predicate: NARROW_MATCH, object: p.new.iri, score: move.lost.length / move.kept.length, justification: 'semapv:StructuralMatching',
            evidence: [evidence(IDENTITY_GENERATOR, `${move.lost.length} of ${move.kept.length} children now elsewhere`, labelOf(p.new, p.new.iri), 'children', 'same identifier')],
          });
          continue;
        }
        votes.push({
          subject: iri, predicate: EXACT_MATCH, object: p.new.iri, score: sameLabel(p.old, p.new) ? 1 : 0.5, justification: 'semapv:LexicalMatching',
          evidence: [evidence(IDENTITY_GENERATOR, p.old.iri, p.new.iri, field, field)],
        });
      }
      yield* ranked(IDENTITY_GENERATOR, measure, votes, options.topK);
    },
  };
}

/** What lineage concluded about an old concept: where its kept children went. */
export type LineageVerdict =
  /** most of them under one concept that holds mostly them: the old concept renamed or moved */
  | 'renamed'
  /** most of them under one concept that holds more from elsewhere: merged into a broader one */
  | 'merged'
  /** spread over several places: dissolved or split */
  | 'dissolved';

/** Share of an old concept's kept children one new concept must hold to count as its successor's place. */
export const MOST = 0.75;

/**
 * Where each old concept's children went, for old concepts without an identity partner
 * (see the module comment). `anchors`: old IRI → new IRI of concepts whose counterpart is known.
 * `verdicts` receives what was concluded per old concept.
 */
export function lineageGenerator(oldTree: Hierarchy, newTree: Hierarchy, anchors: ReadonlyMap<string, string>, skip: ReadonlySet<string>, verdicts?: Map<string, LineageVerdict>): Generator {
  const measure = 'children-followed';
  return {
    name: LINEAGE_GENERATOR,
    measure,
    justification: 'semapv:StructuralMatching',
    async *propose(source: OntologyIndex, target: OntologyIndex, options: GeneratorOptions) {
      // New concept → how many old concepts' counterparts lie under it (within COVER_DEPTH levels).
      const holds = new Map<string, number>();
      const ownerOf = new Map<string, string>();
      const places = (newIri: string): string[] => [newIri, ...newTree.ancestors(newIri, COVER_DEPTH).keys()];
      for (const [oldIri, newIri] of anchors) {
        ownerOf.set(newIri, oldIri);
        for (const node of places(newIri)) holds.set(node, (holds.get(node) ?? 0) + 1);
      }
      const votes: Vote[] = [];
      for (const concept of source.concepts) {
        const o = concept.iri;
        if (skip.has(o)) continue;
        const kids = oldTree.childrenOf(o).filter((c) => anchors.has(c));
        if (kids.length === 0) continue;
        // What counts as "of the old concept": itself and its descendants.
        const own = new Set<string>([o]);
        const stack = [...oldTree.childrenOf(o)];
        while (stack.length) {
          const x = stack.pop()!;
          if (own.has(x)) continue;
          own.add(x);
          stack.push(...oldTree.childrenOf(x));
        }
        // How many of the concepts under each place are this concept's own (it or its descendants).
        const mine = new Map<string, number>();
        for (const x of own) {
          const a = anchors.get(x);
          if (a !== undefined) for (const node of places(a)) mine.set(node, (mine.get(node) ?? 0) + 1);
        }
        const ours = (node: string): number => mine.get(node) ?? 0;
        const foreign = (node: string): number => (holds.get(node) ?? 0) - ours(node);
        const label = (iri: string): string => labelOf(target.byIri.get(iri), iri);
        const name = labelOf(concept, o);
        // Containers of the children's counterparts: how many children each holds, and how far up.
        const count = new Map<string, number>();
        const level = new Map<string, number>();
        for (const kid of kids) {
          for (const [node, l] of newTree.ancestors(anchors.get(kid)!, COVER_DEPTH)) {
            count.set(node, (count.get(node) ?? 0) + 1);
            level.set(node, Math.max(level.get(node) ?? 0, l));
          }
        }
        const most = [...count].filter(([, n]) => n / kids.length >= MOST).map(([node]) => node).sort((a, b) => level.get(a)! - level.get(b)! || (a < b ? -1 : 1));
        const support = kids.length >= 2 ? 0.9 : 0.45;
        // A container that holds more from elsewhere and reaches the children only through
        // intermediate concepts (the root of the new release, a top category) says the children
        // went to different places under it: dissolved, not merged into it.
        const p0 = most[0];
        const distant = p0 !== undefined && level.get(p0)! > 1 && (foreign(p0) >= ours(p0) || (ownerOf.has(p0) && !own.has(ownerOf.get(p0)!)));
        if (p0 !== undefined && !distant) {
          const p = p0;
          const n = count.get(p)!;
          const text = `${n} of ${kids.length} kept children`;
          // Another old concept's own successor, or a place that holds more from elsewhere than
          // from this concept, took it in: merged into something broader.
          const taken = ownerOf.has(p) && !own.has(ownerOf.get(p)!);
          if (n < kids.length && foreign(p) === 0 && !taken) {
            // Most of it and nothing else: the rest went elsewhere, so the old concept is broader.
            verdicts?.set(o, 'renamed');
            votes.push({ subject: o, predicate: NARROW_MATCH, object: p, score: support * (n / kids.length), justification: 'semapv:StructuralMatching', evidence: [evidence(LINEAGE_GENERATOR, text, label(p), 'children', 'holds nothing else of the old release')] });
          } else if (!taken && foreign(p) < ours(p)) {
            verdicts?.set(o, 'renamed');
            votes.push({ subject: o, predicate: EXACT_MATCH, object: p, score: support * (n / kids.length), justification: 'semapv:StructuralMatching', evidence: [evidence(LINEAGE_GENERATOR, text, label(p), 'children', `holds ${foreign(p)} more of the old release`)] });
          } else {
            verdicts?.set(o, 'merged');
            votes.push({ subject: o, predicate: BROAD_MATCH, object: p, score: support * (n / kids.length), justification: 'semapv:StructuralMatching', evidence: [evidence(LINEAGE_GENERATOR, text, label(p), 'children', `holds ${foreign(p)} more of the old release`)] });
          }
          continue;
        }
        verdicts?.set(o, 'dissolved');
        // Spread: every place that took part of the old concept and nothing else (the largest
        // such place only), and the counterpart of each child no such place holds.
        const covered = new Set<string>();
        for (const [node, n] of count) {
          if (foreign(node) > 0) continue;
          if (newTree.parentsOf(node).some((p) => (count.get(p) ?? 0) > 0 && foreign(p) === 0)) continue;
          for (const kid of kids) if (newTree.under(anchors.get(kid)!, node, COVER_DEPTH)) covered.add(kid);
          votes.push({ subject: o, predicate: NARROW_MATCH, object: node, score: 0.4 + 0.5 * (n / kids.length), justification: 'semapv:StructuralMatching', evidence: [evidence(LINEAGE_GENERATOR, `${n} of ${kids.length} kept children`, label(node), 'children', 'holds part of it and nothing else')] });
        }
        for (const kid of kids) {
          if (covered.has(kid)) continue;
          const a = anchors.get(kid)!;
          votes.push({ subject: o, predicate: NARROW_MATCH, object: a, score: 0.4, justification: 'semapv:StructuralMatching', evidence: [evidence(LINEAGE_GENERATOR, labelOf(source.byIri.get(kid), kid), label(a), `child of ${name}`, 'its counterpart')] });
        }
      }
      yield* ranked(LINEAGE_GENERATOR, measure, votes, options.topK);
    },
  };
}
