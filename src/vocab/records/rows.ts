/**
 * ioa-align's neutral record row, one JSON object per record (JSON Lines, or a JSON array):
 * `{"id", "kind", "name", "description", "tags", "examples", "source"}`. `id` is the record's IRI
 * (absolute), `kind` what it is (`mcp-server`, `mcp-tool`, `a2a-skill`, `agent`), `name` its name
 * (an MCP server's reverse-DNS name, a skill's display name), `source` where it was taken from.
 * corpora/agentworld-dev holds real MCP Registry and A2A records in this layout.
 */
import type { JsonPathSegments } from '../../text/json.js';
import { localNameOf } from '../../text/identifiers.js';
import { draft, type RecordDraft } from './draft.js';
import { fault, isObject, optionalString, optionalStrings, requiredString, type JsonObject } from './fields.js';
import { mcpServerNameLabel } from './mcp-server.js';
import type { Layout } from './units.js';

export const ROW_KINDS = ['mcp-server', 'mcp-tool', 'a2a-skill', 'agent'] as const;
const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`]+$/;

function rowDraft(json: JsonObject, path: JsonPathSegments): RecordDraft {
  const what = 'record row';
  const id = requiredString(json, 'id', path, what);
  if (!ABSOLUTE_IRI.test(id)) throw fault(`${what}: "id" is not an absolute IRI`, [...path, 'id'], JSON.stringify(id));
  const kind = requiredString(json, 'kind', path, what);
  if (!(ROW_KINDS as readonly string[]).includes(kind)) throw fault(`${what}: "kind" is not one of ${ROW_KINDS.join(', ')}`, [...path, 'kind'], JSON.stringify(kind));
  const name = requiredString(json, 'name', path, what);
  // Some registry records have no description: an empty one is kept as none.
  const description = typeof json.description === 'string' ? json.description.trim() : optionalString(json, 'description', path, what);
  const origin = optionalString(json, 'source', path, what);
  const d = draft({ iri: id, kind: 'capability', localName: localNameOf(id), path, provenance: { format: 'agent-record-row', recordId: name, ...(origin ? { origin } : {}) } });
  d.labels.push(kind === 'mcp-server' && name.includes('/') ? { text: mcpServerNameLabel(name), source: 'name' } : { text: name, source: 'caption' });
  if (description) d.description = description;
  d.keywords.push(...(optionalStrings(json, 'tags', path, what) ?? []));
  d.examples.push(...(optionalStrings(json, 'examples', path, what) ?? []));
  d.alternativeIds.push(name);
  return d;
}

export const recordRowLayout: Layout = {
  name: 'record row',
  recognises: (value) => isObject(value) && typeof value.id === 'string' && typeof value.kind === 'string' && 'name' in value,
  claims: (value) => isObject(value) && 'id' in value && 'kind' in value && 'name' in value,
  expand: (value, path) => [{ path, build: () => rowDraft(value as JsonObject, path) }],
};
