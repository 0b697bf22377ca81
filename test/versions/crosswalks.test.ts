/**
 * The OASF version crosswalks shipped in corpora/agents/crosswalks: each reads as the version
 * alignment of its two bundled releases, the rows marked reviewed are exactly the ones a person
 * checked, and a checked row is what lets `artifact upgrade --via` carry a rule whose term was
 * renamed (without the mark it goes to review).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMappingFile } from '../../src/exchange/index.js';
import { validateArtifact } from '../../src/gate/artifact.js';
import type { MappingSet } from '../../src/model/mapping.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { readVersionAlignment } from '../../src/versions/alignment-file.js';
import { upgradeArtifact } from '../../src/versions/upgrade.js';

const AGENTS = join(import.meta.dirname, '../../corpora/agents');
const lines = (file: string): string[] => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));

let v080: OntologyIndex;
let v100: OntologyIndex;
let v110: OntologyIndex;
const crosswalk: Record<string, MappingSet> = {};
beforeAll(async () => {
  [v080, v100, v110] = await Promise.all([loadVocabulary(join(AGENTS, 'oasf', 'v0.8.0')), loadVocabulary(join(AGENTS, 'oasf', 'v1.0.4')), loadVocabulary(join(AGENTS, 'oasf', 'v1.1.1'))]);
  for (const name of ['oasf-0.8.0-to-1.0.0', 'oasf-1.0.0-to-1.1.0', 'oasf-0.8.0-to-1.1.0']) crosswalk[name] = await readMappingFile(join(AGENTS, 'crosswalks', `${name}.sssom.tsv`));
});

/** An artifact with one rule to the 0.8.0 skill feature_extraction (renamed from "Module Extraction" in 1.0.0). */
function featureExtractionArtifact(): ReturnType<typeof validateArtifact> {
  return validateArtifact({
    artifactId: 'https://example.org/align/x', revision: '1',
    sourceOntologyId: 'https://example.org/records', sourceOntologyVersion: '1',
    targetOntologyId: 'https://schema.oasf.outshift.com/0.8.0', targetOntologyVersion: '0.8.0',
    direction: 'source-to-target', assertedBy: 'https://example.org/directory', validUntil: '2027-12-31T00:00:00Z',
    mappingRules: [{ from: 'https://example.org/records#a', to: 'https://schema.oasf.outshift.com/0.8.0/skills/feature_extraction', conditions: {} }],
  });
}

describe('OASF crosswalks', () => {
  it('each is the version alignment of its releases; the reviewed rows are the checked ones, the rest candidates', () => {
    const reviewed = (set: MappingSet): string[] => set.mappings.filter((m) => m.justification === 'semapv:MappingReview').map((m) => `${(m as { subjectId: string }).subjectId} ${m.predicateId} ${(m as { objectId: string }).objectId}`);
    expect(readVersionAlignment(crosswalk['oasf-0.8.0-to-1.0.0']!, v080, v100).rows.filter((r) => r.reviewed)).toHaveLength(36);
    expect(readVersionAlignment(crosswalk['oasf-1.0.0-to-1.1.0']!, v100, v110).rows.filter((r) => r.reviewed)).toHaveLength(111);
    expect(readVersionAlignment(crosswalk['oasf-0.8.0-to-1.1.0']!, v080, v110).rows.filter((r) => r.reviewed)).toHaveLength(111);
    // 0.8.0 → 1.0.0: the 36 concepts of checked-0.8.0-1.0.0.tsv, each to itself.
    const checked = lines(join(AGENTS, 'crosswalks/checked-0.8.0-1.0.0.tsv')).map((l) => l.split('\t')).map(([part, leaf]) => `https://schema.oasf.outshift.com/0.8.0/${part}/${leaf} skos:exactMatch https://schema.oasf.outshift.com/1.0.0/${part}/${leaf}`);
    expect(reviewed(crosswalk['oasf-0.8.0-to-1.0.0']!).sort()).toEqual(checked.sort());
    // 1.0.0 → 1.1.0: rows of the hand-curated reference only.
    const symbol: Record<string, string> = { '=': 'skos:exactMatch', '<': 'skos:broadMatch', '>': 'skos:narrowMatch' };
    const curated = new Set(lines(join(AGENTS, 'reference/oasf-1.0.0-to-1.1.0.tsv')).slice(1).map((l) => l.split('\t')).map((c) => `${c[0]} ${symbol[c[2]!]} ${c[3]}`));
    expect(reviewed(crosswalk['oasf-1.0.0-to-1.1.0']!).filter((r) => !curated.has(r))).toEqual([]);
  });

  it('a checked row carries a rule whose term was renamed (0.8.0 "Module Extraction" → 1.0.0 "Feature Extraction"); unmarked, the same row sends it to review', async () => {
    const artifact = featureExtractionArtifact();
    expect(artifact.ok).toBe(true);
    const via = crosswalk['oasf-0.8.0-to-1.0.0']!;
    const checked = await upgradeArtifact(artifact.value!, { side: 'target', old: v080, new: v100, via });
    expect(checked.carried.map((c) => [c.carried.to, c.why])).toEqual([['https://schema.oasf.outshift.com/1.0.0/skills/feature_extraction', 'reviewed exactMatch in the version alignment (semapv:MappingReview)']]);
    const unmarked: MappingSet = { ...via, mappings: via.mappings.map((m) => (m.justification === 'semapv:MappingReview' ? { ...m, justification: 'semapv:LexicalMatching' } : m)) };
    const candidate = await upgradeArtifact(artifact.value!, { side: 'target', old: v080, new: v100, via: unmarked });
    expect([candidate.carried.length, candidate.pending.map((p) => p.why)]).toEqual([0, ['identifier kept (version-segment) but the label changed']]);
  });
  it('a crosswalk row two reviewers disagree on is E_REVIEW_CONFLICT, never carried; a row only rejected drops its rule saying a reviewer rejected it', async () => {
    const artifact = featureExtractionArtifact();
    const via = crosswalk['oasf-0.8.0-to-1.0.0']!;
    const checked = via.mappings.find((m) => 'subjectId' in m && m.subjectId?.endsWith('/skills/feature_extraction') && m.justification === 'semapv:MappingReview')!;
    const rejection = { ...checked, predicateModifier: 'Not' as const, reviewerId: ['https://orcid.org/0000-0001-5109-3700'] };
    const contested: MappingSet = { ...via, mappings: [...via.mappings, rejection] };
    await expect(upgradeArtifact(artifact.value!, { side: 'target', old: v080, new: v100, via: contested })).rejects.toMatchObject({ code: 'E_REVIEW_CONFLICT' });
    const onlyRejected: MappingSet = { ...via, mappings: via.mappings.map((m) => (m === checked ? rejection : m)) };
    const dropped = await upgradeArtifact(artifact.value!, { side: 'target', old: v080, new: v100, via: onlyRejected });
    expect(dropped.carried).toEqual([]);
    expect(JSON.stringify(dropped)).toContain('a reviewer of the version alignment rejected its row');
  });

});
