/**
 * `ioa-align coherence` and the repair of `propose --select`: the raw one-to-one selection of a
 * conference pair is incoherent, the default selection is coherent, and what repair and
 * structure removed stays in the file, marked with why; the library's checkCoherence agrees. On a
 * terminal the check shows a progress line redrawn at most once per percent.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asOnATerminal } from '../helpers/terminal.js';
import { runCli } from '../helpers/cli.js';
import { candidatesFromMappingSet, parseSssom } from '../../src/exchange/index.js';
import { checkCoherence } from '../../src/api/index.js';

const ONTO = join(import.meta.dirname, '../../corpora/conference/ontologies');
const CMT = join(ONTO, 'cmt.owl');
const EKAW = join(ONTO, 'ekaw.owl');

async function proposeTo(file: string, ...args: string[]): Promise<string> {
  // The generator set is fixed so that the conflicts asserted below do not move with the default set.
  const r = await runCli(['propose', CMT, EKAW, '--generators', 'exact,edit,tfidf,wordnet,structure', '--select', 'one-to-one', '--out', file, ...args]);
  expect(r.code).toBe(0);
  return r.stderr;
}

describe('coherence of a selection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-coherence-'));
  const raw = join(dir, 'raw.sssom.tsv');
  const repaired = join(dir, 'repaired.sssom.tsv');

  it('the raw one-to-one selection (--no-repair --no-structure) is incoherent: exit 3, each conflict with its rows and axioms', async () => {
    await proposeTo(raw, '--no-repair', '--no-structure');
    const text = await runCli(['coherence', raw, '--source', CMT, '--target', EKAW]);
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/^incoherent: \d+ mapping\(s\) checked; \d+ conflict\(s\)\n/);
    // cmt's writePaper runs from an Author (⊑ User ⊑ Person) and is hasAuthor's inverse; hasAuthor ≡
    // authorOf, whose range is ekaw's Document; cmt says Document and Person are disjoint.
    expect(text.stdout).toContain('the domain of source property writePaper becomes unsatisfiable: Document skos:exactMatch Document and hasAuthor skos:exactMatch authorOf put it under two disjoint classes (Document disjointWith Person (source)), through domain(writePaper) ⊑ Author (source), Author ⊑ User (source), User ⊑ Person (source), hasAuthor inverseOf writePaper (source), range(authorOf) ⊑ Document (target)');
    expect(text.stdout).toMatch(new RegExp(`${raw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+ http://cmt#hasAuthor skos:exactMatch http://ekaw#authorOf`));
    const json = JSON.parse((await runCli(['coherence', raw, '--source', CMT, '--target', EKAW, '--json'])).stdout) as {
      coherent: boolean; checked: number; disjointness: boolean;
      conflicts: Array<{ unsatisfiable: { ontology: string; kind: string; iri: string }; disjoint: { axiom: string }; mappings: Array<{ subject_id: string; line: number }> }>;
    };
    expect([json.coherent, json.disjointness]).toEqual([false, true]);
    const domain = json.conflicts.find((c) => c.unsatisfiable.iri === 'http://cmt#writePaper')!;
    expect([domain.unsatisfiable.kind, domain.disjoint.axiom]).toEqual(['domain', 'disjointWith']);
    expect(domain.mappings.map((m) => m.subject_id).sort()).toEqual(['http://cmt#Document', 'http://cmt#hasAuthor']);
    expect(domain.mappings.every((m) => Number.isInteger(m.line))).toBe(true);
  });

  it('the default selection is repaired: coherent (exit 0), the removed rows stay in the file marked with why, the description says so', async () => {
    const stderr = await proposeTo(repaired);
    expect(stderr).toMatch(/removed \d+ by repair and \d+ by structure, marked in selection_removed\)/);
    const set = parseSssom(readFileSync(repaired, 'utf8'), repaired);
    const rows = candidatesFromMappingSet(set);
    const removed = rows.filter((r) => r.selectionRemoved !== undefined);
    expect(removed.some((r) => r.selectionRemoved!.startsWith('repair: target class Camera_Ready_Paper becomes unsatisfiable: Paper skos:exactMatch Paper and writtenBy skos:exactMatch writtenBy'))).toBe(true);
    expect(removed.some((r) => r.selectionRemoved!.startsWith('structure: no selected class mapping relates the domains or the ranges'))).toBe(true);
    // The lower-valued of the two mappings went: writtenBy ≡ writtenBy, not Paper ≡ Paper.
    expect(removed.map((r) => r.subject)).toContain('http://cmt#writtenBy');
    expect(rows.find((r) => r.subject === 'http://cmt#Paper')!.selectionRemoved).toBeUndefined();
    expect(String(set.metadata.extra?.mapping_set_description)).toContain('repaired for coherence with the two ontologies');
    const check = await runCli(['coherence', repaired, '--source', CMT, '--target', EKAW]);
    expect([check.code, check.stdout.split('\n')[0]]).toEqual([0, `coherent: ${rows.length - removed.length} mapping(s) checked (left out: ${removed.length} removed by the selection); 0 conflict(s)`]);
    // The library says the same of the same file.
    const result = await checkCoherence(repaired, { source: CMT, target: EKAW });
    expect([result.coherent, result.checked.length, result.skipped.removedBySelection]).toEqual([true, rows.length - removed.length, removed.length]);
  });

  it('Alignment RDF cannot mark removed rows: they are left out, and stderr says so', async () => {
    const file = join(dir, 'repaired.rdf');
    const stderr = await proposeTo(file);
    expect(stderr).toMatch(/^ioa-align: \d+ selected candidate\(s\) removed by (repair and structure|structure and repair) are not written: Alignment RDF cannot mark them/m);
    expect(readFileSync(file, 'utf8')).not.toContain('http://cmt#writtenBy');
  });

  it('a reviewed file is checked on its reviewed rows; an artifact on its rules, with a warning when its ontology ids differ', async () => {
    const rows = readFileSync(raw, 'utf8').split('\n');
    // Accept the two conflicting rows by hand (mapping_justification → semapv:ManualMappingCuration).
    const header = rows.findIndex((l) => l.startsWith('subject_id\t'));
    const cols = rows[header]!.split('\t');
    const just = cols.indexOf('mapping_justification');
    const reviewed = rows.map((l, i) => {
      if (i <= header || !l) return l;
      const cells = l.split('\t');
      if (cells[0] === 'cmt:Document' || cells[0] === 'cmt:hasAuthor') cells[just] = 'semapv:ManualMappingCuration';
      return cells.join('\t');
    });
    const file = join(dir, 'reviewed.sssom.tsv');
    writeFileSync(file, reviewed.join('\n'));
    const json = JSON.parse((await runCli(['coherence', file, '--source', CMT, '--target', EKAW, '--json'])).stdout) as { checked: number; skipped: { unreviewed: number }; conflicts: unknown[] };
    expect([json.checked, json.conflicts.length]).toEqual([2, 1]);
    expect(json.skipped.unreviewed).toBeGreaterThan(0);

    const artifact = join(dir, 'artifact.json');
    writeFileSync(artifact, JSON.stringify({
      artifactId: 'https://example.org/artifacts/cmt-ekaw', revision: '1', sourceOntologyId: 'https://example.org/cmt', sourceOntologyVersion: '1', targetOntologyId: 'http://ekaw',
      targetOntologyVersion: '1', direction: 'source-to-target', assertedBy: 'https://example.org/issuer', validUntil: '2030-01-01T00:00:00Z',
      mappingRules: [{ from: 'http://cmt#Document', to: 'http://ekaw#Document', conditions: {} }, { from: 'http://cmt#hasAuthor', to: 'http://ekaw#authorOf', conditions: {} }],
    }));
    const r = await runCli(['coherence', artifact, '--source', CMT, '--target', EKAW]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^incoherent: 2 mapping\(s\) checked; 1 conflict\(s\)/);
    expect(r.stdout).toContain('row 2 http://cmt#hasAuthor skos:exactMatch http://ekaw#authorOf');
    expect(r.stderr).toMatch(/warning: the artifact's source ontology is https:\/\/example\.org\/cmt; --source declares \S+/);
  });

  it('rows naming terms the ontologies lack: a warning when some do, E_USAGE (exit 2, no verdict) when all do (swapped --source and --target); says when no disjointness exists', async () => {
    const swapped = await runCli(['coherence', raw, '--source', EKAW, '--target', CMT]);
    expect([swapped.code, swapped.stdout]).toEqual([2, '']);
    expect(swapped.stderr).toMatch(/none of the \d+ mappings names a subject of .*cmt\.owl and an object of .*ekaw\.owl|none of the \d+ mappings names a subject of .*ekaw\.owl and an object of .*cmt\.owl/);
    expect(swapped.stderr).toContain('[E_USAGE]');
    // One row more, naming a class cmt lacks: checked, with a warning about that row.
    const lines = readFileSync(raw, 'utf8').split('\n').filter((l) => l !== '');
    const last = lines[lines.length - 1]!.split('\t');
    last[0] = last[0]!.replace(/[^:#/]+$/, 'NoSuchClass');
    const partial = join(dir, 'partial.sssom.tsv');
    writeFileSync(partial, [...lines, last.join('\t')].join('\n') + '\n');
    const some = await runCli(['coherence', partial, '--source', CMT, '--target', EKAW]);
    expect(some.code).not.toBe(2);
    expect(some.stderr).toMatch(/warning: 1 of \d+ mappings name a subject .* lacks or an object .* lacks: were --source and --target given the right way round\?/);
    const sigkdd = join(ONTO, 'sigkdd.owl');
    const self = join(dir, 'sigkdd-self.sssom.tsv');
    writeFileSync(self, ['# curie_map:', '#   skos: http://www.w3.org/2004/02/skos/core#', '#   semapv: https://w3id.org/semapv/vocab/', '# license: https://w3id.org/sssom/license/unspecified', '# mapping_set_id: https://example.org/self',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification', 'http://sigkdd#Paper\tskos:exactMatch\thttp://sigkdd#Paper\tsemapv:ManualMappingCuration', ''].join('\n'));
    const none = await runCli(['coherence', self, '--source', sigkdd, '--target', sigkdd]);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('neither ontology states a disjointness: no mapping can make a class unsatisfiable');
  });

  it('usage: the ontologies are required; --repair without --select is a usage error', async () => {
    const r = await runCli(['coherence', raw, '--source', CMT]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('missing required option --target [E_USAGE]')]);
    const p = await runCli(['propose', CMT, EKAW, '--repair']);
    expect([p.code, p.stdout, p.stderr]).toEqual([2, '', expect.stringContaining('--repair needs --select one-to-one or --select mutual [E_USAGE]')]);
    const s = await runCli(['propose', CMT, EKAW, '--structure']);
    expect([s.code, s.stderr]).toEqual([2, expect.stringContaining('--structure needs --select one-to-one or --select mutual [E_USAGE]')]);
  });
});

describe('selection_removed travels through every format that can hold it', () => {
  it('SSSOM TSV, JSON and CSV keep the mark and its reason; a selected row has none; the column is declared only when used', async () => {
    const { loadOntology, propose, readCandidates, readMappings, selectDetailed, writeMappings } = await import('../../src/api/index.js');
    const [source, target] = await Promise.all([loadOntology(CMT), loadOntology(EKAW)]);
    const candidates = await propose(source, target);
    const outcome = selectDetailed(candidates, { mode: 'one-to-one', minScore: 0.2, ontologies: { source, target } });
    expect(outcome.removed.length).toBeGreaterThan(0);
    const marked = [...outcome.selected, ...outcome.removed.map((r) => ({ ...r.candidate, selectionRemoved: `${r.by}: ${r.reason}` }))];
    const dir = mkdtempSync(join(tmpdir(), 'ioa-removed-'));
    for (const name of ['set.sssom.tsv', 'set.json', 'set.csv']) {
      const file = join(dir, name);
      await writeMappings(file, marked, { source, target, selection: outcome.description });
      const back = readCandidates(await readMappings(file));
      const removedBack = back.filter((c) => c.selectionRemoved !== undefined);
      expect([name, removedBack.map((c) => [c.subject, c.selectionRemoved]).sort()]).toEqual([name, outcome.removed.map((r) => [r.candidate.subject, `${r.by}: ${r.reason}`]).sort()]);
      expect(back.length - removedBack.length).toBe(outcome.selected.length);
    }
    // Without removed rows the column is not declared.
    const plainFile = join(dir, 'plain.sssom.tsv');
    await writeMappings(plainFile, outcome.selected, { source, target });
    expect(readFileSync(plainFile, 'utf8')).not.toContain('selection_removed');
  });
});

describe('coherence progress', () => {
  asOnATerminal();

  it('on a terminal, the line counts the classes searched and is redrawn at most once per percent, however many there are', async () => {
    // 300 source classes each mapped to both of two disjoint target classes: 302 classes to search.
    const dir = mkdtempSync(join(tmpdir(), 'ioa-coherence-progress-'));
    const count = 300;
    const source = join(dir, 's.ttl');
    const target = join(dir, 't.ttl');
    const mappings = join(dir, 'm.sssom.tsv');
    writeFileSync(source, ['@prefix : <http://s.org/o#> .', '@prefix owl: <http://www.w3.org/2002/07/owl#> .', ...Array.from({ length: count }, (_, i) => `:S${i} a owl:Class .`), ''].join('\n'));
    writeFileSync(target, '@prefix : <http://t.org/o#> .\n@prefix owl: <http://www.w3.org/2002/07/owl#> .\n:A a owl:Class . :B a owl:Class . :A owl:disjointWith :B .\n');
    writeFileSync(mappings, ['# curie_map:', '#   skos: http://www.w3.org/2004/02/skos/core#', '#   semapv: https://w3id.org/semapv/vocab/', '# license: https://w3id.org/sssom/license/unspecified', '# mapping_set_id: https://example.org/progress',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification',
      ...Array.from({ length: count }, (_, i) => ['A', 'B'].map((o) => `http://s.org/o#S${i}\tskos:exactMatch\thttp://t.org/o#${o}\tsemapv:UnspecifiedMatching`)).flat(), ''].join('\n'));
    const run = await runCli(['coherence', mappings, '--source', source, '--target', target], { terminal: true, columns: 120 });
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^incoherent: 600 mapping\(s\) checked; 300 conflict\(s\)\n/);
    const states = run.stderr.replace(/\u001b\[K/g, '').split(/[\r\n]/).filter((s) => s.startsWith('checking ['));
    expect(states.length).toBeGreaterThan(1);
    expect(states.length).toBeLessThanOrEqual(101);
    expect(states.at(-1)).toMatch(/^checking \[#+\] 100% 302 of 302 unsatisfiable classes searched$/);
  });
});
