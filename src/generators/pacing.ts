/**
 * Long synchronous loops over names give the event loop a turn every PACE names: a progress bar
 * draws, and an abort signal's listeners run, so a stop is noticed within one stretch rather than
 * when the loop ends. A turn costs a few microseconds; a stretch of 256 names, a few milliseconds.
 */
export const PACE = 256;

export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What a paced loop is told: where to report its steps, and what stops it. */
export interface Pacing {
  signal?: AbortSignal | undefined;
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/**
 * Call at the top of iteration `i` of a loop of `total` when `i % PACE === 0` (the test stays at
 * the call site: an await per iteration would cost a microtask per name). Reports progress,
 * hands the event loop a turn (not before the first name) and throws if the signal has stopped
 * the work.
 */
export async function paceTurn(i: number, total: number, pacing: Pacing): Promise<void> {
  pacing.signal?.throwIfAborted();
  pacing.onProgress?.(i, total);
  if (i > 0) {
    await yieldToEventLoop();
    pacing.signal?.throwIfAborted();
  }
}
