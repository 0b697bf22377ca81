/**
 * The gate read against the letter of the draft (Sections 5.2–5.4, 6.3–6.4, 7.1–7.3, 12.1): each
 * test names the section it holds the engine to and asserts the exact outcome and reason code.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { compareLanguage, compareMediaType } from '../../src/gate/conditions.js';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { evaluateCompatibility, validateArtifact, type CheckInput, type Verdict } from '../../src/gate/index.js';
import { runCli } from '../helpers/cli.js';
import { ex, forwardArgs, world } from './cli-world.js';
import { CS, DOC, NOW, artifact, artifact12_4, authorityKey, csProvider, docProvider, envelope, profile, requesterOntologies, trust } from './helpers.js';

let ontologies: OntologyIndex[];
beforeAll(async () => {
  ontologies = await requesterOntologies();
});

const codes = (v: Verdict): string[] => v.reasons.map((r) => r.code);

function check(over: Partial<CheckInput> = {}): Verdict {
  return evaluateCompatibility({ envelope: envelope(), provider: csProvider(), profile: profile(), ontologies, now: NOW, ...over });
}

/** An ontology file with this text, loaded (the file is removed again). */
async function ontologyOf(name: string, text: string): Promise<OntologyIndex> {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-gate-spec-'));
  try {
    const path = join(dir, name);
    writeFileSync(path, text);
    return await loadOntologyFile(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type ArtifactDoc = Record<string, unknown> & { mappingRules: Array<Record<string, unknown>> };
const doc12_4 = (): ArtifactDoc => artifact12_4() as ArtifactDoc;

describe('§5.3, §7.3: latest-revision orders revisions of one artifact only', () => {
  it('§7.3: two artifacts of one issuer with different targets stay AMBIGUOUS_MAPPING, whatever their revision numbers', () => {
    const key = authorityKey();
    const a2 = { ...doc12_4(), revision: '2' };
    const b1 = doc12_4();
    b1.artifactId = 'https://example.org/align/summaries';
    b1.mappingRules[0]!.to = `${DOC}SummarizeText`;
    for (const artifacts of [[a2, b1], [b1, a2]]) {
      const v = check({
        provider: docProvider(), artifacts: artifacts.map((d) => artifact(d, key)), trust: trust(key),
        profile: profile({ mappingSelection: 'latest-revision' }),
      });
      expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['AMBIGUOUS_MAPPING']]);
      expect(v.excluded.filter((e) => e.code === 'SUPERSEDED')).toEqual([]);
    }
  });
});

describe('§5.2, §6.3, §6.4: capabilityRefs, the provider\'s capability and a binding\'s sense are of their declared kind', () => {
  it('§5.2 "capabilityRefs: one or more Capability IRIs": a Domain there is UNKNOWN_TERM naming the kind found, not CAPABILITY_NOT_OFFERED', () => {
    const v = check({ envelope: envelope({ capabilityRefs: [`${CS}TechTranslation`, `${CS}ComputerScience`] }) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
    expect(v.reasons[0]).toMatchObject({ path: 'request:$.capabilityRefs[1]', message: expect.stringContaining('is defined as a domain, not a capability') });
  });
  it('§5.2, §6.3: a Domain offered as the provider\'s capability (same ontology) is UNKNOWN_TERM, not a completed CAPABILITY_NOT_OFFERED', () => {
    const v = check({
      envelope: envelope({ capabilityRefs: [`${CS}TechTranslation`, `${CS}ComputerScience`] }), provider: csProvider({ id: `${CS}ComputerScience` }),
    });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM', 'UNKNOWN_TERM']]);
    expect(v.reasons.map((r) => r.path).sort()).toEqual(['provider:$["@id"]', 'request:$.capabilityRefs[1]']);
  });
  it('§6.3 "MUST identify each Capability": a provider capability its own ontology (doc 2.0, given) defines as a Domain is UNKNOWN_TERM, even through an accepted artifact', () => {
    const key = authorityKey();
    const doc = doc12_4();
    doc.mappingRules[0]!.to = `${DOC}Documentation`;
    const v = check({ provider: docProvider({ id: `${DOC}Documentation` }), artifacts: [artifact(doc, key)], trust: trust(key) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
    expect(v.reasons[0]).toMatchObject({ path: 'provider:$["@id"]', message: expect.stringContaining('is defined as a domain, not a capability') });
  });
  it('§5.2: a term the file types as a Concept and also as a Domain is a Concept: its sense stands (Compatible, as with one type)', async () => {
    const text = readFileSync(ex('cs.ttl'), 'utf8').replace(/^(cs:LargeLanguageModel a ioa:Concept)/m, '$1, ioa:Domain');
    expect(text).toContain('cs:LargeLanguageModel a ioa:Concept, ioa:Domain');
    const multi = await ontologyOf('cs.ttl', text);
    expect(multi.byIri.get(`${CS}LargeLanguageModel`)?.kinds).toEqual(['domain', 'concept']);
    const v = evaluateCompatibility({ envelope: envelope(), provider: csProvider(), profile: profile(), ontologies: [multi, ...ontologies.filter((o) => !o.source.endsWith('cs.ttl'))], now: NOW });
    expect([v.outcome, codes(v)]).toEqual(['Compatible', []]);
  });
  it('§5.2 "sense: a Concept IRI": a sense bound to an Intent is UNKNOWN_TERM under a cross-domain profile too', () => {
    const crossDomain = profile({ termBindings: { permittedDomains: [`${CS}ComputerScience`], crossDomain: true } });
    const v = check({ profile: crossDomain, envelope: envelope({}, { termBindings: [{ term: 'LLM', sense: `${CS}TranslateTechDoc` }] }) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
    expect(v.reasons[0]).toMatchObject({ path: 'request:$.profileContext.termBindings[0].sense', message: expect.stringContaining('is defined as an intent, not a concept') });
  });
});

describe('§7.1, §6.3: a provider capability its own ontology does not define is not established, not a conflict', () => {
  it('§7.1: same ontology, the provider offers a capability agent-core 1.0 (cs.ttl, given) does not define → Indeterminate UNKNOWN_TERM', () => {
    for (const id of [`${CS}NoSuchCapability`, `${CS}TranslateTechDoc`]) {
      const v = check({ provider: csProvider({ id }) });
      expect([id, v.outcome, codes(v)]).toEqual([id, 'Indeterminate', ['UNKNOWN_TERM']]);
      expect(v.reasons[0]!.path).toBe('provider:$["@id"]');
    }
  });
  it('§6.3: through an artifact, a provider capability doc 2.0 (doc.ttl, given) does not define → Indeterminate UNKNOWN_TERM', () => {
    const key = authorityKey();
    const doc = doc12_4();
    doc.mappingRules[0]!.to = `${DOC}NoSuchCapability`;
    const v = check({ provider: docProvider({ id: `${DOC}NoSuchCapability` }), artifacts: [artifact(doc, key)], trust: trust(key) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
    expect(v.reasons[0]!.message).toContain('is not defined in');
  });
  it('§7.1: a provider capability its ontology defines, but another than the request needs, is still a completed CAPABILITY_NOT_OFFERED', async () => {
    const cs = ontologies.find((o) => o.source.endsWith('cs.ttl'))!;
    const withSummary = await ontologyOf('cs.ttl', `${readFileSync(cs.source, 'utf8')}\ncs:Summarize a ioa:Capability ; ioa:inDomain cs:ComputerScience .\n`);
    const v = check({ provider: csProvider({ id: `${CS}Summarize` }), ontologies: [withSummary, ...ontologies.filter((o) => o !== cs)] });
    expect([v.outcome, codes(v)]).toEqual(['Incompatible', ['CAPABILITY_NOT_OFFERED']]);
  });
});

describe('§5.2, §6.4, §12.1: the task\'s domain is a known Domain, and a required domain is established against the provider', () => {
  const csPath = (): string => ontologies.find((o) => o.source.endsWith('cs.ttl'))!.source;
  /** The requester's files with cs.ttl replaced by `edit` of its text. */
  async function withCs(edit: (text: string) => string): Promise<OntologyIndex[]> {
    const cs = ontologies.find((o) => o.source.endsWith('cs.ttl'))!;
    return [await ontologyOf('cs.ttl', edit(readFileSync(csPath(), 'utf8'))), ...ontologies.filter((o) => o !== cs)];
  }
  const noAppliesTo = (text: string): string => text.replace(/;\s*ioa:appliesToDomain cs:ComputerScience/, '');

  it('§6.4: a domain IRI no supplied ontology defines → Indeterminate UNKNOWN_TERM, not Compatible and not INTENT_NOT_APPLICABLE', async () => {
    const typo = envelope({}, { domain: 'https://example.org/onto/nowhere#Typo' });
    for (const files of [ontologies, await withCs(noAppliesTo)]) {
      const v = check({ envelope: typo, ontologies: files });
      expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
      expect(v.reasons[0]).toMatchObject({ path: 'request:$.profileContext.domain', message: expect.stringContaining('is not defined') });
    }
  });
  it('§5.2 "domain: a Domain IRI": a domain defined as a Concept → Indeterminate UNKNOWN_TERM naming the kind', () => {
    const v = check({ envelope: envelope({}, { domain: `${CS}LargeLanguageModel` }) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['UNKNOWN_TERM']]);
    expect(v.reasons[0]!.message).toContain('is defined as a concept, not a domain');
  });
  it('§12.1: a required domain the provider\'s capability does not declare and nothing establishes → Indeterminate CONSTRAINT_NOT_ESTABLISHED', async () => {
    const v = check({ ontologies: await withCs(noAppliesTo) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['CONSTRAINT_NOT_ESTABLISHED']]);
    expect(v.reasons[0]!.path).toBe('provider:$["@id"]');
    // Not required by the profile: nothing to establish.
    expect(check({ ontologies: await withCs(noAppliesTo), profile: profile({ requiredConditions: ['inputMediaType', 'outputMediaType', 'sourceLang', 'targetLang'] }) }).outcome).toBe('Compatible');
  });
  it('§12.1: the domain is established by the capability\'s own ioa:inDomain, or by the intent that applies to it and requires that very capability (S1)', async () => {
    const inDomain = await withCs((t) => `${noAppliesTo(t)}\ncs:TechTranslation ioa:inDomain cs:ComputerScience .\n`);
    expect(check({ ontologies: inDomain }).outcome).toBe('Compatible');
    const v = check();
    expect([v.outcome, v.reasons]).toEqual(['Compatible', []]);
  });
});

describe('§5.4 "An intent MUST be applicable to the declared capabilities": an intent that requires nothing establishes nothing', () => {
  it('§5.1, §5.4: an intent with no ioa:requiresCapability → Indeterminate CONSTRAINT_NOT_ESTABLISHED at the intentRef, directly and through an artifact', async () => {
    const cs = ontologies.find((o) => o.source.endsWith('cs.ttl'))!;
    const files = [await ontologyOf('cs.ttl', `${readFileSync(cs.source, 'utf8')}\ncs:Anything a ioa:Intent .\n`), ...ontologies.filter((o) => o !== cs)];
    const key = authorityKey();
    for (const over of [{}, { provider: docProvider(), artifacts: [artifact(doc12_4(), key)], trust: trust(key) }]) {
      const v = check({ envelope: envelope({ intentRef: `${CS}Anything` }), ontologies: files, ...over });
      expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['CONSTRAINT_NOT_ESTABLISHED']]);
      expect(v.reasons[0]).toMatchObject({ path: 'request:$.intentRef', message: expect.stringContaining('declares no required capability') });
    }
  });
});

describe('§7.1: a related but unequal value is not established, in an advertisement as in a rule condition', () => {
  const key = authorityKey();
  const viaArtifact = (over: Partial<CheckInput>, doc: ArtifactDoc = doc12_4()): Verdict => check({ provider: docProvider(), artifacts: [artifact(doc, key)], trust: trust(key), ...over });
  it('§7.1, RFC 4647: the provider declares zh-Hans (or zh-CN), the task needs zh → Indeterminate CONSTRAINT_NOT_ESTABLISHED, as the same pair in a rule condition is', () => {
    for (const tag of ['zh-Hans', 'zh-CN']) {
      const advertised = viaArtifact({ provider: docProvider({ sourceLang: [tag] }) });
      expect([tag, advertised.outcome, codes(advertised)]).toEqual([tag, 'Indeterminate', ['CONSTRAINT_NOT_ESTABLISHED']]);
      expect(advertised.reasons[0]!.path).toBe('provider:$.sourceLang');
      const doc = doc12_4();
      (doc.mappingRules[0]!.conditions as Record<string, unknown>).sourceLang = tag;
      expect([tag, viaArtifact({}, doc).outcome]).toEqual([tag, 'Indeterminate']);
    }
    // The task is the more specific one: no truncation either.
    const hans = check({ envelope: envelope({}, { sourceLang: 'zh-Hans' }) });
    expect([hans.outcome, codes(hans)]).toEqual(['Indeterminate', ['CONSTRAINT_NOT_ESTABLISHED']]);
  });
  it('§7.1, RFC 9110: media types that differ only in parameters → Indeterminate CONSTRAINT_NOT_ESTABLISHED, for inputs and outputs', () => {
    const inputs = check({ provider: csProvider({ inputs: ['text/plain;charset=utf-8'] }) });
    expect([inputs.outcome, codes(inputs), inputs.reasons[0]!.path]).toEqual(['Indeterminate', ['CONSTRAINT_NOT_ESTABLISHED'], 'provider:$.inputs']);
    const outputs = check({ provider: csProvider({ outputs: ['text/plain; charset=utf-8'] }) });
    expect([outputs.outcome, codes(outputs), outputs.reasons[0]!.path]).toEqual(['Indeterminate', ['CONSTRAINT_NOT_ESTABLISHED'], 'provider:$.outputs']);
  });
  it('§12.5 S3: clearly different values stay a completed conflict (Incompatible CONSTRAINT_CONFLICT)', () => {
    for (const provider of [csProvider({ sourceLang: ['fr'] }), csProvider({ inputs: ['application/pdf'] }), csProvider({ outputs: ['text/html'] })]) {
      const v = check({ provider });
      expect([v.outcome, codes(v)]).toEqual(['Incompatible', ['CONSTRAINT_CONFLICT']]);
    }
    const zhHans = check({ envelope: envelope({}, { sourceLang: 'zh-Hans' }), provider: csProvider({ sourceLang: ['zh-Hant'] }) });
    expect([zhHans.outcome, codes(zhHans)]).toEqual(['Incompatible', ['CONSTRAINT_CONFLICT']]);
  });
  it('one comparison for both paths: same, related (RFC 4647 prefix; parameters only) or different', () => {
    expect(['zh', 'ZH', 'zh-Hans', 'zh-hans-CN', 'zh-Hant', 'zhx', 'en'].map((t) => compareLanguage('zh-Hans', t))).toEqual(['related', 'related', 'same', 'related', 'different', 'different', 'different']);
    expect(['Text/Plain', 'text/plain; charset=utf-8', 'text/html'].map((m) => compareMediaType('text/plain', m))).toEqual(['same', 'related', 'different']);
  });
  it('RFC 5646 §4.5: two names of one language (deprecated iw for he, in for id) are related, never a conflict → Indeterminate', () => {
    expect([['iw', 'he'], ['he-IL', 'iw'], ['in', 'id'], ['tl', 'fil'], ['iw', 'yi'], ['he', 'x-bad tag']].map(([a, b]) => compareLanguage(a!, b!)))
      .toEqual(['related', 'related', 'related', 'related', 'different', 'different']);
    const v = check({ envelope: envelope({}, { sourceLang: 'he' }), provider: csProvider({ sourceLang: ['iw'] }) });
    expect([v.outcome, codes(v)]).toEqual(['Indeterminate', ['CONSTRAINT_NOT_ESTABLISHED']]);
  });
});

describe('§7.2, §12.4: with requireSignature false, an unsigned artifact used is reported as unverified provenance', () => {
  it('§12.4 "assertedBy is a claim requiring external provenance validation": the library verdict marks the mapping signed: false, a signed one signed: true', () => {
    const key = authorityKey();
    const unsigned = check({ provider: docProvider(), artifacts: [artifact(doc12_4())], trust: trust(key, { requireSignature: false }) });
    expect(unsigned.outcome).toBe('Compatible');
    expect(unsigned.mapping).toEqual([expect.objectContaining({ kind: 'artifact', signed: false })]);
    const signed = check({ provider: docProvider(), artifacts: [artifact(doc12_4(), key)], trust: trust(key, { requireSignature: false }) });
    expect(signed.mapping).toEqual([expect.objectContaining({ kind: 'artifact', signed: true })]);
  });
  it('§7.2: `check` says so in text and in --json', async () => {
    const w = world();
    const policy = JSON.parse(readFileSync(w.trust(), 'utf8')) as Record<string, unknown>;
    policy['requireSignature'] = false;
    const args = [...forwardArgs(), '--artifact', ex('artifact-12.4.json'), '--trust', w.write('trust-nosig.json', policy)];
    const text = await runCli(['check', ...args]);
    expect([text.code, text.stdout.split('\n')[0]]).toEqual([0, 'Compatible']);
    expect(text.stdout).toContain('unsigned: provenance not verified');
    const json = await runCli(['check', ...args, '--json']);
    const verdict = JSON.parse(json.stdout) as { mapping: Array<Record<string, unknown>> };
    expect(verdict.mapping).toEqual([expect.objectContaining({ artifactId: 'https://example.org/align/cs-doc-v1', signed: false })]);
  });
});

describe('§7.2: what an artifact finding points at and cites', () => {
  it('§7.2, §7.3: a narrowMatch rule is RULE_INAPPLICABLE at the rule\'s relation, not its conditions', () => {
    const key = authorityKey();
    const doc = doc12_4();
    doc.mappingRules[0]!.relation = 'skos:narrowMatch';
    const v = check({ provider: docProvider(), artifacts: [artifact(doc, key)], trust: trust(key) });
    expect(v.outcome).toBe('Indeterminate');
    expect(v.reasons.find((r) => r.code === 'RULE_INAPPLICABLE')).toMatchObject({ path: 'artifact:$.mappingRules[0].relation', ruleIndex: 0 });
  });
  it('§7.2, §12.4: an artifact that is not an object, and a malformed rule condition, cite Section 7.2 (artifacts are plain JSON, not JSON-LD)', () => {
    const notObject = validateArtifact([]);
    expect(notObject.ok ? [] : notObject.findings.map((f) => [f.code, f.section])).toEqual([['E_INVALID_JSON', '7.2']]);
    for (const [name, value, code] of [['sourceLang', 'zh_CN', 'E_INVALID_LANGUAGE_TAG'], ['inputMediaType', 'plain text', 'E_INVALID_MEDIA_TYPE'], ['domain', 'cs:ComputerScience', 'E_INVALID_RELATIVE_IRI']] as const) {
      const doc = doc12_4();
      (doc.mappingRules[0]!.conditions as Record<string, unknown>)[name] = value;
      const r = validateArtifact(doc);
      expect([name, r.ok ? [] : r.findings.map((f) => [f.code, f.section])]).toEqual([name, [[code, '7.2']]]);
    }
  });
});

describe('§6.4 "Exclusion MUST NOT silently remove …": a term ignored under unknownTerms "ignore" stays in the --json verdict', () => {
  it('§6.1, §6.4: W_IGNORED_TERM is listed under warnings with its file and path', async () => {
    const w = world();
    const request = JSON.parse(readFileSync(ex('envelope-12.1-zh-en.json'), 'utf8')) as Record<string, unknown>;
    (request['@context'] as Record<string, unknown>)['ex'] = 'https://example.com/ext#';
    request['ex:note'] = 'descriptive';
    const profileDoc = JSON.parse(readFileSync(ex('profile-tech-translation.json'), 'utf8')) as Record<string, unknown>;
    profileDoc['unknownTerms'] = 'ignore';
    const requestPath = w.write('request.json', request);
    const run = await runCli(['check', '--request', requestPath, '--provider', ex('capability-cs-translate.json'), '--profile', w.write('profile.json', profileDoc),
      '--ontology', ex('cs.ttl'), '--now', '2026-06-01T00:00:00Z', '--json']);
    const verdict = JSON.parse(run.stdout) as { outcome: string; warnings?: Array<Record<string, unknown>> };
    expect([run.code, verdict.outcome]).toEqual([0, 'Compatible']);
    expect(verdict.warnings).toEqual([expect.objectContaining({ code: 'W_IGNORED_TERM', file: requestPath, path: '$["ex:note"]' })]);
  });
});

describe('§6.1, §12.5 S4: a remote context not retrieved is not an invalid envelope', () => {
  /** Replace the @context of the envelope inside `doc` (an envelope or a carrier message) with a remote one. */
  function remoteContext(doc: unknown): unknown {
    if (Array.isArray(doc)) return doc.map(remoteContext);
    if (doc === null || typeof doc !== 'object') return doc;
    const o = Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, remoteContext(v)]));
    if (o['@type'] === 'ioa:SemanticProfile') o['@context'] = 'https://example.org/contexts/ioa.jsonld';
    return o;
  }
  it('§6.1: validate, a2a unwrap and nlip unwrap say the context was not retrieved (E_CONTEXT_UNAVAILABLE, exit 4), never "invalid"', async () => {
    const w = world();
    const envelopeText = readFileSync(ex('envelope-6.2.json'), 'utf8');
    const a2a = JSON.parse((await runCli(['a2a', 'wrap', ex('envelope-6.2.json'), '--message-id', 'm1'])).stdout) as unknown;
    const nlip = JSON.parse((await runCli(['nlip', 'wrap', ex('envelope-6.2.json'), '--task', 't1'])).stdout) as unknown;
    const runs = [
      ['validate', w.write('remote.json', remoteContext(JSON.parse(envelopeText)))],
      ['a2a', 'unwrap', w.write('a2a.json', remoteContext(a2a))],
      ['nlip', 'unwrap', w.write('nlip.json', remoteContext(nlip)), '--task', 't1'],
    ];
    for (const args of runs) {
      const text = await runCli(args);
      expect([args[0], text.code]).toEqual([args[0], 4]);
      expect(`${text.stdout}${text.stderr}`).not.toMatch(/invalid/);
      expect(`${text.stdout}${text.stderr}`).toMatch(/not validated: a remote context was not retrieved/);
      const json = JSON.parse((await runCli([...args, '--json'])).stdout) as { valid: boolean; unavailable?: boolean; findings: Array<{ code: string }> };
      expect([args[0], json.valid, json.unavailable, json.findings.map((f) => f.code)]).toEqual([args[0], false, true, ['E_CONTEXT_UNAVAILABLE']]);
    }
  });
});
