/**
 * RFC 3339 date-times, read strictly: the one reader for every date-time ioa-align takes
 * (an artifact's `validFrom`/`validUntil`, `check --now`, `artifact verify --now`, the build's
 * `--valid-from`/`--valid-until`). `Date.parse` is not used: it rolls impossible dates forward
 * (`2026-02-30` becomes March 2) and accepts forms RFC 3339 does not define.
 *
 * Accepted: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)`, a day that exists in the
 * Gregorian calendar (leap years included), hour 00–23, minute 00–59, second 00–59, an offset up
 * to ±23:59 (`-00:00` is UTC). Decided here, so that one spelling means one instant:
 * - `T` and `Z` in upper case only (RFC 3339 permits lower case; nobody needs it, and a
 *   signed document should not have two spellings of the same bound);
 * - no leap second (`:60`): a JavaScript clock cannot represent it, and reading it as the next
 *   second is exactly the rolling forward refused above. Write `23:59:59` or the next `00:00:00`;
 * - fractions beyond milliseconds are accepted and truncated to milliseconds (the clock's unit).
 */

const FORM = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-](\d{2}):(\d{2}))$/;

export type DateTimeResult = { ok: true; ms: number } | { ok: false; why: string };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Read an RFC 3339 date-time; epoch milliseconds, or why it is not one. */
export function readDateTime(text: string): DateTimeResult {
  const m = FORM.exec(text);
  if (!m) {
    const hint = /[tz]/.test(text) && FORM.test(text.toUpperCase()) ? ' (write "T" and "Z" in upper case)' : '';
    return { ok: false, why: `not of the form YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM${hint}` };
  }
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12) return { ok: false, why: `month ${m[2]} does not exist` };
  if (day < 1 || day > daysInMonth(year, month)) return { ok: false, why: `${MONTHS[month - 1]} ${year} has no day ${m[3]}` };
  if (hour > 23) return { ok: false, why: `hour ${m[4]} is out of range (00–23)` };
  if (minute > 59) return { ok: false, why: `minute ${m[5]} is out of range (00–59)` };
  if (second === 60) return { ok: false, why: 'leap seconds (:60) are not accepted; write :59 or the next minute' };
  if (second > 59) return { ok: false, why: `second ${m[6]} is out of range (00–59)` };
  let offsetMinutes = 0;
  if (m[8] !== 'Z') {
    const oh = Number(m[9]);
    const om = Number(m[10]);
    if (oh > 23 || om > 59) return { ok: false, why: `offset ${m[8]} is out of range (at most ±23:59)` };
    offsetMinutes = (m[8]!.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  // Date.UTC reads years 0–99 as 1900–1999; set the full year separately.
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millis));
  date.setUTCFullYear(year);
  return { ok: true, ms: date.getTime() - offsetMinutes * 60_000 };
}

/** Epoch milliseconds of an RFC 3339 date-time, or `undefined` (see {@link readDateTime}). */
export function parseDateTime(text: string): number | undefined {
  const r = readDateTime(text);
  return r.ok ? r.ms : undefined;
}
