/**
 * `structure`: subsumption and context from the hierarchies of both ontologies (named
 * superclasses, `extends` chains …) and from head/modifier analysis of names. It proposes
 * `skos:broadMatch` and `skos:narrowMatch` candidates, which no name-similarity generator can,
 * and supports (as `skos:closeMatch`) lexical neighbours whose parents agree with the subject's.
 *
 * Evidence, each a vote in [0, 1] combined per (relation, object) by noisy-or:
 * - **names** (relations.ts nameRelation): the subject's name is the object's plus modifiers
 *   ("left lung alveolus" → "lung alveolus": broadMatch), or the reverse (narrowMatch); a
 *   coordination ("Data Engineering and Analytics") is broader than any of its parts;
 * - **siblings**: the subject resembles children of t — co-hyponyms ("right lung alveolus"
 *   for "left lung alveolus") or kinds of the subject ("white adipose tissue" for "adipose
 *   tissue") — so t is a broader concept of the subject (broadMatch), unless t is the subject's
 *   own namesake;
 * - **parents**: what the subject's parents match is broader than the subject (broadMatch);
 *   what its children match is narrower (narrowMatch);
 * - **children coverage**: when the subject's children are matched into t's subtree, t holds
 *   the subject (broadMatch) in proportion to the share of the children inside it, and the
 *   subject holds t (narrowMatch) in proportion to t's children that came from the subject —
 *   how categories that were split or merged between two versions of a taxonomy show;
 * - **parent agreement**: a lexical neighbour whose parents match the subject's parents is
 *   the likelier equivalent ("H" under "Atom" prefers hydrogen to enthalpy): a closeMatch vote.
 *
 * Lexical neighbours come from the TF-IDF blocking index shared with `tfidf` (blocking.ts), so in
 * a run with `tfidf` the queries are answered from its cache. Without a hierarchy on either
 * side only the name evidence remains. Raw score = the combined vote (never a confidence).
 */
import type { Candidate, Evidence, MappingJustification, MappingRelation } from '../model/mapping.js';
import { BROAD_MATCH, CLOSE_MATCH, EXACT_MATCH, NARROW_MATCH } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { DEFAULT_BUDGET, nameFeatures, neighbourhood, neighbourLimit, type Neighbourhood } from './blocking.js';
import { pairsWithItself, positiveOption, rankVotes, checkSettings } from './common.js';
import { compatibleKinds, keyIndex, prepareOntology, type PreparedOntology, type TextEntry } from './lexical-index.js';
import { hierarchyOf } from './hierarchy.js';
import { NearestConcepts } from './nearest.js';
import { PACE, paceTurn } from './pacing.js';
import { nameParser, parsedNameRelation, type NameRelation } from './relations.js';
import { contentWords, stem, words } from '../text/normalize.js';
import { defineGenerator, type Generator, type GeneratorConfig, type GeneratorOptions } from './types.js';

const IDENTITY = {
  name: 'structure',
  measure: 'structural-support',
  justification: 'semapv:StructuralMatching' satisfies MappingJustification,
} as const;

/** One lexical neighbour: a target concept and the best pair of names behind its score. */
interface Neighbour {
  concept: number;
  score: number;
  a: TextEntry;
  b: TextEntry;
  relation: NameRelation;
}

/** The combined vote for one (relation, object). */
interface Vote {
  relation: MappingRelation;
  object: number;
  score: number;
  evidence: Evidence[];
}

/** Votes per (relation, object), combined by noisy-or, with the evidence behind them. */
class Votes {
  /** By object and relation family (object · 3 + family), a number so no key string is built per vote. */
  readonly byKey = new Map<number, Vote>();

  /** One vote and the pair of texts behind it (its evidence, made only if the vote keeps it). */
  add(relation: MappingRelation, object: number, vote: number, subjectText: string, objectText: string, subjectField: string, objectField: string): void {
    if (!(vote > 0)) return;
    const v = Math.min(1, vote);
    // Equivalence votes (exact and close) are one candidate per object, exact if any says so:
    // fusion groups them together, and one generator must not vote twice for one group.
    const key = object * 3 + (relation === BROAD_MATCH ? 1 : relation === NARROW_MATCH ? 2 : 0);
    const seen = this.byKey.get(key);
    if (!seen) {
      this.byKey.set(key, { relation, object, score: v, evidence: [{ generator: IDENTITY.name, subjectText, objectText, subjectField, objectField }] });
      return;
    }
    if (relation === EXACT_MATCH) seen.relation = EXACT_MATCH;
    seen.score = 1 - (1 - seen.score) * (1 - v);
    if (seen.evidence.length < MAX_EVIDENCE && !seen.evidence.some((e) => e.subjectText === subjectText && e.objectText === objectText && e.subjectField === subjectField)) {
      seen.evidence.push({ generator: IDENTITY.name, subjectText, objectText, subjectField, objectField });
    }
  }
}

const MAX_EVIDENCE = 3;
/** Lexical neighbours considered per concept. */
const NEIGHBOURS = 24;
/** Ancestor levels walked when matched children are placed in the target's hierarchy. */
const COVERAGE_DEPTH = 3;
/**
 * Weight of a broader concept that follows from the subject's likely equivalent (its parent or
 * grandparent): true, but the equivalent is the better answer and should rank above it.
 */
const IMPLIED = 0.5;
/** Share of the anchor level at which a child of a candidate counts as resembling the subject. */
const EQUIVALENT_CHILD = 0.8;
/** Score at which the closest neighbour counts as the likely equivalent although its head differs. */
const OTHER_EQUIVALENT = 0.65;
/** Vote of a target whose definition names every word of the subject's (two or more words). */
const DEFINED_IN = 0.6;
/** The first sentence of a definition is the one that says what the concept covers. */
const SENTENCE_END = /(?<=\.)\s/;
/**
 * Share of a broader candidate's support that a broader candidate below it takes (noisy-or).
 * Chosen on anatomy subsumption (structure alone, Hits@1 0.449 → 0.466 at 0.5, 0.478 at 0.7,
 * 0.379 at 1); checked on the conference and OASF subsumption tracks (0.438 → 0.444 and 0.370 →
 * 0.395 at 0.5).
 */
const INHERITED = 0.5;
/** Neighbours this close to the best one count as tied for being the equivalent. */
const NEAR_TIE = 0.02;

/** Values of `owner` that are not a source concept. */
const NO_OWNER = -1;
const SEVERAL_OWNERS = -2;

const round = (x: number): number => Math.round(x * 1e9) / 1e9;

export interface StructureConfig {
  /** Postings a blocking query may visit (as `tfidf`). */
  budget?: number;
  /** Score a matched parent or child must reach to count as that concept's counterpart. */
  anchor?: number;
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  checkSettings(config, 'structure', { budget: 'positive', anchor: 'positive' });
  const budget = positiveOption(config, 'budget', DEFAULT_BUDGET);
  const anchorLevel = positiveOption(config, 'anchor', 0.6);
  return {
    ...IDENTITY,
    propose: (source, target, options) => proposeStructure(source, target, options, budget, anchorLevel),
  };
});

async function* proposeStructure(sourceIndex: OntologyIndex, targetIndex: OntologyIndex, options: GeneratorOptions, budget: number, anchorLevel: number): AsyncGenerator<Candidate> {
  const src = prepareOntology(sourceIndex, options.crossKind);
  const tgt = prepareOntology(targetIndex, options.crossKind);
  for (const w of new Set([...src.warnings, ...tgt.warnings])) options.onWarning?.(w);
  // As perSubject: the bar names this generator while its blocking and hierarchies are prepared.
  options.signal?.throwIfAborted();
  options.onProgress?.(0, src.concepts.length);
  const { key, features } = nameFeatures();
  const near: Neighbourhood = neighbourhood(src, tgt, key, features, budget);
  // The list `tfidf` asks for, so one cached query serves both.
  const limit = neighbourLimit(options.topK);
  // Run alone on a large pair, structure is the first to ask: the queries then use both cores.
  await near.prefetch(limit, { signal: options.signal });
  const srcTree = hierarchyOf(src);
  const tgtTree = hierarchyOf(tgt);

  // Target concept → the source concept with the same IRI (-1 if none): a concept is never its
  // own neighbour or candidate, and an integer comparison per pair is cheaper than an IRI's.
  const sameConcept = new Int32Array(tgt.concepts.length).fill(-1);
  tgt.concepts.forEach((c, t) => (sameConcept[t] = src.position.get(c.iri) ?? -1));

  const cache = new Map<number, Neighbour[]>();
  const nearest = new NearestConcepts(tgt.entries, tgt.concepts.length, NEIGHBOURS);
  const sourceName = nameParser(src.entries);
  const targetName = nameParser(tgt.entries);
  /** The target concepts most similar to source concept x by name, best first. */
  const similar = (x: number): Neighbour[] => {
    let list = cache.get(x);
    if (list) return list;
    const { bestScore, bestA, bestB } = nearest;
    list = nearest
      .nearest(x, src.entriesOf[x]!, src.entries, (e) => near.near(e, limit), (t) => sameConcept[t] === x)
      .map((t) => {
        const ea = bestA[t]!;
        const eb = bestB[t]!;
        return { concept: t, score: bestScore[t]!, a: src.entries[ea]!, b: tgt.entries[eb]!, relation: parsedNameRelation(sourceName(ea), targetName(eb)) };
      });
    cache.set(x, list);
    return list;
  };
  /** The counterpart of a source concept: its best neighbour when strong enough. */
  const anchor = (x: number): Neighbour | undefined => {
    const first = similar(x)[0];
    return first && first.score >= anchorLevel ? first : undefined;
  };
  // A target concept's label, for evidence: looked up once per concept (a concept is the parent
  // or the counterpart named in many votes).
  const labels: Array<string | undefined> = new Array(tgt.concepts.length);
  const label = (t: number): string => (labels[t] ??= tgt.entries[tgt.entriesOf[t]![0] ?? -1]?.text ?? tgt.concepts[t]!.localName);
  // "child of <label>", the field of every sibling vote for a target concept: made once per concept.
  const childOfTexts: Array<string | undefined> = new Array(tgt.concepts.length);
  const childOf = (t: number): string => (childOfTexts[t] ??= `child of ${label(t)}`);

  // Target concepts whose name a source concept carries exactly (same canonical key), by target:
  // the one source concept that does, NO_OWNER or SEVERAL_OWNERS — all `ownedByAnother` asks.
  const owner = new Int32Array(tgt.concepts.length).fill(NO_OWNER);
  const sourceKeys = keyIndex(src);
  tgt.entries.forEach((b) => {
    for (const e of sourceKeys.get(`${b.group}\u0000${b.key}`) ?? []) {
      const x = src.entries[e]!.concept;
      const seen = owner[b.concept]!;
      owner[b.concept] = seen === NO_OWNER || seen === x ? x : SEVERAL_OWNERS;
    }
  });

  // Target definitions as stem sets, and an inverted index stem → targets whose definition has it.
  const definitionIndex = new Map<string, number[]>();
  tgt.concepts.forEach((c, t) => {
    const first = c.definitions[0];
    if (!first) return;
    for (const st of new Set(contentWords(words(first.split(SENTENCE_END)[0] ?? first)).map(stem))) {
      const list = definitionIndex.get(st);
      if (list) list.push(t);
      else definitionIndex.set(st, [t]);
    }
  });
  // Each stem's list as a set, made when an intersection first probes it.
  const setsOfLists = new WeakMap<number[], Set<number>>();
  const definitionSets = (list: number[]): Set<number> => {
    let set = setsOfLists.get(list);
    if (!set) setsOfLists.set(list, (set = new Set(list)));
    return set;
  };
  /** Targets whose definition names every content word of the subject's preferred name. */
  const definedIn = (x: number): Array<{ t: number; name: TextEntry }> => {
    const name = src.entries[src.entriesOf[x]![0] ?? -1];
    // A one-word name is found in too many definitions to say anything.
    if (!name || definitionIndex.size === 0) return [];
    const stems = new Set(name.stems);
    if (stems.size < 2) return [];
    // Intersect from the rarest stem: its list is short, the common ones are only probed.
    const lists = [...stems].map((st) => definitionIndex.get(st) ?? []).sort((a, b) => a.length - b.length);
    if (lists[0]!.length === 0) return [];
    let hits = lists[0]!;
    for (let i = 1; i < lists.length && hits.length > 0; i++) {
      const other = definitionSets(lists[i]!);
      hits = hits.filter((t) => other.has(t));
    }
    return hits.map((t) => ({ t, name }));
  };

  // How well the subject's parents match each target concept (`parentMatchFor[t] === s + 1`
  // when they match t at all), for parent agreement.
  const parentMatchFor = new Int32Array(tgt.concepts.length);
  const parentMatch = new Float64Array(tgt.concepts.length);
  // Scratch space of the specificity step, by target concept: `broadFor[t] === s + 1` when t is a
  // broader candidate of subject s, with its support; `walkedIn[t]` the last ancestor walk that
  // reached t. Typed arrays reused for every subject instead of a map and a set per walk.
  const broadFor = new Int32Array(tgt.concepts.length);
  const broadScore = new Float64Array(tgt.concepts.length);
  const walkedIn = new Int32Array(tgt.concepts.length);
  let walks = 0;
  const walkA: number[] = [];
  const walkB: number[] = [];

  const total = src.concepts.length;
  for (let s = 0; s < total; s++) {
    if (s % PACE === 0) await paceTurn(s, total, options);
    if (src.entriesOf[s]!.length === 0) continue;
    const votes = new Votes();
    const neighbours = similar(s);
    // Target concepts that carry the subject's own name: never proposed as its broader concept.
    const namesakes = new Set(neighbours.filter((n) => n.relation === 'same').map((n) => n.concept));
    const ownedByAnother = (t: number): boolean => owner[t] !== NO_OWNER && owner[t] !== s;
    // The subject's likely equivalent: its closest neighbour that is no other source concept's
    // namesake and whose name is
    // - the subject's, or a co-hyponym's (spelling and word order aside);
    // - the subject's without a modifier, when none of that target's children resembles the
    //   subject (else the subject is one more child of it: "left lung alveolus" next to
    //   "right lung alveolus" under "lung alveolus");
    // - the subject's with a modifier, when it is not what one of the subject's children matches;
    // - or different, when it is the closest neighbour by far (OTHER_EQUIVALENT).
    const childAnchorOf = (t: number): boolean => srcTree.children[s]!.some((c) => anchor(c)?.concept === t);
    const childOfCandidate = (t: number): boolean => neighbours.some((n) => n.concept !== t && n.score >= anchorLevel * EQUIVALENT_CHILD && tgtTree.parents[n.concept]!.includes(t));
    // Parent agreement: how well a neighbour's parents match the subject's parents.
    const mark = s + 1;
    for (const sp of srcTree.parents[s]!) {
      for (const m of similar(sp)) {
        const before = parentMatchFor[m.concept] === mark ? parentMatch[m.concept]! : 0;
        parentMatchFor[m.concept] = mark;
        parentMatch[m.concept] = Math.max(before, m.score);
      }
    }
    const agreementOf = (t: number): number => {
      let agreement = 0;
      for (const tp of tgtTree.parents[t]!) agreement = Math.max(agreement, parentMatchFor[tp] === mark ? parentMatch[tp]! : 0);
      return agreement;
    };
    const eligible = neighbours.filter((n) => {
      if (n.score < anchorLevel || ownedByAnother(n.concept)) return false;
      switch (n.relation) {
        case 'same':
        case 'sibling':
          return true;
        case 'narrower':
          return !childOfCandidate(n.concept);
        case 'broader':
          return !childAnchorOf(n.concept);
        case 'other':
          return n === neighbours[0] && n.score >= OTHER_EQUIVALENT;
      }
    });
    // Among near-equal names (namesakes), the one whose parents agree with the subject's.
    const tied = eligible.filter((n) => n.score >= eligible[0]!.score - NEAR_TIE);
    const equivalent = tied.reduce<Neighbour | undefined>((best, n) => (!best || agreementOf(n.concept) > agreementOf(best.concept) ? n : best), undefined);
    const implied = new Set<number>();
    if (equivalent) {
      votes.add(EXACT_MATCH, equivalent.concept, (1 + equivalent.score) / 2, equivalent.a.text, equivalent.b.text, 'label', 'label');
      let frontier = tgtTree.parents[equivalent.concept]!;
      for (let depth = 0; depth < 2 && frontier.length > 0; depth++) {
        for (const p of frontier) implied.add(p);
        frontier = frontier.flatMap((p) => tgtTree.parents[p]!);
      }
    }
    const directional = (relation: MappingRelation, t: number, vote: number, subjectText: string, objectText: string, subjectField: string, objectField: string): void =>
      votes.add(relation, t, relation === BROAD_MATCH && implied.has(t) ? vote * IMPLIED : vote, subjectText, objectText, subjectField, objectField);

    for (const n of neighbours) {
      // Names: one is the other plus modifiers.
      if (n.relation === 'narrower') directional(BROAD_MATCH, n.concept, n.score, n.a.text, n.b.text, 'name', 'head of name');
      else if (n.relation === 'broader') directional(NARROW_MATCH, n.concept, n.score, n.a.text, n.b.text, 'head of name', 'name');
      // Siblings: the subject looks like a child of each of n's parents.
      // Another source concept's namesake is a different concept near the subject, as a sibling is.
      if (n.relation === 'sibling' || n.relation === 'broader' || (n.relation === 'other' && ownedByAnother(n.concept))) {
        for (const p of tgtTree.parents[n.concept]!) {
          if (namesakes.has(p)) continue;
          directional(BROAD_MATCH, p, n.score * 0.8, n.a.text, n.b.text, 'name', childOf(p));
        }
      }
    }

    // Parents: what the subject's parents match is broader than the subject.
    for (const sp of srcTree.parents[s]!) {
      for (const m of similar(sp).slice(0, 3)) {
        if (m.score < anchorLevel || namesakes.has(m.concept)) continue;
        directional(BROAD_MATCH, m.concept, m.score * 0.9, m.a.text, m.b.text, 'parent', 'label');
      }
    }
    // Children: what the subject's children match is narrower than the subject.
    // With a likely equivalent they follow from it (narrower than the equivalent), so they rank
    // below it; without one — a category dissolved between versions — they are the answer.
    // Definitions: a target whose definition names the subject covers it ("Web Search: applied
    // web search and information retrieval" for "Information Retrieval") — unless it is the
    // subject's namesake or equivalent.
    for (const { t, name } of definedIn(s)) {
      if (namesakes.has(t) || t === equivalent?.concept) continue;
      directional(BROAD_MATCH, t, DEFINED_IN, name.text, label(t), 'name', 'definition');
    }

    const childAnchors: Neighbour[] = [];
    for (const sc of srcTree.children[s]!) {
      const m = anchor(sc);
      if (!m || namesakes.has(m.concept)) continue;
      childAnchors.push(m);
    }
    // Each child's counterpart is narrower than the subject, and a category with many children
    // has many: their votes are shared, so a category's own counterpart (by name, coverage or
    // definition) still ranks above any one child's.
    const perChild = 1 / Math.max(1, childAnchors.length);
    for (const m of childAnchors) votes.add(NARROW_MATCH, m.concept, m.score * 0.9 * perChild * (equivalent ? IMPLIED : 1), m.a.text, m.b.text, 'child', 'label');
    if (equivalent) {
      // What is above the equivalent is above the subject.
      for (const p of tgtTree.parents[equivalent.concept]!) {
        directional(BROAD_MATCH, p, equivalent.score * 0.8, equivalent.a.text, label(p), 'label', `parent of ${label(equivalent.concept)}`);
      }
      // A subject with several children is broader than a namesake that has none.
      if (childAnchors.length >= 2 && tgtTree.children[equivalent.concept]!.length === 0) {
        votes.add(NARROW_MATCH, equivalent.concept, 0.8, `${childAnchors.length} children`, label(equivalent.concept), 'children', 'leaf');
      }
    }
    // Children coverage: where the matched children sit in the target's hierarchy.
    if (childAnchors.length > 0) {
      const inside = new Map<number, number>();
      const coveredKids = new Map<number, Set<number>>();
      for (const m of childAnchors) {
        const seen = new Set<number>([m.concept]);
        let frontier: Array<[node: number, child: number]> = tgtTree.parents[m.concept]!.map((p) => [p, m.concept]);
        for (let depth = 0; depth < COVERAGE_DEPTH && frontier.length > 0; depth++) {
          const next: Array<[number, number]> = [];
          for (const [node, child] of frontier) {
            if (seen.has(node)) continue;
            seen.add(node);
            inside.set(node, (inside.get(node) ?? 0) + 1);
            let kids = coveredKids.get(node);
            if (!kids) coveredKids.set(node, (kids = new Set()));
            kids.add(child);
            for (const p of tgtTree.parents[node]!) next.push([p, node]);
          }
          frontier = next;
        }
      }
      for (const [t, count] of inside) {
        if (namesakes.has(t) && childAnchors.length < 2) continue;
        const within = count / childAnchors.length;
        const kids = tgtTree.children[t]!.length;
        const fromSubject = kids > 0 ? coveredKids.get(t)!.size / kids : 0;
        const text = `${count} of ${childAnchors.length} children`;
        if (within === 1 && fromSubject === 1) {
          votes.add(CLOSE_MATCH, t, 1, text, label(t), 'children', 'children');
          continue;
        }
        // t holds the subject's children and more of its own: t is broader.
        if (within === 1) directional(BROAD_MATCH, t, 1 - fromSubject / 2, text, label(t), 'children', 'descendants');
        // Every child of t came from the subject, which has more: t is narrower.
        else if (fromSubject === 1) votes.add(NARROW_MATCH, t, 1 - within / 2, text, label(t), 'children', 'children');
        // Overlap (a category split or merged between versions): neither holds the other;
        // both directions are proposed, each as strong as its side of the overlap.
        else {
          directional(BROAD_MATCH, t, within * (1 - fromSubject / 2), text, label(t), 'children', 'descendants');
          votes.add(NARROW_MATCH, t, Math.max(fromSubject, within) * (1 - within / 2), text, label(t), 'children', 'children');
        }
      }
    }

    // Parent agreement: neighbours whose parents match the subject's parents are likelier equivalents.
    for (const n of neighbours) {
      const agreement = agreementOf(n.concept);
      if (agreement >= 0.5 && (n.relation === 'same' || n.relation === 'other')) {
        votes.add(CLOSE_MATCH, n.concept, n.score * agreement, n.a.text, n.b.text, 'label', 'label and parent');
      }
    }

    // Specificity: a broader candidate below another broader candidate (within a few levels) is
    // the tighter of two consistent answers ("Autonomic_Ganglion" under "Ganglion" for
    // "parasympathetic ganglion"), so it takes a share of its ancestor's support.
    const broad: Vote[] = [];
    for (const v of votes.byKey.values()) if (v.relation === BROAD_MATCH) broad.push(v);
    if (broad.length > 1) {
      // Which targets are broader candidates, and their support before any inheritance.
      for (const v of broad) {
        broadFor[v.object] = mark;
        broadScore[v.object] = v.score;
      }
      const inherited = broad.map((v) => {
        let best = 0;
        const walk = ++walks;
        let frontier = tgtTree.parents[v.object]!;
        for (let depth = 0; depth < COVERAGE_DEPTH && frontier.length > 0; depth++) {
          const next = depth % 2 === 0 ? walkA : walkB;
          next.length = 0;
          for (const p of frontier) {
            if (walkedIn[p] === walk) continue;
            walkedIn[p] = walk;
            if (broadFor[p] === mark && broadScore[p]! > best) best = broadScore[p]!;
            for (const q of tgtTree.parents[p]!) next.push(q);
          }
          frontier = next;
        }
        return best;
      });
      broad.forEach((v, i) => {
        if (inherited[i]! > 0) v.score = 1 - (1 - v.score) * (1 - INHERITED * inherited[i]!);
      });
    }
    const subject = src.concepts[s]!;
    // Votes are many (every ancestor a coverage walk passes), rows are k: order by the rounded
    // score first and compare IRIs only between equal scores.
    const all: Vote[] = [];
    for (const v of votes.byKey.values()) {
      if (sameConcept[v.object] === s && !pairsWithItself(tgt.concepts[v.object]!, options.pairSameIri)) continue;
      // Kinds stay apart (a property is no candidate for a class) unless crossKind lets the
      // draft's kinds meet: a vote that reached a concept of another kind through the hierarchy
      // or a name is left out, as every other generator leaves it out.
      if (!compatibleKinds(subject.kind, tgt.concepts[v.object]!.kind, options.crossKind)) continue;
      v.score = round(v.score);
      all.push(v);
    }
    // One `yield` per candidate (see perSubject).
    for (const candidate of rankVotes(IDENTITY, subject, all, tgt, options.topK)) yield candidate;
  }
  options.onProgress?.(total, total);
}
