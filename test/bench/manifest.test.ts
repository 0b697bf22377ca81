import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkManifestFiles, knownCorpora, loadManifest, parseManifest, readManifest, resolveCorpus, CORPORA_DIR } from '../../src/bench/manifest.js';
import { PUBLISHED_POINTS, publishedFor } from '../../src/bench/published.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ioa-manifest-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const pair = { id: 'a-b', source: 'a.owl', target: 'b.owl', reference: 'ref.rdf' };

describe('shipped manifests', () => {
  it('conference has the 21 ra1 pairs, every file present', async () => {
    const m = await loadManifest('conference');
    expect(m.name).toBe('conference');
    expect(m.pairs).toHaveLength(21);
    expect(m.pairs[0]).toMatchObject({ id: 'cmt-conference' });
    expect(m.pairs[0]!.source).toBe(join(CORPORA_DIR, 'conference/ontologies/cmt.owl'));
    await expect(checkManifestFiles(m)).resolves.toBeUndefined();
  });

  it('anatomy has one pair, mouse to human', async () => {
    const m = await loadManifest('anatomy');
    expect(m.pairs.map((p) => [p.id, p.source.endsWith('mouse.owl'), p.target.endsWith('human.owl')])).toEqual([['mouse-human', true, true]]);
  });

  it('lists the corpora that have a manifest', async () => {
    const names = await knownCorpora();
    expect(names).toContain('conference');
    expect(names).toContain('anatomy');
    expect(names).not.toContain('sssom-examples');
  });
});

describe('corpus resolution', () => {
  it('an unknown name is E_UNKNOWN_CORPUS and lists the known ones', async () => {
    await expect(resolveCorpus('nosuch')).rejects.toMatchObject({ code: 'E_UNKNOWN_CORPUS', message: expect.stringContaining('conference') });
  });

  it('a path is taken as a manifest path', async () => {
    expect(await resolveCorpus('some/dir/manifest.json')).toMatch(/some\/dir\/manifest\.json$/);
  });
});

describe('manifest validation names the JSON path', () => {
  const cases: [string, unknown, string][] = [
    ['not an object', [], '$'],
    ['missing name', { pairs: [pair] }, '$.name'],
    ['pairs not an array', { name: 'x', pairs: {} }, '$.pairs'],
    ['no pairs', { name: 'x', pairs: [] }, '$.pairs'],
    ['pair missing reference', { name: 'x', pairs: [{ id: 'a', source: 'a', target: 'b' }] }, '$.pairs[0].reference'],
    ['empty id', { name: 'x', pairs: [{ ...pair, id: '' }] }, '$.pairs[0].id'],
    ['duplicate id', { name: 'x', pairs: [pair, pair] }, '$.pairs[1].id'],
    ['misspelt member', { name: 'x', pairs: [{ ...pair, refrence: 'r' }] }, '$.pairs[0].refrence'],
    ['unknown top-level member', { name: 'x', pairs: [pair], track: 'y' }, '$.track'],
    ['description not a string', { name: 'x', description: 3, pairs: [pair] }, '$.description'],
    ['generators not an object', { name: 'x', pairs: [pair], generators: ['exact'] }, '$.generators'],
    ['generator settings not an object', { name: 'x', pairs: [pair], generators: { exact: 1 } }, '$.generators.exact'],
  ];
  for (const [what, json, path] of cases) {
    it(`${what} → E_BENCH_MANIFEST at ${path}`, () => {
      expect(() => parseManifest(json, '/x/manifest.json')).toThrow(expect.objectContaining({ code: 'E_BENCH_MANIFEST', location: { file: '/x/manifest.json', path } }));
    });
  }

  it('resolves paths against the manifest folder', () => {
    const m = parseManifest({ name: 'x', pairs: [pair] }, '/data/track/manifest.json');
    expect(m.pairs[0]).toEqual({ id: 'a-b', source: '/data/track/a.owl', target: '/data/track/b.owl', reference: '/data/track/ref.rdf' });
  });

  it('text that is not JSON is E_BENCH_MANIFEST at its line and column', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"name": "x", ');
    await expect(readManifest(file)).rejects.toMatchObject({ code: 'E_BENCH_MANIFEST', location: { file, line: 1, column: 15 } });
  });

  it('a missing manifest file is E_FILE_UNREADABLE', async () => {
    await expect(readManifest(join(dir, 'absent.json'))).rejects.toMatchObject({ code: 'E_FILE_UNREADABLE' });
  });

  it('a pair whose file does not exist fails before loading, at its JSON path', async () => {
    const file = join(dir, 'manifest.json');
    await writeFile(join(dir, 'a.owl'), '');
    await writeFile(file, JSON.stringify({ name: 'x', pairs: [pair] }));
    const m = await readManifest(file);
    await expect(checkManifestFiles(m)).rejects.toMatchObject({ code: 'E_BENCH_MANIFEST', location: { path: '$.pairs[0].target' } });
  });
});

describe('published reference points', () => {
  it('every figure appears in corpora/README.md, so the two cannot drift apart', async () => {
    const readme = await readFile(join(CORPORA_DIR, 'README.md'), 'utf8');
    for (const p of PUBLISHED_POINTS) {
      const written = p.approximate ? `about ${p.value}` : p.value.toFixed(1);
      expect(readme, `${p.system} ${p.value}`).toContain(written);
      expect(p.published).toBe(true);
    }
  });

  it('are grouped by corpus name', () => {
    expect(publishedFor('conference').map((p) => p.value)).toEqual([68, 59, 58]);
    expect(publishedFor('anatomy').filter((p) => p.metric === 'F1')).toHaveLength(7);
    expect(publishedFor('tiny')).toEqual([]);
  });
});
