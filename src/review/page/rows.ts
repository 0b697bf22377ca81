/**
 * The item list's data: the server keeps the list a filter chose (its subjects, by id) and the
 * page holds only the summaries of the rows it has drawn, asked for a window of WINDOW rows at a
 * time as the rows come into view. A file of 20,324 subjects is a list of 20,324 places, of which
 * the page first reads 100 (about 20 kB instead of 4.7 MB).
 */
import type { ItemSummary, ItemsWindow } from './types.js';

/** Rows per window asked for: a few screens of the list. */
export const WINDOW = 100;

export class ItemRows {
  private readonly summaries = new Map<number, ItemSummary>();
  private readonly places = new Map<string, number>();
  /** Windows asked for and not answered yet, by their first row. */
  private readonly asked = new Map<number, Promise<void>>();
  /** The server's id of the list. */
  readonly list: string;
  /** How many items the list holds. */
  readonly total: number;

  /**
   * `first` is the server's answer that made the list; `fetchWindow(query)` asks for another
   * window of it (the page's request function, so that the page's pending count includes it);
   * `loaded(from, to)` is told which rows have arrived.
   */
  constructor(
    first: ItemsWindow,
    private readonly fetchWindow: (query: string) => Promise<ItemsWindow>,
    private readonly loaded: (from: number, to: number) => void,
  ) {
    this.list = first.list;
    this.total = first.total;
    // The first window is drawn with the list: nobody is told it has arrived.
    this.keep(first, false);
  }

  /** Item i's summary, when it has arrived. */
  get(i: number): ItemSummary | undefined {
    return this.summaries.get(i);
  }

  /** Where a subject is in the list, when its row has arrived. */
  placeOf(subject: string): number | undefined {
    return this.places.get(subject);
  }

  /** Every summary that has arrived, with its place. */
  arrived(): IterableIterator<[number, ItemSummary]> {
    return this.summaries.entries();
  }

  /** Ask for the windows of rows `from`…`to` that have not arrived; resolves when they have. */
  ensure(from: number, to: number): Promise<void> {
    const waits: Array<Promise<void>> = [];
    const last = Math.min(to, this.total - 1);
    for (let start = Math.max(0, from) - (Math.max(0, from) % WINDOW); start <= last; start += WINDOW) {
      if (this.has(start, Math.min(start + WINDOW, this.total) - 1)) continue;
      let asking = this.asked.get(start);
      if (!asking) {
        asking = this.fetchWindow(`list=${encodeURIComponent(this.list)}&offset=${start}&limit=${WINDOW}`).then(
          (answer) => {
            this.asked.delete(start);
            this.keep(answer);
          },
          (error: unknown) => {
            this.asked.delete(start);
            throw error;
          },
        );
        this.asked.set(start, asking);
      }
      waits.push(asking);
    }
    return Promise.all(waits).then(() => undefined);
  }

  /** Item i's summary, asked for when it has not arrived; undefined past the list's end. */
  async at(i: number): Promise<ItemSummary | undefined> {
    if (i < 0 || i >= this.total) return undefined;
    await this.ensure(i, i);
    return this.summaries.get(i);
  }

  /** Where a subject is in the list (-1: not in it), asking the server when its row has not arrived. */
  async locate(subject: string): Promise<number> {
    const known = this.places.get(subject);
    if (known !== undefined) return known;
    const answer = await this.fetchWindow(`list=${encodeURIComponent(this.list)}&around=${encodeURIComponent(subject)}&limit=${WINDOW}`);
    this.keep(answer);
    return answer.position ?? -1;
  }

  private has(from: number, to: number): boolean {
    for (let i = from; i <= to; i++) if (!this.summaries.has(i)) return false;
    return true;
  }

  private keep(answer: ItemsWindow, tell = true): void {
    answer.items.forEach((summary, k) => {
      const i = answer.offset + k;
      const before = this.summaries.get(i);
      if (before) this.places.delete(before.subject_id);
      this.summaries.set(i, summary);
      this.places.set(summary.subject_id, i);
    });
    if (tell && answer.items.length) this.loaded(answer.offset, answer.offset + answer.items.length - 1);
  }
}
