/**
 * The review page: one HTML document, one stylesheet, one script, served by server.ts. Plain
 * HTML and browser JavaScript, no framework and no build step: the page is a list, a detail pane
 * and a key handler, and everything it shows comes from the JSON API (the same API a script or
 * an agent reviewer uses). Text from the files is only ever set with `textContent` — never
 * `innerHTML` — so a label cannot become markup; the CSP forbids inline script besides.
 */

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ioa-align review</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header>
  <strong>ioa-align review</strong>
  <span id="progress" aria-live="polite"></span>
  <span id="saved"></span>
  <span class="keys">a accept · r reject · u unsure · e/b/n/c relation = &lt; &gt; ~ · ←/→ candidate · j/k item · z undo · / search</span>
</header>
<nav id="filters">
  <label>order <select id="order"><option value="uncertain">most uncertain first</option><option value="ontology">ontology order</option></select></label>
  <label>show <select id="status"><option value="undecided">undecided</option><option value="decided">decided</option><option value="all">all</option></select></label>
  <label>best value <select id="band"><option value="">any</option><option value="0.8-">≥ 0.8</option><option value="0.4-0.8">0.4–0.8</option><option value="0.2-0.4">0.2–0.4</option><option value="-0.2">&lt; 0.2</option></select></label>
  <label>relation <select id="relation"><option value="">any</option><option>skos:exactMatch</option><option>skos:closeMatch</option><option>skos:broadMatch</option><option>skos:narrowMatch</option><option>skos:relatedMatch</option></select></label>
  <label>kind <input id="kind" size="10" placeholder="class…"></label>
  <label>search <input id="search" size="18" placeholder="label or IRI"></label>
  <label><input type="checkbox" id="advance" checked> auto-advance</label>
</nav>
<main>
  <ol id="items" aria-label="items"></ol>
  <section id="detail" aria-live="polite"></section>
</main>
<div id="toast" role="status"></div>
</body>
</html>
`;

export const PAGE_CSS = `
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1b1f24; background: #f6f7f9; }
header { display: flex; gap: 1.5em; align-items: baseline; padding: .5em 1em; background: #1f3a5f; color: #fff; }
header .keys { margin-left: auto; font-size: 12px; opacity: .85; }
#saved.dirty { color: #ffd27a; }
nav { display: flex; flex-wrap: wrap; gap: 1em; padding: .4em 1em; background: #e8ecf1; font-size: 13px; }
main { display: grid; grid-template-columns: 300px 1fr; height: calc(100vh - 80px); }
#items { margin: 0; padding: 0; list-style: none; overflow-y: auto; border-right: 1px solid #ccd3dc; background: #fff; }
#items li { padding: .3em .6em; border-bottom: 1px solid #eef1f4; cursor: pointer; display: flex; justify-content: space-between; gap: .5em; }
#items li.current { background: #dbe8ff; }
#items li.done { color: #7a8594; }
#items li .v { font-variant-numeric: tabular-nums; color: #51606f; }
#detail { overflow: auto; padding: 1em; }
.subject { background: #fff; border: 1px solid #ccd3dc; border-radius: 6px; padding: .6em .9em; margin-bottom: .8em; }
.subject h2 { margin: 0 0 .2em; font-size: 18px; }
.muted { color: #5d6b7a; font-size: 12px; }
.path { color: #5d6b7a; font-size: 12px; }
.cands { display: flex; gap: .8em; overflow-x: auto; align-items: stretch; padding-bottom: .5em; }
.cand { flex: 0 0 280px; background: #fff; border: 2px solid #ccd3dc; border-radius: 6px; padding: .6em .8em; }
.cand.focus { border-color: #2f6fde; box-shadow: 0 0 0 3px #2f6fde33; }
.cand.accept { background: #e6f6ea; border-color: #3a9a55; }
.cand.reject { background: #fbeaea; }
.cand.unsure { background: #fff6dc; }
.cand.closed { opacity: .55; }
.cand h3 { margin: .1em 0; font-size: 15px; }
.rel { font-weight: 600; }
.status { float: right; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.warn { color: #a34a00; font-size: 12px; }
table.members { border-collapse: collapse; font-size: 12px; margin: .3em 0; }
table.members td, table.members th { padding: 0 .5em 0 0; text-align: left; font-variant-numeric: tabular-nums; }
#toast { position: fixed; bottom: 1em; right: 1em; background: #1f3a5f; color: #fff; padding: .5em .9em; border-radius: 6px; opacity: 0; transition: opacity .2s; max-width: 40em; }
#toast.show { opacity: .95; }
`;

export const PAGE_JS = String.raw`'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const RELATIONS = { e: 'skos:exactMatch', b: 'skos:broadMatch', n: 'skos:narrowMatch', c: 'skos:closeMatch' };
  let items = [];
  let current = 0;
  let item = null;
  let focus = 0;
  let relation = null;
  // Counts the reviewer's key actions: a decision's late response must not redraw the page or
  // advance after the reviewer has already moved on or undone it (keys outrun the server).
  let actions = 0;
  // The token travelled in the URL once; the cookie carries it from now on.
  if (location.search) history.replaceState(null, '', '/');

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = String(text);
    return node;
  }
  // Requests in flight, on the body as data-pending: "0" once every answer has been drawn, so
  // scripts driving the page (the browser tests) know when it has settled.
  let pending = 0;
  async function api(path, body) {
    document.body.dataset.pending = String(++pending);
    try {
      const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const data = await res.json();
      if (!res.ok) throw new Error((data.error && data.error.message) || res.statusText);
      return data;
    } finally {
      document.body.dataset.pending = String(--pending);
    }
  }
  function toast(text) {
    const t = $('toast');
    t.textContent = text;
    t.classList.add('show');
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => t.classList.remove('show'), 2500);
  }
  function showProgress(p) {
    $('progress').textContent = p.subjects_done + ' / ' + p.subjects + ' items done · ' + p.accepted + ' accepted · ' + p.rejected + ' rejected · ' + p.unsure + ' unsure · ' + p.closed + ' closed';
    $('saved').textContent = p.saved ? 'saved' : 'saving…';
    $('saved').className = p.saved ? '' : 'dirty';
  }
  function query() {
    const q = new URLSearchParams();
    q.set('order', $('order').value);
    q.set('status', $('status').value);
    const band = $('band').value;
    if (band) { const [lo, hi] = band.split('-'); if (lo) q.set('min', lo); if (hi) q.set('max', hi); }
    if ($('relation').value) q.set('relation', $('relation').value);
    if ($('kind').value.trim()) q.set('kind', $('kind').value.trim());
    if ($('search').value.trim()) q.set('q', $('search').value.trim());
    return q.toString();
  }
  async function loadItems(keep) {
    const subject = keep && items[current] ? items[current].subject_id : null;
    const data = await api('/api/items?' + query());
    items = data.items;
    showProgress(data.progress);
    const again = subject ? items.findIndex((i) => i.subject_id === subject) : -1;
    current = again >= 0 ? again : Math.min(current, Math.max(0, items.length - 1));
    renderList();
    await openItem(current);
  }
  function renderList() {
    const list = $('items');
    list.replaceChildren();
    const frag = document.createDocumentFragment();
    items.forEach((it, i) => {
      const li = el('li', (i === current ? 'current ' : '') + (it.decided ? 'done' : ''));
      li.append(el('span', 'l', it.label), el('span', 'v', it.best_score.toFixed(2)));
      li.addEventListener('click', () => { current = i; markCurrent(); openItem(i); });
      frag.append(li);
    });
    list.append(frag);
  }
  function markCurrent() {
    const lis = $('items').children;
    for (let i = 0; i < lis.length; i++) lis[i].classList.toggle('current', i === current);
    if (lis[current]) lis[current].scrollIntoView({ block: 'nearest' });
  }
  async function openItem(i) {
    if (!items[i]) { item = null; $('detail').replaceChildren(el('p', 'muted', 'No items match the filters.')); return; }
    const data = await api('/api/item?subject=' + encodeURIComponent(items[i].subject_id));
    if (i !== current) return;
    item = data;
    relation = null;
    const firstOpen = item.candidates.findIndex((c) => c.status === 'open');
    focus = firstOpen >= 0 ? firstOpen : 0;
    showProgress(data.progress);
    renderItem();
  }
  function concept(box, c) {
    if (c.synonyms.length) box.append(el('div', 'muted', 'synonyms: ' + c.synonyms.join(' · ')));
    if (c.definition) box.append(el('div', 'muted', 'definition: ' + c.definition));
    if (c.parents.length) box.append(el('div', 'path', c.parents.join(' › ')));
  }
  function renderItem() {
    const d = $('detail');
    d.replaceChildren();
    const s = item.subject;
    const head = el('div', 'subject');
    const h = el('h2', null, s.label);
    head.append(h, el('div', 'muted', s.curie + (s.kind ? ' · ' + s.kind : '')));
    concept(head, s);
    d.append(head);
    const row = el('div', 'cands');
    item.candidates.forEach((c, i) => {
      const box = el('article', 'cand ' + c.status + (i === focus ? ' focus' : ''));
      box.dataset.index = String(i);
      const rel = i === focus && relation ? relation : (c.accepted_predicate || c.predicate_id);
      box.append(el('span', 'status', c.status));
      box.append(el('div', 'rel', rel + (i === focus && relation ? ' (changed)' : '')));
      box.append(el('h3', null, c.object.label));
      box.append(el('div', 'muted', c.object.curie + ' · value ' + c.score.toFixed(3) + ' · rank ' + c.rank));
      concept(box, c.object);
      if (c.members.length) {
        const t = el('table', 'members');
        const hr = el('tr');
        hr.append(el('th', null, 'generator'), el('th', null, 'raw score'), el('th', null, 'rank'));
        t.append(hr);
        for (const m of c.members) {
          const tr = el('tr');
          tr.append(el('td', null, m.generator), el('td', null, m.score === undefined ? '' : m.score.toFixed(3)), el('td', null, m.rank === undefined ? '' : m.rank));
          t.append(tr);
        }
        box.append(t);
      }
      if (c.match_string.length) box.append(el('div', 'muted', 'matched: ' + c.match_string.join(' · ')));
      if (c.subject_match_field.length || c.object_match_field.length) box.append(el('div', 'muted', 'fields: ' + c.subject_match_field.join(', ') + ' → ' + c.object_match_field.join(', ')));
      for (const m of c.already_mapped) box.append(el('div', 'warn', 'already mapped to ' + c.object.label + ' from ' + m.label + ' (' + m.predicate_id + ')'));
      if (c.closed_by) box.append(el('div', 'warn', 'closed: ' + c.closed_by.subject_label + ' ' + c.closed_by.predicate_id + ' ' + c.closed_by.object_label + ' was accepted (one-to-one); z undoes it'));
      box.addEventListener('click', () => { focus = i; relation = null; renderItem(); });
      row.append(box);
    });
    d.append(row);
    const focused = row.children[focus];
    if (focused) focused.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
  async function decide(decision) {
    if (!item) return;
    const c = item.candidates[focus];
    if (!c) return;
    const body = { subject_id: c.subject_id, object_id: c.object_id, predicate_id: c.predicate_id, decision };
    if (decision === 'accept' && relation) body.relation = relation;
    const mine = actions;
    const res = await api('/api/decisions', body);
    if (res.closed.length) toast('accepted ' + (res.decided.predicate || '') + ': closed ' + res.closed.length + ' competing candidate' + (res.closed.length === 1 ? '' : 's') + ' (one-to-one)');
    showProgress(res.progress);
    if (mine !== actions) return;
    const subject = items[current].subject_id;
    const data = await api('/api/item?subject=' + encodeURIComponent(subject));
    if (mine !== actions) return;
    item = data;
    relation = null;
    const open = item.candidates.findIndex((x) => x.status === 'open');
    items[current].decided = item.done;
    const li = $('items').children[current];
    if (li) li.classList.toggle('done', item.done);
    if (item.done && $('advance').checked) return move(1);
    if (open >= 0) focus = open;
    renderItem();
  }
  async function move(step) {
    if (!items.length) return;
    current = Math.max(0, Math.min(items.length - 1, current + step));
    markCurrent();
    await openItem(current);
  }
  async function undo() {
    const mine = actions;
    const res = await api('/api/undo', {});
    if (!res.undone) { toast('nothing to undo'); return; }
    toast('undone: ' + res.undone.subject_id + ' ' + res.undone.predicate_id + ' ' + res.undone.object_id);
    // The reviewer has moved on since pressing z: the undo stands, the page stays where they went.
    if (mine !== actions) return;
    const at = items.findIndex((i) => i.subject_id === res.undone.subject_id);
    if (at >= 0) { current = at; markCurrent(); await openItem(at); } else { await loadItems(true); }
  }
  document.addEventListener('keydown', (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const typing = ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement;
    if (typing) { if (ev.key === 'Escape' || ev.key === 'Enter') { ev.target.blur(); loadItems(false); } return; }
    const k = ev.key;
    let p = null;
    actions++;
    if (k === 'a') p = decide('accept');
    else if (k === 'r') p = decide('reject');
    else if (k === 'u') p = decide('unsure');
    else if (RELATIONS[k]) { relation = RELATIONS[k]; renderItem(); }
    else if (k === 'j') p = move(1);
    else if (k === 'k') p = move(-1);
    else if (k === 'ArrowRight' || k === 'l') { if (item) { focus = Math.min(item.candidates.length - 1, focus + 1); relation = null; renderItem(); } }
    else if (k === 'ArrowLeft' || k === 'h') { if (item) { focus = Math.max(0, focus - 1); relation = null; renderItem(); } }
    else if (k === 'z') p = undo();
    else if (k === '/') { ev.preventDefault(); $('search').focus(); }
    else return;
    ev.preventDefault();
    if (p) p.catch((e) => toast(String(e.message || e)));
  });
  for (const id of ['order', 'status', 'band', 'relation']) $(id).addEventListener('change', () => { current = 0; loadItems(false).catch((e) => toast(e.message)); });
  setInterval(() => { api('/api/progress').then(showProgress).catch(() => {}); }, 1500);
  loadItems(false).then(() => { document.body.dataset.ready = '1'; }).catch((e) => toast(String(e.message || e)));
})();
`;
