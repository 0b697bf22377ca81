#!/usr/bin/env node
// The review page at scale: `ioa-align review` on the anatomy default candidates (whole process,
// as a user starts it), then headless Chromium (Debian's, through playwright-core) measures the
// page load (navigation until the first item is shown), moving to the next item (key `j` until
// the next subject is shown), a search and clearing it (Enter until the list and the item are
// drawn), and a decision until the page has drawn its answer and until the server reports it
// saved; and the bytes of the item-list answers (/api/items) the page read at load, the largest
// of them, and all of them in the whole run. With --screenshots DIR it also saves the README's screenshots (1400 px wide, and a
// phone's 390 px). Needs `npm run build` and `chromium` on PATH.
//
// Another pair of ontologies: --source and --target, with --candidates F (proposed into F the
// first time, read from it after), --search a word their labels share. NCIt disease × ORDO:
//
//   node benchmarks/review/page.mjs --source corpora/large/ncit-disease-2018-06-08.ttl --target corpora/large/ordo-2_6-2018-07-12.ttl \
//     --candidates /tmp/large.sssom.tsv --search carcinoma --out benchmarks/results/review-page-large.json
//
//   node benchmarks/review/page.mjs [--candidates F] [--source S --target T] [--search WORD] [--screenshots docs/images] [--out benchmarks/results/review-page.json]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { loadavg, tmpdir, cpus, totalmem } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const out = flag('--out', join(root, 'benchmarks', 'results', 'review-page.json'));
const shots = flag('--screenshots', undefined);
const cli = join(root, 'bin', 'ioa-align.js');
const dir = mkdtempSync(join(tmpdir(), 'ioa-review-page-'));
const source = flag('--source', 'corpora/anatomy/mouse.owl');
const target = flag('--target', 'corpora/anatomy/human.owl');
const search = flag('--search', 'bone');
const candidates = flag('--candidates', join(dir, 'candidates.sssom.tsv'));
if (!existsSync(candidates)) execFileSync(process.execPath, [cli, 'propose', source, target, '--out', candidates, '--quiet'], { cwd: root });
const reviewed = join(dir, 'reviewed.sssom.tsv');

const started = performance.now();
const child = spawn(process.execPath, [cli, 'review', candidates, '--source', source, '--target', target, '--out', reviewed, '--reviewer', 'orcid:0000-0002-1825-0097'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let text = '';
  child.stdout.on('data', (d) => {
    text += d;
    const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(text);
    if (m) resolve(m[0]);
  });
  child.on('exit', (code) => reject(new Error(`review exited with ${code}`)));
});
const startMs = performance.now() - started;

process.on('uncaughtException', (error) => {
  child.kill('SIGINT');
  console.error(error);
  process.exit(1);
});
const executablePath = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
const browser = await chromium.launch({ executablePath, headless: true });
const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
// Each answer's length as the server declared it (it sends each whole).
const listAnswers = [];
page.on('response', (r) => {
  if (new URL(r.url()).pathname === '/api/items') listAnswers.push(Number(r.headers()['content-length'] ?? 0));
});
const t0 = performance.now();
await page.goto(url);
await page.waitForSelector('body[data-ready="1"] .cand');
const loadMs = performance.now() - t0;
const loadListBytes = listAnswers.reduce((a, b) => a + b, 0);
const subjectCount = await page.evaluate(async () => (await (await fetch('/api/progress')).json()).subjects);

const nextMs = [];
for (let i = 0; i < 20; i++) {
  const before = await page.textContent('#detail h2');
  const t = performance.now();
  await page.keyboard.press('j');
  await page.waitForFunction((s) => document.querySelector('#detail h2')?.textContent !== s, before);
  nextMs.push(performance.now() - t);
}
await page.keyboard.press('k');
await page.waitForTimeout(200);
if (shots) await page.screenshot({ path: join(shots, 'review-page.png') });

const idle = () => page.waitForFunction(() => document.body.dataset.queue === '0' && document.body.dataset.pending === '0');
/** Until the page's actions are done and the browser has drawn the frame after them. */
const drawn = async () => {
  await idle();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
};

// A search, then clearing it: Enter in the field until the list and the item are drawn (the key
// handler queues the reload at once, so the page is not idle until it has run).
const searchMs = [];
const clearMs = [];
let matches = 0;
for (let i = 0; i < 3; i++) {
  await page.fill('#search', search);
  let t = performance.now();
  await page.press('#search', 'Enter');
  await drawn();
  searchMs.push(performance.now() - t);
  matches = Number((/^([\d,]+) items? match/.exec((await page.textContent('#msg')) ?? '')?.[1] ?? '0').replace(/,/g, ''));
  await page.fill('#search', '');
  t = performance.now();
  await page.press('#search', 'Enter');
  await drawn();
  clearMs.push(performance.now() - t);
}
await page.keyboard.press('j');
await idle();

const saveMs = [];
const shownMs = [];
for (let i = 0; i < 5; i++) {
  // A decision key acts on the candidate shown when it is pressed: wait until the page shows the
  // item auto-advance moved to (a key pressed earlier would be refused, as the page says).
  await idle();
  const t = performance.now();
  await page.keyboard.press(i % 2 ? 'r' : 'a');
  // Shown: the page has drawn the answer (the next item where auto-advance moves on). A
  // confirmation asked for first (one-to-one) counts in it: the loop below answers it at once.
  const shown = drawn().then(() => shownMs.push(performance.now() - t));
  const token = new URL(url).searchParams.get('token');
  for (;;) {
    // A candidate whose target is already mapped asks before breaking one-to-one.
    if (await page.locator('dialog#confirm[open]').count()) await page.click('#confirm-yes');
    const p = await (await fetch(new URL('/api/progress', url), { headers: { Authorization: `Bearer ${token}` } })).json();
    if (p.saved && p.accepted + p.rejected > i) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  saveMs.push(performance.now() - t);
  await shown;
  await page.waitForTimeout(150);
}
if (shots) {
  // An accepted exactMatch with the competitors it closed, auto-advance off so the item stays.
  // The items asked first are the uncertain ones, where one "yes" stays contested and closes
  // nothing until a second opinion: the shot accepts a strong candidate (best value 0.4–0.8),
  // which one answer settles.
  await page.selectOption('#band', '0.4-0.8');
  await page.uncheck('#advance');
  await idle();
  await page.keyboard.press('a');
  await idle();
  await page.waitForSelector('.cand.closed', { state: 'attached', timeout: 10_000 });
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
  await idle();
  await page.click('.cand.focus details.evidence summary');
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, 'review-accepted.png') });
  // The same page on a phone.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phone.goto(url);
  await phone.waitForSelector('body[data-ready="1"] .cand');
  await phone.waitForFunction(() => document.body.dataset.queue === '0' && document.body.dataset.pending === '0');
  await phone.screenshot({ path: join(shots, 'review-phone.png') });
}
await browser.close();
child.kill('SIGINT');
await new Promise((resolve) => child.on('exit', resolve));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result = {
  date: new Date().toISOString(),
  machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: Math.round(totalmem() / 1024 ** 3), node: process.version },
  candidates: flag('--candidates', undefined) ? `${candidates} (${source} × ${target})` : `default propose output, ${source} × ${target}`,
  subjects: subjectCount,
  reviewStartMs: Math.round(startMs),
  pageLoadMs: Math.round(loadMs),
  nextItemMs: { median: Math.round(median(nextMs)), max: Math.round(Math.max(...nextMs)), samples: nextMs.length },
  searchMs: { text: search, matches, runs: searchMs.map(Math.round) },
  clearSearchMs: clearMs.map(Math.round),
  decisionShownMs: { median: Math.round(median(shownMs)), max: Math.round(Math.max(...shownMs)), samples: shownMs.length },
  decisionSavedMs: { median: Math.round(median(saveMs)), max: Math.round(Math.max(...saveMs)), samples: saveMs.length },
  itemListBytes: { load: loadListBytes, largestAnswer: Math.max(...listAnswers), answers: listAnswers.length, all: listAnswers.reduce((a, b) => a + b, 0) },
  loadAverage: loadavg(),
};
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
