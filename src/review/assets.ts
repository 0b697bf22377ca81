/**
 * The review page's files — HTML, CSS, the browser code tsc compiled from src/review/page, an
 * icon — read once and served from memory. They sit in `page/` beside the compiled server
 * (dist/review/page, shipped in the package). Run from the TypeScript sources (as the tests run
 * the server), the browser code exists only compiled, so the build's copy is served: the tests
 * check that dist/ is not older than src/.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IoaError } from '../model/errors.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface Asset {
  type: string;
  body: Buffer;
}

/** Where the page's compiled files are. */
export function pageDirectory(): string {
  const beside = fileURLToPath(new URL('./page/', import.meta.url));
  if (existsSync(join(beside, 'main.js'))) return beside;
  return fileURLToPath(new URL('../../dist/review/page/', import.meta.url));
}

let cached: Map<string, Asset> | undefined;

/**
 * URL path → file: `/` is index.html, `/favicon.ico` the icon (browsers ask for it whatever the
 * page links), every other file by its name. Throws E_INTERNAL when the files are missing.
 */
export function pageAssets(): Map<string, Asset> {
  if (cached) return cached;
  const dir = pageDirectory();
  const assets = new Map<string, Asset>();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const type = TYPES[extname(name)];
    if (type) assets.set(name === 'index.html' ? '/' : `/${name}`, { type, body: readFileSync(join(dir, name)) });
  }
  const icon = assets.get('/favicon.svg');
  if (icon) assets.set('/favicon.ico', icon);
  if (!assets.has('/') || !assets.has('/main.js')) throw new IoaError('E_INTERNAL', `the review page's files are missing from ${dir}: build the package (npm run build)`, { file: dir });
  cached = assets;
  return assets;
}
