/**
 * What a key press does, by key and by what has the keyboard focus. The one rule that matters:
 * a decision key never changes a filter. On a focused select a letter would pick an option by
 * its first letter (`a` on "best value" chose "any", `d` on "show" chose "decided"); here a
 * letter on a select is a command or nothing, never a choice. Typing in a text field stays
 * typing. No DOM here: main.ts classifies the focused element.
 */

export type Command =
  | 'accept' | 'reject' | 'unsure'
  | 'relation-exact' | 'relation-broad' | 'relation-narrow' | 'relation-close'
  | 'prev-candidate' | 'next-candidate' | 'next-item' | 'prev-item'
  | 'undo' | 'search' | 'comment' | 'help';

export const KEYS: Readonly<Record<string, Command>> = {
  a: 'accept', r: 'reject', u: 'unsure',
  e: 'relation-exact', b: 'relation-broad', n: 'relation-narrow', c: 'relation-close',
  ArrowLeft: 'prev-candidate', h: 'prev-candidate', ArrowRight: 'next-candidate', l: 'next-candidate',
  j: 'next-item', k: 'prev-item', z: 'undo', '/': 'search', m: 'comment', '?': 'help',
};

/** The relation each relation command chooses, and whether it is an equivalence. */
export const RELATIONS: Readonly<Record<string, { predicate: string; equivalence: boolean; symbol: string }>> = {
  'relation-exact': { predicate: 'skos:exactMatch', equivalence: true, symbol: '=' },
  'relation-broad': { predicate: 'skos:broadMatch', equivalence: false, symbol: '<' },
  'relation-narrow': { predicate: 'skos:narrowMatch', equivalence: false, symbol: '>' },
  'relation-close': { predicate: 'skos:closeMatch', equivalence: true, symbol: '~' },
};

export const DECISION_OF: Readonly<Partial<Record<Command, 'accept' | 'reject' | 'unsure'>>> = { accept: 'accept', reject: 'reject', unsure: 'unsure' };

/**
 * What has the keyboard focus: a one-line text field, a multi-line one (the comment), a select,
 * an open dialog, or anything else.
 */
export type Target = 'text' | 'multiline' | 'select' | 'dialog' | 'other';

export type Outcome =
  /** Run the command (and keep the browser from acting on the key). */
  | { kind: 'command'; command: Command }
  /** Leave the key to the browser and the focused control. */
  | { kind: 'native' }
  /** Swallow it: a letter on a select that is no command must not choose an option either. */
  | { kind: 'blocked' }
  /** Enter or Escape in a one-line field, Escape in a multi-line one: leave the field and apply what was typed. */
  | { kind: 'apply' };

/**
 * The key a shortcut is looked up by. Under a layout whose letters are not Latin (Hebrew, Arabic,
 * Russian: a reviewer switches to type a search or a comment) the key on A sends `ש`, `ش` or `ф`
 * and no letter shortcut would work, silently. Such a letter counts as the Latin letter printed
 * at its position (`event.code` KeyA → `a`, and a capital → `A`, as on a Latin layout). A Latin letter, however laid out (AZERTY's `a` is on
 * KeyQ), a digit, punctuation and the named keys stay as typed.
 */
export function shortcutKey(key: string, code: string): string {
  if ([...key].length !== 1 || /^[\x00-\x7f]$/.test(key) || !/^\p{L}$/u.test(key)) return key;
  if (/\p{Script=Latin}/u.test(key)) return key;
  const position = /^Key([A-Z])$/.exec(code);
  // A capital (Shift, or Caps Lock) stays a capital, as a Latin one does: Shift+A runs nothing.
  const capital = key !== key.toLowerCase();
  return position ? (capital ? position[1]! : position[1]!.toLowerCase()) : key;
}

/** Keys a select keeps for itself: moving through its options, opening it, leaving it. */
const SELECT_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', ' ', 'Enter', 'Escape', 'Tab']);

export function interpret(key: string, target: Target, modified: boolean): Outcome {
  if (modified || target === 'dialog') return { kind: 'native' };
  if (target === 'text') return key === 'Enter' || key === 'Escape' ? { kind: 'apply' } : { kind: 'native' };
  // Enter in a comment is a new line: were it to leave the field, the rest of the sentence
  // would run as commands (`but` chooses broadMatch, then marks unsure).
  if (target === 'multiline') return key === 'Escape' ? { kind: 'apply' } : { kind: 'native' };
  if (target === 'select' && SELECT_KEYS.has(key)) return { kind: 'native' };
  const command = Object.hasOwn(KEYS, key) ? KEYS[key] : undefined;
  if (command) return { kind: 'command', command };
  // A printable character on a select would choose the option it starts.
  if (target === 'select' && [...key].length === 1) return { kind: 'blocked' };
  return { kind: 'native' };
}
