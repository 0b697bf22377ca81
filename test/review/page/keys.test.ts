/**
 * What a key does on the review page, by what has the keyboard focus: a letter on a focused
 * filter (a select) is a command or nothing, never a choice of option; typing in a text field is
 * typing; a select keeps its own arrow keys.
 */
import { describe, expect, it } from 'vitest';
import { interpret, KEYS, shortcutKey } from '../../../src/review/page/keys.js';

describe('review page keys', () => {
  it('decision keys on a focused select are commands, other letters are swallowed: neither chooses an option', () => {
    expect(interpret('a', 'select', false)).toEqual({ kind: 'command', command: 'accept' });
    expect(interpret('r', 'select', false)).toEqual({ kind: 'command', command: 'reject' });
    expect(interpret('d', 'select', false)).toEqual({ kind: 'blocked' });
    expect(interpret('7', 'select', false)).toEqual({ kind: 'blocked' });
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Enter', ' ', 'Tab', 'Escape']) expect([key, interpret(key, 'select', false)]).toEqual([key, { kind: 'native' }]);
  });

  it('in a text field keys type; Enter and Escape leave it and apply the search', () => {
    for (const key of ['a', 'r', 'j', '/', 'ArrowLeft', 'z']) expect([key, interpret(key, 'text', false)]).toEqual([key, { kind: 'native' }]);
    expect(interpret('Enter', 'text', false)).toEqual({ kind: 'apply' });
    expect(interpret('Escape', 'text', false)).toEqual({ kind: 'apply' });
  });

  it('in the comment (multi-line) Enter is a new line, not a way out: only Escape leaves it', () => {
    for (const key of ['Enter', 'a', 'b', 'u', 'r', ' ']) expect([key, interpret(key, 'multiline', false)]).toEqual([key, { kind: 'native' }]);
    expect(interpret('Escape', 'multiline', false)).toEqual({ kind: 'apply' });
  });

  it('elsewhere every mapped key is its command; modified keys and an open dialog are left to the browser', () => {
    for (const [key, command] of Object.entries(KEYS)) expect(interpret(key, 'other', false)).toEqual({ kind: 'command', command });
    expect(interpret('a', 'other', true)).toEqual({ kind: 'native' });
    expect(interpret('a', 'dialog', false)).toEqual({ kind: 'native' });
    expect(interpret('Escape', 'dialog', false)).toEqual({ kind: 'native' });
    expect(interpret('x', 'other', false)).toEqual({ kind: 'native' });
    // Keys named like Object.prototype members are not commands.
    expect(interpret('constructor', 'other', false)).toEqual({ kind: 'native' });
  });

  it('under a Hebrew, Arabic or Russian layout a letter key is the Latin letter of its position (event.code); Latin keys, digits and named keys are as typed', () => {
    expect(shortcutKey('ש', 'KeyA')).toBe('a');
    expect(shortcutKey('ش', 'KeyA')).toBe('a');
    expect(shortcutKey('ф', 'KeyA')).toBe('a');
    expect(shortcutKey('ך', 'KeyL')).toBe('l');
    expect(shortcutKey('к', 'KeyR')).toBe('r');
    expect(interpret(shortcutKey('ר', 'KeyR'), 'other', false)).toEqual({ kind: 'command', command: 'reject' });
    // A Latin layout other than QWERTY keeps its letters where they are printed (AZERTY's a is on KeyQ).
    expect(shortcutKey('a', 'KeyQ')).toBe('a');
    for (const [key, code] of [['ArrowLeft', 'ArrowLeft'], ['/', 'Slash'], ['?', 'Slash'], ['7', 'Digit7'], ['é', 'Digit2'], ['Enter', 'Enter']]) expect(shortcutKey(key!, code!)).toBe(key);
  });

  it('Shift with a letter decides nothing under any layout: a capital Cyrillic or Greek letter is the capital Latin one, which no shortcut uses', () => {
    expect(shortcutKey('Ф', 'KeyA')).toBe('A');
    expect(shortcutKey('Ρ', 'KeyR')).toBe('R');
    expect(interpret(shortcutKey('Ф', 'KeyA'), 'other', false)).toEqual(interpret('A', 'other', false));
    expect(interpret('A', 'other', false)).toEqual({ kind: 'native' });
    // Scripts without case (Hebrew, Arabic) have no Shift form of a letter: their letters stay lower case.
    expect(shortcutKey('ש', 'KeyA')).toBe('a');
  });
});
