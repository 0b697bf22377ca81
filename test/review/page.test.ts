/**
 * The review page in a real browser: Debian's Chromium, driven by playwright-core (which
 * downloads no browser). `.ci/run` installs chromium when it is missing; on a machine without
 * it these tests are skipped with a message. Times are printed, never asserted (benchmarks/review/
 * measures the anatomy file).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openReview, serveReview, type ReviewServer } from '../../src/api/review.js';
import { readMappings } from '../../src/api/index.js';
import { fixture } from './fixture.js';

/** What the callbacks run inside the page use (the project compiles without the DOM library). */
declare const document: { querySelector(selector: string): { textContent: string | null } | null; body: { dataset: Record<string, string | undefined> } };

function chromiumPath(): string | undefined {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const executablePath = chromiumPath();
if (!executablePath) console.warn('review page tests skipped: no `chromium` on PATH (apt-get install -y chromium; .ci/run does)');

describe.skipIf(!executablePath)('review page in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let server: ReviewServer;
  let out: string;

  beforeAll(async () => {
    const files = await fixture();
    out = join(files.dir, 'reviewed.sssom.tsv');
    server = await serveReview(await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097' }));
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: executablePath!, headless: true });
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads with the token, drops it from the address bar, and shows the first item', async () => {
    const started = performance.now();
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="1"] .cand');
    console.log(`review page: load ${(performance.now() - started).toFixed(0)} ms (fixture)`);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('#items li').count()).toBeGreaterThan(0);
  });

  it('shows a hostile label as text: no element is created from it', async () => {
    await page.fill('#search', 'author');
    await page.press('#search', 'Enter');
    await page.waitForFunction(() => document.querySelector('#detail h2')?.textContent?.startsWith('author'));
    expect(await page.textContent('#detail h2')).toContain('<img src=x');
    expect(await page.locator('#detail img').count()).toBe(0);
    expect(await page.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
    // Back to every item: wait until the full list is drawn and its current item is shown, so
    // that the next test's keys act on what it reads.
    const filtered = await page.locator('#items li').count();
    await page.fill('#search', '');
    await page.press('#search', 'Enter');
    await expect.poll(() => page.locator('#items li').count()).toBeGreaterThan(filtered);
    await page.waitForFunction(() => {
      const shown = document.querySelector('#detail h2')?.textContent;
      return shown !== undefined && shown === document.querySelector('#items li.current .l')?.textContent;
    });
  });

  it('keys: a accepts the focused candidate (saved at once), z undoes it, j moves on', async () => {
    const subject = await page.textContent('#detail h2');
    const focused = await page.locator('.cand.focus h3').textContent();
    await page.keyboard.press('a');
    await expect.poll(async () => (await readMappings(out)).mappings.length, { timeout: 5000 }).toBe(1);
    const row = (await readMappings(out)).mappings[0]!;
    expect(row.justification).toBe('semapv:MappingReview');
    expect(row.objectLabel).toBe(focused);
    await page.keyboard.press('z');
    await expect.poll(async () => (await readMappings(out)).mappings.length, { timeout: 5000 }).toBe(0);
    await page.waitForFunction((s) => document.querySelector('#detail h2')?.textContent === s, subject);
    const t = performance.now();
    await page.keyboard.press('j');
    await page.waitForFunction((s) => document.querySelector('#detail h2')?.textContent !== s, subject);
    console.log(`review page: next item ${(performance.now() - t).toFixed(0)} ms (fixture)`);
    // Let every answer still in flight (the undo's, the decision's) be drawn before the next keys.
    await page.waitForFunction(() => document.body.dataset.pending === '0');
  });

  it('b then a accepts under broadMatch as manual curation; r rejects with Not', async () => {
    await page.keyboard.press('b');
    await page.waitForSelector('.cand.focus .rel:has-text("skos:broadMatch")');
    await page.keyboard.press('a');
    await expect.poll(async () => (await readMappings(out)).mappings.find((m) => m.predicateId === 'skos:broadMatch')?.justification, { timeout: 5000 }).toBe('semapv:ManualMappingCuration');
    await page.keyboard.press('j');
    await page.waitForFunction(() => document.body.dataset.pending === '0');
    await page.waitForSelector('.cand.focus');
    await page.keyboard.press('r');
    await expect.poll(async () => (await readMappings(out)).mappings.filter((m) => m.predicateModifier === 'Not').length, { timeout: 5000 }).toBe(1);
  });
});
