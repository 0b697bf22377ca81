/**
 * The page's actions, one after another in the order they were asked for. Keys outrun the
 * server: `r` then `a` 20 ms apart must not let the `a` act while the rejection is in flight.
 * Each action runs only once the one before it has finished (its answer drawn), so it sees the
 * page as the earlier actions left it. An action that fails is reported and the next one runs.
 */
export class ActionQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly onSize: (size: number) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Actions asked for and not finished, the running one included. */
  get size(): number {
    return this.waiting;
  }

  push(action: () => void | Promise<void>): Promise<void> {
    this.waiting++;
    this.onSize(this.waiting);
    const run = this.tail
      .then(action)
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.waiting--;
        this.onSize(this.waiting);
      });
    this.tail = run;
    return run;
  }
}
