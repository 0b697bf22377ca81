/**
 * The progress figures come with every item, list and decision answer and the page asks for them
 * every 1.5 s: they are worked out again only when a decision changed something, and never stale.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openReview } from '../../src/api/review.js';
import { fixture } from './fixture.js';

describe('review progress', () => {
  it('is counted once per change: asking again reads no candidate status, a decision or an undo is seen at once', async () => {
    const files = await fixture();
    const s = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'reviewed.sssom.tsv') }, { reviewer: 'orcid:0000-0002-1825-0097', today: () => '2026-12-07' });
    const first = s.progress();
    const status = vi.spyOn(s.state, 'status');
    expect(s.progress()).toEqual(first);
    expect(status).not.toHaveBeenCalled();

    const paper = s.item('http://example.org/src#Paper')!.candidates[0]!.index;
    s.decide(paper, 'accept');
    const after = s.progress();
    expect(status).toHaveBeenCalled();
    expect([after.accepted, after.subjects_done]).toEqual([first.accepted + 1, first.subjects_done + 1]);
    expect(after.can_undo).toBe(true);
    status.mockClear();
    expect(s.progress()).toEqual(after);
    expect(status).not.toHaveBeenCalled();

    const undecided = (): string[] => s.items({ status: 'undecided' }).map((i) => i.subject_id);
    const search = (): string[] => s.items({ text: 'paper' }).map((i) => i.subject_id);
    expect(undecided()).not.toContain('http://example.org/src#Paper');
    expect(search()).toContain('http://example.org/src#Paper');
    s.undo();
    expect(undecided()).toContain('http://example.org/src#Paper');
    expect(s.items({ status: 'decided' }).map((i) => i.subject_id)).not.toContain('http://example.org/src#Paper');
    const undone = s.progress();
    expect([undone.accepted, undone.subjects_done, undone.can_undo]).toEqual([first.accepted, first.subjects_done, false]);
    await s.flush();
    expect(s.progress().saved).toBe(true);
  });

  it('opening tells each stage as it starts (read, then start); an onProgress that is no function is refused at its path', async () => {
    const files = await fixture();
    const stages: string[] = [];
    const out = join(files.dir, 'staged.sssom.tsv');
    const s = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { onProgress: (stage) => stages.push(stage) });
    expect(stages).toEqual(['read', 'start']);
    expect(s.progress().candidates).toBeGreaterThan(0);
    await expect(openReview({ candidates: files.candidates, source: files.source, target: files.target, out }, { onProgress: 'yes' as never })).rejects.toMatchObject({ code: 'E_USAGE', location: { path: '$.onProgress' } });
  });
});
