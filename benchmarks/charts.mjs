#!/usr/bin/env node
// Redraws every benchmark chart from its stored result (benchmarks/results/<run>/results.json),
// without running the benchmark again: `npm run build && node benchmarks/charts.mjs [--png DIR] [run ...]`.
// With --png, each SVG is also rendered to DIR/<run>-<chart>.png by a headless Chromium (the
// `chromium` on PATH), so the charts can be looked at as images before they are committed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const png = args.includes('--png') ? resolve(args[args.indexOf('--png') + 1]) : undefined;
const wanted = args.filter((a, i) => a !== '--png' && args[i - 1] !== '--png');
const { renderCharts } = await import(join(root, 'dist', 'bench', 'charts.js'));
const results = join(root, 'benchmarks', 'results');
if (png) mkdirSync(png, { recursive: true });
for (const run of readdirSync(results).sort()) {
  const file = join(results, run, 'results.json');
  if (!existsSync(file) || (wanted.length && !wanted.includes(run))) continue;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(result.runs)) continue; // not a bench result (another benchmark's output)
  for (const chart of await renderCharts(result)) {
    const svgFile = join(results, run, chart.file);
    writeFileSync(svgFile, chart.svg);
    if (!png) continue;
    const size = /width="(\d+)" height="(\d+)"/.exec(chart.svg);
    const out = join(png, `${run}-${chart.file.replace(/\.svg$/, '.png')}`);
    const shot = spawnSync('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--screenshot=${out}`, `--window-size=${Number(size[1]) + 10},${Number(size[2]) + 10}`, `file://${svgFile}`], { encoding: 'utf8' });
    if (shot.status !== 0) throw new Error(`chromium could not render ${svgFile}: ${shot.stderr}`);
  }
  process.stderr.write(`${run}: charts redrawn\n`);
}
