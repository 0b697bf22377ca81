/**
 * The first search's work done ahead: the server folds every label and numbers the targets while
 * it waits for the page, a slice at a time, and a search finds the same subjects whether that work
 * is done, half done or not begun.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openReview, serveReview, type ReviewSession } from '../../src/api/review.js';
import { scriptsFixture, SCRIPTS_SRC, SCRIPTS_TGT } from './page-fixture.js';
import { isIoaError } from '../../src/model/errors.js';

/** Searches over subjects' labels, targets' labels, IRIs and CURIEs, folded forms included. */
const SEARCHES = ['izmir', 'İZMİR', 'crème', 'xyz', 'strasse', 'street', 'gland', 'قلب', 'לב', 'group 12', 'receptor protein', 'other', 'Fw', `${SCRIPTS_TGT}Ss`, 'nothing like it'];

async function open(): Promise<ReviewSession> {
  const files = scriptsFixture();
  return openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'reviewed.sssom.tsv') });
}

const found = (session: ReviewSession): string[][] => SEARCHES.map((text) => session.itemSubjects({ status: 'all', order: 'ontology', text }));

describe('review: the first search worked out ahead', () => {
  it('prepareSearch works a slice at a time (false until all is done), and searches find the same whether it is done, half done or not begun', async () => {
    const cold = await open();
    const expected = found(cold);
    expect(expected[0]).toEqual([`${SCRIPTS_SRC}Tr`]);
    expect(expected[5]).toEqual([`${SCRIPTS_SRC}Ss`]); // by its target's label
    expect(expected[14]).toEqual([]);

    const prepared = await open();
    let steps = 1;
    while (!prepared.prepareSearch(1)) steps++;
    // One step per candidate numbered and per label folded (subjects', then targets'), at least.
    expect(steps).toBeGreaterThan(18 + 9);
    expect(prepared.prepareSearch(0)).toBe(true);
    expect(found(prepared)).toEqual(expected);

    // Stopped part of the way through the numbering, then part of the way through the labels.
    for (const partly of [3, 22]) {
      const half = await open();
      for (let i = 0; i < partly; i++) expect(half.prepareSearch(1)).toBe(false);
      expect(found(half)).toEqual(expected);
      expect(half.prepareSearch()).toBe(true);
      expect(found(half)).toEqual(expected);
    }
  });

  it('serveReview does it while it waits for the page, after the first list and item, and stops when closed', async () => {
    const session = await open();
    expect(session.prepareSearch(0)).toBe(false);
    const server = await serveReview(session);
    try {
      await expect.poll(() => session.prepareSearch(0), { timeout: 10_000 }).toBe(true);
    } finally {
      await server.close();
    }
    // Closed at once, it leaves the work for a search to do.
    const other = await open();
    const closed = await serveReview(other);
    await closed.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other.prepareSearch(0)).toBe(false);
  });
});

describe('review: prepareSearch given a bad step', () => {
  it('refuses a limit that is not a whole number of at least 0 (E_USAGE at $.limit), and searches still find what they find cold', async () => {
    const expected = found(await open());
    for (const limit of [Number.NaN, -1, 1.5, '5' as unknown as number]) {
      const session = await open();
      expect(session.prepareSearch(2)).toBe(false);
      let code: unknown;
      try {
        session.prepareSearch(limit);
      } catch (error) {
        code = isIoaError(error) ? [error.code, error.location.path] : error;
      }
      expect([limit, code]).toEqual([limit, ['E_USAGE', '$.limit']]);
      expect(found(session)).toEqual(expected);
      expect(session.prepareSearch()).toBe(true);
    }
  });
});
