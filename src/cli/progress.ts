/**
 * Progress for long work: a single redrawn line on a terminal, nothing at all when stderr is
 * piped or in CI, so redirected output (SSSOM on stdout, logs) stays clean.
 */
import { cliIo } from './io.js';

export interface Progress {
  update(done: number, total: number, note?: string): void;
  done(note?: string): void;
}

const SILENT: Progress = { update() {}, done() {} };

export function progress(label: string): Progress {
  const stream = cliIo().stderr;
  if (!stream.isTTY || process.env.CI) return SILENT;
  let last = 0;
  let drawn = false;
  return {
    update(done, total, note) {
      const now = Date.now();
      if (now - last < 80 && done < total) return;
      last = now;
      const fraction = total > 0 ? Math.min(1, done / total) : 0;
      const width = 24;
      const filled = Math.round(fraction * width);
      stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(fraction * 100)}%${note ? ` ${note}` : ''}\u001b[K`);
      drawn = true;
    },
    done(note) {
      if (drawn || note) stream.write(`\r${label}${note ? ` ${note}` : ' done'}\u001b[K\n`);
    },
  };
}
