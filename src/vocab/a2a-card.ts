/**
 * A2A Agent Cards as vocabularies: each declared skill becomes a capability concept. The card
 * is one of the agent record layouts (src/vocab/records/a2a.ts has the reading rules); these are
 * the entry points that take one card.
 */
import { IoaError } from '../model/errors.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { readTextFile } from '../io/files.js';
import { parseJson } from '../text/json.js';
import { isObject, RecordFault } from './records/fields.js';
import { a2aCardLayout, readCardInfo, type AgentCardInfo } from './records/a2a.js';
import { recordsToIndex } from './records/load.js';
import { formatJsonPath } from '../text/json.js';

export { looksLikeAgentCard, skillIri, type AgentCardInfo, type AgentCardShape } from './records/a2a.js';

/** One card, already read as JSON, as an index of its skills (the first bad skill fails it). */
export async function agentCardToIndex(json: unknown, file: string): Promise<OntologyIndex> {
  if (!isObject(json)) throw new IoaError('E_VOCAB_INVALID', 'an Agent Card must be a JSON object', { file, path: '$' });
  return recordsToIndex([{ value: json, text: JSON.stringify(json, null, 1) }], file, { layout: a2aCardLayout });
}

/** Read the card's envelope fields without building concepts (for `inspect`-like reports). */
export function agentCardInfo(json: unknown, file: string): AgentCardInfo {
  try {
    return readCardInfo(json);
  } catch (error) {
    if (error instanceof RecordFault) throw new IoaError(error.code, error.message, { file, path: formatJsonPath(error.path) });
    throw error;
  }
}

export async function loadAgentCard(file: string): Promise<OntologyIndex> {
  const text = await readTextFile(file);
  const json = parseJson(text, file);
  if (!isObject(json)) throw new IoaError('E_VOCAB_INVALID', 'an Agent Card must be a JSON object', { file, path: '$' });
  return recordsToIndex([{ value: json, text }], file, { layout: a2aCardLayout });
}
