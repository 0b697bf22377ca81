/**
 * The review session and server over HTTP: token, Host check, limits, headers, decisions that
 * land in the reviewed file, resume, and the bad inputs (unknown terms, another candidate set,
 * a port in use). The page itself is driven in a real browser in page.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMappings } from '../../src/api/index.js';
import { fixture } from './fixture.js';
import { buildArtifact } from '../../src/api/artifact-build.js';
import { openReview, serveReview, simulateReviewFile, type ReviewServer, type ServeOptions } from '../../src/api/review.js';
import { IoaError, isIoaError } from '../../src/model/errors.js';
import { runCli } from '../helpers/cli.js';
import { ROOT } from '../helpers/doc-script.js';
import { http } from '../helpers/http.js';

/** What a library call throws: its code and JSON path, or 'no error'. */
function code(f: () => unknown): unknown {
  try {
    f();
    return 'no error';
  } catch (error) {
    return [(error as { code?: string }).code, (error as { location?: { path?: string } }).location?.path];
  }
}

describe('review server', () => {
  let files: Awaited<ReturnType<typeof fixture>>;
  let server: ReviewServer;
  let out: string;
  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${server.token}` });
  const post = (path: string, body: unknown) => http(server.port, path, { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    files = await fixture();
    out = join(files.dir, 'reviewed.sssom.tsv');
    const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097', today: () => '2026-12-03' });
    server = await serveReview(session);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('binds to 127.0.0.1 and prints an address with a fresh token', () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=[A-Za-z0-9_-]{32}$`));
    expect((server.server.address() as { address: string }).address).toBe('127.0.0.1');
  });

  it('refuses requests without the token (401) and with another Host (403)', async () => {
    const stranger = await http(server.port, '/api/progress');
    // The library's words: no command printed the address; serveReview returned it.
    expect([stranger.status, JSON.parse(stranger.body).error]).toEqual([401, { code: 'E_UNAUTHORIZED', message: 'missing or wrong token: open the url that serveReview returned' }]);
    expect((await http(server.port, '/api/progress', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await http(server.port, '/', {})).status).toBe(401);
    expect((await http(server.port, '/api/progress', { headers: { ...auth(), Host: `evil.example:${server.port}` } })).status).toBe(403);
    expect((await http(server.port, '/api/progress', { headers: { ...auth(), Host: '127.0.0.1:1' } })).status).toBe(403);
    expect((await http(server.port, '/api/progress', { headers: { ...auth(), Host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('the page load takes the token from the query and sets a strict cookie; headers carry the CSP and no CORS', async () => {
    const page = await http(server.port, `/?token=${server.token}`, { headers: { Origin: 'http://evil.example' } });
    expect(page.status).toBe(200);
    expect(String(page.headers['set-cookie'])).toMatch(new RegExp(`^ioa_review_${server.port}=.+; HttpOnly; SameSite=Strict`));
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    expect((await http(server.port, '/api/progress', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await http(server.port, '/api/decisions', { method: 'OPTIONS', headers: { ...auth(), Origin: 'http://evil.example' } })).status).toBe(405);
  });

  it('limits bodies (413) and takes only JSON (415)', async () => {
    expect((await http(server.port, '/api/decisions', { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: 'x'.repeat(70_000) })).status).toBe(413);
    expect((await http(server.port, '/api/decisions', { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=b' })).status).toBe(415);
    expect((await post('/api/decisions', { subject_id: 'x' })).status).toBe(400);
    expect((await post('/api/decisions', { subject_id: 'http://example.org/src#Paper', object_id: 'http://example.org/tgt#Nope', predicate_id: 'skos:exactMatch', decision: 'accept' })).status).toBe(404);
  });

  it('serves items with their candidates and evidence, labels as data', async () => {
    const items = JSON.parse((await http(server.port, '/api/items?order=ontology', { headers: auth() })).body);
    expect(items.items.map((i: { label: string }) => i.label)).toContain('paper');
    const paper = JSON.parse((await http(server.port, `/api/item?subject=${encodeURIComponent('http://example.org/src#Paper')}`, { headers: auth() })).body);
    expect(paper.subject.parents).toEqual(['document']);
    expect(paper.candidates[0].object_id).toBe('http://example.org/tgt#Paper');
    expect(paper.candidates[0].members.length).toBeGreaterThan(0);
  });

  it('a decision lands in the reviewed file with justification, reviewer and date; accepting closes competitors; undo takes it back', async () => {
    const paper = JSON.parse((await http(server.port, `/api/item?subject=${encodeURIComponent('http://example.org/src#Paper')}`, { headers: auth() })).body);
    const best = paper.candidates[0];
    const res = JSON.parse((await post('/api/decisions', { subject_id: best.subject_id, object_id: best.object_id, predicate_id: best.predicate_id, decision: 'accept' })).body);
    expect(res.decided.decision).toBe('accept');
    const competitors = paper.candidates.filter((c: { object_id: string; predicate_id: string }) => c.object_id !== best.object_id && ['skos:exactMatch', 'skos:closeMatch'].includes(c.predicate_id));
    expect(res.closed.length).toBeGreaterThanOrEqual(competitors.length);
    await openAndFlush();
    const set = await readMappings(out);
    expect(set.mappings).toHaveLength(1);
    expect(set.mappings[0]).toMatchObject({ justification: 'semapv:MappingReview', reviewerId: ['https://orcid.org/0000-0002-1825-0097'], reviewDate: '2026-12-03', predicateId: best.predicate_id });
    expect(set.mappings[0]!.extensions).toMatchObject({ review_decision: 'accept' });
    // Provenance stays: the fused value and the member columns of the candidate's row.
    expect(set.mappings[0]!.similarityScore).toBe(best.score);
    const undo = JSON.parse((await post('/api/undo', {})).body);
    expect(undo.undone.object_id).toBe(best.object_id);
    await openAndFlush();
    expect((await readMappings(out)).mappings).toHaveLength(0);
  });

  it('rejections carry predicate_modifier Not, a changed relation is manual curation, unsure keeps the generator\'s justification; the file feeds artifact build', async () => {
    const item = async (iri: string) => JSON.parse((await http(server.port, `/api/item?subject=${encodeURIComponent(iri)}`, { headers: auth() })).body);
    const paper = (await item('http://example.org/src#Paper')).candidates;
    await post('/api/decisions', { subject_id: paper[0].subject_id, object_id: paper[0].object_id, predicate_id: paper[0].predicate_id, decision: 'accept' });
    const author = (await item('http://example.org/src#Author')).candidates;
    await post('/api/decisions', { subject_id: 'http://example.org/src#Author', object_id: author[0].object_id, predicate_id: author[0].predicate_id, decision: 'reject' });
    const doc = (await item('http://example.org/src#Document')).candidates;
    await post('/api/decisions', { subject_id: doc[0].subject_id, object_id: doc[0].object_id, predicate_id: doc[0].predicate_id, decision: 'accept', relation: 'skos:narrowMatch' });
    const rev = (await item('http://example.org/src#Reviewer')).candidates;
    await post('/api/decisions', { subject_id: rev[0].subject_id, object_id: rev[0].object_id, predicate_id: rev[0].predicate_id, decision: 'unsure' });
    await openAndFlush();
    const rows = (await readMappings(out)).mappings;
    const by = (s: string) => rows.find((r) => 'subjectId' in r && r.subjectId === `http://example.org/src#${s}`)!;
    expect(by('Author')).toMatchObject({ predicateModifier: 'Not', justification: 'semapv:MappingReview' });
    expect(by('Document')).toMatchObject({ predicateId: 'skos:narrowMatch', justification: 'semapv:ManualMappingCuration' });
    expect(by('Document').extensions).toMatchObject({ candidate_predicate: doc[0].predicate_id });
    expect(by('Reviewer')).toMatchObject({ justification: 'semapv:CompositeMatching' });
    expect(by('Reviewer').extensions).toMatchObject({ review_decision: 'unsure' });
    const built = await buildArtifact(out, { artifactId: 'https://example.org/a', revision: '1', assertedBy: 'https://example.org/me', validUntil: '2030-01-01T00:00:00Z', sourceOntologyVersion: '1', targetOntologyVersion: '1' });
    expect(built.document.mappingRules).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'http://example.org/src#Paper' })]));
  });

  it('reopening the same files resumes the decisions', async () => {
    await openAndFlush();
    const again = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out });
    const p = again.progress();
    expect(p.accepted + p.rejected + p.unsure).toBe(4);
    expect(p.can_undo).toBe(false);
  });

  async function openAndFlush(): Promise<void> {
    // Each decision is written at once; wait for the write in flight.
    for (let i = 0; i < 50 && !(JSON.parse((await http(server.port, '/api/progress', { headers: auth() })).body).saved); i++) await new Promise((r) => setTimeout(r, 20));
  }
});

describe('review: bad input exits 2 and overwrites nothing', () => {
  it('candidates whose IRIs are not in the ontologies: E_REVIEW_UNKNOWN_TERM', async () => {
    const files = await fixture();
    const r = await runCli(['review', files.candidates, '--source', files.target, '--target', files.source, '--out', join(files.dir, 'r.tsv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('[E_REVIEW_UNKNOWN_TERM]');
    expect(existsSync(join(files.dir, 'r.tsv'))).toBe(false);
  });

  it('a reviewed file of another candidate set: E_REVIEW_SET_MISMATCH, file untouched', async () => {
    const files = await fixture();
    const other = join(files.dir, 'other.sssom.tsv');
    const text = readFileSync(files.candidates, 'utf8').replace(/^#mapping_set_id: .*$/m, '#mapping_set_id: https://example.org/other-set');
    writeFileSync(other, text);
    const reviewed = join(files.dir, 'reviewed.sssom.tsv');
    const s = await openReview({ candidates: other, source: files.source, target: files.target, out: reviewed });
    s.decide(0, 'reject');
    await s.flush();
    const before = readFileSync(reviewed, 'utf8');
    const mtime = statSync(reviewed).mtimeMs;
    const r = await runCli(['review', files.candidates, '--source', files.source, '--target', files.target, '--out', reviewed]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('[E_REVIEW_SET_MISMATCH]');
    expect(readFileSync(reviewed, 'utf8')).toBe(before);
    expect(statSync(reviewed).mtimeMs).toBe(mtime);
  });

  it('a library caller naming no candidate of the file (out of range, negative, fractional) gets E_USAGE at $.index, and nothing is written', async () => {
    const files = await fixture();
    const reviewed = join(files.dir, 'reviewed.sssom.tsv');
    const s = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: reviewed }, { reviewer: 'orcid:0000-0002-1825-0097' });
    for (const bad of [999, -1, 1.5, Number.NaN]) {
      expect(code(() => s.decide(bad, 'accept'))).toEqual(['E_USAGE', '$.index']);
      expect(code(() => s.comment(bad, 'x'))).toEqual(['E_USAGE', '$.index']);
    }
    await s.flush();
    expect(existsSync(reviewed)).toBe(false);
  });

  it('a library caller finding a candidate by ends that are not strings gets E_USAGE naming the argument, not a TypeError', async () => {
    const files = await fixture();
    const s = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'reviewed.sssom.tsv') });
    const none = undefined as unknown as string;
    expect(code(() => s.find(none, 'skos:exactMatch', 'http://example.org/tgt#Paper'))).toEqual(['E_USAGE', 'subject']);
    expect(code(() => s.find('http://example.org/src#Paper', none, 'http://example.org/tgt#Paper'))).toEqual(['E_USAGE', 'predicate']);
    expect(code(() => s.find('http://example.org/src#Paper', 'skos:exactMatch', 42 as unknown as string))).toEqual(['E_USAGE', 'object']);
    expect(code(() => s.item(none))).toEqual(['E_USAGE', 'subject']);
    expect(s.find('http://example.org/src#Paper', 'skos:exactMatch', 'http://example.org/tgt#Paper')).toBeTypeOf('number');
  });

  it('a wording that is not a function is E_USAGE at $.wording, before anything is served', async () => {
    const files = await fixture();
    const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'unserved.sssom.tsv') });
    await expect(serveReview(session, { wording: 'cli' as unknown as (message: string) => string })).rejects.toMatchObject({ code: 'E_USAGE', location: { path: '$.wording' } });
  });

  it('a bad port, a weak token or an unknown option is E_USAGE at its path, before anything is served', async () => {
    const files = await fixture();
    const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'unserved.sssom.tsv') });
    const refused = async (options: unknown): Promise<unknown> => serveReview(session, options as ServeOptions).then(() => 'served', (e: unknown) => (isIoaError(e) ? [e.code, e.location.path] : e));
    for (const port of [-1, 65536, 1.5, '8080', Number.NaN]) expect([port, await refused({ port })]).toEqual([port, ['E_USAGE', '$.port']]);
    for (const token of ['', 'short', 'has space in it', 42]) expect([token, await refused({ token })]).toEqual([token, ['E_USAGE', '$.token']]);
    expect(await refused({ prot: 0 })).toEqual(['E_USAGE', '$.prot']);
    expect(await refused('fast')).toEqual(['E_USAGE', '$']);
  });

  it('a wording that throws or gives no text leaves the library\'s words, and the server keeps answering', async () => {
    const files = await fixture();
    for (const wording of [(): string => { throw new IoaError('E_USAGE', 'the host\'s wording failed'); }, (() => undefined) as unknown as (m: string) => string]) {
      const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'worded.sssom.tsv') });
      const served = await serveReview(session, { wording });
      try {
        for (let i = 0; i < 2; i++) {
          const stranger = await http(served.port, '/api/progress');
          expect([stranger.status, JSON.parse(stranger.body).error.message]).toEqual([401, 'missing or wrong token: open the url that serveReview returned']);
        }
      } finally {
        await served.close();
      }
    }
  });

  it('a port in use: E_REVIEW_PORT_IN_USE', async () => {
    const files = await fixture();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = await runCli(['review', files.candidates, '--source', files.source, '--target', files.target, '--out', join(files.dir, 'r.tsv'), '--port', String(port)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('[E_REVIEW_PORT_IN_USE]');
      expect(existsSync(join(files.dir, 'r.tsv'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('--out whose extension names another format (r.csv, r.json, r.rdf) is E_USAGE before anything is saved: no reader could take it back', async () => {
    const files = await fixture();
    for (const [name, means] of [['r.csv', 'CSV'], ['r.json', 'JSON'], ['r.rdf', 'Alignment RDF/XML']] as const) {
      const out = join(files.dir, name);
      const r = await runCli(['review', files.candidates, '--source', files.source, '--target', files.target, '--out', out, '--reviewer', 'orcid:0000-0002-1825-0097']);
      expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, `ioa-align: ${out}: the reviewed file is SSSOM TSV, but its extension means ${means}: every reader would take it for ${means} and fail; name it .tsv (e.g. reviewed.sssom.tsv) [E_USAGE]`]);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('--out naming the candidate file is refused', async () => {
    const files = await fixture();
    const r = await runCli(['review', files.candidates, '--source', files.source, '--target', files.target, '--out', files.candidates]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('[E_USAGE]');
  });

  it('review simulate --json prints f1_before, f1_after, questions and the curve', async () => {
    const files = await fixture();
    const reference = join(files.dir, 'ref.sssom.tsv');
    writeFileSync(reference, [
      '#curie_map:', '#  src: http://example.org/src#', '#  tgt: http://example.org/tgt#', '#mapping_set_id: https://example.org/ref', '#license: https://w3id.org/sssom/license/unspecified',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification',
      'src:Paper\tskos:exactMatch\ttgt:Paper\tsemapv:ManualMappingCuration',
      'src:Author\tskos:exactMatch\ttgt:Author\tsemapv:ManualMappingCuration',
      'src:Reviewer\tskos:exactMatch\ttgt:Referee\tsemapv:ManualMappingCuration',
      'src:Document\tskos:exactMatch\ttgt:Document\tsemapv:ManualMappingCuration', '',
    ].join('\n'));
    const r = await runCli(['review', 'simulate', files.candidates, '--reference', reference, '--budget', '20', '--json']);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['f1_before', 'f1_after', 'questions', 'curve']));
    expect(result.f1_after).toBeGreaterThanOrEqual(result.f1_before);
    expect(result.f1_after).toBe(1);
    const bad = await runCli(['review', 'simulate', files.candidates, '--reference', reference, '--error-rate', '1.5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('[E_USAGE]');
    // Several error rates and seeds: mean and spread per rate.
    const series = await runCli(['review', 'simulate', files.candidates, '--reference', reference, '--budget', '20', '--error-rate', '0,0.3', '--seeds', '3', '--json']);
    expect(series.code).toBe(0);
    const parsed = JSON.parse(series.stdout);
    expect(parsed.series.map((s: { error_rate: number; seeds: number[] }) => [s.error_rate, s.seeds])).toEqual([[0, [0]], [0.3, [0, 1, 2]]]);
    expect(parsed.series[1].f1_after).toEqual(expect.objectContaining({ mean: expect.any(Number), sd: expect.any(Number), min: expect.any(Number), max: expect.any(Number) }));
    const table = await runCli(['review', 'simulate', files.candidates, '--reference', reference, '--budget', '20', '--error-rate', '0.1,0.2', '--seeds', '4,5']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/\| 0\.2 \| 2 \|/);
    const zero = await runCli(['review', 'simulate', files.candidates, '--reference', reference, '--seeds', '0']);
    expect([zero.code, zero.stderr.split('\n')[0]]).toEqual([2, 'ioa-align: --seeds must be an integer ≥ 1, not "0" [E_USAGE]']);
    for (const wrong of [['--error-rate', '0,x'], ['--seeds', '0'], ['--seed', '1', '--seeds', '2'], ['--error-rate', '0.2,0.2'], ['--seeds', '3,3']]) {
      const r = await runCli(['review', 'simulate', files.candidates, '--reference', reference, ...wrong]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('[E_USAGE]');
    }
    // A value given twice is named, not quietly run once.
    expect((await runCli(['review', 'simulate', files.candidates, '--reference', reference, '--seeds', '3,3'])).stderr).toContain('--seeds names 3 twice ("3,3")');
    // With the two ontologies the review starts from the selection propose makes with them; one
    // of the two alone is refused.
    const withOntologies = await runCli(['review', 'simulate', files.candidates, '--reference', reference, '--budget', '20', '--source', files.source, '--target', files.target, '--json']);
    expect(withOntologies.code).toBe(0);
    expect(JSON.parse(withOntologies.stdout).f1_after).toBe(1);
    const half = await runCli(['review', 'simulate', files.candidates, '--reference', reference, '--source', files.source]);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('give both --source and --target, or neither [E_USAGE]');
    // The library refuses a misspelt option of a file simulation, named at its path.
    await expect(simulateReviewFile(files.candidates, reference, { budgte: 20 } as Parameters<typeof simulateReviewFile>[2])).rejects.toMatchObject({ code: 'E_USAGE', location: { path: '$.budgte' } });
  });

  it('review simulate refuses a reference that names none of the candidates\' subjects (another pair, or written the other way round), exit 2 E_USAGE, instead of scoring F1 0', async () => {
    const files = await fixture();
    const write = (name: string, rows: string[]): string => {
      const path = join(files.dir, name);
      writeFileSync(path, ['#curie_map:', '#  src: http://example.org/src#', '#  tgt: http://example.org/tgt#', '#  oth: http://example.org/other#', '#mapping_set_id: https://example.org/ref', '#license: https://w3id.org/sssom/license/unspecified',
        'subject_id\tpredicate_id\tobject_id\tmapping_justification', ...rows.map((r) => `${r}\tsemapv:ManualMappingCuration`), ''].join('\n'));
      return path;
    };
    const other = write('other-ref.sssom.tsv', ['oth:Paper\tskos:exactMatch\toth:Article']);
    const reversed = write('reversed-ref.sssom.tsv', ['tgt:Paper\tskos:exactMatch\tsrc:Paper', 'tgt:Author\tskos:exactMatch\tsrc:Author']);
    for (const [reference, why] of [[other, 'it is the reference of another pair of ontologies'], [reversed, 'its objects are, so it maps the other way round']] as const) {
      for (const more of [[], ['--seeds', '2']]) {
        const r = await runCli(['review', 'simulate', files.candidates, '--reference', reference, ...more]);
        expect(r.code).toBe(2);
        expect(r.stderr).toContain(`${reference}: the reference names none of the`);
        expect(r.stderr).toContain(`${why}; a simulation against it would measure nothing [E_USAGE]`);
      }
      await expect(simulateReviewFile(files.candidates, reference)).rejects.toMatchObject({ code: 'E_USAGE', location: { file: reference } });
    }
  });

  it('simulate --skip-invalid reads a records file with bad records as propose --skip-invalid did; without it the bad record is refused at its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-simulate-records-'));
    const records = join(dir, 'records.jsonl');
    writeFileSync(records, [
      JSON.stringify({ id: 'https://registry.modelcontextprotocol.io/servers/io.github.acme/translate', kind: 'mcp-server', name: 'io.github.acme/translate', description: 'Translate text between languages', tags: [], examples: [] }),
      JSON.stringify({ name: 5 }), '',
    ].join('\n'));
    const skills = join(ROOT, 'corpora', 'agents', 'oasf', 'v1.1.1', 'schema', 'skills');
    const candidates = join(dir, 'c.sssom.tsv');
    expect((await runCli(['propose', records, skills, '--skip-invalid', '--out', candidates])).code).toBe(0);
    const strict = await runCli(['review', 'simulate', candidates, '--reference', candidates, '--source', records, '--target', skills, '--budget', '3']);
    expect([strict.code, strict.stderr]).toEqual([2, expect.stringContaining(`${records}:2:1`)]);
    expect(strict.stderr).toContain('[E_RECORD_INVALID]');
    const skipping = await runCli(['review', 'simulate', candidates, '--reference', candidates, '--source', records, '--target', skills, '--budget', '3', '--skip-invalid', '--json']);
    expect(skipping.code).toBe(0);
    expect(skipping.stderr).toContain('skipped 1 of 2 record(s) as invalid (--skip-invalid):');
    expect(JSON.parse(skipping.stdout).questions).toBeGreaterThan(0);
    const alone = await runCli(['review', 'simulate', candidates, '--reference', candidates, '--skip-invalid']);
    expect([alone.code, alone.stderr]).toEqual([2, expect.stringContaining('--skip-invalid means something only with --source and --target')]);
  });
});

describe('review API: decisions name the candidate and the state the reviewer saw', () => {
  let files: Awaited<ReturnType<typeof fixture>>;
  let server: ReviewServer;
  let out: string;
  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${server.token}` });
  const post = async (path: string, body: unknown): Promise<{ status: number; json: any }> => {
    const r = await http(server.port, path, { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, json: JSON.parse(r.body) };
  };
  const item = async (local: string): Promise<any> => JSON.parse((await http(server.port, `/api/item?subject=${encodeURIComponent(`http://example.org/src#${local}`)}`, { headers: auth() })).body);
  const ends = (c: { subject_id: string; predicate_id: string; object_id: string }) => ({ subject_id: c.subject_id, predicate_id: c.predicate_id, object_id: c.object_id });

  beforeAll(async () => {
    files = await fixture();
    out = join(files.dir, 'reviewed.sssom.tsv');
    server = await serveReview(await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097', today: () => '2026-12-03' }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a decision on a candidate whose status changed since it was shown: 409 E_REVIEW_STALE, nothing changed', async () => {
    const paper = (await item('Paper')).candidates[0];
    const first = await post('/api/decisions', { ...ends(paper), decision: 'reject', expected_status: 'open' });
    expect(first.status).toBe(200);
    // "r" then "a" 20 ms apart: the accept was made on the open candidate the page showed.
    const stale = await post('/api/decisions', { ...ends(paper), decision: 'accept', expected_status: 'open' });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('E_REVIEW_STALE');
    expect((await item('Paper')).candidates[0].status).toBe('reject');
    expect((await post('/api/decisions', { ...ends(paper), decision: 'accept', expected_status: 'bogus' })).status).toBe(400);
    await post('/api/undo', {});
    expect((await item('Paper')).candidates[0].status).toBe('open');
  });

  it('two identical decisions decide once: one undo step, one row', async () => {
    const author = (await item('Author')).candidates[0];
    const a = await post('/api/decisions', { ...ends(author), decision: 'accept' });
    const b = await post('/api/decisions', { ...ends(author), decision: 'accept' });
    expect([a.json.unchanged, b.json.unchanged]).toEqual([false, true]);
    await post('/api/undo', {});
    expect((await item('Author')).candidates[0].status).toBe('open');
    expect(JSON.parse((await http(server.port, '/api/progress', { headers: auth() })).body).can_undo).toBe(false);
  });

  it('accepting what propagation closed, or a second equivalence for a subject, asks first (409 E_REVIEW_ONE_TO_ONE); confirm accepts; undo restores it closed by the same acceptance', async () => {
    const paper = await item('Paper');
    const best = paper.candidates[0];
    const accepted = await post('/api/decisions', { ...ends(best), decision: 'accept' });
    expect(accepted.status).toBe(200);
    const closed = accepted.json.closed.find((c: { subject_id: string }) => c.subject_id === best.subject_id);
    expect(closed).toBeDefined();
    const before = (await item('Paper')).candidates.find((c: { object_id: string; predicate_id: string }) => c.object_id === closed.object_id && c.predicate_id === closed.predicate_id);
    expect(before.status).toBe('closed');
    const refused = await post('/api/decisions', { ...closed, decision: 'accept' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('E_REVIEW_ONE_TO_ONE');
    expect(refused.json.error.conflicts).toEqual([ends(best)]);
    expect((await post('/api/decisions', { ...closed, decision: 'accept', confirm: 'yes' })).status).toBe(400);
    const confirmed = await post('/api/decisions', { ...closed, decision: 'accept', confirm: 'break-one-to-one' });
    expect(confirmed.status).toBe(200);
    expect((await post('/api/undo', {})).json.undone).toEqual(closed);
    const after = (await item('Paper')).candidates.find((c: { object_id: string; predicate_id: string }) => c.object_id === closed.object_id && c.predicate_id === closed.predicate_id);
    expect(after.status).toBe('closed');
    expect(after.closed_by).toEqual(before.closed_by);
    await post('/api/undo', {});
  });

  it('comments: with a decision, or later through POST /api/comment; every reviewer\'s decision is listed on the candidate', async () => {
    const doc = (await item('Document')).candidates[0];
    const notYet = await post('/api/comment', { ...ends(doc), comment: 'later' });
    expect(notYet.status).toBe(409);
    expect(notYet.json.error.code).toBe('E_REVIEW_NOT_DECIDED');
    await post('/api/decisions', { ...ends(doc), decision: 'accept', comment: 'same concept' });
    expect((await post('/api/comment', { ...ends(doc), comment: 'same concept, checked' })).status).toBe(200);
    expect((await post('/api/comment', { ...ends(doc), comment: 7 })).status).toBe(400);
    const shown = (await item('Document')).candidates[0];
    expect(shown.status).toBe('accept');
    expect(shown.conflict).toBe(false);
    expect(shown.decisions).toEqual([{ reviewer_id: 'https://orcid.org/0000-0002-1825-0097', review_date: '2026-12-03', decision: 'accept', predicate_id: doc.predicate_id, comment: 'same concept, checked', source: 'review', mine: true }]);
    const items = JSON.parse((await http(server.port, '/api/items?status=conflict', { headers: auth() })).body);
    expect(items.items).toEqual([]);
    const all = JSON.parse((await http(server.port, '/api/items?status=all', { headers: auth() })).body);
    expect(all.items.every((i: { conflict: boolean }) => i.conflict === false)).toBe(true);
    await post('/api/undo', {});
  });
});
