/**
 * The test suite every generator passes (STYLE.md point 8, after unstorage's `testDriver`):
 * determinism, direction preserved, no self pairs, finite scores, ranks 1..k per subject in
 * descending score, a SKOS mapping relation on every candidate, compatible kinds only, top-k and
 * abort honoured, and the concurrency bound respected. Each generator's own test file calls `generatorSuite` and adds its regressions.
 */
import { describe, expect, it } from 'vitest';
import { MAPPING_RELATIONS, type Candidate } from '../../src/model/mapping.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { compatibleKinds } from '../../src/generators/lexical-index.js';
import type { Generator, GeneratorOptions } from '../../src/generators/types.js';
import { ontology, suiteSource, suiteTarget } from './fixtures.js';

/** Counts asynchronous work in flight, for generators that run any. */
export class ConcurrencyProbe {
  active = 0;
  max = 0;
  calls = 0;
  async track<T>(work: () => Promise<T>): Promise<T> {
    this.active++;
    this.calls++;
    this.max = Math.max(this.max, this.active);
    try {
      // A macrotask delay so that concurrent calls really overlap.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return await work();
    } finally {
      this.active--;
    }
  }
}

export interface SuiteOptions {
  /** A fresh generator (called once per test, so state cannot leak between tests). */
  make: () => Generator;
  /**
   * For generators with asynchronous work: a generator whose async dependency is wrapped in
   * the probe. Without it, the suite checks that the concurrency setting cannot change output.
   */
  instrumented?: (probe: ConcurrencyProbe) => Generator;
  /** Pairs (source local name → target local name) this generator must rank first on the suite fixture. */
  mustFind: Array<[string, string]>;
  /**
   * Two source concepts this generator relates when the source is matched with itself
   * (default Review and Critique, both labelled "review").
   */
  selfPair?: [string, string];
  /** Other fixtures than the shared English pair (e.g. a bilingual pair for `translate`). */
  fixtures?: { source: () => OntologyIndex; target: () => OntologyIndex };
}

export async function collect(generator: Generator, source: OntologyIndex, target: OntologyIndex, options: Partial<GeneratorOptions> = {}): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for await (const c of generator.propose(source, target, { topK: 10, ...options })) out.push(c);
  return out;
}

function bySubject(candidates: Candidate[]): Map<string, Candidate[]> {
  const map = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const list = map.get(c.subject) ?? [];
    list.push(c);
    map.set(c.subject, list);
  }
  return map;
}

const local = (iri: string): string => iri.split('#').pop()!;

export function generatorSuite(name: string, options: SuiteOptions): void {
  describe(`generator contract: ${name}`, () => {
    const makeSource = options.fixtures?.source ?? suiteSource;
    const makeTarget = options.fixtures?.target ?? suiteTarget;
    const source = makeSource();
    const target = makeTarget();

    it('finds the pairs it exists for, at rank 1', async () => {
      const candidates = await collect(options.make(), source, target);
      for (const [s, t] of options.mustFind) {
        const hit = candidates.find((c) => local(c.subject) === s && local(c.object) === t);
        expect(hit, `${s} → ${t}`).toBeDefined();
        expect(hit!.rank, `${s} → ${t}`).toBe(1);
      }
    });

    it('is deterministic across runs and instances', async () => {
      const generator = options.make();
      const first = await collect(generator, source, target);
      const second = await collect(generator, source, target);
      const third = await collect(options.make(), makeSource(), makeTarget());
      expect(first.length).toBeGreaterThan(0);
      expect(second).toEqual(first);
      expect(third).toEqual(first);
    });

    it('preserves direction: subjects come from the source, objects from the target', async () => {
      const generator = options.make();
      const forward = await collect(generator, source, target);
      const backward = await collect(generator, target, source);
      expect(forward.length).toBeGreaterThan(0);
      expect(backward.length).toBeGreaterThan(0);
      for (const c of forward) {
        expect(source.byIri.has(c.subject)).toBe(true);
        expect(target.byIri.has(c.object)).toBe(true);
      }
      for (const c of backward) {
        expect(target.byIri.has(c.subject)).toBe(true);
        expect(source.byIri.has(c.object)).toBe(true);
      }
    });

    it('never pairs a concept with itself', async () => {
      // Matching the source with itself: related concepts find each other, never themselves.
      const [a, b] = options.selfPair ?? ['Review', 'Critique'];
      const candidates = await collect(options.make(), source, source);
      expect(candidates.some((c) => local(c.subject) === a && local(c.object) === b)).toBe(true);
      for (const c of candidates) expect(c.subject).not.toBe(c.object);
    });

    it('gives finite raw scores in (0, 1] (SSSOM similarity_score range) and complete candidates', async () => {
      const generator = options.make();
      const candidates = await collect(generator, source, target);
      for (const c of candidates) {
        expect(Number.isFinite(c.score)).toBe(true);
        expect(c.score).toBeGreaterThan(0);
        expect(c.score).toBeLessThanOrEqual(1);
        expect(c.generator).toBe(generator.name);
        expect(c.measure).toBe(generator.measure);
        expect(c.justification).toBe(generator.justification);
        expect(MAPPING_RELATIONS).toContain(c.predicate);
        expect(c.evidence.length).toBeGreaterThan(0);
        for (const e of c.evidence) expect(e.generator).toBe(generator.name);
      }
    });

    it('ranks 1..k per subject in descending score, at most top-k', async () => {
      for (const topK of [1, 2, 10]) {
        const candidates = await collect(options.make(), source, target, { topK });
        for (const [, list] of bySubject(candidates)) {
          expect(list.length).toBeLessThanOrEqual(topK);
          expect(list.map((c) => c.rank)).toEqual(list.map((_, i) => i + 1));
          for (let i = 1; i < list.length; i++) expect(list[i]!.score).toBeLessThanOrEqual(list[i - 1]!.score);
          // One candidate per (object, relation): a pair may carry two relations, never one twice.
          expect(new Set(list.map((c) => `${c.object} ${c.predicate}`)).size).toBe(list.length);
        }
      }
    });

    it('only pairs compatible kinds (class↔class, property↔property, capability↔capability …)', async () => {
      const candidates = await collect(options.make(), source, target);
      for (const c of candidates) {
        expect(compatibleKinds(source.byIri.get(c.subject)!.kind, target.byIri.get(c.object)!.kind), `${c.subject} → ${c.object}`).toBe(true);
      }
    });

    it('respects the concurrency bound', async () => {
      if (options.instrumented) {
        for (const bound of [1, 2]) {
          const probe = new ConcurrencyProbe();
          await collect(options.instrumented(probe), source, target, { concurrency: bound });
          expect(probe.calls).toBeGreaterThan(0);
          expect(probe.max).toBeLessThanOrEqual(bound);
        }
      } else {
        // Synchronous generators run no concurrent work: the setting must not change anything.
        const one = await collect(options.make(), source, target, { concurrency: 1 });
        const many = await collect(options.make(), source, target, { concurrency: 8 });
        expect(many).toEqual(one);
      }
    });

    it('stops when aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(collect(options.make(), source, target, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    });

    it('reports progress up to the number of source concepts', async () => {
      const seen: Array<[number, number]> = [];
      await collect(options.make(), source, target, { onProgress: (d, t) => seen.push([d, t]) });
      expect(seen.at(-1)).toEqual([source.concepts.length, source.concepts.length]);
    });

    it('handles an empty ontology on either side without output or error', async () => {
      const empty = ontology('empty', []);
      expect(await collect(options.make(), empty, target)).toEqual([]);
      expect(await collect(options.make(), source, empty)).toEqual([]);
    });
  });
}
