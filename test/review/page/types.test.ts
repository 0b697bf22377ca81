/**
 * The review page declares the JSON it reads (src/review/page/types.ts) because it is compiled
 * for the browser apart from the server. These assignments make the type check fail when the
 * server's views and the page's declarations drift apart; the test itself checks one real
 * answer against the declared members.
 */
import { describe, expect, it } from 'vitest';
import type { CandidateView, ConceptView, ItemSummary as ServerItemSummary, Progress as ServerProgress } from '../../../src/review/session.js';
import type { Candidate, Concept, Item, ItemSummary, Progress } from '../../../src/review/page/types.js';
import { openReview } from '../../../src/api/review.js';
import { join } from 'node:path';
import { pageFixture } from '../page-fixture.js';

// Compile-time: every server view fits what the page reads.
export type Fits<Server, Page> = Server extends Page ? true : never;
const checks: [Fits<ConceptView, Concept>, Fits<CandidateView, Candidate>, Fits<ServerItemSummary, ItemSummary>, Fits<ServerProgress, Progress>] = [true, true, true, true];

describe('review page types', () => {
  it('the server sends every member the page declares as required', async () => {
    expect(checks).toEqual([true, true, true, true]);
    const files = pageFixture();
    const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'r.tsv') });
    const item = session.item('src:Valve')!;
    const page: Omit<Item, 'progress'> = item;
    const concept: Array<keyof Concept> = ['id', 'curie', 'label', 'synonyms', 'parents', 'kind', 'parent_terms', 'children', 'children_count', 'restrictions'];
    for (const k of concept) expect([k, k in page.subject, k in page.candidates[0]!.object]).toEqual([k, true, true]);
    const candidate: Array<keyof Candidate> = ['subject_id', 'predicate_id', 'object_id', 'score', 'rank', 'status', 'members', 'match_string', 'subject_match_field', 'object_match_field', 'object', 'already_mapped', 'equivalence', 'accepted_rivals'];
    for (const k of candidate) expect([k, k in page.candidates[0]!]).toEqual([k, true]);
  });
});
