/**
 * Exit codes of the command line (DESIGN.md "Command line"). Their own module so commands can
 * set them without importing the entry point that loads the commands.
 */
export const EXIT = { ok: 0, internal: 1, invalid: 2, incompatible: 3, indeterminate: 4 } as const;
