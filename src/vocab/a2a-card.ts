/**
 * A2A Agent Cards as vocabularies: each declared skill becomes a capability concept, so
 * `ioa-align propose card.json <oasf folder>` suggests OASF skills for every skill a card lists.
 *
 * Both card shapes are read:
 * - A2A 1.0: the agent's endpoints are in `supportedInterfaces[]` ({url, protocolBinding,
 *   protocolVersion}); the first entry is the preferred one.
 * - A2A 0.3: one `url` (plus `preferredTransport`, `additionalInterfaces`) and a card-level
 *   `protocolVersion`.
 * `AgentSkill` is the same in both: `id`, `name`, `description`, `tags` (required), `examples`,
 * `inputModes`, `outputModes` (optional; absent modes fall back to the card's
 * `defaultInputModes` / `defaultOutputModes`, as A2A specifies).
 *
 * A2A gives skills no IRI. ioa-align names a skill `<preferred interface url>#<skill id>` (the
 * id percent-encoded): stable for as long as the agent keeps its endpoint and its skill ids.
 * The skill's tags become related synonyms (keywords, weaker than its name), its description
 * and then its examples become definitions (weaker evidence still).
 */
import { emptyConcept, type Concept } from '../model/concept.js';
import { IoaError } from '../model/errors.js';
import { buildOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { labelKey } from '../model/ontology-index.js';
import { splitIdentifier } from '../text/identifiers.js';
import { IRI_CHARACTERS } from '../text/iri.js';
import { addLabel, addUnique, isObject, optionalString, optionalStringArray, readJsonFile, requireString, vocabError, type JsonObject } from './common.js';

/** Which card shape a file has. */
export type AgentCardShape = '1.0' | '0.3';

export interface AgentCardInfo {
  shape: AgentCardShape;
  name: string;
  /** The preferred interface URL (1.0) or `url` (0.3): the base of the skills' IRIs. */
  url: string;
  /** The agent's own version (`version`), when given. */
  version?: string;
  /** The A2A protocol version the card declares, when given. */
  protocolVersion?: string;
}

const ABSOLUTE_URL = new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*://${IRI_CHARACTERS}+$`, 'u');

/**
 * True when parsed JSON looks like an Agent Card rather than another JSON document (JSON-LD
 * ontologies have `@context`; manifests and envelopes have no `skills`).
 */
export function looksLikeAgentCard(json: unknown): boolean {
  if (!isObject(json) || '@context' in json || '@graph' in json) return false;
  return Array.isArray(json.skills) || Array.isArray(json.supportedInterfaces) || (typeof json.protocolVersion === 'string' && typeof json.url === 'string');
}

function cardInfo(card: JsonObject, file: string): AgentCardInfo {
  const name = requireString(card, 'name', file, '$');
  const version = optionalString(card, 'version', file, '$');
  let info: AgentCardInfo;
  if (card.supportedInterfaces !== undefined) {
    const interfaces = card.supportedInterfaces;
    if (!Array.isArray(interfaces) || interfaces.length === 0) {
      throw vocabError('"supportedInterfaces" must be a non-empty array (A2A 1.0: the first entry is the preferred interface)', { file, path: '$.supportedInterfaces' });
    }
    const first: unknown = interfaces[0];
    if (!isObject(first)) throw vocabError('an AgentInterface must be an object', { file, path: '$.supportedInterfaces[0]' });
    const url = requireString(first, 'url', file, '$.supportedInterfaces[0]');
    if (!ABSOLUTE_URL.test(url)) throw vocabError(`"url" ${JSON.stringify(url)} is not an absolute URL`, { file, path: '$.supportedInterfaces[0].url' });
    info = { shape: '1.0', name, url };
    const protocolVersion = optionalString(first, 'protocolVersion', file, '$.supportedInterfaces[0]');
    if (protocolVersion !== undefined) info.protocolVersion = protocolVersion;
  } else if (card.url !== undefined) {
    const url = requireString(card, 'url', file, '$');
    if (!ABSOLUTE_URL.test(url)) throw vocabError(`"url" ${JSON.stringify(url)} is not an absolute URL`, { file, path: '$.url' });
    info = { shape: '0.3', name, url };
    const protocolVersion = optionalString(card, 'protocolVersion', file, '$');
    if (protocolVersion !== undefined) info.protocolVersion = protocolVersion;
  } else {
    throw vocabError('an Agent Card needs "supportedInterfaces" (A2A 1.0) or "url" (A2A 0.3): skills are named after the agent\'s endpoint', { file, path: '$' });
  }
  if (version !== undefined) info.version = version;
  return info;
}

/** `https://agent.example/a2a/v1` + `translate doc` → `https://agent.example/a2a/v1#translate%20doc`. */
export function skillIri(baseUrl: string, skillId: string): string {
  const base = baseUrl.replace(/#.*$/, '');
  return `${base}#${encodeURIComponent(skillId)}`;
}

function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

function skillConcept(raw: unknown, i: number, info: AgentCardInfo, defaults: { inputs: string[]; outputs: string[] }, file: string): Concept {
  const at = `$.skills[${i}]`;
  if (!isObject(raw)) throw vocabError('an AgentSkill must be an object', { file, path: at });
  const id = requireString(raw, 'id', file, at);
  // A lone surrogate (legal in JSON via \ud800) has no percent-encoding and so no IRI.
  if (!wellFormed(id)) throw vocabError('"id" contains a lone surrogate and cannot become part of an IRI', { file, path: `${at}.id` });
  const name = requireString(raw, 'name', file, at);
  const description = requireString(raw, 'description', file, at);
  const tags = optionalStringArray(raw, 'tags', file, at);
  if (tags === undefined) throw vocabError('"tags" is required on an AgentSkill (keywords describing the skill)', { file, path: `${at}.tags` });
  const examples = optionalStringArray(raw, 'examples', file, at) ?? [];
  const inputs = optionalStringArray(raw, 'inputModes', file, at) ?? defaults.inputs;
  const outputs = optionalStringArray(raw, 'outputModes', file, at) ?? defaults.outputs;

  const concept = emptyConcept(skillIri(info.url, id), 'capability', id);
  addLabel(concept, name, 'caption');
  addLabel(concept, splitIdentifier(id), 'name');
  const labelKeys = new Set(concept.labels.map((l) => labelKey(l.text)));
  for (const tag of tags) {
    if (!labelKeys.has(labelKey(tag)) && !concept.synonyms.some((s) => labelKey(s.text) === labelKey(tag))) {
      concept.synonyms.push({ text: tag, kind: 'related' });
    }
  }
  addUnique(concept.definitions, description);
  for (const example of examples) addUnique(concept.definitions, example);
  for (const mode of inputs) addUnique(concept.inputs, mode);
  for (const mode of outputs) addUnique(concept.outputs, mode);
  addUnique(concept.alternativeIds, id);
  return concept;
}

/** Parse an Agent Card already read as JSON. */
export function agentCardToIndex(json: unknown, file: string): OntologyIndex {
  if (!isObject(json)) throw vocabError('an Agent Card must be a JSON object', { file, path: '$' });
  const info = cardInfo(json, file);
  const defaults = {
    inputs: optionalStringArray(json, 'defaultInputModes', file, '$') ?? [],
    outputs: optionalStringArray(json, 'defaultOutputModes', file, '$') ?? [],
  };
  const skills = json.skills;
  if (!Array.isArray(skills)) throw vocabError('"skills" must be an array of AgentSkill objects', { file, path: '$.skills' });
  if (skills.length === 0) throw new IoaError('E_EMPTY_ONTOLOGY', 'the Agent Card declares no skills: nothing to match', { file, path: '$.skills' });
  const concepts: Concept[] = [];
  const seen = new Map<string, number>();
  skills.forEach((raw: unknown, i) => {
    const concept = skillConcept(raw, i, info, defaults, file);
    const prior = seen.get(concept.iri);
    // Two skills with one id would become one concept and lose a skill silently.
    if (prior !== undefined) throw vocabError(`skill id "${concept.localName}" is also used by skills[${prior}]`, { file, path: `$.skills[${i}].id` });
    seen.set(concept.iri, i);
    concepts.push(concept);
  });
  const init: Parameters<typeof buildOntologyIndex>[0] = { source: file, concepts, iri: info.url.replace(/#.*$/, '') };
  if (info.version !== undefined) init.version = info.version;
  return buildOntologyIndex(init);
}

/** Read the card's envelope fields without building concepts (for `inspect`-like reports). */
export function agentCardInfo(json: unknown, file: string): AgentCardInfo {
  if (!isObject(json)) throw vocabError('an Agent Card must be a JSON object', { file, path: '$' });
  return cardInfo(json, file);
}

export async function loadAgentCard(file: string): Promise<OntologyIndex> {
  return agentCardToIndex(await readJsonFile(file), file);
}
