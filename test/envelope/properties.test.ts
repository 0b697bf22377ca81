/**
 * Property-based tests (fast-check): mutated documents never crash the validators, and removing
 * or retyping a required field never validates (Sections 5.4, 6.2, 6.3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IRI_SCHEMES, FINDING_CODES, validateCapability, validateDocument, validateEnvelope, validateText,
  type DocumentResult, type Finding, type ValidationResult,
} from '../../src/envelope/index.js';
import { iriProblem } from '../../src/envelope/syntax.js';
import { capability, envelope, type Json } from './helpers.js';

type Path = (string | number)[];

function allPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) value.forEach((v, i) => { out.push([...prefix, i]); allPaths(v, [...prefix, i], out); });
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) { out.push([...prefix, k]); allPaths(v, [...prefix, k], out); }
  }
  return out;
}

function parentOf(doc: Json, path: Path): [Record<string | number, unknown>, string | number] | undefined {
  let node: unknown = doc;
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[key];
  return typeof node === 'object' && node !== null ? [node as Record<string | number, unknown>, path.at(-1)!] : undefined;
}

type Mutation = { kind: 'delete' | 'replace' | 'rename' | 'insert'; at: number; value: unknown; name: string };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('delete', 'replace', 'rename', 'insert'),
  at: fc.nat(),
  value: fc.jsonValue({ maxDepth: 3 }),
  name: fc.oneof(fc.constantFrom('id', 'type', '@id', '@type', '@context', '@graph', '@reverse', 'ioa:x', 'cs:Y', 'label', 'inputs'), fc.string({ maxLength: 8 })),
});

function mutate(doc: Json, mutations: Mutation[]): Json {
  for (const m of mutations) {
    const paths = allPaths(doc);
    if (paths.length === 0) break;
    const target = parentOf(doc, paths[m.at % paths.length]!);
    if (!target) continue;
    const [parent, key] = target;
    if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1); else delete parent[key];
    } else if (m.kind === 'replace') {
      parent[key] = m.value;
    } else if (m.kind === 'rename' && !Array.isArray(parent)) {
      const v = parent[key];
      delete parent[key];
      parent[m.name] = v;
    } else if (m.kind === 'insert') {
      if (Array.isArray(parent)) parent.push(m.value); else parent[m.name] = m.value;
    }
  }
  return doc;
}

const CODES = new Set<string>(FINDING_CODES);

/** Invariants every result must satisfy, valid or not. */
function wellFormed(result: ValidationResult<unknown> | DocumentResult): void {
  expect(typeof result.ok).toBe('boolean');
  for (const f of result.findings as Finding[]) {
    expect(CODES.has(f.code)).toBe(true);
    expect(f.severity).toBe(f.code.startsWith('W_') ? 'warning' : 'error');
    expect(f.path.startsWith('$')).toBe(true);
    expect(typeof f.message).toBe('string');
    expect(f.section).toMatch(/^\d+\.\d+$/);
  }
  const errors = result.findings.filter((f) => f.severity === 'error');
  if (result.ok) {
    expect(errors).toEqual([]);
    expect(result.value).toBeDefined();
  } else {
    expect(errors.length).toBeGreaterThan(0);
    expect(result.value).toBeUndefined();
  }
}

const absolute = (iri: string | undefined): boolean => iri === undefined || iriProblem(iri, DEFAULT_IRI_SCHEMES) === undefined;

describe('mutations never crash the validators', () => {
  it('mutated 6.2 envelopes: a result, never an exception; valid results hold only absolute IRIs', async () => {
    await fc.assert(fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (ms) => {
      const result = await validateEnvelope(mutate(envelope(), ms));
      wellFormed(result);
      if (result.ok) {
        const v = result.value;
        expect([v.ontologyId, v.intentRef, v.alignmentRef, v.id, v.profileContext?.domain, ...v.capabilityRefs, ...(v.profileContext?.termBindings.map((b) => b.sense) ?? [])].every(absolute)).toBe(true);
        expect(v.ontologyVersion.trim()).not.toBe('');
        expect(v.capabilityRefs.length).toBeGreaterThan(0);
      }
    }), { numRuns: 300 });
  });

  it('mutated 6.3 advertisements and kind detection: never an exception', async () => {
    await fc.assert(fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (ms) => {
      const doc = mutate(capability(), ms);
      wellFormed(await validateCapability(doc));
      wellFormed(await validateDocument(doc));
    }), { numRuns: 200 });
  });

  it('arbitrary JSON and arbitrary text: never an exception', async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
      wellFormed(await validateEnvelope(value));
      wellFormed(await validateDocument(value, { kind: 'profile' }));
      wellFormed(await validateDocument(value, { kind: 'trust' }));
    }), { numRuns: 150 });
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
      wellFormed(await validateText(text));
    }), { numRuns: 150 });
  });
});

/** Values of another JSON type than the field's (null is JSON-LD for "absent"). */
const wrongType = fc.oneof(
  fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.constant([]),
  fc.array(fc.oneof(fc.integer(), fc.boolean()), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }).filter((k) => !k.startsWith('@')), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

describe('removing or retyping a required field never validates', () => {
  const ENVELOPE_REQUIRED = ['@context', '@type', 'ontologyId', 'ontologyVersion', 'capabilityRefs', 'intentRef'];
  const CAPABILITY_REQUIRED = ['@context', '@type', '@id', 'inputs', 'outputs'];

  it('6.2 / 5.3: without any one required field the envelope is invalid', async () => {
    for (const field of ENVELOPE_REQUIRED) {
      const r = await validateEnvelope(envelope((d) => { delete d[field]; }));
      expect([field, r.ok]).toEqual([field, false]);
    }
  });

  it('6.2 / 5.4: a required envelope field of the wrong type is invalid', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...ENVELOPE_REQUIRED.filter((f) => f !== '@context')), wrongType, async (field, value) => {
      const r = await validateEnvelope(envelope((d) => { d[field] = value; }));
      expect(r.ok).toBe(false);
      wellFormed(r);
    }), { numRuns: 300 });
  });

  it('6.3: without any one required field, or with one retyped, the advertisement is invalid', async () => {
    for (const field of CAPABILITY_REQUIRED) {
      const r = await validateCapability(capability((d) => { delete d[field]; }));
      expect([field, r.ok]).toEqual([field, false]);
    }
    await fc.assert(fc.asyncProperty(fc.constantFrom(...CAPABILITY_REQUIRED.filter((f) => f !== '@context')), wrongType, async (field, value) => {
      const r = await validateCapability(capability((d) => { d[field] = value; }));
      expect(r.ok).toBe(false);
    }), { numRuns: 200 });
  });

  it('6.2: a required term binding member removed or retyped is invalid', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('term', 'sense'), fc.option(wrongType, { nil: undefined }), async (field, value) => {
      const r = await validateEnvelope(envelope((d) => {
        const binding = ((d['profileContext'] as Json)['termBindings'] as Json[])[0]!;
        if (value === undefined) delete binding[field]; else binding[field] = value;
      }));
      expect(r.ok).toBe(false);
    }), { numRuns: 100 });
  });
});
