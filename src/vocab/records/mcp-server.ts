/**
 * MCP Registry server records (`server.json`), in both layouts found in the wild:
 *
 * - the registry's seed of May 2025 (`data/seed_2025_05_16.json`): `id` (a UUID), `name`,
 *   `description` (may be empty), `repository`, `version_detail: {version, release_date,
 *   is_latest}`, `packages[]` with snake_case members (`registry_name`, `package_arguments`);
 * - the published `server.schema.json` (2025-07-09 to 2025-12-11 and later): `$schema`, `name`,
 *   `title` (optional display name), `description` (required, non-empty), `version` (required),
 *   `repository`, `websiteUrl`, `icons`, `packages[]`, `remotes[]`, `_meta`.
 *
 * `name` is the server's reverse-DNS name with exactly one `/` (`io.github.user/weather`). The
 * registry publishes no IRI per server: ioa-align names a server
 * `https://registry.modelcontextprotocol.io/servers/<name>` (minted; the same for every version
 * of the server, whose version is kept in the provenance). Labels: `title`, then the part after
 * the `/` split into words (`mcp-server-adfin` → "mcp server adfin"). The registry's list
 * response (`{"servers": [{"server": {…}, "_meta": {…}}], "metadata": {…}}`) is read entry by entry.
 */
import type { JsonPathSegments } from '../../text/json.js';
import { splitIdentifier } from '../../text/identifiers.js';
import { draft, type RecordDraft } from './draft.js';
import { fault, isObject, optionalObject, optionalString, requiredString, type JsonObject } from './fields.js';
import { failedUnit, type Layout, type LayoutContext, type Unit } from './units.js';

export const MCP_SERVER_BASE = 'https://registry.modelcontextprotocol.io/servers/';
/** The published schema's pattern for `name`. */
const SERVER_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const SCHEMA_URL = /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/([0-9-]+)\/server\.schema\.json$/;

export const mcpServerIri = (name: string): string => `${MCP_SERVER_BASE}${name}`;

/** Words of a server's name that say it is an MCP server ("mcp-server-redis", "influxdb-mcp-server"), not what it does. */
const KIND_WORDS = /^(mcp|server)$/i;
/** Words that say what a server is written in or how it is shipped, not what it does ("mcp-server-python"). */
const MAKE_WORDS = /^(python|py|typescript|ts|javascript|js|node|nodejs|deno|go|golang|rust|java|kotlin|csharp|dotnet|php|ruby|official|sample|example|demo|remote|local|stdio|sse|http|v\d+)$/i;

/**
 * The label an MCP server name gives: its part after the `/`, split into words, without the
 * words that only say it is an MCP server. Matched as a name, "mcp server mariadb" brings OASF's
 * "Model Serving" and "Inference Serving" in for every server (agentworld-dev, default
 * generators: Hits@1 0.248 -> 0.257, recall@5 0.408 -> 0.417, the same or better on each half of
 * the records). When that part says nothing else, or only what the server is written in
 * (`io.github.inkeep/mcp-server-python`, `io.github.integration-app/mcp-server`), the product is
 * its publisher's: the last segment of the namespace ("inkeep", "integration app").
 */
export function mcpServerNameLabel(name: string): string {
  const slash = name.indexOf('/');
  const split = splitIdentifier(name.slice(slash + 1));
  const kept = split.split(' ').filter((w) => !KIND_WORDS.test(w));
  if (kept.some((w) => !MAKE_WORDS.test(w))) return kept.join(' ');
  const owner = splitIdentifier(name.slice(0, slash).split('.').pop() ?? '');
  return owner || kept.join(' ') || split;
}

const isSeed = (json: JsonObject): boolean =>
  'version_detail' in json || (Array.isArray(json.packages) && json.packages.some((p) => isObject(p) && 'registry_name' in p));

export function looksLikeMcpServer(json: unknown): boolean {
  if (!isObject(json)) return false;
  // A file that names the server schema is a server.json whatever is wrong in it: its faults
  // (a name that is no reverse-DNS name) are reported at their field, not as an unknown layout.
  if (typeof json.$schema === 'string' && SCHEMA_URL.test(json.$schema)) return true;
  if (typeof json.name !== 'string' || !json.name.includes('/')) return false;
  return isSeed(json) || 'packages' in json || 'remotes' in json || 'repository' in json || (typeof json.version === 'string' && typeof json.description === 'string');
}

/** A server's name beside what only a server.json has (its packages, remotes, seed version), whatever their values. */
const claimsMcpServer = (json: unknown): boolean =>
  isObject(json) && 'name' in json && ('packages' in json || 'remotes' in json || 'version_detail' in json);

function serverDraft(json: JsonObject, path: JsonPathSegments): RecordDraft {
  const seed = isSeed(json);
  const what = seed ? 'MCP server (2025 seed layout)' : 'MCP server';
  const name = requiredString(json, 'name', path, what);
  if (!SERVER_NAME.test(name)) throw fault(`${what}: "name" is not a reverse-DNS name with one "/"`, [...path, 'name'], JSON.stringify(name));
  // The seed left some descriptions empty; the published schema requires one.
  const description = requiredString(json, 'description', path, what, { allowEmpty: seed });
  let version: string | undefined;
  let schema: string | undefined;
  if (seed) {
    const detail = optionalObject(json, 'version_detail', path, what);
    version = detail ? optionalString(detail, 'version', [...path, 'version_detail'], what) : undefined;
  } else {
    version = requiredString(json, 'version', path, what);
    schema = optionalString(json, '$schema', path, what);
  }
  const d = draft({
    iri: mcpServerIri(name), kind: 'capability', localName: name.slice(name.indexOf('/') + 1), path,
    provenance: { format: seed ? 'mcp-server-seed-2025' : 'mcp-server', recordId: name, ...(version ? { version } : {}), ...(schema ? { schema } : {}) },
  });
  const title = seed ? undefined : optionalString(json, 'title', path, what);
  if (title) d.labels.push({ text: title, source: 'caption' });
  d.labels.push({ text: mcpServerNameLabel(name), source: 'name' });
  if (description) d.description = description;
  d.alternativeIds.push(name);
  return d;
}

/** The registry's own metadata of a list entry: `_meta["io.modelcontextprotocol.registry/official"]`. */
const OFFICIAL = 'io.modelcontextprotocol.registry/official';

/**
 * The unit of one `{server, _meta}` entry. The registry keeps a server it deleted in its list,
 * marked `status: "deleted"`: no longer published, it is left out with a counted note. A
 * `deprecated` server is still published and is read, with a note.
 */
function entryUnits(entry: JsonObject, server: unknown, where: JsonPathSegments, at: JsonPathSegments, context: LayoutContext): Unit[] {
  const official = isObject(entry._meta) ? entry._meta[OFFICIAL] : undefined;
  const status = isObject(official) && typeof official.status === 'string' ? official.status : undefined;
  const name = isObject(server) && typeof server.name === 'string' ? server.name : undefined;
  if (status === 'deleted' && name !== undefined) {
    context.note('server(s) the registry marks deleted were left out', name);
    return [];
  }
  if (status === 'deprecated' && name !== undefined) context.note('server(s) the registry marks deprecated were read', name);
  const latest = isObject(official) && typeof official.isLatest === 'boolean' ? official.isLatest : undefined;
  return [{
    path: where,
    build: () => {
      if (!isObject(server)) throw fault(where === at ? 'MCP server list: an entry is not an object' : 'MCP Registry server entry: "server" is not an object', where);
      const d = serverDraft(server, where);
      if (latest !== undefined) d.registryLatest = latest;
      return d;
    },
  }];
}

/** Every server layout's records form one collection: the registry's servers. */
const serverCollection = (): { iri: string } => ({ iri: MCP_SERVER_BASE.replace(/\/$/, '') });

/** One server.json object. */
export const mcpServerLayout: Layout = {
  name: 'MCP server.json',
  recognises: looksLikeMcpServer,
  claims: claimsMcpServer,
  expand(value, path) {
    return [{ path, build: () => serverDraft(value as JsonObject, path) }];
  },
  collection: serverCollection,
};

/**
 * One entry of the registry API's list response, `{server, _meta}`, on its own: what a client
 * that pages through the registry writes one per line, or a JSON array of them (`jq .servers`).
 */
export const mcpServerEntryLayout: Layout = {
  name: 'MCP Registry server entry',
  recognises: (value) => isObject(value) && looksLikeMcpServer(value.server) && !('name' in value),
  claims: (value) => isObject(value) && 'server' in value && '_meta' in value && !('name' in value),
  expand(value, path, context) {
    return entryUnits(value as JsonObject, (value as JsonObject).server, [...path, 'server'], path, context);
  },
  collection: serverCollection,
};

const isOpenApi = (value: JsonObject): boolean => 'openapi' in value || 'swagger' in value;

/** The registry API's list response: `servers[]` of `{server, _meta}` (or bare server objects). */
export const mcpServerListLayout: Layout = {
  name: 'MCP Registry server list',
  // An OpenAPI (or Swagger) document has a `servers` array too: its URLs, no registry servers.
  recognises: (value) => isObject(value) && Array.isArray(value.servers) && !('name' in value) && !isOpenApi(value),
  // The list response's two members; an OpenAPI document's `servers` comes without `metadata`.
  claims: (value) => isObject(value) && 'servers' in value && 'metadata' in value && !('name' in value) && !isOpenApi(value),
  expand(value, path, context: LayoutContext): Unit[] {
    const servers = (value as JsonObject).servers;
    if (!Array.isArray(servers)) return [failedUnit(fault('MCP Registry server list: "servers" is not an array', [...path, 'servers']))];
    return servers.flatMap((entry: unknown, i): Unit[] => {
      const at: JsonPathSegments = [...path, 'servers', i];
      const server = isObject(entry) && isObject(entry.server) ? entry.server : entry;
      const where = server === entry ? at : [...at, 'server'];
      return entryUnits(isObject(entry) ? entry : {}, server, where, at, context);
    });
  },
  collection: serverCollection,
};
