/**
 * `check --allow-remote [--policy FILE]` end to end (draft 6.1, S4 of 12.5): remote artifacts and
 * remote JSON-LD contexts are fetched only under a retrieval policy, from a real server on
 * 127.0.0.1; every refusal or failure is Indeterminate RESOURCE_UNAVAILABLE (exit 4) with its
 * cause, never invalid input, never Incompatible.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { jsonld, startServer, type TestServer } from './server.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
const ex = (f: string): string => join(EX, f);
const NOW = ['--now', '2026-06-01T00:00:00Z'];
const readJson = (p: string): Record<string, unknown> => JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;

let server: TestServer;
let dir: string;
let trust: string;
let profileRemote: string; // profile whose retrieval member trusts the server
let profileForbids: string; // the corpus profile: "retrieval": {"allowRemote": false}
let policyOther: string; // a --policy file trusting another origin only
let remoteContextRequest: string;
let alignmentRefRequest: string;
let refSigned: unknown;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ioa-check-remote-'));
  const keys = await runCli(['keys', 'generate', '--out', join(dir, 'keys'), '--json']);
  const { keyId } = JSON.parse(keys.stdout) as { keyId: string };
  const policy = readJson(ex('trust-policy.json')) as { trustedIssuers: Array<{ keyId: string; publicKey: string }> };
  policy.trustedIssuers[0]!.keyId = keyId;
  policy.trustedIssuers[0]!.publicKey = readFileSync(join(dir, 'keys', 'public.pem'), 'utf8');
  trust = join(dir, 'trust.json');
  writeFileSync(trust, JSON.stringify(policy));
  const signedPath = join(dir, 'signed.json');
  expect((await runCli(['artifact', 'sign', ex('artifact-12.4.json'), '--key', join(dir, 'keys', 'private.pem'), '--out', signedPath])).code).toBe(0);
  const signed = readJson(signedPath);
  const contextDoc = readJson(ex('context-6.1.json'));

  server = await startServer({
    '/artifact.json': jsonld(signed, 'application/json'),
    '/artifact-as-html': jsonld(signed, 'text/html'),
    '/slow-artifact.json': async (q, r, s) => {
      // Far beyond the policy's timeout, so that a loaded machine never sees it answer in time.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      if (!r.destroyed) jsonld(signed, 'application/json')(q, r, s);
    },
    '/context.jsonld': jsonld(contextDoc),
    // The baseline context with one term whose own (scoped) context is a remote one that is missing.
    '/scoped-missing.jsonld': (q, r, x) => jsonld({ '@context': { ...(contextDoc['@context'] as object), t: { '@id': 'http://e.example/t', '@context': `${server.origin}/missing.jsonld` } } })(q, r, x),
    // A context that only imports (JSON-LD 1.1 @import) another: one more level of reference.
    '/imports.jsonld': (q, r, x) => jsonld({ '@context': { '@import': `${server.origin}/context.jsonld` } })(q, r, x),
    '/null.jsonld': jsonld(null),
    '/align/cs-doc-v1': (q, r, s) => jsonld(refSigned, 'application/json')(q, r, s),
    '/profiles/tech-translation.json': jsonld((() => { const p = readJson(ex('profile-tech-translation.json')); delete p.retrieval; return p; })(), 'application/json'),
    // Profiles naming SHACL shapes (5.4): beside them on the server, at a local path, as a file: URL.
    '/profiles/with-shapes.json': jsonld(remoteProfile('image-inputs.ttl'), 'application/json'),
    '/profiles/image-inputs.ttl': (_q, r) => r.writeHead(200, { 'content-type': 'text/turtle' }).end(IMAGE_INPUTS_SHAPES),
    '/profiles/missing-shapes.json': jsonld(remoteProfile('nowhere.ttl'), 'application/json'),
    '/profiles/local-shapes.json': (q, r, x) => jsonld(remoteProfile(secretPath), 'application/json')(q, r, x),
    '/profiles/file-shapes.json': (q, r, x) => jsonld(remoteProfile(`file://${secretPath}`), 'application/json')(q, r, x),
  });

  // An artifact published at its own IRI, and a request that references it by alignmentRef.
  const published = readJson(ex('artifact-12.4.json'));
  published.artifactId = `${server.origin}/align/cs-doc-v1`;
  writeFileSync(join(dir, 'published.json'), JSON.stringify(published));
  expect((await runCli(['artifact', 'sign', join(dir, 'published.json'), '--key', join(dir, 'keys', 'private.pem'), '--out', join(dir, 'published.signed.json')])).code).toBe(0);
  refSigned = readJson(join(dir, 'published.signed.json'));
  const withRef = readJson(ex('envelope-12.1-zh-en.json'));
  (withRef['@context'] as Record<string, unknown>).alignmentRef = { '@id': 'ioa:alignmentRef', '@type': '@id' };
  withRef.alignmentRef = `${server.origin}/align/cs-doc-v1`;
  alignmentRefRequest = join(dir, 'request-alignment-ref.json');
  writeFileSync(alignmentRefRequest, JSON.stringify(withRef));

  profileForbids = ex('profile-tech-translation.json');
  const profile = readJson(profileForbids);
  profile.retrieval = { allowRemote: true, trustedOrigins: [server.origin], timeoutMs: 1_500, totalBudgetMs: 6_000 };
  profileRemote = join(dir, 'profile-remote.json');
  writeFileSync(profileRemote, JSON.stringify(profile));
  policyOther = join(dir, 'policy-other.json');
  writeFileSync(policyOther, JSON.stringify({ trustedOrigins: ['https://contexts.example.org'] }));

  const request = readJson(ex('envelope-12.1-zh-en.json'));
  request['@context'] = [`${server.origin}/context.jsonld`, { cs: 'https://example.org/onto/cs#' }];
  remoteContextRequest = join(dir, 'request-remote-context.json');
  writeFileSync(remoteContextRequest, JSON.stringify(request));
});
afterAll(() => server.close());

/** Shapes only an image-taking capability satisfies: applied, they make the doc provider invalid. */
const IMAGE_INPUTS_SHAPES = `@prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ioa: <https://example.org/ioa/semantic#> .
<urn:s:cap> a sh:NodeShape ; sh:targetClass ioa:Capability ;
  sh:property [ sh:path ioa:inputs ; sh:pattern "^image/" ; sh:message "inputs must be images" ] .`;
/** A local file no remote document may make the check read (its text must never be printed). */
const SECRET = 'AKIA-LOCAL-SECRET-0123';
const secretPath = join(mkdtempSync(join(tmpdir(), 'ioa-secret-')), 'secret.ttl');
writeFileSync(secretPath, `${SECRET} is not Turtle\n`);
function remoteProfile(shapes: string): Record<string, unknown> {
  const p = readJson(ex('profile-tech-translation.json'));
  delete p.retrieval;
  return { ...p, shapes };
}

const docArgs = (profile: string): string[] => ['--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-doc-translate.json'), '--profile', profile, '--ontology', ex('cs.ttl'), '--trust', trust, ...NOW];
async function check(args: string[]): Promise<{ code: number; verdict: { outcome: string; reasons: Array<{ code: string; message: string; cause?: string }>; mapping?: Array<{ kind: string }> } }> {
  const run = await runCli(['check', ...args, '--json']);
  return { code: run.code, verdict: JSON.parse(run.stdout) };
}

describe('check with remote artifacts (6.1, S4)', () => {
  it('without --allow-remote a remote artifact is not fetched: Indeterminate RESOURCE_UNAVAILABLE, exit 4', async () => {
    const before = server.connections;
    const { code, verdict } = await check([...docArgs(profileRemote), '--artifact', `${server.origin}/artifact.json`]);
    expect(code).toBe(4);
    expect(verdict.reasons.map((r) => r.code)).toContain('RESOURCE_UNAVAILABLE');
    expect(server.connections).toBe(before);
  });

  it('with --allow-remote under the profile\'s policy the signed artifact is fetched and decides: Compatible, exit 0', async () => {
    const { code, verdict } = await check([...docArgs(profileRemote), '--artifact', `${server.origin}/artifact.json`, '--allow-remote']);
    expect(verdict.outcome).toBe('Compatible');
    expect(code).toBe(0);
    expect(verdict.mapping).toEqual([expect.objectContaining({ kind: 'artifact' })]);
    // the accepted revision of what was retrieved is recorded in the result
    const run = await runCli(['check', ...docArgs(profileRemote), '--artifact', `${server.origin}/artifact.json`, '--allow-remote', '--json']);
    const revisions = (JSON.parse(run.stdout) as { retrieval: { revisions: Array<{ url: string; digest: string; pinned: boolean }> } }).retrieval.revisions;
    expect(revisions).toEqual([expect.objectContaining({ url: `${server.origin}/artifact.json`, digest: expect.stringMatching(/^sha256-[A-Za-z0-9+/]{43}=$/), pinned: false })]);
  });

  it.each([
    ['a server slower than the timeout', '/slow-artifact.json', 'timeout'],
    ['a media type the policy does not accept', '/artifact-as-html', 'media-type'],
    ['a missing resource', '/nope.json', 'http-status'],
  ])('%s: Indeterminate with the cause, never Incompatible', async (_name, path, cause) => {
    const { code, verdict } = await check([...docArgs(profileRemote), '--artifact', `${server.origin}${path}`, '--allow-remote']);
    expect(code).toBe(4);
    expect(verdict.outcome).toBe('Indeterminate');
    const reason = verdict.reasons.find((r) => r.code === 'RESOURCE_UNAVAILABLE');
    expect(reason?.message).toContain(`(${cause})`);
  });

  it('--policy trusting another origin: refused without a connection', async () => {
    const before = server.connections;
    const { code, verdict } = await check([...docArgs(profileRemote), '--artifact', `${server.origin}/artifact.json`, '--allow-remote', '--policy', policyOther]);
    expect(code).toBe(4);
    expect(verdict.reasons.find((r) => r.code === 'RESOURCE_UNAVAILABLE')?.message).toContain('(untrusted-origin)');
    expect(server.connections).toBe(before);
  });

  it('a profile that says "allowRemote": false wins over --allow-remote', async () => {
    const before = server.connections;
    const policyHere = join(dir, 'policy-here.json');
    writeFileSync(policyHere, JSON.stringify({ trustedOrigins: [server.origin] }));
    const { code } = await check([...docArgs(profileForbids), '--artifact', `${server.origin}/artifact.json`, '--allow-remote', '--policy', policyHere]);
    expect(code).toBe(4);
    expect(server.connections).toBe(before);
  });
});

describe('check with a remote profile (6.1, S4)', () => {
  const args = (): string[] => ['--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-cs-translate.json'), '--profile', `${server.origin}/profiles/tech-translation.json`, '--ontology', ex('cs.ttl'), ...NOW];

  it('without --allow-remote the profile is not fetched: Indeterminate RESOURCE_UNAVAILABLE', async () => {
    const before = server.connections;
    const { code, verdict } = await check(args());
    expect(code).toBe(4);
    expect(verdict.reasons.map((r) => r.code)).toEqual(['RESOURCE_UNAVAILABLE']);
    expect(server.connections).toBe(before);
  });

  it('with --allow-remote and a policy trusting the server, the profile is fetched and the check completes: Compatible', async () => {
    const policy = join(dir, 'policy-profile.json');
    writeFileSync(policy, JSON.stringify({ trustedOrigins: [server.origin] }));
    const { code, verdict } = await check([...args(), '--allow-remote', '--policy', policy]);
    expect(verdict.outcome).toBe('Compatible');
    expect(code).toBe(0);
  });
});

describe('a remote profile\'s SHACL shapes are resolved against its URL and fetched under the policy (5.4, 6.1)', () => {
  const run = async (profile: string): Promise<{ code: number; stdout: string; stderr: string }> => {
    const policy = join(dir, 'policy-shapes.json');
    writeFileSync(policy, JSON.stringify({ trustedOrigins: [server.origin] }));
    return runCli(['check', '--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-cs-translate.json'), '--profile', `${server.origin}/profiles/${profile}`, '--ontology', ex('cs.ttl'), ...NOW, '--allow-remote', '--policy', policy, '--json']);
  };

  it('relative shapes are fetched beside the profile and applied: the provider fails them (E_INVALID_SHAPE, exit 2)', async () => {
    const r = await run('with-shapes.json');
    expect(server.requests.map((q) => q.path)).toContain('/profiles/image-inputs.ttl');
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toContain('inputs must be images');
    expect(r.stdout + r.stderr).toContain('E_INVALID_SHAPE');
  });
  it('shapes the server does not have: Indeterminate RESOURCE_UNAVAILABLE, exit 4, naming the URL', async () => {
    const r = await run('missing-shapes.json');
    const verdict = JSON.parse(r.stdout) as { outcome: string; reasons: Array<{ code: string; message: string }> };
    expect([r.code, verdict.outcome, verdict.reasons.map((x) => x.code)]).toEqual([4, 'Indeterminate', ['RESOURCE_UNAVAILABLE']]);
    expect(verdict.reasons[0]!.message).toContain(`${server.origin}/profiles/nowhere.ttl`);
  });
  it('a local path is never read: it names a resource of the profile\'s server, which is unavailable (exit 4); the file\'s text is never printed', async () => {
    const r = await run('local-shapes.json');
    expect(r.code).toBe(4);
    expect(server.requests.map((q) => q.path)).toContain(secretPath);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect((JSON.parse(r.stdout) as { reasons: Array<{ code: string }> }).reasons.map((x) => x.code)).toEqual(['RESOURCE_UNAVAILABLE']);
  });
  it('a file: URL is refused by the retrieval policy (exit 4), the file never read', async () => {
    const r = await run('file-shapes.json');
    expect(r.code).toBe(4);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    const reasons = (JSON.parse(r.stdout) as { reasons: Array<{ code: string; message: string }> }).reasons;
    expect(reasons.map((x) => x.code)).toEqual(['RESOURCE_UNAVAILABLE']);
    expect(reasons[0]!.message).toContain(`file://${secretPath}`);
    expect(reasons[0]!.message).toContain('SHACL shapes cannot be retrieved');
  });
});

describe('check resolves the request\'s alignmentRef under the policy (6.1)', () => {
  const args = (profile: string): string[] => ['--request', alignmentRefRequest, '--provider', ex('capability-doc-translate.json'), '--profile', profile, '--ontology', ex('cs.ttl'), '--trust', trust, ...NOW];

  it('without --allow-remote the referenced artifact is not fetched: Indeterminate RESOURCE_UNAVAILABLE', async () => {
    const before = server.connections;
    const { code, verdict } = await check(args(profileRemote));
    expect(code).toBe(4);
    expect(verdict.outcome).toBe('Indeterminate');
    expect(verdict.reasons.find((r) => r.code === 'RESOURCE_UNAVAILABLE')?.message).toContain('/align/cs-doc-v1');
    expect(server.connections).toBe(before);
  });

  it('with --allow-remote the artifact at the alignmentRef IRI is fetched, validated, accepted: Compatible', async () => {
    const { code, verdict } = await check([...args(profileRemote), '--allow-remote']);
    expect(verdict.outcome).toBe('Compatible');
    expect(code).toBe(0);
  });

  it('a policy that does not trust its origin leaves it unavailable, with the cause', async () => {
    const { code, verdict } = await check([...args(profileRemote), '--allow-remote', '--policy', policyOther]);
    expect(code).toBe(4);
    expect(verdict.reasons.some((r) => r.code === 'RESOURCE_UNAVAILABLE' && r.message.includes('(untrusted-origin)'))).toBe(true);
  });
});

describe('check with a remote JSON-LD context in the request (6.1, S4)', () => {
  const s1 = (profile: string): string[] => ['--request', remoteContextRequest, '--provider', ex('capability-cs-translate.json'), '--profile', profile, '--ontology', ex('cs.ttl'), ...NOW];

  it('refused (remote retrieval off): Indeterminate RESOURCE_UNAVAILABLE remote-disabled, exit 4, not invalid input', async () => {
    const before = server.connections;
    const { code, verdict } = await check(s1(profileRemote));
    expect(code).toBe(4);
    expect(verdict.outcome).toBe('Indeterminate');
    expect(verdict.reasons).toEqual([expect.objectContaining({ code: 'RESOURCE_UNAVAILABLE', cause: 'remote-disabled' })]);
    expect(server.connections).toBe(before);
  });

  it('fetched under the policy: the same Compatible verdict as the inline context gives', async () => {
    const { code, verdict } = await check([...s1(profileRemote), '--allow-remote']);
    expect(verdict.outcome).toBe('Compatible');
    expect(code).toBe(0);
  });

  it('a term\'s scoped context that cannot be fetched is unavailable (Indeterminate, its cause named), not invalid input', async () => {
    const request = readJson(remoteContextRequest);
    request['@context'] = [`${server.origin}/scoped-missing.jsonld`, { cs: 'https://example.org/onto/cs#' }];
    const file = join(dir, 'request-scoped-missing.json');
    writeFileSync(file, JSON.stringify(request));
    const { code, verdict } = await check(['--request', file, '--provider', ex('capability-cs-translate.json'), '--profile', profileRemote, '--ontology', ex('cs.ttl'), ...NOW, '--allow-remote']);
    expect([code, verdict.outcome]).toEqual([4, 'Indeterminate']);
    expect(verdict.reasons).toEqual([expect.objectContaining({ code: 'RESOURCE_UNAVAILABLE', cause: 'http-status' })]);
  });

  it('@import counts toward maxDepth like @context; a context that is JSON null is malformed content, not retrieval switched off', async () => {
    const profile = readJson(profileRemote);
    profile.retrieval = { ...(profile.retrieval as object), maxDepth: 1 };
    const shallow = join(dir, 'profile-depth-1.json');
    writeFileSync(shallow, JSON.stringify(profile));
    const request = readJson(remoteContextRequest);
    const run = async (url: string, profileFile: string) => {
      request['@context'] = [url, { cs: 'https://example.org/onto/cs#' }];
      const file = join(dir, `request-${url.split('/').pop()}`);
      writeFileSync(file, JSON.stringify(request));
      return check(['--request', file, '--provider', ex('capability-cs-translate.json'), '--profile', profileFile, '--ontology', ex('cs.ttl'), ...NOW, '--allow-remote']);
    };
    const imported = await run(`${server.origin}/imports.jsonld`, shallow);
    expect([imported.code, imported.verdict.reasons]).toEqual([4, [expect.objectContaining({ code: 'RESOURCE_UNAVAILABLE', cause: 'depth-exceeded' })]]);
    const nothing = await run(`${server.origin}/null.jsonld`, profileRemote);
    expect([nothing.code, nothing.verdict.reasons]).toEqual([4, [expect.objectContaining({ code: 'RESOURCE_UNAVAILABLE', cause: 'malformed-content' })]]);
  });

  it('fetched under a policy that does not trust the server: RESOURCE_UNAVAILABLE untrusted-origin', async () => {
    const { code, verdict } = await check([...s1(profileRemote), '--allow-remote', '--policy', policyOther]);
    expect(code).toBe(4);
    expect(verdict.reasons).toEqual([expect.objectContaining({ code: 'RESOURCE_UNAVAILABLE', cause: 'untrusted-origin' })]);
  });
});

describe('validate --allow-remote', () => {
  it('without it a remote context is refused (E_CONTEXT_UNAVAILABLE) and nothing is fetched', async () => {
    const before = server.connections;
    const run = await runCli(['validate', remoteContextRequest, '--json']);
    // Not retrieved is not invalid: the document was not validated (exit 4, S4).
    expect(run.code).toBe(4);
    expect((JSON.parse(run.stdout) as { findings: Array<{ code: string }> }).findings.map((f) => f.code)).toEqual(['E_CONTEXT_UNAVAILABLE']);
    expect(server.connections).toBe(before);
  });

  it('with it and a policy trusting the server, the context is fetched and its revision recorded', async () => {
    const policy = join(dir, 'policy-server.json');
    writeFileSync(policy, JSON.stringify({ trustedOrigins: [server.origin] }));
    const run = await runCli(['validate', remoteContextRequest, '--json', '--allow-remote', '--policy', policy]);
    const report = JSON.parse(run.stdout) as { valid: boolean; retrieval: { revisions: Array<{ url: string; digest: string }>; unavailable: unknown[] } };
    expect(report.valid).toBe(true);
    expect(run.code).toBe(0);
    expect(report.retrieval.revisions).toEqual([expect.objectContaining({ url: `${server.origin}/context.jsonld`, digest: expect.stringMatching(/^sha256-/) })]);
    expect(report.retrieval.unavailable).toEqual([]);
  });

  it('with a policy that does not trust the server, the refusal names its cause', async () => {
    const run = await runCli(['validate', remoteContextRequest, '--json', '--allow-remote', '--policy', policyOther]);
    expect(run.code).toBe(4);
    const report = JSON.parse(run.stdout) as { retrieval: { unavailable: Array<{ code: string; cause: string }> } };
    expect(report.retrieval.unavailable[0]).toMatchObject({ code: 'RESOURCE_UNAVAILABLE', cause: 'untrusted-origin' });
  });
});
