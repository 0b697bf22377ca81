/**
 * The review page: a list of items, the current item (subject card beside its ranked
 * candidates), buttons for every key, and a key handler. Everything it shows comes from the JSON
 * API, the same one a script or an agent reviewer uses.
 *
 * Keys outrun the server, so every action (key, button, click, filter) goes through one queue
 * and runs after the ones before it have been answered and drawn. A decision names the exact
 * candidate that was in focus when its key was pressed, and the status the reviewer saw
 * (`expected_status`): when its turn comes and that candidate has left the focus or changed,
 * it is not applied and the page says so — `r` then `a` 20 ms apart rejects one candidate and
 * never accepts it.
 */
import { $, el, joinLines, lab, label, line, lineNodes, type Line } from './dom.js';
import { VirtualList } from './list.js';
import { ItemRows, WINDOW } from './rows.js';
import { ActionQueue } from './queue.js';
import { DECISION_OF, RELATIONS, interpret, shortcutKey, type Command, type Target } from './keys.js';
import { direction, plural } from './text.js';
import { candidateList, relationShown, subjectCard, warningTexts } from './view.js';
import type { Candidate, DecisionAnswer, ErrorAnswer, Item, ItemsAnswer, ItemsWindow, Progress, SubjectDone, Triple, UndoAnswer } from './types.js';

type Decision = 'accept' | 'reject' | 'unsure';

/** The item list: the server keeps it, the page holds the rows it has drawn (rows.ts). */
let rows: ItemRows | undefined;
let current = 0;
let item: Item | null = null;
let focus = 0;
let relation: string | null = null;
/**
 * Comments being written, by candidate: drawing the list again (a relation chosen, a move) makes
 * a new comment box, which takes the words typed for its candidate back. Sent or saved: gone.
 */
const drafts = new Map<string, string>();

// The token travelled in the URL once; the cookie carries it from now on.
if (location.search) history.replaceState(null, '', '/');

/** Requests in flight, on the body as data-pending, and actions waiting as data-queue: scripts driving the page (the browser tests) know when it has settled. */
let pending = 0;
const queue = new ActionQueue(
  (size) => (document.body.dataset.queue = String(size)),
  (error) => say(`error: ${error instanceof Error ? error.message : String(error)}`, true),
);

interface Answer<T> {
  ok: boolean;
  status: number;
  data: T & Partial<ErrorAnswer>;
}

/** The header while the server does not answer. */
const UNREACHABLE = 'server unreachable: decisions are not being taken';

/**
 * No answer at all: the server has stopped (Ctrl-C), or cannot be reached. Said in words, not as
 * the browser's "Failed to fetch".
 */
class Unreachable extends Error {
  constructor() {
    super('the review server has stopped or cannot be reached');
  }
}

async function api<T>(path: string, body?: unknown): Promise<Answer<T>> {
  document.body.dataset.pending = String(++pending);
  try {
    let res: Response;
    try {
      res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    } catch {
      disconnected(UNREACHABLE);
      throw new Unreachable();
    }
    const data = (await res.json()) as T & Partial<ErrorAnswer>;
    return { ok: res.ok, status: res.status, data };
  } finally {
    document.body.dataset.pending = String(--pending);
  }
}

/** A refusal from the server: its message, and its code to tell refusals apart. */
class ApiError extends Error {
  constructor(readonly code: string | undefined, message: string) {
    super(message);
  }
}

async function get<T>(path: string): Promise<T> {
  const res = await api<T>(path);
  if (!res.ok) throw new ApiError(res.data.error?.code, res.data.error?.message ?? `HTTP ${res.status}`);
  return res.data;
}

/**
 * A short status line, shown and announced (the item itself is not re-announced on every key).
 * Its labels are isolated like every other label on the page: a right-to-left one cannot carry
 * the words and numbers around it to its side.
 */
function say(text: string | Line, alert = false): void {
  const msg = $('msg');
  msg.replaceChildren(lineNodes(typeof text === 'string' ? [text] : text));
  msg.classList.toggle('alert', alert);
}

function showProgress(p: Progress): void {
  $('progress').textContent = `${p.subjects_done} / ${p.subjects} done · ${p.accepted} accepted · ${p.rejected} rejected · ${p.unsure} unsure · ${p.closed} closed`;
  const saved = $('saved');
  saved.textContent = p.save_error ? 'NOT SAVED' : p.saved ? 'saved' : 'saving…';
  saved.className = p.save_error ? 'failed' : p.saved ? '' : 'dirty';
  const failure = $('save-failure');
  failure.hidden = !p.save_error;
  if (p.save_error && failure.textContent !== p.save_error) failure.textContent = `Decisions are not being saved: ${p.save_error}`;
  $('server-gone').hidden = true;
  ($('do-undo') as HTMLButtonElement).disabled = !p.can_undo;
}

function select(id: string): HTMLSelectElement {
  return $(id) as HTMLSelectElement;
}

function query(): string {
  const q = new URLSearchParams();
  q.set('order', select('order').value);
  q.set('status', select('status').value);
  const band = select('band').value;
  if (band) {
    const [lo, hi] = band.split('-');
    if (lo) q.set('min', lo);
    if (hi) q.set('max', hi);
  }
  if (select('relation').value) q.set('relation', select('relation').value);
  if (select('kind').value) q.set('kind', select('kind').value);
  if (searched) q.set('q', searched);
  return q.toString();
}

/**
 * The search the list was asked for: what the search box held when `Enter` or `Esc` applied it.
 * Text typed and not applied is never searched for by a later reload of the list (another
 * filter, an undo): leaving the box puts the search applied back in it, and says so.
 */
let searched = '';

$('search').addEventListener('focusout', () => {
  const box = $('search') as HTMLInputElement;
  // The window left (another application, another tab) keeps the box focused: the typing is kept.
  if (document.activeElement === box) return;
  const typed = box.value.trim();
  if (typed === searched) return;
  box.value = searched;
  say(line`${typed ? line`search for ${lab(typed)} not applied` : 'search not cleared'} (Enter or Esc applies it): ${searched ? line`the search is ${lab(searched)} again` : 'the search box is empty again'}`, true);
});

function fillKinds(kinds: readonly string[] | undefined): void {
  const box = select('kind');
  if (!kinds || box.options.length > 1) return;
  for (const k of kinds) box.append(new Option(k, k));
}

/**
 * Load the item list. `new`: the list opens at its first item. `keep`: the item shown stays
 * shown when the new list holds it; else, and when it is gone, the list opens at its first item
 * (an index into the old list means nothing in a new one). `again`: as `keep`, for the same
 * list asked for again, the server having let it go (see `listLost`): the reader's place is kept
 * too — where the list is scrolled, the row the keyboard is on — and the item shown, when the new
 * list holds it, is not opened again (its candidate in focus, the relation chosen and the status
 * line stay).
 */
async function loadItems(how: 'new' | 'keep' | 'again', counted = false): Promise<void> {
  const again = how === 'again';
  const subject = how !== 'new' ? rows?.get(current)?.subject_id ?? item?.subject.id : undefined;
  // The server works the list out and keeps it; the answer holds its first window, or the one
  // holding the item kept, and where that item is.
  const data = await get<ItemsAnswer>(`/api/items?${query()}&limit=${WINDOW}${subject ? `&around=${encodeURIComponent(subject)}` : ''}`);
  const made: ItemRows = new ItemRows(data, (q) => get<ItemsWindow>(`/api/items?${q}`), (from, to) => {
    if (rows === made) list.refill(from, to);
  });
  rows = made;
  fillKinds(data.kinds);
  // Servers that keep several reviewers' decisions mark conflicts and can filter on them.
  if (data.items.some((i) => i.conflict !== undefined)) {
    const option = select('status').querySelector<HTMLOptionElement>('option[value="conflict"]');
    if (option) option.hidden = option.disabled = false;
  }
  showProgress(data.progress);
  current = data.position !== undefined && data.position >= 0 ? data.position : 0;
  if (again && item && made.get(current)?.subject_id === item.subject.id) {
    list.replace(made.total, current);
    return;
  }
  // The item's request goes out first: the reviewer reads the item, not the list.
  // After a search, how many items it found comes first on the status line.
  const total = made.total;
  const opening = openItem(current, undefined, counted && total ? [`${plural(total, 'item')} ${total === 1 ? 'matches' : 'match'}`] : undefined, '; ');
  if (again) list.replace(total, current);
  else renderList();
  await opening;
}

/**
 * Item i's row in the list: its label (cut short with an ellipsis where it is too long, the whole
 * of it in the title and in the button's name) and its best value, which always shows; its ✓ and
 * conflict marks. The list adds its place, the current mark and the tab stop. A row whose item
 * has not arrived yet is drawn empty, marked busy, and filled when it arrives.
 */
function itemRow(i: number): HTMLElement {
  const button = el('button', 'it', el('span', 'l'), el('span', 'v'));
  button.type = 'button';
  const row = el('li', null, button);
  fillRow(row, i);
  return row;
}

function fillRow(row: HTMLElement, i: number): void {
  const it = rows?.get(i);
  const button = row.querySelector<HTMLElement>('button.it');
  if (!button) return;
  row.classList.toggle('done', it?.decided === true);
  row.classList.toggle('conflict', it?.conflict === true);
  row.classList.toggle('loading', !it);
  if (!it) {
    row.setAttribute('aria-busy', 'true');
    // A row kept from a list asked for again shows nothing until its item of the new list arrives.
    if (button.textContent) button.replaceChildren(el('span', 'l'), el('span', 'v'));
    return;
  }
  row.removeAttribute('aria-busy');
  const name = label(it.label, 'l');
  name.title = it.label;
  // A right-to-left label cut short keeps its beginning (on the right), as in the candidate rows.
  name.dir = direction(it.label);
  button.replaceChildren(name, el('span', 'v', it.best_score.toFixed(2)));
}

/** Ask for the items of the rows drawn that have not arrived; they are filled as they come. */
function fetchDrawn(indexes: readonly number[]): void {
  const r = rows;
  if (!r) return;
  // One request per window, asked for once however many of its rows are missing.
  const windows = new Set(indexes.filter((i) => !r.get(i)).map((i) => i - (i % WINDOW)));
  for (const start of windows) r.ensure(start, start).catch((error: unknown) => listLost(r, error));
}

/** The server has let the page's item list go: a window of it is 404. */
function listGone(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'E_NOT_FOUND';
}

/**
 * A window of the list could not be had: the server has let the list go (newer lists replaced
 * it: other tabs, a script) and the page asks for it again, keeping the item shown and the
 * reader's place in the list.
 */
function listLost(r: ItemRows, error: unknown): void {
  if (r !== rows) return;
  if (listGone(error)) void queue.push(() => (r === rows ? loadItems('again') : undefined));
  else say(`error: ${error instanceof Error ? error.message : String(error)}`, true);
}

/**
 * The item list: only the rows in view are drawn (a file of 20,000 subjects is a list of 20,000
 * rows). One tab stop for the whole list, the current item; the arrow keys move within it.
 */
const list = new VirtualList($('list-pane'), $('items'), itemRow, fillRow, fetchDrawn);

function renderList(): void {
  list.reset(rows?.total ?? 0, current);
}

/** The ✓ of every subject a decision or an undo changed, its own and those one-to-one touched. */
function markDone(subjects: readonly SubjectDone[] | undefined): void {
  if (!subjects || !rows) return;
  for (const { subject_id, done } of subjects) {
    const i = rows.placeOf(subject_id);
    const it = i === undefined ? undefined : rows.get(i);
    if (i === undefined || !it) continue;
    it.decided = done;
    // A row whose item has not arrived gets its mark from the server when it does.
    list.row(i)?.classList.toggle('done', done);
  }
}

function markCurrent(): void {
  list.setCurrent(current);
}

const key = (t: Triple): string => `${t.subject_id}\u0000${t.predicate_id}\u0000${t.object_id}`;

/**
 * Open item `i`; focus the candidate `on` when given, else the first open one. `lead`: what the
 * status line said before (a decision's result), kept ahead of the new item's line.
 */
async function openItem(i: number, on?: Triple, lead?: Line, after = '; next: '): Promise<void> {
  let summary;
  try {
    summary = await rows?.at(i);
  } catch (error) {
    if (!listGone(error)) throw error;
    // Item i's row had not arrived and the list is gone: the list is asked for again, and the
    // item shown stays (a move to an item of the old list would land on another one).
    await loadItems('again');
    return;
  }
  if (!summary) {
    item = null;
    $('subject-pane').replaceChildren(el('p', 'muted', 'No items match the filters.'));
    $('cands-pane').replaceChildren();
    say(line`${lead ? line`${lead}; ` : ''}no items match the filters`);
    return;
  }
  const data = await get<Item>(`/api/item?subject=${encodeURIComponent(summary.subject_id)}`);
  item = data;
  relation = null;
  const at = on ? data.candidates.findIndex((c) => key(c) === key(on)) : -1;
  const firstOpen = data.candidates.findIndex((c) => c.status === 'open');
  focus = at >= 0 ? at : firstOpen >= 0 ? firstOpen : 0;
  showProgress(data.progress);
  // A new item starts at its top (set before drawing, while the layout is still clean);
  // scrolling into view, which forces a layout, only when the focus is further down or carries a
  // warning (the first candidate's warning may still be under the button bar).
  const detail = $('detail');
  if (detail.scrollTop) detail.scrollTop = 0;
  if (document.body.classList.contains('page-scroll') && window.scrollY > detail.offsetTop) window.scrollTo(0, detail.offsetTop);
  renderItem();
  if (focus > 0 || $('cands-pane').querySelector('.cand.focus .warn')) reveal();
  // The candidate the keys now act on is named: a screen reader hears which one `a` would accept.
  const first = data.candidates[focus];
  const warned = first ? warningTexts(first) : [];
  if (!on) say(line`${lead ? line`${lead}${after}` : ''}${lab(data.subject.label)}: ${plural(data.candidates.length, 'candidate')}${data.done ? ', done' : ''}${first ? line`; ${focus + 1}: ${lab(first.object.label)}${warned.length ? line` (warning: ${joinLines(warned, '; ')})` : ''}` : ''}`);
}

/** Comments go with decisions on servers that keep them (they send each candidate's decisions). */
function commentsKept(): boolean {
  return item?.candidates.some((c) => c.decisions !== undefined) ?? false;
}

/**
 * Where the keyboard focus was in the candidates pane, to put it back on the new elements after
 * a redraw (which replaces them; the focus would fall to the page's body).
 */
function focusInPane(): string | undefined {
  const active = document.activeElement;
  if (!active || !$('cands-pane').contains(active)) return undefined;
  if (active.id === 'comment') return '#comment';
  if (active.id === 'save-comment') return '#save-comment';
  if (active.matches('.cand.focus details.evidence summary')) return '.cand.focus details.evidence summary';
  // A row, a link in the opened card, anything else: the focused candidate's row, never the page's
  // body (the next Tab would then start from the first row and open it).
  return '.cand.focus button.row';
}

function renderItem(): void {
  if (!item) return;
  const had = focusInPane();
  $('subject-pane').replaceChildren(subjectCard(item.subject));
  $('cands-pane').replaceChildren(candidateList(item.candidates, focus, relation, commentsKept()));
  const back = had === undefined ? null : $('cands-pane').querySelector<HTMLElement>(had) ?? $('cands-pane').querySelector<HTMLElement>('.cand.focus button.row');
  back?.focus({ preventScroll: true });
  const c = item.candidates[focus];
  const box = $('cands-pane').querySelector<HTMLTextAreaElement>('#comment');
  const draft = c ? drafts.get(key(c)) : undefined;
  if (box && draft !== undefined) box.value = draft;
  for (const [command, r] of Object.entries(RELATIONS)) {
    const button = $(`rel-${command.slice('relation-'.length)}`);
    button.setAttribute('aria-pressed', String(relation === r.predicate));
  }
}

/**
 * Bring the focused candidate into view (it may be below the fold after a move or a decision),
 * clear of the button bar where that bar stays at the bottom of the screen (phones, zoom): under
 * it, the candidate's warnings and comment box would be hidden behind Accept.
 */
function reveal(): void {
  const open = $('cands-pane').querySelector<HTMLElement>('.cand.focus');
  if (!open) return;
  const bar = $('toolbar');
  const margin = getComputedStyle(bar).position === 'sticky' ? `${bar.offsetHeight + 8}px` : '';
  // Where the opened candidate is taller than the screen, its last warning is what must show.
  const warns = open.querySelectorAll<HTMLElement>('.warn');
  const target = warns.length ? warns[warns.length - 1]! : open;
  target.style.scrollMarginBottom = margin;
  target.scrollIntoView({ block: 'nearest' });
}

function focusedCandidate(): Candidate | undefined {
  return item?.candidates[focus];
}

/** A candidate for the status line: what `a` would do, and why it may need care. */
function describe(c: Candidate): Line {
  const warned = warningTexts(c);
  return line`${lab(c.object.label)} (${relationShown(c, relation).text}, ${c.status}${warned.length ? line`; warning: ${joinLines(warned, '; ')}` : ''})`;
}

function moveFocus(step: number): void {
  if (!item || !item.candidates.length) return;
  focus = Math.max(0, Math.min(item.candidates.length - 1, focus + step));
  relation = null;
  renderItem();
  reveal();
  say(line`${focus + 1} of ${item.candidates.length}: ${describe(item.candidates[focus]!)}`);
}

async function moveItem(step: number, lead?: Line): Promise<void> {
  if (!rows?.total) return;
  current = Math.max(0, Math.min(rows.total - 1, current + step));
  markCurrent();
  await openItem(current, undefined, lead);
}

function chooseRelation(predicate: string): void {
  const c = focusedCandidate();
  if (!c) return;
  relation = relation === predicate ? null : predicate;
  renderItem();
  const shown = relationShown(c, relation);
  say(shown.changed ? line`accept ${lab(c.object.label)} as ${shown.text}` : line`accept ${lab(c.object.label)} as proposed: ${shown.text}`);
}

/** What the reviewer saw when they pressed a decision key. */
interface Seen {
  subject: string;
  candidate: Triple;
  label: string;
  status: string;
  /** `undefined`: the row was not yet open at the press; read when the decision runs (chosenFor). */
  relation: string | null | undefined;
  comment: string | undefined;
  /** This reviewer's decision shown already carries a comment (an empty box then removes it). */
  hadComment: boolean;
}

/**
 * The candidate row that has the keyboard focus, when one does: Tab reaches the rows, and a key
 * pressed there is meant for that row (its focus also moves the page's, a queued step later).
 */
function keyboardRow(): number | undefined {
  const active = document.activeElement;
  if (!active?.matches('button.row')) return undefined;
  const li = active.closest<HTMLElement>('li.cand');
  return li && $('cands-pane').contains(li) ? Number(li.dataset.index) : undefined;
}

function seen(): Seen | undefined {
  const row = keyboardRow();
  const at = row ?? focus;
  const c = item?.candidates[at];
  if (!item || !c) return undefined;
  const candidate = { subject_id: c.subject_id, predicate_id: c.predicate_id, object_id: c.object_id };
  const hadComment = c.decisions?.some((d) => d.mine === true && d.comment !== undefined && d.comment !== '') === true;
  // The keyboard is on a row the page has not opened yet (its move is queued behind a save): a
  // relation key pressed meanwhile applies to that row when its turn comes, so the relation and
  // the comment are read when the decision runs, on that row, not now from the row left.
  if (at !== focus) return { subject: item.subject.id, candidate, label: c.object.label, status: c.status, relation: undefined, comment: undefined, hadComment };
  const comment = ($('cands-pane').querySelector('#comment') as HTMLTextAreaElement | null)?.value.trim();
  return { subject: item.subject.id, candidate, label: c.object.label, status: c.status, relation, comment: comment || undefined, hadComment };
}

/** A decision's relation and comment: as seen at the key press, or, for a row opened since, as the page has them now. */
function chosenFor(s: Seen): { relation: string | null; comment: string | undefined } {
  if (s.relation !== undefined) return { relation: s.relation, comment: s.comment };
  const comment = ($('cands-pane').querySelector('#comment') as HTMLTextAreaElement | null)?.value.trim();
  return { relation, comment: comment || undefined };
}

/** Why accepting `c` (as `as`, else as proposed) needs the reviewer's confirmation: one-to-one. */
function oneToOne(c: Candidate, as: string | null): Node[] {
  const equivalence = as ? Object.values(RELATIONS).some((r) => r.predicate === as && r.equivalence) : c.equivalence;
  const reasons: Node[] = [];
  for (const r of c.accepted_rivals) {
    if (r.same_pair) reasons.push(el('li', null, label(r.subject_label), ` is already accepted as ${r.predicate_id} of `, label(r.object_label), ': this would be a second relation for one pair'));
    else if (equivalence && r.equivalence) reasons.push(el('li', null, label(r.subject_label), ` ${r.predicate_id} `, label(r.object_label), ` is accepted: this would be a second equivalence for ${r.subject_id === c.subject_id ? 'the subject' : 'the target'}`));
  }
  if (c.status === 'closed' && !reasons.length && c.closed_by) {
    reasons.push(el('li', null, 'it was closed when ', label(c.closed_by.subject_label), ` ${c.closed_by.predicate_id} `, label(c.closed_by.object_label), ' was accepted'));
  }
  return reasons;
}

function oneToOneFromServer(conflicts: readonly Triple[]): Node[] {
  return conflicts.map((t) => el('li', null, label(t.subject_id), ` ${t.predicate_id} `, label(t.object_id), ' is accepted'));
}

/** The one-to-one question, in a modal dialog; resolves true for "accept anyway". */
function ask(target: string, reasons: Node[]): Promise<boolean> {
  const dialog = $('confirm') as HTMLDialogElement;
  $('confirm-body').replaceChildren(el('p', null, 'Accepting ', label(target), ' breaks one-to-one:'), el('ul', null, ...reasons));
  return new Promise((resolve) => {
    const done = (yes: boolean): void => {
      $('confirm-yes').removeEventListener('click', yesClick);
      $('confirm-no').removeEventListener('click', noClick);
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      resolve(yes);
    };
    const yesClick = (): void => done(true);
    const noClick = (): void => done(false);
    const closed = (): void => done(false);
    $('confirm-yes').addEventListener('click', yesClick);
    $('confirm-no').addEventListener('click', noClick);
    dialog.addEventListener('close', closed);
    dialog.showModal();
    $('confirm-no').focus();
  });
}

async function decide(decision: Decision, s: Seen | undefined, keyName: string): Promise<void> {
  if (!s) return;
  const c = focusedCandidate();
  // The page has moved on since the key was pressed (an earlier key's answer advanced it).
  if (!item || !c || item.subject.id !== s.subject || key(c) !== key(s.candidate)) {
    say(line`${keyName} not applied: it was pressed on ${lab(s.label)}, which is no longer in focus`, true);
    return;
  }
  if (c.status !== s.status) {
    say(line`${keyName} not applied: ${lab(s.label)} is ${c.status} now, not ${s.status} as it was when the key was pressed`, true);
    return;
  }
  const chosen = chosenFor(s);
  const body: Record<string, unknown> = { ...s.candidate, decision, expected_status: s.status };
  if (decision === 'accept' && chosen.relation) body.relation = chosen.relation;
  if (chosen.comment) body.comment = chosen.comment;
  if (decision === 'accept') {
    const reasons = oneToOne(c, chosen.relation);
    if (reasons.length) {
      if (!(await ask(c.object.label, reasons))) {
        say(line`not accepted: ${lab(c.object.label)} stays ${c.status}`);
        return;
      }
      body.confirm = 'break-one-to-one';
    }
  }
  // Without an answer the decision is not known to be saved: the page says so, by name, and
  // shows nothing as decided (pressed again once the server is back, the same decision is
  // answered "unchanged" if it had been taken after all).
  const send = async (): Promise<Answer<DecisionAnswer> | undefined> => {
    // A slow server leaves the decision in flight a while: the page says it is on its way, and
    // the header no longer says "saved" (a failure already shown there stays).
    const doing = decision === 'accept' ? line`accepting ${lab(c.object.label)}${chosen.relation ? ` as ${chosen.relation}` : ''}` : decision === 'reject' ? line`rejecting ${lab(c.object.label)}` : line`marking ${lab(c.object.label)} unsure`;
    say(line`${doing}: waiting for the server to save it…`);
    const saved = $('saved');
    if (saved.className !== 'failed') {
      saved.textContent = 'saving…';
      saved.className = 'dirty';
    }
    try {
      return await api<DecisionAnswer>('/api/decisions', body);
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      say(line`${keyName} on ${lab(c.object.label)} got no answer (${error.message}), so it is not known to be saved; ${lab(c.object.label)} is shown as it was (${c.status}): press ${keyName} again once the server answers, here or at the new address of a review started again`, true);
      return undefined;
    }
  };
  let res = await send();
  if (!res) return;
  if (res.status === 409 && res.data.error?.code === 'E_REVIEW_ONE_TO_ONE' && body.confirm === undefined) {
    if (!(await ask(c.object.label, oneToOneFromServer(res.data.error.conflicts ?? [])))) {
      say(line`not accepted: ${lab(c.object.label)} stays ${c.status}`);
      return;
    }
    body.confirm = 'break-one-to-one';
    res = await send();
    if (!res) return;
  }
  if (res.status === 409 && res.data.error?.code === 'E_REVIEW_STALE') {
    say(line`${keyName} not applied: ${lab(s.label)} changed since it was shown (${res.data.error.message}); the item is shown again`, true);
    await openItem(current, s.candidate);
    return;
  }
  if (!res.ok) throw new Error(res.data.error?.message ?? `HTTP ${res.status}`);
  drafts.delete(key(s.candidate));
  const answer = res.data;
  showProgress(answer.progress);
  const closed = answer.closed.length ? `; closed ${plural(answer.closed.length, 'competing candidate')} (one-to-one)` : '';
  const verb = decision === 'accept' ? `accepted as ${answer.decided.predicate ?? c.predicate_id}` : decision === 'reject' ? 'rejected' : 'marked unsure';
  const result = line`${lab(c.object.label)} ${verb}${closed}`;
  say(result);
  const data = await get<Item>(`/api/item?subject=${encodeURIComponent(s.subject)}`);
  item = data;
  relation = null;
  markDone(answer.subjects);
  if (data.done && ($('advance') as HTMLInputElement).checked) {
    // The result stays ahead of the next item's line: replaced, nobody would read what was closed.
    await moveItem(1, result);
    return;
  }
  const before = focus;
  const open = data.candidates.findIndex((x) => x.status === 'open');
  if (open >= 0) focus = open;
  renderItem();
  reveal();
  const now = data.candidates[focus];
  if (focus !== before && now) say(line`${result}; now ${focus + 1} of ${data.candidates.length}: ${describe(now)}`);
}

async function undo(): Promise<void> {
  const res = await api<UndoAnswer>('/api/undo', {});
  if (!res.ok) throw new Error(res.data.error?.message ?? `HTTP ${res.status}`);
  const undone = res.data.undone;
  showProgress(res.data.progress);
  markDone(res.data.subjects);
  if (!undone) {
    // Undo takes back what this session decided: a review resumed starts with none of it.
    say('nothing to undo in this session: undo takes back only decisions made since the review was started, and an earlier one is changed by deciding again');
    return;
  }
  // Show the candidate whose decision was taken back, as the server restored it.
  const locate = async (subject: string): Promise<number> => {
    try {
      return rows ? await rows.locate(subject) : -1;
    } catch (error) {
      if (listGone(error)) return -1;
      throw error;
    }
  };
  let at = await locate(undone.subject_id);
  if (at < 0) {
    await loadItems('again');
    at = await locate(undone.subject_id);
  }
  if (at < 0) {
    say(line`undone: ${lab(undone.subject_id)} ${undone.predicate_id} ${lab(undone.object_id)}, whose item the filters do not show`);
    return;
  }
  current = at;
  markCurrent();
  await openItem(at, undone);
  const c = item?.candidates.find((x) => key(x) === key(undone));
  say(c ? line`undone: ${lab(c.object.label)} is ${c.status} again${c.closed_by ? ' (closed by an acceptance)' : ''}` : 'undone');
}

/** The comment box of the focused candidate, from the keyboard, without tabbing through the card. */
function focusComment(): void {
  const box = $('cands-pane').querySelector<HTMLTextAreaElement>('#comment');
  if (box) box.focus();
  else say('no comment box here: this server does not keep comments');
}

function toggleHelp(): void {
  const help = $('help');
  help.hidden = !help.hidden;
  $('toggle-help').setAttribute('aria-expanded', String(!help.hidden));
}

/** Decisions, undos and comments asked for whose answer has not been drawn yet. */
let changes = 0;

/** Queue an action that changes the reviewed file: until it is answered, leaving the page asks first. */
function changing(action: () => Promise<void>): Promise<void> {
  changes++;
  return queue.push(action).finally(() => changes--);
}

/**
 * Closing the tab (or reloading it) while a decision is still on its way, or with a comment
 * typed and not sent, asks first: the browser's "Leave site?" question, instead of losing them
 * without a word. Nothing else keeps the page.
 */
window.addEventListener('beforeunload', (ev) => {
  const unsent = [...drafts.values()].some((text) => text.trim() !== '');
  if (changes === 0 && !unsent) return;
  ev.preventDefault();
  ev.returnValue = '';
});

/** Run a command: what a key or its button does. Decisions carry what was seen at the press. */
function run(command: Command, keyName: string): void {
  const decision = DECISION_OF[command];
  if (decision) {
    const s = seen();
    void changing(() => decide(decision, s, keyName));
    return;
  }
  const r = RELATIONS[command];
  if (r) {
    void queue.push(() => chooseRelation(r.predicate));
    return;
  }
  switch (command) {
    case 'prev-candidate': void queue.push(() => moveFocus(-1)); break;
    case 'next-candidate': void queue.push(() => moveFocus(1)); break;
    case 'next-item': void queue.push(() => moveItem(1)); break;
    case 'prev-item': void queue.push(() => moveItem(-1)); break;
    case 'undo': void changing(undo); break;
    case 'search': ($('search') as HTMLInputElement).focus(); break;
    case 'comment': focusComment(); break;
    case 'help': toggleHelp(); break;
  }
}

function targetOf(node: EventTarget | null): Target {
  if ((document.getElementById('confirm') as HTMLDialogElement | null)?.open) return 'dialog';
  if (node instanceof HTMLTextAreaElement) return 'multiline';
  if (node instanceof HTMLInputElement) return node.type === 'checkbox' || node.type === 'radio' ? 'other' : 'text';
  if (node instanceof HTMLSelectElement) return 'select';
  return 'other';
}

document.addEventListener('keydown', (ev) => {
  // Esc closes the item list that covers the page on a phone, the focus back on its button.
  if (ev.key === 'Escape' && document.body.classList.contains('list-open') && !(ev.target instanceof HTMLInputElement) && !(ev.target instanceof HTMLTextAreaElement)) {
    ev.preventDefault();
    toggleList();
    $('toggle-list').focus();
    return;
  }
  const outcome = interpret(shortcutKey(ev.key, ev.code), targetOf(ev.target), ev.ctrlKey || ev.metaKey || ev.altKey);
  if (outcome.kind === 'native') return;
  ev.preventDefault();
  if (outcome.kind === 'blocked') {
    say(line`“${lab(ev.key)}” does nothing here: letters never change a filter (leave it with Tab, or use the arrow keys to choose)`);
    return;
  }
  if (outcome.kind === 'apply') {
    const search = $('search') as HTMLInputElement;
    if (ev.target === search) searched = search.value.trim();
    (ev.target as HTMLElement).blur();
    // The item shown stays shown when the new list holds it; the keyboard then goes to the
    // candidate the keys act on, not to the page's body, where a screen reader loses its place.
    if (ev.target === $('search')) {
      void queue.push(async () => {
        await loadItems('keep', true);
        focusCandidate();
      });
    }
    return;
  }
  run(outcome.command, ev.key === ' ' ? 'space' : shortcutKey(ev.key, ev.code));
});

const BUTTONS: Record<string, [Command, string]> = {
  'do-accept': ['accept', 'accept'], 'do-reject': ['reject', 'reject'], 'do-unsure': ['unsure', 'unsure'], 'do-undo': ['undo', 'undo'],
  'rel-exact': ['relation-exact', 'e'], 'rel-broad': ['relation-broad', 'b'], 'rel-narrow': ['relation-narrow', 'n'], 'rel-close': ['relation-close', 'c'],
  'go-prev-candidate': ['prev-candidate', '←'], 'go-next-candidate': ['next-candidate', '→'], 'go-prev-item': ['prev-item', 'k'], 'go-next-item': ['next-item', 'j'],
};
for (const [id, [command, name]] of Object.entries(BUTTONS)) {
  $(id).addEventListener('click', (ev) => {
    // A button clicked with the pointer gives the focus back: kept, a later Space or Enter (to
    // scroll, say) would press it again, on whatever candidate the page has moved to by then.
    // Pressed from the keyboard (detail 0) it keeps the focus, as a keyboard user expects.
    if (ev.detail > 0) (ev.currentTarget as HTMLElement).blur();
    run(command, name);
  });
}

$('items').addEventListener('click', (ev) => {
  const button = (ev.target as Element).closest<HTMLElement>('button.it');
  if (!button) return;
  const i = Number(button.dataset.i);
  void queue.push(async () => {
    current = i;
    markCurrent();
    await openItem(i);
    if (document.body.classList.contains('list-open')) {
      // The list closes over the button that had the focus: the focus goes to the item opened.
      toggleList();
      focusCandidate();
    }
  });
});

// Within the list, ↑ ↓ Home End PageUp PageDown move the keyboard from item to item (Enter or
// Space opens one), to items not drawn yet too: Tab crosses the list in one step instead of one
// per subject (2,739 on anatomy, 20,324 on NCIt–ORDO).
$('items').addEventListener('keydown', (ev) => {
  const button = (ev.target as Element).closest<HTMLElement>('button.it');
  if (!button || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const i = Number(button.dataset.i);
  const moves: Record<string, number> = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: (rows?.total ?? 0) - 1, PageDown: i + list.page(), PageUp: i - list.page() };
  const to = Object.hasOwn(moves, ev.key) ? moves[ev.key] : undefined;
  if (to === undefined) return;
  ev.preventDefault();
  list.setRover(to, true);
});

$('cands-pane').addEventListener('click', (ev) => {
  const target = ev.target as Element;
  if (target.closest('#save-comment')) {
    const s = seen();
    if (s?.comment || s?.hadComment) void changing(() => saveComment(s));
    else if (s) say(line`nothing to save: the box is empty and you have no comment on ${lab(s.label)}`);
    return;
  }
  const row = target.closest<HTMLElement>('button.row');
  const li = row?.closest<HTMLElement>('li.cand');
  if (!li) return;
  const i = Number(li.dataset.index);
  void queue.push(() => {
    if (!item || i === focus) return;
    moveFocus(i - focus);
  });
});

// Tab onto a candidate row makes it the focused candidate: the one the keys act on is the one the
// keyboard (and a screen reader) is on.
$('cands-pane').addEventListener('focusin', (ev) => {
  const li = (ev.target as Element).closest<HTMLElement>('li.cand');
  if (!li || !(ev.target as Element).matches('button.row')) return;
  const i = Number(li.dataset.index);
  if (i === focus) return;
  void queue.push(() => {
    if (item && i !== focus && i < item.candidates.length) moveFocus(i - focus);
  });
});

$('cands-pane').addEventListener('input', (ev) => {
  const box = ev.target;
  const c = focusedCandidate();
  if (box instanceof HTMLTextAreaElement && box.id === 'comment' && c) drafts.set(key(c), box.value);
});

async function saveComment(s: Seen): Promise<void> {
  // The comment goes on the decision the reviewer saw: one another tab has changed since is not it.
  const res = await api<unknown>('/api/comment', { ...s.candidate, comment: s.comment ?? '', expected_status: s.status });
  if (res.status === 409 && res.data.error?.code === 'E_REVIEW_STALE') {
    say(line`comment not saved: ${lab(s.label)} changed since it was shown (${res.data.error.message}); the item is shown again with your comment kept`, true);
    await openItem(current, s.candidate);
    return;
  }
  if (!res.ok) throw new Error(res.data.error?.message ?? `HTTP ${res.status}`);
  drafts.delete(key(s.candidate));
  say(s.comment ? line`comment saved on ${lab(s.label)}` : line`comment removed from ${lab(s.label)}`);
  await openItem(current, s.candidate);
}

/** The keyboard on the focused candidate's row, else the item list's current item. */
function focusCandidate(): void {
  const row = $('cands-pane').querySelector<HTMLElement>('.cand.focus button.row') ?? list.roverButton();
  row?.focus({ preventScroll: true });
}

function toggleList(): void {
  const open = document.body.classList.toggle('list-open');
  $('toggle-list').setAttribute('aria-expanded', String(open));
  shutOutBehindList();
  // On a phone the list opens over the page, below the header and the filters, whose height
  // depends on how many lines they wrap to at this width.
  if (open) document.body.style.setProperty('--list-top', `${Math.max(0, $('filters').getBoundingClientRect().bottom)}px`);
  // Shown again, the list scrolls to the current item (hidden, it had nothing to scroll).
  if (open) list.bringIntoView(current);
}

/**
 * Where the button bar stays at the bottom of the screen (phones), it may take a fair share of
 * the height, no more: a third of it, and with the header and filters half of it. Past that (a
 * phone at 200 %, 400 % zoom, where the twelve buttons wrap to three rows) the page scrolls as a
 * whole and the bar is drawn after the candidates, so the subject and the candidates can always
 * be scrolled to instead of sitting under Accept.
 */
function fitBar(): void {
  const body = document.body;
  const was = body.classList.contains('page-scroll');
  body.classList.remove('page-scroll');
  const bar = $('toolbar');
  let free = false;
  if (getComputedStyle(bar).position === 'sticky') {
    const height = window.innerHeight;
    const above = $('filters').getBoundingClientRect().bottom - body.getBoundingClientRect().top;
    free = bar.offsetHeight > height / 3 || above + bar.offsetHeight > height / 2;
  }
  body.classList.toggle('page-scroll', free);
  if (was !== free && free) reveal();
}
/**
 * On a phone the open list covers the item: what is behind it takes neither the focus nor a click.
 * Asked again whenever the width changes: a phone turned wide shows the list beside the item, and
 * hides the button that would close it, so an item left inert could never be used again.
 */
function shutOutBehindList(): void {
  $('detail').inert = document.body.classList.contains('list-open') && getComputedStyle($('list-pane')).position === 'fixed';
}
window.addEventListener('resize', () => {
  shutOutBehindList();
  fitBar();
});
new ResizeObserver(fitBar).observe($('toolbar'));
$('toggle-list').addEventListener('click', toggleList);
$('toggle-help').addEventListener('click', toggleHelp);

for (const id of ['order', 'status', 'band', 'relation', 'kind']) {
  $(id).addEventListener('change', () => {
    void queue.push(() => {
      current = 0;
      return loadItems('new');
    });
  });
}

/**
 * The server gone (stopped, or restarted with a new token): the header says so instead of
 * "saving…" for ever; the next answer puts it back.
 */
function disconnected(why: string): void {
  const saved = $('saved');
  saved.textContent = why;
  saved.className = 'failed';
  const gone = $('server-gone');
  if (gone.hidden && RESTARTED) {
    gone.textContent = RESTARTED;
    gone.hidden = false;
  }
}

/**
 * What to do when the server has stopped: a server started again has a new token, which this tab
 * does not have, so the new address is to be opened. The server put it in the page, worded for
 * its host (the page cannot ask a server that has stopped).
 */
const RESTARTED = document.querySelector<HTMLMetaElement>('meta[name="ioa-review-restarted"]')?.content ?? '';

setInterval(() => {
  if (pending) return;
  api<Progress>('/api/progress').then(
    (r) => (r.ok ? showProgress(r.data) : disconnected(r.status === 401 || r.status === 403 ? 'session ended: open the review address again, with its token' : `server error ${r.status}`)),
    () => disconnected(UNREACHABLE),
  );
}, 1500);

void queue.push(async () => {
  await loadItems('new');
  document.body.dataset.ready = '1';
});
