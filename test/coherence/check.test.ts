/**
 * The incoherence check and its repair (src/coherence): known incoherent mapping sets — disjoint
 * siblings joined through one class, a class put under two disjoint classes through the
 * hierarchy, domain and range clashes of property mappings, inverse properties, existential
 * restrictions — are each found, with a minimal set of mappings and the axioms; coherent sets
 * give nothing; repair removes the lowest-valued mapping of each conflict and no more.
 */
import { describe, expect, it } from 'vitest';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { CoherenceChecker, describeConflict, type CoherenceMapping } from '../../src/coherence/index.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { tempFile } from '../helpers/files.js';
import { thrownIoaError } from '../helpers/errors.js';

const S = 'http://s.org/o#';
const T = 'http://t.org/o#';

/** A Turtle ontology in namespace `ns`, from terse statements. */
async function ontology(ns: string, body: string): Promise<OntologyIndex> {
  const text = `@prefix : <${ns}> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
${body}
`;
  return loadOntologyFile(await tempFile('o.ttl', text));
}

const eq = (s: string, o: string, predicate = 'skos:exactMatch'): CoherenceMapping => ({ subject: `${S}${s}`, predicate, object: `${T}${o}` });

describe('the incoherence check', () => {
  it('disjoint siblings mapped to one class: both mappings are the conflict, the class under both is named, with the axiom', async () => {
    const source = await ontology(S, ':Root a owl:Class . :Paper a owl:Class ; rdfs:subClassOf :Root . :Review a owl:Class ; rdfs:subClassOf :Root . :Paper owl:disjointWith :Review .');
    const target = await ontology(T, ':Document a owl:Class .');
    const checker = new CoherenceChecker(source, target);
    const mappings = [eq('Paper', 'Document'), eq('Review', 'Document')];
    const report = checker.check(mappings);
    expect(report.conflicts).toHaveLength(1);
    const [conflict] = report.conflicts;
    expect(conflict!.mappings).toEqual([0, 1]);
    expect(conflict!.disjoint).toEqual({ ontology: 'source', axiom: 'disjointWith', subject: `${S}Paper`, object: `${S}Review` });
    expect(conflict!.unsatisfiable.ontology).toBe('source');
    expect(['Paper', 'Review'].map((n) => `${S}${n}`)).toContain(conflict!.unsatisfiable.iri);
    expect(describeConflict(conflict!, mappings)).toMatch(/^source class (Paper|Review) becomes unsatisfiable: Paper skos:exactMatch Document and Review skos:exactMatch Document put it under two disjoint classes \(Paper disjointWith Review \(source\)\)$/);
    // Either mapping alone is coherent.
    expect(checker.check([mappings[0]!]).conflicts).toEqual([]);
    expect(checker.check([mappings[1]!]).conflicts).toEqual([]);
  });

  it('a class under two disjoint classes once the mappings join the hierarchies: the told axioms on the way are listed', async () => {
    const source = await ontology(S, ':Document a owl:Class . :Paper a owl:Class ; rdfs:subClassOf :Document . :Person a owl:Class ; owl:disjointWith :Document .');
    const target = await ontology(T, ':Agent a owl:Class . :Author a owl:Class ; rdfs:subClassOf :Agent .');
    const checker = new CoherenceChecker(source, target);
    // Paper ≡ Author and Person ≡ Agent: Paper ⊑ Author ⊑ Agent ≡ Person, and Paper ⊑ Document.
    const mappings = [eq('Paper', 'Author'), eq('Person', 'Agent'), eq('Document', 'Nothing', 'skos:relatedMatch')];
    const report = checker.check(mappings);
    expect(report.ignored).toBe(1);
    expect(report.conflicts.map((c) => c.mappings)).toEqual([[0, 1]]);
    const conflict = report.conflicts[0]!;
    expect(conflict.unsatisfiable).toEqual({ ontology: 'source', kind: 'class', iri: `${S}Paper` });
    expect(conflict.axioms).toEqual(expect.arrayContaining([
      { ontology: 'source', axiom: 'subClassOf', subject: `${S}Paper`, object: `${S}Document` },
      { ontology: 'target', axiom: 'subClassOf', subject: `${T}Author`, object: `${T}Agent` },
    ]));
    expect(conflict.axioms).toHaveLength(2);
  });

  it('the direction of broadMatch and narrowMatch is read: subject ⊑ object and object ⊑ subject', async () => {
    const source = await ontology(S, ':A a owl:Class . :B a owl:Class . :A owl:disjointWith :B .');
    const target = await ontology(T, ':X a owl:Class .');
    const checker = new CoherenceChecker(source, target);
    // A ⊑ X ⊑ B: A is unsatisfiable.
    expect(checker.check([eq('A', 'X', 'skos:broadMatch'), eq('B', 'X', 'skos:narrowMatch')]).conflicts.map((c) => c.unsatisfiable.iri)).toEqual([`${S}A`]);
    // X ⊑ A and X ⊑ B: X is unsatisfiable (the target's class).
    expect(checker.check([eq('A', 'X', 'skos:narrowMatch'), eq('B', 'X', 'skos:narrowMatch')]).conflicts.map((c) => c.unsatisfiable)).toEqual([{ ontology: 'target', kind: 'class', iri: `${T}X` }]);
    // A ⊑ X and B ⊑ X: nothing follows.
    expect(checker.check([eq('A', 'X', 'skos:broadMatch'), eq('B', 'X', 'skos:broadMatch')]).conflicts).toEqual([]);
    // Full IRIs read like CURIEs; closeMatch is used as an equivalence.
    expect(checker.check([eq('A', 'X', 'http://www.w3.org/2004/02/skos/core#closeMatch'), eq('B', 'X', 'http://www.w3.org/2002/07/owl#equivalentClass')]).conflicts).toHaveLength(1);
  });

  it('property mappings whose domains are mapped incoherently: the domain is unsatisfiable, and only the mappings needed are named', async () => {
    const source = await ontology(S, ':Person a owl:Class . :Paper a owl:Class . :writes a owl:ObjectProperty ; rdfs:domain :Person ; rdfs:range :Paper .');
    const target = await ontology(T, ':Person a owl:Class . :Paper a owl:Class ; owl:disjointWith :Person . :hasAuthor a owl:ObjectProperty ; rdfs:domain :Paper ; rdfs:range :Person .');
    const checker = new CoherenceChecker(source, target);
    // writes ≡ hasAuthor maps a Person→Paper property onto a Paper→Person one.
    const mappings = [eq('Person', 'Person'), eq('Paper', 'Paper'), eq('writes', 'hasAuthor')];
    const report = checker.check(mappings);
    const kinds = report.conflicts.map((c) => `${c.unsatisfiable.kind} ${c.mappings.join(',')}`).sort();
    // Domain: Person (source) ≡ Person (target) ⊥ Paper (target); range: Paper ≡ Paper ⊥ Person.
    expect(kinds).toEqual(['domain 0,2', 'range 1,2']);
    const domain = report.conflicts.find((c) => c.mappings.join() === '0,2')!;
    expect(domain.axioms).toEqual(expect.arrayContaining([
      { ontology: 'source', axiom: 'domain', subject: `${S}writes`, object: `${S}Person` },
      { ontology: 'target', axiom: 'domain', subject: `${T}hasAuthor`, object: `${T}Paper` },
    ]));
    expect(describeConflict(domain, mappings)).toContain('the domain of source property writes becomes unsatisfiable');
    // The same property mapping with the classes mapped coherently is fine.
    const target2 = await ontology(T, ':Person a owl:Class . :Paper a owl:Class ; owl:disjointWith :Person . :authorOf a owl:ObjectProperty ; rdfs:domain :Person ; rdfs:range :Paper .');
    expect(new CoherenceChecker(source, target2).check([eq('Person', 'Person'), eq('Paper', 'Paper'), eq('writes', 'authorOf')]).conflicts).toEqual([]);
  });

  it('range clashes through an inverse property, and a class whose existential restriction meets a clashing domain', async () => {
    const source = await ontology(S, `:Person a owl:Class . :Paper a owl:Class . :Reviewer a owl:Class ; rdfs:subClassOf :Person , [ a owl:Restriction ; owl:onProperty :reviews ; owl:someValuesFrom :Paper ] .
      :reviews a owl:ObjectProperty ; owl:inverseOf :reviewedBy . :reviewedBy a owl:ObjectProperty ; rdfs:range :Person .`);
    const target = await ontology(T, ':Person a owl:Class . :Paper a owl:Class ; owl:disjointWith :Person . :isReviewing a owl:ObjectProperty ; rdfs:domain :Paper .');
    const checker = new CoherenceChecker(source, target);
    // reviews ≡ isReviewing: dom(reviews) = range(reviewedBy) ⊑ Person ≡ Person; dom(isReviewing) ⊑ Paper ⊥ Person.
    // The domain of reviews is unsatisfiable too, through the same two mappings: one conflict per
    // set of mappings, named by the class it makes unsatisfiable.
    const report = checker.check([eq('Person', 'Person'), eq('reviews', 'isReviewing')]);
    expect(report.conflicts.map((c) => [c.unsatisfiable.kind, c.unsatisfiable.iri, c.mappings])).toEqual([['class', `${S}Reviewer`, [0, 1]]]);
    const axioms = report.conflicts[0]!.axioms;
    // Reviewer ⊑ Person, and Reviewer ⊑ ∃reviews ⊑ dom(reviews) ≡ dom(isReviewing) ⊑ Paper.
    expect(axioms).toEqual([
      { ontology: 'source', axiom: 'subClassOf', subject: `${S}Reviewer`, object: `${S}Person` },
      { ontology: 'source', axiom: 'existential', subject: `${S}Reviewer`, object: `${S}reviews` },
      { ontology: 'target', axiom: 'domain', subject: `${T}isReviewing`, object: `${T}Paper` },
    ]);
    // Without the existential restriction only the property's domain is left to report, through
    // the inverse: dom(reviews) = range(reviewedBy) ⊑ Person.
    const plain = await ontology(S, ':Person a owl:Class . :reviews a owl:ObjectProperty ; owl:inverseOf :reviewedBy . :reviewedBy a owl:ObjectProperty ; rdfs:range :Person .');
    const domain = new CoherenceChecker(plain, target).check([eq('Person', 'Person'), eq('reviews', 'isReviewing')]).conflicts;
    expect(domain.map((c) => [c.unsatisfiable.kind, c.unsatisfiable.iri])).toEqual([['domain', `${S}reviews`]]);
    expect(domain[0]!.axioms).toEqual(expect.arrayContaining([
      { ontology: 'source', axiom: 'inverseOf', subject: `${S}reviews`, object: `${S}reviewedBy` },
      { ontology: 'source', axiom: 'range', subject: `${S}reviewedBy`, object: `${S}Person` },
    ]));
  });

  it('a class its own ontology already makes unsatisfiable is not reported; a satisfiable class mapped to it is', async () => {
    const source = await ontology(S, ':A a owl:Class . :B a owl:Class . :A owl:disjointWith :B . :Z a owl:Class ; rdfs:subClassOf :A , :B .');
    const target = await ontology(T, ':Y a owl:Class .');
    const report = new CoherenceChecker(source, target).check([eq('Z', 'Y')]);
    expect(report.conflicts.map((c) => c.unsatisfiable)).toEqual([{ ontology: 'target', kind: 'class', iri: `${T}Y` }]);
    expect(report.conflicts[0]!.mappings).toEqual([0]);
  });

  it('keeps the two sides apart: two releases of one ontology with the same IRIs', async () => {
    const body = ':A a owl:Class . :B a owl:Class . :A owl:disjointWith :B .';
    const old = await ontology(S, body);
    const next = await ontology(S, body);
    const checker = new CoherenceChecker(old, next);
    const same = (s: string, o: string): CoherenceMapping => ({ subject: `${S}${s}`, predicate: 'skos:exactMatch', object: `${S}${o}` });
    // A ≡ B across releases is no conflict by itself (old A and new B are not stated disjoint) …
    expect(checker.check([same('A', 'B')]).conflicts).toEqual([]);
    // … with A ≡ A as well, new A ≡ new B, which the new release says are disjoint.
    expect(checker.check([same('A', 'A'), same('A', 'B')]).conflicts.map((c) => c.mappings)).toEqual([[0, 1]]);
  });

  it('without any disjointness nothing can be unsatisfiable; a class mapped to a property has no logical reading', async () => {
    const source = await ontology(S, ':A a owl:Class . :p a owl:ObjectProperty .');
    const target = await ontology(T, ':X a owl:Class . :q a owl:ObjectProperty .');
    const report = new CoherenceChecker(source, target).check([eq('A', 'X'), eq('A', 'q')]);
    expect(report).toEqual({ mappings: 2, ignored: 1, conflicts: [], disjointness: false });
  });

  it('refuses mappings that are not { subject, predicate, object } strings (E_USAGE with the path)', async () => {
    const source = await ontology(S, ':A a owl:Class .');
    const checker = new CoherenceChecker(source, source);
    const error = thrownIoaError(() => checker.check([{ subject: 'a', predicate: 'skos:exactMatch' } as unknown as CoherenceMapping]));
    expect([error.code, error.location.path]).toEqual(['E_USAGE', '$.mappings[0]']);
  });
});

describe('what makes a class unsatisfiable on its own, and punned classes', () => {
  it('a class disjoint with itself, under its own complement, or under owl:Nothing: a class mapped to it is reported', async () => {
    const source = await ontology(S, ':A a owl:Class .');
    for (const body of [':X a owl:Class . :X owl:disjointWith :X .', ':X a owl:Class ; rdfs:subClassOf [ owl:complementOf :X ] .', ':X a owl:Class ; rdfs:subClassOf owl:Nothing .']) {
      const checker = new CoherenceChecker(source, await ontology(T, body));
      const report = checker.check([eq('A', 'X')]);
      expect([body, report.disjointness, report.conflicts.map((c) => [c.unsatisfiable.iri, c.mappings])]).toEqual([body, true, [[`${S}A`, [0]]]]);
    }
  });

  it('a class whose IRI is also used as a property is still a class: its disjointness counts', async () => {
    const source = await ontology(S, ':A a owl:Class .');
    const target = await ontology(T, ':X a owl:Class . :Y a owl:Class . :Z a owl:Class . :X owl:disjointWith :Y . :Z rdfs:subClassOf [ a owl:Restriction ; owl:onProperty :X ; owl:someValuesFrom :Y ] .');
    const report = new CoherenceChecker(source, target).check([eq('A', 'X'), eq('A', 'Y')]);
    expect([report.ignored, report.conflicts.map((c) => c.mappings)]).toEqual([0, [[0, 1]]]);
  });

  it('a disjointness group too large to read pair by pair is left out with a warning, not a crash', async () => {
    const { MAX_DISJOINT_GROUP } = await import('../../src/ontology/axioms.js');
    const n = MAX_DISJOINT_GROUP + 1;
    const members = Array.from({ length: n }, (_, i) => `:C${i}`);
    const target = await ontology(T, `${members.map((m) => `${m} a owl:Class .`).join('\n')}\n[] a owl:AllDisjointClasses ; owl:members ( ${members.join(' ')} ) .\n:D a owl:Class . :E a owl:Class . :D owl:disjointWith :E .`);
    expect(target.warnings).toContainEqual(expect.stringContaining(`a disjointness of ${n} classes (owl:AllDisjointClasses or owl:disjointUnionOf, starting ${T}C0) is left out of coherence checks`));
    expect(target.axioms?.disjointClasses).toEqual([[`${T}D`, `${T}E`]]);
  });
});

describe('repair', () => {
  const classes = ':A a owl:Class . :B a owl:Class . :C a owl:Class . :A owl:disjointWith :B . :B owl:disjointWith :C .';
  it('removes the lowest-valued mapping of each conflict, and puts back what a later removal made unnecessary', async () => {
    const source = await ontology(S, classes);
    const target = await ontology(T, ':X a owl:Class . :Y a owl:Class .');
    const checker = new CoherenceChecker(source, target);
    // Conflicts {A≡X, B≡X} and {B≡X, C≡X}; values A 0.9 > B 0.8 > C 0.7. B is removed for the
    // first; the second is then resolved, so C stays (A and C are not disjoint).
    const mappings = [{ ...eq('A', 'X'), score: 0.9 }, { ...eq('B', 'X'), score: 0.8 }, { ...eq('C', 'X'), score: 0.7 }];
    const repaired = checker.repair(mappings);
    expect(repaired.kept).toEqual([0, 2]);
    expect(repaired.removed.map((r) => [r.index, r.conflict.mappings])).toEqual([[1, [0, 1]]]);
    expect(checker.check(repaired.kept.map((i) => mappings[i]!)).conflicts).toEqual([]);
    // A different order of values: C 0.95 > B 0.8 > A 0.7: B still goes (it is the lowest of both).
    const other = [{ ...eq('A', 'X'), score: 0.7 }, { ...eq('B', 'X'), score: 0.8 }, { ...eq('C', 'X'), score: 0.95 }];
    expect(checker.repair(other).kept).toEqual([0, 2]);
    // B highest: both others conflict with it and go.
    const high = [{ ...eq('A', 'X'), score: 0.7 }, { ...eq('B', 'X'), score: 0.99 }, { ...eq('C', 'X'), score: 0.6 }];
    const r = checker.repair(high);
    expect([r.kept, r.removed.map((x) => x.index).sort()]).toEqual([[1], [0, 2]]);
    // Every removed mapping names a conflict with kept mappings only.
    for (const x of r.removed) for (const m of x.conflict.mappings) expect(m === x.index || r.kept.includes(m)).toBe(true);
  });

  it('never removes a mapping in favour of one of lower value, whatever the order of the statements', async () => {
    const target = await ontology(T, ':G a owl:Class . :H a owl:Class . :R a owl:Class . :K a owl:Class . :R owl:disjointWith :K . :H owl:disjointWith :R . :H owl:disjointWith :G .');
    const mappings = [{ ...eq('G', 'G'), score: 1 }, { ...eq('H', 'H'), score: 0.924 }, { ...eq('R', 'R'), score: 0.8712 }, { ...eq('K', 'K'), score: 0.7779 }];
    for (const parents of [':R , :H , :G', ':G , :H , :R', ':H , :G , :R']) {
      const source = await ontology(S, `:G a owl:Class . :H a owl:Class . :R a owl:Class . :K a owl:Class . :N a owl:Class ; rdfs:subClassOf ${parents} . :M a owl:Class ; rdfs:subClassOf :R , :K .`);
      const repaired = new CoherenceChecker(source, target).repair(mappings);
      expect([parents, repaired.kept]).toEqual([parents, [0, 2]]);
      for (const x of repaired.removed) for (const m of x.conflict.mappings) if (m !== x.index) expect(mappings[m]!.score).toBeGreaterThan(mappings[x.index]!.score);
    }
  });

  it('ties go by rank, then by IRIs, so the result does not depend on the input order', async () => {
    const source = await ontology(S, classes);
    const target = await ontology(T, ':X a owl:Class .');
    const checker = new CoherenceChecker(source, target);
    const a = { ...eq('A', 'X'), score: 0.5, rank: 1 };
    const b = { ...eq('B', 'X'), score: 0.5, rank: 2 };
    expect(checker.repair([a, b]).kept).toEqual([0]);
    expect(checker.repair([b, a]).kept).toEqual([1]);
  });

  it('conflictsWith names what accepting a candidate would clash with, and nothing the accepted set already had', async () => {
    const source = await ontology(S, classes);
    const target = await ontology(T, ':X a owl:Class . :Y a owl:Class .');
    const checker = new CoherenceChecker(source, target);
    // C≡Y and B≡Y already conflict (B, C and Y are unsatisfiable) and are not reported again;
    // B≡X puts X (≡ A) under B too: a new conflict with A≡X (position 0); the
    // candidate is position 3.
    const accepted = [eq('A', 'X'), eq('C', 'Y'), eq('B', 'Y')];
    expect(checker.check(accepted).conflicts.map((c) => c.mappings)).toEqual([[1, 2]]);
    const found = checker.conflictsWith(eq('B', 'X'), accepted);
    expect(found.map((c) => [c.mappings, c.unsatisfiable.iri])).toEqual([[[0, 3], `${T}X`]]);
    expect(checker.conflictsWith(eq('C', 'X'), [eq('A', 'X')])).toEqual([]);
    expect(checker.conflictsWith(eq('C', 'Y', 'skos:relatedMatch'), accepted)).toEqual([]);
  });
});
