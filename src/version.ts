import { readFileSync } from 'node:fs';

/** The package version, read once from package.json so SSSOM `mapping_tool_version` never drifts. */
export const TOOL_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
export const TOOL_NAME = 'ioa-align';
