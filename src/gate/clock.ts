/**
 * The clock a gate decision is made at, as callers give it: epoch milliseconds, a Date, or an
 * RFC 3339 date-time. One reading for `check`, `verifyArtifact` and `buildArtifact`: a value that
 * is no time at all (NaN, an Invalid Date, Infinity, null) is refused, never taken as "now" —
 * compared with NaN, an expiry check passes whatever the artifact's `validUntil`.
 */
import { IoaError } from '../model/errors.js';
import { readDateTime } from '../text/datetime.js';

/** Epoch milliseconds of `now`, or undefined when it is absent (the caller's default: the system clock). */
export function readClock(now: unknown, path = '$.now'): number | undefined {
  if (now === undefined) return undefined;
  if (typeof now === 'number') {
    if (!Number.isFinite(now)) throw new IoaError('E_USAGE', `now must be a finite epoch time, not ${now}`, { path });
    return now;
  }
  if (now instanceof Date) {
    const ms = now.getTime();
    if (Number.isNaN(ms)) throw new IoaError('E_USAGE', 'now is an invalid Date', { path });
    return ms;
  }
  if (typeof now !== 'string') throw new IoaError('E_USAGE', 'now must be epoch milliseconds, a Date or an RFC 3339 date-time', { path });
  const read = readDateTime(now);
  if (!read.ok) throw new IoaError('E_USAGE', `now must be an RFC 3339 date-time such as 2026-06-01T00:00:00Z, got "${now}": ${read.why}`, { path });
  return read.ms;
}
