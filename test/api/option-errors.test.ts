/**
 * A library caller never typed a command-line flag: an error about one of its options names that
 * option as the library spells it (`$.reviewer` as the path, `options.reviewer` in the text), and
 * the same mistake made on the command line still names the flag.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOntology, propose, readMappings, select } from '../../src/api/index.js';
import { addTrustedKey, buildArtifact, generateEd25519KeyPair, newTrustPolicy, parseScope } from '../../src/gate/index.js';
import { signArtifact } from '../../src/gate/artifact-tools.js';
import { diffVersions } from '../../src/api/versions.js';
import { openReview, serveReview } from '../../src/api/review.js';
import { nextRevision, upgradeArtifact } from '../../src/versions/upgrade.js';
import type { ValidatedArtifact } from '../../src/gate/artifact.js';
import type { MappingSet } from '../../src/model/mapping.js';
import type { IoaError } from '../../src/model/errors.js';
import { rejectedIoaError, thrownIoaError } from '../helpers/errors.js';
import { runCli } from '../helpers/cli.js';
import { fixture } from '../review/fixture.js';

/** Code, path and whether the message names a flag (`--x`). */
const seen = (error: IoaError): [string, string | undefined, boolean] => [error.code, error.location.path, /(^|[^-\w])--[a-z]/.test(error.message)];

const EX = join(new URL('../../', import.meta.url).pathname, 'corpora', 'ioa-example');
const CORE = 'https://example.org/core';
const DOC = 'https://example.org/doc';
const BUILD = { artifactId: 'https://example.org/a', revision: '1', direction: 'source-to-target' as const, assertedBy: 'https://example.org/i', validUntil: '2030-01-01T00:00:00Z', conditions: {} };
const ROWS: MappingSet['mappings'] = [{ subjectId: 'https://a.example/x', predicateId: 'skos:exactMatch', objectId: 'https://b.example/y', justification: 'semapv:ManualMappingCuration' }];

describe('library errors name the library option, not a CLI flag', () => {
  it('trust policies: parseScope and addTrustedKey', () => {
    expect(seen(thrownIoaError(() => parseScope('not-an-iri')))).toEqual(['E_USAGE', '$', false]);
    expect(seen(thrownIoaError(() => parseScope('https://a.org/x https://b.org/y https://c.org/z')))).toEqual(['E_USAGE', '$', false]);
    const ambiguous = thrownIoaError(() => parseScope('https://a.org/x:https://b.org/y:https://c.org/z'));
    expect(seen(ambiguous)).toEqual(['E_USAGE', '$', false]);
    expect(ambiguous.message).toContain('separate the two IRIs with a space instead: "SOURCE TARGET"');
    const key = generateEd25519KeyPair();
    const base = { issuer: 'https://example.org/i', publicKeyPem: key.publicKeyPem };
    expect(seen(thrownIoaError(() => addTrustedKey(newTrustPolicy(), { ...base, scopes: [] })))).toEqual(['E_USAGE', '$.scopes', false]);
    const sideways = [{ sourceOntologyId: CORE, targetOntologyId: DOC, direction: 'sideways' as 'both' }];
    expect(seen(thrownIoaError(() => addTrustedKey(newTrustPolicy(), { ...base, scopes: sideways })))).toEqual(['E_USAGE', '$.scopes[0].direction', false]);
  });

  it('artifact build: a missing ontology id names options.sourceOntologyId; an expired validity names validUntil', () => {
    const bare: MappingSet = { metadata: { curieMap: {} }, mappings: ROWS };
    const missing = thrownIoaError(() => buildArtifact(bare, BUILD));
    expect(seen(missing)).toEqual(['E_ARTIFACT_BUILD', '$.sourceOntologyId', false]);
    expect(missing.message).toContain('options.sourceOntologyId');
    const set: MappingSet = { metadata: { curieMap: {}, subjectSource: 'https://a.example', subjectSourceVersion: '1', objectSource: 'https://b.example', objectSourceVersion: '2' }, mappings: ROWS };
    const expired = thrownIoaError(() => buildArtifact(set, { ...BUILD, now: Date.parse('2031-01-01T00:00:00Z') }));
    expect(seen(expired)).toEqual(['E_ARTIFACT_BUILD', '$.validUntil', false]);
    expect(expired.message).toContain('give a later options.validUntil');
  });

  it('artifact upgrade: a revision that cannot be counted, an unknown side', async () => {
    const revision = thrownIoaError(() => nextRevision('2026-a'));
    expect(seen(revision)).toEqual(['E_USAGE', '$.revision', false]);
    expect(revision.message).toContain('options.revision');
    const index = await loadOntology((await fixture()).source);
    expect(seen(await rejectedIoaError(upgradeArtifact({} as ValidatedArtifact, { side: 'up' as 'source', old: index, new: index })))).toEqual(['E_USAGE', '$.side', false]);
  });

  it('selection and the description generator', async () => {
    expect(seen(thrownIoaError(() => select([], { mode: 'greedy' as 'mutual' })))).toEqual(['E_USAGE', '$.mode', false]);
    expect(seen(thrownIoaError(() => select([], { minScore: Number.NaN })))).toEqual(['E_USAGE', '$.minScore', false]);
    const files = await fixture();
    const encoder = await rejectedIoaError(propose(files.source, files.target, { generators: ['description'], generatorConfig: { description: { encoder: 'bogus' } } }));
    expect(seen(encoder)).toEqual(['E_USAGE', '$.generatorConfig.description.encoder', false]);
  });

  it('review: a reviewer that is no CURIE or IRI, an adjudicator without a reviewer, a port in use', async () => {
    const files = await fixture();
    const paths = { candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'r.tsv') };
    const reviewer = await rejectedIoaError(openReview(paths, { reviewer: 'Ada Lovelace' }));
    expect(seen(reviewer)).toEqual(['E_USAGE', '$.reviewer', false]);
    expect(reviewer.message).toContain('options.reviewer');
    expect(seen(await rejectedIoaError(openReview(paths, { adjudicator: true })))).toEqual(['E_USAGE', '$.adjudicator', false]);
    // Refused before any file is read (a large review reads for many seconds first): here the
    // candidate file does not exist, and the reviewer's shape is what is reported.
    const missing = { ...paths, candidates: join(files.dir, 'no-such.sssom.tsv') };
    expect(seen(await rejectedIoaError(openReview(missing, { reviewer: 'Ada Lovelace' })))).toEqual(['E_USAGE', '$.reviewer', false]);
    expect(seen(await rejectedIoaError(openReview(missing, { adjudicator: true })))).toEqual(['E_USAGE', '$.adjudicator', false]);
    // A CURIE-shaped id whose prefix the candidate file does not declare is refused once it is read.
    expect(seen(await rejectedIoaError(openReview(paths, { reviewer: 'nosuchprefix:ada' })))).toEqual(['E_USAGE', '$.reviewer', false]);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (blocker.address() as { port: number }).port;
      const taken = await rejectedIoaError(serveReview(await openReview(paths), { port }));
      expect(seen(taken)).toEqual(['E_REVIEW_PORT_IN_USE', '$.port', false]);
      expect(taken.message).toContain('give another options.port (or 0 for any free one)');
    } finally {
      blocker.close();
    }
  });
});

describe('library errors and warnings say `force` where the library takes it', () => {
  it('diffVersions of two ontologies that are not releases of one: options.force', async () => {
    const files = await fixture();
    const series = await rejectedIoaError(diffVersions(files.source, files.target));
    expect(seen(series)).toEqual(['E_VERSION_SERIES', undefined, false]);
    expect(series.message).toContain('pass options.force to compare them anyway');
  });

  it('signArtifact over a signature that does not verify: options.force; forced, the warning says so too', async () => {
    const artifact = JSON.parse(readFileSync(join(EX, 'artifact-12.4.json'), 'utf8')) as Record<string, unknown>;
    delete artifact['signature'];
    const key = generateEd25519KeyPair();
    const signed = await signArtifact(artifact, key.privateKeyPem);
    const tampered = { ...signed, description: 'changed after signing' };
    const refused = await rejectedIoaError(signArtifact(tampered, key.privateKeyPem));
    expect(seen(refused)).toEqual(['E_SIGNATURE_INVALID', '$.signature', false]);
    expect(refused.message).toContain('give options.force to replace the signature');
    const other = await rejectedIoaError(signArtifact(signed, generateEd25519KeyPair().privateKeyPem));
    expect(seen(other)).toEqual(['E_USAGE', '$.signature', false]);
    const warnings: string[] = [];
    await signArtifact(tampered, key.privateKeyPem, undefined, { force: true, onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([expect.stringMatching(/^replaced the signature by key .*, which does not verify over this content \(options\.force\)$/)]);
  });
});

describe('strict reading says options.strict, and convert says --strict', () => {
  it('an undeclared well-known prefix refused under strict names the option it is refused under', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-option-errors-'));
    const file = join(dir, 'orcid.sssom.tsv');
    writeFileSync(file, ['#curie_map:', '#  a: https://a.example/', '#  b: https://b.example/', '#license: https://creativecommons.org/publicdomain/zero/1.0/', '#mapping_set_id: https://example.org/set',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification\tauthor_id', 'a:x\tskos:exactMatch\tb:y\tsemapv:ManualMappingCuration\torcid:0000-0002-1825-0097', ''].join('\n'));
    const strict = await rejectedIoaError(readMappings(file, { strict: true }));
    expect(strict.message).toContain('accepted only without options.strict');
    expect(/(^|[^-\w])--[a-z]/.test(strict.message)).toBe(false);
    const cli = await runCli(['convert', file, '--to', 'json', '--strict']);
    expect([cli.code, cli.stderr]).toEqual([2, expect.stringContaining('accepted only without --strict)')]);
  });
});

describe('the same mistakes on the command line name the flag', () => {
  it('trust add-key --scope, review --reviewer / --adjudicator, artifact build --source-id', async () => {
    const files = await fixture();
    const key = join(files.dir, 'public.pem');
    writeFileSync(key, generateEd25519KeyPair().publicKeyPem);
    const trust = join(files.dir, 'trust.json');
    expect((await runCli(['trust', 'init', '--out', trust])).code).toBe(0);
    const scope = await runCli(['trust', 'add-key', '--trust', trust, '--issuer', 'https://example.org/i', '--key', key, '--scope', 'https://a.org/x:https://b.org/y:https://c.org/z']);
    expect([scope.code, scope.stderr.split('\n')[0]]).toEqual([2, expect.stringMatching(/^ioa-align: --scope "https:\/\/a\.org\/x:https:\/\/b\.org\/y:https:\/\/c\.org\/z" can be read 2 ways .*: --scope "SOURCE TARGET" \[E_USAGE\]$/)]);

    const review = ['review', files.candidates, '--source', files.source, '--target', files.target, '--out', join(files.dir, 'r.tsv')];
    const reviewer = await runCli([...review, '--reviewer', 'Ada Lovelace']);
    expect([reviewer.code, reviewer.stderr.split('\n').find((l) => l.includes('[E_USAGE]'))]).toEqual([2, expect.stringMatching(/^ioa-align: --reviewer must be a CURIE .* not "Ada Lovelace" \[E_USAGE\]$/)]);
    const adjudicator = await runCli([...review, '--adjudicator']);
    expect([adjudicator.code, adjudicator.stderr.split('\n').find((l) => l.includes('[E_USAGE]'))]).toEqual([2, 'ioa-align: an adjudicator must be named: give --reviewer with --adjudicator [E_USAGE]']);

    const dir = mkdtempSync(join(tmpdir(), 'ioa-option-errors-'));
    const reviewed = join(dir, 'reviewed.sssom.tsv');
    writeFileSync(reviewed, ['#curie_map:', '#  a: https://a.example/', '#  b: https://b.example/', '#license: https://creativecommons.org/publicdomain/zero/1.0/', '#mapping_set_id: https://example.org/set', 'subject_id\tpredicate_id\tobject_id\tmapping_justification', 'a:x\tskos:exactMatch\tb:y\tsemapv:ManualMappingCuration', ''].join('\n'));
    const build = await runCli(['artifact', 'build', '--from', reviewed, '--artifact-id', BUILD.artifactId, '--revision', '1', '--asserted-by', BUILD.assertedBy, '--valid-until', BUILD.validUntil]);
    expect([build.code, build.stderr.split('\n').find((l) => l.includes('[E_ARTIFACT_BUILD]'))]).toEqual([2, 'ioa-align: the source ontology id is required: pass --source-id or set it in the SSSOM metadata [E_ARTIFACT_BUILD]']);
  });
});
