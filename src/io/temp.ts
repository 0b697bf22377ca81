/**
 * Temporary files and folders that a write is about to rename into place. While any exists, an
 * interrupt (SIGINT, SIGTERM, SIGHUP) that ends the process, or a `process.exit`, removes them
 * first, so a killed run leaves no hidden `.tmp` file beside its destination.
 *
 * The handlers are installed only while something is tracked, so a program that embeds the
 * library keeps its own signal behaviour the rest of the time. When the handler is the only
 * listener for the signal it cleans up and re-raises the signal: the process then ends the way it
 * would have without us (killed by that signal, exit status 128 + n in a shell). When the program
 * has listeners of its own, they decide what happens next, and the process goes on: `review`
 * saves its last decisions on SIGTERM, and may be in the middle of a save. Nothing is removed
 * then: the writes under way need their temporary files and the lock they hold, and each removes
 * its own when it ends or fails. Whatever is still tracked when the process exits is removed then.
 */
import { rmSync } from 'node:fs';

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const tracked = new Map<string, { folder: boolean }>();
let installed = false;

function removeAllSync(): void {
  for (const [path, { folder }] of tracked) {
    try {
      rmSync(path, { force: true, recursive: folder });
    } catch {
      // best effort: the process is ending
    }
  }
  tracked.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  // The program listens too (our own handler is one of the listeners): it goes on, and so do the
  // writes in flight; removing their files now would make them fail, and free a held lock.
  if (process.listenerCount(signal) > 1) return;
  removeAllSync();
  uninstall();
  // No other listener: behave as if nobody had listened (default action of the signal).
  process.kill(process.pid, signal);
}

const handlers = new Map<NodeJS.Signals, () => void>(SIGNALS.map((s) => [s, () => onSignal(s)]));

function install(): void {
  if (installed) return;
  installed = true;
  for (const [signal, handler] of handlers) process.on(signal, handler);
  process.on('exit', removeAllSync);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  for (const [signal, handler] of handlers) process.off(signal, handler);
  process.off('exit', removeAllSync);
}

/**
 * Track a temporary file (or, with `folder`, a folder) until the returned function is called,
 * after the rename or after removing it on failure.
 */
export function trackTemporary(path: string, options: { folder?: boolean } = {}): () => void {
  tracked.set(path, { folder: options.folder === true });
  install();
  return () => {
    tracked.delete(path);
    if (tracked.size === 0) uninstall();
  };
}

/** Paths currently tracked (for tests and diagnostics). */
export function trackedTemporaries(): string[] {
  return [...tracked.keys()];
}
