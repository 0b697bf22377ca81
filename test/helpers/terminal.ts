/**
 * Progress lines stay off under CI (src/cli/progress.ts); a test about the terminal a person sees
 * takes CI out of the environment for its block and puts it back after each test.
 */
import { afterEach, beforeEach } from 'vitest';

export function asOnATerminal(): void {
  let ci: string | undefined;
  beforeEach(() => {
    ci = process.env.CI;
    delete process.env.CI;
  });
  afterEach(() => {
    if (ci !== undefined) process.env.CI = ci;
  });
}
