/**
 * S5 (12.5) and 5.3: a cached result is reused only for the very same inputs — keyed by digests of
 * every input, including the profile revision and artifact revisions — and only while no
 * artifact's validity boundary has been crossed. Any change recomputes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { CompatibilityChecker, type CheckInput } from '../../src/gate/index.js';
import { CS, LAW, NOW, artifact, artifact12_4, authorityKey, docProvider, envelope, profile, requesterOntologies, trust } from './helpers.js';

let ontologies: OntologyIndex[];
let base: CheckInput;
beforeAll(async () => {
  ontologies = await requesterOntologies();
  const key = authorityKey();
  base = { envelope: envelope(), provider: docProvider(), profile: profile(), artifacts: [artifact(artifact12_4(), key)], trust: trust(key), ontologies, now: NOW };
});

describe('revalidation cache (S5)', () => {
  it('the same inputs are served from the cache with the same verdict', () => {
    const checker = new CompatibilityChecker();
    const first = checker.check(base);
    const second = checker.check({ ...base });
    expect([first.cached, second.cached]).toEqual([false, true]);
    expect(second.outcome).toBe('Compatible');
    expect({ ...second, cached: false }).toEqual(first);
  });
  it('a caller changing the verdict it was given changes neither the cache nor the next caller\'s verdict', () => {
    const checker = new CompatibilityChecker();
    const first = checker.check(base);
    const pristine = structuredClone(first);
    first.reasons.push({ code: 'TAMPERED', message: 'added by a caller' } as never);
    first.excluded.push({ code: 'TAMPERED', message: 'added by a caller' } as never);
    first.mapping.length = 0;
    const second = checker.check({ ...base });
    second.reasons.push({ code: 'AGAIN', message: 'added by the second caller' } as never);
    const third = checker.check({ ...base });
    expect([second.cached, third.cached]).toEqual([true, true]);
    expect({ ...third, cached: false }).toEqual(pristine);
  });
  it('a new profile revision recomputes, even when nothing else in the profile changed', () => {
    const checker = new CompatibilityChecker();
    checker.check(base);
    const r2 = checker.check({ ...base, profile: profile({ revision: '2' }) });
    expect(r2.cached).toBe(false);
    expect(r2.inputs.profile?.revision).toBe('2');
  });
  it('a changed profile constraint recomputes and can change the outcome', () => {
    const checker = new CompatibilityChecker();
    expect(checker.check(base).outcome).toBe('Compatible');
    const lawOnly = checker.check({ ...base, profile: profile({ revision: '2', termBindings: { permittedDomains: [`${LAW}Law`], crossDomain: false } }) });
    expect([lawOnly.cached, lawOnly.outcome]).toEqual([false, 'Incompatible']);
  });
  it('a new artifact revision recomputes', () => {
    const checker = new CompatibilityChecker();
    checker.check(base);
    const r2 = checker.check({ ...base, artifacts: [artifact({ ...artifact12_4(), revision: '2' }, authorityKey())] });
    expect(r2.cached).toBe(false);
    expect(r2.mapping[0]).toMatchObject({ revision: '2' });
  });
  it('a changed provider advertisement recomputes', () => {
    const checker = new CompatibilityChecker();
    checker.check(base);
    const changed = checker.check({ ...base, provider: docProvider({ inputs: ['application/pdf'] }) });
    expect([changed.cached, changed.outcome]).toEqual([false, 'Incompatible']);
  });
  it('a changed request or trust policy recomputes', () => {
    const checker = new CompatibilityChecker();
    checker.check(base);
    expect(checker.check({ ...base, envelope: envelope({}, { targetLang: 'fr' }) }).cached).toBe(false);
    expect(checker.check({ ...base, trust: trust(authorityKey(), { clockSkewSeconds: 0 }) }).cached).toBe(false);
  });
  it('crossing validUntil recomputes (the cached Compatible is not reused after expiry)', () => {
    const checker = new CompatibilityChecker();
    expect(checker.check(base).outcome).toBe('Compatible');
    expect(checker.check({ ...base, now: Date.parse('2026-12-30T00:00:00Z') }).cached).toBe(true);
    const expired = checker.check({ ...base, now: Date.parse('2027-01-02T00:00:00Z') });
    expect([expired.cached, expired.outcome]).toEqual([false, 'Indeterminate']);
  });
  it('the key is the digests, not object identity: an equal copy of the profile hits', () => {
    const checker = new CompatibilityChecker();
    checker.check(base);
    expect(checker.check({ ...base, profile: structuredClone(base.profile) }).cached).toBe(true);
    expect(CompatibilityChecker.key(base)).toBe(CompatibilityChecker.key({ ...base, profile: structuredClone(base.profile) }));
    expect(CompatibilityChecker.key(base)).not.toBe(CompatibilityChecker.key({ ...base, ontologies: ontologies.slice(1) }));
  });
  it('a profile changed in place (same object) is noticed: digests are not memoised by identity', () => {
    const checker = new CompatibilityChecker();
    const mutable = profile();
    expect(checker.check({ ...base, profile: mutable }).outcome).toBe('Compatible');
    mutable.termBindings = { permittedDomains: [`${LAW}Law`], crossDomain: false };
    const again = checker.check({ ...base, profile: mutable });
    expect([again.cached, again.outcome]).toEqual([false, 'Incompatible']);
  });
  it('the term binding sense is part of the request digest', () => {
    const checker = new CompatibilityChecker();
    checker.check(base);
    const v = checker.check({ ...base, envelope: envelope({}, { termBindings: [{ term: 'LLM', sense: `${LAW}MasterOfLaws` }] }) });
    expect([v.cached, v.outcome]).toEqual([false, 'Incompatible']);
    expect(checker.check({ ...base, envelope: envelope({}, { termBindings: [{ term: 'LLM', sense: `${CS}LargeLanguageModel` }] }) }).cached).toBe(true);
  });
});
