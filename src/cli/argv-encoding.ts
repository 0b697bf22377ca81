/**
 * Command-line arguments that are not valid UTF-8. Node decodes `process.argv` as UTF-8 and puts
 * U+FFFD where bytes do not decode (`--out $'r\xe9sum\xe9.tsv'`, a Latin-1 file name), so the
 * program would write to, or look for, a file the user did not name, or carry U+FFFD into a
 * message. A U+FFFD alone does not tell: the user may have typed one. The bytes do, and Linux
 * shows them in /proc/self/cmdline; where it is not there (macOS, Windows, an embedding program
 * that passes its own argument list) nothing is refused.
 */
import { readFileSync } from 'node:fs';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** The arguments of this process, as bytes, or undefined where the system does not show them. */
function rawArguments(): Buffer[] | undefined {
  try {
    const bytes = readFileSync('/proc/self/cmdline');
    const out: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] === 0) {
        out.push(bytes.subarray(start, i));
        start = i + 1;
      }
    }
    if (start < bytes.length) out.push(bytes.subarray(start));
    return out;
  } catch {
    return undefined;
  }
}

/**
 * The first of `args` that holds U+FFFD because the process was given bytes that are not UTF-8
 * there, with the option it is the value of (`--out` for `--out X` and `--out=X`), or undefined.
 */
export function undecodableArgument(args: readonly string[]): { index: number; option?: string } | undefined {
  const suspects = args.map((a, i) => [a, i] as const).filter(([a]) => a.includes('\uFFFD'));
  if (suspects.length === 0) return undefined;
  const raw = rawArguments();
  if (raw === undefined) return undefined;
  const invalid = new Set<string>();
  for (const bytes of raw) {
    try {
      strictUtf8.decode(bytes);
    } catch {
      invalid.add(lenientUtf8.decode(bytes));
    }
  }
  for (const [arg, index] of suspects) {
    if (!invalid.has(arg)) continue;
    const inline = /^(--[^=]+)=/.exec(arg)?.[1];
    const before = args[index - 1];
    return { index, option: inline ?? (before !== undefined && before.startsWith('--') && !before.includes('=') ? before : undefined) };
  }
  return undefined;
}
