import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countByKind, type OntologyIndex } from '../../src/model/ontology-index.js';
import { IoaError } from '../../src/model/errors.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { isOasfLocation, loadOasf, oasfIri } from '../../src/vocab/oasf.js';

const corpus = (p: string): string => join(import.meta.dirname, '../../corpora/agents/oasf', p);

async function expectCode(promise: Promise<unknown>, code: string): Promise<IoaError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(IoaError);
  expect((error as IoaError).code).toBe(code);
  return error as IoaError;
}

describe('OASF loader on the published releases', () => {
  let v110: OntologyIndex;
  let v100: OntologyIndex;
  beforeAll(async () => {
    v110 = await loadVocabulary(corpus('v1.1.1'));
    v100 = await loadVocabulary(corpus('v1.0.4'));
  });

  it('schema 1.1.0 (tag v1.1.1) has 513 skills and 201 domains', () => {
    expect(countByKind(v110.concepts)).toEqual({ capability: 513, domain: 201 });
    expect(v110.version).toBe('1.1.0');
    expect(v110.iri).toBe('https://schema.oasf.outshift.com/1.1.0');
  });

  it('schema 0.8.0 (tag v0.8.0, whose class files name their category as a string) has 136 skills and 204 domains', async () => {
    const v080 = await loadVocabulary(corpus('v0.8.0'));
    expect([countByKind(v080.concepts), v080.version]).toEqual([{ capability: 136, domain: 204 }, '0.8.0']);
    // Its categories carry no uid: one warning per taxonomy, not one per class.
    expect(v080.warnings.map((w) => w.replace(/ \(.*/, ''))).toEqual(['skills: 136 class(es) have no numeric id, because a class on their path has no "uid"', 'domains: 204 class(es) have no numeric id, because a class on their path has no "uid"']);
    const summarization = v080.byIri.get('https://schema.oasf.outshift.com/0.8.0/skills/summarization')!;
    expect([summarization.alternativeIds[0], summarization.parents]).toEqual(['natural_language_processing/natural_language_generation/summarization', ['https://schema.oasf.outshift.com/0.8.0/skills/natural_language_generation']]);
  });

  it('schema 1.0.0 (tag v1.0.4) has 136 skills and 204 domains', () => {
    expect(countByKind(v100.concepts)).toEqual({ capability: 136, domain: 204 });
    expect(v100.version).toBe('1.0.0');
  });

  it('uses the schema version from version.json in IRIs, never the release tag', () => {
    for (const c of v110.concepts) expect(c.iri).toMatch(/^https:\/\/schema\.oasf\.outshift\.com\/1\.1\.0\/(skills|domains)\/[a-z0-9_]+$/);
    for (const c of v100.concepts) expect(c.iri).toMatch(/^https:\/\/schema\.oasf\.outshift\.com\/1\.0\.0\//);
    expect(v110.concepts.some((c) => c.iri.includes('1.1.1'))).toBe(false);
  });

  it('image_classification: IRI, caption label, definition, name path, numeric id as notation, parent from extends', () => {
    const c = v110.byIri.get('https://schema.oasf.outshift.com/1.1.0/skills/image_classification');
    expect(c).toBeDefined();
    expect(c!.kind).toBe('capability');
    expect(c!.labels[0]).toEqual({ text: 'Image Classification', source: 'caption' });
    expect(c!.alternativeIds).toEqual(['computer_vision/image_analysis/image_classification']);
    // computer_vision (2) / image_analysis (201) / image_classification (20101), SOURCE.txt
    expect(c!.notations).toEqual(['20101']);
    expect(c!.parents).toEqual(['https://schema.oasf.outshift.com/1.1.0/skills/image_analysis']);
    expect(c!.definitions).toHaveLength(1);
    expect(c!.definitions[0]!.length).toBeGreaterThan(10);
  });

  it('adds the split name as a second label only when it differs from the caption', () => {
    const renamed = v100.concepts.find((c) => c.localName === 'images_computer_vision');
    expect(renamed?.labels.map((l) => [l.text, l.source])).toEqual([['Images / Computer Vision', 'caption'], ['images computer vision', 'name']]);
    const same = v110.byIri.get(oasfIri('1.1.0', 'skills', 'threat_detection'))!;
    expect(same.labels).toEqual([{ text: 'Threat Detection', source: 'caption' }]);
  });

  it('top-level categories have no parent; every parent is a concept of the same taxonomy and version', () => {
    const roots = v110.concepts.filter((c) => c.parents.length === 0);
    expect(roots.filter((c) => c.kind === 'capability')).toHaveLength(18);
    for (const c of v110.concepts) {
      for (const p of c.parents) {
        const parent = v110.byIri.get(p);
        expect(parent?.kind).toBe(c.kind);
      }
    }
    expect(v110.byIri.has(oasfIri('1.1.0', 'skills', 'base_skill'))).toBe(false);
  });

  it('numeric id 1004 is agent_coordination in 1.0.0 and threat_modeling in 1.1.0: two concepts, two IRIs', () => {
    const old = v100.concepts.filter((c) => c.notations.includes('1004') && c.kind === 'capability');
    const neu = v110.concepts.filter((c) => c.notations.includes('1004') && c.kind === 'capability');
    expect(old.map((c) => c.iri)).toEqual(['https://schema.oasf.outshift.com/1.0.0/skills/agent_coordination']);
    expect(neu.map((c) => c.iri)).toEqual(['https://schema.oasf.outshift.com/1.1.0/skills/threat_modeling']);
    expect(old[0]!.iri).not.toBe(neu[0]!.iri);
    // The numeric id never becomes a name: not a label, synonym or alternative id.
    for (const c of [...old, ...neu]) {
      expect([...c.labels.map((l) => l.text), ...c.synonyms.map((s) => s.text), ...c.alternativeIds]).not.toContain('1004');
    }
  });

  it('numeric ids are never in the label index, in either release', () => {
    for (const index of [v100, v110]) {
      for (const c of index.concepts) for (const n of c.notations) expect(index.labelIndex.has(n)).toBe(false);
    }
  });
});

describe('OASF locations', () => {
  it('accepts the release, schema, skills and domains folders; the same skill gets the same IRI from each', async () => {
    const fromRelease = await loadOasf(corpus('v1.1.1'));
    const fromSchema = await loadOasf(corpus('v1.1.1/schema'));
    const skills = await loadOasf(corpus('v1.1.1/schema/skills'));
    const domains = await loadOasf(corpus('v1.1.1/schema/domains'));
    expect(fromSchema.concepts.map((c) => c.iri)).toEqual(fromRelease.concepts.map((c) => c.iri));
    expect(countByKind(skills.concepts)).toEqual({ capability: 513 });
    expect(countByKind(domains.concepts)).toEqual({ domain: 201 });
    expect(skills.iri).toBe('https://schema.oasf.outshift.com/1.1.0/skills');
    expect(new Set([...skills.concepts, ...domains.concepts].map((c) => c.iri))).toEqual(new Set(fromRelease.concepts.map((c) => c.iri)));
  });

  it('claims the folder above the releases only to say which release to pass', async () => {
    expect(await isOasfLocation(corpus(''))).toBe(true);
    const e = await expectCode(loadOasf(corpus('')), 'E_VOCAB_INVALID');
    expect(e.message).toContain('v1.0.4, v1.1.1');
  });

  it('does not claim folders that hold no OASF taxonomy, or files', async () => {
    expect(await isOasfLocation(corpus('..'))).toBe(false); // corpora/agents: no taxonomy, no release directly inside
    expect(await isOasfLocation(corpus('v1.1.1/schema/version.json'))).toBe(false);
    expect(await isOasfLocation(join(import.meta.dirname, '../../corpora/conference'))).toBe(false);
  });
});

describe('OASF bad input', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ioa-oasf-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const base = { caption: 'Skill', description: 'base', name: 'base_skill', attributes: {} };
  async function taxonomy(name: string, classes: Record<string, unknown>, version: unknown = { version: '9.9.0' } /* null: no version.json */): Promise<string> {
    const schema = join(dir, name, 'schema');
    await mkdir(join(schema, 'skills', 'sub'), { recursive: true });
    if (version !== null) await writeFile(join(schema, 'version.json'), typeof version === 'string' ? version : JSON.stringify(version));
    for (const [file, body] of Object.entries({ 'base_skill.json': base, ...classes })) {
      await writeFile(join(schema, 'skills', file), typeof body === 'string' ? body : JSON.stringify(body));
    }
    return join(dir, name);
  }
  const cls = (name: string, ext: string, uid = 1): Record<string, unknown> => ({ uid, caption: name.replace(/_/g, ' '), description: `d ${name}`, extends: ext, name });

  it('loads a minimal taxonomy with the version of its version.json', async () => {
    const root = await taxonomy('ok', { 'a.json': cls('alpha', 'base_skill', 3), 'sub/b.json': cls('beta', 'alpha', 7) });
    const index = await loadOasf(root);
    expect(index.concepts.map((c) => [c.iri, c.notations[0], c.alternativeIds[0]])).toEqual([
      ['https://schema.oasf.outshift.com/9.9.0/skills/alpha', '3', 'alpha'],
      ['https://schema.oasf.outshift.com/9.9.0/skills/beta', '307', 'alpha/beta'],
    ]);
  });

  it('a class file or category folder linked in from elsewhere is read; a dangling link is E_FILE_UNREADABLE, not a silent gap', async () => {
    const elsewhere = await taxonomy('elsewhere', { 'sub/b.json': cls('beta', 'alpha', 7) });
    const root = await taxonomy('linked', { 'a.json': cls('alpha', 'base_skill', 3) });
    await symlink(join(elsewhere, 'schema', 'skills', 'sub'), join(root, 'schema', 'skills', 'linked-sub'));
    // A link back up is walked once.
    await symlink(join(root, 'schema', 'skills'), join(root, 'schema', 'skills', 'loop'));
    expect((await loadOasf(root)).concepts.map((c) => c.alternativeIds[0])).toEqual(['alpha', 'alpha/beta']);
    await symlink(join(dir, 'no-such-file.json'), join(root, 'schema', 'skills', 'gone.json'));
    const e = await expectCode(loadOasf(root), 'E_FILE_UNREADABLE');
    expect(e.message).toContain('gone.json');
  });

  it('missing version.json: E_VOCAB_INVALID naming the file', async () => {
    const root = await taxonomy('nover', { 'a.json': cls('alpha', 'base_skill') }, null);
    const e = await expectCode(loadOasf(root), 'E_VOCAB_INVALID');
    expect(e.location.file).toBe(join(root, 'schema', 'version.json'));
  });

  it('malformed class JSON: E_PARSE_JSON with file and line', async () => {
    const root = await taxonomy('badjson', { 'a.json': '{\n  "name": "alpha",\n  "caption": }' });
    const e = await expectCode(loadOasf(root), 'E_PARSE_JSON');
    expect(e.location.file).toBe(join(root, 'schema', 'skills', 'a.json'));
    expect(e.location.line).toBe(3);
  });

  it('extends an unknown class: E_VOCAB_INVALID at $.extends', async () => {
    const root = await taxonomy('orphan', { 'a.json': cls('alpha', 'no_such_parent') });
    const e = await expectCode(loadOasf(root), 'E_VOCAB_INVALID');
    expect(e.location).toMatchObject({ file: join(root, 'schema', 'skills', 'a.json'), path: '$.extends' });
  });

  it('a cycle in extends: E_VOCAB_INVALID', async () => {
    const root = await taxonomy('cycle', { 'a.json': cls('alpha', 'beta'), 'b.json': cls('beta', 'alpha') });
    const e = await expectCode(loadOasf(root), 'E_VOCAB_INVALID');
    expect(e.message).toContain('cycle');
  });

  it('one name in two files: E_VOCAB_INVALID (leaf names are identity)', async () => {
    const root = await taxonomy('dup', { 'a.json': cls('alpha', 'base_skill', 1), 'sub/a2.json': cls('alpha', 'base_skill', 2) });
    const e = await expectCode(loadOasf(root), 'E_VOCAB_INVALID');
    expect(e.location.path).toBe('$.name');
  });

  it('missing caption and out-of-range uid: E_VOCAB_INVALID with the JSON path', async () => {
    const noCaption = await taxonomy('nocap', { 'a.json': { uid: 1, name: 'alpha', extends: 'base_skill' } });
    expect((await expectCode(loadOasf(noCaption), 'E_VOCAB_INVALID')).location.path).toBe('$.caption');
    const badUid = await taxonomy('baduid', { 'a.json': cls('alpha', 'base_skill', 100) });
    expect((await expectCode(loadOasf(badUid), 'E_VOCAB_INVALID')).location.path).toBe('$.uid');
  });

  it('"category" that is neither a boolean (1.x) nor a category name (0.8.0): E_VOCAB_INVALID at $.category', async () => {
    const named = await taxonomy('catname', { 'a.json': { ...cls('alpha', 'base_skill'), category: 'alpha' } });
    expect((await loadOasf(named)).concepts.map((c) => c.localName)).toEqual(['alpha']);
    const root = await taxonomy('catnum', { 'a.json': { ...cls('alpha', 'base_skill'), category: 7 } });
    expect((await expectCode(loadOasf(root), 'E_VOCAB_INVALID')).location.path).toBe('$.category');
  });

  it('a version that cannot sit in an IRI path: E_VOCAB_INVALID at $.version', async () => {
    const root = await taxonomy('badver', { 'a.json': cls('alpha', 'base_skill') }, { version: '1.0 beta/2' });
    expect((await expectCode(loadOasf(root), 'E_VOCAB_INVALID')).location.path).toBe('$.version');
  });
});
