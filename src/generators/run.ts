/**
 * Running several generators and fusing them: what `propose` and the benchmark harness call.
 * Generators run one after another on this thread: they are CPU-bound, and running `wordnet` in a
 * worker thread beside the others was measured slower on two shared cores (the worker must load
 * and index the ontologies again: benchmarks/lexical/worker-experiment.mjs). What goes to a
 * second thread is work made of arrays, where nothing is prepared twice: `edit`'s pair
 * similarities, started ahead of the other generators (startAhead), and on large runs the
 * blocking queries (blocking.ts).
 */
import type { Candidate } from '../model/mapping.js';
import { IoaError } from '../model/errors.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import type { FusedCandidate, FusionOptions } from './fusion.js';
import { fuseForVocabularies } from './record-relations.js';
import { forgetPrepared } from './lexical-index.js';
import { releaseWordNetFiles } from './wordnet-lexicon.js';
import { DEFAULT_GENERATORS, GENERATORS, type GeneratorName } from './registry.js';
import type { Generator, GeneratorConfig, GeneratorOptions } from './types.js';

export function isGeneratorName(name: string): name is GeneratorName {
  return Object.prototype.hasOwnProperty.call(GENERATORS, name);
}

/**
 * What `--generators` asked for: nothing (the lexical default), `all` (every registered
 * generator), or a list of names. `propose` and `bench` both parse the option with this one
 * function, so both accept the same spellings and refuse the same mistakes.
 */
export type GeneratorChoice =
  | { kind: 'default'; names: GeneratorName[] }
  | { kind: 'all'; names: GeneratorName[] }
  | { kind: 'named'; names: GeneratorName[] };

/**
 * Parse `a,b` or `all`; unknown names are a usage error listing the choices. Absent means the
 * default set; given but empty (`--generators ""`, an unset shell variable) names none and is an
 * error, like `--generators ,`, rather than quietly the default.
 */
export function parseGeneratorChoice(list: string | undefined): GeneratorChoice {
  if (list === undefined) return { kind: 'default', names: [...DEFAULT_GENERATORS] };
  const names = [...new Set(list.split(',').map((n) => n.trim()).filter(Boolean))];
  if (names.includes('all')) {
    if (names.length > 1) throw new IoaError('E_USAGE', `"all" already names every generator; do not list others beside it (got ${names.join(', ')})`, { path: '--generators' });
    return { kind: 'all', names: Object.keys(GENERATORS) as GeneratorName[] };
  }
  const unknown = names.filter((n) => !isGeneratorName(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new IoaError('E_UNKNOWN_GENERATOR', `unknown generator(s): ${unknown.join(', ') || '(none given)'}; choose from ${Object.keys(GENERATORS).join(', ')}, or all`, { path: '--generators' });
  }
  return { kind: 'named', names: names as GeneratorName[] };
}

/** The generator names `--generators` selects (see {@link parseGeneratorChoice}). */
export function parseGeneratorList(list: string | undefined): GeneratorName[] {
  return parseGeneratorChoice(list).names;
}

export async function loadGenerator(name: GeneratorName, config?: GeneratorConfig): Promise<Generator> {
  const factory = await GENERATORS[name]();
  return factory(config);
}

export interface RunOptions extends Omit<GeneratorOptions, 'onProgress'> {
  /** Registry names, or generator objects (a library user's own, fused like the built-in ones under their `name`). */
  generators: readonly (GeneratorName | Generator)[];
  /** Per-generator settings, by generator name. */
  config?: Partial<Record<GeneratorName, GeneratorConfig>>;
  /** Candidates each member keeps per subject before fusion (default: topK). */
  memberTopK?: number;
  fusion?: Omit<FusionOptions, 'topK'>;
  /** False: return the members unfused, for a caller that fuses them its own way (two releases of one ontology). Default true. */
  fuse?: boolean;
  onProgress?: (event: RunProgress) => void;
  /**
   * Once every generator has run, before fusion, forget what they cached on the two indexes and
   * the WordNet files (see forgetPrepared): for a one-off run, which needs the memory more than a
   * later run would need the caches. Default false (benchmarks run many configurations on one
   * pair of indexes).
   */
  releaseCaches?: boolean;
}

/**
 * Progress of a run, step by step:
 * - `ahead`: work a generator starts before any generator runs (`edit`'s blocking queries and
 *   name pairs), each of its steps named by `note` and counted from 0;
 * - `generate`: a generator's own run, `done` of `total` source concepts (0 when it starts to
 *   prepare); a long preparation may report its own steps first, named by `note`;
 * - `fuse`: fusing the members, 0 of `total` member candidates when it starts, all when it ends.
 */
export interface RunProgress {
  stage: 'ahead' | 'generate' | 'fuse';
  /** The generator (`ahead`, `generate`). */
  generator?: string;
  note?: string;
  done: number;
  total: number;
}

/**
 * What a progress bar is labelled for each step of a run: `preparing` for work started ahead, the
 * generator's name, `fusing`.
 */
export function stepLabel(event: { stage: string; generator?: string | undefined }): string {
  return event.stage === 'ahead' ? 'preparing' : event.stage === 'fuse' ? 'fusing' : (event.generator ?? 'generator');
}

/** Run progress as (step label, done, total), for callers that draw one bar per step. */
export function progressBySteps(report: (step: string, done: number, total: number) => void): (event: RunProgress) => void {
  return (event) => report(stepLabel(event), event.done, event.total);
}

export interface RunResult {
  /** Each member's own candidates, in generator order then source order. */
  members: Candidate[];
  /** Present when more than one generator ran. */
  fused?: FusedCandidate[];
  /** Wall time per generator in milliseconds. */
  timings: Record<string, number>;
}

export async function runGenerators(source: OntologyIndex, target: OntologyIndex, options: RunOptions): Promise<RunResult> {
  const timings: Record<string, number> = {};
  const warned = new Set<string>();
  const onWarning = (message: string): void => {
    if (warned.has(message)) return;
    warned.add(message);
    options.onWarning?.(message);
  };
  const memberTopK = options.memberTopK ?? options.topK;
  const names = options.generators.map((g) => (typeof g === 'string' ? g : g.name));
  const optionsFor = (name: string): GeneratorOptions => {
    const generatorOptions: GeneratorOptions = {
      topK: options.generators.length > 1 ? memberTopK : options.topK,
      onWarning,
      onProgress: (done, total, note) => options.onProgress?.({ stage: 'generate', generator: name, done, total, ...(note ? { note } : {}) }),
    };
    if (options.concurrency !== undefined) generatorOptions.concurrency = options.concurrency;
    if (options.signal) generatorOptions.signal = options.signal;
    if (options.crossKind) generatorOptions.crossKind = true;
    if (options.pairSameIri) generatorOptions.pairSameIri = true;
    return generatorOptions;
  };
  /** Run one generator's part, adding its wall time; a failure other than ours or an abort names the generator. */
  const timed = async (name: string, part: () => Promise<void>): Promise<void> => {
    const started = performance.now();
    try {
      await part();
    } catch (error) {
      if (error instanceof IoaError || (error as Error)?.name === 'AbortError' || (options.signal?.aborted && error === options.signal.reason)) throw error;
      throw new IoaError('E_GENERATOR_FAILED', `generator ${name} failed: ${(error as Error)?.message ?? String(error)}`, {}, { cause: error });
    }
    timings[name] = (timings[name] ?? 0) + performance.now() - started;
  };
  const generators = await Promise.all(options.generators.map((entry) => (typeof entry === 'string' ? loadGenerator(entry, options.config?.[entry]) : entry)));
  // Work a generator can start ahead goes on on another thread while the others run; those
  // generators run last, so that work has the longest head start. Members keep the list's order.
  const endOfRun = new AbortController();
  const stopAhead = options.signal ? AbortSignal.any([options.signal, endOfRun.signal]) : endOfRun.signal;
  const order: number[] = [];
  const later: number[] = [];
  const own: Candidate[][] = generators.map(() => []);
  try {
    for (let i = 0; i < generators.length; i++) {
      const generator = generators[i]!;
      if (!generator.startAhead) {
        order.push(i);
        continue;
      }
      const name = names[i]!;
      const onProgress = (done: number, total: number, note?: string): void => options.onProgress?.({ stage: 'ahead', generator: name, done, total, ...(note ? { note } : {}) });
      await timed(name, () => generator.startAhead!(source, target, { ...optionsFor(name), signal: stopAhead, onProgress }));
      later.push(i);
    }
    for (const i of [...order, ...later]) {
      await timed(names[i]!, async () => {
        for await (const candidate of generators[i]!.propose(source, target, optionsFor(names[i]!))) own[i]!.push(candidate);
      });
    }
  } finally {
    endOfRun.abort();
  }
  if (options.releaseCaches) {
    forgetPrepared(source);
    forgetPrepared(target);
    releaseWordNetFiles();
  }
  const members = own.flat();
  const result: RunResult = { members, timings: Object.fromEntries(names.filter((n) => n in timings).map((n) => [n, timings[n]!])) };
  if (options.generators.length > 1 && options.fuse !== false) {
    options.onProgress?.({ stage: 'fuse', done: 0, total: members.length });
    // Agent records are offerings: their resemblance to a taxonomy class is proposed as broader.
    result.fused = fuseForVocabularies(members, { generators: names, ...options.fusion, topK: options.topK }, source, target);
    options.onProgress?.({ stage: 'fuse', done: members.length, total: members.length });
  }
  return result;
}

/**
 * The ranked candidates of a run, what `propose` writes: the fused list (each candidate with its
 * members) when several generators ran, else the one generator's own list.
 */
export function rankedCandidates(result: RunResult): Array<Candidate & { members?: readonly Candidate[] }> {
  return result.fused ?? result.members;
}

/**
 * Every candidate of a run as separate rows: with fusion, each fused mapping's member
 * candidates (own justification, raw score and measure) followed by the fused candidate. A member
 * row states the fused mapping's relation: it is that mapping's evidence (a `tfidf` member that
 * alone said closeMatch supports a fused exactMatch that `exact` established), so every row of
 * one mapping carries one predicate and a reviewer filtering on it sees all of them.
 */
export function candidatesForExport(result: RunResult): Candidate[] {
  if (!result.fused) return result.members;
  return result.fused.flatMap(({ members, ...fused }) => [...members.map((m) => (m.predicate === fused.predicate ? m : { ...m, predicate: fused.predicate })), fused]);
}
