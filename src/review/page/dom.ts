/**
 * Building the page's DOM. Text only ever goes in through `textContent`, never `innerHTML`, so
 * a label cannot become markup (the CSP forbids inline script besides). Text from the files goes
 * through `label`: isolated in a `<bdi>` so its direction cannot reorder what surrounds it, its
 * invisible characters shown as marks (text.ts).
 */
import { segments, visible } from './text.js';

export function $(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string | null, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

/** Third-party text, isolated and with its invisible characters made visible. */
export function label(text: string, cls?: string): HTMLElement {
  const node = el('bdi', cls);
  for (const s of segments(text)) {
    if (!s.hidden) node.append(document.createTextNode(s.text));
    else {
      const mark = el('span', 'hidden-char', s.text);
      mark.title = 'an invisible or control character in the source';
      node.append(mark);
    }
  }
  return node;
}

/** Third-party text inside a line of the page's own words (the status line): isolated when drawn. */
export interface Lab {
  readonly label: string;
}
export type Line = Array<string | Lab>;

export function lab(text: string): Lab {
  return { label: text };
}

/**
 * A line of text with labels in it, as a template: `` line`${lab(name)}: ${n} candidates` ``.
 * A line interpolated into another is spliced in, its labels kept as labels.
 */
export function line(strings: TemplateStringsArray, ...values: Array<string | number | Lab | Line>): Line {
  const out: Line = [];
  strings.forEach((s, i) => {
    if (s) out.push(s);
    if (i >= values.length) return;
    const v = values[i]!;
    if (Array.isArray(v)) out.push(...v);
    else out.push(typeof v === 'number' ? String(v) : v);
  });
  return out;
}

/** Lines joined with a separator. */
export function joinLines(lines: readonly Line[], separator: string): Line {
  return lines.flatMap((l, i) => (i ? [separator, ...l] : l));
}

/**
 * A line drawn: each label in its `<bdi>`, the rest as text; invisible characters shown as marks
 * in both (the rest may quote the server, which quotes the files).
 */
export function lineNodes(parts: Line): DocumentFragment {
  const frag = document.createDocumentFragment();
  for (const p of parts) frag.append(typeof p === 'string' ? document.createTextNode(visible(p)) : label(p.label));
  return frag;
}

/** Several third-party texts with a separator between them. */
export function labels(texts: readonly string[], separator: string): DocumentFragment {
  const frag = document.createDocumentFragment();
  texts.forEach((t, i) => {
    if (i) frag.append(document.createTextNode(separator));
    frag.append(label(t));
  });
  return frag;
}

/** A link to a page about a term: a new tab that gets neither this page's window nor its address. */
export function linkOut(href: string, text: string): HTMLAnchorElement {
  const a = el('a', 'link-out', text);
  a.href = href;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  return a;
}
