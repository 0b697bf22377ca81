/**
 * Drawing an item: the subject's card, and beside it the ranked list of candidates with the
 * focused one opened — the target's card in the same order as the subject's (synonyms,
 * definition, is-a path, restrictions such as part_of, children), then the evidence.
 */
import { el, lab, label, labels, line, linkOut, type Line } from './dom.js';
import { direction, plural } from './text.js';
import { PRODUCT_FIELD, type Candidate, type Concept, type DecisionRecord } from './types.js';

/** The evidence panel stays open or closed as the reviewer left it, from candidate to candidate. */
let evidenceOpen = false;

function row(dl: HTMLElement, term: string, ...content: Array<Node | string>): void {
  dl.append(el('dt', null, term), el('dd', null, ...content));
}

/** What the ontology says around a concept, in one order for subject and target. */
export function context(c: Concept): HTMLElement {
  const dl = el('dl', 'ctx');
  if (c.synonyms.length) row(dl, 'synonyms', labels(c.synonyms, ' · '));
  if (c.definition) row(dl, 'definition', label(c.definition));
  if (c.parents.length) {
    const path = el('span', 'path', labels(c.parents, ' › '));
    row(dl, 'is a', path);
    const others = c.parent_terms.filter((p) => p.label !== c.parents[c.parents.length - 1]);
    if (others.length) row(dl, 'also is a', labels(others.map((p) => p.label), ' · '));
  }
  const byProperty = new Map<string, Array<{ text: string; only: boolean }>>();
  for (const r of c.restrictions) {
    const list = byProperty.get(r.property_label) ?? [];
    list.push({ text: r.filler.label, only: r.quantifier === 'only' });
    byProperty.set(r.property_label, list);
  }
  for (const [property, fillers] of byProperty) {
    const dd = document.createDocumentFragment();
    fillers.forEach((f, i) => {
      if (i) dd.append(' · ');
      if (f.only) dd.append('only ');
      dd.append(label(f.text));
    });
    row(dl, property, dd);
  }
  if (c.children_count) {
    const more = c.children_count - c.children.length;
    row(dl, `children (${c.children_count})`, labels(c.children.map((x) => x.label), ' · '), more > 0 ? ` … ${more} more` : '');
  }
  if (!dl.childElementCount) row(dl, 'context', 'the ontology states no synonyms, definition, parents, restrictions or children');
  return dl;
}

/** A concept's name line: CURIE, kind, and the link to its page when it has one. */
function meta(c: Concept): HTMLElement {
  const p = el('p', 'meta', label(c.curie, 'curie'));
  if (c.kind) p.append(` · ${c.kind}`);
  if (c.link) {
    p.append(' · ');
    p.append(linkOut(c.link, 'open term ↗'));
  }
  return p;
}

export function subjectCard(c: Concept): HTMLElement {
  const card = el('section', 'card subject');
  card.setAttribute('aria-labelledby', 'subject-title');
  const h = el('h2', null, label(c.label));
  h.id = 'subject-title';
  card.append(el('p', 'eyebrow', 'subject'), h, meta(c), context(c));
  return card;
}

/** The relation a candidate shows: the one chosen with e/b/n/c while it is focused, else its own. */
export function relationShown(c: Candidate, chosen: string | null): { text: string; changed: boolean } {
  const own = c.accepted_predicate ?? c.predicate_id;
  if (chosen && chosen !== own) return { text: chosen, changed: true };
  return { text: own, changed: false };
}

function decisionLine(d: DecisionRecord): HTMLElement {
  const li = el('li', null, `${d.decision} ${d.predicate_id}`);
  if (d.reviewer_id) li.append(' · ', label(d.reviewer_id));
  if (d.review_date) li.append(` · ${d.review_date}`);
  if (d.source) li.append(' · ', label(d.source));
  if (d.comment) li.append(' · “', label(d.comment), '”');
  return li;
}

/** Why a candidate needs care: what closed it, what is already mapped to its target. */
function warnings(c: Candidate): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (c.closed_by) {
    out.push(el('p', 'warn', 'closed: ', label(c.closed_by.subject_label), ` ${c.closed_by.predicate_id} `, label(c.closed_by.object_label), ' was accepted (one-to-one); accepting this one asks first'));
  }
  for (const m of c.already_mapped) out.push(el('p', 'warn', 'already mapped to ', label(c.object.label), ' from ', label(m.label), ` (${m.predicate_id})`));
  if (c.conflict) out.push(el('p', 'warn', 'reviewers disagree on this candidate: an adjudicating decision settles it'));
  for (const w of c.incoherent_with ?? []) out.push(el('p', 'warn', 'incoherent: accepting this with the accepted ', label(w.subject_label), ` ${w.predicate_id} `, label(w.object_label), ' breaks ', label(w.axiom)));
  return out;
}

/** The same warnings in a few words each, for the status line. */
export function warningTexts(c: Candidate): Line[] {
  const out: Line[] = [];
  if (c.closed_by) out.push(line`closed by ${lab(c.closed_by.subject_label)} ${c.closed_by.predicate_id} ${lab(c.closed_by.object_label)}`);
  for (const m of c.already_mapped) out.push(line`target already mapped from ${lab(m.label)}, ${m.predicate_id}`);
  if (c.conflict) out.push(['reviewers disagree']);
  for (const w of c.incoherent_with ?? []) out.push(line`incoherent with ${lab(w.subject_label)} ${w.predicate_id} ${lab(w.object_label)}`);
  return out;
}

function evidence(c: Candidate): HTMLElement {
  const details = el('details', 'evidence');
  details.open = evidenceOpen;
  details.addEventListener('toggle', () => (evidenceOpen = details.open));
  details.append(el('summary', null, `evidence: ${plural(c.members.length, 'generator')}`));
  if (c.members.length) {
    const t = el('table', 'members');
    const head = el('tr', null, el('th', null, 'generator'), el('th', null, 'raw score'), el('th', null, 'rank'));
    t.append(el('thead', null, head));
    const body = el('tbody');
    for (const m of c.members) body.append(el('tr', null, el('td', null, m.generator), el('td', null, m.score === undefined ? '' : m.score.toFixed(3)), el('td', null, m.rank === undefined ? '' : String(m.rank))));
    t.append(body);
    details.append(t);
  }
  if (c.match_string.length) details.append(el('p', 'muted', 'matched: ', labels(c.match_string, ' · ')));
  if (c.subject_match_field.length || c.object_match_field.length) details.append(el('p', 'muted', `fields: ${c.subject_match_field.join(', ')} → ${c.object_match_field.join(', ')}`));
  // The candidate file joins the text pairs that matched with " | ": one line each.
  if (c.matched_text) details.append(el('p', 'muted', 'texts matched:'), el('ul', 'matched-text', ...c.matched_text.split(' | ').map((pair) => el('li', null, label(pair)))));
  // What ioa-align knows of a product the record names is evidence, but not the record's words.
  if ([...c.subject_match_field, ...c.object_match_field].includes(PRODUCT_FIELD)) {
    details.append(el('p', 'warn', `${PRODUCT_FIELD}: what ioa-align's gazetteer says the product the record names is, not the record's own words`));
  }
  return details;
}

/** The focused candidate opened: the target's card, warnings, evidence, decisions so far. */
function panel(c: Candidate, warned: readonly HTMLElement[], withComment: boolean): HTMLElement {
  const box = el('div', 'panel card');
  const h = el('h3', null, label(c.object.label));
  // Warnings first, under the name: on a small screen they are what must be seen before Accept.
  box.append(h, ...warned, meta(c.object), context(c.object), evidence(c));
  if (c.decisions?.length) {
    box.append(el('p', 'eyebrow', 'decisions'), el('ul', 'decisions', ...c.decisions.map(decisionLine)));
  }
  if (withComment) {
    const area = el('textarea');
    area.id = 'comment';
    area.rows = 1;
    // No maxLength: it would cut a pasted note silently; the server refuses an over-long one, saying so.
    area.placeholder = 'sent with the next decision on this candidate';
    const save = el('button', 'small', 'save comment');
    save.type = 'button';
    save.id = 'save-comment';
    const lab = el('label', 'comment', 'comment ', area);
    box.append(el('div', 'comment-row', lab, save));
  }
  return box;
}

/** The ranked list of an item's candidates; the focused one opened. */
export function candidateList(candidates: readonly Candidate[], focus: number, chosen: string | null, withComment: boolean): HTMLElement {
  const list = el('ol', 'cands');
  list.id = 'cands';
  list.setAttribute('aria-label', 'candidates, best first');
  // A conflict is flagged with a word, not a mark: every row of the list makes room for it, so
  // the values and statuses of the rows stay in line.
  if (candidates.some((c) => c.conflict)) list.classList.add('with-conflict');
  candidates.forEach((c, i) => {
    const focused = i === focus;
    const li = el('li', `cand ${c.status}${focused ? ' focus' : ''}${c.conflict ? ' conflict' : ''}`);
    li.dataset.index = String(i);
    const rel = relationShown(c, focused ? chosen : null);
    const relText = el('span', 'rel', rel.text);
    if (rel.changed) relText.append(el('span', 'changed', ' (changed)'));
    const warned = warnings(c);
    const flag = warned.length ? el('span', 'flag', c.conflict ? 'conflict' : '!') : el('span', 'flag');
    // The "!" is for the eye; a screen reader hears the warnings themselves, as the row's description.
    if (warned.length && !c.conflict) flag.setAttribute('aria-hidden', 'true');
    if (warned.length) flag.title = c.conflict ? 'reviewers disagree' : c.closed_by ? 'closed by an acceptance' : c.already_mapped.length ? 'target already mapped' : 'incoherent with an acceptance';
    // The name's direction is its label's: a right-to-left label cut short keeps its beginning (on
    // the right) and loses its end, as a left-to-right one does.
    const name = el('span', 'name', label(c.object.label));
    name.dir = direction(c.object.label);
    const button = el('button', 'row', el('span', 'rank', String(c.rank)), relText, name, el('span', 'val', c.score.toFixed(3)), el('span', 'status', c.status), flag);
    button.type = 'button';
    button.setAttribute('aria-expanded', String(focused));
    if (focused) button.setAttribute('aria-current', 'true');
    warned.forEach((w, j) => (w.id = `warn-${i}-${j}`));
    if (warned.length) button.setAttribute('aria-describedby', warned.map((w) => w.id).join(' '));
    li.append(button);
    // A closed row's warnings are kept, hidden, for its description: Tab reaches it before it opens.
    if (focused) li.append(panel(c, warned, withComment));
    else if (warned.length) {
      const hidden = el('div', null, ...warned);
      hidden.hidden = true;
      li.append(hidden);
    }
    list.append(li);
  });
  return list;
}
