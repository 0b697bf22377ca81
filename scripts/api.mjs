#!/usr/bin/env node
/**
 * The public API surface, from the built declaration files (dist/api/*.d.ts), one run of API
 * Extractor per entry point in package.json `exports` (it takes one entry point per run):
 *
 *   node scripts/api.mjs           check: fail when the surface differs from api/*.api.md
 *   node scripts/api.mjs --update  rewrite api/*.api.md (committed: review shows every change)
 *   node scripts/api.mjs --docs    also write the Markdown reference to docs/api/ (not committed)
 *
 * API Extractor rather than TypeDoc: it reads the .d.ts files with its own TypeScript compiler,
 * so it works with the native TypeScript 7 compiler this project builds with (TypeDoc needs the
 * TypeScript 5 compiler API, which TypeScript 7 no longer has), and the same run gives the
 * reviewable API report (a change of the public surface shows as a diff of api/*.api.md) and
 * the doc model that API Documenter turns into Markdown.
 *
 * Run `npm run build` first (`npm run api` and `npm run docs:api` do).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docs = process.argv.includes('--docs');
const update = docs || process.argv.includes('--update');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** `.` → ioa-align, `./gate` → ioa-align-gate (file names), with the d.ts each export names. */
export function entryPoints() {
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object' && target.types)
    .map(([subpath, target]) => ({
      subpath,
      importName: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
      fileName: subpath === '.' ? pkg.name : `${pkg.name}-${subpath.slice(2)}`,
      dts: join(ROOT, target.types),
    }));
}

function prepare(entry, work) {
  return ExtractorConfig.prepare({
    configObjectFullPath: join(ROOT, 'api-extractor.json'),
    packageJsonFullPath: join(ROOT, 'package.json'),
    configObject: {
      projectFolder: ROOT,
      mainEntryPointFilePath: entry.dts,
      compiler: {
        overrideTsconfig: {
          compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023'], types: ['node'], strict: true, skipLibCheck: true },
        },
      },
      apiReport: { enabled: true, reportFileName: entry.fileName, reportFolder: join(ROOT, 'api'), reportTempFolder: join(work, 'report') },
      docModel: { enabled: true, apiJsonFilePath: join(work, 'model', `${entry.fileName}.api.json`) },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          // Release tags (@public, @beta) are not used here: everything exported is public.
          'ae-missing-release-tag': { logLevel: 'none' },
          // Members without a comment show as "(undocumented)" in the report instead.
          'ae-undocumented': { logLevel: 'none' },
          // A type that appears in a signature but is not exported is listed in the report.
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
  });
}

function extract(entry, config, compilerState) {
  const problems = [];
  const result = Extractor.invoke(config, {
    compilerState,
    localBuild: update,
    showVerboseMessages: false,
    messageCallback: (message) => {
      if (message.logLevel === 'error' || message.logLevel === 'warning') problems.push(`${message.logLevel}: ${message.text}`);
      message.handled = true;
    },
  });
  return { entry, result, problems };
}

/**
 * API Documenter names pages after the package; every entry point is "ioa-align", so each doc
 * model is renamed to its import path before the pages are written, giving one section each.
 */
function writeReference(work) {
  const models = join(work, 'model');
  const renamed = join(work, 'renamed');
  mkdirSync(renamed, { recursive: true });
  for (const entry of entryPoints()) {
    if (entry.subpath === '.') {
      writeFileSync(join(renamed, `${entry.fileName}.api.json`), readFileSync(join(models, `${entry.fileName}.api.json`)));
      continue;
    }
    // The doc model's package name must be a valid npm name: `ioa-align-gate`, shown as
    // `ioa-align/gate` once the pages are written.
    const text = readFileSync(join(models, `${entry.fileName}.api.json`), 'utf8')
      .replaceAll(`"${pkg.name}!`, `"${entry.fileName}!`)
      .replace(`"name": "${pkg.name}"`, `"name": "${entry.fileName}"`);
    writeFileSync(join(renamed, `${entry.fileName}.api.json`), text);
  }
  const out = join(ROOT, 'docs', 'api');
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [join(ROOT, 'node_modules', '@microsoft', 'api-documenter', 'bin', 'api-documenter'), 'markdown', '-i', renamed, '-o', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  const pages = readdirSync(out);
  const display = entryPoints().filter((e) => e.subpath !== '.');
  for (const page of pages) {
    let text = readFileSync(join(out, page), 'utf8');
    for (const e of display) {
      text = text.replaceAll(`[${e.fileName}]`, `[${e.importName}]`).replaceAll(`${e.fileName} package`, `${e.importName} entry point`);
    }
    writeFileSync(join(out, page), text);
  }
  return pages.length;
}

export function run() {
  const missing = entryPoints().filter((e) => !existsSync(e.dts));
  if (missing.length) throw new Error(`not built: ${missing.map((e) => e.dts).join(', ')} (run npm run build)`);
  const work = mkdtempSync(join(tmpdir(), 'ioa-align-api-'));
  try {
    const entries = entryPoints();
    const configs = entries.map((entry) => prepare(entry, work));
    // One TypeScript program over every entry point's declarations, shared by the runs: the
    // entry points import the same modules, and a program per run parsed them all again each time.
    const compilerState = CompilerState.create(configs[0], { additionalEntryPoints: entries.map((e) => e.dts) });
    const runs = entries.map((entry, i) => extract(entry, configs[i], compilerState));
    const changed = runs.filter((r) => r.result.apiReportChanged).map((r) => r.entry.importName);
    // Warnings (an unresolved {@link}) are printed; only errors fail the run.
    const failed = runs.filter((r) => r.result.errorCount > 0);
    let pages = 0;
    if (docs && failed.length === 0) pages = writeReference(work);
    return { changed, failed: failed.map((r) => ({ entry: r.entry.importName, problems: r.problems })), problems: runs.flatMap((r) => r.problems.map((p) => `${r.entry.importName}: ${p}`)), pages };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { changed, failed, problems, pages } = run();
  for (const p of problems) process.stderr.write(`${p}\n`);
  if (failed.length) {
    process.stderr.write(`API Extractor failed for ${failed.map((f) => f.entry).join(', ')}\n`);
    process.exit(1);
  }
  if (update) process.stdout.write(`api/*.api.md ${changed.length ? `updated (${changed.join(', ')})` : 'unchanged'}${docs ? `; docs/api: ${pages} pages` : ''}\n`);
  else if (changed.length) {
    process.stderr.write(`The public API changed for ${changed.join(', ')}: review, then run \`npm run api\` and commit api/*.api.md and docs/api/\n`);
    process.exit(1);
  } else process.stdout.write('public API unchanged\n');
}
