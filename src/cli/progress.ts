/**
 * Progress for long work: a single redrawn line on a terminal, nothing at all when stderr is
 * piped or in CI, so redirected output (SSSOM on stdout, logs) stays clean.
 */
import { cliIo } from './io.js';
import { escapeControls } from '../model/errors.js';

export interface Progress {
  update(done: number, total: number, note?: string): void;
  /** A step whose share done is not known (one call into a library): its label and a note, no bar. */
  status(note: string): void;
  done(note?: string): void;
}

const SILENT: Progress = { update() {}, status() {}, done() {} };

/**
 * A redrawn line cut to the terminal's width: a line that wraps is two rows, and `\r` goes back
 * to the start of the second only, leaving the first on screen at every redraw.
 */
function fit(line: string, columns: number | undefined): string {
  // A terminal that reports no size (0 columns: a pty nobody sized) is taken as 80 wide.
  const room = (columns || 80) - 1;
  const chars = [...line];
  return chars.length <= room ? line : `${chars.slice(0, Math.max(0, room - 1)).join('')}…`;
}

export function progress(rawLabel: string): Progress {
  const stream = cliIo().stderr;
  if (!stream.isTTY || process.env.CI) return SILENT;
  // Labels and notes name input files: the escape sequences below are ours, theirs are escaped.
  const label = escapeControls(rawLabel);
  let last = 0;
  let drawn = false;
  let lastNote: string | undefined;
  const columns = (): number | undefined => (stream as { columns?: number }).columns;
  return {
    update(done, total, rawNote) {
      const now = Date.now();
      // Redrawn at most every 80 ms, but a new step (its note) and the end are always shown.
      if (now - last < 80 && done < total && rawNote === lastNote) return;
      last = now;
      lastNote = rawNote;
      const note = rawNote === undefined ? undefined : escapeControls(rawNote);
      const fraction = total > 0 ? Math.min(1, done / total) : 0;
      const width = 24;
      const filled = Math.round(fraction * width);
      stream.write(`\r${fit(`${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(fraction * 100)}%${note ? ` ${note}` : ''}`, columns())}\u001b[K`);
      drawn = true;
    },
    status(rawNote) {
      last = Date.now();
      stream.write(`\r${fit(`${label} ${escapeControls(rawNote)}`, columns())}\u001b[K`);
      drawn = true;
    },
    done(rawNote) {
      const note = rawNote === undefined ? undefined : escapeControls(rawNote);
      if (drawn || note) stream.write(`\r${label}${note ? ` ${note}` : ' done'}\u001b[K\n`);
    },
  };
}
