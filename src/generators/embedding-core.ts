/**
 * What the `embedding` generator does once it has an embedder: collect each concept's names
 * (label variants), embed them (through the disk cache), search the target's name vectors for
 * each source concept, and turn the hits into ranked Candidates. Kept apart from model loading
 * so tests can drive it with a small real model.
 */
import type { Concept } from '../model/concept.js';
import { compatibleKinds } from './lexical-index.js';
import { candidateRelation, similarityRelation } from './relations.js';
import { rawScore, type Candidate, type Evidence } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { GeneratorOptions } from './types.js';
import { jsRowScorer, onnxRowScorer, searchTopKWith, type GroupedVectors } from '../embedding/search.js';

export const EMBEDDING_IDENTITY = {
  name: 'embedding',
  measure: 'cosine-similarity',
  justification: 'semapv:SemanticSimilarityThresholdMatching',
} as const;

/**
 * How a concept's names are compared: `best` (default) scores a concept pair by its most similar
 * pair of names; `mean` averages a concept's name vectors first; `label` uses the first label only.
 */
export type VariantMode = 'best' | 'mean' | 'label';

/** One name of a concept as embedded. */
export interface NameVariant {
  concept: number;
  text: string;
  /** Evidence field: `label`, `synonym:exact`, `synonym:related`. */
  field: string;
}

/** Anything that turns texts into unit vectors (the cached embedder). */
export interface TextEmbedder {
  embed(texts: readonly string[], options?: { batchSize?: number; onProgress?: (done: number, total: number) => void }): Promise<{ vectors: Float32Array; dims: number }>;
}

/**
 * Names that stand for the concept itself: labels and exact/related synonyms. Broad and narrow
 * synonyms name other concepts and would pull in wrong neighbours.
 */
export function nameVariants(concepts: readonly Concept[], mode: VariantMode): NameVariant[] {
  const out: NameVariant[] = [];
  concepts.forEach((c, i) => {
    const seen = new Set<string>();
    const add = (text: string, field: string) => {
      const t = text.replace(/\s+/g, ' ').trim();
      const key = t.toLowerCase();
      if (!t || seen.has(key)) return;
      seen.add(key);
      out.push({ concept: i, text: t, field });
    };
    const labels = c.labels.length > 0 ? c.labels : [{ text: c.localName }];
    if (mode === 'label') {
      add(labels[0]!.text, 'label');
      return;
    }
    for (const l of labels) add(l.text, 'label');
    for (const s of c.synonyms) if (s.kind === 'exact' || s.kind === 'related') add(s.text, `synonym:${s.kind}`);
  });
  return out;
}

function uniqueConcepts(index: OntologyIndex): Concept[] {
  const seen = new Set<string>();
  return index.concepts.filter((c) => (seen.has(c.iri) ? false : (seen.add(c.iri), true)));
}

/** Averages each group's rows into one unit vector (the `mean` mode). */
function meanPerGroup(vectors: Float32Array, dims: number, groupOf: Int32Array, groups: number): Float32Array {
  const out = new Float32Array(groups * dims);
  for (let r = 0; r < groupOf.length; r++) {
    const g = groupOf[r]!;
    for (let d = 0; d < dims; d++) out[g * dims + d]! += vectors[r * dims + d]!;
  }
  for (let g = 0; g < groups; g++) {
    let n = 0;
    for (let d = 0; d < dims; d++) n += out[g * dims + d]! ** 2;
    n = Math.sqrt(n);
    if (n > 0) for (let d = 0; d < dims; d++) out[g * dims + d] = out[g * dims + d]! / n;
  }
  return out;
}

export interface CoreSettings {
  mode: VariantMode;
  batchSize?: number;
  /** Dot products by onnxruntime MatMul (default) or plain JavaScript (same results, slower). */
  scorer?: 'onnx' | 'js';
  /** Cosine from which a candidate is proposed as exactMatch rather than closeMatch (default 0.9). */
  exactFrom?: number;
}

/** Cosine at which two names embed as one: "lung alveolus" / "alveolus of lung". */
export const EMBEDDING_EXACT_FROM = 0.9;

/**
 * Scores rounded so float noise never reorders ties between runs or batch sizes, and capped at 1
 * (a unit vector with itself can come out a hair above 1 in float32).
 */
const round = (x: number): number => Math.min(1, Math.round(x * 1e6) / 1e6);

export async function* proposeWithEmbedder(
  embedder: TextEmbedder,
  source: OntologyIndex,
  target: OntologyIndex,
  options: GeneratorOptions,
  settings: CoreSettings,
): AsyncGenerator<Candidate> {
  options.signal?.throwIfAborted();
  const srcConcepts = uniqueConcepts(source);
  const tgtConcepts = uniqueConcepts(target);
  const srcNames = nameVariants(srcConcepts, settings.mode);
  const tgtNames = nameVariants(tgtConcepts, settings.mode);
  const embedOpts = settings.batchSize ? { batchSize: settings.batchSize } : {};
  options.signal?.throwIfAborted();
  const { vectors: srcVectors, dims } = await embedder.embed(srcNames.map((n) => n.text), embedOpts);
  options.signal?.throwIfAborted();
  const { vectors: tgtVectors } = await embedder.embed(tgtNames.map((n) => n.text), embedOpts);
  options.signal?.throwIfAborted();

  const grouped = (names: NameVariant[], vectors: Float32Array, groups: number): GroupedVectors => {
    const groupOf = Int32Array.from(names, (n) => n.concept);
    if (settings.mode !== 'mean') return { vectors, dims, groupOf, groups };
    return { vectors: meanPerGroup(vectors, dims, groupOf, groups), dims, groupOf: Int32Array.from({ length: groups }, (_, i) => i), groups };
  };
  const query = grouped(srcNames, srcVectors, srcConcepts.length);
  const corpus = grouped(tgtNames, tgtVectors, tgtConcepts.length);
  // In mean mode rows are concepts; evidence then names each concept's first name.
  const firstName = (names: NameVariant[], groups: number): number[] => {
    const first = new Array<number>(groups).fill(-1);
    names.forEach((n, i) => {
      if (first[n.concept] === -1) first[n.concept] = i;
    });
    return first;
  };
  const srcFirst = firstName(srcNames, srcConcepts.length);
  const tgtFirst = firstName(tgtNames, tgtConcepts.length);
  const nameOfRow = (names: NameVariant[], first: number[], row: number): NameVariant =>
    settings.mode === 'mean' ? names[first[row]!]! : names[row]!;

  const topK = Math.max(0, Math.floor(options.topK));
  // Ask for a few more than k so that rounding ties at the cut are broken by IRI, like every generator.
  const scorer = settings.scorer === 'js' ? jsRowScorer(corpus) : await onnxRowScorer(corpus);
  const hits = await searchTopKWith(scorer, query, corpus, {
    k: topK + 2,
    queryBlock: 128,
    exclude: (s, t) => srcConcepts[s]!.iri === tgtConcepts[t]!.iri || !compatibleKinds(srcConcepts[s]!.kind, tgtConcepts[t]!.kind, options.crossKind),
    onProgress: (done, total) => {
      options.signal?.throwIfAborted();
      options.onProgress?.(done, total);
    },
  });
  options.onProgress?.(srcConcepts.length, srcConcepts.length);
  for (let s = 0; s < srcConcepts.length; s++) {
    // Equal cosines (the same words under two names) rank a preferred label above a synonym:
    // a concept named X is a better match for X than a concept that merely lists X as a synonym.
    const labelRank = (h: { queryRow: number; corpusRow: number }): number =>
      (nameOfRow(srcNames, srcFirst, h.queryRow).field === 'label' ? 0 : 1) + (nameOfRow(tgtNames, tgtFirst, h.corpusRow).field === 'label' ? 0 : 1);
    const rows = hits[s]!
      .map((h) => ({ h, iri: tgtConcepts[h.group]!.iri, score: round(h.score), labels: labelRank(h) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || a.labels - b.labels || (a.iri < b.iri ? -1 : a.iri > b.iri ? 1 : 0))
      .slice(0, topK);
    let rank = 0;
    for (const r of rows) {
      const sName = nameOfRow(srcNames, srcFirst, r.h.queryRow);
      const tName = nameOfRow(tgtNames, tgtFirst, r.h.corpusRow);
      const evidence: Evidence = {
        generator: EMBEDDING_IDENTITY.name,
        subjectText: sName.text,
        objectText: tName.text,
        subjectField: sName.field,
        objectField: tName.field,
      };
      const relation = similarityRelation(r.score, settings.exactFrom ?? EMBEDDING_EXACT_FROM, sName.field, tName.field);
      yield {
        subject: srcConcepts[s]!.iri,
        predicate: candidateRelation(relation, srcConcepts[s]!.kind, tgtConcepts[r.h.group]!.kind),
        object: r.iri,
        generator: EMBEDDING_IDENTITY.name,
        score: rawScore(r.score),
        measure: EMBEDDING_IDENTITY.measure,
        rank: ++rank,
        justification: EMBEDDING_IDENTITY.justification,
        evidence: [evidence],
      };
    }
  }
}
