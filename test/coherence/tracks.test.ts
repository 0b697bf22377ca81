/**
 * Repair on real ontologies: every pair of the bundled conference track (21 pairs, 16 ontologies
 * with about 2,800 lines of disjointness), with candidates of two fast generators and no
 * threshold, so that the plain one-to-one selection holds many conflicts. After repair the
 * checker finds none in any pair, and repair removed only what it had to (each removal named with
 * a conflict against kept mappings). The same guarantee for the default generators on every
 * bundled track is asserted by benchmarks/coherence/run.mjs (too slow for a test).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, propose } from '../../src/api/index.js';
import { CoherenceChecker } from '../../src/coherence/index.js';
import { selectDetailed } from '../../src/selection/coherent.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';

const DIR = join(import.meta.dirname, '../../corpora/conference');

describe('repair on the bundled conference track', () => {
  it('leaves no conflict in the one-to-one selection of any of the 21 pairs, where the plain selection has many', async () => {
    const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { pairs: Array<{ id: string; source: string; target: string }> };
    expect(manifest.pairs).toHaveLength(21);
    const loaded = new Map<string, Promise<OntologyIndex>>();
    const load = (p: string): Promise<OntologyIndex> => {
      if (!loaded.has(p)) loaded.set(p, loadOntology(join(DIR, p)));
      return loaded.get(p)!;
    };
    let plainConflicts = 0;
    let pairsWithConflicts = 0;
    const after: Record<string, number> = {};
    for (const pair of manifest.pairs) {
      const [source, target] = await Promise.all([load(pair.source), load(pair.target)]);
      const candidates = await propose(source, target, { generators: ['exact', 'tfidf'] });
      const checker = new CoherenceChecker(source, target);
      const ontologies = { source, target };
      const plain = selectDetailed(candidates, { mode: 'one-to-one', ontologies, checker, repair: false, structure: false });
      const found = checker.check(plain.selected).conflicts.length;
      plainConflicts += found;
      if (found > 0) pairsWithConflicts++;
      const repaired = selectDetailed(candidates, { mode: 'one-to-one', ontologies, checker });
      after[pair.id] = checker.check(repaired.selected).conflicts.length;
      for (const r of repaired.removed.filter((x) => x.by === 'repair')) {
        // Each removal is explained by a conflict it is part of (alone, or with kept mappings).
        const members = r.conflict!.mappings.map((i) => r.conflictWith![i]!);
        expect(members).toContain(r.candidate);
        for (const o of members.filter((c) => c !== r.candidate)) expect(repaired.selected).toContain(o);
      }
    }
    // Without a threshold the plain selection is far from coherent on most pairs...
    expect(plainConflicts).toBeGreaterThan(100);
    expect(pairsWithConflicts).toBeGreaterThan(10);
    // ...and after repair no pair keeps a conflict.
    expect(after).toEqual(Object.fromEntries(manifest.pairs.map((p) => [p.id, 0])));
  });
});
