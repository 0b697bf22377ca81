/**
 * Coherence where people decide (draft Section 7): `artifact build` refuses rules that make a
 * class of their ontologies unsatisfiable (E_ARTIFACT_INCOHERENT) unless --allow-incoherent, and
 * says when it could not check; `check` excludes an incoherent artifact (ARTIFACT_EXCLUDED,
 * detail INCOHERENT) when it is given both ontologies, so no decision is Compatible through it
 * (7.3: excluded before alternatives are resolved; Indeterminate, not Incompatible, since the
 * exclusion establishes no conflict with the task itself).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { parseSssom } from '../../src/exchange/index.js';
import { buildArtifact } from '../../src/gate/build.js';
import { CompatibilityChecker, evaluateCompatibility, type CheckInput } from '../../src/gate/index.js';
import { check } from '../../src/api/gate.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { runCli } from '../helpers/cli.js';
import { thrownIoaError } from '../helpers/errors.js';
import { artifact, artifact12_4, authorityKey, CS, DOC, docProvider, envelope, NOW, profile, trust } from './helpers.js';
import { ex, forwardArgs, world } from './cli-world.js';

/** cs.ttl with a capability under TechTranslation, and doc.ttl with two disjoint capabilities. */
const CS_EXTRA = `\ncs:Summarization a ioa:Capability ; rdfs:subClassOf cs:TechTranslation .\n`;
const DOC_EXTRA = '\ndoc:TranslateText owl:disjointWith doc:SummarizeText .\n';

/** The reviewed file of the example with a second accepted row, Summarization ≡ SummarizeText. */
function reviewedText(): string {
  const lines = readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8').trimEnd().split('\n');
  lines.push(['cs:Summarization', 'Summarization', 'skos:exactMatch', '', 'doc:SummarizeText', 'Summarize text', 'semapv:ManualMappingCuration', 'orcid:0000-0000-0000-0001', '2026-05-01', '', '', ''].join('\t'));
  return `${lines.join('\n')}\n`;
}

const BUILD = { artifactId: 'https://example.org/align/cs-doc-v1', revision: '2', direction: 'source-to-target' as const, assertedBy: 'https://example.org/mapping-authority', validUntil: '2026-12-31T00:00:00Z', conditions: {} };

describe('artifact build and coherence', () => {
  const w = world();
  const csFile = w.write('cs.ttl', readFileSync(ex('cs.ttl'), 'utf8') + CS_EXTRA);
  const docFile = w.write('doc.ttl', readFileSync(ex('doc.ttl'), 'utf8') + DOC_EXTRA);
  const reviewed = w.write('reviewed.sssom.tsv', reviewedText());
  let ontologies: { source: OntologyIndex; target: OntologyIndex };
  beforeAll(async () => {
    ontologies = { source: await loadOntologyFile(csFile), target: await loadOntologyFile(docFile) };
  });

  it('the library refuses incoherent rules (E_ARTIFACT_INCOHERENT, naming the rows), builds them when allowed, and says when it did not check', () => {
    const set = parseSssom(reviewedText(), 'reviewed.tsv');
    const error = thrownIoaError(() => buildArtifact(set, { ...BUILD, ontologies, file: 'reviewed.tsv', lineOf: () => undefined }));
    expect(error.code).toBe('E_ARTIFACT_INCOHERENT');
    expect(error.message).toContain('1 conflict(s) (1) row 1 and row 4: source class Summarization becomes unsatisfiable: TechTranslation skos:exactMatch TranslateText and Summarization skos:exactMatch SummarizeText put it under two disjoint classes (SummarizeText disjointWith TranslateText (target)), through Summarization ⊑ TechTranslation (source)');
    const allowed = buildArtifact(set, { ...BUILD, ontologies, allowIncoherent: true });
    expect(allowed.artifact.mappingRules).toHaveLength(2);
    expect(allowed.coherence.checked && allowed.coherence.conflicts.map((c) => c.rows.map((r) => r.row))).toEqual([[1, 4]]);
    const unchecked = buildArtifact(set, BUILD);
    expect(unchecked.coherence).toEqual({ checked: false, reason: 'no ontologies were given: the rules were not checked for coherence' });
    // Against the example's own ontologies (no disjointness) the same rules are coherent.
    expect(buildArtifact(parseSssom(readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8'), 'r.tsv'), { ...BUILD, ontologies }).coherence).toEqual({ checked: true, conflicts: [] });
  });

  it('7.2: given both ontologies, a row written the other way round (a target term as subject) is refused at its line, never signed as a rule that cannot apply; a term the index does not hold is left alone', async () => {
    const header = readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8').split('\n').filter((l) => l.startsWith('#') || l.startsWith('subject_id'));
    const row = (s: string, o: string): string => [s, '', 'skos:exactMatch', '', o, '', 'semapv:ManualMappingCuration', 'orcid:0000-0000-0000-0001', '2026-05-01', '', '', ''].join('\t');
    const swapped = w.write('swapped.sssom.tsv', [...header, row('doc:TranslateText', 'cs:TechTranslation'), ''].join('\n'));
    const r = await runCli(['artifact', 'build', '--from', swapped, '--artifact-id', BUILD.artifactId, '--revision', '1', '--asserted-by', BUILD.assertedBy, '--valid-until', BUILD.validUntil, '--source', ex('cs.ttl'), '--target', ex('doc.ttl'), '--out', join(w.dir, 'swapped.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${swapped}:${header.length + 1}`);
    expect(r.stderr).toContain('it is written the other way round');
    expect(r.stderr).toContain('[E_ARTIFACT_BUILD]');
    expect(existsSync(join(w.dir, 'swapped.json'))).toBe(false);
    // An end the index does not hold (an annotation property, a class only named as a superclass)
    // says nothing about direction: built as before.
    const unknown = parseSssom([...header, row('cs:TechTranslation', 'doc:NoSuchThing'), ''].join('\n'), 'unknown.tsv');
    expect(buildArtifact(unknown, { ...BUILD, ontologies }).artifact.mappingRules).toHaveLength(1);
  });

  const args = (out: string): string[] => ['artifact', 'build', '--from', reviewed, '--artifact-id', BUILD.artifactId, '--revision', '2', '--asserted-by', BUILD.assertedBy, '--valid-until', BUILD.validUntil, '--out', out];

  it('the CLI: exit 2 with the conflicts and nothing written; --allow-incoherent builds and lists them; without ontologies a warning says it could not check', async () => {
    const refused = join(w.dir, 'refused.json');
    const r = await runCli([...args(refused), '--source', csFile, '--target', docFile]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`${reviewed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:14: the rules are incoherent with .*cs\\.ttl and .*doc\\.ttl: 1 conflict\\(s\\) \\(1\\) .*reviewed\\.sssom\\.tsv:14 and .*reviewed\\.sssom\\.tsv:17: source class Summarization becomes unsatisfiable.* \\[E_ARTIFACT_INCOHERENT\\]`));
    expect(existsSync(refused)).toBe(false);

    const allowed = join(w.dir, 'allowed.json');
    const a = await runCli([...args(allowed), '--source', csFile, '--target', docFile, '--allow-incoherent']);
    expect(a.code).toBe(0);
    expect(a.stderr).toContain('ioa-align: warning: built although the rules are incoherent with the ontologies (--allow-incoherent): 1 conflict(s)');
    expect(a.stderr).toMatch(/reviewed\.sssom\.tsv:14 and .*reviewed\.sssom\.tsv:17: source class Summarization becomes unsatisfiable/);
    expect((JSON.parse(readFileSync(allowed, 'utf8')) as { mappingRules: unknown[] }).mappingRules).toHaveLength(2);

    const unchecked = await runCli(args(join(w.dir, 'unchecked.json')));
    expect(unchecked.code).toBe(0);
    expect(unchecked.stderr).toContain('ioa-align: warning: coherence not checked: give --source and --target (the ontologies the rules map between) to check the rules against them');

    // The example's own reviewed file against its own ontologies (no disjointness): coherent.
    const coherentArgs = args(join(w.dir, 'coherent.json')).map((a) => (a === reviewed ? ex('reviewed-cs-doc.sssom.tsv') : a));
    const coherent = await runCli([...coherentArgs, '--source', ex('cs.ttl'), '--target', ex('doc.ttl')]);
    expect([coherent.code, coherent.stderr]).toEqual([0, expect.stringContaining('coherent with both ontologies: no rule makes a class or property unsatisfiable')]);
  });

  it('--merge checks the complete new revision, carried and reviewed rules together, naming rules by index', async () => {
    const FIX = join(import.meta.dirname, '../versions/fixtures');
    const artifactV1 = w.write('app-zoo-v1.json', {
      artifactId: 'https://example.org/align/app-zoo', revision: '1', sourceOntologyId: 'http://example.org/app', sourceOntologyVersion: '3',
      targetOntologyId: 'http://example.org/zoo', targetOntologyVersion: '1.0', direction: 'source-to-target', assertedBy: 'https://example.org/authority',
      validUntil: '2030-01-01T00:00:00Z',
      mappingRules: [{ from: 'http://example.org/app#dog', to: 'http://example.org/zoo#Dog', conditions: {} }, { from: 'http://example.org/app#songbird', to: 'http://example.org/zoo#Songbird', conditions: {} }],
    });
    const draft = join(w.dir, 'draft.json');
    const review = join(w.dir, 'review.sssom.tsv');
    expect((await runCli(['artifact', 'upgrade', artifactV1, '--side', 'target', '--from', join(FIX, 'zoo-1.0.ttl'), '--to', join(FIX, 'zoo-2.0.ttl'), '--out', draft, '--review-out', review])).code).toBe(0);
    const reviewedMerge = w.write('review-accepted.sssom.tsv', readFileSync(review, 'utf8').replace('\tsemapv:MappingChaining\t', '\tsemapv:ManualMappingCuration\t'));
    // The app says a songbird is a kind of dog; zoo 2.0 (here) says dogs and birds are disjoint.
    const app = w.write('app.ttl', '@prefix : <http://example.org/app#> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n<http://example.org/app> a owl:Ontology . :dog a owl:Class . :songbird a owl:Class ; rdfs:subClassOf :dog .\n');
    const zoo = w.write('zoo-2.0.ttl', `${readFileSync(join(FIX, 'zoo-2.0.ttl'), 'utf8')}\nzoo:Dog owl:disjointWith zoo:Bird .\n`);
    const merged = join(w.dir, 'merged.json');
    const r = await runCli(['artifact', 'build', '--merge', draft, '--from', reviewedMerge, '--source', app, '--target', zoo, '--out', merged]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/1 conflict\(s\) \(1\) rule 0 and rule 1: source class songbird becomes unsatisfiable: dog skos:exactMatch Dog and songbird skos:broadMatch Bird put it under two disjoint classes \(Bird disjointWith Dog \(target\)\).* \[E_ARTIFACT_INCOHERENT\]/);
    expect(existsSync(merged)).toBe(false);
    const allowed = await runCli(['artifact', 'build', '--merge', draft, '--from', reviewedMerge, '--source', app, '--target', zoo, '--allow-incoherent', '--out', merged]);
    expect([allowed.code, allowed.stderr]).toEqual([0, expect.stringContaining('rule 0 and rule 1: source class songbird becomes unsatisfiable')]);
  });

  it('usage: --source needs --target, --allow-incoherent needs both (E_USAGE before any work)', async () => {
    const one = await runCli([...args(join(w.dir, 'x.json')), '--source', csFile]);
    expect([one.code, one.stderr]).toEqual([2, expect.stringContaining('the coherence check needs both ontologies: give --source and --target together [E_USAGE]')]);
    const allow = await runCli([...args(join(w.dir, 'y.json')), '--allow-incoherent']);
    expect([allow.code, allow.stderr]).toEqual([2, expect.stringContaining('--allow-incoherent means something only with --source and --target')]);
  });
});

describe('check and an incoherent artifact (7.3)', () => {
  /** The 12.4 artifact with a second rule that makes cs:Summarization unsatisfiable against the doc.ttl above. */
  const incoherent = (): Record<string, unknown> => {
    const doc = artifact12_4();
    const rules = doc.mappingRules as Array<Record<string, unknown>>;
    rules.push({ from: `${CS}Summarization`, to: `${DOC}SummarizeText`, conditions: rules[0]!.conditions });
    return doc;
  };
  let withAxioms: OntologyIndex[];
  let plain: OntologyIndex[];
  beforeAll(async () => {
    const w = world();
    const csFile = w.write('cs.ttl', readFileSync(ex('cs.ttl'), 'utf8') + CS_EXTRA);
    const docFile = w.write('doc.ttl', readFileSync(ex('doc.ttl'), 'utf8') + DOC_EXTRA);
    withAxioms = await Promise.all([loadOntologyFile(csFile), loadOntologyFile(docFile)]);
    plain = await Promise.all([loadOntologyFile(csFile), loadOntologyFile(ex('doc.ttl'))]);
  });

  const decide = (ontologies: OntologyIndex[], doc: Record<string, unknown>) => {
    const key = authorityKey();
    return evaluateCompatibility({ envelope: envelope(), provider: docProvider(), profile: profile(), ontologies, artifacts: [artifact(doc, key)], trust: trust(key), now: NOW });
  };

  it('given both ontologies, the artifact is excluded as INCOHERENT: Indeterminate, never Compatible through it', () => {
    const v = decide(withAxioms, incoherent());
    expect(v.outcome).toBe('Indeterminate');
    expect(v.mapping).toEqual([]);
    expect(v.excluded.map((e) => e.code)).toEqual(['INCOHERENT']);
    expect(v.reasons.map((r) => [r.code, r.detail])).toEqual([['NO_ACCEPTED_ALIGNMENT', undefined], ['ARTIFACT_EXCLUDED', 'INCOHERENT']]);
    expect(v.excluded[0]!.message).toContain('its rules are incoherent with https://example.org/onto/agent-core and https://example.net/onto/doc: 1 conflict(s); rule(s) 0, 1: source class Summarization becomes unsatisfiable');
  });

  it('the same artifact is Compatible when the ontologies state no disjointness, or when the target ontology is not given (the check cannot be made)', () => {
    expect(decide(plain, incoherent()).outcome).toBe('Compatible');
    expect(decide([withAxioms[0]!], incoherent()).outcome).toBe('Compatible');
    // The coherent 12.4 artifact against the ontologies with the disjointness: Compatible.
    expect(decide(withAxioms, artifact12_4()).outcome).toBe('Compatible');
  });

  it('an ontology of another version than the artifact names is not used for the check', async () => {
    const w = world();
    const older = await loadOntologyFile(w.write('doc-1.ttl', (readFileSync(ex('doc.ttl'), 'utf8') + DOC_EXTRA).replace('owl:versionInfo "2.0"', 'owl:versionInfo "1.0"')));
    expect(decide([withAxioms[0]!, older], incoherent()).outcome).toBe('Compatible');
  });

  it('ioa-align check --ontology … --json: exit 4, the exclusion reason with detail INCOHERENT', async () => {
    const w = world();
    const csFile = w.write('cs.ttl', readFileSync(ex('cs.ttl'), 'utf8') + CS_EXTRA);
    const docFile = w.write('doc.ttl', readFileSync(ex('doc.ttl'), 'utf8') + DOC_EXTRA);
    const file = w.artifact('incoherent.json', (doc) => {
      const rules = doc.mappingRules as Array<Record<string, unknown>>;
      rules.push({ from: `${CS}Summarization`, to: `${DOC}SummarizeText`, conditions: rules[0]!.conditions });
    });
    const base = forwardArgs().filter((a) => a !== ex('cs.ttl'));
    const at = base.indexOf('--ontology');
    base.splice(at, 1);
    const r = await runCli(['check', ...base, '--artifact', file, '--trust', w.trust(), '--ontology', csFile, '--ontology', docFile, '--json']);
    expect(r.code).toBe(4);
    const out = JSON.parse(r.stdout) as { outcome: string; reasons: Array<{ code: string; detail?: string }>; excluded: Array<{ code: string }> };
    expect(out.outcome).toBe('Indeterminate');
    expect(out.reasons).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'ARTIFACT_EXCLUDED', detail: 'INCOHERENT' })]));
  });
});

describe('the digest of an ontology covers what a decision reads from it (7.3, S5)', () => {
  /** The 12.4 artifact with a second rule that makes cs:Summarization unsatisfiable when doc.ttl states the disjointness. */
  const incoherent = (): Record<string, unknown> => {
    const doc = artifact12_4();
    const rules = doc.mappingRules as Array<Record<string, unknown>>;
    rules.push({ from: `${CS}Summarization`, to: `${DOC}SummarizeText`, conditions: rules[0]!.conditions });
    return doc;
  };
  let cs: OntologyIndex;
  let plainDoc: OntologyIndex;
  let disjointDoc: OntologyIndex;
  let files: { cs: string; plain: string; disjoint: string };
  beforeAll(async () => {
    const w = world();
    files = {
      cs: w.write('cs.ttl', readFileSync(ex('cs.ttl'), 'utf8') + CS_EXTRA),
      plain: w.write('doc.ttl', readFileSync(ex('doc.ttl'), 'utf8')),
      disjoint: w.write('doc-disjoint.ttl', readFileSync(ex('doc.ttl'), 'utf8') + DOC_EXTRA),
    };
    [cs, plainDoc, disjointDoc] = await Promise.all([loadOntologyFile(files.cs), loadOntologyFile(files.plain), loadOntologyFile(files.disjoint)]);
  });
  const input = (ontologies: OntologyIndex[]): CheckInput => {
    const key = authorityKey();
    return { envelope: envelope(), provider: docProvider(), profile: profile(), ontologies, artifacts: [artifact(incoherent(), key)], trust: trust(key), now: NOW };
  };

  it('7.3: one checker given an ontology that differs only in a disjointness axiom decides afresh, never reusing the Compatible', () => {
    // The two files state the same concepts; only the axioms differ.
    expect(disjointDoc.concepts).toEqual(plainDoc.concepts);
    const checker = new CompatibilityChecker();
    const plain = checker.check(input([cs, plainDoc]));
    const disjoint = checker.check(input([cs, disjointDoc]));
    expect([plain.cached, plain.outcome]).toEqual([false, 'Compatible']);
    // "Mappings that are … inconsistent with required constraints MUST be excluded before resolving alternatives" (7.3).
    expect([disjoint.cached, disjoint.outcome, disjoint.excluded.map((e) => e.code)]).toEqual([false, 'Indeterminate', ['INCOHERENT']]);
    expect(disjoint.inputs.ontologies[1]!.source).toBe(files.disjoint);
    expect(CompatibilityChecker.key(input([cs, plainDoc]))).not.toBe(CompatibilityChecker.key(input([cs, disjointDoc])));
  });

  it('every field a decision reads is in the key: versionIri, identifiers, axioms, and the index by IRI', () => {
    const key = (doc: OntologyIndex): string => CompatibilityChecker.key(input([cs, doc]));
    const copy = (over: Partial<OntologyIndex>): OntologyIndex => ({ ...plainDoc, ...over });
    const base = key(copy({}));
    expect(key(copy({}))).toBe(base);
    expect(key(copy({ versionIri: 'https://example.net/onto/doc/2.0' }))).not.toBe(base);
    expect(key(copy({ identifiers: { stableNotations: true } }))).not.toBe(base);
    expect(key(copy({ axioms: disjointDoc.axioms! }))).not.toBe(base);
    const byIri = new Map(plainDoc.byIri);
    byIri.delete(`${DOC}TranslateText`);
    expect(key(copy({ byIri }))).not.toBe(base);
    // Where it was read from names the verdict's input: a copy at another path is another key.
    expect(key(copy({ source: '/elsewhere/doc.ttl' }))).not.toBe(base);
  });

  it('a verdict records different digests for two different files at one path (its audit record)', async () => {
    const w = world();
    const path = w.write('doc.ttl', readFileSync(files.plain, 'utf8'));
    const inputs = {
      request: ex('envelope-12.1-zh-en.json'), provider: ex('capability-doc-translate.json'), profile: ex('profile-tech-translation.json'),
      artifacts: [w.artifact('incoherent.json', (doc) => {
        const rules = doc.mappingRules as Array<Record<string, unknown>>;
        rules.push({ from: `${CS}Summarization`, to: `${DOC}SummarizeText`, conditions: rules[0]!.conditions });
      })],
      trust: w.trust(), now: '2026-06-01T00:00:00Z',
    };
    const first = await check({ ...inputs, ontologies: [files.cs, path] });
    w.write('doc.ttl', readFileSync(files.disjoint, 'utf8'));
    const second = await check({ ...inputs, ontologies: [files.cs, path] });
    if (first.kind !== 'verdict' || second.kind !== 'verdict') throw new Error(`expected verdicts, got ${first.kind} and ${second.kind}`);
    expect([first.outcome, second.outcome]).toEqual(['Compatible', 'Indeterminate']);
    expect(second.inputs.ontologies[1]!.source).toBe(path);
    expect(second.inputs.ontologies[1]!.digest).not.toBe(first.inputs.ontologies[1]!.digest);
  });
});

describe('an ontology index changed in place after a decision (7.3, S5)', () => {
  const incoherent = (): Record<string, unknown> => {
    const doc = artifact12_4();
    const rules = doc.mappingRules as Array<Record<string, unknown>>;
    rules.push({ from: `${CS}Summarization`, to: `${DOC}SummarizeText`, conditions: rules[0]!.conditions });
    return doc;
  };
  const input = (ontologies: OntologyIndex[]): CheckInput => {
    const key = authorityKey();
    return { envelope: envelope(), provider: docProvider(), profile: profile(), ontologies, artifacts: [artifact(incoherent(), key)], trust: trust(key), now: NOW };
  };

  it('an index the caller built (not sealed by loadOntology) is read as it is now: the same object, given a disjointness after a first Compatible, is Indeterminate', async () => {
    const w = world();
    const cs = await loadOntologyFile(w.write('cs.ttl', readFileSync(ex('cs.ttl'), 'utf8') + CS_EXTRA));
    const doc = await loadOntologyFile(ex('doc.ttl'));
    const disjoint = await loadOntologyFile(w.write('doc.ttl', readFileSync(ex('doc.ttl'), 'utf8') + DOC_EXTRA));
    const checker = new CompatibilityChecker();
    expect(evaluateCompatibility(input([cs, doc])).outcome).toBe('Compatible');
    expect(checker.check(input([cs, doc])).outcome).toBe('Compatible');
    const before = CompatibilityChecker.key(input([cs, doc]));
    doc.axioms = disjoint.axioms!;
    const after = evaluateCompatibility(input([cs, doc]));
    expect([after.outcome, after.excluded.map((e) => e.code)]).toEqual(['Indeterminate', ['INCOHERENT']]);
    expect(CompatibilityChecker.key(input([cs, doc]))).not.toBe(before);
    const cached = checker.check(input([cs, doc]));
    expect([cached.cached, cached.outcome]).toEqual([false, 'Indeterminate']);
    // A concept changed in place is noticed too: its kind no longer a capability, the rule's term is unknown to the check.
    const translate = doc.byIri.get(`${DOC}TranslateText`)!;
    const digest = after.inputs.ontologies[1]!.digest;
    translate.labels.push({ text: 'Übersetzen', lang: 'de', source: 'rdfs:label' });
    expect(evaluateCompatibility(input([cs, doc])).inputs.ontologies[1]!.digest).not.toBe(digest);
  });
});
