/** `--now`: the clock a command judges validity windows by, read like every date-time (strict RFC 3339). */
import { IoaError } from '../model/errors.js';
import { readDateTime } from '../text/datetime.js';

export function parseNow(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const read = readDateTime(value);
  if (!read.ok) throw new IoaError('E_USAGE', `--now must be an RFC 3339 date-time such as 2026-06-01T00:00:00Z, got "${value}": ${read.why}`, { path: '--now' });
  return read.ms;
}
