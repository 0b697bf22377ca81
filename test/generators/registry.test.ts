/**
 * The registry is data (STYLE.md point 2): every file in src/generators/ whose default export
 * builds a generator must be registered under that generator's name, with the same factory.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATORS, LEXICAL_GENERATORS } from '../../src/generators/registry.js';
import { parseGeneratorList } from '../../src/generators/run.js';
import type { Generator } from '../../src/generators/types.js';

const folder = fileURLToPath(new URL('../../src/generators/', import.meta.url));

function isGenerator(value: unknown): value is Generator {
  return typeof value === 'object' && value !== null && typeof (value as Generator).propose === 'function' && typeof (value as Generator).name === 'string';
}

describe('generator registry', () => {
  it('registers every generator file under its generator name', async () => {
    const files = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    const found: string[] = [];
    for (const file of files) {
      // The extension stays in the static part of the path, so Vite can see which files the
      // import may reach (without it Vite warns "invalid import" on every run).
      const mod = (await import(`../../src/generators/${file.slice(0, -'.ts'.length)}.ts`)) as { default?: unknown };
      if (typeof mod.default !== 'function') continue;
      const made = (mod.default as () => unknown)();
      if (!isGenerator(made)) continue;
      found.push(made.name);
      expect(Object.keys(GENERATORS), `${file} exports generator "${made.name}"`).toContain(made.name);
      const registered = await GENERATORS[made.name as keyof typeof GENERATORS]();
      expect(registered, `${file}`).toBe(mod.default);
    }
    // The scan must have seen the lexical generators, or it checked nothing.
    for (const name of LEXICAL_GENERATORS) expect(found).toContain(name);
  });

  it('rejects unknown names with E_UNKNOWN_GENERATOR and defaults to the lexical generators, structure and description', () => {
    expect(() => parseGeneratorList('exact,nope')).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_GENERATOR' }));
    expect(parseGeneratorList(undefined)).toEqual([...LEXICAL_GENERATORS, 'structure', 'description']);
    expect(parseGeneratorList('tfidf, exact,tfidf')).toEqual(['tfidf', 'exact']);
  });

  it('a list given but empty names no generator: E_UNKNOWN_GENERATOR, as "," is, never quietly the default', () => {
    for (const list of ['', '  ', ',']) expect(() => parseGeneratorList(list)).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_GENERATOR', message: expect.stringContaining('(none given)') }));
  });
});
