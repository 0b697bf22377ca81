/**
 * Artifact upgrade and merge: unchanged concepts carry their rules into an unsigned draft (with
 * provenance), everything else goes to a review file with the relation composed through the
 * version change, and the merge joins the carried rules with the reviewed rows — never signing,
 * never widening a rule's conditions.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, readCandidates } from '../../src/api/index.js';
import { readArtifact } from '../../src/gate/artifact-tools.js';
import { validateArtifact } from '../../src/gate/artifact.js';
import type { MappingSet } from '../../src/model/mapping.js';
import { candidatesToMappingSet } from '../../src/exchange/index.js';
import { diffVersions } from '../../src/versions/diff.js';
import { NO_TERM_FOUND, versionAlignmentSet } from '../../src/versions/alignment-file.js';
import { mergeDraft } from '../../src/versions/merge.js';
import { nextRevision, upgradeArtifact } from '../../src/versions/upgrade.js';
import { rejectedIoaError, thrownIoaError } from '../helpers/errors.js';

const FIX = join(import.meta.dirname, 'fixtures');
const zoo = (name: string): string => `http://example.org/zoo#${name}`;
const app = (name: string): string => `http://example.org/app#${name}`;
const [oldZoo, newZoo] = await Promise.all([loadOntology(join(FIX, 'zoo-1.0.ttl')), loadOntology(join(FIX, 'zoo-2.0.ttl'))]);

const EN = { sourceLang: 'en' };
/** An artifact from an app's vocabulary to zoo 1.0: one rule per kind of change. */
const doc = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  artifactId: 'https://example.org/align/app-zoo', revision: '4',
  sourceOntologyId: 'http://example.org/app', sourceOntologyVersion: '3',
  targetOntologyId: 'http://example.org/zoo', targetOntologyVersion: '1.0',
  direction: 'source-to-target', assertedBy: 'https://example.org/authority', validUntil: '2030-01-01T00:00:00Z',
  mappingRules: [
    { from: app('dog'), to: zoo('Dog'), conditions: EN },
    { from: app('kitten'), to: zoo('Cat'), relation: 'skos:broadMatch', conditions: EN, comment: 'kittens are cats' },
    { from: app('songbird'), to: zoo('Songbird'), conditions: EN },
    { from: app('fish'), to: zoo('Fish'), conditions: {} },
    { from: app('insect'), to: zoo('Insect'), conditions: EN },
    { from: app('moth'), to: zoo('Insect'), relation: 'skos:broadMatch', conditions: {} },
    { from: app('reptile'), to: zoo('Reptile'), conditions: {} },
  ],
  ...overrides,
});

describe('artifact upgrade (target side, computed version alignment)', async () => {
  const artifact = await readArtifact(doc());
  const result = await upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: newZoo });
  const rows = (rule: number) => result.review.mappings.filter((m) => m.extensions?.rule_index === String(rule)).map((m) => [m.subjectId, m.predicateId, 'objectId' in m ? m.objectId : '']);

  it('carries the rules of unchanged concepts: same other end, relation and conditions, the new IRI, provenance', () => {
    expect(result.carried.map((c) => c.index)).toEqual([0, 1]);
    const rules = (result.draft.mappingRules as Array<Record<string, unknown>>);
    expect(rules[1]).toEqual({
      from: app('kitten'), to: zoo('Cat'), relation: 'skos:broadMatch', conditions: EN, comment: 'kittens are cats',
      provenance: {
        derivedFrom: { revision: '4', rule: 1, from: app('kitten'), to: zoo('Cat'), relation: 'skos:broadMatch' },
        how: 'carried', why: 'target concept unchanged in 2.0: same-iri, same label, definition reworded',
        versionMapping: { subject: zoo('Cat'), predicate: 'skos:exactMatch', object: zoo('Cat') },
      },
    });
  });

  it('the draft is the next revision for the new release, unsigned, with the upgrade record', () => {
    expect(result.draft).toMatchObject({ revision: '5', targetOntologyVersion: '2.0', sourceOntologyVersion: '3', derivedFrom: 'https://example.org/align/app-zoo revision 4' });
    expect(result.draft.signature).toBeUndefined();
    expect(result.draft.upgrade).toMatchObject({ side: 'target', previous: { revision: '4', digest: artifact.digest, version: '1.0' }, to: { version: '2.0' } });
    // Not an artifact until merged: validation says what it is.
    const check = validateArtifact(result.draft);
    expect(check.ok).toBe(false);
    expect(check.findings.find((f) => f.path === '$.upgrade')?.message).toContain('upgrade draft');
  });

  it('an = rule through a < change is proposed as broadMatch in review, never carried (Songbird merged into Bird)', () => {
    expect(result.pending.map((p) => p.index)).toContain(2);
    expect(rows(2)[0]).toEqual([app('songbird'), 'skos:broadMatch', zoo('Bird')]);
  });

  it('a relabelled concept, a dissolved one and a composition that yields nothing all go to review', () => {
    expect(rows(3)[0]).toEqual([app('fish'), 'skos:exactMatch', zoo('Fish')]);
    expect(rows(4).slice(0, 2)).toEqual([[app('insect'), 'skos:narrowMatch', zoo('Crawler')], [app('insect'), 'skos:narrowMatch', zoo('Flyer')]]);
    // moth ⊑ Insect ⊒ Crawler: nothing follows; the reviewer chooses (closeMatch proposed).
    expect(rows(5).slice(0, 2).map((r) => r[1])).toEqual(['skos:closeMatch', 'skos:closeMatch']);
  });

  it('review rows keep the rule\'s conditions and say where they come from', () => {
    const row = result.review.mappings.find((m) => m.extensions?.rule_index === '4')!;
    expect(row.justification).toBe('semapv:MappingChaining');
    expect(row.extensions).toMatchObject({ rule_conditions: JSON.stringify(EN), previous_concept: zoo('Insect'), version_relation: 'skos:narrowMatch', version_change: 'split' });
    expect(row.comment).toContain('rule 4');
    expect(result.review.metadata).toMatchObject({ subjectSource: 'http://example.org/app', subjectSourceVersion: '3', objectSource: 'http://example.org/zoo', objectSourceVersion: '2.0' });
    // A candidate file like any other: one candidate per row, ranked within its subject.
    const candidates = readCandidates(result.review);
    expect(candidates).toHaveLength(result.review.mappings.length);
    expect(candidates.filter((c) => c.subject === app('insect')).map((c) => c.rank)).toEqual([1, 2, ...candidates.filter((c) => c.subject === app('insect')).slice(2).map((_, i) => i + 3)]);
  });
});

describe('artifact upgrade with a given version alignment (--via)', async () => {
  const artifact = await readArtifact(doc());
  const diff = await diffVersions(oldZoo, newZoo);
  const alignment = versionAlignmentSet(diff, oldZoo, newZoo);
  const reviewed = (set: MappingSet, subject: string): MappingSet => ({
    ...set, mappings: set.mappings.map((m) => ('subjectId' in m && m.subjectId === subject ? { ...m, justification: 'semapv:ManualMappingCuration' } : m)),
  });

  it('carries through reviewed exactMatch rows and unreviewed rows that pass the identity test; drops concepts stated removed', async () => {
    const result = await upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: newZoo, via: reviewed(alignment, zoo('Fish')), viaFile: 'va.sssom.tsv' });
    expect(result.carried.map((c) => c.index)).toEqual([0, 1, 3]); // Fish's relabel was accepted by a reviewer
    expect(result.carried[2]!.why).toContain('reviewed exactMatch');
    expect(result.dropped.map((d) => [d.index, d.why])).toEqual([[6, 'removed in the new release (version alignment); no candidate in 2.0']]);
    expect(result.draft.upgrade).toMatchObject({ versionAlignment: { given: 'va.sssom.tsv' } });
    expect(result.diff).toBeUndefined();
  });

  it('an unreviewed identity row does not carry a concept another old concept went into whole (a row to its successor says it is broader): the same test as a computed diff', async () => {
    const before = await upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: newZoo, via: alignment });
    const kept = before.carried[0]!;
    const other = oldZoo.concepts.find((c) => c.iri !== kept.rule.to && !c.parents.includes(kept.rule.to) && !before.carried.some((x) => x.rule.to === c.iri))!;
    const merged: MappingSet = {
      ...alignment,
      mappings: [...alignment.mappings.filter((m) => !('subjectId' in m && m.subjectId === other.iri)),
        { subjectId: other.iri, predicateId: 'skos:broadMatch', objectId: kept.carried.to, justification: 'semapv:LexicalMatching' }],
    };
    const after = await upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: newZoo, via: merged });
    expect(after.carried.map((c) => c.index)).not.toContain(kept.index);
    expect(after.pending.find((p) => p.index === kept.index)!.why).toContain(`other concept of the old release went into it (${other.iri}): broader now`);
  });

  it('refuses a version alignment over other releases (E_VERSION_MISMATCH)', async () => {
    const other: MappingSet = { ...alignment, mappings: alignment.mappings.map((m) => ('subjectId' in m && m.subjectId === zoo('Dog') ? { ...m, subjectId: 'http://example.org/garden#Rose' } : m)) };
    const e = await rejectedIoaError(upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: newZoo, via: other }));
    expect(e.code).toBe('E_VERSION_MISMATCH');
    expect(e.message).toContain('garden#Rose');
    const versions = { ...alignment, metadata: { ...alignment.metadata, objectSourceVersion: '3.0' } };
    expect((await rejectedIoaError(upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: newZoo, via: versions }))).code).toBe('E_VERSION_MISMATCH');
  });
});

describe('bad input to an upgrade', async () => {
  it('an artifact that covers another version than OLD (E_VERSION_MISMATCH), or another ontology', async () => {
    const wrongVersion = await readArtifact(doc({ targetOntologyVersion: '0.9' }));
    const e = await rejectedIoaError(upgradeArtifact(wrongVersion, { side: 'target', old: oldZoo, new: newZoo }));
    expect([e.code, e.location.path]).toEqual(['E_VERSION_MISMATCH', '$.targetOntologyVersion']);
    const wrongSide = await readArtifact(doc());
    expect((await rejectedIoaError(upgradeArtifact(wrongSide, { side: 'source', old: oldZoo, new: newZoo }))).code).toBe('E_VERSION_MISMATCH');
  });

  it('OLD and NEW that are not releases of one ontology (E_VERSION_SERIES), unless forced', async () => {
    const other = await loadOntology(join(FIX, 'other.ttl'));
    const artifact = await readArtifact(doc());
    expect((await rejectedIoaError(upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: other }))).code).toBe('E_VERSION_SERIES');
  });

  it('a revision that is not a whole number must be given (E_USAGE)', () => {
    expect(nextRevision('41')).toBe('42');
    expect(thrownIoaError(() => nextRevision('2026-a')).code).toBe('E_USAGE');
  });
});

describe('artifact upgrade on the source side', async () => {
  it('composes through the inverse of the version change: a dissolved source concept gives narrower new concepts', async () => {
    const artifact = await readArtifact({
      artifactId: 'https://example.org/align/zoo-app', revision: '1',
      sourceOntologyId: 'http://example.org/zoo', sourceOntologyVersion: '1.0', targetOntologyId: 'http://example.org/app', targetOntologyVersion: '3',
      direction: 'source-to-target', assertedBy: 'https://example.org/authority', validUntil: '2030-01-01T00:00:00Z',
      mappingRules: [{ from: zoo('Insect'), to: app('bug'), conditions: {} }, { from: zoo('Dog'), to: app('dog'), conditions: {} }],
    });
    const result = await upgradeArtifact(artifact, { side: 'source', old: oldZoo, new: newZoo });
    expect(result.draft).toMatchObject({ sourceOntologyVersion: '2.0', targetOntologyVersion: '3', mappingRules: [{ from: zoo('Dog'), to: app('dog') }] });
    const ofRule = result.review.mappings.filter((m) => m.extensions?.rule_index === '0');
    // Crawler ⊑ Insect (old) = bug: the new concept is narrower than the rule's target; so are
    // Flyer, and Beetle and Butterfly, whose definitions name Insect as their genus.
    const narrower = ofRule.filter((m) => m.predicateId === 'skos:broadMatch' && m.objectId === app('bug')).map((m) => m.subjectId);
    expect(narrower.slice(0, 4).sort()).toEqual([zoo('Beetle'), zoo('Butterfly'), zoo('Crawler'), zoo('Flyer')]);
  });
});

describe('merge: the carried rules and the reviewed rows become the new revision', async () => {
  const artifact = await readArtifact(doc());
  const result = await upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: newZoo });
  /** The review file with its first row per rule accepted (as a reviewer in the review page would). */
  const accept = (set: MappingSet, keepConditions = true): MappingSet => ({
    ...set,
    mappings: set.mappings.map((m) => {
      if (m.extensions?.candidate_rank === undefined) return m;
      const first = !set.mappings.some((x) => x !== m && x.extensions?.rule_index === m.extensions?.rule_index && Number(x.extensions?.candidate_rank) < Number(m.extensions?.candidate_rank) && ('subjectId' in x && 'subjectId' in m && x.subjectId === m.subjectId));
      // The moth rule (no relation follows) and the removed reptile's faint candidates are left unreviewed.
      if (!first || m.extensions.rule_index === '5' || m.extensions.rule_index === '6') return m;
      const extensions = { ...m.extensions };
      if (!keepConditions) delete extensions.rule_conditions;
      return { ...m, justification: 'semapv:ManualMappingCuration', reviewerId: ['orcid:0000-0002-1825-0097'], extensions };
    }),
  });

  it('carried first, then one rule per accepted row, with its conditions and provenance; unresolved rules are reported', () => {
    const merged = mergeDraft(result.draft, accept(result.review), { file: 'reviewed.sssom.tsv' });
    expect(merged.document.upgrade).toBeUndefined();
    expect([merged.carried, merged.reviewed]).toEqual([2, 3]);
    const rules = merged.artifact.mappingRules;
    expect(rules.map((r) => [r.from, r.relation ?? 'skos:exactMatch', r.to])).toEqual([
      [app('dog'), 'skos:exactMatch', zoo('Dog')],
      [app('kitten'), 'skos:broadMatch', zoo('Cat')],
      [app('songbird'), 'skos:broadMatch', zoo('Bird')],
      [app('fish'), 'skos:exactMatch', zoo('Fish')],
      [app('insect'), 'skos:narrowMatch', zoo('Crawler')],
    ]);
    expect(rules[2]!.conditions).toEqual(EN);
    expect(rules[2]!.provenance).toMatchObject({ how: 'reviewed', derivedFrom: { revision: '4', rule: 2, to: zoo('Songbird') }, versionMapping: { subject: zoo('Songbird'), predicate: 'skos:broadMatch', object: zoo('Bird') }, reviewers: ['orcid:0000-0002-1825-0097'] });
    expect(merged.unresolved.map((u) => u.rule)).toEqual([5, 6]);
    expect(merged.artifact.revision).toBe('5');
  });

  it('refuses an accepted row without rule_conditions (the rule would apply to every task)', () => {
    const e = thrownIoaError(() => mergeDraft(result.draft, accept(result.review, false), { file: 'reviewed.sssom.tsv' }));
    expect(e.code).toBe('E_ARTIFACT_BUILD');
    expect(e.message).toContain('rule_conditions');
  });

  it('a reviewed file whose subject_source is written as a CURIE (SSSOM\'s form) is the review of this draft, as artifact build reads it', () => {
    const reviewed = accept(result.review);
    const iri = String(result.draft.sourceOntologyId);
    const cut = Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1;
    const curie = { ...reviewed, metadata: { ...reviewed.metadata, subjectSource: `src_onto:${iri.slice(cut)}`, curieMap: { ...reviewed.metadata.curieMap, src_onto: iri.slice(0, cut) } } };
    expect(mergeDraft(result.draft, curie, { file: 'reviewed.sssom.tsv' }).artifact.mappingRules).toEqual(mergeDraft(result.draft, reviewed, { file: 'reviewed.sssom.tsv' }).artifact.mappingRules);
  });

  it('refuses a reviewed file of another upgrade (E_VERSION_MISMATCH), and what is not a draft (E_INVALID_DOCUMENT)', () => {
    const other = { ...result.review, metadata: { ...result.review.metadata, objectSourceVersion: '9.9' } };
    expect(thrownIoaError(() => mergeDraft(result.draft, other)).code).toBe('E_VERSION_MISMATCH');
    expect(thrownIoaError(() => mergeDraft(doc(), undefined)).code).toBe('E_INVALID_DOCUMENT');
  });

  it('with nothing carried and nothing accepted, there is nothing to build (E_ARTIFACT_BUILD)', async () => {
    const strict = await upgradeArtifact(artifact, { side: 'target', old: oldZoo, new: newZoo, strictDefinitions: true });
    expect(strict.carried.map((c) => c.index)).toEqual([0]);
    const none = await upgradeArtifact(await readArtifact(doc({ mappingRules: [{ from: app('fish'), to: zoo('Fish'), conditions: {} }] })), { side: 'target', old: oldZoo, new: newZoo });
    expect(none.draft.mappingRules).toEqual([]);
    expect(thrownIoaError(() => mergeDraft(none.draft, none.review)).code).toBe('E_ARTIFACT_BUILD');
  });

  it('a candidate file that is not from an upgrade merges too when its accepted rows state their conditions', () => {
    const set = candidatesToMappingSet([], { source: oldZoo, target: newZoo });
    expect(thrownIoaError(() => mergeDraft(result.draft, { ...set, mappings: [{ subjectId: app('x'), predicateId: 'skos:exactMatch', objectId: NO_TERM_FOUND, justification: 'semapv:ManualMappingCuration' }] })).code).toBe('E_VERSION_MISMATCH');
  });
});
