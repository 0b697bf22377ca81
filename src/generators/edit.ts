/**
 * `edit`: string similarity of names, the mean of normalised Levenshtein similarity
 * (fastest-levenshtein) and Jaro–Winkler (natural, imported by path), on the normalised words in
 * their order and word by word (IDF-weighted Monge–Elkan, so `Skin of Leg` meets `leg skin` and
 * `thymus` nearly meets `thymic`). Pairs are chosen by blocking on stems and character trigrams
 * (blocking.ts): only the `candidates` nearest names by TF-IDF are compared, never all n×m
 * pairs. Pairs below `minSimilarity` are not proposed: this is threshold matching.
 */
import { distance } from 'fastest-levenshtein';
import { DEFAULT_BUDGET, nameFeatures, neighbourhood, neighbourLimit, type Neighbourhood } from './blocking.js';
import { perSubject, positiveOption, similarityGeneratorIdentity, checkSettings } from './common.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { compatibleLanguages, pairWeight, prepareOntology, type PreparedOntology, type TextEntry } from './lexical-index.js';
import { defineGenerator, type Generator, type GeneratorConfig, type GeneratorOptions } from './types.js';
import { PACE, paceTurn, type Pacing } from './pacing.js';
import { runInWorker } from './worker-thread.js';

/** Match flags of jaroWinkler, reused: it runs millions of times in a large run. */
let matched1 = new Uint8Array(64);
let matched2 = new Uint8Array(64);

/**
 * Jaro–Winkler similarity (prefix scale 0.1, prefix up to 4), computed exactly as `natural`'s
 * JaroWinklerDistance (same loops, same arithmetic, so the same values; a test compares them)
 * without allocating: natural's makes two arrays and an options object per call, and on a
 * 50k × 50k run the garbage cost more than the comparisons.
 */
export function jaroWinkler(s1: string, s2: string): number {
  if (s1 === s2) return 1;
  const n1 = s1.length;
  const n2 = s2.length;
  let jaro = 0;
  if (n1 > 0 && n2 > 0) {
    if (matched1.length < n1) matched1 = new Uint8Array(n1 * 2);
    if (matched2.length < n2) matched2 = new Uint8Array(n2 * 2);
    matched1.fill(0, 0, n1);
    matched2.fill(0, 0, n2);
    const window = Math.floor(Math.max(n1, n2) / 2.0) - 1;
    let m = 0;
    for (let i = 0; i < n1; i++) {
      // The first unmatched position within the window holding the same code unit: indexOf
      // jumps between occurrences, where a loop over the window compared every position (long
      // names, as in NCIt, made this the hottest line of a run).
      const c = s1[i]!;
      const end = Math.min(i + window + 1, n2);
      let k = s2.indexOf(c, Math.max(0, i - window));
      while (k >= 0 && k < end && matched2[k] === 1) k = s2.indexOf(c, k + 1);
      if (k < 0 || k >= end) continue;
      matched1[i] = 1;
      matched2[k] = 1;
      m++;
    }
    if (m > 0) {
      let t = 0;
      let k = 0;
      for (let i = 0; i < n1; i++) {
        if (matched1[i] !== 1) continue;
        while (matched2[k] !== 1) k++;
        if (s1.charCodeAt(i) !== s2.charCodeAt(k)) t++;
        k++;
      }
      t = t / 2.0;
      jaro = (m / n1 + m / n2 + (m - t) / m) / 3.0;
    }
  }
  let l = 0;
  while (l < 4 && l < n1 && l < n2 && s1.charCodeAt(l) === s2.charCodeAt(l)) l++;
  return jaro + l * 0.1 * (1 - jaro);
}

/** Mean of normalised Levenshtein similarity and Jaro–Winkler, in [0, 1]. */
export function stringSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 0;
  const levenshtein = 1 - distance(a, b) / longest;
  return (levenshtein + jaroWinkler(a, b)) / 2;
}

/**
 * Word-pair similarities remembered in a fixed-size direct-mapped table (typed arrays, no
 * allocation per lookup, bounded memory): a colliding pair replaces the one before it. A value
 * is a function of the two words alone, so what is evicted only costs a recomputation.
 */
class PairCache {
  private readonly first: Int32Array;
  private readonly second: Int32Array;
  private readonly values: Float64Array;
  private readonly mask: number;

  constructor(words: number) {
    // Room for about 64 partners per word, between 4 Ki and 1 Mi entries (16 MiB).
    let size = 1 << 12;
    while (size < words * 64 && size < 1 << 20) size <<= 1;
    this.first = new Int32Array(size).fill(-1);
    this.second = new Int32Array(size);
    this.values = new Float64Array(size);
    this.mask = size - 1;
  }

  /** The slot of the pair (a < b). */
  slot(a: number, b: number): number {
    return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & this.mask;
  }

  has(slot: number, a: number, b: number): boolean {
    return this.first[slot] === a && this.second[slot] === b;
  }

  get(slot: number): number {
    return this.values[slot]!;
  }

  set(slot: number, a: number, b: number, value: number): void {
    this.first[slot] = a;
    this.second[slot] = b;
    this.values[slot] = value;
  }
}

/**
 * Similarities of words given as small integers, with IDF weights and a cache of word-pair
 * similarities: word pairs recur across names (`muscle`, `artery`, `left` …), and integer keys
 * avoid building a string per lookup. A worker thread builds one from the words and weights alone.
 */
export class WordSimilarity {
  private cache: PairCache | undefined;

  constructor(
    readonly words: readonly string[],
    readonly idfs: Float64Array,
  ) {}

  similarity(a: number, b: number): number {
    if (a === b) return 1;
    // Both measures are symmetric, so one entry serves both orders.
    const x = a < b ? a : b;
    const y = a < b ? b : a;
    const cache = (this.cache ??= new PairCache(this.words.length));
    const slot = cache.slot(x, y);
    if (cache.has(slot, x, y)) return cache.get(slot);
    const value = stringSimilarity(this.words[x]!, this.words[y]!);
    cache.set(slot, x, y, value);
    return value;
  }

  /**
   * Monge–Elkan similarity weighted by IDF, in both directions: each word of one name is paired
   * with its most similar word of the other. Word order does not matter, and a near-miss on a
   * rare word (`thymus`/`thymic`, `interosseus`/`interosseous`) counts for more than an exact
   * hit on a common one (`muscle`).
   */
  mongeElkan(a: Int32Array, b: Int32Array): number {
    // Each word pair is looked up once, into a table with a row per word of `a`; both
    // directions read it (the pair cache is not free either: a hash and two loads per lookup).
    const cells = a.length * b.length;
    if (this.pairs.length < cells) this.pairs = new Float64Array(cells * 2);
    const pairs = this.pairs;
    for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) pairs[i * b.length + j] = this.similarity(a[i]!, b[j]!);
    return (this.direction(a, b.length, b.length, 1) + this.direction(b, a.length, 1, b.length)) / 2;
  }

  /** Word-pair similarities of the two names being compared (scratch, reused). */
  private pairs = new Float64Array(64);

  /**
   * One direction of Monge–Elkan: word i of `xs` against the `others` words of the other name,
   * read from the pair table at i·`rowStride` + j·`columnStride`.
   */
  private direction(xs: Int32Array, others: number, rowStride: number, columnStride: number): number {
    const pairs = this.pairs;
    let total = 0;
    let weight = 0;
    for (let i = 0; i < xs.length; i++) {
      let best = 0;
      for (let j = 0; j < others && best < 1; j++) best = Math.max(best, pairs[i * rowStride + j * columnStride]!);
      const w = this.idfs[xs[i]!]!;
      total += w * best;
      weight += w;
    }
    return weight > 0 ? total / weight : 0;
  }
}

/** The words of both ontologies' names as integers, with their IDF over all names of both. */
export class WordTable extends WordSimilarity {
  /** Content-word ids of each entry, per side. */
  readonly source: Int32Array[];
  readonly target: Int32Array[];

  constructor(source: readonly TextEntry[], target: readonly TextEntry[]) {
    const ids = new Map<string, number>();
    const words: string[] = [];
    const df: number[] = [];
    const intern = (content: readonly string[]): Int32Array => {
      const wordIds = Int32Array.from(content, (w) => {
        let id = ids.get(w);
        if (id === undefined) {
          id = words.length;
          ids.set(w, id);
          words.push(w);
          df.push(0);
        }
        return id;
      });
      for (const id of new Set(wordIds)) df[id]!++;
      return wordIds;
    };
    const sourceIds = source.map((e) => intern(e.content));
    const targetIds = target.map((e) => intern(e.content));
    const n = source.length + target.length;
    super(words, Float64Array.from(df, (d) => Math.log((n + 1) / (d + 1)) + 1));
    this.source = sourceIds;
    this.target = targetIds;
  }
}

/**
 * Similarity of two names: the better of the whole strings in written order and word by word
 * (Monge–Elkan, which also covers any other word order).
 */
export function editSimilarity(aText: string, bText: string, table: WordSimilarity, aWords: Int32Array, bWords: Int32Array): number {
  const inOrder = stringSimilarity(aText, bText);
  // Word ids are the content words, so their counts are the names' word counts.
  if (inOrder === 1 || (aWords.length < 2 && bWords.length < 2)) return inOrder;
  return Math.max(inOrder, table.mongeElkan(aWords, bWords));
}

/** Marks worker data as an edit job (a test runner may load the worker module in workers of its own). */
export const EDIT_JOB = 'ioa-align/edit-similarities';

/** Source names per chunk of pair work: small enough that the two threads finish close together. */
const CHUNK_NAMES = 64;

/**
 * The name pairs `edit` compares and their similarities, worked out chunk by chunk by whichever
 * thread claims a chunk first: a worker thread from the moment the pairs are known, and the
 * calling thread once `edit`'s turn comes. Everything a worker needs is here; the arrays that
 * both threads write are shared memory, the rest is copied once.
 */
export interface EditJob {
  kind: typeof EDIT_JOB;
  words: readonly string[];
  idfs: Float64Array;
  /** Source names, then target names: content text and word ids (name i's are wordIds[wordStarts[i] … wordStarts[i + 1] - 1]). */
  texts: readonly string[];
  wordStarts: Int32Array;
  wordIds: Int32Array;
  sourceNames: number;
  /** Source name e is compared with target names targets[starts[e] … starts[e + 1] - 1]. */
  starts: Int32Array;
  targets: Int32Array;
  /** Shared: the similarity of pair k, the next chunk to claim ([0]), and 1 per chunk done. */
  values: Float64Array;
  next: Int32Array;
  done: Int32Array;
}

/** Work out one chunk's pairs and mark it done. */
function workChunk(job: EditJob, table: WordSimilarity, chunk: number): void {
  const { texts, wordStarts, wordIds, sourceNames, starts, targets, values } = job;
  const wordsOf = (name: number): Int32Array => wordIds.subarray(wordStarts[name]!, wordStarts[name + 1]!);
  const last = Math.min((chunk + 1) * CHUNK_NAMES, sourceNames);
  for (let e = chunk * CHUNK_NAMES; e < last; e++) {
    const a = texts[e]!;
    const aWords = wordsOf(e);
    for (let k = starts[e]!; k < starts[e + 1]!; k++) {
      const b = sourceNames + targets[k]!;
      values[k] = editSimilarity(a, texts[b]!, table, aWords, wordsOf(b));
    }
  }
  // A release store: the values above are visible to a thread that reads this flag as 1.
  Atomics.store(job.done, chunk, 1);
}

/** Claim chunks of the job until none is left, working out each; returns how many this thread did. */
export function workOnPairs(job: EditJob, table: WordSimilarity = new WordSimilarity(job.words, job.idfs)): number {
  const chunks = job.done.length;
  let mine = 0;
  for (let chunk = Atomics.add(job.next, 0, 1); chunk < chunks; chunk = Atomics.add(job.next, 0, 1)) {
    workChunk(job, table, chunk);
    mine++;
  }
  return mine;
}

const WORKER_FILE = new URL('./edit-worker.js', import.meta.url);

/**
 * Source names from which `edit`'s pairs are shared with a worker thread. Lower than the blocking
 * queries' PARALLEL_NAMES_FROM: this worker is started before the other generators run and works
 * while they do, so its start-up is hidden (whole process, nothing else running, medians of 5
 * alternating runs: synthetic 5k 2.48 s instead of 2.61 s, anatomy 2.74 s instead of 2.81 s).
 * Below it the pairs take less time than a worker takes to start.
 */
export const PAIR_WORKER_FROM = 2_000;

/** Pairs being worked out (see EditJob); `finish` resolves once every similarity is known. */
export interface PairWork {
  starts: Int32Array;
  targets: Int32Array;
  values: Float64Array;
  finish(): Promise<void>;
}

const shared = <T extends Int32Array | Float64Array>(Kind: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number }, length: number): T =>
  new Kind(new SharedArrayBuffer(Math.max(1, length) * Kind.BYTES_PER_ELEMENT));

/**
 * Find the pairs `edit` compares (eachCompared) and start working out their similarities: on a
 * worker thread from `parallelFrom` source names on (default PAIR_WORKER_FROM), which goes on
 * while this thread does other work until `finish` is called. `finish` claims what is left for
 * this thread, waits for the worker's last chunk, and works out any chunk a failed or stopped
 * worker left undone.
 */
async function startPairWork(
  src: PreparedOntology,
  tgt: PreparedOntology,
  table: WordTable,
  near: Neighbourhood,
  limit: number,
  candidates: number,
  parallelFrom: number,
  pacing: Pacing,
): Promise<PairWork> {
  const sourceNames = src.entries.length;
  const starts = new Int32Array(sourceNames + 1);
  const targetList: number[] = [];
  // Below the size that prefetches, this loop runs the blocking queries themselves.
  for (let e = 0; e < sourceNames; e++) {
    if (e % PACE === 0) await paceTurn(e, sourceNames, pacing);
    eachCompared(src, tgt, near, e, limit, candidates, (t) => targetList.push(t));
    starts[e + 1] = targetList.length;
  }
  pacing.onProgress?.(sourceNames, sourceNames);
  const signal = pacing.signal;
  const targets = Int32Array.from(targetList);
  const lists = [...table.source, ...table.target];
  const wordStarts = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) wordStarts[i + 1] = wordStarts[i]! + lists[i]!.length;
  const wordIds = new Int32Array(wordStarts[lists.length]!);
  for (let i = 0; i < lists.length; i++) wordIds.set(lists[i]!, wordStarts[i]!);
  const texts: string[] = [];
  for (const a of src.entries) texts.push(a.contentText);
  for (const b of tgt.entries) texts.push(b.contentText);
  const chunks = Math.ceil(sourceNames / CHUNK_NAMES);
  const job: EditJob = {
    kind: EDIT_JOB,
    words: table.words,
    idfs: table.idfs,
    texts,
    wordStarts,
    wordIds,
    sourceNames,
    starts,
    targets,
    values: shared(Float64Array, targets.length),
    next: shared(Int32Array, 1),
    done: shared(Int32Array, chunks),
  };
  const worker = sourceNames >= parallelFrom ? runInWorker<{ chunks: number }>(WORKER_FILE, job, signal) : Promise.resolve(undefined);
  return {
    starts,
    targets,
    values: job.values,
    async finish() {
      workOnPairs(job, table);
      await worker;
      // Chunks a worker claimed but did not finish (it failed, or was stopped) are done here.
      for (let chunk = 0; chunk < chunks; chunk++) if (Atomics.load(job.done, chunk) !== 1) workChunk(job, table, chunk);
    },
  };
}

/**
 * The target names `edit` compares source name `e` with, in order: its `candidates` nearest by
 * the blocking query, where the two names' languages allow a comparison.
 */
function eachCompared(src: PreparedOntology, tgt: PreparedOntology, near: Neighbourhood, e: number, limit: number, candidates: number, visit: (t: number) => void): void {
  const a = src.entries[e]!;
  const hits = near.near(e, limit);
  for (let i = 0; i < Math.min(candidates, hits.docs.length); i++) {
    const t = hits.docs[i]!;
    if (compatibleLanguages(a.lang, tgt.entries[t]!.lang)) visit(t);
  }
}

interface Settings {
  budget: number;
  candidates: number;
  parallelFrom: number;
}

/**
 * Blocking, word table and pair work for one pair of prepared ontologies. `progress`, when given,
 * hears each step by name (work started ahead has no bar of its own otherwise).
 */
async function comparePairs(
  src: PreparedOntology,
  tgt: PreparedOntology,
  settings: Settings,
  topK: number,
  signal: AbortSignal | undefined,
  progress?: (done: number, total: number, note: string) => void,
): Promise<PairWork> {
  const step = (note: string): Pacing => ({ signal, ...(progress ? { onProgress: (done: number, total: number) => progress(done, total, note) } : {}) });
  signal?.throwIfAborted();
  progress?.(0, src.entries.length, 'name vectors');
  // The same blocking as `tfidf` (and, within one run, the same cached queries).
  const { key, features } = nameFeatures();
  const near = neighbourhood(src, tgt, key, features, settings.budget);
  // Ask for the same list `tfidf` asks for, so one cached query serves both.
  const limit = neighbourLimit(topK);
  await near.prefetch(limit, step('blocking queries'));
  const table = new WordTable(src.entries, tgt.entries);
  return startPairWork(src, tgt, table, near, limit, settings.candidates, settings.parallelFrom, step('name pairs'));
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  checkSettings(config, 'edit', { budget: 'positive', candidates: 'positive', parallelFrom: 'positive', minSimilarity: 'positive', exactFrom: 'positive' });
  const settings: Settings = {
    budget: positiveOption(config, 'budget', DEFAULT_BUDGET),
    candidates: positiveOption(config, 'candidates', 16),
    parallelFrom: positiveOption(config, 'parallelFrom', PAIR_WORKER_FROM),
  };
  const minSimilarity = positiveOption(config, 'minSimilarity', 0.75);
  // At or above this raw score the two names are one name spelt differently (exactMatch);
  // below it the pair is proposed as closeMatch (relations.ts).
  const exactFrom = positiveOption(config, 'exactFrom', 0.75);
  const id = similarityGeneratorIdentity('edit', 'mean-levenshtein-jaro-winkler', exactFrom);
  // Pair work started ahead of `propose` (startAhead), for the two indexes it was started on.
  let ahead: { source: OntologyIndex; target: OntologyIndex; crossKind: boolean; signal: AbortSignal | undefined; work: Promise<PairWork> } | undefined;
  return {
    ...id,
    async startAhead(source, target, options) {
      const progress = (done: number, total: number, note: string): void => options.onProgress?.(done, total, note);
      progress(0, source.concepts.length, 'name index');
      const src = prepareOntology(source, options.crossKind);
      const tgt = prepareOntology(target, options.crossKind);
      const work = comparePairs(src, tgt, settings, options.topK, options.signal, progress);
      ahead = { source, target, crossKind: options.crossKind === true, signal: options.signal, work };
      await work;
    },
    propose: (source, target, options) =>
      perSubject(id, source, target, options, async ({ source: src, target: tgt }) => {
        const started = ahead?.source === source && ahead.target === target && ahead.crossKind === (options.crossKind === true) ? ahead : undefined;
        ahead = undefined;
        // Work stopped while it was being started left nothing to pick up: it is done here.
        const picked = started && (await started.work.catch((error: unknown) => {
          if (started.signal?.aborted) return undefined;
          throw error;
        }));
        const work = picked || (await comparePairs(src, tgt, settings, options.topK, options.signal));
        await work.finish();
        const { starts, targets, values } = work;
        return (s, scores) => {
          for (const e of src.entriesOf[s]!) {
            const a = src.entries[e]!;
            for (let k = starts[e]!; k < starts[e + 1]!; k++) {
              const similarity = values[k]!;
              if (similarity < minSimilarity) continue;
              const b = tgt.entries[targets[k]!]!;
              scores.offer(b.concept, pairWeight(a, b) * similarity, a, b);
            }
          }
        };
      }),
  };
});
