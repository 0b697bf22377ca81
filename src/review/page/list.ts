/**
 * The item list, drawn virtually: a list as tall as all its rows, of which only those in view
 * (and a few either side) are in the DOM, redrawn on scroll (once a frame) and on resize. A file
 * of 20,000 subjects keeps a few dozen rows, so after a filter change, a decision's ✓ or a move
 * the browser lays out and styles those few dozen, not a row per subject.
 *
 * The list works by index: the current item (marked, announced as current) and the rover (the
 * list's one tab stop, moved by the arrow keys) are drawn wherever they are, in view or not, so
 * the keyboard never falls out of the list while it is scrolled; moving either to an item not
 * drawn yet scrolls it into view and draws it. Each drawn row says its place in the whole list
 * (aria-posinset of aria-setsize): a screen reader hears "item 5,000 of 20,324".
 *
 * Rows are of one height, the stylesheet's, measured from a drawn row (again after a resize:
 * zoom, a font setting); a row is placed at its index times that height.
 *
 * The list needs no item's data to be drawn: a row whose item has not arrived from the server is
 * drawn empty (`build`), told which rows were drawn (`drew`) the page asks for them, and fills
 * them in place when they arrive (`refill`): a row is never replaced, so the keyboard on it stays.
 */

/** Rows drawn beyond each edge of the view, so a short scroll shows rows already there. */
const OVERSCAN = 8;
/** The height assumed until a row has been measured (the stylesheet's, at the default font). */
const GUESS = 31;

export class VirtualList {
  private count = 0;
  private current = 0;
  private rover = 0;
  private rowHeight = 0;
  private frame = 0;
  /** The rows in the DOM, by index, in the list's order. */
  private readonly drawn = new Map<number, HTMLElement>();

  /**
   * `scroller` scrolls and holds `list` at its top; `build(i)` makes item i's row: an `li` holding
   * a button whose `data-i` the list sets; `fill(row, i)` brings a drawn row up to date with its
   * item; `drew(indexes)` is told, after each drawing, which items' rows are in the DOM.
   */
  constructor(
    private readonly scroller: HTMLElement,
    private readonly list: HTMLElement,
    private readonly build: (i: number) => HTMLElement,
    private readonly fill: (row: HTMLElement, i: number) => void,
    private readonly drew: (indexes: readonly number[]) => void,
  ) {
    scroller.addEventListener('scroll', () => this.schedule(), { passive: true });
    // A resize (a window, zoom, the phone's list opened from nothing) may change the rows in
    // view and their height. Drawn at once: the list opened on a phone shows its rows at once.
    // (The border box: a scroll bar that drawing brings or takes away does not change it.)
    new ResizeObserver(() => {
      this.rowHeight = 0;
      this.draw();
    }).observe(scroller, { box: 'border-box' });
  }

  /** A new list of `count` items, `current` the one shown: drawn around it, scrolled to it. */
  reset(count: number, current: number): void {
    this.count = count;
    this.current = this.rover = current;
    for (const row of this.drawn.values()) row.remove();
    this.drawn.clear();
    // Drawn where the current item is, not first where the old list was scrolled: those rows'
    // items would be asked for, and thrown away. (The very first drawing measures the rows first.)
    if (!this.rowHeight) this.draw();
    // As tall as the new list first, so that it can be scrolled to its current item.
    this.list.style.height = `${count * this.height()}px`;
    this.bringIntoView(current);
  }

  /**
   * The list asked for again (the server had let it go), of `count` items, `current` the one
   * shown: the reader's place is kept. The list stays scrolled where it was and the rows drawn
   * stay in the DOM, filled again from the new list's items (a row whose item has not arrived
   * shows as loading), so the row the keyboard is on keeps it; the tab stop stays on its row, or
   * follows the current item when it was on it.
   */
  replace(count: number, current: number): void {
    const follow = this.rover === this.current;
    const active = document.activeElement;
    const hadKeyboard = active !== null && this.list.contains(active);
    const onRover = hadKeyboard && this.drawn.get(this.rover)?.contains(active) === true;
    this.count = count;
    this.current = current;
    this.rover = follow ? current : Math.max(0, Math.min(count - 1, this.rover));
    for (const [i, row] of this.drawn) {
      if (i >= count) {
        row.remove();
        this.drawn.delete(i);
        continue;
      }
      row.setAttribute('aria-setsize', String(count));
      this.fill(row, i);
      this.decorateRow(row, i);
    }
    this.draw();
    const button = this.roverButton();
    if (button && button !== document.activeElement && (onRover || (hadKeyboard && !this.list.contains(document.activeElement)))) button.focus({ preventScroll: true });
  }

  /** Fill the drawn rows of items `from`…`to` again: their items have arrived or changed. */
  refill(from: number, to: number): void {
    for (const [i, row] of this.drawn) if (i >= from && i <= to) this.fill(row, i);
  }

  /** Item i's row, when it is drawn: to change a mark that the next drawing would give it anyway. */
  row(i: number): HTMLElement | undefined {
    return this.drawn.get(i);
  }

  /** Mark item i current, make it the tab stop, scroll it into view. */
  setCurrent(i: number): void {
    const before = this.current;
    this.current = i;
    this.decorate(before);
    this.decorate(i);
    this.setRover(i);
  }

  /** Make item i the list's one tab stop, drawn and in view; the keyboard goes there when `focus`. */
  setRover(i: number, focus = false): void {
    const before = this.rover;
    this.rover = Math.max(0, Math.min(this.count - 1, i));
    this.decorate(before);
    this.decorate(this.rover);
    this.bringIntoView(this.rover);
    const button = this.drawn.get(this.rover)?.querySelector<HTMLElement>('button');
    if (focus) button?.focus({ preventScroll: true });
  }

  /** The tab stop's button (drawn always). */
  roverButton(): HTMLElement | undefined {
    return this.drawn.get(this.rover)?.querySelector<HTMLElement>('button') ?? undefined;
  }

  /** How many rows a PageUp or PageDown moves: the rows in view less one, kept for context. */
  page(): number {
    return Math.max(1, Math.floor(this.scroller.clientHeight / this.height()) - 1);
  }

  /** Scroll item i into view, the nearest way, and draw what is then in view. */
  bringIntoView(i: number): void {
    const view = this.scroller.clientHeight;
    if (view > 0 && i >= 0 && i < this.count) {
      const h = this.height();
      const top = this.offset() + i * h;
      if (top < this.scroller.scrollTop) this.scroller.scrollTop = top;
      else if (top + h > this.scroller.scrollTop + view) this.scroller.scrollTop = top + h - view;
    }
    this.draw();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private height(): number {
    if (this.rowHeight) return this.rowHeight;
    for (const row of this.drawn.values()) {
      const h = row.getBoundingClientRect().height;
      if (h > 0) return (this.rowHeight = h);
      break;
    }
    return GUESS;
  }

  /** Where the list starts in the scroller's content. */
  private offset(): number {
    return this.list.getBoundingClientRect().top - this.scroller.getBoundingClientRect().top + this.scroller.scrollTop;
  }

  /** The indexes to draw: those in view and the overscan, the current item, the tab stop, and the row holding the keyboard. */
  private wanted(h: number): number[] {
    if (!this.count) return [];
    const top = this.scroller.scrollTop - this.offset();
    const first = Math.max(0, Math.floor(top / h) - OVERSCAN);
    const last = Math.min(this.count - 1, Math.ceil((top + this.scroller.clientHeight) / h) + OVERSCAN);
    const out = new Set<number>();
    for (let i = first; i <= last; i++) out.add(i);
    if (this.current < this.count) out.add(this.current);
    if (this.rover < this.count) out.add(this.rover);
    const active = document.activeElement;
    if (active && this.list.contains(active)) {
      for (const [i, row] of this.drawn) if (row.contains(active)) out.add(i);
    }
    return [...out].sort((a, b) => a - b);
  }

  /** Bring the DOM to the rows wanted; rows kept are never moved (a moved row loses the keyboard). */
  private draw(): void {
    let h = this.height();
    const wanted = this.wanted(h);
    const keep = new Set(wanted);
    for (const [i, row] of this.drawn) {
      if (keep.has(i)) continue;
      row.remove();
      this.drawn.delete(i);
    }
    let next = this.list.firstElementChild;
    for (const i of wanted) {
      const have = this.drawn.get(i);
      if (have) {
        next = have.nextElementSibling;
        continue;
      }
      const row = this.make(i);
      this.list.insertBefore(row, next);
      this.drawn.set(i, row);
    }
    // The first drawing measures the rows: when they are not the height guessed, place them again.
    if (!this.rowHeight && this.drawn.size) {
      const measured = this.height();
      if (measured !== h) {
        h = measured;
        return this.draw();
      }
    }
    this.list.style.height = `${this.count * h}px`;
    for (const [i, row] of this.drawn) row.style.top = `${i * h}px`;
    this.drew(wanted);
  }

  private make(i: number): HTMLElement {
    const row = this.build(i);
    row.setAttribute('aria-setsize', String(this.count));
    row.setAttribute('aria-posinset', String(i + 1));
    const button = row.querySelector<HTMLElement>('button');
    if (button) button.dataset.i = String(i);
    this.decorateRow(row, i);
    return row;
  }

  /** Item i's marks that the list owns: current, and the tab stop. */
  private decorate(i: number): void {
    const row = this.drawn.get(i);
    if (row) this.decorateRow(row, i);
  }

  private decorateRow(row: HTMLElement, i: number): void {
    const current = i === this.current;
    row.classList.toggle('current', current);
    const button = row.querySelector<HTMLElement>('button');
    if (!button) return;
    if (current) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
    button.tabIndex = i === this.rover ? 0 : -1;
  }
}
