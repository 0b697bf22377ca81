/**
 * `propose --select` / `--min-score`: a named selection step between the generators and the
 * file, whose result is still a set of candidates; bad values are usage errors before any work.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { candidatesFromMappingSet, parseSssom, sharedSlot, type ReadCandidate } from '../../src/exchange/index.js';
import { DEFAULT_MIN_FUSED_VALUE } from '../../src/generators/fusion.js';
import { runCli } from '../helpers/cli.js';

const onto = (name: string) => fileURLToPath(new URL(`../../corpora/conference/ontologies/${name}`, import.meta.url));
const CMT = onto('cmt.owl');
const EKAW = onto('ekaw.owl');

async function proposeSet(...args: string[]): Promise<{ candidates: ReadCandidate[]; description: string; stderr: string }> {
  const r = await runCli(['propose', CMT, EKAW, ...args]);
  expect([r.code, r.stderr.includes('[E_')]).toEqual([0, false]);
  const set = parseSssom(r.stdout, 'stdout');
  return { candidates: candidatesFromMappingSet(set), description: String(sharedSlot(set, 'mapping_set_description') ?? ''), stderr: r.stderr };
}

const key = (c: ReadCandidate): string => `${c.subject} ${c.predicate} ${c.object}`;

describe('propose --select', () => {
  it('one-to-one: a subset of the candidates, each subject and object at most once, over the default threshold, said in the file and on stderr', async () => {
    const all = await proposeSet();
    // The plain rules; structural selection and repair (on by default) are tested below.
    const chosen = await proposeSet('--select', 'one-to-one', '--no-repair', '--no-structure');
    const everything = new Map(all.candidates.map((c) => [key(c), c]));
    expect(chosen.candidates.length).toBeGreaterThan(5);
    expect(chosen.candidates.length).toBeLessThan(all.candidates.length / 3);
    for (const c of chosen.candidates) {
      // Same candidate, same value and rank as in the full ranking: selection only leaves out.
      expect(everything.get(key(c))).toMatchObject({ score: c.score, rank: c.rank, members: c.members });
      expect(c.score).toBeGreaterThanOrEqual(DEFAULT_MIN_FUSED_VALUE);
      expect(c.justification).toBe('semapv:CompositeMatching');
    }
    // Equivalences and broader candidates: one per subject; equivalences and narrower ones: one per
    // object (many subjects may share one broader object).
    const once = (list: ReadCandidate[], end: 'subject' | 'object'): void => expect(new Set(list.map((c) => c[end])).size).toBe(list.length);
    const of = (...predicates: string[]): ReadCandidate[] => chosen.candidates.filter((c) => predicates.includes(c.predicate));
    expect(of('skos:exactMatch', 'skos:closeMatch', 'skos:broadMatch', 'skos:narrowMatch').length).toBe(chosen.candidates.length);
    once(of('skos:exactMatch', 'skos:closeMatch', 'skos:broadMatch'), 'subject');
    once(of('skos:exactMatch', 'skos:closeMatch', 'skos:narrowMatch'), 'object');
    // Greedy: the best candidate overall is always kept.
    const best = [...all.candidates].sort((a, b) => b.score! - a.score!)[0]!;
    expect(chosen.candidates.map(key)).toContain(key(best));
    expect(chosen.description).toContain(`Selected: one-to-one (greedy on similarity_score), equivalences only, similarity_score >= ${DEFAULT_MIN_FUSED_VALUE}; candidate_rank is the rank before selection.`);
    expect(chosen.stderr).toMatch(new RegExp(`^ioa-align: wrote ${chosen.candidates.length} candidates \\(selected: one-to-one, min-score ${DEFAULT_MIN_FUSED_VALUE}\\) for ${chosen.candidates.length} of \\d+ subjects to stdout\\n$`));
  });

  it('mutual is a subset of one-to-one; --min-score overrides the default and works alone', async () => {
    const oneToOne = new Set((await proposeSet('--select', 'one-to-one', '--no-repair', '--no-structure')).candidates.map(key));
    const mutual = (await proposeSet('--select', 'mutual')).candidates;
    expect(mutual.length).toBeGreaterThan(0);
    for (const c of mutual) expect(oneToOne.has(key(c))).toBe(true);
    const loose = (await proposeSet('--select', 'one-to-one', '--min-score', '0')).candidates;
    expect(loose.length).toBeGreaterThan(oneToOne.size);
    const high = (await proposeSet('--min-score', '0.5')).candidates;
    expect(high.length).toBeGreaterThan(0);
    for (const c of high) expect(c.score).toBeGreaterThanOrEqual(0.5);
    // Without --select, a threshold keeps several candidates of one subject.
    expect(new Set(high.map((c) => c.subject)).size).toBeLessThanOrEqual(high.length);
  });

  it('selects equivalences only unless --select-directional asks for broader and narrower candidates too', async () => {
    const plain = await proposeSet('--select', 'one-to-one');
    const directional = await proposeSet('--select', 'one-to-one', '--select-directional');
    const family = (c: ReadCandidate): string => (/(broad|narrow)Match$/.test(c.predicate) ? 'directional' : 'equivalence');
    expect(plain.candidates.filter((c) => family(c) === 'directional')).toEqual([]);
    expect(directional.candidates.some((c) => family(c) === 'directional')).toBe(true);
    // The equivalences are chosen first, so asking for directional rows changes none of them.
    expect(directional.candidates.filter((c) => family(c) === 'equivalence').map(key)).toEqual(plain.candidates.map(key));
    expect(directional.description).toContain('equivalences, then broader and narrower for subjects without one');
  });

  it('with one generator, no default threshold and no structural boost: its raw score has its own scale; repair still runs', async () => {
    const chosen = await proposeSet('--generators', 'tfidf', '--select', 'one-to-one');
    expect(chosen.candidates.some((c) => c.score! < DEFAULT_MIN_FUSED_VALUE)).toBe(true);
    expect(chosen.description).toContain('Selected: one-to-one (greedy on similarity_score), equivalences only, repaired for coherence with the two ontologies');
    expect(chosen.description).not.toContain('structural selection');
  });
});

describe('propose: bad selection options are usage errors, exit 2, nothing written', () => {
  const cases: Array<[string[], string]> = [
    [['--min-score', 'high'], '--min-score must be a number from 0 to 1, not "high" [E_USAGE]'],
    [['--min-score', '1.5'], '--min-score must lie in [0, 1] (scores do), not 1.5 [E_USAGE]'],
    [['--min-score', '0x1'], '--min-score must be a number from 0 to 1, not "0x1" [E_USAGE]'],
    [['--select', 'best'], '--select must be one of one-to-one, mutual, not "best" [E_USAGE]'],
    [['--select-directional'], '--select-directional needs --select one-to-one or --select mutual [E_USAGE]'],
    [['--evidence', 'all'], '--evidence must be one of columns, rows, not "all" [E_USAGE]'],
  ];
  for (const [args, message] of cases) {
    it(args.join(' '), async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ioa-select-'));
      const r = await runCli(['propose', CMT, EKAW, ...args, '--out', join(dir, 'out.csv')]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
      expect(readdirSync(dir)).toEqual([]);
      expect(existsSync(join(dir, 'out.yml'))).toBe(false);
    });
  }
});

describe('propose --select never selects a concept its ontology deprecates', () => {
  it('a live class and an obsolete one with the same label: the live one is selected, whatever the IRIs\' order; the obsolete one stays a candidate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-deprecated-'));
    const src = join(dir, 'src.ttl');
    const tgt = join(dir, 'tgt.ttl');
    writeFileSync(src, '@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n<http://example.org/s> a owl:Ontology .\n<http://example.org/s#L> a owl:Class ; rdfs:label "lung" .\n');
    writeFileSync(tgt, '@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <http://example.org/dep#> .\n<http://example.org/dep> a owl:Ontology .\n:A_obsolete a owl:Class ; rdfs:label "lung" ; owl:deprecated true .\n:Z_current a owl:Class ; rdfs:label "lung" .\n');
    const all = await runCli(['propose', src, tgt]);
    expect(candidatesFromMappingSet(parseSssom(all.stdout, 'stdout')).map((c) => c.object).sort()).toEqual(['http://example.org/dep#A_obsolete', 'http://example.org/dep#Z_current']);
    for (const args of [['--select', 'one-to-one'], ['--select', 'one-to-one', '--no-repair', '--no-structure'], ['--select', 'mutual']]) {
      const chosen = await runCli(['propose', src, tgt, ...args]);
      expect([args, candidatesFromMappingSet(parseSssom(chosen.stdout, 'stdout')).filter((c) => c.selectionRemoved === undefined).map((c) => c.object)]).toEqual([args, ['http://example.org/dep#Z_current']]);
    }
  });
});
