/**
 * A dynamic import whose path is a template (`import(\`./dir/${name}\`)`) must keep the file
 * extension in its static part: Vite can then tell which files it may reach, and otherwise warns
 * "invalid import … A file extension must be included in the static part" on every test run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? (e.name === 'node_modules' ? [] : sources(path)) : /\.(ts|mts|mjs|js)$/.test(e.name) ? [path] : [];
  });
}

describe('dynamic imports with a template path', () => {
  it('name the extension after the last substitution', () => {
    const offending: string[] = [];
    let seen = 0;
    for (const file of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'test'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bimport\(\s*`([^`]*\$\{[^`]*)`/g)) {
        seen++;
        const tail = m[1]!.slice(m[1]!.lastIndexOf('}') + 1);
        if (!/\.(ts|js|mjs|json)$/.test(tail)) offending.push(`${relative(ROOT, file)}: import(\`${m[1]}\`)`);
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(offending).toEqual([]);
  });
});
