/**
 * The agent-world vocabularies through the registered generators: an Agent Card gets OASF
 * suggestions for each of its skills, and OASF numeric ids are never evidence of a match.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/main.js';
import { readMappingFile } from '../../src/exchange/index.js';
import { runCli } from '../helpers/cli.js';
import type { Concept } from '../../src/model/concept.js';
import { buildOntologyIndex, type OntologyIndex } from '../../src/model/ontology-index.js';
import { prepareOntology } from '../../src/generators/lexical-index.js';
import { DEFAULT_GENERATORS, LEXICAL_GENERATORS } from '../../src/generators/registry.js';
import { runGenerators } from '../../src/generators/run.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { oasfIri } from '../../src/vocab/oasf.js';

const root = join(import.meta.dirname, '../..');
const card = join(root, 'corpora/agents/samples/tech-docs-agent-card.json');
const skill = (name: string): string => oasfIri('1.1.0', 'skills', name);

describe('OASF with the lexical generators', () => {
  let v100: OntologyIndex;
  let v110: OntologyIndex;
  beforeAll(async () => {
    v100 = await loadVocabulary(join(root, 'corpora/agents/oasf/v1.0.4/schema/skills'));
    v110 = await loadVocabulary(join(root, 'corpora/agents/oasf/v1.1.1/schema/skills'));
  });

  it('the sample Agent Card gets OASF 1.1.0 suggestions for each of its three skills (its tags and descriptions read by `description`)', async () => {
    const index = await loadVocabulary(card);
    const oasf = await loadVocabulary(join(root, 'corpora/agents/oasf/v1.1.1'));
    const { fused } = await runGenerators(index, oasf, { generators: [...DEFAULT_GENERATORS], topK: 5 });
    const top = (id: string): string[] => fused!.filter((c) => c.subject.endsWith(`#${id}`)).map((c) => c.object);
    const expected: Record<string, string[]> = {
      'translate-technical-document': [skill('translation'), skill('language_translation')],
      'summarize-report': [skill('summarization'), skill('text_summarization')],
      'transcribe-meeting': [skill('speech_recognition'), skill('automatic_speech_recognition')],
    };
    for (const [id, good] of Object.entries(expected)) {
      const got = top(id);
      expect(got.length, id).toBeGreaterThan(0);
      expect(got.some((iri) => good.includes(iri)), `${id}: ${got.join(', ')}`).toBe(true);
    }
  });

  it('notations are not among the names generators read', () => {
    for (const index of [v100, v110]) {
      const prepared = prepareOntology(index);
      const texts = new Set(prepared.entries.map((e) => e.norm));
      for (const c of index.concepts) for (const n of c.notations) expect(texts.has(n)).toBe(false);
    }
  });

  it('numeric id 1004 (agent_coordination 1.0.0, threat_modeling 1.1.0) yields no candidate, while the same id as a name would', async () => {
    const pick = (index: OntologyIndex, name: string): Concept => index.concepts.find((c) => c.localName === name)!;
    const old = pick(v100, 'agent_coordination');
    const neu = pick(v110, 'threat_modeling');
    expect(old.notations).toEqual(neu.notations);
    const one = (c: Concept, source: string): OntologyIndex => buildOntologyIndex({ source, concepts: [c] });
    const generators = [...LEXICAL_GENERATORS];
    const { members } = await runGenerators(one(old, 'v100'), one(neu, 'v110'), { generators, topK: 5 });
    expect(members).toEqual([]);
    // Control: if the numeric id were offered as a name, exact would pair them at once. The test
    // above therefore fails if a generator ever starts reading notations.
    const asName = (c: Concept): Concept => ({ ...c, synonyms: [...c.synonyms, { text: c.notations[0]!, kind: 'exact' }] });
    const control = await runGenerators(one(asName(old), 'v100'), one(asName(neu), 'v110'), { generators: ['exact'], topK: 5 });
    expect(control.members.map((m) => [m.subject, m.object])).toEqual([[old.iri, neu.iri]]);
  });

  it('no candidate on the whole 1.0.0 → 1.1.0 skill track cites a numeric id as evidence', async () => {
    const { members } = await runGenerators(v100, v110, { generators: ['exact', 'tfidf', 'edit'], topK: 10 });
    expect(members.length).toBeGreaterThan(100);
    const ids = new Set([...v100.concepts, ...v110.concepts].flatMap((c) => c.notations));
    for (const m of members) {
      for (const e of m.evidence) {
        expect(ids.has(e.subjectText.trim())).toBe(false);
        expect(ids.has(e.objectText.trim())).toBe(false);
        expect(`${e.subjectField} ${e.objectField}`).not.toMatch(/notation/);
      }
    }
  });

  // Runs as soon as the `propose` command is registered (DESIGN.md CLI contract).
  it.skipIf(!('propose' in COMMANDS))('ioa-align propose card.json oasf/v1.1.1 writes OASF suggestions for each card skill', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ioa-propose-'));
    try {
      const out = join(dir, 'card-oasf.sssom.tsv');
      const oasf = join(root, 'corpora/agents/oasf/v1.1.1');
      const { code, stderr } = await runCli(['propose', card, oasf, '--top-k', '5', '--format', 'sssom', '--out', out]);
      expect(code, stderr).toBe(0);
      const set = await readMappingFile(out);
      for (const id of ['translate-technical-document', 'summarize-report', 'transcribe-meeting']) {
        const objects = set.mappings.filter((m) => m.subjectId?.endsWith(`#${id}`)).map((m) => m.objectId);
        expect(objects.length, id).toBeGreaterThan(0);
        expect(objects.every((o) => o?.startsWith('https://schema.oasf.outshift.com/1.1.0/'))).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
