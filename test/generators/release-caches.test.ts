/**
 * A one-off run (`propose`) forgets what the generators cached on its two indexes before fusion,
 * and lets the WordNet files go, to lower its peak memory. A later run on the same indexes
 * prepares them anew and must propose exactly the same candidates.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadOntology } from '../../src/api/ontology.js';
import { forgetPrepared, prepareOntology } from '../../src/generators/lexical-index.js';
import { runGenerators } from '../../src/generators/run.js';
import { releaseWordNetFiles, wordNetLexicon } from '../../src/generators/wordnet-lexicon.js';

const corpus = (path: string): string => fileURLToPath(new URL(`../../corpora/conference/ontologies/${path}`, import.meta.url));

describe('releasing the generators\' caches', () => {
  it('forgetPrepared makes the next prepareOntology build the names again, equal to before', async () => {
    const index = await loadOntology(corpus('cmt.owl'));
    const first = prepareOntology(index);
    expect(prepareOntology(index)).toBe(first);
    forgetPrepared(index);
    const again = prepareOntology(index);
    expect(again).not.toBe(first);
    expect(again.entries.map((e) => [e.concept, e.text, e.key])).toEqual(first.entries.map((e) => [e.concept, e.text, e.key]));
  });

  it('a run that releases its caches, run twice on the same indexes, gives the same candidates as one that keeps them', async () => {
    const source = await loadOntology(corpus('cmt.owl'));
    const target = await loadOntology(corpus('ekaw.owl'));
    const generators = ['exact', 'edit', 'tfidf', 'wordnet', 'structure'] as const;
    const kept = await runGenerators(source, target, { generators, topK: 10 });
    const released = await runGenerators(source, target, { generators, topK: 10, releaseCaches: true });
    const again = await runGenerators(source, target, { generators, topK: 10, releaseCaches: true });
    expect(kept.fused!.length).toBeGreaterThan(0);
    expect(released.fused).toEqual(kept.fused);
    expect(again.fused).toEqual(kept.fused);
    expect(again.members).toEqual(kept.members);
  });

  it('WordNet reads its files again after they were let go', async () => {
    const lexicon = wordNetLexicon();
    const before = await lexicon.synonyms(['renal']);
    releaseWordNetFiles();
    const after = await lexicon.synonyms(['renal']);
    expect(after.get('renal')).toContain('kidney');
    expect(after).toEqual(before);
  });
});
