/**
 * A2A Agent Cards: each declared skill is a record, and becomes a capability concept, so
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
 * The skill's name is a label, its description the definition (`dcterms:description`), its tags
 * its keywords and its examples its examples: description text, matched by the `description`
 * generator and never as names (a tag "documents" is not the skill's name).
 *
 * A fault in the card itself (no name, no endpoint) is `E_VOCAB_INVALID`: none of its skills can
 * be named. A fault in one skill is `E_RECORD_INVALID` for that skill alone.
 */
import type { JsonPathSegments } from '../../text/json.js';
import { splitIdentifier } from '../../text/identifiers.js';
import { IRI_CHARACTERS } from '../../text/iri.js';
import { draft, type RecordDraft } from './draft.js';
import { fault, isObject, optionalString, optionalStrings, RecordFault, requiredString, type JsonObject } from './fields.js';
import { failedUnit, type Layout, type Unit } from './units.js';

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
  if (!isObject(json) || '@graph' in json) return false;
  // A card may carry a JSON-LD @context (schema.org terms beside its own): it is still read as a
  // card when it has a card's shape, a name with skills or a protocol version with a URL — read
  // as JSON-LD it lost every skill (none of its members is a JSON-LD term).
  if ('@context' in json) return (Array.isArray(json.skills) && typeof json.name === 'string') || (typeof json.protocolVersion === 'string' && typeof json.url === 'string');
  return Array.isArray(json.skills) || Array.isArray(json.supportedInterfaces) || (typeof json.protocolVersion === 'string' && typeof json.url === 'string');
}

/**
 * The members only an Agent Card has, whatever their values: `supportedInterfaces`, or `skills`
 * beside an endpoint or protocol version. A card whose name is missing or whose skills are no
 * array is still a card, and its fault is reported (E_VOCAB_INVALID), never read as something else.
 */
export function claimsAgentCard(json: unknown): boolean {
  if (!isObject(json) || '@graph' in json) return false;
  return 'supportedInterfaces' in json || ('skills' in json && ('url' in json || 'protocolVersion' in json));
}

/** A fault of the card as a whole. */
const cardFault = (reason: string, path: JsonPathSegments, detail?: string): RecordFault =>
  new RecordFault(`A2A card: ${reason}`, `A2A card: ${detail ? `${reason}: ${detail}` : reason}`, path, 'E_VOCAB_INVALID');

/** Re-raise a field fault of the card's own members as a card fault. */
function asCardFault<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RecordFault && error.code === 'E_RECORD_INVALID') throw new RecordFault(error.reason, error.message, error.path, 'E_VOCAB_INVALID');
    throw error;
  }
}

/** Read the card's envelope: name, endpoint, versions. */
export function readCardInfo(card: unknown, path: JsonPathSegments = []): AgentCardInfo {
  if (!isObject(card)) throw cardFault('not a JSON object', path);
  return asCardFault(() => {
    const name = requiredString(card, 'name', path, 'A2A card');
    const version = optionalString(card, 'version', path, 'A2A card');
    let info: AgentCardInfo;
    if (card.supportedInterfaces !== undefined) {
      const interfaces = card.supportedInterfaces;
      if (!Array.isArray(interfaces) || interfaces.length === 0) {
        throw cardFault('"supportedInterfaces" must be a non-empty array', [...path, 'supportedInterfaces'], 'A2A 1.0: the first entry is the preferred interface');
      }
      const first: unknown = interfaces[0];
      const at: JsonPathSegments = [...path, 'supportedInterfaces', 0];
      if (!isObject(first)) throw cardFault('an AgentInterface must be an object', at);
      const url = requiredString(first, 'url', at, 'A2A card');
      if (!ABSOLUTE_URL.test(url)) throw cardFault('"url" is not an absolute URL', [...at, 'url'], JSON.stringify(url));
      info = { shape: '1.0', name, url };
      const protocolVersion = optionalString(first, 'protocolVersion', at, 'A2A card');
      if (protocolVersion !== undefined) info.protocolVersion = protocolVersion;
    } else if (card.url !== undefined) {
      const url = requiredString(card, 'url', path, 'A2A card');
      if (!ABSOLUTE_URL.test(url)) throw cardFault('"url" is not an absolute URL', [...path, 'url'], JSON.stringify(url));
      info = { shape: '0.3', name, url };
      const protocolVersion = optionalString(card, 'protocolVersion', path, 'A2A card');
      if (protocolVersion !== undefined) info.protocolVersion = protocolVersion;
    } else {
      throw cardFault('needs "supportedInterfaces" (A2A 1.0) or "url" (A2A 0.3)', path, 'skills are named after the agent\'s endpoint');
    }
    if (version !== undefined) info.version = version;
    return info;
  });
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

function skillDraft(raw: unknown, path: JsonPathSegments, info: AgentCardInfo, defaults: { inputs: string[]; outputs: string[] }): RecordDraft {
  const what = 'A2A skill';
  if (!isObject(raw)) throw fault(`${what}: not an object`, path);
  const id = requiredString(raw, 'id', path, what);
  // A lone surrogate (legal in JSON via \ud800) has no percent-encoding and so no IRI.
  if (!wellFormed(id)) throw fault(`${what}: "id" contains a lone surrogate and cannot become part of an IRI`, [...path, 'id']);
  const name = requiredString(raw, 'name', path, what);
  const description = requiredString(raw, 'description', path, what);
  const tags = optionalStrings(raw, 'tags', path, what);
  if (tags === undefined) throw fault(`${what}: "tags" missing`, [...path, 'tags'], 'A2A requires keywords describing the skill');
  const d = draft({
    iri: skillIri(info.url, id), kind: 'capability', localName: id, path,
    provenance: { format: 'a2a-skill', recordId: id, ...(info.version ? { version: info.version } : {}), ...(info.protocolVersion ? { schema: `A2A ${info.protocolVersion}` } : {}) },
  });
  d.labels.push({ text: name, source: 'caption' }, { text: splitIdentifier(id), source: 'name' });
  d.description = description;
  d.keywords.push(...tags);
  d.examples.push(...(optionalStrings(raw, 'examples', path, what) ?? []));
  d.inputs = optionalStrings(raw, 'inputModes', path, what) ?? defaults.inputs;
  d.outputs = optionalStrings(raw, 'outputModes', path, what) ?? defaults.outputs;
  d.alternativeIds.push(id);
  return d;
}

export const a2aCardLayout: Layout = {
  name: 'A2A Agent Card',
  recognises: looksLikeAgentCard,
  claims: claimsAgentCard,
  expand(card, path): Unit[] {
    let info: AgentCardInfo;
    let defaults: { inputs: string[]; outputs: string[] };
    let skills: unknown[];
    try {
      info = readCardInfo(card, path);
      const c = card as JsonObject;
      defaults = asCardFault(() => ({
        inputs: optionalStrings(c, 'defaultInputModes', path, 'A2A card') ?? [],
        outputs: optionalStrings(c, 'defaultOutputModes', path, 'A2A card') ?? [],
      }));
      if (!Array.isArray(c.skills)) throw cardFault('"skills" must be an array of AgentSkill objects', [...path, 'skills']);
      skills = c.skills;
    } catch (error) {
      // Each skill of a card is a record: a broken header loses all of them, and says so.
      const listed = Array.isArray((card as JsonObject).skills) ? ((card as JsonObject).skills as unknown[]).length : 1;
      if (error instanceof RecordFault) return [failedUnit(error, Math.max(1, listed))];
      throw error;
    }
    return skills.map((raw, i) => {
      const at: JsonPathSegments = [...path, 'skills', i];
      return { path: at, build: () => skillDraft(raw, at, info, defaults) };
    });
  },
  collection(card) {
    try {
      const info = readCardInfo(card);
      return { iri: info.url.replace(/#.*$/, ''), ...(info.version !== undefined ? { version: info.version } : {}) };
    } catch {
      return undefined;
    }
  },
};
