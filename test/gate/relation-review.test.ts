/**
 * The reviewer's relation survives from proposal to decision: `propose` writes a candidate with
 * the relation its evidence supports, a reviewer turns it into a broadMatch (or narrowMatch),
 * `artifact build` keeps that relation in a directional rule, and `check` uses it — a broader
 * target serves the request (the draft's technical-document translation served by a
 * translation capability), a narrower one does not (RULE_INAPPLICABLE).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../helpers/cli.js';
import { readMappingFile, writeMappingFile } from '../../src/exchange/index.js';
import type { MappingSet } from '../../src/model/mapping.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
const ex = (f: string): string => join(EX, f);
const CS = 'https://example.org/onto/cs#';
const DOC = 'https://example.net/onto/doc#';


let dir: string;
let proposed: MappingSet;
let trustPath: string;
let keyDir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ioa-relations-'));
  const out = join(dir, 'proposed.sssom.tsv');
  expect((await cli(['propose', ex('cs.ttl'), ex('doc.ttl'), '--out', out, '--evidence', 'rows'])).code).toBe(0);
  proposed = await readMappingFile(out);
  keyDir = join(dir, 'keys');
  const keys = await cli(['keys', 'generate', '--out', keyDir, '--json']);
  const { keyId } = JSON.parse(keys.stdout) as { keyId: string };
  const policy = JSON.parse(readFileSync(ex('trust-policy.json'), 'utf8')) as { trustedIssuers: Array<{ keyId: string; publicKey: string }> };
  policy.trustedIssuers[0]!.keyId = keyId;
  policy.trustedIssuers[0]!.publicKey = readFileSync(join(keyDir, 'public.pem'), 'utf8');
  trustPath = join(dir, 'trust.json');
  writeFileSync(trustPath, JSON.stringify(policy));
});

/** The reviewer keeps the fused TechTranslation → TranslateText row and sets its relation. */
async function review(predicateId: string, name: string): Promise<string> {
  const row = proposed.mappings.find((m) => m.subjectId === `${CS}TechTranslation` && m.objectId === `${DOC}TranslateText` && m.justification === 'semapv:CompositeMatching')!;
  const set: MappingSet = { metadata: proposed.metadata, mappings: [{ ...row, predicateId, justification: 'semapv:MappingReview', reviewerId: ['https://orcid.org/0000-0000-0000-0001'], reviewDate: '2026-05-01' }] };
  const file = join(dir, `${name}.sssom.tsv`);
  await writeMappingFile(file, set, 'sssom');
  return file;
}

async function buildSignCheck(reviewed: string, name: string): Promise<{ rules: Array<Record<string, unknown>>; code: number; reasons: string[] }> {
  const built = join(dir, `${name}.json`);
  const build = await cli(['artifact', 'build', '--from', reviewed, '--artifact-id', `https://example.org/align/${name}`, '--revision', '1',
    '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2026-12-31T00:00:00Z', '--now', '2026-06-01T00:00:00Z', '--input-media-type', 'text/plain', '--output-media-type', 'text/plain',
    '--source-lang', 'zh', '--target-lang', 'en', '--domain', 'https://example.org/onto/cs#ComputerScience', '--out', built]);
  expect(build.code).toBe(0);
  const signed = join(dir, `${name}.signed.json`);
  expect((await cli(['artifact', 'sign', built, '--key', join(keyDir, 'private.pem'), '--out', signed])).code).toBe(0);
  const check = await cli(['check', '--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-doc-translate.json'), '--profile', ex('profile-tech-translation.json'),
    '--ontology', ex('cs.ttl'), '--now', '2026-06-01T00:00:00Z', '--artifact', signed, '--trust', trustPath, '--json']);
  const verdict = JSON.parse(check.stdout) as { reasons: Array<{ code: string }> };
  return { rules: (JSON.parse(readFileSync(built, 'utf8')) as { mappingRules: Array<Record<string, unknown>> }).mappingRules, code: check.code, reasons: verdict.reasons.map((r) => r.code) };
}

describe('a proposed relation, reviewed, becomes a directional rule', () => {
  it('propose labels the weakly similar pair closeMatch, not exactMatch, on every row', () => {
    const rows = proposed.mappings.filter((m) => m.subjectId === `${CS}TechTranslation` && m.objectId === `${DOC}TranslateText`);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.predicateId).toBe('skos:closeMatch');
  });

  it('a reviewer\'s broadMatch gives a rule with relation skos:broadMatch, and check is Compatible (exit 0)', async () => {
    const { rules, code } = await buildSignCheck(await review('skos:broadMatch', 'broad'), 'broad');
    expect(rules).toEqual([expect.objectContaining({ from: `${CS}TechTranslation`, to: `${DOC}TranslateText`, relation: 'skos:broadMatch' })]);
    expect(code).toBe(0);
  });

  it('a reviewer\'s narrowMatch gives a rule that does not serve the request: Indeterminate, RULE_INAPPLICABLE (exit 4)', async () => {
    const { rules, code, reasons } = await buildSignCheck(await review('skos:narrowMatch', 'narrow'), 'narrow');
    expect(rules[0]).toMatchObject({ relation: 'skos:narrowMatch' });
    expect(code).toBe(4);
    expect(reasons).toContain('RULE_INAPPLICABLE');
  });
});
