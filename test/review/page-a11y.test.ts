/**
 * The review page for low-vision, screen-reader and non-Latin-keyboard reviewers, in Chromium:
 * high zoom and small screens (a zoomed page is a small viewport in CSS pixels: 400 % of
 * 1280 × 1024 is 320 × 256), what the accessibility tree says, labels in other scripts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { requireFreshDist } from '../helpers/dist.js';
import { closeBrowser, contrast, executablePath, launchBrowser, load, rows, settled, SHOTS, show, start, type Started } from './page-browser.js';
import { coherenceFixture, scriptsFixture } from './page-fixture.js';

/** What the callbacks run inside the page use (the project compiles without the DOM library). */
interface Box { top: number; bottom: number; left: number; right: number; width: number; height: number }
interface El {
  id: string;
  textContent: string | null;
  tagName: string;
  parentElement: El | null;
  contains(other: El | null): boolean;
  closest(selector: string): El | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  getBoundingClientRect(): Box;
  scrollIntoView(options?: { block: string }): void;
}
declare const document: {
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  getElementById(id: string): El | null;
  elementFromPoint(x: number, y: number): El | null;
  activeElement: El | null;
};
declare const window: { innerHeight: number; innerWidth: number };
declare function getComputedStyle(e: El): { position: string; outlineColor: string; direction: string; backgroundColor: string };

/**
 * Whether `selector`, scrolled into view, can be seen: the element drawn at its middle is it or
 * inside it, not the button bar or the header over it.
 */
async function reachable(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const e = document.querySelector(sel);
    if (!e) return 'missing';
    e.scrollIntoView({ block: 'nearest' });
    const r = e.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 20);
    const y = r.top + Math.min(r.height / 2, 10);
    if (y < 0 || y > window.innerHeight) return `off screen (${Math.round(y)})`;
    const top = document.elementFromPoint(x, y);
    if (!top) return 'nothing drawn';
    if (e.contains(top) || top.contains(e)) return 'visible';
    const over = top.closest('[id]');
    return `covered by ${over?.id ?? top.tagName}`;
  }, selector);
}

describe.skipIf(!executablePath)('review page: zoom, screen readers, other scripts', () => {
  beforeAll(async () => {
    requireFreshDist();
    await launchBrowser();
  });
  afterAll(closeBrowser);

  describe('high zoom and small screens', () => {
    for (const [what, viewport] of [['400 % zoom (320 × 256)', { width: 320, height: 256 }], ['a phone at 200 % (195 × 422)', { width: 195, height: 422 }]] as const) {
      it(`at ${what} the subject and the focused candidate can be scrolled to and seen: the button bar does not cover them`, async () => {
        const s = await start(viewport, scriptsFixture());
        try {
          await load(s.page, s.server);
          for (const sel of ['#subject-title', '.cand.focus button.row', '.cand.focus h3', '#do-accept']) {
            expect([sel, await reachable(s.page, sel)]).toEqual([sel, 'visible']);
          }
          await s.page.screenshot({ path: join(SHOTS, `a11y-${viewport.width}x${viewport.height}.png`) });
        } finally {
          await s.close();
        }
      });
    }

    for (const viewport of [{ width: 700, height: 450 }, { width: 640, height: 360 }]) {
      it(`at ${viewport.width} × ${viewport.height} (200 % zoom) an item that opens on a first candidate with a warning shows the warning above the button bar`, async () => {
        const s = await start(viewport, scriptsFixture());
        try {
          await load(s.page, s.server);
          await s.page.uncheck('#advance');
          await show(s.page, 'src:Ar', 'قلب الإنسان');
          await s.page.keyboard.press('b');
          await s.page.keyboard.press('a');
          await settled(s.page);
          await show(s.page, 'src:Mixed', 'عضلة القلب (myocardium) 2');
          expect(await s.page.locator('.cand.focus').getAttribute('data-index')).toBe('0');
          expect(await s.page.locator('.cand.focus .warn').textContent()).toBe('already mapped to القلب from قلب الإنسان (skos:broadMatch)');
          const where = await s.page.evaluate(() => {
            const warn = document.querySelector('.cand.focus .warn')!.getBoundingClientRect();
            const bar = document.getElementById('toolbar')!.getBoundingClientRect();
            const sticky = getComputedStyle(document.getElementById('toolbar')!).position === 'sticky';
            return { onScreen: warn.top >= 0 && warn.bottom <= window.innerHeight, clearOfBar: !sticky || warn.bottom <= bar.top };
          });
          expect(where).toEqual({ onScreen: true, clearOfBar: true });
        } finally {
          await s.close();
        }
      });
    }

    it('on a phone at 100 % the button bar stays at the bottom of the screen', async () => {
      const s = await start({ width: 390, height: 844 }, scriptsFixture());
      try {
        await load(s.page, s.server);
        expect(await s.page.evaluate(() => getComputedStyle(document.getElementById('toolbar')!).position)).toBe('sticky');
        const bar = (await s.page.locator('#toolbar').boundingBox())!;
        expect(bar.y + bar.height).toBeGreaterThan(844 - 12);
      } finally {
        await s.close();
      }
    });
  });

  describe('what a screen reader is told', () => {
    /** The accessible description of the element, from its aria-describedby, as a screen reader computes it. */
    const description = (page: Page, selector: string) => page.evaluate((sel) => {
      const ids = document.querySelector(sel)?.getAttribute('aria-describedby') ?? '';
      return ids.split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    }, selector);

    it('a candidate\'s warnings are its row\'s description and are said when it is focused: incoherence is not announced as plain "open"', async () => {
      const s = await start(undefined, coherenceFixture());
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await show(s.page, 'src:Person', 'person');
        await s.page.keyboard.press('a');
        await settled(s.page);
        await show(s.page, 'src:Administrator', 'administrator');
        expect(await s.page.locator('.cand.focus .name').textContent()).toBe('administrator');
        // Described before it is opened: Tab or a screen reader's cursor reaches the row first.
        expect(await description(s.page, '.cand:nth-child(2) button.row')).toContain('incoherent: accepting this with the accepted person skos:exactMatch person breaks Organisation disjointWith Person (target)');
        expect(await description(s.page, '.cand:nth-child(1) button.row')).toBe('');
        await s.page.keyboard.press('l');
        await settled(s.page);
        expect(await s.page.locator('.cand.focus .name').textContent()).toBe('administration organisation');
        expect(await description(s.page, '.cand.focus button.row')).toBe('incoherent: accepting this with the accepted person skos:exactMatch person breaks Organisation disjointWith Person (target)');
        expect(await s.page.textContent('#msg')).toBe('2 of 2: administration organisation (skos:exactMatch, open; warning: incoherent with person skos:exactMatch person)');
      } finally {
        await s.close();
      }
    });

    it('an item that opens on a warned candidate names the warning on the status line', async () => {
      const s = await start(undefined, scriptsFixture());
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await show(s.page, 'src:Ar', 'قلب الإنسان');
        await s.page.keyboard.press('b');
        await s.page.keyboard.press('a');
        await settled(s.page);
        await show(s.page, 'src:Mixed', 'عضلة القلب (myocardium) 2');
        expect(await s.page.textContent('#msg')).toBe('1 item matches; عضلة القلب (myocardium) 2: 3 candidates; 1: القلب (warning: target already mapped from قلب الإنسان, skos:broadMatch)');
        expect(await description(s.page, '.cand.focus button.row')).toBe('already mapped to القلب from قلب الإنسان (skos:broadMatch)');
      } finally {
        await s.close();
      }
    });

    it('the one-to-one question is an alert dialog named by its title and described by its reason', async () => {
      const s = await start(undefined, scriptsFixture());
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await show(s.page, 'src:Ar', 'قلب الإنسان');
        await s.page.keyboard.press('a'); // closes عضلة القلب (myocardium) 2 → القلب
        await settled(s.page);
        await show(s.page, 'src:Mixed', 'عضلة القلب (myocardium) 2');
        await s.page.keyboard.press('h');
        await settled(s.page);
        expect(await s.page.locator('.cand.focus .name').textContent()).toBe('القلب');
        await s.page.keyboard.press('a');
        await s.page.waitForSelector('#confirm[open]');
        const cdp = await s.page.context().newCDPSession(s.page);
        const { nodes } = await cdp.send('Accessibility.getFullAXTree') as { nodes: Array<{ role?: { value: string }; name?: { value: string }; description?: { value: string }; ignored: boolean }> };
        const dialog = nodes.find((n) => !n.ignored && (n.role?.value === 'alertdialog' || n.role?.value === 'dialog'));
        expect([dialog?.role?.value, dialog?.name?.value]).toEqual(['alertdialog', 'Break one-to-one?']);
        expect(dialog?.description?.value.replace(/\s+/g, ' ')).toBe('Accepting القلب breaks one-to-one: قلب الإنسان skos:exactMatch القلب is accepted: this would be a second equivalence for the target');
        await s.page.keyboard.press('Escape');
        await settled(s.page);
      } finally {
        await s.close();
      }
    });
  });

  describe('labels in other scripts', () => {
    /**
     * Where `part` of the status line is drawn, from the rendered layout: the box around its
     * characters (found by text offset across the line's text nodes, whatever elements hold them).
     */
    const drawn = (page: Page, part: string) => page.evaluate((p) => {
      const msg = document.getElementById('msg')!;
      const at = (msg.textContent ?? '').indexOf(p);
      if (at < 0) return null;
      const range = (msg as unknown as { ownerDocument: { createRange(): { setStart(n: unknown, o: number): void; setEnd(n: unknown, o: number): void; getBoundingClientRect(): Box } } }).ownerDocument.createRange();
      const walker = (msg as unknown as { ownerDocument: { createTreeWalker(root: unknown, what: number): { nextNode(): { textContent: string } | null } } }).ownerDocument.createTreeWalker(msg, 4);
      let offset = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const length = n.textContent.length;
        if (at >= offset && at < offset + length) range.setStart(n, at - offset);
        if (at + p.length > offset && at + p.length <= offset + length) range.setEnd(n, at + p.length - offset);
        offset += length;
      }
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right };
    }, part);

    it('the status line isolates every label: an Arabic or Hebrew label does not pull the text after it to its left', async () => {
      const s = await start(undefined, scriptsFixture());
      try {
        await load(s.page, s.server);
        await show(s.page, 'src:Ar', 'قلب الإنسان');
        expect(await s.page.textContent('#msg')).toBe('2 items match; قلب الإنسان: 2 candidates; 1: القلب');
        expect(await s.page.locator('#msg bdi').allTextContents()).toEqual(['قلب الإنسان', 'القلب']);
        const name = (await drawn(s.page, 'قلب الإنسان'))!;
        const count = (await drawn(s.page, '2 candidates'))!;
        expect(count.left).toBeGreaterThanOrEqual(name.right - 1);
        await show(s.page, 'src:Num', 'קבוצה 12 (group) 3');
        expect(await s.page.locator('#msg bdi').first().textContent()).toBe('קבוצה 12 (group) 3');
        const hebrew = (await drawn(s.page, 'קבוצה 12 (group) 3'))!;
        expect((await drawn(s.page, ': 2 candidates'))!.left).toBeGreaterThanOrEqual(hebrew.right - 1);
        // After a decision, the result and the next item's line too.
        await s.page.keyboard.press('r');
        await settled(s.page);
        expect(await s.page.locator('#msg bdi').allTextContents()).toContain('group 12');
        expect(await s.page.evaluate(() => Array.from(document.querySelectorAll('#msg bdi')).every((b) => b.tagName === 'BDI'))).toBe(true);
      } finally {
        await s.close();
      }
    });

    it('search finds a label however it is typed: composed or decomposed accents, full-width letters, dotted capital I, ß', async () => {
      const s = await start(undefined, scriptsFixture());
      try {
        await load(s.page, s.server);
        await s.page.selectOption('#status', 'all');
        await settled(s.page);
        const found = async (typed: string): Promise<string[]> => {
          await s.page.fill('#search', typed);
          await s.page.press('#search', 'Enter');
          await settled(s.page);
          return s.page.locator('#items li .l').allTextContents();
        };
        // The file stores "Crème brûlée" decomposed (e + U+0300); a keyboard types it composed.
        expect(await found('crème'.normalize('NFC'))).toEqual(['Cre\u0300me bru\u0302le\u0301e']);
        expect(await found('BRÛLÉE')).toEqual(['Cre\u0300me bru\u0302le\u0301e']);
        expect(await found('xyz')).toEqual(['ＸＹＺ receptor']);
        expect(await found('ＸＹＺ')).toEqual(['ＸＹＺ receptor']);
        expect(await found('izmir')).toEqual(['İzmir gland']);
        expect(await found('İZMİR')).toEqual(['İzmir gland']);
        expect(await found('straße')).toEqual(['STRASSE organ']);
        // Folding is for matching only: what is shown is the label as the file has it, and a term that is not there is not found.
        expect(await found('crepe')).toEqual([]);
        expect(await s.page.textContent('#msg')).toBe('no items match the filters');
      } finally {
        await s.close();
      }
    });
  });

  describe('other keyboard layouts', () => {
    /** A key as a Hebrew (or Arabic, Russian) layout sends it: the character typed, the Latin key's position. */
    async function press(page: Page, key: string, code: string): Promise<void> {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, code, text: key, unmodifiedText: key });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code });
      await cdp.detach();
    }

    it('under a non-Latin layout the letter keys act by their position (ש on A accepts, ך on L moves); typing in the search stays typing', async () => {
      const s = await start(undefined, scriptsFixture());
      try {
        await load(s.page, s.server);
        await s.page.uncheck('#advance');
        await show(s.page, 'src:He', 'לב האדם');
        await s.page.locator('.cand.focus button.row').focus();
        await press(s.page, 'ך', 'KeyL'); // l: next candidate
        await settled(s.page);
        expect(await s.page.locator('.cand.focus .name').textContent()).toBe('other אחר أخرى');
        await press(s.page, 'ф', 'KeyH'); // h (Russian layout): back
        await settled(s.page);
        expect(await s.page.locator('.cand.focus .name').textContent()).toBe('לב');
        await press(s.page, 'ש', 'KeyA');
        await settled(s.page);
        await expect.poll(async () => (await rows(s.out)).map((r) => [r.objectId, r.predicateId])).toEqual([['https://w3id.org/ioa-review-test/scripts-tgt/He', 'skos:exactMatch']]);
        await s.page.fill('#search', '');
        await press(s.page, 'ש', 'KeyA');
        expect(await s.page.inputValue('#search')).toBe('ש');
        expect((await rows(s.out)).length).toBe(1);
      } finally {
        await s.close();
      }
    });
  });

  describe('the keyboard focus is never lost', () => {
    const active = (page: Page) => page.evaluate(() => {
      const a = document.activeElement;
      return a ? `${a.tagName}${a.id ? `#${a.id}` : ''}${a.getAttribute('class') ? `.${a.getAttribute('class')}` : ''}` : 'none';
    });

    it('after a search the focus is on the focused candidate and the status line says how many items match', async () => {
      const s = await start(undefined, scriptsFixture());
      try {
        await load(s.page, s.server);
        await s.page.keyboard.press('/');
        await s.page.keyboard.type('gland');
        await s.page.keyboard.press('Enter');
        await settled(s.page);
        expect(await active(s.page)).toBe('BUTTON.row');
        expect(await s.page.textContent('#msg')).toMatch(/^1 item matches; /);
        await s.page.fill('#search', 'o');
        await s.page.press('#search', 'Escape');
        await settled(s.page);
        expect(await active(s.page)).toBe('BUTTON.row');
        expect(await s.page.textContent('#msg')).toMatch(/^\d+ items match; /);
      } finally {
        await s.close();
      }
    });

    it('on a phone the open item list shuts out what is behind it: Tab stays in it, Esc closes it and gives the focus back to "items"; choosing an item puts the focus on its candidate', async () => {
      const s = await start({ width: 390, height: 844 }, scriptsFixture());
      try {
        await load(s.page, s.server);
        await s.page.click('#toggle-list');
        await s.page.focus('#items li.current button');
        await s.page.keyboard.press('Tab');
        // Past the list, the next stop is not a control hidden behind it.
        expect(await s.page.evaluate(() => document.querySelector('#detail')!.contains(document.activeElement))).toBe(false);
        await s.page.focus('#items li.current button');
        await s.page.keyboard.press('Escape');
        expect(await s.page.locator('#list-pane').isVisible()).toBe(false);
        expect(await active(s.page)).toBe('BUTTON#toggle-list.small');
        await s.page.keyboard.press('Enter');
        expect(await s.page.locator('#list-pane').isVisible()).toBe(true);
        await s.page.focus('#items li:nth-child(2) button');
        await s.page.keyboard.press('Enter');
        await settled(s.page);
        expect(await s.page.locator('#list-pane').isVisible()).toBe(false);
        expect(await active(s.page)).toBe('BUTTON.row');
      } finally {
        await s.close();
      }
    });

    it('at wide widths, where the item list is always shown, there is no "items" button claiming to open it', async () => {
      const s = await start(undefined, scriptsFixture());
      try {
        await load(s.page, s.server);
        expect(await s.page.locator('#toggle-list').isVisible()).toBe(false);
      } finally {
        await s.close();
      }
    });

    it('a phone turned wide with the item list open leaves the item usable: the list no longer covers it, and "items" to close it is gone', async () => {
      const s = await start({ width: 390, height: 844 }, scriptsFixture());
      try {
        await load(s.page, s.server);
        await s.page.click('#toggle-list');
        await s.page.setViewportSize({ width: 1400, height: 820 });
        await settled(s.page);
        // The resize is handled when the browser delivers it, which under load can come after the
        // frames settled waits for: polled, with a bound that an item left inert never meets.
        await expect.poll(() => s.page.locator('#toggle-list').isVisible(), { timeout: 5_000 }).toBe(false);
        // The candidates take the focus and a click again, as at any wide width.
        await expect.poll(async () => {
          await s.page.focus('#cands-pane .cand button.row');
          return s.page.evaluate(() => document.querySelector('#detail')!.contains(document.activeElement));
        }, { timeout: 5_000 }).toBe(true);
      } finally {
        await s.close();
      }
    });
  });

  describe('smaller things', () => {
    let s: Started;
    beforeAll(async () => {
      s = await start(undefined, scriptsFixture());
      await load(s.page, s.server);
    });
    afterAll(() => s?.close());

    it('a right-to-left label cut short in a candidate row shows its beginning (on the right) and hides its end', async () => {
      await show(s.page, 'src:ArLong', (await import('./page-fixture.js')).SCRIPT_LABELS.ArLong![0]);
      const seen = await s.page.evaluate(() => {
        const name = document.querySelector('.cand.focus .name')!;
        const box = name.getBoundingClientRect();
        const doc = (name as unknown as { ownerDocument: { createRange(): { selectNodeContents(n: unknown): void; setStart(n: unknown, o: number): void; setEnd(n: unknown, o: number): void; getBoundingClientRect(): Box } } }).ownerDocument;
        const text = name.querySelector('bdi')! as unknown as { firstChild: { textContent: string } };
        const first = doc.createRange();
        first.setStart(text.firstChild, 0);
        first.setEnd(text.firstChild, 'بداية'.length);
        const r = first.getBoundingClientRect();
        return { cut: (name as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth > (name as unknown as { clientWidth: number }).clientWidth, firstShown: r.left >= box.left - 1 && r.right <= box.right + 1 };
      });
      expect(seen).toEqual({ cut: true, firstShown: true });
    });

    it('the focus ring on the navy header has at least 3:1 contrast', async () => {
      await s.page.focus('#order');
      await s.page.keyboard.press('Shift+Tab');
      const ring = await s.page.evaluate(() => {
        const a = document.activeElement!;
        return { inHeader: a.closest('header') !== null, ring: getComputedStyle(a).outlineColor, navy: getComputedStyle(document.querySelector('header')!).backgroundColor };
      });
      expect(ring.inHeader).toBe(true);
      expect(contrast(ring.ring, ring.navy)).toBeGreaterThanOrEqual(3);
    });

    it('the relation buttons are named by their relation, not by a symbol', async () => {
      for (const [id, name] of [['rel-exact', 'exactMatch (=)'], ['rel-broad', 'broadMatch, the target is broader (<)'], ['rel-narrow', 'narrowMatch, the target is narrower (>)'], ['rel-close', 'closeMatch (~)']]) {
        expect(await s.page.locator(`#${id}`).ariaSnapshot()).toContain(`button "${name}"`);
      }
    });
  });
});
