/**
 * The library API (src/api, what `import 'ioa-align'` gives): bad input is an IoaError with the
 * code and location the function documents, your own generator is fused like a built-in one, and
 * an AbortSignal stops long work.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMappings, listGenerators, loadOntology, propose, readCandidates, readMappings, toMappingSet, writeMappings, IoaError, type Candidate, type Generator, type OntologyIndex } from '../../src/api/index.js';
import { check, createTrustPolicy, generateKeyPair, readArtifact, readTrustPolicy, signArtifact, verifyArtifact } from '../../src/api/gate.js';
import { runBenchmark } from '../../src/api/bench.js';
import { rawScore } from '../../src/api/generators.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const CONFERENCE = join(ROOT, 'corpora', 'conference', 'ontologies');
const EX = join(ROOT, 'corpora', 'ioa-example');
const dir = mkdtempSync(join(tmpdir(), 'ioa-align-api-'));

const TTL = (names: string[]) => `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
${names.map((n) => `<http://x.org/${n}> a owl:Class ; rdfs:label "${n.replace(/_/g, ' ')}" .`).join('\n')}`;

async function small(): Promise<[OntologyIndex, OntologyIndex]> {
  const a = await loadOntology({ text: TTL(['Paper', 'Author', 'Review_form']), format: 'turtle', name: 'a.ttl' });
  const b = await loadOntology({ text: TTL(['Paper', 'Writer', 'Review']).replaceAll('http://x.org/', 'http://y.org/'), format: 'turtle', name: 'b.ttl' });
  return [a, b];
}

async function rejection(promise: Promise<unknown>): Promise<IoaError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(IoaError);
  return error as IoaError;
}

describe('loadOntology', () => {
  it('reads RDF text in memory as it reads a file', async () => {
    const [a] = await small();
    expect(a.concepts.map((c) => c.iri)).toEqual(['http://x.org/Paper', 'http://x.org/Author', 'http://x.org/Review_form']);
    expect(a.source).toBe('a.ttl');
  });
  it('bad input: the same codes as the CLI, with a location', async () => {
    expect(await rejection(loadOntology(join(dir, 'missing.owl')))).toMatchObject({ code: 'E_FILE_UNREADABLE', location: { file: join(dir, 'missing.owl') } });
    expect(await rejection(loadOntology({ text: '@prefix x: <http://x/> .\nx:a x:b', format: 'turtle', name: 'bad.ttl' }))).toMatchObject({ code: 'E_PARSE_TURTLE', location: { file: 'bad.ttl', line: 2 } });
    const mismatched = '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n<rdf:Description rdf:about="http://a">\n</rdf:RDF>';
    expect(await rejection(loadOntology({ text: mismatched, format: 'rdfxml', name: 'm.rdf' }))).toMatchObject({ code: 'E_PARSE_RDFXML', location: { file: 'm.rdf' } });
    expect(await rejection(loadOntology({ text: 'x', format: 'owl' as never }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.format' } });
    expect(await rejection(loadOntology(42 as never))).toMatchObject({ code: 'E_USAGE', location: { path: '$' } });
  });
  it('an aborted signal stops loading with its reason', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(loadOntology(join(CONFERENCE, 'cmt.owl'), { signal: controller.signal })).rejects.toThrow('stop');
    // Aborted while the parser streams the file (anatomy's human.owl is 10 MB).
    const during = new AbortController();
    const loading = loadOntology(join(ROOT, 'corpora', 'anatomy', 'human.owl'), { signal: during.signal, onProgress: (done) => { if (done > 0) during.abort(new Error('mid-load')); } });
    await expect(loading).rejects.toThrow('mid-load');
  });
});

describe('propose', () => {
  it('fuses the lexical generators by default; members carry their own raw scores', async () => {
    const [a, b] = await small();
    const candidates = await propose(a, b, { topK: 2 });
    const paper = candidates.find((c) => c.subject === 'http://x.org/Paper' && c.rank === 1)!;
    expect(paper).toMatchObject({ object: 'http://y.org/Paper', generator: 'fusion', predicate: 'skos:exactMatch', justification: 'semapv:CompositeMatching' });
    expect(paper.members.map((m) => m.generator)).toEqual(expect.arrayContaining(['edit', 'exact', 'tfidf']));
    expect(paper.members.find((m) => m.generator === 'exact')!.score).toBe(1);
  });

  it('one generator: its own candidates, no members', async () => {
    const [a, b] = await small();
    const candidates = await propose(a, b, { generators: ['exact'] });
    expect(candidates).toEqual([expect.objectContaining({ subject: 'http://x.org/Paper', object: 'http://y.org/Paper', generator: 'exact', members: [] })]);
  });

  it('a user generator object is fused like a built-in one and shows up in the SSSOM rows', async () => {
    const [a, b] = await small();
    const seen: string[] = [];
    const writer: Generator = {
      name: 'synonyms',
      justification: 'semapv:BackgroundKnowledgeBasedMatching',
      measure: 'hand-made-synonym-table',
      async *propose(source, target, options) {
        seen.push(`topK=${options.topK}`);
        const table: Record<string, string> = { 'http://x.org/Author': 'http://y.org/Writer' };
        for (const c of source.concepts) {
          const object = table[c.iri];
          if (object && target.byIri.has(object)) {
            const candidate: Candidate = { subject: c.iri, predicate: 'skos:exactMatch', object, generator: 'synonyms', score: rawScore(1), measure: 'hand-made-synonym-table', rank: 1, justification: 'semapv:BackgroundKnowledgeBasedMatching', evidence: [] };
            yield candidate;
          }
        }
      },
    };
    const candidates = await propose(a, b, { generators: ['exact', writer], topK: 3 });
    expect(seen).toEqual(['topK=3']);
    const author = candidates.find((c) => c.subject === 'http://x.org/Author')!;
    expect(author).toMatchObject({ object: 'http://y.org/Writer', generator: 'fusion', rank: 1 });
    expect(author.measure).toBe('weighted-mean-of-score/sqrt(rank)(exact:2,synonyms:1)');
    expect(author.members.map((m) => m.generator)).toEqual(['synonyms']);
    // Its raw score and rank sit in its own columns of the candidate's row…
    const set = readCandidates(toMappingSet(candidates, { source: a, target: b }));
    expect(set.find((c) => c.subject === 'http://x.org/Author')?.members).toEqual([{ generator: 'synonyms', score: 1, rank: 1 }]);
    // …and with evidence as rows, in its own row too.
    const tsv = formatMappings(candidates, { source: a, target: b, evidence: 'rows' });
    const rows = tsv.split('\n').filter((line) => line.includes('ioa-align/synonyms'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/:Author\tAuthor\tskos:exactMatch\t\t[\w.]+:Writer\tWriter\tsemapv:BackgroundKnowledgeBasedMatching\t/);
  });

  it('bad options and broken generators: E_USAGE, E_UNKNOWN_GENERATOR, E_GENERATOR_FAILED, located', async () => {
    const [a, b] = await small();
    expect(await rejection(propose(a, b, { topK: 0 }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.topK' } });
    expect(await rejection(propose(a, b, { topK: 1.5 }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.topK' } });
    expect(await rejection(propose(a, b, { directionalTopK: -1 }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.directionalTopK' } });
    expect(await rejection(propose(a, b, { generators: ['exact', 'lexical' as never] }))).toMatchObject({ code: 'E_UNKNOWN_GENERATOR', location: { path: '$.generators[1]' } });
    expect(await rejection(propose(a, b, { generators: [] }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.generators' } });
    expect(await rejection(propose(a, b, { generatorConfig: { nope: {} } as never }))).toMatchObject({ code: 'E_UNKNOWN_GENERATOR', location: { path: '$.generatorConfig.nope' } });
    expect(await rejection(propose(a, b, { generators: [{ name: 'x' } as never] }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.generators[0].propose' } });
    const base = { justification: 'semapv:LexicalMatching', measure: 'm' } as const;
    const twin: Generator = { ...base, name: 'exact', async *propose() {} };
    expect(await rejection(propose(a, b, { generators: ['exact', twin] }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.generators[1]' } });
    const stray: Generator = {
      ...base, name: 'stray',
      async *propose() {
        yield { subject: 'http://x.org/Nope', predicate: 'skos:exactMatch', object: 'http://y.org/Paper', generator: 'stray', score: rawScore(1), measure: 'm', rank: 1, justification: 'semapv:LexicalMatching', evidence: [] };
      },
    };
    const faulty = await rejection(propose(a, b, { generators: [stray] }));
    expect(faulty).toMatchObject({ code: 'E_GENERATOR_FAILED' });
    expect(faulty.message).toContain('http://x.org/Nope is not a concept of the source');
    const throwing: Generator = { ...base, name: 'throwing', async *propose() { throw new Error('boom'); } };
    expect(await rejection(propose(a, b, { generators: [throwing] }))).toMatchObject({ code: 'E_GENERATOR_FAILED', message: 'generator throwing failed: boom' });
    expect(await rejection(propose('x' as never, b, { generators: ['exact'] }))).toMatchObject({ code: 'E_FILE_UNREADABLE' });
    expect(await rejection(propose({} as never, b))).toMatchObject({ code: 'E_USAGE', location: { path: '$.source' } });
  });

  it('fusion settings are checked before any work: no NaN, negative or all-zero weights, no unknown value or key', async () => {
    const [a, b] = await small();
    const cases: Array<[unknown, string]> = [
      [{ weights: { exact: Number.NaN } }, '$.fusion.weights.exact'],
      [{ weights: { exact: 'a' } }, '$.fusion.weights.exact'],
      [{ weights: { exact: Number.POSITIVE_INFINITY } }, '$.fusion.weights.exact'],
      [{ weights: { exact: 0, edit: 0 } }, '$.fusion.weights'],
      [{ value: 'rrf', k: -5 }, '$.fusion.k'],
      [{ value: 'x' }, '$.fusion.value'],
      [{ wieghts: {} }, '$.fusion.wieghts'],
    ];
    for (const [fusion, path] of cases) {
      expect(await rejection(propose(a, b, { generators: ['exact', 'edit'], fusion: fusion as never }))).toMatchObject({ code: 'E_USAGE', location: { path } });
    }
    expect((await propose(a, b, { generators: ['exact', 'edit'], fusion: { value: 'rrf', k: 10, weights: { exact: 2 } } })).length).toBeGreaterThan(0);
  });

  it('a generator of your own that breaks the contract fails naming the candidate: a relation outside SKOS, a score outside [0, 1], a triple twice, more than topK', async () => {
    const [a, b] = await small();
    const base = { justification: 'semapv:LexicalMatching', measure: 'm' } as const;
    const one = (over: Record<string, unknown>, n = 1): Generator => ({
      ...base, name: 'mine',
      async *propose() {
        for (let i = 0; i < n; i++) yield { subject: 'http://x.org/Paper', predicate: 'skos:exactMatch', object: i === 0 ? 'http://y.org/Paper' : 'http://y.org/Review', generator: 'mine', score: rawScore(0.5), measure: 'm', rank: i + 1, justification: 'semapv:LexicalMatching', evidence: [], ...over } as never;
      },
    });
    const twice: Generator = { ...base, name: 'mine', async *propose() { for (let i = 0; i < 2; i++) yield { subject: 'http://x.org/Paper', predicate: 'skos:exactMatch', object: 'http://y.org/Paper', generator: 'mine', score: rawScore(0.5), measure: 'm', rank: i + 1, justification: 'semapv:LexicalMatching', evidence: [] }; } };
    for (const [generator, message, topK] of [
      [one({ predicate: 'foo:bar' }), 'predicate foo:bar is not one of', 10],
      [one({ score: 2 }), 'score 2 is outside [0, 1]', 10],
      [twice, 'was proposed twice', 10],
      [one({}, 2), 'more than topK = 1 candidates for http://x.org/Paper', 1],
    ] as const) {
      const error = await rejection(propose(a, b, { generators: [generator], topK }));
      expect([error.code, error.message]).toEqual(['E_GENERATOR_FAILED', expect.stringContaining(message)]);
    }
  });

  it('an abort inside generation rejects with the signal\'s reason', async () => {
    const source = await loadOntology(join(CONFERENCE, 'cmt.owl'));
    const target = await loadOntology(join(CONFERENCE, 'conference.owl'));
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    const run = propose(source, target, { signal: controller.signal, onProgress: (e) => { if (e.stage === 'generate' && e.done > 5) controller.abort(reason); } });
    await expect(run).rejects.toBe(reason);
  });

  it('an abort during fusion, the last stage, rejects too: no result is handed to a caller who aborted', async () => {
    const source = await loadOntology(join(CONFERENCE, 'cmt.owl'));
    const target = await loadOntology(join(CONFERENCE, 'conference.owl'));
    const controller = new AbortController();
    const reason = new Error('user cancelled late');
    const run = propose(source, target, { signal: controller.signal, onProgress: (e) => { if (e.stage === 'fuse') controller.abort(reason); } });
    await expect(run).rejects.toBe(reason);
  });

  it('kinds leaves other kinds out; crossKind pairs the draft\'s kinds as relatedMatch', async () => {
    const ttl = (base: string, prop: string, kind: string): string => `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix ioa: <https://example.org/ioa/semantic#> .
<${base}Translation> a ioa:${kind} ; rdfs:label "Translation" .
<${base}${prop}> a owl:ObjectProperty ; rdfs:label "has translation" .
`;
    const a = await loadOntology({ text: ttl('http://x.org/', 'hasTranslation', 'Capability'), format: 'turtle', name: 'a.ttl' });
    const b = await loadOntology({ text: ttl('http://y.org/', 'hasTranslation', 'Domain'), format: 'turtle', name: 'b.ttl' });
    const all = await propose(a, b, { generators: ['exact'] });
    expect(all.map((c) => c.subject)).toEqual(['http://x.org/hasTranslation']); // capability ≠ domain
    const capabilities = await propose(a, b, { generators: ['exact'], kinds: ['capabilities', 'domains'], crossKind: true });
    expect(capabilities.map((c) => [c.subject, c.predicate, c.object])).toEqual([['http://x.org/Translation', 'skos:relatedMatch', 'http://y.org/Translation']]);
    await expect(propose(a, b, { kinds: ['widgets' as 'classes'] })).rejects.toMatchObject({ code: 'E_USAGE' });
  });

  it('listGenerators describes the registry and what can run here', () => {
    const list = listGenerators();
    expect(list.map((g) => g.name)).toEqual(['exact', 'edit', 'tfidf', 'wordnet', 'embedding', 'translate', 'structure', 'description']);
    expect(list.filter((g) => g.isDefault).map((g) => g.name)).toEqual(['exact', 'edit', 'tfidf', 'wordnet', 'structure', 'description']);
    // This repository installs the optional embedding packages (dev dependencies).
    expect(list.find((g) => g.name === 'embedding')).toMatchObject({ available: true, missing: [] });
  });
});

describe('readMappings / writeMappings', () => {
  it('round trip of candidates, and the typed errors of bad input', async () => {
    const [a, b] = await small();
    const candidates = await propose(a, b);
    const file = join(dir, 'round.sssom.tsv');
    await writeMappings(file, candidates, { source: a, target: b, mappingDate: '2026-01-02' });
    const set = await readMappings(file);
    expect(readFileSync(file, 'utf8')).toContain('2026-01-02');
    expect(Object.values(set.metadata.curieMap)).toEqual(expect.arrayContaining(['http://x.org/', 'http://y.org/']));
    expect(set.mappings.length).toBe(candidates.length);
    expect(readCandidates(set).map((c) => [c.subject, c.object, c.rank, c.score])).toEqual(
      [...candidates].sort((x, y) => (x.subject < y.subject ? -1 : x.subject > y.subject ? 1 : x.rank - y.rank)).map((c) => [c.subject, c.object, c.rank, c.score]));
    // A mapping set is written as it is; the format follows the extension.
    await writeMappings(join(dir, 'round.json'), set);
    expect(JSON.parse(readFileSync(join(dir, 'round.json'), 'utf8'))).toMatchObject({ mappings: expect.any(Array) });

    expect(await rejection(writeMappings(join(dir, 'x.tsv'), candidates))).toMatchObject({ code: 'E_USAGE', location: { path: '$.source' } });
    expect(await rejection(writeMappings(join(dir, 'x.csv'), set, { format: 'sssom' }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.format' } });
    expect(await rejection(writeMappings(join(dir, 'no', 'such', 'dir.tsv'), set))).toMatchObject({ code: 'E_WRITE_FAILED' });
  });

  it('candidates never replace a file of reviewers\' decisions (E_OUT_HOLDS_DECISIONS, as propose --out); a mapping set of decisions may', async () => {
    const [a, b] = await small();
    const candidates = await propose(a, b);
    const reviewed = join(dir, 'reviewed.sssom.tsv');
    copyFileSync(join(EX, 'reviewed-cs-doc.sssom.tsv'), reviewed);
    const before = readFileSync(reviewed, 'utf8');
    expect(await rejection(writeMappings(reviewed, candidates, { source: a, target: b }))).toMatchObject({ code: 'E_OUT_HOLDS_DECISIONS', location: { file: reviewed, path: '$.path' } });
    expect(readFileSync(reviewed, 'utf8')).toBe(before);
    // Written again as a set (what convert does), the decisions are the content itself.
    const set = await readMappings(reviewed);
    await writeMappings(reviewed, set);
    expect((await readMappings(reviewed)).mappings.length).toBe(set.mappings.length);
  });

  it('reads refuse bad mapping files with typed errors', async () => {
    writeFileSync(join(dir, 'bad.sssom.tsv'), '#curie_map:\n#  x: http://x.org/\nsubject_id\tpredicate_id\n');
    expect((await rejection(readMappings(join(dir, 'bad.sssom.tsv')))).code).toMatch(/^E_SSSOM_/);
    expect(await rejection(readMappings(join(dir, 'missing.tsv')))).toMatchObject({ code: 'E_FILE_UNREADABLE' });
  });

  it('never writes over the ontology files the candidates were made from, listed as inputs or not', async () => {
    const path = join(dir, 'source.owl');
    writeFileSync(path, TTL(['Paper', 'Author']));
    const source = await loadOntology(path, { format: 'turtle' });
    const [, target] = await small();
    const candidates = await propose(source, target);
    const before = readFileSync(path, 'utf8');
    expect(await rejection(writeMappings(path, candidates, { source, target, format: 'alignment' }))).toMatchObject({ code: 'E_USAGE' });
    expect(readFileSync(path, 'utf8')).toBe(before);
  });
});

describe('check and artifacts through the gate entry point', () => {
  const request = join(EX, 'envelope-12.1-zh-en.json');
  const provider = join(EX, 'capability-cs-translate.json');
  const profile = join(EX, 'profile-tech-translation.json');

  it('paths or parsed documents give the same verdict; invalid input is no verdict', async () => {
    const fromFiles = await check({ request, provider, profile, ontologies: [join(EX, 'cs.ttl')], now: '2026-06-01T00:00:00Z' });
    expect(fromFiles).toMatchObject({ kind: 'verdict', outcome: 'Compatible' });
    const parsed = (file: string): object => JSON.parse(readFileSync(file, 'utf8')) as object;
    const fromObjects = await check({ request: parsed(request), provider: parsed(provider), profile: parsed(profile), ontologies: [await loadOntology(join(EX, 'cs.ttl'))], now: Date.parse('2026-06-01T00:00:00Z') });
    expect(fromObjects).toMatchObject({ kind: 'verdict', outcome: 'Compatible' });
    if (fromFiles.kind === 'verdict' && fromObjects.kind === 'verdict') expect(fromObjects.inputs).toEqual(fromFiles.inputs);

    const invalid = await check({ request: { ...parsed(request) as Record<string, unknown>, ontologyVersion: 7 }, provider, profile });
    expect(invalid).toMatchObject({ kind: 'invalid', outcome: 'Invalid', errors: [expect.objectContaining({ file: '<request>', path: '$.ontologyVersion' })] });
    expect(await rejection(check({ request: join(dir, 'missing.json'), provider, profile }))).toMatchObject({ code: 'E_FILE_UNREADABLE' });
    expect(await rejection(check({ request, provider, profile, now: '2026-02-30T00:00:00Z' }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.now' } });
    expect(await rejection(check({ request, provider } as never))).toMatchObject({ code: 'E_USAGE', location: { path: '$.profile' } });
  });

  it('verifyArtifact: an unsigned artifact is not verified; a malformed trust policy is E_INVALID_DOCUMENT', async () => {
    const key = generateKeyPair();
    const trust = createTrustPolicy({ trustedIssuers: [{ id: 'https://example.org/mapping-authority', keyId: key.keyId, publicKey: key.publicKeyPem, scopes: [{ sourceOntologyId: 'https://example.org/onto/agent-core', targetOntologyId: 'https://example.net/onto/doc' }] }] });
    const unsigned = await verifyArtifact(join(EX, 'artifact-12.4.json'), trust, { now: '2026-06-01T00:00:00Z' });
    expect(unsigned.verified).toBe(false);
    expect(unsigned.problems.map((p) => p.code)).toContain('SIGNATURE_MISSING');
    expect(() => createTrustPolicy({ trustedIssuers: [{ id: 'relative', keyId: 'k', publicKey: 'x', scopes: [] }] })).toThrowError(expect.objectContaining({ code: 'E_INVALID_DOCUMENT' }) as Error);
  });
});

describe('what the gate returns goes back into the gate', () => {
  it('a ValidatedArtifact (readArtifact, buildArtifact) is taken by check and verifyArtifact as the document it was read from', async () => {
    const artifact = join(EX, 'artifact-12.4.json');
    const key = generateKeyPair();
    const trust = createTrustPolicy({ trustedIssuers: [{ id: 'https://example.org/mapping-authority', keyId: key.keyId, publicKey: key.publicKeyPem, scopes: [{ sourceOntologyId: 'https://example.org/onto/agent-core', targetOntologyId: 'https://example.net/onto/doc' }] }] });
    const signed = await signArtifact(artifact, key.privateKeyPem);
    const validated = await readArtifact(signed);
    const now = '2026-06-01T00:00:00Z';
    expect(await verifyArtifact(validated, trust, { now })).toEqual(await verifyArtifact(signed, trust, { now }));
    expect((await verifyArtifact(validated, trust, { now })).verified).toBe(true);
    const inputs = { request: join(EX, 'envelope-12.1-zh-en.json'), provider: join(EX, 'capability-doc-translate.json'), profile: join(EX, 'profile-tech-translation.json'), ontologies: [join(EX, 'cs.ttl')], trust, now };
    const fromDocument = await check({ ...inputs, artifacts: [signed] });
    const fromValidated = await check({ ...inputs, artifacts: [validated] });
    expect(fromDocument).toMatchObject({ kind: 'verdict' });
    expect(fromValidated).toEqual(fromDocument);
  });

  it('an object only claiming to be a validated trust policy is validated again (E_INVALID_DOCUMENT)', async () => {
    expect(await rejection(readTrustPolicy({ kind: 'trust', trustedIssuers: 'nobody' } as never))).toMatchObject({ code: 'E_INVALID_DOCUMENT' });
  });
});

describe('runBenchmark with a user generator', () => {
  it('scores it against the reference like a registered one', async () => {
    const exactCopy: Generator = {
      name: 'label-equality', justification: 'semapv:LexicalMatching', measure: 'label-equality',
      async *propose(source, target) {
        for (const c of source.concepts) {
          const label = c.labels[0]?.text.toLowerCase();
          const hit = target.concepts.find((t) => t.labels.some((l) => l.text.toLowerCase() === label));
          if (hit) yield { subject: c.iri, predicate: 'skos:exactMatch', object: hit.iri, generator: 'label-equality', score: rawScore(1), measure: 'label-equality', rank: 1, justification: 'semapv:LexicalMatching', evidence: [] };
        }
      },
    };
    const result = await runBenchmark({ corpus: 'conference', generators: ['exact', exactCopy], baselines: false, topK: 1 });
    const mine = result.runs.find((r) => r.name === 'label-equality')!;
    expect(mine).toMatchObject({ kind: 'generator', status: 'ok', measure: 'label-equality' });
    expect(mine.micro!.hitsAt['1']).toBeGreaterThan(0.3);
    expect(result.runs.map((r) => r.name)).toEqual(['exact', 'label-equality', 'fusion']);
    await expect(runBenchmark({ corpus: 'conference', generators: [{ ...exactCopy, name: 'exact' }] })).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});

describe('misuse of the entry points is E_USAGE at its path, never a TypeError from inside', () => {
  it('the settings of a built-in generator are checked: a misspelt key, a setting it does not take, a number that is no positive number are E_USAGE at their path', async () => {
    const [a, b] = await small();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ description: { encodr: 'glove' } }, '$.generatorConfig.description.encodr'],
      [{ edit: { minScore: 2 } }, '$.generatorConfig.edit.minScore'],
      [{ exact: { foo: 1 } }, '$.generatorConfig.exact.foo'],
      [{ tfidf: 5 }, '$.generatorConfig.tfidf'],
      [{ edit: { minSimilarity: -0.5 } }, '$.generatorConfig.edit.minSimilarity'],
      [{ structure: { budget: 'lots' } }, '$.generatorConfig.structure.budget'],
    ];
    for (const [generatorConfig, path] of cases) {
      const generators = Object.keys(generatorConfig) as never;
      expect(await rejection(propose(a, b, { generators, generatorConfig: generatorConfig as never }))).toMatchObject({ code: 'E_USAGE', location: { path } });
    }
    // "all" inside a list: the CLI's E_USAGE, not an unknown generator named "all".
    expect(await rejection(propose(a, b, { generators: ['all', 'exact'] as never }))).toMatchObject({ code: 'E_USAGE', location: { path: '$.generators[0]' } });
    // Settings it does take still run.
    expect((await propose(a, b, { generators: ['edit'], generatorConfig: { edit: { minSimilarity: 0.9 } } })).length).toBeGreaterThan(0);
  });

  it('options that are no object, callbacks that are no function, a signal that is no AbortSignal, candidates that are no array', async () => {
    const { select, selectDetailed, checkCoherence } = await import('../../src/api/index.js');
    const [a, b] = await small();
    const candidates = await propose(a, b);
    const calls: Array<[string, () => unknown, string]> = [
      ['propose(a, b, null)', () => propose(a, b, null as never), '$'],
      ['propose signal {}', () => propose(a, b, { signal: {} as never }), '$.signal'],
      ['propose onWarning 1', () => propose(a, b, { onWarning: 1 as never }), '$.onWarning'],
      ['loadOntology signal "x"', () => loadOntology('x.ttl', { signal: 'x' as never }), '$.signal'],
      ['loadOntology onProgress 5', () => loadOntology('x.ttl', { onProgress: 5 as never }), '$.onProgress'],
      ['select()', () => select(undefined as never), '$.candidates'],
      ['select(null)', () => select(null as never), '$.candidates'],
      ['select([null])', () => select([null] as never), '$.candidates[0]'],
      ['select ontologies with the source only', () => selectDetailed(candidates, { mode: 'one-to-one', ontologies: { source: a } as never }), '$.ontologies'],
      ['checkCoherence(null)', () => checkCoherence(null as never, { source: a, target: b }), '$.mappings'],
      ['runBenchmark()', () => runBenchmark(undefined as never), '$'],
      ['runBenchmark({ corpus: 5 })', () => runBenchmark({ corpus: 5 as never }), '$.corpus'],
      ['runBenchmark signal {}', () => runBenchmark({ corpus: 'conference', signal: {} as never }), '$.signal'],
    ];
    for (const [name, call, path] of calls) {
      const error = await Promise.resolve().then(call).then(() => undefined, (e: unknown) => e);
      expect([name, error instanceof IoaError, (error as IoaError)?.code, (error as IoaError)?.location?.path]).toEqual([name, true, 'E_USAGE', path]);
    }
  });
  it('a misspelt option key is refused (E_USAGE at its path, naming the key meant), never left out unseen; a wrong argument shape is an IoaError, not a TypeError', async () => {
    const { select, selectDetailed, checkCoherence } = await import('../../src/api/index.js');
    const { openReview } = await import('../../src/api/review.js');
    const { buildArtifact } = await import('../../src/api/gate.js');
    const { diffVersions, upgradeArtifact } = await import('../../src/api/versions.js');
    const { formatMappingChunks } = await import('../../src/api/index.js');
    const { ensureEmbeddingModel } = await import('../../src/api/models.js');
    const { createRetrievalSession } = await import('../../src/api/envelope.js');
    const [a, b] = await small();
    const candidates = await propose(a, b);
    const dir = mkdtempSync(join(tmpdir(), 'ioa-keys-'));
    const req = { request: join(EX, 'envelope-12.1-zh-en.json'), provider: join(EX, 'capability-doc-translate.json'), profile: join(EX, 'profile-tech-translation.json') };
    const calls: Array<[string, () => unknown, string, string]> = [
      ['propose topk', () => propose(a, b, { topk: 1 } as never), '$.topk', 'unknown option "topk"; did you mean "topK"?'],
      ['propose signa', () => propose(a, b, { signa: new AbortController().signal } as never), '$.signa', 'unknown option "signa"; did you mean "signal"?'],
      ['loadOntology skipinvalid', () => loadOntology(join(EX, 'cs.ttl'), { skipinvalid: true } as never), '$.skipinvalid', 'unknown option "skipinvalid"; did you mean "skipInvalid"?'],
      ['select minscore', () => select(candidates, { minscore: 0.5 } as never), '$.minscore', 'unknown option "minscore"; did you mean "minScore"?'],
      ['selectDetailed mod', () => selectDetailed(candidates, { mod: 'one-to-one' } as never), '$.mod', 'unknown option "mod"; did you mean "mode"?'],
      ['check nwo', () => check({ ...req, nwo: '2026-06-01T00:00:00Z' } as never), '$.nwo', 'unknown input "nwo"; did you mean "now"?'],
      ['writeMappings formt', () => writeMappings(join(dir, 'x.tsv'), [], { formt: 'sssom' } as never), '$.options.formt', 'unknown option "formt"; did you mean "format"?'],
      ['readMappings formt', () => readMappings(join(EX, 'reviewed-cs-doc.sssom.tsv'), { formt: 'sssom' } as never), '$.formt', 'unknown option "formt"; did you mean "format"?'],
      ['checkCoherence sorce', () => checkCoherence([], { sorce: a, source: a, target: b } as never), '$.sorce', 'unknown option "sorce"; did you mean "source"?'],
      ['diffVersions xyzzy', () => diffVersions(a, b, { xyzzy: 1 } as never), '$.options.xyzzy', 'unknown option "xyzzy"; the options are '],
      ['buildArtifact validuntil', () => buildArtifact(join(EX, 'reviewed-cs-doc.sssom.tsv'), { artifactId: 'https://e.org/a', revision: '1', assertedBy: 'https://e.org/i', validuntil: '2030-01-01T00:00:00Z' } as never), '$.options.validuntil', 'unknown option "validuntil"; did you mean "validUntil"?'],
      ['openReview({ file })', () => openReview({ file: join(dir, 'c.tsv') } as never), '$.candidates', 'openReview takes { candidates, source, target, out'],
      ['openReview(files, { todya })', () => openReview({ candidates: 'c.tsv', source: 's.ttl', target: 't.ttl', out: join(dir, 'r.tsv') }, { todya: () => 'x' } as never), '$.todya', 'unknown option "todya"; did you mean "today"?'],
      ['openReview("c.tsv")', () => openReview('c.tsv' as never), '$', 'openReview takes { candidates, source, target, out'],
      ['formatMappings formt', () => formatMappings(candidates, { formt: 'json' } as never), '$.formt', 'unknown option "formt"; did you mean "format"?'],
      ['formatMappingChunks formt', () => formatMappingChunks(candidates, { formt: 'json' } as never), '$.formt', 'unknown option "formt"; did you mean "format"?'],
      ['upgradeArtifact strictDefinitons', () => upgradeArtifact(join(EX, 'artifact-12.4.json'), { side: 'target', old: a, new: b, strictDefinitons: true } as never), '$.strictDefinitons', 'did you mean "strictDefinitions"?'],
      ['ensureEmbeddingModel maxwords', () => ensureEmbeddingModel({ maxwords: 10 } as never), '$.maxwords', 'did you mean "maxWords"?'],
      ['createRetrievalSession resolvr', () => createRetrievalSession({ allowRemote: false }, { resolvr: () => [] } as never), '$.resolvr', 'did you mean "resolver"?'],
    ];
    for (const [name, call, path, message] of calls) {
      const error = await Promise.resolve().then(call).then(() => undefined, (e: unknown) => e);
      expect([name, error instanceof IoaError, (error as IoaError)?.code, (error as IoaError)?.location?.path]).toEqual([name, true, 'E_USAGE', path]);
      expect((error as IoaError).message).toContain(message);
    }
    // A key given as undefined is absent, as TypeScript's optional properties allow.
    expect((await propose(a, b, { topK: undefined })).length).toBe(candidates.length);
  });

  it('a string where a list goes, a path where a loaded ontology goes, a forgotten options argument, a clock that is no time: E_USAGE, and nothing written', async () => {
    const { inspectOntology, declaredMappings, exportVocabulary } = await import('../../src/api/index.js');
    const { buildArtifact, writeKeyPair } = await import('../../src/api/gate.js');
    const { diffVersions } = await import('../../src/api/versions.js');
    const { writeReport } = await import('../../src/api/bench.js');
    const { wrapNlip } = await import('../../src/api/carriers.js');
    const [a, b] = await small();
    const dir = mkdtempSync(join(tmpdir(), 'ioa-misuse-'));
    const ex = (f: string) => join(import.meta.dirname, '../../corpora/ioa-example', f);
    const req = { request: ex('envelope-12.1-zh-en.json'), provider: ex('capability-doc-translate.json'), profile: ex('profile-tech-translation.json') };
    writeFileSync(join(dir, 'results.json'), 'kept');
    const calls: Array<[string, () => unknown, string]> = [
      ['propose kinds "classes"', () => propose(a, b, { kinds: 'classes' as never }), '$.kinds'],
      ['check artifacts "a.json"', () => check({ ...req, artifacts: 'a.json' as never }), '$.artifacts'],
      ['check ontologies "cs.ttl"', () => check({ ...req, ontologies: ex('cs.ttl') as never }), '$.ontologies'],
      ['check now NaN', () => check({ ...req, now: Number.NaN }), '$.now'],
      ['verifyArtifact now NaN', () => verifyArtifact(ex('artifact-12.4.json'), { trustedIssuers: [] }, { now: Number.NaN }), '$.now'],
      ['verifyArtifact now Invalid Date', () => verifyArtifact(ex('artifact-12.4.json'), { trustedIssuers: [] }, { now: new Date('nope') }), '$.now'],
      ['inspectOntology(path)', () => inspectOntology(ex('cs.ttl') as never), '$.index'],
      ['declaredMappings(path)', () => declaredMappings(ex('cs.ttl') as never), '$.index'],
      ['exportVocabulary ttl', () => exportVocabulary(a, 'ttl' as never), '$.format'],
      ['buildArtifact(file) without options', () => buildArtifact(ex('reviewed-cs-doc.sssom.tsv'), undefined as never), '$.options'],
      ['buildArtifact now NaN', () => buildArtifact(ex('reviewed-cs-doc.sssom.tsv'), { artifactId: 'https://e.org/a', revision: '1', assertedBy: 'https://e.org/i', validUntil: '2030-01-01T00:00:00Z', now: Number.NaN } as never), '$.now'],
      ['writeMappings options null', () => writeMappings(join(dir, 'x.tsv'), [], null as never), '$.options'],
      ['diffVersions second release forgotten', () => diffVersions(a, undefined as never), '$.newRelease'],
      ['wrapNlip options forgotten', () => wrapNlip({}, undefined as never), '$.options'],
      ['writeKeyPair pair "oops"', () => writeKeyPair(join(dir, 'keys'), 'oops' as never), '$.pair'],
      ['writeReport(text)', () => writeReport('{"corpus":"conference"}' as never, dir), '$.result'],
    ];
    for (const [name, call, path] of calls) {
      const error = await Promise.resolve().then(call).then(() => undefined, (e: unknown) => e);
      expect([name, error instanceof IoaError, (error as IoaError)?.code, (error as IoaError)?.location?.path]).toEqual([name, true, 'E_USAGE', path]);
    }
    expect([readFileSync(join(dir, 'results.json'), 'utf8'), existsSync(join(dir, 'keys'))]).toEqual(['kept', false]);
  });
});
