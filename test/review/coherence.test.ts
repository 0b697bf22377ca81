/**
 * The review's coherence warning: each candidate view carries `incoherent_with`, the accepted
 * mappings that accepting it would make incoherent with the two ontologies, with the axiom;
 * empty for a candidate that conflicts with nothing, for an accepted one, and when nothing is
 * accepted yet.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, propose, writeMappings } from '../../src/api/index.js';
import { openReview } from '../../src/api/review.js';
import { ReviewCoherence } from '../../src/review/coherence.js';

const SOURCE = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <http://example.org/src#> .
<http://example.org/src> a owl:Ontology .
:Person a owl:Class ; rdfs:label "person" .
:Administrator a owl:Class ; rdfs:label "administrator" ; rdfs:subClassOf :Person .
:Paper a owl:Class ; rdfs:label "paper" .
`;
const TARGET = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <http://example.org/tgt#> .
<http://example.org/tgt> a owl:Ontology .
:Person a owl:Class ; rdfs:label "person" .
:Organisation a owl:Class ; rdfs:label "administrator organisation" ; owl:disjointWith :Person .
:Administrator a owl:Class ; rdfs:label "administrator" ; rdfs:subClassOf :Person .
:Paper a owl:Class ; rdfs:label "paper" .
`;
const S = (n: string): string => `http://example.org/src#${n}`;
const T = (n: string): string => `http://example.org/tgt#${n}`;

describe('review: incoherent_with on each candidate view', () => {
  it('names the accepted mapping and the axiom once Person ≡ Person is accepted; nothing before, nothing for a coherent candidate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-review-coherence-'));
    const source = join(dir, 'src.ttl');
    const target = join(dir, 'tgt.ttl');
    writeFileSync(source, SOURCE);
    writeFileSync(target, TARGET);
    const [s, t] = await Promise.all([loadOntology(source), loadOntology(target)]);
    const candidates = join(dir, 'candidates.sssom.tsv');
    await writeMappings(candidates, await propose(s, t), { source: s, target: t });
    const session = await openReview({ candidates, source, target, out: join(dir, 'reviewed.sssom.tsv') }, { today: () => '2026-12-04' });

    const admin = (): Array<{ object_id: string; incoherent_with: unknown[] }> => session.item(S('Administrator'))!.candidates;
    const toOrganisation = (): { incoherent_with: unknown[] } => admin().find((c) => c.object_id === T('Organisation'))!;
    expect(toOrganisation()).toBeDefined();
    expect(admin().every((c) => c.incoherent_with.length === 0)).toBe(true);

    const person = session.find(S('Person'), 'skos:exactMatch', T('Person'))!;
    session.decide(person, 'accept');
    // Administrator ⊑ Person ≡ Person, and Organisation ⊥ Person: accepting Administrator ≡ Organisation would clash.
    expect(toOrganisation().incoherent_with).toEqual([{
      subject_id: S('Person'), subject_label: 'person', predicate_id: 'skos:exactMatch', object_id: T('Person'), object_label: 'person',
      axiom: 'Organisation disjointWith Person (target)',
      message: expect.stringContaining('becomes unsatisfiable: Person skos:exactMatch Person and Administrator skos:exactMatch Organisation put it under two disjoint classes (Organisation disjointWith Person (target))') as unknown,
    }]);
    expect(admin().find((c) => c.object_id === T('Administrator'))!.incoherent_with).toEqual([]);
    // The accepted candidate itself carries no warning.
    expect(session.item(S('Person'))!.candidates.find((c) => c.object_id === T('Person'))!.incoherent_with).toEqual([]);
    await session.flush();
  });

  it('without any disjointness in either ontology the warnings are empty and cost no search', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-review-coherence-'));
    const file = join(dir, 'plain.ttl');
    writeFileSync(file, SOURCE);
    const plain = await loadOntology(file);
    const warnings = new ReviewCoherence(plain, plain).warnings([{ subject: S('Administrator'), predicate: 'skos:exactMatch', object: S('Paper') }], [{ subject: S('Person'), predicate: 'skos:exactMatch', object: S('Paper') }]);
    expect(warnings).toEqual([[]]);
  });
});
