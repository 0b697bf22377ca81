/** Identifiers the exchange formats mint for sets that have none (shared by readers and writers). */

/** A name-based (version 5 layout) UUID from a hex digest: the same digest, the same UUID. */
export function uuidFromHash(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
