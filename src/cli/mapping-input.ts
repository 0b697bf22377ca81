/**
 * Mapping inputs that may be an alignment artifact: `convert` and `coherence` read an artifact
 * (a JSON object with `artifactId` and `mappingRules`) as its rules, one row per rule.
 */
import { readTextFile } from '../io/files.js';
import type { MappingSet } from '../model/mapping.js';
import type { ValidatedArtifact } from '../gate/artifact.js';

/**
 * The rules of an alignment artifact as a mapping set, with the artifact, when `path` is one;
 * undefined for any other file, which the mapping readers take (and report with a location).
 */
export async function readIfArtifact(path: string): Promise<{ set: MappingSet; artifact: ValidatedArtifact } | undefined> {
  if (!path.toLowerCase().endsWith('.json')) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(await readTextFile(path, { kind: 'artifact' }));
  } catch {
    return undefined; // not JSON (or unreadable, or too large for an artifact): the mapping readers report it with a location
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json) || !('mappingRules' in json) || !('artifactId' in json)) return undefined;
  const { readArtifact } = await import('../api/gate.js');
  const { artifactToMappingSet } = await import('../gate/rule-rows.js');
  const artifact = await readArtifact(path);
  return { set: artifactToMappingSet(artifact), artifact };
}
