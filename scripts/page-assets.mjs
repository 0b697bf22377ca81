#!/usr/bin/env node
// The review page's static files (HTML, CSS, icon) into dist/review/page, where tsc puts the
// page's compiled browser code next (`npm run build` runs both). The folder is emptied first so
// that a file removed from src/review/page is not served from an old build.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const from = join(root, 'src', 'review', 'page');
const to = join(root, 'dist', 'review', 'page');
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
for (const name of readdirSync(from)) {
  if (['.html', '.css', '.svg'].includes(extname(name))) copyFileSync(join(from, name), join(to, name));
}
