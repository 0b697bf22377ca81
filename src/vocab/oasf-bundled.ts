/**
 * The OASF releases that ship with ioa-align (corpora/agents/oasf, in the package too), by the
 * schema version their records declare. Used to check and name the skills and domains an agent
 * record declares in that version.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OntologyIndex } from '../model/ontology-index.js';

/** Schema version → release folder under corpora/agents/oasf. */
export const BUNDLED_OASF_RELEASES: Readonly<Record<string, string>> = { '0.8.0': 'v0.8.0', '1.0.0': 'v1.0.4', '1.1.0': 'v1.1.1' };

/** The folder of the bundled release for `schemaVersion`, when there is one. */
export function bundledOasfFolder(schemaVersion: string): string | undefined {
  const tag = BUNDLED_OASF_RELEASES[schemaVersion];
  if (!tag) return undefined;
  // src/vocab and dist/vocab both sit two levels below the package root.
  const folder = fileURLToPath(new URL(`../../corpora/agents/oasf/${tag}`, import.meta.url));
  return existsSync(folder) ? folder : undefined;
}

const loaded = new Map<string, Promise<OntologyIndex | undefined>>();

/** The bundled release for `schemaVersion`, loaded once per process. */
export function bundledOasfRelease(schemaVersion: string): Promise<OntologyIndex | undefined> {
  let release = loaded.get(schemaVersion);
  if (!release) {
    const folder = bundledOasfFolder(schemaVersion);
    release = folder ? import('./oasf.js').then(({ loadOasf }) => loadOasf(folder)) : Promise.resolve(undefined);
    loaded.set(schemaVersion, release);
  }
  return release;
}
