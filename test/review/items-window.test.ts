/**
 * The item list a window at a time (`GET /api/items?…&limit=`): the server keeps the list a
 * filter chose, answers its total, one window of it, and where a subject is in it; a window asked
 * for later is the same list (a decision does not take an item out) with summaries as they stand
 * now. The whole list without `limit`, as scripts read it, is unchanged. Bad parameters, a list
 * the server no longer keeps, a missing token and a foreign Host are refused with the codes every
 * other endpoint uses.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReview, serveReview, type ReviewServer } from '../../src/api/review.js';
import { http } from '../helpers/http.js';
import { manyFixture, MANY_SRC } from './page-fixture.js';

/** 250 numbered subjects and the fixture's own three: first, long, last. */
const N = 250;
const TOTAL = N + 3;

interface Summary { subject_id: string; label: string; decided: boolean }
interface Window { list: string; total: number; offset: number; items: Summary[]; position?: number; kinds?: string[]; progress?: unknown }

describe('review server: the item list a window at a time', () => {
  let server: ReviewServer;
  const auth = (): Record<string, string> => ({ Authorization: `Bearer ${server.token}` });
  const get = async (path: string): Promise<Window> => {
    const res = await http(server.port, path, { headers: auth() });
    expect([path, res.status]).toEqual([path, 200]);
    return JSON.parse(res.body) as Window;
  };
  const refused = async (path: string, headers: Record<string, string> = auth()): Promise<[number, string]> => {
    const res = await http(server.port, path, { headers });
    return [res.status, (JSON.parse(res.body) as { error: { code: string } }).error.code];
  };
  const labels = (w: Window): string[] => w.items.map((i) => i.label);

  beforeAll(async () => {
    const files = manyFixture(N);
    server = await serveReview(await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'reviewed.sssom.tsv') }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a window of the list, its total and an id to ask for other windows with; those answers hold only the window', async () => {
    const first = await get('/api/items?status=all&order=ontology&limit=100');
    expect(first).toMatchObject({ total: TOTAL, offset: 0, kinds: ['class'] });
    expect(first.progress).toMatchObject({ subjects: TOTAL });
    expect(typeof first.list).toBe('string');
    expect(labels(first).slice(0, 3)).toEqual(['first subject', expect.stringMatching(/^inflammation of/), 'subject 0 of group 0']);
    expect(first.items).toHaveLength(100);
    const last = await get(`/api/items?list=${first.list}&offset=200&limit=100`);
    expect(Object.keys(last).sort()).toEqual(['items', 'list', 'offset', 'total']);
    expect(last).toMatchObject({ list: first.list, total: TOTAL, offset: 200 });
    expect(labels(last)).toHaveLength(TOTAL - 200);
    expect(labels(last)[0]).toBe('subject 198 of group 8');
    expect(labels(last).at(-1)).toBe('last subject');
    // Past the end: nothing, at the end.
    expect(await get(`/api/items?list=${first.list}&offset=999&limit=10`)).toMatchObject({ total: TOTAL, offset: TOTAL, items: [] });
    // Without limit, every item, as before.
    const whole = await get('/api/items?status=all&order=ontology');
    expect(whole.items).toHaveLength(TOTAL);
    expect(whole.list).toBeUndefined();
  });

  it('around=SUBJECT answers where the subject is and the window of `limit` that holds it; -1 and the first window when the list does not hold it', async () => {
    const at = await get(`/api/items?status=all&order=ontology&limit=100&around=${encodeURIComponent('src:S150')}`);
    expect(at).toMatchObject({ total: TOTAL, position: 152, offset: 100 });
    expect(at.items[52]!.subject_id).toBe(`${MANY_SRC}S150`);
    // By IRI too, within a list already made.
    expect(await get(`/api/items?list=${at.list}&limit=10&around=${encodeURIComponent(`${MANY_SRC}Last`)}`)).toMatchObject({ position: TOTAL - 1, offset: 250 });
    const search = await get(`/api/items?status=all&order=ontology&q=${encodeURIComponent('of group 3')}&limit=10&around=${encodeURIComponent('src:S150')}`);
    expect(search).toMatchObject({ total: 25, position: -1, offset: 0 });
    expect(labels(search)[0]).toBe('subject 3 of group 3');
  });

  it('the server filters and searches the whole list; a window asked for later is the same list, its summaries as they stand now', async () => {
    const undecided = await get('/api/items?status=undecided&order=ontology&limit=5');
    expect(labels(undecided)[0]).toBe('first subject');
    const decided = await http(server.port, '/api/decisions', { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify({ subject_id: 'src:First', predicate_id: 'skos:exactMatch', object_id: 'tgt:Shared', decision: 'accept' }) });
    expect(decided.status).toBe(200);
    // The list being reviewed keeps the item, now decided; a new list leaves it out.
    expect((await get(`/api/items?list=${undecided.list}&offset=0&limit=5`)).items[0]).toMatchObject({ label: 'first subject', decided: true });
    const again = await get('/api/items?status=undecided&order=ontology&limit=5');
    expect(again.total).toBe(undecided.total - 2); // the last subject's only candidate was closed
    expect(labels(again)[0]).not.toBe('first subject');
    const groups = await get(`/api/items?status=all&order=ontology&q=${encodeURIComponent('of group 0')}&limit=10&offset=20`);
    expect(groups).toMatchObject({ total: 25, offset: 20 });
    expect(labels(groups)).toEqual(['subject 200 of group 0', 'subject 210 of group 0', 'subject 220 of group 0', 'subject 230 of group 0', 'subject 240 of group 0']);
  });

  it('refuses bad windows (400 E_USAGE) and a list it no longer keeps (404 E_NOT_FOUND): the 16 last asked for are kept', async () => {
    for (const q of ['limit=0', 'limit=1001', 'limit=-1', 'limit=1.5', 'limit=ten', 'limit=10&offset=-1', 'limit=10&offset=x', 'offset=10', 'around=src:S1']) {
      expect([q, ...(await refused(`/api/items?status=all&${q}`))]).toEqual([q, 400, 'E_USAGE']);
    }
    const kept = await get('/api/items?status=all&limit=1');
    expect(await refused(`/api/items?list=${kept.list}`)).toEqual([400, 'E_USAGE']);
    expect(await refused('/api/items?list=nothing&limit=10')).toEqual([404, 'E_NOT_FOUND']);
    for (let i = 0; i < 15; i++) await get('/api/items?status=all&limit=1');
    expect((await get(`/api/items?list=${kept.list}&limit=1`)).total).toBe(TOTAL);
    // Paged just now, the list is kept while 15 newer ones are made, then let go at the 16th.
    for (let i = 0; i < 15; i++) await get('/api/items?status=all&limit=1');
    expect((await get(`/api/items?list=${kept.list}&offset=0&limit=1`)).total).toBe(TOTAL);
    const idle = await get('/api/items?status=all&limit=1');
    for (let i = 0; i < 15; i++) {
      await get('/api/items?status=all&limit=1');
      await get(`/api/items?list=${kept.list}&limit=1`);
    }
    // The list read throughout stays; the one nobody read is let go although 16 lists are newer than neither.
    expect((await get(`/api/items?list=${kept.list}&limit=1`)).total).toBe(TOTAL);
    await get('/api/items?status=all&limit=1');
    expect(await refused(`/api/items?list=${idle.list}&limit=1`)).toEqual([404, 'E_NOT_FOUND']);
    for (let i = 0; i < 16; i++) await get('/api/items?status=all&limit=1');
    expect(await refused(`/api/items?list=${kept.list}&limit=1`)).toEqual([404, 'E_NOT_FOUND']);
  });

  it('asks for the token and a local Host on a window as on every request: 401 E_UNAUTHORIZED, 403 E_FORBIDDEN_HOST', async () => {
    const kept = await get('/api/items?status=all&limit=10');
    for (const path of ['/api/items?status=all&limit=10', `/api/items?list=${kept.list}&offset=0&limit=10`, `/api/items?list=${kept.list}&limit=10&around=src:S1`]) {
      expect([path, ...(await refused(path, {}))]).toEqual([path, 401, 'E_UNAUTHORIZED']);
      expect([path, ...(await refused(path, { Authorization: 'Bearer wrong' }))]).toEqual([path, 401, 'E_UNAUTHORIZED']);
      expect([path, ...(await refused(path, { ...auth(), Host: 'evil.example' }))]).toEqual([path, 403, 'E_FORBIDDEN_HOST']);
      expect([path, ...(await refused(path, { ...auth(), Host: `127.0.0.1:${server.port + 1}` }))]).toEqual([path, 403, 'E_FORBIDDEN_HOST']);
    }
  });
});
