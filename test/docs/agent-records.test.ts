/**
 * docs/agent-records.md walks an A2A card through propose, review (driven through the review
 * server's JSON API), a signed artifact, the 12.2 extension and `check`, and an ERC-8004
 * registration pinned to OASF 0.8.0 through `artifact upgrade --via`. Both blocks run here as
 * written (bash, from a folder that has the repository's corpora/), with `ioa-align` on the PATH.
 * Draft sections: 7.1–7.4 (the gate), 12.2 (the Agent Card extension).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docScript, runDocScript } from '../helpers/doc-script.js';

const read = (dir: string, f: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;

describe('docs/agent-records.md', () => {
  it('the card walk-through runs as written: two rows accepted, Compatible (7.1) through the signed rule, CANDIDATE_ONLY (7.4) for the unreviewed skill, an OASF record of the accepted rows only', () => {
    const script = docScript('docs/agent-records.md', 'agent-records');
    for (const step of ['ioa-align propose', 'ioa-align review', '$API/decisions', 'ioa-align artifact sign', 'ioa-align a2a card', 'ioa-align check', 'ioa-align records oasf-record']) expect(script).toContain(step);
    const { dir, run, leftRunning } = runDocScript(script);
    expect([run.status, run.stderr.match(/\[E_[A-Z_]+\]/g) ?? []]).toEqual([0, []]);
    // Run through npm's npx, the review server is npx's child: the walk-through must stop it too.
    expect(leftRunning).toEqual([]);
    expect(run.stdout).toMatch(/^Compatible\n {2}mapping: https:\/\/schema\.oasf\.outshift\.com\/1\.1\.0\/skills\/translation → https:\/\/agents\.example\.org\/tech-docs\/a2a\/v1#translate-technical-document by https:\/\/example\.org\/align\/tech-docs-oasf-1\.1 revision 1/m);
    expect(run.stdout).toContain('speech recognition: exit 4, Indeterminate CANDIDATE_ONLY');
    // The review went through the JSON API and was saved: two acceptances (one with the relation
    // the reviewer chose) and one rejection, each with the reviewer.
    const reviewed = readFileSync(join(dir, 'reviewed.sssom.tsv'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    const header = reviewed[0]!.split('\t');
    const col = (row: string, name: string): string => row.split('\t')[header.indexOf(name)]!;
    expect(reviewed.slice(1).map((r) => [col(r, 'object_id'), col(r, 'predicate_id'), col(r, 'predicate_modifier'), col(r, 'reviewer_id')])).toEqual([
      ['skills:summarization', 'skos:broadMatch', '', 'orcid:0000-0002-1825-0097'],
      ['skills:translation', 'skos:exactMatch', '', 'orcid:0000-0002-1825-0097'],
      ['skills:healthcare_clinical', 'skos:broadMatch', 'Not', 'orcid:0000-0002-1825-0097'],
    ]);
    const artifact = read(dir, 'artifact.signed.json') as { direction: string; mappingRules: Array<{ from: string; to: string; relation?: string }>; signature: unknown };
    expect(artifact.signature).toBeDefined();
    expect([artifact.direction, artifact.mappingRules.map((r) => [r.to.split('/').pop(), r.relation ?? 'skos:exactMatch'])]).toEqual(['target-to-source', [['summarization', 'skos:broadMatch'], ['translation', 'skos:exactMatch']]]);
    // Published through the card's 12.2 extension.
    const card = read(dir, 'published-card.json') as { capabilities: { extensions: Array<{ params: unknown }> }; skills: unknown[] };
    expect(card.capabilities.extensions.map((e) => e.params)).toEqual([{ ontologyIds: ['https://agents.example.org/tech-docs/a2a/v1'], ontologyVersions: ['2.3.0'] }]);
    expect(card.skills).toHaveLength(3);
    const check = read(dir, 'speech-recognition-check.json') as { outcome: string; reasons: Array<{ code: string }> };
    expect([check.outcome, check.reasons.map((r) => r.code)]).toEqual(['Indeterminate', ['CANDIDATE_ONLY']]);
    // The OASF record: the two accepted rows' skills, never the unreviewed or rejected candidates.
    const record = read(dir, 'tech-docs.oasf-record.json');
    expect(record).toEqual({
      name: 'Tech Docs Assistant', version: '2.3.0', schema_version: '1.1.0',
      description: 'Helps engineering teams with their documentation: translates manuals, summarizes long reports and transcribes design meetings.',
      authors: ['Example Org'], created_at: '2026-12-04T00:00:00Z',
      skills: [{ name: 'language_processing/language_generation/summarization', id: 10302 }, { name: 'language_processing/language_translation/translation', id: 10401 }],
      domains: [], locators: [],
    });
    expect(run.stderr).toContain('no accepted row for skill(s) transcribe-meeting');
  });

  it('the pinned-record walk-through runs as written: OASF 0.8.0 declarations carried to 1.1.0, the merged term reviewed', () => {
    const script = docScript('docs/agent-records.md', 'pinned-record');
    const { dir, run } = runDocScript(script);
    expect([run.status, run.stderr.match(/\[E_[A-Z_]+\]/g) ?? []]).toEqual([0, []]);
    // The summary the document quotes.
    expect(run.stderr).toContain('revision 2 (draft, unsigned): 4 rule(s) of the earlier revision — carried 3, to review 1 (1 candidate row(s)), dropped 0');
    expect(run.stderr).toContain('carried 2: reviewed exactMatch in the version alignment');
    expect(run.stderr).toContain('to review 1: the version alignment relates it by skos:broadMatch');
    const v2 = read(dir, 'declared-v2.signed.json') as { targetOntologyId: string; mappingRules: Array<{ from: string; to: string; relation?: string; provenance: { how: string } }> };
    expect(v2.targetOntologyId).toBe('https://schema.oasf.outshift.com/1.1.0');
    expect(v2.mappingRules.map((r) => [r.from.split('#').pop(), r.relation ?? 'skos:exactMatch', r.to.replace('https://schema.oasf.outshift.com/', ''), r.provenance.how])).toEqual([
      ['domains/technology/software_engineering', 'skos:exactMatch', '1.1.0/domains/software_engineering', 'carried'],
      ['skills/natural_language_processing/information_retrieval_synthesis/question_answering', 'skos:broadMatch', '1.1.0/skills/document_or_database_question_answering', 'reviewed'],
      ['skills/natural_language_processing/language_translation/translation', 'skos:exactMatch', '1.1.0/skills/translation', 'carried'],
      ['skills/natural_language_processing/natural_language_generation/summarization', 'skos:exactMatch', '1.1.0/skills/summarization', 'carried'],
    ]);
  });
});
