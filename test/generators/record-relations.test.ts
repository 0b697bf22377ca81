/**
 * An agent record resembling a taxonomy class is proposed as narrower than it (skos:broadMatch),
 * unless the names are the same: src/generators/record-relations.ts, and `propose` end to end.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { propose } from '../../src/api/index.js';
import { emptyConcept, type Concept } from '../../src/model/concept.js';
import { rawScore, type Candidate } from '../../src/model/mapping.js';
import { buildOntologyIndex } from '../../src/model/ontology-index.js';
import type { FusedCandidate } from '../../src/generators/fusion.js';
import { fuseForVocabularies, recordRelations } from '../../src/generators/record-relations.js';
import { loadRecords } from '../../src/vocab/records/load.js';

const provenance = { format: 'agent-record-row' as const, recordId: 'r', file: 'x.jsonl' };
function record(iri: string, declared = false): Concept {
  const c = emptyConcept(iri, 'capability', iri.split('/').pop()!);
  c.record = { parameters: [], provenance, ...(declared ? { declared: { part: 'skills', schemaVersion: '0.8.0', slug: 'a/b', iri: 'https://schema.oasf.outshift.com/0.8.0/skills/b' } } : {}) };
  return c;
}
const term = (iri: string): Concept => emptyConcept(iri, 'capability', iri.split('/').pop()!);
const member = (generator: string, predicate: string, justification: string, subjectField = 'label'): Candidate => ({
  subject: 's', predicate, object: 'o', generator, score: rawScore(0.5), measure: 'm', rank: 1, justification: justification as Candidate['justification'],
  evidence: [{ generator, subjectText: 'x', objectText: 'x', subjectField, objectField: 'label' }],
});
function fused(subject: string, predicate: string, object: string, rank: number, members: Candidate[]): FusedCandidate {
  return { subject, predicate, object, generator: 'fusion', score: rawScore(1 / rank), measure: 'fused', rank, justification: 'semapv:CompositeMatching', evidence: [], members };
}
const SIMILAR = member('tfidf', 'skos:closeMatch', 'semapv:LexicalSimilarityThresholdMatching');
const AGREE = member('edit', 'skos:exactMatch', 'semapv:LexicalSimilarityThresholdMatching');
const NAME = member('exact', 'skos:exactMatch', 'semapv:LexicalMatching');
/** The record's keyword (a tag, a related synonym) equals the class's name. */
const TAG = member('exact', 'skos:exactMatch', 'semapv:LexicalMatching', 'synonym:related');
const STRUCTURE = member('structure', 'skos:broadMatch', 'semapv:StructuralMatching');

describe('recordRelations', () => {
  const records = buildOntologyIndex({ source: 'records', concepts: [record('urn:r/server'), record('urn:r/declared', true)] });
  const oasf = buildOntologyIndex({ source: 'oasf', concepts: [term('urn:o/nosql'), term('urn:o/translation'), term('urn:o/databases'), term('urn:o/tagged')] });

  it('similarity and a keyword equal to the class name are broader, the record\'s own name equal to it stays exactMatch, a declared term keeps its relation; duplicates merge and ranks follow', () => {
    const input = [
      fused('urn:r/server', 'skos:closeMatch', 'urn:o/nosql', 1, [SIMILAR]),
      fused('urn:r/server', 'skos:exactMatch', 'urn:o/translation', 2, [NAME, SIMILAR]),
      fused('urn:r/server', 'skos:exactMatch', 'urn:o/databases', 3, [AGREE, SIMILAR]),
      fused('urn:r/server', 'skos:broadMatch', 'urn:o/nosql', 4, [STRUCTURE]),
      fused('urn:r/server', 'skos:exactMatch', 'urn:o/tagged', 5, [TAG]),
      fused('urn:r/declared', 'skos:closeMatch', 'urn:o/nosql', 1, [SIMILAR]),
    ];
    const before = JSON.stringify(input);
    const out = recordRelations(input, records, oasf);
    expect(out.map((c) => [c.subject.slice(6), c.predicate, c.object.slice(6), c.rank, c.members.map((m) => m.generator)])).toEqual([
      ['server', 'skos:broadMatch', 'nosql', 1, ['tfidf', 'structure']],
      ['server', 'skos:exactMatch', 'translation', 2, ['exact', 'tfidf']],
      ['server', 'skos:broadMatch', 'databases', 3, ['edit', 'tfidf']],
      ['server', 'skos:broadMatch', 'tagged', 4, ['exact']],
      ['declared', 'skos:closeMatch', 'nosql', 1, ['tfidf']],
    ]);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('a translated name is name identity only when the dictionary renders the whole name as the class\'s: a partial gloss is broader', () => {
    const translated = (complete: boolean): Candidate => {
      const m = member('translate', 'skos:exactMatch', 'semapv:BackgroundKnowledgeBasedMatching');
      return { ...m, evidence: [{ ...m.evidence[0]!, subjectText: '口译', objectText: 'Model Interpretability', translation: 'zh→en CC-CEDICT 2026-09-10: 口译 → to interpret', ...(complete ? { translationComplete: true } : {}) }] };
    };
    const out = recordRelations([
      fused('urn:r/server', 'skos:exactMatch', 'urn:o/nosql', 1, [translated(false)]),
      fused('urn:r/server', 'skos:exactMatch', 'urn:o/translation', 2, [translated(true)]),
    ], records, oasf);
    expect(out.map((c) => [c.object.slice(6), c.predicate])).toEqual([['nosql', 'skos:broadMatch'], ['translation', 'skos:exactMatch']]);
  });

  it('read the other way round (a class subject, a record object), similarity is narrower', () => {
    const out = recordRelations([fused('urn:o/nosql', 'skos:closeMatch', 'urn:r/server', 1, [SIMILAR])], oasf, records);
    expect(out.map((c) => c.predicate)).toEqual(['skos:narrowMatch']);
  });

  it('between two taxonomies nothing changes', () => {
    const input = [fused('urn:o/nosql', 'skos:closeMatch', 'urn:o/databases', 1, [SIMILAR])];
    expect(recordRelations(input, oasf, oasf)).toEqual(input);
  });
});

describe('fuseForVocabularies', () => {
  it('a record\'s similar class ranks above a broader one from structure (no boost for a subject without an equivalent), and is proposed as broadMatch', () => {
    const records = buildOntologyIndex({ source: 'records', concepts: [record('urn:r/server')] });
    const oasf = buildOntologyIndex({ source: 'oasf', concepts: [term('urn:o/nosql'), term('urn:o/databases')] });
    const at = (generator: string, predicate: string, object: string, justification: string, score: number): Candidate => ({
      ...member(generator, predicate, justification), subject: 'urn:r/server', object, score: rawScore(score),
    });
    const members = [at('description', 'skos:closeMatch', 'urn:o/nosql', 'semapv:LexicalSimilarityThresholdMatching', 0.6), at('structure', 'skos:broadMatch', 'urn:o/databases', 'semapv:StructuralMatching', 0.5)];
    const out = fuseForVocabularies(members, { topK: 10 }, records, oasf);
    expect(out.map((c) => [c.object.slice(6), c.predicate, c.rank])).toEqual([['nosql', 'skos:broadMatch', 1], ['databases', 'skos:broadMatch', 2]]);
    // The same two read between two taxonomies: the subject has no equivalent, its broader candidate comes first.
    const plain = fuseForVocabularies(members, { topK: 10 }, buildOntologyIndex({ source: 'x', concepts: [term('urn:r/server')] }), oasf);
    expect(plain.map((c) => c.object.slice(6))).toEqual(['databases', 'nosql']);
  });
});

describe('propose RECORDS OASF', () => {
  it('a card in Chinese follows the record rule as in English: only a name the dictionary translates whole to the skill\'s name keeps exactMatch', async () => {
    const card = { protocolVersion: '0.3.0', name: 'Docs', description: 'd', url: 'https://docs.example.cn/a2a', version: '1.0.0', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
      skills: [{ id: 's1', name: '文档翻译', description: '将技术文档从中文翻译成英文', tags: [] }, { id: 's2', name: '口译', description: '会议口译', tags: [] }, { id: 's3', name: '翻译', description: '翻译', tags: [] }] };
    const dir = await mkdtemp(join(tmpdir(), 'ioa-record-zh-'));
    try {
      const path = join(dir, 'card-zh.json');
      await writeFile(path, JSON.stringify(card));
      const candidates = await propose(await loadRecords(path), join(import.meta.dirname, '../../corpora/agents/oasf/v1.1.1/schema/skills'));
      const exact = candidates.filter((c) => c.predicate === 'skos:exactMatch').map((c) => `${c.subject.split('#')[1]} ${c.object.split('/').pop()}`);
      expect(exact).toEqual(['s3 translation']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a Chinese name translated whole keeps exactMatch where a gloss is a derivation of the skill\'s word (摘要 summary ~ Summarization, 分类 to classify ~ Classification); one whose gloss has a word the skill lacks (机器翻译 machine translation ~ Translation) is broader', async () => {
    const skill = (id: string, name: string) => ({ id, name, description: name, tags: [] });
    const card = { protocolVersion: '0.3.0', name: 'Docs', description: 'd', url: 'https://docs.example.cn/a2a', version: '1.0.0', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
      skills: [skill('s1', '文本摘要'), skill('s2', '机器翻译'), skill('s3', '图像分类'), skill('s4', '文本分类'), skill('s5', '口译')] };
    const dir = await mkdtemp(join(tmpdir(), 'ioa-record-zh-'));
    try {
      const path = join(dir, 'card-zh.json');
      await writeFile(path, JSON.stringify(card));
      const candidates = await propose(await loadRecords(path), join(import.meta.dirname, '../../corpora/agents/oasf/v1.1.1/schema/skills'));
      const exact = candidates.filter((c) => c.predicate === 'skos:exactMatch').map((c) => `${c.subject.split('#')[1]} ${c.object.split('/').pop()}`);
      expect(exact.sort()).toEqual(['s1 summarization', 's3 image_classification', 's4 text_classification']);
      const top = (s: string) => candidates.find((c) => c.subject.endsWith(`#${s}`) && c.rank === 1);
      expect([top('s2')?.object.split('/').pop(), top('s2')?.predicate]).toEqual(['translation', 'skos:broadMatch']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('A2A skills against OASF 1.1.0 skills: no candidate is a bare exactMatch or closeMatch (each exactMatch rests on the names or on a tool the skill names), most are broadMatch', async () => {
    const skills = await loadRecords(join(import.meta.dirname, '../../corpora/agentworld-dev/a2a-skills-dev.jsonl'));
    // The whole release, skills and domains: kinds stay apart, so skills meet skills only.
    const candidates = await propose(skills, join(import.meta.dirname, '../../corpora/agents/oasf/v1.1.1'));
    const byRelation = new Map<string, number>();
    for (const c of candidates) byRelation.set(c.predicate, (byRelation.get(c.predicate) ?? 0) + 1);
    expect(byRelation.get('skos:closeMatch')).toBeUndefined();
    for (const c of candidates.filter((x) => x.predicate === 'skos:exactMatch')) {
      const byName = c.members.some((m) => m.generator === 'exact' || m.generator === 'wordnet');
      const byTool = c.members.some((m) => m.generator === 'description' && m.predicate === 'skos:exactMatch' && m.evidence.some((e) => e.subjectField === 'ioa-align:product'));
      expect(byName || byTool).toBe(true);
    }
    expect((byRelation.get('skos:broadMatch') ?? 0) / candidates.length).toBeGreaterThan(0.9);
    expect(candidates.every((c) => c.object.startsWith('https://schema.oasf.outshift.com/1.1.0/skills/'))).toBe(true);
  });
});
