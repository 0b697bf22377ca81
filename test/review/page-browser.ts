/**
 * Driving the review page in Chromium for the browser tests: the browser, a served session with
 * a page on it, waiting until the page has settled, searching, reading the reviewed file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openReview, serveReview, type ReviewServer, type ReviewSession } from '../../src/api/review.js';
import { readMappings } from '../../src/api/index.js';
import { pageFixture } from './page-fixture.js';

/** What the callbacks run inside the page use (the project compiles without the DOM library). */
interface El {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
declare const document: {
  querySelector(selector: string): El | null;
  body: { dataset: Record<string, string | undefined> };
};

function chromiumPath(): string | undefined {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export const executablePath = chromiumPath();
if (!executablePath) console.warn('review page tests skipped: no `chromium` on PATH (apt-get install -y chromium; .ci/run does)');

export const SHOTS = join(tmpdir(), 'ioa-review-page-shots');

export let browser: Browser;

/** Start Chromium (once per test file), with the screenshot folder made. */
export async function launchBrowser(): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: executablePath!, headless: true });
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
}

export type Started = { server: ReviewServer; page: Page; out: string; close(): Promise<void> };

/** A page on a served session that writes `out`. */
export async function serve(session: ReviewSession, out: string, viewport = { width: 1400, height: 820 }): Promise<Started> {
  const server = await serveReview(session);
  const page = await browser.newPage({ viewport });
  return { server, page, out, close: async () => { await page.close(); await server.close(); } };
}

/** A fresh review (its own reviewed file) and a page on it. */
export async function start(viewport = { width: 1400, height: 820 }, files = pageFixture()): Promise<Started> {
  const out = join(files.dir, 'reviewed.sssom.tsv');
  return serve(await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { reviewer: 'orcid:0000-0002-1825-0097' }), out, viewport);
}

/**
 * A page on a fresh review, every item shown, auto-advance off; the bodies of the decisions it
 * sends are collected in `bodies`.
 */
export async function startWatching(bodies: Array<Record<string, unknown>>): Promise<Started> {
  const s = await start();
  s.page.on('request', (r) => { if (r.url().endsWith('/api/decisions')) bodies.push(JSON.parse(r.postData() ?? '{}')); });
  await load(s.page, s.server);
  await s.page.uncheck('#advance');
  await s.page.selectOption('#status', 'all');
  await settled(s.page);
  return s;
}

/** Every request answered and drawn, no action waiting. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.pending === '0' && document.body.dataset.queue === '0');
}

export async function load(page: Page, server: ReviewServer): Promise<void> {
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="1"] .cand');
  await settled(page);
}

/** Search for `text` (a CURIE) and wait until the item whose subject is `label` is shown. */
export async function show(page: Page, text: string, label: string): Promise<void> {
  await page.fill('#search', text);
  await page.press('#search', 'Enter');
  await page.waitForFunction((l) => document.querySelector('#detail h2')?.textContent === l, label);
  await settled(page);
}

/**
 * Clear the search: the item shown stays shown, the list holds every item again (more than it
 * held: its rows say how many, drawn or not).
 */
export async function clear(page: Page): Promise<void> {
  const size = () => page.evaluate(() => Number(document.querySelector('#items li')?.getAttribute('aria-setsize') ?? 0));
  const before = await size();
  await page.fill('#search', '');
  await page.press('#search', 'Enter');
  await expect.poll(size).toBeGreaterThan(before);
  await settled(page);
}

export async function rows(out: string) {
  try {
    return (await readMappings(out)).mappings.filter((m) => 'subjectId' in m) as Array<{ subjectId: string; objectId: string; predicateId: string; predicateModifier?: string; extensions?: Record<string, unknown> }>;
  } catch {
    return [];
  }
}

/** WCAG 2 contrast ratio of two CSS colours `rgb(r, g, b)` / `rgba(r, g, b, a)` (alpha over `under`). */
export function contrast(fg: string, bg: string, under = 'rgb(255, 255, 255)'): number {
  const parse = (c: string): number[] => c.match(/[\d.]+/g)!.map(Number);
  const blend = (top: number[], base: number[]): number[] => {
    const a = top[3] ?? 1;
    return [0, 1, 2].map((i) => top[i]! * a + base[i]! * (1 - a));
  };
  const base = blend(parse(bg), parse(under));
  const front = blend(parse(fg), base);
  const lum = (rgb: number[]): number => {
    const [r, g, b] = rgb.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [l1, l2] = [lum(front), lum(base)].sort((a, b) => b - a);
  return (l1! + 0.05) / (l2! + 0.05);
}
