/**
 * JSON text a serialiser never writes: a member named twice in one object, for tests of the strict
 * reader. JSON.parse keeps the last of two members, so `twice(doc, path, first)` puts `first`
 * before the document's own value — the text parses to the document itself, and only a reader
 * that refuses the duplicate can tell anything is wrong.
 */
const MARK = '\u0000twice\u0000';

/** `doc` as pretty JSON whose member at `path` (keys and indexes) is preceded by a duplicate holding `first`. */
export function twice(doc: unknown, path: readonly (string | number)[], first: unknown): string {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const name = path[path.length - 1]!;
  if (typeof name !== 'string' || !(name in parent)) throw new Error(`no member ${String(name)} at ${path.join('.')}`);
  const own = parent[name];
  parent[name] = MARK;
  const text = JSON.stringify(copy, null, 2);
  const marked = `${JSON.stringify(name)}: ${JSON.stringify(MARK)}`;
  if (text.split(marked).length !== 2) throw new Error('the mark must occur once');
  return text.replace(marked, () => `${JSON.stringify(name)}: ${JSON.stringify(first)}, ${JSON.stringify(name)}: ${JSON.stringify(own)}`);
}
