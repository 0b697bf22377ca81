/**
 * `propose` between two releases of one ontology: the version diff's identity and lineage
 * evidence join the fused members (ProposeOptions.releases), by default only when both releases
 * name one ontology IRI, version segments aside.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, propose, type ProposedCandidate } from '../../src/api/index.js';
import { rejectedIoaError } from '../helpers/errors.js';
import { runCli } from '../helpers/cli.js';
import { tempFile } from '../helpers/files.js';
import { runBenchmark } from '../../src/bench/runner.js';

const FIX = join(import.meta.dirname, 'fixtures');
const zoo = (name: string): string => `http://example.org/zoo#${name}`;

describe('propose between two releases of one ontology (test/versions/fixtures/zoo-*.ttl)', async () => {
  const [old, next, other] = await Promise.all([loadOntology(join(FIX, 'zoo-1.0.ttl')), loadOntology(join(FIX, 'zoo-2.0.ttl')), loadOntology(join(FIX, 'other.ttl'))]);
  const first = (list: readonly ProposedCandidate[], subject: string): ProposedCandidate | undefined => list.find((c) => c.subject === subject && c.rank === 1);

  it('fuses the identity of a kept identifier: a relabelled concept is its own successor, said once', async () => {
    const warnings: string[] = [];
    const list = await propose(old, next, { onWarning: (m) => warnings.push(m) });
    // "Fish" became "Bony fish" under the same IRI: no name generator may propose a concept as
    // its own match, the identity of its IRI does.
    const fish = first(list, zoo('Fish'));
    expect(fish).toMatchObject({ object: zoo('Fish'), predicate: 'skos:exactMatch' });
    expect(fish!.members.map((m) => m.generator)).toContain('identity');
    expect(fish!.measure).toMatch(/identity:3\(partial\)/);
    expect(warnings.filter((w) => w.includes('are releases of http://example.org/zoo'))).toHaveLength(1);
    // The same-IRI warning of two unrelated ontologies does not apply here.
    expect(warnings.some((w) => w.includes('never proposed as its own match'))).toBe(false);
  });

  it('follows a dissolved category to where its children went (lineage), as narrower', async () => {
    const list = await propose(old, next);
    const insect = list.filter((c) => c.subject === zoo('Insect') && c.members.some((m) => m.generator === 'lineage'));
    expect(insect.map((c) => [c.predicate, c.object]).sort()).toEqual([['skos:narrowMatch', zoo('Crawler')], ['skos:narrowMatch', zoo('Flyer')]]);
  });

  it('releases: false compares them as two ontologies', async () => {
    const warnings: string[] = [];
    const list = await propose(old, next, { releases: false, onWarning: (m) => warnings.push(m) });
    expect(list.some((c) => c.object === c.subject)).toBe(false);
    expect(list.some((c) => c.members.some((m) => m.generator === 'identity' || m.generator === 'lineage'))).toBe(false);
    expect(warnings.some((w) => w.includes('never proposed as its own match'))).toBe(true);
  });

  it('leaves two ontologies with different IRIs alone, and a single generator\'s raw scores too', async () => {
    const apart = await propose(old, other);
    expect(apart.some((c) => c.members.some((m) => m.generator === 'identity'))).toBe(false);
    const single = await propose(old, next, { generators: ['exact'] });
    expect(single.every((c) => c.generator === 'exact' && c.members.length === 0)).toBe(true);
  });

  it('refuses releases: true where it cannot apply, naming the option', async () => {
    const one = await rejectedIoaError(propose(old, next, { generators: ['exact'], releases: true }));
    expect([one.code, one.location.path]).toEqual(['E_USAGE', '$.releases']);
    const fusion = await rejectedIoaError(propose(old, next, { releases: true, fusion: { value: 'rrf' } }));
    expect([fusion.code, fusion.location.path]).toEqual(['E_USAGE', '$.fusion']);
  });

  it('takes releases: true for two files that do not say they are releases of one ontology', async () => {
    // Release 2.0 under another ontology IRI: nothing says the two are releases of one.
    const text = (await readFile(join(FIX, 'zoo-2.0.ttl'), 'utf8')).replace('<http://example.org/zoo> a owl:Ontology', '<http://example.org/menagerie> a owl:Ontology');
    const renamed = await loadOntology(await tempFile('menagerie.ttl', text));
    expect(first(await propose(old, renamed), zoo('Fish'))?.object).not.toBe(zoo('Fish'));
    const forced = await propose(old, renamed, { releases: true });
    expect(first(forced, zoo('Fish'))?.members.map((m) => m.generator)).toContain('identity');
  });
});

describe('ioa-align propose --releases / --no-releases', () => {
  const files = [join(FIX, 'zoo-1.0.ttl'), join(FIX, 'zoo-2.0.ttl')];
  it('says on stderr that it proposes between releases, and --no-releases turns it off', async () => {
    const on = await runCli(['propose', ...files]);
    expect(on.code).toBe(0);
    expect(on.stderr).toContain('are releases of http://example.org/zoo');
    expect(on.stdout).toMatch(/^#similarity_measure: .*identity:3\(partial\).*lineage:1.5\(partial\)/m);
    const off = await runCli(['propose', ...files, '--no-releases']);
    expect(off.code).toBe(0);
    expect(off.stderr).not.toContain('are releases of');
    expect(off.stdout).not.toMatch(/identity:3/);
  });
});

describe('bench fuses a pair of two releases as propose does', () => {
  it('on the OASF migration (corpora/agents): lineage adds broader and narrower candidates the names alone miss; --no-releases leaves them out', async () => {
    const run = async (releases?: boolean) => {
      const result = await runBenchmark({ corpus: 'agents', generators: ['exact', 'tfidf'], baselines: false, reviewBudget: 0, ...(releases === undefined ? {} : { releases }) });
      const fused = result.runs.find((r) => r.kind === 'fusion')!;
      const byRelation = fused.micro!.byRelation!;
      const directional = Object.entries(byRelation).filter(([k]) => k !== 'skos:exactMatch').reduce((n, [, v]) => n + v.rightRelationAt10, 0);
      return { config: fused.config as Record<string, unknown>, directional };
    };
    const [auto, off] = await Promise.all([run(), run(false)]);
    expect(auto.config.releases).toEqual(['oasf-skills-1.0.0-1.1.0']);
    expect(off.config.releases).toBeUndefined();
    expect(auto.directional).toBeGreaterThan(off.directional);
  });
});
