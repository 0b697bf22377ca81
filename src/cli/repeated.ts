import type { ArgDef } from 'citty';

/**
 * Mark an option as one that may be given more than once (its values read with `repeated`). Any
 * other option given twice is a usage error (args.ts): citty would keep the last value silently,
 * and `--trust a.json --trust b.json` would check against b alone. On a command's last
 * positional argument it means that argument takes every value left (read from `args._`).
 */
export function repeatable<T extends ArgDef>(def: T): T & { repeatable: true } {
  return { ...def, repeatable: true };
}

/** Whether `def` was declared with {@link repeatable}. */
export const isRepeatable = (def: ArgDef): boolean => (def as { repeatable?: unknown }).repeatable === true;

/**
 * Values of a repeatable option (`--artifact a.json --artifact b.json`, or `--artifact=a.json`).
 * citty keeps only the last value of a repeated string option, so commands that take lists read
 * them from the raw arguments.
 */
export function repeated(rawArgs: readonly string[], name: string): string[] {
  const values: string[] = [];
  const flag = `--${name}`;
  for (let i = 0; i < rawArgs.length; i++) {
    const arg = rawArgs[i]!;
    if (arg === '--') break;
    if (arg === flag && i + 1 < rawArgs.length) values.push(rawArgs[++i]!);
    else if (arg.startsWith(`${flag}=`)) values.push(arg.slice(flag.length + 1));
  }
  return values;
}
