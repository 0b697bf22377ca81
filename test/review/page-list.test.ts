/**
 * The review page's item list on a file of thousands of subjects, in Chromium: only the rows in
 * view are in the DOM, each saying its place in the whole list (aria-posinset of aria-setsize);
 * the keyboard, a search, a decision's ✓ and the current item's mark reach rows that were not
 * drawn yet. Long labels are cut short in a row without pushing its value out, and the status
 * line stays in its box on a phone. Screenshots at 1400 px and 390 px go to the folder the other
 * page tests use.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { requireFreshDist } from '../helpers/dist.js';
import { clear, closeBrowser, executablePath, launchBrowser, load, settled, SHOTS, show, start, type Started } from './page-browser.js';
import { LONG_LABEL, MANY_SRC, manyFixture } from './page-fixture.js';

/** What the callbacks run inside the page use (the project compiles without the DOM library). */
interface Box { top: number; bottom: number; left: number; right: number; width: number; height: number }
interface El {
  id: string;
  textContent: string | null;
  className: string;
  tabIndex: number;
  title: string;
  scrollTop: number;
  scrollWidth: number;
  clientWidth: number;
  clientHeight: number;
  closest(selector: string): El | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  getBoundingClientRect(): Box;
}
declare const document: {
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  elementFromPoint(x: number, y: number): El | null;
  activeElement: El | null;
  documentElement: { scrollWidth: number };
};
declare function getComputedStyle(e: El, pseudo?: string): { content: string };
declare function requestAnimationFrame(callback: () => void): number;

/** 4,000 numbered subjects and the three of the fixture's own: first, long, last. */
const SUBJECTS = 4003;

/** The rows in the DOM: place, set size, label, marks; whether each lies inside the list's box. */
function drawn(page: Page) {
  return page.evaluate(() => {
    const pane = document.querySelector('#list-pane')!.getBoundingClientRect();
    return Array.from(document.querySelectorAll('#items li')).map((li) => {
      const r = li.getBoundingClientRect();
      return {
        pos: Number(li.getAttribute('aria-posinset')),
        size: Number(li.getAttribute('aria-setsize')),
        label: li.querySelector('.l')?.textContent ?? '',
        current: li.className.includes('current'),
        done: li.className.includes('done'),
        inView: r.top >= pane.top - 0.5 && r.bottom <= pane.bottom + 0.5,
      };
    });
  });
}

/**
 * The item button that has the keyboard focus: its place, its label, whether it is in view (once
 * the rows the page asked the server for have arrived).
 */
async function focused(page: Page) {
  await settled(page);
  return page.evaluate(() => {
    const a = document.activeElement;
    const li = a?.closest('#items li');
    if (!a || !li) return null;
    const pane = document.querySelector('#list-pane')!.getBoundingClientRect();
    const r = li.getBoundingClientRect();
    return {
      pos: Number(li.getAttribute('aria-posinset')),
      size: Number(li.getAttribute('aria-setsize')),
      label: li.querySelector('.l')?.textContent,
      inView: r.top >= pane.top - 0.5 && r.bottom <= pane.bottom + 0.5,
      tabStops: Array.from(document.querySelectorAll('#items button')).filter((b) => b.tabIndex === 0).length,
      isTabStop: a.tabIndex === 0,
    };
  });
}

/** Two frames: what a scroll asked to draw is drawn. */
async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Scroll the list, and wait until the rows scrolled to are drawn and their items have arrived. */
async function scrollList(page: Page, top: number): Promise<void> {
  await page.evaluate((y) => {
    document.querySelector('#list-pane')!.scrollTop = y;
  }, top);
  await frames(page);
  await settled(page);
}

/** Every item shown, in the source ontology's order (first, long, subject 0 … 3999, last). */
async function startMany(viewport?: { width: number; height: number }, beforeLoad?: (s: Started) => void): Promise<Started> {
  const s = await start(viewport, manyFixture());
  beforeLoad?.(s);
  await load(s.page, s.server);
  await s.page.uncheck('#advance');
  await s.page.selectOption('#order', 'ontology');
  await settled(s.page);
  await s.page.selectOption('#status', 'all');
  await settled(s.page);
  return s;
}

describe.skipIf(!executablePath)('review page: the item list of a large file', () => {
  beforeAll(async () => {
    requireFreshDist();
    await launchBrowser();
  });
  afterAll(closeBrowser);

  describe('at 1400 px', () => {
    let s: Started;
    beforeAll(async () => { s = await startMany(); }, 60_000);
    afterAll(() => s?.close());

    it('holds a few dozen rows of 4,003, each saying its place in the whole list; the list is as tall as all of them', async () => {
      const rows = await drawn(s.page);
      expect(rows.length).toBeGreaterThanOrEqual(15);
      expect(rows.length).toBeLessThanOrEqual(60);
      expect(rows.map((r) => r.pos)).toEqual(rows.map((_, i) => i + 1));
      expect(new Set(rows.map((r) => r.size))).toEqual(new Set([SUBJECTS]));
      expect(rows.slice(0, 3).map((r) => r.label)).toEqual(['first subject', LONG_LABEL, 'subject 0 of group 0']);
      expect(rows[0]!.current).toBe(true);
      const heights = await s.page.evaluate(() => ({
        list: document.querySelector('#items')!.getBoundingClientRect().height,
        row: document.querySelector('#items li')!.getBoundingClientRect().height,
      }));
      expect(Math.abs(heights.list - heights.row * SUBJECTS)).toBeLessThan(2);
      // The screen reader's list: items with their place, the current one marked.
      const snapshot = await s.page.locator('#items').ariaSnapshot();
      expect(snapshot).toMatch(/^- list:\n {2}- listitem:\n {4}- button "first subject 0\.90"/);
    });

    it('scrolling draws the rows scrolled to, and drops those scrolled away from (the current item stays)', async () => {
      const row = await s.page.evaluate(() => document.querySelector('#items li')!.getBoundingClientRect().height);
      await scrollList(s.page, 2000 * row);
      const rows = await drawn(s.page);
      expect(rows.length).toBeLessThanOrEqual(60);
      const others = rows.filter((r) => !r.current);
      expect(others.some((r) => r.pos === 2001 && r.inView && r.label === 'subject 1998 of group 8')).toBe(true);
      expect(others.every((r) => r.pos > 1950 && r.pos < 2100)).toBe(true);
      // The current item (the first) is kept, out of view: it is the list's tab stop.
      expect(rows.filter((r) => r.current).map((r) => [r.pos, r.inView])).toEqual([[1, false]]);
      // What is drawn in the middle of the list is the row its place says.
      const middle = await s.page.evaluate(() => {
        const pane = document.querySelector('#list-pane')!.getBoundingClientRect();
        const at = document.elementFromPoint(pane.left + 40, (pane.top + pane.bottom) / 2)?.closest('#items li');
        return { pos: Number(at?.getAttribute('aria-posinset')), top: (pane.bottom - pane.top) / 2 };
      });
      expect(Math.abs(middle.pos - (2001 + Math.floor(middle.top / row)))).toBeLessThanOrEqual(1);
      await scrollList(s.page, 0);
    });

    it('End reaches and draws the last item, ↑ Home PageDown PageUp move to items not drawn yet; the tab stop follows, Enter opens it, and Tab comes back to it', async () => {
      await s.page.focus('#items li.current button');
      await s.page.keyboard.press('End');
      expect(await focused(s.page)).toEqual({ pos: SUBJECTS, size: SUBJECTS, label: 'last subject', inView: true, tabStops: 1, isTabStop: true });
      expect((await drawn(s.page)).length).toBeLessThanOrEqual(60);
      await s.page.keyboard.press('ArrowUp');
      expect(await focused(s.page)).toMatchObject({ pos: SUBJECTS - 1, label: 'subject 3999 of group 9', inView: true, tabStops: 1 });
      await s.page.keyboard.press('Home');
      expect(await focused(s.page)).toMatchObject({ pos: 1, label: 'first subject', inView: true, tabStops: 1 });
      await s.page.keyboard.press('PageDown');
      const down = (await focused(s.page))!;
      expect(down).toMatchObject({ inView: true, tabStops: 1 });
      expect(down.pos).toBeGreaterThan(15);
      await s.page.keyboard.press('PageDown');
      expect((await focused(s.page))!.pos).toBe(2 * down.pos - 1);
      await s.page.keyboard.press('PageUp');
      await s.page.keyboard.press('PageUp');
      expect(await focused(s.page)).toMatchObject({ pos: 1, inView: true });
      await s.page.keyboard.press('End');
      await s.page.keyboard.press('Enter');
      await settled(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('last subject');
      expect((await drawn(s.page)).filter((r) => r.current).map((r) => [r.pos, r.inView])).toEqual([[SUBJECTS, true]]);
      // Scrolled away with the pointer, the current item still is the list's one tab stop.
      await scrollList(s.page, 0);
      await s.page.focus('#advance');
      await s.page.keyboard.press('Tab');
      expect(await focused(s.page)).toMatchObject({ pos: SUBJECTS, label: 'last subject', tabStops: 1, isTabStop: true });
      // k moves the current item to one that is drawn now, into view.
      await s.page.keyboard.press('k');
      await settled(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('subject 3999 of group 9');
      expect((await drawn(s.page)).filter((r) => r.current).map((r) => [r.pos, r.inView])).toEqual([[SUBJECTS - 1, true]]);
    });

    it('a search draws the item it keeps at its place in the new list; clearing it draws the item at its place in the whole list', async () => {
      await show(s.page, 'src:S3500', 'subject 3500 of group 0');
      expect((await drawn(s.page)).map((r) => [r.pos, r.size, r.current])).toEqual([[1, 1, true]]);
      await clear(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('subject 3500 of group 0');
      expect((await drawn(s.page)).filter((r) => r.current).map((r) => [r.pos, r.size, r.inView])).toEqual([[3503, SUBJECTS, true]]);
      await s.page.fill('#search', 'of group 0');
      await s.page.press('#search', 'Enter');
      await settled(s.page);
      expect(await s.page.textContent('#msg')).toMatch(/^400 items match; subject 3500 of group 0: /);
      const rows = await drawn(s.page);
      expect(rows.length).toBeLessThanOrEqual(60);
      expect(rows.filter((r) => r.current).map((r) => [r.pos, r.size, r.label, r.inView])).toEqual([[351, 400, 'subject 3500 of group 0', true]]);
      await clear(s.page);
    });

    it('a decision\'s ✓ is on a row drawn after it: accepting the first subject closes the last one\'s only candidate', async () => {
      await show(s.page, 'src:First', 'first subject');
      await clear(s.page);
      expect((await drawn(s.page)).some((r) => r.pos === SUBJECTS)).toBe(false);
      await s.page.keyboard.press('a');
      await settled(s.page);
      const row = await s.page.evaluate(() => document.querySelector('#items li')!.getBoundingClientRect().height);
      await scrollList(s.page, SUBJECTS * row);
      const last = (await drawn(s.page)).find((r) => r.pos === SUBJECTS);
      expect(last).toMatchObject({ label: 'last subject', done: true, inView: true });
      const mark = await s.page.evaluate((n) => getComputedStyle(document.querySelector(`#items li[aria-posinset="${n}"] .l`)!, '::before').content, SUBJECTS);
      expect(mark).toBe('"✓ "');
      // Undo shows the item undone (the first, scrolled to) and takes both marks back.
      await s.page.keyboard.press('z');
      await settled(s.page);
      expect((await drawn(s.page)).find((r) => r.pos === 1)).toMatchObject({ done: false, current: true, inView: true });
      expect((await drawn(s.page)).some((r) => r.pos === SUBJECTS)).toBe(false);
      await scrollList(s.page, SUBJECTS * row);
      expect((await drawn(s.page)).find((r) => r.pos === SUBJECTS)).toMatchObject({ done: false, inView: true });
      await scrollList(s.page, 0);
      await s.page.screenshot({ path: join(SHOTS, 'review-list-1400.png') });
    });

    it('a long label is cut short with an ellipsis, the value stays in the row, the full label is its title and in the button\'s name', async () => {
      await scrollList(s.page, 0);
      const seen = await s.page.evaluate(() => {
        const li = document.querySelector('#items li[aria-posinset="2"]')!;
        const box = (sel: string) => li.querySelector(sel)!.getBoundingClientRect();
        const l = li.querySelector('.l')!;
        const other = document.querySelector('#items li[aria-posinset="3"]')!.getBoundingClientRect();
        return { row: li.getBoundingClientRect(), button: box('button'), label: box('.l'), value: box('.v'), valueText: li.querySelector('.v')!.textContent, cut: l.scrollWidth > l.clientWidth, title: l.title, otherHeight: other.height };
      });
      expect(seen.cut).toBe(true);
      expect(seen.valueText).toBe('0.90');
      expect(seen.value.width).toBeGreaterThan(10);
      expect(seen.value.right).toBeLessThanOrEqual(seen.button.right + 0.5);
      expect(seen.value.left).toBeGreaterThanOrEqual(seen.label.right - 0.5);
      expect(seen.label.right).toBeLessThanOrEqual(seen.button.right);
      expect(seen.row.height).toBe(seen.otherHeight);
      expect(seen.title).toBe(LONG_LABEL);
      expect(await s.page.locator('#items li[aria-posinset="2"] button').ariaSnapshot()).toBe(`- button "${LONG_LABEL} 0.90"`);
    });
  });

  describe('read from the server a window at a time', () => {
    let s: Started;
    /** The size of every answer to /api/items since the last look, and what was asked. */
    const answers: Array<{ url: string; bytes: number }> = [];
    const taken = (): Array<{ url: string; bytes: number }> => answers.splice(0);
    /** A window's answer: 100 rows of the list, about 22 kB here; the whole list is 4,003 rows, over 800 kB. */
    const WINDOW_BYTES = 30_000;

    beforeAll(async () => {
      s = await startMany(undefined, (started) => started.page.on('response', (r) => {
        // Counted as they come (the server sends each answer whole, with its length).
        if (new URL(r.url()).pathname === '/api/items') answers.push({ url: r.url(), bytes: Number(r.headers()['content-length']) });
      }));
    }, 60_000);
    afterAll(() => s?.close());

    it('the list of 4,003 items arrives a window at a time: no answer holds more than a window, End reads the windows at the end only', async () => {
      const opened = taken();
      expect(opened.length).toBeGreaterThan(0);
      for (const a of opened) expect(a.bytes).toBeGreaterThan(0);
      for (const a of opened) expect(a.bytes).toBeLessThan(WINDOW_BYTES);
      expect(await s.page.locator('#items li').count()).toBeLessThanOrEqual(60);
      await s.page.focus('#items li.current button');
      await s.page.keyboard.press('End');
      expect(await focused(s.page)).toMatchObject({ pos: SUBJECTS, size: SUBJECTS, label: 'last subject', inView: true, tabStops: 1 });
      // The windows of the rows drawn at the end: 3,900–3,999 and 4,000–4,002.
      const end = taken();
      expect(end.map((a) => new URL(a.url).searchParams.get('offset')).sort()).toEqual(['3900', '4000']);
      for (const a of end) expect(a.bytes).toBeLessThan(WINDOW_BYTES);
      // The rows drawn are every one filled with its item: none waits for its window.
      expect(await s.page.locator('#items li.loading').count()).toBe(0);
      await s.page.keyboard.press('Home');
      expect(await focused(s.page)).toMatchObject({ pos: 1, label: 'first subject', inView: true, tabStops: 1 });
      expect(taken()).toEqual([]); // the first window has arrived already
    });

    it('the server searches the whole list and the page pages through what it found: End, Home, PageDown and Enter reach the right items', async () => {
      await s.page.fill('#search', 'of group 0');
      await s.page.press('#search', 'Enter');
      await settled(s.page);
      expect(await s.page.textContent('#msg')).toMatch(/^400 items match; /);
      for (const a of taken()) expect(a.bytes).toBeLessThan(WINDOW_BYTES);
      await s.page.focus('#items li.current button');
      await s.page.keyboard.press('End');
      expect(await focused(s.page)).toMatchObject({ pos: 400, size: 400, label: 'subject 3990 of group 0', inView: true, tabStops: 1 });
      await s.page.keyboard.press('Enter');
      await settled(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('subject 3990 of group 0');
      await s.page.keyboard.press('k');
      await settled(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('subject 3980 of group 0');
      await s.page.focus('#items li.current button');
      await s.page.keyboard.press('Home');
      expect(await focused(s.page)).toMatchObject({ pos: 1, size: 400, label: 'subject 0 of group 0', inView: true });
      await s.page.keyboard.press('PageDown');
      const down = (await focused(s.page))!;
      expect(down.label).toBe(`subject ${(down.pos - 1) * 10} of group 0`);
      for (const a of taken()) expect(a.bytes).toBeLessThan(WINDOW_BYTES);
      // Cleared, the whole list again, the item shown kept at its place in it (its window read).
      await clear(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('subject 3980 of group 0');
      expect((await drawn(s.page)).filter((r) => r.current).map((r) => [r.pos, r.size, r.label, r.inView])).toEqual([[3983, SUBJECTS, 'subject 3980 of group 0', true]]);
      const cleared = taken();
      expect(cleared.length).toBeGreaterThan(0);
      for (const a of cleared) expect(a.bytes).toBeLessThan(WINDOW_BYTES);
    });

    it('a list the server has let go (newer lists asked for by other tabs) is asked for again, the item shown kept', async () => {
      await s.page.evaluate(async () => {
        for (let i = 0; i < 20; i++) await fetch('/api/items?status=all&limit=1');
      });
      taken();
      await scrollList(s.page, 0);
      const rows = await drawn(s.page);
      expect(rows.filter((r) => r.inView).length).toBeGreaterThan(15);
      expect(rows.every((r) => r.label !== '')).toBe(true);
      expect(rows.filter((r) => r.current).map((r) => [r.pos, r.label])).toEqual([[3983, 'subject 3980 of group 0']]);
      expect(await s.page.textContent('#detail h2')).toBe('subject 3980 of group 0');
      expect(taken().map((a) => new URL(a.url).searchParams.get('around'))).toContain(`${MANY_SRC}S3980`);
    });

    it('a list asked for again keeps the reader\'s place: where the list was scrolled, the row the keyboard is on, the candidate in focus', async () => {
      const evict = () => s.page.evaluate(async () => {
        for (let i = 0; i < 20; i++) await fetch('/api/items?status=all&limit=1');
      });
      const scrollTop = () => s.page.evaluate(() => document.querySelector('#list-pane')!.scrollTop);
      // The item shown (subject 3980, at 3,983) with its second candidate in focus.
      await s.page.focus('#items li.current button');
      await s.page.keyboard.press('ArrowRight');
      await settled(s.page);
      const focusedCandidate = () => s.page.evaluate(() => document.querySelector('#cands-pane .cand.focus')?.getAttribute('data-index'));
      expect(await focusedCandidate()).toBe('1');
      // Scrolled with the pointer to rows whose window has not arrived, of a list the server has let go.
      const row = await s.page.evaluate(() => document.querySelector('#items li')!.getBoundingClientRect().height);
      await evict();
      taken();
      const top = await s.page.evaluate((y) => {
        const pane = document.querySelector('#list-pane')!;
        pane.scrollTop = y;
        return pane.scrollTop;
      }, 2000 * row);
      expect(top).toBeGreaterThan(1900 * row);
      await frames(s.page);
      await settled(s.page);
      expect(taken().map((a) => new URL(a.url).searchParams.get('around'))).toContain(`${MANY_SRC}S3980`);
      expect(await scrollTop()).toBe(top);
      const rows = await drawn(s.page);
      expect(rows.some((r) => r.pos === 2001 && r.inView && r.label === 'subject 1998 of group 8')).toBe(true);
      expect(rows.filter((r) => r.inView).every((r) => r.label !== '' && !r.current)).toBe(true);
      expect(rows.filter((r) => r.current).map((r) => [r.pos, r.label, r.inView])).toEqual([[3983, 'subject 3980 of group 0', false]]);
      // The item shown is not opened again: its candidate in focus stays.
      expect(await s.page.textContent('#detail h2')).toBe('subject 3980 of group 0');
      expect(await focusedCandidate()).toBe('1');
      // The keyboard in the list, moved to a row not arrived of a list let go: it stays on that row, in view.
      await s.page.focus('#items li.current button');
      await evict();
      taken();
      await s.page.keyboard.press('Home');
      expect(await focused(s.page)).toEqual({ pos: 1, size: SUBJECTS, label: 'first subject', inView: true, tabStops: 1, isTabStop: true });
      expect(taken().map((a) => new URL(a.url).searchParams.get('around'))).toContain(`${MANY_SRC}S3980`);
      expect(await scrollTop()).toBe(0);
      expect((await drawn(s.page)).filter((r) => r.current).map((r) => [r.pos, r.label])).toEqual([[3983, 'subject 3980 of group 0']]);
    });

    it('an undo whose item\'s row has not arrived, the list let go meanwhile, asks for the list again and shows the item undone', async () => {
      // Another tab decides on subject 3500 (the page never drew its row), then newer lists replace the page's.
      const status = await s.page.evaluate(async () => {
        const res = await fetch('/api/decisions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subject_id: 'src:S3500', predicate_id: 'skos:exactMatch', object_id: 'tgt:T3500', decision: 'reject' }) });
        for (let i = 0; i < 20; i++) await fetch('/api/items?status=all&limit=1');
        return res.status;
      });
      expect(status).toBe(200);
      await s.page.focus('#items li.current button');
      await s.page.keyboard.press('z');
      await settled(s.page);
      expect(await s.page.textContent('#detail h2')).toBe('subject 3500 of group 0');
      expect(await s.page.textContent('#msg')).toMatch(/^undone: target 3500 is open again/);
      expect((await drawn(s.page)).filter((r) => r.current).map((r) => [r.pos, r.size, r.label, r.inView])).toEqual([[3503, SUBJECTS, 'subject 3500 of group 0', true]]);
    });
  });

  describe('on a phone (390 px)', () => {
    let s: Started;
    beforeAll(async () => { s = await startMany({ width: 390, height: 844 }); }, 60_000);
    afterAll(() => s?.close());

    it('the status line wraps a long label inside its box, the page does not scroll sideways', async () => {
      await show(s.page, 'src:Long', LONG_LABEL);
      const seen = await s.page.evaluate(() => {
        const msg = document.querySelector('#msg')!;
        const bar = document.querySelector('#toolbar')!.getBoundingClientRect();
        const r = msg.getBoundingClientRect();
        return { inBar: r.left >= bar.left - 0.5 && r.right <= bar.right + 0.5, fits: msg.scrollWidth <= msg.clientWidth, page: document.documentElement.scrollWidth };
      });
      expect(seen).toEqual({ inBar: true, fits: true, page: 390 });
      expect(await s.page.textContent('#msg')).toContain(LONG_LABEL);
      await s.page.screenshot({ path: join(SHOTS, 'review-list-390-status.png') });
      await clear(s.page);
    });

    it('the list opens over the page scrolled to the current item, the rows in view drawn; End reaches the last item and Enter opens it', async () => {
      // The 33rd item, below the rows a phone's screen holds.
      await show(s.page, 'src:S30', 'subject 30 of group 0');
      await clear(s.page);
      await s.page.click('#toggle-list');
      const rows = await drawn(s.page);
      expect(rows.length).toBeLessThanOrEqual(60);
      expect(rows.filter((r) => r.current).map((r) => [r.pos, r.inView])).toEqual([[33, true]]);
      expect(rows.some((r) => r.pos === 1 && r.inView)).toBe(false);
      expect(rows.filter((r) => r.inView).length).toBeGreaterThan(15);
      await s.page.screenshot({ path: join(SHOTS, 'review-list-390-open.png') });
      await s.page.focus('#items li.current button');
      await s.page.keyboard.press('End');
      expect(await focused(s.page)).toMatchObject({ pos: SUBJECTS, size: SUBJECTS, label: 'last subject', inView: true, tabStops: 1 });
      await s.page.keyboard.press('Enter');
      await settled(s.page);
      expect(await s.page.locator('#list-pane').isVisible()).toBe(false);
      expect(await s.page.textContent('#detail h2')).toBe('last subject');
      await s.page.click('#toggle-list');
      expect((await drawn(s.page)).filter((r) => r.current).map((r) => [r.pos, r.inView])).toEqual([[SUBJECTS, true]]);
    });
  });
});
