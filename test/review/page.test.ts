/**
 * The review page in a real browser: Debian's Chromium, driven by playwright-core (which
 * downloads no browser). `.ci/run` installs chromium when it is missing; on a machine without
 * it these tests are skipped with a message. Times are printed, never asserted (benchmarks/review/
 * measures the anatomy file). Screenshots at 390 px and 1400 px go to a temporary folder whose
 * path is printed.
 *
 * The page's browser code is served as `npm run build` compiled it: run the build first (npm test
 * does).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReview, serveReview, type ReviewServer } from '../../src/api/review.js';
import type { Page } from 'playwright-core';
import { readMappings } from '../../src/api/index.js';
import { requireFreshDist } from '../helpers/dist.js';
import { browser, clear, closeBrowser, contrast, executablePath, launchBrowser, load, rows, serve, settled, SHOTS, show, start, startWatching, type Started } from './page-browser.js';
import { coherenceFixture, COHERENCE_SRC, COHERENCE_TGT, pageFixture, SPOOF_LABEL, SRC, TGT, type FixtureFiles } from './page-fixture.js';
import { PRODUCT_DESCRIPTION_FIELD } from '../../src/model/concept.js';
import { PRODUCT_FIELD } from '../../src/review/page/types.js';

/** What the callbacks run inside the page use (the project compiles without the DOM library). */
interface El {
  textContent: string | null;
  innerText: string;
  tagName: string;
  className: string;
  parentElement: El | null;
  closest(selector: string): El | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
}
declare const document: {
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  body: El & { dataset: Record<string, string | undefined> };
  documentElement: { scrollWidth: number; clientWidth: number };
  activeElement: El | null;
};
declare function getComputedStyle(e: El): { color: string; backgroundColor: string; borderLeftColor: string; opacity: string; outlineOffset: string };

describe.skipIf(!executablePath)('review page in Chromium', () => {
  beforeAll(async () => {
    requireFreshDist();
    await launchBrowser();
  });
  afterAll(closeBrowser);

  describe('loading, labels, context', () => {
    let s: Awaited<ReturnType<typeof start>>;
    const failed: string[] = [];
    beforeAll(async () => {
      s = await start();
      s.page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
      s.page.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
      s.page.on('console', (m) => { if (m.type() === 'error') failed.push(`console: ${m.text()}`); });
      s.page.on('pageerror', (e) => failed.push(`page: ${e.message}`));
    });
    afterAll(() => s?.close());

    it('loads with the token, drops it from the address bar, shows the first item; no request fails (the icon included), no CSP or script error', async () => {
      const started = performance.now();
      await load(s.page, s.server);
      console.log(`review page: load ${(performance.now() - started).toFixed(0)} ms (fixture)`);
      expect(new URL(s.page.url()).search).toBe('');
      expect(await s.page.locator('#items li').count()).toBeGreaterThan(0);
      await expect.poll(() => s.page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'))).toBe('/favicon.svg');
      // The icon is fetched after the page: give it its turn, then nothing may have failed.
      await s.page.waitForTimeout(300);
      expect(failed).toEqual([]);
    });

    it('shows a hostile label as text: no element is created from it', async () => {
      await show(s.page, 'src:Hostile', 'author <img src=x onerror="document.body.dataset.pwned=1">');
      expect(await s.page.locator('#detail img').count()).toBe(0);
      expect(await s.page.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
    });

    it('isolates every label and shows a right-to-left override as ⟨U+202E⟩ instead of letting it reorder the text', async () => {
      await show(s.page, 'src:Spoof', 'lung ⟨U+202E⟩yendik lanigiro');
      const shown = await s.page.evaluate(() => ({
        heading: document.querySelector('#detail h2 bdi')?.textContent,
        mark: document.querySelector('#detail h2 bdi .hidden-char')?.textContent,
        listed: document.querySelector('#items li.current bdi')?.textContent,
        text: document.body.innerText,
        unisolated: Array.from(document.querySelectorAll('.cand .name, #items .l, .ctx dd')).filter((e) => e.tagName !== 'BDI' && !e.querySelector('bdi')).length,
      }));
      expect(shown.heading).toBe('lung ⟨U+202E⟩yendik lanigiro');
      expect(shown.mark).toBe('⟨U+202E⟩');
      expect(shown.listed).toBe('lung ⟨U+202E⟩yendik lanigiro');
      expect(shown.text).not.toContain('\u202E');
      expect(shown.text).not.toContain(SPOOF_LABEL);
      expect(shown.unisolated).toBe(0);
    });

    it('compares the subject with the focused candidate: both cards show labelled parents, children, part_of, definition, synonyms; the term links out in a new tab', async () => {
      await show(s.page, 'src:Valve', 'heart valve');
      const card = (selector: string) => s.page.evaluate((sel) => {
        const root = document.querySelector(sel)!;
        const dl = Array.from(root.querySelectorAll('dl.ctx dt')).map((dt) => [dt.textContent, (dt as unknown as { nextElementSibling: El }).nextElementSibling.textContent]);
        const a = root.querySelector('a.link-out');
        return { dl: Object.fromEntries(dl), link: a && { href: a.getAttribute('href'), target: a.getAttribute('target'), rel: a.getAttribute('rel') } };
      }, selector);
      const subject = await card('#subject-pane');
      expect(subject.dl).toEqual({
        synonyms: 'cardiac valve',
        definition: 'A valve of the heart that keeps blood flowing one way.',
        'is a': 'anatomical structure',
        'part of': 'heart',
        'children (2)': 'mitral valve · aortic valve',
      });
      expect(subject.link).toEqual({ href: `${SRC}Valve`, target: '_blank', rel: 'noopener noreferrer' });
      const target = await card('.cand.focus .panel');
      expect(target.dl).toEqual({ 'is a': 'valve', 'part of': 'heart' });
      expect(target.link).toBeNull(); // http://example.org/… names no page
      expect(await s.page.textContent('.cand.focus .panel h3')).toBe('heart valve');
      // Side by side on a wide screen: the subject's card left of the candidates, tops level.
      const [a, b] = await Promise.all([s.page.locator('#subject-pane .card').boundingBox(), s.page.locator('#cands').boundingBox()]);
      expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x);
      expect(Math.abs(a!.y - (await s.page.locator('#toolbar').boundingBox())!.y)).toBeLessThan(5);
      // Evidence opens on demand.
      expect(await s.page.locator('.cand.focus details.evidence table.members').isVisible()).toBe(false);
      await s.page.click('.cand.focus details.evidence summary');
      expect(await s.page.locator('.cand.focus details.evidence table.members').isVisible()).toBe(true);
    });

    it('search takes the CURIE the page shows; kind is a choice of the kinds under review', async () => {
      await show(s.page, 'src:Aorta', 'aorta');
      expect(await s.page.locator('#items li').count()).toBe(1);
      expect(await s.page.evaluate(() => Array.from(document.querySelectorAll('#kind option')).map((o) => o.textContent))).toEqual(['any', 'class']);
      expect(await s.page.evaluate(() => document.querySelector('#kind')!.tagName)).toBe('SELECT');
      await clear(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('aorta');
    });

    it('a dozen candidates fit beside the subject at 1400 px; the screenshot is kept', async () => {
      await show(s.page, 'src:Organ', 'organ');
      const count = await s.page.locator('.cand').count();
      expect(count).toBe(12);
      const viewport = s.page.viewportSize()!;
      for (let i = 0; i < count; i++) {
        const box = (await s.page.locator('.cand').nth(i).boundingBox())!;
        expect([i, box.y + box.height <= viewport.height]).toEqual([i, true]);
      }
      await s.page.screenshot({ path: join(SHOTS, 'review-1400.png') });
      console.log(`review page: screenshots in ${SHOTS}`);
    });
  });

  describe('keys and buttons', () => {
    let s: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      s = await start();
      await load(s.page, s.server);
    });
    afterAll(() => s?.close());

    it('a accepts the focused candidate (saved at once), z undoes it and shows it open again, j moves on', async () => {
      await show(s.page, 'src:Heart', 'heart');
      const focused = await s.page.locator('.cand.focus .name').textContent();
      expect(focused).toBe('heart');
      await s.page.keyboard.press('a');
      await expect.poll(async () => (await rows(s.out)).length, { timeout: 5000 }).toBe(1);
      const row = (await rows(s.out))[0]!;
      expect([row.subjectId, row.objectId, row.extensions?.review_decision]).toEqual([`${SRC}Heart`, `${TGT}Heart`, 'accept']);
      await settled(s.page);
      await s.page.keyboard.press('z');
      await expect.poll(async () => (await rows(s.out)).length, { timeout: 5000 }).toBe(0);
      await settled(s.page);
      // Undo shows what it restored: the item, the candidate focused, open again, its competitor reopened.
      expect(await s.page.textContent('#detail h2')).toBe('heart');
      expect(await s.page.locator('.cand.focus .name').textContent()).toBe('heart');
      expect(await s.page.locator('.cand.focus .status').textContent()).toBe('open');
      expect(await s.page.locator('.cand.closed').count()).toBe(0);
      expect(await s.page.textContent('#msg')).toBe('undone: heart is open again');
      await clear(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('heart');
      const t = performance.now();
      await s.page.keyboard.press('j');
      await s.page.waitForFunction(() => document.querySelector('#detail h2')?.textContent !== 'heart');
      console.log(`review page: next item ${(performance.now() - t).toFixed(0)} ms (fixture)`);
      await settled(s.page);
    });

    it('b then a accepts under broadMatch as manual curation; "(changed)" shows only when the relation differs; r rejects with Not', async () => {
      await show(s.page, 'src:Aorta', 'aorta');
      await s.page.keyboard.press('e'); // the candidate's own relation: not a change
      await settled(s.page);
      expect(await s.page.textContent('.cand.focus .rel')).toBe('skos:exactMatch');
      await s.page.keyboard.press('b');
      await settled(s.page);
      expect(await s.page.textContent('.cand.focus .rel')).toBe('skos:broadMatch (changed)');
      expect(await s.page.getAttribute('#rel-broad', 'aria-pressed')).toBe('true');
      await s.page.keyboard.press('a');
      await expect.poll(async () => (await rows(s.out)).find((m) => m.subjectId === `${SRC}Aorta`)?.predicateId, { timeout: 5000 }).toBe('skos:broadMatch');
      await settled(s.page);
      await show(s.page, 'src:Kidney', 'kidney');
      await s.page.keyboard.press('r');
      await expect.poll(async () => (await rows(s.out)).filter((m) => m.predicateModifier === 'Not').map((m) => m.subjectId), { timeout: 5000 }).toEqual([`${SRC}Kidney`]);
      await settled(s.page);
    });

    it('every key has a button: accept, reject, unsure, relation, undo, previous and next candidate and item', async () => {
      await s.page.selectOption('#status', 'all');
      await settled(s.page);
      await show(s.page, 'src:Valve', 'heart valve');
      const name = () => s.page.locator('.cand.focus .name').textContent();
      expect(await name()).toBe('heart valve');
      await s.page.click('#go-next-candidate');
      await settled(s.page);
      expect(await name()).toBe('cardiac valve');
      await s.page.click('#go-prev-candidate');
      await settled(s.page);
      expect(await name()).toBe('heart valve');
      await s.page.click('#go-next-candidate');
      await s.page.click('#rel-narrow');
      await settled(s.page);
      expect(await s.page.textContent('.cand.focus .rel')).toBe('skos:narrowMatch (changed)');
      await s.page.click('#do-unsure');
      await expect.poll(async () => (await rows(s.out)).find((m) => m.objectId === `${TGT}CardiacValve`)?.extensions?.review_decision, { timeout: 5000 }).toBe('unsure');
      await settled(s.page);
      await s.page.click('#do-reject');
      await expect.poll(async () => (await rows(s.out)).find((m) => m.objectId === `${TGT}HeartValve`)?.predicateModifier, { timeout: 5000 }).toBe('Not');
      await settled(s.page);
      await s.page.click('#do-undo');
      await expect.poll(async () => (await rows(s.out)).some((m) => m.objectId === `${TGT}HeartValve`), { timeout: 5000 }).toBe(false);
      await settled(s.page);
      expect(await name()).toBe('heart valve');
      await s.page.click('#do-accept');
      await expect.poll(async () => (await rows(s.out)).find((m) => m.objectId === `${TGT}HeartValve`)?.extensions?.review_decision, { timeout: 5000 }).toBe('accept');
      await settled(s.page);
      await clear(s.page);
      const subject = await s.page.textContent('#detail h2');
      await s.page.click('#go-next-item');
      await s.page.waitForFunction((x) => document.querySelector('#detail h2')?.textContent !== x, subject);
      await settled(s.page);
      await s.page.click('#go-prev-item');
      await s.page.waitForFunction((x) => document.querySelector('#detail h2')?.textContent === x, subject);
      await settled(s.page);
    });
  });

  describe('keys that outrun the page', () => {
    let s: Awaited<ReturnType<typeof start>>;
    const decisions: Array<Record<string, unknown>> = [];
    beforeAll(async () => {
      s = await start();
      // The server answers decisions 250 ms late, as a loaded machine would: keys 20 ms apart
      // then always arrive while the first decision is in flight.
      await s.page.route('**/api/decisions', async (route) => {
        decisions.push(JSON.parse(route.request().postData() ?? '{}'));
        await new Promise((r) => setTimeout(r, 250));
        await route.continue();
      });
      await load(s.page, s.server);
      await s.page.uncheck('#advance');
    });
    afterAll(() => s?.close());

    it('r then a 20 ms apart rejects the focused candidate and never accepts it; the a is refused visibly', async () => {
      await show(s.page, 'src:Valve', 'heart valve');
      await s.page.keyboard.press('r');
      await s.page.waitForTimeout(20);
      await s.page.keyboard.press('a');
      await settled(s.page);
      await expect.poll(async () => (await rows(s.out)).map((m) => [m.objectId, m.extensions?.review_decision]), { timeout: 5000 }).toEqual([[`${TGT}HeartValve`, 'reject']]);
      // One request only, naming the candidate and the status the reviewer saw.
      expect(decisions).toEqual([{ subject_id: `${SRC}Valve`, predicate_id: 'skos:exactMatch', object_id: `${TGT}HeartValve`, decision: 'reject', expected_status: 'open' }]);
      expect(await s.page.textContent('#msg')).toBe('a not applied: it was pressed on heart valve, which is no longer in focus');
      expect(await s.page.getAttribute('#msg', 'class')).toContain('alert');
    });

    it('a decision waiting on a slow server says so at once, and the header no longer says "saved"', async () => {
      const t = await start();
      try {
        // The server's answer is held until the test lets it go.
        let release = (): void => undefined;
        const held = new Promise<void>((r) => (release = r));
        await t.page.route('**/api/decisions', async (route) => {
          await held;
          await route.continue();
        });
        await load(t.page, t.server);
        await t.page.uncheck('#advance');
        await show(t.page, 'src:Kidney', 'kidney');
        await expect.poll(() => t.page.textContent('#saved')).toBe('saved');
        await t.page.keyboard.press('b');
        await t.page.keyboard.press('a');
        await t.page.waitForFunction(() => document.querySelector('#msg')?.textContent === 'accepting kidney as skos:broadMatch: waiting for the server to save it…', undefined, { timeout: 10_000 });
        expect(await t.page.textContent('#saved')).toBe('saving…');
        expect(await rows(t.out)).toEqual([]);
        release();
        await settled(t.page);
        expect(await t.page.textContent('#msg')).toBe('kidney accepted as skos:broadMatch');
        await expect.poll(() => t.page.textContent('#saved'), { timeout: 5000 }).toBe('saved');
      } finally {
        await t.close();
      }
    });

    it('two quick a decide one candidate once', async () => {
      decisions.length = 0;
      await show(s.page, 'src:Aorta', 'aorta');
      await s.page.keyboard.press('a');
      await s.page.keyboard.press('a');
      await settled(s.page);
      expect(decisions).toHaveLength(1);
      await expect.poll(async () => (await rows(s.out)).filter((m) => m.subjectId === `${SRC}Aorta`).map((m) => m.extensions?.review_decision), { timeout: 5000 }).toEqual(['accept']);
      expect(await s.page.textContent('#msg')).toMatch(/^a not applied: aorta is accept now, not open/);
    });

    it('keys queued behind a decision act in order: → then r moves first, and r (pressed on the old focus) is refused', async () => {
      decisions.length = 0;
      await show(s.page, 'src:Kidney', 'kidney');
      await show(s.page, 'src:Spoof', 'lung ⟨U+202E⟩yendik lanigiro');
      await s.page.keyboard.press('u');
      await s.page.keyboard.press('ArrowRight');
      await s.page.keyboard.press('r');
      await settled(s.page);
      expect(decisions.map((d) => [d.object_id, d.decision])).toEqual([[`${TGT}Lung`, 'unsure']]);
      expect(await s.page.locator('.cand.focus .name').textContent()).toBe('kidney');
      expect(await s.page.textContent('#msg')).toMatch(/^r not applied/);
    });
  });

  describe('filters never take decision keys', () => {
    let s: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      s = await start();
      await load(s.page, s.server);
      await s.page.uncheck('#advance');
    });
    afterAll(() => s?.close());

    it('a on the focused "best value" select accepts, and the select keeps its value', async () => {
      await s.page.selectOption('#band', '0.8-');
      await settled(s.page);
      const subject = await s.page.textContent('#detail h2');
      const focused = await s.page.locator('.cand.focus .name').textContent();
      await s.page.focus('#band');
      await s.page.keyboard.press('a');
      await settled(s.page);
      expect(await s.page.inputValue('#band')).toBe('0.8-');
      await expect.poll(async () => (await rows(s.out)).length, { timeout: 5000 }).toBe(1);
      expect(await s.page.textContent('#detail h2')).toBe(subject);
      expect(await s.page.textContent('#msg')).toMatch(new RegExp(`^${focused} accepted as skos:exactMatch`));
    });

    it('d on the focused "show" select does not switch it to "decided", and says why nothing happened', async () => {
      await s.page.focus('#status');
      await s.page.keyboard.press('d');
      await settled(s.page);
      expect(await s.page.inputValue('#status')).toBe('undecided');
      expect(await s.page.textContent('#msg')).toBe('“d” does nothing here: letters never change a filter (leave it with Tab, or use the arrow keys to choose)');
      // Arrow keys still choose, as a select's keys should.
      await s.page.keyboard.press('ArrowDown');
      await settled(s.page);
      expect(await s.page.inputValue('#status')).toBe('decided');
    });

    it('typing in the search field is typing, not deciding', async () => {
      const before = (await rows(s.out)).length;
      await s.page.focus('#search');
      await s.page.keyboard.type('aru');
      expect(await s.page.inputValue('#search')).toBe('aru');
      await s.page.waitForTimeout(300);
      expect((await rows(s.out)).length).toBe(before);
      await s.page.fill('#search', '');
      await s.page.press('#search', 'Escape');
      await settled(s.page);
    });

    it('a search typed and left with Tab is not applied, later either: the box shows the search applied again, and the status line says so', async () => {
      const size = () => s.page.evaluate(() => Number(document.querySelector('#items li')?.getAttribute('aria-setsize') ?? 0));
      // Another filter changing reloads the list with the search the page holds.
      const reloadByFilter = async (): Promise<void> => {
        await s.page.selectOption('#status', 'undecided');
        await settled(s.page);
        await s.page.selectOption('#status', 'all');
        await settled(s.page);
      };
      // Empty the box, type `typed` and leave it with Tab.
      const leaveSearchWith = async (typed: string): Promise<void> => {
        await s.page.focus('#search');
        await s.page.fill('#search', '');
        if (typed) await s.page.keyboard.type(typed);
        await s.page.keyboard.press('Tab');
        await settled(s.page);
      };
      await s.page.selectOption('#status', 'all');
      await settled(s.page);
      const all = await size();
      await leaveSearchWith('heart');
      expect(await s.page.inputValue('#search')).toBe('');
      expect(await s.page.textContent('#msg')).toBe('search for heart not applied (Enter or Esc applies it): the search box is empty again');
      // Another filter reloads the list: with no search, as the box shows.
      await reloadByFilter();
      expect(await size()).toBe(all);
      // With a search applied, the box goes back to it.
      await show(s.page, 'src:Heart', 'heart');
      const found = await size();
      expect(found).toBeLessThan(all);
      await leaveSearchWith('');
      expect(await s.page.inputValue('#search')).toBe('src:Heart');
      expect(await s.page.textContent('#msg')).toBe('search not cleared (Enter or Esc applies it): the search is src:Heart again');
      await reloadByFilter();
      expect(await size()).toBe(found);
      await clear(s.page);
      await s.page.selectOption('#status', 'undecided');
      await settled(s.page);
    });
  });

  describe('one-to-one asks first', () => {
    let s: Started;
    const bodies: Array<Record<string, unknown>> = [];
    beforeAll(async () => { s = await startWatching(bodies); });
    afterAll(() => s?.close());

    it('accepting a candidate closed by propagation opens a dialog naming the acceptance; Cancel decides nothing', async () => {
      await show(s.page, 'src:Valve', 'heart valve');
      await s.page.keyboard.press('a'); // heart valve = heart valve: closes cardiac valve
      await settled(s.page);
      await s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('cardiac valve', { exact: true }) }).locator('button.row').click();
      await settled(s.page);
      expect(await s.page.locator('.cand.focus .status').textContent()).toBe('closed');
      await s.page.keyboard.press('a');
      await s.page.waitForSelector('dialog#confirm[open]');
      expect(await s.page.textContent('#confirm-body')).toBe('Accepting cardiac valve breaks one-to-one:heart valve skos:exactMatch heart valve is accepted: this would be a second equivalence for the subject');
      // Keys do not reach the page while it asks; Escape cancels.
      await s.page.keyboard.press('a');
      await s.page.keyboard.press('Escape');
      await settled(s.page);
      expect(await s.page.locator('dialog#confirm[open]').count()).toBe(0);
      // The server answers a decision before its save lands on disk: wait for the file.
      await expect.poll(async () => (await rows(s.out)).map((m) => m.objectId), { timeout: 5000 }).toEqual([`${TGT}HeartValve`]);
      expect(await s.page.textContent('#msg')).toBe('not accepted: cardiac valve stays closed');
      expect(bodies).toHaveLength(1);
    });

    it('"Accept anyway" accepts with confirm; z restores the exact earlier state, shown', async () => {
      await s.page.keyboard.press('a');
      await s.page.waitForSelector('dialog#confirm[open]');
      await s.page.click('#confirm-yes');
      await expect.poll(async () => (await rows(s.out)).map((m) => m.objectId).sort(), { timeout: 5000 }).toEqual([`${TGT}CardiacValve`, `${TGT}HeartValve`]);
      await settled(s.page);
      expect(bodies.at(-1)).toEqual({ subject_id: `${SRC}Valve`, predicate_id: 'skos:exactMatch', object_id: `${TGT}CardiacValve`, decision: 'accept', expected_status: 'closed', confirm: 'break-one-to-one' });
      await s.page.keyboard.press('z');
      await expect.poll(async () => (await rows(s.out)).map((m) => m.objectId), { timeout: 5000 }).toEqual([`${TGT}HeartValve`]);
      await settled(s.page);
      // The page shows the state the server restored, on the candidate the undo concerned.
      expect(await s.page.locator('.cand.focus .name').textContent()).toBe('cardiac valve');
      const status = await s.page.locator('.cand.focus .status').textContent();
      expect(await s.page.textContent('#msg')).toBe(`undone: cardiac valve is ${status} again${status === 'closed' ? ' (closed by an acceptance)' : ''}`);
    });

    it('a server that refuses a second equivalence (409 E_REVIEW_ONE_TO_ONE) gets the same question, and the confirmed retry', async () => {
      await show(s.page, 'src:Organ', 'organ');
      bodies.length = 0;
      let refused = 0;
      await s.page.route('**/api/decisions', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}');
        if (body.confirm) return route.continue();
        refused++;
        return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'E_REVIEW_ONE_TO_ONE', message: 'a second equivalence', conflicts: [{ subject_id: 'src:Valve', predicate_id: 'skos:exactMatch', object_id: 'tgt:HeartValve' }] } }) });
      });
      await s.page.keyboard.press('a');
      await s.page.waitForSelector('dialog#confirm[open]');
      expect(await s.page.textContent('#confirm-body')).toContain('src:Valve skos:exactMatch tgt:HeartValve is accepted');
      await s.page.click('#confirm-yes');
      await expect.poll(async () => (await rows(s.out)).some((m) => m.subjectId === `${SRC}Organ`), { timeout: 5000 }).toBe(true);
      await settled(s.page);
      expect(refused).toBe(1);
      expect(bodies.map((b) => b.confirm)).toEqual([undefined, 'break-one-to-one']);
      await s.page.unroute('**/api/decisions');
    });
  });

  describe('several reviewers: resumed from a file where two reviewers disagree, settled by an adjudicator on the page', () => {
    const A = 'orcid:0000-0002-1825-0097';
    const B = 'orcid:0000-0001-5109-3700';
    const C = 'orcid:0000-0003-4423-4370';
    const iri = (orcid: string): string => orcid.replace('orcid:', 'https://orcid.org/');
    let s: Started;
    const sent: Array<Record<string, unknown>> = [];
    beforeAll(async () => {
      const files = pageFixture();
      const out = join(files.dir, 'reviewed.sssom.tsv');
      const open = (reviewer: string, today: string, adjudicator = false) =>
        openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer, today: () => today, ...(adjudicator ? { adjudicator: true } : {}) });
      // A and B review one after the other in the same file: they disagree on heart and agree on aorta.
      const a = await open(A, '2026-12-01');
      const heart = a.find(`${SRC}Heart`, 'skos:exactMatch', `${TGT}Heart`)!;
      const aorta = a.find(`${SRC}Aorta`, 'skos:exactMatch', `${TGT}Aorta`)!;
      a.decide(heart, 'accept', { comment: 'same \u202Eorgan' });
      a.decide(aorta, 'accept');
      await a.flush();
      const b = await open(B, '2026-12-02');
      b.decide(heart, 'reject', { comment: 'the target means the organ of the whole body' });
      b.decide(aorta, 'accept');
      await b.flush();
      // C opens the page on that file as the adjudicator.
      s = await serve(await open(C, '2026-12-03', true), out);
      s.page.on('request', (r) => { if (r.url().endsWith('/api/decisions')) sent.push(JSON.parse(r.postData() ?? '{}')); });
      await load(s.page, s.server);
      await s.page.uncheck('#advance');
    });
    afterAll(() => s?.close());

    const heartCandidate = () => s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('heart', { exact: true }) });

    it('shows both reviewers\' decisions side by side with their comments, flags the conflict, and the conflicts filter lists only that subject', async () => {
      expect(await s.page.locator('#status option[value="conflict"]').isEnabled()).toBe(true);
      await s.page.selectOption('#status', 'conflict');
      await s.page.waitForFunction(() => document.querySelectorAll('#items li').length === 1);
      await settled(s.page);
      expect(await s.page.locator('#items li .l').allTextContents()).toEqual(['heart']);
      expect(await s.page.textContent('#detail h2')).toBe('heart');
      await heartCandidate().locator('button.row').click();
      await settled(s.page);
      expect(await s.page.locator('.cand.focus .flag').textContent()).toBe('conflict');
      expect(await s.page.locator('.cand.focus ul.decisions li').allTextContents()).toEqual([
        `accept skos:exactMatch · ${iri(A)} · 2026-12-01 · review · “same ⟨U+202E⟩organ”`,
        `reject skos:exactMatch · ${iri(B)} · 2026-12-02 · review · “the target means the organ of the whole body”`,
      ]);
      expect(await s.page.locator('.cand.focus .warn').allTextContents()).toContain('reviewers disagree on this candidate: an adjudicating decision settles it');
    });

    it('the word "conflict" is drawn whole inside its row at 1400, 800 and 390 px, and the values of the item\'s rows stay in line', async () => {
      // Where the word is drawn, against its cell and its row; where each row's value starts.
      const measure = `(() => {
        const flag = document.querySelector('.cand.focus .flag');
        const range = document.createRange();
        range.selectNodeContents(flag);
        const text = range.getBoundingClientRect();
        const cell = flag.getBoundingClientRect();
        const row = flag.closest('button.row').getBoundingClientRect();
        const values = [...document.querySelectorAll('.cand .val')].map((v) => Math.round(v.getBoundingClientRect().right));
        return { text: [text.left, text.right], cell: [cell.left, cell.right], row: [row.left, row.right], values };
      })()`;
      try {
        for (const width of [1400, 800, 390]) {
          await s.page.setViewportSize({ width, height: 820 });
          await settled(s.page);
          const m = await s.page.evaluate<{ text: number[]; cell: number[]; row: number[]; values: number[] }>(measure);
          expect(m.text[1]! - m.text[0]!, `at ${width} px`).toBeGreaterThan(0);
          expect(m.text[0], `at ${width} px`).toBeGreaterThanOrEqual(m.cell[0]! - 0.5);
          expect(m.text[1], `at ${width} px`).toBeLessThanOrEqual(m.cell[1]! + 0.5);
          expect(m.cell[1], `at ${width} px`).toBeLessThanOrEqual(m.row[1]! + 0.5);
          expect(Math.max(...m.values) - Math.min(...m.values), `at ${width} px: ${m.values.join(", ")}`).toBeLessThanOrEqual(2);
          if (width === 390) await s.page.screenshot({ path: join(SHOTS, 'review-conflict-phone.png') });
        }
      } finally {
        await s.page.setViewportSize({ width: 1400, height: 820 });
        await settled(s.page);
      }
    });

    it('"save comment" with an empty box on a candidate only others commented on removes nothing and says there is nothing to save', async () => {
      await s.page.fill('#comment', '');
      await s.page.click('#save-comment');
      await settled(s.page);
      expect(await s.page.textContent('#msg')).toBe('nothing to save: the box is empty and you have no comment on heart');
      expect(await s.page.locator('.cand.focus ul.decisions li').count()).toBe(2);
    });

    it('an adjudicating accept with a comment settles the conflict; the file keeps A\'s and B\'s rows and comments beside C\'s', async () => {
      await s.page.fill('#comment', 'checked the definition');
      await s.page.press('#comment', 'Escape');
      await s.page.keyboard.press('a');
      await expect.poll(async () => (await rows(s.out)).filter((m) => m.subjectId === `${SRC}Heart`).length, { timeout: 5000 }).toBe(3);
      await settled(s.page);
      expect(sent).toEqual([expect.objectContaining({ subject_id: `${SRC}Heart`, object_id: `${TGT}Heart`, decision: 'accept', comment: 'checked the definition' })]);
      const heart = (await rows(s.out)).filter((m) => m.subjectId === `${SRC}Heart`).map((m) => ({
        reviewer: (m as { reviewerId?: string[] }).reviewerId?.[0], date: (m as { reviewDate?: string }).reviewDate, modifier: m.predicateModifier,
        comment: (m as { comment?: string }).comment, role: m.extensions?.review_role,
      })).sort((x, y) => String(x.date).localeCompare(String(y.date)));
      expect(heart).toEqual([
        { reviewer: iri(A), date: '2026-12-01', modifier: undefined, comment: 'same \u202Eorgan', role: undefined },
        { reviewer: iri(B), date: '2026-12-02', modifier: 'Not', comment: 'the target means the organ of the whole body', role: undefined },
        { reviewer: iri(C), date: '2026-12-03', modifier: undefined, comment: 'checked the definition', role: 'adjudicator' },
      ]);
      // Where A and B agree, the rows say so; the page asked nothing about it.
      const aorta = (await readMappings(s.out)).mappings.filter((m) => 'subjectId' in m && m.subjectId === `${SRC}Aorta`);
      expect(aorta.map((m) => (m as { extra?: Record<string, unknown> }).extra?.reviewer_agreement)).toEqual([1, 1]);
      // Shown settled: no conflict flag, C's decision beside the others', nothing left under "conflicts".
      expect(await heartCandidate().locator('.flag').textContent()).toBe('');
      expect(await heartCandidate().locator('ul.decisions li').allTextContents()).toContain(`accept skos:exactMatch · ${iri(C)} · 2026-12-03 · review · “checked the definition”`);
      await s.page.selectOption('#status', 'conflict');
      await expect.poll(() => s.page.locator('#items li').count()).toBe(0);
    });
  });

  describe('incoherence warning', () => {
    let s: Started;
    beforeAll(async () => {
      s = await start(undefined, coherenceFixture());
      await load(s.page, s.server);
      await s.page.uncheck('#advance');
    });
    afterAll(() => s?.close());

    const organisation = () => s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('administration organisation', { exact: true }) });

    it('says, on the candidate whose acceptance would clash with a disjointness, which accepted mapping and which axiom it breaks; nothing before', async () => {
      await show(s.page, 'src:Administrator', 'administrator');
      await organisation().locator('button.row').click();
      await settled(s.page);
      expect(await s.page.locator('.cand.focus .warn').allTextContents()).toEqual([]);
      await show(s.page, 'src:Person', 'person');
      await s.page.keyboard.press('a');
      await expect.poll(async () => (await rows(s.out)).length, { timeout: 5000 }).toBe(1);
      await settled(s.page);
      await show(s.page, 'src:Administrator', 'administrator');
      await organisation().locator('button.row').click();
      await settled(s.page);
      expect(await s.page.locator('.cand.focus .warn').allTextContents()).toEqual([
        'incoherent: accepting this with the accepted person skos:exactMatch person breaks Organisation disjointWith Person (target)',
      ]);
      await s.page.screenshot({ path: join(SHOTS, 'review-incoherent.png') });
      // The coherent candidate beside it carries no warning.
      await s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('administrator', { exact: true }) }).locator('button.row').click();
      await settled(s.page);
      expect(await s.page.locator('.cand.focus .warn').count()).toBe(0);
    });
  });

  describe('accessibility', () => {
    let s: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      s = await start();
      await load(s.page, s.server);
      await s.page.uncheck('#advance');
      await s.page.selectOption('#status', 'all');
      await settled(s.page);
    });
    afterAll(() => s?.close());

    it('closed-card text, decided rows and the current-item marker meet WCAG AA (4.5:1), computed from the rendered styles', async () => {
      await show(s.page, 'src:Valve', 'heart valve');
      await s.page.keyboard.press('a');
      await settled(s.page);
      await clear(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('heart valve');
      const styles = await s.page.evaluate(() => {
        const background = (e: El | null): string => {
          for (let n = e; n; n = n.parentElement) {
            const bg = getComputedStyle(n).backgroundColor;
            if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
          }
          return 'rgb(255, 255, 255)';
        };
        const opacity = (e: El | null): number => {
          let o = 1;
          for (let n = e; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
          return o;
        };
        const texts = (sel: string) => Array.from(document.querySelectorAll(sel)).map((e) => ({ what: `${sel}: ${e.textContent}`, color: getComputedStyle(e).color, bg: background(e), opacity: opacity(e) }));
        const current = document.querySelector('#items li.current')!;
        return {
          closed: [...texts('.cand.closed .name bdi'), ...texts('.cand.closed .rel'), ...texts('.cand.closed .status'), ...texts('.cand.closed .val'), ...texts('.cand.closed .rank')],
          decided: [...texts('.cand.accept .status'), ...texts('.cand.accept .name bdi')],
          list: [...texts('#items li.current .l'), ...texts('#items li.current .v'), ...texts('#items li .v'), ...texts('#items li.done .l')],
          muted: [...texts('.meta'), ...texts('dl.ctx dt'), ...texts('#msg')],
          marker: { color: getComputedStyle(current).borderLeftColor, bg: background(current.parentElement) },
        };
      });
      expect(styles.closed.length).toBeGreaterThanOrEqual(5);
      for (const t of [...styles.closed, ...styles.decided, ...styles.list, ...styles.muted]) {
        expect(t.opacity, t.what).toBe(1);
        expect(contrast(t.color, t.bg), t.what).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(styles.marker.color, styles.marker.bg)).toBeGreaterThanOrEqual(4.5);
    });

    it('only a short status line is live: the item pane is not re-announced on every key', async () => {
      const live = await s.page.evaluate(() => Array.from(document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')).map((e) => e.getAttribute('id')));
      // The status line, and alerts that show only when saving fails or the server has stopped (hidden and empty until then).
      expect(live).toEqual(['save-failure', 'server-gone', 'msg']);
      expect([await s.page.isHidden('#save-failure'), await s.page.textContent('#save-failure')]).toEqual([true, '']);
      // The focus is on the first open candidate (valve, the last); one to the left:
      await s.page.keyboard.press('ArrowLeft');
      await settled(s.page);
      expect(await s.page.textContent('#msg')).toBe('3 of 4: heart (skos:closeMatch, closed; warning: closed by heart valve skos:exactMatch heart valve)');
      await s.page.keyboard.press('j');
      await settled(s.page);
      expect((await s.page.textContent('#msg'))!.length).toBeLessThan(80);
    });

    it('the item list is one tab stop: Tab crosses it in one step, ↑ ↓ move within it, Enter opens the item', async () => {
      const onItem = () => s.page.evaluate(() => (document.activeElement?.className === 'it' ? document.activeElement.querySelector('.l')?.textContent : null));
      if (await s.page.inputValue('#search')) await clear(s.page);
      expect(await s.page.locator('#items li').count()).toBeGreaterThan(2);
      await s.page.focus('#advance');
      await s.page.keyboard.press('Tab');
      const current = await s.page.textContent('#items li.current .l');
      expect(await onItem()).toBe(current);
      await s.page.keyboard.press('Tab');
      expect(await onItem()).toBeNull();
      await s.page.keyboard.press('Shift+Tab');
      expect(await onItem()).toBe(current);
      const shown = await s.page.textContent('#detail h2');
      await s.page.keyboard.press('Home');
      expect(await onItem()).toBe(await s.page.textContent('#items li:nth-child(1) .l'));
      await s.page.keyboard.press('ArrowDown');
      const second = await onItem();
      expect(second).toBe(await s.page.textContent('#items li:nth-child(2) .l'));
      expect(await s.page.textContent('#detail h2')).toBe(shown);
      await s.page.keyboard.press('Enter');
      await settled(s.page);
      expect(await s.page.textContent('#detail h2')).toBe(second);
    });

    it('every control can take the focus and has a name', async () => {
      // Candidate rows are taken apart below: focusing one makes it the focused candidate, which redraws them.
      const controls = s.page.locator('button:visible:not(.row), select:visible, input:visible, textarea:visible, a[href]:visible, summary:visible');
      const count = await controls.count();
      expect(count).toBeGreaterThan(20);
      for (let i = 0; i < count; i++) {
        const control = controls.nth(i);
        // A summary is named by its text (Chromium reports it as a disclosure triangle).
        if (await control.evaluate((e) => (e as unknown as El).tagName === 'SUMMARY')) expect(await control.textContent()).toMatch(/\S/);
        else {
          const snapshot = await control.ariaSnapshot();
          expect(snapshot, snapshot).toMatch(/^- \w+ "[^"]+"/);
        }
        await control.focus();
        expect(await control.evaluate((e) => document.activeElement === (e as unknown as El))).toBe(true);
      }
      // Candidates are buttons, reachable with Tab; each, focused, is the focused candidate and keeps the keyboard focus.
      const cands = await s.page.locator('.cand').count();
      expect(await s.page.locator('.cand button.row').count()).toBe(cands);
      for (let i = 0; i < cands; i++) {
        const row = s.page.locator('.cand button.row').nth(i);
        expect((await row.ariaSnapshot())).toMatch(/^- button "[^"]+"/);
        await row.focus();
        await settled(s.page);
        expect(await s.page.evaluate(() => document.activeElement?.closest('.cand')?.className.includes('focus'))).toBe(true);
        expect(await s.page.evaluate(() => (document.activeElement?.closest('.cand') as unknown as { dataset: Record<string, string> } | null)?.dataset.index)).toBe(String(i));
      }
    });
  });

  describe('on a phone (390 px)', () => {
    let s: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      s = await start({ width: 390, height: 844 });
      await load(s.page, s.server);
    });
    afterAll(() => s?.close());

    it('one column without sideways scrolling; every button on screen, at least 44 px tall; the list opens from a button', async () => {
      await show(s.page, 'src:Valve', 'heart valve');
      const width = await s.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      const subject = (await s.page.locator('#subject-pane .card').boundingBox())!;
      expect(subject.width).toBeGreaterThan(350);
      for (const id of ['do-accept', 'do-reject', 'do-unsure', 'do-undo', 'rel-exact', 'rel-broad', 'rel-narrow', 'rel-close', 'go-prev-candidate', 'go-next-candidate', 'go-prev-item', 'go-next-item']) {
        const box = (await s.page.locator(`#${id}`).boundingBox())!;
        expect([id, box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844, box.height >= 44]).toEqual([id, true, true]);
      }
      expect(await s.page.locator('#list-pane').isVisible()).toBe(false);
      await s.page.screenshot({ path: join(SHOTS, 'review-390.png') });
      await s.page.click('#toggle-list');
      expect(await s.page.locator('#list-pane').isVisible()).toBe(true);
      await s.page.click('#items li:nth-child(1) button');
      await settled(s.page);
      expect(await s.page.locator('#list-pane').isVisible()).toBe(false);
      // Deciding with the thumb.
      await s.page.click('#do-reject');
      await expect.poll(async () => (await rows(s.out)).length, { timeout: 5000 }).toBe(1);
    });
  });

  describe('the keyboard focus is the candidate the keys act on; what happened is said and marked', () => {
    let s: Started;
    const bodies: Array<Record<string, unknown>> = [];
    beforeAll(async () => { s = await startWatching(bodies); });
    afterAll(() => s?.close());

    it('a candidate row reached with Tab becomes the focused candidate: a decides it, not the one focused before, and the row keeps the keyboard focus', async () => {
      await show(s.page, 'src:Valve', 'heart valve');
      expect(await s.page.locator('.cand.focus .name').textContent()).toBe('heart valve');
      await s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('valve', { exact: true }) }).locator('button.row').focus(); // broadMatch valve
      await settled(s.page);
      expect(await s.page.locator('.cand.focus .name').textContent()).toBe('valve');
      expect(await s.page.evaluate(() => document.activeElement?.className)).toBe('row');
      bodies.length = 0;
      await s.page.keyboard.press('r');
      await settled(s.page);
      expect(bodies.map((b) => [b.object_id, b.decision])).toEqual([[`${TGT}Valve`, 'reject']]);
      // The page moved on to the first open candidate, named on the status line, with the keyboard there too.
      expect(await s.page.textContent('#msg')).toMatch(/^valve rejected; now \d of 4: heart valve \(skos:exactMatch, open\)$/);
      expect(await s.page.evaluate(() => document.activeElement?.closest('.cand')?.querySelector('.name')?.textContent)).toBe('heart valve');
      await s.page.keyboard.press('z');
      await settled(s.page);
    });

    it('a row reached while a decision is still saving takes the relation chosen on it before a: the acceptance carries it', async () => {
      await show(s.page, 'src:Valve', 'heart valve');
      // The keyboard on the focused candidate (not still in the search box the item was opened from).
      await s.page.locator('.cand.focus button.row').focus();
      await settled(s.page);
      // Decisions answered late, as on a slow disk: the focus move to the row waits behind the save.
      await s.page.route('**/api/decisions', async (route) => { await new Promise((r) => setTimeout(r, 700)); await route.continue(); });
      try {
        bodies.length = 0;
        await s.page.keyboard.press('u'); // heart valve: unsure, answered late
        await s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('valve', { exact: true }) }).locator('button.row').focus();
        await s.page.keyboard.press('e');
        await s.page.keyboard.press('a');
        await settled(s.page);
        expect(bodies.map((b) => [b.object_id, b.decision, b.relation])).toEqual([[`${TGT}HeartValve`, 'unsure', undefined], [`${TGT}Valve`, 'accept', 'skos:exactMatch']]);
      } finally {
        await s.page.unroute('**/api/decisions');
      }
      await s.page.keyboard.press('z');
      await settled(s.page);
      await s.page.keyboard.press('z');
      await settled(s.page);
    });

    it('a redraw with the keyboard on the evidence toggle keeps it there, not on the page (the next Tab would open the first row)', async () => {
      await show(s.page, 'src:Valve', 'heart valve');
      await s.page.focus('.cand.focus details.evidence summary');
      await s.page.keyboard.press('e');
      await settled(s.page);
      expect(await s.page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      await s.page.keyboard.press('e');
      await settled(s.page);
    });

    it('m writes a comment on the focused candidate; "save comment" with the box emptied removes it', async () => {
      await show(s.page, 'src:Aorta', 'aorta');
      await s.page.keyboard.press('m');
      expect(await s.page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe('comment');
      await s.page.keyboard.type('to be removed');
      await s.page.keyboard.press('Escape');
      await s.page.keyboard.press('u');
      await settled(s.page);
      await expect.poll(async () => (await rows(s.out)).find((m) => m.subjectId === `${SRC}Aorta`) as { comment?: string } | undefined, { timeout: 5000 }).toMatchObject({ comment: 'to be removed' });
      await s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('aorta', { exact: true }) }).locator('button.row').click();
      await settled(s.page);
      await s.page.fill('#comment', '');
      await s.page.click('#save-comment');
      await settled(s.page);
      expect(await s.page.textContent('#msg')).toBe('comment removed from aorta');
      await expect.poll(async () => ((await rows(s.out)).find((m) => m.subjectId === `${SRC}Aorta`) as { comment?: string } | undefined)?.comment, { timeout: 5000 }).toBeUndefined();
      await s.page.keyboard.press('z');
      await settled(s.page);
    });

    it('a decision that closes another subject\'s last open candidate marks that subject done in the list; undo takes the mark back', async () => {
      const spoofDone = () => s.page.evaluate(() => Array.from(document.querySelectorAll('#items li')).find((li) => li.querySelector('.l')?.textContent?.startsWith('lung'))?.className.includes('done'));
      await show(s.page, 'src:Spoof', 'lung ⟨U+202E⟩yendik lanigiro');
      await s.page.keyboard.press('r'); // lung: rejected; kidney (0.4) stays open
      await settled(s.page);
      await clear(s.page);
      expect(await spoofDone()).toBe(false);
      await show(s.page, 'src:Kidney', 'kidney');
      await s.page.keyboard.press('a'); // kidney = kidney closes the other subject's kidney candidate
      await settled(s.page);
      await clear(s.page);
      expect(await spoofDone()).toBe(true);
      await s.page.keyboard.press('z');
      await settled(s.page);
      expect(await spoofDone()).toBe(false);
      await s.page.keyboard.press('z');
      await settled(s.page);
    });

    it('a search opens its first match, whatever item was open; a search with no match says so', async () => {
      for (let i = 0; i < 6; i++) await s.page.keyboard.press('j');
      await settled(s.page);
      await s.page.fill('#search', 'valve');
      await s.page.press('#search', 'Enter');
      await settled(s.page);
      expect(await s.page.textContent('#items li:nth-child(1) .l')).toBe(await s.page.textContent('#detail h2'));
      await s.page.fill('#search', 'zzzzqqq');
      await s.page.press('#search', 'Enter');
      await settled(s.page);
      expect(await s.page.textContent('#msg')).toBe('no items match the filters');
      await clear(s.page);
    });

    it('with auto-advance, the result of a decision stays on the status line ahead of the next item', async () => {
      await s.page.check('#advance');
      await show(s.page, 'src:Heart', 'heart');
      await s.page.keyboard.press('a');
      await settled(s.page);
      expect(await s.page.textContent('#msg')).toMatch(/^heart accepted as skos:exactMatch; closed \d+ competing candidates? \(one-to-one\); next: .+: \d+ candidates?(, done)?; \d+: /);
      await s.page.uncheck('#advance');
      await s.page.keyboard.press('z');
      await settled(s.page);
    });

    it('z in a resumed review says that undo takes back only this session\'s decisions', async () => {
      const files = pageFixture();
      const out = join(files.dir, 'reviewed.sssom.tsv');
      const open = () => openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097' });
      const first = await serve(await open(), out);
      try {
        await load(first.page, first.server);
        await first.page.keyboard.press('a');
        await settled(first.page);
      } finally {
        await first.close();
      }
      expect(await rows(out)).toHaveLength(1);
      const again = await serve(await open(), out);
      try {
        await load(again.page, again.server);
        expect(await again.page.isDisabled('#do-undo')).toBe(true);
        await again.page.keyboard.press('z');
        await settled(again.page);
        expect(await again.page.textContent('#msg')).toBe('nothing to undo in this session: undo takes back only decisions made since the review was started, and an earlier one is changed by deciding again');
        expect(await rows(out)).toHaveLength(1);
      } finally {
        await again.close();
      }
    });

    /** Stop the page's server and wait until the page's header says it cannot be reached. */
    const stopAndWait = async (page: Page, server: ReviewServer): Promise<void> => {
      await server.close();
      await page.waitForFunction(() => document.querySelector('#saved')?.textContent?.startsWith('server unreachable'), undefined, { timeout: 8000 });
    };

    it('a server that has stopped is said in the header, not "saving…" for ever', async () => {
      const t = await start();
      try {
        await load(t.page, t.server);
        await stopAndWait(t.page, t.server);
        expect(await t.page.getAttribute('#saved', 'class')).toBe('failed');
        // What to open once it is started again: served by the library, in the library's words.
        expect(await t.page.isVisible('#server-gone')).toBe(true);
        expect(await t.page.textContent('#server-gone')).toBe("If the review server has stopped, open the new url that serveReview returns when the review is served again: this tab's token no longer works.");
      } finally {
        await t.page.close();
      }
    });

    it('a host words what the page says once the server has stopped (serveReview\'s wording)', async () => {
      const files = pageFixture();
      const out = join(files.dir, 'reviewed.sssom.tsv');
      const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097' });
      const server = await serveReview(session, { wording: (m) => m.replace('the new url that serveReview returns when the review is served again', 'the "new" <address> & token the host prints') });
      const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
      try {
        await load(page, server);
        expect(await page.isVisible('#server-gone')).toBe(false);
        await stopAndWait(page, server);
        expect(await page.textContent('#server-gone')).toBe('If the review server has stopped, open the "new" <address> & token the host prints: this tab\'s token no longer works.');
      } finally {
        await page.close();
      }
    });

    it('a decision pressed after the server stopped is said not known to be saved, by name, in words; nothing is shown decided', async () => {
      const t = await start();
      try {
        await load(t.page, t.server);
        const name = await t.page.locator('.cand.focus .name').textContent();
        await t.server.close();
        await t.page.keyboard.press('a');
        await settled(t.page);
        expect(await t.page.textContent('#msg')).toBe(`a on ${name} got no answer (the review server has stopped or cannot be reached), so it is not known to be saved; ${name} is shown as it was (open): press a again once the server answers, here or at the new address of a review started again`);
        expect(await t.page.getAttribute('#msg', 'class')).toBe('alert');
        expect(await t.page.textContent('#saved')).toBe('server unreachable: decisions are not being taken');
        expect(await t.page.locator('.cand.focus .status').textContent()).toBe('open');
        // A move gets words too, not the browser's "Failed to fetch".
        await t.page.keyboard.press('j');
        await settled(t.page);
        expect(await t.page.textContent('#msg')).toBe('error: the review server has stopped or cannot be reached');
        expect(await rows(t.out)).toEqual([]);
      } finally {
        await t.page.close();
      }
    });
  });

  describe('small and zoomed screens', () => {
    it('at 640 × 360 (200 % zoom) the focused candidate\'s warnings are above the button bar, not under it', async () => {
      const s = await start({ width: 640, height: 360 });
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await s.page.selectOption('#status', 'all');
        await settled(s.page);
        await show(s.page, 'src:Valve', 'heart valve');
        await s.page.keyboard.press('a'); // closes cardiac valve
        await settled(s.page);
        await s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('cardiac valve', { exact: true }) }).locator('button.row').focus();
        await settled(s.page);
        expect(await s.page.locator('.cand.focus .name').textContent()).toBe('cardiac valve');
        const hidden = await s.page.evaluate(() => {
          const bar = (document.querySelector('#toolbar') as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top;
          const warn = document.querySelector('.cand.focus .warn') as unknown as { getBoundingClientRect(): { top: number; bottom: number } } | null;
          return { warn: warn !== null && warn.getBoundingClientRect().bottom <= bar };
        });
        expect(hidden).toEqual({ warn: true });
        await s.page.screenshot({ path: join(SHOTS, 'review-640x360.png') });
      } finally {
        await s.close();
      }
    });

    it('the item list keeps its rows\' focus ring inside them (drawn outside, the next row would cover it)', async () => {
      const s = await start();
      try {
        await load(s.page, s.server);
        await s.page.focus('#items li:nth-child(2) button');
        const offset = await s.page.evaluate(() => getComputedStyle(document.querySelector('#items li:nth-child(2) button')!).outlineOffset);
        expect(offset).toBe('-3px');
      } finally {
        await s.close();
      }
    });
  });

  describe('texts matched, and what ioa-align knows of a product', () => {
    let s: Started;
    beforeAll(async () => {
      // An MCP server record that names a product, its candidates from `propose` against the bundled OASF 1.1.0 skills.
      const dir = mkdtempSync(join(tmpdir(), 'ioa-review-page-records-'));
      const files: FixtureFiles = { dir, source: join(dir, 'servers.jsonl'), target: fileURLToPath(new URL('../../corpora/agents/oasf/v1.1.1/schema/skills', import.meta.url)), candidates: join(dir, 'candidates.sssom.tsv') };
      writeFileSync(files.source, `${JSON.stringify({ id: 'urn:r/influx', kind: 'mcp-server', name: 'io.github.idoru/influxdb-mcp-server', description: 'An MCP server for querying InfluxDB', tags: [], examples: [] })}\n`);
      execFileSync(process.execPath, ['bin/ioa-align.js', 'propose', files.source, files.target, '--out', files.candidates, '--quiet'], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
      s = await start(undefined, files);
      await load(s.page, s.server);
    });
    afterAll(() => s?.close());

    it('shows the texts the candidate file says matched, and says that a product\'s description is ioa-align\'s knowledge, not the record\'s words', async () => {
      expect(PRODUCT_FIELD).toBe(PRODUCT_DESCRIPTION_FIELD);
      const product = s.page.locator('.cand').filter({ has: s.page.locator('.name').getByText('NoSQL Database Operations', { exact: true }) });
      await product.locator('button.row').click();
      await settled(s.page);
      await s.page.locator('.cand.focus details.evidence summary').click();
      const pairs = await s.page.locator('.cand.focus .matched-text li').allTextContents();
      expect(pairs).toContain('InfluxDB: a time-series database (NoSQL store of metrics and events) ~ NoSQL Database Operations');
      expect(pairs).toContain('An MCP server for querying InfluxDB ~ Model and query document/key-value/wide-column stores.');
      expect(await s.page.locator('.cand.focus details.evidence .warn').textContent()).toBe(`${PRODUCT_DESCRIPTION_FIELD}: what ioa-align's gazetteer says the product the record names is, not the record's own words`);
      await s.page.screenshot({ path: join(s.out, '..', 'product-evidence.png') });
    });
  });

  describe('comments, clicked buttons, other tabs and a file that cannot be saved', () => {
    const decided = async (out: string) => (await rows(out)).map((m) => ({
      subject: m.subjectId.replace(SRC, ''), object: m.objectId.replace(TGT, ''), predicate: m.predicateId,
      decision: m.extensions?.review_decision, comment: (m as { comment?: string }).comment,
    }));

    it('Enter in the comment is a new line: the words after it are typed, not run as commands; Esc leaves, a accepts with both lines', async () => {
      const s = await start();
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await show(s.page, 'src:Aorta', 'aorta');
        await s.page.click('#comment');
        await s.page.keyboard.type('same vessel');
        await s.page.keyboard.press('Enter');
        await s.page.keyboard.type('but check the range');
        await s.page.keyboard.press('Shift+Enter');
        await s.page.keyboard.type('again');
        await settled(s.page);
        // `but check the range` holds b, u, c, h, r, a, e, n: run as commands they would decide three times.
        expect(await decided(s.out)).toEqual([]);
        expect(await s.page.inputValue('#comment')).toBe('same vessel\nbut check the range\nagain');
        await s.page.keyboard.press('Escape');
        await s.page.keyboard.press('a');
        await expect.poll(() => decided(s.out), { timeout: 5000 }).toEqual([{ subject: 'Aorta', object: 'Aorta', predicate: 'skos:exactMatch', decision: 'accept', comment: 'same vessel\nbut check the range\nagain' }]);
      } finally {
        await s.close();
      }
    });

    it('leaving the page (closing or reloading the tab) with a decision still on its way, or a comment typed and not sent, asks first; with nothing pending it goes at once', async () => {
      const s = await start();
      const asked: string[] = [];
      s.page.on('dialog', (d) => {
        asked.push(d.type());
        void d.dismiss();
      });
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await show(s.page, 'src:Aorta', 'aorta');
        const review = s.page.url();
        // Leaving the page, as closing the tab or reloading it does, is asked about; dismissed, the page stays.
        const leave = () => s.page.goto('about:blank').then(() => true, () => false);
        // A decision whose answer is held.
        let release = (): void => undefined;
        const held = new Promise<void>((r) => (release = r));
        await s.page.route('**/api/decisions', async (route) => {
          await held;
          await route.continue();
        });
        await s.page.keyboard.press('l');
        await s.page.keyboard.press('r');
        await s.page.waitForFunction(() => document.querySelector('#msg')?.textContent?.startsWith('rejecting blood vessel') === true);
        expect(await leave()).toBe(false);
        expect(asked).toEqual(['beforeunload']);
        expect(s.page.url()).toBe(review);
        release();
        await settled(s.page);
        // A comment typed, then the keyboard moved on: the words are kept for aorta, not sent.
        await s.page.keyboard.press('h');
        await s.page.keyboard.press('m');
        await s.page.keyboard.type('same vessel');
        await s.page.keyboard.press('Escape');
        await s.page.keyboard.press('l');
        await settled(s.page);
        expect(await leave()).toBe(false);
        expect(asked).toEqual(['beforeunload', 'beforeunload']);
        expect(s.page.url()).toBe(review);
        await s.page.keyboard.press('h');
        await s.page.keyboard.press('a');
        await settled(s.page);
        await expect.poll(() => decided(s.out), { timeout: 5000 }).toEqual([
          { subject: 'Aorta', object: 'Aorta', predicate: 'skos:exactMatch', decision: 'accept', comment: 'same vessel' },
          { subject: 'Aorta', object: 'Vessel', predicate: 'skos:closeMatch', decision: 'reject', comment: undefined },
        ]);
        // The comment went with the decision, nothing is on its way: the page is left without a question.
        expect(await leave()).toBe(true);
        expect(asked).toEqual(['beforeunload', 'beforeunload']);
      } finally {
        await s.close();
      }
    });

    it('choosing a relation (key or button) keeps the comment being written; it goes with the acceptance', async () => {
      const s = await start();
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await show(s.page, 'src:Aorta', 'aorta');
        await s.page.fill('#comment', 'the target is broader');
        await s.page.keyboard.press('Escape');
        await s.page.keyboard.press('b');
        await settled(s.page);
        expect(await s.page.inputValue('#comment')).toBe('the target is broader');
        await s.page.click('#rel-narrow');
        await s.page.click('#rel-broad');
        await settled(s.page);
        expect(await s.page.inputValue('#comment')).toBe('the target is broader');
        await s.page.keyboard.press('a');
        await expect.poll(() => decided(s.out), { timeout: 5000 }).toEqual([{ subject: 'Aorta', object: 'Aorta', predicate: 'skos:broadMatch', decision: 'accept', comment: 'the target is broader' }]);
        await settled(s.page);
        // Sent: the next candidate's box starts empty.
        await s.page.keyboard.press('ArrowRight');
        await settled(s.page);
        expect(await s.page.inputValue('#comment')).toBe('');
      } finally {
        await s.close();
      }
    });

    it('a button clicked with the mouse gives the focus back: Space and Enter afterwards decide nothing more', async () => {
      const s = await start();
      try {
        await load(s.page, s.server);
        await show(s.page, 'src:Heart', 'heart');
        await s.page.click('#do-reject');
        await expect.poll(async () => (await decided(s.out)).length, { timeout: 5000 }).toBe(1);
        await settled(s.page);
        await s.page.keyboard.press('Space');
        await s.page.keyboard.press('Enter');
        await s.page.keyboard.press('Space');
        await settled(s.page);
        expect(await decided(s.out)).toEqual([{ subject: 'Heart', object: 'Heart', predicate: 'skos:exactMatch', decision: 'reject', comment: undefined }]);
      } finally {
        await s.close();
      }
    });

    it('"save comment" from a tab showing an acceptance another tab has since rejected is refused: the rejection keeps its reason', async () => {
      const s = await start();
      const other = await browser.newPage({ viewport: { width: 1400, height: 820 } });
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await show(s.page, 'src:Heart', 'heart');
        await s.page.keyboard.press('a');
        await expect.poll(async () => (await decided(s.out)).length, { timeout: 5000 }).toBe(1);
        await load(other, s.server);
        await other.uncheck('#advance');
        await other.selectOption('#status', 'all');
        await settled(other);
        await show(other, 'src:Heart', 'heart');
        expect(await other.locator('.cand.focus .status').textContent()).toBe('accept');
        // The first tab changes its mind, with a reason.
        await settled(s.page);
        await s.page.fill('#comment', 'wrong: the organ of the whole body');
        await s.page.keyboard.press('Escape');
        await s.page.keyboard.press('r');
        await expect.poll(async () => (await decided(s.out))[0]?.decision, { timeout: 5000 }).toBe('reject');
        // The second tab still shows the acceptance and comments on it.
        await other.fill('#comment', 'confirmed, same organ');
        await other.click('#save-comment');
        await expect.poll(() => other.textContent('#msg')).toContain('comment not saved');
        await settled(other);
        expect(await decided(s.out)).toEqual([{ subject: 'Heart', object: 'Heart', predicate: 'skos:exactMatch', decision: 'reject', comment: 'wrong: the organ of the whole body' }]);
        // What was typed is still there, on the item shown again as it is now.
        expect(await other.locator('.cand.focus .status').textContent()).toBe('reject');
        expect(await other.inputValue('#comment')).toBe('confirmed, same organ');
      } finally {
        await other.close();
        await s.close();
      }
    });

    it('two review servers in one browser keep their own sign-in: opening the second does not lock the first out', async () => {
      // One browser profile: the cookies of both servers (127.0.0.1, two ports) live side by side.
      const reviews = await Promise.all([pageFixture(), pageFixture()].map(async (files) => {
        const out = join(files.dir, 'reviewed.sssom.tsv');
        return { out, server: await serveReview(await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097' })) };
      }));
      const [first, second] = reviews as [typeof reviews[0], typeof reviews[0]];
      const context = await browser.newContext({ viewport: { width: 1400, height: 820 } });
      try {
        const page1 = await context.newPage();
        const page2 = await context.newPage();
        await load(page1, first.server);
        await load(page2, second.server);
        await page1.uncheck('#advance');
        await show(page1, 'src:Heart', 'heart');
        await page1.keyboard.press('a');
        await expect.poll(async () => (await decided(first.out)).length, { timeout: 5000 }).toBe(1);
        await settled(page1);
        expect(await page1.textContent('#msg')).toMatch(/^heart accepted as skos:exactMatch/);
        await show(page2, 'src:Kidney', 'kidney');
        await page2.keyboard.press('r');
        await expect.poll(async () => (await decided(second.out)).length, { timeout: 5000 }).toBe(1);
      } finally {
        await context.close();
        await Promise.all(reviews.map((r) => r.server.close()));
      }
    });

    it('a reviewed file changed by another program: the page says NOT SAVED, takes no more decisions, and the session keeps them for a file beside it', async () => {
      const files = pageFixture();
      const out = join(files.dir, 'reviewed.sssom.tsv');
      const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097' });
      const server = await serveReview(session);
      const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
      try {
        await load(page, server);
        await page.uncheck('#advance');
        await show(page, 'src:Heart', 'heart');
        await page.keyboard.press('a');
        await expect.poll(async () => (await decided(out)).length, { timeout: 5000 }).toBe(1);
        await settled(page);
        // An editor saves the file again: a new version on disk, which the session did not read.
        const theirs = readFileSync(out, 'utf8');
        writeFileSync(out, theirs);
        utimesSync(out, new Date(), new Date(Date.now() + 5000));
        await show(page, 'src:Kidney', 'kidney');
        await page.keyboard.press('r'); // saving this one fails: the file is not the one the session read
        await expect.poll(() => page.isVisible('#save-failure'), { timeout: 5000 }).toBe(true);
        expect(await page.textContent('#save-failure')).toContain('changed by another process');
        expect(await page.textContent('#saved')).toBe('NOT SAVED');
        await show(page, 'src:Aorta', 'aorta');
        await page.keyboard.press('a'); // refused: it could not be kept
        await expect.poll(() => page.textContent('#msg')).toContain('not being saved');
        expect(readFileSync(out, 'utf8')).toBe(theirs);
        // Served by the library, the page names what the library offers, never a command's flag or key:
        // the decisions are written beside the file by session.rescue(), not when a command stops.
        const said = `${await page.textContent('#save-failure')} ${await page.textContent('#msg')}`;
        expect(said).toContain('the decisions of this session are kept, and session.rescue() writes them to a new file beside it');
        expect(said).toContain(`Stop the review and have session.rescue() write its decisions to a new file beside ${out}; open the review again with that file as files.decisions`);
        expect(said).not.toMatch(/--\w|Ctrl-C|when the review stops/);
        await page.screenshot({ path: join(SHOTS, 'not-saved-1400.png') });
        const rescued = await session.rescue();
        expect(rescued).toMatch(/reviewed\.sssom\.unsaved-\d{8}T\d{6}Z\.tsv$/);
        expect((await decided(rescued)).map((d) => [d.subject, d.decision])).toEqual([['Heart', 'accept'], ['Kidney', 'reject']]);
      } finally {
        await page.close();
        await server.close().catch(() => {});
      }
    });

    it('a long unbroken comment wraps inside the card at 390 px and 1400 px', async () => {
      for (const width of [390, 1400]) {
        const files = pageFixture();
        const out = join(files.dir, 'reviewed.sssom.tsv');
        const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097' });
        session.decide(session.find(`${SRC}Heart`, 'skos:exactMatch', `${TGT}Heart`)!, 'accept', { comment: `see https://example.org/${'x'.repeat(300)}` });
        await session.flush();
        const s = await serve(session, out, { width, height: 820 });
        try {
          await load(s.page, s.server);
          await s.page.selectOption('#status', 'all');
          await settled(s.page);
          await show(s.page, 'src:Heart', 'heart');
          const overflow = await s.page.evaluate(() => {
            const line = document.querySelector('.cand.focus ul.decisions li') as unknown as { scrollWidth: number; clientWidth: number };
            const panel = document.querySelector('#cands-pane') as unknown as { scrollWidth: number; clientWidth: number };
            return { line: line.scrollWidth - line.clientWidth, panel: panel.scrollWidth - panel.clientWidth, page: document.documentElement.scrollWidth - document.documentElement.clientWidth };
          });
          expect([width, overflow]).toEqual([width, { line: 0, panel: 0, page: 0 }]);
        } finally {
          await s.close();
        }
      }
    });
  });
});
