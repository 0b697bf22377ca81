/**
 * The review page's action queue: actions run one at a time in the order asked for, each after
 * the one before has finished; a failing one is reported and the next still runs.
 */
import { describe, expect, it } from 'vitest';
import { ActionQueue } from '../../../src/review/page/queue.js';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('review page action queue', () => {
  it('runs actions in order, never two at once, and reports its size', async () => {
    const sizes: number[] = [];
    const errors: unknown[] = [];
    const queue = new ActionQueue((n) => sizes.push(n), (e) => errors.push(e));
    const log: string[] = [];
    let running = 0;
    const action = (name: string, ms: number) => async () => {
      running++;
      log.push(`${name}:${running}`);
      await later(ms);
      running--;
    };
    const slow = queue.push(action('reject', 40));
    // Asked for while the slow one runs: it waits (a `:2` in the log would mean two at once).
    void queue.push(action('accept', 0));
    void queue.push(() => void log.push('move:sync'));
    expect(queue.size).toBe(3);
    const last = queue.push(async () => {
      await later(1);
      throw new Error('refused');
    });
    void queue.push(action('after-error', 0));
    await slow;
    await last;
    await later(5);
    expect(log).toEqual(['reject:1', 'accept:1', 'move:sync', 'after-error:1']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['refused']);
    expect(queue.size).toBe(0);
    expect(sizes).toEqual([1, 2, 3, 4, 5, 4, 3, 2, 1, 0]);
  });
});
