/**
 * `check --candidates` (loadCheckFiles) reads each candidate file once: the text that is refused
 * as an alignment artifact is the text that is parsed as mappings. Read twice, a file changed
 * between the two reads would be checked as one thing and used as another, and every candidate
 * file cost two reads. The reads are counted as the opens of the file: `open` of
 * node:fs/promises is wrapped for the call (and put back), as every file read goes through it.
 */
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckFiles, type CheckFiles } from '../../src/gate/files.js';

const EX = join(new URL('../../', import.meta.url).pathname, 'corpora', 'ioa-example');
const DOCS = {
  request: join(EX, 'envelope-12.1-zh-en.json'), provider: join(EX, 'capability-doc-translate.json'), profile: join(EX, 'profile-tech-translation.json'),
};

/** The paths opened while `work` runs, and what it returned or threw. */
async function opened<T>(work: () => Promise<T>): Promise<{ paths: string[]; outcome: PromiseSettledResult<T> }> {
  const paths: string[] = [];
  const original = fsp.open;
  fsp.open = (...args: Parameters<typeof fsp.open>) => {
    paths.push(String(args[0]));
    return original(...args);
  };
  // The ES module bindings of node:fs/promises (what src/io imports) follow the change.
  syncBuiltinESMExports();
  try {
    const [outcome] = await Promise.allSettled([work()]);
    return { paths, outcome: outcome! };
  } finally {
    fsp.open = original;
    syncBuiltinESMExports();
  }
}

describe('loadCheckFiles reads a candidate file once', () => {
  it('one read per candidate file, and its rows are the candidates', async () => {
    const candidates = join(EX, 'candidates-s2.sssom.tsv');
    const files: CheckFiles = { ...DOCS, ontologies: [join(EX, 'cs.ttl')], candidates: [candidates] };
    const { paths, outcome } = await opened(() => loadCheckFiles(files));
    if (outcome.status !== 'fulfilled' || !outcome.value.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.value.input.candidates?.length).toBeGreaterThan(0);
    expect(paths.filter((p) => p === candidates)).toEqual([candidates]);
    // The documents are opened too: the count sees every read.
    expect(paths).toContain(DOCS.request);
  });

  it('an alignment artifact given as candidates is still refused (E_USAGE), after one read', async () => {
    const artifact = join(EX, 'artifact-12.4.json');
    const { paths, outcome } = await opened(() => loadCheckFiles({ ...DOCS, candidates: [artifact] }));
    expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'E_USAGE', location: { file: artifact } } });
    expect(paths.filter((p) => p === artifact)).toEqual([artifact]);
  });
});
