/**
 * Data flows down the layers and nothing reaches up (DESIGN.md): no module may, directly or
 * through others, import a module that imports it back — counting lazy `import('…')` calls,
 * which are cycles too, only deferred. Type-only imports vanish at run time and are not counted.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports that exist at run time: `import … from`, `export … from`, `import('…')`. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s)?[^;]*?\sfrom\s+'(\.[^']+)'/gms)) {
    if (!m[2]) found.push(m[3]!);
  }
  for (const m of text.matchAll(/^\s*import\s+'(\.[^']+)'/gm)) found.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) found.push(m[1]!);
  return found.map((spec) => resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
}

/** Relative `import type … from` / `export type … from`: no run-time edge, but a design one. */
function typeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s+type\s[^;]*?\sfrom\s+'(\.[^']+)'/gms)].map((m) => resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts'));
}

function graph(withTypes = false): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  return new Map(files.map((f) => [f, [...runtimeImports(f), ...(withTypes ? typeImports(f) : [])].filter((d) => known.has(d))]));
}

/** Strongly connected components with more than one module (Tarjan). */
function cycles(g: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(SRC, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('module imports', () => {
  it('the parser sees static, re-exported and lazy imports (and skips type-only ones)', () => {
    const main = runtimeImports(join(SRC, 'cli/main.ts')).map((f) => relative(SRC, f));
    expect(main).toContain('cli/commands/check.ts'); // lazy import('./commands/check.js')
    expect(main).toContain('cli/args.ts');
    const files = runtimeImports(join(SRC, 'gate/files.ts')).map((f) => relative(SRC, f));
    expect(files).toContain('envelope/index.ts');
    expect(files).not.toContain('envelope/types.ts'); // `import type` only
  });

  it('src has no import cycles (the CLI entry point and its commands, the envelope and the gate included)', () => {
    expect(cycles(graph())).toEqual([]);
  });

  it('counting type-only imports too, no two modules depend on each other (a shared type lives in a third module)', () => {
    // The retrieval session and its cache once named each other's types; both now use retrieval/resource.ts.
    expect(typeImports(join(SRC, 'retrieval/cache.ts')).map((f) => relative(SRC, f))).toContain('retrieval/resource.ts');
    expect(cycles(graph(true))).toEqual([]);
  });

  it('no two folders of src depend on each other, type-only imports counted (each folder is one layer)', () => {
    const folder = (file: string): string => relative(SRC, file).split('/')[0]!;
    const folders = new Map<string, string[]>();
    for (const [file, deps] of graph(true)) {
      const from = folder(file);
      const into = folders.get(from) ?? [];
      for (const d of deps) if (folder(d) !== from && !into.includes(folder(d))) into.push(folder(d));
      folders.set(from, into);
    }
    // The parser must see folder edges for this to mean anything: the CLI reaches the API.
    expect(folders.get('cli')).toContain('api');
    expect(cycles(new Map([...folders].map(([k, v]) => [join(SRC, k), v.map((d) => join(SRC, d))])))).toEqual([]);
  });

  it('the review module imports nothing from the command line', () => {
    const upward = [...graph(true)].filter(([file]) => relative(SRC, file).startsWith('review/'))
      .flatMap(([file, deps]) => deps.map((d) => [relative(SRC, file), relative(SRC, d)] as const))
      .filter(([, dep]) => dep.startsWith('cli/'));
    expect(upward).toEqual([]);
  });

  it('the envelope module imports nothing from the layers above it (gate, carriers, cli)', () => {
    const upward = [...graph()].filter(([file]) => relative(SRC, file).startsWith('envelope/'))
      .flatMap(([file, deps]) => deps.map((d) => [relative(SRC, file), relative(SRC, d)] as const))
      .filter(([, dep]) => /^(gate|carriers|cli)\//.test(dep));
    expect(upward).toEqual([]);
  });
});
