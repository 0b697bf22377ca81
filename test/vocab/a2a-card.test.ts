import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IoaError } from '../../src/model/errors.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { agentCardInfo, agentCardToIndex, looksLikeAgentCard, skillIri } from '../../src/vocab/a2a-card.js';
import { recordsSource } from '../../src/vocab/sources.js';

const sample = join(import.meta.dirname, '../../corpora/agents/samples/tech-docs-agent-card.json');

/** An A2A 0.3 card: one `url`, card-level `protocolVersion`, skills without per-skill modes. */
const card03 = {
  protocolVersion: '0.3.0',
  name: 'Currency Agent',
  description: 'Converts currencies.',
  url: 'https://currency.example.com/a2a',
  preferredTransport: 'JSONRPC',
  version: '0.1.0',
  capabilities: { streaming: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['application/json'],
  skills: [
    { id: 'convert_currency', name: 'Currency exchange', description: 'Converts an amount between two currencies.', tags: ['currency', 'exchange rate', 'Currency Exchange'], examples: ['How much is 10 USD in EUR?'] },
    { id: 'rate history', name: 'Rate history', description: 'Historic exchange rates.', tags: [], inputModes: ['application/json'] },
  ],
};

async function codeOf(fn: () => unknown): Promise<{ code: string; path?: string }> {
  try {
    await fn();
  } catch (e) {
    expect(e).toBeInstanceOf(IoaError);
    return { code: (e as IoaError).code, ...((e as IoaError).location.path ? { path: (e as IoaError).location.path! } : {}) };
  }
  throw new Error('expected an IoaError');
}

describe('A2A Agent Card loader', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ioa-card-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('1.0 card: each of the three skills is a capability named after the preferred interface', async () => {
    const index = await loadVocabulary(sample);
    expect(index.concepts.map((c) => c.iri)).toEqual([
      'https://agents.example.org/tech-docs/a2a/v1#translate-technical-document',
      'https://agents.example.org/tech-docs/a2a/v1#summarize-report',
      'https://agents.example.org/tech-docs/a2a/v1#transcribe-meeting',
    ]);
    expect(index.concepts.every((c) => c.kind === 'capability')).toBe(true);
    expect(index.iri).toBe('https://agents.example.org/tech-docs/a2a/v1');
    expect(index.version).toBe('2.3.0');
    const transcribe = index.concepts[2]!;
    expect(transcribe.labels.map((l) => l.text)).toEqual(['Meeting transcription', 'transcribe meeting']);
    // Tags are keywords and examples examples: description text, never names.
    expect(transcribe.synonyms).toEqual([]);
    expect(transcribe.keywords).toEqual(['speech recognition', 'transcription', 'audio']);
    expect(transcribe.definitions).toHaveLength(1);
    expect(transcribe.definitions[0]).toMatch(/^Converts the audio recording/);
    // The description is the definition; tags and examples are description text beside it.
    expect(transcribe.definitions).toHaveLength(1);
    expect(transcribe.definitionSources).toEqual(['dcterms:description']);
    expect(transcribe.keywords).toEqual(['speech recognition', 'transcription', 'audio']);
    expect(transcribe.examples).toEqual(["Transcribe the recording of yesterday's architecture review."]);
    expect(transcribe.record).toMatchObject({ provenance: { format: 'a2a-skill', recordId: 'transcribe-meeting', version: '2.3.0', schema: 'A2A 1.0' } });
    // Its own modes win over the card defaults; the other skills inherit the defaults.
    expect(transcribe.inputs).toEqual(['audio/wav', 'audio/mpeg']);
    expect(transcribe.outputs).toEqual(['text/plain']);
    expect(index.concepts[0]!.inputs).toEqual(['text/plain', 'text/markdown']);
    expect(agentCardInfo(JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(sample, 'utf8'))), sample)).toMatchObject({ shape: '1.0', protocolVersion: '1.0' });
  });

  it('0.3 card: url and card-level protocolVersion; tags are kept as written, once each', async () => {
    const file = join(dir, 'card03.json');
    await writeFile(file, JSON.stringify(card03));
    const index = await loadVocabulary(file);
    expect(agentCardInfo(card03, file)).toMatchObject({ shape: '0.3', url: 'https://currency.example.com/a2a', protocolVersion: '0.3.0' });
    const [convert, history] = index.concepts;
    expect(convert!.iri).toBe('https://currency.example.com/a2a#convert_currency');
    expect(convert!.keywords).toEqual(['currency', 'exchange rate', 'Currency Exchange']);
    expect(convert!.examples).toEqual(['How much is 10 USD in EUR?']);
    expect(convert!.outputs).toEqual(['application/json']);
    expect(history!.iri).toBe(skillIri(card03.url, 'rate history'));
    expect(history!.iri).toBe('https://currency.example.com/a2a#rate%20history');
    expect(history!.inputs).toEqual(['application/json']);
    expect(history!.alternativeIds).toEqual(['rate history']);
  });

  it('tells cards from JSON-LD ontologies and other JSON', async () => {
    expect(looksLikeAgentCard(card03)).toBe(true);
    expect(looksLikeAgentCard({ '@context': {}, skills: [] })).toBe(false);
    expect(looksLikeAgentCard({ name: 'agents', pairs: [] })).toBe(false);
    // JSON-LD goes to the RDF reader; any other JSON is an agent record file, and one of no known
    // layout is refused there rather than read as an empty ontology.
    expect(await recordsSource.accepts(join(import.meta.dirname, '../../corpora/ioa-example/context-6.1.json'))).toBe(false);
    expect(await recordsSource.accepts(sample)).toBe(true);
    const manifest = join(import.meta.dirname, '../../corpora/agents/manifest.json');
    expect(await recordsSource.accepts(manifest)).toBe(true);
    expect(await codeOf(() => loadVocabulary(manifest))).toEqual({ code: 'E_UNKNOWN_FORMAT', path: '$' });
  });

  it('bad cards: exact codes and JSON paths (the card E_VOCAB_INVALID, one skill E_RECORD_INVALID)', async () => {
    const f = 'card.json';
    const without = (key: string): Record<string, unknown> => Object.fromEntries(Object.entries(card03).filter(([k]) => k !== key));
    expect(await codeOf(() => agentCardToIndex(without('url'), f))).toEqual({ code: 'E_VOCAB_INVALID', path: '$' });
    expect(await codeOf(() => agentCardToIndex({ ...card03, url: 'currency/a2a' }, f))).toEqual({ code: 'E_VOCAB_INVALID', path: '$.url' });
    expect(await codeOf(() => agentCardToIndex({ ...without('url'), supportedInterfaces: [] }, f))).toEqual({ code: 'E_VOCAB_INVALID', path: '$.supportedInterfaces' });
    expect(await codeOf(() => agentCardToIndex({ ...card03, skills: [] }, f))).toEqual({ code: 'E_EMPTY_ONTOLOGY' });
    expect(await codeOf(() => agentCardToIndex({ ...card03, skills: 'all' }, f))).toEqual({ code: 'E_VOCAB_INVALID', path: '$.skills' });
    const noId = { ...card03.skills[0], id: undefined };
    expect(await codeOf(() => agentCardToIndex({ ...card03, skills: [card03.skills[1], noId] }, f))).toEqual({ code: 'E_RECORD_INVALID', path: '$.skills[1].id' });
    const noTags = Object.fromEntries(Object.entries(card03.skills[0]!).filter(([k]) => k !== 'tags'));
    expect(await codeOf(() => agentCardToIndex({ ...card03, skills: [noTags] }, f))).toEqual({ code: 'E_RECORD_INVALID', path: '$.skills[0].tags' });
    const badMode = { ...card03.skills[0], outputModes: ['text/plain', 7] };
    expect(await codeOf(() => agentCardToIndex({ ...card03, skills: [badMode] }, f))).toEqual({ code: 'E_RECORD_INVALID', path: '$.skills[0].outputModes[1]' });
    expect(await codeOf(() => agentCardToIndex({ ...card03, skills: [card03.skills[0], card03.skills[0]] }, f))).toEqual({ code: 'E_RECORD_DUPLICATE', path: '$.skills[1]' });
    expect(await codeOf(() => agentCardToIndex([card03], f))).toEqual({ code: 'E_VOCAB_INVALID', path: '$' });
    const surrogate = JSON.parse('{"id": "x\\ud800", "name": "n", "description": "d", "tags": []}') as Record<string, unknown>;
    expect(await codeOf(() => agentCardToIndex({ ...card03, skills: [surrogate] }, f))).toEqual({ code: 'E_RECORD_INVALID', path: '$.skills[0].id' });
  });

  it('skill IRIs: distinct ids never share an IRI, and every IRI is an absolute URL whose fragment decodes to the id', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, unit: 'grapheme' }), fc.string({ minLength: 1, unit: 'grapheme' }), (a, b) => {
      const base = 'https://agent.example/a2a#ignored';
      const ia = skillIri(base, a);
      expect(new URL(ia).href.startsWith('https://agent.example/a2a#')).toBe(true);
      expect(decodeURIComponent(ia.slice(ia.indexOf('#') + 1))).toBe(a);
      if (a !== b) expect(skillIri(base, b)).not.toBe(ia);
    }));
  });
});
