/**
 * What the review page needs from the server, over HTTP: its files (HTML, CSS, the compiled
 * browser code, an icon) under the strict CSP; a preflight refused with 405 before any token is
 * asked for; each side's context in the item view (labelled parents and children, part_of
 * restrictions, a link-out where the IRI can be opened); search by CURIE; the kinds to filter
 * on; and decisions that name the status the reviewer saw (409 E_REVIEW_STALE otherwise).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReview, serveReview, type ReviewServer } from '../../src/api/review.js';
import { linkOf } from '../../src/review/session.js';
import { requireFreshDist } from '../helpers/dist.js';
import { pageFixture, SRC, TGT } from './page-fixture.js';
import { http } from '../helpers/http.js';

describe('review server: what the page needs', () => {
  let server: ReviewServer;
  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${server.token}` });
  const get = async (path: string) => JSON.parse((await http(server.port, path, { headers: auth() })).body);
  const post = (body: unknown) => http(server.port, '/api/decisions', { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    // The page's browser code is served as `npm run build` compiled it.
    requireFreshDist();
    const files = pageFixture();
    server = await serveReview(await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'reviewed.sssom.tsv') }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves the page as files: HTML, CSS, ES modules and an icon, each with its type, the CSP and the token', async () => {
    const cookie = String((await http(server.port, `/?token=${server.token}`)).headers['set-cookie']).split(';')[0]!;
    const page = await http(server.port, '/', { headers: { Cookie: cookie } });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script type="module" src="/main.js"></script>');
    expect(page.body).not.toMatch(/<script>|\son\w+=/); // no inline code for the CSP to forbid
    for (const [path, type] of [['/main.js', 'text/javascript; charset=utf-8'], ['/keys.js', 'text/javascript; charset=utf-8'], ['/app.css', 'text/css; charset=utf-8'], ['/favicon.svg', 'image/svg+xml'], ['/favicon.ico', 'image/svg+xml']] as const) {
      const res = await http(server.port, path, { headers: { Cookie: cookie } });
      expect([path, res.status, res.headers['content-type']]).toEqual([path, 200, type]);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect((await http(server.port, path)).status).toBe(401);
    }
    // The browser code is what tsc compiled from src/review/page (an import of a sibling module).
    expect((await http(server.port, '/main.js', { headers: { Cookie: cookie } })).body).toMatch(/from '\.\/queue\.js'/);
    expect((await http(server.port, '/types.ts', { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it('a browser preflight (OPTIONS, no token, as browsers send it) gets 405, not 401', async () => {
    const res = await http(server.port, '/api/decisions', { method: 'OPTIONS', headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body).error.code).toBe('E_USAGE');
    expect(res.headers.allow).toBe('GET, POST');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // A foreign Host is still refused first.
    expect((await http(server.port, '/api/decisions', { method: 'OPTIONS', headers: { Host: 'evil.example' } })).status).toBe(403);
  });

  it('each side carries its context: labelled parents and children, part_of restrictions, definition, a link-out where the IRI can be opened', async () => {
    const valve = await get(`/api/item?subject=${encodeURIComponent('src:Valve')}`);
    expect(valve.subject).toMatchObject({
      curie: 'src:Valve', label: 'heart valve', synonyms: ['cardiac valve'], definition: 'A valve of the heart that keeps blood flowing one way.',
      parents: ['anatomical structure'], parent_terms: [{ id: `${SRC}Structure`, curie: 'src:Structure', label: 'anatomical structure' }],
      children: [{ id: `${SRC}MitralValve`, curie: 'src:MitralValve', label: 'mitral valve' }, { id: `${SRC}AorticValve`, curie: 'src:AorticValve', label: 'aortic valve' }],
      children_count: 2,
      restrictions: [{ property_id: `${SRC}part_of`, property_label: 'part of', quantifier: 'some', filler: { id: `${SRC}Heart`, curie: 'src:Heart', label: 'heart' } }],
      link: `${SRC}Valve`,
    });
    const heartValve = valve.candidates.find((c: { object_id: string }) => c.object_id === `${TGT}HeartValve`);
    expect(heartValve.object).toMatchObject({ parents: ['valve'], restrictions: [{ property_label: 'part of', filler: { label: 'heart', curie: 'tgt:Heart' } }], children_count: 0 });
    expect(heartValve.object.link).toBeUndefined(); // example.org names no page
    expect(heartValve.equivalence).toBe(true);
    expect(valve.candidates.find((c: { predicate_id: string }) => c.predicate_id === 'skos:broadMatch').equivalence).toBe(false);
  });

  it('links out only to http(s) IRIs on hosts that can serve a page', () => {
    expect(linkOf('https://w3id.org/x/Valve')).toBe('https://w3id.org/x/Valve');
    expect(linkOf('http://purl.obolibrary.org/obo/UBERON_0000948')).toBe('http://purl.obolibrary.org/obo/UBERON_0000948');
    for (const iri of ['http://mouse.owl#MA_0000001', 'http://human.owl#NCI_C12219', 'http://example.org/tgt#Heart', 'https://sub.example.com/x', 'http://localhost:8080/x', 'urn:x:y', 'javascript:alert(1)', 'http://intranet/x', 'ftp://files.org/x', 'https://user:pw@site.org/x']) {
      expect([iri, linkOf(iri)]).toEqual([iri, undefined]);
    }
  });

  it('search finds a subject by the CURIE the page shows, and by a target CURIE; the kinds come with the items', async () => {
    const byCurie = await get(`/api/items?status=all&q=${encodeURIComponent('src:Valve')}`);
    expect(byCurie.items.map((i: { label: string }) => i.label)).toEqual(['heart valve']);
    const byTarget = await get(`/api/items?status=all&order=ontology&q=${encodeURIComponent('tgt:CardiacValve')}`);
    expect(byTarget.items.map((i: { label: string }) => i.label)).toEqual(['organ', 'heart valve']);
    expect((await get('/api/items?status=all&q=nothing-like-this')).items).toEqual([]);
    expect(byCurie.kinds).toEqual(['class']);
  });

  it('a decision names the status the reviewer saw: a changed candidate is refused with 409 E_REVIEW_STALE and nothing is decided', async () => {
    const body = { subject_id: 'src:Aorta', predicate_id: 'skos:exactMatch', object_id: 'tgt:Aorta' };
    expect((await post({ ...body, decision: 'reject', expected_status: 'open' })).status).toBe(200);
    const again = await post({ ...body, decision: 'accept', expected_status: 'open' });
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body).error.code).toBe('E_REVIEW_STALE');
    const item = await get(`/api/item?subject=${encodeURIComponent('src:Aorta')}`);
    expect(item.candidates.find((c: { object_id: string }) => c.object_id === `${TGT}Aorta`).status).toBe('reject');
    // The same decision made on what the server has now goes through; bad values are refused.
    expect((await post({ ...body, decision: 'accept', expected_status: 'reject' })).status).toBe(200);
    expect(JSON.parse((await post({ ...body, decision: 'accept', expected_status: 'gone' })).body).error.code).toBe('E_USAGE');
    expect(JSON.parse((await post({ ...body, decision: 'accept', confirm: 'yes' })).body).error.code).toBe('E_USAGE');
    expect((await post({ ...body, decision: 'accept', expected_status: 'accept', confirm: 'break-one-to-one' })).status).toBe(200);
  });

  it('each candidate names the accepted candidates it would stand beside (same pair, same subject or same target)', async () => {
    await post({ subject_id: 'src:Valve', predicate_id: 'skos:exactMatch', object_id: 'tgt:HeartValve', decision: 'accept' });
    const valve = await get(`/api/item?subject=${encodeURIComponent('src:Valve')}`);
    const by = (o: string) => valve.candidates.find((c: { object_id: string }) => c.object_id === `${TGT}${o}`);
    expect(by('CardiacValve').status).toBe('closed');
    expect(by('CardiacValve').accepted_rivals).toEqual([{ subject_id: `${SRC}Valve`, subject_label: 'heart valve', predicate_id: 'skos:exactMatch', object_id: `${TGT}HeartValve`, object_label: 'heart valve', equivalence: true, same_pair: false }]);
    expect(by('HeartValve').accepted_rivals).toEqual([]);
    const organ = await get(`/api/item?subject=${encodeURIComponent('src:Organ')}`);
    expect(organ.candidates.find((c: { object_id: string }) => c.object_id === `${TGT}HeartValve`).accepted_rivals.map((r: { subject_id: string }) => r.subject_id)).toEqual([`${SRC}Valve`]);
  });
});
