/**
 * An MCP server's `tools/list` result: `{"tools": [{name, title?, description?, inputSchema,
 * outputSchema?, annotations?}], "nextCursor"?}`, bare or inside its JSON-RPC response
 * (`{"jsonrpc": "2.0", "id": …, "result": {"tools": […]}}`). Each tool is a capability: `title`
 * (or `annotations.title`) and the split `name` are its labels, `description` its definition,
 * and the titles (or names) of its input schema's properties are kept as its parameters.
 *
 * A tools/list result does not name its server, so a tool is named after the file:
 * `urn:ioa-align:mcp-tools:<file name without extension>#<tool name>` (minted; rename the file
 * and the IRIs change).
 */
import type { JsonPathSegments } from '../../text/json.js';
import { splitIdentifier } from '../../text/identifiers.js';
import { draft, type RecordDraft } from './draft.js';
import { fault, isObject, optionalObject, optionalString, requiredString } from './fields.js';
import { failedUnit, type Layout, type LayoutContext, type Unit } from './units.js';

export const mcpToolsIri = (stem: string): string => `urn:ioa-align:mcp-tools:${encodeURIComponent(stem)}`;

/** The `tools` array and where it is, for a bare result or a JSON-RPC response. */
function toolsOf(value: unknown): { tools: unknown[]; at: JsonPathSegments } | undefined {
  if (!isObject(value)) return undefined;
  if (Array.isArray(value.tools) && !('name' in value)) return { tools: value.tools, at: ['tools'] };
  if (typeof value.jsonrpc === 'string' && isObject(value.result) && Array.isArray(value.result.tools)) return { tools: value.result.tools, at: ['result', 'tools'] };
  return undefined;
}

function toolDraft(tool: unknown, path: JsonPathSegments, context: LayoutContext): RecordDraft {
  const what = 'MCP tool';
  if (!isObject(tool)) throw fault(`${what}: not an object`, path);
  const name = requiredString(tool, 'name', path, what);
  const schema = optionalObject(tool, 'inputSchema', path, what);
  if (!schema) throw fault(`${what}: "inputSchema" missing`, [...path, 'inputSchema']);
  const annotations = optionalObject(tool, 'annotations', path, what);
  const title = optionalString(tool, 'title', path, what) ?? (annotations ? optionalString(annotations, 'title', [...path, 'annotations'], what) : undefined);
  const description = optionalString(tool, 'description', path, what);
  const base = mcpToolsIri(context.stem);
  const d = draft({ iri: `${base}#${encodeURIComponent(name)}`, kind: 'capability', localName: name, path, provenance: { format: 'mcp-tool', recordId: name } });
  if (title) d.labels.push({ text: title, source: 'caption' });
  d.labels.push({ text: splitIdentifier(name), source: 'name' });
  if (description) d.description = description;
  const properties = optionalObject(schema, 'properties', [...path, 'inputSchema'], what) ?? {};
  for (const [key, property] of Object.entries(properties)) {
    const propertyTitle = isObject(property) && typeof property.title === 'string' && property.title.trim() ? property.title.trim() : key;
    d.parameters.push(propertyTitle);
  }
  d.alternativeIds.push(name);
  return d;
}

export const mcpToolsLayout: Layout = {
  name: 'MCP tools/list result',
  recognises: (value) => toolsOf(value) !== undefined,
  // `tools` (bare, or in a JSON-RPC result) whatever its value.
  claims: (value) => isObject(value) && (('tools' in value && !('name' in value)) || (typeof value.jsonrpc === 'string' && isObject(value.result) && 'tools' in value.result)),
  expand(value, path, context): Unit[] {
    const found = toolsOf(value);
    if (!found) {
      const at: JsonPathSegments = isObject(value) && 'tools' in value ? [...path, 'tools'] : [...path, 'result', 'tools'];
      return [failedUnit(fault('MCP tools/list result: "tools" is not an array', at))];
    }
    const { tools, at } = found;
    return tools.map((tool, i) => {
      const where: JsonPathSegments = [...path, ...at, i];
      return { path: where, build: () => toolDraft(tool, where, context) };
    });
  },
  collection: (_value, context) => ({ iri: mcpToolsIri(context.stem) }),
};
