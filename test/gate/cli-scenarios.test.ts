/**
 * The draft's processing scenarios (Section 12.5 S1–S5) and examples 12.1 and 12.3 as end-to-end
 * runs of the `ioa-align` CLI (in-process through main(), same argv and exit codes as the binary)
 * on corpora/ioa-example. Keys are generated at run time with `ioa-align keys generate`; no private
 * key is committed.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../helpers/cli.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
const ex = (f: string): string => join(EX, f);
const NOW = ['--now', '2026-06-01T00:00:00Z'];

async function checkJson(args: string[]): Promise<{ code: number; verdict: { outcome: string; reasons: Array<{ code: string; detail?: string }>; mapping: Array<Record<string, unknown>>; notice: string; inputs: { profile?: { revision: string; digest: string } }; errors?: Array<{ code: string; path: string; file: string }> } }> {
  const run = await cli(['check', ...args, '--json']);
  return { code: run.code, verdict: JSON.parse(run.stdout) };
}
const reasonCodes = (v: { reasons: Array<{ code: string }> }): string[] => v.reasons.map((r) => r.code);

const S1_ARGS = ['--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-cs-translate.json'), '--profile', ex('profile-tech-translation.json'), '--ontology', ex('cs.ttl'), ...NOW];
const DOC_ARGS = ['--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-doc-translate.json'), '--profile', ex('profile-tech-translation.json'), '--ontology', ex('cs.ttl'), ...NOW];

let dir: string;
let trustPath: string;
let signedPath: string;
let keyDir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ioa-gate-'));
  keyDir = join(dir, 'keys');
  const keys = await cli(['keys', 'generate', '--out', keyDir, '--json']);
  expect(keys.code).toBe(0);
  const { keyId } = JSON.parse(keys.stdout) as { keyId: string };
  // The trust policy of corpora/ioa-example, with the run-time key of the mapping authority.
  const policy = JSON.parse(readFileSync(ex('trust-policy.json'), 'utf8')) as { trustedIssuers: Array<{ keyId: string; publicKey: string }> };
  policy.trustedIssuers[0]!.keyId = keyId;
  policy.trustedIssuers[0]!.publicKey = readFileSync(join(keyDir, 'public.pem'), 'utf8');
  trustPath = join(dir, 'trust.json');
  writeFileSync(trustPath, JSON.stringify(policy));
  signedPath = join(dir, 'artifact-12.4.signed.json');
  const signed = await cli(['artifact', 'sign', ex('artifact-12.4.json'), '--key', join(keyDir, 'private.pem'), '--out', signedPath]);
  expect(signed.code).toBe(0);
});

describe('S1 (12.5): known profile and versions, validated references, constraints hold → Compatible, exit 0', () => {
  it('is Compatible and says that this is not authorisation', async () => {
    const { code, verdict } = await checkJson(S1_ARGS);
    expect(code).toBe(0);
    expect(verdict.outcome).toBe('Compatible');
    expect(verdict.mapping).toEqual([expect.objectContaining({ kind: 'direct' })]);
    expect(verdict.notice).toMatch(/not establish authorization/);
  });
  it('the human form also states it', async () => {
    const run = await cli(['check', ...S1_ARGS]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Compatible\n/);
    expect(run.stdout).toMatch(/does not establish authorization/);
  });
});

describe('S2 (12.5, 7.4): similarity 0.99 without an accepted mapping → Indeterminate, exit 4', () => {
  it('CANDIDATE_ONLY', async () => {
    const { code, verdict } = await checkJson([...DOC_ARGS, '--candidates', ex('candidates-s2.sssom.tsv')]);
    expect(code).toBe(4);
    expect(verdict.outcome).toBe('Indeterminate');
    expect(reasonCodes(verdict)).toEqual(['CANDIDATE_ONLY']);
  });
  it('the same pair rejected by a reviewer (predicate_modifier Not): CANDIDATE_REJECTED, still exit 4', async () => {
    const lines = readFileSync(ex('candidates-s2.sssom.tsv'), 'utf8').split('\n');
    const header = lines.findIndex((l) => l.startsWith('subject_id'));
    const columns = lines[header]!.split('\t');
    const rows = lines.slice(header + 1).filter((l) => l.trim() !== '').map((l) => {
      const cells = l.split('\t');
      cells[columns.indexOf('mapping_justification')] = 'semapv:MappingReview';
      return [...cells, 'Not'].join('\t');
    });
    const reviewed = join(dir, 'rejected-s2.sssom.tsv');
    writeFileSync(reviewed, [...lines.slice(0, header), [...columns, 'predicate_modifier'].join('\t'), ...rows, ''].join('\n'));
    const { code, verdict } = await checkJson([...DOC_ARGS, '--candidates', reviewed]);
    expect(code).toBe(4);
    expect(reasonCodes(verdict)).toEqual(['CANDIDATE_REJECTED']);
  });
  it('a candidate row whose review_decision contradicts its predicate_modifier is refused, naming the file and line (E_REVIEW_ROW_CONTRADICTION, exit 2)', async () => {
    const lines = readFileSync(ex('candidates-s2.sssom.tsv'), 'utf8').split('\n');
    const header = lines.findIndex((l) => l.startsWith('subject_id'));
    // review_decision reject, but no predicate_modifier Not: the row still states the mapping.
    const rows = lines.slice(header + 1).filter((l) => l.trim() !== '').map((l) => `${l}\treject`);
    const contradicting = join(dir, 'contradicting-s2.sssom.tsv');
    writeFileSync(contradicting, [...lines.slice(0, header), `${lines[header]}\treview_decision`, ...rows, ''].join('\n'));
    const run = await cli(['check', ...DOC_ARGS, '--candidates', contradicting]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${contradicting}:${header + 2}: the row says review_decision reject`);
    expect(run.stderr).toContain('[E_REVIEW_ROW_CONTRADICTION]');
  });
  it('an alignment artifact given as --candidates is refused as one: E_USAGE naming the file and --artifact, exit 2, no verdict', async () => {
    for (const artifact of [signedPath, ex('artifact-12.4.json')]) {
      const run = await cli(['check', ...DOC_ARGS, '--candidates', artifact, '--trust', trustPath]);
      expect([run.code, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toContain(`${artifact}: this is an alignment artifact, not a mapping file: give it with --artifact`);
      expect(run.stderr).toContain('[E_USAGE]');
      expect(run.stderr).not.toContain('extension slot');
    }
  });
  it('the same candidates beside the trusted signed 12.4 artifact change nothing: the artifact decides', async () => {
    const { code } = await checkJson([...DOC_ARGS, '--candidates', ex('candidates-s2.sssom.tsv'), '--artifact', signedPath, '--trust', trustPath]);
    expect(code).toBe(0);
  });
});

describe('S3 (12.5): a completed check establishes a conflict → Incompatible, exit 3', () => {
  it('media-type conflict: the provider takes only application/pdf (no implicit conversion)', async () => {
    const { code, verdict } = await checkJson(['--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-cs-pdf-only.json'), '--profile', ex('profile-tech-translation.json'), '--ontology', ex('cs.ttl'), ...NOW]);
    expect(code).toBe(3);
    expect(verdict.outcome).toBe('Incompatible');
    expect(reasonCodes(verdict)).toEqual(['CONSTRAINT_CONFLICT', 'CONSTRAINT_CONFLICT']);
  });
  it('domain conflict: the task domain is law:Law, the intent applies to computer science', async () => {
    const envelope = JSON.parse(readFileSync(ex('envelope-12.1-zh-en.json'), 'utf8')) as { profileContext: { domain: string } };
    envelope.profileContext.domain = 'https://example.org/onto/law#Law';
    const path = join(dir, 'envelope-law-domain.json');
    writeFileSync(path, JSON.stringify(envelope));
    const { code, verdict } = await checkJson(['--request', path, ...S1_ARGS.slice(2), '--ontology', ex('law.ttl')]);
    expect(code).toBe(3);
    expect(reasonCodes(verdict)).toContain('INTENT_NOT_APPLICABLE');
  });
});

describe('S4 (12.5, 6.1): required mapping retrieval unavailable or prohibited → Indeterminate, exit 4, never absence', () => {
  it('artifact file missing', async () => {
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', join(dir, 'no-such-artifact.json'), '--trust', trustPath]);
    expect(code).toBe(4);
    expect(reasonCodes(verdict)).toContain('RESOURCE_UNAVAILABLE');
    expect(verdict.outcome).toBe('Indeterminate');
  });
  it('remote artifact while the profile prohibits remote retrieval', async () => {
    const run = await cli(['check', ...DOC_ARGS, '--artifact', 'https://example.org/align/cs-doc-v1', '--trust', trustPath]);
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/RESOURCE_UNAVAILABLE: .*prohibited by the profile's retrieval policy/);
  });
  it('artifact larger than the size budget: unavailable (too big), not invalid and not Incompatible', async () => {
    const doc = { ...(JSON.parse(readFileSync(signedPath, 'utf8')) as Record<string, unknown>), description: 'x'.repeat(300 * 1024) };
    const path = join(dir, 'artifact-huge.json');
    writeFileSync(path, JSON.stringify(doc));
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', path, '--trust', trustPath]);
    expect(code).toBe(4);
    expect(reasonCodes(verdict)).toContain('RESOURCE_UNAVAILABLE');
    // Judged from the file's size, before reading it (README "Files in and out").
    expect(JSON.stringify(verdict.reasons)).toMatch(/is \d+ bytes, over the limit of 256 KiB for this input.*\[E_INPUT_TOO_LARGE\]/);
  });
  it('profile file missing', async () => {
    const { code, verdict } = await checkJson(['--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-cs-translate.json'), '--profile', join(dir, 'gone.json'), '--ontology', ex('cs.ttl')]);
    expect(code).toBe(4);
    expect(reasonCodes(verdict)).toEqual(['RESOURCE_UNAVAILABLE']);
  });
});

describe('S5 (12.5, 5.3): the accepted profile revision changes → recomputed, never reused', () => {
  it('revision 2 of the profile (law only) gives a different digest and a different verdict', async () => {
    const first = await checkJson(S1_ARGS);
    const profile = JSON.parse(readFileSync(ex('profile-tech-translation.json'), 'utf8')) as { revision: string; termBindings: { permittedDomains: string[] } };
    profile.revision = '2';
    profile.termBindings.permittedDomains = ['https://example.org/onto/law#Law'];
    const path = join(dir, 'profile-r2.json');
    writeFileSync(path, JSON.stringify(profile));
    const args = [...S1_ARGS];
    args[args.indexOf('--profile') + 1] = path;
    const second = await checkJson(args);
    expect(first.verdict.outcome).toBe('Compatible');
    expect(second.verdict.outcome).toBe('Incompatible');
    expect(reasonCodes(second.verdict)).toEqual(['DOMAIN_RESTRICTION']);
    expect(second.verdict.inputs.profile?.revision).toBe('2');
    expect(second.verdict.inputs.profile?.digest).not.toBe(first.verdict.inputs.profile?.digest);
  });
});

describe('12.1: zh→en technical translation through the 12.4 artifact signed by a trusted issuer → Compatible', () => {
  it('verify accepts the signed artifact under the trust policy', async () => {
    const run = await cli(['artifact', 'verify', signedPath, '--trust', trustPath, ...NOW, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ verified: true, artifactId: 'https://example.org/align/cs-doc-v1', problems: [] });
  });
  it('check is Compatible through rule 0 of https://example.org/align/cs-doc-v1', async () => {
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', signedPath, '--trust', trustPath]);
    expect(code).toBe(0);
    expect(verdict.mapping).toEqual([expect.objectContaining({ kind: 'artifact', artifactId: 'https://example.org/align/cs-doc-v1', ruleIndex: 0, provider: 'https://example.net/onto/doc#TranslateText' })]);
  });
  it('the artifact as printed (unsigned, confidence 0.91) is not enough: Indeterminate, SIGNATURE_MISSING', async () => {
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', ex('artifact-12.4.json'), '--trust', trustPath]);
    expect(code).toBe(4);
    expect(verdict.reasons).toContainEqual(expect.objectContaining({ code: 'ARTIFACT_EXCLUDED', detail: 'SIGNATURE_MISSING' }));
  });
  it('signed, but the committed trust policy lists another key: UNTRUSTED_KEY', async () => {
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', signedPath, '--trust', ex('trust-policy.json')]);
    expect(code).toBe(4);
    expect(verdict.reasons).toContainEqual(expect.objectContaining({ code: 'ARTIFACT_EXCLUDED', detail: 'UNTRUSTED_KEY' }));
    const verify = await cli(['artifact', 'verify', signedPath, '--trust', ex('trust-policy.json'), ...NOW]);
    expect(verify.code).toBe(4);
    expect(verify.stdout).toMatch(/UNTRUSTED_KEY/);
  });
  it('after validUntil: EXPIRED', async () => {
    const args = [...DOC_ARGS, '--artifact', signedPath, '--trust', trustPath];
    args[args.indexOf('--now') + 1] = '2027-02-01T00:00:00Z';
    const { code, verdict } = await checkJson(args);
    expect(code).toBe(4);
    expect(verdict.reasons).toContainEqual(expect.objectContaining({ detail: 'EXPIRED' }));
  });
  it('a zh→fr task does not fit the zh→en rule: RULE_INAPPLICABLE', async () => {
    const envelope = JSON.parse(readFileSync(ex('envelope-12.1-zh-en.json'), 'utf8')) as { profileContext: { targetLang: string } };
    envelope.profileContext.targetLang = 'fr';
    const path = join(dir, 'envelope-zh-fr.json');
    writeFileSync(path, JSON.stringify(envelope));
    const args = [...DOC_ARGS, '--artifact', signedPath, '--trust', trustPath];
    args[args.indexOf('--request') + 1] = path;
    const { code, verdict } = await checkJson(args);
    expect(code).toBe(3); // the provider advertises targetLang en only: a completed conflict
    expect(reasonCodes(verdict)).toEqual(expect.arrayContaining(['CONSTRAINT_CONFLICT', 'RULE_INAPPLICABLE']));
  });
  it('the reviewed SSSOM file builds, signs and passes the same check (artifact build → sign → check)', async () => {
    const built = join(dir, 'built.json');
    const build = await cli(['artifact', 'build', '--from', ex('reviewed-cs-doc.sssom.tsv'), '--artifact-id', 'https://example.org/align/cs-doc-v1', '--revision', '2',
      '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2026-12-31T00:00:00Z', '--now', '2026-06-01T00:00:00Z', '--input-media-type', 'text/plain', '--output-media-type', 'text/plain',
      '--source-lang', 'zh', '--target-lang', 'en', '--domain', 'https://example.org/onto/cs#ComputerScience', '--out', built]);
    expect(build.code).toBe(0);
    expect(build.stderr).toMatch(/1 rule\(s\) from 3 row\(s\)/);
    const doc = JSON.parse(readFileSync(built, 'utf8')) as { mappingRules: Array<{ from: string; to: string }> };
    expect(doc.mappingRules).toEqual([expect.objectContaining({ from: 'https://example.org/onto/cs#TechTranslation', to: 'https://example.net/onto/doc#TranslateText' })]);
    const signed = join(dir, 'built.signed.json');
    expect((await cli(['artifact', 'sign', built, '--key', join(keyDir, 'private.pem'), '--out', signed])).code).toBe(0);
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', signed, '--trust', trustPath]);
    expect(code).toBe(0);
    expect(verdict.mapping[0]).toMatchObject({ revision: '2' });
  });
  it('conditions from a JSON file: an undefined condition ("unit") is carried into the artifact and makes check Indeterminate UNKNOWN_CONDITION', async () => {
    const conditions = join(dir, 'conditions.json');
    writeFileSync(conditions, JSON.stringify({ inputMediaType: 'text/plain', outputMediaType: 'text/plain', sourceLang: 'zh', targetLang: 'en', domain: 'https://example.org/onto/cs#ComputerScience', unit: 'words' }));
    const built = join(dir, 'built-unit.json');
    const build = await cli(['artifact', 'build', '--from', ex('reviewed-cs-doc.sssom.tsv'), '--artifact-id', 'https://example.org/align/cs-doc-v1', '--revision', '3',
      '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2026-12-31T00:00:00Z', '--now', '2026-06-01T00:00:00Z', '--conditions', conditions, '--out', built]);
    expect(build.code).toBe(0);
    const signed = join(dir, 'built-unit.signed.json');
    expect((await cli(['artifact', 'sign', built, '--key', join(keyDir, 'private.pem'), '--out', signed])).code).toBe(0);
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', signed, '--trust', trustPath]);
    expect(code).toBe(4);
    expect(reasonCodes(verdict)).toEqual(['UNKNOWN_CONDITION']);
  });
  it('a hostile artifact nested thousands deep is refused at its path by validate, verify, sign and check (E_LIMIT_DEPTH), never a stack overflow (6.1)', async () => {
    // Spliced as text: a value that deep is more than JSON.stringify's own recursion takes here.
    const text = readFileSync(ex('artifact-12.4.json'), 'utf8');
    expect(text.split('"conditions": {').length).toBe(2);
    const deep = join(dir, 'deep-artifact.json');
    writeFileSync(deep, text.replace('"conditions": {', `"conditions": {"x": ${'['.repeat(5000)}${']'.repeat(5000)},`));
    const validate = await cli(['validate', deep, '--kind', 'artifact']);
    expect([validate.code, validate.stdout]).toEqual([2, expect.stringContaining('error E_LIMIT_DEPTH at $.mappingRules[0].conditions.x[0]')]);
    for (const args of [['artifact', 'verify', deep, '--trust', trustPath], ['artifact', 'sign', deep, '--key', join(keyDir, 'private.pem'), '--out', join(dir, 'deep-signed.json')]]) {
      const run = await cli(args);
      expect([args[1], run.code, run.stderr]).toEqual([args[1], 2, expect.stringContaining('nesting deeper than 32 levels (E_LIMIT_DEPTH)')]);
    }
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', deep, '--trust', trustPath]);
    expect([code, verdict.outcome]).toEqual([4, 'Indeterminate']);
    expect(JSON.stringify(verdict.reasons)).toContain('E_LIMIT_DEPTH');
  });
  it('artifact build: a conditions file nested past the limit is E_LIMIT_EXCEEDED at its path; a flag contradicting the file is E_USAGE, never silently winning', async () => {
    const build = (more: string[]): Promise<{ code: number; stderr: string }> => cli(['artifact', 'build', '--from', ex('reviewed-cs-doc.sssom.tsv'), '--artifact-id', 'https://example.org/align/x', '--revision', '1',
      '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2026-12-31T00:00:00Z', '--now', '2026-06-01T00:00:00Z', ...more]);
    const deep = join(dir, 'deep-conditions.json');
    writeFileSync(deep, `{"sourceLang": ${'['.repeat(5000)}${']'.repeat(5000)}}`);
    const deepRun = await build(['--conditions', deep, '--out', join(dir, 'deep-built.json')]);
    expect([deepRun.code, deepRun.stderr.trim()]).toEqual([2, `ioa-align: ${deep}:1:${'{"sourceLang": '.length + 29}: the conditions file at $.sourceLang${'[0]'.repeat(28)}: nesting deeper than 29 levels (an artifact nests at most 32, 6.1) [E_LIMIT_EXCEEDED]`]);
    const zh = join(dir, 'zh.json');
    writeFileSync(zh, JSON.stringify({ sourceLang: 'zh' }));
    const clash = await build(['--conditions', zh, '--source-lang', 'en', '--out', join(dir, 'clash.json')]);
    expect([clash.code, clash.stderr]).toEqual([2, expect.stringContaining('--source-lang "en" contradicts sourceLang = "zh" in the conditions file')]);
    expect(clash.stderr).toContain('[E_USAGE]');
    const same = await build(['--conditions', zh, '--source-lang', 'zh', '--out', join(dir, 'same.json')]);
    expect(same.code).toBe(0);
    expect((JSON.parse(readFileSync(join(dir, 'same.json'), 'utf8')) as { mappingRules: Array<{ conditions: { sourceLang: string } }> }).mappingRules[0]!.conditions.sourceLang).toBe('zh');
  });
  it('artifact build: a condition name misspelling one the gate evaluates is refused at its place, naming it, before anything is written; another unknown name is built with a warning', async () => {
    const build = (more: string[]): Promise<{ code: number; stderr: string }> => cli(['artifact', 'build', '--from', ex('reviewed-cs-doc.sssom.tsv'), '--artifact-id', 'https://example.org/align/x', '--revision', '1',
      '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2026-12-31T00:00:00Z', '--now', '2026-06-01T00:00:00Z', ...more]);
    const typo = join(dir, 'typo-conditions.json');
    writeFileSync(typo, '{"targetLang": "en",\n "sourcelang": "zh"}\n');
    const out = join(dir, 'typo-built.json');
    const refused = await build(['--conditions', typo, '--out', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`^ioa-align: ${typo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:16 at \\$\\.sourcelang: condition "sourcelang" is not one the gate evaluates; did you mean "sourceLang"\\?`));
    expect(refused.stderr).toContain('[E_ARTIFACT_BUILD]');
    expect(existsSync(out)).toBe(false);
    const vendor = join(dir, 'vendor-conditions.json');
    writeFileSync(vendor, JSON.stringify({ sourceLang: 'zh', tier: 'gold' }));
    const warned = await build(['--conditions', vendor, '--out', join(dir, 'vendor-built.json')]);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain(`ioa-align: warning: ${vendor}:1:`);
    expect(warned.stderr).toContain('condition "tier" is not one the gate evaluates: a rule holding it answers Indeterminate UNKNOWN_CONDITION wherever it applies');
  });
  it('artifact build refuses a file with no reviewed rows (E_ARTIFACT_BUILD, exit 2)', async () => {
    const run = await cli(['artifact', 'build', '--from', ex('candidates-s2.sssom.tsv'), '--artifact-id', 'https://example.org/align/x', '--revision', '1',
      '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2026-12-31T00:00:00Z', '--now', '2026-06-01T00:00:00Z']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/E_ARTIFACT_BUILD/);
  });
});

describe('12.3: LLM bound to law:MasterOfLaws', () => {
  let replaced: string;
  beforeAll(() => {
    // Apply the 12.3 fragment (a single replacement, not an envelope) to the complete envelope.
    const envelope = JSON.parse(readFileSync(ex('envelope-12.1-zh-en.json'), 'utf8')) as { profileContext: { termBindings: Array<Record<string, unknown>> } };
    const fragment = JSON.parse(readFileSync(ex('binding-replacement-12.3.json'), 'utf8')) as Record<string, unknown>;
    envelope.profileContext.termBindings[0] = { ...envelope.profileContext.termBindings[0], ...fragment };
    replaced = join(dir, 'envelope-12.3.json');
    writeFileSync(replaced, JSON.stringify(envelope));
  });
  const args = (profile: string): string[] => ['--request', replaced, '--provider', ex('capability-cs-translate.json'), '--profile', ex(profile), '--ontology', ex('cs.ttl'), '--ontology', ex('law.ttl'), ...NOW];
  it('under the CS-only technical-translation profile: Incompatible DOMAIN_RESTRICTION, exit 3', async () => {
    const { code, verdict } = await checkJson(args('profile-tech-translation.json'));
    expect(code).toBe(3);
    expect(reasonCodes(verdict)).toEqual(['DOMAIN_RESTRICTION']);
  });
  it('under a profile that permits cross-domain terms: accepted, Compatible, exit 0', async () => {
    const { code, verdict } = await checkJson(args('profile-cross-domain.json'));
    expect(code).toBe(0);
    expect(verdict.outcome).toBe('Compatible');
  });
});

describe('invalid input is rejected before evaluation, exit 2 (7.1, 6.5)', () => {
  it('an envelope using "type" instead of "@type": {"outcome": "Invalid"}', async () => {
    const envelope = JSON.parse(readFileSync(ex('envelope-12.1-zh-en.json'), 'utf8')) as Record<string, unknown>;
    envelope.type = envelope['@type'];
    delete envelope['@type'];
    const path = join(dir, 'envelope-alias.json');
    writeFileSync(path, JSON.stringify(envelope));
    const args = [...S1_ARGS];
    args[args.indexOf('--request') + 1] = path;
    const { code, verdict } = await checkJson(args);
    expect(code).toBe(2);
    expect(verdict.outcome).toBe('Invalid');
    expect(verdict.errors?.length).toBeGreaterThan(0);
    expect(verdict.errors?.every((e) => e.file === path)).toBe(true);
  });
  const envelopeCases: Array<[string, (e: Record<string, unknown>) => void, string, string]> = [
    ['relative capability IRI (6.1)', (e) => { e.capabilityRefs = ['TechTranslation']; }, 'E_INVALID_RELATIVE_IRI', '$.capabilityRefs[0]'],
    ['protected-term redefinition (6.1)', (e) => { e['@context'] = [e['@context'], { ontologyId: 'https://evil.example/x' }]; }, 'E_INVALID_PROTECTED_REDEFINITION', '$["@context"][1].ontologyId'],
    ['undeclared decision-sensitive term (6.1)', (e) => { e.priority = 'high'; }, 'E_INVALID_UNDECLARED_TERM', '$.priority'],
    ['missing intentRef (6.2)', (e) => { delete e.intentRef; }, 'E_INVALID_MISSING_FIELD', '$.intentRef'],
    ['wrong type of ontologyVersion (5.4)', (e) => { e.ontologyVersion = 1; }, 'E_INVALID_VALUE_TYPE', '$.ontologyVersion'],
  ];
  it.each(envelopeCases)('request envelope with %s: Invalid, %s at %s, exit 2', async (_name, mutate, code, path) => {
    const envelope = JSON.parse(readFileSync(ex('envelope-12.1-zh-en.json'), 'utf8')) as Record<string, unknown>;
    mutate(envelope);
    const file = join(dir, `envelope-invalid-${code}.json`);
    writeFileSync(file, JSON.stringify(envelope));
    const args = [...S1_ARGS];
    args[args.indexOf('--request') + 1] = file;
    const { code: exit, verdict } = await checkJson(args);
    expect(exit).toBe(2);
    expect(verdict.outcome).toBe('Invalid');
    expect(verdict.errors).toContainEqual(expect.objectContaining({ code, path, file }));
  });
  it('a malformed artifact (relative IRI) is invalid input, not Indeterminate', async () => {
    const doc = JSON.parse(readFileSync(ex('artifact-12.4.json'), 'utf8')) as Record<string, unknown>;
    doc.targetOntologyId = 'onto/doc';
    const path = join(dir, 'artifact-relative.json');
    writeFileSync(path, JSON.stringify(doc));
    const { code, verdict } = await checkJson([...DOC_ARGS, '--artifact', path, '--trust', trustPath]);
    expect(code).toBe(2);
    expect(verdict.errors).toEqual([expect.objectContaining({ code: 'E_INVALID_RELATIVE_IRI', path: '$.targetOntologyId', file: path })]);
  });
  it('an unreadable request file with --json still prints one Invalid object (exit 2)', async () => {
    const args = [...S1_ARGS];
    args[args.indexOf('--request') + 1] = join(dir, 'missing-request.json');
    const { code, verdict } = await checkJson(args);
    expect(code).toBe(2);
    expect(verdict).toMatchObject({ outcome: 'Invalid', errors: [expect.objectContaining({ code: 'E_FILE_UNREADABLE' })] });
  });
  it('a bad --now is a usage error', async () => {
    const args = [...S1_ARGS];
    args[args.indexOf('--now') + 1] = 'tomorrow';
    const run = await cli(['check', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/E_USAGE/);
  });
});
